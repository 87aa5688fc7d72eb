//! A team match between two Discord servers through the fake Discord: a
//! moderator of one server creates it (a code), a moderator of the other
//! accepts it in its channel, two players of each server sign up, and the
//! start opens each game's thread in both servers' channels, with the
//! game's start in each; a move in one server's thread reaches the other
//! server's thread, and neither side ever gets the other side's private
//! replies.

use std::sync::Arc;

use chessbot::service::ManualClock;
use serde_json::{Value, json};

use crate::discord_e2e::{
    ALICE, BOB, CAROL, EVE, TOKEN, answered, code_in, command, connect, content, opt, posted,
};
use crate::support::fake_discord::{CHANNEL_ID, FakeDiscord, GUILD_ID, Sent, Who};

/// A second server, and its channel that is the other side.
const GUILD_TWO: u64 = 1_100_000_000_000_000_102;
const BLUE_ID: u64 = 1_100_000_000_000_000_270;

fn team_match(
    fake: &FakeDiscord,
    at: (u64, u64),
    who: Who,
    moderator: bool,
    sub: &str,
    options: Vec<Value>,
) -> Sent {
    command(
        fake,
        at,
        who,
        moderator,
        "team",
        Some("match"),
        sub,
        options,
    )
}

/// `who` plays `san` in a game's thread `at` (with its server).
fn play(fake: &FakeDiscord, at: (u64, u64), who: Who, san: &str) -> Sent {
    let options = vec![opt(3, "move", json!(san))];
    command(fake, at, who, false, "chess", None, "move", options)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_play_a_team_match_in_threads_of_their_own() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/matches.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    fake.add_text_channel(BLUE_ID, "blue");
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    let red = (CHANNEL_ID, GUILD_ID);
    let blue = (BLUE_ID, GUILD_TWO);

    // `/team match` is registered with its subcommands.
    let team = registered
        .as_array()
        .and_then(|l| l.iter().find(|c| c["name"] == json!("team")))
        .expect("/team");
    let group = team["options"]
        .as_array()
        .and_then(|l| l.iter().find(|o| o["name"] == json!("match")))
        .expect("/team match");
    assert_eq!(group["type"], json!(2), "a subcommand group");

    // A member cannot create; a moderator gets the code.
    let c = team_match(
        &fake,
        red,
        ALICE,
        false,
        "create",
        vec![opt(4, "boards", json!(2))],
    );
    answered(&fake, &c, true).await;
    let c = team_match(
        &fake,
        red,
        ALICE,
        true,
        "create",
        vec![opt(4, "boards", json!(2))],
    );
    let text = answered(&fake, &c, false).await;
    let code = code_in(&text);
    let a = team_match(
        &fake,
        blue,
        BOB,
        true,
        "accept",
        vec![opt(3, "code", json!(code))],
    );
    answered(&fake, &a, false).await;
    posted(&fake, CHANNEL_ID, "Match 1: #").await;

    for (at, who) in [(red, ALICE), (red, CAROL), (blue, BOB), (blue, EVE)] {
        let j = team_match(&fake, at, who, false, "join", vec![]);
        assert!(answered(&fake, &j, false).await.contains(who.name));
    }
    // Bob plays for blue: red's channel does not take him.
    let j = team_match(&fake, red, BOB, false, "join", vec![]);
    answered(&fake, &j, true).await;

    let s = team_match(&fake, blue, BOB, true, "start", vec![]);
    answered(&fake, &s, false).await;
    // Board 1: alice (red, White) against bob; board 2: eve (blue, White)
    // against carol. Each game has a thread in each server's channel,
    // with its start in it.
    let threads: Vec<(u64, u64, String)> = fake
        .wait_for("four match threads with their starts", |v| {
            let made: Vec<(u64, u64, String)> = v
                .channels()
                .into_iter()
                .filter_map(|c| {
                    let parent = c["parent_id"].as_str()?.parse::<u64>().ok()?;
                    let id = c["id"].as_str()?.parse::<u64>().ok()?;
                    let started = v
                        .messages_in(id)
                        .iter()
                        .any(|m| content(m).contains("of match 1"));
                    started.then(|| (id, parent, c["name"].as_str().unwrap_or("").to_string()))
                })
                .collect();
            (made.len() == 4).then_some(made)
        })
        .await;
    let thread_of = |parent: u64, name: &str| {
        threads
            .iter()
            .find(|(_, p, n)| *p == parent && n == name)
            .map(|(id, _, _)| *id)
            .unwrap_or_else(|| panic!("no {name} thread in {parent}: {threads:?}"))
    };
    let alice_board = thread_of(CHANNEL_ID, "alice vs bob");
    let bob_board = thread_of(BLUE_ID, "alice vs bob");
    let carol_board = thread_of(CHANNEL_ID, "eve vs carol");
    let eve_board = thread_of(BLUE_ID, "eve vs carol");
    for (thread, parent) in [
        (alice_board, CHANNEL_ID),
        (bob_board, BLUE_ID),
        (carol_board, CHANNEL_ID),
        (eve_board, BLUE_ID),
    ] {
        let created = fake
            .calls()
            .iter()
            .filter(|c| c.method == "POST" && c.route == format!("/channels/{parent}/threads"))
            .count();
        assert_eq!(created, 2, "two threads in {parent}");
        assert!(thread != parent);
    }

    // Alice moves in her server's thread; bob sees it in his.
    let m = play(&fake, (alice_board, GUILD_ID), ALICE, "e4");
    answered(&fake, &m, false).await;
    posted(&fake, bob_board, "e4").await;
    // Bob's mistake is his alone.
    let m = play(&fake, (bob_board, GUILD_TWO), BOB, "Ke5");
    let refusal = answered(&fake, &m, true).await;
    let m = play(&fake, (bob_board, GUILD_TWO), BOB, "e5");
    answered(&fake, &m, false).await;
    posted(&fake, alice_board, "e5").await;
    // Alice's mistake is hers alone.
    let m = play(&fake, (alice_board, GUILD_ID), ALICE, "Ke3");
    let her_refusal = answered(&fake, &m, true).await;
    for (channels, secret) in [
        ([CHANNEL_ID, alice_board, carol_board], &refusal),
        ([BLUE_ID, bob_board, eve_board], &her_refusal),
    ] {
        for ch in channels {
            for m in fake.messages_in(ch) {
                assert!(!content(&m).contains(secret.as_str()), "{ch}: {m}");
            }
        }
    }
    bot.stop().await;
}
