-- Spectator pages: see migrations/0018_spectators.sql (same columns,
-- bigint integers).
alter table game add column watch_token text;
create unique index game_watch_token on game (watch_token);
alter table league add column watch_token text;
create unique index league_watch_token on league (watch_token);

create table spectator_setting (
    community text primary key,
    pages bigint not null
);
