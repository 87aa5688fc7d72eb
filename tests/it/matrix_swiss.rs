//! End to end against a real Synapse: a Swiss of four Matrix users played
//! through the Matrix adapter. Skips without a test homeserver, as
//! `matrix_e2e` does (`source .ci/synapse.sh`).
//!
//! Alice, Bob, Carol and Dave share a room with the bot; Alice creates
//! "Swiss Cup" there (`format:swiss rounds:3`, the fewest a Swiss takes),
//! all four join, Alice starts it. Round 1's pairings are posted in the
//! league's room; the bot creates a room per game, named after its
//! players, with exactly those two invited, and posts the game's start
//! there. The players play each game to its end in its room (Black resigns
//! after 1. e4 e5: a game decided before both sides moved would be a
//! forfeit, and FIDE lets forfeited pairs meet again). The last result
//! of a round pairs the next one inside that resignation, not a league
//! command: its pairings come to the league's
//! room (winners against winners in round 2) and its games get new rooms
//! at once. (Four players may run out of pairings that keep the colour
//! rules before round 3; the Swiss then ends there, which the test
//! accepts.) The league ends with its winner and the final standings with
//! their tie-break columns (and picture), and `league export format:trf`
//! uploads the tournament report as an `m.file`.

use crate::matrix_e2e::against_synapse;
use crate::matrix_leagues::{body, is, long_history, until};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, anyhow, ensure};
use chessbot::adapters::matrix::limits::RateLimit;
use chessbot::service::ManualClock;
use matrix_sdk::ruma::OwnedRoomId;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::{Client, Room};

use super::matrix_e2e::{
    BotWatch, Cast, Homeserver, PASSWORD, Timeline, download, joined, say, start_bot, wait_until,
};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(150);

const CUP: &str = "Swiss Cup";

/// The fewest rounds a Swiss takes.
const ROUNDS: usize = 3;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_pairs_its_rounds_into_matrix_rooms() {
    against_synapse("matrix_swiss", WHOLE, swiss).await;
}

/// One player: the client, their id and name, and what their client saw.
struct Player {
    client: Client,
    id: String,
    name: String,
    timeline: Timeline,
}

/// A game's room as the test found it.
struct GameRoom {
    id: OwnedRoomId,
    white: usize,
    black: usize,
}

/// The test's view: the players and the bot.
struct Swiss {
    players: Vec<Player>,
    bot: String,
}

impl Swiss {
    /// The rooms the bot invited player `i` to (not a direct room).
    fn invited_rooms(&self, i: usize) -> BTreeSet<String> {
        let p = &self.players[i];
        p.timeline
            .invites()
            .iter()
            .filter(|e| {
                e["type"] == "m.room.member"
                    && e["state_key"] == p.id.as_str()
                    && e["sender"] == self.bot.as_str()
                    && e["content"]["membership"] == "invite"
                    && e["content"]["is_direct"] != true
            })
            .filter_map(|e| e["room_id"].as_str().map(str::to_owned))
            .collect()
    }

    /// The name a room had when player `i` was invited to it.
    fn invited_name(&self, i: usize, room: &str) -> String {
        self.players[i]
            .timeline
            .invites()
            .iter()
            .find(|e| e["type"] == "m.room.name" && e["room_id"] == room)
            .and_then(|e| e["content"]["name"].as_str().map(str::to_owned))
            .unwrap_or_default()
    }

    /// Waits for each player's invite to one room more than `before`
    /// holds (a round's game room each), and checks each new room has
    /// exactly two of the players: the rooms with their players.
    async fn round_rooms(
        &self,
        round: usize,
        before: &BTreeSet<String>,
    ) -> anyhow::Result<BTreeMap<String, Vec<usize>>> {
        let fresh = |i: usize| -> BTreeSet<String> {
            self.invited_rooms(i).difference(before).cloned().collect()
        };
        wait_until(
            &format!("each player's invite to a round {round} room"),
            || (0..self.players.len()).all(|i| !fresh(i).is_empty()),
        )
        .await?;
        let mut members: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for i in 0..self.players.len() {
            let rooms = fresh(i);
            ensure!(rooms.len() == 1, "round {round}: one room each: {rooms:?}");
            for room in rooms {
                members.entry(room).or_default().push(i);
            }
        }
        ensure!(
            members.len() == 2 && members.values().all(|m| m.len() == 2),
            "round {round}: two rooms of two players: {members:?}"
        );
        for (room, who) in &members {
            let name = self.invited_name(who[0], room);
            ensure!(
                who.iter().all(|&i| name.contains(&self.players[i].name)),
                "round {round}: room {room} named {name:?}"
            );
        }
        Ok(members)
    }

