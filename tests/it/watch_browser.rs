//! A running game's page in a real browser: Debian's `chromium`, headless,
//! driven over its DevTools protocol (a WebSocket; no WebDriver crate).
//! The page opens, a move played through the service appears without a
//! reload, stepping back shows the earlier position, and a hostile name is
//! shown as text. Skipped, with a line saying so, without chromium.

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chessbot::http::{Health, Platform};
use chessbot::service::{Actor, Command as BotCommand, Event, LocalePrefs};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::support::scenario::Scenario;

const HOSTILE: &str = "<img src=x onerror=alert(1)>\u{202E}evil";

/// Chromium, killed when dropped.
struct Browser(Child);

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts headless chromium; its DevTools address.
fn chromium(profile: &std::path::Path) -> Option<(Browser, String)> {
    let bin = ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })?;
    let mut child = Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--remote-debugging-port=0",
            "--window-size=390,844",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let stderr = child.stderr.take()?;
    let browser = Browser(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if let Some(url) = line.split("DevTools listening on ").nth(1) {
                let _ = tx.send(url.trim().to_string());
            }
        }
    });
    let url = rx.recv_timeout(Duration::from_secs(30)).ok()?;
    Some((browser, url))
}

/// One DevTools session on one page.
struct Page {
    ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    session: String,
    next: u64,
}

impl Page {
    async fn call(&mut self, method: &str, params: Value, session: bool) -> Value {
        self.next += 1;
        let id = self.next;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if session {
            msg["sessionId"] = json!(self.session);
        }
        self.ws
            .send(Message::Text(msg.to_string()))
            .await
            .expect("send to the browser");
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("the browser answers")
                .expect("open")
                .expect("a message");
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(&t).expect("JSON");
                if v["id"] == json!(id) {
                    assert!(v.get("error").is_none(), "{method}: {v}");
                    return v["result"].clone();
                }
            }
        }
    }

    /// The value of a script expression in the page.
    async fn eval(&mut self, expression: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true }),
                true,
            )
            .await;
        r["result"]["value"].clone()
    }

    /// Waits (10 s at most) until `expression` is true in the page.
    async fn until(&mut self, expression: &str) -> Duration {
        let started = Instant::now();
        while self.eval(expression).await != json!(true) {
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "never true: {expression}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        started.elapsed()
    }
}

#[tokio::test]
async fn a_running_game_updates_live_in_chromium() {
    let profile = tempfile::tempdir().expect("temp dir");
    let Some((_browser, devtools)) = chromium(profile.path()) else {
        eprintln!("SKIPPED watch_browser: no chromium (apt-get install chromium)");
        return;
    };
    let scn = Scenario::builder()
        .store(super::test_store().await)
        .open()
        .await;
    scn.svc.set_watch_base("http://x");
    let health = Health::new(Platform::Console);
    health.set_store(scn.svc.store().clone());
    health.set_service(scn.svc.clone());
    let addr = chessbot::http::start("127.0.0.1:0".parse().expect("addr"), health)
        .await
        .expect("serve");
    scn.ok("alice", "/chess challenge color:white").await;
    let mallory = Actor {
        id: "mallory".into(),
        name: HOSTILE.into(),
    };
    let r = scn
        .send(
            &mallory,
            "general",
            BotCommand::Accept,
            LocalePrefs::default(),
        )
        .await;
    let path = r
        .iter()
        .find_map(|r| match &r.event {
            Some(Event::Start { watch, .. }) => watch.clone(),
            _ => None,
        })
        .and_then(|w| w.strip_prefix("http://x").map(str::to_string))
        .expect("a watch link");
    scn.ok("alice", "/chess move e4").await;

    let (ws, _) = tokio_tungstenite::connect_async(devtools.as_str())
        .await
        .expect("connect to the browser");
    let mut page = Page {
        ws,
        session: String::new(),
        next: 0,
    };
    let url = format!("http://{addr}{path}");
    let target = page
        .call("Target.createTarget", json!({ "url": url }), false)
        .await;
    let attached = page
        .call(
            "Target.attachToTarget",
            json!({ "targetId": target["targetId"], "flatten": true }),
            false,
        )
        .await;
    page.session = attached["sessionId"]
        .as_str()
        .expect("a session")
        .to_string();
    page.until("document.readyState === 'complete' && !!document.getElementById('pc')")
        .await;
    page.until("document.querySelectorAll('#moves a').length === 1")
        .await;
    // The hostile name is text: no image element, the markup readable.
    assert_eq!(
        page.eval("document.querySelector('#seat-black .name').textContent")
            .await,
        json!("<img src=x onerror=alert(1)>evil")
    );
    assert_eq!(
        page.eval("document.querySelectorAll('img').length").await,
        json!(0)
    );
    // The script runs: controls shown. Give the stream a moment to open.
    page.until("!document.getElementById('controls').hidden")
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;

    let moved = Instant::now();
    scn.ok("mallory", "/chess move e5").await;
    page.until("document.querySelectorAll('#moves a').length === 2")
        .await;
    let took = moved.elapsed();
    eprintln!("the move appeared in chromium {took:?} after it was played");
    assert!(took < Duration::from_secs(2), "{took:?}");
    let fen = page
        .eval("document.getElementById('fen').textContent")
        .await;
    assert!(
        fen.as_str()
            .is_some_and(|f| f.starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w")),
        "{fen}"
    );
    // Step back with the button, then with the arrow key.
    page.eval("document.getElementById('prev').click()").await;
    page.until(
        "document.getElementById('fen').textContent.startsWith('rnbqkbnr/pppppppp/8/8/4P3/')",
    )
    .await;
    page.eval("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'}))")
        .await;
    page.until(
        "document.getElementById('fen').textContent.startsWith('rnbqkbnr/pppppppp/8/8/8/8/')",
    )
    .await;
    assert_eq!(
        page.eval("document.querySelectorAll('#pc use').length")
            .await,
        json!(32)
    );

    // A capture shows beside the side that made it, with its lead, and
    // goes away when stepping back before it.
    page.eval("document.getElementById('last').click()").await;
    scn.ok("alice", "/chess move d4").await;
    scn.ok("mallory", "/chess move exd4").await;
    page.until("document.querySelectorAll('#moves a').length === 4")
        .await;
    page.until("document.getElementById('captured-black').textContent === '♙ +1'")
        .await;
    assert_eq!(
        page.eval("document.getElementById('captured-white').textContent")
            .await,
        json!("")
    );
    page.eval("document.getElementById('prev').click()").await;
    page.until("document.getElementById('captured-black').textContent === ''")
        .await;
}
