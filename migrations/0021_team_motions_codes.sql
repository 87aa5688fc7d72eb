-- A team's votes on what is not a move: `draw` (offer, or accept the
-- other side's offer), `resign` and `takeback` (ask to take back the
-- team's last move, or accept the other side's request). One row per voter,
-- turn (`ply`, as in `team_vote`) and kind; a motion passes with a
-- majority of that turn's voters.
create table team_motion (
    game_id integer not null references game (id) on delete cascade,
    ply integer not null,
    side text not null,
    voter_id text not null,
    kind text not null,
    primary key (game_id, ply, voter_id, kind)
);

-- A team's challenge of another community: the short code `team challenge`
-- answers, which a moderator elsewhere gives with `team accept code:` in the
-- channel that will play. Single use (`used_at`), for seven days.
create table team_code (
    code text primary key,
    platform text not null,
    guild text not null,
    channel text not null,
    -- The challenging team as shown (`#red`).
    name text not null,
    days integer not null,
    -- 'white', 'black' or 'random': the challenging team's colour.
    color text not null,
    rules text not null,
    fen text,
    created_at bigint not null,
    used_at bigint
);
create index team_code_place on team_code (platform, channel);
create index team_code_guild on team_code (platform, guild);
