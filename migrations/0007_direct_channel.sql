-- The direct-message channel a platform opened for a user (Discord's
-- `POST /users/@me/channels` answers the same channel every time; opening
-- one before every notice gets a bot rate-limited), kept across restarts.
create table direct_channel (
    platform text not null,
    user_id text not null,
    channel text not null,
    primary key (platform, user_id)
);
