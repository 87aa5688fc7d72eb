//! Leagues end to end through the service: a 5-player double
//! round robin created, joined, started (20 games in 20 places), played to
//! the end with wins, draws, a withdrawal and a time-out, its standings
//! checked against hand-computed values; the errors; the automatic start;
//! cancelling; and two services on one database ending games at once
//! (SQLite file; PostgreSQL with `CHESSBOT_TEST_PG_URL`) counting every
//! result once and posting the final standings once.

use std::collections::HashMap;
use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply, StandingsRow};
use chessbot::store::Store;
use chrono::{Duration, Utc};

use crate::support;

struct H {
    svc: GameService,
    clock: Arc<ManualClock>,
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

async fn harness() -> H {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let store = Store::memory().await.expect("store");
    H {
        svc: GameService::open(store, clock.clone())
            .await
            .expect("service"),
        clock,
    }
}

async fn say_with(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    let mut replies = svc.handle(&place(ch), &actor(who), cmd).await;
    let mut follow = Vec::new();
    for r in &replies {
        if let Some(work) = &r.follow_up {
            follow.extend(svc.follow_up(work).await);
        }
    }
    replies.extend(follow);
    replies
}

impl H {
    async fn say_in(&self, ch: &str, who: &str, line: &str) -> Vec<Reply> {
        say_with(&self.svc, ch, who, line).await
    }

