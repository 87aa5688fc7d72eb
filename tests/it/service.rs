//! Scenario tests of the game service through `handle`, with a manual clock
//! and SQLite (in memory, or a temp file where restarts matter).

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, ManualClock, Reply};
use chrono::{Duration, Utc};

use crate::support::scenario::{Replies, Scenario, actor, place};

async fn harness() -> Scenario {
    Scenario::builder()
        .store(super::test_store().await)
        .follow_ups()
        .open()
        .await
}

/// A service on the database at `url` (a restart, or another process).
async fn harness_on(url: &str, clock: Arc<ManualClock>) -> Scenario {
    Scenario::builder()
        .url(url)
        .clock(clock)
        .follow_ups()
        .open()
        .await
}

#[tokio::test]
async fn checkmate_ends_the_game_with_a_summary_and_pgn() {
    let h = harness().await;
    h.start("").await;
    let r = h.moves("alice", "bob", "f3 e5 g4 Qh4#").await;
    r.assert_end("0-1", Some("black"), "checkmate");
    assert!(r.iter().any(|r| r.text.contains("Checkmate: bob wins")));
    assert_eq!(h.error("alice", "/chess move e4").await.code, "no_game");
    assert!(h.pgn().await.contains("1. f3 e5 2. g4 Qh4# 0-1"));
}

#[tokio::test]
async fn stalemate() {
    let h = harness().await;
    h.start("fen:\"7k/8/4Q1K1/8/8/8/8/8 w - - 0 1\"").await;
    let r = h.moves("alice", "bob", "Qf7").await;
    r.assert_end("1/2-1/2", None, "stalemate");
}

#[tokio::test]
async fn dead_positions_king_against_king_and_minor_piece() {
    let h = harness().await;
    h.start("fen:\"8/8/8/8/8/8/1q6/K6k w - - 0 1\"").await;
    let r = h.moves("alice", "bob", "Kxb2").await;
    r.assert_end("1/2-1/2", None, "dead_position");

    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/1r6/KB6 w - - 0 1\"").await;
    let r = h.moves("alice", "bob", "Kxb2").await;
    r.assert_end("1/2-1/2", None, "dead_position");

    let h = harness().await;
    // Kings and bishops only, all on dark squares.
    h.start("fen:\"5b1k/8/8/8/8/8/1n6/K1B5 w - - 0 1\"").await;
    let r = h.moves("alice", "bob", "Kxb2").await;
    r.assert_end("1/2-1/2", None, "dead_position");
}

#[tokio::test]
async fn threefold_repetition_is_automatic_under_house_rules() {
    let h = harness().await;
    h.start("").await;
    let r = h
        .moves("alice", "bob", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
        .await;
    r.assert_end("1/2-1/2", None, "threefold_repetition");
}

#[tokio::test]
async fn fifty_moves_is_automatic_under_house_rules() {
    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/8/KR6 w - - 99 80\"").await;
    let r = h.moves("alice", "bob", "Rb2").await;
    r.assert_end("1/2-1/2", None, "fifty_moves");
}

#[tokio::test]
async fn strict_fide_seventy_five_moves_and_claims() {
    let h = harness().await;
    h.start("rules:fide fen:\"k7/8/8/8/8/8/8/KR6 w - - 149 100\"")
        .await;
    let r = h.moves("alice", "bob", "Rb2").await;
    r.assert_end("1/2-1/2", None, "seventyfive_moves");

    let h = harness().await;
    h.start("rules:fide fen:\"k7/8/8/8/8/8/8/KR6 w - - 100 80\"")
        .await;
    assert_eq!(h.error("bob", "/chess claim").await.code, "not_your_turn");
    h.end("alice", "/chess claim", "1/2-1/2", None, "fifty_moves")
        .await;

    let h = harness().await;
    h.start("rules:fide").await;
    h.moves("alice", "bob", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8")
        .await;
    h.end(
        "alice",
        "/chess claim",
        "1/2-1/2",
        None,
        "threefold_repetition",
    )
    .await;
}

#[tokio::test]
async fn claims_are_refused_under_house_rules_and_without_grounds() {
    let h = harness().await;
    h.start("").await;
    assert_eq!(h.error("alice", "/chess claim").await.code, "not_allowed");
    let h = harness().await;
    h.start("rules:fide").await;
    assert_eq!(h.error("alice", "/chess claim").await.code, "not_allowed");
}

#[tokio::test]
async fn draw_offer_lifecycle() {
    let h = harness().await;
    h.start("").await;
    let r = h.say("alice", "/chess draw").await;
    assert_eq!(
        r.error().as_deref(),
        Some("not_allowed"),
        "no offer before both moved"
    );
    h.moves("alice", "bob", "e4 e5 Nf3").await;
    assert_eq!(h.error("carol", "/chess draw").await.code, "not_a_player");
    let r = h.say("alice", "/chess draw").await;
    assert_eq!(r[0].event, Some(Event::DrawOffer { by: "alice".into() }));
    assert_eq!(r[0].mentions, vec![actor("bob")]);
    // A move by bob declines it, and says so; bob's draw is
    // then a new offer.
    let r = h.say("bob", "/chess move Nf6").await;
    assert!(
        r[0].text
            .ends_with("bob moved instead: the draw offer of alice has lapsed."),
        "{}",
        r[0].text
    );
    // The next move has no offer to lapse.
    let r = h.say("alice", "/chess move Nc3").await;
    assert!(!r[0].text.contains("lapsed"), "{}", r[0].text);
    h.moves("bob", "alice", "Nc6").await;
    let r = h.say("bob", "/chess draw").await;
    assert!(matches!(r[0].event, Some(Event::DrawOffer { .. })));
    // Offering when the opponent has offered accepts.
    h.end("alice", "/chess draw", "1/2-1/2", None, "agreement")
        .await;
}

#[tokio::test]
async fn draw_offer_can_be_declined() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4 e5").await;
    h.say("alice", "/chess draw").await;
    let r = h.say("bob", "/chess decline").await;
    assert!(r.error().is_none());
    let r = h.say("bob", "/chess draw").await;
    assert!(matches!(r[0].event, Some(Event::DrawOffer { .. })));
}

#[tokio::test]
async fn resignation_and_resignation_against_a_lone_king() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4 e5").await;
    h.end(
        "alice",
        "/chess resign",
        "0-1",
        Some("black"),
        "resignation",
    )
    .await;

    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/8/KQ6 w - - 0 1\"").await;
    h.moves("alice", "bob", "Qb2 Ka7").await;
    h.end("alice", "/chess resign", "1/2-1/2", None, "resignation")
        .await;
}

#[tokio::test]
async fn abort_only_before_both_have_moved() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4").await;
    h.end("bob", "/chess abort", "*", None, "aborted").await;

    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4 e5").await;
    assert_eq!(h.error("bob", "/chess abort").await.code, "not_allowed");
}

#[tokio::test]
async fn timeout_reminder_once_then_loss() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    assert!(h.run_due().await.is_empty());
    h.clock.advance(Duration::hours(20));
    let r = h.run_due().await;
    assert_eq!(r.len(), 1);
    match &r[0].event {
        Some(Event::Reminder { player, .. }) => assert_eq!(player, "alice"),
        e => panic!("{e:?}"),
    }
    assert_eq!(r[0].mentions, vec![actor("alice")]);
    assert!(h.run_due().await.is_empty(), "reminded once");
    h.clock.advance(Duration::hours(4));
    let r = h.run_due().await;
    r.assert_end("0-1", Some("black"), "timeout");
    assert!(h.run_due().await.is_empty(), "announced once");
}

