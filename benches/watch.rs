//! Spectator pages over real connections on the loopback: a finished
//! game's page and a running game's page (p50/p99 of sequential GETs), and
//! 1,000 watchers on one game's live stream (p99 from a move's commit to
//! every watcher holding it, memory per watcher, and the move's own answer
//! with and without the watchers).
//!
//! `cargo bench --bench watch` (`WATCH_WATCHERS=N` for another number of
//! watchers, `WATCH_GETS=N` for another number of page loads).

use std::sync::Arc;
use std::time::{Duration, Instant};

use chessbot::adapters::text;
use chessbot::http::{Health, Limits, Platform};
use chessbot::service::{Actor, Event, GameService, LocalePrefs, ManualClock, Place, Reply};
use chessbot::store::Store;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// The Opera Game (Morphy, 1858): 33 plies to mate.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let place = Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    };
    let by = Actor {
        id: who.into(),
        name: who.into(),
    };
    let cmd = text::parse(line).expect("parses").expect("a command");
    svc.handle_with(&place, &by, cmd, LocalePrefs::default())
        .await
}

/// A game in channel `ch` between alice (White) and bob; its page's path.
async fn game(svc: &GameService, ch: &str) -> String {
    say(svc, ch, "alice", "/chess challenge @bob color:white").await;
    let r = say(svc, ch, "bob", "/chess accept").await;
    r.iter()
        .find_map(|r| match &r.event {
            Some(Event::Start { watch, .. }) => watch.clone(),
            _ => None,
        })
        .and_then(|w| w.strip_prefix("http://bench").map(str::to_string))
        .expect("a watch link")
}

async fn play(svc: &GameService, ch: &str, sans: &str, plies: usize) {
    for (i, san) in sans.split_whitespace().take(plies).enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        say(svc, ch, who, &format!("/chess move {san}")).await;
    }
}

