//! Alt text through the fake Discord: every board picture the bot
//! attaches carries a `description` (Discord's alt text, which the fake
//! refuses over 1,024 characters, as Discord does) naming every piece of
//! a position of the game on its square, checked against the positions
//! the moves give; and the private `board text:true` answer is words.

use std::sync::Arc;

use chessbot::chess::{Game, RulesMode};
use chessbot::service::ManualClock;
use serde_json::json;

use crate::discord_e2e::{ALICE, BOB, TOKEN, answer, connect, opt, play, start_game};
use crate::support::fake_discord::{CHANNEL_ID, EPHEMERAL, FakeDiscord};
use crate::words::{named, names_every_piece, on_board};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_attachment_describes_its_position() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    let since = fake.mark();
    start_game(&fake, &registered, CHANNEL_ID, ALICE, BOB).await;
    let moves = ["e4", "e5", "Nf3", "Nc6"];
    let mut game = Game::new(RulesMode::House);
    let mut positions = vec![game.position().clone()];
    for (i, san) in moves.iter().enumerate() {
        play(&fake, CHANNEL_ID, if i % 2 == 0 { ALICE } else { BOB }, san).await;
        game.play_input(san).expect("legal");
        positions.push(game.position().clone());
    }
    let board = fake.slash(CHANNEL_ID, ALICE, "board", vec![], &[]);
    answer(&fake, &board).await;

    let mut described = 0;
    for call in fake.calls().into_iter().skip(since) {
        let data = call.message_data();
        for file in call.files.iter().filter(|f| f.filename == "board.png") {
            let entry = data["attachments"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|a| a["filename"] == file.filename)
                .unwrap_or_else(|| panic!("no attachment entry: {data}"));
            let alt = entry["description"]
                .as_str()
                .unwrap_or_else(|| panic!("a board without alt text: {entry}"));
            assert!(alt.chars().count() <= 1024, "{alt}");
            let pos = positions
                .iter()
                .find(|p| {
                    named(alt, "White") == on_board(p, chessbot::chess::Color::White)
                        && named(alt, "Black") == on_board(p, chessbot::chess::Color::Black)
                })
                .unwrap_or_else(|| panic!("no position of the game reads {alt}"));
            names_every_piece(alt, pos);
            described += 1;
        }
    }
    // The start, four moves and the board.
    assert!(described >= 6, "{described} board pictures described");

    // The position in words, privately, without a picture.
    let words = fake.slash(
        CHANNEL_ID,
        BOB,
        "board",
        vec![opt(5, "text", json!(true))],
        &[],
    );
    let a = answer(&fake, &words).await;
    assert_eq!(
        a["flags"].as_u64().unwrap_or(0) & EPHEMERAL,
        EPHEMERAL,
        "{a}"
    );
    let text = a["content"].as_str().unwrap_or_default();
    assert!(text.contains("White to move."), "{text}");
    names_every_piece(text, game.position());
    bot.stop().await;
}
