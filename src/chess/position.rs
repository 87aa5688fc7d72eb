//! `Position`: the board, side to move, castling rights, en passant square
//! and clocks; playing moves and explaining illegal ones. Legal move
//! generation lives in `movegen`, FEN in and out in `fen`, castling
//! (standard and Chess960) in `castling`.

use super::attacks::{
    bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, queen_attacks, rook_attacks,
};
use super::types::{Bitboard, Color, Move, Piece, Role, Square};
use super::variant::{Chess960NumberError, Variant, chess960_back_rank, chess960_number};

mod castling;
mod fen;
mod movegen;
use castling::CastleObstacle;
pub use castling::CastleSide;
pub use fen::{FEN_MOVE_NUMBER_LIMIT, FenError, START_FEN, START_MOVE_NUMBER_LIMIT};

/// A list of moves, as returned by [`Position::legal_moves`].
pub type MoveList = Vec<Move>;

/// A legal chess position. Built only through [`Position::from_fen`],
/// [`Position::from_fen_variant`], [`Position::startpos`] or
/// [`Position::chess960`], and kept legal by [`Position::play`].
#[derive(Clone, Debug)]
pub struct Position {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Color,
    /// Rook squares that still have castling rights: a subset of a1 h1 a8
    /// h8 in standard chess, any rook squares of the back ranks in 960.
    castling: Bitboard,
    /// The square behind a pawn that just advanced two squares (raw, even
    /// when no en passant capture is possible).
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: u32,
    /// Standard chess or Chess960: how castling is read and written (FEN,
    /// UCI). Move generation is the same code for both.
    variant: Variant,
}

/// Positions are equal under FIDE 9.2.3: same side to move, placement,
/// castling rights, and en passant possibility (only when legal). The
/// variant is not compared: it never changes the legal moves.
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.turn == other.turn
            && self.castling == other.castling
            && self.legal_ep_square() == other.legal_ep_square()
    }
}
impl Eq for Position {}

/// The identity of a position for repetition (FIDE 9.2.3), cheap to compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    by_color: [Bitboard; 2],
    by_role: [Bitboard; 6],
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

impl Default for Position {
    fn default() -> Position {
        Position::startpos()
    }
}