async fn get(addr: std::net::SocketAddr, path: &str) -> usize {
    let mut c = tokio::net::TcpStream::connect(addr).await.expect("connect");
    c.write_all(format!("GET {path} HTTP/1.1\r\nHost: b\r\n\r\n").as_bytes())
        .await
        .expect("ask");
    let mut out = Vec::with_capacity(64 * 1024);
    c.read_to_end(&mut out).await.expect("read");
    assert!(out.starts_with(b"HTTP/1.1 200"), "{path}");
    out.len()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn pages(addr: std::net::SocketAddr, label: &str, path: &str, n: usize) {
    let size = get(addr, path).await;
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        get(addr, path).await;
        times.push(t.elapsed());
    }
    times.sort();
    println!(
        "{label}: {size} bytes, {n} loads, p50 {:?}, p99 {:?}",
        percentile(&times, 0.5),
        percentile(&times, 0.99)
    );
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Opens `n` live streams of `path`; each reports when its stream holds
/// its current `want` (a message on the returned channel, also once
/// connected).
type Watchers = (
    Vec<tokio::sync::watch::Sender<String>>,
    tokio::sync::mpsc::Receiver<()>,
);

async fn watchers(addr: std::net::SocketAddr, path: &str, n: usize) -> Watchers {
    let mut wants = Vec::with_capacity(n);
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel::<()>(n.max(1));
    for _ in 0..n {
        let (want_tx, mut want_rx) = tokio::sync::watch::channel(String::new());
        let ready = ready_tx.clone();
        let path = path.to_string();
        tokio::spawn(async move {
            let mut c = tokio::net::TcpStream::connect(addr).await.expect("connect");
            c.write_all(format!("GET {path}/events HTTP/1.1\r\nHost: b\r\n\r\n").as_bytes())
                .await
                .expect("ask");
            let mut seen = String::new();
            let mut buf = vec![0u8; 16 * 1024];
            let mut announced = false;
            loop {
                let n = c.read(&mut buf).await.unwrap_or(0);
                if n == 0 {
                    return;
                }
                seen.push_str(&String::from_utf8_lossy(&buf[..n]));
                if !announced && seen.contains("event: state") {
                    announced = true;
                    let _ = ready.send(()).await;
                }
                let want = want_rx.borrow_and_update().clone();
                if !want.is_empty() && seen.contains(&want) {
                    let _ = ready.send(()).await;
                    seen.clear();
                    if want_rx.changed().await.is_err() {
                        return;
                    }
                }
            }
        });
        wants.push(want_tx);
    }
    for _ in 0..n {
        ready_rx.recv().await.expect("a watcher connects");
    }
    // The same channel then says when each watcher saw a move.
    (wants, ready_rx)
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let store = Store::memory().await.expect("store");
        let svc = GameService::open(store, Arc::new(ManualClock::starting_now()))
            .await
            .expect("service");
        svc.set_watch_base("http://bench");
        let health = Health::new(Platform::Console);
        health.set_store(svc.store().clone());
        health.set_service(svc.clone());
        let limits = Limits {
            connections: 4096,
            per_address: 4096,
            streams: 4000,
            pages_per_minute: 1_000_000,
            page_burst: 1_000_000,
        ..Limits::default()
        };
        let addr = chessbot::http::start_with(
            "127.0.0.1:0".parse().expect("addr"),
            health,
            limits,
            chessbot::http::TrustedProxies::default(),
        )
            .await
            .expect("serve");
        let gets = env("WATCH_GETS", 2000);

        let finished = game(&svc, "opera").await;
        play(&svc, "opera", OPERA, 33).await;
        pages(addr, "finished game page (33 plies)", &finished, gets).await;
        let running = game(&svc, "running").await;
        play(&svc, "running", OPERA, 20).await;
        pages(addr, "running game page (20 plies)", &running, gets).await;

        // The move's own answer without watchers.
        game(&svc, "quiet").await;
        let line = "Nf3 Nf6 Nc3 Nc6 e4 e5 d4 d5";
        let mut alone = Vec::new();
        for (i, san) in line.split_whitespace().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            let t = Instant::now();
            say(&svc, "quiet", who, &format!("/chess move {san}")).await;
            alone.push(t.elapsed());
        }

        let n = env("WATCH_WATCHERS", 1000);
        let watched = game(&svc, "watched").await;
        let before = rss_kib();
        let (wants, mut ready) = watchers(addr, &watched, n).await;
        let after = rss_kib();
        println!(
            "{n} watchers connected: {} KiB more resident ({:.1} KiB a watcher, both ends of each connection in this process)",
            after.saturating_sub(before),
            after.saturating_sub(before) as f64 / n.max(1) as f64
        );
        let mut seen_all = Vec::new();
        let mut with = Vec::new();
        for (i, san) in line.split_whitespace().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            let want = format!("\"san\":\"{san}\"");
            for w in &wants {
                w.send_replace(want.clone());
            }
            let t = Instant::now();
            say(&svc, "watched", who, &format!("/chess move {san}")).await;
            with.push(t.elapsed());
            let mut times = Vec::with_capacity(n);
            for _ in 0..n {
                tokio::time::timeout(Duration::from_secs(30), ready.recv())
                    .await
                    .expect("every watcher sees the move")
                    .expect("open");
                times.push(t.elapsed());
            }
            seen_all.push(*times.last().unwrap_or(&Duration::ZERO));
            times.sort();
            if i == line.split_whitespace().count() - 1 {
                println!(
                    "move {san} to {n} watchers: p50 {:?}, p99 {:?}, last {:?}",
                    percentile(&times, 0.5),
                    percentile(&times, 0.99),
                    times.last().copied().unwrap_or_default()
                );
            }
        }
        let mean = |v: &[Duration]| v.iter().sum::<Duration>() / v.len().max(1) as u32;
        println!(
            "the move's answer: {:?} alone, {:?} with {n} watchers (mean of {} moves); every watcher had each move within {:?} (worst move)",
            mean(&alone),
            mean(&with),
            with.len(),
            seen_all.iter().max().copied().unwrap_or_default()
        );
    });
}
