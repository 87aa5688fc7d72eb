-- Player links: a game's player gets a private address to a playable page
-- of their game. Only the SHA-256 of the link's token is kept (a copy of
-- the database gives nobody a working link), one row per game and player:
-- asking for a new link replaces the row, so the old link stops working.
create table player_link (
    game_id integer not null,
    -- The player's platform id, as the game row names them.
    player_id text not null,
    -- Lower-case hex SHA-256 of the token.
    token_hash text not null,
    -- When the link was made (ms since the epoch).
    created_at integer not null,
    primary key (game_id, player_id)
);
create unique index player_link_token_hash on player_link (token_hash);