#[tokio::test]
async fn timeout_against_a_lone_king_is_a_draw() {
    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/8/KQ6 w - - 0 1\"").await;
    h.moves("alice", "bob", "Qb2 Ka7").await;
    h.clock.advance(Duration::days(3));
    let r = h.run_due().await;
    r.assert_end("1/2-1/2", None, "timeout");
}

#[tokio::test]
async fn timeout_before_a_first_move_aborts() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4").await;
    h.clock.advance(Duration::days(3));
    let r = h.run_due().await;
    r.assert_end("*", None, "aborted");
}

#[tokio::test]
async fn takeback_needs_the_opponent() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4 e5 Nf3").await;
    let r = h.say("alice", "/chess takeback").await;
    assert!(r.error().is_none());
    assert_eq!(r[0].mentions, vec![actor("bob")]);
    assert_eq!(
        h.error("alice", "/chess takeback").await.code,
        "not_allowed"
    );
    let r = h.say("bob", "/chess takeback").await;
    assert!(r.error().is_none());
    assert!(h.pgn().await.contains("1. e4 e5 *"));
    // alice is to move again.
    h.moves("alice", "bob", "Nc3").await;
    assert!(h.pgn().await.contains("1. e4 e5 2. Nc3 *"));
}

#[tokio::test]
async fn permissions_and_errors_change_nothing() {
    let h = harness().await;
    assert_eq!(
        h.error("alice", "/chess challenge @alice").await.code,
        "not_allowed"
    );
    assert_eq!(h.error("alice", "/chess accept").await.code, "no_challenge");
    assert_eq!(h.error("alice", "/chess move e4").await.code, "no_game");
    assert_eq!(
        h.error("alice", "/chess challenge fen:\"not a fen\"")
            .await
            .code,
        "invalid_fen"
    );
    h.say("alice", "/chess challenge @bob color:white").await;
    assert_eq!(h.error("carol", "/chess accept").await.code, "no_challenge");
    assert_eq!(h.error("alice", "/chess accept").await.code, "not_allowed");
    assert_eq!(
        h.error("carol", "/chess challenge").await.code,
        "game_in_progress"
    );
    h.say("bob", "/chess accept").await;
    assert_eq!(
        h.error("carol", "/chess challenge @dave").await.code,
        "game_in_progress"
    );
    let before = h.pgn().await;
    for (who, line, code) in [
        ("bob", "/chess move e5", "not_your_turn"),
        ("carol", "/chess move e4", "not_a_player"),
        ("alice", "/chess move e5", "illegal_move"),
        ("alice", "/chess move zz9", "invalid_notation"),
        ("alice", "/chess move", "invalid_notation"),
        ("carol", "/chess resign", "not_a_player"),
    ] {
        let r = h.say(who, line).await;
        assert_eq!(r.error().as_deref(), Some(code), "{line}");
        assert!(r[0].ephemeral);
        assert_eq!(h.pgn().await, before);
    }
    let long = format!("/chess move {}", "e".repeat(500));
    assert_eq!(h.error("alice", &long).await.code, "invalid_notation");
    assert_eq!(h.pgn().await, before);
}

#[tokio::test]
async fn ambiguous_moves_are_refused() {
    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/8/KN3N2 w - - 0 1\"").await;
    assert_eq!(
        h.error("alice", "/chess move Nd2").await.code,
        "ambiguous_move"
    );
}

#[tokio::test]
async fn open_challenge_anyone_may_accept_and_cancel() {
    let h = harness().await;
    h.say("alice", "/chess challenge").await;
    assert_eq!(h.error("bob", "/chess cancel").await.code, "not_allowed");
    let r = h.say("alice", "/chess cancel").await;
    assert!(r.error().is_none());
    h.say("alice", "/chess challenge color:black").await;
    let r = h.say("zed", "/chess accept").await;
    assert_eq!(
        r[0].event,
        Some(Event::Start {
            white: "zed".into(),
            black: "alice".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            variant: None,
            position: None,
            league: None,
            watch: None,
        })
    );
}

#[tokio::test]
async fn personal_challenge_can_be_declined() {
    let h = harness().await;
    h.say("alice", "/chess challenge @bob").await;
    let r = h.say("bob", "/chess decline").await;
    assert!(r.error().is_none());
    assert_eq!(h.error("bob", "/chess accept").await.code, "no_challenge");
}

#[tokio::test]
async fn two_channels_hold_independent_games() {
    let h = harness().await;
    h.say_in("alice", "a", "/chess challenge @bob color:white")
        .await;
    h.say_in("bob", "a", "/chess accept").await;
    h.say_in("bob", "b", "/chess challenge @alice color:white")
        .await;
    h.say_in("alice", "b", "/chess accept").await;
    let r = h.say_in("alice", "a", "/chess move e4").await;
    assert!(r.error().is_none());
    let r = h.say_in("bob", "b", "/chess move d4").await;
    assert!(r.error().is_none());
    assert_eq!(
        h.error_in("alice", "a", "/chess move d4").await.code,
        "not_your_turn"
    );
}

#[tokio::test]
async fn rematch_swaps_colours() {
    let h = harness().await;
    h.start("").await;
    h.say("alice", "/chess resign").await;
    assert_eq!(
        h.error("carol", "/chess rematch").await.code,
        "not_a_player"
    );
    let r = h.say("alice", "/chess rematch").await;
    assert!(matches!(r[0].event, Some(Event::Challenge { .. })));
    let r = h.say("bob", "/chess accept").await;
    assert_eq!(
        r[0].event,
        Some(Event::Start {
            white: "bob".into(),
            black: "alice".into(),
            fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
            variant: None,
            position: None,
            league: None,
            watch: None,
        })
    );
}

