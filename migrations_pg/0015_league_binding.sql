-- Binding a league game to a real place: see
-- migrations/0015_league_binding.sql (same columns, bigint integers).
alter table league_game add column bind_lease bigint;
alter table league_game add column bind_failures bigint not null default 0;
