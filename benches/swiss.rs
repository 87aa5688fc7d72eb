//! Swiss pairing speed: one round of a 200-player Swiss paired by the
//! FIDE Dutch system (Edmonds' blossom matching, bracket by bracket) with
//! the full history of the rounds before it: round 1 (one bracket of
//! 200), round 2 (three brackets of about 70 equal players: the longest
//! tie-break weights), and rounds 6 and 10 (many score groups, floats and
//! colour histories). The target is at most 100 ms a round.
//!
//! `cargo bench --bench swiss`.

use std::hint::black_box;
use std::time::Duration;

use chessbot::swiss::dutch::pair;
use chessbot::swiss::{Colour, Player, Round};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};

const PLAYERS: usize = 200;
const ROUNDS: usize = 11;

/// A 200-player Swiss after `played` rounds with pseudo-random results
/// (the higher seed wins more often), paired by the Dutch system.
fn history(played: usize) -> Vec<Player> {
    let mut players: Vec<Player> = (0..PLAYERS).map(|_| Player::new()).collect();
    let mut seed: u64 = 0x5eed_cafe;
    for _ in 0..played {
        let p = pair(&players, ROUNDS).expect("a pairing");
        for (w, b) in p.games {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let roll = seed % 10;
            let white = match roll {
                0..=3 => 2,
                4..=6 => 1,
                _ => 0,
            };
            let white = if w < b { white } else { 2 - white };
            players[w].rounds.push(Round::Played {
                opponent: b,
                colour: Colour::White,
                halves: Some(white),
            });
            players[b].rounds.push(Round::Played {
                opponent: w,
                colour: Colour::Black,
                halves: Some(2 - white),
            });
        }
        if let Some(b) = p.bye {
            players[b].rounds.push(Round::PairingBye);
        }
    }
    players
}

fn bench_pairing(c: &mut Criterion) {
    let mut group = c.benchmark_group("dutch_200");
    group.measurement_time(Duration::from_secs(10));
    group.sample_size(20);
    for round in [1, 2, 6, 10] {
        let players = history(round - 1);
        group.bench_with_input(BenchmarkId::new("round", round), &players, |b, players| {
            b.iter(|| pair(black_box(players), ROUNDS).expect("a pairing"));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_pairing);
criterion_main!(benches);
