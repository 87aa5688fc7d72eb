//! Player pages on Discord, through serenity/poise against the fake
//! Discord with `--http` serving pages: a running game's board posts carry
//! a "Play on the board" button; a player who presses it gets their own
//! link privately, anyone else a private refusal, and no public message
//! ever shows a player link. Moves made on the pages (an HTTP POST to a
//! page's action) come out in the game's thread as board posts, once (a
//! repeated request posts nothing), and the mate ends the game there with
//! its summary. Every board picture posted in the thread carries alt text
//! (an attachment description within Discord's 1,024 characters) naming
//! each piece of the position at that moment, read from the position.

use std::sync::Arc;

use chessbot::adapters::discord::backend::open_with_clock;
use chessbot::adapters::discord::scale::Shards;
use chessbot::adapters::discord::{RunOptions, run_with_pages};
use chessbot::chess::{Color, Position, Role};
use chessbot::http::{Health, Platform};
use chessbot::lifecycle::{Process, Shutdown};
use chessbot::service::{Clock, ManualClock};
use serde_json::{Value, json};
use tokio::sync::oneshot;

use crate::discord_e2e::{ALICE, BOB, EVE, TOKEN, answer, content, custom_ids, flags, id_of, opt};
use crate::player_page::act;
use crate::support::fake_discord::{APP_ID, CHANNEL_ID, EPHEMERAL, FakeDiscord, WAIT, Who};

/// The bot on the fake with pages served at `base`.
struct PageBot {
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    stop: oneshot::Sender<()>,
    base: String,
}

async fn start(fake: &FakeDiscord, db: &str, clock: &Arc<ManualClock>) -> PageBot {
    let clock: Arc<dyn Clock> = Arc::clone(clock) as Arc<dyn Clock>;
    let service = open_with_clock(db, clock).await.expect("open the service");
    let health = Health::new(Platform::Chat);
    let addr = chessbot::http::start("127.0.0.1:0".parse().expect("addr"), Arc::clone(&health))
        .await
        .expect("serve pages");
    let base = format!("http://{addr}");
    let process = Process {
        shutdown: Shutdown::new(),
        health: Some(health),
        public_url: Some(base.clone()),
    };
    process.opened(service.store());
    process.serving(&service);
    let posts = process.page_posts(&service);
    assert!(posts.is_some(), "pages served with a public address");
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
    let since = fake.mark();
    let task = tokio::spawn(run_with_pages(options, posts));
    fake.wait_call("command registration", since, |c| {
        c.method == "PUT" && c.route == format!("/applications/{APP_ID}/commands")
    })
    .await;
    fake.wait_sessions(1).await;
    PageBot { task, stop, base }
}

impl PageBot {
    async fn stop(self) {
        let _ = self.stop.send(());
        let outcome = tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the bot stops in time")
            .expect("no panic");
        outcome.expect("the bot ran");
    }
}

/// The thread messages carrying a board picture (`board.png`).
fn board_posts(fake: &FakeDiscord, thread: u64) -> Vec<Value> {
    fake.messages_in(thread)
        .into_iter()
        .filter(|m| board_attachment(m).is_some())
        .collect()
}

fn board_attachment(m: &Value) -> Option<&Value> {
    m["attachments"]
        .as_array()?
        .iter()
        .find(|a| a["filename"] == "board.png")
}

/// Waits for a board post in `thread` after the first `seen` whose text
/// contains `san`; returns it.
async fn board_post_with(fake: &FakeDiscord, thread: u64, seen: usize, san: &str) -> Value {
    fake.wait_for(&format!("a board post with {san}"), |v| {
        v.messages_in(thread)
            .into_iter()
            .skip(seen)
            .find(|m| board_attachment(m).is_some() && content(m).contains(san))
            .cloned()
    })
    .await
}

/// `who` presses the "Play on the board" button of `message`: the answer.
async fn press_play(fake: &FakeDiscord, who: Who, message: &Value) -> Value {
    let button = custom_ids(message)
        .into_iter()
        .find(|id| id.starts_with("chess:play_board:g"))
        .unwrap_or_else(|| panic!("a Play on the board button on {message}"));
    let click = fake.click(who, id_of(message), &button);
    let a = answer(fake, &click).await;
    assert_eq!(flags(&a) & EPHEMERAL, EPHEMERAL, "a private answer: {a}");
    a
}

