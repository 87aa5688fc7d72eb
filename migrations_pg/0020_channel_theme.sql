-- The piece and square colours of a channel's public game pictures,
-- chosen with `settings theme:` in the channel (a user's own theme is for
-- the pictures sent to them alone); no row means the default theme.
create table channel_theme (
    platform text not null,
    channel text not null,
    theme text not null,
    primary key (platform, channel)
);