#[tokio::test]
async fn legal_moves_for_autocomplete() {
    let h = harness().await;
    h.start("").await;
    let moves = h.svc.legal_moves(&place("general"), &actor("alice")).await;
    assert_eq!(moves.len(), 20);
    assert!(moves.contains(&"Nf3".to_string()));
    assert!(
        h.svc
            .legal_moves(&place("general"), &actor("bob"))
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn games_and_history_list() {
    let h = harness().await;
    h.start("").await;
    let r = h.say("alice", "/chess games").await;
    assert!(r[0].text.contains("#1"));
    h.moves("alice", "bob", "e4 e5").await;
    h.say("alice", "/chess resign").await;
    let r = h.say("carol", "/chess history @alice").await;
    assert!(r[0].text.contains("0-1"));
    let r = h.say("carol", "/chess help").await;
    assert!(r[0].text.contains("/chess move"));
}

#[tokio::test]
async fn double_submit_applies_once() {
    let (_dir, url) = super::test_url().await;
    let h = harness_on(&url, Arc::new(ManualClock::new(Utc::now()))).await;
    h.start("").await;
    for round in 0..4 {
        let pairs = [("a3", "h3"), ("a6", "h6"), ("b3", "g3"), ("b6", "g6")];
        let (m1, m2) = pairs[round];
        let white = if round % 2 == 0 { "alice" } else { "bob" };
        let a = {
            let svc = h.svc.clone();
            tokio::spawn(async move {
                let cmd = text::parse(&format!("/chess move {m1}")).unwrap().unwrap();
                svc.handle(&place("general"), &actor(white), cmd).await
            })
        };
        let b = {
            let svc = h.svc.clone();
            tokio::spawn(async move {
                let cmd = text::parse(&format!("/chess move {m2}")).unwrap().unwrap();
                svc.handle(&place("general"), &actor(white), cmd).await
            })
        };
        let (ra, rb) = (a.await.unwrap(), b.await.unwrap());
        let applied = [&ra, &rb]
            .iter()
            .filter(|r| {
                r.iter()
                    .any(|r| matches!(r.event, Some(Event::Move { .. })))
            })
            .count();
        assert_eq!(applied, 1, "round {round}");
        let loser = if ra.error().is_some() { &ra } else { &rb };
        let code = loser.error().unwrap();
        assert!(
            code == "position_changed" || code == "not_your_turn",
            "{code}"
        );
    }
    let key = chessbot::store::ChannelKey {
        platform: "console".into(),
        guild: String::new(),
        channel: "general".into(),
    };
    let g = h.svc.store().active_game(&key).await.unwrap().unwrap();
    assert_eq!(h.svc.store().moves(g.id).await.unwrap().len() as i64, g.ply);
    assert!(h.svc.store().inconsistent_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn restart_continues_the_game_and_keeps_deadlines() {
    let (_dir, url) = super::test_url().await;
    let t0 = Utc::now();
    {
        let h = harness_on(&url, Arc::new(ManualClock::new(t0))).await;
        h.start("").await;
        h.moves("alice", "bob", "e4 e5").await;
        h.svc.store().close().await;
    }
    let clock = Arc::new(ManualClock::new(t0 + Duration::hours(1)));
    let h = harness_on(&url, clock.clone()).await;
    h.moves("alice", "bob", "Nf3").await;
    assert!(h.pgn().await.contains("1. e4 e5 2. Nf3 *"));
    let due = h.svc.next_due().await.unwrap();
    assert!(due > t0 + Duration::days(2));
    h.svc.store().close().await;
    drop(h);
    // Another restart, long after the deadline: the time-out fires once.
    let clock = Arc::new(ManualClock::new(t0 + Duration::days(10)));
    let h = harness_on(&url, clock).await;
    let r = h.run_due().await;
    r.assert_end("1-0", Some("white"), "timeout");
    // Posted as an adapter does: the summary that follows, then its ack.
    for reply in &r {
        if let Some(work) = &reply.follow_up {
            assert!(!h.svc.follow_up(work).await.is_empty());
            h.svc.ack_follow_up(work).await;
        }
    }
    assert!(h.run_due().await.is_empty());
    let h2 = harness_on(&url, Arc::new(ManualClock::new(t0 + Duration::days(11)))).await;
    assert!(
        h2.svc.run_due().await.is_empty(),
        "a second process sees nothing due"
    );
}

#[tokio::test]
async fn phone_and_keyboard_spellings_of_moves_are_read() {
    let h = harness().await;
    h.start("").await;
    // Full-width letters, a figurine, and castling with an en dash and a Cyrillic O.
    h.moves("alice", "bob", "ｅ４ e5 ♘f3 Nc6 Bc4 Nf6").await;
    let r = h.say("alice", "/chess move О–О").await;
    assert!(
        r.error().is_none(),
        "{:?}",
        r.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
}

#[tokio::test]
async fn an_announcement_claimed_by_a_process_that_died_is_posted_by_another() {
    let (_dir, url) = super::test_url().await;
    let t0 = Utc::now();
    let clock = Arc::new(ManualClock::new(t0));
    let a = harness_on(&url, clock.clone()).await;
    a.start("days:1").await;
    a.moves("alice", "bob", "e4 e5").await;
    let b = harness_on(&url, clock.clone()).await;

    clock.advance(Duration::days(2));
    // A claims the time-out and dies before posting it (no ack).
    let claimed = a.svc.claim_due(None).await;
    assert_eq!(claimed.len(), 1);
    claimed[0]
        .replies
        .assert_end("0-1", Some("black"), "timeout");
    drop(a);
    // While A's lease runs, nobody else takes it.
    assert!(b.svc.claim_due(None).await.is_empty(), "leased to A");
    assert!(
        b.svc.next_due().await.is_some(),
        "the unposted one is pending"
    );
    // After the lease, B announces the same time-out, once.
    clock.advance(Duration::from_std(chessbot::service::ANNOUNCE_LEASE).unwrap());
    let again = b.svc.claim_due(None).await;
    assert_eq!(again.len(), 1);
    again[0].replies.assert_end("0-1", Some("black"), "timeout");
    b.svc.ack_due(&again[0]).await;
    clock.advance(Duration::days(1));
    assert!(b.svc.claim_due(None).await.is_empty(), "posted once");
    assert_eq!(b.svc.next_due().await, None);
}

#[tokio::test]
async fn a_reminder_of_a_turn_already_played_is_dropped_after_a_crash() {
    let (_dir, url) = super::test_url().await;
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let a = harness_on(&url, clock.clone()).await;
    a.start("days:1").await;
    a.moves("alice", "bob", "e4 e5").await;
    clock.advance(Duration::hours(20));
    let claimed = a.svc.claim_due(None).await;
    assert!(matches!(
        claimed[0].replies[0].event,
        Some(Event::Reminder { .. })
    ));
    drop(a);
    let b = harness_on(&url, clock.clone()).await;
    b.moves("alice", "bob", "Nf3").await;
    clock.advance(Duration::from_std(chessbot::service::ANNOUNCE_LEASE).unwrap());
    assert!(
        b.svc.claim_due(None).await.is_empty(),
        "the reminder no longer applies"
    );
}

#[tokio::test]
async fn each_platform_takes_only_its_own_deadlines() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    h.clock.advance(Duration::days(2));
    assert!(h.svc.claim_due(Some("discord")).await.is_empty());
    assert!(h.svc.next_due_for(Some("discord")).await.is_none());
    assert!(h.svc.next_due_for(Some("console")).await.is_some());
    let r = h.svc.run_due_for(Some("console")).await;
    r.assert_end("0-1", Some("black"), "timeout");
}

// Languages.

fn prefs(user: Option<&str>, guild: Option<&str>) -> chessbot::service::LocalePrefs {
    chessbot::service::LocalePrefs {
        user: user.and_then(chessbot::i18n::Locale::from_discord),
        guild: guild.and_then(chessbot::i18n::Locale::from_discord),
        moderator: false,
    }
}

#[tokio::test]
async fn replies_follow_user_then_channel_then_guild_then_english() {
    let h = harness().await;
    let help = |r: Vec<Reply>| r[0].text.lines().next().unwrap_or_default().to_string();
    // Nothing known: English.
    assert_eq!(
        help(h.say_with("alice", "/chess help", prefs(None, None)).await),
        "Correspondence chess. Commands:"
    );
    // The guild's language when neither user nor channel say otherwise.
    assert!(
        help(
            h.say_with("alice", "/chess help", prefs(None, Some("ro")))
                .await
        )
        .starts_with("Șah")
    );
    // A language the bot does not speak counts as none.
    assert!(
        help(
            h.say_with("alice", "/chess help", prefs(Some("de"), Some("ro")))
                .await
        )
        .starts_with("Șah")
    );
    // The channel's setting beats the guild's; `settings` answers in the new language.
    let r = h.say("carol", "/chess settings language:ru").await;
    assert!(
        r[0].text.starts_with("Теперь в этом канале"),
        "{}",
        r[0].text
    );
    assert!(r.error().is_none());
    assert!(
        r[0].event.is_none(),
        "no event outside the console contract"
    );
    assert!(
        help(
            h.say_with("alice", "/chess help", prefs(None, Some("ro")))
                .await
        )
        .starts_with("Шахматы")
    );
    assert!(help(h.say("alice", "/chess help").await).starts_with("Шахматы"));
    // The user's own language beats everything.
    assert!(
        help(
            h.say_with("alice", "/chess help", prefs(Some("th"), Some("ro")))
                .await
        )
        .starts_with("หมากรุก")
    );
    // `settings` alone shows the setting, in the reply's language.
    let r = h.say("dave", "/chess settings").await;
    assert!(
        r[0].text.starts_with("Язык этого канала: русский."),
        "{}",
        r[0].text
    );
    let r = h.say_in("dave", "lobby", "/chess settings").await;
    assert!(r[0].text.starts_with("No language is set"), "{}", r[0].text);
}

#[tokio::test]
async fn reminders_and_timeouts_speak_the_channel_or_the_games_language() {
    let h = harness().await;
    // Started from a Thai guild: posts no command caused are in Thai.
    h.say_with(
        "alice",
        "/chess challenge @bob color:white",
        prefs(Some("en"), Some("th")),
    )
    .await;
    let r = h
        .say_with("bob", "/chess accept", prefs(Some("en"), Some("th")))
        .await;
    assert!(
        r[0].text.starts_with("Game #"),
        "the user's language: {}",
        r[0].text
    );
    h.clock.advance(Duration::hours(60));
    let due = h.run_due().await;
    assert!(matches!(due[0].event, Some(Event::Reminder { .. })));
    assert!(
        due[0].text.contains("ถึงตาคุณ") || due[0].text.contains("เกม #"),
        "{}",
        due[0].text
    );
    // A channel setting made later (by a player: bystanders may not while
    // a game runs) wins over the game's language.
    h.say("bob", "/chess settings language:ro").await;
    h.clock.advance(Duration::hours(20));
    let due = h.run_due().await;
    let end = due
        .iter()
        .find(|r| matches!(r.event, Some(Event::End { .. })))
        .expect("time-out");
    assert!(end.text.contains("anulat"), "{}", end.text);
}

#[tokio::test]
async fn moves_are_read_and_written_in_the_channels_notation() {
    let h = harness().await;
    h.start("").await;
    h.say("alice", "/chess settings language:ro").await;
    // Romanian: N is the bishop, C the knight.
    let r = h.moves("alice", "bob", "e4 e5").await;
    assert!(r[1].text.contains("1... e5."), "{}", r[1].text);
    let r = h.say("alice", "/chess move Nc4").await;
    match &r[0].event {
        Some(Event::Move { san, .. }) => assert_eq!(san, "Bc4", "events stay standard SAN"),
        e => panic!("{e:?}"),
    }
    assert!(r[0].text.contains("2. Nc4 (Bc4)."), "{}", r[0].text);
    let r = h.say("bob", "/chess move Cc6").await;
    assert!(matches!(&r[0].event, Some(Event::Move { san, .. }) if san == "Nc6"));
    // In Russian, Кр is the king and К the knight; an ambiguous move lists
    // the candidates in Russian notation with SAN beside.
    h.say("bob", "/chess settings language:ru").await;
    let r = h.say("alice", "/chess move Кe2").await;
    assert!(
        matches!(&r[0].event, Some(Event::Move { san, .. }) if san == "Ne2"),
        "{}",
        r[0].text
    );
    let r = h.say("bob", "/chess move Кf6").await;
    assert!(
        matches!(&r[0].event, Some(Event::Move { san, .. }) if san == "Nf6"),
        "{}",
        r[0].text
    );
    let r = h.say("alice", "/chess move Кc3").await;
    let e = r.error_msg().expect("ambiguous");
    assert_eq!(e.0, "ambiguous_move");
    assert!(e.1.contains("Кbc3 (Nbc3), Кec3 (Nec3)"), "{}", e.1);
    let r = h.say("alice", "/chess move Крe3").await;
    let e = r.error_msg().expect("illegal");
    assert_eq!(e.0, "illegal_move");
    assert!(e.1.starts_with("Невозможный ход Крe3:"), "{}", e.1);
    // The PGN stays in English SAN.
    let pgn = h.pgn().await;
    assert!(pgn.contains("1. e4 e5 2. Bc4 Nc6 3. Ne2 Nf6"), "{pgn}");
}

#[tokio::test]
async fn replies_carry_their_language_for_button_labels() {
    let h = harness().await;
    let r = h.say("alice", "/chess settings language:ru").await;
    assert_eq!(r[0].locale, chessbot::i18n::Locale::Ru);
    let r = h.say("alice", "/chess challenge @bob").await;
    assert!(!r[0].actions.is_empty());
    assert_eq!(r[0].locale, chessbot::i18n::Locale::Ru);
    let r = h.say("bob", "/chess settings language:en").await;
    assert_eq!(r[0].locale, chessbot::i18n::Locale::En);
}

// Edge cases of permissions, input and privacy.

#[tokio::test]
async fn only_players_may_change_the_language_while_they_play() {
    let h = harness().await;
    h.start("").await;
    assert_eq!(
        h.error("carol", "/chess settings language:ro").await.code,
        "not_allowed"
    );
    // Unchanged: alice's Nf3 is still a knight move.
    let r = h.say("alice", "/chess move Nf3").await;
    assert!(r.error().is_none());
    match &r[0].event {
        Some(Event::Move { san, .. }) => assert_eq!(san, "Nf3"),
        e => panic!("{e:?}"),
    }
    // A player may change it; a moderator too.
    let r = h.say("bob", "/chess settings language:ro").await;
    assert!(r.error().is_none(), "{:?}", r[0].text);
    let cmd = text::parse("/chess settings language:en").unwrap().unwrap();
    let prefs = chessbot::service::LocalePrefs {
        moderator: true,
        ..Default::default()
    };
    let r = h
        .svc
        .handle_with(&place("general"), &actor("mod"), cmd, prefs)
        .await;
    assert!(r.error().is_none(), "{:?}", r[0].text);
}

#[tokio::test]
async fn local_and_english_readings_that_differ_are_ambiguous() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4 e5").await;
    let r = h.say("alice", "/chess settings language:ro").await;
    assert!(r.error().is_none());
    // In Romanian N is the bishop: Nc4 is Bc4; in English it is no move
    // (no knight reaches c4), so Bc4 is played.
    let r = h.say("alice", "/chess move Nc4").await;
    match &r[0].event {
        Some(Event::Move { san, .. }) => assert_eq!(san, "Bc4"),
        e => panic!("{e:?}"),
    }
    // Cc6 is the knight in Romanian.
    h.moves("bob", "alice", "Cc6").await;
    // Ne2: the bishop c4-e2 in Romanian, the knight g1-e2 in English; both
    // legal, so the bot asks.
    let r = h.say("alice", "/chess move Ne2").await;
    assert_eq!(r.error().as_deref(), Some("ambiguous_move"));
    let (_, message) = r.error_msg().unwrap();
    assert!(
        message.contains("Be2") || message.contains("Ne2"),
        "{message}"
    );
    assert!(h.pgn().await.contains("2. Bc4 Nc6 *"), "nothing played");
}

#[tokio::test]
async fn impossible_custom_starts_are_refused() {
    for fen in [
        // Nine white pawns.
        "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1",
        // Double check by two knights.
        "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
        // Two rooks on one line through the king.
        "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1",
        // A move number whose game would run past what FENs read.
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 100001",
    ] {
        let h = harness().await;
        let r = h
            .say("alice", &format!("/chess challenge @bob fen:\"{fen}\""))
            .await;
        assert_eq!(r.error().as_deref(), Some("invalid_fen"), "{fen}");
    }
}

#[tokio::test]
async fn a_large_move_number_reads_back_after_black_moves() {
    let h = harness().await;
    h.start("fen:\"4k3/8/8/8/8/8/4P3/4K3 b - - 0 100000\"")
        .await;
    let r = h.moves("bob", "alice", "Kd7").await;
    match &r[0].event {
        Some(Event::Move { fen, .. }) => {
            assert!(fen.ends_with(" 100001"), "{fen}");
            assert!(chessbot::chess::Position::from_fen(fen).is_ok());
        }
        e => panic!("{e:?}"),
    }
    assert!(r[0].board.is_some());
}

#[tokio::test]
async fn a_claim_names_the_move_that_makes_the_repetition() {
    let h = harness().await;
    h.start("rules:fide").await;
    h.moves("alice", "bob", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1").await;
    // Ng8 would make the third occurrence: bob claims with it.
    h.end(
        "bob",
        "/chess claim Ng8",
        "1/2-1/2",
        None,
        "threefold_repetition",
    )
    .await;
    assert!(h.pgn().await.contains("4. Ng1 Ng8 1/2-1/2"));

    // A claim whose move makes nothing: the move stands, play goes on.
    let h = harness().await;
    h.start("rules:fide").await;
    h.moves("alice", "bob", "e4 e5").await;
    let r = h.say("alice", "/chess claim Nf3").await;
    assert!(r.error().is_none());
    assert!(r.end().is_none());
    assert!(h.pgn().await.contains("2. Nf3 *"));
    h.moves("bob", "alice", "Nc6").await;
}

#[tokio::test]
async fn an_agreed_takeback_clears_the_draw_offer() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4 e5 Nf3").await;
    let r = h.say("alice", "/chess draw").await;
    assert!(r.error().is_none());
    h.say("alice", "/chess takeback").await;
    let r = h.say("bob", "/chess takeback").await;
    assert!(r.error().is_none());
    // The offer followed Nf3, which is gone: bob's draw is a new offer,
    // not an acceptance.
    let r = h.say("bob", "/chess draw").await;
    assert!(r.end().is_none(), "the old offer was accepted");
    assert!(matches!(r[0].event, Some(Event::DrawOffer { .. })));
}

#[tokio::test]
async fn pgn_by_number_only_here_or_for_its_players() {
    let h = harness().await;
    h.start("").await;
    h.moves("alice", "bob", "e4").await;
    let id = 1;
    let r = h
        .say_in("mallory", "elsewhere", &format!("/chess pgn {id}"))
        .await;
    assert_eq!(r.error().as_deref(), Some("no_game"));
    let r = h
        .say_in("bob", "elsewhere", &format!("/chess pgn {id}"))
        .await;
    assert!(r.error().is_none());
    let r = h.say("carol", &format!("/chess pgn {id}")).await;
    assert!(r.error().is_none());
    // The Site tag names the platform, never the channel.
    let pgn = h.pgn().await;
    assert!(pgn.contains("[Site \"chessbot console\"]"), "{pgn}");
    assert!(!pgn.contains("general"), "{pgn}");
}

#[tokio::test]
async fn games_lists_only_ones_own_games_privately() {
    let h = harness().await;
    h.start("").await;
    h.say_in("carol", "other", "/chess challenge @dave").await;
    h.say_in("dave", "other", "/chess accept").await;
    let r = h.say("bob", "/chess games").await;
    assert!(r[0].ephemeral);
    match &r[0].event {
        Some(Event::Games { games }) => {
            assert_eq!(games.len(), 1);
            assert_eq!(games[0].white, "alice");
            assert_eq!(games[0].to_move, "alice");
        }
        e => panic!("{e:?}"),
    }
    assert!(!r[0].text.contains("carol"));
    let r = h.say("mallory", "/chess games").await;
    match &r[0].event {
        Some(Event::Games { games }) => assert!(games.is_empty()),
        e => panic!("{e:?}"),
    }
}

#[tokio::test]
async fn names_are_capped_and_lose_invisible_controls() {
    let h = harness().await;
    let evil = Actor {
        id: "eve".into(),
        name: format!("\u{202E}gnp.exe{}", "x".repeat(100)),
    };
    let cmd = text::parse("/chess challenge @bob color:white")
        .unwrap()
        .unwrap();
    h.svc.handle(&place("general"), &evil, cmd).await;
    let r = h.say("bob", "/chess accept").await;
    match &r[0].event {
        Some(Event::Start { white, .. }) => {
            assert!(!white.contains('\u{202E}'));
            assert!(white.chars().count() <= 64, "{white}");
            assert!(white.starts_with("gnp.exe"));
        }
        e => panic!("{e:?}"),
    }
    let pgn = h.pgn().await;
    assert!(!pgn.contains('\u{202E}'));
}

#[tokio::test]
async fn a_command_does_not_run_other_channels_deadlines() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    h.clock.advance(Duration::days(2));
    // A command elsewhere answers only itself.
    let r = h.say_in("carol", "lobby", "/chess help").await;
    assert_eq!(r.len(), 1);
    assert!(r.end().is_none());
    // The announcer still has the time-out to post.
    let r = h.run_due().await;
    r.assert_end("0-1", Some("black"), "timeout");
}

#[tokio::test]
async fn a_move_after_the_deadline_is_too_late() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    h.clock.advance(Duration::days(2));
    // The channel's own deadline is settled first: the game is lost.
    let r = h.say("alice", "/chess move Nf3").await;
    r.assert_end("0-1", Some("black"), "timeout");
    assert_eq!(r.error().as_deref(), Some("no_game"));
    assert!(h.run_due().await.is_empty(), "announced once");
}

// Correspondence comforts.

fn rfc(t: chrono::DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[tokio::test]
async fn a_vacation_stops_the_clock_across_a_deadline() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    let t0 = h.now();
    let r = h.say("alice", "/chess vacation days:3").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    // The caller's summary is private; the game's channel hears of it.
    assert!(r[0].ephemeral, "{:?}", r.texts());
    assert!(r[0].text.contains("3 days"), "{}", r[0].text);
    let news: Vec<&Reply> = r
        .iter()
        .filter(|r| matches!(r.event, Some(Event::Vacation { .. })))
        .collect();
    assert_eq!(news.len(), 1);
    assert!(!news[0].ephemeral);
    assert_eq!(news[0].place.channel, "general");
    assert_eq!(
        news[0].event,
        Some(Event::Vacation {
            player: "alice".into(),
            until: rfc(t0 + Duration::days(3)),
        })
    );
    assert_eq!(news[0].mentions, vec![actor("bob")]);
    // The 1-day deadline would have passed; the clock was stopped.
    h.clock.advance(Duration::days(2));
    assert!(h.run_due().await.is_empty());
    // The time left (one day) runs after the vacation: reminded at 80%.
    h.clock.advance(Duration::hours(44));
    let r = h.run_due().await;
    assert!(
        matches!(r[0].event, Some(Event::Reminder { .. })),
        "{:?}",
        r.texts()
    );
    h.clock.advance(Duration::hours(5));
    let r = h.run_due().await;
    r.assert_end("0-1", Some("black"), "timeout");
}

#[tokio::test]
async fn a_turn_given_during_a_vacation_starts_when_it_ends() {
    let h = harness().await;
    h.start("days:1").await;
    // Bob, not to move, goes on vacation: nothing moves yet.
    let r = h.say("bob", "/chess vacation 2").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let r = h.say("alice", "/chess move e4").await;
    assert!(
        r[0].text.contains(&chessbot::service::messages::deadline(
            h.now() + Duration::days(3)
        )),
        "{}",
        r[0].text
    );
    h.clock.advance(Duration::hours(60));
    assert!(h.run_due().await.is_empty(), "still within the vacation");
    h.clock.advance(Duration::hours(13));
    let r = h.run_due().await;
    r.assert_end("*", None, "aborted");
}

#[tokio::test]
async fn vacation_is_thirty_days_a_calendar_year() {
    let h = harness().await;
    // A date well inside a year: the allowance is per calendar year.
    h.clock.set(
        chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 3, 1, 12, 0, 0)
            .single()
            .expect("a date"),
    );
    let r = h.say("alice", "/chess vacation days:31").await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "limit");
    assert!(message.contains("30 days"), "{message}");
    let r = h.say("alice", "/chess vacation days:20").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(
        r[0].text.contains("10 days of vacation left"),
        "{}",
        r[0].text
    );
    // One vacation at a time.
    assert_eq!(
        h.error("alice", "/chess vacation days:5").await.code,
        "not_allowed"
    );
    h.clock.advance(Duration::days(21));
    let r = h.say("alice", "/chess vacation days:15").await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "limit");
    assert!(message.contains("only 10 days"), "{message}");
    let r = h.say("alice", "/chess vacation days:10").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    h.clock.advance(Duration::days(11));
    let r = h.say("alice", "/chess vacation days:1").await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "limit");
    assert!(message.contains("no vacation left"), "{message}");
    // The next calendar year, all 30 days are back.
    h.clock.advance(Duration::days(365));
    let r = h.say("alice", "/chess vacation").await;
    assert!(r[0].ephemeral);
    assert!(
        r[0].text.contains("30 days of vacation left"),
        "{}",
        r[0].text
    );
    let r = h.say("alice", "/chess vacation days:30").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    // Another player's allowance is their own.
    let r = h.say("bob", "/chess vacation days:30").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn ending_a_vacation_early_returns_the_unused_days() {
    let h = harness().await;
    // Well inside a year: near its end, the days left would be those of
    // a vacation running into the next year.
    h.clock.set(
        chrono::TimeZone::with_ymd_and_hms(&chrono::Utc, 2026, 3, 1, 12, 0, 0)
            .single()
            .expect("a date"),
    );
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    assert_eq!(
        h.error("alice", "/chess vacation days:0").await.code,
        "not_allowed"
    );
    h.say("alice", "/chess vacation days:10").await;
    h.clock.advance(Duration::days(2));
    let now = h.now();
    let r = h.say("alice", "/chess vacation days:0").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(r[0].ephemeral);
    assert!(
        r[0].text.contains("8 unused days given back: 28 days"),
        "{}",
        r[0].text
    );
    assert!(r.iter().any(|r| r.event
        == Some(Event::Vacation {
            player: "alice".into(),
            until: rfc(now),
        })));
    // The day that was left when the vacation began runs again now.
    h.clock.advance(Duration::hours(23));
    let r = h.run_due().await;
    assert!(matches!(r[0].event, Some(Event::Reminder { .. })));
    h.clock.advance(Duration::hours(2));
    let r = h.run_due().await;
    r.assert_end("0-1", Some("black"), "timeout");
}

