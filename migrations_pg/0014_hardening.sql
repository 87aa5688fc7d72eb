-- A finished game's analysis, computed once (see
-- migrations/0014_hardening.sql): same table and columns, bigint integers.
create table game_analysis (
    game_id bigint primary key references game (id) on delete cascade,
    analysis text not null,
    created_at bigint not null
);
