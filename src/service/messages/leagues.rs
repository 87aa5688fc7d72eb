//! Catalog messages of leagues: creating, joining, leaving, starting,
//! standings, withdrawals, cancelling and the end of a league. League
//! names and player names are untrusted text, inserted as plain text.

use crate::i18n::{Locale, tr};

/// No league of this channel fits the command.
#[must_use]
pub fn league_none(l: Locale) -> String {
    tr(l, "league-none", &[])
}

/// League `id` is not one of this channel.
#[must_use]
pub fn league_none_numbered(l: Locale, id: i64) -> String {
    tr(l, "league-none-numbered", &[("id", id.into())])
}

/// The league has not started (or has ended): `withdraw` does not apply.
#[must_use]
pub fn league_not_running(l: Locale, name: &str, id: i64) -> String {
    tr(
        l,
        "league-not-running",
        &[("name", name.into()), ("id", id.into())],
    )
}

/// A league name with nothing visible in it.
#[must_use]
pub fn league_bad_name(l: Locale) -> String {
    tr(l, "league-bad-name", &[])
}

/// A league was created.
#[must_use]
pub fn league_created(
    l: Locale,
    name: &str,
    id: i64,
    by: &str,
    days: i64,
    rounds: i64,
    max: i64,
) -> String {
    tr(
        l,
        "league-created",
        &[
            ("name", name.into()),
            ("id", id.into()),
            ("by", by.into()),
            ("days", days.into()),
            ("rounds", rounds.into()),
            ("max", max.into()),
        ],
    )
}

/// When a league starts by itself.
#[must_use]
pub fn league_starts_at(l: Locale, until: &str) -> String {
    tr(l, "league-starts-at", &[("until", until.into())])
}

/// The league has all the players it takes.
#[must_use]
pub fn league_full(l: Locale, name: &str, max: i64) -> String {
    tr(
        l,
        "league-full",
        &[("name", name.into()), ("max", max.into())],
    )
}

/// The caller is in the league already.
#[must_use]
pub fn league_already_joined(l: Locale, name: &str) -> String {
    tr(l, "league-already-joined", &[("name", name.into())])
}

/// A player joined; `count` players now.
#[must_use]
pub fn league_joined(l: Locale, player: &str, name: &str, count: i64) -> String {
    tr(
        l,
        "league-joined",
        &[
            ("player", player.into()),
            ("name", name.into()),
            ("count", count.into()),
        ],
    )
}

/// The caller does not play in the league.
#[must_use]
pub fn league_not_member(l: Locale, name: &str) -> String {
    tr(l, "league-not-member", &[("name", name.into())])
}

/// A player left before the start.
#[must_use]
pub fn league_left(l: Locale, player: &str, name: &str) -> String {
    tr(
        l,
        "league-left",
        &[("player", player.into()), ("name", name.into())],
    )
}

/// Fewer than three players: the league cannot start.
#[must_use]
pub fn league_too_few(l: Locale, name: &str, count: i64) -> String {
    tr(
        l,
        "league-too-few",
        &[("name", name.into()), ("count", count.into())],
    )
}

/// At the start time, fewer than three players: the league stays open.
#[must_use]
pub fn league_start_postponed(l: Locale, name: &str, count: i64) -> String {
    tr(
        l,
        "league-start-postponed",
        &[("name", name.into()), ("count", count.into())],
    )
}

/// A game's place is taken (should not happen).
#[must_use]
pub fn league_place_busy(l: Locale, name: &str) -> String {
    tr(l, "league-place-busy", &[("name", name.into())])
}

/// The league started: `n` players, `games` games; the pairings follow.
#[must_use]
pub fn league_started(l: Locale, name: &str, id: i64, n: i64, games: i64) -> String {
    tr(
        l,
        "league-started",
        &[
            ("name", name.into()),
            ("id", id.into()),
            ("n", n.into()),
            ("games", games.into()),
        ],
    )
}

/// One pairing line: game `count` of the league.
#[must_use]
pub fn league_pairing(l: Locale, count: i64, white: &str, black: &str) -> String {
    tr(
        l,
        "league-pairing",
        &[
            ("count", count.into()),
            ("white", white.into()),
            ("black", black.into()),
        ],
    )
}

/// In a league game's place: the game started.
#[must_use]
pub fn league_game_started(
    l: Locale,
    id: i64,
    name: &str,
    white: &str,
    black: &str,
    until: &str,
) -> String {
    tr(
        l,
        "league-game-started",
        &[
            ("id", id.into()),
            ("name", name.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("until", until.into()),
        ],
    )
}

/// The head of the standings: `count` of `games` games finished.
#[must_use]
pub fn league_standings_title(l: Locale, name: &str, id: i64, count: i64, games: i64) -> String {
    tr(
        l,
        "league-standings-title",
        &[
            ("name", name.into()),
            ("id", id.into()),
            ("count", count.into()),
            ("games", games.into()),
        ],
    )
}

/// One row of the standings as text.
#[must_use]
pub fn league_standings_row(
    l: Locale,
    rank: &str,
    player: &str,
    points: &str,
    played: &str,
    left: &str,
    tiebreak: &str,
) -> String {
    tr(
        l,
        "league-standings-row",
        &[
            ("rank", rank.into()),
            ("player", player.into()),
            ("points", points.into()),
            ("played", played.into()),
            ("left", left.into()),
            ("tiebreak", tiebreak.into()),
        ],
    )
}

/// The title of the standings picture.
#[must_use]
pub fn league_standings_picture_title(l: Locale, name: &str) -> String {
    tr(
        l,
        "league-standings-picture-title",
        &[("name", name.into())],
    )
}

/// The column titles of the standings picture, separated by `|`: rank,
/// player, points, played, left, tie-break.
#[must_use]
pub fn league_standings_header(l: Locale) -> String {
    tr(l, "league-standings-header", &[])
}

/// The league was cancelled.
#[must_use]
pub fn league_cancelled(l: Locale, name: &str, by: &str) -> String {
    tr(
        l,
        "league-cancelled",
        &[("name", name.into()), ("by", by.into())],
    )
}

/// A player withdrew after playing half their games: the rest are lost.
#[must_use]
pub fn league_withdrew_forfeit(l: Locale, player: &str, name: &str) -> String {
    tr(
        l,
        "league-withdrew-forfeit",
        &[("player", player.into()), ("name", name.into())],
    )
}

/// A player withdrew before half their games: all of them are struck.
#[must_use]
pub fn league_withdrew_annulled(l: Locale, player: &str, name: &str) -> String {
    tr(
        l,
        "league-withdrew-annulled",
        &[("player", player.into()), ("name", name.into())],
    )
}

/// The league's last game ended: the winner (or winners, sharing first).
#[must_use]
pub fn league_over(l: Locale, name: &str, winner: &str) -> String {
    tr(
        l,
        "league-over",
        &[("name", name.into()), ("winner", winner.into())],
    )
}

/// `abort` in a league game.
#[must_use]
pub fn league_no_abort(l: Locale) -> String {
    tr(l, "league-no-abort", &[])
}

/// Only the creator and moderators manage a league.
#[must_use]
pub fn league_not_manager(l: Locale, creator: &str) -> String {
    tr(l, "league-not-manager", &[("creator", creator.into())])
}

/// The league has started (or ended): joining and leaving are over.
#[must_use]
pub fn league_already_started(l: Locale, name: &str) -> String {
    tr(l, "league-already-started", &[("name", name.into())])
}
