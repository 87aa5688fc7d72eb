//! Store tests: schema rules enforced by the database, guarded writes.

use chessbot::store::{
    ChannelKey, GameUpdate, MoveRow, NewChallenge, NewGame, PlacePrefsRow, Store, StoreError,
    UserText,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn chan(c: &str) -> ChannelKey {
    ChannelKey {
        platform: "console".into(),
        guild: String::new(),
        channel: c.into(),
    }
}

fn challenge(c: &str) -> NewChallenge {
    NewChallenge {
        place: chan(c),
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
    }
}

fn game(c: &str) -> NewGame {
    NewGame {
        place: chan(c),
        white_id: "alice".into(),
        white_name: "alice".into(),
        black_id: "bob".into(),
        black_name: "bob".into(),
        start_fen: START.into(),
        rules: "house".into(),
        days: 3,
        deadline_at: 10_000,
        remind_at: 8_000,
        created_at: 1_000,
        rated: false,
        variant: "standard".into(),
        start_position: None,
        bank: None,
        vacation_stops: true,
        import: None,
    }
}

fn update(fen: &str, now: i64) -> GameUpdate {
    GameUpdate {
        fen: fen.into(),
        draw_offer: None,
        takeback_offer: None,
        deadline_at: Some(now + 10_000),
        remind_at: Some(now + 8_000),
        finish: None,
        now,
        banks: None,
    }
}

fn mv(ply: i64, uci: &str) -> MoveRow {
    MoveRow {
        ply,
        uci: uci.into(),
        san: uci.into(),
        played_at: 2_000,
    }
}

async fn started(store: &Store, c: &str) -> i64 {
    let ch = store.insert_challenge(&challenge(c)).await.unwrap();
    store.accept_challenge(ch, &game(c)).await.unwrap()
}

/// A SQLite file in a directory that does not exist is refused with the
/// directory named, not SQLite's bare "unable to open database file".
#[tokio::test]
async fn a_missing_directory_is_named() {
    let Err(e) = Store::open("sqlite:///nonexistent-chessbot-dir/sub/x.db").await else {
        panic!("a database in a missing directory was opened");
    };
    let text = e.to_string();
    assert!(
        text.contains("/nonexistent-chessbot-dir/sub") && text.contains("does not exist"),
        "{text}"
    );
}

#[tokio::test]
async fn one_open_challenge_and_one_active_game_per_channel() {
    let store = super::test_store().await;
    store.insert_challenge(&challenge("a")).await.unwrap();
    assert!(matches!(
        store.insert_challenge(&challenge("a")).await,
        Err(StoreError::Busy)
    ));
    // Another channel is independent.
    started(&store, "b").await;
    let open = store.open_challenge(&chan("a")).await.unwrap().unwrap();
    store.accept_challenge(open.id, &game("a")).await.unwrap();
    // The database refuses a second active game in channel a, and the
    // refused acceptance leaves the challenge open (one transaction).
    let second = store.insert_challenge(&challenge("a")).await.unwrap();
    assert!(matches!(
        store.accept_challenge(second, &game("a")).await,
        Err(StoreError::Busy)
    ));
    assert_eq!(
        store.open_challenge(&chan("a")).await.unwrap().unwrap().id,
        second
    );
}

#[tokio::test]
async fn a_move_applies_once_at_the_expected_ply() {
    let store = super::test_store().await;
    let id = started(&store, "a").await;
    store
        .apply_move(id, 0, &mv(1, "e2e4"), &update("fen1", 2_000), None)
        .await
        .unwrap();
    assert!(matches!(
        store
            .apply_move(id, 0, &mv(1, "d2d4"), &update("fen1b", 2_000), None)
            .await,
        Err(StoreError::Stale)
    ));
    let moves = store.moves(id).await.unwrap();
    assert_eq!(moves, vec![mv(1, "e2e4")]);
    let g = store.game(id).await.unwrap().unwrap();
    assert_eq!((g.ply, g.fen.as_str()), (1, "fen1"));
    assert!(store.inconsistent_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn takeback_deletes_moves_and_finishing_is_claimed_once() {
    let store = super::test_store().await;
    let id = started(&store, "a").await;
    store
        .apply_move(id, 0, &mv(1, "e2e4"), &update("f1", 2_000), None)
        .await
        .unwrap();
    store
        .apply_move(id, 1, &mv(2, "e7e5"), &update("f2", 2_000), None)
        .await
        .unwrap();
    store
        .take_back(id, 2, 1, &update("f1", 3_000))
        .await
        .unwrap();
    assert_eq!(store.moves(id).await.unwrap().len(), 1);
    assert!(store.inconsistent_games().await.unwrap().is_empty());
    store
        .finish_game(id, 1, "1-0", "resignation", 4_000, None)
        .await
        .unwrap();
    assert!(matches!(
        store
            .finish_game(id, 1, "0-1", "timeout", 4_000, None)
            .await,
        Err(StoreError::Stale)
    ));
    let g = store.game(id).await.unwrap().unwrap();
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert!(!g.is_active());
    // The channel is free again.
    started(&store, "a").await;
}

#[tokio::test]
async fn deadlines_are_found_and_reminders_claimed_once() {
    let store = super::test_store().await;
    let id = started(&store, "a").await;
    assert_eq!(store.next_due().await.unwrap(), Some(8_000));
    assert!(store.due_games(7_999).await.unwrap().is_empty());
    assert_eq!(store.due_games(8_000).await.unwrap().len(), 1);
    assert!(
        store
            .claim_reminder(id, 0, 8_000, 20_000)
            .await
            .unwrap()
            .is_some()
    );
    assert!(
        store
            .claim_reminder(id, 0, 8_000, 20_000)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(store.next_due().await.unwrap(), Some(10_000));
    assert_eq!(
        store.next_due_for(Some("console")).await.unwrap(),
        Some(10_000)
    );
    assert_eq!(store.next_due_for(Some("discord")).await.unwrap(), None);
    assert!(
        store
            .due_games_for(Some("discord"), 10_000, 10)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn the_outbox_hands_an_unposted_announcement_to_one_taker_after_its_lease() {
    let store = super::test_store().await;
    let id = started(&store, "a").await;
    let end = store
        .finish_game_announced(id, 0, "0-1", "timeout", 10_000, 15_000, None)
        .await
        .unwrap();
    // Ending it again fails and writes no second announcement.
    assert!(matches!(
        store
            .finish_game_announced(id, 0, "0-1", "timeout", 10_000, 15_000, None)
            .await,
        Err(StoreError::Stale)
    ));
    assert_eq!(store.next_due().await.unwrap(), Some(15_000));
    assert!(
        store
            .expired_announcements(None, 14_999, 10)
            .await
            .unwrap()
            .is_empty()
    );
    let rows = store.expired_announcements(None, 15_000, 10).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].id, end);
    assert_eq!(rows[0].game_id, id);
    assert_eq!(rows[0].platform, "console");
    assert_eq!(rows[0].kind, chessbot::store::ANNOUNCE_END);
    assert!(
        store
            .expired_announcements(Some("matrix"), 15_000, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // Two takers race: one wins.
    assert!(store.renew_announcement(end, 15_000, 30_000).await.unwrap());
    assert!(!store.renew_announcement(end, 15_000, 31_000).await.unwrap());
    store.ack_announcement(end).await.unwrap();
    // The game's summary has its own entry, recorded by the same
    // transaction, leased to the process that ended the game.
    let left = store
        .expired_announcements(None, i64::MAX, 10)
        .await
        .unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].kind, chessbot::store::ANNOUNCE_SUMMARY);
    assert_eq!(
        left[0].lease_until,
        10_000 + chessbot::store::SUMMARY_LEASE_MS
    );
    store.ack_announcement(left[0].id).await.unwrap();
    assert!(
        store
            .expired_announcements(None, i64::MAX, 10)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(store.next_due().await.unwrap(), None);
}

#[tokio::test]
async fn file_database_is_created_and_reopened() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("sub.db").display());
    let id = {
        let store = Store::open(&url).await.unwrap();
        let id = started(&store, "a").await;
        store.close().await;
        id
    };
    let store = Store::open(&url).await.unwrap();
    assert_eq!(store.active_game(&chan("a")).await.unwrap().unwrap().id, id);
    assert!(dir.path().join("sub.db-wal").exists() || dir.path().join("sub.db").exists());
}

#[tokio::test]
async fn a_bad_url_is_an_error() {
    assert!(Store::open("postgres-ish://nope").await.is_err());
}

#[tokio::test]
async fn rebinding_moves_the_game_to_a_thread() {
    let store = super::test_store().await;
    let id = started(&store, "a").await;
    assert!(store.rebind_channel(&chan("a"), &chan("t")).await.unwrap());
    assert_eq!(store.active_game(&chan("t")).await.unwrap().unwrap().id, id);
    assert!(store.active_game(&chan("a")).await.unwrap().is_none());
}

#[tokio::test]
async fn channel_languages_are_stored_per_platform_and_channel() {
    let store = super::test_store().await;
    assert_eq!(
        store.channel_language("console", "general").await.unwrap(),
        None
    );
    store
        .set_channel_language("console", "general", "ru")
        .await
        .unwrap();
    assert_eq!(
        store.channel_language("console", "general").await.unwrap(),
        Some("ru".to_string())
    );
    // Setting again replaces; other channels and platforms are apart.
    store
        .set_channel_language("console", "general", "ro")
        .await
        .unwrap();
    store
        .set_channel_language("matrix", "general", "th")
        .await
        .unwrap();
    assert_eq!(
        store.channel_language("console", "general").await.unwrap(),
        Some("ro".to_string())
    );
    assert_eq!(
        store.channel_language("matrix", "general").await.unwrap(),
        Some("th".to_string())
    );
    assert_eq!(
        store.channel_language("console", "lobby").await.unwrap(),
        None
    );
}

/// The one statement a command reads its preferences with
/// sees each of the three tables, on both backends.
#[tokio::test]
async fn place_prefs_reads_language_channel_board_and_user_board_in_one() {
    let store = super::test_store().await;
    let read = store
        .place_prefs("console", "general", "alice")
        .await
        .unwrap();
    assert_eq!(read, PlacePrefsRow::default());
    store
        .set_channel_language("console", "general", "th")
        .await
        .unwrap();
    store
        .set_channel_board("console", "general", "black")
        .await
        .unwrap();
    store
        .set_user_text(UserText::BoardView, "console", "alice", "white")
        .await
        .unwrap();
    store
        .set_user_text(UserText::BoardTheme, "console", "alice", "green")
        .await
        .unwrap();
    let read = store
        .place_prefs("console", "general", "alice")
        .await
        .unwrap();
    assert_eq!(read.language.as_deref(), Some("th"));
    assert_eq!(read.channel_board.as_deref(), Some("black"));
    assert_eq!(read.board_view.as_deref(), Some("white"));
    assert_eq!(read.theme.as_deref(), Some("green"));
    let bob = store
        .place_prefs("console", "general", "bob")
        .await
        .unwrap();
    assert_eq!((bob.board_view, bob.theme), (None, None));
    assert_eq!(bob.language.as_deref(), Some("th"));
    // A theme without a view reads as just that.
    store
        .set_user_text(UserText::BoardTheme, "console", "carol", "blue")
        .await
        .unwrap();
    let carol = store
        .place_prefs("console", "general", "carol")
        .await
        .unwrap();
    assert_eq!(
        (carol.board_view, carol.theme.as_deref()),
        (None, Some("blue"))
    );
    // Another channel, another user, another platform: nothing of it.
    let other = store.place_prefs("console", "h", "bob").await.unwrap();
    assert_eq!(other, PlacePrefsRow::default());
    let elsewhere = store
        .place_prefs("discord", "general", "alice")
        .await
        .unwrap();
    assert_eq!(elsewhere, PlacePrefsRow::default());
}

/// The one statement a move reads the next player with: their
/// lines of this game, their running vacation and their notify setting,
/// on both backends.
#[tokio::test]
async fn next_player_reads_lines_vacation_and_notify_setting_in_one() {
    use chessbot::store::{NewVacation, NextPlayerRow};
    let store = super::test_store().await;
    let id = started(&store, "a").await;
    let read = store
        .next_player(id, "console", "bob", 5_000)
        .await
        .unwrap();
    assert_eq!(read, NextPlayerRow::default());
    store
        .set_premove(id, 0, "bob", None, Some("e2e4 e7e5"), 2_000)
        .await
        .unwrap();
    store
        .start_vacation("console", "bob", 0, |_| {
            Ok::<_, ()>(NewVacation {
                started_at: 3_000,
                ends_at: 90_000,
                days: 1,
            })
        })
        .await
        .unwrap()
        .unwrap();
    store
        .set_user_text(UserText::NotifyTarget, "console", "bob", "dm")
        .await
        .unwrap();
    let read = store
        .next_player(id, "console", "bob", 5_000)
        .await
        .unwrap();
    let lines = read.lines.expect("bob's lines");
    assert_eq!(
        (lines.game_id, lines.ply, lines.lines.as_str()),
        (id, 0, "e2e4 e7e5")
    );
    assert_eq!(read.vacation_ends_at, Some(90_000));
    assert_eq!(read.notify_target.as_deref(), Some("dm"));
    // Another player has none of these; a vacation not running is none.
    let alice = store
        .next_player(id, "console", "alice", 5_000)
        .await
        .unwrap();
    assert_eq!(alice, NextPlayerRow::default());
    let later = store
        .next_player(id, "console", "bob", 90_000)
        .await
        .unwrap();
    assert_eq!(later.vacation_ends_at, None);
    assert!(later.lines.is_some());
}

#[tokio::test]
async fn a_game_remembers_the_language_it_started_in() {
    let store = super::test_store().await;
    let id = started(&store, "g").await;
    assert_eq!(store.game_locale(id).await.unwrap(), None);
    store.set_game_locale(id, Some("th")).await.unwrap();
    assert_eq!(store.game_locale(id).await.unwrap(), Some("th".to_string()));
    assert_eq!(store.game_locale(id + 1000).await.unwrap(), None);
}
