//! Headless Chromium for the page tests: Debian's `chromium`, driven over
//! its DevTools protocol (a WebSocket; no WebDriver crate). `chromium`
//! gives `None` where it is not installed: the tests then skip.

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// Chromium, killed when dropped.
pub struct Browser(Child);

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts headless chromium; its DevTools address.
pub fn chromium(profile: &std::path::Path) -> Option<(Browser, String)> {
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
pub struct Page {
    pub ws: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    pub session: String,
    pub next: u64,
}

impl Page {
    pub async fn call(&mut self, method: &str, params: Value, session: bool) -> Value {
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
    pub async fn eval(&mut self, expression: &str) -> Value {
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
    pub async fn until(&mut self, expression: &str) -> Duration {
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

impl Page {
    /// Opens `url` in a new tab of the browser at `devtools`.
    pub async fn open(devtools: &str, url: &str) -> Page {
        let (ws, _) = tokio_tungstenite::connect_async(devtools)
            .await
            .expect("connect to the browser");
        let mut page = Page {
            ws,
            session: String::new(),
            next: 0,
        };
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
        page
    }

    /// The centre of the element `selector` names, in the viewport.
    pub async fn centre(&mut self, selector: &str) -> (f64, f64) {
        let v = self
            .eval(&format!(
                "(function () {{ var r = document.querySelector({}).getBoundingClientRect(); \
                 return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
                json!(selector)
            ))
            .await;
        (
            v[0].as_f64().expect("an element"),
            v[1].as_f64().expect("an element"),
        )
    }

    async fn mouse(&mut self, kind: &str, (x, y): (f64, f64), buttons: u8) {
        self.call(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": buttons, "clickCount": 1 }),
            true,
        )
        .await;
    }

    /// A mouse click on the element `selector` names.
    pub async fn click(&mut self, selector: &str) {
        let at = self.centre(selector).await;
        self.mouse("mousePressed", at, 1).await;
        self.mouse("mouseReleased", at, 0).await;
    }

    /// Presses the mouse on `from`, moves it in steps to `to` and lets go.
    pub async fn drag(&mut self, from: &str, to: &str) {
        let a = self.centre(from).await;
        let b = self.centre(to).await;
        self.mouse("mousePressed", a, 1).await;
        for i in 1..=5 {
            let t = f64::from(i) / 5.0;
            let at = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            self.mouse("mouseMoved", at, 1).await;
        }
        self.mouse("mouseReleased", b, 0).await;
    }

    /// Types `text` into the focused element, then presses Enter.
    pub async fn type_and_enter(&mut self, text: &str) {
        self.call("Input.insertText", json!({ "text": text }), true)
            .await;
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13 }),
                true,
            )
            .await;
        }
    }
}
