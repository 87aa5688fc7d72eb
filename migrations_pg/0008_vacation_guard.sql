-- Per user and platform, for vacations (issue 35): the row a `vacation`
-- command locks while it checks the allowance and records the vacation (two
-- commands at once cannot both pass the check), and when a vacation's start
-- and early end were last announced in public (at most once an hour each).
create table vacation_guard (
    platform text not null,
    user_id text not null,
    started_notice_at bigint,
    ended_notice_at bigint,
    primary key (platform, user_id)
);
