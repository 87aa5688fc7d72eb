//! The bot's safeguards against crashes, slow engines, abuse and leaks:
//!
//! - summaries exactly once, a game's end that never waits for the engine,
//!   analysis computed once:
//!   `summary_survives_a_crash_and_is_posted_once`,
//!   `analysis_is_computed_once_and_summary_repeats_it`,
//!   `console_answers_the_next_command_while_the_engine_analyses`
//! - log spans attached with `.instrument()`:
//!   `interleaved_commands_log_with_their_own_fields`
//! - statistics inside their community:
//!   `matrix_rooms_never_learn_each_others_records`
//! - rating farming: `rated_games_between_two_players_count_three_times_a_day`
//! - summaries cannot exhaust the bot:
//!   `summary_gif_is_kept_and_summary_is_rate_limited`
//! - the engine's move has a deadline: `a_move_the_engine_owes_has_a_deadline`
//! - long texts: `long_texts_are_cut_at_lines_with_a_count_of_the_rest`
//! - the Matrix store: `the_matrix_store_is_private_and_has_a_passphrase`

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chessbot::adapters::text;
use chessbot::engine::{Engine, GameAnalysis, ScriptedCall, ScriptedEngine, SideAnalysis};
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chrono::{TimeDelta, Utc};

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

/// A command's replies (follow-ups not run).
async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    svc.handle(&place(ch), &actor(who), cmd).await
}

fn is_summary(r: &Reply) -> bool {
    matches!(r.event, Some(Event::Summary { .. }))
}

fn has_error(r: &[Reply]) -> bool {
    r.iter()
        .any(|r| matches!(r.event, Some(Event::Error { .. })))
}

/// alice (white) mates bob in `ch` (fool's mate reversed); the replies of
/// the mating move, follow-ups not run.
async fn fools_mate(svc: &GameService, ch: &str) -> Vec<Reply> {
    assert!(!has_error(
        &say(svc, ch, "bob", "/chess challenge @alice color:white").await
    ));
    assert!(!has_error(&say(svc, ch, "alice", "/chess accept").await));
    for (who, mv) in [("bob", "f3"), ("alice", "e5"), ("bob", "g4")] {
        let r = say(svc, ch, who, &format!("/chess move {mv}")).await;
        assert!(!has_error(&r), "{mv}: {:?}", r[0].text);
    }
    say(svc, ch, "alice", "/chess move Qh4#").await
}

fn analysis(accuracy: f64) -> GameAnalysis {
    let side = SideAnalysis {
        inaccuracies: 1,
        mistakes: 0,
        blunders: 1,
        acpl: 80,
        accuracy,
    };
    GameAnalysis {
        white: side.clone(),
        black: side,
        worst: None,
        evaluations: Vec::new(),
        coverage: Default::default(),
    }
}

fn summary_accuracy(r: &Reply) -> Option<f64> {
    match &r.event {
        Some(Event::Summary {
            analysis: Some(a), ..
        }) => Some(a.white.accuracy),
        _ => None,
    }
}

/// Every summary the announcer posts now (claimed, "posted" and
/// acknowledged).
async fn announced_summaries(svc: &GameService) -> Vec<Reply> {
    let mut out = Vec::new();
    for due in svc.run_due().await {
        if is_summary(&due) {
            out.push(due);
        }
    }
    out
}

