//! The console typed at a terminal: run under `script` (util-linux), which
//! gives it a pseudo-terminal, and typed into key by key as a person would.
//! Skipped with a printed line where `script` is missing.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the terminal showed so far.
type Screen = Arc<Mutex<String>>;

fn wait_for(screen: &Screen, from: usize, needle: &str) -> usize {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        {
            let s = screen.lock().expect("screen");
            if let Some(at) = s.get(from..).and_then(|rest| rest.find(needle)) {
                return from + at + needle.len();
            }
        }
        assert!(
            Instant::now() < deadline,
            "the terminal never showed {needle:?}; it shows:\n{}",
            screen.lock().expect("screen")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_person_at_the_terminal_is_greeted_prompted_and_answered() {
    if Command::new("script").arg("--version").output().is_err() {
        println!("skipped: no `script` (util-linux) to give the console a terminal");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let console = format!(
        "{} console --db {db}",
        env!("CARGO_BIN_EXE_chessbot").replace(' ', "\\ ")
    );
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &console, "/dev/null"])
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env("TERM", "xterm")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start script");
    let mut keys = child.stdin.take().expect("stdin");
    let mut out = child.stdout.take().expect("stdout");
    let screen: Screen = Arc::default();
    let reader = {
        let screen = screen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    break;
                }
                screen
                    .lock()
                    .expect("screen")
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        })
    };
    // The greeting (input format, an example, where pictures go), then
    // the prompt.
    let at = wait_for(&screen, 0, "chessbot console: type `NAME: COMMAND`");
    let at = wait_for(&screen, at, "boards are drawn as text");
    let at = wait_for(&screen, at, "> ");
    // A line is typed (Enter is a carriage return on a terminal) and
    // answered; the prompt comes back after the answer.
    keys.write_all(b"Alice: /chess challenge @Bob\r")
        .expect("type");
    let at = wait_for(&screen, at, "[general] Alice challenges Bob");
    let at = wait_for(&screen, at, "> ");
    // Names are one user in any case: `bob` accepts Bob's challenge.
    keys.write_all(b"bob: /chess accept\r").expect("type");
    let at = wait_for(&screen, at, "Alice");
    let at = wait_for(&screen, at, "> ");
    // A line that is no message is answered too.
    keys.write_all(b"hello\r").expect("type");
    let at = wait_for(&screen, at, "Write `NAME: TEXT`");
    wait_for(&screen, at, "> ");
    // Ctrl-D on an empty line ends the session quietly.
    keys.write_all(b"\x04").expect("type");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the console did not quit at Ctrl-D"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    drop(keys);
    reader.join().expect("reader");
    let shown = screen.lock().expect("screen").clone();
    assert!(status.success(), "the console failed:\n{shown}");
    assert!(
        !shown.contains("WARN") && !shown.contains("error"),
        "a quiet quit prints nothing more:\n{shown}"
    );
    // The game is in the database: Alice (any case) has a game running.
    let listed = super::console::run_console("ALICE: /chess games\n", &db, &[]);
    let games = listed
        .iter()
        .find_map(|l| l["event"]["games"].as_array().cloned())
        .expect("a games event");
    assert_eq!(games.len(), 1, "{listed:?}");
}