#[tokio::test]
async fn moretime_gives_the_player_to_move_a_day_seven_times_a_game() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    assert_eq!(
        h.error("alice", "/chess moretime").await.code,
        "not_allowed",
        "not to oneself"
    );
    assert_eq!(
        h.error("carol", "/chess moretime").await.code,
        "not_a_player"
    );
    let first_deadline = h.now() + Duration::days(2);
    for i in 0..7 {
        let r = h.say("bob", "/chess moretime").await;
        assert!(r.error().is_none(), "{i}: {:?}", r.texts());
        if i == 0 {
            assert_eq!(
                r[0].event,
                Some(Event::Moretime {
                    by: "bob".into(),
                    player: "alice".into(),
                    deadline: rfc(first_deadline),
                })
            );
            assert_eq!(r[0].mentions, vec![actor("alice")]);
        }
    }
    assert_eq!(h.error("bob", "/chess moretime").await.code, "limit");
    // One day plus seven: the reminder is due, the deadline not yet.
    h.clock.advance(Duration::days(7) + Duration::hours(23));
    let r = h.run_due().await;
    assert!(matches!(r[0].event, Some(Event::Reminder { .. })));
    h.clock.advance(Duration::hours(2));
    let r = h.run_due().await;
    r.assert_end("0-1", Some("black"), "timeout");
}

