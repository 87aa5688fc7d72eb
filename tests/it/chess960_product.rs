//! Chess960 through the service and the store: a rated 960 game
//! counts in the 960 pool only, its PGN, summary and lichess link, a
//! takeback after castling, a replay from the database by a fresh service,
//! the rematch from the same position, Stockfish in `UCI_Chess960` mode
//! (skipped without Stockfish), and the same on PostgreSQL when
//! `CHESSBOT_TEST_PG_URL` is set.

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::engine::{Engine, EngineConfig, Stockfish};
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::{ChannelKey, Store};
use chrono::Utc;

use crate::support;

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

fn actor(n: &str) -> Actor {
    Actor {
        id: n.into(),
        name: n.into(),
    }
}

async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).unwrap().expect("a command");
    svc.handle(&place(ch), &actor(who), cmd).await
}

fn error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

fn moves(r: &[Reply]) -> Vec<(String, String)> {
    // Public posts only: the mover's private copy names their next game.
    r.iter()
        .filter(|r| !r.ephemeral)
        .filter_map(|r| match &r.event {
            Some(Event::Move { san, uci, .. }) => Some((san.clone(), uci.clone())),
            _ => None,
        })
        .collect()
}

fn start(r: &[Reply]) -> Option<(String, String, Option<String>, Option<u32>)> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Start {
            white,
            fen,
            variant,
            position,
            ..
        }) => Some((white.clone(), fen.clone(), variant.clone(), *position)),
        _ => None,
    })
}

async fn service(store: Store) -> GameService {
    GameService::open(store, Arc::new(ManualClock::new(Utc::now())))
        .await
        .unwrap()
}

/// Position 291 (BQNRKRNB): both castlings after one knight move each.
async fn play_291(svc: &GameService, ch: &str) {
    let r = say(
        svc,
        ch,
        "alice",
        "/chess challenge @bob color:white variant:chess960 position:291",
    )
    .await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    assert!(
        r[0].text.contains("Chess960, start position 291."),
        "{}",
        r[0].text
    );
    let r = say(svc, ch, "bob", "/chess accept").await;
    let (white, fen, variant, position) = start(&r).expect("start");
    assert_eq!(white, "alice");
    assert_eq!(
        fen,
        "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1"
    );
    assert_eq!(variant.as_deref(), Some("chess960"));
    assert_eq!(position, Some(291));
    for (who, mv, uci) in [
        ("alice", "Nf3", "g1f3"),
        ("bob", "Nd6", "c8d6"),
        ("alice", "O-O", "e1f1"),
        ("bob", "e8d8", "e8d8"),
    ] {
        let r = say(svc, ch, who, &format!("/chess move {mv}")).await;
        assert!(error(&r).is_none(), "{mv}: {:?}", r[0].text);
        assert_eq!(moves(&r)[0].1, uci, "{mv}");
    }
}

async fn rated_960_game_counts_in_its_own_pool(store: Store) {
    let svc = service(store).await;
    play_291(&svc, "g").await;
    // A fresh service (no cache) replays the castlings from the database.
    let fresh = service(svc.store().clone()).await;
    let r = say(&fresh, "g", "alice", "/chess board").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let fen = &r.iter().find_map(|r| r.board.as_ref()).expect("board").fen;
    assert_eq!(
        fen,
        "bqkr1rnb/pppppppp/3n4/8/8/5N2/PPPPPPPP/BQNR1RKB w - - 4 3"
    );
    let r = say(&fresh, "g", "bob", "/chess resign").await;
    assert!(
        r.iter().any(|r| matches!(
            &r.event,
            Some(Event::End {
                ratings: Some(_),
                ..
            })
        )),
        "rated"
    );
    let store = fresh.store();
    let pool = store.rating("console:chess960", "alice").await.unwrap();
    assert_eq!(pool.map(|r| (r.games, r.wins)), Some((1, 1)));
    assert!(store.rating("console", "alice").await.unwrap().is_none());
    assert!(store.rating("console", "bob").await.unwrap().is_none());
    let row = store
        .last_finished_game(&ChannelKey {
            platform: "console".into(),
            guild: String::new(),
            channel: "g".into(),
        })
        .await
        .unwrap()
        .expect("game");
    assert_eq!(row.variant, "chess960");
    assert_eq!(row.start_position, Some(291));

    // PGN: variant, set-up and the start FEN; no opening.
    let r = say(&fresh, "g", "alice", "/chess pgn").await;
    let pgn = r
        .iter()
        .find_map(|r| match &r.event {
            Some(Event::Pgn { pgn }) => Some(pgn.clone()),
            _ => None,
        })
        .expect("pgn");
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("2. O-O O-O-O"), "{pgn}");
    assert!(!pgn.contains("[Opening"), "{pgn}");
    let r = say(&fresh, "g", "alice", "/chess summary").await;
    let summary = r
        .iter()
        .find(|r| matches!(r.event, Some(Event::Summary { .. })))
        .expect("summary");
    assert!(matches!(
        summary.event,
        Some(Event::Summary { opening: None, .. })
    ));
    let link = summary.link.as_ref().expect("lichess link");
    assert!(
        link.url.contains("%5BVariant%20%22Chess960%22%5D"),
        "{}",
        link.url
    );

    // Stats and leaderboard of each pool.
    let r = say(&fresh, "g", "alice", "/chess stats variant:chess960").await;
    assert!(matches!(
        &r[0].event,
        Some(Event::Stats { games: 1, variant: Some(v), .. }) if v == "chess960"
    ));
    let r = say(&fresh, "g", "alice", "/chess stats").await;
    assert!(matches!(
        &r[0].event,
        Some(Event::Stats {
            games: 0,
            variant: None,
            ..
        })
    ));
    let r = say(&fresh, "g", "alice", "/chess leaderboard 960").await;
    match &r[0].event {
        Some(Event::Leaderboard { rows, variant }) => {
            assert_eq!(variant.as_deref(), Some("chess960"));
            assert_eq!(rows.len(), 2);
        }
        other => panic!("{other:?}"),
    }
    let r = say(&fresh, "g", "alice", "/chess leaderboard").await;
    assert!(matches!(&r[0].event, Some(Event::Leaderboard { rows, .. }) if rows.is_empty()));

    // The rematch: same position, colours swapped.
    let r = say(&fresh, "g", "bob", "/chess rematch").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let r = say(&fresh, "g", "alice", "/chess accept").await;
    let (white, _, variant, position) = start(&r).expect("start");
    assert_eq!(white, "bob");
    assert_eq!(variant.as_deref(), Some("chess960"));
    assert_eq!(position, Some(291));
}

