//! Chess960 perft against `tests/data/chess960_perft.txt`: the 960 start
//! positions by number (counts from shakmaty) and the published Chess960
//! suite of 960 middlegames (chessprogramming.org, Ethereal's fischer.epd).
//!
//! `chess960_perft_fast` runs every start-position count up to
//! [`FAST_LIMIT`] and every suite position to depth 3; `chess960_perft`
//! (ignored by default) the deep ones: depth 5 of the first
//! [`DEEP_SUITE`] suite positions, depth 6 of the first, depth 6 of four start
//! positions: `cargo test --release --test it -- --ignored perft960::`.

use chessbot::chess::perft::{perft as count_nodes, perft_generated};
use chessbot::chess::{Position, Variant};

use super::perft::{Entry, parse_entries};

const FAST_LIMIT: u64 = 5_000_000;

/// How many suite positions the deep run takes to depth 5.
const DEEP_SUITE: usize = 40;

fn entries() -> Vec<Entry> {
    parse_entries(include_str!("../data/chess960_perft.txt"))
}

fn position(e: &Entry) -> Position {
    Position::from_fen_variant(&e.fen, Variant::Chess960)
        .unwrap_or_else(|err| panic!("{} ({}): {err}", e.name, e.fen))
}

/// Runs the counts `select(entry index among its kind, is a start
/// position, depth, count)` picks; returns the nodes counted.
fn run(select: impl Fn(usize, bool, u32, u64) -> bool) -> u64 {
    let mut total = 0;
    let mut failures = Vec::new();
    let (mut starts, mut suite) = (0, 0);
    for e in entries() {
        let is_start = e.name.starts_with("start");
        let index = if is_start { &mut starts } else { &mut suite };
        let i = *index;
        *index += 1;
        let pos = position(&e);
        for &(depth, expected) in &e.counts {
            if !select(i, is_start, depth, expected) {
                continue;
            }
            let got = count_nodes(&pos, depth);
            total += got;
            if got != expected {
                failures.push(format!(
                    "{} ({}) depth {depth}: expected {expected}, got {got}",
                    e.name, e.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "Chess960 perft mismatches:\n{}",
        failures.join("\n")
    );
    total
}

#[test]
fn chess960_perft_data_file_is_well_formed() {
    let entries = entries();
    let starts: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.name.starts_with("start"))
        .collect();
    assert!(starts.len() >= 10);
    assert_eq!(entries.len() - starts.len(), 960, "the whole suite");
    for e in &entries {
        let p = position(e);
        // The suite's Shredder-FEN castling fields are written back as X-FEN.
        let back = Position::from_fen_variant(&p.fen(), Variant::Chess960).expect("X-FEN reads");
        assert_eq!(back.castling_rights(), p.castling_rights(), "{}", e.fen);
        for w in e.counts.windows(2) {
            assert_eq!(w[0].0 + 1, w[1].0, "{}: depths in order", e.fen);
        }
    }
    // Each start entry is the position of its number.
    for e in starts {
        let n: u32 = e.name["start".len()..].trim().parse().expect("a number");
        assert_eq!(Position::chess960(n).expect("0-959").fen(), e.fen, "{n}");
    }
}

#[test]
fn chess960_perft_fast() {
    let total = run(|_, is_start, depth, n| {
        if is_start {
            n <= FAST_LIMIT
        } else {
            depth <= 3
        }
    });
    assert!(total > 10_000_000, "covered {total} nodes");
}

/// Built move lists agree with the counting path on 960 positions too.
#[test]
fn chess960_perft_generated_agrees() {
    for (i, e) in entries().iter().enumerate().filter(|(i, _)| i % 8 == 0) {
        let pos = position(e);
        for &(depth, expected) in e.counts.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(perft_generated(&pos, depth), expected, "{i}: {}", e.fen);
        }
    }
}

/// Depth 5 of the first suite positions, depth 6 of the first one, depth
/// 6 of four start positions (about 1.4 billion nodes).
#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn chess960_perft() {
    let total = run(|i, is_start, depth, _| {
        if is_start {
            depth == 6 && i < 4
        } else {
            (depth == 5 && i < DEEP_SUITE) || (depth == 6 && i < 1)
        }
    });
    assert!(total >= 1_000_000_000, "covered {total} nodes");
}
