-- A team's votes on what is not a move: see migrations/0021_team_motions_codes.sql
-- (same tables, bigint integers).
create table team_motion (
    game_id bigint not null references game (id) on delete cascade,
    ply bigint not null,
    side text not null,
    voter_id text not null,
    kind text not null,
    primary key (game_id, ply, voter_id, kind)
);

create table team_code (
    code text primary key,
    platform text not null,
    guild text not null,
    channel text not null,
    name text not null,
    days bigint not null,
    color text not null,
    rules text not null,
    fen text,
    created_at bigint not null,
    used_at bigint
);
create index team_code_place on team_code (platform, channel);
create index team_code_guild on team_code (platform, guild);
