//! Private notes (`note`): one private text per player and
//! game, shown only to its author: in `games` and in their own copy of the
//! PGN (sent to them directly), never in a board, a summary or a public
//! PGN. The game a note is on is found as for `premove` (`own_game` in
//! premove.rs).

use super::game::{Failure, GameService, Handled, Loaded, ms, reply, user};
use super::{Actor, Event, Place, Reply, messages as msg};
use crate::i18n::Locale;

/// Longest private note, in characters.
pub const MAX_NOTE_CHARS: usize = 2000;

/// A note as stored and shown: control characters (line breaks too) as
/// spaces, invisible format characters (bidi overrides, zero-width
/// spaces) dropped, trimmed.
fn clean_note(text: &str) -> String {
    let spaced: String = text
        .chars()
        .filter_map(|c| {
            if c.is_control() {
                Some(' ')
            } else if super::is_hidden(c) {
                None
            } else {
                Some(c)
            }
        })
        .collect();
    spaced.trim().to_string()
}

/// `pgn` with the note as a comment before the first move (braces, which
/// would end a PGN comment, become parentheses).
pub(in crate::service) fn pgn_with_note(pgn: &str, note: &str) -> String {
    let comment: String = note
        .chars()
        .map(|c| match c {
            '{' => '(',
            '}' => ')',
            c => c,
        })
        .collect();
    let mut wrapped = String::from("{");
    let mut width = 1;
    for word in comment.split_whitespace() {
        let w = word.chars().count();
        if width > 1 && width + 1 + w > 79 {
            wrapped.push('\n');
            width = 0;
        } else if width > 1 {
            wrapped.push(' ');
            width += 1;
        }
        wrapped.push_str(word);
        width += w;
    }
    wrapped.push_str("}\n");
    match pgn.find("\n\n") {
        Some(at) => format!("{}{wrapped}{}", &pgn[..at + 2], &pgn[at + 2..]),
        None => format!("{wrapped}{pgn}"),
    }
}

impl GameService {
    /// `note`: show, write or remove the caller's private note on their
    /// game here (or game `game`, finished ones too). Private.
    pub(in crate::service) async fn note(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        game: Option<i64>,
        text: Option<&str>,
    ) -> Handled {
        let (l, _) = self.own_game(loc, place, by, game, true).await?;
        let id = l.row.id;
        let store = &self.inner.store;
        let message = match text {
            None => match store.note(id, &by.id).await? {
                Some(n) => msg::note_current(loc, id, &n),
                None => msg::note_none(loc, id),
            },
            Some(text) => {
                let note = clean_note(text);
                let count = note.chars().count();
                if count > MAX_NOTE_CHARS {
                    return Err(user(
                        "too_long",
                        msg::note_too_long(loc, MAX_NOTE_CHARS, count),
                    ));
                }
                let now = ms(self.now());
                if note.is_empty() {
                    store.set_note(id, &by.id, None, now).await?;
                    msg::note_cleared(loc, id)
                } else {
                    store.set_note(id, &by.id, Some(&note), now).await?;
                    msg::note_saved(loc, id)
                }
            }
        };
        let mut r = reply(place, message);
        r.ephemeral = true;
        r.event = Some(Event::Note { game: id });
        Ok(vec![r])
    }

    /// The caller's own copy of the PGN of `l` with their note, sent to
    /// them directly; `None` when they are not a player or have no note.
    pub(in crate::service) async fn own_pgn_copy(
        &self,
        loc: Locale,
        by: &Actor,
        l: &Loaded,
        pgn: &str,
    ) -> Result<Option<Reply>, Failure> {
        if l.color_of(&by.id).is_none() {
            return Ok(None);
        }
        let Some(note) = self.inner.store.note(l.row.id, &by.id).await? else {
            return Ok(None);
        };
        let annotated = pgn_with_note(pgn, &note);
        let mut r = reply(
            &Place::direct(&l.row.platform, &by.id),
            format!(
                "{}\n{}",
                msg::note_own_copy(loc, l.row.id),
                msg::pgn(&annotated)
            ),
        );
        r.event = Some(Event::Pgn { pgn: annotated });
        Ok(Some(r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_lose_control_and_invisible_characters() {
        assert_eq!(clean_note(" a\nb\u{202E}c\u{200B} "), "a bc");
        assert_eq!(clean_note("\n\t"), "");
    }

    #[test]
    fn the_note_is_a_comment_before_the_moves() {
        let pgn = "[Event \"x\"]\n[Result \"*\"]\n\n1. e4 *\n";
        let out = pgn_with_note(pgn, "attack {now}");
        assert_eq!(
            out,
            "[Event \"x\"]\n[Result \"*\"]\n\n{attack (now)}\n1. e4 *\n"
        );
        let long = "word ".repeat(40);
        let out = pgn_with_note(pgn, &long);
        assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    }
}
