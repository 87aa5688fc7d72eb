//! Catalog messages of conditional moves (`premove`) and private notes
//! (`note`), issue 32.

use crate::i18n::{Locale, tr};

use super::san_local;

/// A line was queued; the caller's lines follow (`count` of them).
#[must_use]
pub fn premove_added(l: Locale, id: i64, count: usize) -> String {
    tr(
        l,
        "premove-added",
        &[("id", id.into()), ("count", count.into())],
    )
}

/// Heading of the caller's lines of a game (`count` of them).
#[must_use]
pub fn premove_list(l: Locale, id: i64, count: usize) -> String {
    tr(
        l,
        "premove-list",
        &[("id", id.into()), ("count", count.into())],
    )
}

/// The caller has no lines in the game.
#[must_use]
pub fn premove_none(l: Locale, id: i64) -> String {
    tr(l, "premove-none", &[("id", id.into())])
}

/// The caller's lines of the game are gone.
#[must_use]
pub fn premove_cleared(l: Locale, id: i64) -> String {
    tr(l, "premove-cleared", &[("id", id.into())])
}

/// A new line answers a position differently from a queued one: `path`
/// the moves leading to it (written by [`super::premove_moves`]), `old`
/// and `new` the two replies (SAN).
#[must_use]
pub fn premove_conflict(l: Locale, path: &str, old: &str, new: &str) -> String {
    tr(
        l,
        "premove-conflict",
        &[
            ("path", path.into()),
            ("old", san_local(l, old).into()),
            ("new", san_local(l, new).into()),
        ],
    )
}

/// Lines are queued while the opponent is to move, not on one's own turn.
#[must_use]
pub fn premove_own_turn(l: Locale, id: i64) -> String {
    tr(l, "premove-own-turn", &[("id", id.into())])
}

/// No conditional moves against the computer.
#[must_use]
pub fn premove_computer(l: Locale) -> String {
    tr(l, "premove-computer", &[])
}

/// Move `n` (from 1) of a line could not be played: `detail` says why
/// (the message a `move` would get).
#[must_use]
pub fn premove_bad_move(l: Locale, n: usize, detail: &str) -> String {
    tr(
        l,
        "premove-bad-move",
        &[("n", n.into()), ("detail", detail.into())],
    )
}

/// Move `n` (from 1) of a line comes after the game would have ended.
#[must_use]
pub fn premove_after_end(l: Locale, n: usize) -> String {
    tr(l, "premove-after-end", &[("n", n.into())])
}

/// A line ending with the opponent's move `input` (as typed).
#[must_use]
pub fn premove_odd_line(l: Locale, input: &str) -> String {
    tr(l, "premove-odd-line", &[("input", input.into())])
}

/// `premove line:` without moves.
#[must_use]
pub fn premove_empty(l: Locale) -> String {
    tr(l, "premove-empty", &[])
}

/// More lines than a game may hold.
#[must_use]
pub fn premove_too_many(l: Locale, max: usize) -> String {
    tr(l, "premove-too-many", &[("max", max.into())])
}

/// A line longer than allowed (plies).
#[must_use]
pub fn premove_too_long(l: Locale, max: usize) -> String {
    tr(l, "premove-too-long", &[("max", max.into())])
}

/// The game (by number) has ended.
#[must_use]
pub fn premove_game_over(l: Locale, id: i64) -> String {
    tr(l, "premove-game-over", &[("id", id.into())])
}

/// A conditional move was played; `next` is to move until `until`.
#[must_use]
pub fn premove_moved(
    l: Locale,
    by: &str,
    number: &str,
    san: &str,
    next: &str,
    until: &str,
) -> String {
    tr(
        l,
        "premove-moved",
        &[
            ("by", by.into()),
            ("number", number.into()),
            ("san", san_local(l, san).into()),
            ("next", next.into()),
            ("until", until.into()),
        ],
    )
}