#[tokio::test]
async fn moretime_after_the_reminder_brings_a_new_reminder() {
    let h = harness().await;
    h.start("days:1").await;
    h.moves("alice", "bob", "e4 e5").await;
    // The reminder of alice's day goes at 80% of it.
    h.clock.advance(Duration::hours(20));
    let r = h.run_due().await;
    assert!(matches!(r[0].event, Some(Event::Reminder { .. })));
    // bob gives a day: alice is reminded again before the new deadline,
    // 80% into the added day (4.8 hours before it), not left to time out.
    let r = h.say("bob", "/chess moretime").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    h.clock.advance(Duration::hours(23));
    assert!(h.run_due().await.is_empty(), "not yet");
    h.clock.advance(Duration::minutes(15));
    let r = h.run_due().await;
    assert!(
        matches!(
            r.first().and_then(|x| x.event.as_ref()),
            Some(Event::Reminder { .. })
        ),
        "{:?}",
        r.texts()
    );
    // The game still ends on time at the new deadline.
    h.clock.advance(Duration::hours(5));
    let r = h.run_due().await;
    r.assert_end("0-1", Some("black"), "timeout");
}

#[tokio::test]
async fn an_unanswered_challenge_expires_after_seven_days_once() {
    let h = harness().await;
    h.say("alice", "/chess challenge @bob").await;
    h.clock.advance(Duration::days(6));
    assert!(h.run_due().await.is_empty());
    assert!(h.svc.next_due().await.is_some(), "the expiry is pending");
    h.clock.advance(Duration::days(1));
    let r = h.run_due().await;
    assert_eq!(r.len(), 1, "{:?}", r.texts());
    assert_eq!(
        r[0].event,
        Some(Event::Expired {
            challenger: "alice".into()
        })
    );
    assert_eq!(r[0].place.channel, "general");
    assert_eq!(r[0].mentions, vec![actor("alice")]);
    assert!(!r[0].ephemeral);
    assert!(h.run_due().await.is_empty(), "announced once");
    assert_eq!(h.svc.next_due().await, None);
    assert_eq!(h.error("bob", "/chess accept").await.code, "no_challenge");
    let r = h.say("alice", "/chess challenge @bob").await;
    assert!(r.error().is_none(), "the channel is free again");
}

