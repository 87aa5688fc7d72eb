//! The bot's Matrix identity, end to end against Synapse: its account is
//! cross-signed and its device signed by the self-signing key (as
//! `/keys/query` shows); a player whose client shares room keys only with
//! cross-signed devices (Element's "exclude insecure devices", MSC4153)
//! plays with it in an encrypted room; the bot's crypto store is deleted
//! while a move waits, and the restarted bot (a new device, the recovery
//! key from its configuration) gets its keys back from the server-side
//! backup, answers the move sent before the restart and a new one. Then a
//! player verifies the bot by emoji, which the bot accepts only because
//! its operator allowed it. Needs the Synapse of `.ci/synapse.sh`.

use crate::matrix_e2e::against_synapse;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, anyhow, ensure};
use chessbot::service::ManualClock;
use futures_util::StreamExt as _;
use matrix_sdk::Client;
use matrix_sdk::encryption::verification::{SasState, VerificationRequestState};
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::api::client::uiaa;
use matrix_sdk::ruma::events::InitialStateEvent;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use serde_json::Value;

use super::matrix_e2e::{
    BotWatch, Cast, Homeserver, PASSWORD, STEP, Timeline, say, start_bot, wait_until,
};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(300);

/// A player whose client shares room keys only with devices their owner
/// cross-signed, with a cross-signed identity of its own.
async fn strict_player(
    hs: &Homeserver,
    dir: &std::path::Path,
    user: &str,
) -> anyhow::Result<Client> {
    let client = Client::builder()
        .homeserver_url(&hs.url)
        .sqlite_store(dir, None)
        // matrix-sdk does not re-export `CollectStrategy`; its serde name.
        .with_room_key_recipient_strategy(serde_json::from_value(serde_json::json!(
            "IdentityBasedStrategy"
        ))?)
        .build()
        .await?;
    client.matrix_auth().login_username(user, PASSWORD).await?;
    client
        .sync_once(matrix_sdk::config::SyncSettings::default())
        .await?;
    if let Err(e) = client.encryption().bootstrap_cross_signing(None).await {
        let info = e
            .as_uiaa_response()
            .context("cross-signing without UIA failed")?;
        let mut password = uiaa::Password::new(
            uiaa::UserIdentifier::Matrix(uiaa::MatrixUserIdentifier::new(user.to_string())),
            PASSWORD.to_string(),
        );
        password.session = info.session.clone();
        client
            .encryption()
            .bootstrap_cross_signing(Some(uiaa::AuthData::Password(password)))
            .await?;
    }
    Ok(client)
}

/// `/keys/query` for `user`, as `asker` sends it.
async fn keys_query(hs: &Homeserver, asker: &Client, user: &str) -> anyhow::Result<Value> {
    let token = asker.access_token().context("no token")?;
    let body = serde_json::json!({ "device_keys": { user: [] } });
    let r = matrix_sdk::reqwest::Client::new()
        .post(format!("{}/_matrix/client/v3/keys/query", hs.url))
        .bearer_auth(token)
        .header("content-type", "application/json")
        .body(body.to_string())
        .timeout(STEP)
        .send()
        .await?;
    ensure!(r.status().is_success(), "keys/query: {}", r.status());
    Ok(serde_json::from_slice(&r.bytes().await?)?)
}

