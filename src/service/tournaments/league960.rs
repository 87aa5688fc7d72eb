//! Chess960 leagues: a league created with `variant:chess960`
//! plays every game as Chess960, rated (when the league is) in the
//! community's Chess960 pool like any 960 game.
//!
//! Fairness of the positions: each pairing gets its own start position,
//! drawn uniformly from the 960, and in a double round robin both games of
//! a pair play the same position with colours swapped (the usual 960
//! rematch), so neither player keeps the better side of a lopsided
//! position.
//!
//! Storage: this round has no migration for it, so a 960 league keeps its
//! variant in its `rules` text: `house+chess960` or `fide+chess960`;
//! standard leagues keep `house` / `fide` as before, and the games
//! themselves are stored with their own variant and position columns.

use std::collections::HashMap;

use super::chess960::random_position;
use crate::chess::{Game, RulesMode, Variant};

/// The suffix of a stored league `rules` value for a Chess960 league.
const CHESS960_SUFFIX: &str = "+chess960";

/// A league's stored `rules` text for `rules` and `variant`.
pub(in crate::service) fn stored_league_rules(rules: RulesMode, variant: Variant) -> String {
    match variant {
        Variant::Standard => rules.as_str().to_string(),
        Variant::Chess960 => format!("{}{CHESS960_SUFFIX}", rules.as_str()),
    }
}

/// A stored league `rules` text read back: the games' rules (as stored
/// in game rows) and the variant.
pub(in crate::service) fn league_rules(stored: &str) -> (String, Variant) {
    match stored.strip_suffix(CHESS960_SUFFIX) {
        Some(rules) => (rules.to_string(), Variant::Chess960),
        None => (stored.to_string(), Variant::Standard),
    }
}

/// The start of each league game, in the order of `pairings` (cycle,
/// round, white seat, black seat): `None` for standard chess, else the
/// Chess960 position number, drawn by `draw` once per pair of seats.
pub(in crate::service) fn league_positions(
    variant: Variant,
    pairings: &[(usize, usize, usize, usize)],
    mut draw: impl FnMut() -> u32,
) -> Vec<Option<u32>> {
    if variant == Variant::Standard {
        return vec![None; pairings.len()];
    }
    let mut of_pair: HashMap<(usize, usize), u32> = HashMap::new();
    pairings
        .iter()
        .map(|&(_, _, w, b)| {
            Some(
                *of_pair
                    .entry((w.min(b), w.max(b)))
                    .or_insert_with(&mut draw),
            )
        })
        .collect()
}

/// The positions of a league's games, drawn at random.
pub(in crate::service) fn draw_league_positions(
    variant: Variant,
    pairings: &[(usize, usize, usize, usize)],
) -> Vec<Option<u32>> {
    league_positions(variant, pairings, random_position)
}

/// The start FEN of a league game: the standard position, or Chess960
/// position `n` as X-FEN.
pub(in crate::service) fn league_start_fen(position: Option<u32>, rules: RulesMode) -> String {
    match position.map(|n| Game::chess960(n, rules)) {
        Some(Ok(g)) => g.position().fen(),
        _ => Game::new(rules).position().fen(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::league_table::pairings;

    #[test]
    fn the_variant_rides_in_the_rules_text_and_standard_is_unchanged() {
        assert_eq!(
            stored_league_rules(RulesMode::House, Variant::Standard),
            "house"
        );
        assert_eq!(
            league_rules(&stored_league_rules(RulesMode::Fide, Variant::Chess960)),
            ("fide".to_string(), Variant::Chess960)
        );
        assert_eq!(
            league_rules("house"),
            ("house".to_string(), Variant::Standard)
        );
    }

    #[test]
    fn each_pair_draws_once_and_both_cycles_share_it_with_colours_swapped() {
        let games = pairings(5, 2);
        let mut next = 0u32;
        let positions = league_positions(Variant::Chess960, &games, || {
            next += 1;
            next
        });
        // Five players: ten pairs, ten draws, twenty games.
        assert_eq!(games.len(), 20);
        assert_eq!(next, 10);
        for (i, &(cycle, _, w, b)) in games.iter().enumerate() {
            let twin = games
                .iter()
                .position(|&(c, _, w2, b2)| c != cycle && w2 == b && b2 == w)
                .unwrap();
            assert_eq!(positions[i], positions[twin]);
        }
        let mut distinct: Vec<_> = positions.iter().flatten().collect();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 10);
        assert_eq!(
            league_positions(Variant::Standard, &games, || 1),
            vec![None; 20]
        );
    }

    #[test]
    fn a_league_game_starts_from_its_numbered_position() {
        let fen = league_start_fen(Some(0), RulesMode::House);
        assert!(fen.starts_with("bbqnnrkr/pppppppp/"), "{fen}");
        assert_eq!(
            league_start_fen(None, RulesMode::House),
            crate::chess::Position::startpos().fen()
        );
    }
}
