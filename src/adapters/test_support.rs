//! What the adapters' unit tests share: the service commands a
//! `challenge` and a `computer` given no options become, on every
//! platform.

use crate::chess::RulesMode;
use crate::service::{
    Actor, ChallengeExtras, ChallengeOptions, ColorChoice, Command, ComputerOptions, DEFAULT_LEVEL,
};

/// The options of a `challenge` given none: random colours, three days a
/// move, house rules, rated, standard chess.
pub(crate) fn open_options() -> ChallengeOptions {
    ChallengeOptions {
        color: ColorChoice::Random,
        days: 3,
        fen: None,
        rules: RulesMode::House,
        rated: true,
        variant: None,
        position: None,
        extras: ChallengeExtras::default(),
    }
}

/// A challenge of `opponent` (anyone, when none) with `options`.
pub(crate) fn challenge(opponent: Option<Actor>, options: ChallengeOptions) -> Command {
    Command::Challenge {
        opponent,
        options: Box::new(options),
    }
}

/// A `computer` game given no options: the default level, random colours,
/// three days a move, from the standard start.
pub(crate) fn open_computer() -> Command {
    Command::Computer(ComputerOptions {
        level: DEFAULT_LEVEL,
        color: ColorChoice::Random,
        days: 3,
        fen: None,
        variant: None,
        position: None,
    })
}
