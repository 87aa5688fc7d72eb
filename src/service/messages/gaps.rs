//! Messages of this round's gap closing: Chess960 leagues (issue 33) and
//! the symbol before each kind of announcement (issue 29).

use crate::i18n::{Locale, tr};

/// The line of a league's creation saying its games are Chess960;
/// `rounds` 2 adds that both games of a pair share their position.
#[must_use]
pub fn league_chess960(l: Locale, rounds: i64) -> String {
    tr(l, "league-chess960", &[("rounds", rounds.into())])
}

// ---- gaps: a symbol per kind of announcement (issue 29)

/// The symbol before a move's announcement (♟).
#[must_use]
pub fn announce_move(l: Locale) -> String {
    tr(l, "announce-move", &[])
}

/// The symbol before a win's announcement (✅).
#[must_use]
pub fn announce_win(l: Locale) -> String {
    tr(l, "announce-win", &[])
}

/// The symbol before a draw's announcement (½).
#[must_use]
pub fn announce_draw(l: Locale) -> String {
    tr(l, "announce-draw", &[])
}

/// The symbol before a reminder (⏰).
#[must_use]
pub fn announce_reminder(l: Locale) -> String {
    tr(l, "announce-reminder", &[])
}
