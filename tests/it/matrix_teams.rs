//! End to end against a real Synapse (skips without one, as `matrix_e2e`
//! does): two Matrix rooms play a vote game ("team" game) through the
//! Matrix adapter.
//!
//! Room Red (Alice, its creator and so a moderator, and Carol) and room
//! Blue (Bob, its creator, and Dave; Carol is there too) each share the
//! bot. Bob names Blue's members (Bob and Dave). Alice's `!team challenge`
//! answers a code; Dave, no moderator, cannot give it; Bob does, and the
//! game starts in both rooms, each board from its own side. Red (White)
//! votes 1.f3 in a tie (Carol's f3 before Alice's e4) that Alice closes
//! with `!team close` (Carol may not); Blue votes 1...e5 with a changed
//! vote (Bob's d5, then e5) while Carol, who voted for Red, is refused; the
//! vote closes once both named members voted. Red asks for its tally and
//! plays 2.g4, Blue mates with 2...Qh4#. Each vote is answered in the
//! voter's direct room with the bot (the room only says an answer went
//! there); each room sees every move, the mate and the summary's PGN; a
//! vote's close and the tally stay in their own room, and the other room
//! never gets a message about the other side's votes.

use std::time::{Duration, Instant};

use anyhow::{Context as _, anyhow, ensure};
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::{OwnedRoomId, OwnedUserId};
use matrix_sdk::{Client, Room};
use serde_json::Value;

use crate::matrix_e2e::{
    BotWatch, Club, Homeserver, Timeline, against_synapse, body, direct_room_with_bot, in_reply_to,
    is, joined, say, until, wait_until,
};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(120);

/// What a room is told when an answer went to the direct room.
const PRIVATELY: &str = "direct message";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_matrix_rooms_play_a_vote_game() {
    against_synapse("matrix_teams", WHOLE, vote_game).await;
}

/// A room (as its creator's client has it) with the bot and `others`
/// invited, and the others joined.
async fn team_room(
    creator: &Client,
    name: &str,
    bot: &OwnedUserId,
    others: &[&Client],
) -> anyhow::Result<OwnedRoomId> {
    let mut create = CreateRoom::new();
    create.invite = vec![bot.clone()];
    for c in others {
        create
            .invite
            .push(c.user_id().context("not logged in")?.to_owned());
    }
    create.preset = Some(RoomPreset::PrivateChat);
    create.name = Some(name.to_string());
    let room = creator.create_room(create).await?;
    let id = room.room_id().to_owned();
    for c in others {
        c.join_room_by_id(&id).await?;
    }
    Ok(id)
}

fn room_of(client: &Client, id: &OwnedRoomId) -> anyhow::Result<Room> {
    client
        .get_room(id)
        .ok_or_else(|| anyhow!("{:?} is not in {id}", client.user_id()))
}

/// Sends `command` in `room` and waits for the notice (replying to it)
/// saying its answer went to the sender's direct room.
async fn privately(room: &Room, watch: &mut BotWatch, command: &str) -> anyhow::Result<()> {
    let asked = say(room, command).await?;
    let m = watch.expect("m.notice", PRIVATELY).await?;
    ensure!(in_reply_to(&m) == Some(asked.as_str()), "{command}: {m:#}");
    Ok(())
}

/// The bot's next messages in `watch`'s room up to a move's board: they
/// must hold the move (`played ... san`); the board's text is returned.
async fn moved(watch: &mut BotWatch, san: &str) -> anyhow::Result<String> {
    let seen = until(watch, &format!("the board after {san}"), |m| {
        is(m, "m.image", "+---")
    })
    .await?;
    ensure!(
        seen.iter()
            .any(|m| is(m, "m.text", "played") && body(m).contains(san)),
        "no {san} in {:#?}",
        seen.iter().map(body).collect::<Vec<_>>()
    );
    Ok(seen.last().map(body).unwrap_or_default().to_string())
}

/// The second line of a text board: its top rank, `8 |` from White's
/// side, `1 |` from Black's.
fn top_rank(board: &str) -> &str {
    board
        .lines()
        .nth(1)
        .unwrap_or_default()
        .get(..3)
        .unwrap_or_default()
}

