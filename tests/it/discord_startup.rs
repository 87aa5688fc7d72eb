//! `chessbot` / `chessbot discord` without a usable token: one clear error
//! line on stderr, a non-zero exit, no panic, no network.

use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn run(args: &[&str], token: Option<&str>) -> Output {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbot"));
    cmd.args(args)
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("DISCORD_GUILD_ID")
        .env_remove("RUST_LOG")
        .env_remove("RUST_BACKTRACE")
        .env("DATABASE_URL", "sqlite://test.db");
    if let Some(t) = token {
        cmd.env("DISCORD_TOKEN", t);
    }
    let started = Instant::now();
    let out = cmd.output().expect("run chessbot");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "must fail fast, without touching the network"
    );
    out
}

fn stderr_lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_owned)
        .collect()
}

fn assert_one_clear_line(out: &Output, must_contain: &[&str]) {
    assert!(!out.status.success(), "exit status {:?}", out.status);
    let lines = stderr_lines(out);
    assert_eq!(lines.len(), 1, "one line, got {lines:?}");
    let line = &lines[0];
    for needle in must_contain {
        assert!(line.contains(needle), "{line:?} lacks {needle:?}");
    }
    for bad in ["panicked", "backtrace", "RUST_BACKTRACE"] {
        assert!(!line.contains(bad), "{line:?}");
    }
}

#[test]
fn no_token_and_no_subcommand_says_how_to_set_it_and_mentions_the_console() {
    let out = run(&[], None);
    assert_one_clear_line(&out, &["DISCORD_TOKEN", "chessbot console"]);
}

#[test]
fn no_token_for_the_discord_subcommand() {
    let out = run(&["discord"], None);
    assert_one_clear_line(&out, &["DISCORD_TOKEN", "not set"]);
    let blank = run(&["discord"], Some("   "));
    assert_one_clear_line(&blank, &["DISCORD_TOKEN", "not set"]);
}

#[test]
fn malformed_token_is_refused_before_connecting() {
    let secret = "not-a-token-but-secret";
    for token in [secret, "abc.def", "a.b.c.d", "abc.d+f/ghij.klm"] {
        let out = run(&["discord"], Some(token));
        assert_one_clear_line(&out, &["DISCORD_TOKEN", "malformed"]);
        // The token is never echoed.
        assert!(!String::from_utf8_lossy(&out.stderr).contains(secret));
    }
    let out = run(&[], Some(secret));
    assert_one_clear_line(&out, &["malformed"]);
}
