//! Castling for standard chess and Chess960 alike: which rook squares
//! carry rights, the FIDE conditions (3.8.2 and the Chess960 guidelines),
//! playing a castling move, and the castling field of a FEN (standard
//! `KQkq`; X-FEN and Shredder-FEN letters read, X-FEN written, for 960).
//!
//! One rule covers both: the king ends on g (king side) or c (queen side)
//! and the rook on f or d; every square between the king and its
//! destination and between the rook and its destination must be empty but
//! for the castling king and rook; no square of the king's way, start and
//! destination included, may be attacked. In standard chess this is the
//! usual rule, with the rook on a1/h1 (a8/h8) and the king on e1 (e8).

use std::fmt;

use super::super::types::{Bitboard, Color, Move, Piece, Role, Square};
use super::super::variant::Variant;
use super::movegen::MoveSink;
use super::{FenError, Position};

/// The rook squares of standard chess with their FEN letters, in the order
/// the castling field lists them.
const CASTLE_SQUARES: [(Square, char); 4] = [
    (Square::H1, 'K'),
    (Square::A1, 'Q'),
    (Square::H8, 'k'),
    (Square::A8, 'q'),
];

/// King side (`O-O`) or queen side (`O-O-O`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleSide {
    King,
    Queen,
}

impl CastleSide {
    /// The side a rook on `rook` stands on, seen from the king on `king`.
    #[must_use]
    pub const fn of(king: Square, rook: Square) -> CastleSide {
        if rook.file() > king.file() {
            CastleSide::King
        } else {
            CastleSide::Queen
        }
    }

    /// Where the king and the rook land, on `rank` (0 or 7): g and f for
    /// the king side, c and d for the queen side.
    #[inline]
    #[must_use]
    pub const fn destinations(self, rank: u8) -> (Square, Square) {
        let (king, rook) = match self {
            CastleSide::King => (6, 5),
            CastleSide::Queen => (2, 3),
        };
        (
            Square::from_index(rank as u32 * 8 + king),
            Square::from_index(rank as u32 * 8 + rook),
        )
    }
}

impl fmt::Display for CastleSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastleSide::King => "king side",
            CastleSide::Queen => "queen side",
        })
    }
}

/// The files of a back rank `lo..=hi`, as a rank mask.
const fn span(a: usize, b: usize) -> u8 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    let mut mask = 0u8;
    let mut f = lo;
    while f <= hi {
        mask |= 1 << f;
        f += 1;
    }
    mask
}

/// The destination files (king, rook) of castling toward `rook_file`.
const fn castle_to(king_file: usize, rook_file: usize) -> (usize, usize) {
    if rook_file > king_file {
        (6, 5)
    } else {
        (2, 3)
    }
}

/// By king file and rook file: the files king and rook cross or land on,
/// without their own (all must be empty), as a rank mask.
const CASTLE_WAYS: [[u8; 8]; 8] = {
    let mut t = [[0u8; 8]; 8];
    let mut k = 0;
    while k < 8 {
        let mut r = 0;
        while r < 8 {
            let (kt, rt) = castle_to(k, r);
            t[k][r] = (span(k, kt) | span(r, rt)) & !(1 << k) & !(1 << r);
            r += 1;
        }
        k += 1;
    }
    t
};

/// By king file and side (as `CastleSide as usize`): the king's squares
/// that must not be attacked, its start aside (it is not in check), or
/// just its start when it does not move.
const KING_WAYS: [[u8; 2]; 8] = {
    let mut t = [[0u8; 2]; 8];
    let mut k = 0;
    while k < 8 {
        // King side (index 0) toward g, queen side (index 1) toward c.
        t[k][0] = (span(k, 6) & !(1 << k)) | (1 << 6);
        t[k][1] = (span(k, 2) & !(1 << k)) | (1 << 2);
        k += 1;
    }
    t
};

/// Why castling is impossible right now, rights and check aside.
pub(super) enum CastleObstacle {
    Blocked,
    ThroughCheck(Square),
    IntoCheck(Square),
}

