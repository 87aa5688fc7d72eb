-- Chess960 (see migrations/0009_chess960.sql): same columns, bigint
-- integers.
alter table game add column variant text not null default 'standard';
alter table game add column start_position bigint;

alter table challenge add column variant text not null default 'standard';
alter table challenge add column start_position bigint;
