-- A community's correspondence settings, set by its moderators with
-- `settings leave:30|45 control:NAME timeouts:P`; no row, or a null
-- column, is the default.
create table community_setting (
    -- The community (a Discord server, a Matrix room, the console), as the
    -- ratings name it.
    community text primary key,
    -- Days of leave (vacation) a player may take in a calendar year: 30
    -- or 45; null: 30.
    leave_days integer,
    -- The time control of a challenge that names none: 'daily', 'iccf' or
    -- 'blitz-days'; null: days per move.
    control text,
    -- Refuse new rated challenges from a player who timed out of more than
    -- this percentage of their recent finished games; null: never.
    timeout_percent integer
);

-- A league's or a Swiss tournament's clock, for every game it starts:
-- the bank and increment (milliseconds) when it runs on a time bank, and
-- 0 when a vacation does not stop its clocks (the `blitz-days` preset).
alter table league add column bank_ms bigint;
alter table league add column increment_ms bigint;
alter table league add column vacation_stops integer not null default 1;
