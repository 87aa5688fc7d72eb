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

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use anyhow::{Context as _, ensure};

use super::matrix_e2e::{
    Club, GameRoom, Homeserver, Player, against_synapse, body, download, is, say, until, wait_until,
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

/// Waits for each player's invite to one room more than `before` holds (a
/// round's game room each), and checks each new room has exactly two of
/// the players: the rooms with their players.
async fn round_rooms(
    club: &Club,
    round: usize,
    before: &BTreeSet<String>,
) -> anyhow::Result<BTreeMap<String, Vec<usize>>> {
    let fresh = |i: usize| -> BTreeSet<String> {
        club.invited_rooms(i).difference(before).cloned().collect()
    };
    wait_until(
        &format!("each player's invite to a round {round} room"),
        || (0..club.players.len()).all(|i| !fresh(i).is_empty()),
    )
    .await?;
    let mut members: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for i in 0..club.players.len() {
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
        let name = invited_name(&club.players[who[0]], room);
        ensure!(
            who.iter().all(|&i| name.contains(&club.players[i].name)),
            "round {round}: room {room} named {name:?}"
        );
    }
    Ok(members)
}

/// The name a room had when `player` was invited to it.
fn invited_name(player: &Player, room: &str) -> String {
    player
        .timeline
        .invites()
        .iter()
        .find(|e| e["type"] == "m.room.name" && e["room_id"] == room)
        .and_then(|e| e["content"]["name"].as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The players join the rooms of a round and find the game's start there,
/// and only the bot and the two players are in each room.
async fn join_round(
    club: &Club,
    members: &BTreeMap<String, Vec<usize>>,
) -> anyhow::Result<Vec<GameRoom>> {
    let mut games = Vec::new();
    for (room, who) in members {
        games.push(club.join_game(room, who, CUP).await?);
        // The room's members as its history shows them (to the player
        // whose client showed the start): the bot and the game's two
        // players, nobody else.
        let mut want = BTreeSet::from([club.bot.clone()]);
        want.extend(who.iter().map(|&i| club.players[i].id.clone()));
        let inside = || {
            let mut inside = BTreeSet::new();
            for e in club.players[who[0]].timeline.snapshot() {
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
    }
    Ok(games)
}

/// Each game of a round to its end in its room: 1. e4 e5, and Black
/// resigns (a played game, so the pair never meets again).
async fn play_round(club: &Club, games: &[GameRoom]) -> anyhow::Result<()> {
    let plan = [(true, "move e4"), (false, "move e5"), (false, "resign")];
    for game in games {
        club.play_game(game, &plan, "resigns").await?;
    }
    Ok(())
}

async fn swiss(hs: Homeserver) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let elapsed = || started.elapsed().as_secs_f64();
    let swiss = Club::open(&hs, "s", &["carol", "dave"]).await?;
    let bot_s = swiss.bot.clone();

    // The league's room: Alice's, with the bot and the three others.
    let (rooms, mut watch) = swiss.common_room("swiss club").await?;
    let made = swiss
        .create_league(
            &rooms,
            &mut watch,
            &format!("!chess league create name:\"{CUP}\" format:swiss rounds:{ROUNDS} days:3"),
            CUP,
        )
        .await?;
    ensure!(
        body(&made).contains("created the Swiss")
            && body(&made).contains(&format!("{ROUNDS} rounds")),
        "{made:#}"
    );
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
        let members = round_rooms(&swiss, round, &rooms_so_far).await?;
        rooms_so_far.extend(members.keys().cloned());
        if round == 2 {
            // Winners meet winners.
            for who in members.values() {
                let (a, b) = (points[who[0]], points[who[1]]);
                ensure!(a == b, "round 2 pairs {who:?} with points {points:?}");
            }
        }
        let games = join_round(&swiss, &members).await?;
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
        play_round(&swiss, &games).await?;
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
                table.contains(&format!(
                    "{}: {p} {} (Buchholz Cut-1 ",
                    names(i),
                    if *p == 1 { "point" } else { "points" }
                )),
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
    Ok(())
}