    async fn ok_in(&self, ch: &str, who: &str, line: &str) -> Vec<Reply> {
        let r = self.say_in(ch, who, line).await;
        assert_eq!(error(&r), None, "{who}@{ch}: {line}: {:?}", texts(&r));
        r
    }
}

fn error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

fn texts(r: &[Reply]) -> Vec<&str> {
    r.iter().map(|r| r.text.as_str()).collect()
}

fn league_events(r: &[Reply]) -> Vec<chessbot::service::LeagueEvent> {
    r.iter()
        .filter_map(|r| match &r.event {
            Some(Event::League(l)) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

fn standings(r: &[Reply]) -> Vec<(bool, Vec<StandingsRow>)> {
    r.iter()
        .filter_map(|r| match &r.event {
            Some(Event::Standings {
                r#final: last,
                rows,
                ..
            }) => Some((*last, rows.clone())),
            _ => None,
        })
        .collect()
}

/// `(white, black)` → the game's channel, from the start replies.
fn places(r: &[Reply], league: i64) -> HashMap<(String, String), String> {
    let mut out = HashMap::new();
    for x in r {
        if let Some(Event::Start {
            white,
            black,
            league: Some(l),
            ..
        }) = &x.event
        {
            assert_eq!(*l, league);
            out.insert((white.clone(), black.clone()), x.place.channel.clone());
        }
    }
    out
}

fn row(
    rank: i64,
    player: &str,
    points: f64,
    played: i64,
    left: i64,
    tiebreak: f64,
) -> StandingsRow {
    StandingsRow {
        rank,
        player: player.into(),
        points,
        played,
        left,
        tiebreak,
        tiebreaks: None,
    }
}

const PLAYERS: [&str; 5] = ["alice", "bob", "carol", "dave", "erin"];

#[tokio::test]
async fn a_double_round_robin_of_five_played_to_the_end() {
    let h = harness().await;
    let r = h
        .ok_in(
            "club",
            "alice",
            r#"/chess league create name:"Winter Cup" rounds:2 max:5 days:3"#,
        )
        .await;
    let ev = league_events(&r);
    assert_eq!(ev.len(), 1);
    assert_eq!((ev[0].league, ev[0].state.as_str()), (1, "open"));
    assert_eq!(ev[0].name, "Winter Cup");
    for p in PLAYERS {
        let r = h.ok_in("club", p, "/chess league join").await;
        assert!(league_events(&r)[0].players.contains(&p.to_string()));
    }
    // Errors: twice, full, not the creator, the wrong channel.
    let r = h.say_in("club", "bob", "/chess league join").await;
    assert_eq!(error(&r).as_deref(), Some("already_joined"));
    let r = h.say_in("club", "frank", "/chess league join").await;
    assert_eq!(error(&r).as_deref(), Some("league_full"));
    let r = h.say_in("club", "bob", "/chess league start").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    let r = h.say_in("club", "bob", "/chess league withdraw").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    let r = h
        .say_in("elsewhere", "alice", "/chess league standings league:1")
        .await;
    assert_eq!(error(&r).as_deref(), Some("no_league"));
    let r = h.say_in("elsewhere", "alice", "/chess league start").await;
    assert_eq!(error(&r).as_deref(), Some("no_league"));

    // The start: 20 games in 20 places, each pair twice, colours swapped.
    let r = h.ok_in("club", "alice", "/chess league start").await;
    let ev = league_events(&r);
    assert_eq!(ev[0].state, "running");
    assert_eq!(ev[0].players, PLAYERS.map(String::from).to_vec());
    let games = places(&r, 1);
    assert_eq!(games.len(), 20);
    let channels: std::collections::HashSet<&String> = games.values().collect();
    assert_eq!(channels.len(), 20);
    assert!(channels.iter().all(|c| c.starts_with("league-1-")));
    for a in PLAYERS {
        let whites = games.keys().filter(|(w, _)| w == a).count();
        assert_eq!(whites, 4, "{a} has white in 4 of 8");
        for b in PLAYERS {
            if a != b {
                assert!(games.contains_key(&(a.to_string(), b.to_string())));
            }
        }
    }
    let r = h.say_in("club", "frank", "/chess league join").await;
    assert_eq!(error(&r).as_deref(), Some("league_started"));
    let at = |w: &str, b: &str| games[&(w.to_string(), b.to_string())].clone();
    // A league game is not aborted.
    let r = h.say_in(&at("alice", "bob"), "alice", "/chess abort").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));

    // Plays a game: `how` is resign (by the loser), draw, or a mate.
    async fn play(h: &H, ch: &str, white: &str, black: &str, how: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        match how {
            "white" | "black" => {
                h.ok_in(ch, white, "/chess move e4").await;
                h.ok_in(ch, black, "/chess move e5").await;
                let loser = if how == "white" { black } else { white };
                out.extend(h.ok_in(ch, loser, "/chess resign").await);
            }
            "draw" => {
                h.ok_in(ch, white, "/chess move d4").await;
                h.ok_in(ch, black, "/chess move d5").await;
                h.ok_in(ch, white, "/chess draw").await;
                out.extend(h.ok_in(ch, black, "/chess draw").await);
            }
            "mate" => {
                for (who, m) in [
                    (white, "e4"),
                    (black, "e5"),
                    (white, "Bc4"),
                    (black, "Nc6"),
                    (white, "Qh5"),
                    (black, "Nf6"),
                    (white, "Qxf7#"),
                ] {
                    out.extend(h.ok_in(ch, who, &format!("/chess move {m}")).await);
                }
            }
            _ => unreachable!(),
        }
        out
    }
    let plan = [
        ("alice", "bob", "white"),
        ("bob", "alice", "draw"),
        ("alice", "carol", "mate"),
        ("carol", "alice", "black"),
        ("alice", "dave", "draw"),
        ("dave", "alice", "white"),
        ("alice", "erin", "white"),
        ("erin", "alice", "draw"),
        ("bob", "carol", "white"),
        ("carol", "bob", "draw"),
        ("bob", "dave", "black"),
        ("bob", "erin", "black"),
        ("erin", "bob", "white"),
        ("carol", "dave", "white"),
        ("dave", "carol", "white"),
    ];
    let mut seen = 0;
    for (i, (w, b, how)) in plan.iter().enumerate() {
        let r = play(&h, &at(w, b), w, b, how).await;
        let s = standings(&r);
        assert_eq!(s.len(), 1, "one standings update per game: {:?}", texts(&r));
        assert!(!s[0].0);
        let played: i64 = s[0].1.iter().map(|r| r.played).sum();
        assert_eq!(played, 2 * (i as i64 + 1));
        // The update is posted in the league's channel.
        let post = r
            .iter()
            .find(|x| matches!(x.event, Some(Event::Standings { .. })))
            .expect("standings");
        assert_eq!(post.place.channel, "club");
        seen += 1;
    }
    assert_eq!(seen, 15);
    // A league game's PGN names its league and its round: the pair's two
    // games are the two halves of the double round robin.
    let mut rounds = Vec::new();
    for (w, b) in [("alice", "bob"), ("bob", "alice")] {
        let r = h.ok_in(&at(w, b), "bob", "/chess pgn").await;
        let pgn = r
            .iter()
            .find_map(|x| match &x.event {
                Some(Event::Pgn { pgn }) => Some(pgn.clone()),
                _ => None,
            })
            .expect("a pgn event");
        assert!(pgn.contains("[Event \"Winter Cup\"]"), "{pgn}");
        rounds.push(pgn.contains("[Round \"1\"]"));
        assert!(
            pgn.contains("[Round \"1\"]") || pgn.contains("[Round \"2\"]"),
            "{pgn}"
        );
    }
    assert_ne!(rounds[0], rounds[1], "one game in each half");

    // erin has played 4 of her 8 games: withdrawing loses the other four.
    let r = h.ok_in("club", "erin", "/chess league withdraw").await;
    let ends = r
        .iter()
        .filter(|x| matches!(x.event, Some(Event::End { .. })))
        .count();
    assert_eq!(ends, 4, "{:?}", texts(&r));
    assert_eq!(league_events(&r)[0].state, "running");
    assert_eq!(standings(&r).len(), 1);
    let r = h.say_in("club", "erin", "/chess league withdraw").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));

