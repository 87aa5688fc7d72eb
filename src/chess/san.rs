//! Standard Algebraic Notation: writing moves exactly as PGN/FIDE do, and a
//! lenient reader for what people type in chat (SAN with or without marks,
//! `0-0`, long algebraic, UCI, lower-case pieces), resolved against a
//! position with specific errors. Castling may also be typed as the king
//! taking its own rook (`e1h1`, Chess960 UCI) or as the king's
//! destination (`e1g1`); where that is also a plain king move (Chess960),
//! it is the plain king move. Text is read once into a [`MoveText`]
//! (syntax only, at most [`MAX_MOVE_TEXT`] characters) and then resolved
//! against a position.

use super::position::{CastleSide, IllegalMove, Position};
use super::types::{Move, Role, Square};

/// Syntax failures of move input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    #[error("no move given")]
    Empty,
    #[error("that is too long to be a move")]
    TooLong,
    #[error("{0:?} is not a move in algebraic notation (examples: e4, Nf3, exd5, O-O, e7e8q)")]
    Unparsable(String),
}

/// Why typed move input cannot be played here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveInputError {
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    #[error("{input} is not legal here: {reason}")]
    Illegal { input: String, reason: IllegalMove },
    #[error("{input} is ambiguous: it could be {}", .candidates.join(", "))]
    Ambiguous {
        input: String,
        candidates: Vec<String>,
    },
    /// A pawn move written as a push (no `x`, no file) where no pawn can
    /// advance: the only pawn moves to that square capture. Never played
    /// for the player, who did not write a capture.
    #[error("{input} is a pawn push, but no pawn of yours can advance there; did you mean {}?", .captures.join(" or "))]
    PushIsCapture {
        input: String,
        captures: Vec<String>,
    },
    #[error("the game is over: no more moves")]
    GameOver,
}

impl Position {
    /// SAN of a legal move, with `+` or `#`.
    #[must_use]
    pub fn san(&self, m: Move) -> String {
        let mut s = self.san_plain(m);
        let after = self.after(m);
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// SAN without the check suffix.
    #[must_use]
    pub fn san_plain(&self, m: Move) -> String {
        let mut s = String::with_capacity(8);
        match m {
            Move::Castle { king, rook } => {
                s.push_str(if rook.file() > king.file() {
                    "O-O"
                } else {
                    "O-O-O"
                });
            }
            Move::EnPassant { from, to } => {
                s.push(from.file_char());
                s.push('x');
                s.push_str(&to.to_string());
            }
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if role == Role::Pawn {
                    if capture.is_some() {
                        s.push(from.file_char());
                        s.push('x');
                    }
                    s.push_str(&to.to_string());
                    if let Some(p) = promotion {
                        s.push('=');
                        s.push(p.upper_char());
                    }
                } else {
                    s.push(role.upper_char());
                    if role != Role::King {
                        let others: Vec<Square> = self
                            .legal_moves()
                            .into_iter()
                            .filter(|o| {
                                o.role() == role
                                    && o.to() == to
                                    && o.from() != from
                                    && !matches!(o, Move::Castle { .. })
                            })
                            .map(Move::from)
                            .collect();
                        if !others.is_empty() {
                            if others.iter().all(|o| o.file() != from.file()) {
                                s.push(from.file_char());
                            } else if others.iter().all(|o| o.rank() != from.rank()) {
                                s.push(from.rank_char());
                            } else {
                                s.push_str(&from.to_string());
                            }
                        }
                    }
                    if capture.is_some() {
                        s.push('x');
                    }
                    s.push_str(&to.to_string());
                }
            }
        }
        s
    }

    /// Resolves what a person typed to a legal move: [`MoveText`]'s
    /// reading, then [`MoveText::to_move`].
    ///
    /// # Errors
    /// [`MoveInputError`]: unparsable input, an illegal move with the reason,
    /// or an ambiguous one with the candidates in SAN.
    pub fn parse_move(&self, input: &str) -> Result<Move, MoveInputError> {
        input.parse::<MoveText>()?.to_move(self)
    }

