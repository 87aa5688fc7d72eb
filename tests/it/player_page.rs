//! Player pages through the real binary: `chessbot console --json --http`
//! with a public address. A player's private board carries their own link
//! (never a public message); a move, a draw offer and a confirmed
//! resignation sent to the page come out in the game's channel exactly as
//! typed commands' posts do, once; what the service refuses, a wrong or
//! old token, a spectator's token and a cross-site form are refused and
//! change nothing. Also the browser test: a game to mate through two
//! players' pages in headless Chromium (skipped without it).

use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::browser::{Page, chromium};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}

/// A console serving pages at `base`, its input and its output lines.
pub(crate) struct Console {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Every line printed so far.
    pub(crate) seen: Vec<Value>,
    pub(crate) base: String,
    _dir: tempfile::TempDir,
}

impl Drop for Console {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Console {
    pub(crate) fn start() -> Console {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = format!("sqlite://{}", dir.path().join("p.db").display());
        let port = free_port();
        let base = format!("http://127.0.0.1:{port}");
        let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
            .env("STOCKFISH_PATH", "/nonexistent/stockfish")
            .env_remove("CHESSBOT_HTTP_ADDR")
            .env("CHESSBOT_PUBLIC_URL", &base)
            .args(["console", "--json", "--db", &db])
            .args(["--http", &format!("127.0.0.1:{port}")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chessbot");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take().expect("stdin");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let c = Console {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
            base,
            _dir: dir,
        };
        // Ready once the server answers.
        let started = Instant::now();
        while chessbot::http::get(&format!("{}/healthz", c.base), Duration::from_secs(1)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "no server");
            std::thread::sleep(Duration::from_millis(50));
        }
        c
    }

    /// Types `line` and returns what it printed (up to a marker that
    /// follows it).
    pub(crate) fn say(&mut self, line: &str) -> Vec<Value> {
        writeln!(self.stdin, "{line}").expect("write");
        // An unknown directive answers with one error line: the marker
        // that everything before it was printed.
        writeln!(self.stdin, ":marker").expect("write");
        let mut out = Vec::new();
        loop {
            let v = self.next_line(Duration::from_secs(20));
            if v["event"]["type"] == "error"
                && v["event"]["code"] == "invalid_input"
                && v["text"].as_str().is_some_and(|t| t.contains("marker"))
            {
                return out;
            }
            out.push(v);
        }
    }

    fn next_line(&mut self, within: Duration) -> Value {
        let line = self
            .lines
            .recv_timeout(within)
            .expect("the console prints a line");
        let v: Value = serde_json::from_str(&line).expect("JSON");
        self.seen.push(v.clone());
        v
    }

    /// Waits for a line `want` accepts (lines before it are kept in
    /// `seen`).
    pub(crate) fn wait_for(&mut self, want: impl Fn(&Value) -> bool) -> Value {
        let started = Instant::now();
        loop {
            let left = Duration::from_secs(20).saturating_sub(started.elapsed());
            let v = self.next_line(left);
            if want(&v) {
                return v;
            }
        }
    }

    /// The player link `name` gets with `board private:true`.
    pub(crate) fn link(&mut self, name: &str) -> String {
        let out = self.say(&format!("{name}: /chess board private:true"));
        let private = out
            .iter()
            .find(|v| v.get("play").is_some())
            .unwrap_or_else(|| panic!("a play link in {out:?}"));
        assert_eq!(private["to"], json!(name), "{private}");
        assert_eq!(private["channel"], json!("general"));
        for v in &out {
            if v.get("to").is_none_or(Value::is_null) {
                assert!(v.get("play").is_none(), "a public link: {v}");
            }
        }
        let url = private["play"].as_str().expect("a URL").to_string();
        assert!(url.starts_with(&format!("{}/p/", self.base)), "{url}");
        assert!(private["text"].as_str().unwrap().contains(&url));
        url
    }

