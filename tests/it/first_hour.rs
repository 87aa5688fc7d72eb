//! A newcomer's first hour through the console: help for one command,
//! hints for commands typed almost right, the spectator address flag,
//! `\n` in a quoted PGN, and posts that read at a glance (a bank
//! challenge's bank, a PGN challenge's move, one watch link, vote
//! receipts, no Discord wording on the console).

use std::process::{Command, Stdio};

use serde_json::Value;

use crate::console::{run_console, temp_db};

fn event_type(v: &Value) -> &str {
    v["event"]["type"].as_str().unwrap_or("")
}

fn text(v: &Value) -> &str {
    v["text"].as_str().unwrap_or("")
}

/// The one reply to `line`, said by alice in `general` of a fresh session.
fn answer(line: &str) -> Value {
    let dir = tempfile::tempdir().expect("tmp");
    let out = run_console(&format!("{line}\n"), &temp_db(&dir), &[]);
    assert_eq!(out.len(), 1, "{line}: {out:#?}");
    out.into_iter().next().unwrap_or_default()
}

#[test]
fn help_for_one_command_answers_its_lines_with_an_example() {
    let m = answer("alice: /chess help move");
    assert_eq!(m["to"], "alice");
    assert!(text(&m).contains("/chess move <move>"), "{m}");
    assert!(text(&m).contains("Example: /chess move Nf3"), "{m}");
    assert!(!text(&m).contains("/chess challenge"), "{m}");

    let team = answer("alice: /team help");
    assert!(text(&team).contains("/chess team match create"), "{team}");
    assert!(
        text(&team).contains("Example: /chess team challenge"),
        "{team}"
    );
    assert!(!text(&team).contains("/chess move"), "{team}");

    let league = answer("alice: !chess help league");
    for option in [
        "format:swiss",
        "tiebreaks:",
        "opening:",
        "export format:trf",
    ] {
        assert!(text(&league).contains(option), "{option}: {league}");
    }
    assert!(
        text(&league).contains("Example: /chess league create"),
        "{league}"
    );

    let unknown = answer("alice: /chess help mvoe");
    assert_eq!(unknown["event"]["code"], "unknown_command");
    assert!(text(&unknown).contains("move"), "{unknown}");
}

#[test]
fn the_whole_help_lists_every_option_people_use() {
    let m = answer("alice: /chess help");
    for option in [
        "bank:",
        "increment:",
        "control:",
        "pgn:",
        "opening:",
        "tiebreaks:",
        "team challenge",
        "team match",
        "notify digest:",
    ] {
        assert!(text(&m).contains(option), "{option}: {m}");
    }
}

#[test]
fn a_command_without_its_slash_gets_the_line_it_meant() {
    let dir = tempfile::tempdir().expect("tmp");
    let out = run_console(
        "alice: chess challenge @bob\nalice@lobby: team votes\nalice: hello there\n",
        &temp_db(&dir),
        &[],
    );
    assert_eq!(out.len(), 2, "{out:#?}");
    assert_eq!(out[0]["event"]["code"], "invalid_input");
    assert_eq!(out[0]["to"], "alice");
    assert!(
        text(&out[0]).contains("`alice: /chess challenge @bob`"),
        "{}",
        out[0]
    );
    assert_eq!(out[1]["channel"], "lobby");
    assert!(
        text(&out[1]).contains("`alice@lobby: /team votes`"),
        "{}",
        out[1]
    );
}

#[test]
fn league_mistakes_are_answered_with_what_would_work() {
    let spaces = answer("alice: /chess league create Winter Cup");
    assert_eq!(spaces["event"]["code"], "invalid_option");
    assert!(text(&spaces).contains("name:\"Winter Cup\""), "{spaces}");

    let alone = answer("alice: /chess league");
    assert_eq!(alone["event"]["code"], "invalid_option");
    for action in ["create", "join", "start", "standings", "withdraw"] {
        assert!(text(&alone).contains(action), "{action}: {alone}");
    }

    let format = answer("alice: /chess league create name:Cup format:swis");
    assert!(text(&format).contains("round_robin, swiss"), "{format}");

    let rounds = answer("alice: /chess league create name:Cup rounds:20");
    assert!(text(&rounds).contains("3-11"), "{rounds}");

    let time = answer("alice: /chess challenge @bob time:3d");
    assert_eq!(time["event"]["code"], "invalid_option");
    assert!(text(&time).contains("days:1-14"), "{time}");
}

#[test]
fn one_move_at_a_time_and_score_sheet_numbers_are_read() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice: /chess challenge @bob color:white
bob: /chess accept
alice: /chess move e4 e5
alice: /chess move 1.e4
bob: /chess move 1... e5
";
    let out = run_console(script, &temp_db(&dir), &[]);
    let refused = out
        .iter()
        .find(|v| event_type(v) == "error")
        .expect("refused");
    assert!(text(refused).contains("One move at a time"), "{refused}");
    assert!(text(refused).contains("/chess move e4"), "{refused}");
    let sans: Vec<&str> = out
        .iter()
        .filter(|v| event_type(v) == "move")
        .filter_map(|v| v["event"]["san"].as_str())
        .collect();
    assert_eq!(sans, ["e4", "e5"]);
}

