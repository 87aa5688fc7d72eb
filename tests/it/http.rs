//! `--http ADDR`: the console serves `/healthz`, `/readyz` and `/metrics`
//! (a played move shows in the counters); `chessbot healthcheck` asks
//! `/readyz`; `/readyz` answers 503 naming the database once it stops
//! answering (here: its pool closed, as in `outage.rs`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use chessbot::http::{Health, Platform, get};
use chessbot::store::Store;

/// A port nobody listens on right now.
fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

/// The value of the first sample line of `metric` (with its labels).
fn sample(metrics: &str, metric: &str) -> Option<f64> {
    metrics
        .lines()
        .find_map(|l| l.strip_prefix(metric)?.strip_prefix(' ')?.parse().ok())
}

/// Waits for a JSON output line whose event has type `kind`.
fn wait_event(lines: &Receiver<String>, kind: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        let Ok(line) = lines.recv_timeout(Duration::from_millis(200)) else {
            continue;
        };
        if line.contains(&format!("\"type\":\"{kind}\"")) {
            return;
        }
    }
    panic!("no {kind} event within 30 s");
}

fn console(db: &str, port: u16) -> (Child, Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env_remove("CHESSBOT_HTTP_ADDR")
        .args(["console", "--json", "--db", db])
        .args(["--http", &format!("127.0.0.1:{port}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chessbot");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    (child, rx)
}

/// GET with retries while the server starts.
fn get_soon(url: &str) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        match get(url, Duration::from_secs(5)) {
            Ok(answer) => return answer,
            Err(e) if Instant::now() > deadline => panic!("{url}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}

/// `/readyz` asked until it answers 200 (30 s at most); the last answer.
fn ready_soon(url: &str) -> (u16, String) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = get_soon(url);
        if answer.0 == 200 || Instant::now() > deadline {
            return answer;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_console_serves_health_readiness_and_metrics() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let port = free_port();
    let (mut child, lines) = console(&db, port);
    let base = format!("http://127.0.0.1:{port}");

    assert_eq!(get_soon(&format!("{base}/healthz")), (200, "ok\n".into()));
    // The server listens before the database is open (and migrated): not
    // ready until then, which on a loaded machine can be a while.
    let (status, body) = ready_soon(&format!("{base}/readyz"));
    assert_eq!(
        (status, body.as_str()),
        (200, "{\"ready\":true,\"down\":[]}\n")
    );
    let (status, before) = get_soon(&format!("{base}/metrics"));
    assert_eq!(status, 200);
    assert_eq!(sample(&before, "chessbot_moves_applied_total"), Some(0.0));
    assert_eq!(sample(&before, "chessbot_games_running"), Some(0.0));
    assert_eq!(sample(&before, "chessbot_platform_connected"), Some(1.0));

    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(
        stdin,
        "alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move e4\nbob: /chess move Kx9\nbob: /chess fly"
    )
    .expect("write");
    stdin.flush().expect("flush");
    wait_event(&lines, "move");
    wait_event(&lines, "error");
    wait_event(&lines, "error");

    let (_, after) = get_soon(&format!("{base}/metrics"));
    assert_eq!(
        sample(&after, "chessbot_moves_applied_total"),
        Some(1.0),
        "{after}"
    );
    assert_eq!(sample(&after, "chessbot_games_started_total"), Some(1.0));
    assert_eq!(sample(&after, "chessbot_games_running"), Some(1.0));
    assert_eq!(
        sample(
            &after,
            "chessbot_commands_total{command=\"move\",outcome=\"ok\"}"
        ),
        Some(1.0),
        "{after}"
    );
    assert!(
        after.contains("chessbot_commands_total{command=\"move\",outcome=\"invalid_notation\"} 1")
            || after
                .contains("chessbot_commands_total{command=\"move\",outcome=\"illegal_move\"} 1"),
        "a refused move is counted with its code:\n{after}"
    );
    assert_eq!(
        sample(
            &after,
            "chessbot_command_duration_seconds_count{command=\"move\"}"
        ),
        Some(2.0)
    );
    assert!(after.contains("# TYPE chessbot_command_duration_seconds histogram"));
    assert_eq!(
        sample(&after, "chessbot_unknown_commands_total"),
        Some(1.0),
        "`/chess fly` names no command: {after}"
    );
    // The standard process figures of the bot's own process.
    assert!(
        sample(&after, "process_resident_memory_bytes").is_some_and(|b| b > 1e6),
        "{after}"
    );
    assert!(sample(&after, "process_open_fds").is_some_and(|n| n >= 3.0));
    assert!(sample(&after, "process_cpu_seconds_total").is_some());

    // The container health check.
    let check = |url: &str| {
        Command::new(env!("CARGO_BIN_EXE_chessbot"))
            .env_remove("CHESSBOT_HTTP_ADDR")
            .args(["healthcheck", "--url", url])
            .output()
            .expect("run healthcheck")
    };
    let ok = check(&format!("{base}/readyz"));
    assert!(ok.status.success(), "{ok:?}");
    let closed = check(&format!("http://127.0.0.1:{}/readyz", free_port()));
    assert_eq!(closed.status.code(), Some(1), "{closed:?}");
    let from_env = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("CHESSBOT_HTTP_ADDR", format!(":{port}"))
        .arg("healthcheck")
        .output()
        .expect("run healthcheck");
    assert!(from_env.status.success(), "{from_env:?}");

    drop(stdin);
    let status = child.wait().expect("wait");
    assert!(status.success(), "{status:?}");
}

#[tokio::test]
async fn readiness_names_the_database_when_it_stops_answering() {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    let store = Store::open(&url).await.expect("store");
    let health = Health::new(Platform::Console);
    health.set_store(store.clone());
    let addr = chessbot::http::start("127.0.0.1:0".parse().expect("addr"), Arc::clone(&health))
        .await
        .expect("serve");
    let ask = move |path: &'static str| {
        tokio::task::spawn_blocking(move || {
            get(&format!("http://{addr}{path}"), Duration::from_secs(5)).expect("answer")
        })
    };
    assert_eq!(ask("/readyz").await.expect("joins").0, 200);

    // The database goes away (its pool closed): not ready, and why.
    store.close().await;
    let (status, body) = ask("/readyz").await.expect("joins");
    assert_eq!(status, 503);
    assert_eq!(body, "{\"ready\":false,\"down\":[\"database\"]}\n");
    // Alive all the same, and the metrics still answer.
    assert_eq!(ask("/healthz").await.expect("joins").0, 200);
    let (status, metrics) = ask("/metrics").await.expect("joins");
    assert_eq!(status, 200);
    assert_eq!(sample(&metrics, "chessbot_database_up"), Some(0.0));

    // A shutdown makes it unready too.
    health.set_stopping();
    let (_, body) = ask("/readyz").await.expect("joins");
    assert_eq!(
        body,
        "{\"ready\":false,\"down\":[\"shutdown\",\"database\"]}\n"
    );
}

/// A TCP proxy in front of PostgreSQL that the test cuts and restores:
/// cut, it drops its connections and refuses new ones.
struct Proxy {
    addr: std::net::SocketAddr,
    up: tokio::sync::watch::Sender<bool>,
}

impl Proxy {
    async fn start(target: String) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        let (up, mut rx) = tokio::sync::watch::channel(true);
        tokio::spawn(async move {
            let mut listener = Some(listener);
            loop {
                let Some(l) = listener.take() else { return };
                let mut conns = tokio::task::JoinSet::new();
                loop {
                    tokio::select! {
                        accepted = l.accept() => {
                            let Ok((mut inbound, _)) = accepted else { continue };
                            let target = target.clone();
                            conns.spawn(async move {
                                if let Ok(mut out) = tokio::net::TcpStream::connect(target).await {
                                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                                }
                            });
                        }
                        _ = rx.changed() => if !*rx.borrow() { break },
                    }
                }
                // Cut: every connection dropped, nobody listening.
                conns.abort_all();
                drop(l);
                while !*rx.borrow() {
                    if rx.changed().await.is_err() {
                        return;
                    }
                }
                listener = Some(tokio::net::TcpListener::bind(addr).await.expect("rebind"));
            }
        });
        Proxy { addr, up }
    }
}

#[tokio::test]
async fn readiness_follows_a_postgresql_outage() {
    let Some(base) = crate::support::pg_url("http::readiness_follows_a_postgresql_outage") else {
        return;
    };
    let direct = crate::support::fresh_schema_url(&base).await;
    let mut url = url::Url::parse(&direct).expect("a URL");
    let target = format!(
        "{}:{}",
        url.host_str().expect("a host"),
        url.port().unwrap_or(5432)
    );
    let proxy = Proxy::start(target).await;
    url.set_host(Some("127.0.0.1")).expect("host");
    url.set_port(Some(proxy.addr.port())).expect("port");
    let store = Store::open(url.as_str())
        .await
        .expect("open through the proxy");
    let health = Health::new(Platform::Console);
    health.set_store(store.clone());
    let addr = chessbot::http::start("127.0.0.1:0".parse().expect("addr"), Arc::clone(&health))
        .await
        .expect("serve");
    let ask = move || {
        tokio::task::spawn_blocking(move || {
            get(&format!("http://{addr}/readyz"), Duration::from_secs(10)).expect("answer")
        })
    };
    assert_eq!(ask().await.expect("joins").0, 200);

    proxy.up.send_replace(false);
    let (status, body) = ask().await.expect("joins");
    assert_eq!(
        (status, body.as_str()),
        (503, "{\"ready\":false,\"down\":[\"database\"]}\n")
    );

    proxy.up.send_replace(true);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (status, _) = ask().await.expect("joins");
        if status == 200 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "still not ready after the database came back"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    store.close().await;
}

/// 200 idle connections (half of them trickling an unfinished request
/// head) and clients that ask for `/metrics` and never read the answer:
/// a probe is still answered within 2 s, by the server and by
/// `chessbot healthcheck --timeout 2`.
#[tokio::test]
async fn probes_are_answered_while_200_idle_connections_are_open() {
    let health = Health::new(Platform::Console);
    health.set_store(Store::memory().await.expect("store"));
    let addr = chessbot::http::start("127.0.0.1:0".parse().expect("addr"), Arc::clone(&health))
        .await
        .expect("serve");
    let mut idle = Vec::new();
    for i in 0..200 {
        let mut c = tokio::net::TcpStream::connect(addr).await.expect("connect");
        if i % 2 == 1 {
            tokio::io::AsyncWriteExt::write_all(&mut c, b"GET /healthz HTTP/1.1\r\n")
                .await
                .expect("write");
        }
        idle.push(c);
    }
    // Clients that ask for the metrics with a tiny receive window and
    // never read them.
    for _ in 0..8 {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.set_recv_buffer_size(256).expect("SO_RCVBUF");
        let mut c = socket.connect(addr).await.expect("connect");
        tokio::io::AsyncWriteExt::write_all(&mut c, b"GET /metrics HTTP/1.1\r\n\r\n")
            .await
            .expect("write");
        idle.push(c);
    }
    // Every one of them accepted (or waiting in the backlog) before the probe.
    tokio::time::sleep(Duration::from_millis(200)).await;

    for path in ["/healthz", "/readyz", "/metrics"] {
        let started = Instant::now();
        let (status, _) = tokio::task::spawn_blocking(move || {
            get(&format!("http://{addr}{path}"), Duration::from_secs(2))
        })
        .await
        .expect("joins")
        .unwrap_or_else(|e| panic!("{path} not answered within 2 s: {e}"));
        let took = started.elapsed();
        eprintln!("{path} answered in {took:?} with 208 idle connections open");
        assert_eq!(status, 200, "{path}");
        assert!(took < Duration::from_secs(2), "{path} took {took:?}");
    }
    let check = tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_chessbot"))
            .env_remove("CHESSBOT_HTTP_ADDR")
            .args(["healthcheck", "--timeout", "2", "--url"])
            .arg(format!("http://{addr}/readyz"))
            .output()
            .expect("run healthcheck");
        (out, started.elapsed())
    })
    .await
    .expect("joins");
    eprintln!("chessbot healthcheck took {:?}", check.1);
    assert!(check.0.status.success(), "{:?}", check.0);
    drop(idle);
}
