-- Player links: see migrations/0030_player_links.sql (same columns,
-- bigint integers).
create table player_link (
    game_id bigint not null,
    player_id text not null,
    token_hash text not null,
    created_at bigint not null,
    primary key (game_id, player_id)
);
create unique index player_link_token_hash on player_link (token_hash);
