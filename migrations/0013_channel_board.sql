-- The side a channel's game pictures show at the bottom (issue 29):
-- 'white' or 'black', chosen with `settings board:` in the channel by the
-- players of its game or moderators; no row means White.
create table channel_board (
    platform text not null,
    channel text not null,
    board_view text not null,
    primary key (platform, channel)
);
