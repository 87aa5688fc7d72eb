//! One symbol per kind of public announcement: ♟ a move,
//! ✅ a win, ½ a draw, ⏰ a reminder; consistent and never noisy: only
//! the public post that announces it, once, at the start of its text. The
//! symbols are in the catalog (`announce-*`), like every word.

use super::{Event, Reply, messages as msg};

/// The symbol a reply's announcement starts with, if it is one.
fn symbol(r: &Reply) -> Option<String> {
    if r.ephemeral {
        return None;
    }
    let l = r.locale;
    match r.event.as_ref()? {
        Event::Move { .. } => Some(msg::announce_move(l)),
        Event::Reminder { .. } => Some(msg::announce_reminder(l)),
        Event::End { result, .. } => match result.as_str() {
            "1-0" | "0-1" => Some(msg::announce_win(l)),
            "1/2-1/2" => Some(msg::announce_draw(l)),
            _ => None,
        },
        _ => None,
    }
}

/// Puts its symbol before the text of every announcement of `replies`
/// (and of their fallbacks), once: a text that already starts with it
/// keeps it as it is.
pub(in crate::service) fn mark_announcements(replies: &mut [Reply]) {
    for r in replies {
        mark(r);
    }
}

fn mark(r: &mut Reply) {
    if let Some(s) = symbol(r)
        && !r.text.starts_with(&s)
    {
        r.text = format!("{s} {}", r.text);
    }
    if let Some(f) = r.fallback.as_deref_mut() {
        mark(f);
    }
}