#[tokio::test]
async fn summary_survives_a_crash_and_is_posted_once() {
    let (_dir, url) = crate::test_url().await;
    let start = Utc::now();

    // First process: the game ends, and the process dies before the
    // summary is posted (its follow-up never runs).
    let store = Store::open(&url).await.expect("store");
    let clock = Arc::new(ManualClock::new(start));
    let svc = GameService::open(store.clone(), clock.clone())
        .await
        .expect("service");
    let end = fools_mate(&svc, "g1").await;
    assert!(
        end.iter()
            .any(|r| matches!(r.event, Some(Event::End { .. })) && r.follow_up.is_some()),
        "the end comes at once, the summary follows"
    );
    assert!(!end.iter().any(is_summary), "no summary in the end reply");
    // The second game ends normally: posted and acknowledged.
    let end2 = fools_mate(&svc, "g2").await;
    let work = end2
        .iter()
        .find_map(|r| r.follow_up.clone())
        .expect("follow-up");
    let posted = svc.follow_up(&work).await;
    assert_eq!(posted.iter().filter(|r| is_summary(r)).count(), 1);
    svc.ack_follow_up(&work).await;
    assert!(
        svc.follow_up(&work).await.is_empty(),
        "a posted summary is not made again"
    );
    drop(svc);
    store.close().await;

    // After the restart, the announcer posts the lost summary once.
    let store = Store::open(&url).await.expect("store");
    let clock = Arc::new(ManualClock::new(start + TimeDelta::minutes(30)));
    let svc = GameService::open(store.clone(), clock.clone())
        .await
        .expect("service");
    let first = announced_summaries(&svc).await;
    assert_eq!(
        first.len(),
        1,
        "the lost summary is posted after the restart"
    );
    assert_eq!(first[0].place.channel, "g1");
    clock.advance(TimeDelta::days(1));
    assert!(
        announced_summaries(&svc).await.is_empty(),
        "never twice, and the acknowledged one never again"
    );
    store.close().await;
}

#[tokio::test]
async fn analysis_is_computed_once_and_summary_repeats_it() {
    let engine = Arc::new(ScriptedEngine::new());
    engine.set_analysis(analysis(90.1));
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let store = Store::memory().await.expect("store");
    let svc = GameService::open_with_engine(store, clock, engine.clone() as Arc<dyn Engine>)
        .await
        .expect("service");
    let end = fools_mate(&svc, "general").await;
    let work = end
        .iter()
        .find_map(|r| r.follow_up.clone())
        .expect("follow-up");
    let first = svc.follow_up(&work).await;
    svc.ack_follow_up(&work).await;
    assert_eq!(first.iter().find_map(summary_accuracy), Some(90.1));

    // The engine would now judge the game differently (another depth,
    // another machine): the summary shows the figures first posted.
    engine.set_analysis(analysis(42.0));
    for _ in 0..2 {
        let again = say(&svc, "general", "carol", "/chess summary").await;
        assert_eq!(again.iter().find_map(summary_accuracy), Some(90.1));
    }
    let analyses = engine
        .calls()
        .iter()
        .filter(|c| matches!(c, ScriptedCall::AnalyseGame { .. }))
        .count();
    assert_eq!(analyses, 1, "one analysis per game");
}

/// Reads the console's JSON lines in a thread, each with when it came.
fn reader(out: std::process::ChildStdout) -> std::sync::mpsc::Receiver<serde_json::Value> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines() {
            let Ok(line) = line else { break };
            let Ok(v) = serde_json::from_str(&line) else {
                continue;
            };
            if tx.send(v).is_err() {
                break;
            }
        }
    });
    rx
}

fn event_type(v: &serde_json::Value) -> &str {
    v["event"]["type"].as_str().unwrap_or("")
}

