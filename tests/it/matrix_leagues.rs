//! End to end against a real Synapse: a league of three Matrix
//! users played through the Matrix adapter. Skips without a test
//! homeserver, as `matrix_e2e` does (`source .ci/synapse.sh`).
//!
//! Alice, Bob and Carol share a room with the bot; Alice creates "Spring
//! Cup" there, all three join, Alice starts it. The bot creates a room per
//! league game, named after the players, and invites exactly the game's two
//! players; the game's start (text and board) is posted there, not in the
//! league's room. The players join their rooms and play every game to its
//! end in its own room (a mate, a resignation, a draw by agreement). After
//! each game the league's room gets the standings once (1, 2, 3 of 3
//! finished; none in a game room); after the last, the winner and the final
//! standings with the table picture (a PNG upload); `league standings`
//! asked at the end shows the same table with its picture.

use crate::matrix_e2e::against_synapse;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, anyhow, bail, ensure};
use chessbot::adapters::matrix::limits::RateLimit;
use chessbot::service::ManualClock;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::{OwnedRoomId, UInt};
use matrix_sdk::{Client, Room};
use serde_json::Value;

use super::matrix_e2e::{
    BotWatch, Cast, Homeserver, PASSWORD, Timeline, download, joined, say, start_bot, wait_until,
};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(180);

/// Sync settings whose timeline shows a room's whole (short) history when
/// it is joined late: the bot posts a league game's start before its
/// players join the room.
pub(crate) fn long_history() -> SyncSettings {
    let mut def = FilterDefinition::default();
    def.room.timeline.limit = Some(UInt::from(200u32));
    SyncSettings::default().filter(Filter::FilterDefinition(def))
}

