//! The computer's playing levels 1-8, like lichess's AI levels: Stockfish's
//! `Skill Level` option plus a depth and a move-time limit that grow with
//! the level; the search stops at whichever limit comes first.
//!
//! | level | Skill Level | depth | move time |
//! | ----: | ----------: | ----: | --------: |
//! | 1 | 0  | 1  | 50 ms   |
//! | 2 | 3  | 2  | 100 ms  |
//! | 3 | 6  | 3  | 150 ms  |
//! | 4 | 9  | 5  | 200 ms  |
//! | 5 | 12 | 8  | 300 ms  |
//! | 6 | 15 | 12 | 400 ms  |
//! | 7 | 18 | 16 | 600 ms  |
//! | 8 | 20 | 22 | 1000 ms |
//!
//! Skill Level 20 is Stockfish at full strength; below it Stockfish picks a
//! weaker move among its best few, more often the lower the level. (lichess
//! goes below Skill Level 0 with its own Stockfish build; Debian's 15.1 stops
//! at 0, so level 1 is weakened by depth 1 instead.)

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A playing level, 1 (weakest) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// One row of the table in this module's documentation.
struct Limits {
    skill: u8,
    depth: u32,
    movetime_ms: u64,
}

#[rustfmt::skip]
const TABLE: [Limits; 8] = [
    Limits { skill: 0, depth: 1, movetime_ms: 50 },
    Limits { skill: 3, depth: 2, movetime_ms: 100 },
    Limits { skill: 6, depth: 3, movetime_ms: 150 },
    Limits { skill: 9, depth: 5, movetime_ms: 200 },
    Limits { skill: 12, depth: 8, movetime_ms: 300 },
    Limits { skill: 15, depth: 12, movetime_ms: 400 },
    Limits { skill: 18, depth: 16, movetime_ms: 600 },
    Limits { skill: 20, depth: 22, movetime_ms: 1000 },
];

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// The level `n`, if it is 1-8.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number, 1-8.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    fn limits(self) -> &'static Limits {
        &TABLE[usize::from(self.0 - 1)]
    }

    /// Stockfish's `Skill Level` option (0-20).
    #[must_use]
    pub fn skill(self) -> u8 {
        self.limits().skill
    }

    /// The search depth limit in plies.
    #[must_use]
    pub fn depth(self) -> u32 {
        self.limits().depth
    }

    /// The search time limit.
    #[must_use]
    pub fn movetime(self) -> Duration {
        Duration::from_millis(self.limits().movetime_ms)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A level that is not a number from 1 to 8.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the level must be a number from 1 to 8, not {0:?}")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

impl TryFrom<u8> for Level {
    type Error = ParseLevelError;

    fn try_from(n: u8) -> Result<Level, ParseLevelError> {
        Level::new(n).ok_or_else(|| ParseLevelError(n.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_one_to_eight() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::new(1), Some(Level::MIN));
        assert_eq!(Level::new(8), Some(Level::MAX));
        assert_eq!("3".parse::<Level>(), Ok(Level(3)));
        assert_eq!(" 8 ".parse::<Level>(), Ok(Level::MAX));
        assert!("9".parse::<Level>().is_err());
        assert!("x".parse::<Level>().is_err());
        assert!(Level::try_from(0).is_err());
        assert_eq!(Level::MAX.to_string(), "8");
        assert_eq!(Level::all().count(), 8);
    }

    #[test]
    fn limits_grow_with_the_level() {
        let levels: Vec<Level> = Level::all().collect();
        for pair in levels.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.skill() <= b.skill(), "skill at {a} and {b}");
            assert!(a.depth() < b.depth(), "depth at {a} and {b}");
            assert!(a.movetime() < b.movetime(), "movetime at {a} and {b}");
        }
    }

    #[test]
    fn level_eight_is_full_strength_within_a_second() {
        assert_eq!(Level::MAX.skill(), 20);
        assert_eq!(Level::MAX.movetime(), Duration::from_secs(1));
        assert_eq!(Level::MIN.skill(), 0);
        assert_eq!(Level::MIN.depth(), 1);
    }
}
