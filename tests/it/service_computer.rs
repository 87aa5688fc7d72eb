//! Scenario tests of `computer` (playing the engine) through `handle`,
//! with a scripted engine and a manual clock; `service_pg` runs them on
//! PostgreSQL too.

use std::sync::Arc;

use chessbot::engine::{EngineError, Level, Score, ScriptedCall, ScriptedEngine};
use chessbot::service::{
    ColorChoice, Command, ComputerOptions, Event, ManualClock, Reply, is_engine_id,
};
use chrono::{Duration, Utc};

use crate::support::scenario::{Replies, Scenario, ended};

/// Every batch of replies: the engine is never mentioned, and games
/// against the computer are not rated.
fn computer_checks(r: &[Reply]) {
    for reply in r {
        assert!(
            reply.mentions.iter().all(|a| !is_engine_id(&a.id)),
            "the engine is mentioned: {:?}",
            reply.text
        );
        if let Some(Event::End { ratings, .. }) = &reply.event {
            assert_eq!(*ratings, None, "games against the computer are not rated");
        }
    }
}

fn with_engine(engine: ScriptedEngine) -> crate::support::scenario::Builder {
    Scenario::builder().engine(engine).check(computer_checks)
}

async fn harness_with(engine: ScriptedEngine) -> Scenario {
    with_engine(engine)
        .store(super::test_store().await)
        .open()
        .await
}

async fn harness() -> Scenario {
    harness_with(ScriptedEngine::new()).await
}

fn mv(by: &str, san: &str) -> (String, String) {
    (by.to_string(), san.to_string())
}

#[tokio::test]
async fn playing_white_the_engine_answers_each_move_at_once() {
    let c = harness().await;
    let r = c.computer("level:2 color:white").await;
    assert_eq!(
        r[0].event,
        Some(Event::Start {
            white: "alice".into(),
            black: "Stockfish level 2".into(),
            fen: chessbot::chess::START_FEN.into(),
            variant: None,
            position: None,
            league: None,
            watch: None,
        })
    );
    assert_eq!(r.len(), 1);
    assert!(r[0].board.is_some());
    assert!(r[0].text.contains("not rated"), "{}", r[0].text);
    assert!(c.engine().calls().is_empty(), "White moves first");
    let row = c.active_game().await.expect("a game");
    assert_eq!(row.rated, 0);
    assert!(row.deadline_at.is_some());

    c.engine().push_move("e7e5");
    let r = c.say("alice", "/chess move e4").await;
    assert_eq!(
        r.moves(),
        [mv("alice", "e4"), mv("Stockfish level 2", "e5")]
    );
    assert_eq!(r.len(), 2, "{:?}", r.texts());
    assert!(r[0].board.is_none(), "one board per answered move");
    assert!(r[1].board.is_some());
    assert!(
        r[1].text
            .contains("Stockfish level 2 played 1... e5. alice to move"),
        "{}",
        r[1].text
    );
    assert_eq!(
        c.engine().calls(),
        [ScriptedCall::BestMove {
            fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            level: Level::new(2).unwrap(),
        }]
    );
    let row = c.active_game().await.expect("a game");
    assert_eq!(row.ply, 2);
    assert!(row.deadline_at.is_some(), "the human's clock runs");
    assert!(c.pgn().await.contains("1. e4 e5 *"));
    assert!(c.pgn().await.contains("[Black \"Stockfish level 2\"]"));
}

#[tokio::test]
async fn playing_black_the_engine_moves_first_at_once() {
    let c = harness().await;
    c.engine().push_move("d2d4");
    let r = c.computer("color:black").await;
    assert_eq!(
        r[0].event,
        Some(Event::Start {
            white: "Stockfish level 3".into(),
            black: "alice".into(),
            fen: chessbot::chess::START_FEN.into(),
            variant: None,
            position: None,
            league: None,
            watch: None,
        }),
        "level 3 by default"
    );
    assert!(r[0].board.is_none());
    assert_eq!(r.moves(), [mv("Stockfish level 3", "d4")]);
    let board = r[1]
        .board
        .as_ref()
        .expect("the board after the engine's move");
    assert!(!board.flip, "White at the bottom, the channel's default");
    let row = c.active_game().await.expect("a game");
    assert_eq!(row.ply, 1);
    assert!(row.deadline_at.is_some() && row.remind_at.is_some());
    assert!(matches!(
        &c.engine().calls()[0],
        ScriptedCall::BestMove { level, .. } if level.get() == 3
    ));
}

