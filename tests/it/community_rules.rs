//! A community's correspondence rules through the service, with a clock
//! set to known dates: leave counted per calendar year (30 or 45 days, as
//! the moderators set it) stopping per-move and bank clocks alike; the
//! default time control of a challenge that names none; the time-out rule
//! that refuses rated challenges.

use std::sync::Arc;

use chessbot::service::{LocalePrefs, ManualClock};
use chrono::{Duration, TimeZone, Utc};

use crate::support::scenario::{Replies, Scenario};

const DAY_MS: i64 = 86_400_000;

/// A scenario whose clock stands at midnight UTC on the given day.
async fn on(y: i32, m: u32, d: u32) -> Scenario {
    let start = Utc
        .with_ymd_and_hms(y, m, d, 0, 0, 0)
        .single()
        .expect("a date");
    Scenario::builder()
        .clock(Arc::new(ManualClock::new(start)))
        .open()
        .await
}

fn moderator() -> LocalePrefs {
    LocalePrefs {
        moderator: true,
        ..LocalePrefs::default()
    }
}

#[tokio::test]
async fn leave_is_counted_per_calendar_year_and_lost_at_its_end() {
    let s = on(2026, 11, 1).await;
    s.ok("alice", "/chess vacation 15").await;
    s.clock.advance(Duration::days(30));
    // 1 December: 15 days of 2026 left.
    let r = s.error("alice", "/chess vacation 16").await;
    assert_eq!(r.code, "limit");
    assert!(r.message.contains("only 15 days"), "{}", r.message);
    assert!(
        r.message.contains("30 days a calendar year"),
        "{}",
        r.message
    );
    s.ok("alice", "/chess vacation 15").await;
    s.clock.advance(Duration::days(20));
    // 21 December: nothing left this year.
    assert_eq!(s.error("alice", "/chess vacation 1").await.code, "limit");
    let status = s.say("alice", "/chess vacation").await;
    assert!(
        status.texts()[0].contains("0 days of vacation left this calendar year"),
        "{:?}",
        status.texts()
    );
    // 1 January: the whole allowance again, though 30 days were taken in
    // the last 61 (a rolling year would refuse).
    s.clock.advance(Duration::days(11));
    s.ok("alice", "/chess vacation 30").await;
}

