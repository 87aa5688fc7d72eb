-- A community's rule for the endgame tables, set by its moderators with
-- `settings tablebase:off|claim|auto`; no row is 'off'.
create table community_tablebase (
    -- The community (a Discord server, a Matrix room, the console), as the
    -- ratings name it.
    community text primary key,
    -- 'off', 'claim' (a player may claim the tables' verdict on their
    -- turn) or 'auto' (a move into the tables ends the game).
    rule text not null
);
