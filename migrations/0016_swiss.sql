-- Swiss tournaments: a league of format 'swiss' plays its rounds one after
-- another, each paired by the FIDE Dutch system when the last one ended.
-- Its games are league games whose cycle is their round; `rounds` is the
-- number of rounds (0 until the start decides it from the players).
alter table league add column format text not null default 'round_robin';
-- The rating a player had when the tournament started (or when they
-- joined it late): the initial order, by rating then name, that the
-- pairing numbers follow.
alter table league_player add column rating integer not null default 0;
-- Rounds a player of a Swiss was not paired in: 'U' the pairing-allocated
-- bye (one point), 'Z' a zero-point bye (a round before a late entry).
create table league_bye (
    league_id integer not null references league (id),
    player_id text not null,
    round integer not null,
    kind text not null,
    primary key (league_id, player_id, round)
);
