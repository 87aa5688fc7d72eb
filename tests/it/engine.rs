//! The engine component against the real Stockfish (found as the bot finds
//! it: `STOCKFISH_PATH`, `stockfish` on `PATH`, `/usr/games/stockfish`;
//! `.ci/stockfish.sh` installs it). Without it these tests print a note and
//! pass. The time-out and missing-binary tests need no Stockfish.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chessbot::chess::{Color, Game, Position, RulesMode, START_FEN};
use chessbot::engine::{
    self, Engine, EngineConfig, EngineError, Level, Score, Stockfish, analysis_budget,
};

/// The real engine, or `None` with a note.
fn stockfish(processes: usize) -> Option<Stockfish> {
    let mut config = EngineConfig::from_env();
    config.processes = Some(processes);
    match Stockfish::new(&config) {
        Ok(s) => Some(s),
        Err(e) => {
            eprintln!("NOTE: skipping, no Stockfish: {e}");
            None
        }
    }
}

/// Plays `engine`'s moves for both sides at `level` until the game ends or
/// `max_plies`; every move must be legal for the rules core.
async fn self_play(engine: &dyn Engine, level: Level, max_plies: usize) -> (Game, Duration) {
    let mut game = Game::new(RulesMode::House);
    let mut total = Duration::ZERO;
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let moves = engine::uci_moves(&game);
        let t = Instant::now();
        let m = engine
            .best_move(START_FEN, &moves, level)
            .await
            .expect("the engine answers a move");
        total += t.elapsed();
        assert!(
            game.position().is_legal(m),
            "illegal engine move {}",
            m.uci()
        );
        game.play(m).expect("legal move");
    }
    (game, total)
}

/// Whether `position` (side to move) has a move that checkmates.
fn has_mate_in_one(position: &Position) -> bool {
    position
        .legal_moves()
        .into_iter()
        .any(|m| position.after(m).is_checkmate())
}

fn game_from(fen: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_fen(fen, RulesMode::House).unwrap();
    for m in moves {
        game.play_input(m).unwrap();
    }
    game
}

#[tokio::test]
async fn a_level_one_game_plays_only_legal_moves() {
    let Some(sf) = stockfish(1) else { return };
    let (game, total) = self_play(&sf, Level::MIN, 60).await;
    assert!(
        game.outcome().is_some() || game.moves().len() == 60,
        "{:?}",
        game.sans()
    );
    let per_move = total / u32::try_from(game.moves().len()).unwrap();
    eprintln!(
        "level 1: {} plies, {:?} per move ({})",
        game.moves().len(),
        per_move,
        game.sans().join(" ")
    );
}

#[tokio::test]
async fn level_eight_mates_in_one() {
    let Some(sf) = stockfish(1) else { return };
    // Back rank: Ra8#.
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let t = Instant::now();
    let m = sf.best_move(fen, &[], Level::MAX).await.unwrap();
    eprintln!("level 8 move: {:?}", t.elapsed());
    let position = Position::from_fen(fen).unwrap();
    assert!(position.after(m).is_checkmate(), "{} is not mate", m.uci());
    assert_eq!(position.san(m), "Ra8#");
}

#[tokio::test]
async fn level_eight_mates_in_two() {
    let Some(sf) = stockfish(1) else { return };
    // 1. Nf6+ gxf6 2. Bxf7# (no mate in one; every reply to Nf6+ is mated).
    let fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
    let start = Position::from_fen(fen).unwrap();
    assert!(!has_mate_in_one(&start));
    let first = sf.best_move(fen, &[], Level::MAX).await.unwrap();
    let after = start.after(first);
    let replies = after.legal_moves();
    assert!(
        !replies.is_empty(),
        "{} is mate in one, not two",
        first.uci()
    );
    for reply in &replies {
        assert!(
            has_mate_in_one(&after.after(*reply)),
            "after {} {} White has no mate",
            first.uci(),
            reply.uci()
        );
    }
    // And the engine finds the second move after each reply.
    for reply in replies {
        let moves = vec![first.uci(), reply.uci()];
        let second = sf.best_move(fen, &moves, Level::MAX).await.unwrap();
        assert!(after.after(reply).after(second).is_checkmate());
    }
}

