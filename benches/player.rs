//! Player pages end to end on the loopback: the real binary
//! (`chessbot console --json --http` with a public address), both players'
//! links, then every move of a whole game sent as the page sends it (a
//! POST of JSON) and timed until the console prints it in the game's
//! channel: p50, p95 and the slowest. Then the page's weight as a browser
//! loads it, gzip-compressed as the server sends it (the HTML with the
//! piece symbols, the script, the stylesheet).
//!
//! `cargo bench --bench player` (`PLAYER_GAMES=N` plays N games).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// The Opera Game (Morphy, 1858): 33 plies to mate.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

/// An HTTP request: status, headers and the body (chunks joined).
fn request(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, Vec<u8>) {
    let rest = url.strip_prefix("http://").expect("http");
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let mut stream = TcpStream::connect(host).expect("connect");
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).expect("write");
    stream.write_all(body.as_bytes()).expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("read");
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an answer");
    let head = String::from_utf8_lossy(&answer[..split]).to_string();
    let mut body = answer[split + 4..].to_vec();
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        body = unchunk(&body);
    }
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, head, body)
}

fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = raw.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(
            String::from_utf8_lossy(&raw[..eol])
                .split(';')
                .next()
                .unwrap_or("0")
                .trim(),
            16,
        )
        .unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw = &raw[eol + 2 + size + 2..];
    }
}

struct Console {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: Receiver<serde_json::Value>,
}

impl Console {
    fn say(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("write");
    }

    fn wait(&self, want: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        loop {
            let v = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .expect("a line");
            if want(&v) {
                return v;
            }
        }
    }
}

fn main() {
    let games: usize = std::env::var("PLAYER_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let dir = tempfile::tempdir().expect("temp dir");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a port")
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let exe = std::env::var("CHESSBOT_BIN").unwrap_or_else(|_| {
        let mut p = std::env::current_exe().expect("exe");
        p.pop();
        p.pop();
        p.push("chessbot");
        p.display().to_string()
    });
    let mut child = Command::new(&exe)
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .env("CHESSBOT_PUBLIC_URL", &base)
        .args([
            "console",
            "--json",
            "--db",
            &format!("sqlite://{}", dir.path().join("b.db").display()),
        ])
        .args(["--http", &format!("127.0.0.1:{port}")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{exe}: {e} (cargo build first, or set CHESSBOT_BIN)"));
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Ok(v) = serde_json::from_str(&line)
                && tx.send(v).is_err()
            {
                return;
            }
        }
    });
    let mut c = Console {
        stdin: child.stdin.take().expect("stdin"),
        child,
        lines: rx,
    };
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(20), "no server");
        std::thread::sleep(Duration::from_millis(50));
    }

    let mut took = Vec::new();
    let mut page_url = String::new();
    for g in 0..games {
        let ch = format!("g{g}");
        c.say(&format!("alice@{ch}: /chess challenge @bob color:white"));
        c.say(&format!("bob@{ch}: /chess accept"));
        c.wait(|v| v["event"]["type"] == "start");
        let mut links = Vec::new();
        for who in ["alice", "bob"] {
            c.say(&format!("{who}@{ch}: /chess board private:true"));
            let v = c.wait(|v| v.get("play").is_some());
            links.push(v["play"].as_str().expect("a link").to_string());
        }
        page_url.clone_from(&links[0]);
        for (ply, san) in OPERA.split_whitespace().enumerate() {
            let body = serde_json::json!({ "action": "move", "move": san, "ply": ply }).to_string();
            let t = Instant::now();
            let (status, _, answer) = request(
                "POST",
                &format!("{}/action", links[ply % 2]),
                &[("Content-Type", "application/json")],
                &body,
            );
            assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
            let want = san.to_string();
            let ch2 = ch.clone();
            c.wait(|v| {
                v["event"]["type"] == "move" && v["event"]["san"] == want && v["channel"] == ch2
            });
            took.push(t.elapsed());
        }
        c.wait(|v| v["event"]["type"] == "end");
    }
    took.sort();
    let at = |q: f64| took[((took.len() as f64 - 1.0) * q).round() as usize];
    println!(
        "page move -> move in the chat, {} moves over {games} games: p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        took.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.95).as_secs_f64() * 1e3,
        took.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );

    // The page's weight as a browser fetches it, compressed.
    let gz = [("Accept-Encoding", "gzip")];
    let (_, _, html) = request("GET", &page_url, &gz, "");
    let (_, _, html_plain) = request("GET", &page_url, &[], "");
    let mut total = html.len();
    println!(
        "page weight: the page {} B ({} B uncompressed)",
        html.len(),
        html_plain.len()
    );
    let text = String::from_utf8_lossy(&html_plain).to_string();
    for asset in ["play.js", "play.css"] {
        let path = text
            .split('"')
            .find(|s| s.starts_with(&format!("/assets/{asset}")))
            .expect("the page names its asset");
        let (_, _, body) = request("GET", &format!("{base}{path}"), &gz, "");
        let (_, _, plain) = request("GET", &format!("{base}{path}"), &[], "");
        println!(
            "  {asset} {} B ({} B uncompressed)",
            body.len(),
            plain.len()
        );
        total += body.len();
    }
    println!("  in all {total} B compressed (pieces included, as symbols in the page)");
    drop(c.stdin);
    let _ = c.child.kill();
    let _ = c.child.wait();
}
