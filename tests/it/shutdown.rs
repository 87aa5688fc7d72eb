//! Graceful shutdown: SIGTERM in the middle of a burst of moves piped into
//! `chessbot console`. The console exits 0 having answered a prefix of
//! the input, every line of it once; a restart on the same database takes
//! the rest, and every one of those is played (none was applied unanswered,
//! none is answered twice).

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const CHANNELS: usize = 40;
const MOVES: [&str; 10] = [
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4",
];

/// The burst: in each channel a challenge, its acceptance and ten moves.
fn burst() -> Vec<String> {
    let mut lines = Vec::new();
    for c in 0..CHANNELS {
        lines.push(format!("alice@c{c}: /chess challenge @bob color:white"));
        lines.push(format!("bob@c{c}: /chess accept"));
        for (i, m) in MOVES.iter().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            lines.push(format!("{who}@c{c}: /chess move {m}"));
        }
    }
    lines
}

/// The input line an answer (its event) belongs to: (channel, kind,
/// move), where kind is `challenge`, `start` or `move`.
fn answered(v: &Value) -> Option<(String, String, Option<String>)> {
    let event = v.get("event")?;
    let kind = event.get("type")?.as_str()?;
    if !matches!(kind, "challenge" | "start" | "move" | "error") {
        return None;
    }
    // The mover's private copy of a move (naming their next game) is no
    // second answer.
    if kind == "move" && v.get("to").is_some_and(|t| !t.is_null()) {
        return None;
    }
    let channel = v.get("channel")?.as_str()?.to_string();
    let san = event.get("san").and_then(Value::as_str).map(str::to_string);
    Some((channel, kind.to_string(), san))
}

/// What the answer to `line` looks like.
fn expected(line: &str) -> (String, String, Option<String>) {
    let (who, text) = line.split_once(": ").expect("NAME@CHANNEL: TEXT");
    let channel = who.split_once('@').expect("a channel").1.to_string();
    if text.ends_with("accept") {
        (channel, "start".into(), None)
    } else if let Some(m) = text.strip_prefix("/chess move ") {
        (channel, "move".into(), Some(m.to_string()))
    } else {
        (channel, "challenge".into(), None)
    }
}

/// Runs the console on `lines`, sending SIGTERM once `term_after` moves
/// were answered (never when `None`); its answers and exit status.
fn run(
    db: &str,
    lines: &[String],
    term_after: Option<usize>,
) -> (
    Vec<(String, String, Option<String>)>,
    std::process::ExitStatus,
) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env_remove("CHESSBOT_HTTP_ADDR")
        .args(["console", "--json", "--db", db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chessbot");
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin");
    let input = lines.to_vec();
    let keep_open = term_after.is_some();
    let writer = std::thread::spawn(move || {
        // A burst, in small pieces so it lasts a while.
        for chunk in input.chunks(8) {
            let text: String = chunk.iter().map(|l| format!("{l}\n")).collect();
            if stdin.write_all(text.as_bytes()).is_err() {
                return;
            }
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(3));
        }
        // When the test signals, the input stays open: the console must
        // stop reading by itself.
        if keep_open {
            std::thread::sleep(Duration::from_secs(60));
        }
    });
    let stdout = child.stdout.take().expect("stdout");
    let mut answers = Vec::new();
    let mut moves = 0;
    let mut signalled = false;
    let started = Instant::now();
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        let v: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
        if let Some(a) = answered(&v) {
            moves += usize::from(a.1 == "move");
            answers.push(a);
        }
        if !signalled && term_after.is_some_and(|n| moves >= n) {
            let sent = Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status()
                .expect("run kill");
            assert!(sent.success());
            signalled = true;
        }
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the console did not stop"
        );
    }
    let status = child.wait().expect("wait");
    drop(writer);
    (answers, status)
}

#[test]
fn sigterm_mid_burst_loses_no_answered_move_and_answers_nothing_twice() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let lines = burst();

    let (first, status) = run(&db, &lines, Some(30));
    assert!(
        status.success(),
        "SIGTERM ends the console with 0: {status:?}"
    );
    // Lines are answered in order, each once: the answers are those of a
    // prefix of the input.
    let done = first.len();
    assert!(done >= 30, "{done} answers");
    assert!(
        done < lines.len(),
        "the burst was over before the signal ({done} answers): no test"
    );
    for (i, a) in first.iter().enumerate() {
        assert_eq!(a, &expected(&lines[i]), "answer {i}");
    }

    // The rest after a restart: every line played, none refused (a move
    // applied but never answered would now be refused as out of turn).
    let (second, status) = run(&db, &lines[done..], None);
    assert!(status.success(), "{status:?}");
    assert_eq!(second.len(), lines.len() - done, "{second:?}");
    for (i, a) in second.iter().enumerate() {
        assert_eq!(
            a,
            &expected(&lines[done + i]),
            "answer {} after the restart",
            done + i
        );
    }
    let mut per_channel: HashMap<&str, usize> = HashMap::new();
    for a in first.iter().chain(&second) {
        if a.1 == "move" {
            *per_channel.entry(a.0.as_str()).or_default() += 1;
        }
    }
    assert_eq!(per_channel.len(), CHANNELS);
    assert!(per_channel.values().all(|n| *n == MOVES.len()));
    eprintln!("{done} of {} lines answered before SIGTERM", lines.len());
}

#[test]
fn sigint_at_the_prompt_ends_the_console_with_zero() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("y.db").display());
    let line = "alice: /chess challenge @bob";
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env_remove("CHESSBOT_HTTP_ADDR")
        .args(["console", "--json", "--db", &db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{line}").expect("write");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    out.read_line(&mut first).expect("an answer");
    assert!(first.contains("\"type\":\"challenge\""), "{first}");
    // Waiting for input, stdin still open: SIGINT stops it.
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    let status = child.wait().expect("wait");
    assert!(status.success(), "{status:?}");
    drop(stdin);
}

/// A normal stop is no cause for alarm: SIGTERM to a console serving
/// HTTP, after a game was played, logs no warning and no error and exits
/// 0 (an owner's log alerts fire on WARN).
#[test]
fn a_normal_stop_logs_no_warning() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env("RUST_LOG", "info")
        .env_remove("CHESSBOT_LOG_FORMAT")
        .args([
            "console",
            "--json",
            "--db",
            &db,
            "--http",
            &format!("127.0.0.1:{port}"),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(
        stdin,
        "alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move e4"
    )
    .expect("write");
    stdin.flush().expect("flush");
    // Read to the end, so no write of the console meets a closed pipe.
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("the move is answered");
        if line.contains("\"type\":\"move\"") {
            break;
        }
    }
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
    let out = child.wait_with_output().expect("wait");
    drop(stdin);
    reader.join().expect("reader");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}\n{log}", out.status);
    assert!(
        !log.contains("WARN") && !log.contains("ERROR"),
        "a normal stop warned:\n{log}"
    );
}
