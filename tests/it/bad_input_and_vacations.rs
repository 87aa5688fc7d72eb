//! Bad input answered rightly, and the vacation allowance, driven through
//! the console contract (the built binary with `--json`) or the service.
//!
//! - input out of range or of the wrong kind: `challenge_to_the_engine_id_points_to_computer`,
//!   `vacation_days_out_of_range_say_the_range`,
//!   `game_numbers_beyond_any_id_are_no_such_game`,
//!   `render_pgn_reads_a_bounded_prefix`
//! - database URLs kept out of logs: the unit test
//!   `store::backend::tests::passwords_with_url_delimiters_never_reach_messages`
//! - vacations: `two_vacations_at_once_cannot_both_pass_the_check`,
//!   `vacation_on_and_off_is_announced_at_most_once_an_hour` (the yearly
//!   allowance, on known dates: `community_rules.rs`)

use std::io::Write;
use std::process::{Command, Stdio};

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chrono::Utc;
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
         alice: /chess vacation days:2.5\n\
         alice: /chess vacation days:99999999999\n\
         alice: /chess vacation days:x\n\
         alice: /chess settings language:ru\n\
         alice: /chess vacation days:-1\n",
    );
    let errors: Vec<&Value> = out.iter().filter(|l| !error_code(l).is_empty()).collect();
    assert_eq!(errors.len(), 5, "{}", dump(&out));
    for l in &errors[..4] {
        assert_eq!(error_code(l), "invalid_option", "{l}");
        assert!(text(l).contains("from 0 to 45"), "{l}");
        assert!(!text(l).contains("14"), "not the days per move: {l}");
    }
    assert!(text(errors[0]).contains("-1"), "{}", errors[0]);
    assert!(text(errors[4]).contains("от 0 до 45"), "{}", errors[4]);
    // A whole number over the allowance is a number: the service says how
    // much is left (`limit`), as the recorded console tour does.
    let over = console("alice: /chess vacation 31\n");
    let l = over
        .iter()
        .find(|l| !error_code(l).is_empty())
        .expect("an error");
    assert_eq!(error_code(l), "limit", "{l}");
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

/// Every public (not private) line of `out` whose event is a vacation.
fn vacation_notices(out: &[Value]) -> Vec<&Value> {
    out.iter()
        .filter(|l| event_type(l) == "vacation" && l["to"].is_null())
        .collect()
}

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

fn actor(n: &str) -> Actor {
    Actor {
        id: n.into(),
        name: n.into(),
    }
}

async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    svc.handle(&place(ch), &actor(who), cmd).await
}

fn is_error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_vacations_at_once_cannot_both_pass_the_check() {
    // A database file (several connections), as in production.
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    let store = Store::open(&url).await.expect("store");
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(store.clone(), clock)
        .await
        .expect("service");
    for round in 0..8 {
        let who = format!("user{round}");
        let (a, b) = tokio::join!(
            say(&svc, "general", &who, "/chess vacation 20"),
            say(&svc, "other", &who, "/chess vacation 20"),
        );
        let passed = [is_error(&a), is_error(&b)]
            .iter()
            .filter(|e| e.is_none())
            .count();
        assert_eq!(passed, 1, "round {round}: {a:?} {b:?}");
        let taken: i64 = store
            .vacations_since("console", &who, 0)
            .await
            .expect("vacations")
            .iter()
            .map(|v| v.days)
            .sum();
        assert_eq!(taken, 20, "round {round}");
    }
}

#[test]
fn vacation_on_and_off_is_announced_at_most_once_an_hour() {
    let out = console(
        "alice: /chess challenge @bob color:white\n\
         bob: /chess accept\n\
         bob: /chess vacation 2\n\
         bob: /chess vacation 0\n\
         bob: /chess vacation 2\n\
         bob: /chess vacation 0\n\
         bob: /chess vacation 2\n\
         :advance 59m\n\
         bob: /chess vacation 0\n\
         :advance 2m\n\
         bob: /chess vacation 3\n\
         bob: /chess vacation 0\n",
    );
    // Every command answered privately.
    let private = out.iter().filter(|l| l["to"] == "bob").count();
    assert_eq!(private, 8, "{}", dump(&out));
    let public = vacation_notices(&out);
    let said: Vec<&str> = public.iter().map(|l| text(l)).collect();
    // The first start and end; 59 minutes later still quiet; 61 minutes
    // after the first ones, a start and an end again.
    assert_eq!(public.len(), 4, "{said:#?}");
    assert!(said[0].contains("on vacation") && said[2].contains("on vacation"));
    assert!(
        said[1].contains("back") && said[3].contains("back"),
        "{said:#?}"
    );
    for l in public {
        assert_eq!(l["mentions"], serde_json::json!(["alice"]), "{l}");
    }
}
