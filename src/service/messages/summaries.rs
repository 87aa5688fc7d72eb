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

// ---- pics: the summary card

/// How a game ended, as the card's headline ends (`by checkmate`, `on
/// time`); empty for an abort.
#[must_use]
pub fn card_how(l: Locale, t: Termination) -> String {
    tr(l, "card-how", &[("termination", t.as_str().into())])
}

/// A player's accuracy on the card (`Accuracy 91.3%`); `accuracy` is
/// already written (`91.3`).
#[must_use]
pub fn card_accuracy(l: Locale, accuracy: &str) -> String {
    tr(l, "card-accuracy", &[("accuracy", accuracy.into())])
}

/// How long a game took, in words that fit its length: `in 12 minutes`,
/// `in 5 hours`, `over 9 days`, from its span in milliseconds.
#[must_use]
pub fn card_duration(l: Locale, span_ms: i64) -> String {
    let minutes = (span_ms.max(0) + 59_999) / 60_000;
    let (unit, n) = if minutes < 60 {
        ("minutes", minutes.max(1))
    } else if minutes < 48 * 60 {
        ("hours", (minutes + 30) / 60)
    } else {
        ("days", (minutes + 12 * 60) / (24 * 60))
    };
    tr(
        l,
        "card-duration",
        &[("unit", unit.into()), ("n", n.into())],
    )
}

// ---- pics: aborted games

/// The end of an aborted game: no result, not rated.
#[must_use]
pub fn game_aborted(l: Locale, id: i64) -> String {
    tr(l, "game-aborted", &[("id", id.into())])
}
