-- Puzzles from the players' own games (issue 32): positions of analysed,
-- finished games where the player to move had one clearly winning move,
-- who has tried them, and the daily puzzle of a channel.

create table puzzle (
    id integer primary key,
    game_id integer not null references game (id) on delete cascade,
    -- The ply of the move to find (1 for the game's first move).
    ply integer not null,
    platform text not null,
    guild text not null,
    -- The community of the source game (as ratings scope it).
    community text not null,
    fen text not null,
    -- The move that led to the position (UCI) and the position before it,
    -- for the board's highlight.
    last_uci text,
    before_fen text,
    -- The solution: the solver's moves with the replies between them,
    -- space-separated.
    solution_uci text not null,
    solution_san text not null,
    -- 'mate', 'material' or 'advantage'.
    theme text not null,
    white_id text not null,
    white_name text not null,
    black_id text not null,
    black_name text not null,
    -- The player to move in the source game, and whether they missed it.
    solver_id text not null,
    missed integer not null,
    created_at bigint not null,
    unique (game_id, ply)
);

create index puzzle_community on puzzle (community, id);
create index puzzle_by_solver on puzzle (solver_id);

-- A game whose puzzles were looked for: at most once per game.
create table puzzle_scan (
    game_id integer primary key references game (id) on delete cascade,
    puzzles integer not null,
    scanned_at bigint not null
);

-- A player's puzzle record and the puzzle they are solving.
create table puzzle_solver (
    platform text not null,
    user_id text not null,
    streak integer not null default 0,
    solved integer not null default 0,
    current_puzzle integer references puzzle (id) on delete set null,
    current_since bigint,
    primary key (platform, user_id)
);

-- One player's try at one puzzle: the solver's moves found so far and the
-- wrong answers; 'open', 'solved' or 'failed'.
create table puzzle_attempt (
    puzzle_id integer not null references puzzle (id) on delete cascade,
    platform text not null,
    user_id text not null,
    user_name text not null,
    step integer not null default 0,
    misses integer not null default 0,
    state text not null,
    started_at bigint not null,
    finished_at bigint,
    primary key (puzzle_id, platform, user_id)
);

-- The daily puzzle of a channel: posted at `hour` UTC, next at `next_at`.
create table puzzle_daily (
    id integer primary key,
    platform text not null,
    guild text not null,
    channel text not null,
    community text not null,
    hour integer not null,
    enabled integer not null,
    next_at bigint,
    updated_at bigint not null,
    unique (platform, channel)
);

create index puzzle_daily_next on puzzle_daily (next_at) where enabled = 1;

-- One daily post: at most one per channel and day.
create table puzzle_post (
    id integer primary key,
    daily_id integer not null references puzzle_daily (id) on delete cascade,
    platform text not null,
    puzzle_id integer not null references puzzle (id) on delete cascade,
    -- The UTC day it is for (YYYY-MM-DD).
    day text not null,
    created_at bigint not null,
    unique (daily_id, day)
);

-- The outbox of daily posts (see 0003_announcement.sql).
create table puzzle_announcement (
    id integer primary key,
    puzzle_post_id integer not null references puzzle_post (id) on delete cascade,
    platform text not null,
    lease_until bigint not null,
    created_at bigint not null
);

create index puzzle_announcement_lease on puzzle_announcement (platform, lease_until);
