//! End to end through the real serenity/poise stack: the Discord adapter
//! runs in-process (`run_with`) against the fake Discord of
//! `tests/support/fake_discord.rs` (127.0.0.1 only), with a game service on
//! a manual clock. A whole game is played with slash commands, button
//! clicks and autocomplete; then a time-out is posted by the deadline task
//! of a restarted bot; and the correspondence comforts: the private
//! `/chess games` list and turn notices by direct message, with the channel
//! as the fallback when Discord refuses the DM. Every wait gives up after
//! `fake_discord::WAIT`.
//!
//! It also holds what the other Discord tests share: the bot on the fake,
//! commands as a member or a moderator of a server, answers and posts,
//! the registered forms, and the threads of tournament games.

use crate::support;

use std::sync::Arc;

use chessbot::adapters::discord::backend::open_with_clock;
use chessbot::adapters::discord::scale::Shards;
use chessbot::adapters::discord::{RunOptions, run_with};
use chessbot::service::{Clock, ManualClock};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use support::fake_discord::{
    APP_ID, CHANNEL_ID, EPHEMERAL, FakeDiscord, FakeView, GUILD_ID, RestCall, Sent, WAIT, Who,
    bot_user,
};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A made-up token of the right shape (not a real one).
pub(crate) const TOKEN: &str =
    "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GabcDE.abcdefghijklmnopqrstuvwxyz_-0123456789";

pub(crate) const ALICE: Who = Who {
    id: 1_100_000_000_000_000_011,
    name: "alice",
};
pub(crate) const BOB: Who = Who {
    id: 1_100_000_000_000_000_012,
    name: "bob",
};
pub(crate) const EVE: Who = Who {
    id: 1_100_000_000_000_000_013,
    name: "eve",
};
pub(crate) const CAROL: Who = Who {
    id: 1_100_000_000_000_000_014,
    name: "carol",
};
/// A second text channel of the server (for a second game).
pub(crate) const OTHER_CHANNEL_ID: u64 = 1_100_000_000_000_000_201;

/// The bot running in this process.
pub(crate) struct Bot {
    task: JoinHandle<anyhow::Result<()>>,
    stop: oneshot::Sender<()>,
}

impl Bot {
    pub(crate) async fn start(fake: &FakeDiscord, db_url: &str, clock: &Arc<ManualClock>) -> Bot {
        let clock: Arc<dyn Clock> = Arc::clone(clock) as Arc<dyn Clock>;
        let service = open_with_clock(db_url, clock)
            .await
            .expect("open the game service");
        let (stop, stopped) = oneshot::channel::<()>();
        let options = RunOptions {
            token: TOKEN.to_owned(),
            guild: None,
            service,
            shards: Shards::Auto,
            proxy: Some(fake.http_url.clone()),
            shutdown: Box::pin(async move {
                let _ = stopped.await;
            }),
        };
        Bot {
            task: tokio::spawn(run_with(options)),
            stop,
        }
    }

    pub(crate) async fn stop(self) {
        let _ = self.stop.send(());
        let outcome = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops in time")
            .expect("the bot task did not panic");
        if let Err(e) = outcome {
            panic!("the bot failed: {e:#}");
        }
    }
}

pub(crate) fn opt(kind: u64, name: &str, value: Value) -> Value {
    json!({ "type": kind, "name": name, "value": value })
}

/// The final answer to an interaction (after any deferral).
pub(crate) async fn answer(fake: &FakeDiscord, sent: &Sent) -> Value {
    fake.wait_for("the answer to an interaction", |v| v.answer(sent).cloned())
        .await
}

/// The calls that answered `sent` so far.
pub(crate) fn calls_of(fake: &FakeDiscord, sent: &Sent) -> Vec<RestCall> {
    fake.calls().into_iter().filter(|c| sent.owns(c)).collect()
}

pub(crate) fn flags(m: &Value) -> u64 {
    m["flags"].as_u64().unwrap_or(0)
}

pub(crate) fn custom_ids(m: &Value) -> Vec<String> {
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_owned))
        .collect()
}

pub(crate) fn id_of(m: &Value) -> u64 {
    m["id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("a snowflake id")
}

/// Discord's "Manage Channels" permission: a moderator here.
pub(crate) const MANAGE_CHANNELS: u64 = 1 << 4;
/// The permissions the fake gives every member.
pub(crate) const MEMBER: u64 = 2_248_473_465_835_073;

/// Dispatches `/<top> [group] <sub> options...` by `who` in `channel` of
/// `guild`, as a moderator when `moderator`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn command(
    fake: &FakeDiscord,
    (channel, guild): (u64, u64),
    who: Who,
    moderator: bool,
    top: &str,
    group: Option<&str>,
    sub: &str,
    options: Vec<Value>,
) -> Sent {
    let (sent, mut p) = fake.slash_payload(channel, who, sub, options.clone(), &[]);
    let g = json!(guild.to_string());
    p["data"]["name"] = json!(top);
    if let Some(group) = group {
        p["data"]["options"] = json!([{
            "type": 2,
            "name": group,
            "options": [{ "type": 1, "name": sub, "options": options }],
        }]);
    }
    p["guild_id"] = g.clone();
    p["data"]["guild_id"] = g.clone();
    p["channel"]["guild_id"] = g.clone();
    p["authorizing_integration_owners"]["0"] = g;
    if moderator {
        p["member"]["permissions"] = json!((MEMBER | MANAGE_CHANNELS).to_string());
    }
    fake.dispatch("INTERACTION_CREATE", p);
    sent
}

