-- Per-channel settings: the language the bot speaks in a channel
-- (`/chess settings language:ru`), and the language a game started in (the
-- guild's preferred locale on Discord), for posts no command caused
-- (reminders, time-outs) in channels without a setting.

create table channel_settings (
    platform text not null,
    channel text not null,
    -- 'en', 'th', 'ru' or 'ro'.
    language text not null,
    primary key (platform, channel)
);

-- 'en', 'th', 'ru', 'ro', or null when the platform gave none.
alter table game add column locale text;
