-- PostgreSQL twin of migrations/0017_time_bank_import.sql (same columns,
-- bigint integers): time banks and games continued from a PGN.
alter table challenge add column bank_ms bigint;
alter table challenge add column increment_ms bigint;
alter table game add column bank_cap_ms bigint;
alter table game add column increment_ms bigint;
alter table game add column white_bank_ms bigint;
alter table game add column black_bank_ms bigint;
alter table game add column bank_reminded bigint;
alter table challenge add column import_moves text;
alter table challenge add column import_tags text;
alter table game add column imported_plies bigint not null default 0;
alter table game add column import_tags text;
alter table challenge add column vacation_stops bigint not null default 1;
alter table game add column vacation_stops bigint not null default 1;
