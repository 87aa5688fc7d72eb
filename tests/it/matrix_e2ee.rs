//! End to end in an end-to-end encrypted room: two players whose clients
//! encrypt (matrix-sdk with its own SQLite crypto stores) play a short game
//! with the bot in an encrypted room created as Element creates direct
//! chats. Every bot message must reach both players encrypted and decrypt;
//! the board, card, GIF and PGN must be encrypted uploads (no plain `url`)
//! whose decrypted bytes are a PNG, a GIF and the PGN. Then the bot
//! restarts and still answers with the same device (players keep trusting
//! it), and a burst of commands meets the rate limit: one "slow down",
//! then silence. Needs the Synapse of `.ci/synapse.sh`, like `matrix_e2e`.

use crate::matrix_e2e::against_synapse;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, anyhow};
use chessbot::adapters::matrix::limits::RateLimit;
use chessbot::service::ManualClock;
use matrix_sdk::Client;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use serde_json::Value;

use super::matrix_e2e::{
    BotWatch, Cast, Homeserver, PASSWORD, STEP, Timeline, in_reply_to, say, start_bot, wait_until,
};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(240);

/// A player whose client encrypts, with its crypto store in `dir`.
async fn encrypting_player(
    hs: &Homeserver,
    dir: &std::path::Path,
    user: &str,
    password: &str,
) -> anyhow::Result<Client> {
    let client = Client::builder()
        .homeserver_url(&hs.url)
        .sqlite_store(dir, None)
        .build()
        .await?;
    client.matrix_auth().login_username(user, password).await?;
    // Uploads the device keys.
    client
        .sync_once(matrix_sdk::config::SyncSettings::default())
        .await?;
    Ok(client)
}

