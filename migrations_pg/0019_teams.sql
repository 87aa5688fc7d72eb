-- Team play (vote chess): see migrations/0019_teams.sql (same tables,
-- bigint integers).
create table team_challenge (
    challenge_id bigint primary key references challenge (id) on delete cascade,
    platform text not null,
    guild text not null,
    channel text not null,
    opponent_channel text not null,
    opponent_name text not null,
    created_at bigint not null
);
create index team_challenge_opponent on team_challenge (platform, opponent_channel);

create table team_side (
    game_id bigint not null references game (id) on delete cascade,
    side text not null,
    platform text not null,
    guild text not null,
    channel text not null,
    primary key (game_id, side)
);
create index team_side_place on team_side (platform, channel, game_id);

create table team_voter (
    game_id bigint not null references game (id) on delete cascade,
    voter_id text not null,
    side text not null,
    primary key (game_id, voter_id)
);

create table team_vote (
    game_id bigint not null references game (id) on delete cascade,
    ply bigint not null,
    side text not null,
    voter_id text not null,
    voter_name text not null,
    uci text not null,
    san text not null,
    seq bigint not null,
    primary key (game_id, ply, voter_id)
);

create table team_member (
    platform text not null,
    channel text not null,
    user_id text not null,
    user_name text not null,
    primary key (platform, channel, user_id)
);
