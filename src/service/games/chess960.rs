//! Chess960 in the product: how a new game's start is chosen from the
//! `variant`, `position` and `fen` options (a random numbered position when
//! none is given), how a stored game is rebuilt in its variant, the rating
//! pool of a variant, and reading a stored FEN of either variant.
//!
//! Decisions (docs/RULES.md, "Chess960"): `position:N` alone implies
//! Chess960; `variant:standard` with a position is refused
//! (`invalid_variant`); a position and a FEN together are refused; a
//! Chess960 FEN that is exactly a numbered start position counts as that
//! position (rated as usual), any other FEN is a custom start (never rated).

use std::hash::{BuildHasher, Hasher};

use crate::chess::variant::CHESS960_POSITIONS;
use crate::chess::{Color, FenError, Game, Position, RulesMode, Variant};
use crate::i18n::Locale;

use super::game::{Failure, user};
use super::messages as msg;

/// The start of a new game as the options chose it.
pub(in crate::service) struct Start {
    pub(in crate::service) game: Game,
    pub(in crate::service) variant: Variant,
    /// The Chess960 start position number, when the game starts from one.
    pub(in crate::service) position: Option<u32>,
    /// The normalised custom FEN the players gave (never rated).
    pub(in crate::service) custom: Option<String>,
}

impl Start {
    /// The stored position number.
    pub(in crate::service) fn stored_position(&self) -> Option<i64> {
        self.position.map(i64::from)
    }
}

/// A random Chess960 start position number (0-959).
pub(in crate::service) fn random_position() -> u32 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x0960);
    // The remainder is below 960: it fits.
    u32::try_from(h.finish() % u64::from(CHESS960_POSITIONS)).unwrap_or(518)
}

/// Chooses the start of a new game from the options of `challenge` or
/// `computer`. Refusals: `invalid_variant` (a position with
/// `variant:standard`), `invalid_option` (a position out of 0-959, or a
/// position and a FEN together), `invalid_fen`.
pub(in crate::service) fn choose_start(
    loc: Locale,
    variant: Option<Variant>,
    position: Option<u32>,
    fen: Option<&str>,
    rules: RulesMode,
) -> Result<Start, Failure> {
    let fen = fen.map(str::trim).filter(|f| !f.is_empty());
    if variant == Some(Variant::Standard) && position.is_some() {
        return Err(user(
            "invalid_variant",
            msg::chess960_position_standard(loc),
        ));
    }
    if let Some(n) = position
        && n >= u32::from(CHESS960_POSITIONS)
    {
        return Err(user(
            "invalid_option",
            msg::chess960_bad_position(loc, &n.to_string()),
        ));
    }
    if position.is_some() && fen.is_some() {
        return Err(user("invalid_option", msg::chess960_position_and_fen(loc)));
    }
    let variant = variant.unwrap_or(if position.is_some() {
        Variant::Chess960
    } else {
        Variant::Standard
    });
    if let Some(f) = fen {
        let game = Game::from_fen_variant(f, variant, rules)
            .and_then(|g| g.position().check_start().map(|()| g))
            .map_err(|e| user("invalid_fen", msg::invalid_fen(loc, &e.to_string())))?;
        if game.outcome().is_some() {
            return Err(user("invalid_fen", msg::fen_game_over(loc)));
        }
        let numbered = match variant {
            Variant::Chess960 => game.position().chess960_number(),
            Variant::Standard => None,
        };
        return Ok(match numbered {
            Some(n) => Start {
                game: numbered_game(n, rules),
                variant,
                position: Some(n),
                custom: None,
            },
            None => Start {
                custom: Some(game.position().fen()),
                game,
                variant,
                position: None,
            },
        });
    }
    Ok(match variant {
        Variant::Standard => Start {
            game: Game::new(rules),
            variant,
            position: None,
            custom: None,
        },
        Variant::Chess960 => {
            let n = position.unwrap_or_else(random_position);
            Start {
                game: numbered_game(n, rules),
                variant,
                position: Some(n),
                custom: None,
            }
        }
    })
}

/// The Chess960 game from start position `n` (checked to be 0-959).
fn numbered_game(n: u32, rules: RulesMode) -> Game {
    Game::chess960(n, rules).unwrap_or_else(|_| Game::new(rules))
}