#[test]
fn console_answers_the_next_command_while_the_engine_analyses() {
    let stockfish = ["/usr/games/stockfish", "/usr/bin/stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
        .map(str::to_string)
        .or_else(|| std::env::var("STOCKFISH_PATH").ok());
    let Some(stockfish) = stockfish else {
        eprintln!("skipped: no Stockfish");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", &stockfish)
        .args(["console", "--json", "--db", &db])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    let rx = reader(child.stdout.take().expect("stdout"));
    let wait_for = |what: &str| -> serde_json::Value {
        loop {
            let v = rx
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no {what} line"));
            if event_type(&v) == what {
                return v;
            }
            assert_ne!(
                event_type(&v),
                "summary",
                "the summary came before the {what}"
            );
        }
    };
    let game = "bob: /chess challenge @alice color:white\nalice: /chess accept\n\
                bob: /chess move f3\nalice: /chess move e5\nbob: /chess move g4\n\
                alice: /chess move Qh4#\n";
    stdin.write_all(game.as_bytes()).expect("write");
    stdin.flush().expect("flush");
    wait_for("end");
    // The next command is answered at once, while the engine analyses.
    let asked = Instant::now();
    stdin
        .write_all(b"carol@other: /chess stats\n")
        .expect("write");
    stdin.flush().expect("flush");
    let next = rx.recv_timeout(Duration::from_secs(60)).expect("an answer");
    assert_ne!(event_type(&next), "summary", "the summary came first");
    let waited = asked.elapsed();
    assert!(waited < Duration::from_secs(2), "waited {waited:?}");
    // At end of input the summary still comes, with the analysis.
    drop(stdin);
    let summary = wait_for("summary");
    assert!(summary["event"]["analysis"].is_object(), "{summary}");
    assert!(child.wait().expect("exit").success());
}

// Log spans attached with `.instrument()`.

/// A tracing layer that records, for each event with a `probe` field, the
/// `channel` and `user` fields of the spans around it.
mod capture {
    use std::sync::{Arc, Mutex};

    use tracing::field::{Field, Visit};
    use tracing::span::{Attributes, Id};
    use tracing::{Event, Subscriber};
    use tracing_subscriber::layer::{Context, Layer};
    use tracing_subscriber::registry::LookupSpan;

    /// `(probe, channel, user)` of each probe event.
    pub type Seen = Arc<Mutex<Vec<(String, String, String)>>>;

    #[derive(Default)]
    struct Fields(Vec<(String, String)>);

    impl Visit for Fields {
        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            self.0.push((
                field.name().to_string(),
                format!("{value:?}").replace('"', ""),
            ));
        }
        fn record_str(&mut self, field: &Field, value: &str) {
            self.0.push((field.name().to_string(), value.to_string()));
        }
    }

    pub struct Capture(pub Seen);

    impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Capture {
        fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
            let mut f = Fields::default();
            attrs.record(&mut f);
            if let Some(span) = ctx.span(id) {
                span.extensions_mut().insert(f);
            }
        }

        fn on_event(&self, event: &Event<'_>, ctx: Context<'_, S>) {
            let mut f = Fields::default();
            event.record(&mut f);
            // A probe's value, or the name of a flag field (`farming`).
            let probe = match f.0.iter().find(|(k, _)| k == "probe" || k == "farming") {
                Some((k, v)) if k == "probe" => v.clone(),
                Some((k, _)) => k.clone(),
                None => return,
            };
            let (mut channel, mut user) = (String::new(), String::new());
            if let Some(scope) = ctx.event_scope(event) {
                for span in scope.from_root() {
                    if let Some(fields) = span.extensions().get::<Fields>() {
                        for (k, v) in &fields.0 {
                            match k.as_str() {
                                "channel" => channel = v.clone(),
                                "user" => user = v.clone(),
                                _ => {}
                            }
                        }
                    }
                }
            }
            if let Ok(mut seen) = self.0.lock() {
                seen.push((probe, channel, user));
            }
        }
    }
}

/// An engine that waits before each move and logs a probe event naming
/// the position it was asked about (after the wait, inside the command).
struct SlowLoggingEngine(ScriptedEngine);

impl Engine for SlowLoggingEngine {
    fn check(&self) -> Result<(), chessbot::engine::EngineError> {
        self.0.check()
    }

    fn best_move<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        level: chessbot::engine::Level,
    ) -> chessbot::engine::EngineFuture<'a, chessbot::chess::Move> {
        Box::pin(async move {
            // The first game's engine answers after the second's started.
            let wait = if start_fen.starts_with("rnbqkbnr") {
                80
            } else {
                20
            };
            tokio::time::sleep(Duration::from_millis(wait)).await;
            tracing::info!(probe = %start_fen, "engine asked");
            self.0.best_move(start_fen, moves, level).await
        })
    }

    fn evaluate<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        movetime: Duration,
    ) -> chessbot::engine::EngineFuture<'a, chessbot::engine::Evaluation> {
        self.0.evaluate(start_fen, moves, movetime)
    }

    fn analyse_game<'a>(
        &'a self,
        game: &'a chessbot::chess::Game,
        budget: Duration,
    ) -> chessbot::engine::EngineFuture<'a, GameAnalysis> {
        self.0.analyse_game(game, budget)
    }
}

/// Set in the child process that runs the span test alone.
const ALONE: &str = "CHESSBOT_TEST_SPANS_ALONE";