impl Position {
    /// The standard starting position.
    #[must_use]
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    /// The Chess960 start position number `n` (0-959, Scharnagl's
    /// numbering; 518 is the standard set-up), white to move, all four
    /// castling rights, as a Chess960 position.
    ///
    /// # Errors
    /// [`Chess960NumberError`] when `n` is above 959.
    pub fn chess960(n: u32) -> Result<Position, Chess960NumberError> {
        let rank = chess960_back_rank(n)?;
        let mut pos = Position::empty(Variant::Chess960);
        for (file, role) in (0u8..).zip(rank) {
            for (color, back, pawns) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                let sq = |r| Square::from_coords(file, r).expect("on the board");
                pos.put(sq(back), Piece { color, role });
                pos.put(
                    sq(pawns),
                    Piece {
                        color,
                        role: Role::Pawn,
                    },
                );
                if role == Role::Rook {
                    pos.castling |= sq(back).bb();
                }
            }
        }
        Ok(pos)
    }

    /// The Chess960 start position number (0-959) whose set-up, side to
    /// move and castling rights this position has, if any (clocks aside).
    #[must_use]
    pub fn chess960_number(&self) -> Option<u32> {
        let mut rank = [Role::Pawn; 8];
        for (file, slot) in (0u8..).zip(rank.iter_mut()) {
            let sq = Square::from_coords(file, 0)?;
            *slot = self.piece_at(sq).filter(|p| p.color == Color::White)?.role;
        }
        let n = chess960_number(&rank)?;
        let start = Position::chess960(n).ok()?;
        (start == *self && self.ep_square.is_none()).then_some(n)
    }

    /// An empty board, white to move, move 1.
    fn empty(variant: Variant) -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            turn: Color::White,
            castling: Bitboard::EMPTY,
            ep_square: None,
            halfmoves: 0,
            fullmoves: 1,
            variant,
        }
    }

    fn put(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color.index()] |= sq.bb();
        self.by_role[piece.role.index()] |= sq.bb();
    }

    // Queries.

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Standard chess or Chess960.
    #[inline]
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The UCI of a move in this position's variant: castling as the
    /// king's destination (`e1g1`) in standard chess, as the king taking
    /// its own rook (`e1h1`) in Chess960, as lichess and `UCI_Chess960` do.
    #[must_use]
    pub fn uci(&self, m: Move) -> String {
        m.uci_for(self.variant)
    }

    /// Plies since the last capture or pawn move.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and increased after black moves.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// All occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of one side's pieces.
    #[inline]
    #[must_use]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of all pieces of one role, both sides.
    #[inline]
    #[must_use]
    pub fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of one side's pieces of one role.
    #[inline]
    #[must_use]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The piece on a square.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    #[inline]
    fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied().contains(sq) {
            return None;
        }
        let i = sq.index();
        let bit = |r: Role| ((self.by_role[r.index()].0 >> i) & 1) as usize;
        // Exactly one role bit is set on an occupied square.
        let idx = bit(Role::Knight)
            + (bit(Role::Bishop) * 2)
            + (bit(Role::Rook) * 3)
            + (bit(Role::Queen) * 4)
            + (bit(Role::King) * 5);
        Some(Role::ALL[idx])
    }

    /// The role of the enemy piece on `to`, if any (for captures).
    #[inline]
    fn capture_at(&self, to: Square) -> Option<Role> {
        if self.by_color[self.turn.other().index()].contains(to) {
            self.role_at(to)
        } else {
            None
        }
    }

    /// Where `color`'s king stands.
    #[inline]
    #[must_use]
    pub fn king_square(&self, color: Color) -> Square {
        // Exactly one king per side is a constructor invariant.
        self.pieces(color, Role::King).first().unwrap_or(Square::A1)
    }

    /// Rook squares that still carry castling rights (a1, h1, a8, h8 in
    /// standard chess; any rooks' start squares in Chess960).
    #[must_use]
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }

    /// Pieces of `attacker` that attack `sq`, given the occupancy `occupied`.
    #[inline]
    #[must_use]
    pub fn attackers_to(&self, sq: Square, attacker: Color, occupied: Bitboard) -> Bitboard {
        let them = self.by_color[attacker.index()];
        let rq = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bq = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        them & ((rook_attacks(sq, occupied) & rq)
            | (bishop_attacks(sq, occupied) & bq)
            | (knight_attacks(sq) & self.by_role[Role::Knight.index()])
            | (king_attacks(sq) & self.by_role[Role::King.index()])
            | (pawn_attacks(attacker.other(), sq) & self.by_role[Role::Pawn.index()]))
    }

    /// Pieces giving check to the side to move.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.attackers_to(
            self.king_square(self.turn),
            self.turn.other(),
            self.occupied(),
        )
    }

    /// The side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// In check with no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Not in check with no legal move.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move has any legal move.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// The en passant square, only when an en passant capture is legal.
    #[must_use]
    pub fn legal_ep_square(&self) -> Option<Square> {
        let ep = self.ep_square?;
        let pawns = pawn_attacks(self.turn.other(), ep) & self.pieces(self.turn, Role::Pawn);
        let mut pawns = pawns;
        Iterator::any(&mut pawns, |from| self.ep_is_legal(from, ep)).then_some(ep)
    }

    /// The key that decides repetitions (FIDE 9.2.3).
    #[must_use]
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            by_color: self.by_color,
            by_role: self.by_role,
            turn: self.turn,
            castling: self.castling,
            ep: self.legal_ep_square(),
        }
    }

    /// Material on the board is one of the dead positions of the house
    /// policy: K v K; K+B or K+N v K; only bishops besides the kings, all on
    /// squares of one colour.
    #[must_use]
    pub fn is_dead_position(&self) -> bool {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        if heavy.any() {
            return false;
        }
        let knights = self.by_role(Role::Knight);
        let bishops = self.by_role(Role::Bishop);
        let minors = knights | bishops;
        if minors.count() <= 1 {
            return true; // K v K, or K + one minor v K
        }
        knights.is_empty()
            && ((bishops & Bitboard::DARK_SQUARES).is_empty()
                || (bishops & Bitboard::LIGHT_SQUARES).is_empty())
    }

    /// Whether `color` has nothing but the king.
    #[must_use]
    pub fn has_only_king(&self, color: Color) -> bool {
        !self.by_color(color).more_than_one()
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]). An
    /// illegal move leaves an undefined but memory-safe position.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        self.ep_square = None;
        self.halfmoves += 1;
        match m {
            Move::Normal {
                role,
                from,
                to,
                capture,
                promotion,
            } => {
                if let Some(c) = capture {
                    self.by_color[them.index()] ^= to.bb();
                    self.by_role[c.index()] ^= to.bb();
                    self.halfmoves = 0;
                }
                self.by_color[us.index()] ^= from.bb() | to.bb();
                self.by_role[role.index()] ^= from.bb();
                self.by_role[promotion.unwrap_or(role).index()] ^= to.bb();
                if role == Role::Pawn {
                    self.halfmoves = 0;
                    if from.index().abs_diff(to.index()) == 16 {
                        self.ep_square = Square::new(((from.index() + to.index()) / 2) as u8);
                    }
                }
                if role == Role::King {
                    // Only our own rights go: the king may stand on the
                    // far rank, where the opponent's rights must stay.
                    self.castling &= !Bitboard::rank(if us == Color::White { 0 } else { 7 });
                }
                // A rook leaving or captured on its corner loses its right.
                self.castling &= !(from.bb() | to.bb());
            }
            Move::EnPassant { from, to } => {
                let captured = Square::from_index(((to.index() & 7) | (from.index() & !7)) as u32);
                self.by_color[them.index()] ^= captured.bb();
                self.by_role[Role::Pawn.index()] ^= captured.bb() | from.bb() | to.bb();
                self.by_color[us.index()] ^= from.bb() | to.bb();
                self.halfmoves = 0;
            }
            Move::Castle { king, rook } => self.play_castle(king, rook),
        }
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = them;
    }

    /// The position after a legal move.
    #[must_use]
    pub fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.play_unchecked(m);
        p
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason when `m` is not legal here.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(self.why_illegal(m))
        }
    }

    // Explaining illegal moves.

    /// Explains why a move that is not legal here cannot be played. Used for
    /// messages; `m` need not even be pseudo-legal.
    #[must_use]
    pub fn why_illegal(&self, m: Move) -> IllegalMove {
        let us = self.turn;
        let from = m.from();
        match self.piece_at(from) {
            Some(p) if p.color == us && p.role == m.role() => {}
            Some(p) if p.color != us => return IllegalMove::NotYourPiece(from),
            _ => {
                return IllegalMove::NoPiece {
                    square: from,
                    role: m.role(),
                };
            }
        }
        if let Move::Castle { king, rook } = m {
            let side = CastleSide::of(king, rook);
            if !self.castling.contains(rook) {
                return IllegalMove::NoCastlingRights(side);
            }
            if self.is_check() {
                return IllegalMove::CastleOutOfCheck;
            }
            return match self.castle_obstacle(king, rook) {
                Some(CastleObstacle::Blocked) => IllegalMove::CastleBlocked(side),
                Some(CastleObstacle::ThroughCheck(sq)) => IllegalMove::CastleThroughCheck(sq),
                Some(CastleObstacle::IntoCheck(sq)) => IllegalMove::CastleIntoCheck(sq),
                None => IllegalMove::Unreachable(m.role(), m.to()),
            };
        }
        if !self.pseudo_reaches(m) {
            return IllegalMove::Unreachable(m.role(), m.to());
        }
        // Geometrically possible: it must leave or put our king in check.
        if m.role() == Role::King {
            return IllegalMove::KingIntoCheck;
        }
        let ksq = self.king_square(us);
        if self.pinned(us, ksq).contains(from) && !line(ksq, from).contains(m.to()) {
            return IllegalMove::Pinned(from);
        }
        if self.is_check() {
            return IllegalMove::InCheck;
        }
        IllegalMove::ExposesKing
    }

    /// Whether the piece on `m.from()` could make this move by the way it
    /// moves, ignoring whether the king is left in check.
    fn pseudo_reaches(&self, m: Move) -> bool {
        let us = self.turn;
        let occ = self.occupied();
        let from = m.from();
        let to = m.to();
        if self.by_color(us).contains(to) {
            return false;
        }
        match m.role() {
            Role::Pawn => {
                let last = if us == Color::White { 7 } else { 0 };
                if (to.rank() == last) != m.promotion().is_some() {
                    return false;
                }
                if let Move::EnPassant { .. } = m {
                    return self.ep_square == Some(to) && pawn_attacks(us, from).contains(to);
                }
                if self.by_color(us.other()).contains(to) {
                    return pawn_attacks(us, from).contains(to);
                }
                let fwd: i32 = if us == Color::White { 8 } else { -8 };
                let one = from.index() as i32 + fwd;
                let start = if us == Color::White { 1 } else { 6 };
                if to.index() as i32 == one {
                    return true;
                }
                to.index() as i32 == one + fwd
                    && from.rank() == start
                    && !occ.contains(Square::from_index(one as u32))
            }
            Role::Knight => knight_attacks(from).contains(to),
            Role::Bishop => bishop_attacks(from, occ).contains(to),
            Role::Rook => rook_attacks(from, occ).contains(to),
            Role::Queen => queen_attacks(from, occ).contains(to),
            Role::King => king_attacks(from).contains(to),
        }
    }
}

