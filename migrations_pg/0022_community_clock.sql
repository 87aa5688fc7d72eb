-- A community's correspondence settings, and a league's clock: see
-- migrations/0022_community_clock.sql (same columns, bigint integers).
create table community_setting (
    community text primary key,
    leave_days bigint,
    control text,
    timeout_percent bigint
);

alter table league add column bank_ms bigint;
alter table league add column increment_ms bigint;
alter table league add column vacation_stops bigint not null default 1;
