//! Swiss tournaments as pure arithmetic: a tournament's history (who met
//! whom, with which colour and result, byes), the FIDE Dutch pairing of
//! its next round (`dutch`, on the blossom matching of `matching`), the
//! tie-breaks of its standings (`tiebreaks`) and its FIDE tournament
//! report (`trf`). No I/O; the service keeps the history in the store.

mod bracket;
pub mod dutch;
pub mod matching;
pub mod tiebreaks;
pub mod trf;
pub mod trf_read;
pub mod wide;

/// A colour in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other colour.
    #[must_use]
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What one player did in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    /// A game played over the board: the opponent (an index into the
    /// tournament's players), the colour, and the points in halves (0, 1,
    /// 2) once it ended, `None` while it runs.
    Played {
        opponent: usize,
        colour: Colour,
        halves: Option<u8>,
    },
    /// A game decided without being played (a side never moved): `won`
    /// for the side that gets the point. Not a game for colours; the pair
    /// still counts as having met.
    Forfeit {
        opponent: usize,
        colour: Colour,
        won: bool,
    },
    /// The pairing-allocated bye: one point, at most once per player.
    PairingBye,
    /// Not paired, no point: a round before a late entry, or after a
    /// withdrawal.
    ZeroBye,
}

impl Round {
    /// Points in halves (a running game counts nothing yet).
    #[must_use]
    pub fn halves(self) -> u32 {
        match self {
            Round::Played { halves, .. } => u32::from(halves.unwrap_or(0)),
            Round::Forfeit { won, .. } => 2 * u32::from(won),
            Round::PairingBye => 2,
            Round::ZeroBye => 0,
        }
    }

    /// The opponent, for a played or forfeited game.
    #[must_use]
    pub fn opponent(self) -> Option<usize> {
        match self {
            Round::Played { opponent, .. } | Round::Forfeit { opponent, .. } => Some(opponent),
            Round::PairingBye | Round::ZeroBye => None,
        }
    }

    /// A finished game over the board: the opponent, the colour, and the
    /// points in halves (0, 1, 2).
    #[must_use]
    pub fn finished(opponent: usize, colour: Colour, halves: u8) -> Round {
        Round::Played {
            opponent,
            colour,
            halves: Some(halves),
        }
    }

    /// Whether the round was a game over the board.
    #[must_use]
    pub fn played(self) -> bool {
        matches!(self, Round::Played { .. })
    }
}

/// One player of a Swiss: the rounds so far (index 0 is round 1) and
/// whether they still take part in pairings. The players of a tournament
/// are indexed in their initial order (pairing numbers from 1): by rating,
/// highest first, then by name.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    pub rounds: Vec<Round>,
    /// False after a withdrawal: left out of every later pairing.
    pub active: bool,
}

impl Player {
    /// A player with no rounds yet, taking part.
    #[must_use]
    pub fn new() -> Player {
        Player {
            rounds: Vec::new(),
            active: true,
        }
    }

    /// A player taking part, with the rounds so far.
    #[must_use]
    pub fn taking_part(rounds: Vec<Round>) -> Player {
        Player {
            rounds,
            active: true,
        }
    }

    /// Points in halves.
    #[must_use]
    pub fn halves(&self) -> u32 {
        self.rounds.iter().map(|r| r.halves()).sum()
    }

    /// Points in halves after the first `k` rounds.
    #[must_use]
    pub fn halves_after(&self, k: usize) -> u32 {
        self.rounds.iter().take(k).map(|r| r.halves()).sum()
    }

    /// The colours of the games played over the board, in order.
    #[must_use]
    pub fn colours(&self) -> Vec<Colour> {
        self.rounds
            .iter()
            .filter_map(|r| match r {
                Round::Played { colour, .. } => Some(*colour),
                _ => None,
            })
            .collect()
    }

    /// Whites minus blacks over the games played.
    #[must_use]
    pub fn colour_difference(&self) -> i32 {
        self.colours()
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum()
    }

    /// Whether the player met `other` (over the board or by forfeit).
    #[must_use]
    pub fn met(&self, other: usize) -> bool {
        self.rounds.iter().any(|r| r.opponent() == Some(other))
    }

    /// Whether the player played `other` over the board: what forbids a
    /// second pairing (a forfeited game was not played, so the two may
    /// still be paired, as FIDE's rules and the pairing engines have it).
    #[must_use]
    pub fn played_against(&self, other: usize) -> bool {
        self.rounds
            .iter()
            .any(|r| matches!(r, Round::Played { opponent, .. } if *opponent == other))
    }

    /// Whether the player may get the pairing-allocated bye: never had
    /// it, and never scored a point without playing (a forfeit win).
    #[must_use]
    pub fn may_get_bye(&self) -> bool {
        !self
            .rounds
            .iter()
            .any(|r| matches!(r, Round::PairingBye | Round::Forfeit { won: true, .. }))
    }
}

/// How strongly a player wants a colour (FIDE Dutch A.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// A player's colour preference: the colour and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub colour: Option<Colour>,
    pub strength: Strength,
}

/// The colour preference of `p` (Dutch A.6): absolute when the colour
/// difference is beyond ±1 or the last two games had the same colour;
/// strong at ±1; mild at 0 (the other colour than last time); none before
/// a first game.
#[must_use]
pub fn preference(p: &Player) -> Preference {
    let colours = p.colours();
    let cd = p.colour_difference();
    let Some(&last) = colours.last() else {
        return Preference {
            colour: None,
            strength: Strength::None,
        };
    };
    let twice = colours.len() >= 2 && colours[colours.len() - 2] == last;
    if !(-1..=1).contains(&cd) || twice {
        let colour = if cd > 1 {
            Colour::Black
        } else if cd < -1 {
            Colour::White
        } else {
            last.other()
        };
        return Preference {
            colour: Some(colour),
            strength: Strength::Absolute,
        };
    }
    if cd != 0 {
        let colour = if cd > 0 { Colour::Black } else { Colour::White };
        return Preference {
            colour: Some(colour),
            strength: Strength::Strong,
        };
    }
    Preference {
        colour: Some(last.other()),
        strength: Strength::Mild,
    }
}
