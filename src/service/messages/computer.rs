//! Catalog messages of games against the computer: the start, refusals
//! when there is no engine, a move the engine owes, draw offers it declines.

use crate::i18n::{Locale, tr};

/// A game against the computer started. `engine_first`: the computer
/// moves at once (its move follows), else `to_move` (the human) is to move
/// by `until`.
#[must_use]
pub fn computer_started(
    l: Locale,
    id: i64,
    white: &str,
    black: &str,
    engine_first: bool,
    to_move: &str,
    until: &str,
) -> String {
    tr(
        l,
        "computer-started",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("engine_first", engine_first.into()),
            ("to_move", to_move.into()),
            ("until", until.into()),
        ],
    )
}

/// A level that is not 1-8.
#[must_use]
pub fn bad_level(l: Locale, given: &str) -> String {
    tr(l, "bad-level", &[("given", given.into())])
}

/// `computer` without an engine installed: how to install it.
#[must_use]
pub fn engine_unavailable(l: Locale) -> String {
    tr(l, "engine-unavailable", &[])
}

/// The engine could not answer in a running game (a move it owes, a draw
/// offer): nothing is lost; a move it owes waits and is tried again with
/// the next command in the channel.
#[must_use]
pub fn engine_no_answer(l: Locale) -> String {
    tr(l, "engine-no-answer", &[])
}

/// The computer (`by`) declines a draw offer.
#[must_use]
pub fn computer_draw_declined(l: Locale, by: &str) -> String {
    tr(l, "computer-draw-declined", &[("by", by.into())])
}
