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

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{Context as _, bail, ensure};

use super::matrix_e2e::{
    Club, Homeserver, against_synapse, body, download, is, joined, say, until, wait_until,
};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(180);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_league_played_in_matrix_rooms() {
    against_synapse("matrix_leagues", WHOLE, league).await;
}

async fn league(hs: Homeserver) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let club = Club::open(&hs, "l", &["carol"]).await?;
    let players = &club.players;

    // The league's room: Alice's, with the bot, Bob and Carol.
    let (rooms, mut watch) = club.common_room("chess club").await?;
    club.create_league(
        &rooms,
        &mut watch,
        "!chess league create name:\"Spring Cup\" days:3",
        "Spring Cup",
    )
    .await?;
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
    wait_until("each player's invites to their two game rooms", || {
        (0..players.len()).all(|i| club.invited_rooms(i).len() == 2)
    })
    .await?;
    let mut members: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for i in 0..players.len() {
        for room in club.invited_rooms(i) {
            members.entry(room).or_default().push(i);
        }
    }
    ensure!(members.len() == 3, "three game rooms: {members:?}");
    ensure!(
        members.values().all(|m| m.len() == 2),
        "two players per game room: {members:?}"
    );
    ensure!(!members.contains_key(&watch.room));

    // The players join their rooms and find the game's start there.
    let mut games = Vec::new();
    for (room, who) in &members {
        games.push(club.join_game(room, who, "Spring Cup").await?);
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
        club.play_game(game, plan, end).await?;
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
        let mut w = club.watch(game.white, game.id.as_str());
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
            &club.bot
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
    Ok(())
}
