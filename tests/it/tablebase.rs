//! Endgame tables in games, through the service and the console: the
//! moderators' rule (`settings tablebase:`), claims the tables judge (a
//! win, a draw, a cursed win as a draw, refusals for the losing side and
//! off turn, a claim with a move), automatic adjudication after a capture
//! into the tables, and a corrupt table that leaves the game going on.

use std::sync::Arc;

use chessbot::service::{Event, LocalePrefs, Reply};
use chessbot::tablebase::Tablebases;

use crate::support::scenario::{Replies, Scenario};

fn tables_dir() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

fn moderator() -> LocalePrefs {
    LocalePrefs {
        moderator: true,
        ..LocalePrefs::default()
    }
}

/// A service with the test tables and the community rule `rule`.
async fn with_rule(rule: &str) -> Scenario {
    with_tables(&tables_dir(), rule).await
}

async fn with_tables(dir: &str, rule: &str) -> Scenario {
    let s = Scenario::new().await;
    let tables = Tablebases::open(dir).expect("tables");
    assert!(s.svc.set_tablebases(Some(Arc::new(tables))));
    let r = s
        .say_with(
            "mod",
            &format!("/chess settings tablebase:{rule}"),
            moderator(),
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    s
}

/// The game's end event: result, winner's name, termination.
fn end_of(r: &[Reply]) -> Option<(String, Option<String>, String)> {
    r.iter().find_map(|reply| match &reply.event {
        Some(Event::End {
            result,
            winner,
            termination,
            ..
        }) => Some((result.clone(), winner.clone(), termination.clone())),
        _ => None,
    })
}

/// alice (White) and bob start from `fen`.
async fn start_at(s: &Scenario, fen: &str) {
    s.start(&format!("fen:\"{fen}\"")).await;
}

#[tokio::test]
async fn moderators_set_the_rule_and_a_bot_without_tables_refuses_it() {
    let s = Scenario::new().await;
    assert!(s.svc.set_tablebases(None));
    let r = s
        .say_with("mod", "/chess settings tablebase:claim", moderator())
        .await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "not_allowed");
    assert!(message.contains("no endgame tables"), "{message}");
    // Off needs no tables.
    let r = s
        .say_with("mod", "/chess settings tablebase:off", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());

    let s = with_rule("claim").await;
    assert_eq!(
        s.error("alice", "/chess settings tablebase:auto")
            .await
            .code,
        "not_allowed"
    );
    let r = s
        .say_with("mod", "/chess settings tablebase:sometimes", moderator())
        .await;
    assert_eq!(r.error().as_deref(), Some("invalid_option"));
    let r = s
        .say_with("mod", "/chess settings tablebase:auto", moderator())
        .await;
    assert!(
        r.texts()[0].contains("ends the game at once"),
        "{:?}",
        r.texts()
    );
}

#[tokio::test]
async fn a_claimed_win_ends_the_game() {
    let s = with_rule("claim").await;
    start_at(&s, "8/8/8/8/3k4/8/8/KQ6 w - - 0 1").await;
    let r = s.ok("alice", "/chess claim").await;
    let (result, winner, termination) = end_of(&r).expect("the game ends");
    assert_eq!(result, "1-0");
    assert_eq!(winner.as_deref(), Some("white"));
    assert_eq!(termination, "tablebase");
    assert!(
        r.texts()
            .iter()
            .any(|t| t.contains("The endgame tables decide: alice wins")),
        "{:?}",
        r.texts()
    );
    let pgn = s.ok("alice", "/chess pgn 1").await;
    let mut text = pgn.texts().join("\n");
    for reply in &pgn {
        if let Some(Event::Pgn { pgn, .. }) = &reply.event {
            text.push_str(pgn);
        }
    }
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    assert!(
        text.contains("{Endgame tables (Syzygy): a win for White}"),
        "{text}"
    );
}

#[tokio::test]
async fn a_claimed_draw_and_a_cursed_win_claimed_as_a_draw() {
    let s = with_rule("claim").await;
    // Black to move takes the rook: a draw.
    start_at(&s, "8/8/8/8/8/8/2k5/K1R5 b - - 0 1").await;
    let r = s.ok("bob", "/chess claim").await;
    let (result, winner, termination) = end_of(&r).expect("the game ends");
    assert_eq!(
        (result.as_str(), winner, termination.as_str()),
        ("1/2-1/2", None, "tablebase")
    );

    // A rook mates in 25 plies to the next zeroing move, but 80 of the 100
    // are gone: a cursed win, which the 50-move rule makes a draw.
    let s = with_rule("claim").await;
    start_at(&s, "8/8/4k3/8/8/8/2K5/R7 w - - 80 90").await;
    let r = s.ok("alice", "/chess claim").await;
    let (result, winner, _) = end_of(&r).expect("the game ends");
    assert_eq!((result.as_str(), winner), ("1/2-1/2", None));
}

#[tokio::test]
async fn the_losing_side_and_the_player_off_turn_are_refused_and_the_game_goes_on() {
    let s = with_rule("claim").await;
    start_at(&s, "8/8/8/8/3k4/8/8/KQ6 b - - 0 1").await;
    let refusal = s.error("bob", "/chess claim").await;
    assert_eq!(refusal.code, "not_allowed");
    assert!(refusal.message.contains("bob loses"), "{}", refusal.message);
    let refusal = s.error("alice", "/chess claim").await;
    assert_eq!(refusal.code, "not_your_turn");
    // A claim with a move that loses: refused, the move not played.
    let refusal = s.error("bob", "/chess claim Kc5").await;
    assert_eq!(refusal.code, "not_allowed");
    assert!(
        refusal.message.contains("not played"),
        "{}",
        refusal.message
    );
    let r = s.ok("bob", "/chess move Kc5").await;
    assert!(end_of(&r).is_none());
    s.ok("alice", "/chess move Qb2").await;
}