/// The bot's next messages up to the first one `done` accepts (included);
/// fails after `matrix_e2e::STEP` without one.
pub(crate) async fn until(
    watch: &mut BotWatch,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> anyhow::Result<Vec<Value>> {
    let mut seen = Vec::new();
    loop {
        let m = watch
            .next()
            .await
            .with_context(|| format!("waiting for {what}"))?;
        let last = done(&m);
        seen.push(m);
        if last {
            return Ok(seen);
        }
    }
}

pub(crate) fn body(m: &Value) -> &str {
    m["content"]["body"].as_str().unwrap_or_default()
}

/// A message of this msgtype whose body contains `needle`.
pub(crate) fn is(m: &Value, msgtype: &str, needle: &str) -> bool {
    m["content"]["msgtype"] == msgtype && body(m).contains(needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_played_in_matrix_rooms() {
    against_synapse("matrix_leagues", WHOLE, league).await;
}

/// One player: the client, their id and name, and what their client saw.
struct Player {
    client: Client,
    id: String,
    name: String,
    timeline: Timeline,
}

/// A league game's room as the test found it.
struct GameRoom {
    id: OwnedRoomId,
    white: usize,
    black: usize,
}

async fn league(hs: Homeserver) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let Cast {
        bot_id,
        alice_id,
        bob_id,
        alice_name,
        bob_name,
        dir: _dir,
        db,
        mut cfg,
    } = hs.cast("l").await?;
    // A league's players send many commands in a few seconds.
    cfg.rate_limit = RateLimit {
        per_user: 1000,
        per_room: 1000,
        window: Duration::from_secs(1),
    };
    let carol_name = alice_name.replacen("alice", "carol", 1);
    let carol_id = hs.register(&carol_name, PASSWORD).await?;
    let clock = Arc::new(ManualClock::starting_now());
    let bot = start_bot(&cfg, &db, &clock).await?;
    let bot_s = bot_id.to_string();

    let mut players = Vec::new();
    let mut followers = Vec::new();
    for (name, id) in [
        (&alice_name, &alice_id),
        (&bob_name, &bob_id),
        (&carol_name, &carol_id),
    ] {
        let client = hs.player(name, PASSWORD).await?;
        let timeline = Timeline::default();
        followers.push(timeline.follow_with(client.clone(), long_history()));
        players.push(Player {
            client,
            id: id.to_string(),
            name: name.clone(),
            timeline,
        });
    }

    // The league's room: Alice's, with the bot, Bob and Carol.
    let mut create = CreateRoom::new();
    create.invite = vec![bot_id.clone(), bob_id.clone(), carol_id.clone()];
    create.preset = Some(RoomPreset::PrivateChat);
    create.name = Some("chess club".to_string());
    let league_room = players[0].client.create_room(create).await?;
    let league_id = league_room.room_id().to_owned();
    let mut rooms: Vec<Room> = vec![league_room];
    for p in &players[1..] {
        p.client.join_room_by_id(&league_id).await?;
        rooms.push(
            p.client
                .get_room(&league_id)
                .ok_or_else(|| anyhow!("{} has no league room", p.name))?,
        );
    }
    wait_until("the bot to join the league's room", || {
        joined(&players[0].timeline, league_id.as_str(), &bot_s)
    })
    .await?;
    let mut watch = BotWatch {
        timeline: players[0].timeline.clone(),
        bot: bot_s.clone(),
        room: league_id.to_string(),
        seen: 0,
    };

    say(&rooms[0], "!chess league create name:\"Spring Cup\" days:3").await?;
    watch.expect("m.text", "Spring Cup").await?;
    for room in &rooms {
        say(room, "!chess league join").await?;
        watch.expect("m.text", "joined Spring Cup").await?;
    }
    // Only the creator (or a moderator) starts it; Bob is neither.
    say(&rooms[1], "!chess league start").await?;
    watch.expect("m.notice", "").await?;
    say(&rooms[0], "!chess league start").await?;
    let head = watch.expect("m.text", "has started").await?;
    for n in 1..=3 {
        ensure!(body(&head).contains(&format!("Game {n}:")), "{head:#}");
    }
    eprintln!(
        "matrix_leagues: started after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // Every player is invited by the bot to two rooms (their two games),
    // and each room has exactly its two players invited.
    let invited_rooms = |p: &Player| -> BTreeSet<String> {
        p.timeline
            .invites()
            .iter()
            .filter(|e| {
                e["type"] == "m.room.member"
                    && e["state_key"] == p.id.as_str()
                    && e["sender"] == bot_s.as_str()
                    && e["content"]["membership"] == "invite"
                    // Not the direct room of a private answer.
                    && e["content"]["is_direct"] != true
            })
            .filter_map(|e| e["room_id"].as_str().map(str::to_owned))
            .collect()
    };
    wait_until("each player's invites to their two game rooms", || {
        players.iter().all(|p| invited_rooms(p).len() == 2)
    })
    .await?;
    let mut members: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, p) in players.iter().enumerate() {
        for room in invited_rooms(p) {
            members.entry(room).or_default().push(i);
        }
    }
    ensure!(members.len() == 3, "three game rooms: {members:?}");
    ensure!(
        members.values().all(|m| m.len() == 2),
        "two players per game room: {members:?}"
    );
    ensure!(!members.contains_key(league_id.as_str()));

    // The players join their rooms and find the game's start there.
    let mut games = Vec::new();
    for (room, who) in &members {
        let room_id: OwnedRoomId = room.as_str().try_into()?;
        for &i in who {
            players[i].client.join_room_by_id(&room_id).await?;
        }
        let mut w = BotWatch {
            timeline: players[who[0]].timeline.clone(),
            bot: bot_s.clone(),
            room: room.clone(),
            seen: 0,
        };
        let start = w.expect("m.text", "has started").await?;
        let text = body(&start);
        ensure!(text.contains("Spring Cup"), "{start:#}");
        let white = who
            .iter()
            .copied()
            .find(|&i| text.contains(&format!("{} (white)", players[i].name)))
            .ok_or_else(|| anyhow!("no white player in {start:#}"))?;
        let black = who
            .iter()
            .copied()
            .find(|&i| text.contains(&format!("{} (black)", players[i].name)))
            .ok_or_else(|| anyhow!("no black player in {start:#}"))?;
        let mut mentioned: Vec<String> = start["content"]["m.mentions"]["user_ids"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        mentioned.sort();
        let mut expected = vec![players[white].id.clone(), players[black].id.clone()];
        expected.sort();
        ensure!(mentioned == expected, "{start:#}");
        w.expect("m.image", "+---").await?;
        games.push(GameRoom {
            id: room_id,
            white,
            black,
        });
    }
    eprintln!(
        "matrix_leagues: in the game rooms after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // The three games, each to its end in its room: Black mates, White
    // wins by resignation, a draw by agreement. Expected points by player,
    // in half points.
    let mut halves = [0i64; 3];
    let plans: [(&[(bool, &str)], &str); 3] = [
        (
            &[
                (true, "move f3"),
                (false, "move e5"),
                (true, "move g4"),
                (false, "move Qh4#"),
            ],
            "Checkmate",
        ),
        (&[(true, "move e4"), (false, "resign")], "resigns"),
        (
            &[
                (true, "move d4"),
                (false, "move d5"),
                (true, "draw"),
                (false, "draw"),
            ],
            "Draw by agreement",
        ),
    ];
    for (n, (game, (plan, end))) in games.iter().zip(plans).enumerate() {
        let room_of = |i: usize| {
            players[i]
                .client
                .get_room(&game.id)
                .ok_or_else(|| anyhow!("{} not in game room {}", players[i].name, game.id))
        };
        let (white_room, black_room) = (room_of(game.white)?, room_of(game.black)?);
        let mut w = BotWatch {
            timeline: players[game.white].timeline.clone(),
            bot: bot_s.clone(),
            room: game.id.to_string(),
            seen: 0,
        };
        // Past the start and its board.
        until(&mut w, "the start's board", |m| is(m, "m.image", "+---")).await?;
        for (by_white, command) in plan {
            let room = if *by_white { &white_room } else { &black_room };
            say(room, &format!("!chess {command}")).await?;
            if let Some(san) = command.strip_prefix("move ") {
                until(&mut w, san, |m| is(m, "m.text", san)).await?;
            }
        }
        let end_message = until(&mut w, end, |m| is(m, "m.text", end)).await?;
        ensure!(
            !end_message.iter().any(|m| is(m, "m.notice", "")),
            "a refused command in game {n}: {end_message:#?}"
        );
        match n {
            0 => halves[game.black] += 2,
            1 => halves[game.white] += 2,
            _ => {
                halves[game.white] += 1;
                halves[game.black] += 1;
            }
        }
        // The league's room gets the standings once, with this game counted.
        let standings = until(&mut watch, "the standings", |m| {
            is(m, "m.text", "games finished")
        })
        .await?;
        let table = standings.last().context("standings")?;
        ensure!(
            body(table).contains(&format!("{} of 3 games finished", n + 1)),
            "{table:#}"
        );
        if n == 2 {
            ensure!(
                standings
                    .iter()
                    .any(|m| is(m, "m.text", "Spring Cup is over! Winner:")),
                "the winner named: {standings:#?}"
            );
            let picture = watch.expect("m.image", "standings.png").await?;
            ensure!(picture["content"]["info"]["mimetype"] == "image/png");
            let png = download(
                &players[0].client,
                picture["content"]["url"].as_str().unwrap_or_default(),
            )
            .await?;
            ensure!(png.starts_with(b"\x89PNG"), "the standings picture");
        }
        for (i, p) in players.iter().enumerate() {
            let points = match halves[i] {
                0 => "0".to_string(),
                1 => "½".to_string(),
                h if h % 2 == 0 => (h / 2).to_string(),
                h => format!("{}½", h / 2),
            };
            let word = if points == "1" { "point" } else { "points" };
            ensure!(
                body(table).contains(&format!("{}: {points} {word}", p.name)),
                "{} with {points} points: {table:#}",
                p.name
            );
        }
        eprintln!(
            "matrix_leagues: game {} over after {:.1} s",
            n + 1,
            started.elapsed().as_secs_f64()
        );
    }

    // Asked at the end: the final table again, text and picture.
    say(&rooms[1], "!chess league standings").await?;
    watch.expect("m.text", "3 of 3 games finished").await?;
    watch.expect("m.image", "standings.png").await?;

    // Every game room's summary has been posted (its PGN last), and the
    // standings went to the league's room only, once per game (and once
    // when asked).
    for game in &games {
        let mut w = BotWatch {
            timeline: players[game.white].timeline.clone(),
            bot: bot_s.clone(),
            room: game.id.to_string(),
            seen: 0,
        };
        until(&mut w, "the game's PGN", |m| {
            m["content"]["msgtype"] == "m.file"
        })
        .await?;
        ensure!(
            !w.bot_messages()
                .iter()
                .any(|m| body(m).contains("games finished")),
            "standings in a game room"
        );
        ensure!(joined(
            &players[game.black].timeline,
            game.id.as_str(),
            &bot_s
        ));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let all = watch.bot_messages();
    ensure!(
        all.len() == watch.seen,
        "extra bot messages in the league's room"
    );
    let counts: Vec<&str> = all
        .iter()
        .filter(|m| is(m, "m.text", "games finished"))
        .map(body)
        .collect();
    ensure!(counts.len() == 4, "standings posted {counts:#?}");
    for (i, n) in [1, 2, 3, 3].iter().enumerate() {
        ensure!(
            counts[i].contains(&format!("{n} of 3 games finished")),
            "{counts:#?}"
        );
    }
    let winners = all
        .iter()
        .filter(|m| is(m, "m.text", "is over! Winner"))
        .count();
    if winners != 1 {
        bail!("the league ended {winners} times");
    }
    bot.abort();
    for f in followers {
        f.abort();
    }
    Ok(())
}
