-- migrations/0016_swiss.sql (same columns, bigint integers).
alter table league add column format text not null default 'round_robin';
alter table league_player add column rating bigint not null default 0;
create table league_bye (
    league_id bigint not null references league (id),
    player_id text not null,
    round bigint not null,
    kind text not null,
    primary key (league_id, player_id, round)
);
