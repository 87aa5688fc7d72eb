//! `board text:`, `board square:` and `board piece:`: a game's position
//! answered in words, for players who cannot see the picture, and the
//! text that stands in for a picture sent to someone who turned pictures
//! off (`settings images:off`).

use super::game::{Failure, Loaded, user};
use super::messages::position_words as words;
use super::{BoardImage, BoardQuestion, Reply, messages as msg};
use crate::chess::{Color, Outcome, Square, Termination};
use crate::i18n::Locale;
use crate::render::BoardResult;
use crate::store::GameRow;

/// The answer to `question` about the game `l` (`now` in ms, for the
/// clocks): the whole position with the time left and a standing draw
/// offer, one square, or one kind of piece.
///
/// # Errors
/// A square or a kind of piece that does not read (`invalid_notation`).
pub(in crate::service) fn answer(
    loc: Locale,
    l: &Loaded,
    image: &BoardImage,
    question: &BoardQuestion,
    now: i64,
) -> Result<String, Failure> {
    let pos = l.game.position();
    match question {
        BoardQuestion::Text => Ok(whole(loc, l, image, now)),
        BoardQuestion::Square(given) => {
            let sq: Square = given
                .trim()
                .to_ascii_lowercase()
                .parse()
                .map_err(|_| user("invalid_notation", words::words_bad_square(loc, given)))?;
            Ok(words::square_report(loc, pos, sq))
        }
        BoardQuestion::Piece(given) => {
            let role = words::parse_role(loc, given)
                .ok_or_else(|| user("invalid_notation", words::words_unknown_piece(loc, given)))?;
            Ok(words::piece_report(loc, pos, role))
        }
    }
}

/// How a finished game ended, as its row stores it (none for an aborted
/// game or one whose ending does not read).
pub(in crate::service) fn stored_result(row: &GameRow) -> Option<BoardResult> {
    let termination: Termination = row.termination.as_deref()?.parse().ok()?;
    let winner = match row.result.as_deref()? {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        _ => None,
    };
    BoardResult::from_outcome(Some(Outcome::new(winner, termination)))
}

/// The position as words: what the picture shows (its alt text), then
/// the clocks and a standing draw offer.
fn whole(loc: Locale, l: &Loaded, image: &BoardImage, now: i64) -> String {
    let mut parts = vec![image.alt(loc)];
    if l.row.is_active() {
        let turn = l.game.position().turn();
        match super::banks::banks_now(&l.row, turn, now) {
            Some((white, black)) => parts.push(msg::position_words::words_banks(
                loc,
                &msg::time_left(loc, white),
                &msg::time_left(loc, black),
            )),
            None => {
                if let Some(at) = l.row.deadline_at {
                    parts.push(msg::position_words::words_time_left(
                        loc,
                        l.name(turn),
                        &msg::time_left(loc, at - now),
                    ));
                }
            }
        }
        let offerer = match l.row.draw_offer.as_deref() {
            Some("white") => Some(Color::White),
            Some("black") => Some(Color::Black),
            _ => None,
        };
        if let Some(c) = offerer {
            parts.push(msg::position_words::words_draw_offer(loc, l.name(c)));
        }
    }
    parts.join(" ")
}

/// Turns the picture of `r` into words, for a reader who asked for text
/// (`settings images:off`): the board's words join the text and the
/// picture goes; summary cards and GIFs go too (their words stay).
pub(in crate::service) fn picture_as_text(r: &mut Reply) {
    if let Some(alt) = r.picture_alt() {
        if !r.text.is_empty() {
            r.text.push('\n');
        }
        r.text.push_str(&alt);
    }
    r.board = None;
    r.files.retain(|f| f.alt.is_none());
}
