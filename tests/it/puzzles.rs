//! Puzzles from the players' own games, through the service and the store:
//! made from finished, analysed games (the scripted engine, and once the
//! real Stockfish), `puzzle` giving the caller's own missed chance first,
//! `solve` right and wrong, `not_your_puzzle` / `no_puzzle`, made once per
//! game, the daily puzzle posted at its hour exactly once a day through the
//! deadline machinery, and the store on PostgreSQL.

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::chess::{Game, RulesMode, START_FEN};
use chessbot::engine::{Engine, EngineConfig, Score, ScriptedCall, ScriptedEngine, Stockfish};
use chessbot::service::{
    Actor, Command, Event, GameService, LocalePrefs, ManualClock, Place, PuzzleDaily, Reply,
};
use chessbot::store::{NewPuzzle, Store};
use chrono::{TimeZone, Utc};

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

/// A command's replies in console channel `ch`, then what their
/// follow-ups give.
async fn say_in(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    say_at(svc, &place(ch), who, line).await
}

/// A command's replies at `place`, then what their follow-ups give.
async fn say_at(svc: &GameService, place: &Place, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).unwrap().expect("a command");
    let mut replies = svc.handle(place, &actor(who), cmd).await;
    let mut follow = Vec::new();
    for r in &replies {
        if let Some(work) = &r.follow_up {
            follow.extend(svc.follow_up(work).await);
        }
    }
    replies.extend(follow);
    replies
}

fn error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

/// `white` and `black` play `sans` in console channel `ch`, then `black`
/// resigns.
async fn play_and_resign(svc: &GameService, ch: &str, white: &str, black: &str, sans: &str) {
    play_and_resign_at(svc, &place(ch), white, black, sans).await;
}

/// `white` and `black` play `sans` at `place`, then `black` resigns.
async fn play_and_resign_at(
    svc: &GameService,
    place: &Place,
    white: &str,
    black: &str,
    sans: &str,
) {
    let r = say_at(
        svc,
        place,
        white,
        &format!("/chess challenge @{black} color:white"),
    )
    .await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    let r = say_at(svc, place, black, "/chess accept").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
    for (i, san) in sans.split_whitespace().enumerate() {
        let who = if i % 2 == 0 { white } else { black };
        let r = say_at(svc, place, who, &format!("/chess move {san}")).await;
        assert!(error(&r).is_none(), "{san}: {:?}", r[0].text);
    }
    let r = say_at(svc, place, black, "/chess resign").await;
    assert!(error(&r).is_none(), "{:?}", r[0].text);
}

/// The FEN after the first `plies` moves of `sans` from the start.
fn fen_after(sans: &str, plies: usize) -> String {
    let mut g = Game::from_fen(START_FEN, RulesMode::House).unwrap();
    for s in sans.split_whitespace().take(plies) {
        g.play_input(s).unwrap();
    }
    g.position().fen()
}

