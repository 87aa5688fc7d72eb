//! Catalog messages of game summaries: the summary post, the card's lines
//! and `summary` refusals.

use crate::chess::Termination;
use crate::i18n::{Locale, tr};

/// How a game ended, as a word (`checkmate`, `50-move rule`).
#[must_use]
pub fn termination_name(l: Locale, t: Termination) -> String {
    tr(l, "termination", &[("termination", t.as_str().into())])
}

/// The first line of a summary.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn summary_heading(
    l: Locale,
    id: i64,
    white: &str,
    black: &str,
    result: &str,
    termination: &str,
    moves: &str,
    days: &str,
) -> String {
    tr(
        l,
        "summary-heading",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("result", result.into()),
            ("termination", termination.into()),
            ("moves", moves.into()),
            ("days", days.into()),
        ],
    )
}

/// `17 moves`.
#[must_use]
pub fn summary_moves(l: Locale, moves: usize) -> String {
    tr(l, "summary-moves", &[("moves", moves.into())])
}

/// `4 days`.
#[must_use]
pub fn summary_days(l: Locale, days: i64) -> String {
    tr(l, "summary-days", &[("days", days.into())])
}

/// The card's result line for a win.
#[must_use]
pub fn summary_winner(l: Locale, winner: &str) -> String {
    tr(l, "summary-winner", &[("winner", winner.into())])
}

/// The card's result line for a draw.
#[must_use]
pub fn summary_draw(l: Locale) -> String {
    tr(l, "summary-draw", &[])
}

/// The opening line of a summary.
#[must_use]
pub fn summary_opening(l: Locale, opening: &str) -> String {
    tr(l, "summary-opening", &[("opening", opening.into())])
}

/// One side's figures from the engine.
#[must_use]
pub fn summary_analysis_side(
    l: Locale,
    player: &str,
    inaccuracies: u32,
    mistakes: u32,
    blunders: u32,
    acpl: u32,
    accuracy: f64,
) -> String {
    tr(
        l,
        "summary-analysis-side",
        &[
            ("player", player.into()),
            ("inaccuracies", inaccuracies.into()),
            ("mistakes", mistakes.into()),
            ("blunders", blunders.into()),
            ("acpl", acpl.into()),
            ("accuracy", format!("{accuracy:.1}").into()),
        ],
    )
}

/// The worst move of the game and the engine's better one.
#[must_use]
pub fn summary_worst(l: Locale, number: &str, san: &str, player: &str, best: &str) -> String {
    tr(
        l,
        "summary-worst",
        &[
            ("number", number.into()),
            ("san", san.into()),
            ("player", player.into()),
            ("best", best.into()),
        ],
    )
}

/// The label of the link to lichess's analysis board.
#[must_use]
pub fn summary_lichess(l: Locale) -> String {
    tr(l, "summary-lichess", &[])
}

/// `summary` without a finished game in the channel.
#[must_use]
pub fn no_finished_game_here(l: Locale) -> String {
    tr(l, "no-finished-game-here", &[])
}

/// `summary` of a game still being played.
#[must_use]
pub fn summary_game_running(l: Locale, id: i64) -> String {
    tr(l, "summary-game-running", &[("id", id.into())])
}

/// `summary` of an aborted game.
#[must_use]
pub fn summary_aborted(l: Locale, id: i64) -> String {
    tr(l, "summary-aborted", &[("id", id.into())])
}