#[tokio::test]
async fn interleaved_commands_log_with_their_own_fields() {
    use tracing_subscriber::layer::SubscriberExt;

    // A subscriber set with `set_default` is the thread's, but tracing
    // caches each callsite's interest process-wide: another test thread
    // that reaches the `command` span's callsite at the moment this one
    // installs its subscriber can leave the span disabled here, and the
    // engine's event is then seen without its fields. So the check runs in
    // a process of its own (this test binary, with only this test).
    if std::env::var_os(ALONE).is_none() {
        let name = "safeguards::interleaved_commands_log_with_their_own_fields";
        let out = Command::new(std::env::current_exe().expect("test binary"))
            .args(["--exact", name, "--test-threads=1", "--nocapture"])
            .env(ALONE, "1")
            .output()
            .expect("runs the test binary");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("1 passed"),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        return;
    }

    let seen = capture::Seen::default();
    let subscriber = tracing_subscriber::registry().with(capture::Capture(seen.clone()));
    let _default = tracing::subscriber::set_default(subscriber);

    let engine = Arc::new(SlowLoggingEngine(ScriptedEngine::new()));
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let store = Store::memory().await.expect("store");
    let svc = GameService::open_with_engine(store, clock, engine as Arc<dyn Engine>)
        .await
        .expect("service");
    let custom = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let line_b = format!("/chess computer color:black fen:\"{custom}\"");
    let a = say(&svc, "room-a", "alice", "/chess computer color:black");
    let b = say(&svc, "room-b", "bob", &line_b);
    let (ra, rb) = tokio::join!(a, b);
    assert!(!has_error(&ra) && !has_error(&rb), "{ra:?} {rb:?}");

    let seen = seen.lock().expect("lock").clone();
    assert_eq!(seen.len(), 2, "{seen:?}");
    for (probe, channel, user) in &seen {
        if probe.starts_with("rnbqkbnr") {
            assert_eq!((channel.as_str(), user.as_str()), ("room-a", "alice"));
        } else {
            assert_eq!(probe, custom);
            assert_eq!((channel.as_str(), user.as_str()), ("room-b", "bob"));
        }
    }
}

// Statistics stay inside their community.

fn matrix_room(room: &str) -> Place {
    Place {
        platform: "matrix".into(),
        guild: Some("example.org".into()),
        channel: room.into(),
    }
}

async fn say_at(svc: &GameService, place: &Place, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    let by = Actor {
        id: format!("@{who}:example.org"),
        name: who.into(),
    };
    svc.handle(place, &by, cmd).await
}

#[tokio::test]
async fn matrix_rooms_never_learn_each_others_records() {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.expect("store"), clock)
        .await
        .expect("service");
    // alice beats bob in a private room.
    let private = matrix_room("!private:example.org");
    let public = matrix_room("!public:example.org");
    for (who, line) in [
        ("bob", "/chess challenge @alice color:white"),
        ("alice", "/chess accept"),
        ("bob", "/chess move f3"),
        ("alice", "/chess move e5"),
        ("bob", "/chess move g4"),
        ("alice", "/chess move Qh4#"),
    ] {
        let mut cmd = text::parse(line).expect("parses").expect("a command");
        if let chessbot::service::Command::Challenge { opponent, .. } = &mut cmd {
            *opponent = Some(Actor {
                id: "@alice:example.org".into(),
                name: "alice".into(),
            });
        }
        let by = Actor {
            id: format!("@{who}:example.org"),
            name: who.into(),
        };
        let r = svc.handle(&private, &by, cmd).await;
        assert!(!has_error(&r), "{line}: {:?}", r[0].text);
    }
    let stats = |r: &[Reply]| {
        r.iter()
            .find_map(|r| match &r.event {
                Some(Event::Stats {
                    rating,
                    games,
                    best_win,
                    vs,
                    ..
                }) => Some((
                    *rating,
                    *games,
                    best_win.is_some(),
                    vs.as_ref().map(|v| v.games),
                )),
                _ => None,
            })
            .expect("a stats reply")
    };
    let alice_stats = |place: Place| {
        let svc = svc.clone();
        async move {
            let cmd = chessbot::service::Command::Stats {
                player: None,
                vs: Some(Actor {
                    id: "@bob:example.org".into(),
                    name: "bob".into(),
                }),
                variant: Default::default(),
            };
            let by = Actor {
                id: "@alice:example.org".into(),
                name: "alice".into(),
            };
            svc.handle(&place, &by, cmd).await
        }
    };
    // In the room of the game: her rating, her best win and the score.
    let here = stats(&alice_stats(private.clone()).await);
    assert!(here.0.is_some() && here.1 == 1 && here.2, "{here:?}");
    assert_eq!(here.3, Some(1));
    // Anywhere else on the server: nothing of it.
    let elsewhere = stats(&alice_stats(public.clone()).await);
    assert_eq!(elsewhere, (None, 0, false, Some(0)), "{elsewhere:?}");
    let board = say_at(&svc, &public, "carol", "/chess leaderboard").await;
    assert!(
        board.iter().any(|r| matches!(
            &r.event,
            Some(Event::Leaderboard { rows, .. }) if rows.is_empty()
        )),
        "the leaderboard of another room is empty"
    );
}

