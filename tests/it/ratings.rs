//! Ratings and records through the service: rated games update both
//! players once (also with two services on one database), casual, custom
//! FEN and aborted games do not; `stats`, `leaderboard`, PGN Elo tags.

use std::sync::Arc;

use chessbot::ratings::{Glicko2, rate_game};
use chessbot::service::{
    BestWinEvent, EndRatings, Event, LeaderboardRow, ManualClock, RatingDelta, StreakEvent,
};
use chrono::{Duration, Utc};

use super::support;
use crate::support::scenario::{Replies, Scenario};

/// The stats event of `line` asked by a bystander.
async fn stats(h: &Scenario, line: &str) -> Event {
    let r = h.say("carol", line).await;
    r.into_iter()
        .find_map(|r| r.event.filter(|e| matches!(e, Event::Stats { .. })))
        .expect("a stats event")
}

fn games_of(e: &Event) -> (i64, i64, i64, i64) {
    match e {
        Event::Stats {
            games,
            wins,
            draws,
            losses,
            ..
        } => (*games, *wins, *draws, *losses),
        _ => unreachable!(),
    }
}

#[tokio::test]
async fn a_rated_win_updates_both_players_from_1500() {
    let h = Scenario::new().await;
    h.start_between("alice", "bob", "").await;
    // Fool's mate: black (bob) wins.
    let r = h.moves("alice", "bob", "f3 e5 g4 Qh4#").await;
    let ratings = r.end_ratings().expect("end").expect("rated");
    assert_eq!(
        ratings,
        EndRatings {
            white: RatingDelta {
                before: 1500,
                after: 1338
            },
            black: RatingDelta {
                before: 1500,
                after: 1662
            },
        }
    );
    let text = &r.with_event(|e| matches!(e, Event::End { .. })).text;
    assert!(text.contains("bob: 1500 → 1662 (+162)"), "{text}");
    assert!(text.contains("alice: 1500 → 1338 (-162)"), "{text}");
    let pgn = h.say("carol", "/chess pgn").await;
    assert!(
        pgn[0].text.contains("[WhiteElo \"1500\"]"),
        "{}",
        pgn[0].text
    );
    assert!(
        pgn[0].text.contains("[BlackElo \"1500\"]"),
        "{}",
        pgn[0].text
    );

    let bob = stats(&h, "/chess stats @bob").await;
    assert_eq!(
        bob,
        Event::Stats {
            player: "bob".into(),
            rating: Some(1662),
            rd: Some(290),
            provisional: true,
            games: 1,
            wins: 1,
            draws: 0,
            losses: 0,
            vs: None,
            streak: Some(StreakEvent {
                kind: "win".into(),
                count: 1,
            }),
            best_win: Some(BestWinEvent {
                game: 1,
                opponent: "alice".into(),
                rating: 1500,
            }),
            variant: None,
        }
    );
    assert_eq!(
        games_of(&stats(&h, "/chess stats @alice").await),
        (1, 0, 0, 1)
    );
}

#[tokio::test]
async fn wins_draws_and_losses_are_counted_and_head_to_head_scored() {
    let h = Scenario::new().await;
    // 1: alice wins by resignation.
    h.start_between("alice", "bob", "").await;
    h.moves("alice", "bob", "e4 e5").await;
    let r = h.say("bob", "/chess resign").await;
    assert!(r.end_ratings().expect("end").is_some());
    // 2: a draw by agreement.
    h.start_between("alice", "bob", "").await;
    h.moves("alice", "bob", "d4 d5").await;
    h.say("alice", "/chess draw").await;
    let r = h.say("bob", "/chess draw").await;
    let d = r.end_ratings().expect("end").expect("rated");
    // alice was higher rated: the draw costs her.
    assert!(
        d.white.after < d.white.before && d.black.after > d.black.before,
        "{d:?}"
    );
    // 3: bob wins on time (the deadline task finishes it).
    h.start_between("alice", "bob", "").await;
    h.moves("alice", "bob", "c4 c5").await;
    h.clock.advance(Duration::days(4));
    let r = h.run_due().await;
    assert!(
        r.end_ratings().expect("end").is_some(),
        "timeouts are rated"
    );

    assert_eq!(
        games_of(&stats(&h, "/chess stats @alice").await),
        (3, 1, 1, 1)
    );
    assert_eq!(
        games_of(&stats(&h, "/chess stats @bob").await),
        (3, 1, 1, 1)
    );
    match stats(&h, "/chess stats @alice vs:@bob").await {
        Event::Stats { vs: Some(v), .. } => {
            assert_eq!((v.games, v.wins, v.draws, v.losses), (3, 1, 1, 1));
            assert_eq!(v.opponent, "bob");
        }
        e => panic!("no head-to-head: {e:?}"),
    }
    // Own stats are private.
    let own = h.say("alice", "/chess stats").await;
    assert!(own[0].ephemeral);
}