async fn vote_game(hs: Homeserver) -> anyhow::Result<()> {
    let started = Instant::now();
    let lap = |what: &str| {
        eprintln!(
            "matrix_teams: {what} after {:.1} s",
            started.elapsed().as_secs_f64()
        );
    };
    let club = Club::open(&hs, "t", &["carol", "dave"]).await?;
    let (bot_id, bot_s) = (club.bot_id.clone(), club.bot.clone());
    let name = |i: usize| club.players[i].name.clone();
    let (bob_name, dave_name) = (name(1), name(3));
    let dave_id = &club.players[3].id;
    let timelines: Vec<&Timeline> = club.players.iter().map(|p| &p.timeline).collect();
    let [alice, bob, carol, dave] = [0, 1, 2, 3].map(|i| &club.players[i].client);

    // Red: Alice's room with Carol; Blue: Bob's with Dave, and Carol too.
    let red_id = team_room(alice, "Red", &bot_id, &[carol]).await?;
    let blue_id = team_room(bob, "Blue", &bot_id, &[dave, carol]).await?;
    let (red_alice, red_carol) = (room_of(alice, &red_id)?, room_of(carol, &red_id)?);
    let (blue_bob, blue_dave, blue_carol) = (
        room_of(bob, &blue_id)?,
        room_of(dave, &blue_id)?,
        room_of(carol, &blue_id)?,
    );
    wait_until("the bot to join both rooms", || {
        joined(timelines[0], red_id.as_str(), &bot_s)
            && joined(timelines[1], blue_id.as_str(), &bot_s)
    })
    .await?;
    // The bot's messages in Red as Alice sees them, in Blue as Bob does.
    let mut red = BotWatch {
        timeline: timelines[0].clone(),
        bot: bot_s.clone(),
        room: red_id.to_string(),
        seen: 0,
    };
    let mut blue = BotWatch {
        timeline: timelines[1].clone(),
        bot: bot_s.clone(),
        room: blue_id.to_string(),
        seen: 0,
    };
    lap("rooms ready");

    // Bob names Blue's members: Bob and Dave, by their display names.
    say(
        &blue_bob,
        &format!(
            "!team members add {} {}",
            bob.user_id().context("bob")?,
            dave_id
        ),
    )
    .await?;
    let named = blue.expect("m.text", "Named members").await?;
    for name in [&bob_name, &dave_name] {
        ensure!(body(&named).contains(name.as_str()), "{named:#}");
        // Resolved to the user, not left as the typed id.
        ensure!(!body(&named).contains(&format!("{name}:")), "{named:#}");
    }

    // Red challenges another room by a code, as White.
    say(&red_alice, "!team challenge white days:1").await?;
    let posted = red.expect("m.text", "Code: ").await?;
    let code: String = body(&posted)
        .split("Code: ")
        .nth(1)
        .unwrap_or_default()
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    ensure!(code.len() == 8, "{posted:#}");
    // The team is shown by its room's name, not by the room's id.
    ensure!(body(&posted).contains("Team Red challenges"), "{posted:#}");
    // Only a moderator gives a code: not Dave (power level 0); Bob, who
    // created Blue, does, and the game starts in both rooms.
    privately(&blue_dave, &mut blue, &format!("!team accept code:{code}")).await?;
    say(&blue_bob, &format!("!team accept code:{code}")).await?;
    for (watch, top) in [(&mut red, "8 |"), (&mut blue, "1 |")] {
        let seen = until(watch, "the start's board", |m| is(m, "m.image", "+---")).await?;
        ensure!(
            seen.iter().any(|m| is(m, "m.text", "Game #1 starts")),
            "{seen:#?}"
        );
        let board = seen.last().map(body).unwrap_or_default();
        ensure!(top_rank(board) == top, "{} board: {board}", watch.room);
    }
    lap("game started");

    // 1. f3: Carol's f3 and Alice's e4 tie, the first standing vote wins.
    // Carol's answers come in her direct room with the bot.
    privately(&red_carol, &mut red, "!chess move f3").await?;
    let mut carol_dm = direct_room_with_bot(carol, timelines[2], &bot_s).await?;
    carol_dm
        .expect("m.notice", "Your vote: f3 (1 vote so far;")
        .await?;
    privately(&red_alice, &mut red, "!chess move e4").await?;
    // Only moderators close a vote: not Carol.
    privately(&red_carol, &mut red, "!team close").await?;
    carol_dm.expect("m.notice", "moderators").await?;
    say(&red_alice, "!team close").await?;
    let closed = red.expect("m.text", "the vote is closed").await?;
    ensure!(
        body(&closed).contains("Red: the vote is closed, f3 is played. Votes: f3 1, e4 1."),
        "{closed:#}"
    );
    for watch in [&mut red, &mut blue] {
        moved(watch, "f3").await?;
    }
    lap("1. f3");

    // 1... e5: Bob changes his vote; Carol voted for Red and is refused;
    // once Dave votes, both named members have and the vote closes.
    privately(&blue_bob, &mut blue, "!chess move d5").await?;
    let mut bob_dm = direct_room_with_bot(bob, timelines[1], &bot_s).await?;
    bob_dm
        .expect("m.notice", "Your vote: d5 (1 vote so far;")
        .await?;
    privately(&blue_carol, &mut blue, "!chess move e5").await?;
    carol_dm
        .expect("m.notice", "a person votes for one side of a game only")
        .await?;
    privately(&blue_bob, &mut blue, "!chess move e5").await?;
    bob_dm
        .expect("m.notice", "Your vote: e5 (1 vote so far;")
        .await?;
    privately(&blue_dave, &mut blue, "!chess move e5").await?;
    let closed = blue.expect("m.text", "the vote is closed").await?;
    ensure!(
        body(&closed).contains("e5 is played. Votes: e5 2."),
        "{closed:#}"
    );
    for watch in [&mut red, &mut blue] {
        moved(watch, "e5").await?;
    }
    lap("1... e5");

    // 2. g4: both vote it; the tally asked in Red stays there.
    privately(&red_alice, &mut red, "!chess move g4").await?;
    privately(&red_carol, &mut red, "!chess move g4").await?;
    carol_dm
        .expect("m.notice", "Your vote: g4 (2 votes so far;")
        .await?;
    say(&red_alice, "!team votes").await?;
    let tally = red.expect("m.text", "Votes of").await?;
    ensure!(body(&tally).contains("g4 2 (2 of 2 voted)"), "{tally:#}");
    say(&red_alice, "!team close").await?;
    red.expect("m.text", "g4 is played. Votes: g4 2.").await?;
    for watch in [&mut red, &mut blue] {
        moved(watch, "g4").await?;
    }
    lap("2. g4");

    // 2... Qh4#: mate, announced in both rooms, boards from each side.
    privately(&blue_bob, &mut blue, "!chess move Qh4#").await?;
    privately(&blue_dave, &mut blue, "!chess move Qh4#").await?;
    blue.expect("m.text", "Qh4# is played. Votes: Qh4# 2.")
        .await?;
    for (watch, rank4) in [
        (&mut red, "4 | . . . . . . P q |"),
        (&mut blue, "4 | q P . . . . . . |"),
    ] {
        let board = moved(watch, "Qh4#").await?;
        ensure!(board.contains(rank4), "{} board: {board}", watch.room);
        // The end, then the summary with its PGN.
        let rest = until(watch, "the game's PGN", |m| {
            m["content"]["msgtype"] == "m.file"
        })
        .await?;
        ensure!(
            rest.iter().any(|m| is(m, "m.text", "Checkmate"))
                || watch
                    .bot_messages()
                    .iter()
                    .any(|m| is(m, "m.text", "Checkmate")),
            "no mate in {}: {:#?}",
            watch.room,
            rest.iter().map(body).collect::<Vec<_>>()
        );
    }
    lap("mate");

    // What each room got: its own votes' closes and tallies only, the
    // other side's moves as moves, and no answer to any vote (those went
    // to the direct rooms; the rooms got notices saying so).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let check =
        |watch: &BotWatch, own: &[&str], other: &[&str], tallies: usize| -> anyhow::Result<()> {
            let all: Vec<Value> = watch.bot_messages();
            let bodies: Vec<&str> = all.iter().map(body).collect();
            let closes: Vec<&str> = bodies
                .iter()
                .copied()
                .filter(|b| b.contains("the vote is closed"))
                .collect();
            ensure!(closes.len() == own.len(), "{}: {closes:#?}", watch.room);
            for (b, san) in closes.iter().zip(own) {
                ensure!(b.contains(&format!("{san} is played")), "{b}");
            }
            for san in own.iter().chain(other) {
                ensure!(
                    bodies
                        .iter()
                        .any(|b| b.contains("played") && b.contains(san) && !b.contains("vote")),
                    "{}: no move {san} in {bodies:#?}",
                    watch.room
                );
            }
            // Tallies ("Votes: ..." in a close, "Votes of ..." asked): this
            // room's own only.
            let counted = bodies
                .iter()
                .filter(|b| b.contains("Votes: ") || b.contains("Votes of "))
                .count();
            ensure!(
                counted == own.len() + tallies,
                "{}: {bodies:#?}",
                watch.room
            );
            for m in &all {
                let b = body(m);
                ensure!(
                    !b.contains("Your vote") && !b.contains("a person votes for one side"),
                    "{}: a private answer posted: {b}",
                    watch.room
                );
                if m["content"]["msgtype"] == "m.notice" {
                    ensure!(b.contains(PRIVATELY), "{}: notice {b}", watch.room);
                }
                for san in other {
                    ensure!(
                        !b.contains(&format!("Votes: {san}")),
                        "{}: the other side's tally: {b}",
                        watch.room
                    );
                }
            }
            Ok(())
        };
    check(&red, &["f3", "g4"], &["e5", "Qh4#"], 1)?;
    check(&blue, &["e5", "Qh4#"], &["f3", "g4"], 0)?;
    // Blue as Carol sees it: the same (her client also reads Red).
    let tally_in_blue = timelines[2].snapshot().into_iter().any(|e| {
        e["room_id"] == blue_id.as_str()
            && e["sender"] == bot_s.as_str()
            && body(&e).contains("Votes of")
    });
    ensure!(!tally_in_blue, "Red's tally in Blue");
    lap("checked");
    Ok(())
}
