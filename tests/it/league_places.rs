//! League games waiting for their place, with two processes on one
//! database (a SQLite file; PostgreSQL with `CHESSBOT_TEST_PG_URL`): a
//! league started on a platform whose adapter opens a place per game
//! starts no clock; one process claims the games and dies before opening
//! their places; the other gets nothing while that claim holds, takes the
//! games when it runs out and binds each exactly once; days without a
//! place cost nobody a game; after the binding the clock runs from then.

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{
    Actor, Binding, Event, GameService, LEAGUE_BINDING_LEASE_MS, ManualClock, Place, Reply,
};
use chessbot::store::Store;
use chrono::{Duration, Utc};

use crate::support;

fn discord(channel: &str) -> Place {
    Place {
        platform: "discord".into(),
        guild: Some("g1".into()),
        channel: channel.into(),
    }
}

async fn say(svc: &GameService, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    let by = Actor {
        id: who.into(),
        name: who.into(),
    };
    svc.handle(&discord("100"), &by, cmd).await
}

async fn crash_mid_start_is_finished_by_the_other_process(url: &str) {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let open = || async {
        GameService::open(Store::open(url).await.expect("store"), clock.clone())
            .await
            .expect("service")
    };
    let (a, b) = (open().await, open().await);
    say(&a, "ann", "/chess league create name:Crash days:1").await;
    for p in ["ann", "ben", "cat"] {
        say(&a, p, "/chess league join").await;
    }
    let started = say(&a, "ann", "/chess league start").await;
    assert!(
        started
            .iter()
            .any(|r| matches!(&r.event, Some(Event::League(l)) if l.state == "running")),
        "{started:?}"
    );
    // No game start is posted at a placeholder: the adapter posts each in
    // its place.
    assert!(
        started
            .iter()
            .all(|r| !matches!(r.event, Some(Event::Start { .. }))),
        "{started:?}"
    );

    // Process a claims the three games and dies before opening a place.
    let claimed = a.held_league_games("discord").await.expect("held");
    assert_eq!(claimed.len(), 3);
    assert!(
        b.held_league_games("discord")
            .await
            .expect("held")
            .is_empty()
    );
    // Other platforms' games are not this adapter's to open.
    assert!(
        b.held_league_games("matrix")
            .await
            .expect("held")
            .is_empty()
    );

    // Days pass: no clock runs against a game nobody can reach.
    clock.advance(Duration::days(5));
    let due = b.claim_due(Some("discord")).await;
    assert!(
        due.iter()
            .flat_map(|d| &d.replies)
            .all(|r| !matches!(r.event, Some(Event::End { .. }))),
        "no time-out: {due:?}"
    );

    // a's claim ran out long ago: b takes the games and binds each once.
    let games = b.held_league_games("discord").await.expect("held");
    assert_eq!(games.len(), 3);
    let mut bound = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let to = discord(&format!("thread-{i}"));
        let prepared = b
            .prepare_league_binding(g, &to)
            .await
            .expect("prepare")
            .expect("a held game");
        let start = &prepared.start;
        assert_eq!(start.place, to);
        assert!(start.text.contains("Crash"), "{}", start.text);
        assert!(matches!(
            start.event,
            Some(Event::Start {
                league: Some(_),
                ..
            })
        ));
        assert_eq!(
            b.bind_league_game(g, &prepared).await.expect("bind"),
            Binding::Bound
        );
        bound.push(to);
    }
    // a comes back with its stale claims: nothing left to bind, nothing
    // bound twice.
    for g in &claimed {
        let elsewhere = discord("elsewhere");
        let again = a
            .prepare_league_binding(g, &elsewhere)
            .await
            .expect("prepare");
        assert!(again.is_none(), "{again:?}");
    }
    for (g, to) in games.iter().zip(&bound) {
        let prepared = b.prepare_league_binding(g, to).await.expect("prepare");
        assert!(prepared.is_none(), "bound twice: {prepared:?}");
    }
    clock.advance(Duration::milliseconds(LEAGUE_BINDING_LEASE_MS + 1));
    assert!(
        a.held_league_games("discord")
            .await
            .expect("held")
            .is_empty()
    );

    // The clock now runs from the binding: a move in its place works, and
    // a day and a bit without one is a time-out.
    let by = |n: &str| Actor {
        id: n.into(),
        name: n.into(),
    };
    let cmd = text::parse("/chess board").expect("parses").expect("cmd");
    let board = b.handle(&bound[0], &by("ann"), cmd).await;
    assert!(
        board
            .iter()
            .all(|r| !matches!(r.event, Some(Event::Error { .. }))),
        "{board:?}"
    );
    clock.advance(Duration::hours(25));
    let mut ends = 0;
    loop {
        let due = b.claim_due(Some("discord")).await;
        if due.is_empty() {
            break;
        }
        for d in &due {
            ends += d
                .replies
                .iter()
                .filter(|r| matches!(r.event, Some(Event::End { .. })))
                .count();
            b.ack_due(d).await;
        }
    }
    assert_eq!(ends, 3, "each game times out once, from its binding");
}

#[tokio::test]
async fn a_crash_mid_league_start_is_finished_once_on_one_sqlite_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("league.db").display());
    crash_mid_start_is_finished_by_the_other_process(&url).await;
}

#[tokio::test]
async fn a_crash_mid_league_start_is_finished_once_on_postgres() {
    let Some(base) = support::pg_url("a_crash_mid_league_start_is_finished_once_on_postgres")
    else {
        return;
    };
    let url = support::fresh_schema_url(&base).await;
    crash_mid_start_is_finished_by_the_other_process(&url).await;
}