/// The start of a game to begin from stored options (an accepted
/// challenge, a rematch): the custom FEN in its variant, else the numbered
/// Chess960 position, else the standard position.
///
/// # Errors
/// The FEN reader's error for a stored FEN that no longer reads.
pub(in crate::service) fn stored_start(
    variant: &str,
    position: Option<i64>,
    custom: Option<&str>,
    rules: RulesMode,
) -> Result<Game, FenError> {
    let variant = variant.parse().unwrap_or_default();
    match (
        custom,
        variant,
        position.and_then(|n| u32::try_from(n).ok()),
    ) {
        (Some(f), v, _) => Game::from_fen_variant(f, v, rules),
        (None, Variant::Chess960, Some(n)) => Ok(numbered_game(n, rules)),
        (None, _, _) => Ok(Game::new(rules)),
    }
}

/// The rating pool a game of `variant` counts in: the community itself for
/// standard chess, `<community>:chess960` for Chess960 (a Glicko-2 pool of
/// its own in the same table).
pub(in crate::service) fn rating_pool(community: String, variant: Variant) -> String {
    match variant {
        Variant::Standard => community,
        Variant::Chess960 => format!("{community}:chess960"),
    }
}

/// The variant of a stored row (`standard` for anything unknown).
pub(in crate::service) fn row_variant(name: &str) -> Variant {
    name.parse().unwrap_or_default()
}

/// Reads a FEN the bot wrote, of either variant: as standard chess, else
/// as Chess960 (X-FEN), whose castling field standard chess cannot read.
///
/// # Errors
/// The standard reader's error when neither reads it.
pub fn read_any_fen(fen: &str) -> Result<Position, FenError> {
    Position::from_fen(fen)
        .or_else(|e| Position::from_fen_variant(fen, Variant::Chess960).map_err(|_| e))
}

/// The side to move in a stored FEN (White when it does not read).
pub(in crate::service) fn fen_turn(fen: &str) -> Color {
    read_any_fen(fen).map_or(Color::White, |p| p.turn())
}

/// The start message's line naming the variant: the Chess960 position
/// number, or a Chess960 set-up position; `None` for standard chess.
pub(in crate::service) fn start_line(
    loc: Locale,
    variant: Variant,
    position: Option<u32>,
) -> Option<String> {
    match (variant, position) {
        (Variant::Standard, _) => None,
        (Variant::Chess960, Some(n)) => Some(msg::chess960_start(loc, n)),
        (Variant::Chess960, None) => Some(msg::chess960_set_up(loc)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_alone_implies_chess960() {
        let s = choose_start(Locale::En, None, Some(518), None, RulesMode::House)
            .ok()
            .unwrap();
        assert_eq!(s.variant, Variant::Chess960);
        assert_eq!(s.position, Some(518));
        assert!(s.custom.is_none());
        assert_eq!(s.game.variant(), Variant::Chess960);
    }

    #[test]
    fn standard_with_a_position_and_out_of_range_numbers_are_refused() {
        let code = |r: Result<Start, Failure>| match r {
            Err(Failure::User { code, .. }) => code,
            _ => "ok",
        };
        let house = RulesMode::House;
        let en = Locale::En;
        assert_eq!(
            code(choose_start(
                en,
                Some(Variant::Standard),
                Some(3),
                None,
                house
            )),
            "invalid_variant"
        );
        assert_eq!(
            code(choose_start(en, None, Some(960), None, house)),
            "invalid_option"
        );
        let fen = Some("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(
            code(choose_start(en, None, Some(1), fen, house)),
            "invalid_option"
        );
    }

    #[test]
    fn a_random_960_start_has_a_number_and_a_960_fen_of_a_start_is_numbered() {
        let s = choose_start(
            Locale::En,
            Some(Variant::Chess960),
            None,
            None,
            RulesMode::House,
        )
        .ok()
        .unwrap();
        let n = s.position.unwrap();
        assert!(n < 960);
        let fen = Position::chess960(n).unwrap().fen();
        let again = choose_start(
            Locale::En,
            Some(Variant::Chess960),
            None,
            Some(&fen),
            RulesMode::House,
        )
        .ok()
        .unwrap();
        assert_eq!(again.position, Some(n));
        assert!(again.custom.is_none());
    }

    #[test]
    fn pools_are_separate_and_fens_of_both_variants_read() {
        assert_eq!(rating_pool("console".into(), Variant::Standard), "console");
        assert_eq!(
            rating_pool("discord:42".into(), Variant::Chess960),
            "discord:42:chess960"
        );
        let x = Position::chess960(0).unwrap().fen();
        assert!(Position::from_fen(&x).is_err());
        assert_eq!(read_any_fen(&x).unwrap().variant(), Variant::Chess960);
        assert_eq!(fen_turn(&x), Color::White);
    }
}