/// Dispatches `/chess <group> <sub> options...` by `who` in `channel`.
pub(crate) fn group(
    fake: &FakeDiscord,
    channel: u64,
    who: Who,
    group: &str,
    sub: &str,
    options: Vec<Value>,
) -> Sent {
    command(
        fake,
        (channel, GUILD_ID),
        who,
        false,
        "chess",
        Some(group),
        sub,
        options,
    )
}

/// A message's text: its content and its embeds' descriptions.
pub(crate) fn content(m: &Value) -> String {
    let mut text = m["content"].as_str().unwrap_or_default().to_string();
    for e in m["embeds"].as_array().into_iter().flatten() {
        text.push('\n');
        text.push_str(e["description"].as_str().unwrap_or_default());
    }
    text
}

/// The answer to `sent`, asserting whether only its caller sees it.
pub(crate) async fn answered(fake: &FakeDiscord, sent: &Sent, private: bool) -> String {
    let a = answer(fake, sent).await;
    assert_eq!(flags(&a) & EPHEMERAL != 0, private, "{a}");
    content(&a)
}

/// Waits until a message in `channel` contains `text`.
pub(crate) async fn posted(fake: &FakeDiscord, channel: u64, text: &str) {
    fake.wait_for(&format!("{text:?} in {channel}"), |v| {
        v.messages_in(channel)
            .iter()
            .any(|m| content(m).contains(text))
            .then_some(())
    })
    .await;
}

/// The threads the bot posted in since `since` (not the channel of
/// [`CHANNEL_ID`], not a direct message to one of `players`), in order of
/// first post.
pub(crate) fn threads_since(v: &FakeView<'_>, since: usize, players: &[Who]) -> Vec<u64> {
    let mut made: Vec<u64> = Vec::new();
    for c in v
        .calls()
        .iter()
        .filter(|c| c.seq >= since && c.method == "POST")
    {
        let Some(id) = c
            .route
            .strip_prefix("/channels/")
            .and_then(|r| r.strip_suffix("/messages"))
            .and_then(|id| id.parse::<u64>().ok())
        else {
            continue;
        };
        let thread = id != CHANNEL_ID && players.iter().all(|u| v.dm_channel_of(u.id) != Some(id));
        if thread && !made.contains(&id) {
            made.push(id);
        }
    }
    made
}

/// The first message in `thread` (a tournament game's start), once there.
pub(crate) async fn first_message(fake: &FakeDiscord, thread: u64, what: &str) -> Value {
    fake.wait_for(what, |v| {
        v.messages_in(thread).first().map(|m| (*m).clone())
    })
    .await
}

/// The one of `players` called `name`.
pub(crate) fn named(players: &[Who], name: &str) -> Who {
    players
        .iter()
        .copied()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("no player {name}"))
}

/// Plays `moves` in the game of `thread` (`name`), each answered in the
/// open with the move, then `resigner` resigns: the answer to that.
pub(crate) async fn moves_then_resign(
    fake: &FakeDiscord,
    thread: u64,
    name: &str,
    moves: &[(Who, &str)],
    resigner: Who,
) -> Value {
    for &(p, san) in moves {
        let m = fake.slash(thread, p, "move", vec![opt(3, "move", json!(san))], &[]);
        let a = answer(fake, &m).await;
        assert_eq!(flags(&a) & EPHEMERAL, 0, "{name} {san}: {a}");
        assert!(content(&a).contains(san), "{name} {san}: {a}");
    }
    let r = fake.slash(thread, resigner, "resign", vec![], &[]);
    let a = answer(fake, &r).await;
    assert_eq!(flags(&a) & EPHEMERAL, 0, "{name} resign: {a}");
    a
}

