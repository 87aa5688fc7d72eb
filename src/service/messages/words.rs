//! Wording pieces every catalog file shares: a colour's name and a move
//! in the reader's notation.

use super::declare::messages;
use crate::chess::Color;
use crate::i18n::{Locale, notation};

messages! {
    /// `color`, worded for [`color`].
    fn color_text(l, color) = "color";
    /// `san-local`, worded for [`san_local`].
    fn san_local_text(l, local, san) = "san-local";
}

/// A colour name in a sentence.
#[must_use]
pub fn color(l: Locale, c: Color) -> String {
    color_text(l, c.name())
}

/// A SAN move as a player of `l` reads it: the local notation, with the
/// standard SAN in brackets where they differ (`Кf3 (Nf3)` in Russian,
/// `e4` and `Nf3` unchanged in English and Thai).
#[must_use]
pub fn san_local(l: Locale, san: &str) -> String {
    let local = notation::from_standard(san, l);
    if local == san {
        local
    } else {
        san_local_text(l, local, san)
    }
}
