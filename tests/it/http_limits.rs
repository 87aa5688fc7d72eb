//! The HTTP server under real limits: live streams are admitted, never
//! pushed out (the 33rd of one address is refused with 429 while the 32
//! live on, and a probe is answered); behind a named proxy each client
//! counts on its own; `/metrics` is never served through a proxy; and the
//! console under `ulimit -n 1024` keeps answering its probes and writing
//! every picture while 1,100 streams are tried from 40 addresses.

use std::io::{BufRead, BufReader, Write};
use std::net::{IpAddr, SocketAddr};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chessbot::http::{Health, Limits, Platform, TrustedProxies, get};
use chessbot::service::Event;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};

use crate::support::scenario::Scenario;

/// A served game (its page path) on a server with the default limits and
/// `proxies` trusted.
async fn served(proxies: &str) -> (Scenario, SocketAddr, String) {
    let scn = Scenario::builder()
        .store(super::test_store().await)
        .open()
        .await;
    scn.svc.set_watch_base("http://watch.test/");
    let health = Health::new(Platform::Console);
    health.set_store(scn.svc.store().clone());
    health.set_service(scn.svc.clone());
    let addr = chessbot::http::start_with(
        "127.0.0.1:0".parse().expect("addr"),
        health,
        Limits::default(),
        TrustedProxies::parse(proxies).expect("proxies"),
    )
    .await
    .expect("serve");
    let r = scn.start_between("alice", "bob", "").await;
    let watch = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Start { watch, .. }) => watch.clone(),
            _ => None,
        })
        .expect("a watch link");
    let path = watch
        .strip_prefix("http://watch.test")
        .expect("under the base")
        .to_string();
    (scn, addr, path)
}

/// Opens a stream of `path` from `from` (a loopback address), with
/// `headers`; its status and the connection (kept open when 200).
async fn stream(addr: SocketAddr, from: IpAddr, path: &str, headers: &str) -> (u16, TcpStream) {
    let socket = TcpSocket::new_v4().expect("socket");
    socket.bind(SocketAddr::new(from, 0)).expect("bind");
    let mut c = socket.connect(addr).await.expect("connect");
    c.write_all(format!("GET {path}/events HTTP/1.1\r\nHost: x\r\n{headers}\r\n").as_bytes())
        .await
        .expect("write");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(Duration::from_secs(10), c.read(&mut byte))
            .await
            .expect("an answer's head within 10 s")
            .expect("read");
        if n == 0 {
            break;
        }
        head.push(byte[0]);
    }
    let status = String::from_utf8_lossy(&head)
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, c)
}

/// Whether the server still holds `c` open: nothing to read (or only the
/// stream's data) within a moment, and no end of file.
async fn alive(c: &mut TcpStream) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_millis(150), c.read(&mut buf)).await {
            Err(_) => return true,
            Ok(Ok(0)) | Ok(Err(_)) => return false,
            Ok(Ok(_)) => {}
        }
    }
}

async fn probe(addr: SocketAddr, path: &'static str, headers: &'static [(&str, &str)]) -> u16 {
    tokio::task::spawn_blocking(move || {
        let mut c = std::net::TcpStream::connect(addr).expect("connect");
        c.set_read_timeout(Some(Duration::from_secs(2)))
            .expect("timeout");
        let mut req = format!("GET {path} HTTP/1.1\r\nHost: x\r\n");
        for (k, v) in headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str("\r\n");
        c.write_all(req.as_bytes()).expect("write");
        let mut line = String::new();
        BufReader::new(c)
            .read_line(&mut line)
            .expect("an answer within 2 s");
        line.split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0)
    })
    .await
    .expect("joins")
}

const LOOPBACK: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