/// Why a move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    #[error("there is no {} of yours on {square}", .role.name())]
    NoPiece { square: Square, role: Role },
    #[error("the piece on {0} is not yours")]
    NotYourPiece(Square),
    #[error("no {} of yours can reach {}", .0.name(), .1)]
    Unreachable(Role, Square),
    #[error("the piece on {0} is pinned to your king")]
    Pinned(Square),
    #[error("your king is in check, and this move does not get it out of check")]
    InCheck,
    #[error("the king would be in check on that square")]
    KingIntoCheck,
    #[error("the move would expose your king to check")]
    ExposesKing,
    #[error("castling {0} is no longer allowed: the king or that rook has moved")]
    NoCastlingRights(CastleSide),
    #[error("you cannot castle out of check")]
    CastleOutOfCheck,
    #[error("you cannot castle {0}: there are pieces between the king and the rook")]
    CastleBlocked(CastleSide),
    #[error("you cannot castle through an attacked square ({0})")]
    CastleThroughCheck(Square),
    #[error("you cannot castle into check ({0} is attacked)")]
    CastleIntoCheck(Square),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn start_position_round_trips_and_has_20_moves() {
        let p = Position::startpos();
        assert_eq!(p.fen(), START_FEN);
        assert_eq!(p.legal_moves().len(), 20);
    }

    #[test]
    fn fen_errors_are_specific() {
        use FenError::*;
        let e = |f: &str| Position::from_fen(f).unwrap_err();
        assert_eq!(e("8/8/8 w - -"), RankCount(3));
        assert_eq!(
            e("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"),
            FieldCount(3)
        );
        assert_eq!(
            e("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            BadPiece('x')
        );
        assert_eq!(
            e("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            RankLength { rank: 7 }
        );
        assert_eq!(
            e("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"),
            KingCount(Color::Black)
        );
        assert_eq!(
            e("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
            PawnOnBackRank(Square::A1)
        );
        assert_eq!(e("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), BadTurn("x".into()));
        assert_eq!(
            e("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
            CastlingContradiction('K')
        );
        assert_eq!(
            e("4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
            ImpossibleEnPassant("e6".parse().unwrap())
        );
        assert_eq!(
            e("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"),
            OppositeCheck(Color::Black)
        );
    }

    #[test]
    fn en_passant_rank_pin_is_illegal() {
        // White king a5, black rook h5, pawns b5 (white) c5 (black, just moved).
        let p = pos("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
        assert!(
            !p.legal_moves()
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. }))
        );
        assert_eq!(p.fen(), "8/8/8/KPp4r/8/8/8/4k3 w - - 0 2");
    }

    #[test]
    fn queen_side_castling_allowed_with_b1_attacked() {
        // Black rook on b8 attacks b1; king's squares d1, c1 are safe.
        let p = pos("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
        assert!(p.legal_moves().contains(&Move::Castle {
            king: Square::E1,
            rook: Square::A1
        }));
    }

    #[test]
    fn castling_through_attacked_square_is_refused_with_reason() {
        let p = pos("k4r2/8/8/8/8/8/8/4K2R w K - 0 1");
        let m = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        assert!(!p.is_legal(m));
        assert_eq!(
            p.why_illegal(m),
            IllegalMove::CastleThroughCheck(Square::F1)
        );
    }
}
