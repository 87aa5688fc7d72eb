-- The outbox of the deadline task: a time-out or reminder claimed by one
-- process, kept until that process has posted it. A row whose lease ran out
-- (the process died between claim and post) is claimed again by another
-- process, so no announcement is lost. Numbered 0003: 0002 is the settings
-- migration.
create table announcement (
    id integer primary key,
    game_id integer not null references game (id) on delete cascade,
    -- The game's platform, so each adapter takes only its own.
    platform text not null,
    -- 'end' (time-out or abort on time) or 'reminder'.
    kind text not null,
    -- The game's ply when claimed: a reminder is stale once a move was made.
    ply integer not null,
    -- Until when the claiming process owns it (ms since the epoch).
    lease_until bigint not null,
    created_at bigint not null
);

create index announcement_lease on announcement (platform, lease_until);