#[tokio::test]
async fn fools_mate_analysis_marks_g4_as_whites_blunder() {
    let Some(sf) = stockfish(2) else { return };
    let game = game_from(START_FEN, &["f3", "e5", "g4", "Qh4#"]);
    let a = sf
        .analyse_game(&game, Duration::from_secs(1))
        .await
        .unwrap();
    eprintln!("fool's mate: {a:?}");
    assert!(a.white.blunders >= 1, "{a:?}");
    assert_eq!(a.black.blunders + a.black.mistakes, 0, "{a:?}");
    let worst = a.worst.clone().expect("a worst move");
    assert_eq!((worst.ply, worst.san.as_str()), (3, "g4"));
    assert_ne!(worst.best_san, "g4");
    assert!(a.white.accuracy < a.black.accuracy);
    assert!(a.white.acpl > 400, "{a:?}");
}

#[tokio::test]
async fn evaluations_are_from_whites_point_of_view() {
    let Some(sf) = stockfish(1) else { return };
    // Black to move, a queen down.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let e = sf
        .evaluate(fen, &[], Duration::from_millis(200))
        .await
        .unwrap();
    assert!(e.score.win_percent() > 90.0, "{:?}", e.score);
    // Checkmated: decided on the board.
    let moves: Vec<String> = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from).into();
    let e = sf
        .evaluate(START_FEN, &moves, Duration::from_millis(200))
        .await
        .unwrap();
    assert_eq!(e.score, Score::Mated(0));
    assert!(engine::accepts_draw(Score::Cp(10).ceiled_cp(), 31));
}

#[tokio::test]
async fn a_killed_engine_process_is_replaced() {
    let Some(sf) = stockfish(1) else { return };
    sf.best_move(START_FEN, &[], Level::MIN).await.unwrap();
    let pids = sf.idle_pids();
    assert_eq!(pids.len(), 1);
    let status = std::process::Command::new("kill")
        .args(["-9", &pids[0].to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // Right away: either the dead process is noticed when taken, or the
    // search on it fails and is run again on a new one.
    let m = sf.best_move(START_FEN, &[], Level::MIN).await.unwrap();
    assert!(Position::startpos().is_legal(m));
    let now = sf.idle_pids();
    assert_eq!(now.len(), 1);
    assert_ne!(now, pids);
    // Killed while idle and noticed later, too.
    std::process::Command::new("kill")
        .args(["-9", &now[0].to_string()])
        .status()
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let moves = vec!["e2e4".to_string()];
    sf.best_move(START_FEN, &moves, Level::MIN).await.unwrap();
    assert_ne!(sf.idle_pids(), now);
}

#[tokio::test]
async fn the_same_game_gets_the_same_analysis_twice() {
    let Some(sf) = stockfish(2) else { return };
    let (game, _) = self_play(&sf, Level::MIN, 40).await;
    let budget = analysis_budget(game.moves().len());
    let t = Instant::now();
    let first = sf.analyse_game(&game, budget).await.unwrap();
    let took = t.elapsed();
    // Other searches in between leave the processes' hash tables changed.
    let other = game_from(START_FEN, &["e4", "c5", "Nf3", "d6", "d4"]);
    sf.analyse_game(&other, budget).await.unwrap();
    sf.evaluate(START_FEN, &[], Duration::from_millis(200))
        .await
        .unwrap();
    let second = sf.analyse_game(&game, budget).await.unwrap();
    eprintln!(
        "analysis of {} plies: {took:?} ({:?} per position); {first:?}",
        game.moves().len(),
        took / u32::try_from(game.moves().len() + 1).unwrap()
    );
    assert!(first.coverage.is_complete(), "{:?}", first.coverage);
    assert_eq!(first.evaluations.len(), game.moves().len() + 1);
    assert_eq!(first, second);
    for color in [Color::White, Color::Black] {
        let side = first.side(color);
        assert!((0.0..=100.0).contains(&side.accuracy), "{side:?}");
    }
}

#[tokio::test]
async fn a_busy_engine_gives_a_shallower_analysis_not_none() {
    let Some(sf) = stockfish(1) else { return };
    let (game, _) = self_play(&sf, Level::MIN, 60).await;
    // Far too little time for 60 full searches on one process: the later
    // positions get the shallow search, the last ones none.
    let budget = Duration::from_millis(300);
    let t = Instant::now();
    let a = sf.analyse_game(&game, budget).await.unwrap();
    let took = t.elapsed();
    eprintln!(
        "a busy analysis of {} plies: {took:?}; {:?}",
        game.moves().len(),
        a.coverage
    );
    assert!(!a.coverage.is_complete(), "{:?}", a.coverage);
    assert!(a.coverage.shallow_from.is_some(), "{:?}", a.coverage);
    let judged = a.coverage.plies.unwrap_or(game.moves().len());
    assert!(judged >= 1, "{:?}", a.coverage);
    assert_eq!(a.evaluations.len(), judged + 1);
    // Past twice the budget no search starts; the last one may finish.
    assert!(took < budget * 2 + Duration::from_secs(2), "{took:?}");
}

#[tokio::test]
async fn a_missing_binary_is_unavailable() {
    let config = EngineConfig {
        stockfish_path: Some(PathBuf::from("/nonexistent")),
        ..EngineConfig::default()
    };
    let e = Stockfish::new(&config).err().expect("no engine");
    assert!(matches!(e, EngineError::Unavailable { .. }));
    assert!(e.to_string().contains("apt-get install stockfish"), "{e}");
    let engine = engine::from_config(&config);
    assert!(engine.check().is_err());
    let e = engine
        .best_move(START_FEN, &[], Level::MIN)
        .await
        .unwrap_err();
    assert!(e.is_unavailable(), "{e}");
    let game = Game::new(RulesMode::House);
    let e = engine
        .analyse_game(&game, Duration::from_secs(1))
        .await
        .unwrap_err();
    assert!(e.is_unavailable(), "{e}");
}

#[cfg(unix)]
#[tokio::test]
async fn a_hanging_engine_is_stopped_then_killed() {
    use std::os::unix::fs::PermissionsExt;
    // Speaks the handshake, then ignores `go` and `stop`.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hanging-engine");
    std::fs::write(
        &path,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name Hang'; echo uciok ;;\n    isready) echo readyok ;;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let pool = Stockfish::with_binary(path, 1);
    let t = Instant::now();
    let e = pool
        .best_move(START_FEN, &[], Level::MIN)
        .await
        .unwrap_err();
    assert!(matches!(e, EngineError::Timeout(_)), "{e:?}");
    // Level 1's 50 ms, the 1 s slack and the 0.5 s grace after `stop`.
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert!(pool.idle_pids().is_empty(), "the hung process is not kept");
}

/// An engine that writes every line it is sent to `log` and never ends a
/// search by itself.
#[cfg(unix)]
fn recording_hanging_engine(dir: &std::path::Path, log: &std::path::Path) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("recording-engine");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\nwhile read -r line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n    uci) echo 'id name Hang'; echo uciok ;;\n    isready) echo readyok ;;\n  esac\ndone\n",
            log.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// The `go` lines the engines were sent so far.
fn go_lines(log: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("go "))
        .map(str::to_string)
        .collect()
}

