//! End to end against a real Synapse: a game brought in as a PGN file.
//! Skips without a test homeserver, as `matrix_e2e` does
//! (`source .ci/synapse.sh`).
//!
//! Alice sends `club.pgn` as an `m.file` whose caption is the command
//! (`!chess challenge @bob white`); Bob accepts: the game starts after the
//! file's moves, with the import line naming the original players, and
//! goes on from there (Black to move). A PGN file without a caption is no
//! command and gets no answer.

use std::time::Duration;

use matrix_sdk::attachment::AttachmentConfig;
use matrix_sdk::ruma::events::room::message::TextMessageEventContent;

use super::matrix_e2e::{Homeserver, Scene, against_synapse, say};

/// The whole test.
const WHOLE: Duration = Duration::from_secs(120);

/// A club game adjourned after White's third move, with a comment and a
/// NAG (accepted and ignored).
const PGN: &str = "[Event \"Club night\"]\n[White \"Kasparov fan\"]\n[Black \"Karpov fan\"]\n\
[Result \"*\"]\n\n1. e4 {the usual} e5 2. Nf3 Nc6 3. Bb5 $1 *\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pgn_file_with_a_challenge_caption_starts_the_game_from_it() {
    against_synapse("matrix_pgn_file", WHOLE, pgn_file).await;
}

async fn pgn_file(hs: Homeserver) -> anyhow::Result<()> {
    let mut scene = Scene::open(&hs, "f").await?;
    let (room, bob_room) = (scene.room.clone(), scene.bob_room.clone());
    let bob_name = scene.cast.bob_name.clone();
    let watch = &mut scene.watch;
    let pgn_mime: mime::Mime = "application/x-chess-pgn".parse()?;

    // A file alone is no command: the bot's next message answers the
    // captioned one after it.
    room.send_attachment(
        "alone.pgn",
        &pgn_mime,
        PGN.as_bytes().to_vec(),
        AttachmentConfig::new(),
    )
    .await?;

    let caption = format!("!chess challenge @{bob_name} white");
    room.send_attachment(
        "club.pgn",
        &pgn_mime,
        PGN.as_bytes().to_vec(),
        AttachmentConfig::new().caption(Some(TextMessageEventContent::plain(caption))),
    )
    .await?;
    watch.expect("m.text", "challenges").await?;
    say(&bob_room, "!chess accept").await?;
    let start = watch
        .expect("m.text", "Continued from a PGN after 3 moves")
        .await?;
    let text = start["content"]["body"].as_str().unwrap_or_default();
    assert!(text.contains("Kasparov fan"), "{text}");
    // The position the game continues from, as a picture.
    watch.expect("m.image", "").await?;
    // Black is to move after 3. Bb5: Bob plays on.
    say(&bob_room, "!chess move a6").await?;
    watch.expect("m.text", "a6").await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pgn_file_without_a_size_is_read_within_the_limit() {
    against_synapse("matrix_pgn_file_size", WHOLE, undeclared_size).await;
}

/// A 2 MiB file whose message declares no size (and one declaring a false,
/// small size): the bot stops reading at the limit and says it is too
/// large, as it does for a file that declares its size.
async fn undeclared_size(hs: Homeserver) -> anyhow::Result<()> {
    use matrix_sdk::ruma::UInt;
    use matrix_sdk::ruma::events::room::message::{
        FileInfo, FileMessageEventContent, MessageType, RoomMessageEventContent,
    };
    let mut scene = Scene::open(&hs, "g").await?;
    let room = scene.room.clone();
    let bob_name = scene.cast.bob_name.clone();
    let watch = &mut scene.watch;
    let pgn_mime: mime::Mime = "application/x-chess-pgn".parse()?;
    let mut big = PGN.as_bytes().to_vec();
    big.resize(2 << 20, b' ');
    let uploaded = room.client().media().upload(&pgn_mime, big, None).await?;
    for declared in [None, Some(UInt::from(100u32))] {
        let mut file = FileMessageEventContent::plain(
            format!("!chess challenge @{bob_name} white"),
            uploaded.content_uri.clone(),
        );
        file.filename = Some("big.pgn".to_string());
        let mut info = FileInfo::new();
        info.mimetype = Some(pgn_mime.to_string());
        info.size = declared;
        file.info = Some(Box::new(info));
        room.send(RoomMessageEventContent::new(MessageType::File(file)))
            .await?;
        // The refusal is private: in the room only the pointer to it.
        watch.expect("m.notice", "direct message").await?;
    }
    Ok(())
}
