-- A player's daily digest: one private message a day at `hour` o'clock in
-- their time zone (`utc_offset` minutes east of UTC) listing the games
-- waiting for them, instead of a notice per move. `next_at` (ms) is when
-- the next one is due; claiming one moves it a day on.
create table notify_digest (
    platform text not null,
    user_id text not null,
    hour integer not null,
    utc_offset integer not null,
    next_at integer not null,
    primary key (platform, user_id)
);
create index notify_digest_next on notify_digest (next_at);
