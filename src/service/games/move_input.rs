//! A move as a player types it: read once in the player's notation, then
//! played in any game, with the promotion choices to offer and the error
//! code of a move that could not be played.

use super::{Action, messages as msg};
use crate::chess::{Game, Move, MoveInputError, MoveText, ParseMoveError};
use crate::i18n::Locale;

use super::game::{Failure, user};

/// The promotion pieces to offer for input that is ambiguous only in its
/// promotion piece (`e8` with a pawn on e7): one [`Action::Promote`] per
/// piece, queen first; empty for any other error.
pub(in crate::service) fn promotion_choices(
    pos: &crate::chess::Position,
    e: &crate::chess::MoveInputError,
) -> Vec<Action> {
    let crate::chess::MoveInputError::Ambiguous { candidates, .. } = e else {
        return Vec::new();
    };
    let moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let plain = pos.san_plain(m);
            candidates
                .iter()
                .any(|c| c.trim_end_matches(['+', '#']) == plain)
        })
        .collect();
    let Some(first) = moves.first() else {
        return Vec::new();
    };
    let same_squares = moves
        .iter()
        .all(|m| m.from() == first.from() && m.to() == first.to() && m.promotion().is_some());
    if moves.len() < 2 || moves.len() != candidates.len() || !same_squares {
        return Vec::new();
    }
    let mut choices: Vec<Action> = moves
        .iter()
        .filter_map(|m| {
            m.promotion().map(|role| Action::Promote {
                from: m.from(),
                to: m.to(),
                role,
            })
        })
        .collect();
    choices.sort_by_key(|a| match a {
        Action::Promote { role, .. } => std::cmp::Reverse(role.index()),
        _ => std::cmp::Reverse(0),
    });
    choices
}

/// A move as a player typed it in `loc`'s notation, read once (each
/// reading parsed once into a [`MoveText`]) and then played in any game.
/// English and Thai use the international letters: the text is read as
/// typed first and, if that is not notation at all, again after the
/// language-independent normalisation (full-width letters, figurines,
/// dashes and Cyrillic O in castling, `х` captures). Russian and Romanian
/// read their own piece letters first (Romanian `N` is a bishop), and the
/// text as typed only when that is not notation at all; letters are never
/// guessed across languages.
pub(in crate::service) struct TypedMove {
    /// The text as typed, trimmed (what errors quote).
    pub(in crate::service) text: String,
    /// The likelier reading.
    first: Result<MoveText, ParseMoveError>,
    /// The other reading, tried when the first is not notation; none when
    /// the normalisation changed nothing.
    second: Option<Result<MoveText, ParseMoveError>>,
    /// The first of two words (`e4 e5`), kept in case they were two
    /// moves rather than one move's squares (`e2 e4`).
    first_of_two: Option<String>,
}

impl TypedMove {
    /// Reads `text` typed in `loc`'s notation.
    ///
    /// # Errors
    /// `invalid_notation` when there is no text, or more than a move can
    /// have ([`crate::chess::MAX_MOVE_TEXT`]); whether it is notation at
    /// all is told when it is played (after the game's own checks).
    pub(in crate::service) fn read(loc: Locale, text: &str) -> Result<TypedMove, Failure> {
        // A move copied from a score sheet (`1.e4`, `12... Nf6`) is the
        // move; more than one move is refused, one at a time.
        let words = without_move_numbers(text);
        let numbered = words.len() != text.split_whitespace().count()
            || words
                .iter()
                .zip(text.split_whitespace())
                .any(|(w, t)| w != &t);
        if words.len() > 2 || (words.len() == 2 && numbered) {
            return Err(user(
                "invalid_notation",
                msg::one_move_at_a_time(loc, words[0]),
            ));
        }
        let first_of_two = (words.len() == 2).then(|| words[0].to_string());
        let unnumbered = words.join(" ");
        let text = if numbered {
            unnumbered.as_str()
        } else {
            text.trim()
        };
        let as_typed = MoveText::parse(text);
        match as_typed {
            Err(ParseMoveError::Empty) => {
                return Err(user("invalid_notation", msg::missing_move(loc)));
            }
            Err(ParseMoveError::TooLong) => {
                return Err(user("invalid_notation", msg::move_too_long(loc)));
            }
            _ => {}
        }
        let normal = crate::i18n::notation::to_standard(text, loc);
        let (first, second) = if normal == text {
            (as_typed, None)
        } else {
            let normal = MoveText::parse(&normal);
            match loc {
                Locale::En | Locale::Th => (as_typed, Some(normal)),
                Locale::Ru | Locale::Ro => (normal, Some(as_typed)),
            }
        };
        Ok(TypedMove {
            text: text.to_string(),
            first,
            second,
            first_of_two,
        })
    }