    /// The players join the rooms of a round, find the game's start there
    /// (naming the Swiss, mentioning both players, its board after it) and
    /// check that only the bot and the two players are in each room.
    async fn join_round(
        &self,
        members: &BTreeMap<String, Vec<usize>>,
    ) -> anyhow::Result<Vec<GameRoom>> {
        let mut games = Vec::new();
        for (room, who) in members {
            let room_id: OwnedRoomId = room.as_str().try_into()?;
            for &i in who {
                self.players[i].client.join_room_by_id(&room_id).await?;
            }
            let mut w = self.watch(who[0], room);
            let start = w.expect("m.text", "has started").await?;
            let text = body(&start);
            ensure!(text.contains(CUP), "{start:#}");
            let side = |colour: &str| {
                who.iter()
                    .copied()
                    .find(|&i| text.contains(&format!("{} ({colour})", self.players[i].name)))
                    .ok_or_else(|| anyhow!("no {colour} player in {start:#}"))
            };
            let (white, black) = (side("white")?, side("black")?);
            let mut mentioned: Vec<&str> = start["content"]["m.mentions"]["user_ids"]
                .as_array()
                .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
                .unwrap_or_default();
            mentioned.sort_unstable();
            let mut expected = vec![
                self.players[white].id.as_str(),
                self.players[black].id.as_str(),
            ];
            expected.sort_unstable();
            ensure!(mentioned == expected, "{start:#}");
            w.expect("m.image", "+---").await?;
            // The room's members as its history shows them (to the player
            // whose client showed the start): the bot and the game's two
            // players, nobody else.
            let mut want = BTreeSet::from([self.bot.clone()]);
            want.extend(who.iter().map(|&i| self.players[i].id.clone()));
            let inside = || {
                let mut inside = BTreeSet::new();
                for e in self.players[who[0]].timeline.snapshot() {
                    if e["type"] == "m.room.member"
                        && e["room_id"] == room.as_str()
                        && matches!(e["content"]["membership"].as_str(), Some("invite" | "join"))
                    {
                        inside.insert(e["state_key"].as_str().unwrap_or_default().to_string());
                    }
                }
                inside
            };
            wait_until("the game room's members", || inside().is_superset(&want)).await?;
            let inside = inside();
            ensure!(inside == want, "room {room}: {inside:?}");
            games.push(GameRoom {
                id: room_id,
                white,
                black,
            });
        }
        Ok(games)
    }

    /// Each game of a round to its end in its room: 1. e4 e5, and Black
    /// resigns (a played game, so the pair never meets again).
    async fn play_round(&self, games: &[GameRoom]) -> anyhow::Result<()> {
        for game in games {
            let room_of = |i: usize| {
                self.players[i]
                    .client
                    .get_room(&game.id)
                    .ok_or_else(|| anyhow!("{} not in room {}", self.players[i].name, game.id))
            };
            let (white_room, black_room) = (room_of(game.white)?, room_of(game.black)?);
            let mut w = self.watch(game.white, game.id.as_str());
            until(&mut w, "the start's board", |m| is(m, "m.image", "+---")).await?;
            say(&white_room, "!chess move e4").await?;
            until(&mut w, "e4", |m| is(m, "m.text", "e4")).await?;
            say(&black_room, "!chess move e5").await?;
            until(&mut w, "e5", |m| is(m, "m.text", "e5")).await?;
            say(&black_room, "!chess resign").await?;
            let end = until(&mut w, "the resignation", |m| is(m, "m.text", "resigns")).await?;
            ensure!(
                !end.iter().any(|m| is(m, "m.notice", "")),
                "a refused command: {end:#?}"
            );
        }
        Ok(())
    }

    fn watch(&self, i: usize, room: &str) -> BotWatch {
        BotWatch {
            timeline: self.players[i].timeline.clone(),
            bot: self.bot.clone(),
            room: room.to_string(),
            seen: 0,
        }
    }
}