#[tokio::test]
async fn a_claim_with_a_move_plays_it_when_the_claim_holds() {
    let s = with_rule("claim").await;
    start_at(&s, "8/8/8/8/3k4/8/8/KQ6 w - - 0 1").await;
    let r = s.ok("alice", "/chess claim Qh1").await;
    assert!(
        r.iter()
            .any(|reply| matches!(&reply.event, Some(Event::Move { san, .. }) if san == "Qh1")),
        "{:?}",
        r.texts()
    );
    let (result, _, termination) = end_of(&r).expect("the game ends");
    assert_eq!(
        (result.as_str(), termination.as_str()),
        ("1-0", "tablebase")
    );
}

#[tokio::test]
async fn auto_adjudication_ends_the_game_after_a_capture_into_the_tables() {
    let s = with_rule("auto").await;
    // KRNvKN (no table in the test set); Rxb2 reaches KRNvK.
    start_at(&s, "7k/8/8/8/8/2N5/1n6/KR6 w - - 0 1").await;
    let r = s.ok("alice", "/chess move Rxb2").await;
    let (result, winner, termination) = end_of(&r).expect("adjudicated");
    assert_eq!(result, "1-0");
    assert_eq!(winner.as_deref(), Some("white"));
    assert_eq!(termination, "tablebase");

    // With claims only, the same capture leaves the game going on.
    let s = with_rule("claim").await;
    start_at(&s, "7k/8/8/8/8/2N5/1n6/KR6 w - - 0 1").await;
    let r = s.ok("alice", "/chess move Rxb2").await;
    assert!(end_of(&r).is_none());
}

#[tokio::test]
async fn a_corrupt_table_is_an_error_and_the_game_goes_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        let mut bytes = std::fs::read(format!("{}/{name}", tables_dir())).expect("read");
        if name == "KQvK.rtbw" {
            bytes.truncate(bytes.len() - 64);
        }
        std::fs::write(dir.path().join(name), bytes).expect("write");
    }
    let s = with_tables(&dir.path().display().to_string(), "claim").await;
    start_at(&s, "8/8/8/8/3k4/8/8/KQ6 w - - 0 1").await;
    let refusal = s.error("alice", "/chess claim").await;
    assert_eq!(refusal.code, "tablebase_unavailable");
    assert!(refusal.message.contains("KQvK.rtbw"), "{}", refusal.message);
    let r = s.ok("alice", "/chess move Qb2").await;
    assert!(end_of(&r).is_none());
}

#[tokio::test]
async fn a_league_game_decided_by_claim_counts_in_the_table() {
    let s = with_rule("claim").await;
    s.ok(
        "alice",
        r#"/chess league create name:"Endings" rounds:1 fen:"8/8/8/8/3k4/8/8/KQ6 w - - 0 1""#,
    )
    .await;
    for p in ["alice", "bob", "carol"] {
        s.ok(p, "/chess league join").await;
    }
    let r = s.ok("alice", "/chess league start").await;
    let (ch, black) = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Start { white, black, .. }) if white == "alice" => {
                Some((x.place.channel.clone(), black.clone()))
            }
            _ => None,
        })
        .expect("alice has White once");
    // The side that loses cannot claim; the winner's claim ends the game.
    let r = s.say_in("alice", &ch, "/chess move Qb2").await;
    assert!(end_of(&r).is_none(), "{:?}", r.texts());
    let r = s.say_in(&black, &ch, "/chess claim").await;
    assert!(r.error().is_some(), "{:?}", r.texts());
    s.say_in(&black, &ch, "/chess move Kc4").await;
    let r = s.say_in("alice", &ch, "/chess claim").await;
    assert_eq!(
        end_of(&r),
        Some(("1-0".into(), Some("white".into()), "tablebase".into())),
        "{:?}",
        r.texts()
    );
    // The league counts it: alice has her point.
    let table = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Standings { rows, .. }) => Some(rows.clone()),
            _ => None,
        })
        .expect("the standings after the game");
    let alice = table
        .iter()
        .find(|row| row.player == "alice")
        .expect("alice");
    assert!((alice.points - 1.0).abs() < f64::EPSILON, "{table:?}");
    assert_eq!(alice.played, 1);
}

#[test]
fn the_console_reports_the_tablebase_termination() {
    let script = "mod: /chess settings tablebase:claim\n\
         alice: /chess challenge @bob color:white fen:\"8/8/8/8/3k4/8/8/KQ6 w - - 0 1\"\n\
         bob: /chess accept\n\
         alice: /chess claim\n";
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env("CHESSBOT_SYZYGY_PATH", tables_dir())
        .env_remove("CHESSBOT_CONFIG")
        .args([
            "console",
            "--json",
            "--db",
            "sqlite::memory:",
            "--moderators",
            "mod",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("start chessbot");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(script.as_bytes()).expect("write");
    }
    let out = child.wait_with_output().expect("run chessbot");
    let text = String::from_utf8_lossy(&out.stdout);
    let end = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["event"]["type"] == "end")
        .unwrap_or_else(|| panic!("no end event in:\n{text}"));
    assert_eq!(end["event"]["termination"], "tablebase");
    assert_eq!(end["event"]["result"], "1-0");
}