#[tokio::test]
async fn a_rated_960_game_counts_in_the_960_pool_only() {
    rated_960_game_counts_in_its_own_pool(super::test_store().await).await;
}

#[tokio::test]
async fn a_rated_960_game_counts_in_the_960_pool_only_on_postgres() {
    let Some(store) = support::pg_store("chess960_product").await else {
        return;
    };
    rated_960_game_counts_in_its_own_pool(store).await;
}

#[tokio::test]
async fn takeback_after_castling_and_random_and_custom_starts() {
    let svc = service(super::test_store().await).await;
    play_291(&svc, "t").await;
    let r = say(&svc, "t", "bob", "/chess takeback").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let r = say(&svc, "t", "alice", "/chess takeback").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    // Black castles again, now typed as the king's destination.
    let r = say(&svc, "t", "bob", "/chess move O-O-O").await;
    assert_eq!(moves(&r), vec![("O-O-O".to_string(), "e8d8".to_string())]);

    // A random position is named; a custom X-FEN is played unrated.
    let r = say(&svc, "r", "alice", "/chess challenge @bob chess960").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let r = say(&svc, "r", "bob", "/chess accept").await;
    let (_, _, variant, position) = start(&r).expect("start");
    assert_eq!(variant.as_deref(), Some("chess960"));
    let n = position.expect("a number");
    assert!(n < 960);
    assert!(
        r[0].text.contains(&format!("start position {n}.")),
        "{}",
        r[0].text
    );

    let r = say(
        &svc,
        "c",
        "alice",
        "/chess challenge @bob color:white variant:chess960 fen:\"4k3/8/8/8/8/8/8/1R2K2R w HB - 0 1\"",
    )
    .await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let r = say(&svc, "c", "bob", "/chess accept").await;
    let (_, fen, variant, position) = start(&r).expect("start");
    assert_eq!(fen, "4k3/8/8/8/8/8/8/1R2K2R w KQ - 0 1");
    assert_eq!((variant.as_deref(), position), (Some("chess960"), None));
    let r = say(&svc, "c", "alice", "/chess move O-O-O").await;
    assert_eq!(moves(&r), vec![("O-O-O".to_string(), "e1b1".to_string())]);

    // Bad values change nothing.
    for (line, code) in [
        ("/chess challenge variant:atomic", "invalid_variant"),
        (
            "/chess challenge variant:standard position:3",
            "invalid_variant",
        ),
        ("/chess challenge position:960", "invalid_option"),
        (
            "/chess computer variant:chess960 position:1000",
            "invalid_option",
        ),
    ] {
        let r = match text::parse(line) {
            Ok(Some(cmd)) => svc.handle(&place("x"), &actor("carol"), cmd).await,
            Err(e) => {
                assert_eq!(e.code(), code, "{line}");
                continue;
            }
            Ok(None) => panic!("{line}"),
        };
        assert_eq!(error(&r).as_deref(), Some(code), "{line}");
    }
    assert!(
        svc.store()
            .active_game(&ChannelKey {
                platform: "console".into(),
                guild: String::new(),
                channel: "x".into(),
            })
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn stockfish_plays_chess960_with_king_takes_rook_castling() {
    let engine = match Stockfish::new(&EngineConfig::from_env()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("NOTE: skipping, no Stockfish: {e}");
            return;
        }
    };
    // Position 0 (BBQNNRKR): the engine's first move of a 960 game.
    let dyn_engine: Arc<dyn Engine> = Arc::new(engine.clone());
    let svc = GameService::open_with_engine(
        super::test_store().await,
        Arc::new(ManualClock::new(Utc::now())),
        dyn_engine,
    )
    .await
    .unwrap();
    let r = say(
        &svc,
        "sf",
        "alice",
        "/chess computer level:8 color:black variant:chess960 position:0",
    )
    .await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let (_, fen, variant, position) = start(&r).expect("start");
    assert_eq!(
        fen,
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    assert_eq!((variant.as_deref(), position), (Some("chess960"), Some(0)));
    assert_eq!(moves(&r).len(), 1, "the engine moved first");
    // A few moves each: every engine move is legal in the 960 game.
    for mv in ["g6", "f5", "Nf6"] {
        let r = say(&svc, "sf", "alice", &format!("/chess move {mv}")).await;
        if error(&r).is_some() {
            // The engine's move may have made this one illegal: try another.
            let r = say(&svc, "sf", "alice", "/chess move h6").await;
            assert!(moves(&r).len() <= 2);
            continue;
        }
        assert_eq!(moves(&r).len(), 2, "{mv}: the engine answered");
    }

    // After both castlings written king-takes-rook (which Stockfish reads
    // only in UCI_Chess960 mode), its best move is legal in the game.
    let start = "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1";
    let played: Vec<String> = ["g1f3", "c8d6", "e1f1", "e8d8"].map(String::from).to_vec();
    let best = engine
        .best_move(start, &played, chessbot::engine::Level::MAX)
        .await
        .unwrap();
    let (p0, ms) = chessbot::engine::replay(start, &played).unwrap();
    let mut p = p0;
    for m in ms {
        p.play_unchecked(m);
    }
    assert!(p.is_legal(best), "{best:?}");
    let e = engine
        .evaluate(start, &played, std::time::Duration::from_millis(200))
        .await
        .unwrap();
    assert!(e.best.is_some_and(|m| p.is_legal(m)));
}

/// Discord: the `variant`/`position` options reach the service, the 960
/// board (an X-FEN standard chess cannot read) is drawn, castling is
/// played, and the `leaderboard variant:chess960` pool is the server's.
#[cfg(feature = "discord")]
#[tokio::test]
async fn a_960_game_through_the_discord_mapping() {
    use chessbot::adapters::discord::commands::{VariantOption, challenge_command, with_variant};
    use chessbot::adapters::discord::post::board_png;
    use chessbot::render::Renderer;

    let svc = service(super::test_store().await).await;
    let p = Place {
        platform: "discord".into(),
        guild: Some("200000000000000000".into()),
        channel: "300000000000000000".into(),
    };
    let alice = actor("100000000000000001");
    let bob = actor("100000000000000002");
    let cmd = with_variant(
        challenge_command(Some(bob.clone()), None, None, None, None),
        Some(VariantOption::Chess960),
        Some(291),
    );
    let r = svc.handle(&p, &alice, cmd).await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let r = svc
        .handle(&p, &bob, chessbot::service::Command::Accept)
        .await;
    let (white, _, _, position) = start(&r).expect("start");
    assert_eq!(position, Some(291));
    let renderer = Arc::new(Renderer::new());
    let board = r.iter().find_map(|r| r.board.as_ref()).expect("a board");
    assert!(board_png(&renderer, Some(board)).await.is_some(), "drawn");
    let (first, second) = if white == alice.name {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };
    let mv = |text: &str| chessbot::service::Command::Move { text: text.into() };
    svc.handle(&p, first, mv("Nf3")).await;
    svc.handle(&p, second, mv("Nd6")).await;
    let r = svc.handle(&p, first, mv("O-O")).await;
    assert_eq!(moves(&r), vec![("O-O".to_string(), "e1f1".to_string())]);
    let board = r.iter().find_map(|r| r.board.as_ref()).expect("a board");
    assert!(board_png(&renderer, Some(board)).await.is_some(), "drawn");
    svc.handle(&p, second, chessbot::service::Command::Resign)
        .await;
    let pool = svc
        .store()
        .rating("discord:200000000000000000:chess960", &first.id)
        .await
        .unwrap();
    assert_eq!(pool.map(|r| r.wins), Some(1));
}
