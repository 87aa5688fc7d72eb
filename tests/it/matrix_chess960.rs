//! End to end against a real Synapse: a Chess960 game played
//! through the Matrix adapter. Skips without a test homeserver, as
//! `matrix_e2e` does (`source .ci/synapse.sh`).
//!
//! Start position 74 (NNRKBBQR) lets both sides castle queen side at once:
//! the king on d1 and the rook on c1 swap (king to c1, rook to d1), which
//! the rules core confirms first. Alice challenges Bob with
//! `variant:chess960 position:74`, Bob accepts: the start message names
//! the position and the board picture shows the 960 back rank. Alice
//! castles with `O-O-O`, Bob with king-takes-rook `d8c8` (shown as
//! `O-O-O`), the boards show the castled kings, Bob resigns; the PGN has
//! the Chess960 tags and start FEN; the game is rated in the Chess960 pool
//! (`stats variant:chess960`) and not in the standard one.

use crate::matrix_e2e::against_synapse;
use std::time::Duration;

use anyhow::{anyhow, ensure};
use chessbot::chess::{Game, RulesMode, Variant};

use super::matrix_e2e::{Homeserver, Scene, body, download, is, say, until};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(120);
/// The start position: NNRKBBQR.
const POSITION: u32 = 74;
const START_FEN: &str = "nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR w KQkq - 0 1";

/// The moves, checked against the rules core before the game is played:
/// both castlings are queen side, the first input as SAN, the second as
/// the king taking its own rook.
#[test]
fn the_planned_960_moves_castle_at_once() {
    let mut g = Game::chess960(POSITION, RulesMode::default()).unwrap();
    assert_eq!(g.variant(), Variant::Chess960);
    assert_eq!(g.position().fen(), START_FEN);
    let (m, san) = g.play_input("O-O-O").unwrap();
    assert_eq!((san.as_str(), g.uci(m).as_str()), ("O-O-O", "d1c1"));
    let (m, san) = g.play_input("d8c8").unwrap();
    assert_eq!((san.as_str(), g.uci(m).as_str()), ("O-O-O", "d8c8"));
    g.play_input("e4").unwrap();
    assert_eq!(
        g.position().fen(),
        "nnkrbbqr/pppppppp/8/8/4P3/8/PPPP1PPP/NNKRBBQR b - - 0 2"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_game_in_a_matrix_room() {
    against_synapse("matrix_chess960", WHOLE, play960).await;
}

/// The first rank (or the eighth) of a text board: `1 | N N R K ... |`.
fn rank(board: &serde_json::Value, n: char) -> &str {
    body(board)
        .lines()
        .find(|l| l.starts_with(n))
        .unwrap_or_default()
}

async fn play960(hs: Homeserver) -> anyhow::Result<()> {
    let mut scene = Scene::open(&hs, "x").await?;
    let (alice, room, bob_room) = (
        scene.alice.clone(),
        scene.room.clone(),
        scene.bob_room.clone(),
    );
    let timeline = scene.alice_timeline.clone();
    let (bot_id, alice_name, bob_name) = (
        scene.cast.bot_id.clone(),
        scene.cast.alice_name.clone(),
        scene.cast.bob_name.clone(),
    );
    let watch = &mut scene.watch;

    say(
        &room,
        &format!("!chess challenge @{bob_name} color:white variant:chess960 position:{POSITION}"),
    )
    .await?;
    let challenge = watch.expect("m.text", "challenges").await?;
    ensure!(
        body(&challenge).contains(&format!("Chess960, start position {POSITION}.")),
        "{challenge:#}"
    );
    say(&bob_room, "!chess accept").await?;
    let start = watch.expect("m.text", "Game #1").await?;
    ensure!(
        body(&start).contains(&format!("Chess960, start position {POSITION}.")),
        "the start names the position: {start:#}"
    );
    let board = watch.expect("m.image", "+---").await?;
    ensure!(rank(&board, '1') == "1 | N N R K B B Q R |", "{board:#}");
    ensure!(rank(&board, '8') == "8 | n n r k b b q r |", "{board:#}");
    ensure!(board["content"]["info"]["mimetype"] == "image/png");
    let png = download(&alice, board["content"]["url"].as_str().unwrap_or_default()).await?;
    ensure!(png.starts_with(b"\x89PNG"), "the board is a PNG");

    // Both castle queen side, Alice by SAN, Bob by king-takes-rook.
    say(&room, "!chess move O-O-O").await?;
    watch.expect("m.text", "O-O-O").await?;
    let board = watch.expect("m.image", "+---").await?;
    ensure!(rank(&board, '1') == "1 | N N K R B B Q R |", "{board:#}");
    say(&bob_room, "!chess move d8c8").await?;
    watch.expect("m.text", "O-O-O").await?;
    let board = watch.expect("m.image", "+---").await?;
    ensure!(rank(&board, '8') == "8 | n n k r b b q r |", "{board:#}");
    say(&room, "!chess move e4").await?;
    watch.expect("m.text", "e4").await?;
    watch.expect("m.image", "+---").await?;
    say(&bob_room, "!chess resign").await?;
    let end = until(watch, "the end", |m| is(m, "m.text", "resigns")).await?;
    let last = end.last().ok_or_else(|| anyhow!("no end"))?;
    ensure!(body(last).contains(&alice_name), "{last:#}");

    // The summary, its PGN last: the Chess960 tags, the start FEN, the
    // castlings as O-O-O, no opening name.
    let summary = until(watch, "the PGN", |m| m["content"]["msgtype"] == "m.file").await?;
    ensure!(
        !summary.iter().any(|m| body(m).contains("Opening:")),
        "an opening name in a 960 summary: {summary:#?}"
    );
    let file = summary.last().ok_or_else(|| anyhow!("no PGN"))?;
    let pgn = String::from_utf8(
        download(&alice, file["content"]["url"].as_str().unwrap_or_default()).await?,
    )?;
    for needle in [
        "[Variant \"Chess960\"]",
        "[SetUp \"1\"]",
        &format!("[FEN \"{START_FEN}\"]"),
        "1. O-O-O O-O-O 2. e4",
        "[Result \"1-0\"]",
    ] {
        ensure!(pgn.contains(needle), "{needle} in {pgn}");
    }

    // Rated in the Chess960 pool, not in the standard one. One's own stats
    // are private: the room hears that they went to the direct room.
    say(&room, "!chess stats variant:chess960").await?;
    watch.expect("m.notice", "direct message").await?;
    let mut watch =
        crate::matrix_e2e::direct_room_with_bot(&alice, &timeline, bot_id.as_str()).await?;
    let stats = watch.next().await?;
    ensure!(
        body(&stats).contains(&alice_name) && body(&stats).contains("Games: 1 (wins 1"),
        "{stats:#}"
    );
    say(&room, "!chess stats").await?;
    let stats = watch.next().await?;
    ensure!(
        body(&stats).contains("has no rated games yet"),
        "a 960 game in the standard pool: {stats:#}"
    );
    Ok(())
}
