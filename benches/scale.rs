//! Moves through the whole service (parse, validate, guarded store
//! transaction, reply; no rendering) with 10,000 games stored, on a file
//! SQLite and on PostgreSQL: moves per second and latency percentiles with
//! several concurrent clients in distinct channels.
//!
//! `source .ci/postgres.sh && cargo bench --bench scale` (PostgreSQL from
//! `CHESSBOT_TEST_PG_URL`, a fresh schema per run; SQLite only without it).
//! Clients: 1, 8 and 64; `SCALE_CLIENTS=8` for one.
//! `SCALE_SEED=FILE` only seeds 10,000 running console games (channels
//! `c0`..., players `w0`/`b0`...) into a SQLite file and exits: the memory
//! figure of `benches/figures.sh` runs the console on it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chessbot::service::{Actor, Command, Event, GameService, ManualClock, Place};
use chessbot::store::{ChannelKey, NewChallenge, NewGame, Store};
use sqlx::Connection;

const GAMES: usize = 10_000;
/// Moves per run, shared among the clients.
const MOVES: usize = 1_600;
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The platform of the seeded games (`console` for `SCALE_SEED`).
static PLATFORM: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

fn platform() -> &'static str {
    PLATFORM.get().copied().unwrap_or("bench")
}

fn key(i: usize) -> ChannelKey {
    ChannelKey {
        platform: platform().into(),
        // The console's channels have no guild: the seeded games must be
        // the ones its `NAME@cN` lines find.
        guild: if platform() == "console" { "" } else { "guild" }.into(),
        channel: format!("c{i}"),
    }
}

fn place(i: usize) -> Place {
    Place {
        platform: platform().into(),
        guild: Some("guild".into()),
        channel: format!("c{i}"),
    }
}

fn actor(s: String) -> Actor {
    Actor {
        id: s.clone(),
        name: s,
    }
}

async fn seed_game(store: &Store, i: usize, now: i64) {
    let ch = store
        .insert_challenge(&NewChallenge {
            place: key(i),
            challenger_id: format!("w{i}"),
            challenger_name: format!("w{i}"),
            opponent_id: Some(format!("b{i}")),
            opponent_name: Some(format!("b{i}")),
            color: "white".into(),
            days: 3,
            start_fen: None,
            rules: "house".into(),
            created_at: now,
            rated: false,
            variant: "standard".into(),
            start_position: None,
            bank: None,
            import_moves: None,
            import_tags: None,
            vacation_stops: true,
        })
        .await
        .expect("challenge");
    store
        .accept_challenge(
            ch,
            &NewGame {
                place: key(i),
                white_id: format!("w{i}"),
                white_name: format!("w{i}"),
                black_id: format!("b{i}"),
                black_name: format!("b{i}"),
                start_fen: START.into(),
                rules: "house".into(),
                days: 3,
                deadline_at: now + 3 * 86_400_000,
                remind_at: now + 2 * 86_400_000,
                created_at: now,
                rated: false,
                variant: "standard".into(),
                start_position: None,
                bank: None,
                import: None,
                vacation_stops: true,
            },
        )
        .await
        .expect("game");
}

async fn seed(store: &Store, now: i64) {
    let mut tasks = tokio::task::JoinSet::new();
    for part in 0..8 {
        let store = store.clone();
        tasks.spawn(async move {
            for i in (part..GAMES).step_by(8) {
                seed_game(&store, i, now).await;
            }
        });
    }
    while let Some(r) = tasks.join_next().await {
        r.expect("seed task");
    }
}

