-- migrations/0026_league_start_tiebreaks.sql (same columns).
alter table league add column start_fen text;
alter table league add column opening text;
alter table league add column tiebreaks text;
