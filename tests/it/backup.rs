//! `chessbot backup`: a copy of a live SQLite database that opens with its
//! games; clear refusals for PostgreSQL, in-memory databases, an
//! existing output file and a symbolic link in its place.

use std::process::Command;

use chessbot::store::{ChannelKey, GameUpdate, MoveRow, NewChallenge, NewGame, Store};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

fn place() -> ChannelKey {
    ChannelKey {
        platform: "console".into(),
        guild: String::new(),
        channel: "general".into(),
    }
}

/// A game between alice and bob with 1. e4 played.
async fn game_with_a_move(store: &Store) -> i64 {
    let challenge = NewChallenge {
        place: place(),
        challenger_id: "alice".into(),
        challenger_name: "alice".into(),
        opponent_id: Some("bob".into()),
        opponent_name: Some("bob".into()),
        color: "white".into(),
        days: 3,
        start_fen: None,
        rules: "house".into(),
        created_at: 1_000,
        rated: false,
        variant: "standard".into(),
        start_position: None,
        bank: None,
        vacation_stops: true,
        import_moves: None,
        import_tags: None,
    };
    let game = NewGame {
        place: place(),
        white_id: "alice".into(),
        white_name: "alice".into(),
        black_id: "bob".into(),
        black_name: "bob".into(),
        start_fen: START.into(),
        rules: "house".into(),
        days: 3,
        deadline_at: 10_000_000,
        remind_at: 8_000_000,
        created_at: 1_000,
        rated: false,
        variant: "standard".into(),
        start_position: None,
        bank: None,
        vacation_stops: true,
        import: None,
    };
    let ch = store.insert_challenge(&challenge).await.unwrap();
    let id = store.accept_challenge(ch, &game).await.unwrap();
    let mv = MoveRow {
        ply: 1,
        uci: "e2e4".into(),
        san: "e4".into(),
        played_at: 2_000,
    };
    let update = GameUpdate {
        fen: AFTER_E4.into(),
        draw_offer: None,
        takeback_offer: None,
        deadline_at: Some(10_000_000),
        remind_at: Some(8_000_000),
        finish: None,
        now: 2_000,
        banks: None,
    };
    store.apply_move(id, 0, &mv, &update, None).await.unwrap();
    id
}

fn backup_cmd(db: &str, out: &std::path::Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .args(["backup", "--out"])
        .arg(out)
        .env("DATABASE_URL", db)
        .env_remove("RUST_LOG")
        .output()
        .expect("chessbot runs")
}

#[tokio::test]
async fn a_live_database_is_copied_with_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("live.db").display());
    let store = Store::open(&url).await.unwrap();
    let id = game_with_a_move(&store).await;

    // The store stays open (its last commit may be in the WAL only).
    let out = dir.path().join("copy.db");
    let run = backup_cmd(&url, &out);
    assert!(
        run.status.success(),
        "backup failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.contains("copy.db"), "{said}");

    // The live database keeps working after the backup.
    assert!(store.game(id).await.unwrap().is_some());

    let copy = Store::open(&format!("sqlite://{}", out.display()))
        .await
        .unwrap();
    let game = copy
        .game(id)
        .await
        .unwrap()
        .expect("the game is in the copy");
    assert_eq!((game.ply, game.fen.as_str()), (1, AFTER_E4));
    let moves = copy.moves(id).await.unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].uci, "e2e4");
    assert!(copy.active_game(&place()).await.unwrap().is_some());

    // A second backup to the same file is refused; the copy is untouched.
    let again = backup_cmd(&url, &out);
    assert!(!again.status.success());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("already exists"), "{err}");
    assert!(copy.game(id).await.unwrap().is_some());
    store.close().await;
    copy.close().await;
}

#[test]
fn postgres_and_memory_databases_are_refused_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.db");
    let pg = backup_cmd("postgres://chess:hunter2@db.example/chess", &out);
    assert!(!pg.status.success());
    let err = String::from_utf8_lossy(&pg.stderr);
    assert!(err.contains("pg_dump"), "{err}");
    assert!(!err.contains("hunter2"), "{err}");

    let memory = backup_cmd("sqlite::memory:", &out);
    assert!(!memory.status.success());
    let err = String::from_utf8_lossy(&memory.stderr);
    assert!(err.contains("in-memory"), "{err}");
    assert!(!out.exists());
}

#[test]
fn a_missing_database_is_not_created() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("missing.db");
    let out = dir.path().join("copy.db");
    let run = backup_cmd(&format!("sqlite://{}", db.display()), &out);
    assert!(!run.status.success());
    assert!(!db.exists() && !out.exists());
}

#[tokio::test]
async fn a_symbolic_link_as_out_is_refused_and_its_target_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("live.db").display());
    let store = Store::open(&url).await.unwrap();
    game_with_a_move(&store).await;

    // A link to nowhere: writing through it would create its target.
    let target = dir.path().join("elsewhere.db");
    let link = dir.path().join("link.db");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let run = backup_cmd(&url, &link);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("symbolic link"), "{err}");
    assert!(!target.exists(), "the backup was written through the link");

    // A link to an empty file (which `vacuum into` would fill).
    let empty = dir.path().join("empty");
    std::fs::write(&empty, "").unwrap();
    let link = dir.path().join("link-to-empty.db");
    std::os::unix::fs::symlink(&empty, &link).unwrap();
    assert!(!backup_cmd(&url, &link).status.success());
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);
    store.close().await;
}
