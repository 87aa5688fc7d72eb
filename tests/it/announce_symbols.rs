//! One symbol per kind of announcement: ♟ before a move, ✅
//! before a win, ½ before a draw, ⏰ before a reminder, once, on the
//! public post only (private answers and errors get none).

use chessbot::service::Event;
use chrono::Duration;

use crate::support::scenario::{Replies, Scenario};

#[tokio::test]
async fn each_kind_of_announcement_has_its_symbol_once() {
    let h = Scenario::new().await;
    h.say("alice", "/chess challenge @bob color:white").await;
    let start = h.say("bob", "/chess accept").await;
    assert!(!start[0].text.starts_with('♟'), "{}", start[0].text);
    let r = h.say("alice", "/chess move e4").await;
    let m = r.with_event(|e| matches!(e, Event::Move { .. }));
    assert!(m.text.starts_with("♟ alice played 1. e4"), "{}", m.text);
    assert_eq!(m.text.matches('♟').count(), 1, "{}", m.text);
    // A private error has none.
    let r = h.say("alice", "/chess move e5").await;
    assert!(
        r[0].ephemeral && !r[0].text.starts_with('♟'),
        "{}",
        r[0].text
    );

    // The reminder before bob's deadline.
    h.clock.advance(Duration::days(2) + Duration::hours(12));
    let due = h.run_due().await;
    let rem = due.with_event(|e| matches!(e, Event::Reminder { .. }));
    assert!(rem.text.starts_with("⏰ "), "{}", rem.text);
    assert_eq!(rem.text.matches('⏰').count(), 1, "{}", rem.text);

    // A win, then a draw in a second game.
    h.say("bob", "/chess move e5").await;
    let r = h.say("alice", "/chess resign").await;
    let end = r.with_event(|e| matches!(e, Event::End { .. }));
    assert!(end.text.starts_with("✅ "), "{}", end.text);
    h.say("alice", "/chess challenge @bob color:white").await;
    h.say("bob", "/chess accept").await;
    h.say("alice", "/chess move e4").await;
    h.say("bob", "/chess move e5").await;
    h.say("alice", "/chess draw").await;
    let r = h.say("bob", "/chess draw").await;
    let end = r.with_event(|e| matches!(e, Event::End { .. }));
    assert!(end.text.starts_with("½ "), "{}", end.text);
}
