//! Spectator pages' view of the service: which games and leagues may be
//! watched (those of a community's channels, unless the community turned
//! its pages off), their unguessable tokens and links, and what a page of
//! a game or a league shows. Read-only: nothing here changes a game.
//!
//! What a page shows is public by construction: the types below have no
//! field for a private note, a conditional line or a private board, and a
//! running game's view carries no engine figure (the analysis appears
//! once the game is over, as the summary shows it).

pub(crate) mod catalog;

pub(super) mod game_view;
pub(super) mod league_view;
pub(super) mod links;
pub(super) mod pages;
pub(super) mod play_links;

#[allow(unused_imports)]
use super::*;

pub use game_view::{WatchedGame, WatchedPly, WatchedSeat};
pub use league_view::{WatchedLeague, WatchedLeagueGame, WatchedPairing};

/// Where the pages are served: the spectators area's own state, set once
/// by the adapter that serves them.
#[derive(Default)]
pub(in crate::service) struct SpectatorAddress {
    /// The public address of the spectator pages, when served.
    pub(in crate::service) watch_base: std::sync::OnceLock<String>,
    /// Whether the adapter posts what player pages do: only then do
    /// players get links to them.
    pub(in crate::service) play_pages: std::sync::atomic::AtomicBool,
}

/// Bytes of randomness in a watch token (128 bits).
const TOKEN_BYTES: usize = 16;

/// A fresh watch token: 128 random bits as 32 lower-case hex digits, or
/// `None` when the system has no randomness to give.
fn fresh_token() -> Option<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` looks like a watch token (32 lower-case hex digits, so anything
/// else is turned away before the database is asked).
#[must_use]
pub fn is_watch_token(text: &str) -> bool {
    text.len() == TOKEN_BYTES * 2
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Whether a game or league in this place may have a page: a channel a
/// community can read, never a direct message (a game against the
/// computer started in one included).
fn public_place(platform: &str, guild: &str, channel: &str) -> bool {
    if channel.starts_with('@') || channel.is_empty() {
        return false;
    }
    match platform {
        // Discord's direct messages are the channels without a server.
        "discord" => !guild.is_empty(),
        _ => true,
    }
}
