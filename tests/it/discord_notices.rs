//! Notices on a fake Discord that notifies as Discord does (mentions count
//! only in created messages, never in edits): every "your move", the
//! challenge, the draw offer and the takeback request reach the named
//! player; the bot's channel links and command code render; a game's
//! thread that Discord archives is reopened while the game runs; a storm
//! of 429s and a dropped gateway connection (RESUME) lose nothing; a
//! player's DM channel is opened once.

use std::sync::Arc;

use chessbot::service::ManualClock;
use serde_json::{Value, json};

use crate::discord_e2e::{ALICE, BOB, TOKEN, answer, choice_opt, connect, flags, id_of, opt, play};
use crate::support::fake_discord::{CHANNEL_ID, EPHEMERAL, FakeDiscord, Who};

/// Whether Discord notified `who` of the message `message`.
fn notified(fake: &FakeDiscord, who: Who, message: u64) -> bool {
    fake.notifications()
        .iter()
        .any(|n| n.user == who.id && n.message == message)
}

/// Waits until Discord has notified `who` of a message containing `text`
/// after the `since`-th notification; that message's id.
async fn wait_notified(fake: &FakeDiscord, who: Who, text: &str, since: usize) -> u64 {
    if std::env::var_os("NOTICES_LOG").is_some() {
        eprintln!(
            "waiting for {} {text:?} since {since}: {:#?}",
            who.name,
            fake.notifications()
        );
    }
    fake.wait_for(&format!("{} notified of {text:?}", who.name), |v| {
        v.notifications()
            .iter()
            .skip(since)
            .find(|n| n.user == who.id && n.content.contains(text))
            .map(|n| n.message)
    })
    .await
}

/// The game's thread: the first channel other than `CHANNEL_ID` the bot
/// posted a board into.
pub(crate) async fn game_thread(fake: &FakeDiscord) -> u64 {
    fake.wait_for("the game's thread", |v| {
        v.calls().iter().find_map(|c| {
            let id = c
                .route
                .strip_prefix("/channels/")?
                .strip_suffix("/messages")?
                .parse::<u64>()
                .ok()?;
            (c.method == "POST" && id != CHANNEL_ID && !c.files.is_empty()).then_some(id)
        })
    })
    .await
}

/// `who` plays `san`; the player to move next is notified of the answer.
async fn play_and_notify(fake: &FakeDiscord, thread: u64, who: Who, next: Who, san: &str) {
    let (_, a) = play(fake, thread, who, san).await;
    let id = id_of(&a);
    assert!(
        notified(fake, next, id),
        "{san}: {} not notified of {a}",
        next.name
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_to_a_player_reaches_them_on_discord_as_it_behaves() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;

    // The challenge to Bob notifies Bob.
    let challenge = fake.slash(
        CHANNEL_ID,
        ALICE,
        "challenge",
        vec![
            opt(6, "opponent", json!(BOB.id.to_string())),
            choice_opt(&registered, "challenge", "color", "white"),
        ],
        &[BOB],
    );
    let offer = answer(&fake, &challenge).await;
    assert!(notified(&fake, BOB, id_of(&offer)), "{offer}");
    // Its command hint renders as code, not as escaped backticks.
    let text = offer["content"].as_str().unwrap_or_default();
    assert!(text.contains("`/chess accept`"), "{text}");

    // Bob accepts: the game starts in its thread, and Alice, who moves
    // first, is called there.
    let accept = fake.slash(CHANNEL_ID, BOB, "accept", vec![], &[]);
    answer(&fake, &accept).await;
    let thread = game_thread(&fake).await;
    let start = wait_notified(&fake, ALICE, "starts", 0).await;
    let start_msg = fake.message(start).expect("the start message");
    assert_eq!(start_msg["channel_id"], json!(thread.to_string()));

    // Every move calls the opponent.
    play_and_notify(&fake, thread, ALICE, BOB, "e4").await;
    play_and_notify(&fake, thread, BOB, ALICE, "e5").await;
    play_and_notify(&fake, thread, ALICE, BOB, "Nf3").await;

    // A draw offer and a takeback request call the opponent too.
    for (sub, text) in [("draw", "offers a draw"), ("takeback", "take back")] {
        let since = fake.notifications().len();
        let asked = fake.slash(thread, ALICE, sub, vec![], &[]);
        let a = answer(&fake, &asked).await;
        assert_eq!(flags(&a) & EPHEMERAL, 0, "{sub}: {a}");
        let id = wait_notified(&fake, BOB, text, since).await;
        assert_eq!(id, id_of(&a));
        let no = fake.slash(thread, BOB, "decline", vec![], &[]);
        answer(&fake, &no).await;
    }

    // `/chess games` links the game's thread (a link, not the raw tag).
    let games = fake.slash(CHANNEL_ID, ALICE, "games", vec![], &[]);
    let listed = answer(&fake, &games).await;
    let text = listed["content"].as_str().unwrap_or_default();
    assert!(text.contains(&format!("<#{thread}>")), "{text}");
    assert!(!text.contains("\\<#"), "{text}");

    // Discord archives the thread after a week of waiting: the bot reopens
    // it at once, so the players can still use their commands there.
    fake.archive_thread(thread);
    fake.wait_for("the thread to be reopened", |v| {
        (!v.is_archived(thread)).then_some(())
    })
    .await;
    play_and_notify(&fake, thread, BOB, ALICE, "Nc6").await;

    // Bob wants his notices by direct message, and Discord rate-limits
    // every other message: the notices still come, in his DMs (a 429 never
    // means "DMs closed"), through a DM channel opened once.
    let set = fake.slash(
        CHANNEL_ID,
        BOB,
        "settings",
        vec![choice_opt(&registered, "settings", "notify", "dm")],
        &[],
    );
    answer(&fake, &set).await;
    fake.rate_limit_every(2);
    for (mine, theirs) in [("Bb5", "a6"), ("Ba4", "Nf6"), ("O-O", "")] {
        let since = fake.notifications().len();
        play(&fake, thread, ALICE, mine).await;
        wait_notified(&fake, BOB, "Your move", since).await;
        if !theirs.is_empty() {
            play_and_notify(&fake, thread, BOB, ALICE, theirs).await;
        }
    }
    fake.rate_limit_every(0);
    assert!(fake.rate_limited() > 0, "the storm hit some calls");
    let dm = fake.dm_channel_of(BOB.id).expect("a DM channel with bob");
    assert!(
        fake.notifications()
            .iter()
            .any(|n| n.user == BOB.id && n.channel == dm),
        "bob's notice in his DMs"
    );
    let opens = fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.route == "/users/@me/channels" && c.status == 200)
        .count();
    assert_eq!(opens, 1, "the DM channel is opened once");

    // The gateway connection drops: the bot resumes its session, and the
    // move sent while it was away is answered.
    fake.drop_gateway();
    let since = fake.notifications().len();
    let m = fake.slash(thread, BOB, "move", vec![opt(3, "move", json!("b5"))], &[]);
    let a: Value = answer(&fake, &m).await;
    assert_eq!(flags(&a), 0, "{a}");
    wait_notified(&fake, ALICE, "b5", since).await;
    assert_eq!(fake.resumes(), 1, "resumed, not identified again");
    assert_eq!(fake.identifies().len(), 1);

    bot.stop().await;
}
