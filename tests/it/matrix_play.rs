//! Player pages and direct rooms on a real Synapse (skips without one, as
//! `matrix_e2e` does), with the bot serving pages at a public address. In a
//! room Alice and Bob share with the bot, a game's start carries its watch
//! link and its board picture's `body` is the position in words (not a
//! file name); `!chess board private:true` sends Alice's player link to her
//! direct room with the bot and nowhere else; a move made on her page
//! comes out in the game's room as typed moves do. A direct room (one
//! Alice opens with `is_direct` for herself, Bob and the bot) gets no
//! spectator page: `settings pages:on` there is refused, and a game
//! started there posts no watch link.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, ensure};
use chessbot::adapters::matrix::serve_with_pages;
use chessbot::http::{Health, Platform};
use chessbot::lifecycle::{Process, Shutdown};
use chessbot::service::{Clock, GameService, ManualClock};
use chessbot::store::Store;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use serde_json::{Value, json};

use crate::matrix_e2e::{
    BotWatch, Homeserver, PASSWORD, Timeline, against_synapse, body, direct_room_with_bot,
    game_room, joined, long_history, say, wait_until,
};
use crate::player_page::act;

const WHOLE: Duration = Duration::from_secs(240);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn player_links_and_direct_rooms_on_matrix() {
    against_synapse("matrix player links", WHOLE, play_links).await;
}

/// The bot on `db`, serving pages; their public address.
async fn start_bot_with_pages(
    cfg: &chessbot::adapters::matrix::MatrixConfig,
    db: &str,
) -> anyhow::Result<(tokio::task::JoinHandle<()>, String)> {
    let store = Store::open(db).await?;
    let clock: Arc<dyn Clock> = Arc::new(ManualClock::starting_now());
    let service = GameService::open(store.clone(), Arc::clone(&clock)).await?;
    let health = Health::new(Platform::Chat);
    let addr = chessbot::http::start("127.0.0.1:0".parse()?, Arc::clone(&health)).await?;
    let base = format!("http://{addr}");
    let process = Process {
        shutdown: Shutdown::new(),
        health: Some(health),
        public_url: Some(base.clone()),
    };
    process.opened(&store);
    process.serving(&service);
    let posts = process.page_posts(&service);
    ensure!(posts.is_some(), "pages served");
    let cfg = cfg.clone();
    let task = tokio::spawn(async move {
        if let Err(e) = serve_with_pages(cfg, service, clock, std::future::pending(), posts).await {
            eprintln!("bot stopped: {e}");
        }
    });
    Ok((task, base))
}

/// The bot's messages in `room` so far, as `timeline` has them.
fn bot_messages(timeline: &Timeline, bot: &str, room: &str) -> Vec<Value> {
    timeline
        .snapshot()
        .into_iter()
        .filter(|e| e["type"] == "m.room.message" && e["sender"] == bot && e["room_id"] == room)
        .collect()
}