#[tokio::test]
async fn without_an_engine_nothing_is_created() {
    let c = harness_with(ScriptedEngine::unavailable()).await;
    let r = c.say("alice", "/chess computer level:4").await;
    assert_eq!(r.error().as_deref(), Some("engine_unavailable"));
    assert!(
        r[0].text.contains("apt-get install stockfish"),
        "{}",
        r[0].text
    );
    assert!(r[0].ephemeral);
    assert!(c.active_game().await.is_none());
    assert_eq!(c.error("alice", "/chess board").await.code, "no_game");
}

#[tokio::test]
async fn bad_options_and_busy_channels_are_refused() {
    let c = harness().await;
    for (level, days, fen, code) in [
        (9, 3, None, "invalid_option"),
        (0, 3, None, "invalid_option"),
        (3, 15, None, "invalid_option"),
        (3, 3, Some("not a fen"), "invalid_fen"),
        (3, 3, Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), "invalid_fen"),
    ] {
        let cmd = Command::Computer(ComputerOptions {
            level,
            color: ColorChoice::White,
            days,
            fen: fen.map(str::to_string),
            variant: None,
            position: None,
        });
        let r = c.command("alice", cmd).await;
        assert_eq!(r.error().as_deref(), Some(code), "{level} {days} {fen:?}");
    }
    assert!(c.active_game().await.is_none());
    // One game per channel, against people or the computer.
    c.say("bob", "/chess challenge").await;
    assert_eq!(
        c.error("alice", "/chess computer").await.code,
        "game_in_progress"
    );
    c.say("bob", "/chess cancel").await;
    c.computer("color:white").await;
    assert_eq!(
        c.error("bob", "/chess computer").await.code,
        "game_in_progress"
    );
    assert_eq!(
        c.error("carol", "/chess move e4").await.code,
        "not_a_player"
    );
    let r = c
        .say_in("bob", "other", "/chess computer color:white")
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn a_custom_position_with_the_engine_to_move() {
    let c = harness().await;
    c.engine().push_move("e8d7");
    // Black to move; alice plays White, so the engine moves first.
    let r = c
        .computer("color:white days:7 fen:\"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"")
        .await;
    assert_eq!(r.moves(), [mv("Stockfish level 3", "Kd7")]);
    let row = c.active_game().await.expect("a game");
    assert_eq!((row.ply, row.days), (1, 7));
}

#[tokio::test]
async fn takeback_undoes_the_engines_reply_and_the_human_move() {
    let c = harness().await;
    c.computer("level:1 color:white").await;
    assert_eq!(
        c.error("alice", "/chess takeback").await.code,
        "not_allowed",
        "nothing yet"
    );
    c.engine().push_move("e7e5");
    c.say("alice", "/chess move e4").await;
    c.engine().push_move("b8c6");
    c.say("alice", "/chess move Nf3").await;
    let r = c.say("alice", "/chess takeback").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(r[0].text.contains("last two moves"), "{}", r[0].text);
    assert!(r[0].board.is_some());
    let row = c.active_game().await.expect("a game");
    assert_eq!(row.ply, 2);
    assert!(row.takeback_offer.is_none(), "no confirmation needed");
    let pgn = c.pgn().await;
    assert!(pgn.contains("1. e4 e5 *") && !pgn.contains("Nf3"), "{pgn}");
    // The engine answers the new move as usual.
    c.engine().push_move("g8f6");
    let r = c.say("alice", "/chess move Nc3").await;
    assert_eq!(
        r.moves(),
        [mv("alice", "Nc3"), mv("Stockfish level 1", "Nf6")]
    );
}

#[tokio::test]
async fn takeback_while_the_engine_owes_its_reply_undoes_one_ply() {
    let c = harness().await;
    c.computer("color:white").await;
    c.engine().fail_next(EngineError::Crashed);
    c.say("alice", "/chess move e4").await;
    // Still failing when the takeback first asks it to move.
    c.engine().fail_next(EngineError::Crashed);
    let r = c.say("alice", "/chess takeback").await;
    assert_eq!(r.error().as_deref(), Some("engine_unavailable"));
    assert!(
        r.iter()
            .any(|r| r.text.contains("last move was taken back")),
        "{:?}",
        r.texts()
    );
    let row = c.active_game().await.expect("a game");
    assert_eq!(row.ply, 0);
    assert!(
        row.deadline_at.is_some(),
        "alice's turn again, with her clock"
    );
}

#[tokio::test]
async fn draw_offers_are_answered_by_the_engines_evaluation() {
    let c = harness().await;
    c.computer("color:white").await;
    assert_eq!(
        c.error("alice", "/chess draw").await.code,
        "not_allowed",
        "too early"
    );
    c.engine().push_move("e7e5");
    c.say("alice", "/chess move e4").await;
    // Move 2: declined whatever the evaluation.
    let r = c.say("alice", "/chess draw").await;
    assert!(r.error().is_none());
    assert!(
        r[0].text.contains("Stockfish level 3 declines the draw"),
        "{}",
        r[0].text
    );
    assert!(r.end().is_none());
    assert!(
        c.active_game()
            .await
            .is_some_and(|g| g.draw_offer.is_none())
    );

    // After move 30: accepted within ±0.3 from the engine's side.
    let c = harness().await;
    c.engine().push_move("e8e7");
    c.computer("color:white fen:\"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"")
        .await;
    c.say("alice", "/chess move Kd2").await;
    c.engine().set_score(Score::Cp(250));
    let r = c.say("alice", "/chess draw").await;
    assert!(
        r.end().is_none(),
        "the engine is a pawn and more down: declined"
    );
    c.engine().set_score(Score::Cp(-250));
    let r = c.say("alice", "/chess draw").await;
    assert!(r.end().is_none(), "the engine is winning: declined");
    c.engine().set_score(Score::Mates(3));
    let r = c.say("alice", "/chess draw").await;
    assert!(r.end().is_none());
    c.engine().set_score(Score::Cp(-25));
    let r = c.say("alice", "/chess draw").await;
    assert_eq!(r.end(), ended("1/2-1/2", None, "agreement"));
    assert!(c.active_game().await.is_none());
    assert!(
        c.engine()
            .calls()
            .iter()
            .any(|call| matches!(call, ScriptedCall::Evaluate { .. }))
    );
}

#[tokio::test]
async fn resigning_against_the_computer_is_never_rated() {
    let c = harness().await;
    c.computer("level:5 color:white").await;
    c.engine().push_move("e7e5");
    c.say("alice", "/chess move e4").await;
    let r = c.say("alice", "/chess resign").await;
    assert_eq!(r.end(), ended("0-1", Some("black"), "resignation"));
    assert!(r.iter().all(|r| r.mentions.iter().all(|a| a.id == "alice")));
    let r = c.say("alice", "/chess stats").await;
    match &r[0].event {
        Some(Event::Stats { rating, games, .. }) => {
            assert_eq!((*rating, *games), (None, 0));
        }
        e => panic!("no stats: {e:?}"),
    }
    let r = c.say("alice", "/chess leaderboard").await;
    assert!(matches!(&r[0].event, Some(Event::Leaderboard { rows, .. }) if rows.is_empty()));
    assert!(!c.pgn().await.contains("WhiteElo"));
}

#[tokio::test]
async fn the_engines_mate_ends_the_game_with_the_usual_replies() {
    let c = harness().await;
    c.computer("color:white").await;
    c.engine().push_move("e7e5");
    c.say("alice", "/chess move f3").await;
    c.engine().push_move("d8h4");
    let r = c.say("alice", "/chess move g4").await;
    assert_eq!(
        r.moves(),
        [mv("alice", "g4"), mv("Stockfish level 3", "Qh4#")]
    );
    assert_eq!(r.end(), ended("0-1", Some("black"), "checkmate"));
    assert!(r.iter().any(|r| r.follow_up.is_some()), "a summary follows");
    assert!(
        r.iter()
            .any(|r| r.text.contains("Checkmate: Stockfish level 3 wins"))
    );
    assert!(c.active_game().await.is_none());

    // And the human's mate: fool's mate with the engine as White.
    let c = harness().await;
    c.engine().push_move("f2f3");
    c.computer("color:black").await;
    c.engine().push_move("g2g4");
    c.say("alice", "/chess move e5").await;
    let r = c.say("alice", "/chess move Qh4#").await;
    assert_eq!(r.moves(), [mv("alice", "Qh4#")]);
    assert_eq!(r.end(), ended("0-1", Some("black"), "checkmate"));
    let r = c.say("alice", "/chess stats").await;
    assert!(matches!(&r[0].event, Some(Event::Stats { games: 0, .. })));
}

#[tokio::test]
async fn a_failed_engine_keeps_the_game_and_answers_with_the_next_command() {
    let c = harness().await;
    c.computer("level:4 color:white days:1").await;
    c.engine()
        .fail_next(EngineError::Timeout(std::time::Duration::from_secs(1)));
    let r = c.say("alice", "/chess move e4").await;
    assert_eq!(r.moves(), [mv("alice", "e4")]);
    assert!(r[0].board.is_some(), "the board shows the human's move");
    assert_eq!(r.error().as_deref(), Some("engine_unavailable"));
    let row = c.active_game().await.expect("the game is kept");
    assert_eq!(row.ply, 1);
    // The engine's turn has a deadline of its own, no
    // reminder.
    assert!(
        row.deadline_at.is_some(),
        "the engine owes a move by a deadline"
    );
    // Within the engine's deadline nothing is due.
    c.clock.advance(Duration::minutes(3));
    assert!(c.run_due().await.is_empty());
    assert!(c.active_game().await.is_some());
    // Anyone's next command here lets the engine move first.
    c.engine().push_move("c7c5");
    let r = c.say("carol", "/chess board").await;
    assert_eq!(r.moves(), [mv("Stockfish level 4", "c5")]);
    assert!(r.error().is_none());
    assert!(r.last().is_some_and(|b| b.text.contains("alice to move")));
    assert_eq!(c.active_game().await.map(|g| g.ply), Some(2));

    // A move typed while the engine owes one is not played on the new
    // position: the engine's move comes, then `position_changed`.
    c.engine().fail_next(EngineError::Crashed);
    c.say("alice", "/chess move d4").await;
    c.engine().push_move("c5d4");
    let r = c.say("alice", "/chess move Nf3").await;
    assert_eq!(r.moves(), [mv("Stockfish level 4", "cxd4")]);
    assert_eq!(r.error().as_deref(), Some("position_changed"));
    assert_eq!(c.active_game().await.map(|g| g.ply), Some(4));
    // While it keeps failing, a move waits with the notice only.
    c.engine().fail_next(EngineError::Crashed);
    c.say("alice", "/chess move Nf3").await;
    c.engine().fail_next(EngineError::Crashed);
    let r = c.say("alice", "/chess move Nc3").await;
    assert_eq!(r.len(), 1, "{:?}", r.texts());
    assert_eq!(r.error().as_deref(), Some("engine_unavailable"));
    assert_eq!(c.active_game().await.map(|g| g.ply), Some(5));
    assert!(c.svc.store().inconsistent_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_move_the_engine_owes_survives_a_restart() {
    let (_dir, url) = super::test_url().await;
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let a = with_engine(ScriptedEngine::new())
        .url(&url)
        .clock(clock.clone())
        .open()
        .await;
    a.computer("color:white").await;
    a.engine().fail_next(EngineError::Crashed);
    a.say("alice", "/chess move e4").await;
    drop(a);
    let b = with_engine(ScriptedEngine::new())
        .url(&url)
        .clock(clock.clone())
        .open()
        .await;
    b.engine().push_move("e7e5");
    let r = b.say("alice", "/chess board").await;
    assert_eq!(r.moves(), [mv("Stockfish level 3", "e5")]);
    let pgn = b.pgn().await;
    assert!(pgn.contains("1. e4 e5 *"), "{pgn}");
    assert!(b.svc.store().inconsistent_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn abort_works_until_both_have_moved() {
    let c = harness().await;
    c.engine().push_move("e2e4");
    c.computer("color:black").await;
    let r = c.say("alice", "/chess abort").await;
    assert_eq!(r.end(), ended("*", None, "aborted"));

    let c = harness().await;
    c.computer("color:white").await;
    c.engine().push_move("e7e5");
    c.say("alice", "/chess move e4").await;
    assert_eq!(c.error("alice", "/chess abort").await.code, "not_allowed");
}

#[tokio::test]
async fn the_human_keeps_deadlines_and_loses_on_time() {
    let c = harness().await;
    c.computer("color:white days:1").await;
    c.engine().push_move("e7e5");
    c.say("alice", "/chess move e4").await;
    c.clock.advance(Duration::hours(20));
    let r = c.run_due().await;
    assert!(
        matches!(&r[0].event, Some(Event::Reminder { player, .. }) if player == "alice"),
        "{:?}",
        r.texts()
    );
    c.clock.advance(Duration::hours(5));
    let r = c.run_due().await;
    assert_eq!(r.end(), ended("0-1", Some("black"), "timeout"));
    for reply in &r {
        assert!(reply.mentions.iter().all(|a| !is_engine_id(&a.id)));
    }
}

#[tokio::test]
async fn a_rematch_against_the_computer_starts_at_once_with_colours_swapped() {
    let c = harness().await;
    c.computer("level:6 color:white").await;
    c.say("alice", "/chess resign").await;
    c.engine().push_move("g1f3");
    let r = c.say("alice", "/chess rematch").await;
    assert_eq!(
        r[0].event,
        Some(Event::Start {
            white: "Stockfish level 6".into(),
            black: "alice".into(),
            fen: chessbot::chess::START_FEN.into(),
            variant: None,
            position: None,
            league: None,
            watch: None,
        })
    );
    assert_eq!(r.moves(), [mv("Stockfish level 6", "Nf3")]);
}
