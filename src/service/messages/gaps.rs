//! Messages of this round's gap closing: Chess960 leagues (issue 33).

use crate::i18n::{Locale, tr};

/// The line of a league's creation saying its games are Chess960;
/// `rounds` 2 adds that both games of a pair share their position.
#[must_use]
pub fn league_chess960(l: Locale, rounds: i64) -> String {
    tr(l, "league-chess960", &[("rounds", rounds.into())])
}
