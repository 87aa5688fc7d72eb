-- Issue 35 / 29: a finished game's analysis, computed once by the engine
-- and stored, so every summary of the game (the first one and each
-- `summary` later) shows the same figures. `analysis` is JSON (see
-- src/store/summaries.rs). The end-of-game summary itself goes through the
-- `announcement` outbox (kind 'summary'), recorded in the transaction that
-- ends the game.
create table game_analysis (
    game_id integer primary key references game (id) on delete cascade,
    analysis text not null,
    created_at bigint not null
);
