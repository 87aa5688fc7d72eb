//! The pages read by assistive technology, in headless Chromium (skipped,
//! with a line saying so, only without chromium): axe-core (the npm
//! package, a test-only tool `.ci/run` installs into `.ci-tools/axe`; this
//! test installs it there itself when it is missing) finds no violation
//! on a running game's spectator page and on a player's page, on a
//! desktop in light and on a 360 px phone in dark; and a move played while
//! the pages are open is announced in their polite live region in words
//! ("Black: Pawn from e7 to e5").

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Value, json};

use crate::player_page::{Console, act};
use crate::support::browser::{Page, chromium};

/// The axe-core version installed when none is found.
const AXE_VERSION: &str = "4.14.1";

/// axe-core's browser script: `CHESSBOT_AXE_CORE`, else the copy in
/// `.ci-tools/axe` (installed with npm when missing).
fn axe_script() -> String {
    let path = std::env::var_os("CHESSBOT_AXE_CORE").map_or_else(
        || {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join(".ci-tools/axe/node_modules/axe-core/axe.min.js")
        },
        PathBuf::from,
    );
    if !path.exists() {
        let prefix = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(".ci-tools/axe");
        let status = std::process::Command::new("npm")
            .args(["install", "--no-audit", "--no-fund", "--silent", "--prefix"])
            .arg(&prefix)
            .arg(format!("axe-core@{AXE_VERSION}"))
            .status();
        assert!(
            status.is_ok_and(|s| s.success()),
            "axe-core is missing at {} and `npm install axe-core` failed",
            path.display()
        );
    }
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("axe-core at {}: {e}", path.display()))
}

/// A tab on `url`, loaded.
async fn open(devtools: &str, url: &str, ready: &str) -> Page {
    let mut page = Page::open(devtools, url).await;
    page.until(&format!("document.readyState === 'complete' && ({ready})"))
        .await;
    page
}

/// axe-core's violations on the page as it is now, as `id (impact): the
/// elements` lines.
async fn violations(page: &mut Page, axe: &str) -> Vec<String> {
    // The page's own policy allows no inline script: DevTools evaluates
    // outside it, so axe is defined in the page this way.
    if page.eval("typeof axe").await != json!("object") {
        page.call(
            "Runtime.evaluate",
            json!({ "expression": axe, "returnByValue": true }),
            true,
        )
        .await;
    }
    let r = page
        .call(
            "Runtime.evaluate",
            json!({
                "expression": "axe.run(document).then(r => r.violations.map(v => \
                    v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target.join(' ')).join(', ')))",
                "awaitPromise": true,
                "returnByValue": true,
            }),
            true,
        )
        .await;
    let found = &r["result"]["value"];
    assert!(found.is_array(), "axe ran: {r}");
    found
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

/// The words of the page's visible text (outside the FEN and the parts
/// only screen readers read) that are drawn on more than one line.
const BROKEN_WORDS: &str = r#"(() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('.fen, .sr-only, script, style, [hidden]')) continue;
    const text = node.textContent;
    const re = /\S+/g;
    let m;
    while ((m = re.exec(text)) !== null) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set(Array.from(range.getClientRects())
        .filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) out.push(m[0]);
    }
  }
  return out;
})()"#;

/// Sets the viewport's width and the colour scheme the page sees.
async fn view_as(page: &mut Page, width: u32, dark: bool) {
    page.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 500 }),
        true,
    )
    .await;
    page.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": if dark { "dark" } else { "light" } }] }),
        true,
    )
    .await;
    tokio::time::sleep(Duration::from_millis(150)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_pass_axe_and_announce_moves_in_words() {
    let profile = tempfile::tempdir().expect("temp dir");
    let Some((_browser, devtools)) = chromium(profile.path()) else {
        eprintln!("SKIPPED pages_axe: no chromium (apt-get install chromium)");
        return;
    };
    let axe = axe_script();
    let mut c = tokio::task::spawn_blocking(|| {
        let mut c = Console::start();
        c.say("alice: /chess challenge @bob color:white");
        c.say("bob: /chess accept");
        c
    })
    .await
    .expect("joins");
    let watch = c
        .seen
        .iter()
        .find(|v| v["event"]["type"] == "start")
        .and_then(|v| v["event"]["watch"].as_str())
        .expect("a watch link")
        .to_string();
    let (mut c, alice) = tokio::task::spawn_blocking(move || {
        let link = c.link("alice");
        (c, link)
    })
    .await
    .expect("joins");
    let e4 = alice.clone();
    tokio::task::spawn_blocking(move || {
        let (status, body) = act(&e4, &json!({"action": "move", "move": "e2e4", "ply": 0}));
        assert_eq!(status, 200, "{body}");
    })
    .await
    .expect("joins");

    let mut spectator = open(&devtools, &watch, "!!document.getElementById('announce')").await;
    let mut player = open(
        &devtools,
        &alice,
        "!!document.querySelector('[data-square=e4]')",
    )
    .await;
    // Give both live streams a moment to open.
    spectator
        .until("!document.getElementById('controls').hidden")
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;

    let mut found = Vec::new();
    for (width, dark) in [(1280, false), (360, true)] {
        for (name, page) in [("spectator", &mut spectator), ("player", &mut player)] {
            view_as(page, width, dark).await;
            for v in violations(page, &axe).await {
                found.push(format!(
                    "{name} page at {width} px{}: {v}",
                    if dark { ", dark" } else { "" }
                ));
            }
        }
    }
    assert!(found.is_empty(), "axe-core found:\n{}", found.join("\n"));

    // On a 390 px phone no word is broken across lines (a name, a
    // header), and the page does not scroll sideways. The FEN is a code,
    // not a word, and may break.
    for (name, page) in [("spectator", &mut spectator), ("player", &mut player)] {
        view_as(page, 390, false).await;
        let broken = page.eval(BROKEN_WORDS).await;
        assert_eq!(broken, json!([]), "{name} page at 390 px breaks words");
        let wide = page
            .eval("document.documentElement.scrollWidth <= window.innerWidth")
            .await;
        assert_eq!(wide, json!(true), "{name} page at 390 px scrolls sideways");
    }

    // Bob's move, typed in the chat, is announced on both open pages.
    c = tokio::task::spawn_blocking(move || {
        c.say("bob: /chess move e5");
        c
    })
    .await
    .expect("joins");
    for page in [&mut spectator, &mut player] {
        page.until(
            "document.getElementById('announce').textContent === 'Black: Pawn from e7 to e5'",
        )
        .await;
        assert_eq!(
            page.eval("document.getElementById('announce').getAttribute('aria-live')")
                .await,
            json!("polite")
        );
    }
    // Alice's knight from her page: "White: Knight from g1 to f3".
    let nf3 = alice.clone();
    tokio::task::spawn_blocking(move || {
        let (status, body) = act(&nf3, &json!({"action": "move", "move": "g1f3", "ply": 2}));
        assert_eq!(status, 200, "{body}");
    })
    .await
    .expect("joins");
    spectator
        .until("document.getElementById('announce').textContent === 'White: Knight from g1 to f3'")
        .await;
    drop(c);
}
