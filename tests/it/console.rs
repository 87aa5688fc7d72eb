//! End-to-end tests of `chessbot console`: scripted sessions from
//! `tests/data/sessions/*.txt` piped into the built binary with `--json`.
//!
//! A session line `#> TYPE key=value ...` (a comment to the console) expects
//! an event of TYPE with those fields among the output lines, in order; in a
//! value `_` stands for a space. A line `#~ TEXT` expects a bot message
//! whose text contains TEXT, in order (checked apart from the events), which
//! is how the sessions in other languages check the wording.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn sessions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sessions")
}

/// Runs the console on `input` and returns its JSON lines.
pub(crate) fn run_console(input: &str, db: &str, extra: &[&str]) -> Vec<Value> {
    run_console_raw(input, db, extra)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// Runs the console on `input` and returns its standard output.
fn run_console_raw(input: &str, db: &str, extra: &[&str]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        // No engine: summaries stay deterministic (no analysis).
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .args(["console", "--json", "--db", db])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        stdin.write_all(input.as_bytes()).expect("write stdin");
    });
    let out = child.wait_with_output().expect("run chessbot");
    writer.join().expect("writer");
    assert!(
        out.status.success(),
        "console failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

pub(crate) fn temp_db(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("x.db").display())
}

struct Expect {
    line: usize,
    kind: String,
    fields: Vec<(String, String)>,
}

fn expectations(script: &str) -> Vec<Expect> {
    script
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let rest = l.strip_prefix("#>")?;
            let mut words = rest.split_whitespace();
            let kind = words.next()?.to_string();
            let fields = words
                .filter_map(|w| w.split_once('='))
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect();
            Some(Expect {
                line: i + 1,
                kind,
                fields,
            })
        })
        .collect()
}

fn matches(event: &Value, e: &Expect) -> bool {
    if event.get("type").and_then(Value::as_str) != Some(e.kind.as_str()) {
        return false;
    }
    e.fields.iter().all(|(k, v)| {
        let actual = match event.get(k) {
            Some(Value::String(s)) => s.clone(),
            Some(other) => other.to_string(),
            None => return false,
        };
        actual == *v || actual.replace(' ', "_") == *v
    })
}