    // The last game: dave moves, bob lets his time run out.
    h.ok_in(&at("dave", "bob"), "dave", "/chess move e4").await;
    let r = h.ok_in("club", "carol", "/chess league standings").await;
    let (last, rows) = standings(&r).remove(0);
    assert!(!last);
    assert_eq!(rows[0], row(1, "dave", 5.5, 7, 1, 18.75));
    assert!(
        r[0].files
            .iter()
            .any(|f| f.filename == "league-1-standings.png")
    );
    h.clock.advance(Duration::days(4));
    let mut r = h.svc.run_due().await;
    let mut follow = Vec::new();
    for x in &r {
        if let Some(w) = &x.follow_up {
            follow.extend(h.svc.follow_up(w).await);
        }
    }
    r.extend(follow);
    assert!(r.iter().any(|x| matches!(
        &x.event,
        Some(Event::End { termination, .. }) if termination == "timeout"
    )));
    let s = standings(&r);
    assert_eq!(s.len(), 1, "{:?}", texts(&r));
    let (last, rows) = s[0].clone();
    assert!(last);
    // Hand-computed (docs/RULES.md): points, then Sonneborn-Berger.
    assert_eq!(
        rows,
        vec![
            row(1, "dave", 6.5, 8, 0, 20.75),
            row(2, "alice", 5.5, 8, 0, 17.0),
            row(3, "carol", 3.5, 8, 0, 12.5),
            row(4, "erin", 2.5, 8, 0, 6.75),
            row(5, "bob", 2.0, 8, 0, 8.0),
        ]
    );
    let ev = league_events(&r);
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].state, "finished");
    let over = r
        .iter()
        .find(|x| matches!(x.event, Some(Event::League(_))))
        .expect("the end");
    assert_eq!(over.place.channel, "club");
    assert!(over.text.contains("dave"), "{}", over.text);
    let table = r
        .iter()
        .find(|x| matches!(x.event, Some(Event::Standings { .. })))
        .expect("final standings");
    assert!(!table.files.is_empty(), "the picture");
    // Afterwards: standings are final; nothing is running.
    let r = h.ok_in("club", "bob", "/chess league standings").await;
    assert!(standings(&r)[0].0);
    let r = h.say_in("club", "bob", "/chess league cancel").await;
    assert_eq!(error(&r).as_deref(), Some("no_league"));
    assert!(h.svc.run_due().await.is_empty());
}

