-- Team play (vote chess): a game whose sides are channels. The game row
-- lives in the channel of the challenging team, its players are the teams
-- (`team:<platform>:<channel>` ids, which no platform gives a user); the
-- rows below say where each team plays and what its members voted.

-- A team's challenge of another channel: the `challenge` row (in the
-- challenging channel, personal to the other team) does the rest.
create table team_challenge (
    challenge_id integer primary key references challenge (id) on delete cascade,
    platform text not null,
    guild text not null,
    -- The challenging channel and the challenged one.
    channel text not null,
    opponent_channel text not null,
    opponent_name text not null,
    created_at bigint not null
);
create index team_challenge_opponent on team_challenge (platform, opponent_channel);

-- Where each team of a game plays: one row per side a team holds.
create table team_side (
    game_id integer not null references game (id) on delete cascade,
    -- 'white' or 'black'.
    side text not null,
    platform text not null,
    guild text not null,
    channel text not null,
    primary key (game_id, side)
);
create index team_side_place on team_side (platform, channel, game_id);

-- The side a user votes for in a game: the first vote decides, for the
-- whole game (a user plays for one side only).
create table team_voter (
    game_id integer not null references game (id) on delete cascade,
    voter_id text not null,
    side text not null,
    primary key (game_id, voter_id)
);

-- One vote per voter and turn (`ply`: the game's ply while the vote runs),
-- changed in place until the vote closes. `seq` orders votes within a
-- game: a tie goes to the move whose first standing vote came earliest.
create table team_vote (
    game_id integer not null references game (id) on delete cascade,
    ply integer not null,
    side text not null,
    voter_id text not null,
    voter_name text not null,
    uci text not null,
    san text not null,
    seq integer not null,
    primary key (game_id, ply, voter_id)
);

-- Members a channel's moderators named: a vote closes early once every one
-- of them has voted.
create table team_member (
    platform text not null,
    channel text not null,
    user_id text not null,
    user_name text not null,
    primary key (platform, channel, user_id)
);
