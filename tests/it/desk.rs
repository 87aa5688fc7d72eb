//! The correspondence desk through the console: after a move, the
//! mover's next game waiting for them (a private line and `next` in the
//! move's private copy), `games` with the player's own moves first by
//! deadline, and the daily digest (`notify digest:H`) that replaces the
//! notice per move, posted by `:advance`.

use serde_json::Value;

use crate::console::{run_console, temp_db};

fn event_type(v: &Value) -> &str {
    v["event"]["type"].as_str().unwrap_or("")
}

fn text(v: &Value) -> &str {
    v["text"].as_str().unwrap_or("")
}

/// The games `alice` plays White in: `g1` against bob (3 days a move),
/// `g2` against carol (1 day) and `g3` against dave (2 days).
const THREE_GAMES: &str = "\
alice@g1: /chess challenge @bob color:white days:3
bob@g1: /chess accept
alice@g2: /chess challenge @carol color:white days:1
carol@g2: /chess accept
alice@g3: /chess challenge @dave color:white days:2
dave@g3: /chess accept
";

#[test]
fn a_move_names_the_movers_next_game_with_the_nearest_deadline() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = format!(
        "{THREE_GAMES}alice@g1: /chess games\nalice@g1: /chess move e4\nalice@g2: /chess move d4\nalice@g3: /chess move c4\nbob@g1: /chess move e5\n"
    );
    let out = run_console(&script, &temp_db(&dir), &[]);
    assert_eq!(out.iter().filter(|v| event_type(v) == "start").count(), 3);
    let listing = out
        .iter()
        .find(|v| event_type(v) == "games")
        .expect("games");
    let id_of = |channel: &str| {
        listing["event"]["games"]
            .as_array()
            .expect("games")
            .iter()
            .find(|g| g["channel"] == channel)
            .and_then(|g| g["game"].as_i64())
            .expect("listed")
    };
    let moves: Vec<&Value> = out.iter().filter(|v| event_type(v) == "move").collect();
    // e4 in g1: public, then the private copy naming g2 (1 day) before g3.
    assert!(moves[0].get("to").is_none(), "{}", moves[0]);
    assert!(moves[0]["event"].get("next").is_none(), "{}", moves[0]);
    let copy = moves[1];
    assert_eq!(copy["to"], "alice", "{copy}");
    assert_eq!(copy["channel"], "g1", "{copy}");
    assert_eq!(copy["event"]["san"], "e4");
    assert_eq!(copy["event"]["next"]["game"], id_of("g2"), "{copy}");
    assert_eq!(copy["event"]["next"]["channel"], "g2");
    let deadline = copy["event"]["next"]["deadline"]
        .as_str()
        .expect("deadline");
    assert!(
        chrono::DateTime::parse_from_rfc3339(deadline).is_ok(),
        "{deadline}"
    );
    assert!(
        text(copy).contains(&format!("game {}", id_of("g2")))
            && text(copy).contains("your move until"),
        "{copy}"
    );
    // d4 in g2: g3 waits next.
    assert_eq!(moves[3]["to"], "alice");
    assert_eq!(moves[3]["event"]["next"]["game"], id_of("g3"));
    // c4 in g3: no game waits for alice any more, so no private copy;
    // bob's e5 (his only game): none either.
    let rest: Vec<&&Value> = moves[4..].iter().collect();
    assert_eq!(rest.len(), 2, "{rest:#?}");
    assert!(rest.iter().all(|v| v.get("to").is_none()), "{rest:#?}");
    assert_eq!(rest[1]["event"]["by"], "bob");
}