/// The bot's devices in a `/keys/query` answer, and whether each is signed
/// by the account's self-signing key.
fn devices_signed_by_self_signing_key(
    keys: &Value,
    user: &str,
) -> anyhow::Result<Vec<(String, bool)>> {
    let ssk = &keys["self_signing_keys"][user];
    let ssk_id = ssk["keys"]
        .as_object()
        .and_then(|k| k.keys().next().cloned())
        .ok_or_else(|| anyhow!("no self-signing key for {user}: {keys:#}"))?;
    ensure!(
        keys["master_keys"][user]["keys"]
            .as_object()
            .is_some_and(|k| !k.is_empty()),
        "no master key for {user}: {keys:#}"
    );
    let devices = keys["device_keys"][user]
        .as_object()
        .ok_or_else(|| anyhow!("no devices for {user}"))?;
    Ok(devices
        .iter()
        .map(|(id, d)| {
            let signed = d["signatures"][user].get(&ssk_id).is_some();
            (id.clone(), signed)
        })
        .collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_that_trust_only_cross_signed_devices_play_and_a_lost_store_is_recovered() {
    against_synapse("matrix_trust", WHOLE, play).await;
}

async fn play(hs: Homeserver) -> anyhow::Result<()> {
    let Cast {
        bot_id,
        bob_id,
        alice_name,
        bob_name,
        dir,
        db,
        mut cfg,
        ..
    } = hs.cast("t").await?;
    cfg.allowed_servers = Vec::new();
    cfg.trust.recovery = Some("a passphrase only the operator knows".to_string());
    cfg.trust.accept_verification = true;
    let clock = Arc::new(ManualClock::starting_now());
    let mut bot = start_bot(&cfg, &db, &clock).await?;

    let alice = strict_player(&hs, &dir.path().join("alice"), &alice_name).await?;
    let bob = strict_player(&hs, &dir.path().join("bob"), &bob_name).await?;

    // The bot's identity as every client sees it.
    let bot_user = bot_id.to_string();
    let deadline = tokio::time::Instant::now() + STEP;
    let first_device = loop {
        let keys = keys_query(&hs, &alice, &bot_user).await?;
        if let Ok(devices) = devices_signed_by_self_signing_key(&keys, &bot_user)
            && devices.len() == 1
            && devices[0].1
        {
            break devices[0].0.clone();
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "the bot is not cross-signed: {keys:#}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };

    // An encrypted room, as Element creates direct chats.
    let mut create = CreateRoom::new();
    create.invite = vec![bot_id.clone(), bob_id.clone()];
    create.preset = Some(RoomPreset::TrustedPrivateChat);
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
    let alice_sync = alice_timeline.follow(alice.clone());
    let bob_sync = Timeline::default().follow(bob.clone());
    let joined = |t: &Timeline, who: &str| {
        t.snapshot().iter().any(|e| {
            e["type"] == "m.room.member"
                && e["room_id"] == room_id.as_str()
                && e["state_key"] == who
                && e["content"]["membership"] == "join"
        })
    };
    wait_until("the bot to join", || {
        joined(&alice_timeline, bot_id.as_str())
    })
    .await?;
    wait_until("bob to join", || joined(&alice_timeline, bob_id.as_str())).await?;
    let alice_room = alice.get_room(&room_id).context("alice has no room")?;
    let bob_room = bob.get_room(&room_id).context("bob has no room")?;
    let mut watch = BotWatch {
        timeline: alice_timeline.clone(),
        bot: bot_user.clone(),
        room: room_id.to_string(),
        seen: 0,
    };

    say(&alice_room, &format!("!chess challenge @{bob_name} white")).await?;
    watch.expect("m.text", "challenges").await?;
    say(&bob_room, "!chess accept").await?;
    watch.expect("m.text", "Game #1").await?;
    watch.expect("m.image", "+---").await?;
    say(&alice_room, "!chess move f3").await?;
    watch.expect("m.text", "f3").await?;
    watch.expect("m.image", "+---").await?;

    // The bot stops; Bob moves while it is away; its crypto store is lost.
    bot.abort();
    let _ = bot.await;
    say(&bob_room, "!chess move e5").await?;
    let state = cfg.store_path.join("state");
    let mut removed = 0;
    for entry in std::fs::read_dir(&state)? {
        let path = entry?.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("matrix-sdk-crypto.sqlite3") {
            std::fs::remove_file(&path)?;
            removed += 1;
        }
    }
    ensure!(removed > 0, "no crypto store in {}", state.display());
    bot = start_bot(&cfg, &db, &clock).await?;

    // The move sent before the restart is read (its room key came from the
    // backup) and answered, and so is a new one.
    watch.expect("m.text", "e5").await?;
    watch.expect("m.image", "+---").await?;
    say(&alice_room, "!chess move g4").await?;
    watch.expect("m.text", "g4").await?;
    watch.expect("m.image", "+---").await?;
    say(&bob_room, "!chess move Qh4#").await?;
    watch.expect("m.text", "Qh4#").await?;
    watch.expect("m.text", "Checkmate").await?;

    // The new device is cross-signed too (secrets from secret storage).
    let keys = keys_query(&hs, &alice, &bot_user).await?;
    let devices = devices_signed_by_self_signing_key(&keys, &bot_user)?;
    let new: Vec<_> = devices
        .iter()
        .filter(|(id, _)| *id != first_device)
        .collect();
    ensure!(
        new.len() == 1 && new[0].1,
        "the new device is not cross-signed: {devices:?}"
    );

    // Alice verifies the bot's new device by emoji; its operator allowed it.
    let device = alice
        .encryption()
        .get_device(&bot_id, new[0].0.as_str().into())
        .await?
        .context("alice does not know the bot's device")?;
    let request = device.request_verification().await?;
    let mut changes = request.changes();
    let deadline = tokio::time::Instant::now() + STEP;
    let sas = loop {
        if let VerificationRequestState::Ready { .. } = request.state() {
            break request.start_sas().await?.context("no SAS")?;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "the bot did not accept the request"
        );
        let _ = tokio::time::timeout(Duration::from_millis(200), changes.next()).await;
    };
    let mut sas_changes = sas.changes();
    let deadline = tokio::time::Instant::now() + STEP;
    loop {
        match sas.state() {
            SasState::KeysExchanged { .. } => sas.confirm().await?,
            SasState::Done { .. } => break,
            SasState::Cancelled(info) => anyhow::bail!("verification cancelled: {}", info.reason()),
            _ => {}
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "the emoji verification did not finish"
        );
        let _ = tokio::time::timeout(Duration::from_millis(200), sas_changes.next()).await;
    }
    ensure!(sas.is_done(), "not verified");

    bot.abort();
    alice_sync.abort();
    bob_sync.abort();
    Ok(())
}

/// The binary's log states the trust state clients see: `chessbot matrix`
/// on a fresh account logs that its identity is set up with its device
/// cross-signed, and another user's `/keys/query` shows that device signed
/// by the bot's self-signing key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_log_states_the_trust_clients_see() {
    against_synapse("matrix trust log", Duration::from_secs(120), trust_log).await;
}

async fn trust_log(hs: Homeserver) -> anyhow::Result<()> {
    use tokio::io::AsyncBufReadExt as _;
    let Cast {
        bot_id,
        alice_name,
        dir,
        db,
        ..
    } = hs.cast("l").await?;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .arg("matrix")
        .env("MATRIX_HOMESERVER", &hs.url)
        .env("MATRIX_USER", bot_id.as_str())
        .env("MATRIX_PASSWORD", PASSWORD)
        .env("MATRIX_STORE_PATH", dir.path().join("store"))
        .env("DATABASE_URL", &db)
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env("RUST_LOG", "chessbot=info")
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let mut lines = tokio::io::BufReader::new(child.stderr.take().context("stderr")?).lines();
    let mut seen = Vec::new();
    let verdict = tokio::time::timeout(Duration::from_secs(60), async {
        while let Some(line) = lines.next_line().await? {
            seen.push(line.clone());
            if line.contains("identity is set up") || line.contains("ERROR") {
                return Ok::<_, anyhow::Error>(line);
            }
        }
        Err(anyhow!("the bot exited"))
    })
    .await
    .map_err(|_| anyhow!("no trust verdict in the log: {seen:#?}"))??;
    ensure!(
        verdict.contains("device_cross_signed: true") && !verdict.contains("ERROR"),
        "the log: {verdict}"
    );
    // What every client sees agrees with the log.
    let alice = hs.player(&alice_name, PASSWORD).await?;
    let bot_user = bot_id.to_string();
    let keys = keys_query(&hs, &alice, &bot_user).await?;
    let devices = devices_signed_by_self_signing_key(&keys, &bot_user)?;
    ensure!(
        devices.len() == 1 && devices[0].1,
        "the log says signed, clients see: {keys:#}"
    );
    child.kill().await?;
    Ok(())
}