/// A conditional move was played that ended the game.
#[must_use]
pub fn premove_moved_final(l: Locale, by: &str, number: &str, san: &str) -> String {
    tr(
        l,
        "premove-moved-final",
        &[
            ("by", by.into()),
            ("number", number.into()),
            ("san", san_local(l, san).into()),
        ],
    )
}

/// Beside a game of `games`: the caller's queued lines there.
#[must_use]
pub fn games_premove_lines(l: Locale, count: usize) -> String {
    tr(l, "games-premove-lines", &[("count", count.into())])
}

/// Below a game of `games`: the caller's private note on it.
#[must_use]
pub fn games_note(l: Locale, note: &str) -> String {
    tr(l, "games-note", &[("note", note.into())])
}

/// The caller's note was saved.
#[must_use]
pub fn note_saved(l: Locale, id: i64) -> String {
    tr(l, "note-saved", &[("id", id.into())])
}

/// The caller's note was removed.
#[must_use]
pub fn note_cleared(l: Locale, id: i64) -> String {
    tr(l, "note-cleared", &[("id", id.into())])
}

/// The caller's note (`note` without text).
#[must_use]
pub fn note_current(l: Locale, id: i64, note: &str) -> String {
    tr(
        l,
        "note-current",
        &[("id", id.into()), ("note", note.into())],
    )
}

/// The caller has no note on the game.
#[must_use]
pub fn note_none(l: Locale, id: i64) -> String {
    tr(l, "note-none", &[("id", id.into())])
}

/// A note longer than allowed: `count` characters, at most `max`.
#[must_use]
pub fn note_too_long(l: Locale, max: usize, count: usize) -> String {
    tr(
        l,
        "note-too-long",
        &[("max", max.into()), ("count", count.into())],
    )
}

/// Heading of the author's own annotated copy of a game's PGN.
#[must_use]
pub fn note_own_copy(l: Locale, id: i64) -> String {
    tr(l, "note-own-copy", &[("id", id.into())])
}

/// Moves of a line as a reader of `l` sees them, numbered from the
/// position they start in (`fullmove`, `white` to move first):
/// `5... e5 6. Nf3 Nc6`. Language-independent but for the piece letters.
#[must_use]
pub fn premove_moves(l: Locale, fullmove: u32, white: bool, sans: &[String]) -> String {
    let mut out = Vec::new();
    let (mut number, mut white_to_move) = (fullmove, white);
    for (i, san) in sans.iter().enumerate() {
        let local = crate::i18n::notation::from_standard(san, l);
        if white_to_move {
            out.push(format!("{number}. {local}"));
        } else if i == 0 {
            out.push(format!("{number}... {local}"));
        } else {
            out.push(local);
        }
        if !white_to_move {
            number += 1;
        }
        white_to_move = !white_to_move;
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_numbered_from_their_position() {
        let sans: Vec<String> = ["e5", "Nf3", "Nc6", "Bb5"].map(String::from).to_vec();
        assert_eq!(
            premove_moves(Locale::En, 1, false, &sans),
            "1... e5 2. Nf3 Nc6 3. Bb5"
        );
        assert_eq!(premove_moves(Locale::En, 7, true, &sans[..2]), "7. e5 Nf3");
        assert_eq!(premove_moves(Locale::Ru, 2, true, &sans[1..2]), "2. Кf3");
    }

    #[test]
    fn counts_take_the_plural_of_each_language() {
        assert!(games_premove_lines(Locale::En, 1).contains("1 conditional line)"));
        assert!(games_premove_lines(Locale::En, 2).contains("2 conditional lines"));
        assert!(games_premove_lines(Locale::Ru, 2).contains("2 условных варианта"));
        assert!(games_premove_lines(Locale::Ru, 5).contains("5 условных вариантов"));
        assert!(games_premove_lines(Locale::Ro, 20).contains("20 de linii"));
    }
}
