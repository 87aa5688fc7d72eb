//! Player links: a game's player gets a private address to a playable page
//! of their game (`/p/<token>`, 128 random bits; only the token's SHA-256
//! is stored, one per game and player, so asking again kills the old
//! link). What the page shows the player ([`PlayerGame`]: the public view
//! plus their side and their legal moves), and what it may do
//! ([`PageAction`]): every action is that player's command in the game's
//! place through [`GameService::handle_with`], so the chat gets exactly
//! what the typed command would have posted. A move carries the ply it was
//! made at: repeated, or sent again after a restart, it is played once.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use sha2::{Digest as _, Sha256};

use super::super::game::{GameService, ServiceError, ms};
use super::super::{Actor, Command, Event, LocalePrefs, Place, Reply, messages as msg};
use super::{WatchedGame, fresh_token, is_watch_token};
use crate::chess::Color;
use crate::store::GameRow;

/// Where player pages are served under the public address.
pub const PLAY_PATH: &str = "/p/";

/// The stored form of a player token: its SHA-256 in lower-case hex.
fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A new link for `by` to their running game `row` (their old one stops
/// working), when pages are served for the game and `by` plays it (as
/// themselves, not as a team); `None` otherwise.
pub(in crate::service) async fn new_play_link(
    service: &GameService,
    row: &GameRow,
    by: &Actor,
) -> Option<String> {
    let base = service.areas.spectators.watch_base.get()?;
    if !service
        .areas
        .spectators
        .play_pages
        .load(std::sync::atomic::Ordering::Acquire)
    {
        return None;
    }
    if !row.is_active() || (row.white_id != by.id && row.black_id != by.id) {
        return None;
    }
    if super::super::is_team_id(&by.id) {
        return None;
    }
    // Only where spectator pages are allowed: the page follows the game
    // over the spectator page's live stream.
    service.game_token(row).await?;
    let token = fresh_token()?;
    let now = ms(service.inner.clock.now());
    service
        .inner
        .store
        .set_player_link(row.id, &by.id, &token_hash(&token), now)
        .await
        .map_err(|e| tracing::warn!(game = row.id, error = %e, "storing a player link failed"))
        .ok()?;
    Some(format!("{base}{PLAY_PATH}{token}"))
}

/// The adapter posts what player pages do (the HTTP side hands it over):
/// from now on players get links to them (with a public address).
pub fn enable_player_pages(service: &GameService) {
    service
        .areas
        .spectators
        .play_pages
        .store(true, std::sync::atomic::Ordering::Release);
}

/// The private answer to `board private:true` made the caller's way to
/// their playable page: on platforms whose private answers are private
/// (the console, Discord's ephemeral replies) the answer carries the link;
/// on Matrix, where a private answer is a notice in the room, the link
/// goes to the caller's direct room as a message of its own.
pub(in crate::service) async fn add_play_link(
    service: &GameService,
    row: &GameRow,
    by: &Actor,
    board: &mut Reply,
) -> Option<Reply> {
    let url = new_play_link(service, row, by).await?;
    let line = msg::play_link(board.locale, &url);
    if board.place.platform == "matrix" {
        let mut direct = Reply::new(
            Place::direct(&board.place.platform, &by.id),
            line,
            board.locale,
        );
        direct.play = Some(url);
        return Some(direct);
    }
    board.text.push('\n');
    board.text.push_str(&line);
    board.play = Some(url);
    None
}

/// A game as its player's page shows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlayerGame {
    /// The public view (as the spectator page's live stream sends it).
    pub view: WatchedGame,
    /// `white` or `black`: the player's side (the board is drawn from it).
    pub color: &'static str,
    /// The spectator page's token: the page follows its live stream.
    pub watch: String,
    /// The player's legal moves now, as UCI, while it is their move.
    pub legal: Vec<String>,
    /// `white` or `black`: who asks to take a move back.
    pub takeback_offer: Option<String>,
    /// The game's place, for the actions.
    #[serde(skip)]
    pub place: Place,
    /// The player, as the game names them.
    #[serde(skip)]
    pub player: Actor,
}

/// The game and player of a player page's token, as of now: `None` for
/// a token that is not (or no longer) a link, or a game whose pages are
/// not served.
///
/// # Errors
/// Database failures, a game that cannot be replayed.
pub async fn player_game(
    service: &GameService,
    token: &str,
) -> Result<Option<PlayerGame>, ServiceError> {
    if !is_watch_token(token) {
        return Ok(None);
    }
    let store = &service.inner.store;
    let Some(link) = store.player_link(&token_hash(token)).await? else {
        return Ok(None);
    };
    let Some(row) = store.game(link.game_id).await? else {
        return Ok(None);
    };
    let Some(watch) = service.game_token(&row).await else {
        return Ok(None);
    };
    let Some(view) = service.watched_game(&watch).await? else {
        return Ok(None);
    };
    let l = service.replay(row).await?;
    let Some(color) = l.color_of(&link.player_id) else {
        return Ok(None);
    };
    let position = l.game.position();
    let legal = if l.row.is_active() && position.turn() == color {
        position
            .legal_moves()
            .into_iter()
            .map(|m| l.game.uci(m))
            .collect()
    } else {
        Vec::new()
    };
    let place = Place {
        platform: l.row.platform.clone(),
        guild: Some(l.row.guild.clone()).filter(|g| !g.is_empty()),
        channel: l.row.channel.clone(),
    };
    Ok(Some(PlayerGame {
        view,
        color: color.name(),
        watch,
        legal,
        takeback_offer: l.row.takeback_offer.clone().filter(|_| l.row.is_active()),
        place,
        player: l.player(color),
    }))
}

