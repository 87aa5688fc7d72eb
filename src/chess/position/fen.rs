//! FEN in and out: reading and validating a FEN into a [`Position`], and
//! writing one back (en passant only when a capture is legal). The
//! castling field, standard or Chess960, is read and written by
//! [`super::castling`].

use super::super::attacks::line;
use super::super::types::{Bitboard, Color, Piece, Role, Square};
use super::super::variant::Variant;
use super::Position;

/// The largest move number a custom starting position may have. FENs are
/// read up to [`FEN_MOVE_NUMBER_LIMIT`], far above what any game started
/// here can reach, so every position a game reaches reads back.
pub const START_MOVE_NUMBER_LIMIT: u32 = 100_000;

/// The largest move number [`Position::from_fen`] reads.
pub const FEN_MOVE_NUMBER_LIMIT: u32 = 10_000_000;

/// The FEN of the standard starting position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN string is not a playable position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("a FEN needs 6 fields (4 at least: placement, side, castling, en passant), found {0}")]
    FieldCount(usize),
    #[error("the placement needs 8 ranks separated by '/', found {0}")]
    RankCount(usize),
    #[error("bad piece letter {0:?} in the placement (use PNBRQK / pnbrqk and digits 1-8)")]
    BadPiece(char),
    #[error("rank {rank} does not describe exactly 8 squares")]
    RankLength { rank: u8 },
    #[error("{0} must have exactly one king")]
    KingCount(Color),
    #[error("a pawn stands on the first or last rank ({0})")]
    PawnOnBackRank(Square),
    #[error("the side to move must be 'w' or 'b', found {0:?}")]
    BadTurn(String),
    #[error(
        "bad castling field {0:?} (use '-' or letters from KQkq; in Chess960 also rook files such as HAha)"
    )]
    BadCastling(String),
    #[error(
        "castling right {0} contradicts the board: the king or rook is not on its original square"
    )]
    CastlingContradiction(char),
    #[error("bad en passant field {0:?} (use '-' or a square on rank 3 or 6)")]
    BadEnPassant(String),
    #[error("impossible en passant square {0}: no pawn can just have moved two squares past it")]
    ImpossibleEnPassant(Square),
    #[error("bad halfmove clock or move number {0:?}")]
    BadClock(String),
    #[error("{0} is not to move but is in check")]
    OppositeCheck(Color),
    #[error("the king of the side to move is attacked by more than two pieces")]
    TooManyCheckers,
    #[error("{0} has more than 8 pawns")]
    TooManyPawns(Color),
    #[error("{0} has more than 16 pieces")]
    TooManyPieces(Color),
    #[error("impossible double check: {0} cannot give check together in one move")]
    ImpossibleCheck(&'static str),
    #[error(
        "the move number {0} is too large for a starting position (at most {START_MOVE_NUMBER_LIMIT})"
    )]
    MoveNumberTooLarge(u32),
}