/// The player link in a private answer.
fn link_in(answer: &Value, base: &str) -> String {
    let text = content(answer);
    let at = text
        .find(&format!("{base}/p/"))
        .unwrap_or_else(|| panic!("a player link in {answer}"));
    text[at..]
        .split(|c: char| c.is_whitespace() || c == '>' || c == ')')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The position after `moves` (UCI) from the start.
fn position_after(moves: &[&str]) -> Position {
    let mut pos = Position::startpos();
    for uci in moves {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|m| pos.uci(*m) == *uci)
            .unwrap_or_else(|| panic!("{uci} is legal"));
        pos.play(m).expect("legal");
    }
    pos
}

/// The description names every piece of `pos` on its own side: each
/// side's part (from "White:" / "Black:") holds the square of each of
/// that side's pieces, and as many squares as the side has pieces.
fn assert_names_every_piece(description: &str, pos: &Position) {
    assert!(description.chars().count() <= 1024, "{description}");
    let white_at = description
        .find("White: King")
        .unwrap_or_else(|| panic!("White's pieces in {description:?}"));
    let black_at = description
        .find("Black: King")
        .unwrap_or_else(|| panic!("Black's pieces in {description:?}"));
    assert!(white_at < black_at, "{description}");
    let white = &description[white_at..black_at];
    let black = &description[black_at..];
    for (side, part) in [(Color::White, white), (Color::Black, black)] {
        let mut count = 0;
        for role in [
            Role::King,
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ] {
            for sq in pos.pieces(side, role) {
                count += 1;
                assert!(
                    part.contains(&sq.to_string()),
                    "{side:?} {role:?} on {sq} in {part:?}"
                );
            }
        }
        let squares = part
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| {
                w.len() == 2
                    && w.as_bytes()[0].is_ascii_lowercase()
                    && (b'a'..=b'h').contains(&w.as_bytes()[0])
                    && (b'1'..=b'8').contains(&w.as_bytes()[1])
            })
            .count();
        assert!(squares >= count, "{side:?}: {part:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_button_gives_players_their_link_and_page_moves_reach_the_thread() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/play.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let bot = start(&fake, &db, &clock).await;

    // Alice (White) challenges Bob, who accepts: the game's thread opens.
    let challenge = fake.slash(
        CHANNEL_ID,
        ALICE,
        "challenge",
        vec![
            opt(6, "opponent", json!(BOB.id.to_string())),
            opt(4, "color", json!(0)),
        ],
        &[BOB],
    );
    let offer = answer(&fake, &challenge).await;
    let accept_id = custom_ids(&offer)
        .into_iter()
        .find(|id| id.starts_with("chess:accept_challenge"))
        .expect("an Accept button");
    let _ = fake.click(BOB, id_of(&offer), &accept_id);
    let thread = crate::discord_notices::game_thread(&fake).await;
    let start = board_post_with(&fake, thread, 0, "").await;
    // The position of each board post: the moves played before it.
    let mut played: Vec<&str> = Vec::new();
    let mut plies_at: Vec<(usize, usize)> = vec![(0, 0)];
    assert!(
        custom_ids(&start)
            .iter()
            .any(|id| id.starts_with("chess:play_board:g")),
        "the start's board carries the button: {start}"
    );

    // Eve is refused privately; Alice and Bob get their own links.
    let refused = press_play(&fake, EVE, &start).await;
    assert!(
        content(&refused).contains("Only this game's players"),
        "{refused}"
    );
    assert!(!content(&refused).contains("/p/"), "{refused}");
    let alice = link_in(&press_play(&fake, ALICE, &start).await, &bot.base);
    let bob = link_in(&press_play(&fake, BOB, &start).await, &bot.base);
    assert_ne!(alice, bob);

    // Alice plays f3 on her page: the move comes out in the thread as a
    // board post with the button; the same request again posts nothing.
    let seen = fake.messages_in(thread).len();
    let f3 = json!({"action": "move", "move": "f2f3", "ply": 0});
    let (status, body) = tokio::task::spawn_blocking({
        let (alice, f3) = (alice.clone(), f3.clone());
        move || act(&alice, &f3)
    })
    .await
    .expect("joins");
    assert_eq!(status, 200, "{body}");
    played.push("f2f3");
    plies_at.push((seen, played.len()));
    let post = board_post_with(&fake, thread, seen, "f3").await;
    assert!(
        custom_ids(&post)
            .iter()
            .any(|id| id.starts_with("chess:play_board:g")),
        "{post}"
    );
    let (status, body) = tokio::task::spawn_blocking({
        let alice = alice.clone();
        move || act(&alice, &f3)
    })
    .await
    .expect("joins");
    assert_eq!((status, &body["repeated"]), (200, &json!(true)), "{body}");

    // Bob answers with a typed e5; Alice plays g4 on her page, Bob mates
    // on his: Qh4#.
    let seen = fake.messages_in(thread).len();
    let e5 = fake.slash(thread, BOB, "move", vec![opt(3, "move", json!("e5"))], &[]);
    let a = answer(&fake, &e5).await;
    assert_eq!(flags(&a) & EPHEMERAL, 0, "{a}");
    played.push("e7e5");
    plies_at.push((seen, played.len()));
    board_post_with(&fake, thread, seen, "e5").await;
    for (link, uci, san) in [(&alice, "g2g4", "g4"), (&bob, "d8h4", "Qh4")] {
        let seen = fake.messages_in(thread).len();
        let action = json!({"action": "move", "move": uci, "ply": played.len()});
        let link = link.clone();
        let (status, body) = tokio::task::spawn_blocking(move || act(&link, &action))
            .await
            .expect("joins");
        assert_eq!(status, 200, "{san}: {body}");
        played.push(uci);
        plies_at.push((seen, played.len()));
        fake.wait_for(&format!("{san} in the thread"), |v| {
            v.messages_in(thread)
                .into_iter()
                .skip(seen)
                .any(|m| content(m).contains(san))
                .then_some(())
        })
        .await;
    }
    // The mate ends the game in the thread, and its summary follows.
    fake.wait_for("the result in the thread", |v| {
        v.messages_in(thread)
            .into_iter()
            .any(|m| content(m).contains("Checkmate"))
            .then_some(())
    })
    .await;
    fake.wait_for("the summary's GIF in the thread", |v| {
        v.messages_in(thread)
            .into_iter()
            .any(|m| {
                m["attachments"].as_array().is_some_and(|a| {
                    a.iter()
                        .any(|f| f["filename"].as_str().is_some_and(|n| n.ends_with(".gif")))
                })
            })
            .then_some(())
    })
    .await;

    // Each page move was posted once: one board post with it between
    // that move and the next.
    let messages = fake.messages_in(thread);
    for (k, san) in [(1usize, "f3"), (3, "g4")] {
        let from = plies_at[k].0;
        let to = plies_at.get(k + 1).map_or(messages.len(), |p| p.0);
        let posts = messages[from..to]
            .iter()
            .filter(|m| board_attachment(m).is_some() && content(m).contains(san))
            .count();
        assert_eq!(posts, 1, "{san} posted {posts} times");
    }

    // Every board picture in the thread has its words, naming each piece
    // of the position it shows (the final one for the result and card).
    for (i, m) in messages.iter().enumerate() {
        let Some(board) = board_attachment(m) else {
            continue;
        };
        let description = board["description"].as_str().unwrap_or_default();
        assert!(!description.is_empty(), "no alt text on {m}");
        let plies = plies_at
            .iter()
            .rev()
            .find(|(from, _)| i >= *from)
            .map_or(0, |(_, n)| *n);
        assert_names_every_piece(description, &position_after(&played[..plies]));
    }
    assert!(board_posts(&fake, thread).len() >= 4);

    // No public message ever carried a player link.
    for c in fake.calls() {
        let body = c.message_data();
        let text = body["content"].as_str().unwrap_or_default();
        if text.contains("/p/") {
            assert_eq!(
                body["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
                EPHEMERAL,
                "a player link in public: {}",
                c.line()
            );
        }
    }
    bot.stop().await;
}