/// Background work (puzzle searches, analyses) holds at most the pool's
/// background share: with two processes and two long puzzle searches
/// waiting, a computer's move still starts on the second process at once.
#[cfg(unix)]
#[tokio::test]
async fn background_searches_leave_a_process_for_a_computer_move() {
    use std::sync::Arc;
    assert_eq!(engine::pool::background_share(1), 1);
    assert_eq!(engine::pool::background_share(2), 1);
    assert_eq!(engine::pool::background_share(8), 7);
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("lines.log");
    let pool = Arc::new(Stockfish::with_binary(
        recording_hanging_engine(dir.path(), &log),
        2,
    ));
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..2 {
        let pool = Arc::clone(&pool);
        tasks.spawn(async move {
            let _ = pool.lines(START_FEN, &[], 2, Duration::from_secs(60)).await;
        });
    }
    let waited = Instant::now();
    while go_lines(&log).is_empty() && waited.elapsed() < Duration::from_secs(10) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Time for the second background search to take a process, were it
    // allowed to.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(go_lines(&log).len(), 1, "{:?}", go_lines(&log));
    {
        let pool = Arc::clone(&pool);
        tasks.spawn(async move {
            let _ = pool.best_move(START_FEN, &[], Level::MIN).await;
        });
    }
    let computer_go = format!("go depth {} ", Level::MIN.depth());
    let waited = Instant::now();
    while !go_lines(&log).iter().any(|l| l.starts_with(&computer_go))
        && waited.elapsed() < Duration::from_secs(10)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let sent = go_lines(&log);
    assert!(
        sent.iter().any(|l| l.starts_with(&computer_go)),
        "the computer's move waits behind background work: {sent:?}"
    );
    tasks.abort_all();
}

