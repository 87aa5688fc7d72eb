//! Catalog messages of the puzzles: a puzzle shown, answers right and
//! wrong, the daily puzzle and its settings.

use crate::i18n::{Locale, tr};

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
    tr(
        l,
        "puzzle-shown",
        &[
            ("id", id.into()),
            ("motif", motif.into()),
            ("game", game.to_string().into()),
            ("white", white.into()),
            ("black", black.into()),
            ("own", (if own { "yes" } else { "no" }).into()),
            ("color", color.into()),
            ("n", streak.into()),
            ("count", solved.into()),
        ],
    )
}

/// No puzzle for the caller.
#[must_use]
pub fn puzzle_none(l: Locale) -> String {
    tr(l, "puzzle-none", &[])
}

/// A right move that does not end the line: the opponent's reply.
#[must_use]
pub fn puzzle_right(l: Locale, san: &str, reply: &str) -> String {
    tr(
        l,
        "puzzle-right",
        &[("san", san.into()), ("reply", reply.into())],
    )
}

/// The puzzle solved: the whole line, the streak and solved count.
#[must_use]
pub fn puzzle_solved(l: Locale, id: i64, line: &str, streak: i64, solved: i64) -> String {
    tr(
        l,
        "puzzle-solved",
        &[
            ("id", id.into()),
            ("line", line.into()),
            ("n", streak.into()),
            ("count", solved.into()),
        ],
    )
}

/// A wrong answer; one more try.
#[must_use]
pub fn puzzle_wrong(l: Locale, san: &str) -> String {
    tr(l, "puzzle-wrong", &[("san", san.into())])
}

/// The second wrong answer: the solution.
#[must_use]
pub fn puzzle_failed(l: Locale, san: &str, line: &str) -> String {
    tr(
        l,
        "puzzle-failed",
        &[("san", san.into()), ("line", line.into())],
    )
}

/// Answering a puzzle that is someone else's.
#[must_use]
pub fn puzzle_not_yours(l: Locale, id: i64) -> String {
    tr(l, "puzzle-not-yours", &[("id", id.into())])
}

/// Answering a puzzle the caller already finished.
#[must_use]
pub fn puzzle_finished(l: Locale, id: i64) -> String {
    tr(l, "puzzle-finished", &[("id", id.into())])
}

/// The daily puzzle is on: its time (`18:00`) and the first post.
#[must_use]
pub fn puzzle_daily_on(l: Locale, time: &str, until: &str) -> String {
    tr(
        l,
        "puzzle-daily-on",
        &[("time", time.into()), ("until", until.into())],
    )
}

/// The daily puzzle is off.
#[must_use]
pub fn puzzle_daily_off(l: Locale) -> String {
    tr(l, "puzzle-daily-off", &[])
}

/// Only moderators turn the daily puzzle on or off.
#[must_use]
pub fn puzzle_daily_moderators(l: Locale) -> String {
    tr(l, "puzzle-daily-moderators", &[])
}

/// The daily post: the puzzle's number, side to move and theme.
#[must_use]
pub fn puzzle_daily(l: Locale, id: i64, color: &str, motif: &str) -> String {
    tr(
        l,
        "puzzle-daily",
        &[
            ("id", id.into()),
            ("color", color.into()),
            ("motif", motif.into()),
        ],
    )
}

/// Who solved the previous daily puzzle first.
#[must_use]
pub fn puzzle_daily_first(l: Locale, name: &str) -> String {
    tr(l, "puzzle-daily-first", &[("name", name.into())])
}

/// Nobody solved the previous daily puzzle.
#[must_use]
pub fn puzzle_daily_unsolved(l: Locale) -> String {
    tr(l, "puzzle-daily-unsolved", &[])
}