#[tokio::test]
async fn a_command_in_the_channel_expires_its_old_challenge_first() {
    let h = harness().await;
    h.say("alice", "/chess challenge @bob").await;
    h.clock.advance(Duration::days(8));
    let r = h.say("bob", "/chess accept").await;
    assert!(
        r.iter()
            .any(|r| matches!(r.event, Some(Event::Expired { .. }))),
        "{:?}",
        r.texts()
    );
    assert_eq!(r.error().as_deref(), Some("no_challenge"));
    assert!(h.run_due().await.is_empty(), "announced once");
}

#[tokio::test]
async fn a_challenge_expiry_claimed_by_a_process_that_died_is_posted_by_another() {
    let (_dir, url) = super::test_url().await;
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let a = harness_on(&url, clock.clone()).await;
    a.say("alice", "/chess challenge").await;
    let b = harness_on(&url, clock.clone()).await;
    clock.advance(Duration::days(7));
    let claimed = a.svc.claim_due(None).await;
    assert_eq!(claimed.len(), 1);
    assert!(matches!(
        claimed[0].replies[0].event,
        Some(Event::Expired { .. })
    ));
    drop(a);
    assert!(b.svc.claim_due(None).await.is_empty(), "leased to A");
    clock.advance(Duration::from_std(chessbot::service::ANNOUNCE_LEASE).unwrap());
    let again = b.svc.claim_due(None).await;
    assert_eq!(again.len(), 1);
    assert!(matches!(
        again[0].replies[0].event,
        Some(Event::Expired { .. })
    ));
    b.svc.ack_due(&again[0]).await;
    clock.advance(Duration::days(1));
    assert!(b.svc.claim_due(None).await.is_empty(), "posted once");
    assert_eq!(b.svc.next_due().await, None);
}

