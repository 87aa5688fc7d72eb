//! Tests of the Dutch pairing: known first rounds, byes, and generated
//! tournaments checked against the absolute criteria, with a brute-force
//! search confirming a complete pairing is found whenever one exists.

use super::super::{Colour, Player, Round};
use super::*;
use proptest::prelude::*;

fn fresh(n: usize) -> Vec<Player> {
    (0..n).map(|_| Player::new()).collect()
}

#[test]
fn round_one_pairs_top_half_against_bottom_half_colours_alternating() {
    let p = pair(&fresh(8), 5).expect("pairing");
    assert_eq!(p.games, vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
    assert_eq!(p.bye, None);
}

#[test]
fn odd_field_gives_the_bye_to_the_lowest_ranked() {
    let p = pair(&fresh(9), 5).expect("pairing");
    assert_eq!(p.bye, Some(8));
    assert_eq!(p.games, vec![(0, 4), (5, 1), (2, 6), (7, 3)]);
}

#[test]
fn nobody_gets_the_bye_twice() {
    let mut players = fresh(3);
    players[2].rounds.push(Round::PairingBye);
    players[0].rounds.push(Round::finished(1, Colour::White, 2));
    players[1].rounds.push(Round::finished(0, Colour::Black, 0));
    let p = pair(&players, 3).expect("pairing");
    assert_ne!(p.bye, Some(2));
    // 0 and 1 met: 2 plays one of them, the other gets the bye; the
    // lowest score (1, no points) takes it.
    assert_eq!(p.bye, Some(1));
    assert_eq!(p.games.len(), 1);
}

#[test]
fn no_pairing_left_is_an_error() {
    let mut players = fresh(2);
    players[0].rounds.push(Round::finished(1, Colour::White, 1));
    players[1].rounds.push(Round::finished(0, Colour::Black, 1));
    assert_eq!(pair(&players, 3), Err(PairingError::Impossible));
    assert_eq!(pair(&fresh(1), 3), Err(PairingError::TooFew));
}

#[test]
fn a_forfeit_is_no_meeting() {
    // Two players whose game was forfeited may be paired again; a played
    // game forbids it.
    let mut players = fresh(2);
    players[0].rounds.push(Round::Forfeit {
        opponent: 1,
        colour: Colour::White,
        won: true,
    });
    players[1].rounds.push(Round::Forfeit {
        opponent: 0,
        colour: Colour::Black,
        won: false,
    });
    assert_eq!(pair(&players, 3).expect("a pairing").games.len(), 1);
    players[0].rounds[0] = Round::finished(1, Colour::White, 2);
    players[1].rounds[0] = Round::finished(0, Colour::Black, 0);
    assert_eq!(pair(&players, 3), Err(PairingError::Impossible));
}

#[test]
fn the_initial_colour_decides_round_one() {
    let players = fresh(4);
    let white = pair_with(&players, 3, Colour::White).expect("a pairing");
    let black = pair_with(&players, 3, Colour::Black).expect("a pairing");
    assert_eq!(white.games, vec![(0, 2), (3, 1)]);
    assert_eq!(black.games, vec![(2, 0), (1, 3)]);
}

#[test]
fn winners_meet_winners() {
    // Round 2 of eight after 1-5, 6-2, 3-7, 8-4 won by the top seeds.
    let mut players = fresh(8);
    for &(w, b) in &[(0, 4), (5, 1), (2, 6), (7, 3)] {
        let top_wins = w.min(b);
        for (me, them, colour) in [(w, b, Colour::White), (b, w, Colour::Black)] {
            players[me].rounds.push(Round::Played {
                opponent: them,
                colour,
                halves: Some(if me == top_wins { 2 } else { 0 }),
            });
        }
    }
    let p = pair(&players, 5).expect("pairing");
    // Winners 0..3 pair among themselves; S1 against S2 (0-2, 1-3) would
    // cost two colour preferences (0 and 2 both had white), the
    // transposition 0-3, 1-2 none, and colours come before the order.
    let mut pairs: Vec<(usize, usize)> =
        p.games.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    pairs.sort_unstable();
    assert_eq!(pairs, vec![(0, 3), (1, 2), (4, 7), (5, 6)]);
    assert_eq!(p.games, vec![(3, 0), (1, 2), (4, 7), (6, 5)]);
}

/// A small deterministic generator for the simulated tournaments.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Whether some complete pairing of the active players satisfies the
/// absolute criteria (brute force, small fields only).
fn exists(players: &[Player], round: usize, total: usize) -> bool {
    let active: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    fn go(
        left: &mut Vec<usize>,
        players: &[Player],
        round: usize,
        total: usize,
        bye_used: bool,
    ) -> bool {
        let Some(&a) = left.first() else {
            return true;
        };
        left.remove(0);
        if left.len().is_multiple_of(2)
            && !bye_used
            && players[a].may_get_bye()
            && go(left, players, round, total, true)
        {
            left.insert(0, a);
            return true;
        }
        for k in 0..left.len() {
            let b = left[k];
            if compatible(players, a, b, round, total) {
                left.remove(k);
                let ok = go(left, players, round, total, bye_used);
                left.insert(k, b);
                if ok {
                    left.insert(0, a);
                    return true;
                }
            }
        }
        left.insert(0, a);
        false
    }
    let mut left = active;
    let odd = left.len() % 2 == 1;
    go(&mut left, players, round, total, !odd)
}

/// Checks one round's pairing against the absolute criteria and applies
/// it with random results. Returns false when the round could not be
/// paired (checked to be truly impossible on small fields).
fn play_round(players: &mut Vec<Player>, total: usize, rng: &mut Rng) -> bool {
    let round = next_round(players);
    let active: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    let pairing = match pair(players, total) {
        Ok(p) => p,
        Err(e) => {
            if active.len() <= 12 && active.len() >= 2 {
                assert!(
                    !exists(players, round, total),
                    "no pairing found though one exists: {players:?}"
                );
            }
            let _ = e;
            return false;
        }
    };
    // Every active player exactly once; nobody else.
    let mut seen = vec![0; players.len()];
    for &(w, b) in &pairing.games {
        seen[w] += 1;
        seen[b] += 1;
        assert!(!players[w].played_against(b), "rematch {w}-{b}");
    }
    if let Some(b) = pairing.bye {
        seen[b] += 1;
        assert!(players[b].may_get_bye(), "second bye for {b}");
        // The bye goes to the lowest score among those who may take it
        // and whose absence from the games still lets the rest pair.
        assert_eq!(active.len() % 2, 1);
    }
    for i in 0..players.len() {
        assert_eq!(seen[i], usize::from(players[i].active), "player {i}");
    }
    let halves: Vec<u32> = players.iter().map(Player::halves).collect();
    let top = |i: usize| topscorer(players, i, round, total);
    let mut excused = vec![false; players.len()];
    for &(w, b) in &pairing.games {
        if top(w) || top(b) {
            excused[w] = true;
            excused[b] = true;
        }
    }
    for (w, b) in pairing.games.clone() {
        let forfeit = rng.below(20) == 0;
        let r = rng.below(3) as u8;
        for (me, them, colour, h) in [(w, b, Colour::White, r), (b, w, Colour::Black, 2 - r)] {
            players[me].rounds.push(if forfeit {
                Round::Forfeit {
                    opponent: them,
                    colour,
                    won: me == w,
                }
            } else {
                Round::Played {
                    opponent: them,
                    colour,
                    halves: Some(h),
                }
            });
        }
    }
    if let Some(b) = pairing.bye {
        players[b].rounds.push(Round::PairingBye);
    }
    for p in players.iter_mut() {
        if p.rounds.len() < round {
            p.rounds.push(Round::ZeroBye);
        }
    }
    // The colour rules held for everyone not excused as a topscorer.
    for (i, p) in players.iter().enumerate() {
        if excused[i] {
            continue;
        }
        let c = p.colours();
        assert!(
            p.colour_difference().abs() <= 2,
            "colour difference of {i}: {c:?}"
        );
        assert!(
            !c.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]),
            "three in a row for {i}: {c:?}"
        );
    }
    let _ = halves;
    true
}

fn simulate(seed: u64, n: usize, total: usize) -> usize {
    let mut rng = Rng(seed | 1);
    let mut players = fresh(n);
    let mut rounds = 0;
    for r in 1..=total {
        if r > 1 && rng.below(10) == 0 {
            // A withdrawal.
            let active: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
            if active.len() > 3 {
                let i = active[rng.below(active.len() as u64) as usize];
                players[i].active = false;
            }
        }
        if r > 1 && rng.below(10) == 0 {
            // A late entry, with zero-point byes for the rounds missed.
            let mut p = Player::new();
            p.rounds = vec![Round::ZeroBye; r - 1];
            players.push(p);
        }
        if !play_round(&mut players, total, &mut rng) {
            break;
        }
        rounds += 1;
    }
    rounds
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn generated_tournaments_keep_the_absolute_criteria(
        seed in any::<u64>(),
        n in 4usize..=26,
        extra in 0usize..=8,
    ) {
        let total = (3 + extra).min(n - 1).max(3);
        simulate(seed, n, total);
    }
}

#[test]
fn a_full_field_of_two_hundred_pairs_every_round() {
    let rounds = simulate(7, 200, 9);
    assert_eq!(rounds, 9);
}
