//! Pairs a round of a Swiss read from a FIDE tournament report (TRF) by
//! our Dutch system, for comparing with independent pairing engines.
//!
//! ```text
//! cargo run --release --example swiss_pair -- <file.trf> [round]
//! cargo run --release --example swiss_pair -- --compare <file.trf>...
//! ```
//!
//! The first form prints round `round` (default: the one after the last
//! written) paired from the rounds before it, as bbpPairings' and JaVaFo's
//! `-p` do: the number of pairs, then `white black` lines in starting
//! ranks, the bye as `rank 0`. Players with a zero-point bye already
//! written for that round are left out, as those engines do.
//!
//! `--compare` replays every written round of each file and prints one
//! line per round: `<file> <players> <round> same|diff`, and for a
//! difference the file's pairing and ours. The exit status is 1 when any
//! round differs.

use std::process::ExitCode;

use chessbot::swiss::dutch::{Pairing, pair_with};
use chessbot::swiss::trf_read::{Report, engine_lines, read};

const USAGE: &str = "usage: swiss_pair <file.trf> [round] | swiss_pair --compare <file.trf>...";

fn load(path: &str) -> Result<Report, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    read(&text).map_err(|e| format!("{path}: {e}"))
}

fn ours(report: &Report, round: usize) -> Result<Pairing, String> {
    let total = report
        .rounds
        .unwrap_or(0)
        .max(report.written_rounds())
        .max(round);
    pair_with(&report.before_round(round), total, report.initial_colour())
        .map_err(|e| e.to_string())
}

/// The pairing as a set: sorted pairs and the bye.
fn canonical(p: &Pairing) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut games = p.games.clone();
    games.sort_unstable();
    (games, p.bye)
}

fn compare(paths: &[String]) -> Result<bool, String> {
    let mut all = true;
    for path in paths {
        let report = load(path)?;
        for round in 1..=report.written_rounds() {
            let theirs = report.pairing_of(round);
            let mine = ours(&report, round);
            let same = mine
                .as_ref()
                .is_ok_and(|m| canonical(m) == canonical(&theirs));
            println!(
                "{path} {} {round} {}",
                report.players.len(),
                if same { "same" } else { "diff" }
            );
            if !same {
                all = false;
                let (g, b) = canonical(&theirs);
                println!("  file: {g:?} bye {b:?}");
                match mine {
                    Ok(m) => {
                        let (g, b) = canonical(&m);
                        println!("  ours: {g:?} bye {b:?}");
                    }
                    Err(e) => println!("  ours: error {e}"),
                }
            }
        }
    }
    Ok(all)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        None | Some("--help" | "-h") => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some("--compare") => compare(&args[1..]),
        Some(path) => load(path).and_then(|report| {
            let round = match args.get(1) {
                Some(r) => r.parse().map_err(|_| format!("bad round {r:?}"))?,
                None => report.written_rounds() + 1,
            };
            if round == 0 {
                return Err("rounds count from 1".to_string());
            }
            let p = ours(&report, round)?;
            print!("{}", engine_lines(&p));
            Ok(true)
        }),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
