//! Rules-core speed: perft nodes per second for our move generator and for
//! shakmaty in the same run (both bulk-counted at the last ply), standard
//! and Chess960, move-input parsing per second and SAN formatting per
//! second.
//!
//! `cargo bench --bench chess`; the element throughput criterion prints is
//! nodes (or moves) per second.

use std::hint::black_box;
use std::time::Duration;

use chessbot::chess::perft::{perft, perft_generated};
use chessbot::chess::{Position, Variant};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITIONS: &[&str] = &[
    START,
    KIWIPETE,
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

fn shakmaty_position(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("valid FEN");
    f.into_position(CastlingMode::Standard)
        .expect("legal position")
}

fn bench_perft(c: &mut Criterion) {
    let cases: &[(&str, &str, u32, u64)] = &[
        ("start", START, 5, 4_865_609),
        ("kiwipete", KIWIPETE, 4, 4_085_603),
        ("kiwipete", KIWIPETE, 5, 193_690_690),
    ];
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &(name, fen, depth, nodes) in cases {
        let ours = Position::from_fen(fen).expect("valid");
        let theirs = shakmaty_position(fen);
        assert_eq!(
            perft(&ours, depth.min(4)),
            shakmaty::perft(&theirs, depth.min(4))
        );
        group.throughput(Throughput::Elements(nodes));
        let id = format!("{name}/{depth}");
        group.bench_with_input(BenchmarkId::new("chessbot", &id), &depth, |b, &d| {
            b.iter(|| assert_eq!(perft(black_box(&ours), d), nodes));
        });
        // Also bulk-counted over built move lists, as shakmaty's perft does.
        group.bench_with_input(BenchmarkId::new("chessbot-lists", &id), &depth, |b, &d| {
            b.iter(|| assert_eq!(perft_generated(black_box(&ours), d), nodes));
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", &id), &depth, |b, &d| {
            b.iter(|| assert_eq!(shakmaty::perft(black_box(&theirs), d), nodes));
        });
    }
    group.finish();
}

/// Chess960 perft: start positions by number and middlegames of the 960
/// suite, ours and shakmaty's `CastlingMode::Chess960` side by side.
fn bench_perft960(c: &mut Criterion) {
    let cases: &[(&str, &str, u32, u64)] = &[
        (
            "start-0",
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
            5,
            4_975_808,
        ),
        (
            "start-959",
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
            5,
            4_973_573,
        ),
        (
            "suite-0",
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            5,
            8_146_062,
        ),
        (
            "suite-1",
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            5,
            16_253_601,
        ),
    ];
    let mut group = c.benchmark_group("perft960");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &(name, fen, depth, nodes) in cases {
        let ours = Position::from_fen_variant(fen, Variant::Chess960).expect("valid");
        let f: Fen = fen.parse().expect("valid FEN");
        let theirs: Chess = f
            .into_position(CastlingMode::Chess960)
            .expect("legal position");
        assert_eq!(perft(&ours, 3), shakmaty::perft(&theirs, 3));
        group.throughput(Throughput::Elements(nodes));
        let id = format!("{name}/{depth}");
        group.bench_with_input(BenchmarkId::new("chessbot", &id), &depth, |b, &d| {
            b.iter(|| assert_eq!(perft(black_box(&ours), d), nodes));
        });
        group.bench_with_input(BenchmarkId::new("chessbot-lists", &id), &depth, |b, &d| {
            b.iter(|| assert_eq!(perft_generated(black_box(&ours), d), nodes));
        });
        group.bench_with_input(BenchmarkId::new("shakmaty", &id), &depth, |b, &d| {
            b.iter(|| assert_eq!(shakmaty::perft(black_box(&theirs), d), nodes));
        });
    }
    group.finish();
}

/// Positions from the test suite and a few plies into each.
fn sample_positions() -> Vec<Position> {
    let mut out = Vec::new();
    for fen in POSITIONS {
        let mut p = Position::from_fen(fen).expect("valid");
        for i in 0..6 {
            out.push(p.clone());
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p = p.after(moves[(i * 5 + 1) % moves.len()]);
        }
    }
    out
}

fn bench_notation(c: &mut Criterion) {
    let positions = sample_positions();
    // Every legal move of every sample position, as SAN and as UCI.
    let mut inputs: Vec<(usize, String)> = Vec::new();
    for (i, p) in positions.iter().enumerate() {
        for m in p.legal_moves() {
            inputs.push((i, p.san(m)));
            inputs.push((i, m.uci()));
        }
    }
    let moves: usize = positions.iter().map(|p| p.legal_moves().len()).sum();

    let mut group = c.benchmark_group("notation");
    group.throughput(Throughput::Elements(inputs.len() as u64));
    group.bench_function("parse_move", |b| {
        b.iter(|| {
            for (i, s) in &inputs {
                let r = positions[*i].parse_move(black_box(s));
                debug_assert!(r.is_ok());
                black_box(r.ok());
            }
        });
    });
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("san", |b| {
        b.iter(|| {
            for p in &positions {
                for m in p.legal_moves() {
                    black_box(p.san(m));
                }
            }
        });
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_perft960, bench_notation);
criterion_main!(benches);