    /// The reason no legal move fits `pat`, and whether some piece could
    /// make such a move by the way it moves (a pinned piece, a king walking
    /// into check) rather than not at all.
    fn explain(&self, pat: &Alternative) -> (IllegalMove, bool) {
        let pseudo = self
            .pseudo_legal_moves()
            .into_iter()
            .find(|m| pat.matches(*m));
        if let Some(m) = pseudo {
            return (self.why_illegal(m), true);
        }
        let reason = match pat.castle {
            Some(kingside) => {
                let side = if kingside {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                // A castling the rights allow is among the pseudo-legal
                // moves above; here the right on that side is gone.
                match self.castling_rook(self.turn(), side) {
                    Some(rook) => self.why_illegal(Move::Castle {
                        king: self.king_square(self.turn()),
                        rook,
                    }),
                    None => IllegalMove::NoCastlingRights(side),
                }
            }
            None => {
                if let (Some(f), Some(r)) = (pat.from_file, pat.from_rank) {
                    let from = Square::from_coords(f, r).expect("in range");
                    match self.piece_at(from) {
                        None => IllegalMove::NoPiece {
                            square: from,
                            role: pat.role.unwrap_or(Role::Pawn),
                        },
                        Some(p) if p.color != self.turn() => IllegalMove::NotYourPiece(from),
                        // `Ne2e4` with a pawn on e2: there is no knight there.
                        Some(p) if pat.role.is_some_and(|r| r != p.role) => IllegalMove::NoPiece {
                            square: from,
                            role: pat.role.unwrap_or(p.role),
                        },
                        Some(p) => IllegalMove::Unreachable(p.role, pat.to.unwrap_or(from)),
                    }
                } else {
                    IllegalMove::Unreachable(
                        pat.role.unwrap_or(Role::Pawn),
                        pat.to.unwrap_or(Square::A1),
                    )
                }
            }
        };
        (reason, false)
    }
}

/// The SAN letter of a chess figurine (either colour), else `c` itself.
fn figurine_letter(c: char) -> char {
    match c {
        '\u{2654}' | '\u{265A}' => 'K',
        '\u{2655}' | '\u{265B}' => 'Q',
        '\u{2656}' | '\u{265C}' => 'R',
        '\u{2657}' | '\u{265D}' => 'B',
        '\u{2658}' | '\u{265E}' => 'N',
        '\u{2659}' | '\u{265F}' => 'P',
        c => c,
    }
}

/// One reading of typed input.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Alternative {
    /// `None` means any role (long algebraic with a full origin square).
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Option<Square>,
    promotion: Option<Role>,
    /// `Some(true)` king side, `Some(false)` queen side.
    castle: Option<bool>,
    /// A pawn move written without `x` and origin file: a push only.
    push_only: bool,
    /// The bishop reading of a lower-case `b`, tried only when the pawn
    /// reading before it fits no pawn move at all.
    fallback: bool,
}

impl Alternative {
    fn matches(&self, m: Move) -> bool {
        if let Some(kingside) = self.castle {
            return match m {
                Move::Castle { king, rook } => (rook.file() > king.file()) == kingside,
                _ => false,
            };
        }
        if self.push_only && m.from().file() != m.to().file() {
            return false;
        }
        self.matches_ignoring_push(m)
    }

    /// [`Alternative::matches`] where a pawn push may also be a capture.
    fn matches_ignoring_push(&self, m: Move) -> bool {
        if self.castle.is_some() {
            return false;
        }
        if let Some(r) = self.role
            && m.role() != r
        {
            return false;
        }
        let from = m.from();
        let to_fits = match m {
            // The king taking its own rook (with the king's square written),
            // or the king's destination when the king does move.
            Move::Castle { king, rook } => {
                let full_origin = self.from_file.is_some() && self.from_rank.is_some();
                (full_origin && self.to == Some(rook))
                    || (self.to == Some(m.to()) && m.to() != king)
            }
            _ => self.to == Some(m.to()),
        };
        // No promotion piece given matches every promotion (the caller
        // reports them as the candidates of an ambiguous move).
        to_fits
            && self.from_file.is_none_or(|f| f == from.file())
            && self.from_rank.is_none_or(|r| r == from.rank())
            && (self.promotion.is_none() || self.promotion == m.promotion())
    }
}

/// The most characters move text may have (trimmed): the one limit on
/// what a player types as a move.
pub const MAX_MOVE_TEXT: usize = 64;

/// Move text read once, without a position (the way shakmaty's `San` is
/// read by `San::from_ascii`): its readings, most likely first. A position
/// then resolves it to a legal move with [`MoveText::to_move`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The text as typed, trimmed (what errors quote).
    text: String,
    alternatives: Vec<Alternative>,
}

impl std::str::FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(input: &str) -> Result<MoveText, ParseMoveError> {
        MoveText::parse(input)
    }
}

