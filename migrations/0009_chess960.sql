-- Chess960 (issue 33): the variant a game or challenge plays and, for a
-- game from one of the 960 numbered start positions, its number (0-959,
-- Scharnagl's numbering). Standard games keep 'standard' and a null
-- position. A 960 game's start_fen is its X-FEN; a 960 challenge keeps
-- start_fen null unless a custom FEN was given (then never rated).
-- Chess960 ratings are a pool of their own in the rating table: rows whose
-- community is the standard one followed by ':chess960'.
alter table game add column variant text not null default 'standard';
alter table game add column start_position integer;

alter table challenge add column variant text not null default 'standard';
alter table challenge add column start_position integer;
