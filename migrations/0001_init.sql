-- chessbot schema: games, their moves, and challenges.
-- Portable SQL where it costs nothing (SQLite now, PostgreSQL later):
-- lower-case, singular table names, chess data as FEN/UCI/SAN text,
-- times as integer milliseconds since the Unix epoch (UTC).

create table game (
    id integer primary key,
    platform text not null,
    -- '' when the platform has no guild/server (console, DMs).
    guild text not null,
    channel text not null,
    white_id text not null,
    white_name text not null,
    black_id text not null,
    black_name text not null,
    start_fen text not null,
    rules text not null,
    days integer not null,
    -- 'active' or 'finished'.
    status text not null,
    -- PGN result token and termination name once finished.
    result text,
    termination text,
    -- Number of moves played; the source of truth is the move table.
    ply integer not null default 0,
    -- Cached current FEN, for listings only.
    fen text not null,
    -- 'white' / 'black': whose draw offer or takeback request stands.
    draw_offer text,
    takeback_offer text,
    -- Correspondence deadline of the player to move, and the reminder time
    -- (null once the reminder of this turn has been claimed).
    deadline_at bigint,
    remind_at bigint,
    created_at bigint not null,
    updated_at bigint not null,
    ended_at bigint
);

-- At most one active game per channel, enforced by the database.
create unique index game_active_channel on game (platform, guild, channel)
    where status = 'active';
create index game_deadline on game (deadline_at) where status = 'active';
create index game_place on game (platform, guild, channel, id);
create index game_white on game (white_id);
create index game_black on game (black_id);

create table move (
    game_id integer not null references game (id) on delete cascade,
    -- 1 for the first move of the game.
    ply integer not null,
    uci text not null,
    san text not null,
    played_at bigint not null,
    primary key (game_id, ply)
);

create table challenge (
    id integer primary key,
    platform text not null,
    guild text not null,
    channel text not null,
    challenger_id text not null,
    challenger_name text not null,
    -- null for an open challenge anyone in the channel may accept.
    opponent_id text,
    opponent_name text,
    -- The challenger's colour: 'white', 'black' or 'random'.
    color text not null,
    days integer not null,
    start_fen text,
    rules text not null,
    -- 'open', 'accepted', 'declined', 'cancelled'.
    status text not null,
    game_id integer references game (id),
    created_at bigint not null
);

-- At most one open challenge per channel.
create unique index challenge_open_channel on challenge (platform, guild, channel)
    where status = 'open';
