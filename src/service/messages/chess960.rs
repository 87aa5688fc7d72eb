//! Messages of Chess960: the start position line, refused variant and
//! position options, and the heading of the Chess960 rating pool.

use crate::i18n::Locale;

messages! {
    /// `chess960-start`, worded for [`chess960_start`].
    fn chess960_start_text(l, number) = "chess960-start";
    /// The line of a Chess960 game from a set-up position (a custom FEN).
    pub fn chess960_set_up(l) = "chess960-set-up";
    /// A `variant` that is not one the bot plays (`invalid_variant`).
    pub fn unknown_variant(l, given: &str) = "unknown-variant";
    /// A `position` that is not a number from 0 to 959.
    pub fn chess960_bad_position(l, given: &str) = "chess960-bad-position";
    /// A `position` with `variant:standard` (`invalid_variant`).
    pub fn chess960_position_standard(l) = "chess960-position-standard";
    /// A `position` and a `fen` together.
    pub fn chess960_position_and_fen(l) = "chess960-position-and-fen";
    /// The heading of `stats` and `leaderboard` for the Chess960 pool.
    pub fn chess960_ratings(l) = "chess960-ratings";
}

/// The line naming a Chess960 game's start position number.
#[must_use]
pub fn chess960_start(l: Locale, number: u32) -> String {
    chess960_start_text(l, i64::from(number))
}
