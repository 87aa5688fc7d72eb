//! Perft from any position.
//!
//! ```text
//! cargo run --release --example perft -- "<FEN>" <depth>
//! cargo run --release --example perft -- --divide "<FEN>" <depth>
//! cargo run --release --example perft -- --chess960 "<X-FEN or Shredder-FEN>" <depth>
//! ```
//!
//! Prints `nodes <N>` on the last line; with `--divide`, first one line
//! `<uci>: <count>` per legal move, sorted by the move. With `--chess960`
//! the FEN is read as Chess960 (castling fields such as `KQkq` or `HAha`)
//! and `--divide` writes castling as the king taking its rook (`e1h1`).

use std::process::ExitCode;

use chessbot::chess::perft::{divide, perft};
use chessbot::chess::{Position, Variant};

const USAGE: &str = "usage: perft [--divide] [--chess960] \"<FEN>\" <depth>";

fn main() -> ExitCode {
    let mut divide_mode = false;
    let mut variant = Variant::Standard;
    let mut rest = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--divide" | "-d" => divide_mode = true,
            "--chess960" | "--960" => variant = Variant::Chess960,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => rest.push(arg),
        }
    }
    // The FEN may also come unquoted, as several arguments.
    let Some((depth, fen_parts)) = rest.split_last().filter(|(_, f)| !f.is_empty()) else {
        eprintln!("error: expected a FEN and a depth\n{USAGE}");
        return ExitCode::from(2);
    };
    let fen = fen_parts.join(" ");
    let pos = match Position::from_fen_variant(fen.trim(), variant) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: invalid FEN {fen:?}: {e}");
            return ExitCode::from(2);
        }
    };
    let depth: u32 = match depth.trim().parse() {
        Ok(d) if d <= 20 => d,
        _ => {
            eprintln!("error: invalid depth {depth:?}: expected a whole number from 0 to 20");
            return ExitCode::from(2);
        }
    };
    let nodes = if divide_mode && depth > 0 {
        let mut lines = divide(&pos, depth);
        lines.sort();
        let mut total = 0;
        for (uci, n) in &lines {
            println!("{uci}: {n}");
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    println!("nodes {nodes}");
    ExitCode::SUCCESS
}
