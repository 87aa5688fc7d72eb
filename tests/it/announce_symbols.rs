//! One symbol per kind of announcement (issue 29): ♟ before a move, ✅
//! before a win, ½ before a draw, ⏰ before a reminder, once, on the
//! public post only (private answers and errors get none).

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chrono::{Duration, Utc};

fn place() -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: "general".into(),
    }
}

async fn say(svc: &GameService, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).unwrap().expect("a command");
    let by = Actor {
        id: who.into(),
        name: who.into(),
    };
    svc.handle(&place(), &by, cmd).await
}

fn with_event(r: &[Reply], pick: fn(&Event) -> bool) -> &Reply {
    r.iter()
        .find(|r| r.event.as_ref().is_some_and(pick))
        .unwrap_or_else(|| panic!("{:?}", r.iter().map(|r| &r.text).collect::<Vec<_>>()))
}

#[tokio::test]
async fn each_kind_of_announcement_has_its_symbol_once() {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.unwrap(), clock.clone())
        .await
        .unwrap();
    say(&svc, "alice", "/chess challenge @bob color:white").await;
    let start = say(&svc, "bob", "/chess accept").await;
    assert!(!start[0].text.starts_with('♟'), "{}", start[0].text);
    let r = say(&svc, "alice", "/chess move e4").await;
    let m = with_event(&r, |e| matches!(e, Event::Move { .. }));
    assert!(m.text.starts_with("♟ alice played 1. e4"), "{}", m.text);
    assert_eq!(m.text.matches('♟').count(), 1, "{}", m.text);
    // A private error has none.
    let r = say(&svc, "alice", "/chess move e5").await;
    assert!(
        r[0].ephemeral && !r[0].text.starts_with('♟'),
        "{}",
        r[0].text
    );

    // The reminder before bob's deadline.
    clock.advance(Duration::days(2) + Duration::hours(12));
    let due = svc.run_due().await;
    let rem = with_event(&due, |e| matches!(e, Event::Reminder { .. }));
    assert!(rem.text.starts_with("⏰ "), "{}", rem.text);
    assert_eq!(rem.text.matches('⏰').count(), 1, "{}", rem.text);

    // A win, then a draw in a second game.
    say(&svc, "bob", "/chess move e5").await;
    let r = say(&svc, "alice", "/chess resign").await;
    let end = with_event(&r, |e| matches!(e, Event::End { .. }));
    assert!(end.text.starts_with("✅ "), "{}", end.text);
    say(&svc, "alice", "/chess challenge @bob color:white").await;
    say(&svc, "bob", "/chess accept").await;
    say(&svc, "alice", "/chess move e4").await;
    say(&svc, "bob", "/chess move e5").await;
    say(&svc, "alice", "/chess draw").await;
    let r = say(&svc, "bob", "/chess draw").await;
    let end = with_event(&r, |e| matches!(e, Event::End { .. }));
    assert!(end.text.starts_with("½ "), "{}", end.text);
}