#[tokio::test]
async fn leaving_cancelling_and_too_few_players() {
    let h = harness().await;
    h.ok_in(
        "c",
        "ann",
        r#"/chess league create name:"  <b>@everyone</b>  ""#,
    )
    .await;
    let r = h
        .say_in("c", "ann", "/chess league create name:\"\u{202e}\"")
        .await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    h.ok_in("c", "ann", "/chess league join").await;
    h.ok_in("c", "ben", "/chess league join").await;
    let r = h.ok_in("c", "ben", "/chess league leave").await;
    assert_eq!(league_events(&r)[0].players, vec!["ann".to_string()]);
    let r = h.say_in("c", "ben", "/chess league leave").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    h.ok_in("c", "ben", "/chess league join").await;
    let r = h.say_in("c", "ann", "/chess league start").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"), "two players");
    h.ok_in("c", "cat", "/chess league join").await;
    // A moderator may start someone else's league.
    let by = actor("mod");
    let cmd = text::parse("/chess league start").unwrap().unwrap();
    let prefs = chessbot::service::LocalePrefs {
        moderator: true,
        ..Default::default()
    };
    let r = h.svc.handle_with(&place("c"), &by, cmd, prefs).await;
    assert_eq!(error(&r), None, "{:?}", texts(&r));
    let ev = league_events(&r);
    assert_eq!(
        ev[0].name, "<b>@everyone</b>",
        "kept as plain text, trimmed"
    );
    assert!(
        r.iter()
            .all(|x| x.mentions.iter().all(|m| m.id != "everyone"))
    );
    let games = places(&r, 1);
    assert_eq!(games.len(), 3);
    let r = h.say_in("c", "ben", "/chess league leave").await;
    assert_eq!(error(&r).as_deref(), Some("league_started"));
    let r = h.say_in("c", "ben", "/chess league cancel").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    let r = h.ok_in("c", "ann", "/chess league cancel").await;
    let ends: Vec<&str> = r
        .iter()
        .filter_map(|x| match &x.event {
            Some(Event::End { result, .. }) => Some(result.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ends, vec!["*", "*", "*"]);
    assert_eq!(league_events(&r)[0].state, "cancelled");
    assert!(standings(&r).is_empty());
    for ch in games.values() {
        let r = h.say_in(ch, "ann", "/chess board").await;
        assert!(
            r.iter()
                .all(|x| x.board.is_some() || error(std::slice::from_ref(x)).is_some())
        );
        let r = h.say_in(ch, "ann", "/chess resign").await;
        assert_eq!(error(&r).as_deref(), Some("no_game"));
    }
}

#[tokio::test]
async fn a_player_withdrawing_early_is_struck_from_the_table() {
    let h = harness().await;
    h.ok_in("c", "ann", "/chess league create name:Cup").await;
    for p in ["ann", "ben", "cat", "dan"] {
        h.ok_in("c", p, "/chess league join").await;
    }
    let r = h.ok_in("c", "ann", "/chess league start").await;
    let games = places(&r, 1);
    assert_eq!(games.len(), 6);
    // ben beats dan, then dan withdraws (1 of 3 played): dan's games are
    // struck, his running ones aborted; ben's win over dan no longer counts.
    let (w, b) = if games.contains_key(&("ben".into(), "dan".into())) {
        ("ben", "dan")
    } else {
        ("dan", "ben")
    };
    let ch = &games[&(w.to_string(), b.to_string())];
    h.ok_in(ch, "dan", "/chess resign").await;
    let r = h.ok_in("c", "dan", "/chess league withdraw").await;
    let aborted = r
        .iter()
        .filter(|x| matches!(&x.event, Some(Event::End { result, .. }) if result == "*"))
        .count();
    assert_eq!(aborted, 2);
    assert!(!league_events(&r)[0].players.contains(&"dan".to_string()));
    let r = h.ok_in("c", "cat", "/chess league standings").await;
    let (_, rows) = standings(&r).remove(0);
    assert_eq!(rows.len(), 3);
    assert!(
        rows.iter()
            .all(|r| r.points == 0.0 && r.played == 0 && r.left == 2)
    );
}

#[tokio::test]
async fn a_league_starts_by_itself_at_its_time() {
    let h = harness().await;
    let at = (h.svc.now() + Duration::hours(2)).to_rfc3339();
    h.ok_in(
        "c",
        "ann",
        &format!("/chess league create name:Early starts:\"{at}\""),
    )
    .await;
    let r = h
        .say_in(
            "c",
            "ann",
            "/chess league create name:Past starts:\"2001-01-01 10:00\"",
        )
        .await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    h.ok_in("c", "ann", "/chess league join").await;
    h.ok_in("c", "ben", "/chess league join").await;
    h.clock.advance(Duration::hours(1));
    assert!(h.svc.run_due().await.is_empty());
    h.clock.advance(Duration::hours(2));
    // Two players at the start time: it stays open, started by command.
    let r = h.svc.run_due().await;
    let ev = league_events(&r);
    assert_eq!(ev.len(), 1, "{:?}", texts(&r));
    assert_eq!(ev[0].state, "open");
    assert!(h.svc.run_due().await.is_empty());
    // Another league with three players starts by itself.
    let at = (h.svc.now() + Duration::hours(2)).to_rfc3339();
    h.ok_in(
        "d",
        "ann",
        &format!("/chess league create name:Later starts:\"{at}\""),
    )
    .await;
    for p in ["ann", "ben", "cat"] {
        h.ok_in("d", p, "/chess league join").await;
    }
    assert!(h.svc.next_due().await.is_some());
    h.clock.advance(Duration::hours(3));
    let r = h.svc.run_due().await;
    let ev = league_events(&r);
    assert_eq!(ev[0].state, "running");
    assert_eq!(places(&r, 2).len(), 3);
    // The league games lose on time even before a first move.
    h.clock.advance(Duration::days(4));
    let r = h.svc.run_due().await;
    let timeouts = r
        .iter()
        .filter(|x| matches!(&x.event, Some(Event::End { termination, .. }) if termination == "timeout"))
        .count();
    assert_eq!(timeouts, 3, "{:?}", texts(&r));
    let finals: Vec<_> = standings(&r).into_iter().filter(|s| s.0).collect();
    assert_eq!(finals.len(), 1);
}

/// Two services on one database end every game of a league at once (each
/// game resigned by both players through different services): each result
/// counts once, the final standings are posted once.
async fn two_services_count_each_result_once(url: &str) {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let a = GameService::open(Store::open(url).await.expect("store a"), clock.clone())
        .await
        .expect("service a");
    let b = GameService::open(Store::open(url).await.expect("store b"), clock.clone())
        .await
        .expect("service b");
    say_with(&a, "c", "ann", "/chess league create name:Race rounds:2").await;
    for p in ["ann", "ben", "cat", "dan"] {
        say_with(&a, "c", p, "/chess league join").await;
    }
    let r = say_with(&b, "c", "ann", "/chess league start").await;
    let games = places(&r, 1);
    assert_eq!(games.len(), 12);
    let mut all = Vec::new();
    let ends = games.iter().map(|((w, bl), ch)| {
        let (a, b) = (a.clone(), b.clone());
        let (w, bl, ch) = (w.clone(), bl.clone(), ch.clone());
        async move {
            let (x, y) = tokio::join!(
                say_with(&a, &ch, &w, "/chess resign"),
                say_with(&b, &ch, &bl, "/chess resign"),
            );
            [x, y].concat()
        }
    });
    for r in futures_util::future::join_all(ends).await {
        all.extend(r);
    }
    let ended = all
        .iter()
        .filter(|x| matches!(x.event, Some(Event::End { .. })))
        .count();
    assert_eq!(ended, 12, "each game ends once");
    let finals: Vec<_> = standings(&all).into_iter().filter(|s| s.0).collect();
    assert_eq!(finals.len(), 1, "the final standings once");
    let rows = &finals[0].1;
    assert_eq!(rows.iter().map(|r| r.points).sum::<f64>(), 12.0);
    assert!(rows.iter().all(|r| r.played == 6 && r.left == 0));
    let over = league_events(&all)
        .into_iter()
        .filter(|e| e.state == "finished")
        .count();
    assert_eq!(over, 1);
    let r = say_with(&a, "c", "ben", "/chess league standings").await;
    assert_eq!(standings(&r)[0].1, *rows);
}

#[tokio::test]
async fn two_services_on_one_sqlite_file_count_each_result_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("league.db").display());
    two_services_count_each_result_once(&url).await;
}

#[tokio::test]
async fn two_services_on_one_postgres_count_each_result_once() {
    let Some(base) = support::pg_url("two_services_on_one_postgres_count_each_result_once") else {
        return;
    };
    let url = support::fresh_schema_url(&base).await;
    two_services_count_each_result_once(&url).await;
}
