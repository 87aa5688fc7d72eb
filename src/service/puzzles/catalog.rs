//! Catalog messages of the puzzles: a puzzle shown, answers right and
//! wrong, the daily puzzle and its settings.

use crate::service::messages::declare::messages;

use crate::i18n::Locale;

messages! {
    /// `puzzle-shown`, worded for [`puzzle_shown`].
    fn puzzle_shown_text(l, id, motif, game, white, black, own, color, n, count) = "puzzle-shown";
    /// No puzzle for the caller.
    pub fn puzzle_none(l) = "puzzle-none";
    /// `puzzle` while a game of the community is still being analysed.
    pub fn puzzle_analysis_pending(l, id: i64) = "puzzle-analysis-pending";
    /// A right move that does not end the line: the opponent's reply.
    pub fn puzzle_right(l, san: &str, reply: &str) = "puzzle-right";
    /// The puzzle solved: the whole line, the streak and solved count.
    pub fn puzzle_solved(l, id: i64, line: &str, streak as "n": i64, solved as "count": i64) = "puzzle-solved";
    /// A wrong answer; one more try.
    pub fn puzzle_wrong(l, san: &str) = "puzzle-wrong";
    /// The second wrong answer: the solution.
    pub fn puzzle_failed(l, san: &str, line: &str) = "puzzle-failed";
    /// Answering a puzzle that is someone else's.
    pub fn puzzle_not_yours(l, id: i64) = "puzzle-not-yours";
    /// Answering a puzzle the caller already finished.
    pub fn puzzle_finished(l, id: i64) = "puzzle-finished";
    /// The daily puzzle is on: its time (`18:00`) and the first post.
    pub fn puzzle_daily_on(l, time: &str, until: &str) = "puzzle-daily-on";
    /// The daily puzzle is off.
    pub fn puzzle_daily_off(l) = "puzzle-daily-off";
    /// Only moderators turn the daily puzzle on or off.
    pub fn puzzle_daily_moderators(l) = "puzzle-daily-moderators";
    /// The daily post: the puzzle's number, side to move and theme.
    pub fn puzzle_daily(l, id: i64, color: &str, motif: &str) = "puzzle-daily";
    /// Who solved the previous daily puzzle first.
    pub fn puzzle_daily_first(l, name: &str) = "puzzle-daily-first";
    /// Nobody solved the previous daily puzzle.
    pub fn puzzle_daily_unsolved(l) = "puzzle-daily-unsolved";
}

/// A puzzle for the caller: its number, theme (`mate`, `material`,
/// `advantage`), source game and players, whether it was the caller's own
/// chance, the side to move, and the caller's streak and solved count.
#[must_use]
#[allow(clippy::too_many_arguments)]
pub fn puzzle_shown(
    l: Locale,
    id: i64,
    motif: &str,
    game: i64,
    white: &str,
    black: &str,
    own: bool,
    color: &str,
    streak: i64,
    solved: i64,
) -> String {
    puzzle_shown_text(
        l,
        id,
        motif,
        game.to_string(),
        white,
        black,
        if own { "yes" } else { "no" },
        color,
        streak,
        solved,
    )
}
