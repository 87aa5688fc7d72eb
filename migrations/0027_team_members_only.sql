-- A team's rule on who speaks for it: with `members_only` set (`team
-- members only:on`), only the channel's named members vote and move
-- motions for its side; anyone in the channel otherwise.
create table team_rule (
    platform text not null,
    channel text not null,
    members_only bigint not null default 0,
    primary key (platform, channel)
);