#[tokio::test]
async fn casual_custom_fen_and_aborted_games_leave_ratings_alone() {
    let h = Scenario::new().await;
    h.start_between("alice", "bob", "rated:false").await;
    let r = h.moves("alice", "bob", "f3 e5 g4 Qh4#").await;
    assert_eq!(r.end_ratings(), Some(None));
    // A custom position is never rated, even when asked.
    h.start_between(
        "alice",
        "bob",
        "rated:true fen:\"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"",
    )
    .await;
    let r = h.say("alice", "/chess resign").await;
    assert_eq!(r.end_ratings(), Some(None));
    h.start_between("alice", "bob", "").await;
    let r = h.say("alice", "/chess abort").await;
    assert_eq!(r.end_ratings(), Some(None));
    let pgn = h.say("carol", "/chess pgn").await;
    assert!(!pgn[0].text.contains("WhiteElo"));
    match stats(&h, "/chess stats @alice").await {
        Event::Stats { rating, games, .. } => assert_eq!((rating, games), (None, 0)),
        e => panic!("{e:?}"),
    }
    let r = h.say("carol", "/chess leaderboard").await;
    assert_eq!(
        r[0].event,
        Some(Event::Leaderboard {
            rows: vec![],
            variant: None
        })
    );
}

#[tokio::test]
async fn the_leaderboard_lists_established_players_before_provisional_ones() {
    let h = Scenario::new().await;
    h.start_between("alice", "bob", "").await;
    h.moves("alice", "bob", "f3 e5 g4 Qh4#").await;
    let r = h.say("carol", "/chess leaderboard").await;
    assert!(r[0].text.contains("provisional"), "{}", r[0].text);
    match &r[0].event {
        Some(Event::Leaderboard { rows, .. }) => assert_eq!(
            rows,
            &vec![
                LeaderboardRow {
                    rank: 1,
                    player: "bob".into(),
                    rating: 1662,
                    rd: 290,
                    provisional: true,
                    games: 1,
                },
                LeaderboardRow {
                    rank: 2,
                    player: "alice".into(),
                    rating: 1338,
                    rd: 290,
                    provisional: true,
                    games: 1,
                },
            ]
        ),
        e => panic!("{e:?}"),
    }
}

