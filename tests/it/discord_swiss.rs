//! A thematic Swiss of four on the fake Discord, through serenity and
//! poise: created with `format:swiss`, `rounds`, `opening` and
//! `tiebreaks`, joined and started with the `league` group; round 1's
//! pairings are posted in the channel, each game opens its own thread
//! and starts there after the Ruy Lopez (Black to move); the games are
//! played to their end in the threads, and the last result pairs round 2
//! at once: its pairings in the channel, its games in two new threads.

use std::sync::Arc;

use chessbot::service::ManualClock;
use serde_json::{Value, json};

use crate::discord_e2e::{
    ALICE, BOB, CAROL, EVE, TOKEN, answer, connect, content, entry, first_message, flags, group,
    league_create_form, moves_then_resign, named, opt, threads_since,
};
use crate::support::fake_discord::{CHANNEL_ID, EPHEMERAL, FakeDiscord, Who};

const PLAYERS: [Who; 4] = [ALICE, BOB, CAROL, EVE];

/// Plays the game of each thread to its end: Black (to move after the
/// Ruy Lopez) plays a6, White Ba4, then Black resigns.
async fn play_round(fake: &FakeDiscord, threads: &[u64]) {
    for &thread in threads {
        let first = first_message(fake, thread, "a Swiss game's start in its thread").await;
        let text = content(&first);
        assert!(text.contains("begins after C60 Ruy Lopez"), "{text}");
        let name = fake
            .channel(thread)
            .and_then(|c| c["name"].as_str().map(str::to_string))
            .expect("the thread's name");
        let (white, black) = name.split_once(" vs ").expect("white vs black");
        let (white, black) = (named(&PLAYERS, white), named(&PLAYERS, black));
        assert!(text.contains(&format!("{} to move", black.name)), "{text}");
        let moves = [(black, "a6"), (white, "Ba4")];
        moves_then_resign(fake, thread, &name, &moves, black).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thematic_swiss_plays_round_one_in_threads_and_pairs_round_two() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/swiss.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    let create = league_create_form(&registered);
    let swiss = entry(&entry(&create["options"], "format")["choices"], "swiss")["value"].clone();
    let made = group(
        &fake,
        CHANNEL_ID,
        ALICE,
        "league",
        "create",
        vec![
            opt(3, "name", json!("Spanish Swiss")),
            opt(if swiss.is_string() { 3 } else { 4 }, "format", swiss),
            opt(4, "rounds", json!(3)),
            opt(3, "opening", json!("Ruy Lopez")),
            opt(3, "tiebreaks", json!("sb,bh1")),
        ],
    );
    let made = answer(&fake, &made).await;
    assert_eq!(flags(&made) & EPHEMERAL, 0, "{made}");
    let text = content(&made);
    assert!(text.contains("1. e4 e5 2. Nf3 Nc6 3. Bb5"), "{text}");
    assert!(text.contains("SB, Buchholz Cut-1"), "{text}");
    for p in PLAYERS {
        let j = group(&fake, CHANNEL_ID, p, "league", "join", vec![]);
        let j = answer(&fake, &j).await;
        assert_eq!(flags(&j) & EPHEMERAL, 0, "{j}");
    }
    let since = fake.mark();
    let start = group(&fake, CHANNEL_ID, ALICE, "league", "start", vec![]);
    let head = content(&answer(&fake, &start).await);
    assert!(head.contains("round 1 of 3"), "{head}");
    assert!(
        head.contains("Board 1:") && head.contains("Board 2:"),
        "{head}"
    );
    let round1 = fake
        .wait_for("round 1's two threads", |v| {
            let t = threads_since(v, since, &PLAYERS);
            (t.len() == 2).then_some(t)
        })
        .await;
    let since = fake.mark();
    play_round(&fake, &round1).await;

    // The last result pairs round 2 at once: its pairings in the channel
    // (winners against winners) and two new threads with their starts.
    let pairing = fake
        .wait_for("round 2's pairings", |v| {
            v.messages_in(CHANNEL_ID)
                .into_iter()
                .find(|m| content(m).contains("round 2 of 3"))
                .map(content)
        })
        .await;
    assert!(pairing.contains("Board 2:"), "{pairing}");
    let round2 = fake
        .wait_for("round 2's two threads", |v| {
            let t = threads_since(v, since, &PLAYERS);
            let fresh: Vec<u64> = t.into_iter().filter(|t| !round1.contains(t)).collect();
            (fresh.len() == 2).then_some(fresh)
        })
        .await;
    for thread in &round2 {
        let first = first_message(&fake, *thread, "a round 2 start").await;
        assert!(content(&first).contains("Spanish Swiss"), "{first}");
    }
    // The standings name the chosen tie-breaks.
    let s = group(&fake, CHANNEL_ID, BOB, "league", "standings", vec![]);
    let table: Value = answer(&fake, &s).await;
    let text = content(&table);
    assert!(text.contains("2 of 4 games finished"), "{text}");
    assert!(
        text.contains("(SB ") && text.contains(", Buchholz Cut-1 "),
        "{text}"
    );
    bot.stop().await;
}