// Rating farming.

#[tokio::test]
async fn rated_games_between_two_players_count_three_times_a_day() {
    use tracing_subscriber::layer::SubscriberExt;

    let seen = capture::Seen::default();
    let subscriber = tracing_subscriber::registry().with(capture::Capture(seen.clone()));
    let _default = tracing::subscriber::set_default(subscriber);

    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.expect("store"), clock.clone())
        .await
        .expect("service");
    let mut rated = Vec::new();
    let mut notes = Vec::new();
    for _ in 0..4 {
        say(&svc, "g", "alice", "/chess challenge @bob color:white").await;
        let start = say(&svc, "g", "bob", "/chess accept").await;
        assert!(!has_error(&start), "{:?}", start[0].text);
        notes.push(start[0].text.contains("Not rated"));
        say(&svc, "g", "alice", "/chess move e4").await;
        say(&svc, "g", "bob", "/chess move e5").await;
        let end = say(&svc, "g", "alice", "/chess resign").await;
        let ratings = end.iter().find_map(|r| match &r.event {
            Some(Event::End { ratings, .. }) => Some(ratings.is_some()),
            _ => None,
        });
        rated.push(ratings.expect("an end"));
    }
    assert_eq!(rated, [true, true, true, false], "the fourth is unrated");
    assert_eq!(notes, [false, false, false, true], "its start says so");
    // Repeated one-move losses to the same opponent are flagged.
    let flags = seen
        .lock()
        .expect("lock")
        .iter()
        .filter(|(probe, _, _)| probe == "farming")
        .count();
    assert!(flags >= 1, "quick losses flagged in the log");

    // A day later they count again.
    clock.advance(TimeDelta::hours(25));
    say(&svc, "g", "alice", "/chess challenge @bob color:white").await;
    let start = say(&svc, "g", "bob", "/chess accept").await;
    assert!(!start[0].text.contains("Not rated"), "{}", start[0].text);
}

// The GIF kept, `summary` rate-limited.

fn gif_of(r: &[Reply]) -> Option<Arc<Vec<u8>>> {
    r.iter().flat_map(|r| &r.files).find_map(|f| {
        (f.kind == chessbot::service::AttachmentKind::Animation).then(|| Arc::clone(&f.bytes))
    })
}

fn error_code(r: &[Reply]) -> Option<(String, String)> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some((code.clone(), r.text.clone())),
        _ => None,
    })
}

#[tokio::test]
async fn summary_gif_is_kept_and_summary_is_rate_limited() {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.expect("store"), clock.clone())
        .await
        .expect("service");
    let end = fools_mate(&svc, "general").await;
    let work = end
        .iter()
        .find_map(|r| r.follow_up.clone())
        .expect("follow-up");
    let first = svc.follow_up(&work).await;
    svc.ack_follow_up(&work).await;
    let gif = gif_of(&first).expect("a GIF");
    assert!(gif.len() <= 10 * 1024 * 1024);

    // The same bytes again: rendered once, kept.
    for _ in 0..3 {
        let again = say(&svc, "general", "carol", "/chess summary").await;
        assert!(error_code(&again).is_none(), "{:?}", error_code(&again));
        assert!(Arc::ptr_eq(&gif_of(&again).expect("a GIF"), &gif));
    }
    // A fourth within ten minutes: refused, saying when to ask again.
    let limited = say(&svc, "general", "carol", "/chess summary").await;
    let (code, text) = error_code(&limited).expect("refused");
    assert_eq!(code, "limit");
    assert!(text.contains("10 minutes"), "{text}");
    assert!(limited.iter().all(|r| r.ephemeral));
    // Someone else, or elsewhere, still may.
    assert!(error_code(&say(&svc, "general", "dave", "/chess summary").await).is_none());
    clock.advance(TimeDelta::minutes(10));
    assert!(error_code(&say(&svc, "general", "carol", "/chess summary").await).is_none());
}

