//! `board private:true` shows the caller's note to
//! them alone (an ephemeral reply, from their side), never to the opponent
//! or in the channel's board; and the console's `--moderators` lets the
//! operator's chosen users set the daily puzzle, while others are refused.

use std::io::Write;
use std::process::{Command as Process, Stdio};

use serde_json::Value;

use crate::support::scenario::Scenario;

#[tokio::test]
async fn a_private_board_shows_the_note_to_its_author_alone() {
    let h = Scenario::new().await;
    h.ok("alice", "/chess challenge @bob color:black").await;
    h.ok("bob", "/chess accept").await;
    h.ok("bob", "/chess move e4").await;
    h.ok("alice", "/chess note text:\"hit the centre: d5\"")
        .await;

    // alice's private board: ephemeral, from her (Black's) side, with her note.
    let r = h.ok("alice", "/chess board private:true").await;
    assert_eq!(r.len(), 1);
    assert!(r[0].ephemeral);
    assert!(
        r[0].text.contains("Your note: hit the centre: d5"),
        "{}",
        r[0].text
    );
    assert!(r[0].board.as_ref().is_some_and(|b| b.flip));
    // `flip` turns her private board once more; `board private` reads too.
    let r = h.ok("alice", "/chess board private flip").await;
    assert!(r[0].ephemeral && r[0].board.as_ref().is_some_and(|b| !b.flip));

    // The channel's board and bob's private board never show it.
    let r = h.ok("alice", "/chess board").await;
    assert!(!r[0].ephemeral);
    assert!(!r[0].text.contains("hit the centre"), "{}", r[0].text);
    assert!(r[0].board.as_ref().is_some_and(|b| !b.flip));
    let r = h.ok("bob", "/chess board private:true").await;
    assert!(r[0].ephemeral);
    assert!(!r[0].text.contains("hit the centre"), "{}", r[0].text);
    assert!(r[0].board.as_ref().is_some_and(|b| !b.flip));
    // A spectator gets the board privately, without anyone's note.
    let r = h.ok("carol", "/chess board private:true").await;
    assert!(r[0].ephemeral && !r[0].text.contains("hit the centre"));
}

/// Runs `chessbot console --json` with `extra` arguments on `input`.
fn console(input: &str, extra: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let mut child = Process::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env_remove("CHESSBOT_CONSOLE_MODERATORS")
        .args(["console", "--json", "--db", &db])
        .args(extra)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn error_codes(out: &[Value]) -> Vec<String> {
    out.iter()
        .filter(|v| v["event"]["type"] == "error")
        .map(|v| v["event"]["code"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn console_moderators_set_the_daily_puzzle_and_others_are_refused() {
    let input = "bob: /chess puzzle daily:on hour:9\n\
                 alice: /chess puzzle daily:on hour:9\n\
                 alice: /chess puzzle daily:off\n";
    // Without `--moderators` nobody moderates the console.
    let out = console(input, &[]);
    assert_eq!(error_codes(&out), ["not_allowed"; 3]);
    // The operator names alice: her daily is set and stopped, bob's refused.
    let out = console(input, &["--moderators", "alice,carol"]);
    assert_eq!(error_codes(&out), ["not_allowed"]);
    assert_eq!(out.len(), 3);
    assert!(
        out[1]["text"].as_str().unwrap().contains("09:00"),
        "{}",
        out[1]["text"]
    );
    assert!(out[1]["to"].is_null() && out[2]["to"].is_null());
}
