//! Catalog messages of ratings and records: rating changes at the end of a
//! rated game, `stats` and `leaderboard`.

use crate::service::messages::declare::messages;

use super::super::RatingDelta;
use crate::i18n::Locale;

messages! {
    /// `rating-change`, worded for [`rating_changes`].
    fn rating_change_text(l, player, before, after, diff) = "rating-change";
    /// A player's rating and record (`stats`).
    #[allow(clippy::too_many_arguments)]
    pub fn stats_rated(l, player: &str, rating: i64, provisional: bool, rd: i64, games: i64, wins: i64, draws: i64, losses: i64) = "stats-rated";
    /// `stats` of a player without rated games.
    pub fn stats_unrated(l, player: &str) = "stats-unrated";
    /// The head-to-head line of `stats ... vs`.
    pub fn stats_vs(l, opponent: &str, games: i64, wins: i64, draws: i64, losses: i64) = "stats-vs";
    /// Heading of `leaderboard` (says provisional ratings come last).
    pub fn leaderboard_heading(l) = "leaderboard-heading";
    /// One line of `leaderboard`.
    pub fn leaderboard_line(l, rank: i64, player: &str, rating: i64, provisional: bool, games: i64) = "leaderboard-line";
    /// `leaderboard` with nobody rated.
    pub fn leaderboard_empty(l) = "leaderboard-empty";
    /// A player's current streak (`kind`: `win`, `draw`, `loss`).
    pub fn stats_streak(l, kind: &str, count: i64) = "stats-streak";
    /// A player's best win.
    pub fn stats_best_win(l, opponent: &str, rating: i64, game: i64) = "stats-best-win";
}

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
        rating_change_text(l, player, d.before, d.after, rating_diff(d))
    };
    format!("{}\n{}", line(white, w), line(black, b))
}
