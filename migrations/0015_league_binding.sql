-- Binding a league game to a real place (a Discord thread, a Matrix room)
-- is durable work: a game waiting for its place has no clock (deadline_at
-- null) and stays at its `league-<league>-<number>` placeholder until one
-- process claims it (bind_lease: the claim runs out at this time, so a
-- process that died mid-claim leaves the game to the next one), opens the
-- place and moves the game there, starting its clock in the same update.
-- bind_failures counts the places that could not be opened, so the
-- league's channel is told once, not on every retry.
alter table league_game add column bind_lease bigint;
alter table league_game add column bind_failures integer not null default 0;