fn next(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// One random legal move in game `i` (a new game when it ended); returns
/// the time of `handle` alone.
async fn one_move(svc: &GameService, rng: &mut u64, i: usize, now: i64) -> Option<Duration> {
    for who in [format!("w{i}"), format!("b{i}")] {
        let who = actor(who);
        let moves = svc.legal_moves(&place(i), &who).await;
        if moves.is_empty() {
            continue;
        }
        let san = moves[(next(rng) % moves.len() as u64) as usize].clone();
        let t = Instant::now();
        let replies = svc
            .handle(&place(i), &who, Command::Move { text: san })
            .await;
        let took = t.elapsed();
        assert!(
            replies
                .iter()
                .any(|r| matches!(r.event, Some(Event::Move { .. }))),
            "move refused: {:?}",
            replies.first().map(|r| &r.text)
        );
        if replies
            .iter()
            .any(|r| matches!(r.event, Some(Event::End { .. })))
        {
            seed_game(svc.store(), i, now).await;
        }
        return Some(took);
    }
    None
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

async fn run(label: &str, url: &str, clients: usize) {
    let store = Store::open(url).await.expect("open store");
    let clock = Arc::new(ManualClock::starting_now());
    let now = chrono::Utc::now().timestamp_millis();
    let t = Instant::now();
    seed(&store, now).await;
    let seeded = t.elapsed();
    let svc = GameService::open(store, clock).await.expect("service");
    let t = Instant::now();
    let mut tasks = Vec::new();
    let per_client = MOVES / clients;
    for c in 0..clients {
        let svc = svc.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = 0x9e37_79b9_7f4a_7c15 ^ (c as u64 + 1);
            let mut times = Vec::with_capacity(per_client);
            for k in 0..per_client {
                // Spread over all 10,000 games, distinct channels per client.
                let i = (c + (k * 37 % (GAMES / clients)) * clients) % GAMES;
                if let Some(d) = one_move(&svc, &mut rng, i, now).await {
                    times.push(d);
                }
            }
            times
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.expect("client"));
    }
    let wall = t.elapsed();
    all.sort();
    println!(
        "{label}: {GAMES} games seeded in {:.1} s; {clients} clients, {} moves: \
         {:.0} moves/s, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        seeded.as_secs_f64(),
        all.len(),
        all.len() as f64 / wall.as_secs_f64(),
        percentile(&all, 0.5).as_secs_f64() * 1e3,
        percentile(&all, 0.99).as_secs_f64() * 1e3,
        percentile(&all, 1.0).as_secs_f64() * 1e3,
    );
    assert!(
        svc.store()
            .inconsistent_games()
            .await
            .expect("check")
            .is_empty()
    );
    svc.store().close().await;
}

async fn pg_schema(base: &str) -> String {
    let schema = format!("bench_{}", std::process::id());
    let mut c = sqlx::PgConnection::connect(base).await.expect("connect");
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "drop schema if exists {schema} cascade; create schema {schema}"
    )))
    .execute(&mut c)
    .await
    .expect("schema");
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options[search_path]={schema}")
}

fn main() {
    // `cargo test --benches` runs this with `--bench`-less args; stay quick.
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    if let Ok(file) = std::env::var("SCALE_SEED") {
        let _ = PLATFORM.set("console");
        rt.block_on(async {
            let store = Store::open(&format!("sqlite://{file}"))
                .await
                .expect("open store");
            seed(&store, chrono::Utc::now().timestamp_millis()).await;
            store.close().await;
        });
        println!("seeded {GAMES} running console games into {file}");
        return;
    }
    let clients: Vec<usize> = match std::env::var("SCALE_CLIENTS") {
        Ok(v) => v.split(',').filter_map(|c| c.trim().parse().ok()).collect(),
        Err(_) => vec![1, 8, 64],
    };
    rt.block_on(async {
        let pg = std::env::var("CHESSBOT_TEST_PG_URL")
            .ok()
            .filter(|b| !b.is_empty());
        for &n in &clients {
            let dir = tempfile::tempdir().expect("tempdir");
            let url = format!("sqlite://{}", dir.path().join("scale.db").display());
            run("SQLite (file, WAL)", &url, n).await;
            match &pg {
                Some(base) => {
                    let url = pg_schema(base).await;
                    run("PostgreSQL", &url, n).await;
                }
                None => println!("PostgreSQL: skipped (CHESSBOT_TEST_PG_URL unset)"),
            }
        }
    });
}
