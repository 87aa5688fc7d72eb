-- Team matches between communities: a channel creates a match of N boards
-- (`team match create`, answered with a single-use code for seven days), a
-- moderator of another community accepts it in the channel that will be
-- its side's; each side signs players up, and at the start every board is
-- a game between two people, each in a place (thread, room, console
-- channel) of their own side's channel. Points are counted from the
-- boards' games, whose results the transaction ending a game writes.
create table team_match (
    id integer primary key,
    platform text not null,
    -- The creating side: '' guild when the platform has none.
    guild text not null,
    channel text not null,
    -- The side as shown (`#red`).
    name text not null,
    creator_id text not null,
    -- Single use: the accepting side's moderator gives it.
    code text not null,
    -- The accepting side, once accepted.
    other_guild text,
    other_channel text,
    other_name text,
    boards integer not null,
    days integer not null,
    -- 1: one game per board; 2: two, colours swapped.
    rounds integer not null,
    -- 'open' (the code waits), 'signup', 'running', 'finished', 'cancelled'.
    state text not null,
    created_at bigint not null,
    accepted_at bigint,
    started_at bigint,
    ended_at bigint
);
create unique index team_match_code on team_match (code);
create index team_match_place on team_match (platform, channel);
create index team_match_other on team_match (platform, other_channel);

-- The players a side signed up: a user plays for one side of a match only.
create table team_match_player (
    match_id integer not null references team_match (id) on delete cascade,
    player_id text not null,
    player_name text not null,
    -- 0: the creating side; 1: the accepting side.
    side integer not null,
    joined_at bigint not null,
    primary key (match_id, player_id)
);

-- The games of a started match, one per board and round. On a platform
-- whose adapter opens places, a game waits without a clock at its
-- `match-<match>-<number>` placeholder until both places are open (the
-- lease as in `league_game`).
create table team_match_game (
    game_id integer primary key references game (id) on delete cascade,
    match_id integer not null references team_match (id) on delete cascade,
    number integer not null,
    board integer not null,
    round integer not null,
    bind_lease bigint,
    bind_failures integer not null default 0
);
create index team_match_game_match on team_match_game (match_id, number);

-- A game between two people in two places: where each side's player plays
-- it (the game row lives in one of them); posts go to both.
create table game_side_place (
    game_id integer not null references game (id) on delete cascade,
    -- 'white' or 'black'.
    side text not null,
    platform text not null,
    guild text not null,
    channel text not null,
    primary key (game_id, side)
);
create index game_side_place_at on game_side_place (platform, channel, game_id);
