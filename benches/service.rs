//! A move through the whole service: parse, validate, store in a
//! file-backed SQLite (WAL, synchronous=FULL), reply, and render the reply's
//! board as a 512 px PNG, with 1,000 games running in the database.
//!
//! Prints median and p99 latency and moves per second (one client, and
//! several concurrent clients in different channels), then runs a small
//! criterion measurement of the same operation.
//!
//! `cargo bench --bench service`

use std::sync::Arc;
use std::time::{Duration, Instant};

use chessbot::chess::Position;
use chessbot::render::Renderer;
use chessbot::service::{
    Actor, ColorChoice, Command, Event, GameService, ManualClock, Place, Reply, board_spec,
};
use chessbot::store::Store;
use criterion::{Criterion, criterion_group, criterion_main};

const GAMES: usize = 1000;

fn place(i: usize) -> Place {
    Place {
        platform: "bench".into(),
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

fn white(i: usize) -> Actor {
    actor(format!("w{i}"))
}

fn black(i: usize) -> Actor {
    actor(format!("b{i}"))
}

struct Bench {
    svc: GameService,
    renderer: Arc<Renderer>,
    rng: u64,
    _dir: tempfile::TempDir,
}

async fn start_game(svc: &GameService, i: usize) {
    svc.handle(
        &place(i),
        &white(i),
        Command::Challenge {
            opponent: Some(black(i)),
            options: Box::new(chessbot::service::ChallengeOptions {
                color: ColorChoice::White,
                days: 3,
                fen: None,
                rules: Default::default(),
                rated: true,
                variant: None,
                position: None,
                extras: Default::default(),
            }),
        },
    )
    .await;
    svc.handle(&place(i), &black(i), Command::Accept).await;
}

fn render(renderer: &Renderer, replies: &[Reply]) {
    for r in replies {
        if let Some(b) = &r.board
            && let Ok(p) = Position::from_fen(&b.fen)
        {
            let _ = renderer.png(&board_spec(b, &p).size(512));
        }
    }
}

fn next(rng: &mut u64) -> u64 {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    *rng
}

/// One random legal move in game `i` (restarting it when it ends); returns
/// the time of the measured part (handle + render).
async fn one_move(svc: &GameService, renderer: &Renderer, rng: &mut u64, i: usize) -> Duration {
    for who in [white(i), black(i)] {
        let moves = svc.legal_moves(&place(i), &who).await;
        if moves.is_empty() {
            continue;
        }
        let san = moves[(next(rng) % moves.len() as u64) as usize].clone();
        let t = Instant::now();
        let replies = svc
            .handle(&place(i), &who, Command::Move { text: san })
            .await;
        render(renderer, &replies);
        let took = t.elapsed();
        if replies
            .iter()
            .any(|r| matches!(r.event, Some(Event::End { .. })))
        {
            start_game(svc, i).await;
        }
        return took;
    }
    // No game (or it ended some other way): start one.
    start_game(svc, i).await;
    Duration::ZERO
}

async fn setup() -> Bench {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let store = Store::open(&url).await.expect("store");
    let clock = Arc::new(ManualClock::starting_now());
    let svc = GameService::open(store, clock).await.expect("service");
    let t = Instant::now();
    for i in 0..GAMES {
        start_game(&svc, i).await;
    }
    eprintln!("set up {GAMES} games in {:.1} s", t.elapsed().as_secs_f64());
    Bench {
        svc,
        renderer: Arc::new(Renderer::new()),
        rng: 0x9e37_79b9_7f4a_7c15,
        _dir: dir,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx.min(sorted.len() - 1)]
}

async fn report(b: &mut Bench) {
    // Sequential: latency distribution.
    let n = 2000;
    let mut times = Vec::with_capacity(n);
    let t = Instant::now();
    for k in 0..n {
        let d = one_move(&b.svc, &b.renderer, &mut b.rng, (k * 7) % GAMES).await;
        if d > Duration::ZERO {
            times.push(d);
        }
    }
    let wall = t.elapsed();
    times.sort();
    eprintln!(
        "one client: {} moves, median {:.2} ms, p99 {:.2} ms, {:.0} moves/s (wall, incl. game restarts)",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        times.len() as f64 / wall.as_secs_f64()
    );
    // Concurrent: 8 clients in distinct channels.
    let clients = 8;
    let per = 250;
    let t = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..clients {
        let svc = b.svc.clone();
        let renderer = b.renderer.clone();
        tasks.push(tokio::spawn(async move {
            let mut rng = 0x1234_5678 + c as u64;
            let mut times = Vec::new();
            for k in 0..per {
                let i = (c + k * clients) % GAMES;
                let d = one_move(&svc, &renderer, &mut rng, i).await;
                if d > Duration::ZERO {
                    times.push(d);
                }
            }
            times
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.expect("task"));
    }
    let wall = t.elapsed();
    all.sort();
    eprintln!(
        "{clients} clients: {} moves, median {:.2} ms, p99 {:.2} ms, {:.0} moves/s",
        all.len(),
        percentile(&all, 0.5).as_secs_f64() * 1e3,
        percentile(&all, 0.99).as_secs_f64() * 1e3,
        all.len() as f64 / wall.as_secs_f64()
    );
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let mut b = rt.block_on(setup());
    rt.block_on(report(&mut b));
    let mut group = c.benchmark_group("service");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let mut k = 0usize;
    group.bench_function("move_store_render", |bencher| {
        bencher.iter_custom(|iters| {
            rt.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    k += 1;
                    total += one_move(&b.svc, &b.renderer, &mut b.rng, (k * 13) % GAMES).await;
                }
                total
            })
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