/// Every message-bearing REST call pings at most `players` and never
/// everyone, here or roles.
fn assert_mentions_limited(calls: &[RestCall], players: &[Who]) {
    let allowed: Vec<String> = players.iter().map(|p| p.id.to_string()).collect();
    for c in calls {
        let body = c.message_data();
        let carries_text = body.get("content").is_some() || body.get("embeds").is_some();
        if !carries_text || c.method == "GET" {
            continue;
        }
        let am = &body["allowed_mentions"];
        assert!(
            am.is_object(),
            "no allowed_mentions in {}: {body}",
            c.line()
        );
        assert_eq!(am["parse"], json!([]), "{}: {am}", c.line());
        assert_eq!(am["roles"], json!([]), "{}: {am}", c.line());
        for u in am["users"].as_array().into_iter().flatten() {
            let u = u.as_str().unwrap_or_default();
            assert!(allowed.iter().any(|a| a == u), "{} may ping {u}", c.line());
        }
        let content = body["content"].as_str().unwrap_or_default();
        assert!(
            !content.contains("@everyone") && !content.contains("@here"),
            "{content}"
        );
    }
}

/// The PNG board pictures attached by `calls`.
fn pngs(calls: &[RestCall]) -> Vec<Vec<u8>> {
    calls
        .iter()
        .flat_map(|c| c.files.iter())
        .filter(|f| f.filename == "board.png")
        .map(|f| f.bytes.clone())
        .collect()
}

fn assert_png(bytes: &[u8]) {
    assert!(
        bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 1000,
        "a PNG picture ({} bytes)",
        bytes.len()
    );
}

/// The value of the choice named `name` of option `option` of
/// `/chess <sub>`, as registered.
fn choice_value(registered: &Value, sub: &str, option: &str, name: &str) -> Value {
    let chess = entry(registered, "chess");
    let s = entry(&chess["options"], sub);
    let o = entry(&s["options"], option);
    entry(&o["choices"], name)["value"].clone()
}

/// The entry called `name` of a registered list: a command, an option or
/// a choice.
pub(crate) fn entry(list: &Value, name: &str) -> Value {
    list.as_array()
        .and_then(|l| l.iter().find(|o| o["name"] == json!(name)))
        .cloned()
        .unwrap_or_else(|| panic!("no {name} in {list}"))
}

/// The registered form of `/chess league create`.
pub(crate) fn league_create_form(registered: &Value) -> Value {
    let chess = entry(registered, "chess");
    entry(&entry(&chess["options"], "league")["options"], "create")
}

/// The code in a posted challenge (`Code: ` and eight letters or digits).
pub(crate) fn code_in(text: &str) -> String {
    let code: String = text
        .split("Code: ")
        .nth(1)
        .unwrap_or_else(|| panic!("{text}"))
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect();
    assert_eq!(code.len(), 8, "{text}");
    code
}

/// Starts the fake and the bot, and waits for the commands to be
/// registered; returns the registration body.
pub(crate) async fn connect(
    fake: &FakeDiscord,
    db_url: &str,
    clock: &Arc<ManualClock>,
    sessions: usize,
) -> (Bot, Value) {
    let since = fake.mark();
    let bot = Bot::start(fake, db_url, clock).await;
    let registration = fake
        .wait_call("command registration", since, |c| {
            c.method == "PUT" && c.route == format!("/applications/{APP_ID}/commands")
        })
        .await;
    assert_eq!(registration.status, 200);
    fake.wait_sessions(sessions).await;
    (bot, registration.json.unwrap_or_default())
}

