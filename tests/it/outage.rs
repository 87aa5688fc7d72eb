//! An unreachable database: commands are answered `unavailable` (once
//! after trying, then at once without trying) and nothing changes.

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chrono::Utc;

fn place() -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: "general".into(),
    }
}

fn actor(n: &str) -> Actor {
    Actor {
        id: n.into(),
        name: n.into(),
    }
}

async fn say(svc: &GameService, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    svc.handle(&place(), &actor(who), cmd).await
}

fn codes(replies: &[Reply]) -> Vec<String> {
    replies
        .iter()
        .filter_map(|r| match &r.event {
            Some(Event::Error { code, .. }) => Some(code.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn an_unreachable_database_is_answered_unavailable_at_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    let store = Store::open(&url).await.expect("store");
    let svc = GameService::open(store.clone(), Arc::new(ManualClock::new(Utc::now())))
        .await
        .expect("service");
    assert!(codes(&say(&svc, "alice", "/chess challenge @bob").await).is_empty());

    // The database goes away (here: its pool is closed).
    store.close().await;
    let first = say(&svc, "bob", "/chess accept").await;
    assert_eq!(codes(&first), ["unavailable"], "{first:?}");
    assert!(first[0].ephemeral, "errors are private");
    assert!(first[0].text.contains("database"), "{}", first[0].text);
    // From now on without trying: the same answer, for every command.
    for line in ["/chess board", "/chess move e4", "/chess games"] {
        let again = say(&svc, "alice", line).await;
        assert_eq!(codes(&again), ["unavailable"], "{line}: {again:?}");
        assert_eq!(again.len(), 1, "{line}: nothing else is said");
    }

    // Back again (a new process on the same file): the challenge was never
    // accepted, so nothing changed while the database was away.
    let store = Store::open(&url).await.expect("store again");
    let svc = GameService::open(store, Arc::new(ManualClock::new(Utc::now())))
        .await
        .expect("service again");
    let board = say(&svc, "bob", "/chess board").await;
    assert_eq!(codes(&board), ["no_game"], "{board:?}");
    let accept = say(&svc, "bob", "/chess accept").await;
    assert!(codes(&accept).is_empty(), "{accept:?}");
}