async fn swiss(hs: Homeserver) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let elapsed = || started.elapsed().as_secs_f64();
    let Cast {
        bot_id,
        alice_id,
        bob_id,
        alice_name,
        bob_name,
        dir: _dir,
        db,
        mut cfg,
    } = hs.cast("s").await?;
    // Four players send many commands in a few seconds.
    cfg.rate_limit = RateLimit {
        per_user: 1000,
        per_room: 1000,
        window: Duration::from_secs(1),
    };
    let carol_name = alice_name.replacen("alice", "carol", 1);
    let dave_name = alice_name.replacen("alice", "dave", 1);
    let carol_id = hs.register(&carol_name, PASSWORD).await?;
    let dave_id = hs.register(&dave_name, PASSWORD).await?;
    let clock = Arc::new(ManualClock::starting_now());
    let bot = start_bot(&cfg, &db, &clock).await?;
    let bot_s = bot_id.to_string();

    let mut players = Vec::new();
    let mut followers = Vec::new();
    for (name, id) in [
        (&alice_name, &alice_id),
        (&bob_name, &bob_id),
        (&carol_name, &carol_id),
        (&dave_name, &dave_id),
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

    // The league's room: Alice's, with the bot and the three others.
    let mut create = CreateRoom::new();
    create.invite = [&bot_id, &bob_id, &carol_id, &dave_id]
        .into_iter()
        .cloned()
        .collect();
    create.preset = Some(RoomPreset::PrivateChat);
    create.name = Some("swiss club".to_string());
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

    say(
        &rooms[0],
        &format!("!chess league create name:\"{CUP}\" format:swiss rounds:{ROUNDS} days:3"),
    )
    .await?;
    let made = watch.expect("m.text", "created the Swiss").await?;
    ensure!(
        body(&made).contains(&format!("{ROUNDS} rounds")),
        "{made:#}"
    );
    for room in &rooms {
        say(room, "!chess league join").await?;
        watch.expect("m.text", &format!("joined {CUP}")).await?;
    }
    say(&rooms[0], "!chess league start").await?;
    let head = watch.expect("m.text", "has started").await?;
    let mut pairing = body(&head).to_string();
    ensure!(
        pairing.contains(&format!("4 players, {ROUNDS} rounds"))
            && pairing.contains(&format!("round 1 of {ROUNDS}"))
            && pairing.contains("Board 1:")
            && pairing.contains("Board 2:"),
        "{head:#}"
    );
    eprintln!("matrix_swiss: started after {:.1} s", elapsed());

    let swiss = Swiss {
        players,
        bot: bot_s.clone(),
    };
    let names = |i: usize| swiss.players[i].name.as_str();

    // Each round: a room per game with its two players, the pairings'
    // boards in them; played to its end, the last result pairs the next
    // round at once (the standings, then the pairings, in the league's
    // room), whose games get new rooms.
    let mut rooms_so_far: BTreeSet<String> = BTreeSet::new();
    let mut met: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut points = [0u32; 4];
    let mut played = 0;
    for round in 1..=ROUNDS {
        let members = swiss.round_rooms(round, &rooms_so_far).await?;
        rooms_so_far.extend(members.keys().cloned());
        if round == 2 {
            // Winners meet winners.
            for who in members.values() {
                let (a, b) = (points[who[0]], points[who[1]]);
                ensure!(a == b, "round 2 pairs {who:?} with points {points:?}");
            }
        }
        let games = swiss.join_round(&members).await?;
        for g in &games {
            ensure!(
                pairing.contains(&format!(
                    "{} (white) - {} (black)",
                    names(g.white),
                    names(g.black)
                )),
                "round {round}'s pairing of {} and {}: {pairing}",
                names(g.white),
                names(g.black)
            );
            let pair = (g.white.min(g.black), g.white.max(g.black));
            ensure!(
                met.insert(pair),
                "a rematch in round {round}: {pair:?}; so far {met:?}"
            );
        }
        eprintln!(
            "matrix_swiss: round {round} in its rooms after {:.1} s",
            elapsed()
        );
        swiss.play_round(&games).await?;
        for g in &games {
            points[g.white] += 1;
        }
        played = round;
        if round == ROUNDS {
            break;
        }
        let next = format!("round {} of {ROUNDS}", round + 1);
        let no_pairing = format!("ends before round {}", round + 1);
        let seen = until(&mut watch, &next, |m| {
            is(m, "m.text", &next) || is(m, "m.text", &no_pairing)
        })
        .await?;
        let finished = format!("{} of {} games finished", 2 * round, 2 * round);
        ensure!(
            seen.iter().any(|m| is(m, "m.text", &finished)),
            "the standings after round {round}: {seen:#?}"
        );
        let last = seen.last().context("the next round")?;
        if is(last, "m.text", &no_pairing) {
            // Four players may run out of pairings that keep the colour
            // rules: the Swiss ends here, its final standings follow.
            eprintln!("matrix_swiss: no pairing for round {}", round + 1);
            watch.seen -= 1;
            break;
        }
        pairing = body(last).to_string();
        ensure!(
            pairing.contains("Board 1:") && pairing.contains("Board 2:"),
            "{pairing}"
        );
        eprintln!(
            "matrix_swiss: round {} paired after {:.1} s",
            round + 1,
            elapsed()
        );
    }

    // The end: the winner (most points), then the final standings with
    // the tie-break columns, and their picture.
    let games = 2 * played;
    let all_finished = format!("{games} of {games} games finished");
    let end = until(&mut watch, "the final standings", |m| {
        is(m, "m.text", &all_finished)
    })
    .await?;
    let top = points.iter().copied().max().unwrap_or(0);
    let over = end
        .iter()
        .find(|m| is(m, "m.text", &format!("{CUP} is over! Winner: ")))
        .with_context(|| format!("the winner named: {end:#?}"))?;
    ensure!(
        (0..4).any(|i| points[i] == top && body(over).contains(names(i))),
        "the winner has {top} points: {over:#}"
    );
    let check_table = |table: &str| -> anyhow::Result<()> {
        for (i, p) in points.iter().enumerate() {
            ensure!(
                table.contains(&format!("{}: {p} points (Buchholz Cut-1 ", names(i))),
                "{} with {p} points and tie-breaks: {table}",
                names(i)
            );
        }
        ensure!(
            table.contains(", Buchholz ") && table.contains(", SB "),
            "{table}"
        );
        Ok(())
    };
    check_table(body(end.last().context("standings")?))?;
    let picture = watch.expect("m.image", "standings.png").await?;
    ensure!(picture["content"]["info"]["mimetype"] == "image/png");
    eprintln!("matrix_swiss: over after {:.1} s", elapsed());

    // Asked at the end: the same table.
    say(&rooms[2], "!chess league standings").await?;
    let asked = watch.expect("m.text", &all_finished).await?;
    check_table(body(&asked))?;
    watch.expect("m.image", "standings.png").await?;

    // The tournament report: its text, then the TRF file.
    say(&rooms[1], "!chess league export format:trf").await?;
    watch.expect("m.text", "tournament report").await?;
    let file = watch.expect("m.file", ".trf").await?;
    let trf = download(
        &swiss.players[1].client,
        file["content"]["url"].as_str().unwrap_or_default(),
    )
    .await?;
    let trf = String::from_utf8(trf)?;
    ensure!(
        trf.lines().any(|l| l == format!("012 {CUP}"))
            && trf.lines().any(|l| l == format!("XXR {ROUNDS}")),
        "{trf}"
    );
    let entries: Vec<&str> = trf.lines().filter(|l| l.starts_with("001 ")).collect();
    ensure!(entries.len() == 4, "{trf}");
    for p in &swiss.players {
        ensure!(entries.iter().any(|l| l.contains(&p.name)), "{trf}");
    }

    // Nothing else in the league's room; the bot left every game room
    // once its game was over, and no game room got the standings.
    tokio::time::sleep(Duration::from_millis(300)).await;
    ensure!(
        watch.bot_messages().len() == watch.seen,
        "extra bot messages in the league's room: {:#?}",
        &watch.bot_messages()[watch.seen..]
    );
    for room in &rooms_so_far {
        let seen_by = |p: &Player| {
            let mut w = swiss.watch(0, room);
            w.timeline = p.timeline.clone();
            w.bot_messages()
        };
        wait_until("the bot to leave a finished game's room", || {
            swiss.players.iter().any(|p| {
                p.timeline.snapshot().iter().any(|e| {
                    e["type"] == "m.room.member"
                        && e["room_id"] == room.as_str()
                        && e["state_key"] == bot_s.as_str()
                        && e["content"]["membership"] == "leave"
                })
            })
        })
        .await?;
        ensure!(
            swiss.players.iter().all(|p| {
                !seen_by(p)
                    .iter()
                    .any(|m| body(m).contains("games finished"))
            }),
            "standings in game room {room}"
        );
    }
    eprintln!("matrix_swiss: done after {:.1} s", elapsed());
    bot.abort();
    for f in followers {
        f.abort();
    }
    Ok(())
}
