//! Private answers on a real Synapse (skips without one, as `matrix_e2e`
//! does): Matrix has no ephemeral messages, so what the service marks
//! private goes to the player's direct room with the bot. Alice and Bob
//! play in a room they share with the bot; Alice writes a note, prepares a
//! conditional line, asks for her private board, her games and an illegal
//! move: her client finds each answer in her direct room with the bot,
//! while the game's room (which Bob reads) gets only notices that an
//! answer was sent privately. Bob's client never receives the note's text
//! or the conditional line in any room.

use std::time::Duration;

use anyhow::anyhow;
use serde_json::Value;

use crate::matrix_e2e::{
    Homeserver, Scene, against_synapse, direct_room_with_bot, in_reply_to, say,
};

const WHOLE: Duration = Duration::from_secs(180);

/// The note's text, which Bob must never see.
const SECRET: &str = "sacrifice on h7 next";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_answers_go_to_the_direct_room_on_matrix() {
    against_synapse("matrix private answers", WHOLE, private_answers).await;
}

async fn private_answers(hs: Homeserver) -> anyhow::Result<()> {
    let mut scene = Scene::open(&hs, "p").await?;
    let (room, bob_room) = (scene.room.clone(), scene.bob_room.clone());
    let (alice_timeline, bob_timeline) = (scene.alice_timeline.clone(), scene.bob_timeline.clone());
    let (bot_id, bob_name) = (scene.cast.bot_id.to_string(), scene.cast.bob_name.clone());
    let watch = &mut scene.watch;

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
    let mut dm = direct_room_with_bot(&scene.alice, &alice_timeline, &bot_id).await?;
    let dm_id = dm.room.clone();
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
    Ok(())
}
