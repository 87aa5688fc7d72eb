//! Durability under kill -9: a child process plays moves through the
//! service into a file database and prints `ACK game ply uci` after each
//! move the service answered as played; the parent kills it (SIGKILL) at
//! random moments, reopens the database and checks that every acknowledged
//! move is there and the database is consistent. Repeated in a loop.
//!
//! The child is this same test binary, re-run on the ignored test
//! `crash_child` with `CHESSBOT_CRASH_DB` set.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chessbot::service::{
    Actor, ColorChoice, Command as Cmd, Event, GameService, Place, SystemClock,
};
use chessbot::store::Store;

const DB_VAR: &str = "CHESSBOT_CRASH_DB";
const RUN_VAR: &str = "CHESSBOT_CRASH_RUN";

fn seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(7);
    t ^ u64::from(std::process::id()).rotate_left(32)
}

fn next(state: &mut u64) -> u64 {
    *state = state
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *state >> 33
}

/// The child: plays random legal games until killed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "run by `killed_child_loses_no_acknowledged_move` as a child process"]
async fn crash_child() {
    let Ok(path) = std::env::var(DB_VAR) else {
        return;
    };
    let run = std::env::var(RUN_VAR).unwrap_or_default();
    let store = Store::open(&format!("sqlite://{path}")).await.unwrap();
    let svc = GameService::open(store, Arc::new(SystemClock))
        .await
        .unwrap();
    let white = Actor {
        id: "w".into(),
        name: "w".into(),
    };
    let black = Actor {
        id: "b".into(),
        name: "b".into(),
    };
    let mut rng = seed();
    let stdout = std::io::stdout();
    for game in 0.. {
        let place = Place {
            platform: "console".into(),
            guild: None,
            channel: format!("run{run}-{game}"),
        };
        svc.handle(
            &place,
            &white,
            Cmd::Challenge {
                opponent: Some(black.clone()),
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
        svc.handle(&place, &black, Cmd::Accept).await;
        'game: loop {
            for who in [&white, &black] {
                let moves = svc.legal_moves(&place, who).await;
                if moves.is_empty() {
                    continue;
                }
                let san = moves[(next(&mut rng) as usize) % moves.len()].clone();
                let replies = svc.handle(&place, who, Cmd::Move { text: san }).await;
                let mut ended = false;
                for r in &replies {
                    match &r.event {
                        Some(Event::Move { uci, .. }) => {
                            let key = chessbot::store::ChannelKey {
                                platform: "console".into(),
                                guild: String::new(),
                                channel: place.channel.clone(),
                            };
                            let g = svc.store().last_game(&key).await.unwrap().unwrap();
                            let mut out = stdout.lock();
                            writeln!(out, "ACK {} {} {uci}", g.id, g.ply).unwrap();
                            out.flush().unwrap();
                        }
                        Some(Event::End { .. }) => ended = true,
                        _ => {}
                    }
                }
                if ended {
                    break 'game;
                }
                continue 'game;
            }
            break;
        }
    }
}

#[tokio::test]
async fn killed_child_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("crash.db");
    let exe = std::env::current_exe().unwrap();
    let mut rng = seed();
    let started = Instant::now();
    let mut total_acks = 0usize;
    let mut runs = 0;
    while runs < 8 && (runs < 3 || started.elapsed() < Duration::from_secs(8)) {
        runs += 1;
        let mut child = Command::new(&exe)
            .args(["crash::crash_child", "--exact", "--ignored", "--nocapture"])
            .env(DB_VAR, &path)
            .env(RUN_VAR, runs.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (first_tx, first_rx) = std::sync::mpsc::channel::<()>();
        let reader = std::thread::spawn(move || {
            let mut acks = Vec::new();
            for l in BufReader::new(stdout).lines().map_while(Result::ok) {
                let Some(rest) = l.strip_prefix("ACK ") else {
                    continue;
                };
                let mut w = rest.split(' ');
                let (Some(id), Some(ply), Some(uci)) = (w.next(), w.next(), w.next()) else {
                    continue;
                };
                let (Ok(id), Ok(ply)) = (id.parse::<i64>(), ply.parse::<i64>()) else {
                    continue;
                };
                acks.push((id, ply, uci.to_string()));
                let _ = first_tx.send(());
            }
            acks
        });
        // Wait for the child to play (start-up time varies with load), let
        // it go on for a random while, then SIGKILL it mid-flight.
        let _ = first_rx.recv_timeout(Duration::from_secs(30));
        let wait = next(&mut rng) % 200;
        tokio::time::sleep(Duration::from_millis(wait)).await;
        child.kill().unwrap();
        child.wait().unwrap();
        let acks = reader.join().unwrap();
        total_acks += acks.len();

        let store = Store::open(&format!("sqlite://{}", path.display()))
            .await
            .unwrap();
        for (id, ply, uci) in &acks {
            let moves = store.moves(*id).await.unwrap();
            let m = moves
                .iter()
                .find(|m| m.ply == *ply)
                .unwrap_or_else(|| panic!("acknowledged move {id}/{ply} {uci} lost"));
            assert_eq!(&m.uci, uci, "game {id} ply {ply}");
        }
        assert_eq!(store.inconsistent_games().await.unwrap(), Vec::<i64>::new());
        store.close().await;
    }
    assert!(total_acks > 0, "the child never acknowledged a move");
    eprintln!("{runs} kills, {total_acks} acknowledged moves checked");
}
