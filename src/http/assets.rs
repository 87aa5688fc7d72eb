//! The pages' stylesheet and script, compiled into the binary (no CDN, no
//! build step: a self-hosted bot may be offline), and their version.

use std::hash::{Hash, Hasher};
use std::sync::LazyLock;

/// The stylesheet.
const CSS: &str = include_str!("../../assets/web/watch.css");
/// The script: live updates, stepping through the moves, flipping, local
/// times. The pages work without it.
const JS: &str = include_str!("../../assets/web/watch.js");
/// The player page's stylesheet.
const PLAY_CSS: &str = include_str!("../../assets/web/play.css");
/// The player page's script: moves by tap, drag and text, the buttons,
/// live updates.
const PLAY_JS: &str = include_str!("../../assets/web/play.js");

/// The body and content type of asset `file`.
pub(super) fn get(file: &str) -> Option<(&'static str, &'static str)> {
    match file {
        "watch.css" => Some((CSS, "text/css; charset=utf-8")),
        "watch.js" => Some((JS, "text/javascript; charset=utf-8")),
        "play.css" => Some((PLAY_CSS, "text/css; charset=utf-8")),
        "play.js" => Some((PLAY_JS, "text/javascript; charset=utf-8")),
        _ => None,
    }
}

/// The version of the assets (an `ETag`), and the query string the pages
/// name them with, so a new binary's assets are fetched again.
pub(super) fn etag() -> &'static str {
    static TAG: LazyLock<String> = LazyLock::new(|| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        CSS.hash(&mut h);
        JS.hash(&mut h);
        PLAY_CSS.hash(&mut h);
        PLAY_JS.hash(&mut h);
        format!("\"{:016x}\"", h.finish())
    });
    &TAG
}

/// `?v=<version>` for the assets' addresses.
pub(super) fn version() -> &'static str {
    static V: LazyLock<String> = LazyLock::new(|| etag().trim_matches('"').to_string());
    &V
}
