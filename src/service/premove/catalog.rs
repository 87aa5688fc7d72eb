//! Catalog messages of conditional moves (`premove`) and private notes
//! (`note`).

use crate::service::messages::declare::messages;

use crate::i18n::Locale;

use crate::service::messages::words::san_local;

messages! {
    /// A line was queued; the caller's lines follow (`count` of them).
    pub fn premove_added(l, id: i64, count: usize) = "premove-added";
    /// Heading of the caller's lines of a game (`count` of them).
    pub fn premove_list(l, id: i64, count: usize) = "premove-list";
    /// The caller has no lines in the game.
    pub fn premove_none(l, id: i64) = "premove-none";
    /// The caller's lines of the game are gone.
    pub fn premove_cleared(l, id: i64) = "premove-cleared";
    /// `premove-conflict`, worded for [`premove_conflict`].
    fn premove_conflict_text(l, path, old, new) = "premove-conflict";
    /// Lines are queued while the opponent is to move, not on one's own turn.
    pub fn premove_own_turn(l, id: i64) = "premove-own-turn";
    /// No conditional moves against the computer.
    pub fn premove_computer(l) = "premove-computer";
    /// Move `n` (from 1) of a line could not be played: `detail` says why
    /// (the message a `move` would get).
    pub fn premove_bad_move(l, n: usize, detail: &str) = "premove-bad-move";
    /// Move `n` (from 1) of a line comes after the game would have ended.
    pub fn premove_after_end(l, n: usize) = "premove-after-end";
    /// A line ending with the opponent's move `input` (as typed).
    pub fn premove_odd_line(l, input: &str) = "premove-odd-line";
    /// `premove line:` without moves.
    pub fn premove_empty(l) = "premove-empty";
    /// More lines than a game may hold.
    pub fn premove_too_many(l, max: usize) = "premove-too-many";
    /// A line longer than allowed (plies).
    pub fn premove_too_long(l, max: usize) = "premove-too-long";
    /// The game (by number) has ended.
    pub fn premove_game_over(l, id: i64) = "premove-game-over";
    /// `premove-moved`, worded for [`premove_moved`].
    fn premove_moved_text(l, by, number, san, next, until) = "premove-moved";
    /// `premove-moved-final`, worded for [`premove_moved_final`].
    fn premove_moved_final_text(l, by, number, san) = "premove-moved-final";
    /// Beside a game of `games`: the caller's queued lines there.
    pub fn games_premove_lines(l, count: usize) = "games-premove-lines";
    /// Below a game of `games`: the caller's private note on it.
    pub fn games_note(l, note: &str) = "games-note";
    /// The caller's note was saved.
    pub fn note_saved(l, id: i64) = "note-saved";
    /// The caller's note was removed.
    pub fn note_cleared(l, id: i64) = "note-cleared";
    /// The caller's note (`note` without text).
    pub fn note_current(l, id: i64, note: &str) = "note-current";
    /// The caller has no note on the game.
    pub fn note_none(l, id: i64) = "note-none";
    /// A note longer than allowed: `count` characters, at most `max`.
    pub fn note_too_long(l, max: usize, count: usize) = "note-too-long";
    /// Heading of the author's own annotated copy of a game's PGN.
    pub fn note_own_copy(l, id: i64) = "note-own-copy";
}

/// A new line answers a position differently from a queued one: `path`
/// the moves leading to it (written by [`premove_moves`]), `old`
/// and `new` the two replies (SAN).
#[must_use]
pub fn premove_conflict(l: Locale, path: &str, old: &str, new: &str) -> String {
    premove_conflict_text(l, path, san_local(l, old), san_local(l, new))
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
    premove_moved_text(l, by, number, san_local(l, san), next, until)
}

/// A conditional move was played that ended the game.
#[must_use]
pub fn premove_moved_final(l: Locale, by: &str, number: &str, san: &str) -> String {
    premove_moved_final_text(l, by, number, san_local(l, san))
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
