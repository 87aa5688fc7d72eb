//! The Discord adapter's mapping over the real game service, offline: slash
//! options and button clicks become service commands, and every reply
//! becomes a Discord message with exactly the right pings, privacy,
//! picture and buttons. (No gateway: Discord cannot be reached here.)

use std::sync::Arc;

use chessbot::adapters::discord::autocomplete::rank_moves;
use chessbot::adapters::discord::commands::{ColorOption, challenge_command};
use chessbot::adapters::discord::ids::ButtonId;
use chessbot::adapters::discord::replies::{BOARD_FILE, Outgoing, outgoing};
use chessbot::adapters::discord::respond::board_png;
use chessbot::render::Renderer;
use chessbot::service::{Actor, Command, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use serde_json::{Value, json};

const ALICE: &str = "100000000000000001";
const BOB: &str = "100000000000000002";
const EVE: &str = "100000000000000003";

fn actor(id: &str, name: &str) -> Actor {
    Actor {
        id: id.to_owned(),
        name: name.to_owned(),
    }
}

fn place() -> Place {
    Place {
        platform: "discord".to_owned(),
        guild: Some("200000000000000000".to_owned()),
        channel: "300000000000000000".to_owned(),
    }
}

async fn service() -> GameService {
    let store = Store::memory().await.expect("in-memory store");
    GameService::open(store, Arc::new(ManualClock::starting_now()))
        .await
        .expect("service")
}

/// What Discord would receive for each reply, as JSON.
async fn sent(replies: &[Reply]) -> Vec<(Outgoing, Value)> {
    let renderer = Arc::new(Renderer::new());
    let mut out = Vec::new();
    for r in replies {
        let png = board_png(&renderer, r.board.as_ref()).await;
        let o = outgoing(r, png);
        let v = serde_json::to_value(o.followup()).expect("serialises");
        out.push((o, v));
    }
    out
}

fn assert_mentions_only(v: &Value, ids: &[&str]) {
    let am = &v["allowed_mentions"];
    assert_eq!(am["parse"], json!([]), "nothing parsed from text: {v}");
    assert_eq!(am["roles"], json!([]));
    let mut users: Vec<String> = am["users"]
        .as_array()
        .expect("users list")
        .iter()
        .map(|u| u.as_str().unwrap_or_default().to_owned())
        .collect();
    users.sort();
    let mut want: Vec<String> = ids.iter().map(|s| (*s).to_owned()).collect();
    want.sort();
    assert_eq!(users, want, "{v}");
}

fn custom_ids(v: &Value) -> Vec<String> {
    v["components"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
                .map(|b| b["custom_id"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn has_event(replies: &[Reply], f: impl Fn(&Event) -> bool) -> bool {
    replies.iter().any(|r| r.event.as_ref().is_some_and(&f))
}

#[tokio::test]
async fn a_whole_game_through_the_discord_mapping() {
    let svc = service().await;
    let p = place();
    let alice = actor(ALICE, "alice");
    // A display name full of tricks: it must not ping or format anything.
    let bob = actor(BOB, "@everyone **bob**");
    let eve = actor(EVE, "eve");

    // /chess challenge opponent:@bob color:white
    let cmd = challenge_command(
        Some(bob.clone()),
        Some(ColorOption::White),
        None,
        None,
        None,
    );
    let replies = svc.handle(&p, &alice, cmd).await;
    assert!(has_event(&replies, |e| matches!(
        e,
        Event::Challenge { .. }
    )));
    let msgs = sent(&replies).await;
    let (o, v) = &msgs[0];
    assert!(!o.ephemeral);
    assert_eq!(v["flags"], json!(0));
    assert_mentions_only(v, &[BOB]);
    assert!(o.content.starts_with(&format!("<@{BOB}>")), "{}", o.content);
    assert!(
        !o.content.contains("**bob**"),
        "markdown escaped: {}",
        o.content
    );
    assert_eq!(
        custom_ids(v),
        ["chess:accept_challenge", "chess:decline_challenge"]
    );

    // Eve clicks Accept: a private refusal, nothing changes.
    let click = ButtonId::parse("chess:accept_challenge").and_then(ButtonId::command);
    let click = click.expect("accept is a service command");
    let replies = svc.handle(&p, &eve, click.clone()).await;
    let msgs = sent(&replies).await;
    assert_eq!(msgs.len(), 1);
    assert!(msgs[0].0.ephemeral);
    assert_eq!(msgs[0].1["flags"], json!(64));
    assert_mentions_only(&msgs[0].1, &[]);

    // Bob clicks Accept: the game starts with a board picture.
    let replies = svc.handle(&p, &bob, click).await;
    assert!(has_event(&replies, |e| matches!(e, Event::Start { .. })));
    let msgs = sent(&replies).await;
    let start = msgs
        .iter()
        .find(|(o, _)| !o.ephemeral)
        .expect("a public start");
    let png = start.0.board_png.as_ref().expect("the board is rendered");
    assert!(png.starts_with(b"\x89PNG"));
    assert_eq!(start.1["attachments"][0]["filename"], json!(BOARD_FILE));
    assert_eq!(
        start.1["embeds"][0]["image"]["url"],
        json!("attachment://board.png")
    );
    for (_, v) in &msgs {
        let users = v["allowed_mentions"]["users"].as_array().cloned();
        for u in users.unwrap_or_default() {
            assert!(u == json!(ALICE) || u == json!(BOB), "only players: {v}");
        }
    }

    // Autocomplete: Alice (White) gets her legal moves; Bob gets none.
    let moves = svc.legal_moves(&p, &alice).await;
    assert_eq!(moves.len(), 20);
    assert!(svc.legal_moves(&p, &bob).await.is_empty());
    // Prefix matches first, then substring matches.
    assert_eq!(rank_moves(&moves, "f"), vec!["f3", "f4", "Nf3"]);

    // Fool's mate, typed with autocomplete picks.
    for (who, typed, pick) in [
        (&alice, "f", "f3"),
        (&bob, "e5", "e5"),
        (&alice, "g", "g4"),
        (&bob, "Qh", "Qh4#"),
    ] {
        let offered = rank_moves(&svc.legal_moves(&p, who).await, typed);
        assert!(offered.contains(&pick.to_owned()), "{typed}: {offered:?}");
        let replies = svc
            .handle(
                &p,
                who,
                Command::Move {
                    text: pick.to_owned(),
                },
            )
            .await;
        assert!(
            has_event(&replies, |e| matches!(e, Event::Move { .. })),
            "{pick}: {replies:?}"
        );
        for (o, v) in sent(&replies).await {
            assert!(!o.ephemeral, "{pick}: {}", o.content);
            assert!(v["allowed_mentions"]["parse"] == json!([]));
        }
        if pick == "Qh4#" {
            assert!(has_event(&replies, |e| matches!(
                e,
                Event::End { termination, .. } if termination == "checkmate"
            )));
        }
    }

    // A stale Accept-draw button of the finished game: a polite private answer.
    let stale = ButtonId::AcceptDraw.command().expect("a command");
    let replies = svc.handle(&p, &alice, stale).await;
    let msgs = sent(&replies).await;
    assert!(!msgs.is_empty());
    assert!(msgs.iter().all(|(o, _)| o.ephemeral), "{replies:?}");
    assert!(msgs.iter().all(|(o, _)| !o.content.is_empty()));

    // /chess pgn: the PGN as a code block and a file.
    let replies = svc.handle(&p, &eve, Command::Pgn { game: None }).await;
    let msgs = sent(&replies).await;
    let (o, v) = msgs
        .iter()
        .find(|(o, _)| !o.files.is_empty())
        .expect("a PGN file");
    assert_eq!(v["attachments"][0]["filename"], json!("game.pgn"));
    assert!(o.content.contains("```"), "{}", o.content);
    assert_mentions_only(v, &[]);
}

#[tokio::test]
async fn bad_input_is_private_and_changes_nothing() {
    let svc = service().await;
    let p = place();
    let alice = actor(ALICE, "alice");
    let replies = svc
        .handle(
            &p,
            &alice,
            Command::Move {
                text: "Qxz9".to_owned(),
            },
        )
        .await;
    let msgs = sent(&replies).await;
    assert_eq!(msgs.len(), 1);
    assert!(msgs[0].0.ephemeral);
    assert_eq!(msgs[0].1["flags"], json!(64));
    assert!(custom_ids(&msgs[0].1).is_empty());
}