async fn play_links(hs: Homeserver) -> anyhow::Result<()> {
    let cast = hs.cast("pl").await?;
    let (bot_task, base) = start_bot_with_pages(&cast.cfg, &cast.db).await?;
    let alice = hs.player(&cast.alice_name, PASSWORD).await?;
    let bob = hs.player(&cast.bob_name, PASSWORD).await?;
    let (room, bob_room) = game_room(&alice, &bob, &cast.bot_id, &cast.bob_id).await?;
    let (alice_timeline, bob_timeline) = (Timeline::default(), Timeline::default());
    let tasks = [
        bot_task,
        alice_timeline.follow_with(alice.clone(), long_history()),
        bob_timeline.follow_with(bob.clone(), long_history()),
    ];
    let _stop = AbortAll(&tasks);
    let bot = cast.bot_id.to_string();
    let room_id = room.room_id().to_string();
    wait_until("the bot to join the game's room", || {
        joined(&alice_timeline, &room_id, &bot)
    })
    .await?;
    let mut watch = BotWatch {
        timeline: alice_timeline.clone(),
        bot: bot.clone(),
        room: room_id.clone(),
        seen: 0,
    };

    // A shared room: the start carries the watch link; the board picture
    // is described in words.
    say(&room, &format!("!chess challenge @{} white", cast.bob_name)).await?;
    watch.expect("m.text", "challenges").await?;
    say(&bob_room, "!chess accept").await?;
    let start = watch.expect("m.text", "Game #1").await?;
    ensure!(
        body(&start).contains(&format!("{base}/g/")),
        "a watch link in a shared room: {start:#}"
    );
    let board = watch.expect("m.image", "").await?;
    let words = body(&board);
    ensure!(
        words.contains("White: King e1") && words.contains("Black: King e8"),
        "the board's body is the position in words: {words:?}"
    );
    ensure!(
        !words.trim().ends_with(".png") && words.trim() != "board.png",
        "{words:?}"
    );

    // Alice's player link: a notice in the room, the link in her direct
    // room only.
    say(&room, "!chess board private:true").await?;
    watch.expect("m.notice", "direct message").await?;
    let mut dm = direct_room_with_bot(&alice, &alice_timeline, &bot).await?;
    let link = loop {
        let m = dm.next().await?;
        if let Some(at) = body(&m).find(&format!("{base}/p/")) {
            break body(&m)[at..]
                .split(|c: char| c.is_whitespace())
                .next()
                .unwrap_or_default()
                .to_string();
        }
    };
    for m in bot_messages(&alice_timeline, &bot, &room_id) {
        ensure!(
            !m["content"].to_string().contains("/p/"),
            "a player link in the game's room: {m:#}"
        );
    }

    // A move on Alice's page comes out in the game's room.
    let action = json!({"action": "move", "move": "e2e4", "ply": 0});
    let page = link.clone();
    let (status, answer) = tokio::task::spawn_blocking(move || act(&page, &action)).await?;
    ensure!(status == 200, "{status} {answer}");
    watch.expect("m.text", "e4").await?;
    let board = watch.expect("m.image", "").await?;
    ensure!(
        body(&board).contains("Pawns a2, b2, c2, d2, e4"),
        "{board:#}"
    );

    // A direct room for Alice, Bob and the bot: no pages, even when asked.
    let mut create = CreateRoom::new();
    create.invite = vec![cast.bot_id.clone(), cast.bob_id.clone()];
    create.is_direct = true;
    create.preset = Some(RoomPreset::TrustedPrivateChat);
    let direct = alice.create_room(create).await?;
    bob.join_room_by_id(direct.room_id()).await?;
    let bob_direct = bob
        .get_room(direct.room_id())
        .ok_or_else(|| anyhow!("bob has no direct room"))?;
    let direct_id = direct.room_id().to_string();
    wait_until("the bot to join the direct room", || {
        joined(&alice_timeline, &direct_id, &bot)
    })
    .await?;
    let mut in_direct = BotWatch {
        timeline: alice_timeline.clone(),
        bot: bot.clone(),
        room: direct_id.clone(),
        seen: 0,
    };
    say(&direct, "!chess settings pages:on").await?;
    // Refused (privately: a notice here, the answer in Alice's direct
    // room with the bot).
    let refusal = in_direct.next().await?;
    ensure!(
        !body(&refusal).contains("turned on"),
        "pages stay off: {refusal:#}"
    );
    let private = dm.next().await?;
    ensure!(
        body(&private).contains("no spectator pages"),
        "the refusal says why: {private:#}"
    );
    say(
        &direct,
        &format!("!chess challenge @{} white", cast.bob_name),
    )
    .await?;
    in_direct.expect("m.text", "challenges").await?;
    say(&bob_direct, "!chess accept").await?;
    let start = in_direct.expect("m.text", "Game #2").await?;
    ensure!(
        !body(&start).contains("/g/"),
        "no watch link in a direct room: {start:#}"
    );
    Ok(())
}

/// Aborts the tasks when the test ends, however it ends.
struct AbortAll<'a>(&'a [tokio::task::JoinHandle<()>]);

impl Drop for AbortAll<'_> {
    fn drop(&mut self) {
        for t in self.0 {
            t.abort();
        }
    }
}
