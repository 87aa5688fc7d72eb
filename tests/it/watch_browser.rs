//! A running game's page in a real browser: Debian's `chromium`, headless,
//! driven over its DevTools protocol (a WebSocket; no WebDriver crate).
//! The page opens, a move played through the service appears without a
//! reload, stepping back shows the earlier position, and a hostile name is
//! shown as text. Skipped, with a line saying so, without chromium.

use std::time::{Duration, Instant};

use chessbot::http::{Health, Platform};
use chessbot::service::{Actor, Command as BotCommand, Event, LocalePrefs};
use serde_json::json;

use crate::support::browser::{Page, chromium};
use crate::support::scenario::Scenario;

const HOSTILE: &str = "<img src=x onerror=alert(1)>\u{202E}evil";

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