#[test]
fn a_pgn_with_comments_pastes_on_one_line_with_escaped_line_breaks() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice: /chess challenge @bob pgn:\"[White \\\"Ann\\\"]\\n[Black \\\"Bo\\\"]\\n\\n1. e4 ; the king's pawn\\n1... e5 ; answered\\n2. Nf3 *\"
bob: /chess accept
";
    let out = run_console(script, &temp_db(&dir), &[]);
    let challenge = out
        .iter()
        .find(|v| event_type(v) == "challenge")
        .unwrap_or_else(|| panic!("{out:#?}"));
    assert!(
        text(challenge)
            .contains("continues a game from a PGN: play resumes at move 2, Black to move"),
        "{challenge}"
    );
    let start = out
        .iter()
        .find(|v| event_type(v) == "start")
        .expect("start");
    assert_eq!(
        start["event"]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(text(start).contains("originally Ann against Bo"), "{start}");
}

#[test]
fn a_pgn_without_names_never_says_originally_unknown() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice: /chess challenge @bob pgn:\"1. d4 d5 *\"
bob: /chess accept
";
    let out = run_console(script, &temp_db(&dir), &[]);
    let start = out
        .iter()
        .find(|v| event_type(v) == "start")
        .expect("start");
    assert!(
        text(start).contains("Continued from a PGN after 1 move;"),
        "{start}"
    );
    assert!(
        !out.iter().any(|v| text(v).contains("originally")),
        "{out:#?}"
    );
}

#[test]
fn a_bank_challenge_states_its_bank_not_days_per_move() {
    let m = answer("alice: /chess challenge @bob bank:10 increment:1");
    assert_eq!(event_type(&m), "challenge");
    assert!(
        text(&m).contains("a bank of 10 days each, plus 1 per move"),
        "{m}"
    );
    assert!(!text(&m).contains("days per move"), "{m}");
    assert_eq!(text(&m).matches("bank").count(), 1, "{m}");
}

#[test]
fn a_vote_receipt_reads_as_the_votes_state() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice@red: /team challenge channel:#blue color:white
bob@blue: /team accept
carol@red: /chess move e4
";
    let out = run_console(script, &temp_db(&dir), &[]);
    let vote = out
        .iter()
        .find(|v| event_type(v) == "vote")
        .unwrap_or_else(|| panic!("{out:#?}"));
    assert_eq!(vote["to"], "carol");
    assert!(
        text(vote).contains("1 vote so far; the vote closes at the deadline"),
        "{vote}"
    );
    assert!(!text(vote).contains("of 1 voted"), "{vote}");
}

#[test]
fn console_settings_never_speak_of_a_discord_app() {
    let m = answer("alice: /chess settings");
    assert!(text(&m).contains("No language is set"), "{m}");
    assert!(!text(&m).contains("Discord"), "{m}");
}

/// Runs `chessbot ARGS console --json` on `input`: its exit code, output
/// lines and standard error.
fn run_with(args: &[&str], input: &str) -> (Option<i32>, Vec<Value>, String) {
    use std::io::Write;
    let dir = tempfile::tempdir().expect("tmp");
    let db = temp_db(&dir);
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env_remove("CHESSBOT_PUBLIC_URL")
        .args(args)
        .args(["console", "--json", "--db", &db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start chessbot");
    // A process that refused to start closes its input unread.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes());
    let out = child.wait_with_output().expect("run");
    let lines = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    (
        out.status.code(),
        lines,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_public_url_flag_puts_one_watch_link_on_each_post() {
    let (code, out, err) = run_with(
        &[
            "--http",
            "127.0.0.1:0",
            "--public-url",
            "https://chess.example.org",
        ],
        "alice: /chess challenge @bob color:white\nbob: /chess accept\n",
    );
    assert_eq!(code, Some(0), "{err}");
    let start = out
        .iter()
        .find(|v| event_type(v) == "start")
        .unwrap_or_else(|| panic!("{out:#?} {err}"));
    let watch = start["event"]["watch"].as_str().expect("watch");
    assert!(watch.starts_with("https://chess.example.org/"), "{watch}");
    assert_eq!(text(start).matches(watch).count(), 1, "{start}");
}

#[test]
fn a_public_url_without_its_scheme_is_refused_at_start() {
    let (code, out, err) = run_with(
        &["--http", "127.0.0.1:0", "--public-url", "chess.example.org"],
        "alice: /chess help\n",
    );
    assert_ne!(code, Some(0));
    assert!(out.is_empty(), "{out:#?}");
    assert!(err.contains("--public-url"), "{err}");
    assert!(err.contains("http:// or https://"), "{err}");
}

#[test]
fn http_help_mentions_the_pages() {
    let out = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .args(["console", "--help"])
        .output()
        .expect("run");
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("spectator and"), "{help}");
    assert!(help.contains("--public-url"), "{help}");
}
