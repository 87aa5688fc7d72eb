//! The small vocabulary of chess: colours, roles, pieces, squares, bitboards
//! and moves. All `Copy`, all parse with `FromStr` and print with `Display`.

use std::fmt;
use std::str::FromStr;

/// A side: white or black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    /// Both colours, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for white, 1 for black: for indexing per-side arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The FEN side-to-move letter, `w` or `b`.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kind of a piece, without its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

impl Role {
    /// All six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, in the order SAN lists them.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// 0 (pawn) to 5 (king).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Lower-case letter as in FEN for black and UCI promotions: `p n b r q k`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// Upper-case letter as in SAN: `P N B R Q K`.
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role for a letter of either case, if any.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Conventional material value (pawn 1, minor 3, rook 5, queen 9, king 0).
    #[must_use]
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 1,
            Role::Knight | Role::Bishop => 3,
            Role::Rook => 5,
            Role::Queen => 9,
            Role::King => 0,
        }
    }

    /// English name, lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }
}

/// A piece: colour and role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    /// FEN letter: upper case for white, lower case for black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece for a FEN letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

/// One of the 64 squares; 0 is a1, 7 is h1, 63 is h8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

#[allow(missing_docs)]
impl Square {
    pub const A1: Square = Square(0);
    pub const B1: Square = Square(1);
    pub const C1: Square = Square(2);
    pub const D1: Square = Square(3);
    pub const E1: Square = Square(4);
    pub const F1: Square = Square(5);
    pub const G1: Square = Square(6);
    pub const H1: Square = Square(7);
    pub const A8: Square = Square(56);
    pub const B8: Square = Square(57);
    pub const C8: Square = Square(58);
    pub const D8: Square = Square(59);
    pub const E8: Square = Square(60);
    pub const F8: Square = Square(61);
    pub const G8: Square = Square(62);
    pub const H8: Square = Square(63);
}

impl Square {
    /// The square with index `i` (0..64); `None` outside.
    #[inline]
    #[must_use]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 { Some(Square(i)) } else { None }
    }

    /// The square with index `i & 63`: for indices already known valid.
    #[inline]
    #[must_use]
    pub(crate) const fn from_index(i: u32) -> Square {
        Square((i & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = first); `None` outside.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// 0..64.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File 0 (a) to 7 (h).
    #[inline]
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// Rank 0 (first) to 7 (eighth).
    #[inline]
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The file letter, `a` to `h`.
    #[must_use]
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `1` to `8`.
    #[must_use]
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// True for the dark squares (a1 is dark).
    #[must_use]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// The same square seen from the other side (e2 <-> e7).
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The bitboard holding only this square.
    #[inline]
    #[must_use]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }

    /// Parses exactly two characters such as `e4`.
    #[must_use]
    pub fn parse_bytes(b: &[u8]) -> Option<Square> {
        match b {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::from_coords(f - b'a', r - b'1'),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// A square name that could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square: expected a file a-h and a rank 1-8, like e4")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::parse_bytes(s.as_bytes()).ok_or(ParseSquareError)
    }
}

/// A set of squares, one bit per square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const ALL: Bitboard = Bitboard(!0);
    pub const DARK_SQUARES: Bitboard = Bitboard(0xAA55_AA55_AA55_AA55);
    pub const LIGHT_SQUARES: Bitboard = Bitboard(!0xAA55_AA55_AA55_AA55);

    /// All squares of rank `r` (0..8).
    #[must_use]
    pub const fn rank(r: u8) -> Bitboard {
        Bitboard(0xFFu64 << (8 * (r as u32 & 7)))
    }

    /// All squares of file `f` (0..8).
    #[must_use]
    pub const fn file(f: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101u64 << (f as u32 & 7))
    }

    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u64 << sq.0) != 0
    }

    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros()))
        }
    }

    /// The only square, if exactly one is set.
    #[inline]
    #[must_use]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index(self.0.trailing_zeros());
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl std::ops::$tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl std::ops::$atr for Bitboard {
            #[inline]
            fn $af(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// A move that describes itself, so it can be written or highlighted
/// without the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Any move but en passant and castling (promotions included).
    Normal {
        role: Role,
        from: Square,
        to: Square,
        capture: Option<Role>,
        promotion: Option<Role>,
    },
    /// A pawn capturing en passant; `to` is the square the pawn lands on.
    EnPassant { from: Square, to: Square },
    /// Castling, described by the king's and the rook's start squares.
    Castle { king: Square, rook: Square },
}

impl Move {
    /// The role of the moving piece.
    #[must_use]
    pub const fn role(self) -> Role {
        match self {
            Move::Normal { role, .. } => role,
            Move::EnPassant { .. } => Role::Pawn,
            Move::Castle { .. } => Role::King,
        }
    }

    /// Where the moving piece starts (the king for castling).
    #[must_use]
    pub const fn from(self) -> Square {
        match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// Where the moving piece lands (the king's destination for castling).
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { king, rook } => {
                let file = if rook.file() > king.file() { 6 } else { 2 };
                Square(king.rank() * 8 + file)
            }
        }
    }

    /// The captured role, if any (a pawn for en passant).
    #[must_use]
    pub const fn capture(self) -> Option<Role> {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => Some(Role::Pawn),
            Move::Castle { .. } => None,
        }
    }

    #[must_use]
    pub const fn is_capture(self) -> bool {
        self.capture().is_some()
    }

    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }

    /// Resets the 50-move counter (9.3): a pawn move or a capture.
    #[must_use]
    pub const fn is_zeroing(self) -> bool {
        matches!(self.role(), Role::Pawn) || self.is_capture()
    }

    /// UCI notation (`e2e4`, `e7e8q`, castling as the king's two-square move).
    #[must_use]
    pub fn uci(self) -> String {
        let mut s = format!("{}{}", self.from(), self.to());
        if let Some(p) = self.promotion() {
            s.push(p.char());
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_and_print() {
        let sq: Square = "e4".parse().unwrap();
        assert_eq!(sq.file(), 4);
        assert_eq!(sq.rank(), 3);
        assert_eq!(sq.to_string(), "e4");
        assert!("i1".parse::<Square>().is_err());
        assert!("e9".parse::<Square>().is_err());
        assert!("e".parse::<Square>().is_err());
        assert!(Square::A1.is_dark());
        assert!(!Square::H1.is_dark());
    }

    #[test]
    fn castle_destination_is_the_kings_square() {
        let m = Move::Castle {
            king: Square::E1,
            rook: Square::A1,
        };
        assert_eq!(m.to(), Square::C1);
        assert_eq!(m.uci(), "e1c1");
    }
}
