//! Which chess a position plays: standard chess or Chess960 (Fischer
//! random), and the 960 start positions by Scharnagl's numbering.

use std::fmt;
use std::str::FromStr;

use super::types::{Move, Role};

/// The rules family of a game. Only castling differs: in Chess960 the king
/// and rooks start anywhere on the back rank (king between the rooks) and
/// castling is written in UCI as the king taking its own rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Standard chess.
    #[default]
    Standard,
    /// Chess960 (FIDE Laws, Guidelines III / Chess960 appendix).
    Chess960,
}

impl Variant {
    /// The stable lower-case name: `standard` or `chess960`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
        }
    }

    /// Whether this is Chess960.
    #[must_use]
    pub const fn is_chess960(self) -> bool {
        matches!(self, Variant::Chess960)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A variant name that is not one we play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?} (use standard or chess960)")]
pub struct ParseVariantError(pub String);

impl FromStr for Variant {
    type Err = ParseVariantError;
    /// Reads `standard` (also `chess`) and `chess960` (also `960`,
    /// `fischerandom`, `fischer random`, `frc`), ignoring case.
    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let t: String = s
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect::<String>()
            .to_ascii_lowercase();
        match t.as_str() {
            "standard" | "chess" => Ok(Variant::Standard),
            "chess960" | "960" | "fischerandom" | "fischerrandom" | "frc" => Ok(Variant::Chess960),
            _ => Err(ParseVariantError(s.trim().to_string())),
        }
    }
}

/// The number of Chess960 start positions.
pub const CHESS960_POSITIONS: u16 = 960;

/// The Scharnagl number of the standard start position.
pub const CHESS960_STANDARD: u16 = 518;

/// A start position number outside 0-959.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no Chess960 start position {0}: the positions are numbered 0 to 959")]
pub struct Chess960NumberError(pub u32);

/// Where the knights go among the five squares left after the bishops and
/// the queen, for the quotient 0-9 of Scharnagl's scheme.
const KNIGHT_PAIRS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// White's back rank (files a to h) of the Chess960 start position `n`,
/// by Scharnagl's numbering (518 is the standard position).
///
/// # Errors
/// [`Chess960NumberError`] when `n` is not in 0-959.
pub fn chess960_back_rank(n: u32) -> Result<[Role; 8], Chess960NumberError> {
    if n >= u32::from(CHESS960_POSITIONS) {
        return Err(Chess960NumberError(n));
    }
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut rest = n as usize;
    // The light-squared bishop on b, d, f or h; the dark one on a, c, e or g.
    rank[2 * (rest % 4) + 1] = Some(Role::Bishop);
    rest /= 4;
    rank[2 * (rest % 4)] = Some(Role::Bishop);
    rest /= 4;
    let queen = rest % 6;
    rest /= 6;
    let (n1, n2) = KNIGHT_PAIRS[rest];
    let place = |k: usize, role: Role, rank: &mut [Option<Role>; 8]| {
        if let Some(i) = (0..8).filter(|&i| rank[i].is_none()).nth(k) {
            rank[i] = Some(role);
        }
    };
    place(queen, Role::Queen, &mut rank);
    // The second knight's index counts the empty squares before the first
    // knight is placed: place it first.
    place(n2, Role::Knight, &mut rank);
    place(n1, Role::Knight, &mut rank);
    for role in [Role::Rook, Role::King, Role::Rook] {
        place(0, role, &mut rank);
    }
    let mut out = [Role::Pawn; 8];
    for (o, r) in out.iter_mut().zip(rank) {
        // All eight squares are filled: 2 bishops, queen, 2 knights, R K R.
        *o = r.unwrap_or(Role::Pawn);
    }
    Ok(out)
}

/// The Scharnagl number of a back rank, if it is a Chess960 start rank.
#[must_use]
pub fn chess960_number(back_rank: &[Role; 8]) -> Option<u32> {
    (0..u32::from(CHESS960_POSITIONS))
        .find(|&n| chess960_back_rank(n).ok().as_ref() == Some(back_rank))
}

impl Move {
    /// UCI notation in `variant`: as [`Move::uci`], except that castling in
    /// Chess960 is the king taking its own rook (`e1h1`, `b1a1`), the form
    /// lichess and engines in `UCI_Chess960` mode use.
    #[must_use]
    pub fn uci_for(self, variant: Variant) -> String {
        match (self, variant) {
            (Move::Castle { king, rook }, Variant::Chess960) => format!("{king}{rook}"),
            _ => self.uci(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::types::Square;

    #[test]
    fn standard_castling_uci_is_the_kings_two_square_move() {
        let m = Move::Castle {
            king: Square::E1,
            rook: Square::A1,
        };
        assert_eq!(m.uci_for(Variant::Standard), "e1c1");
    }

    #[test]
    fn chess960_castling_uci_is_king_takes_rook() {
        let m = Move::Castle {
            king: Square::B1,
            rook: Square::A1,
        };
        assert_eq!(m.to(), Square::C1);
        assert_eq!(m.uci_for(Variant::Chess960), "b1a1");
        let normal = Move::Normal {
            role: Role::King,
            from: Square::B1,
            to: Square::C1,
            capture: None,
            promotion: None,
        };
        assert_eq!(normal.uci_for(Variant::Chess960), "b1c1");
    }

    fn letters(n: u32) -> String {
        chess960_back_rank(n)
            .unwrap()
            .iter()
            .map(|r| r.upper_char())
            .collect()
    }

    #[test]
    fn scharnagl_518_is_the_standard_position() {
        assert_eq!(letters(518), "RNBQKBNR");
    }

    #[test]
    fn scharnagl_known_numbers() {
        // Published table (chess960.net / Wikipedia).
        assert_eq!(letters(0), "BBQNNRKR");
        assert_eq!(letters(1), "BQNBNRKR");
        assert_eq!(letters(959), "RKRNNQBB");
    }

    #[test]
    fn every_number_is_a_distinct_legal_start_rank() {
        let mut seen = std::collections::HashSet::new();
        for n in 0..960 {
            let rank = chess960_back_rank(n).unwrap();
            assert!(seen.insert(rank), "{n} repeats");
            let at = |role: Role| -> Vec<usize> { (0..8).filter(|&i| rank[i] == role).collect() };
            let b = at(Role::Bishop);
            assert_eq!(b.len(), 2);
            assert_ne!(b[0] % 2, b[1] % 2, "{n}: bishops on opposite colours");
            let r = at(Role::Rook);
            let k = at(Role::King);
            assert!(r[0] < k[0] && k[0] < r[1], "{n}: king between the rooks");
            assert_eq!(at(Role::Knight).len(), 2);
            assert_eq!(at(Role::Queen).len(), 1);
            assert_eq!(chess960_number(&rank), Some(n));
        }
        assert_eq!(chess960_back_rank(960), Err(Chess960NumberError(960)));
    }

    #[test]
    fn variant_names_parse() {
        assert_eq!("chess960".parse(), Ok(Variant::Chess960));
        assert_eq!("Chess 960".parse(), Ok(Variant::Chess960));
        assert_eq!("960".parse(), Ok(Variant::Chess960));
        assert_eq!("standard".parse(), Ok(Variant::Standard));
        assert!("atomic".parse::<Variant>().is_err());
        assert_eq!(Variant::Chess960.to_string(), "chess960");
    }
}
