//! This area's part of the message catalog (see `service::messages`).
//!
//! Catalog messages of game summaries: the summary post, the card's lines
//! and `summary` refusals.
//!
//! The symbol before each kind of public announcement: a move,
//! a win, a draw, a reminder; catalog messages so a language may differ.

use crate::service::messages::declare::messages;
use crate::service::messages::words::san_local;

use crate::chess::Termination;
use crate::i18n::Locale;

messages! {
    /// `termination`, worded for [`termination_name`].
    fn termination_text(l, termination) = "termination";
    /// The first line of a summary.
    #[allow(clippy::too_many_arguments)]
    pub fn summary_heading(l, title: &str, white: &str, black: &str, result: &str, termination: &str, moves: &str, days: &str) = "summary-heading";
    /// `17 moves`.
    pub fn summary_moves(l, moves: usize) = "summary-moves";
    /// The card's result line for a win.
    pub fn summary_winner(l, winner: &str) = "summary-winner";
    /// The card's result line for a draw.
    pub fn summary_draw(l) = "summary-draw";
    /// The opening line of a summary.
    pub fn summary_opening(l, opening: &str) = "summary-opening";
    /// `summary-analysis-side`, worded for [`summary_analysis_side`].
    fn summary_analysis_side_text(l, player, inaccuracies, mistakes, blunders, acpl, accuracy) = "summary-analysis-side";
    /// `summary-worst`, worded for [`summary_worst`].
    fn summary_worst_text(l, number, san, player, best) = "summary-worst";
    /// A summary posted without its analysis (the engine failed): the
    /// figures follow in a post of their own.
    pub fn summary_analysis_follows(l) = "summary-analysis-follows";
    /// Other games still play from this game's start: analysis later.
    pub fn summary_analysis_after_round(l) = "summary-analysis-after-round";
    /// The first line of that later post.
    pub fn summary_analysis_later(l, id: i64) = "summary-analysis-later";
    /// An analysis cut short: it covers the moves up to move `last`.
    pub fn summary_analysis_cut(l, last: u32, total: u32) = "summary-analysis-cut";
    /// An analysis that searched the moves from move `from` on less deeply.
    pub fn summary_analysis_shallow(l, from: u32) = "summary-analysis-shallow";
    /// The label of the link to lichess's analysis board.
    pub fn summary_lichess(l) = "summary-lichess";
    /// `summary` without a finished game in the channel.
    pub fn no_finished_game_here(l) = "no-finished-game-here";
    /// `summary` of a game still being played.
    pub fn summary_game_running(l, id: i64) = "summary-game-running";
    /// `summary` of an aborted game.
    pub fn summary_aborted(l, id: i64) = "summary-aborted";
    /// `card-how`, worded for [`card_how`].
    fn card_how_text(l, termination) = "card-how";
    /// A player's accuracy on the card (`Accuracy 91.3%`); `accuracy` is
    /// already written (`91.3`).
    pub fn card_accuracy(l, accuracy: &str) = "card-accuracy";
    /// `card-duration`, worded for [`card_duration`].
    fn card_duration_text(l, unit, n) = "card-duration";
    /// The end of an aborted game: no result, not rated.
    pub fn game_aborted(l, id: i64) = "game-aborted";
    /// The symbol before a move's announcement (♟).
    pub fn announce_move(l) = "announce-move";
    /// The symbol before a win's announcement (✅).
    pub fn announce_win(l) = "announce-win";
    /// The symbol before a draw's announcement (½).
    pub fn announce_draw(l) = "announce-draw";
    /// The symbol before a reminder (⏰).
    pub fn announce_reminder(l) = "announce-reminder";
}

/// How a game ended, as a word (`checkmate`, `50-move rule`).
#[must_use]
pub fn termination_name(l: Locale, t: Termination) -> String {
    termination_text(l, t.as_str())
}

/// The worst move of the game and the engine's better one, both in the
/// reader's notation.
#[must_use]
pub fn summary_worst(l: Locale, number: &str, san: &str, player: &str, best: &str) -> String {
    summary_worst_text(l, number, san_local(l, san), player, san_local(l, best))
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
    summary_analysis_side_text(
        l,
        player,
        inaccuracies,
        mistakes,
        blunders,
        acpl,
        format!("{accuracy:.1}"),
    )
}

// The summary card.

/// How a game ended, as the card's headline ends (`by checkmate`, `on
/// time`); empty for an abort.
#[must_use]
pub fn card_how(l: Locale, t: Termination) -> String {
    card_how_text(l, t.as_str())
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
    card_duration_text(l, unit, n)
}
