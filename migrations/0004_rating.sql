-- Glicko-2 ratings per community (a Discord server; all of Matrix; the
-- console), updated in the transaction that finishes a rated game, and the
-- ratings each player of a rated game had before and after it.
create table rating (
    -- 'discord:<guild id>', 'matrix', 'console'.
    community text not null,
    player_id text not null,
    -- The name at the player's last rated game, for leaderboards.
    player_name text not null,
    rating real not null,
    rd real not null,
    volatility real not null,
    games integer not null default 0,
    wins integer not null default 0,
    draws integer not null default 0,
    losses integer not null default 0,
    updated_at bigint not null,
    primary key (community, player_id)
);

create index rating_order on rating (community, rating);

-- 1 when the game counts for ratings (the challenge said so and the game
-- started from the standard position).
alter table game add column rated integer not null default 0;
-- Rounded ratings before and after a rated game; null otherwise.
alter table game add column white_rating_before integer;
alter table game add column white_rating_after integer;
alter table game add column black_rating_before integer;
alter table game add column black_rating_after integer;

alter table challenge add column rated integer not null default 1;
