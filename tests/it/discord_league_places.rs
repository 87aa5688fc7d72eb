//! League games reach a real channel on the fake Discord before their
//! clocks run: a league is refused where the bot may not open threads (or
//! in a channel that takes none); a league that starts at its time while
//! threads are refused waits without a clock (days pass, nobody loses on
//! time), the channel is told once, and after a restart with the
//! permission back every game gets its thread and is played to a result;
//! in an announcement channel the games get announcement threads.

use std::sync::Arc;

use chessbot::service::{Clock, ManualClock};
use serde_json::{Value, json};

use crate::discord_e2e::{
    ALICE, BOB, CAROL, TOKEN, answer, connect, content, flags, group, moves_then_resign, named, opt,
};
use crate::support::fake_discord::{CHANNEL_ID, EPHEMERAL, FakeDiscord, RestCall, Who};

const PLAYERS: [Who; 3] = [ALICE, BOB, CAROL];

/// An announcement channel of the fake's guild.
const NEWS_ID: u64 = 1_100_000_000_000_000_250;

fn thread_posts(calls: &[RestCall], parent: u64, since: usize) -> usize {
    calls
        .iter()
        .skip(since)
        .filter(|c| c.method == "POST" && c.route == format!("/channels/{parent}/threads"))
        .count()
}

/// The threads of `parent` whose first message is a game start, by name.
async fn game_threads(fake: &FakeDiscord, parent: u64, n: usize) -> Vec<(u64, String)> {
    fake.wait_for("the league games' starts in their threads", |v| {
        let threads: Vec<(u64, String)> = v
            .channels()
            .into_iter()
            .filter(|c| c["parent_id"] == json!(parent.to_string()))
            .filter_map(|c| {
                let id = c["id"].as_str()?.parse::<u64>().ok()?;
                let first = v.messages_in(id).first().map(|m| content(m))?;
                first
                    .contains("has started")
                    .then(|| (id, c["name"].as_str().unwrap_or_default().to_string()))
            })
            .collect();
        (threads.len() == n).then_some(threads)
    })
    .await
}

