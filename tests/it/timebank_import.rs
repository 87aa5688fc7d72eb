//! Time banks and games continued from a PGN, through the console: a bank
//! game over weeks of `:advance` with a vacation in the middle, its two
//! bank reminders and its time-out; a PGN continued with its history (the
//! repetition it holds counts); a broken PGN refused with its line; and
//! every PGN the console exported read back by an independent reader
//! (Debian's `pgn-extract`, skipped with a line saying so when absent).

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::support::pgn_oracle::oracle_reads;

/// Runs the console on `input` (a fresh database) and returns its JSON
/// lines.
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
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).expect("write"));
    let out = child.wait_with_output().expect("run chessbot");
    writer.join().expect("writer");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

fn events<'a>(out: &'a [Value], kind: &str) -> Vec<&'a Value> {
    out.iter().filter(|l| l["event"]["type"] == kind).collect()
}

fn dump(out: &[Value]) -> String {
    out.iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

const DAY: i64 = 86_400;

#[test]
fn a_bank_game_runs_only_the_movers_clock_through_a_vacation_to_a_time_out() {
    let out = console(
        "alice: /chess challenge @bob color:white bank:3 increment:1\n\
         bob: /chess accept\n\
         alice: /chess move e4\n\
         :advance 1d\n\
         bob: /chess move e5\n\
         :advance 2d\n\
         alice: /chess move Nf3\n\
         bob: /chess vacation days:2\n\
         bob: /chess games\n\
         :advance 4d\n\
         :advance 23h\n\
         :advance 2h\n",
    );
    let moves = events(&out, "move");
    assert_eq!(moves.len(), 3, "{}", dump(&out));
    let banks = |i: usize| {
        let b = &moves[i]["event"]["banks"];
        (
            b["white"].as_i64().unwrap_or(-1),
            b["black"].as_i64().unwrap_or(-1),
        )
    };
    // Moving at once keeps the full bank (the increment is capped).
    assert_eq!(banks(0), (3 * DAY, 3 * DAY));
    // A day used, a day back.
    assert_eq!(banks(1), (3 * DAY, 3 * DAY));
    // Two days used, one back: two left.
    assert_eq!(banks(2), (2 * DAY, 3 * DAY));
    let games = events(&out, "games");
    assert_eq!(games.len(), 1, "{}", dump(&out));
    assert_eq!(games[0]["event"]["games"][0]["banks"]["white"], 2 * DAY);
    // Bob's vacation stops his clock: reminded with a day left, then an
    // hour, and out of time only after both.
    let reminders: Vec<_> = events(&out, "reminder")
        .into_iter()
        .filter(|r| r["event"]["player"] == "bob")
        .collect();
    assert_eq!(reminders.len(), 2, "{}", dump(&out));
    let ends = events(&out, "end");
    assert_eq!(ends.len(), 1, "{}", dump(&out));
    assert_eq!(ends[0]["event"]["termination"], "timeout");
    assert_eq!(ends[0]["event"]["winner"], "white");
    let last_reminder = out.iter().rposition(|l| l["event"]["type"] == "reminder");
    let end = out.iter().position(|l| l["event"]["type"] == "end");
    assert!(last_reminder < end, "{}", dump(&out));
    // The start shows the time control.
    assert!(
        out.iter().any(|l| l["text"]
            .as_str()
            .is_some_and(|t| t.contains("Time bank: 3 days"))),
        "{}",
        dump(&out)
    );
}

#[test]
fn a_bad_bank_or_preset_is_refused() {
    let out = console(
        "alice: /chess challenge bank:61\n\
         alice: /chess challenge control:bullet\n\
         alice: /chess challenge increment:1\n\
         alice: /chess challenge control:iccf\n",
    );
    let errors = events(&out, "error");
    assert_eq!(errors.len(), 3, "{}", dump(&out));
    for e in errors {
        assert_eq!(e["event"]["code"], "invalid_option", "{e}");
    }
    assert!(
        out.iter().any(|l| l["text"]
            .as_str()
            .is_some_and(|t| t.contains("a bank of 50 days each"))),
        "{}",
        dump(&out)
    );
}

#[test]
fn a_pgn_game_continues_with_its_repetitions_and_exports_whole() {
    let out = console(
        "alice: /chess challenge @bob color:white pgn:\"[Event \\\"Club night\\\"] [White \\\"Ann\\\"] [Black \\\"Ben\\\"] 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 *\"\n\
         bob: /chess accept\n\
         bob: /chess move Ng8\n\
         alice: /chess pgn\n",
    );
    let starts = events(&out, "start");
    assert_eq!(starts.len(), 1, "{}", dump(&out));
    // Black to move after the PGN's seven half-moves.
    assert!(
        starts[0]["event"]["fen"]
            .as_str()
            .is_some_and(|f| f.contains(" b ")),
        "{}",
        dump(&out)
    );
    assert!(
        out.iter()
            .any(|l| l["text"].as_str().is_some_and(|t| t.contains("unrated"))),
        "{}",
        dump(&out)
    );
    // The start position stands for the third time: drawn at once.
    let ends = events(&out, "end");
    assert_eq!(ends.len(), 1, "{}", dump(&out));
    assert_eq!(ends[0]["event"]["termination"], "threefold_repetition");
    let pgns = events(&out, "pgn");
    let pgn = pgns
        .last()
        .and_then(|p| p["event"]["pgn"].as_str())
        .unwrap_or_default();
    assert!(
        pgn.contains("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2"),
        "{pgn}"
    );
    assert!(pgn.contains("[Event \"Club night\"]"), "{pgn}");
    assert!(
        pgn.contains("[Annotator \"continued from Ann - Ben\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[TimeControl \"1/259200\"]"), "{pgn}");
    oracle_reads(&[pgn]);
}

#[test]
fn a_broken_pgn_is_refused_with_its_line() {
    let out = console(
        "alice: /chess challenge pgn:\"1. e4 e5 2. Ke3 *\"\n\
         alice: /chess challenge pgn:\"1. f3 e5 2. g4 Qh4# *\"\n",
    );
    let errors = events(&out, "error");
    assert_eq!(errors.len(), 2, "{}", dump(&out));
    for e in &errors {
        assert_eq!(e["event"]["code"], "invalid_pgn", "{e}");
        let text = e["text"].as_str().unwrap_or_default();
        assert!(text.contains("PGN line 1"), "{text}");
    }
    assert!(
        errors[0]["text"]
            .as_str()
            .unwrap_or_default()
            .contains("2. Ke3")
    );
}

#[test]
fn exported_pgns_read_back_in_an_independent_reader() {
    let out = console(
        "alice: /chess challenge @bob color:white bank:10 increment:1\n\
         bob: /chess accept\n\
         alice: /chess move e4\n\
         bob: /chess move e5\n\
         alice: /chess move Qh5\n\
         bob: /chess move Nc6\n\
         alice: /chess move Bc4\n\
         bob: /chess move Nf6\n\
         alice: /chess move Qxf7\n\
         alice: /chess pgn\n\
         alice@g2: /chess challenge @bob color:black variant:chess960 position:0\n\
         bob@g2: /chess accept\n\
         bob@g2: /chess move e4\n\
         alice@g2: /chess move e5\n\
         alice@g2: /chess pgn\n",
    );
    let pgns: Vec<&str> = events(&out, "pgn")
        .iter()
        .filter_map(|p| p["event"]["pgn"].as_str())
        .collect();
    assert_eq!(pgns.len(), 2, "{}", dump(&out));
    assert!(
        pgns[0].contains("[TimeControl \"864000+86400\"]"),
        "{}",
        pgns[0]
    );
    assert!(pgns[0].trim_end().ends_with("1-0"), "{}", pgns[0]);
    assert!(pgns[1].contains("[Variant \"Chess960\"]"), "{}", pgns[1]);
    for pgn in &pgns {
        // Export format: the Seven Tag Roster in order, lines of at most 80.
        let names: Vec<&str> = pgn
            .lines()
            .filter_map(|l| l.strip_prefix('['))
            .filter_map(|l| l.split(' ').next())
            .take(7)
            .collect();
        assert_eq!(
            names,
            ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
        );
        assert!(pgn.lines().all(|l| l.chars().count() <= 80), "{pgn}");
    }
    oracle_reads(&pgns);
}