#[tokio::test]
async fn a_leave_across_new_year_stops_both_kinds_of_clock_and_counts_in_each_year() {
    let s = on(2027, 12, 22).await;
    // alice is to move in a game with days per move and in a bank game.
    s.start("days:3").await;
    // One game per channel: the bank game is played in another one.
    let r = s
        .say_in(
            "alice",
            "bank",
            "/chess challenge @carol color:white bank:10 increment:1",
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let r = s.say_in("carol", "bank", "/chess accept").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let store = s.svc.store();
    let before: Vec<(i64, i64)> = store
        .active_games_of("console", "alice")
        .await
        .expect("games")
        .iter()
        .map(|g| (g.id, g.deadline_at.expect("a clock")))
        .collect();
    assert_eq!(before.len(), 2);
    // 20 days from 22 December: 10 of them in 2027, 10 in 2028.
    s.ok("alice", "/chess vacation 20").await;
    let after = store
        .active_games_of("console", "alice")
        .await
        .expect("games");
    for (id, deadline) in &before {
        let g = after.iter().find(|g| g.id == *id).expect("still running");
        assert_eq!(g.deadline_at, Some(deadline + 20 * DAY_MS), "game {id}");
    }
    // Back on 11 January 2028, nobody lost on time, and 20 days of 2028
    // are left.
    s.clock.advance(Duration::days(20));
    assert!(s.run_due().await.end().is_none());
    assert_eq!(
        store
            .active_games_of("console", "alice")
            .await
            .expect("games")
            .len(),
        2
    );
    assert_eq!(s.error("alice", "/chess vacation 21").await.code, "limit");
    s.ok("alice", "/chess vacation 20").await;
}

#[tokio::test]
async fn moderators_may_allow_45_days_a_year() {
    let s = on(2026, 3, 1).await;
    let r = s.error("alice", "/chess settings leave:45").await;
    assert_eq!(r.code, "not_allowed");
    let r = s
        .say_with("mod", "/chess settings leave:40", moderator())
        .await;
    assert_eq!(r.error(), Some("invalid_option".to_string()));
    let r = s
        .say_with("mod", "/chess settings leave:45", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(r.texts()[0].contains("45 days"), "{:?}", r.texts());
    let shown = s.say("alice", "/chess settings").await;
    assert!(
        shown.texts()[0].contains("45 days of vacation a calendar year"),
        "{:?}",
        shown.texts()
    );
    s.ok("alice", "/chess vacation 40").await;
    s.clock.advance(Duration::days(40));
    assert_eq!(s.error("alice", "/chess vacation 6").await.code, "limit");
    s.ok("alice", "/chess vacation 5").await;
}

#[tokio::test]
async fn a_community_default_control_applies_when_a_challenge_names_none() {
    let s = on(2026, 5, 1).await;
    let r = s
        .say_with("mod", "/chess settings control:iccf", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    // No time control named: the ICCF preset's 50-day bank.
    s.start("").await;
    let g = s.active_game().await.expect("a game");
    assert_eq!(g.bank_cap_ms, Some(50 * DAY_MS));
    // Moves first: a resignation before both sides moved is an abort.
    s.moves("alice", "bob", "e4 e5").await;
    s.end(
        "alice",
        "/chess resign",
        "0-1",
        Some("black"),
        "resignation",
    )
    .await;
    // Days named: days per move, as asked.
    s.start("days:2").await;
    let g = s.active_game().await.expect("a game");
    assert_eq!(g.bank_cap_ms, None);
    s.moves("alice", "bob", "e4 e5").await;
    s.end(
        "alice",
        "/chess resign",
        "0-1",
        Some("black"),
        "resignation",
    )
    .await;
    // Cleared: days per move again.
    s.say_with("mod", "/chess settings control:off", moderator())
        .await;
    s.start("").await;
    assert_eq!(s.active_game().await.expect("a game").bank_cap_ms, None);
    // An unknown preset changes nothing.
    let r = s
        .say_with("mod", "/chess settings control:bullet", moderator())
        .await;
    assert_eq!(r.error(), Some("invalid_option".to_string()));
}

#[tokio::test]
async fn rated_challenges_are_refused_over_the_time_out_share() {
    let s = on(2026, 5, 1).await;
    let r = s
        .say_with("mod", "/chess settings timeouts:25", moderator())
        .await;
    assert!(r.texts()[0].contains("25%"), "{:?}", r.texts());
    // Ten finished games: alice runs out of time in three of them.
    for i in 0..10 {
        s.start("days:1").await;
        s.moves("alice", "bob", "e4 e5").await;
        if i < 3 {
            s.clock.advance(Duration::days(2));
            let ends = s.run_due().await;
            assert!(ends.end().is_some(), "game {i}: {:?}", ends.texts());
        } else {
            s.end("bob", "/chess resign", "1-0", Some("white"), "resignation")
                .await;
        }
        // Nine games are too few to judge.
        if i == 8 {
            s.ok("alice", "/chess challenge @bob").await;
            s.ok("alice", "/chess cancel").await;
        }
    }
    // 3 of 10 is over 25%: no rated challenge, a casual one is fine.
    let r = s.error("alice", "/chess challenge @bob").await;
    assert_eq!(r.code, "not_allowed");
    assert!(
        r.message.contains("3 of your last 10 finished games"),
        "{}",
        r.message
    );
    s.ok("alice", "/chess challenge @bob rated:false").await;
    s.ok("alice", "/chess cancel").await;
    // bob never ran out of time.
    s.ok("bob", "/chess challenge @alice").await;
    s.ok("bob", "/chess cancel").await;
    // The rule off: refused no more.
    s.say_with("mod", "/chess settings timeouts:off", moderator())
        .await;
    s.ok("alice", "/chess challenge @bob").await;
}

/// `who` says `line` in channel `ch`, which must not be refused.
async fn ok_in(s: &Scenario, ch: &str, who: &str, line: &str) {
    let r = s.say_in(who, ch, line).await;
    assert!(r.error().is_none(), "{who} {line}: {:?}", r.texts());
}

/// The time bank each running game of `who` started with.
async fn banks_of(s: &Scenario, who: &str) -> Vec<Option<i64>> {
    s.svc
        .store()
        .active_games_of("console", who)
        .await
        .expect("games")
        .iter()
        .map(|g| g.bank_cap_ms)
        .collect()
}

#[tokio::test]
async fn an_iccf_league_and_a_banked_swiss_run_every_game_on_their_clock() {
    let s = on(2026, 5, 1).await;
    let r = s
        .say_in("alice", "club", "/chess league create Cup control:iccf")
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(
        r.texts()[0].contains("Time bank: 50 days each, plus 1 per move"),
        "{:?}",
        r.texts()
    );
    for p in ["alice", "bob", "carol"] {
        ok_in(&s, "club", p, "/chess league join").await;
    }
    ok_in(&s, "club", "alice", "/chess league start").await;
    let banks = banks_of(&s, "alice").await;
    assert_eq!(banks.len(), 2, "alice plays bob and carol");
    assert!(banks.iter().all(|b| *b == Some(50 * DAY_MS)), "{banks:?}");
    // A game of the league: the ICCF bank and increment on its moves.
    let g = &s
        .svc
        .store()
        .active_games_of("console", "alice")
        .await
        .expect("games")[0];
    assert_eq!(g.increment_ms, Some(DAY_MS));
    assert_eq!(
        g.deadline_at,
        Some(s.now().timestamp_millis() + 50 * DAY_MS)
    );

    // A Swiss with its own bank, and one with a bad bank refused.
    let r = s
        .say_in(
            "dave",
            "open",
            "/chess league create Open format:swiss rounds:3 bank:61",
        )
        .await;
    assert_eq!(r.error(), Some("invalid_option".to_string()));
    ok_in(
        &s,
        "open",
        "dave",
        "/chess league create Open format:swiss rounds:3 bank:20 increment:2",
    )
    .await;
    for p in ["dave", "erin", "frank", "gina"] {
        ok_in(&s, "open", p, "/chess league join").await;
    }
    ok_in(&s, "open", "dave", "/chess league start").await;
    for p in ["dave", "erin", "frank", "gina"] {
        assert_eq!(banks_of(&s, p).await, vec![Some(20 * DAY_MS)], "{p}");
    }
}

#[tokio::test]
async fn a_league_without_a_time_control_takes_the_community_default() {
    let s = on(2026, 5, 1).await;
    s.say_with("mod", "/chess settings control:iccf", moderator())
        .await;
    ok_in(&s, "club", "alice", "/chess league create Cup").await;
    ok_in(&s, "club2", "bob", "/chess league create Cup2 days:2").await;
    for p in ["alice", "bob", "carol"] {
        ok_in(&s, "club", p, "/chess league join").await;
    }
    ok_in(&s, "club", "alice", "/chess league start").await;
    assert!(
        banks_of(&s, "carol")
            .await
            .iter()
            .all(|b| *b == Some(50 * DAY_MS))
    );
}
