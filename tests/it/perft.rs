//! Perft against the published node counts in `tests/data/perft.txt`.
//!
//! `perft_fast` runs every entry whose node count is at most
//! [`FAST_LIMIT`] (seconds in the test profile); `perft` (ignored by
//! default) runs the deep ones, at least 100M nodes in total:
//! `cargo test --test it -- --ignored perft::`.

use chessbot::chess::Position;
use chessbot::chess::perft::{perft as count_nodes, perft_generated};

/// Entries up to this many nodes run in the normal test suite.
const FAST_LIMIT: u64 = 5_000_000;

/// One line of a perft data file: the FEN, its name (the comment above
/// it) and the node counts by depth.
pub(super) struct Entry {
    pub(super) name: String,
    pub(super) fen: String,
    pub(super) counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    parse_entries(include_str!("../data/perft.txt"))
}

/// Reads a perft data file (`<FEN>;D1 <n>;D2 <n>;...`, `#` comments).
pub(super) fn parse_entries(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let mut name = String::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            name = comment.trim().to_string();
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().expect("a FEN").trim().to_string();
        let counts = parts
            .map(|p| {
                let (d, c) = p
                    .trim()
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("line {}: bad field {p:?}", n + 1));
                let d: u32 = d
                    .strip_prefix('D')
                    .and_then(|d| d.parse().ok())
                    .unwrap_or_else(|| panic!("line {}: bad depth {d:?}", n + 1));
                let c: u64 = c
                    .parse()
                    .unwrap_or_else(|_| panic!("line {}: bad count {c:?}", n + 1));
                (d, c)
            })
            .collect::<Vec<_>>();
        assert!(!counts.is_empty(), "line {}: no counts", n + 1);
        out.push(Entry {
            name: name.clone(),
            fen,
            counts,
        });
    }
    out
}

fn run(select: impl Fn(u64) -> bool) -> u64 {
    let mut total = 0;
    let mut failures = Vec::new();
    for e in entries() {
        let pos = Position::from_fen(&e.fen)
            .unwrap_or_else(|err| panic!("{} ({}): {err}", e.name, e.fen));
        for &(depth, expected) in &e.counts {
            if !select(expected) {
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
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    total
}

#[test]
fn perft_data_file_is_well_formed() {
    let entries = entries();
    assert!(entries.len() >= 20);
    for e in &entries {
        assert!(Position::from_fen(&e.fen).is_ok(), "{}", e.fen);
        for w in e.counts.windows(2) {
            assert_eq!(w[0].0 + 1, w[1].0, "{}: depths in order", e.fen);
        }
    }
    // The deep suite is what the CI release run covers.
    let deep: u64 = entries
        .iter()
        .flat_map(|e| e.counts.iter())
        .filter(|(_, c)| *c > FAST_LIMIT)
        .map(|(_, c)| c)
        .sum();
    assert!(deep >= 100_000_000, "deep entries total {deep}");
}

/// The leaf count from built move lists agrees too (checks `generate`
/// itself at the last ply, not only the counting path).
#[test]
fn perft_generated_agrees() {
    for e in entries() {
        let pos = Position::from_fen(&e.fen).expect("valid");
        for &(depth, expected) in e.counts.iter().filter(|(_, c)| *c <= 1_000_000) {
            assert_eq!(
                perft_generated(&pos, depth),
                expected,
                "{} depth {depth}",
                e.fen
            );
        }
    }
}

#[test]
fn perft_fast() {
    let total = run(|n| n <= FAST_LIMIT);
    assert!(total > 10_000_000, "covered {total} nodes");
}

/// The deep entries (start position depth 6, Kiwipete depth 5, ...).
#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft() {
    let total = run(|n| n > FAST_LIMIT);
    assert!(total >= 100_000_000);
}
