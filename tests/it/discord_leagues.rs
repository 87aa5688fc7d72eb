//! Leagues and Chess960 on the fake Discord, through serenity and poise:
//! a Chess960 league of three created, joined and
//! started with the `league` subcommand group; each game opens its own
//! thread named after its players and starts there from its own 960
//! position; the games are played (moves typed in the threads) and
//! resigned; the standings come as text after every result and at the
//! end, `league standings` answers with the table picture, and the
//! results count in the Chess960 rating pool only.

use std::sync::Arc;

use chessbot::service::ManualClock;
use serde_json::{Value, json};

use crate::discord_e2e::{
    ALICE, BOB, CAROL, TOKEN, answer, connect, content, first_message, flags, group,
    league_create_form, moves_then_resign, named, opt, threads_since,
};
use crate::support::fake_discord::{CHANNEL_ID, EPHEMERAL, FakeDiscord, Who};

const PLAYERS: [Who; 3] = [ALICE, BOB, CAROL];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_league_plays_each_game_in_its_own_thread_with_standings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/league.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    // The `league create` form has the Chess960 option.
    let create = league_create_form(&registered);
    assert!(
        create["options"].to_string().contains("\"chess960\""),
        "{create}"
    );

    // Created, joined by three, started by its creator.
    let made = group(
        &fake,
        CHANNEL_ID,
        ALICE,
        "league",
        "create",
        vec![
            opt(3, "name", json!("Winter 960")),
            opt(5, "chess960", json!(true)),
        ],
    );
    let made = answer(&fake, &made).await;
    assert_eq!(flags(&made) & EPHEMERAL, 0, "{made}");
    assert!(content(&made).contains("Chess960"), "{made}");
    for who in PLAYERS {
        let j = group(&fake, CHANNEL_ID, who, "league", "join", vec![]);
        let j = answer(&fake, &j).await;
        assert_eq!(flags(&j) & EPHEMERAL, 0, "{j}");
    }
    let since = fake.mark();
    let start = group(&fake, CHANNEL_ID, ALICE, "league", "start", vec![]);
    let head = answer(&fake, &start).await;
    assert!(content(&head).contains("Winter 960"), "{head}");

    // Three games, three threads named after their players, each game's
    // start (with its 960 position and board) in its own thread.
    let threads: Vec<(u64, String)> = fake
        .wait_for("three league threads with their starts", |v| {
            let made = threads_since(v, since, &PLAYERS);
            (made.len() == 3).then_some(made)
        })
        .await
        .into_iter()
        .map(|id| {
            let ch = fake.channel(id).expect("the thread");
            assert_eq!(ch["parent_id"], json!(CHANNEL_ID.to_string()), "{ch}");
            (id, ch["name"].as_str().unwrap_or_default().to_string())
        })
        .collect();
    let created = fake
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.route == format!("/channels/{CHANNEL_ID}/threads"))
        .count();
    assert_eq!(created, 3);
    let mut names: Vec<&str> = threads.iter().map(|(_, n)| n.as_str()).collect();
    names.sort_unstable();
    assert_eq!(names, ["alice vs bob", "bob vs carol", "carol vs alice"]);
    for (thread, name) in &threads {
        let first = first_message(&fake, *thread, "a league game's start in its thread").await;
        let text = content(&first);
        assert!(text.contains("Chess960, start position"), "{name}: {text}");
        assert!(text.contains("Winter 960"), "{name}: {text}");
        assert_eq!(first["attachments"][0]["filename"], json!("board.png"));
    }
    assert!(
        fake.messages_in(CHANNEL_ID)
            .iter()
            .all(|m| !content(m).contains("Chess960, start position")),
        "no game starts in the league's channel"
    );

    // Each game: White and Black push their e-pawns (legal in every 960
    // start), then Black resigns: everyone wins once and loses once.
    let mut done = 0;
    for (thread, name) in &threads {
        let (white, black) = name.split_once(" vs ").expect("a vs b");
        let (white, black) = (named(&PLAYERS, white), named(&PLAYERS, black));
        let moves = [(white, "e4"), (black, "e5")];
        moves_then_resign(&fake, *thread, name, &moves, black).await;
        // The standings follow each result, in the league's channel.
        let n = done + 1;
        fake.wait_for("the standings after a result", |v| {
            v.messages_in(CHANNEL_ID)
                .iter()
                .any(|m| content(m).contains(&format!("{n} of 3 games finished")))
                .then_some(())
        })
        .await;
        done = n;
    }
    // The league is over: final standings and a winner
    // (all on one point: ties broken as docs/RULES.md says).
    fake.wait_for("the final standings", |v| {
        v.messages_in(CHANNEL_ID)
            .into_iter()
            .rev()
            .find(|m| content(m).contains("Winner"))
            .map(|_| ())
    })
    .await;
    // `league standings` answers with the table and its picture (the
    // adapter attaches it as the message's image).
    let s = group(&fake, CHANNEL_ID, BOB, "league", "standings", vec![]);
    let table = answer(&fake, &s).await;
    assert!(content(&table).contains("3 of 3 games finished"), "{table}");
    assert_eq!(
        table["attachments"].as_array().map(Vec::len),
        Some(1),
        "{table}"
    );

    // Rated in the Chess960 pool: alice has 960 games, no standard ones.
    let stats_form = registered[0]["options"]
        .as_array()
        .and_then(|o| o.iter().find(|s| s["name"] == json!("stats")))
        .cloned()
        .expect("stats");
    let v960 = stats_form["options"]
        .as_array()
        .and_then(|o| o.iter().find(|s| s["name"] == json!("variant")))
        .and_then(|o| o["choices"].as_array())
        .and_then(|c| c.iter().find(|c| c["name"] == json!("chess960")))
        .map(|c| c["value"].clone())
        .expect("the chess960 choice");
    let stats = |variant: Option<&Value>| {
        let mut o = vec![opt(6, "user", json!(ALICE.id.to_string()))];
        if let Some(v) = variant {
            o.push(opt(if v.is_string() { 3 } else { 4 }, "variant", v.clone()));
        }
        fake.slash(CHANNEL_ID, BOB, "stats", o, &[ALICE])
    };
    let s960 = stats(Some(&v960));
    let s960 = answer(&fake, &s960).await;
    let std = stats(None);
    let std = answer(&fake, &std).await;
    assert!(content(&s960).contains("rating"), "{s960}");
    assert!(content(&std).contains("no rated games"), "{std}");
    bot.stop().await;
}