impl MoveText {
    /// The text as typed, trimmed.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    fn alternatives(&self) -> impl Iterator<Item = Alternative> + '_ {
        self.alternatives.iter().cloned()
    }

    fn has_fallback(&self) -> bool {
        self.alternatives.iter().any(|a| a.fallback)
    }

    /// Reads move text: SAN with or without marks, `0-0`, long algebraic,
    /// UCI, lower-case pieces, figurines.
    ///
    /// # Errors
    /// [`ParseMoveError`]: empty, longer than [`MAX_MOVE_TEXT`] characters,
    /// or not move notation at all.
    pub fn parse(input: &str) -> Result<MoveText, ParseMoveError> {
        let trimmed = input.trim();
        if trimmed.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if trimmed.chars().count() > MAX_MOVE_TEXT {
            return Err(ParseMoveError::TooLong);
        }
        let unparsable = || ParseMoveError::Unparsable(trimmed.to_string());
        // Drop annotation marks, an "e.p." suffix and inner spaces; read
        // figurines (U+2654..U+265F) as piece letters.
        let mut s: String = trimmed
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(figurine_letter)
            .collect::<String>();
        for suffix in ["e.p.", "e.p", "ep"] {
            if s.len() > suffix.len() + 1 && s.ends_with(suffix) {
                s.truncate(s.len() - suffix.len());
                break;
            }
        }
        let s = s.trim_end_matches(['+', '#', '!', '?']);
        if s.is_empty() || !s.is_ascii() {
            return Err(unparsable());
        }
        // Castling: only O/o/0 and dashes.
        if s.chars().all(|c| matches!(c, 'O' | 'o' | '0' | '-')) {
            let n = s.chars().filter(|c| *c != '-').count();
            let castle = match n {
                2 => true,
                3 => false,
                _ => return Err(unparsable()),
            };
            return Ok(MoveText {
                text: trimmed.to_string(),
                alternatives: vec![Alternative {
                    role: Some(Role::King),
                    from_file: None,
                    from_rank: None,
                    to: None,
                    promotion: None,
                    castle: Some(castle),
                    push_only: false,
                    fallback: false,
                }],
            });
        }
        let body: Vec<u8> = s
            .bytes()
            .filter(|b| !matches!(b, b'x' | b'X' | b':' | b'-' | b'='))
            .collect();
        let mut alternatives = Vec::new();
        // A leading lower-case 'b' may be the b-file (pawn) or a bishop;
        // never a bishop when a full origin square is written (`b2b4`).
        if body.first() == Some(&b'b') {
            let pawn = Self::read(&body, None);
            let names_origin = pawn
                .as_ref()
                .is_some_and(|a| a.from_file.is_some() && a.from_rank.is_some());
            if let Some(a) = pawn {
                alternatives.push(a);
            }
            if !names_origin && let Some(mut a) = Self::read(&body[1..], Some(Role::Bishop)) {
                a.fallback = true;
                alternatives.push(a);
            }
        } else {
            let (role, rest) = match body.first() {
                Some(&c) if matches!(c, b'N' | b'B' | b'R' | b'Q' | b'K' | b'P') => {
                    (Role::from_char(c as char), &body[1..])
                }
                Some(&c) if matches!(c, b'n' | b'r' | b'q' | b'k' | b'p') => {
                    (Role::from_char(c as char), &body[1..])
                }
                _ => (None, &body[..]),
            };
            if let Some(a) = Self::read(rest, role) {
                alternatives.push(a);
            }
        }
        if alternatives.is_empty() {
            return Err(unparsable());
        }
        Ok(MoveText {
            text: trimmed.to_string(),
            alternatives,
        })
    }

    /// The legal move of `position` this text names, like shakmaty's
    /// `San::to_move`.
    ///
    /// # Errors
    /// [`MoveInputError`]: an illegal move with the reason, an ambiguous one
    /// with the candidates in SAN, a pawn push where only captures reach
    /// the square, or text no legal move fits at all.
    pub fn to_move(&self, position: &Position) -> Result<Move, MoveInputError> {
        let shown = self.text.clone();
        let legal = position.legal_moves();
        // The first reading that no legal move fits, and whether some piece
        // could at least make that move by the way it moves.
        let mut first_err: Option<(IllegalMove, bool)> = None;
        for alt in self.alternatives() {
            let mut found: Vec<Move> = legal.iter().copied().filter(|m| alt.matches(*m)).collect();
            // `f1g1` (or `Kg1`) with the king on f1 in Chess960 is the king's
            // step, not castling onto g1.
            if found.iter().any(|m| matches!(m, Move::Castle { .. }))
                && found.iter().any(|m| !matches!(m, Move::Castle { .. }))
            {
                found.retain(|m| !matches!(m, Move::Castle { .. }));
            }
            let mut matches = found.into_iter();
            let Some(first) = matches.next() else {
                if alt.fallback && first_err.is_some() {
                    // The bishop reading of a lower-case `b`: only when the
                    // pawn reading fits no pawn move at all (not even one a
                    // pin or a check forbids).
                    if first_err.as_ref().is_some_and(|(_, pseudo)| *pseudo) {
                        break;
                    }
                }
                if alt.push_only {
                    // `d4` is a push. Where only a capture reaches d4, ask
                    // rather than capture for the player.
                    let captures: Vec<String> = legal
                        .iter()
                        .copied()
                        .filter(|m| alt.matches_ignoring_push(*m))
                        .map(|m| position.san(m))
                        .collect();
                    if !captures.is_empty() && !self.has_fallback() {
                        return Err(MoveInputError::PushIsCapture {
                            input: shown,
                            captures,
                        });
                    }
                }
                let reason = position.explain(&alt);
                if first_err
                    .as_ref()
                    .is_none_or(|(_, pseudo)| !pseudo && reason.1)
                {
                    first_err = Some(reason);
                }
                continue;
            };
            if alt.fallback && first_err.as_ref().is_some_and(|(_, pseudo)| *pseudo) {
                break;
            }
            let rest: Vec<Move> = matches.collect();
            if rest.is_empty() {
                return Ok(first);
            }
            // Several pieces fit, or a pawn reaches the last rank and no
            // piece was named: list the candidates.
            return Err(MoveInputError::Ambiguous {
                input: shown,
                candidates: std::iter::once(first)
                    .chain(rest)
                    .map(|m| position.san(m))
                    .collect(),
            });
        }
        Err(match first_err {
            Some((reason, _)) => MoveInputError::Illegal {
                input: shown,
                reason,
            },
            None => MoveInputError::Parse(ParseMoveError::Unparsable(shown)),
        })
    }

    /// Reads `[file][rank] file rank [promotion]` after the piece letter.
    fn read(rest: &[u8], role: Option<Role>) -> Option<Alternative> {
        let mut rest = rest;
        let mut promotion = None;
        if let [head @ .., r @ b'1'..=b'8', p] = rest
            && let Some(role) = Role::from_char(*p as char)
            && matches!(role, Role::Queen | Role::Rook | Role::Bishop | Role::Knight)
        {
            let _ = r;
            promotion = Some(role);
            rest = &rest[..head.len() + 1];
        }
        let n = rest.len();
        if n < 2 {
            return None;
        }
        let to = Square::parse_bytes(&rest[n - 2..])?;
        let (from_file, from_rank) = match &rest[..n - 2] {
            [] => (None, None),
            [f @ b'a'..=b'h'] => (Some(f - b'a'), None),
            [r @ b'1'..=b'8'] => (None, Some(r - b'1')),
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => (Some(f - b'a'), Some(r - b'1')),
            _ => return None,
        };
        if promotion.is_some() && role.is_some_and(|r| r != Role::Pawn) {
            return None;
        }
        // Without a piece letter: a pawn move, unless the full origin square
        // is given (long algebraic / UCI), where the board says what moves.
        let role = match role {
            Some(r) => Some(r),
            None if from_file.is_some() && from_rank.is_some() => None,
            None => Some(Role::Pawn),
        };
        Some(Alternative {
            role,
            from_file,
            from_rank,
            to: Some(to),
            promotion,
            castle: None,
            push_only: role == Some(Role::Pawn) && from_file.is_none(),
            fallback: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn san_of(p: &Position, input: &str) -> String {
        p.san(p.parse_move(input).unwrap())
    }

    #[test]
    fn move_text_is_read_once_and_resolved_in_any_position() {
        let text: MoveText = " Nf3+ ".parse().unwrap();
        assert_eq!(text.as_str(), "Nf3+");
        let start = Position::startpos();
        assert_eq!(start.san(text.to_move(&start).unwrap()), "Nf3");
        // The same value in another position: the knight is gone.
        let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(matches!(
            text.to_move(&p),
            Err(MoveInputError::Illegal { ref input, .. }) if input == "Nf3+"
        ));
    }

    #[test]
    fn move_text_has_one_length_limit() {
        let padded = format!("e4{}", "!".repeat(MAX_MOVE_TEXT - 2));
        let p = Position::startpos();
        assert_eq!(san_of(&p, &padded), "e4");
        let long = format!("e4{}", "!".repeat(MAX_MOVE_TEXT - 1));
        assert_eq!(MoveText::parse(&long), Err(ParseMoveError::TooLong));
        assert_eq!(MoveText::parse("  "), Err(ParseMoveError::Empty));
        assert!(matches!(
            MoveText::parse("zz"),
            Err(ParseMoveError::Unparsable(t)) if t == "zz"
        ));
    }

    #[test]
    fn lenient_inputs_resolve() {
        let p = Position::startpos();
        for (input, san) in [
            ("e4", "e4"),
            (" e4 ", "e4"),
            ("e2e4", "e4"),
            ("e2-e4", "e4"),
            ("Ng1-f3", "Nf3"),
            ("Ng1xf3", "Nf3"),
            ("nf3", "Nf3"),
            ("Nf3+", "Nf3"),
            ("Nf3!?", "Nf3"),
            ("g1f3", "Nf3"),
            ("b4", "b4"),
            ("b2b4", "b4"),
        ] {
            assert_eq!(san_of(&p, input), san, "{input}");
        }
    }

    #[test]
    fn lower_case_b_prefers_the_pawn() {
        // Both bxc3 (pawn) and Bxc3 (bishop d2) are possible.
        let p = pos("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
        assert_eq!(san_of(&p, "bxc3"), "bxc3");
        assert_eq!(san_of(&p, "Bxc3"), "Bxc3");
        // Without a pawn move, lower-case b is the bishop.
        let p = pos("4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1");
        assert_eq!(san_of(&p, "bxc3"), "Bxc3");
    }

    #[test]
    fn lower_case_b_with_an_origin_square_is_never_a_bishop() {
        // b2b4 with the pawn blocked on b3: not Bd2-b4.
        let p = pos("4k3/8/8/8/8/1n6/1P1B4/4K3 w - - 0 1");
        assert!(matches!(
            p.parse_move("b2b4"),
            Err(MoveInputError::Illegal { .. })
        ));
        assert_eq!(san_of(&p, "Bb4"), "Bb4");
        // b1b2 names an empty square: not Bc1-b2.
        let p = pos("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
        assert!(p.parse_move("b1b2").is_err());
        assert_eq!(san_of(&p, "Bb2"), "Bb2");
    }

    #[test]
    fn a_pinned_b_pawn_is_not_replaced_by_the_bishop() {
        // The b2 pawn is pinned along the b-file by the rook on b8; the
        // bishop on c5 could also take on a3.
        let p = pos("1r2k3/8/8/2B5/8/n7/1P6/1K6 w - - 0 1");
        match p.parse_move("bxa3") {
            Err(MoveInputError::Illegal {
                reason: IllegalMove::Pinned(_),
                ..
            }) => {}
            other => panic!("{other:?}"),
        }
        assert_eq!(san_of(&p, "Bxa3"), "Bxa3");
    }

    #[test]
    fn a_push_is_never_read_as_a_capture() {
        // No pawn can advance to d4, but e3xd4 can capture there.
        let p = pos("4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1");
        match p.parse_move("d4") {
            Err(MoveInputError::PushIsCapture { captures, .. }) => {
                assert_eq!(captures, vec!["exd4".to_string()]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(san_of(&p, "exd4"), "exd4");
        assert_eq!(san_of(&p, "ed4"), "exd4");
        // En passant: d6 is not exd6.
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
        assert!(matches!(
            p.parse_move("d6"),
            Err(MoveInputError::PushIsCapture { .. })
        ));
        assert_eq!(san_of(&p, "exd6"), "exd6");
        // A push that exists is still a push.
        let p = pos("4k3/8/8/8/8/3PP3/8/4K3 w - - 0 1");
        assert_eq!(san_of(&p, "d4"), "d4");
    }

    #[test]
    fn castling_spellings() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        for (i, s) in [
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("o-o", "O-O"),
            ("O-O-O", "O-O-O"),
            ("0-0-0+", "O-O-O"),
            ("e1g1", "O-O"),
            ("e1c1", "O-O-O"),
        ] {
            assert_eq!(san_of(&p, i), s, "{i}");
        }
    }

    #[test]
    fn chess960_castling_inputs() {
        use crate::chess::Variant;
        // King f1, rooks a1 and h1.
        let p = Position::from_fen_variant("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1", Variant::Chess960)
            .unwrap();
        for (i, s) in [
            ("O-O", "O-O"),
            ("0-0", "O-O"),
            ("f1h1", "O-O"),
            ("O-O-O", "O-O-O"),
            ("f1a1", "O-O-O"),
            ("f1c1", "O-O-O"),
            // The king's destination g1 is also a plain king move: the king move.
            ("f1g1", "Kg1"),
            ("Kg1", "Kg1"),
        ] {
            assert_eq!(san_of(&p, i), s, "{i}");
        }
        let castle = p.parse_move("O-O").unwrap();
        assert_eq!(p.uci(castle), "f1h1");
        assert_eq!(castle.uci(), "f1g1");
    }

    #[test]
    fn standard_castling_also_reads_king_takes_rook() {
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(san_of(&p, "e1h1"), "O-O");
        assert_eq!(san_of(&p, "e1a1"), "O-O-O");
        let castle = p.parse_move("e1h1").unwrap();
        assert_eq!(p.uci(castle), "e1g1");
        // Without the right, the reason is the lost right.
        let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
        assert!(matches!(
            p.parse_move("e1h1"),
            Err(MoveInputError::Illegal {
                reason: IllegalMove::NoCastlingRights(CastleSide::King),
                ..
            })
        ));
    }

    #[test]
    fn promotions() {
        let p = pos("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
        for i in ["e8=Q", "e8Q", "e8=q", "e7e8q", "e8q+"] {
            assert_eq!(san_of(&p, i), "e8=Q+", "{i}");
        }
        match p.parse_move("e8") {
            Err(MoveInputError::Illegal { .. }) | Err(MoveInputError::Ambiguous { .. }) => {}
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn disambiguation_is_minimal() {
        // Knights on b1 and f1 (file), rooks a1/a5 (rank), queens on h4, e4, e1 (both for h4-e1? no).
        let p = pos("1k6/8/8/R7/4Q2Q/8/8/RN2KN1Q w - - 0 1");
        let sans: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
        assert!(sans.contains(&"Nbd2".to_string()), "{sans:?}");
        assert!(sans.contains(&"R1a3".to_string()), "{sans:?}");
        assert!(sans.contains(&"Q4h2+".to_string()), "{sans:?}");
        assert!(sans.contains(&"Qhg2".to_string()), "{sans:?}");
        // Queens c3, c5, e3 all reach d4: c3 needs file and rank.
        let p = pos("6k1/8/8/2Q5/8/2Q1Q3/8/7K w - - 0 1");
        let sans: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
        assert!(sans.iter().any(|s| s.starts_with("Qc3d4")), "{sans:?}");
        assert!(sans.iter().any(|s| s.starts_with("Q5d4")), "{sans:?}");
        assert!(sans.iter().any(|s| s.starts_with("Qed4")), "{sans:?}");
    }

    #[test]
    fn ambiguous_lists_candidates() {
        let p = pos("1k6/8/8/8/8/8/8/1N3N1K w - - 0 1");
        match p.parse_move("Nd2") {
            Err(MoveInputError::Ambiguous { candidates, .. }) => {
                assert_eq!(candidates, vec!["Nbd2".to_string(), "Nfd2".to_string()]);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn illegal_moves_say_why() {
        // Knight on d2 pinned by the bishop on a5 against the king on e1.
        let p = pos("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1");
        assert!(matches!(
            p.parse_move("Nf3"),
            Err(MoveInputError::Illegal {
                reason: IllegalMove::Pinned(_),
                ..
            })
        ));
        let p = Position::startpos();
        assert!(matches!(
            p.parse_move("Nd4"),
            Err(MoveInputError::Illegal {
                reason: IllegalMove::Unreachable(Role::Knight, _),
                ..
            })
        ));
        assert!(matches!(p.parse_move("zz"), Err(MoveInputError::Parse(_))));
        assert!(matches!(
            p.parse_move(""),
            Err(MoveInputError::Parse(ParseMoveError::Empty))
        ));
        let p = pos("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        assert!(matches!(
            p.parse_move("O-O"),
            Err(MoveInputError::Illegal {
                reason: IllegalMove::NoCastlingRights(_),
                ..
            })
        ));
    }
}
