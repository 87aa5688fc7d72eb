-- Whether a player's name shows on the spectator pages of their games:
-- 'hidden' puts "White player" or "Black player" there instead (the
-- games' channels still show the name); null or 'shown' shows it.
alter table board_setting add column page_name text;
