-- Whether a user's private boards (private boards, direct messages,
-- notices) come as pictures: 'off' sends the position in words instead;
-- null or 'on' sends pictures. Public posts always keep their pictures.
alter table board_setting add column images text;