    /// Plays the move in `game`: the first reading that is notation (a
    /// second one only when the first is not); the move and its SAN.
    ///
    /// # Errors
    /// Why it cannot be played there. When both readings are legal and
    /// differ (the same letters name different pieces in the local and the
    /// English notation: N is a bishop in Romanian), the player is asked
    /// ([`MoveInputError::Ambiguous`]) instead of chosen for.
    pub(in crate::service) fn play(
        &self,
        game: &mut Game,
    ) -> Result<(Move, String), MoveInputError> {
        if game.outcome().is_some() {
            return Err(MoveInputError::GameOver);
        }
        let position = game.position();
        let resolve = |r: &Result<MoveText, ParseMoveError>| match r {
            Ok(t) => t.to_move(position),
            Err(e) => Err(MoveInputError::Parse(e.clone())),
        };
        let chosen = match (resolve(&self.first), self.second.as_ref().map(resolve)) {
            (first, None) => first,
            (Ok(a), Some(Ok(b))) if a != b => {
                return Err(MoveInputError::Ambiguous {
                    input: self.text.clone(),
                    candidates: vec![position.san(a), position.san(b)],
                });
            }
            (first @ Err(MoveInputError::Parse(_)), Some(second)) => match second {
                Err(MoveInputError::Parse(_)) => first,
                other => other,
            },
            (first, Some(_)) => first,
        };
        let mv = chosen?;
        let san = game.play(mv)?.to_string();
        Ok((mv, san))
    }
}

impl TypedMove {
    /// What to tell a player whose move could not be played in `position`:
    /// the error of [`TypedMove::play`] worded for them, with a hint for
    /// the usual slips. A promotion to a king is named as such; a move with
    /// a capital file letter (`E4`, `NF3`) that is legal in small letters
    /// is suggested, never played (the player confirms by typing it); a
    /// pawn reaching the last rank without a piece is asked which piece.
    pub(in crate::service) fn refusal(
        &self,
        loc: Locale,
        position: &crate::chess::Position,
        e: &MoveInputError,
    ) -> String {
        // `e4 e5`: two moves, the first of them playable here.
        if let Some(first) = &self.first_of_two
            && MoveText::parse(first).is_ok_and(|m| m.to_move(position).is_ok())
        {
            return msg::one_move_at_a_time(loc, first);
        }
        if let MoveInputError::Parse(_) = e {
            if promotes_to_king(&self.text) {
                return msg::promotion_to_king(loc, &self.text);
            }
            if let Some(suggestion) = small_file_letters(&self.text)
                && let Ok(small) = MoveText::parse(&suggestion)
                && let Ok(mv) = small.to_move(position)
            {
                return msg::notation_did_you_mean(loc, &self.text, &position.san(mv));
            }
        }
        if let MoveInputError::Ambiguous { candidates, .. } = e
            && !promotion_choices(position, e).is_empty()
        {
            return msg::promotion_which_piece(loc, &self.text, candidates);
        }
        msg::move_error(loc, e, &self.text)
    }
}

/// The words of typed move text without score-sheet move numbers (`1.`,
/// `1.e4`, `12...Nf6`), as conditional lines read them.
fn without_move_numbers(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .map(|t| {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && t[digits..].starts_with('.') {
                t[digits..].trim_start_matches('.')
            } else {
                t
            }
        })
        .filter(|t| !t.is_empty())
        .collect()
}

/// Whether `text` asks a pawn to become a king (`e8=K`, `axb8=K`): a
/// promotion the rules never allow, worth saying so rather than "cannot
/// read".
fn promotes_to_king(text: &str) -> bool {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let Some(rest) = t.strip_suffix(['K', 'k']) else {
        return false;
    };
    let rest = rest.strip_suffix('=').unwrap_or(rest);
    rest.ends_with(['1', '8']) && rest.len() >= 2
}

