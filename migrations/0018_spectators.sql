-- Spectator pages: a game or a league gets an unguessable token the first
-- time a link to its page is made (never its number, which anyone can
-- count through), and a community may turn its pages off.
alter table game add column watch_token text;
create unique index game_watch_token on game (watch_token);
alter table league add column watch_token text;
create unique index league_watch_token on league (watch_token);

create table spectator_setting (
    -- The community (a Discord server, a Matrix room, the console), as the
    -- ratings name it.
    community text primary key,
    -- 1: pages served (the default, when no row), 0: off.
    pages integer not null
);
