//! The bot's room policy on a real Synapse (skips without one, as
//! `matrix_e2e` does): it leaves a room where no one else is joined or
//! invited and no game of its runs, and stays in a room whose game is
//! running even when both players have left it. Who is joined is read from
//! the server's admin API, which sees the rooms as they are, not as one
//! member's client saw them.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, bail};
use chessbot::service::ManualClock;
use matrix_sdk::ruma::RoomId;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use serde_json::Value;

use crate::matrix_e2e::{
    BotWatch, Cast, Homeserver, PASSWORD, STEP, Timeline, against_synapse, game_room, joined, say,
    start_bot, wait_until,
};

const WHOLE: Duration = Duration::from_secs(150);

/// The users joined to `room` now, by the server admin's API.
async fn joined_members(
    hs: &Homeserver,
    admin_token: &str,
    room: &RoomId,
) -> anyhow::Result<Vec<String>> {
    let http = matrix_sdk::reqwest::Client::builder()
        .timeout(STEP)
        .build()?;
    let r = http
        .get(format!("{}/_synapse/admin/v1/rooms/{room}/members", hs.url))
        .bearer_auth(admin_token)
        .send()
        .await?;
    let status = r.status();
    let answer: Value = serde_json::from_slice(&r.bytes().await?)?;
    if !status.is_success() {
        bail!("members of {room}: {status} {answer}");
    }
    Ok(answer["members"]
        .as_array()
        .context("no members list")?
        .iter()
        .filter_map(|m| m.as_str().map(str::to_owned))
        .collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_leaves_rooms_left_to_it_but_never_one_whose_game_runs() {
    against_synapse("matrix room policy", WHOLE, room_policy).await;
}

async fn room_policy(hs: Homeserver) -> anyhow::Result<()> {
    let Cast {
        bot_id,
        bob_id,
        alice_name,
        bob_name,
        dir: _dir,
        db,
        cfg,
        ..
    } = hs.cast("r").await?;
    let admin_name = format!("{alice_name}op");
    hs.register_as(&admin_name, PASSWORD, true).await?;
    let admin = hs.player(&admin_name, PASSWORD).await?;
    let admin_token = admin.access_token().context("admin not logged in")?;
    let clock = Arc::new(ManualClock::starting_now());
    let bot = start_bot(&cfg, &db, &clock).await?;
    let alice = hs.player(&alice_name, PASSWORD).await?;
    let bob = hs.player(&bob_name, PASSWORD).await?;
    let alice_timeline = Timeline::default();
    let alice_sync = alice_timeline.follow(alice.clone());

    // A room with Alice and the bot, and no game.
    let mut create = CreateRoom::new();
    create.invite = vec![bot_id.clone()];
    create.preset = Some(RoomPreset::PrivateChat);
    create.name = Some("lobby".to_string());
    let lobby = alice.create_room(create).await?;
    // A room where Alice and Bob start a game.
    let (room, bob_room) = game_room(&alice, &bob, &bot_id, &bob_id).await?;
    for r in [lobby.room_id(), room.room_id()] {
        wait_until("the bot to join", || {
            joined(&alice_timeline, r.as_str(), bot_id.as_str())
        })
        .await?;
    }
    let mut watch = BotWatch {
        timeline: alice_timeline.clone(),
        bot: bot_id.to_string(),
        room: room.room_id().to_string(),
        seen: 0,
    };
    say(&room, &format!("!chess challenge @{bob_name} white")).await?;
    watch.expect("m.text", "challenges").await?;
    say(&bob_room, "!chess accept").await?;
    watch.expect("m.text", "Game #1").await?;

    // Both players leave the game's room, then Alice leaves the lobby.
    bob_room.leave().await?;
    room.leave().await?;
    lobby.leave().await?;

    // The bot leaves the lobby, where no one is left and no game runs.
    let deadline = tokio::time::Instant::now() + STEP;
    loop {
        let members = joined_members(&hs, &admin_token, lobby.room_id()).await?;
        if !members.contains(&bot_id.to_string()) {
            break;
        }
        if tokio::time::Instant::now() > deadline {
            bail!("the bot stayed alone in the lobby: {members:?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // It had seen the game room's departures before the lobby's; it stays
    // there, as the game runs (the players may come back to play it).
    tokio::time::sleep(Duration::from_secs(1)).await;
    let members = joined_members(&hs, &admin_token, room.room_id()).await?;
    assert_eq!(members, vec![bot_id.to_string()], "the game's room");

    bot.abort();
    alice_sync.abort();
    Ok(())
}