/// Two services on one database both receive every resignation of
/// `GAMES` games in parallel channels: each game is rated exactly once,
/// and the ratings are those of the games one after the other.
async fn two_services_rate_each_game_once(url: &str) {
    const GAMES: usize = 6;
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let a = Scenario::builder()
        .url(url)
        .clock(clock.clone())
        .open()
        .await;
    let b = Scenario::builder()
        .url(url)
        .clock(clock.clone())
        .open()
        .await;
    for g in 0..GAMES {
        let ch = format!("c{g}");
        a.say_in("alice", &ch, "/chess challenge @bob color:white days:14")
            .await;
        b.say_in("bob", &ch, "/chess accept").await;
        a.say_in("alice", &ch, "/chess move e4").await;
        b.say_in("bob", &ch, "/chess move e5").await;
        // A pair's rated games count three times a day (docs/RULES.md):
        // a day between starts keeps every game rated.
        clock.advance(chrono::TimeDelta::hours(25));
    }
    let mut tasks = tokio::task::JoinSet::new();
    for g in 0..GAMES {
        for h in [a.clone(), b.clone()] {
            let ch = format!("c{g}");
            tasks.spawn(async move {
                let r = h.say_in("bob", &ch, "/chess resign").await;
                usize::from(r.end_ratings().flatten().is_some())
            });
        }
    }
    let mut rated_ends = 0;
    while let Some(n) = tasks.join_next().await {
        rated_ends += n.unwrap();
    }
    assert_eq!(
        rated_ends, GAMES,
        "each game is rated by exactly one service"
    );
    let mut white = Glicko2::default();
    let mut black = Glicko2::default();
    for _ in 0..GAMES {
        (white, black) = rate_game(white, black, 1.0);
    }
    let stats = a.say_in("carol", "c0", "/chess stats @alice").await;
    match &stats[0].event {
        Some(Event::Stats {
            rating,
            games,
            wins,
            ..
        }) => {
            assert_eq!((*games, *wins), (GAMES as i64, GAMES as i64));
            let expected = white.rating.round() as i64;
            assert!(
                rating.is_some_and(|r| (r - expected).abs() <= 1),
                "{rating:?} vs {expected}"
            );
        }
        e => panic!("{e:?}"),
    }
    let bob = b.say_in("carol", "c0", "/chess stats @bob").await;
    let expected = black.rating.round() as i64;
    assert!(matches!(
        &bob[0].event,
        Some(Event::Stats { games, losses, rating: Some(r), .. })
            if *games == GAMES as i64 && *losses == GAMES as i64 && (r - expected).abs() <= 1
    ));
}

#[tokio::test]
async fn two_services_on_one_sqlite_file_rate_each_game_once() {
    let (_dir, url) = super::test_url().await;
    two_services_rate_each_game_once(&url).await;
}

#[tokio::test]
async fn two_services_on_one_postgresql_rate_each_game_once() {
    let Some(base) = support::pg_url("two_services_on_one_postgresql_rate_each_game_once") else {
        return;
    };
    let url = support::fresh_schema_url(&base).await;
    two_services_rate_each_game_once(&url).await;
}

#[tokio::test]
async fn stats_show_the_current_streak_and_the_best_win() {
    let h = Scenario::new().await;
    // carol beats alice, then dave (who first beats erin, so is rated
    // higher than 1500 when carol meets him), then loses twice to bob.
    let fools_mate_for_black = "f3 e5 g4 Qh4#";
    h.start_between("alice", "carol", "").await;
    h.moves("alice", "carol", fools_mate_for_black).await;
    h.start_between("erin", "dave", "").await;
    h.moves("erin", "dave", fools_mate_for_black).await;
    h.start_between("dave", "carol", "").await;
    h.moves("dave", "carol", fools_mate_for_black).await;
    let r = h.say("frank", "/chess stats @carol").await;
    let text = r[0].text.clone();
    match r[0].event.clone() {
        Some(Event::Stats {
            streak, best_win, ..
        }) => {
            assert_eq!(
                streak,
                Some(StreakEvent {
                    kind: "win".into(),
                    count: 2
                })
            );
            let best = best_win.expect("a best win");
            assert_eq!((best.game, best.opponent.as_str()), (3, "dave"));
            assert!(best.rating > 1500, "{best:?}");
        }
        e => panic!("{e:?}"),
    }
    assert!(text.contains("Current streak: 2 wins."), "{text}");
    assert!(text.contains("Best win: against dave ("), "{text}");
    for _ in 0..2 {
        h.start_between("carol", "bob", "").await;
        h.moves("carol", "bob", fools_mate_for_black).await;
    }
    match stats(&h, "/chess stats @carol").await {
        Event::Stats {
            streak, best_win, ..
        } => {
            assert_eq!(
                streak,
                Some(StreakEvent {
                    kind: "loss".into(),
                    count: 2
                })
            );
            assert_eq!(best_win.map(|b| b.game), Some(3));
        }
        e => panic!("{e:?}"),
    }
    // Nobody rated yet: no streak, no best win.
    match stats(&h, "/chess stats @zoe").await {
        Event::Stats {
            streak, best_win, ..
        } => assert!(streak.is_none() && best_win.is_none()),
        e => panic!("{e:?}"),
    }
}