#[tokio::test]
async fn thirty_two_streams_of_one_address_survive_a_33rd_and_a_probe() {
    let (_scn, addr, path) = served("").await;
    let mut open = Vec::new();
    for _ in 0..32 {
        let (status, c) = stream(addr, LOOPBACK, &path, "").await;
        assert_eq!(status, 200);
        open.push(c);
    }
    let (status, _) = stream(addr, LOOPBACK, &path, "").await;
    assert_eq!(status, 429, "the newcomer is refused");
    assert_eq!(probe(addr, "/healthz", &[]).await, 200);
    assert_eq!(probe(addr, "/readyz", &[]).await, 200);
    for (i, c) in open.iter_mut().enumerate() {
        assert!(alive(c).await, "stream {i} was closed");
    }
    // One ends: its place is free again.
    drop(open.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let (status, _c) = stream(addr, LOOPBACK, &path, "").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn behind_a_named_proxy_each_client_counts_on_its_own() {
    let (_scn, addr, path) = served("127.0.0.1").await;
    let mut open = Vec::new();
    // 40 clients behind the proxy, one stream each: more than one address
    // may hold, all admitted.
    for i in 0..40 {
        let (status, c) = stream(
            addr,
            LOOPBACK,
            &path,
            &format!("X-Forwarded-For: 203.0.113.{i}\r\n"),
        )
        .await;
        assert_eq!(status, 200, "client {i}");
        open.push(c);
    }
    // One client's share is 32, through the proxy as directly.
    for _ in 1..32 {
        let (status, c) = stream(addr, LOOPBACK, &path, "Forwarded: for=198.51.100.7\r\n").await;
        assert_eq!(status, 200);
        open.push(c);
    }
    let (status, c) = stream(addr, LOOPBACK, &path, "Forwarded: for=198.51.100.7\r\n").await;
    assert_eq!(status, 200, "the 32nd of that client");
    open.push(c);
    let (status, _) = stream(addr, LOOPBACK, &path, "Forwarded: for=198.51.100.7\r\n").await;
    assert_eq!(status, 429);
    for c in &mut open {
        assert!(alive(c).await);
    }
}

#[tokio::test]
async fn metrics_are_never_served_through_a_proxy() {
    let (_scn, addr, _) = served("127.0.0.1").await;
    assert_eq!(probe(addr, "/metrics", &[]).await, 200);
    assert_eq!(
        probe(addr, "/metrics", &[("X-Forwarded-For", "203.0.113.9")]).await,
        404
    );
    assert_eq!(
        probe(addr, "/metrics", &[("Forwarded", "for=203.0.113.9")]).await,
        404
    );
    // The pages and probes still are.
    assert_eq!(
        probe(addr, "/healthz", &[("X-Forwarded-For", "203.0.113.9")]).await,
        200
    );
}

/// The console under `ulimit -n 1024`: 1,100 stream attempts from 40
/// addresses leave `/healthz` answering within 2 s, and the moves played
/// meanwhile get every picture written.
#[tokio::test]
async fn a_thousand_streams_under_the_usual_descriptor_limit_starve_nothing() {
    // This test process needs more than 1,024 descriptors itself.
    let mine = chessbot::descriptors::raise_open_file_limit().expect("a limit");
    if mine.soft < 2_400 {
        eprintln!("skipped: this process may open only {} files", mine.soft);
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let images = dir.path().join("images");
    std::fs::create_dir(&images).expect("images dir");
    let db = format!("sqlite://{}", dir.path().join("x.db").display());
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        l.local_addr().expect("addr").port()
    };
    let script = format!(
        "ulimit -n 1024 && exec {} console --json --db {db} --images {} --http 127.0.0.1:{port}",
        env!("CARGO_BIN_EXE_chessbot"),
        images.display()
    );
    let mut child = Command::new("sh")
        .args(["-c", &script])
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env("CHESSBOT_PUBLIC_URL", "http://watch.test")
        .env_remove("CHESSBOT_HTTP_ADDR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chessbot");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    writeln!(
        stdin,
        "alice: /chess challenge @bob color:white\nbob: /chess accept"
    )
    .expect("write");
    stdin.flush().expect("flush");
    let deadline = Instant::now() + Duration::from_secs(60);
    let path = loop {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("a start with a watch link");
        if let Some(at) = line.find("\"watch\":\"http://watch.test") {
            let rest = &line[at + "\"watch\":\"http://watch.test".len()..];
            break rest[..rest.find('"').expect("end")].to_string();
        }
    };
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("addr");
    let mut open = Vec::new();
    let mut admitted = 0;
    let mut refused = 0;
    for i in 0..1_100u32 {
        let from = IpAddr::from([127, 0, 1, (i % 40 + 2) as u8]);
        let (status, c) = stream(addr, from, &path, "").await;
        match status {
            200 => {
                admitted += 1;
                open.push(c);
            }
            429 | 503 => refused += 1,
            other => panic!("stream {i}: status {other}"),
        }
    }
    eprintln!("{admitted} streams admitted, {refused} refused under ulimit -n 1024");
    assert!(admitted >= 40 * 16, "{admitted} admitted");
    let started = Instant::now();
    assert_eq!(probe(addr, "/healthz", &[]).await, 200);
    assert!(started.elapsed() < Duration::from_secs(2));
    // Moves meanwhile: each writes its picture.
    writeln!(
        stdin,
        "alice: /chess move e4\nbob: /chess move e5\nalice: /chess move Nf3"
    )
    .expect("write");
    stdin.flush().expect("flush");
    let mut pictures = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while pictures.len() < 3 {
        let line = rx
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
            .expect("every move posted within a minute");
        let v: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        if v["event"]["type"] == "move" {
            pictures.push(v["image"].as_str().expect("a picture").to_string());
        }
    }
    for p in &pictures {
        let until = Instant::now() + Duration::from_secs(10);
        let mut len = 0;
        while len <= 1_000 && Instant::now() < until {
            len = std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(len > 1_000, "{p} written ({len} bytes)");
    }
    for c in &mut open {
        assert!(alive(c).await, "an admitted stream was closed");
    }
    drop(open);
    drop(stdin);
    let status = child.wait().expect("wait");
    assert!(status.success(), "{status:?}");
}

#[tokio::test]
async fn one_games_page_gets_a_new_address_and_the_old_one_is_gone() {
    let (scn, addr, old) = served("").await;
    assert_eq!(probe_path(addr, old.clone()).await, 200);
    // Someone who neither plays nor moderates may not.
    let r = scn.say("carol", "/chess settings pages:new").await;
    assert_eq!(
        crate::support::scenario::Replies::error(r.as_slice()).as_deref(),
        Some("not_allowed")
    );
    let r = scn.ok("bob", "/chess settings pages:new").await;
    let text = &r[0].text;
    let at = text.find("http://watch.test/g/").expect("the new address");
    let new: String = text[at + "http://watch.test".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '/')
        .collect();
    assert_ne!(new, old);
    assert!(!r[0].ephemeral, "posted in the game's channel");
    assert_eq!(probe_path(addr, old).await, 404, "the old address is gone");
    assert_eq!(probe_path(addr, new).await, 200);
}

async fn probe_path(addr: SocketAddr, path: String) -> u16 {
    tokio::task::spawn_blocking(move || {
        get(&format!("http://{addr}{path}"), Duration::from_secs(5))
            .expect("an answer")
            .0
    })
    .await
    .expect("joins")
}
