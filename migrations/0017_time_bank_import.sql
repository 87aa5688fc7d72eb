-- Time banks and games continued from a PGN.
--
-- A bank game (`challenge ... bank:B increment:I`) keeps each side's bank
-- in milliseconds as it stood when that side's last turn ended; the bank
-- of the side to move is what is left until its deadline (deadline_at
-- minus now), so a vacation or `moretime` that moves the deadline moves
-- the bank with it. A move adds the increment, up to bank_cap_ms (the
-- bank the game started with). Null in games with days per move.
alter table challenge add column bank_ms bigint;
alter table challenge add column increment_ms bigint;
alter table game add column bank_cap_ms bigint;
alter table game add column increment_ms bigint;
alter table game add column white_bank_ms bigint;
alter table game add column black_bank_ms bigint;
-- The bank reminder already sent this turn: 24 (hours left) or 1; null
-- before the first. A bank game is reminded at 24 h and at 1 h left.
alter table game add column bank_reminded integer;

-- A challenge to continue a game read from PGN: the moves (SAN, space
-- separated) played from start_fen, and the tags kept (one `Name<TAB>value`
-- a line). The game it starts holds those moves as its first plies
-- (imported_plies of them) and the tags.
alter table challenge add column import_moves text;
alter table challenge add column import_tags text;
alter table game add column imported_plies integer not null default 0;
alter table game add column import_tags text;

-- 0 when a vacation does not stop this game's clocks (the `blitz-days`
-- preset); 1 otherwise, as before.
alter table challenge add column vacation_stops integer not null default 1;
alter table game add column vacation_stops integer not null default 1;
