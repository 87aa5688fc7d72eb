//! The Discord adapter's resident memory with
//! 10,000 running games stored and 100 slash commands in flight, through
//! the real serenity/poise stack against the fake Discord. A measurement,
//! not a timing test: ignored, run by hand (`cargo test --locked --test it
//! discord_memory -- --ignored --nocapture`) and reported in README's
//! performance table. The figure is the whole test process (the fake
//! Discord and the test harness included), an upper bound for the bot.

use std::sync::Arc;

use chessbot::service::ManualClock;
use chessbot::store::{ChannelKey, NewChallenge, NewGame, Store};
use serde_json::json;

use crate::discord_e2e::{TOKEN, answer, connect, opt};
use crate::support::fake_discord::{FakeDiscord, GUILD_ID, Who};

const GAMES: usize = 10_000;
const IN_FLIGHT: usize = 100;
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The seeded games' channels (threads on Discord) start here.
const FIRST_CHANNEL: u64 = 1_100_000_000_000_100_000;
const FIRST_USER: u64 = 1_100_000_000_000_200_000;

/// Kilobytes of `field` (`VmRSS`, `VmHWM`) in /proc/self/status.
fn proc_kb(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A player of game `i`: white `2i`, black `2i + 1`.
fn player(i: usize, black: bool) -> Who {
    let n = 2 * i + usize::from(black);
    Who {
        id: FIRST_USER + n as u64,
        name: Box::leak(format!("p{n}").into_boxed_str()),
    }
}

async fn seed_game(store: &Store, i: usize, now: i64) {
    let (w, b) = (player(i, false), player(i, true));
    let place = ChannelKey {
        platform: "discord".into(),
        guild: GUILD_ID.to_string(),
        channel: (FIRST_CHANNEL + i as u64).to_string(),
    };
    let challenge = store
        .insert_challenge(&NewChallenge {
            place: place.clone(),
            challenger_id: w.id.to_string(),
            challenger_name: w.name.into(),
            opponent_id: Some(b.id.to_string()),
            opponent_name: Some(b.name.into()),
            color: "white".into(),
            days: 3,
            start_fen: None,
            rules: "house".into(),
            created_at: now,
            rated: false,
            variant: "standard".into(),
            start_position: None,
            bank: None,
            vacation_stops: true,
            import_moves: None,
            import_tags: None,
        })
        .await
        .expect("challenge");
    store
        .accept_challenge(
            challenge,
            &NewGame {
                place,
                white_id: w.id.to_string(),
                white_name: w.name.into(),
                black_id: b.id.to_string(),
                black_name: b.name.into(),
                start_fen: START.into(),
                rules: "house".into(),
                days: 3,
                deadline_at: now + 3 * 86_400_000,
                remind_at: now + 2 * 86_400_000,
                created_at: now,
                rated: false,
                variant: "standard".into(),
                start_position: None,
                bank: None,
                vacation_stops: true,
                import: None,
            },
        )
        .await
        .expect("game");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, run by hand"]
async fn the_discord_adapters_memory_with_ten_thousand_games_and_a_hundred_commands_in_flight() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/memory.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    {
        let store = Store::open(&db).await.expect("open the store");
        let now = chrono::Utc::now().timestamp_millis();
        let mut tasks = tokio::task::JoinSet::new();
        for part in 0..8 {
            let store = store.clone();
            tasks.spawn(async move {
                for i in (part..GAMES).step_by(8) {
                    seed_game(&store, i, now).await;
                }
            });
        }
        while let Some(r) = tasks.join_next().await {
            r.expect("seed task");
        }
        store.close().await;
    }
    let fake = FakeDiscord::start(TOKEN).await;
    for i in 0..IN_FLIGHT {
        fake.add_text_channel(FIRST_CHANNEL + i as u64, &format!("game-{i}"));
    }
    let before = proc_kb("VmRSS:");
    let (bot, _) = connect(&fake, &db, &clock, 1).await;
    let connected = proc_kb("VmRSS:");
    // A hundred moves sent before any is answered.
    let sent: Vec<_> = (0..IN_FLIGHT)
        .map(|i| {
            fake.slash(
                FIRST_CHANNEL + i as u64,
                player(i, false),
                "move",
                vec![opt(3, "move", json!("e4"))],
                &[],
            )
        })
        .collect();
    // Each interaction is answered (privately: the move is posted in the
    // game's channel), and each channel has its move.
    for (i, s) in sent.iter().enumerate() {
        answer(&fake, s).await;
        let channel = FIRST_CHANNEL + i as u64;
        fake.wait_for(&format!("the move in game {i}'s channel"), |v| {
            v.messages_in(channel)
                .iter()
                .any(|m| m["content"].as_str().is_some_and(|c| c.contains("e4")))
                .then_some(())
        })
        .await;
    }
    let after = proc_kb("VmRSS:");
    let peak = proc_kb("VmHWM:");
    bot.stop().await;
    println!(
        "discord adapter, {GAMES} running games stored, {IN_FLIGHT} moves in flight: \
         test process resident {:.1} MB before the bot, {:.1} MB connected, \
         {:.1} MB after the moves, peak {:.1} MB",
        before as f64 / 1024.0,
        connected as f64 / 1024.0,
        after as f64 / 1024.0,
        peak as f64 / 1024.0,
    );
    assert!(peak < 150 * 1024, "peak resident {peak} KB over 150 MB");
}