// The engine's move has a deadline.

/// An engine that can be broken and mended.
struct FlakyEngine {
    inner: ScriptedEngine,
    broken: std::sync::atomic::AtomicBool,
}

impl FlakyEngine {
    fn set_broken(&self, b: bool) {
        self.broken.store(b, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Engine for FlakyEngine {
    fn best_move<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        level: chessbot::engine::Level,
    ) -> chessbot::engine::EngineFuture<'a, chessbot::chess::Move> {
        if self.broken.load(std::sync::atomic::Ordering::SeqCst) {
            return Box::pin(async { Err(chessbot::engine::EngineError::Crashed) });
        }
        self.inner.best_move(start_fen, moves, level)
    }

    fn evaluate<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        movetime: Duration,
    ) -> chessbot::engine::EngineFuture<'a, chessbot::engine::Evaluation> {
        self.inner.evaluate(start_fen, moves, movetime)
    }

    fn analyse_game<'a>(
        &'a self,
        game: &'a chessbot::chess::Game,
        budget: Duration,
    ) -> chessbot::engine::EngineFuture<'a, GameAnalysis> {
        self.inner.analyse_game(game, budget)
    }
}

#[tokio::test]
async fn a_move_the_engine_owes_has_a_deadline() {
    let engine = Arc::new(FlakyEngine {
        inner: ScriptedEngine::new(),
        broken: false.into(),
    });
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open_with_engine(
        Store::memory().await.expect("store"),
        clock.clone(),
        engine.clone() as Arc<dyn Engine>,
    )
    .await
    .expect("service");
    for ch in ["a", "b"] {
        let r = say(&svc, ch, "alice", "/chess computer color:white").await;
        assert!(!has_error(&r), "{:?}", r[0].text);
    }
    // The engine dies: both games wait for its move.
    engine.set_broken(true);
    for ch in ["a", "b"] {
        let r = say(&svc, ch, "alice", "/chess move e4").await;
        assert!(
            r.iter().any(|r| matches!(
                &r.event,
                Some(Event::Error { code, .. }) if code == "engine_unavailable"
            )),
            "{:?}",
            r.iter().map(|r| &r.text).collect::<Vec<_>>()
        );
    }
    // `games` shows a real deadline, never the epoch.
    let games = say(&svc, "a", "alice", "/chess games").await;
    let text: String = games.iter().map(|r| r.text.as_str()).collect();
    assert!(!text.contains("1970"), "{text}");
    match games.iter().find_map(|r| r.event.clone()) {
        Some(Event::Games { games }) => {
            assert_eq!(games.len(), 2);
            assert!(games.iter().all(|g| g.deadline.is_some()), "{games:?}");
        }
        e => panic!("{e:?}"),
    }

    // The engine comes back before the deadline: game b's next command
    // plays its move. Game a's deadline passes: aborted with the reason.
    clock.advance(TimeDelta::minutes(4));
    engine.set_broken(false);
    let b_move = say(&svc, "b", "alice", "/chess board").await;
    assert!(
        b_move
            .iter()
            .any(|r| matches!(r.event, Some(Event::Move { .. }))),
        "the engine's move is retried with the next command"
    );
    engine.set_broken(true);
    clock.advance(TimeDelta::minutes(2));
    let due = svc.run_due().await;
    let end = due
        .iter()
        .find(|r| r.place.channel == "a" && matches!(r.event, Some(Event::End { .. })))
        .expect("game a ends");
    match &end.event {
        Some(Event::End {
            termination,
            result,
            ..
        }) => {
            assert_eq!(termination, "aborted");
            assert_eq!(result, "*");
        }
        e => panic!("{e:?}"),
    }
    assert!(end.text.contains("could not make its move"), "{}", end.text);
    assert!(
        !due.iter().any(|r| r.place.channel == "b"),
        "game b runs on: {due:?}"
    );
}

// Long texts split at lines.