/// `text` with capital file letters written small where they name a
/// square or a pawn's file (`E4` to `e4`, `NF3` to `Nf3`, `EXD5` to
/// `exd5`); `None` when nothing changes. A leading `B` stays: it is a
/// bishop.
fn small_file_letters(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let square = matches!(c, 'A'..='H') && next.is_some_and(|n| matches!(n, '1'..='8'));
        let pawn_file =
            i == 0 && matches!(c, 'A' | 'C'..='H') && next.is_some_and(|n| matches!(n, 'x' | 'X'));
        let capture = c == 'X' && i > 0;
        if square || pawn_file || capture {
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    (out != text).then_some(out)
}

/// The stable error code of a move that could not be played.
pub(in crate::service) fn error_code_of(e: &MoveInputError) -> &'static str {
    match e {
        MoveInputError::Parse(_) => "invalid_notation",
        MoveInputError::Illegal { .. } => "illegal_move",
        MoveInputError::Ambiguous { .. } => "ambiguous_move",
        MoveInputError::PushIsCapture { .. } => "illegal_move",
        MoveInputError::GameOver => "no_game",
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::last_moves_text;
    use super::{Failure, Locale, MoveInputError, TypedMove};
    use crate::chess::{Game, RulesMode};

    #[test]
    fn a_takeback_names_its_moves_with_their_numbers() {
        let mut game = Game::new(RulesMode::House);
        for san in ["e4", "e5", "Nf3"] {
            game.play_input(san).unwrap();
        }
        assert_eq!(last_moves_text(Locale::En, &game, 2), "1... e5 2. Nf3");
        assert_eq!(last_moves_text(Locale::En, &game, 1), "2. Nf3");
        game.play_input("Nc6").unwrap();
        assert_eq!(last_moves_text(Locale::En, &game, 2), "2. Nf3 Nc6");
        // From a custom start with Black to move at move 7.
        let mut game = Game::from_fen("8/8/8/8/8/8/k6P/2K5 b - - 0 7", RulesMode::House).unwrap();
        game.play_input("Kb3").unwrap();
        game.play_input("Kb1").unwrap();
        assert_eq!(last_moves_text(Locale::En, &game, 2), "7... Kb3 8. Kb1");
        // In the reader's notation.
        assert_eq!(last_moves_text(Locale::Ru, &game, 1), "8. Крb1 (Kb1)");
    }

    fn played(loc: Locale, fen: &str, text: &str) -> Result<String, MoveInputError> {
        let mut game = Game::from_fen(fen, RulesMode::House).unwrap();
        let typed = TypedMove::read(loc, text).map_err(|_| MoveInputError::GameOver)?;
        typed.play(&mut game).map(|(_, san)| san)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn local_letters_are_read_before_the_text_as_typed() {
        assert_eq!(played(Locale::Ru, START, "Кf3").unwrap(), "Nf3");
        assert_eq!(played(Locale::Ro, START, "Cf3").unwrap(), "Nf3");
        assert_eq!(played(Locale::En, START, "Nf3").unwrap(), "Nf3");
        // Not notation in any reading: the text as typed is quoted.
        match played(Locale::Ru, START, "xyz") {
            Err(MoveInputError::Parse(_)) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn two_legal_readings_that_differ_are_asked_about() {
        // Romanian N is a bishop: Nb5 is Bb5 (the bishop on f1) or Nb5
        // (the knight on c3), both legal.
        let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4";
        match played(Locale::Ro, fen, "Nb5") {
            Err(MoveInputError::Ambiguous { input, candidates }) => {
                assert_eq!(input, "Nb5");
                assert_eq!(candidates.len(), 2, "{candidates:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn empty_and_overlong_text_are_refused_before_any_game() {
        let code = |text: &str| match TypedMove::read(Locale::En, text) {
            Ok(_) => None,
            Err(Failure::User { code, .. }) => Some(code),
            Err(_) => Some("other"),
        };
        assert_eq!(code("  "), Some("invalid_notation"));
        let long = "z".repeat(crate::chess::MAX_MOVE_TEXT + 1);
        assert_eq!(code(&long), Some("invalid_notation"));
        assert_eq!(code(&long[1..]), None);
    }

    #[test]
    fn a_finished_game_takes_no_move_whatever_the_text() {
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert_eq!(
            played(Locale::En, mate, "zz"),
            Err(MoveInputError::GameOver)
        );
    }

    /// The refusal of `text` typed in English, in `fen`.
    fn refused(fen: &str, text: &str) -> String {
        let game = Game::from_fen(fen, RulesMode::House).unwrap();
        let typed = TypedMove::read(Locale::En, text).ok().unwrap();
        let e = typed.play(&mut game.clone()).unwrap_err();
        typed.refusal(Locale::En, game.position(), &e)
    }

    #[test]
    fn the_usual_slips_get_a_hint_and_are_never_played() {
        assert!(refused(START, "E4").contains("Did you mean e4?"));
        assert!(refused(START, "NF3").contains("Did you mean Nf3?"));
        // Not legal in small letters either: no suggestion.
        assert!(refused(START, "E5").contains("cannot read"));
        let pawn_on_e7 = "8/4P3/8/8/8/8/8/k6K w - - 0 1";
        assert!(refused(pawn_on_e7, "e8=K").contains("cannot become a king"));
        assert!(refused(pawn_on_e7, "e8K").contains("cannot become a king"));
        let which = refused(pawn_on_e7, "e8");
        assert!(which.starts_with("Which piece"), "{which}");
        assert!(which.contains("e8=Q") && which.contains("e8=N"), "{which}");
    }
}
