//! The Discord adapter's mapping over the real game service, offline: slash
//! options and button clicks become service commands, and every reply
//! becomes a Discord message with exactly the right pings, privacy,
//! picture and buttons. (No gateway: Discord cannot be reached here.)

use std::sync::Arc;

use chessbot::adapters::discord::autocomplete::rank_moves;
use chessbot::adapters::discord::commands::{ColorOption, challenge_command};
use chessbot::adapters::discord::format::{BOARD_FILE, Outgoing, outgoing};
use chessbot::adapters::discord::ids::ButtonId;
use chessbot::adapters::discord::post::board_png;
use chessbot::render::Renderer;
use chessbot::service::{
    Actor, Command, Event, GameService, LocalePrefs, ManualClock, Place, Reply,
};
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

/// The service command a click on the button `custom_id` runs.
fn press(custom_id: &str) -> Command {
    let (button, subject) = ButtonId::parse(custom_id).expect("one of our buttons");
    button.command(subject).expect("a service command")
}

/// The error code of the single (private) reply, if it is an error.
fn error_code(replies: &[Reply]) -> Option<String> {
    match replies {
        [r] if r.ephemeral => match &r.event {
            Some(Event::Error { code, .. }) => Some(code.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The buttons (custom ids) under the public replies.
async fn buttons_of(replies: &[Reply]) -> Vec<String> {
    sent(replies)
        .await
        .iter()
        .filter(|(o, _)| !o.ephemeral)
        .flat_map(|(_, v)| custom_ids(v))
        .collect()
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
    let ids = custom_ids(v);
    assert_eq!(ids.len(), 2);
    assert!(ids[0].starts_with("chess:accept_challenge:c"), "{ids:?}");
    assert!(ids[1].starts_with("chess:decline_challenge:c"), "{ids:?}");

    // Eve clicks Accept: a private refusal, nothing changes.
    let click = press(&ids[0]);
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
    // The start carries the Resign button of this game.
    let resign_id = custom_ids(&start.1).pop().expect("a Resign button");
    assert!(resign_id.starts_with("chess:resign:g"), "{resign_id}");
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

    // Stale buttons of the finished game: a polite private answer.
    let game = resign_id.trim_start_matches("chess:resign:");
    for id in [
        format!("chess:accept_draw:{game}"),
        format!("chess:resign_confirm:{game}"),
        "chess:accept_draw".to_owned(),
    ] {
        let replies = svc.handle(&p, &alice, press(&id)).await;
        let msgs = sent(&replies).await;
        assert!(!msgs.is_empty());
        assert!(msgs.iter().all(|(o, _)| o.ephemeral), "{replies:?}");
        assert!(msgs.iter().all(|(o, _)| !o.content.is_empty()));
    }

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

#[tokio::test]
async fn old_buttons_never_touch_a_newer_challenge_offer_or_game() {
    let svc = service().await;
    let p = place();
    let alice = actor(ALICE, "alice");
    let bob = actor(BOB, "bob");
    let challenge = || {
        challenge_command(
            Some(bob.clone()),
            Some(ColorOption::White),
            None,
            None,
            None,
        )
    };
    let mv = |text: &str| Command::Move {
        text: text.to_owned(),
    };

    // A challenge, withdrawn, and a second one: the first Accept is stale.
    let first = buttons_of(&svc.handle(&p, &alice, challenge()).await).await;
    svc.handle(&p, &alice, Command::Cancel).await;
    let second = buttons_of(&svc.handle(&p, &alice, challenge()).await).await;
    assert_ne!(first, second);
    let replies = svc.handle(&p, &bob, press(&first[0])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("stale_button"));
    assert!(
        replies[0].text.contains("no longer open"),
        "{}",
        replies[0].text
    );
    // The old Decline does not decline the new challenge either.
    let replies = svc.handle(&p, &bob, press(&first[1])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("stale_button"));
    // The second challenge is untouched: its Accept starts the game.
    let started = svc.handle(&p, &bob, press(&second[0])).await;
    assert!(has_event(&started, |e| matches!(e, Event::Start { .. })));
    let resign_first_game = buttons_of(&started).await;

    // A draw offer that a move declined: its Accept neither accepts nor
    // makes a new offer.
    for (who, m) in [(&alice, "e4"), (&bob, "e5")] {
        assert!(error_code(&svc.handle(&p, who, mv(m)).await).is_none());
    }
    let offer = buttons_of(&svc.handle(&p, &alice, Command::Draw).await).await;
    assert_eq!(offer.len(), 2, "{offer:?}");
    assert!(offer[0].starts_with("chess:accept_draw:g"), "{offer:?}");
    // The offerer's own clicks: the offer stands, nothing to accept or decline.
    let replies = svc.handle(&p, &alice, press(&offer[0])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("not_allowed"));
    let replies = svc.handle(&p, &alice, press(&offer[1])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("no_challenge"));
    svc.handle(&p, &alice, mv("Nf3")).await; // alice's own offer stands
    let moved = svc.handle(&p, &bob, mv("Nc6")).await; // declines it
    assert!(error_code(&moved).is_none(), "{moved:?}");
    let replies = svc.handle(&p, &bob, press(&offer[0])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("stale_button"));
    // The old Decline-draw button does not decline a takeback request.
    svc.handle(&p, &alice, Command::Takeback).await;
    let replies = svc.handle(&p, &bob, press(&offer[1])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("stale_button"));
    // Bob made no offer by clicking: Alice's own offer would now be new.
    let replies = svc.handle(&p, &alice, Command::Draw).await;
    assert!(
        has_event(&replies, |e| matches!(e, Event::DrawOffer { .. })),
        "{replies:?}"
    );
    let offer = buttons_of(&replies).await;

    // An old challenge button while the draw offer stands declines nothing.
    let replies = svc.handle(&p, &bob, press(&second[1])).await;
    assert_eq!(error_code(&replies).as_deref(), Some("stale_button"));
    let ended = svc.handle(&p, &bob, press(&offer[0])).await;
    assert!(
        has_event(&ended, |e| matches!(
            e,
            Event::End { termination, .. } if termination == "agreement"
        )),
        "{ended:?}"
    );

    // A new game in the channel: the first game's Resign does nothing.
    svc.handle(&p, &alice, challenge()).await;
    let next = svc.handle(&p, &bob, Command::Accept).await;
    assert!(has_event(&next, |e| matches!(e, Event::Start { .. })));
    let resign = resign_first_game[0].replace("chess:resign:", "chess:resign_confirm:");
    let replies = svc.handle(&p, &bob, press(&resign)).await;
    assert_eq!(error_code(&replies).as_deref(), Some("stale_button"));
    assert!(replies[0].text.contains("no longer being played"));
    // Before asking "are you sure?": a stranger or an old game's button is
    // refused at once; a player of the running game is asked.
    let eve = actor(EVE, "eve");
    let prefs = LocalePrefs::default();
    let subject_of = |id: &str| ButtonId::parse(id).and_then(|(_, s)| s);
    let (old, new) = (
        subject_of(&resign_first_game[0]),
        subject_of(&buttons_of(&next).await[0]),
    );
    let refusal = svc.resign_refusal(&p, &eve, new, prefs).await;
    let code = refusal.and_then(|r| r.event).map(|e| format!("{e:?}"));
    assert!(
        code.as_deref().is_some_and(|c| c.contains("not_a_player")),
        "{code:?}"
    );
    let refusal = svc.resign_refusal(&p, &bob, old, prefs).await;
    assert_eq!(
        error_code(&refusal.into_iter().collect::<Vec<_>>()).as_deref(),
        Some("stale_button")
    );
    assert!(svc.resign_refusal(&p, &bob, new, prefs).await.is_none());
    // The new game's own Resign button works (before both sides have
    // moved, resigning aborts the game).
    let resign = buttons_of(&next).await[0].replace("chess:resign:", "chess:resign_confirm:");
    let replies = svc.handle(&p, &bob, press(&resign)).await;
    assert!(
        has_event(&replies, |e| matches!(
            e,
            Event::End { termination, .. } if termination == "aborted"
        )),
        "{replies:?}"
    );
}

#[tokio::test]
async fn after_a_move_the_mover_gets_a_button_to_their_next_game() {
    let svc = service().await;
    let alice = actor(ALICE, "alice");
    let bob = actor(BOB, "bob");
    let eve = actor(EVE, "eve");
    let here = place();
    let there = Place {
        channel: "300000000000000009".to_owned(),
        ..place()
    };
    // alice plays White against bob here and Black against eve there: in
    // the second game it is her move once eve played.
    for (p, white, black) in [(&here, &alice, &bob), (&there, &eve, &alice)] {
        let cmd = challenge_command(
            Some(black.clone()),
            Some(ColorOption::White),
            None,
            None,
            None,
        );
        svc.handle(p, white, cmd).await;
        svc.handle(p, black, Command::Accept).await;
    }
    let mv = |text: &str| Command::Move {
        text: text.to_owned(),
    };
    svc.handle(&there, &eve, mv("e4")).await;
    let replies = svc.handle(&here, &alice, mv("e4")).await;
    let private: Vec<(Outgoing, Value)> = sent(&replies)
        .await
        .into_iter()
        .filter(|(o, _)| o.ephemeral)
        .collect();
    let links: Vec<(String, String)> = private
        .iter()
        .flat_map(|(_, v)| v["components"].as_array().cloned().unwrap_or_default())
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| {
            Some((
                b["label"].as_str()?.to_owned(),
                b["url"].as_str()?.to_owned(),
            ))
        })
        .collect();
    assert_eq!(
        links,
        [(
            "Go to game #2".to_owned(),
            "https://discord.com/channels/200000000000000000/300000000000000009".to_owned()
        )],
        "{:?}",
        replies.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
}
