//! The English wording is a public interface (scripts compare it): a tour
//! through nearly every message of the bot (`tests/data/golden/
//! english_tour.txt`) must produce exactly the output recorded before the
//! catalog moved to Fluent (`english_tour.out`), byte for byte, apart from
//! the times (deadlines and PGN dates depend on the clock and are masked).
//!
//! To re-record after a deliberate wording change:
//! `CHESSBOT_BLESS=1 cargo test --test it english_golden`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn golden(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/golden")
        .join(name)
}

fn run_console(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        // No engine: summaries stay deterministic (no analysis).
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .args(["console", "--json", "--db", "sqlite::memory:"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("run chessbot");
    writer.join().expect("writer").expect("write stdin");
    assert!(
        out.status.success(),
        "console failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Replaces every run of characters matching `shape` (`9` a digit, other
/// characters themselves) with `mask`.
fn mask_shape(text: &str, shape: &str, mask: &str) -> String {
    let shape: Vec<char> = shape.chars().collect();
    let chars: Vec<char> = text.chars().collect();
    let fits = |at: usize| {
        shape.iter().enumerate().all(|(i, &s)| {
            chars
                .get(at + i)
                .is_some_and(|&c| if s == '9' { c.is_ascii_digit() } else { c == s })
        })
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if fits(i) {
            out.push_str(mask);
            i += shape.len();
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

fn mask_times(text: &str) -> String {
    let t = mask_shape(text, "9999-99-99T99:99:99Z", "<TIME>");
    let t = mask_shape(&t, "9999-99-99 99:99 UTC", "<DEADLINE>");
    mask_shape(&t, "9999.99.99", "<DATE>")
}

#[test]
fn english_output_is_byte_identical_to_the_recorded_tour() {
    let script = std::fs::read_to_string(golden("english_tour.txt")).expect("script");
    let raw = run_console(&script);
    // Every PGN of the tour, read back by an independent reader.
    let pgns: Vec<String> = raw
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|l| l["event"]["type"] == "pgn")
        .filter_map(|l| l["event"]["pgn"].as_str().map(str::to_string))
        .collect();
    assert!(!pgns.is_empty(), "the tour exports PGN");
    let pgns: Vec<&str> = pgns.iter().map(String::as_str).collect();
    crate::support::pgn_oracle::oracle_reads(&pgns);
    let got = mask_times(&raw);
    let path = golden("english_tour.out");
    if std::env::var_os("CHESSBOT_BLESS").is_some() {
        std::fs::write(&path, &got).expect("write golden");
    }
    let want = std::fs::read_to_string(&path).expect("golden output");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {} differs", i + 1);
    }
    assert_eq!(got.lines().count(), want.lines().count(), "line count");
    assert!(!got.contains(['\u{2068}', '\u{2069}']), "isolation marks");
}

#[test]
fn masking_keeps_everything_but_times() {
    assert_eq!(
        mask_times(
            "deadline 2026-01-02 03:04 UTC, at 2026-01-02T03:04:05Z [Date \"2026.01.02\"] #12"
        ),
        "deadline <DEADLINE>, at <TIME> [Date \"<DATE>\"] #12"
    );
}