/// Checks that the output has a message containing each `#~` text, in order.
fn check_texts(name: &str, out: &[Value], script: &str) {
    let mut texts = out.iter().filter_map(|l| l.get("text")?.as_str());
    for (i, line) in script.lines().enumerate() {
        let Some(want) = line.strip_prefix("#~ ") else {
            continue;
        };
        assert!(
            texts.any(|t| t.contains(want)),
            "{name}:{}: expected a message containing {want:?} in order; messages:\n{}",
            i + 1,
            out.iter()
                .filter_map(|l| l.get("text")?.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

/// Checks that the output has every expected event, in order.
fn check_session(name: &str, out: &[Value], script: &str) {
    check_texts(name, out, script);
    let mut events = out
        .iter()
        .filter_map(|l| l.get("event"))
        .filter(|e| !e.is_null());
    for e in expectations(script) {
        assert!(
            events.any(|ev| matches(ev, &e)),
            "{name}:{}: expected {} {:?} not found in order; output:\n{}",
            e.line,
            e.kind,
            e.fields,
            out.iter()
                .map(Value::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn scripted_sessions_produce_the_expected_events() {
    let mut names: Vec<PathBuf> = std::fs::read_dir(sessions_dir())
        .expect("sessions dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 5);
    // Every PGN the sessions export, for the independent reader.
    let mut pgns: Vec<String> = Vec::new();
    for path in names {
        let script = std::fs::read_to_string(&path).expect("read session");
        let dir = tempfile::tempdir().expect("tempdir");
        let out = run_console(&script, &temp_db(&dir), &[]);
        check_session(&path.display().to_string(), &out, &script);
        pgns.extend(
            out.iter()
                .filter(|l| l["event"]["type"] == "pgn")
                .filter_map(|l| l["event"]["pgn"].as_str())
                .map(str::to_string),
        );
        for l in &out {
            let keys: Vec<&str> = l
                .as_object()
                .expect("object")
                .keys()
                .map(String::as_str)
                .collect();
            for k in ["channel", "text", "image", "mentions", "event"] {
                assert!(keys.contains(&k), "{k} missing in {l}");
            }
            assert!(l["image"].is_null(), "no images without --images");
        }
    }
    assert!(!pgns.is_empty(), "the sessions export PGN");
    let pgns: Vec<&str> = pgns.iter().map(String::as_str).collect();
    crate::support::pgn_oracle::oracle_reads(&pgns);
}

#[test]
fn json_lines_follow_the_contract_shape() {
    let raw = run_console_raw(
        "alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move e4\n",
        "sqlite::memory:",
        &[],
    );
    let out: Vec<Value> = raw
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    assert_eq!(out.len(), 3);
    for line in raw.lines() {
        assert!(
            line.starts_with("{\"channel\":\"general\",\"text\":"),
            "{line}"
        );
        let image = line.find("\"image\":").expect("image");
        let mentions = line.find("\"mentions\":").expect("mentions");
        let event = line.rfind("\"event\":").expect("event");
        assert!(image < mentions && mentions < event, "{line}");
    }
    assert_eq!(out[2]["mentions"], serde_json::json!(["bob"]));
    assert_eq!(
        out[2]["event"],
        serde_json::json!({"type":"move","by":"alice","san":"e4","uci":"e2e4",
            "fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1","check":false})
    );
}

#[test]
fn a_game_continues_after_a_restart_on_the_same_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = temp_db(&dir);
    run_console(
        "alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move e4\n",
        &db,
        &[],
    );
    let out = run_console("bob: /chess move e5\nalice: /chess pgn\n", &db, &[]);
    assert_eq!(out[0]["event"]["san"], "e5");
    let pgn = out[1]["event"]["pgn"].as_str().expect("pgn");
    assert!(pgn.contains("1. e4 e5 *"), "{pgn}");
}

#[test]
fn images_are_written_when_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let images = dir.path().join("img");
    let out = run_console(
        "alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move e4\n",
        "sqlite::memory:",
        &["--images", images.to_str().expect("utf-8 path")],
    );
    assert!(images.is_dir());
    // The renderer may still be a stub that fails: then `image` is null.
    for l in &out {
        if let Some(path) = l["image"].as_str() {
            let bytes = std::fs::read(path).expect("image file");
            assert!(bytes.starts_with(b"\x89PNG"), "{path} is a PNG");
        }
    }
}

#[test]
fn text_boards_stay_beside_the_pictures_when_asked_for() {
    let dir = tempfile::tempdir().expect("tempdir");
    let images = dir.path().join("img");
    let run = |extra: &[&str]| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
            .env("STOCKFISH_PATH", "/nonexistent/stockfish")
            .args(["console", "--db", "sqlite::memory:", "--images"])
            .arg(&images)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(b"alice: /chess challenge @bob color:white\nbob: /chess accept\n")
            .expect("write");
        let out = child.wait_with_output().expect("run");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let pictures_only = run(&[]);
    assert!(pictures_only.contains("(board: "), "{pictures_only}");
    assert!(
        !pictures_only.contains("a b c d e f g h"),
        "{pictures_only}"
    );
    let both = run(&["--text-boards"]);
    assert!(both.contains("(board: "), "{both}");
    assert!(both.contains("a b c d e f g h"), "{both}");
}

#[test]
fn plain_text_output_by_default() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        // No engine: summaries stay deterministic (no analysis).
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .args(["console", "--db", "sqlite::memory:"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"alice: /chess help\nalice: /chess nonsense\n")
        .expect("write");
    let out = child.wait_with_output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("/chess move"), "{text}");
    assert!(text.contains("Unknown command"), "{text}");
    assert!(!text.trim_start().starts_with('{'));
}

#[test]
fn many_scripted_games_run_fast() {
    // 40 short games, each in its own channel: a smoke test of speed.
    let mut script = String::new();
    for g in 0..40 {
        let ch = format!("c{g}");
        script.push_str(&format!(
            "a{g}@{ch}: /chess challenge @b{g} color:white\nb{g}@{ch}: /chess accept\n"
        ));
        for (i, m) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]
            .iter()
            .enumerate()
        {
            let who = if i % 2 == 0 {
                format!("a{g}")
            } else {
                format!("b{g}")
            };
            script.push_str(&format!("{who}@{ch}: /chess move {m}\n"));
        }
    }
    let start = std::time::Instant::now();
    let out = run_console(&script, "sqlite::memory:", &[]);
    let ends = out
        .iter()
        .filter(|l| {
            l["event"]["type"] == "end" && l["event"]["termination"] == "threefold_repetition"
        })
        .count();
    assert_eq!(ends, 40);
    assert!(start.elapsed().as_secs() < 60);
}

/// Random legal games (from the rules core), as a console script: `games`
/// games of up to `plies` plies, each in its own channel.
fn random_games_script(games: usize, plies: usize) -> (String, usize) {
    use chessbot::chess::{Game, RulesMode};
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut script = String::new();
    let mut moves = 0;
    for g in 0..games {
        let ch = format!("c{g}");
        script.push_str(&format!(
            "w{g}@{ch}: /chess challenge @b{g} color:white\nb{g}@{ch}: /chess accept\n"
        ));
        let mut game = Game::new(RulesMode::House);
        for i in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.position().legal_moves();
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = legal[(state % legal.len() as u64) as usize];
            let san = game.play(m).expect("legal").to_string();
            let who = if i % 2 == 0 {
                format!("w{g}")
            } else {
                format!("b{g}")
            };
            script.push_str(&format!("{who}@{ch}: /chess move {san}\n"));
            moves += 1;
        }
    }
    (script, moves)
}

#[test]
#[ignore = "speed check: cargo test --test it -- --ignored console::"]
fn four_hundred_games_take_seconds() {
    let (script, moves) = random_games_script(400, 100);
    if let Ok(path) = std::env::var("CHESSBOT_SCRIPT_OUT") {
        std::fs::write(path, &script).expect("write script");
    }
    let start = std::time::Instant::now();
    let out = run_console_raw(&script, "sqlite::memory:", &[]);
    let secs = start.elapsed().as_secs_f64();
    let errors = out
        .lines()
        .filter(|l| l.contains("\"type\":\"error\""))
        .count();
    eprintln!(
        "{moves} moves in {secs:.2} s: {:.0} moves/s; {errors} errors",
        moves as f64 / secs
    );
    assert_eq!(errors, 0);
}

#[test]
fn direct_messages_go_to_channel_at_name_and_summaries_are_private() {
    let out = run_console(
        "bob: /chess notify where:dm\n\
         alice: /chess challenge @bob color:white\n\
         bob: /chess accept\n\
         alice: /chess move e4\n\
         alice: /chess vacation days:2\n",
        "sqlite::memory:",
        &[],
    );
    assert_eq!(out[0]["to"], "bob", "the notify answer is private");
    let dm: Vec<&Value> = out.iter().filter(|l| l["channel"] == "@bob").collect();
    assert_eq!(dm.len(), 1, "{out:?}");
    let text = dm[0]["text"].as_str().expect("text");
    assert!(
        text.contains("#general") && text.contains("1. e4"),
        "{text}"
    );
    assert!(dm[0].get("to").is_none(), "a DM is not an ephemeral reply");
    let moved = out
        .iter()
        .find(|l| l["event"]["type"] == "move")
        .expect("the move");
    assert_eq!(moved["mentions"], serde_json::json!([]));
    let summary = out
        .iter()
        .find(|l| l["to"] == "alice")
        .expect("alice's summary");
    assert!(
        summary["text"]
            .as_str()
            .is_some_and(|t| t.contains("You are on vacation for")),
        "{summary}"
    );
    let news: Vec<&Value> = out
        .iter()
        .filter(|l| l["event"]["type"] == "vacation")
        .collect();
    assert_eq!(news.len(), 1);
    assert_eq!(news[0]["channel"], "general");
    assert_eq!(news[0]["event"]["player"], "alice");
    assert_eq!(news[0]["mentions"], serde_json::json!(["bob"]));
}
