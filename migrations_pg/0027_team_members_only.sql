-- migrations/0027_team_members_only.sql (same columns).
create table team_rule (
    platform text not null,
    channel text not null,
    members_only bigint not null default 0,
    primary key (platform, channel)
);