#[tokio::test]
async fn a_moderator_may_cancel_anyones_challenge() {
    let h = harness().await;
    h.say("alice", "/chess challenge @bob").await;
    assert_eq!(h.error("carol", "/chess cancel").await.code, "not_allowed");
    let moderator = chessbot::service::LocalePrefs {
        moderator: true,
        ..Default::default()
    };
    let r = h.say_with("carol", "/chess cancel", moderator).await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(r[0].text.contains("carol"), "{}", r[0].text);
    assert_eq!(r[0].mentions, vec![actor("alice")]);
    assert_eq!(h.error("bob", "/chess accept").await.code, "no_challenge");
}

#[tokio::test]
async fn resigning_before_the_opponent_has_moved_aborts() {
    let h = harness().await;
    h.start("").await;
    h.end("alice", "/chess resign", "*", None, "aborted").await;
    // Black, before making a move: aborted too (as `abort` would).
    h.start("").await;
    h.moves("alice", "bob", "e4").await;
    h.end("bob", "/chess resign", "*", None, "aborted").await;
    let r = h.say("carol", "/chess stats @bob").await;
    match &r[0].event {
        Some(Event::Stats { games, .. }) => assert_eq!(*games, 0, "not rated"),
        e => panic!("{e:?}"),
    }
    // Once both have moved, resigning loses.
    h.start("").await;
    h.moves("alice", "bob", "e4 e5").await;
    h.end("bob", "/chess resign", "1-0", Some("white"), "resignation")
        .await;
}

#[tokio::test]
async fn messages_say_each_thing_once() {
    let h = harness().await;
    h.say("alice", "/chess challenge @bob color:white").await;
    // The challenger hears of their own challenge as theirs.
    let r = h.say("alice", "/chess challenge @carol").await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "game_in_progress");
    assert_eq!(
        message,
        "You already have a challenge open here; `/chess cancel` withdraws it."
    );
    h.say("bob", "/chess accept").await;
    let r = h.say("alice", "/chess move e5").await;
    let (_, message) = r.error_msg().expect("illegal");
    assert_eq!(
        message,
        "e5 is not legal here: no pawn of yours can reach e5."
    );
    let r = h.say("alice", "/chess move xyz").await;
    let (_, message) = r.error_msg().expect("unreadable");
    assert_eq!(
        message.matches("e.g.").count() + message.matches("example").count(),
        0
    );
    assert!(
        message.starts_with("I cannot read \"xyz\" as a move."),
        "{message}"
    );
    let r = h.moves("alice", "bob", "e4 f6 Qh5+").await;
    let check = r.last().expect("a reply");
    assert!(
        // The move's symbol comes first.
        check
            .text
            .starts_with("♟ alice played 2. Qh5+. bob to move"),
        "{}",
        check.text
    );
    assert!(!check.text.contains("Check!"), "{}", check.text);
    h.say_in("alice", "fide", "/chess challenge @bob rules:fide")
        .await;
    h.say_in("bob", "fide", "/chess accept").await;
    let r = h.say_in("alice", "fide", "/chess claim").await;
    let r = if r.error().as_deref() == Some("not_your_turn") {
        h.say_in("bob", "fide", "/chess claim").await
    } else {
        r
    };
    let (_, message) = r.error_msg().expect("refused");
    assert_eq!(
        message,
        "No draw to claim: no threefold repetition and fewer than 50 moves without a capture or pawn move."
    );
}

#[tokio::test]
async fn ambiguous_moves_are_named_once() {
    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/8/KN1N4 w - - 0 1\"").await;
    let r = h.say("alice", "/chess move Nc3").await;
    let (code, message) = r.error_msg().expect("ambiguous");
    assert_eq!(code, "ambiguous_move");
    assert_eq!(message, "Nc3 is ambiguous: it could be Nbc3, Ndc3.");
}