impl Position {
    /// Parses and validates a standard-chess FEN. The move counters may be
    /// omitted (they default to `0 1`), as many tools do.
    ///
    /// # Errors
    /// A specific [`FenError`] for each kind of malformed or impossible FEN.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_variant(fen, Variant::Standard)
    }

    /// Parses and validates a FEN of the given variant. For Chess960 the
    /// castling field may be X-FEN (`KQkq` for the outermost rooks, file
    /// letters otherwise) or Shredder-FEN (`HAha`).
    ///
    /// # Errors
    /// A specific [`FenError`] for each kind of malformed or impossible FEN.
    pub fn from_fen_variant(fen: &str, variant: Variant) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 && fields.len() != 4 {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty(variant);
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let mut file: u32 = 0;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if !(1..=8).contains(&d) {
                        return Err(FenError::BadPiece(c));
                    }
                    file += d;
                } else {
                    let piece = Piece::from_char(c)
                        .filter(|_| c.is_ascii())
                        .ok_or(FenError::BadPiece(c))?;
                    if file >= 8 {
                        return Err(FenError::RankLength { rank: rank + 1 });
                    }
                    let sq = Square::from_coords(file as u8, rank).expect("file < 8");
                    pos.put(sq, piece);
                    file += 1;
                }
                if file > 8 {
                    return Err(FenError::RankLength { rank: rank + 1 });
                }
            }
            if file != 8 {
                return Err(FenError::RankLength { rank: rank + 1 });
            }
        }
        pos.turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadTurn(other.to_string())),
        };
        for color in Color::ALL {
            if pos.pieces(color, Role::King).count() != 1 {
                return Err(FenError::KingCount(color));
            }
        }
        let back_ranks = Bitboard::rank(0) | Bitboard::rank(7);
        if let Some(sq) = (pos.by_role[Role::Pawn.index()] & back_ranks).first() {
            return Err(FenError::PawnOnBackRank(sq));
        }
        pos.read_castling(fields[2], variant)?;
        if fields[3] != "-" {
            let sq: Square = fields[3]
                .parse()
                .map_err(|_| FenError::BadEnPassant(fields[3].to_string()))?;
            let expected_rank = if pos.turn == Color::White { 5 } else { 2 };
            if sq.rank() != expected_rank {
                return Err(FenError::ImpossibleEnPassant(sq));
            }
            // The pawn that moved stands one square further; its origin and
            // the passed square must be empty.
            let (pawn_sq, origin) = if pos.turn == Color::White {
                (sq.index() - 8, sq.index() + 8)
            } else {
                (sq.index() + 8, sq.index() - 8)
            };
            let pawn_sq = Square::new(pawn_sq as u8).expect("on board");
            let origin = Square::new(origin as u8).expect("on board");
            let them = pos.turn.other();
            if !pos.pieces(them, Role::Pawn).contains(pawn_sq)
                || pos.occupied().contains(sq)
                || pos.occupied().contains(origin)
            {
                return Err(FenError::ImpossibleEnPassant(sq));
            }
            pos.ep_square = Some(sq);
        }
        if fields.len() == 6 {
            pos.halfmoves = fields[4]
                .parse()
                .ok()
                .filter(|&h: &u32| h <= 10_000)
                .ok_or_else(|| FenError::BadClock(fields[4].to_string()))?;
            // Some tools write move number 0; read it as 1 like most readers.
            pos.fullmoves = fields[5]
                .parse()
                .ok()
                .filter(|&n: &u32| n <= FEN_MOVE_NUMBER_LIMIT)
                .ok_or_else(|| FenError::BadClock(fields[5].to_string()))?
                .max(1);
        }
        let them = pos.turn.other();
        if pos
            .attackers_to(pos.king_square(them), pos.turn, pos.occupied())
            .any()
        {
            return Err(FenError::OppositeCheck(them));
        }
        let checkers = pos.checkers();
        if checkers.count() > 2 {
            return Err(FenError::TooManyCheckers);
        }
        for color in [Color::White, Color::Black] {
            if pos.pieces(color, Role::Pawn).count() > 8 {
                return Err(FenError::TooManyPawns(color));
            }
            if pos.by_color(color).count() > 16 {
                return Err(FenError::TooManyPieces(color));
            }
        }
        if let Some(why) = pos.impossible_double_check(checkers) {
            return Err(FenError::ImpossibleCheck(why));
        }
        Ok(pos)
    }

    /// Why two checkers cannot both give check after one move: a move
    /// uncovers at most one line, so two knights, two pawns, or two sliders
    /// on one line through the king never check together.
    fn impossible_double_check(&self, checkers: Bitboard) -> Option<&'static str> {
        if checkers.count() != 2 {
            return None;
        }
        let mut squares = checkers;
        let (a, b) = (squares.next()?, squares.next()?);
        let role = |sq| self.piece_at(sq).map(|p| p.role);
        let king = self.king_square(self.turn);
        match (role(a)?, role(b)?) {
            (Role::Knight, Role::Knight) => Some("two knights"),
            (Role::Pawn, Role::Pawn) => Some("two pawns"),
            (ra, rb) if is_slider(ra) && is_slider(rb) && line(king, a).contains(b) => {
                Some("two pieces on one line")
            }
            _ => None,
        }
    }

    /// Checks what only a starting position must satisfy, beyond
    /// [`Position::from_fen`]: a move number small enough that every
    /// position of the game reads back.
    ///
    /// # Errors
    /// [`FenError::MoveNumberTooLarge`].
    pub fn check_start(&self) -> Result<(), FenError> {
        if self.fullmoves > START_MOVE_NUMBER_LIMIT {
            return Err(FenError::MoveNumberTooLarge(self.fullmoves));
        }
        Ok(())
    }

    /// The FEN of this position. The en passant square is written only when
    /// an en passant capture is legal (as lichess and python-chess do), so
    /// equal positions have equal FENs apart from the clocks.
    #[must_use]
    pub fn fen(&self) -> String {
        let mut s = self.board_fen();
        s.push(' ');
        s.push(self.turn.fen_char());
        s.push(' ');
        s.push_str(&self.castling_fen());
        s.push(' ');
        match self.legal_ep_square() {
            Some(sq) => s.push_str(&sq.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }

    /// The placement field of the FEN.
    #[must_use]
    pub fn board_fen(&self) -> String {
        let mut s = String::with_capacity(64);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("in range");
                match self.piece_at(sq) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s
    }
}

fn is_slider(role: Role) -> bool {
    matches!(role, Role::Bishop | Role::Rook | Role::Queen)
}
