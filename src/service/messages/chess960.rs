//! Messages of Chess960: the start position line, refused variant and
//! position options, and the heading of the Chess960 rating pool.

use crate::i18n::{Locale, tr};

/// The line naming a Chess960 game's start position number.
#[must_use]
pub fn chess960_start(l: Locale, number: u32) -> String {
    tr(l, "chess960-start", &[("number", i64::from(number).into())])
}

/// The line of a Chess960 game from a set-up position (a custom FEN).
#[must_use]
pub fn chess960_set_up(l: Locale) -> String {
    tr(l, "chess960-set-up", &[])
}

/// A `variant` that is not one the bot plays (`invalid_variant`).
#[must_use]
pub fn unknown_variant(l: Locale, given: &str) -> String {
    tr(l, "unknown-variant", &[("given", given.into())])
}

/// A `position` that is not a number from 0 to 959.
#[must_use]
pub fn chess960_bad_position(l: Locale, given: &str) -> String {
    tr(l, "chess960-bad-position", &[("given", given.into())])
}

/// A `position` with `variant:standard` (`invalid_variant`).
#[must_use]
pub fn chess960_position_standard(l: Locale) -> String {
    tr(l, "chess960-position-standard", &[])
}

/// A `position` and a `fen` together.
#[must_use]
pub fn chess960_position_and_fen(l: Locale) -> String {
    tr(l, "chess960-position-and-fen", &[])
}

/// The heading of `stats` and `leaderboard` for the Chess960 pool.
#[must_use]
pub fn chess960_ratings(l: Locale) -> String {
    tr(l, "chess960-ratings", &[])
}