/// A whole game through the service against `computer level:1`: the
/// human plays pseudo-random legal moves until the game ends (or a ply
/// cap); every engine move the service posts is legal in our own replay.
#[tokio::test]
async fn a_service_game_against_level_one_has_only_legal_engine_moves() {
    use std::sync::Arc;

    use chessbot::adapters::text;
    use chessbot::service::{Actor, Event, GameService, ManualClock, Place};

    let Some(sf) = stockfish(1) else { return };
    let store = chessbot::store::Store::memory().await.unwrap();
    let clock = Arc::new(ManualClock::starting_now());
    let svc = GameService::open_with_engine(store, clock, Arc::new(sf))
        .await
        .unwrap();
    let place = Place {
        platform: "console".into(),
        guild: None,
        channel: "general".into(),
    };
    let alice = Actor {
        id: "alice".into(),
        name: "alice".into(),
    };
    let say = |line: &str| {
        let cmd = text::parse(line).unwrap().expect("a command");
        svc.handle(&place, &alice, cmd)
    };
    let r = say("/chess computer level:1 color:white").await;
    assert!(
        matches!(r[0].event, Some(Event::Start { .. })),
        "{:?}",
        r[0].text
    );
    let mut game = Game::new(RulesMode::House);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut engine_moves = 0u32;
    let mut engine_time = Duration::ZERO;
    let mut ended = None;
    while game.moves().len() < 160 {
        let legal = game.position().legal_moves();
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pick = legal[usize::try_from(seed % legal.len() as u64).unwrap()];
        let t = Instant::now();
        let r = say(&format!("/chess move {}", pick.uci())).await;
        let took = t.elapsed();
        for reply in &r {
            match &reply.event {
                Some(Event::Error { code, message }) => panic!("{code}: {message}"),
                Some(Event::Move { by, uci, .. }) => {
                    let m = game
                        .position()
                        .parse_move(uci)
                        .unwrap_or_else(|e| panic!("{by} played {uci}, illegal: {e}"));
                    if by == "alice" {
                        assert_eq!(m, pick);
                    } else {
                        assert_eq!(by, "Stockfish level 1");
                        engine_moves += 1;
                        engine_time += took;
                    }
                    game.play(m).unwrap();
                }
                Some(Event::End {
                    result, ratings, ..
                }) => {
                    assert_eq!(*ratings, None);
                    ended = Some(result.clone());
                }
                _ => {}
            }
        }
        if ended.is_some() {
            break;
        }
        assert_eq!(
            game.position().turn(),
            Color::White,
            "the engine answered at once"
        );
    }
    assert!(engine_moves > 0);
    assert_eq!(
        ended.is_some(),
        game.outcome().is_some(),
        "{:?}",
        game.sans()
    );
    eprintln!(
        "service game vs level 1: {} plies, result {:?}, {:?} per answered move (human move, engine move and both writes)",
        game.moves().len(),
        ended,
        engine_time / engine_moves
    );
}

/// Where the bot has endgame tables, the engine gets them (`SyzygyPath`)
/// for background work (a puzzle search, an analysis) and never for a
/// game's move: the process is given the tables before the puzzle search
/// and `<empty>` again before the computer's move.
#[cfg(unix)]
#[tokio::test]
async fn the_tables_reach_the_engine_for_background_work_only() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("lines.log");
    let path = dir.path().join("answering-engine");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\nwhile read -r line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n    uci) echo 'id name Answer'; echo uciok ;;\n    isready) echo readyok ;;\n    go*) echo 'info depth 1 multipv 1 score cp 20 pv e2e4'; echo 'bestmove e2e4' ;;\n  esac\ndone\n",
            log.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let pool = Stockfish::new(&EngineConfig {
        stockfish_path: Some(path),
        processes: Some(1),
        syzygy_path: Some("/tables/wdl:/tables/dtz".into()),
        ..EngineConfig::default()
    })
    .expect("a pool");
    let sent = || -> Vec<String> {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .lines()
            .filter(|l| l.starts_with("setoption name SyzygyPath") || l.starts_with("go "))
            .map(str::to_string)
            .collect()
    };
    pool.lines(START_FEN, &[], 1, Duration::from_millis(50))
        .await
        .expect("a puzzle search");
    assert_eq!(
        sent()[..2],
        [
            "setoption name SyzygyPath value /tables/wdl:/tables/dtz".to_string(),
            sent()[1].clone()
        ]
    );
    assert!(sent()[1].starts_with("go "), "{:?}", sent());
    pool.best_move(START_FEN, &[], Level::MIN)
        .await
        .expect("a move");
    let after = sent();
    assert_eq!(after.len(), 4, "{after:?}");
    assert_eq!(after[2], "setoption name SyzygyPath value <empty>");
    assert!(after[3].starts_with("go "), "{after:?}");
    // An evaluation during a game: still no tables, nothing to change.
    pool.evaluate(START_FEN, &[], Duration::from_millis(50))
        .await
        .expect("an evaluation");
    let last = sent();
    assert_eq!(last.len(), 5, "{last:?}");
    assert!(last[4].starts_with("go "), "{last:?}");
}