/// The puzzle event of a reply: (puzzle, fen, to_move, from_game, ply, daily).
fn puzzle_of(r: &[Reply]) -> (i64, String, String, i64, i64, bool) {
    r.iter()
        .find_map(|r| match &r.event {
            Some(Event::Puzzle {
                puzzle,
                fen,
                to_move,
                from_game,
                ply,
                daily,
            }) => Some((
                *puzzle,
                fen.clone(),
                to_move.clone(),
                *from_game,
                *ply,
                *daily,
            )),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no puzzle event: {:?}", r.first().map(|r| &r.text)))
}

/// The solved event: (correct, done, solution, streak, reply).
fn solved_of(r: &[Reply]) -> (bool, bool, Option<Vec<String>>, i64, Option<String>) {
    r.iter()
        .find_map(|r| match &r.event {
            Some(Event::Solved {
                correct,
                done,
                solution,
                streak,
                reply,
                ..
            }) => Some((*correct, *done, solution.clone(), *streak, reply.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no solved event: {:?}", r.first().map(|r| &r.text)))
}

const SCHOLAR: &str = "e4 e5 Bc4 Nc6 Qh5 Nf6 d3";
const KING_WALK: &str = "e4 e5 Qh5 Ke7 a3";

/// The scripted engine's view of both games: White misses Qxf7# in the
/// first; in the second Qxf7+ Kxf7 Bc4+ is a unique three-move line (as
/// scripted).
fn scripted() -> Arc<ScriptedEngine> {
    let engine = Arc::new(ScriptedEngine::new());
    engine.set_lines(
        &fen_after(SCHOLAR, 6),
        &[("h5f7", Score::Mates(1)), ("d2d3", Score::Cp(30))],
    );
    engine.set_lines(
        &fen_after(KING_WALK, 4),
        &[("h5f7 e7f7", Score::Cp(600)), ("a2a3", Score::Cp(0))],
    );
    engine.set_lines(
        &fen_after("e4 e5 Qh5 Ke7 Qxf7+ Kxf7", 6),
        &[("f1c4 d7d5", Score::Cp(700)), ("a2a3", Score::Cp(300))],
    );
    engine
}

#[tokio::test]
async fn analysed_games_become_puzzles_solved_and_failed_privately() {
    let clock = Arc::new(ManualClock::new(
        Utc.with_ymd_and_hms(2026, 12, 2, 9, 0, 0).unwrap(),
    ));
    let engine = scripted();
    let dyn_engine: Arc<dyn Engine> = engine.clone();
    let svc =
        GameService::open_with_engine(Store::memory().await.unwrap(), clock.clone(), dyn_engine)
            .await
            .unwrap();

    // Nothing analysed yet: no puzzle.
    let r = say_in(&svc, "general", "alice", "/chess puzzle").await;
    assert_eq!(error(&r).as_deref(), Some("no_puzzle"));
    assert!(r[0].ephemeral);

    play_and_resign(&svc, "general", "alice", "bob", SCHOLAR).await;
    play_and_resign(&svc, "g2", "carol", "dave", KING_WALK).await;
    // A game still running makes no puzzle.
    let r = say_in(
        &svc,
        "g3",
        "erin",
        "/chess challenge @frank color:white days:7",
    )
    .await;
    assert!(error(&r).is_none());
    say_in(&svc, "g3", "frank", "/chess accept").await;
    svc.settle_background().await;
    let first = svc.store().game_puzzles(1).await.unwrap();
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0].solution_san, "Qxf7#");
    assert_eq!(first[0].theme, "mate");
    assert_eq!(first[0].solver_id, "alice");
    assert_eq!(first[0].missed, 1);
    let second = svc.store().game_puzzles(2).await.unwrap();
    assert_eq!(second.len(), 1, "{second:?}");
    assert_eq!(second[0].solution_san, "Qxf7+ Kxf7 Bc4+");
    let (p1, p2) = (first[0].id, second[0].id);

    // Generation never runs twice for one game: a second summary asks the
    // engine for no more lines.
    let lines = |e: &ScriptedEngine| {
        e.calls()
            .iter()
            .filter(|c| matches!(c, ScriptedCall::Lines { .. }))
            .count()
    };
    let before = lines(&engine);
    say_in(&svc, "general", "alice", "/chess summary").await;
    svc.settle_background().await;
    assert_eq!(lines(&engine), before);
    assert_eq!(svc.store().game_puzzles(1).await.unwrap().len(), 1);

    // alice gets the chance she missed, privately, from her side.
    let r = say_in(&svc, "general", "alice", "/chess puzzle").await;
    let (id, fen, to_move, game, ply, daily) = puzzle_of(&r);
    assert_eq!(
        (id, fen.as_str(), to_move.as_str(), game, ply, daily),
        (p1, fen_after(SCHOLAR, 6).as_str(), "white", 1, 7, false)
    );
    assert!(r[0].ephemeral);
    assert!(r[0].board.as_ref().is_some_and(|b| !b.flip));
    assert!(r[0].text.contains("missed"), "{}", r[0].text);

    // Someone else's puzzle is not hers to answer.
    let r = say_in(
        &svc,
        "general",
        "alice",
        &format!("/chess solve Qxe5+ puzzle:{p2}"),
    )
    .await;
    assert_eq!(error(&r).as_deref(), Some("not_your_puzzle"));
    // Bad input costs no try.
    let r = say_in(&svc, "general", "alice", "/chess solve Kxz9").await;
    assert_eq!(error(&r).as_deref(), Some("invalid_notation"));
    // Wrong once, then right.
    let r = say_in(&svc, "general", "alice", "/chess solve Nf3").await;
    assert_eq!(solved_of(&r), (false, false, None, 0, None));
    assert!(r[0].ephemeral);
    let r = say_in(&svc, "general", "alice", "/chess solve qxf7").await;
    assert_eq!(
        solved_of(&r),
        (true, true, Some(vec!["Qxf7#".to_string()]), 1, None)
    );
    // Nothing open any more.
    let r = say_in(&svc, "general", "alice", "/chess solve Nf3").await;
    assert_eq!(error(&r).as_deref(), Some("no_puzzle"));

    // carol's line goes on: the reply, then the next move.
    let r = say_in(&svc, "g2", "carol", "/chess puzzle").await;
    assert_eq!(puzzle_of(&r).0, p2);
    let r = say_in(&svc, "g2", "carol", "/chess solve move:Qxf7+").await;
    assert_eq!(
        solved_of(&r),
        (true, false, None, 0, Some("Kxf7".to_string()))
    );
    assert!(r[0].text.contains("Kxf7"), "{}", r[0].text);
    let r = say_in(&svc, "g2", "carol", "/chess solve Bc4").await;
    let (correct, done, solution, streak, _) = solved_of(&r);
    assert!(correct && done);
    assert_eq!(streak, 1);
    assert_eq!(
        solution,
        Some(vec!["Qxf7+".to_string(), "Kxf7".into(), "Bc4+".into()])
    );

    // dave misses twice: the solution, and his streak is 0.
    let r = say_in(&svc, "g2", "dave", "/chess puzzle").await;
    assert_eq!(puzzle_of(&r).0, p2);
    let r = say_in(&svc, "g2", "dave", "/chess solve a4").await;
    assert_eq!(solved_of(&r), (false, false, None, 0, None));
    let r = say_in(&svc, "g2", "dave", "/chess solve h4").await;
    let (correct, done, solution, streak, _) = solved_of(&r);
    assert!(!correct && done);
    assert_eq!(streak, 0);
    assert_eq!(solution.map(|s| s.len()), Some(3));
    assert!(r[0].text.contains("Qxf7+ Kxf7 Bc4+"), "{}", r[0].text);

    // Someone without games gets a community puzzle; without one open,
    // solving is `no_puzzle`.
    let r = say_in(&svc, "g4", "gina", "/chess solve e4").await;
    assert_eq!(error(&r).as_deref(), Some("no_puzzle"));
    let r = say_in(&svc, "g4", "gina", "/chess puzzle").await;
    assert_eq!(puzzle_of(&r).0, p2);
    // Asked again, the same open puzzle.
    let r = say_in(&svc, "g4", "gina", "/chess puzzle").await;
    assert_eq!(puzzle_of(&r).0, p2);

    // The daily puzzle.
    let moderator = LocalePrefs {
        moderator: true,
        ..LocalePrefs::default()
    };
    let on = Command::Puzzle {
        daily: Some(PuzzleDaily::On { hour: Some(18) }),
    };
    let r = svc
        .handle(&place("general"), &actor("alice"), on.clone())
        .await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    let r = svc
        .handle_with(&place("general"), &actor("mod"), on, moderator)
        .await;
    assert!(error(&r).is_none(), "{}", r[0].text);
    assert!(r[0].text.contains("18:00"), "{}", r[0].text);
    // Not before the hour.
    clock.advance(chrono::Duration::hours(8));
    assert!(svc.run_due().await.is_empty());
    clock.advance(chrono::Duration::hours(1));
    let posts = svc.run_due().await;
    assert_eq!(posts.len(), 1, "{posts:?}");
    let (daily_id, _, _, _, _, daily) = puzzle_of(&posts);
    assert!(daily && !posts[0].ephemeral);
    // The newest: carol solved it, but she plays in another channel.
    assert_eq!(daily_id, p2);
    assert_eq!(posts[0].place.channel, "general");
    assert!(posts[0].board.is_some());
    // Exactly once a day.
    assert!(svc.run_due().await.is_empty());
    // henry answers the daily privately, without naming it, move by move.
    let daily_row = svc.store().puzzle(daily_id).await.unwrap().unwrap();
    let sans: Vec<String> = daily_row
        .solution_san
        .split_whitespace()
        .step_by(2)
        .map(str::to_string)
        .collect();
    for (i, san) in sans.iter().enumerate() {
        let r = say_in(&svc, "general", "henry", &format!("/chess solve {san}")).await;
        let (correct, done, _, _, _) = solved_of(&r);
        assert!(correct, "{}", r[0].text);
        assert_eq!(done, i + 1 == sans.len());
        assert!(r[0].ephemeral);
    }
    // The next day p1 is left out: alice, who plays here, solved it
    // already; with nothing else to post the day is skipped.
    clock.advance(chrono::Duration::days(1));
    assert!(svc.run_due().await.is_empty());
    // A new game here makes a new puzzle (the same miss, another game).
    play_and_resign(&svc, "general", "ivan", "judy", SCHOLAR).await;
    svc.settle_background().await;
    // The next day's post is that one, and names henry for the last.
    clock.advance(chrono::Duration::days(1));
    let posts = svc.run_due().await;
    assert_eq!(posts.len(), 1, "{posts:?}");
    let next = puzzle_of(&posts).0;
    assert!(next != daily_id && next != p1, "{next}");
    assert!(posts[0].text.contains("henry"), "{}", posts[0].text);
    // No puzzle left to post: the day is skipped, quietly.
    clock.advance(chrono::Duration::days(1));
    assert!(svc.run_due().await.is_empty());
    // Off.
    let r = svc
        .handle_with(
            &place("general"),
            &actor("mod"),
            Command::Puzzle {
                daily: Some(PuzzleDaily::Off),
            },
            moderator,
        )
        .await;
    assert!(error(&r).is_none());
}

/// The store's puzzles on PostgreSQL: made once per game, chosen for a
/// player, answered, and the daily claimed once.
/// `puzzle` waits only for the puzzles being made from its own
/// community's games: a slow search for another Matrix room's game holds
/// nobody here, while the room whose game it is gets the puzzle it waited
/// for.
#[tokio::test]
async fn puzzle_waits_only_for_its_own_communitys_searches() {
    let clock = Arc::new(ManualClock::new(
        Utc.with_ymd_and_hms(2026, 12, 2, 9, 0, 0).unwrap(),
    ));
    let engine = scripted();
    let slow = std::time::Duration::from_secs(6);
    engine.set_lines_delay(slow);
    let dyn_engine: Arc<dyn Engine> = engine.clone();
    let svc =
        GameService::open_with_engine(Store::memory().await.unwrap(), clock.clone(), dyn_engine)
            .await
            .unwrap();
    let room = |id: &str| Place {
        platform: "matrix".into(),
        guild: None,
        channel: id.into(),
    };
    let (busy, quiet) = (room("!busy:example.org"), room("!quiet:example.org"));
    play_and_resign_at(&svc, &busy, "alice", "bob", SCHOLAR).await;

    // The search for the busy room's game is running (each of its engine
    // calls takes `slow`); the quiet room is answered without waiting.
    let asked = std::time::Instant::now();
    let r = say_at(&svc, &quiet, "carol", "/chess puzzle").await;
    assert_eq!(error(&r).as_deref(), Some("no_puzzle"));
    assert!(
        asked.elapsed() < slow / 2,
        "waited {:?} for another room's puzzle search",
        asked.elapsed()
    );

    // The busy room's `puzzle` waits for its game's search and gets it.
    let r = say_at(&svc, &busy, "alice", "/chess puzzle").await;
    let (_, _, to_move, game, _, _) = puzzle_of(&r);
    assert_eq!((to_move.as_str(), game), ("white", 1));
    // Made, it stays the busy room's: not the quiet room's, and not in
    // another community that has no guild either (a Discord DM).
    let r = say_at(&svc, &quiet, "carol", "/chess puzzle").await;
    assert_eq!(error(&r).as_deref(), Some("no_puzzle"));
    let dm = |channel: &str| Place {
        platform: "discord".into(),
        guild: None,
        channel: channel.into(),
    };
    let r = say_at(&svc, &dm("dm-of-bob"), "bob", "/chess puzzle").await;
    assert_eq!(error(&r).as_deref(), Some("no_puzzle"));
}

/// A Chess960 puzzle whose answer is a castle is shown and solved through
/// the console: read as Chess960 (its X-FEN castling right), the castle
/// typed as `O-O` and played king-takes-rook.
#[tokio::test]
async fn a_chess960_puzzle_with_a_castle_is_solved_on_the_console() {
    let dir = tempfile::tempdir().unwrap();
    let db = crate::console::temp_db(&dir);
    // A finished game for the puzzle to come from.
    let out = crate::console::run_console(
        "alice: /chess challenge @bob color:white\nbob: /chess accept\n\
         alice: /chess move f3\nbob: /chess move e5\nalice: /chess move g4\n\
         bob: /chess move Qh4#\n",
        &db,
        &[],
    );
    assert!(out.iter().any(|v| v["event"]["type"] == "end"), "{out:?}");
    let store = Store::open(&db).await.unwrap();
    // White's king on f1 and rook on h1 with the H-file castling right: a
    // position standard chess refuses.
    let fen = "4k3/8/8/8/8/8/8/5K1R w H - 0 1";
    let puzzle = NewPuzzle {
        ply: 30,
        platform: "console".into(),
        guild: String::new(),
        community: "console".into(),
        fen: fen.into(),
        last_uci: None,
        before_fen: None,
        solution_uci: "f1h1".into(),
        solution_san: "O-O".into(),
        theme: "advantage".into(),
        white_id: "alice".into(),
        white_name: "alice".into(),
        black_id: "bob".into(),
        black_name: "bob".into(),
        solver_id: "alice".into(),
        missed: true,
    };
    assert!(store.save_puzzles(1, &[puzzle], 0).await.unwrap());
    store.close().await;

    let out =
        crate::console::run_console("alice: /chess puzzle\nalice: /chess solve O-O\n", &db, &[]);
    let event = |kind: &str| {
        out.iter()
            .find(|v| v["event"]["type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} event: {out:?}"))
            .clone()
    };
    let shown = event("puzzle");
    // Shown in X-FEN, where the outermost rook's right is written `K`.
    assert_eq!(
        shown["event"]["fen"], "4k3/8/8/8/8/8/8/5K1R w K - 0 1",
        "{shown}"
    );
    assert_eq!(shown["to"], "alice", "{shown}");
    let solved = event("solved");
    assert_eq!(solved["event"]["correct"], true, "{solved}");
    assert_eq!(solved["event"]["done"], true, "{solved}");
    assert_eq!(
        solved["event"]["solution"],
        serde_json::json!(["O-O"]),
        "{solved}"
    );
}

#[tokio::test]
async fn puzzles_on_postgres() {
    let Some(store) = support::pg_store("puzzles_on_postgres").await else {
        return;
    };
    store_round_trip(store).await;
}

#[tokio::test]
async fn puzzles_on_sqlite() {
    store_round_trip(Store::memory().await.unwrap()).await;
}

async fn store_round_trip(store: Store) {
    let clock = Arc::new(ManualClock::new(
        Utc.with_ymd_and_hms(2026, 12, 2, 9, 0, 0).unwrap(),
    ));
    let engine: Arc<dyn Engine> = scripted();
    let svc = GameService::open_with_engine(store.clone(), clock, engine)
        .await
        .unwrap();
    play_and_resign(&svc, "general", "alice", "bob", SCHOLAR).await;
    svc.settle_background().await;
    let made = store.game_puzzles(1).await.unwrap();
    assert_eq!(made.len(), 1);
    let again = NewPuzzle {
        ply: 99,
        platform: "console".into(),
        guild: String::new(),
        community: "console".into(),
        fen: made[0].fen.clone(),
        last_uci: None,
        before_fen: None,
        solution_uci: made[0].solution_uci.clone(),
        solution_san: made[0].solution_san.clone(),
        theme: "mate".into(),
        white_id: "alice".into(),
        white_name: "alice".into(),
        black_id: "bob".into(),
        black_name: "bob".into(),
        solver_id: "alice".into(),
        missed: true,
    };
    assert!(!store.save_puzzles(1, &[again], 0).await.unwrap());
    assert_eq!(store.game_puzzles(1).await.unwrap().len(), 1);
    let r = say_in(&svc, "general", "bob", "/chess puzzle").await;
    assert_eq!(puzzle_of(&r).0, made[0].id);
    let r = say_in(&svc, "general", "bob", "/chess solve Qxf7#").await;
    assert_eq!(solved_of(&r).3, 1);
    let record = store.puzzle_solver("console", "bob").await.unwrap();
    assert_eq!(
        (record.streak, record.solved, record.current_puzzle),
        (1, 1, None)
    );
}

/// With the real Stockfish: a game with a clear blunder (White misses a
/// mate in one) yields at least one puzzle with that answer.
#[tokio::test]
async fn stockfish_finds_the_missed_mate() {
    let mut config = EngineConfig::from_env();
    config.processes = Some(1);
    let sf = match Stockfish::new(&config) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("NOTE: skipping, no Stockfish: {e}");
            return;
        }
    };
    let engine: Arc<dyn Engine> = Arc::new(sf);
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open_with_engine(Store::memory().await.unwrap(), clock, engine)
        .await
        .unwrap();
    play_and_resign(&svc, "general", "alice", "bob", SCHOLAR).await;
    svc.settle_background().await;
    let made = svc.store().game_puzzles(1).await.unwrap();
    assert!(
        made.iter()
            .any(|p| p.solution_san.starts_with("Qxf7#") && p.solver_id == "alice"),
        "{made:?}"
    );
    let r = say_in(&svc, "general", "alice", "/chess puzzle").await;
    assert_eq!(puzzle_of(&r).2, "white");
    let r = say_in(&svc, "general", "alice", "/chess solve Qxf7#").await;
    assert!(solved_of(&r).0);
}