/// What a player's page may do, as its JSON body names it
/// (`{"action":"move","move":"e2e4","ply":0}`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum PageAction {
    /// A move (UCI or SAN) made when the game stood at `ply` plies.
    Move {
        #[serde(rename = "move")]
        text: String,
        ply: usize,
    },
    /// Offer a draw, or accept the opponent's.
    Draw,
    /// Resign; refused until `confirm` is set (the page's second press).
    Resign {
        #[serde(default)]
        confirm: bool,
    },
    /// Ask to take the last move back, or agree to the opponent's asking.
    Takeback,
    /// End the game without a result (only before both have moved).
    Abort,
    /// Give the opponent one more day.
    Moretime,
}

/// What came of a page's action.
#[derive(Debug)]
pub struct PageOutcome {
    /// What to post in the chat, as the typed command's answer is posted
    /// (the player is the author: private answers are theirs).
    pub replies: Vec<Reply>,
    /// Refused: the error code and the service's message, for the page.
    pub refused: Option<(String, String)>,
    /// The player who acted.
    pub player: Actor,
    /// The move had been played already (a repeated request).
    pub repeated: bool,
}

/// One lock per game that page actions are taking: a repeated request
/// waits for the first and then sees its move (a game's ply is read and
/// the command run under it).
static PAGE_LOCKS: LazyLock<Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn page_lock(game: i64) -> Arc<tokio::sync::Mutex<()>> {
    let mut locks = PAGE_LOCKS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    locks.retain(|_, l| Arc::strong_count(l) > 1);
    Arc::clone(locks.entry(game).or_default())
}

fn refused(player: Actor, code: &str, message: String) -> PageOutcome {
    PageOutcome {
        replies: Vec::new(),
        refused: Some((code.to_string(), message)),
        player,
        repeated: false,
    }
}

/// Runs `action` from the page of `token` as its player's command in the
/// game's place: `None` when the token is no link.
///
/// # Errors
/// Database failures, a game that cannot be replayed.
pub async fn page_action(
    service: &GameService,
    token: &str,
    action: PageAction,
) -> Result<Option<PageOutcome>, ServiceError> {
    let Some(first) = player_game(service, token).await? else {
        return Ok(None);
    };
    let lock = page_lock(first.view.game);
    let _held = lock.lock().await;
    // Read again under the lock: a repeated request sees the first one's
    // move.
    let Some(seat) = player_game(service, token).await? else {
        return Ok(None);
    };
    let loc = service
        .locale_for(&seat.place, LocalePrefs::default())
        .await;
    let player = seat.player.clone();
    if !seat.view.running {
        return Ok(Some(refused(player, "no_game", msg::play_game_over(loc))));
    }
    let cmd = match action {
        PageAction::Move { text, ply } => {
            let now = seat.view.plies.len();
            if ply != now {
                // The same move by the same player at that ply: played.
                let mover = if seat.view.start_fen.split_whitespace().nth(1) == Some("b") {
                    Color::Black
                } else {
                    Color::White
                };
                let mover = if ply % 2 == 0 { mover } else { mover.other() };
                let same = seat
                    .view
                    .plies
                    .get(ply)
                    .is_some_and(|p| p.uci == text.trim() || p.san == text.trim());
                if same && mover.name() == seat.color {
                    return Ok(Some(PageOutcome {
                        replies: Vec::new(),
                        refused: None,
                        player,
                        repeated: true,
                    }));
                }
                return Ok(Some(refused(player, "stale", msg::play_stale(loc))));
            }
            Command::Move { text }
        }
        PageAction::Draw => Command::Draw,
        PageAction::Resign { confirm: false } => {
            return Ok(Some(refused(
                player,
                "confirm",
                msg::play_confirm_resign(loc),
            )));
        }
        PageAction::Resign { confirm: true } => Command::Resign,
        PageAction::Takeback => Command::Takeback,
        PageAction::Abort => Command::Abort,
        PageAction::Moretime => Command::Moretime,
    };
    let all = service
        .handle_with(&seat.place, &player, cmd, LocalePrefs::default())
        .await;
    let mut outcome = PageOutcome {
        replies: Vec::with_capacity(all.len()),
        refused: None,
        player,
        repeated: false,
    };
    for r in all {
        match &r.event {
            // The page shows the refusal; the chat never saw the command.
            Some(Event::Error { code, message }) => {
                if outcome.refused.is_none() {
                    outcome.refused = Some((code.clone(), message.clone()));
                }
            }
            _ => outcome.replies.push(r),
        }
    }
    Ok(Some(outcome))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_stored_as_its_sha256() {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn page_actions_read_from_json() {
        let a: PageAction =
            serde_json::from_str(r#"{"action":"move","move":"e2e4","ply":0}"#).unwrap();
        assert_eq!(
            a,
            PageAction::Move {
                text: "e2e4".to_string(),
                ply: 0
            }
        );
        let r: PageAction = serde_json::from_str(r#"{"action":"resign"}"#).unwrap();
        assert_eq!(r, PageAction::Resign { confirm: false });
        assert!(serde_json::from_str::<PageAction>(r#"{"action":"fly"}"#).is_err());
    }
}