#[tokio::test]
async fn turn_notices_and_reminders_go_where_the_player_wants() {
    let h = harness().await;
    let r = h.say("bob", "/chess notify where:dm").await;
    assert!(r[0].ephemeral && r.error().is_none(), "{:?}", r.texts());
    h.start("days:1").await;
    let r = h.say("alice", "/chess move e4").await;
    // The move is shown in the channel, without calling bob there ...
    assert_eq!(r[0].place.channel, "general");
    assert!(r[0].mentions.is_empty(), "{:?}", r[0].mentions);
    // ... and bob is told privately, where and until when.
    let dm = r
        .iter()
        .find(|r| r.place.channel == "@bob")
        .expect("a direct message");
    assert_eq!(dm.place.direct_user(), Some("bob"));
    assert!(dm.text.contains("#general"), "{}", dm.text);
    assert!(dm.text.contains("alice played 1. e4"), "{}", dm.text);
    // Should the platform refuse the direct message, the channel gets the
    // notice instead, calling bob there.
    let instead = dm.fallback.as_deref().expect("a fallback");
    assert_eq!(instead.place.channel, "general");
    assert_eq!(instead.mentions, vec![actor("bob")]);
    assert!(
        instead.text.contains("bob, it is your move in game #1"),
        "{}",
        instead.text
    );
    // Alice keeps the default: mentioned in the channel.
    let r = h.say("bob", "/chess move e5").await;
    assert_eq!(r[0].mentions, vec![actor("alice")]);
    assert!(r.iter().all(|r| r.place.channel == "general"));
    h.say("alice", "/chess move Nf3").await;
    // Bob's reminder comes by direct message too.
    h.clock.advance(Duration::hours(20));
    let r = h.run_due().await;
    assert_eq!(r.len(), 1, "{:?}", r.texts());
    assert_eq!(r[0].place.channel, "@bob");
    assert!(matches!(&r[0].event, Some(Event::Reminder { player, .. }) if player == "bob"));
    let instead = r[0].fallback.as_deref().expect("a fallback");
    assert_eq!(instead.place.channel, "general");
    assert_eq!(instead.mentions, vec![actor("bob")]);
    // Off: no notice, no reminder, no mention.
    h.say("bob", "/chess notify off").await;
    h.say("bob", "/chess move Nc6").await;
    let r = h.say("alice", "/chess move Bb5").await;
    assert!(r[0].mentions.is_empty());
    assert!(r.iter().all(|r| r.place.channel == "general"));
    h.clock.advance(Duration::hours(20));
    assert!(h.run_due().await.is_empty(), "no reminder");
}

#[tokio::test]
async fn board_settings_turn_and_colour_a_channels_pictures_for_everyone() {
    use chessbot::render::Theme;
    let h = harness().await;
    h.say("alice", "/chess challenge @bob color:white").await;
    let r = h.say("bob", "/chess accept").await;
    assert!(!r.board().flip, "White at the bottom");
    // One side for the whole game: Black to move, White still below.
    let r = h.say("alice", "/chess move e4").await;
    assert!(!r.board().flip);
    assert_eq!(r.board().theme, Theme::Brown);
    // Alice, a player, picks blue in the channel: its pictures, for all.
    let r = h.say("alice", "/chess settings theme:blue").await;
    assert!(r.error().is_none(), "{r:?}");
    assert!(
        r[0].text.contains("blue theme, for everyone"),
        "{}",
        r[0].text
    );
    assert!(!r[0].ephemeral, "a channel's theme is said to the channel");
    let r = h.say("alice", "/chess board").await;
    assert!(!r.board().flip);
    assert_eq!(r.board().theme, Theme::Blue);
    let r = h.say("alice", "/chess board flip:true").await;
    assert!(r.board().flip, "flip shows the other side");
    let r = h.say("bob", "/chess board").await;
    assert!(!r.board().flip);
    assert_eq!(
        r.board().theme,
        Theme::Blue,
        "the same colours whoever asks"
    );
    // Bob's own theme (said in a direct message) colours his private
    // boards only, never the channel's.
    let r = h.say_in("bob", "@bob", "/chess settings theme:green").await;
    assert!(r.error().is_none(), "{r:?}");
    assert!(r[0].ephemeral);
    let r = h.say("bob", "/chess board").await;
    assert_eq!(r.board().theme, Theme::Blue);
    let r = h.say("bob", "/chess board private:true").await;
    assert_eq!(r.board().theme, Theme::Green, "{r:?}");
    // Bob, a player, turns the channel's boards: Black below for all.
    let r = h.say("bob", "/chess settings board:black").await;
    assert!(r.error().is_none(), "{r:?}");
    assert!(r[0].text.contains("Black at the bottom"), "{}", r[0].text);
    let r = h.say("bob", "/chess move e5").await;
    assert!(r.board().flip);
    let r = h.say("alice", "/chess board").await;
    assert!(r.board().flip);
    assert_eq!(r.board().theme, Theme::Blue);
    let r = h.say("alice", "/chess board flip:true").await;
    assert!(!r.board().flip);
    // A bystander may not turn them while the game runs (as for the
    // language), but sets their own view in a direct message.
    assert_eq!(
        h.error("carol", "/chess settings board:white").await.code,
        "not_allowed"
    );
    assert_eq!(
        h.error("carol", "/chess settings theme:green").await.code,
        "not_allowed"
    );
    let r = h
        .say_in(
            "carol",
            "@carol",
            "/chess settings board:black high-contrast",
        )
        .await;
    assert!(r.error().is_none(), "{r:?}");
    assert!(
        r[0].text.contains("Your boards now show Black"),
        "{}",
        r[0].text
    );
    let r = h.say_in("carol", "@carol", "/chess settings").await;
    assert!(r[0].text.contains("Black at the bottom"), "{}", r[0].text);
    assert!(r[0].text.contains("high-contrast"), "{}", r[0].text);
    let r = h.say("alice", "/chess move Nf3").await;
    assert!(r.board().flip, "the channel's side, whoever moves");
}

#[tokio::test]
async fn a_promotion_without_its_piece_offers_one_button_per_piece() {
    use chessbot::chess::Role;
    use chessbot::service::{Action, Command, Subject};
    let h = harness().await;
    h.start("fen:\"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"").await;
    let r = h.say("alice", "/chess move e8").await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "ambiguous_move");
    assert!(message.contains("e8=Q, e8=R, e8=B, e8=N"), "{message}");
    assert!(r[0].ephemeral);
    let roles: Vec<Role> = r[0]
        .actions
        .iter()
        .filter_map(|a| match a {
            Action::Promote { role, .. } => Some(*role),
            _ => None,
        })
        .collect();
    assert_eq!(roles, [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]);
    assert_eq!(r[0].subject, Some(Subject::Game(1)));
    let rook = r[0].actions[1];
    // Bob may not press alice's button; then alice promotes to a rook.
    let (general, alice, bob) = (place("general"), actor("alice"), actor("bob"));
    let press = |who: &'static str| {
        let by = if who == "bob" { &bob } else { &alice };
        h.svc.handle(
            &general,
            by,
            Command::Press {
                action: rook,
                subject: Some(Subject::Game(1)),
            },
        )
    };
    let r = press("bob").await;
    assert_eq!(r.error().as_deref(), Some("not_your_turn"));
    let r = press("alice").await;
    assert!(
        r.iter()
            .any(|x| matches!(&x.event, Some(Event::Move { san, .. }) if san.starts_with("e8=R"))),
        "{:?}",
        r.iter().map(|x| &x.text).collect::<Vec<_>>()
    );
    // The button is stale now: it is not alice's move any more.
    let r = press("alice").await;
    assert!(r.error().is_some());
    // Other ambiguities get no buttons.
    let h = harness().await;
    h.start("fen:\"k7/8/8/8/8/8/8/KN1N4 w - - 0 1\"").await;
    let r = h.say("alice", "/chess move Nc3").await;
    assert!(r[0].actions.is_empty());
}
