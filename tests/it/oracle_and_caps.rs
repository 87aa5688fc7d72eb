//! Two guards through the service, on the console's platform: no engine
//! game from a position standing in one of the caller's running games
//! (the engine would play that game for them), and the caps on the
//! leagues one user and one community may have open or running.

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chrono::Utc;

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    let by = Actor {
        id: who.into(),
        name: who.into(),
    };
    svc.handle(&place(ch), &by, cmd).await
}

fn error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

async fn service() -> GameService {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    GameService::open(Store::memory().await.expect("store"), clock)
        .await
        .expect("service")
}

#[tokio::test]
async fn no_engine_game_from_a_position_of_ones_running_game() {
    let svc = service().await;
    say(&svc, "c1", "ann", "/chess challenge @ben color:white").await;
    assert_eq!(error(&say(&svc, "c1", "ben", "/chess accept").await), None);
    let moved = say(&svc, "c1", "ann", "/chess move e4").await;
    let fen = moved
        .iter()
        .find_map(|r| match &r.event {
            Some(Event::Move { fen, .. }) => Some(fen.clone()),
            _ => None,
        })
        .expect("the move");
    // Ben, to move there, asks the engine from that very position.
    let asked = say(
        &svc,
        "c9",
        "ben",
        &format!("/chess computer level:8 fen:\"{fen}\""),
    )
    .await;
    assert_eq!(error(&asked).as_deref(), Some("not_allowed"), "{asked:?}");
    let text: String = asked.iter().map(|r| r.text.clone()).collect();
    assert!(text.contains("running games"), "{text}");
    // Someone else may study the position; Ben may study another one.
    let other = say(
        &svc,
        "c10",
        "cat",
        &format!("/chess computer level:8 fen:\"{fen}\""),
    )
    .await;
    assert_ne!(error(&other).as_deref(), Some("not_allowed"), "{other:?}");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let elsewhere = say(
        &svc,
        "c11",
        "ben",
        &format!("/chess computer level:8 fen:\"{start}\""),
    )
    .await;
    assert_ne!(
        error(&elsewhere).as_deref(),
        Some("not_allowed"),
        "{elsewhere:?}"
    );
}

#[tokio::test]
async fn leagues_are_capped_per_user_and_per_community() {
    let svc = service().await;
    for ch in ["c1", "c2"] {
        let r = say(&svc, ch, "ann", "/chess league create name:Cup").await;
        assert_eq!(error(&r), None, "{r:?}");
    }
    let third = say(&svc, "c3", "ann", "/chess league create name:Cup").await;
    assert_eq!(error(&third).as_deref(), Some("limit"), "{third:?}");
    let bens = say(&svc, "c3", "ben", "/chess league create name:Cup").await;
    assert_eq!(error(&bens), None, "{bens:?}");
    let cats = say(&svc, "c4", "cat", "/chess league create name:Cup").await;
    assert_eq!(error(&cats).as_deref(), Some("limit"), "{cats:?}");
    // A cancelled league frees its place.
    let cancel = say(&svc, "c1", "ann", "/chess league cancel").await;
    assert_eq!(error(&cancel), None, "{cancel:?}");
    let again = say(&svc, "c4", "cat", "/chess league create name:Cup").await;
    assert_eq!(error(&again), None, "{again:?}");
}
