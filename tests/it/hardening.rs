//! Issue 35, "Hardening, round 2": one test per item, each failing before
//! its fix, driven through the console contract (the built binary with
//! `--json`) or the service.
//!
//! - item 12 (small wrong answers): `challenge_to_the_engine_id_points_to_computer`,
//!   `vacation_days_out_of_range_say_the_range`,
//!   `game_numbers_beyond_any_id_are_no_such_game`,
//!   `render_pgn_reads_a_bounded_prefix`
//! - item 4 (URLs in logs): the unit test
//!   `store::backend::tests::passwords_with_url_delimiters_never_reach_messages`

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

/// Runs the console (no engine, a fresh SQLite file) on `input` and returns
/// its JSON lines.
fn console(input: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .args(["console", "--json", "--db", &db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).expect("stdin"));
    let out = child.wait_with_output().expect("run chessbot");
    writer.join().expect("writer");
    assert!(
        out.status.success(),
        "console failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn text(l: &Value) -> &str {
    l["text"].as_str().unwrap_or("")
}

fn event_type(l: &Value) -> &str {
    l["event"]["type"].as_str().unwrap_or("")
}

/// The error code of a line (empty when it is no error).
fn error_code(l: &Value) -> &str {
    if event_type(l) == "error" {
        l["event"]["code"].as_str().unwrap_or("")
    } else {
        ""
    }
}

fn dump(out: &[Value]) -> String {
    out.iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn challenge_to_the_engine_id_points_to_computer() {
    let out = console(
        "alice: /chess challenge @engine:stockfish:3\n\
         alice@other: /chess challenge opponent:engine:stockfish:8 color:white\n",
    );
    assert_eq!(out.len(), 2, "{}", dump(&out));
    for l in &out {
        assert_eq!(error_code(l), "not_allowed", "{}", dump(&out));
        assert!(text(l).contains("/chess computer"), "{}", dump(&out));
        assert_eq!(l["to"], "alice", "errors are private: {l}");
    }
    assert!(!out.iter().any(|l| event_type(l) == "challenge"));
}

#[test]
fn vacation_days_out_of_range_say_the_range() {
    let out = console(
        "alice: /chess vacation days:-1\n\
         alice: /chess vacation 31\n\
         alice: /chess vacation days:99999999999\n\
         alice: /chess vacation days:x\n\
         alice: /chess settings language:ru\n\
         alice: /chess vacation days:-1\n",
    );
    let errors: Vec<&Value> = out.iter().filter(|l| !error_code(l).is_empty()).collect();
    assert_eq!(errors.len(), 5, "{}", dump(&out));
    for l in &errors[..4] {
        assert_eq!(error_code(l), "invalid_option", "{l}");
        assert!(text(l).contains("from 0 to 30"), "{l}");
        assert!(!text(l).contains("14"), "not the days per move: {l}");
    }
    assert!(text(errors[0]).contains("-1"), "{}", errors[0]);
    assert!(text(errors[4]).contains("от 0 до 30"), "{}", errors[4]);
}

#[test]
fn game_numbers_beyond_any_id_are_no_such_game() {
    let out = console(
        "alice: /chess pgn game:99999999999999999999\n\
         alice: /chess summary game:#99999999999999999999\n\
         alice: /chess pgn 0\n\
         alice: /chess pgn game:12x\n",
    );
    assert_eq!(out.len(), 4, "{}", dump(&out));
    for l in &out[..3] {
        assert_eq!(error_code(l), "no_game", "{}", dump(&out));
        assert!(text(l).starts_with("There is no game #"), "{l}");
    }
    assert!(
        text(&out[0]).contains("#99999999999999999999"),
        "{}",
        out[0]
    );
    // Not a number at all is still a bad value.
    assert_eq!(error_code(&out[3]), "invalid_option", "{}", out[3]);
}

#[test]
fn render_pgn_reads_a_bounded_prefix() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .args(["render", "--pgn", "/dev/zero", "--output"])
        .arg(dir.path().join("x.png"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    // A watchdog, not a timing check: before the cap this read never ended
    // (and grew without bound), so it must not hang the suite.
    let mut waited = 0;
    while child.try_wait().expect("wait").is_none() {
        if waited > 1200 {
            child.kill().ok();
            panic!("render --pgn /dev/zero did not end");
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    let out = child.wait_with_output().expect("output");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("/dev/zero is over 4 MB"), "{err}");
}