#[test]
fn games_lists_the_callers_moves_first_by_deadline_then_the_others() {
    let dir = tempfile::tempdir().expect("tmp");
    // After alice's move in g1 it is bob's move there; g2 (1 day) and g3
    // (2 days) wait for her.
    let script = format!("{THREE_GAMES}alice@g1: /chess move e4\nalice: /chess games\n");
    let out = run_console(&script, &temp_db(&dir), &[]);
    let listing = out
        .iter()
        .find(|v| event_type(v) == "games")
        .expect("games");
    assert_eq!(listing["to"], "alice");
    let order: Vec<&str> = listing["event"]["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["channel"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(order, ["g2", "g3", "g1"], "{listing}");
    let t = text(listing);
    let (mine, others) = t.split_at(t.find("g1").expect("g1 listed"));
    assert!(mine.contains("g2") && mine.contains("g3"), "{t}");
    assert!(!others.contains("g2"), "{t}");
}

#[test]
fn a_daily_digest_replaces_the_notice_per_move_and_comes_with_advance() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice@g1: /chess challenge @bob color:black days:3
bob@g1: /chess accept
alice@g1: /chess notify digest:8 tz:+1
bob@g1: /chess move e4
:advance 1d
:advance 1d12h
alice@g1: /chess notify digest:off
alice@g1: /chess move e5
bob@g1: /chess move Nf3
";
    let out = run_console(script, &temp_db(&dir), &[]);
    let answer = out
        .iter()
        .find(|v| text(v).contains("daily digest comes at"))
        .expect("the digest answer");
    assert_eq!(answer["to"], "alice");
    assert!(text(answer).contains("08:00 UTC+1"), "{answer}");
    // bob's e4: no mention of alice, no direct message.
    let e4 = out
        .iter()
        .find(|v| event_type(v) == "move" && v["event"]["san"] == "e4")
        .expect("e4");
    assert_eq!(e4["mentions"], serde_json::json!([]), "{e4}");
    assert!(
        !out.iter()
            .any(|v| v["channel"] == "@alice" && event_type(v) == "move"),
        "no turn notice by DM"
    );
    // One digest a day, in alice's direct channel, naming the game.
    let digests: Vec<&Value> = out.iter().filter(|v| event_type(v) == "digest").collect();
    assert_eq!(digests.len(), 2, "{digests:#?}");
    for d in &digests {
        assert_eq!(d["channel"], "@alice");
        assert_eq!(d["event"]["player"], "alice");
        let games = d["event"]["games"].as_array().expect("games");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0]["channel"], "g1");
        assert!(games[0]["deadline"].is_string());
        assert!(text(d).contains("One game waits for your move"), "{d}");
    }
    // The reminder before the deadline still comes (2.4 days in).
    assert!(
        out.iter().any(|v| event_type(v) == "reminder"),
        "the reminder still comes"
    );
    // After `digest:off`, bob's move mentions alice again.
    let nf3 = out
        .iter()
        .find(|v| event_type(v) == "move" && v["event"]["san"] == "Nf3")
        .expect("Nf3");
    assert_eq!(nf3["mentions"], serde_json::json!(["alice"]), "{nf3}");
    assert!(
        out.iter()
            .any(|v| v["to"] == "alice" && text(v).contains("daily digest is off")),
        "digest:off answered"
    );
}

#[test]
fn a_digest_is_not_sent_on_a_day_no_game_waits() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice@g1: /chess challenge @bob color:white days:3
bob@g1: /chess accept
alice@g1: /chess notify digest:0
alice@g1: /chess move e4
:advance 1d
";
    let out = run_console(script, &temp_db(&dir), &[]);
    assert!(!out.iter().any(|v| event_type(v) == "digest"), "{out:#?}");
}

#[test]
fn digest_hours_and_zones_out_of_range_are_refused_with_the_range() {
    let dir = tempfile::tempdir().expect("tmp");
    let script = "\
alice: /chess notify digest:24
alice: /chess notify digest:8 tz:+15
alice: /chess notify digest:off
";
    let out = run_console(script, &temp_db(&dir), &[]);
    assert_eq!(out.len(), 3, "{out:#?}");
    assert_eq!(out[0]["event"]["code"], "invalid_option");
    assert!(text(&out[0]).contains("0-23"), "{}", out[0]);
    assert_eq!(out[1]["event"]["code"], "invalid_option");
    assert!(text(&out[1]).contains("UTC-12 to UTC+14"), "{}", out[1]);
    assert_eq!(out[2]["to"], "alice");
    assert!(text(&out[2]).contains("no daily digest"), "{}", out[2]);
}