#[test]
fn the_fakes_payloads_parse_as_serenity_types() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let fake = FakeDiscord::start(TOKEN).await;
        let (_, slash) = fake.slash_payload(
            CHANNEL_ID,
            ALICE,
            "challenge",
            vec![opt(6, "opponent", json!(BOB.id.to_string()))],
            &[BOB],
        );
        let i: serenity::Interaction = serde_json::from_value(slash).expect("slash command");
        let serenity::Interaction::Command(c) = i else {
            panic!("a command")
        };
        assert_eq!(c.user.id.get(), ALICE.id);
        assert_eq!(c.data.resolved.users.len(), 1);
        let (_, auto) = fake.autocomplete_payload(CHANNEL_ID, BOB, "move", "move", "e");
        let i: serenity::Interaction = serde_json::from_value(auto).expect("autocomplete");
        assert!(matches!(i, serenity::Interaction::Autocomplete(_)));
        let ready: serenity::Ready = serde_json::from_value(fake.ready_payload()).expect("READY");
        assert_eq!(ready.application.id.get(), APP_ID);
        let _: serenity::CurrentUser = serde_json::from_value(bot_user()).expect("bot user");
        let ch: serenity::Channel =
            serde_json::from_value(fake.channel(CHANNEL_ID).expect("channel")).expect("channel");
        assert!(matches!(ch, serenity::Channel::Guild(_)));
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_through_serenity_and_poise() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;

    // Start-up: gateway discovery through the fake, the token on every
    // call, one /chess command with the move autocomplete.
    let calls = fake.calls();
    assert!(calls.iter().any(|c| c.route == "/gateway/bot"));
    assert!(
        calls.iter().all(|c| c.status != 401),
        "token sent as `Bot …`"
    );
    let identify = &fake.identifies()[0];
    // serenity sends the token with its `Bot ` prefix, as in REST calls.
    let sent_token = identify["token"].as_str().unwrap_or_default();
    assert_eq!(sent_token.trim_start_matches("Bot "), TOKEN);
    assert_eq!(identify["intents"], json!(1), "GUILDS only");
    let names: Vec<&str> = registered
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, ["chess", "Chess stats", "team"]);
    assert_eq!(registered[1]["type"], 2, "a user context menu");
    let subs: Vec<&str> = registered[0]["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str())
        .collect();
    for sub in [
        "challenge",
        "accept",
        "move",
        "board",
        "resign",
        "pgn",
        "help",
    ] {
        assert!(subs.contains(&sub), "/chess {sub} in {subs:?}");
    }
    let move_option = registered[0]["options"]
        .as_array()
        .and_then(|o| o.iter().find(|s| s["name"] == json!("move")))
        .map(|s| s["options"][0].clone())
        .unwrap_or_default();
    assert_eq!(move_option["autocomplete"], json!(true), "{move_option}");
    let white = choice_value(&registered, "challenge", "color", "white");

    // Alice challenges Bob.
    let challenge = fake.slash(
        CHANNEL_ID,
        ALICE,
        "challenge",
        vec![
            opt(6, "opponent", json!(BOB.id.to_string())),
            opt(if white.is_string() { 3 } else { 4 }, "color", white),
        ],
        &[BOB],
    );
    let offer = answer(&fake, &challenge).await;
    assert_eq!(flags(&offer), 0, "a public challenge: {offer}");
    assert!(
        fake.notifications()
            .iter()
            .any(|n| n.user == BOB.id && n.message == id_of(&offer)),
        "the challenge notifies bob: {offer}"
    );
    assert!(
        offer["content"]
            .as_str()
            .is_some_and(|c| c.contains(&format!("<@{}>", BOB.id))),
        "{offer}"
    );
    // The buttons name the challenge they belong to.
    let offer_buttons = custom_ids(&offer);
    assert_eq!(offer_buttons.len(), 2, "{offer}");
    assert!(offer_buttons[0].starts_with("chess:accept_challenge:c"));
    assert!(offer_buttons[1].starts_with("chess:decline_challenge:c"));
    let accept_id = offer_buttons[0].as_str();
    let offer_id = id_of(&offer);

    // Eve clicks Accept: a private refusal; the challenge stays.
    let eve_click = fake.click(EVE, offer_id, accept_id);
    let refusal = answer(&fake, &eve_click).await;
    assert_eq!(flags(&refusal) & EPHEMERAL, EPHEMERAL, "{refusal}");
    assert!(custom_ids(&fake.message(offer_id).expect("offer")).len() == 2);

    // Bob clicks Accept: a thread "alice vs bob" opens and the game starts
    // there with the board picture; the offer loses its buttons.
    let accept = fake.click(BOB, offer_id, accept_id);
    let thread_call = fake
        .wait_call("thread creation", 0, |c| {
            c.method == "POST" && c.route == format!("/channels/{CHANNEL_ID}/threads")
        })
        .await;
    assert_eq!(thread_call.status, 201);
    assert_eq!(thread_call.body()["name"], json!("alice vs bob"));
    let thread = crate::discord_notices::game_thread(&fake).await;
    let started_here = answer(&fake, &accept).await;
    assert_eq!(flags(&started_here), 0, "{started_here}");
    fake.wait_for("the offer's buttons to go", |v| {
        v.message(offer_id)
            .filter(|m| custom_ids(m).is_empty())
            .map(|_| ())
    })
    .await;
    let first = fake
        .wait_for("the start in the thread", |v| {
            v.messages_in(thread).first().map(|m| (*m).clone())
        })
        .await;
    assert_eq!(first["attachments"][0]["filename"], json!("board.png"));
    // The start in the thread carries the game's Resign button.
    let start_buttons = custom_ids(&first);
    assert!(
        start_buttons.len() == 1 && start_buttons[0].starts_with("chess:resign:g"),
        "{first}"
    );
    assert_eq!(
        first["embeds"][0]["image"]["url"],
        json!("attachment://board.png")
    );
    let png = pngs(&fake.calls());
    assert!(!png.is_empty());
    for p in &png {
        assert_png(p);
    }

    // Resign asks only a player of the running game: Eve is refused at
    // once; Alice is asked privately, with buttons for the same game.
    let start_id = id_of(&first);
    let resign_id = start_buttons[0].as_str();
    let eve_resign = fake.click(EVE, start_id, resign_id);
    let refused = answer(&fake, &eve_resign).await;
    assert_eq!(flags(&refused) & EPHEMERAL, EPHEMERAL, "{refused}");
    assert!(custom_ids(&refused).is_empty(), "{refused}");
    let ask = fake.click(ALICE, start_id, resign_id);
    let question = answer(&fake, &ask).await;
    assert_eq!(flags(&question) & EPHEMERAL, EPHEMERAL, "{question}");
    let game = resign_id.trim_start_matches("chess:resign:");
    assert_eq!(
        custom_ids(&question),
        [
            format!("chess:resign_confirm:{game}"),
            format!("chess:resign_cancel:{game}")
        ]
    );

    // Autocomplete: Alice (White) gets her legal moves matching "f"; Bob,
    // not on move, gets none.
    let since = fake.mark();
    let auto = fake.autocomplete(thread, ALICE, "move", "move", "f");
    let choices = fake
        .wait_call("autocomplete result", since, |c| {
            c.route == auto.callback_route()
        })
        .await;
    assert_eq!(choices.body()["type"], json!(8));
    let offered: Vec<&str> = choices.body()["data"]["choices"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert_eq!(offered, ["f3", "f4", "Nf3"]);
    let auto = fake.autocomplete(thread, BOB, "move", "move", "");
    let none = fake
        .wait_call("autocomplete result", since, |c| {
            c.route == auto.callback_route()
        })
        .await;
    assert_eq!(none.body()["data"]["choices"], json!([]));

    // An illegal move and a stranger's move: private errors, no board.
    for (who, text) in [(ALICE, "Ke2"), (EVE, "e4"), (BOB, "e5")] {
        let m = fake.slash(thread, who, "move", vec![opt(3, "move", json!(text))], &[]);
        let err = answer(&fake, &m).await;
        assert_eq!(flags(&err) & EPHEMERAL, EPHEMERAL, "{text}: {err}");
        assert!(calls_of(&fake, &m).iter().all(|c| c.files.is_empty()));
    }

    // Fool's mate, each move picked from the autocomplete.
    let mut last = Value::Null;
    for (who, typed, pick) in [
        (ALICE, "f", "f3"),
        (BOB, "e", "e5"),
        (ALICE, "g", "g4"),
        (BOB, "Qh", "Qh4#"),
    ] {
        let since = fake.mark();
        let auto = fake.autocomplete(thread, who, "move", "move", typed);
        let choices = fake
            .wait_call("autocomplete result", since, |c| {
                c.route == auto.callback_route()
            })
            .await;
        let offered = choices.body()["data"]["choices"].to_string();
        assert!(
            offered.contains(&format!("\"{pick}\"")),
            "{typed}: {offered}"
        );
        let m = fake.slash(thread, who, "move", vec![opt(3, "move", json!(pick))], &[]);
        last = answer(&fake, &m).await;
        assert_eq!(flags(&last), 0, "{pick}: {last}");
        // The "your move" reaches the opponent: it is in a created message
        // (Discord notifies nobody for a mention added by an edit).
        let next = if who.id == ALICE.id { BOB } else { ALICE };
        if pick != "Qh4#" {
            let id = id_of(&last);
            assert!(
                fake.notifications()
                    .iter()
                    .any(|n| n.user == next.id && n.message == id),
                "{pick}: {} not notified: {last}",
                next.name
            );
        }
        // The board picture comes with the answer or a follow-up.
        let board = fake
            .wait_for("a board picture", |v| {
                let mine: Vec<RestCall> = v.calls().iter().filter(|c| m.owns(c)).cloned().collect();
                pngs(&mine).into_iter().next()
            })
            .await;
        assert_png(&board);
    }
    assert!(
        last["content"].as_str().is_some_and(|c| c.contains("Qh4#")),
        "{last}"
    );
    // The end summary with the result, in the thread.
    let summary = fake
        .wait_for("the result in the thread", |v| {
            v.messages_in(thread)
                .iter()
                .filter_map(|m| m["content"].as_str())
                .find(|c| c.contains("0-1"))
                .map(str::to_owned)
        })
        .await;
    assert!(summary.contains("Checkmate"), "{summary}");

    // The result is also posted in the parent channel.
    fake.wait_for("the result in the parent channel", |v| {
        v.messages_in(CHANNEL_ID)
            .iter()
            .find(|m| m["content"].as_str().is_some_and(|c| c.contains("0-1")))
            .map(|_| ())
    })
    .await;

    // Then the summary in the thread: the card, the GIF and the PGN as
    // files, a link button to lichess's analysis and a Rematch button.
    let summary_components = fake
        .wait_for("the summary", |v| {
            v.messages_in(thread)
                .iter()
                .map(|m| m["components"].to_string())
                .find(|c| c.contains("https://lichess.org/analysis/pgn/"))
        })
        .await;
    assert!(
        summary_components.contains("chess:rematch:g"),
        "{summary_components}"
    );
    let files: Vec<String> = fake
        .calls()
        .iter()
        .flat_map(|c| c.files.iter().map(|f| f.filename.clone()))
        .collect();
    // The card is the embed's picture (board.png); the GIF and PGN are files.
    for ext in [".gif", ".pgn"] {
        assert!(
            files
                .iter()
                .any(|f| f.starts_with("game-") && f.ends_with(ext)),
            "{ext} in {files:?}"
        );
    }

    // The PGN of the game, as text and a file.
    let pgn = fake.slash(thread, EVE, "pgn", vec![], &[]);
    let pgn_answer = answer(&fake, &pgn).await;
    let text = pgn_answer["content"].as_str().unwrap_or_default();
    assert!(
        text.contains("1. f3 e5 2. g4 Qh4#") && text.contains("0-1"),
        "{text}"
    );
    assert!(
        calls_of(&fake, &pgn)
            .iter()
            .flat_map(|c| c.files.iter())
            .any(|f| f.filename == "game.pgn")
    );

    // "Chess stats" from Bob's context menu: his rating after the win.
    let menu = fake.user_menu(thread, EVE, "Chess stats", BOB);
    let stats = answer(&fake, &menu).await;
    let text = stats["content"].as_str().unwrap_or_default();
    assert!(text.contains("bob") && text.contains("1662"), "{stats}");

    // A stale button of the finished game: a polite private answer.
    let stale = fake.click(ALICE, offer_id, accept_id);
    let polite = answer(&fake, &stale).await;
    assert_private_says(&polite, "no longer open");
    let late = fake.click(ALICE, start_id, resign_id);
    let late = answer(&fake, &late).await;
    assert_private_says(&late, "no longer being played");

    // Nothing pinged anyone but the players; no call was refused.
    let calls = fake.calls();
    assert_mentions_limited(&calls, &[ALICE, BOB]);
    let refused: Vec<String> = calls
        .iter()
        .filter(|c| c.status >= 400)
        .map(RestCall::line)
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");

    if std::env::var_os("FAKE_DISCORD_LOG").is_some() {
        for c in &calls {
            eprintln!("{} {}", c.line(), c.body());
        }
    }
    bot.stop().await;
    eprintln!(
        "whole game: {} REST calls, {} heartbeats, {:?}",
        calls.len(),
        fake.heartbeats(),
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_out_is_posted_by_the_deadline_task_after_a_restart() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    // No permission to create threads: the game stays in the channel.
    fake.forbid_threads(true);
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    let white = choice_value(&registered, "challenge", "color", "white");

    let challenge = fake.slash(
        CHANNEL_ID,
        ALICE,
        "challenge",
        vec![
            opt(6, "opponent", json!(BOB.id.to_string())),
            opt(if white.is_string() { 3 } else { 4 }, "color", white),
            opt(4, "days", json!(1)),
        ],
        &[BOB],
    );
    answer(&fake, &challenge).await;
    let accept = fake.slash(CHANNEL_ID, BOB, "accept", vec![], &[]);
    let start = answer(&fake, &accept).await;
    assert_eq!(flags(&start), 0, "{start}");
    // Both players move once, so the game is under way.
    for who in [ALICE, BOB] {
        let since = fake.mark();
        let auto = fake.autocomplete(CHANNEL_ID, who, "move", "move", "");
        let c = fake
            .wait_call("autocomplete", since, |c| c.route == auto.callback_route())
            .await;
        let first = c.body()["data"]["choices"][0]["value"]
            .as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| {
                let log: Vec<String> = fake
                    .calls()
                    .iter()
                    .map(|c| format!("{} {}", c.line(), c.body()))
                    .collect();
                panic!("no legal move offered to {}: {log:#?}", who.name)
            });
        let m = fake.slash(
            CHANNEL_ID,
            who,
            "move",
            vec![opt(3, "move", json!(first))],
            &[],
        );
        let a = answer(&fake, &m).await;
        assert_eq!(flags(&a), 0, "{a}");
    }
    bot.stop().await;
    fake.wait_disconnected().await;
    let before = fake.mark();
    let is_result = |c: &RestCall| {
        c.method == "POST"
            && c.route == format!("/channels/{CHANNEL_ID}/messages")
            && c.body()["content"]
                .as_str()
                .is_some_and(|t| t.contains("1-0") || t.contains("0-1"))
    };
    assert!(!fake.calls().iter().any(is_result), "no result yet");

    // A day and a half later, the bot comes back on the same database.
    clock.advance(chrono::Duration::hours(36));
    let (bot, _) = connect(&fake, &db, &clock, 2).await;
    let timeout = fake
        .wait_call("the time-out message", before, is_result)
        .await;
    assert_eq!(timeout.status, 200);
    let text = timeout.body()["content"].as_str().unwrap_or_default();
    assert!(text.contains("time"), "{text}");
    assert_mentions_limited(&fake.calls(), &[ALICE, BOB]);
    bot.stop().await;
    eprintln!("time-out after a restart: {:?}", started.elapsed());
}

/// The value of an option registered with choices, as a slash option
/// (poise registers choices as integers or strings).
pub(crate) fn choice_opt(registered: &Value, sub: &str, option: &str, name: &str) -> Value {
    let v = choice_value(registered, sub, option, name);
    opt(if v.is_string() { 3 } else { 4 }, option, v)
}

/// `white` challenges `black` in `channel` and `black` accepts: a game
/// starts there.
pub(crate) async fn start_game(
    fake: &FakeDiscord,
    registered: &Value,
    channel: u64,
    white: Who,
    black: Who,
) {
    let challenge = fake.slash(
        channel,
        white,
        "challenge",
        vec![
            opt(6, "opponent", json!(black.id.to_string())),
            choice_opt(registered, "challenge", "color", "white"),
        ],
        &[black],
    );
    answer(fake, &challenge).await;
    let accept = fake.slash(channel, black, "accept", vec![], &[]);
    let start = answer(fake, &accept).await;
    assert_eq!(flags(&start), 0, "{start}");
    let text = start["content"].as_str().unwrap_or_default();
    assert!(text.contains("starts"), "{start}");
}

/// `who` plays `san` in `channel`; returns the public answer.
pub(crate) async fn play(fake: &FakeDiscord, channel: u64, who: Who, san: &str) -> (Sent, Value) {
    let m = fake.slash(channel, who, "move", vec![opt(3, "move", json!(san))], &[]);
    let a = answer(fake, &m).await;
    assert_eq!(flags(&a), 0, "{san}: {a}");
    (m, a)
}

/// The users a call may ping (its `allowed_mentions.users`).
pub(crate) fn pinged(c: &RestCall) -> Vec<String> {
    c.message_data()["allowed_mentions"]["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().map(str::to_owned))
        .collect()
}

/// The bot's `POST /channels/{channel}/messages` calls after `since`.
fn posts_in(fake: &FakeDiscord, channel: u64, since: usize) -> Vec<RestCall> {
    let route = format!("/channels/{channel}/messages");
    fake.calls()
        .into_iter()
        .skip(since)
        .filter(|c| c.method == "POST" && c.route == route)
        .collect()
}

/// Correspondence comforts through serenity and poise: `/chess games` is private and
/// shows only the caller's games (in every channel); `/chess notify
/// where:dm` sends the "your move" notice as a direct message (a DM channel
/// opened with `POST /users/@me/channels`) instead of the mention; and when
/// Discord refuses the DM (50007), the notice goes to the game's channel,
/// mentioning the player, and that user's DMs are not tried again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_list_and_turn_notices_by_direct_message() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    // Games stay in their channels; Bob has closed his direct messages.
    fake.forbid_threads(true);
    fake.add_text_channel(OTHER_CHANNEL_ID, "chess-2");
    fake.refuse_dms(BOB.id, true);
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;

    // Two games: Alice - Bob here, Eve - Carol in the other channel.
    start_game(&fake, &registered, CHANNEL_ID, ALICE, BOB).await;
    start_game(&fake, &registered, OTHER_CHANNEL_ID, EVE, CAROL).await;

    // `/chess games`, privately, each player's own game only, wherever
    // it is asked.
    let here = format!("<#{CHANNEL_ID}>");
    let escaped_link = format!("\\<#{CHANNEL_ID}>");
    let there = format!("<#{OTHER_CHANNEL_ID}>");
    for (who, channel, mine, others) in [
        (
            ALICE,
            OTHER_CHANNEL_ID,
            (&here, "alice - bob"),
            (&there, ["eve", "carol"]),
        ),
        (
            BOB,
            CHANNEL_ID,
            (&here, "alice - bob"),
            (&there, ["eve", "carol"]),
        ),
        (
            EVE,
            CHANNEL_ID,
            (&there, "eve - carol"),
            (&here, ["alice", "bob"]),
        ),
    ] {
        let asked = fake.slash(channel, who, "games", vec![], &[]);
        let list = answer(&fake, &asked).await;
        assert_eq!(flags(&list) & EPHEMERAL, EPHEMERAL, "{}: {list}", who.name);
        let text = list["content"].as_str().unwrap_or_default();
        assert!(
            text.contains(mine.0.as_str()) && text.contains(mine.1),
            "{}: {text}",
            who.name
        );
        assert!(!text.contains(others.0.as_str()), "{}: {text}", who.name);
        for name in others.1 {
            assert!(!text.contains(name), "{} sees {name}: {text}", who.name);
        }
        assert_eq!(
            text.matches('#').count() - text.matches("<#").count(),
            1,
            "one game: {text}"
        );
        assert!(calls_of(&fake, &asked).iter().all(|c| pinged(c).is_empty()));
    }

    // Alice and Bob want their notices by direct message.
    for who in [ALICE, BOB] {
        let set = fake.slash(
            CHANNEL_ID,
            who,
            "settings",
            vec![choice_opt(&registered, "settings", "notify", "dm")],
            &[],
        );
        let done = answer(&fake, &set).await;
        assert_private_says(&done, "direct message");
    }

    // Alice moves: the bot opens a DM channel with Bob, Discord refuses the
    // message, and the notice comes in the game's channel, pinging Bob.
    let since = fake.mark();
    let (alice_move, _) = play(&fake, CHANNEL_ID, ALICE, "e4").await;
    let open = fake
        .wait_call("the DM channel with bob", since, |c| {
            c.method == "POST" && c.route == "/users/@me/channels"
        })
        .await;
    assert_eq!(open.status, 200, "{}", open.line());
    assert_eq!(open.body()["recipient_id"], json!(BOB.id.to_string()));
    let bob_dm = fake.dm_channel_of(BOB.id).expect("a DM channel with bob");
    let refused = fake
        .wait_call("the refused DM", since, |c| {
            c.method == "POST" && c.route == format!("/channels/{bob_dm}/messages")
        })
        .await;
    assert_eq!(refused.status, 403, "{}", refused.line());
    let bob = BOB.id.to_string();
    let fallback = fake
        .wait_call("the notice in the channel instead", since, |c| {
            c.method == "POST"
                && c.route == format!("/channels/{CHANNEL_ID}/messages")
                && c.body()["content"]
                    .as_str()
                    .is_some_and(|t| t.contains("your move in game #1"))
        })
        .await;
    assert_eq!(fallback.status, 200);
    let text = fallback.body()["content"].as_str().unwrap_or_default();
    assert!(text.contains(&format!("<@{bob}>")), "{text}");
    assert_eq!(pinged(&fallback), [bob.as_str()]);
    assert!(fake.messages_in(bob_dm).is_empty());
    // The move itself no longer pings Bob (his notice is separate).
    for c in calls_of(&fake, &alice_move) {
        assert!(!pinged(&c).contains(&bob), "{}: {}", c.line(), c.body());
    }

    // Bob moves: Alice gets her notice as a direct message, with the
    // board, and no mention in the channel.
    let since = fake.mark();
    play(&fake, CHANNEL_ID, BOB, "e5").await;
    let open = fake
        .wait_call("the DM channel with alice", since, |c| {
            c.method == "POST"
                && c.route == "/users/@me/channels"
                && c.body()["recipient_id"] == json!(ALICE.id.to_string())
        })
        .await;
    assert_eq!(open.status, 200, "{}", open.line());
    let alice_dm = fake
        .dm_channel_of(ALICE.id)
        .expect("a DM channel with alice");
    let channel = fake.channel(alice_dm).expect("the DM channel");
    assert_eq!(channel["type"], json!(1), "{channel}");
    assert_eq!(channel["recipients"][0]["id"], json!(ALICE.id.to_string()));
    let notice = fake
        .wait_for("alice's notice in her DMs", |v| {
            v.messages_in(alice_dm).first().map(|m| (*m).clone())
        })
        .await;
    let text = notice["content"].as_str().unwrap_or_default();
    assert!(
        text.contains("Your move in game #1")
            && text.contains(&here)
            && !text.contains(&escaped_link)
            && text.contains("bob played 1... e5"),
        "{notice}"
    );
    assert_eq!(
        notice["attachments"][0]["filename"],
        json!("board.png"),
        "{notice}"
    );
    let alice = ALICE.id.to_string();
    for c in posts_in(&fake, CHANNEL_ID, since) {
        assert!(!pinged(&c).contains(&alice), "{}: {}", c.line(), c.body());
    }

    // Alice moves again: Bob's DMs, refused a moment ago, are not tried
    // again; his notice comes in the channel at once.
    let since = fake.mark();
    play(&fake, CHANNEL_ID, ALICE, "Nf3").await;
    fake.wait_call("bob's second notice in the channel", since, |c| {
        c.method == "POST"
            && c.route == format!("/channels/{CHANNEL_ID}/messages")
            && pinged(c) == [bob.as_str()]
    })
    .await;
    assert!(
        fake.calls()
            .iter()
            .skip(since)
            .all(|c| c.route != format!("/channels/{bob_dm}/messages")),
        "bob's DMs tried again"
    );

    // Nothing pinged anyone but the players; the only refusals were the
    // threads (forbidden here) and the DM Discord refused.
    let calls = fake.calls();
    assert_mentions_limited(&calls, &[ALICE, BOB, EVE, CAROL]);
    let refused: Vec<String> = calls
        .iter()
        .filter(|c| c.status >= 400)
        .filter(|c| !c.route.ends_with("/threads"))
        .filter(|c| c.route != format!("/channels/{bob_dm}/messages"))
        .map(RestCall::line)
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");
    bot.stop().await;
    eprintln!("games list and DM notices: {:?}", started.elapsed());
}

/// An interaction answer only its caller sees, saying `text`.
fn assert_private_says(answer: &Value, text: &str) {
    assert_eq!(flags(answer) & EPHEMERAL, EPHEMERAL, "{answer}");
    assert!(
        answer["content"].as_str().is_some_and(|c| c.contains(text)),
        "{answer}"
    );
}