/// Plays every league game in `threads` to a result (Black resigns after
/// 1. e4 e5).
async fn play_out(fake: &FakeDiscord, threads: &[(u64, String)]) {
    for (thread, name) in threads {
        let (white, black) = name.split_once(" vs ").expect("a vs b");
        let (white, black) = (named(&PLAYERS, white), named(&PLAYERS, black));
        // The start is posted in the thread before the game is moved there
        // (no clock runs before its players are told): a player as quick
        // as this test may ask in between, and is told there is no game
        // yet. Wait until the thread has its game.
        let waited = std::time::Instant::now();
        loop {
            let b = fake.slash(*thread, white, "board", vec![], &[]);
            if flags(&answer(fake, &b).await) & EPHEMERAL == 0 {
                break;
            }
            assert!(
                waited.elapsed() < std::time::Duration::from_secs(10),
                "{name}: the thread never got its game"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let moves = [(white, "e4"), (black, "e5")];
        let a = moves_then_resign(fake, *thread, name, &moves, black).await;
        assert!(content(&a).contains("resign"), "{name}: {a}");
    }
}

fn join_all(fake: &FakeDiscord, channel: u64) -> Vec<crate::support::fake_discord::Sent> {
    PLAYERS
        .into_iter()
        .map(|w| group(fake, channel, w, "league", "join", vec![]))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn league_games_without_threads_wait_without_a_clock_until_they_have_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/league.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    fake.forbid_threads(true);
    let (bot, _) = connect(&fake, &db, &clock, 1).await;

    // Without "Create Public Threads" a league is refused, privately, and
    // nothing is created.
    let made = group(
        &fake,
        CHANNEL_ID,
        ALICE,
        "league",
        "create",
        vec![opt(3, "name", json!("Spring Cup"))],
    );
    let made = answer(&fake, &made).await;
    assert_ne!(flags(&made) & EPHEMERAL, 0, "{made}");
    assert!(content(&made).contains("Create Public Threads"), "{made}");
    let s = group(&fake, CHANNEL_ID, BOB, "league", "standings", vec![]);
    let s = answer(&fake, &s).await;
    assert_ne!(flags(&s) & EPHEMERAL, 0, "no league: {s}");

    // With the permission, a league set to start in an hour.
    fake.forbid_threads(false);
    let at = (clock.now() + chrono::Duration::hours(1))
        .format("%Y-%m-%d %H:%M")
        .to_string();
    let made = group(
        &fake,
        CHANNEL_ID,
        ALICE,
        "league",
        "create",
        vec![
            opt(3, "name", json!("Spring Cup")),
            opt(4, "days", json!(1)),
            opt(3, "starts", json!(at)),
        ],
    );
    let made = answer(&fake, &made).await;
    assert_eq!(flags(&made) & EPHEMERAL, 0, "{made}");
    for j in join_all(&fake, CHANNEL_ID) {
        let j = answer(&fake, &j).await;
        assert_eq!(flags(&j) & EPHEMERAL, 0, "{j}");
    }
    bot.stop().await;
    fake.wait_disconnected().await;

    // The permission is taken away before the start time: the league
    // starts by itself, its games get no thread, the channel is told once
    // per game, and no clock runs.
    fake.forbid_threads(true);
    clock.advance(chrono::Duration::hours(2));
    let since = fake.mark();
    let (bot, _) = connect(&fake, &db, &clock, 2).await;
    fake.wait_for("a notice per game without a thread", |v| {
        let n = v
            .messages_in(CHANNEL_ID)
            .iter()
            .filter(|m| content(m).contains("has no place yet"))
            .count();
        (n == 3).then_some(())
    })
    .await;
    assert!(thread_posts(&fake.calls(), CHANNEL_ID, since) >= 3);
    bot.stop().await;
    fake.wait_disconnected().await;

    // Ten days later (ten times the days per move) the games are still
    // waiting: tried again, told no more, and nobody lost on time.
    clock.advance(chrono::Duration::days(10));
    let since = fake.mark();
    let (bot, _) = connect(&fake, &db, &clock, 3).await;
    fake.wait_call("a second try at a thread", since, |c| {
        c.method == "POST" && c.route == format!("/channels/{CHANNEL_ID}/threads")
    })
    .await;
    let texts: Vec<String> = fake.messages_in(CHANNEL_ID).iter().map(content).collect();
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.contains("has no place yet"))
            .count(),
        3,
        "{texts:#?}"
    );
    assert!(
        texts
            .iter()
            .all(|t| !t.contains("on time") && !t.contains("1-0") && !t.contains("0-1")),
        "{texts:#?}"
    );
    bot.stop().await;
    fake.wait_disconnected().await;

    // The permission is back: after a restart every game gets its thread,
    // its clock starts there, and the league is played to its end.
    fake.forbid_threads(false);
    clock.advance(chrono::Duration::minutes(30));
    let (bot, _) = connect(&fake, &db, &clock, 4).await;
    let threads = game_threads(&fake, CHANNEL_ID, 3).await;
    play_out(&fake, &threads).await;
    fake.wait_for("the final standings", |v| {
        v.messages_in(CHANNEL_ID)
            .iter()
            .any(|m| content(m).contains("Winner"))
            .then_some(())
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_announcement_channel_gets_announcement_threads_and_a_thread_gets_none() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/league.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    fake.add_announcement_channel(NEWS_ID, "news");
    let (bot, _) = connect(&fake, &db, &clock, 1).await;

    let made = group(
        &fake,
        NEWS_ID,
        ALICE,
        "league",
        "create",
        vec![opt(3, "name", json!("News Cup"))],
    );
    let made = answer(&fake, &made).await;
    assert_eq!(flags(&made) & EPHEMERAL, 0, "{made}");
    for j in join_all(&fake, NEWS_ID) {
        answer(&fake, &j).await;
    }
    let start = group(&fake, NEWS_ID, ALICE, "league", "start", vec![]);
    let head = answer(&fake, &start).await;
    assert!(content(&head).contains("News Cup"), "{head}");
    let threads = game_threads(&fake, NEWS_ID, 3).await;
    for (id, name) in &threads {
        let ch = fake.channel(*id).expect("thread");
        assert_eq!(ch["type"], json!(10), "{name}: an announcement thread");
    }
    let refused: Vec<String> = fake
        .calls()
        .iter()
        .filter(|c| c.status >= 400)
        .map(RestCall::line)
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");

    // A league cannot live in a thread (its games would need threads of
    // their own).
    let (thread, _) = threads[0].clone();
    let inner = group(
        &fake,
        thread,
        BOB,
        "league",
        "create",
        vec![opt(3, "name", json!("Nested"))],
    );
    let inner: Value = answer(&fake, &inner).await;
    assert_ne!(flags(&inner) & EPHEMERAL, 0, "{inner}");
    assert!(
        content(&inner).contains("text or announcement channel"),
        "{inner}"
    );

    play_out(&fake, &threads).await;
    fake.wait_for("the final standings", |v| {
        v.messages_in(NEWS_ID)
            .iter()
            .any(|m| content(m).contains("Winner"))
            .then_some(())
    })
    .await;
    bot.stop().await;
}
