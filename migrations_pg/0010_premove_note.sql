-- Conditional moves and private notes (issue 32).
--
-- `premove`: one row per game and player holding that player's queued
-- conditional lines, valid while the game stands at `ply` (the opponent to
-- move). `lines` is the tree as its leaves: lines separated by `;`, each a
-- run of UCI moves separated by spaces, starting with the opponent's
-- expected move and alternating with the owner's replies.
create table premove (
    game_id bigint not null references game (id) on delete cascade,
    player_id text not null,
    ply bigint not null,
    lines text not null,
    updated_at bigint not null,
    primary key (game_id, player_id)
);

-- `note`: one private note per game and player (the last one written).
create table note (
    game_id bigint not null references game (id) on delete cascade,
    player_id text not null,
    body text not null,
    updated_at bigint not null,
    primary key (game_id, player_id)
);