/// Downloads and decrypts the encrypted file of a bot message; fails if
/// the file was uploaded in the clear.
async fn encrypted_file(client: &Client, m: &Value) -> anyhow::Result<Vec<u8>> {
    let c = &m["content"];
    anyhow::ensure!(c.get("url").is_none(), "a plain upload: {m:#}");
    let file = serde_json::from_value(c["file"].clone()).context("no encrypted file")?;
    let request = MediaRequestParameters {
        source: MediaSource::Encrypted(Box::new(file)),
        format: MediaFormat::File,
    };
    Ok(tokio::time::timeout(STEP, client.media().get_media_content(&request, false)).await??)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_an_encrypted_room() {
    against_synapse("matrix_e2ee", WHOLE, play).await;
}

async fn play(hs: Homeserver) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let Cast {
        bot_id,
        bob_id,
        alice_name,
        bob_name,
        dir,
        db,
        mut cfg,
        ..
    } = hs.cast("e").await?;
    let password = PASSWORD;
    // Invites from anywhere; a window longer than the test: the burst
    // below meets the limit at a known command (the limiter starts afresh
    // with a restart).
    cfg.allowed_servers = Vec::new();
    cfg.rate_limit = RateLimit {
        per_user: 5,
        per_room: 100,
        window: Duration::from_secs(600),
    };
    let clock = Arc::new(ManualClock::starting_now());
    let mut bot = start_bot(&cfg, &db, &clock).await?;

    let alice = encrypting_player(&hs, &dir.path().join("alice"), &alice_name, password).await?;
    let bob = encrypting_player(&hs, &dir.path().join("bob"), &bob_name, password).await?;
    // A direct chat as Element makes it: private, encrypted from the start.
    let mut create = CreateRoom::new();
    create.invite = vec![bot_id.clone(), bob_id.clone()];
    create.preset = Some(RoomPreset::TrustedPrivateChat);
    create.is_direct = true;
    create.initial_state = vec![
        InitialStateEvent::with_empty_state_key(
            RoomEncryptionEventContent::with_recommended_defaults(),
        )
        .to_raw_any(),
    ];
    let room = alice.create_room(create).await?;
    let room_id = room.room_id().to_owned();
    bob.join_room_by_id(&room_id).await?;

    let alice_timeline = Timeline::default();
    let bob_timeline = Timeline::default();
    let alice_sync = alice_timeline.follow(alice.clone());
    let bob_sync = bob_timeline.follow(bob.clone());
    let joined = |t: &Timeline, who: &str| {
        t.snapshot().iter().any(|e| {
            e["type"] == "m.room.member"
                && e["room_id"] == room_id.as_str()
                && e["state_key"] == who
                && e["content"]["membership"] == "join"
        })
    };
    wait_until("the bot to join the encrypted room", || {
        joined(&alice_timeline, bot_id.as_str())
    })
    .await?;
    wait_until("bob to see everyone", || {
        joined(&bob_timeline, bot_id.as_str())
    })
    .await?;
    let alice_room = alice
        .get_room(&room_id)
        .ok_or_else(|| anyhow!("alice has no room"))?;
    let bob_room = bob
        .get_room(&room_id)
        .ok_or_else(|| anyhow!("bob has no room"))?;
    anyhow::ensure!(
        alice_room.latest_encryption_state().await?.is_encrypted(),
        "the room is not encrypted"
    );
    let mut watch = BotWatch {
        timeline: alice_timeline.clone(),
        bot: bot_id.to_string(),
        room: room_id.to_string(),
        seen: 0,
    };
    eprintln!(
        "matrix_e2ee: bot joined after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    say(&alice_room, &format!("!chess challenge @{bob_name} white")).await?;
    let m = watch.expect("m.text", "challenges").await?;
    assert_eq!(
        m["content"]["m.mentions"]["user_ids"],
        serde_json::json!([bob_id.as_str()])
    );
    say(&bob_room, "!chess accept").await?;
    watch.expect("m.text", "Game #1").await?;
    let board = watch.expect("m.image", "+-----------------+").await?;
    let png = encrypted_file(&alice, &board).await?;
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(
        board["content"]["info"]["size"].as_u64(),
        Some(png.len() as u64)
    );
    // Bob decrypts the same picture.
    assert_eq!(encrypted_file(&bob, &board).await?, png);

    for (who, mv) in [(&alice_room, "f3"), (&bob_room, "e5"), (&alice_room, "g4")] {
        say(who, &format!("!chess move {mv}")).await?;
        watch.expect("m.text", mv).await?;
        watch.expect("m.image", "+---").await?;
    }
    // An error: an encrypted notice replying to the command.
    let illegal = say(&alice_room, "!chess move Ke3").await?;
    let m = watch.expect("m.notice", "").await?;
    assert_eq!(in_reply_to(&m), Some(illegal.as_str()));

    say(&bob_room, "!chess move Qh4#").await?;
    watch.expect("m.text", "Qh4#").await?;
    watch.expect("m.text", "Checkmate").await?;
    watch.expect("m.image", "+---").await?;
    let summary = watch.expect("m.text", "Opening: A00").await?;
    assert!(
        summary["content"]["body"]
            .as_str()
            .unwrap_or("")
            .contains("https://lichess.org/analysis/pgn/"),
        "{summary:#}"
    );
    let card = watch.expect("m.image", "game-1.png").await?;
    let bytes = encrypted_file(&bob, &card).await?;
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "the card is not a PNG");
    let gif = watch.expect("m.image", "game-1.gif").await?;
    let bytes = encrypted_file(&bob, &gif).await?;
    assert!(bytes.starts_with(b"GIF8"), "the animation is not a GIF");
    let file = watch.expect("m.file", "game-1.pgn").await?;
    let pgn = String::from_utf8(encrypted_file(&bob, &file).await?)?;
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4#"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    eprintln!(
        "matrix_e2ee: game over after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // A restart keeps the device: the answer still decrypts and the bot
    // still has one device.
    bot.abort();
    let _ = bot.await;
    bot = start_bot(&cfg, &db, &clock).await?;
    let asked = say(&bob_room, "!chess games").await?;
    let m = watch.expect("m.notice", "").await?;
    assert_eq!(in_reply_to(&m), Some(asked.as_str()));
    let devices = alice.encryption().get_user_devices(&bot_id).await?;
    assert_eq!(devices.devices().count(), 1, "the bot's device changed");

    // A burst: five commands answered, one "slow down", then silence;
    // the other player is still answered.
    let mut burst = Vec::new();
    for _ in 0..8 {
        burst.push(say(&alice_room, "!chess games").await?);
    }
    // Five answers and the "slow down" are private (Alice's direct room):
    // the room hears of six, each replying to its command, then nothing.
    let mut answered = Vec::new();
    for _ in 0..6 {
        let m = watch.expect("m.notice", "direct message").await?;
        answered.push(in_reply_to(&m).unwrap_or_default().to_owned());
    }
    answered.sort();
    let mut first_six: Vec<String> = burst[..6].iter().map(ToString::to_string).collect();
    first_six.sort();
    assert_eq!(answered, first_six);
    let asked = say(&bob_room, "!chess games").await?;
    let m = watch.expect("m.notice", "").await?;
    assert_eq!(in_reply_to(&m), Some(asked.as_str()), "{m:#}");

    // Every bot message came encrypted and both players decrypted it.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = watch.bot_messages();
    assert_eq!(all.len(), watch.seen, "unexpected extra bot messages");
    for m in &all {
        assert_eq!(m["decrypted"], true, "not encrypted: {m:#}");
    }
    let bob_watch = BotWatch {
        timeline: bob_timeline.clone(),
        bot: bot_id.to_string(),
        room: room_id.to_string(),
        seen: 0,
    };
    wait_until("bob to decrypt every bot message", || {
        bob_watch.bot_messages().len() == all.len()
    })
    .await?;
    let undecrypted = |t: &Timeline| {
        t.snapshot()
            .iter()
            .filter(|e| e["type"] == "m.room.encrypted" && e["sender"] == bot_id.as_str())
            .count()
    };
    assert_eq!(undecrypted(&alice_timeline), 0);
    assert_eq!(undecrypted(&bob_timeline), 0);

    bot.abort();
    alice_sync.abort();
    bob_sync.abort();
    Ok(())
}