#[cfg(all(feature = "discord", feature = "matrix"))]
#[tokio::test]
async fn long_texts_are_cut_at_lines_with_a_count_of_the_rest() {
    use chessbot::adapters::discord::format::{MAX_CONTENT, outgoing};

    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.expect("store"), clock)
        .await
        .expect("service");
    for i in 0..60 {
        let ch = format!("a-rather-long-channel-name-number-{i}");
        say(&svc, &ch, "alice", "/chess challenge @bob").await;
        let r = say(&svc, &ch, "bob", "/chess accept").await;
        assert!(!has_error(&r), "{:?}", r[0].text);
    }
    let games = say(&svc, "general", "alice", "/chess games").await;
    let mut list = games
        .iter()
        .find(|r| matches!(r.event, Some(Event::Games { .. })))
        .expect("a list")
        .clone();
    // Longer than Discord allows, whatever the lines' length.
    let one = list.text.clone();
    while list.text.chars().count() <= 2 * MAX_CONTENT {
        list.text = format!("{}\n{one}", list.text);
    }
    let list = &list;

    let out = outgoing(list, None);
    assert!(out.content.chars().count() <= MAX_CONTENT);
    let lines: Vec<&str> = out.content.lines().collect();
    let (last, kept) = lines.split_last().expect("lines");
    let escaped = chessbot::adapters::discord::format::discord_text(&list.text);
    let original: Vec<&str> = escaped.lines().collect();
    assert_eq!(kept, &original[..kept.len()], "whole lines, in order");
    let left = original.len() - kept.len();
    assert_eq!(*last, format!("…and {left} more"));

    // Matrix: within one event's size, the same way.
    let mut big = list.clone();
    big.text = (0..5000)
        .map(|i| format!("line {i} of a very long text\n"))
        .collect();
    let fitted = chessbot::adapters::matrix::send::fitted_text(&big);
    assert!(fitted.len() <= chessbot::adapters::matrix::send::MAX_TEXT_BYTES);
    assert!(fitted.starts_with("line 0 of"));
    let last = fitted.lines().last().expect("a line");
    assert!(
        last.starts_with("…and ") && last.ends_with(" more"),
        "{last}"
    );
}

// The Matrix crypto store is private.

#[cfg(all(unix, feature = "matrix"))]
#[test]
fn the_matrix_store_is_private_and_has_a_passphrase() {
    use std::os::unix::fs::PermissionsExt as _;

    use chessbot::adapters::matrix::store_secret::{
        passphrase_path, secure_store_dir, store_passphrase,
    };

    let data = tempfile::tempdir().expect("temp dir");
    let store = data.path().join("chessbot-matrix");
    let state = store.join("state");
    // An old store, world-readable.
    std::fs::create_dir_all(&state).expect("mkdir");
    std::fs::write(state.join("matrix-sdk-crypto.sqlite3"), b"keys").expect("write");
    let mode =
        |p: &std::path::Path| std::fs::metadata(p).expect("stat").permissions().mode() & 0o777;
    std::fs::set_permissions(&store, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::fs::set_permissions(&state, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::fs::set_permissions(
        state.join("matrix-sdk-crypto.sqlite3"),
        std::fs::Permissions::from_mode(0o644),
    )
    .expect("chmod");

    let tightened = secure_store_dir(&store).expect("secured");
    assert_eq!(tightened.len(), 3, "{tightened:?}");
    assert_eq!(mode(&store), 0o700);
    assert_eq!(mode(&state), 0o700);
    assert_eq!(mode(&state.join("matrix-sdk-crypto.sqlite3")), 0o600);
    assert!(secure_store_dir(&store).expect("again").is_empty());

    // A new store: a passphrase is generated once, kept 0600, reused.
    let fresh = data.path().join("fresh-matrix");
    secure_store_dir(&fresh).expect("created");
    assert_eq!(mode(&fresh), 0o700);
    let first = store_passphrase(None, &fresh, &fresh.join("state"))
        .expect("passphrase")
        .expect("generated");
    assert!(first.len() >= 32);
    let kept = passphrase_path(&fresh);
    assert_eq!(kept.parent(), Some(data.path()));
    assert_eq!(mode(&kept), 0o600);
    let again = store_passphrase(None, &fresh, &fresh.join("state")).expect("passphrase");
    assert_eq!(again.as_deref(), Some(first.as_str()));
    // A configured one wins.
    let configured =
        store_passphrase(Some("from-config"), &fresh, &fresh.join("state")).expect("passphrase");
    assert_eq!(configured.as_deref(), Some("from-config"));
}