impl Position {
    /// The rook `color` may still castle with on `side`, if any.
    #[must_use]
    pub fn castling_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        let king = self.king_square(color);
        let mut rooks = self.castling & Bitboard::rank(back_rank(color));
        rooks.find(|&r| CastleSide::of(king, r) == side)
    }

    /// Castling moves, when the side to move is not in check.
    #[inline]
    pub(super) fn gen_castling<S: MoveSink>(&self, ksq: Square, out: &mut S) {
        let rights = self.castling & Bitboard::rank(back_rank(self.turn));
        for rook in rights {
            if self.castle_obstacle(ksq, rook).is_none() {
                out.special(Move::Castle { king: ksq, rook });
            }
        }
    }

    /// Why castling with the rook on `rook` is impossible now, ignoring
    /// rights and whether the king is in check (the caller's business).
    #[inline]
    pub(super) fn castle_obstacle(&self, ksq: Square, rook: Square) -> Option<CastleObstacle> {
        let (kf, rf) = (ksq.file() as usize, rook.file() as usize);
        let shift = 8 * u32::from(ksq.rank());
        // Every square both pieces cross or land on, but the two themselves.
        let ways = Bitboard(u64::from(CASTLE_WAYS[kf][rf]) << shift);
        if (ways & self.occupied()).any() {
            return Some(CastleObstacle::Blocked);
        }
        let side = CastleSide::of(ksq, rook);
        let (king_to, rook_to) = side.destinations(ksq.rank());
        let king_way = Bitboard(u64::from(KING_WAYS[kf][side as usize]) << shift);
        // Only the king's squares count (3.8.2.2): b1/b8 may be attacked.
        // They are looked at with the rook already on its square, so a
        // Chess960 rook that shields the king's destination on the rank
        // (king e1, rook b1, enemy rook a1) cannot make castling legal.
        let after = (self.occupied() ^ ksq.bb() ^ rook.bb()) | rook_to.bb();
        for sq in king_way {
            if self.attackers_to(sq, self.turn.other(), after).any() {
                return Some(if sq == king_to {
                    CastleObstacle::IntoCheck(sq)
                } else {
                    CastleObstacle::ThroughCheck(sq)
                });
            }
        }
        None
    }

    /// Moves king and rook of a castling move for the side to move.
    #[inline]
    pub(super) fn play_castle(&mut self, king: Square, rook: Square) {
        let us = self.turn.index();
        let (king_to, rook_to) = CastleSide::of(king, rook).destinations(king.rank());
        // Lift both, then set both down: in Chess960 the squares may overlap.
        self.by_color[us] ^= king.bb() | rook.bb();
        self.by_color[us] |= king_to.bb() | rook_to.bb();
        self.by_role[Role::King.index()] ^= king.bb() ^ king_to.bb();
        self.by_role[Role::Rook.index()] ^= rook.bb() ^ rook_to.bb();
        self.castling &= !Bitboard::rank(king.rank());
    }

    /// Castling candidates for explaining a refused castling: the rooks
    /// with rights, and the corner rooks when the king stands on e1/e8.
    pub(super) fn castle_candidates(&self) -> Bitboard {
        let rank = back_rank(self.turn);
        let ksq = self.king_square(self.turn);
        let mut rooks = self.castling & Bitboard::rank(rank);
        if ksq == Square::from_index(u32::from(rank) * 8 + 4) {
            rooks |= Square::from_index(u32::from(rank) * 8).bb()
                | Square::from_index(u32::from(rank) * 8 + 7).bb();
        }
        rooks & !ksq.bb()
    }

    /// Reads the castling field of a FEN onto a board already placed.
    pub(super) fn read_castling(&mut self, field: &str, variant: Variant) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        if field.is_empty() || field.len() > 4 {
            return Err(FenError::BadCastling(field.to_string()));
        }
        for c in field.chars() {
            let rook_sq = match variant {
                Variant::Standard => self.standard_right(c, field)?,
                Variant::Chess960 => self.chess960_right(c, field)?,
            };
            if self.castling.contains(rook_sq) {
                return Err(FenError::BadCastling(field.to_string()));
            }
            self.castling |= rook_sq.bb();
        }
        Ok(())
    }

    /// A `KQkq` letter: king on e1/e8, rook on its corner.
    fn standard_right(&self, c: char, field: &str) -> Result<Square, FenError> {
        let (rook_sq, _) = CASTLE_SQUARES
            .iter()
            .find(|(_, l)| *l == c)
            .ok_or_else(|| FenError::BadCastling(field.to_string()))?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king_sq = if color == Color::White {
            Square::E1
        } else {
            Square::E8
        };
        let king_ok = self.piece_at(king_sq)
            == Some(Piece {
                color,
                role: Role::King,
            });
        let rook_ok = self.piece_at(*rook_sq)
            == Some(Piece {
                color,
                role: Role::Rook,
            });
        if !king_ok || !rook_ok {
            return Err(FenError::CastlingContradiction(c));
        }
        Ok(*rook_sq)
    }

    /// An X-FEN or Shredder-FEN letter: `K`/`Q` the outermost rook on that
    /// side of the king, a file letter the rook on that file; the king on
    /// its back rank. At most one right per side.
    fn chess960_right(&self, c: char, field: &str) -> Result<Square, FenError> {
        if !c.is_ascii_alphabetic() {
            return Err(FenError::BadCastling(field.to_string()));
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let rank = back_rank(color);
        let king = self.king_square(color);
        let rooks = self.pieces(color, Role::Rook) & Bitboard::rank(rank);
        let on_side = |side: CastleSide| rooks.filter(move |&r| CastleSide::of(king, r) == side);
        let rook = match c.to_ascii_lowercase() {
            'k' => on_side(CastleSide::King).last(),
            'q' => on_side(CastleSide::Queen).next(),
            f @ 'a'..='h' => {
                Square::from_coords(f as u8 - b'a', rank).filter(|&s| rooks.contains(s))
            }
            _ => return Err(FenError::BadCastling(field.to_string())),
        };
        let rook = rook
            .filter(|&r| king.rank() == rank && r != king)
            .ok_or(FenError::CastlingContradiction(c))?;
        let side = CastleSide::of(king, rook);
        let mut same_side = self.castling & Bitboard::rank(rank);
        if Iterator::any(&mut same_side, |r| CastleSide::of(king, r) == side) {
            return Err(FenError::BadCastling(field.to_string()));
        }
        Ok(rook)
    }

    /// The castling field: `KQkq` letters for standard chess; X-FEN for
    /// Chess960 (`K`/`Q` when the rook is the outermost one on its side,
    /// else its file letter), as lichess and python-chess write it.
    pub(super) fn castling_fen(&self) -> String {
        let s: String = match self.variant {
            Variant::Standard => CASTLE_SQUARES
                .iter()
                .filter(|(sq, _)| self.castling.contains(*sq))
                .map(|(_, c)| *c)
                .collect(),
            Variant::Chess960 => Color::ALL
                .into_iter()
                .flat_map(|color| self.xfen_letters(color))
                .collect(),
        };
        if s.is_empty() { "-".to_string() } else { s }
    }

    /// One side's X-FEN castling letters, from the h-file down.
    fn xfen_letters(&self, color: Color) -> Vec<char> {
        let rank = Bitboard::rank(back_rank(color));
        let king = self.king_square(color);
        let rooks = self.pieces(color, Role::Rook) & rank;
        let mut rights: Vec<Square> = (self.castling & rank).collect();
        rights.reverse();
        rights
            .into_iter()
            .map(|r| {
                let side = CastleSide::of(king, r);
                let mut outer = rooks.filter(|&o| match side {
                    CastleSide::King => o.file() > r.file(),
                    CastleSide::Queen => o.file() < r.file(),
                });
                let c = match (outer.next(), side) {
                    (None, CastleSide::King) => 'k',
                    (None, CastleSide::Queen) => 'q',
                    (Some(_), _) => r.file_char(),
                };
                match color {
                    Color::White => c.to_ascii_uppercase(),
                    Color::Black => c,
                }
            })
            .collect()
    }
}