    /// The move events printed so far.
    pub(crate) fn moves(&self) -> Vec<(String, String, String)> {
        self.seen
            .iter()
            .filter(|v| v["event"]["type"] == "move")
            .map(|v| {
                (
                    v["channel"].as_str().unwrap_or("").to_string(),
                    v["event"]["by"].as_str().unwrap_or("").to_string(),
                    v["event"]["san"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect()
    }
}

/// An HTTP request: the status and the body as JSON (or as a string).
pub(crate) fn request(
    method: &str,
    url: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, Value) {
    let rest = url.strip_prefix("http://").expect("http");
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    let mut stream = TcpStream::connect(host).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
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
    let text = String::from_utf8_lossy(&answer);
    let (head, body) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let body = serde_json::from_str(body).unwrap_or_else(|_| Value::String(body.to_string()));
    (status, body)
}

/// A page's action.
pub(crate) fn act(link: &str, action: &Value) -> (u16, Value) {
    request(
        "POST",
        &format!("{link}/action"),
        &[("Content-Type", "application/json")],
        &action.to_string(),
    )
}

fn mv(text: &str, ply: usize) -> Value {
    json!({ "action": "move", "move": text, "ply": ply })
}

fn started_game(c: &mut Console) -> String {
    c.say("alice: /chess challenge @bob color:white");
    let out = c.say("bob: /chess accept");
    let start = out
        .iter()
        .find(|v| v["event"]["type"] == "start")
        .expect("a start");
    start["event"]["watch"]
        .as_str()
        .expect("a watch link")
        .to_string()
}

#[test]
fn a_move_on_the_page_is_posted_once_and_refusals_change_nothing() {
    let mut c = Console::start();
    let watch = started_game(&mut c);
    let alice = c.link("alice");
    let bob = c.link("bob");
    assert_ne!(alice, bob);

    // The page itself, and its state for the script.
    let (status, page) = request("GET", &alice, &[], "");
    assert_eq!(status, 200);
    let page = page.as_str().expect("HTML").to_string();
    assert!(page.contains(r#"data-square="e4""#), "{page}");
    assert!(page.contains("/assets/play.js"));
    let (status, state) = request("GET", &format!("{alice}/state"), &[], "");
    assert_eq!(status, 200);
    assert_eq!(state["color"], "white");
    assert_eq!(state["legal"].as_array().map(Vec::len), Some(20));
    let (_, bob_state) = request("GET", &format!("{bob}/state"), &[], "");
    assert_eq!(bob_state["color"], "black");
    assert_eq!(bob_state["legal"], json!([]));

    // A move from the page, posted in the game's channel.
    let (status, answer) = act(&alice, &mv("e2e4", 0));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["repeated"], false);
    let posted = c.wait_for(|v| v["event"]["type"] == "move");
    assert_eq!(posted["channel"], "general");
    assert_eq!(posted["event"]["by"], "alice");
    assert_eq!(posted["event"]["san"], "e4");
    // The same request again: no second move.
    let (status, again) = act(&alice, &mv("e2e4", 0));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["repeated"], true);

    // The wrong player, an illegal move, an old ply.
    let (status, refused) = act(&alice, &mv("d2d4", 1));
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["code"], "not_your_turn");
    assert!(refused["message"].as_str().is_some_and(|m| !m.is_empty()));
    let (status, refused) = act(&bob, &mv("e7e4", 1));
    assert_eq!(status, 422, "{refused}");
    assert_eq!(refused["code"], "illegal_move");
    let (status, refused) = act(&bob, &mv("e7e5", 0));
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "stale");

    // A spectator's token and a changed token are no links.
    let spectator = watch.replace("/g/", "/p/");
    assert_eq!(act(&spectator, &mv("e7e5", 1)).0, 404);
    let mut changed = bob.clone();
    let last = changed.pop().expect("a token");
    changed.push(if last == '0' { '1' } else { '0' });
    assert_eq!(act(&changed, &mv("e7e5", 1)).0, 404);
    // Not JSON, or from another site: refused before anything is read.
    let (status, _) = request(
        "POST",
        &format!("{bob}/action"),
        &[("Content-Type", "application/x-www-form-urlencoded")],
        "action=move&move=e7e5&ply=1",
    );
    assert_eq!(status, 415);
    let (status, _) = request(
        "POST",
        &format!("{bob}/action"),
        &[
            ("Content-Type", "application/json"),
            ("Origin", "https://evil.example"),
        ],
        &mv("e7e5", 1).to_string(),
    );
    assert_eq!(status, 403);

    // Asking again gives a new link; the old one is dead.
    let bob2 = c.link("bob");
    assert_ne!(bob2, bob);
    assert_eq!(act(&bob, &mv("e7e5", 1)).0, 404);
    let (status, answer) = act(&bob2, &mv("e5", 1));
    assert_eq!(status, 200, "{answer}");
    c.wait_for(|v| v["event"]["type"] == "move" && v["event"]["by"] == "bob");
    c.say("carol: /chess board");
    assert_eq!(
        c.moves(),
        vec![
            ("general".into(), "alice".into(), "e4".into()),
            ("general".into(), "bob".into(), "e5".into()),
        ]
    );
}

#[test]
fn a_draw_offer_and_a_confirmed_resignation_reach_the_chat() {
    let mut c = Console::start();
    started_game(&mut c);
    c.say("alice: /chess move e4");
    c.say("bob: /chess move e5");
    let alice = c.link("alice");
    let bob = c.link("bob");

    let (status, answer) = act(&alice, &json!({ "action": "draw" }));
    assert_eq!(status, 200, "{answer}");
    let offer = c.wait_for(|v| v["event"]["type"] == "draw_offer");
    assert_eq!(offer["event"]["by"], "alice");
    assert_eq!(offer["channel"], "general");
    let (_, state) = request("GET", &format!("{bob}/state"), &[], "");
    assert_eq!(state["view"]["draw_offer"], "white");

    // Resigning takes a confirmation.
    let (status, refused) = act(&bob, &json!({ "action": "resign" }));
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "confirm");
    let (status, answer) = act(&bob, &json!({ "action": "resign", "confirm": true }));
    assert_eq!(status, 200, "{answer}");
    let end = c.wait_for(|v| v["event"]["type"] == "end");
    assert_eq!(end["event"]["termination"], "resignation");
    assert_eq!(end["event"]["result"], "1-0");
    assert_eq!(end["channel"], "general");
    assert!(
        c.seen
            .iter()
            .all(|v| v["event"]["type"] != "end" || v["event"]["termination"] == "resignation")
    );

    // After the end the page shows the finished game and acts no more.
    let (status, _) = request("GET", &alice, &[], "");
    assert_eq!(status, 200);
    let (_, state) = request("GET", &format!("{alice}/state"), &[], "");
    assert_eq!(state["view"]["running"], false);
    assert_eq!(state["legal"], json!([]));
    let (status, refused) = act(&alice, &mv("d2d4", 4));
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["code"], "no_game");
    c.say("carol: /chess board");
    assert_eq!(c.moves().len(), 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_to_mate_through_two_players_pages_in_chromium() {
    let profile = tempfile::tempdir().expect("temp dir");
    let Some((_browser, devtools)) = chromium(profile.path()) else {
        eprintln!("SKIPPED player_page: no chromium (apt-get install chromium)");
        return;
    };
    let (c, alice_url, bob_url) = tokio::task::spawn_blocking(|| {
        let mut c = Console::start();
        started_game(&mut c);
        let a = c.link("alice");
        let b = c.link("bob");
        (c, a, b)
    })
    .await
    .expect("a game and its links");
    let mut alice = Page::open(&devtools, &alice_url).await;
    let mut bob = Page::open(&devtools, &bob_url).await;
    let ready = "document.readyState === 'complete' && !!document.querySelector('[data-square=\"e2\"] .pc') && document.getElementById('status').textContent !== ''";
    alice.until(ready).await;
    bob.until(ready).await;
    // Give the live streams a moment to open.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let piece = |sq: &str, p: &str| {
        format!(
            "document.querySelector('[data-square=\"{sq}\"]').getAttribute('data-piece') === '{p}'"
        )
    };
    // White's side at the bottom for alice, black's for bob.
    assert_eq!(
        alice
            .eval("document.querySelector('#board [data-square]').getAttribute('data-square')")
            .await,
        json!("a8")
    );
    assert_eq!(
        bob.eval("document.querySelector('#board [data-square]').getAttribute('data-square')")
            .await,
        json!("h1")
    );

    // 1. f3 by tap-tap: the legal targets show after the first tap.
    alice.click("[data-square=\"f2\"]").await;
    alice
        .until("document.querySelectorAll('.sq.target').length === 2")
        .await;
    alice.click("[data-square=\"f3\"]").await;
    let c = expect_move(c, "alice", "f3").await;
    bob.until(&piece("f3", "P")).await;

    // 1... e5 dragged.
    bob.drag("[data-square=\"e7\"]", "[data-square=\"e5\"]")
        .await;
    let c = expect_move(c, "bob", "e5").await;
    alice.until(&piece("e5", "p")).await;

    // 2. g4 typed into the move field.
    let label = alice
        .eval("document.getElementById('move-input').labels[0].textContent")
        .await;
    assert!(
        label
            .as_str()
            .is_some_and(|l| l.to_lowercase().contains("move")),
        "{label}"
    );
    alice
        .eval("document.getElementById('move-input').focus()")
        .await;
    alice.type_and_enter("g4").await;
    let c = expect_move(c, "alice", "g4").await;
    bob.until(&piece("g4", "P")).await;

    // 2... Qh4# by tap-tap: mate, on both pages and in the chat.
    bob.click("[data-square=\"d8\"]").await;
    bob.click("[data-square=\"h4\"]").await;
    let mut c = expect_move(c, "bob", "Qh4#").await;
    c = tokio::task::spawn_blocking(move || {
        let end = c.wait_for(|v| v["event"]["type"] == "end");
        assert_eq!(end["event"]["termination"], "checkmate");
        assert_eq!(end["event"]["result"], "0-1");
        c
    })
    .await
    .expect("the end");
    alice
        .until("document.querySelector('.sq.check') !== null && document.getElementById('status').textContent.indexOf('won') >= 0")
        .await;
    bob.until("document.getElementById('status').textContent.indexOf('You won') >= 0")
        .await;
    assert_eq!(c.moves().len(), 4);
}

/// Waits until the console prints `by`'s move `san` in `general`.
async fn expect_move(mut c: Console, by: &'static str, san: &'static str) -> Console {
    tokio::task::spawn_blocking(move || {
        let v = c.wait_for(|v| v["event"]["type"] == "move");
        assert_eq!(v["channel"], "general");
        assert_eq!(v["event"]["by"], by);
        assert_eq!(v["event"]["san"], san);
        c
    })
    .await
    .expect("a move")
}
