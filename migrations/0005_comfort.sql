-- Correspondence comforts (issue 17): vacations, more time, the expiry of
-- unanswered challenges, and where a player's turn notices go.

-- One vacation of a player on a platform: their clocks stop from
-- started_at to ends_at (moved to the moment it ended when `vacation
-- days:0` ends it early). `days` is what it counts against the allowance
-- (30 days in any 365): the days asked for, or the days begun when ended
-- early.
create table vacation (
    id integer primary key,
    platform text not null,
    user_id text not null,
    started_at bigint not null,
    ends_at bigint not null,
    days integer not null
);

create index vacation_user on vacation (platform, user_id, started_at);

-- Extra days given in a game (`moretime`), counted by the giver's colour.
alter table game add column white_moretime integer not null default 0;
alter table game add column black_moretime integer not null default 0;

-- The outbox of challenge expiries, as `announcement` is for games: the
-- challenge is marked 'expired' and its row inserted in one transaction;
-- the claiming process posts it and deletes the row; a row whose lease
-- ran out is posted by another process.
create table challenge_announcement (
    id integer primary key,
    challenge_id integer not null references challenge (id) on delete cascade,
    platform text not null,
    lease_until bigint not null,
    created_at bigint not null
);

create index challenge_announcement_lease on challenge_announcement (platform, lease_until);
create index challenge_open_age on challenge (created_at) where status = 'open';

-- Where a player's "your move" notices and reminders go: 'dm', 'channel'
-- (the default, as when no row exists) or 'off'.
create table notify_setting (
    platform text not null,
    user_id text not null,
    target text not null,
    primary key (platform, user_id)
);
