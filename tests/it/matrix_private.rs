//! Private answers on a real Synapse (skips without one, as `matrix_e2e`
//! does): Matrix has no ephemeral messages, so what the service marks
//! private goes to the player's direct room with the bot. Alice and Bob
//! play in a room they share with the bot; Alice writes a note, prepares a
//! conditional line, asks for her private board, her games and an illegal
//! move: her client finds each answer in her direct room with the bot,
//! while the game's room (which Bob reads) gets only notices that an
//! answer was sent privately. Bob's client never receives the note's text
//! or the conditional line in any room.

use std::sync::Arc;
use std::time::Duration;

use anyhow::anyhow;
use chessbot::service::ManualClock;
use serde_json::Value;

use crate::matrix_e2e::{
    BotWatch, Cast, Homeserver, PASSWORD, Timeline, against_synapse, game_room, in_reply_to,
    joined, say, start_bot, wait_until,
};

const WHOLE: Duration = Duration::from_secs(180);

/// The note's text, which Bob must never see.
const SECRET: &str = "sacrifice on h7 next";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_go_to_the_direct_room_on_matrix() {
    against_synapse("matrix private answers", WHOLE, private_answers).await;
}

async fn private_answers(hs: Homeserver) -> anyhow::Result<()> {
    let Cast {
        bot_id,
        alice_id,
        bob_id,
        alice_name,
        bob_name,
        dir: _dir,
        db,
        cfg,
    } = hs.cast("p").await?;
    let clock = Arc::new(ManualClock::starting_now());
    let bot = start_bot(&cfg, &db, &clock).await?;
    let alice = hs.player(&alice_name, PASSWORD).await?;
    let bob = hs.player(&bob_name, PASSWORD).await?;
    let (room, bob_room) = game_room(&alice, &bob, &bot_id, &bob_id).await?;
    let room_id = room.room_id().to_owned();
    let alice_timeline = Timeline::default();
    let bob_timeline = Timeline::default();
    let alice_sync = alice_timeline.follow(alice.clone());
    let bob_sync = bob_timeline.follow(bob.clone());
    wait_until("the bot to join the game's room", || {
        joined(&bob_timeline, room_id.as_str(), bot_id.as_str())
    })
    .await?;
    let mut watch = BotWatch {
        timeline: bob_timeline.clone(),
        bot: bot_id.to_string(),
        room: room_id.to_string(),
        seen: 0,
    };

    say(&room, &format!("!chess challenge @{bob_name} white")).await?;
    watch.expect("m.text", "challenges").await?;
    say(&bob_room, "!chess accept").await?;
    watch.expect("m.text", "Game #1").await?;
    watch.expect("m.image", "+---").await?;
    say(&room, "!chess move e4").await?;
    watch.expect("m.text", "e4").await?;
    watch.expect("m.image", "+---").await?;

    // Alice's first private answer: the room is told it went privately,
    // in a notice replying to her command; she is invited to a direct room.
    let asked = say(&room, &format!("!chess note text:\"{SECRET}\"")).await?;
    let m = watch.expect("m.notice", "direct message").await?;
    assert_eq!(in_reply_to(&m), Some(asked.as_str()), "{m:#}");
    let mut dm_id = None;
    wait_until("alice's invite to a direct room", || {
        dm_id = alice_timeline
            .invites()
            .iter()
            .find(|e| {
                e["type"] == "m.room.member"
                    && e["state_key"] == alice_id.as_str()
                    && e["sender"] == bot_id.as_str()
                    && e["content"]["membership"] == "invite"
                    && e["content"]["is_direct"] == true
            })
            .and_then(|e| e["room_id"].as_str().map(str::to_owned));
        dm_id.is_some()
    })
    .await?;
    let dm_id = dm_id.unwrap_or_default();
    let dm_room_id: matrix_sdk::ruma::OwnedRoomId = dm_id.as_str().try_into()?;
    alice.join_room_by_id(&dm_room_id).await?;
    let mut dm = BotWatch {
        timeline: alice_timeline.clone(),
        bot: bot_id.to_string(),
        room: dm_id.clone(),
        seen: 0,
    };
    dm.expect("m.notice", "private note on game #1").await?;

    // While Bob is to move, Alice prepares a conditional line (if d5, then
    // exd5); Bob plays e5 instead. Then she asks for her board with the
    // note, her games, and plays an illegal move: each answer in her
    // direct room, a notice in the game's room.
    let asked = say(&room, "!chess premove line:\"d5 exd5\"").await?;
    let m = watch.expect("m.notice", "direct message").await?;
    assert_eq!(in_reply_to(&m), Some(asked.as_str()), "{m:#}");
    dm.expect("m.notice", "exd5").await?;
    say(&bob_room, "!chess move e5").await?;
    watch.expect("m.text", "e5").await?;
    watch.expect("m.image", "+---").await?;
    for (command, answer) in [
        ("!chess board private:true", SECRET),
        ("!chess games", SECRET),
        ("!chess move Ke3", "Ke3"),
    ] {
        let asked = say(&room, command).await?;
        let m = watch.expect("m.notice", "direct message").await?;
        assert_eq!(in_reply_to(&m), Some(asked.as_str()), "{command}: {m:#}");
        let private = dm.next().await.map_err(|e| anyhow!("{command}: {e:#}"))?;
        let body = private["content"]["body"].as_str().unwrap_or_default();
        assert!(body.contains(answer), "{command}: {private:#}");
        // The private board comes as a picture after its text.
        if command.contains("board") {
            dm.expect("m.image", "").await?;
        }
    }

    // Nothing private ever reached Bob's client, in any room.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let leaked: Vec<Value> = bob_timeline
        .snapshot()
        .into_iter()
        .filter(|e| {
            // Alice's own commands are hers to show; the bot's answers are
            // what must not reach Bob.
            let body = e["content"]["body"].as_str().unwrap_or_default();
            e["sender"] == bot_id.as_str() && (body.contains(SECRET) || body.contains("exd5"))
        })
        .collect();
    assert!(leaked.is_empty(), "bob received: {leaked:#?}");
    assert!(
        bob_timeline
            .invites()
            .iter()
            .all(|e| e["room_id"] != dm_id.as_str()),
        "bob was invited to alice's direct room"
    );
    bot.abort();
    alice_sync.abort();
    bob_sync.abort();
    Ok(())
}
