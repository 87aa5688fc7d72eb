-- Leagues (issue 31): round robins of correspondence games in a channel.
-- A league's standings are computed from its games' results (the game row,
-- written in the transaction that ends the game), so a result counts
-- exactly once however many processes share the database.
create table league (
    id integer primary key,
    platform text not null,
    -- '' when the platform has no guild/server (console, DMs).
    guild text not null,
    channel text not null,
    -- User text, at most 64 characters, shown as plain text.
    name text not null,
    creator_id text not null,
    creator_name text not null,
    days integer not null,
    -- 1: each pair plays once; 2: twice, colours swapped.
    rounds integer not null,
    max_players integer not null,
    rated integer not null,
    rules text not null,
    -- When the league starts by itself (with at least 3 players); null:
    -- by `league start` only.
    starts_at bigint,
    -- 'open', 'running', 'finished', 'cancelled'.
    state text not null,
    created_at bigint not null,
    started_at bigint,
    ended_at bigint
);

create index league_place on league (platform, guild, channel, state);
create index league_starts on league (starts_at) where state = 'open';

create table league_player (
    league_id integer not null references league (id),
    player_id text not null,
    player_name text not null,
    -- Join order, from 1: the player's number in the pairing table.
    seat integer not null,
    joined_at bigint not null,
    -- After a withdrawal: 'forfeit' (the unplayed games were lost) or
    -- 'annulled' (all the player's games were struck from the table).
    withdrawal text,
    primary key (league_id, player_id)
);

create table league_game (
    league_id integer not null references league (id),
    -- The game's number in its league, from 1 (its place is
    -- `league-<league>-<number>` until an adapter moves it).
    number integer not null,
    game_id integer not null references game (id),
    -- 1, or 2 for the second cycle of a double round robin.
    cycle integer not null,
    -- 1 when a withdrawal struck the game from the table.
    annulled integer not null default 0,
    primary key (league_id, number)
);

create unique index league_game_game on league_game (game_id);
