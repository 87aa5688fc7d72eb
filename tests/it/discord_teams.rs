//! Vote chess between two Discord servers through the fake Discord: a team
//! challenge in one server answers a code, a moderator of another server
//! gives it in the channel that will play, each side votes in its own
//! channel, and the moves reach both; neither channel ever gets the other
//! side's votes or replies.

use std::sync::Arc;

use chessbot::service::ManualClock;
use serde_json::{Value, json};

use crate::discord_e2e::{
    ALICE, BOB, CAROL, EVE, TOKEN, answered, code_in, connect, content, entry, opt, posted,
};
use crate::support::fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID, Sent, Who};

/// A second server, and its channel that plays.
const GUILD_TWO: u64 = 1_100_000_000_000_000_101;
const BLUE_ID: u64 = 1_100_000_000_000_000_260;

/// Dispatches `/<top> <sub> options...` by `who` in `channel` (of its
/// server), as a moderator when `moderator`.
fn command(
    fake: &FakeDiscord,
    channel: u64,
    who: Who,
    moderator: bool,
    top: &str,
    sub: &str,
    options: Vec<Value>,
) -> Sent {
    let guild = if channel == BLUE_ID {
        GUILD_TWO
    } else {
        GUILD_ID
    };
    let at = (channel, guild);
    crate::discord_e2e::command(fake, at, who, moderator, top, None, sub, options)
}

/// The value of choice `black` of `/team challenge color:`, as registered.
fn black_choice(registered: &Value) -> Value {
    let team = entry(registered, "team");
    let challenge = entry(&team["options"], "challenge");
    let color = entry(&challenge["options"], "color");
    entry(&color["choices"], "black")["value"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_play_a_vote_game_by_code() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/teams.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    fake.add_text_channel(BLUE_ID, "blue");
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;

    let black = black_choice(&registered);
    let kind = if black.is_string() { 3 } else { 4 };
    let c = command(
        &fake,
        CHANNEL_ID,
        ALICE,
        false,
        "team",
        "challenge",
        vec![opt(kind, "color", black)],
    );
    let text = answered(&fake, &c, false).await;
    let code = code_in(&text);

    // The other server's moderator gives the code; a member cannot.
    let code_opt = || vec![opt(3, "code", json!(code))];
    let a = command(&fake, BLUE_ID, BOB, false, "team", "accept", code_opt());
    answered(&fake, &a, true).await;
    let a = command(&fake, BLUE_ID, BOB, true, "team", "accept", code_opt());
    answered(&fake, &a, false).await;
    posted(&fake, CHANNEL_ID, "#blue").await;

    // Blue (White) votes in its server; its moderator closes the vote.
    for who in [BOB, EVE] {
        let v = command(
            &fake,
            BLUE_ID,
            who,
            false,
            "chess",
            "move",
            vec![opt(3, "move", json!("e4"))],
        );
        assert!(answered(&fake, &v, true).await.contains("Your vote: e4"));
    }
    let x = command(&fake, BLUE_ID, BOB, true, "team", "close", vec![]);
    assert!(
        answered(&fake, &x, false)
            .await
            .contains("the vote is closed")
    );
    posted(&fake, CHANNEL_ID, "e4").await;

    // Red (Black) answers in the first server.
    let v = command(
        &fake,
        CHANNEL_ID,
        CAROL,
        false,
        "chess",
        "move",
        vec![opt(3, "move", json!("e5"))],
    );
    assert!(answered(&fake, &v, true).await.contains("Your vote: e5"));
    // A blue voter cannot vote for red.
    let v = command(
        &fake,
        CHANNEL_ID,
        EVE,
        false,
        "chess",
        "move",
        vec![opt(3, "move", json!("d5"))],
    );
    answered(&fake, &v, true).await;
    let x = command(&fake, CHANNEL_ID, ALICE, true, "team", "close", vec![]);
    assert!(
        answered(&fake, &x, false)
            .await
            .contains("the vote is closed")
    );
    posted(&fake, BLUE_ID, "e5").await;

    // Every message of each channel: nothing of the other side's votes.
    for (channel, secret) in [
        (CHANNEL_ID, ["Your vote: e4", "#blue: the vote is closed"]),
        (BLUE_ID, ["Your vote: e5", "#chess: the vote is closed"]),
    ] {
        for m in fake.messages_in(channel) {
            let t = content(&m);
            for s in secret {
                assert!(!t.contains(s), "{channel}: {t}");
            }
        }
    }
    bot.stop().await;
}
