-- Each user's board pictures (issue 20): which side is at the bottom
-- ('auto' = the side to move, 'white', 'black') and the colour theme
-- ('brown', 'blue', 'green', 'high-contrast'); null keeps the default.
create table board_setting (
    platform text not null,
    user_id text not null,
    board_view text,
    theme text,
    primary key (platform, user_id)
);
