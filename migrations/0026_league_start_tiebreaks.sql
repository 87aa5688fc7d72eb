-- A league's fixed start and a Swiss's tie-break order. `start_fen`: the
-- position every game of the league starts from (null: the standard start,
-- or for Chess960 the positions drawn per pairing or per round);
-- `opening`: the table line it came from, as shown (`C60 Ruy Lopez`), null
-- for a FEN given as such; `tiebreaks`: the creator's order of a Swiss's
-- tie-breaks, comma-separated codes (null: the default order).
alter table league add column start_fen text;
alter table league add column opening text;
alter table league add column tiebreaks text;
