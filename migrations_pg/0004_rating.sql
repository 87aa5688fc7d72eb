-- Glicko-2 ratings (see migrations/0004_rating.sql): same tables and
-- columns, bigint integers and double precision reals.
create table rating (
    community text not null,
    player_id text not null,
    player_name text not null,
    rating double precision not null,
    rd double precision not null,
    volatility double precision not null,
    games bigint not null default 0,
    wins bigint not null default 0,
    draws bigint not null default 0,
    losses bigint not null default 0,
    updated_at bigint not null,
    primary key (community, player_id)
);

create index rating_order on rating (community, rating);

alter table game add column rated bigint not null default 0;
alter table game add column white_rating_before bigint;
alter table game add column white_rating_after bigint;
alter table game add column black_rating_before bigint;
alter table game add column black_rating_after bigint;

alter table challenge add column rated bigint not null default 1;