/// The back rank of `color`: 0 for white, 7 for black.
#[inline]
const fn back_rank(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos960(fen: &str) -> Position {
        Position::from_fen_variant(fen, Variant::Chess960).unwrap()
    }

    fn castles(p: &Position) -> Vec<String> {
        let mut v: Vec<String> = p
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::Castle { .. }))
            .map(|m| p.uci(m))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn chess960_castling_lands_on_g_and_f_or_c_and_d() {
        // King b1, rooks a1 and g1: both castlings possible.
        let mut p = pos960("7k/8/8/8/8/8/8/RK4R1 w GA - 0 1");
        assert_eq!(castles(&p), vec!["b1a1", "b1g1"]);
        let before = p.clone();
        p.play_unchecked(Move::Castle {
            king: Square::B1,
            rook: Square::G1,
        });
        assert_eq!(p.board_fen(), "7k/8/8/8/8/8/8/R4RK1");
        let mut q = before;
        q.play_unchecked(Move::Castle {
            king: Square::B1,
            rook: Square::A1,
        });
        assert_eq!(q.board_fen(), "7k/8/8/8/8/8/8/2KR2R1");
        assert_eq!(q.castling_fen(), "-");
    }

    #[test]
    fn chess960_castling_needs_the_rooks_way_empty_too() {
        // King g1, rook b1: O-O-O takes the king across f1-c1; a knight on
        // c1 (on both pieces' way) blocks it.
        let p = pos960("4k3/8/8/8/8/8/8/1R4K1 w B - 0 1");
        assert_eq!(castles(&p), vec!["g1b1"]);
        let p = pos960("4k3/8/8/8/8/8/8/1RN3K1 w B - 0 1");
        assert!(castles(&p).is_empty());
        // King f1, rook h1: the king's way is g1 only; a piece on g1 blocks.
        let p = pos960("4k3/8/8/8/8/8/8/5KNR w K - 0 1");
        assert!(castles(&p).is_empty());
    }

    #[test]
    fn chess960_king_that_does_not_move_still_castles() {
        // King g1, rook h1: O-O only moves the rook to f1.
        let mut p = pos960("4k3/8/8/8/8/8/8/6KR w K - 0 1");
        assert_eq!(castles(&p), vec!["g1h1"]);
        p.play_unchecked(Move::Castle {
            king: Square::G1,
            rook: Square::H1,
        });
        assert_eq!(p.board_fen(), "4k3/8/8/8/8/8/8/5RK1");
    }

    #[test]
    fn chess960_rook_cannot_shield_the_kings_destination() {
        // King e1, rook b1, black rook a1 behind it: after O-O-O the king on
        // c1 would stand in check along the rank.
        let p = pos960("4k3/8/8/8/8/8/8/rR2K3 w B - 0 1");
        assert!(castles(&p).is_empty());
        assert!(matches!(
            p.why_illegal(Move::Castle {
                king: Square::E1,
                rook: Square::B1
            }),
            super::super::IllegalMove::CastleIntoCheck(Square::C1)
        ));
    }

    #[test]
    fn chess960_only_the_kings_squares_must_be_safe() {
        // King d1, rook a1: the rook crosses b1 (attacked by the b8 rook);
        // the king goes d1 -> c1 only.
        let p = pos960("1r2k3/8/8/8/8/8/8/R2K4 w A - 0 1");
        assert_eq!(castles(&p), vec!["d1a1"]);
    }

    #[test]
    fn way_tables_match_the_rule_on_both_back_ranks() {
        use super::super::super::attacks::between;
        for rank in [0, 7] {
            for k in 0..8 {
                for r in (0..8).filter(|&r| r != k) {
                    let ksq = Square::from_coords(k, rank).unwrap();
                    let rook = Square::from_coords(r, rank).unwrap();
                    let side = CastleSide::of(ksq, rook);
                    let (kt, rt) = side.destinations(rank);
                    let king_way = between(ksq, kt) | kt.bb();
                    let ways = (king_way | between(rook, rt) | rt.bb()) & !ksq.bb() & !rook.bb();
                    let shift = 8 * u32::from(rank);
                    let (kf, rf) = (k as usize, r as usize);
                    assert_eq!(
                        Bitboard(u64::from(CASTLE_WAYS[kf][rf]) << shift),
                        ways,
                        "{ksq} {rook}"
                    );
                    assert_eq!(
                        Bitboard(u64::from(KING_WAYS[kf][side as usize]) << shift),
                        king_way,
                        "{ksq} {rook}"
                    );
                }
            }
        }
    }

    #[test]
    fn xfen_and_shredder_fields_read_alike() {
        let a = pos960("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1");
        let b = pos960("rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1");
        assert_eq!(a.castling_rights(), b.castling_rights());
        assert_eq!(a.fen(), "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1");
    }

    #[test]
    fn xfen_writes_file_letters_for_inner_rooks() {
        // White rooks f1 (right) and h1 (no right): F; black outermost: kq.
        let p = pos960("r3k2r/8/8/8/8/8/8/4KR1R w Fkq - 0 1");
        assert_eq!(p.fen(), "r3k2r/8/8/8/8/8/8/4KR1R w Fkq - 0 1");
        // The order is from the h-file down, white first.
        let p = pos960("rr2k3/8/8/8/8/8/8/1R2K2R w KBb - 0 1");
        assert_eq!(p.fen(), "rr2k3/8/8/8/8/8/8/1R2K2R w KQb - 0 1");
    }

    #[test]
    fn chess960_castling_fields_that_contradict_the_board_are_refused() {
        let e = |f: &str| Position::from_fen_variant(f, Variant::Chess960).unwrap_err();
        // No rook on the king side.
        assert_eq!(
            e("4k3/8/8/8/8/8/8/R3K3 w K - 0 1"),
            FenError::CastlingContradiction('K')
        );
        // No rook on the named file.
        assert_eq!(
            e("4k3/8/8/8/8/8/8/R3K3 w B - 0 1"),
            FenError::CastlingContradiction('B')
        );
        // Two rights on one side.
        assert!(matches!(
            e("4k3/8/8/8/8/8/8/4KRR1 w FG - 0 1"),
            FenError::BadCastling(_)
        ));
        // The king is not on its back rank.
        assert_eq!(
            e("4k3/8/8/8/8/8/4K3/7R w H - 0 1"),
            FenError::CastlingContradiction('H')
        );
    }

    #[test]
    fn standard_fen_keeps_refusing_file_letters() {
        assert!(matches!(
            Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"),
            Err(FenError::BadCastling(_))
        ));
    }
}
