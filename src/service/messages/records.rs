//! Catalog messages of ratings and records: rating changes at the end of a
//! rated game, `stats` and `leaderboard`.

use super::super::RatingDelta;
use crate::i18n::{Locale, tr};

/// A rating change, signed (`+162`, `-12`, `±0`).
#[must_use]
pub fn rating_diff(d: RatingDelta) -> String {
    let diff = d.after - d.before;
    match diff {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => d.to_string(),
    }
}

/// Both players' ratings before and after a rated game, one line each:
/// `alice: 1500 → 1662 (+162)`.
#[must_use]
pub fn rating_changes(
    l: Locale,
    white: &str,
    w: RatingDelta,
    black: &str,
    b: RatingDelta,
) -> String {
    let line = |player: &str, d: RatingDelta| {
        tr(
            l,
            "rating-change",
            &[
                ("player", player.into()),
                ("before", d.before.into()),
                ("after", d.after.into()),
                ("diff", rating_diff(d).into()),
            ],
        )
    };
    format!("{}\n{}", line(white, w), line(black, b))
}

/// A player's rating and record (`stats`).
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn stats_rated(
    l: Locale,
    player: &str,
    rating: i64,
    provisional: bool,
    rd: i64,
    games: i64,
    wins: i64,
    draws: i64,
    losses: i64,
) -> String {
    tr(
        l,
        "stats-rated",
        &[
            ("player", player.into()),
            ("rating", rating.into()),
            ("provisional", provisional.into()),
            ("rd", rd.into()),
            ("games", games.into()),
            ("wins", wins.into()),
            ("draws", draws.into()),
            ("losses", losses.into()),
        ],
    )
}

/// `stats` of a player without rated games.
#[must_use]
pub fn stats_unrated(l: Locale, player: &str) -> String {
    tr(l, "stats-unrated", &[("player", player.into())])
}

/// The head-to-head line of `stats ... vs`.
#[must_use]
pub fn stats_vs(
    l: Locale,
    opponent: &str,
    games: i64,
    wins: i64,
    draws: i64,
    losses: i64,
) -> String {
    tr(
        l,
        "stats-vs",
        &[
            ("opponent", opponent.into()),
            ("games", games.into()),
            ("wins", wins.into()),
            ("draws", draws.into()),
            ("losses", losses.into()),
        ],
    )
}

/// Heading of `leaderboard` (says provisional ratings come last).
#[must_use]
pub fn leaderboard_heading(l: Locale) -> String {
    tr(l, "leaderboard-heading", &[])
}

/// One line of `leaderboard`.
#[must_use]
pub fn leaderboard_line(
    l: Locale,
    rank: i64,
    player: &str,
    rating: i64,
    provisional: bool,
    games: i64,
) -> String {
    tr(
        l,
        "leaderboard-line",
        &[
            ("rank", rank.into()),
            ("player", player.into()),
            ("rating", rating.into()),
            ("provisional", provisional.into()),
            ("games", games.into()),
        ],
    )
}

/// `leaderboard` with nobody rated.
#[must_use]
pub fn leaderboard_empty(l: Locale) -> String {
    tr(l, "leaderboard-empty", &[])
}

/// A player's current streak (`kind`: `win`, `draw`, `loss`).
#[must_use]
pub fn stats_streak(l: Locale, kind: &str, count: i64) -> String {
    tr(
        l,
        "stats-streak",
        &[("kind", kind.into()), ("count", count.into())],
    )
}

/// A player's best win.
#[must_use]
pub fn stats_best_win(l: Locale, opponent: &str, rating: i64, game: i64) -> String {
    tr(
        l,
        "stats-best-win",
        &[
            ("opponent", opponent.into()),
            ("rating", rating.into()),
            ("game", game.into()),
        ],
    )
}
