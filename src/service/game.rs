//! What every family of commands shares: the service and its failures, a
//! loaded game (replayed with the cache, the active game of a channel), and
//! the helpers for replies, times and board images. The base of the
//! families: it imports none of them.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeZone, Utc};

use super::{Actor, BoardImage, Clock, Event, Place, Reply, messages as msg};
use crate::chess::{Color, Game, Outcome, Position, RulesMode, Termination};
use crate::i18n::Locale;
use crate::render::BoardResult;
use crate::store::{ChannelKey, GameRow, Store, StoreError};

/// Failures of the service itself (not user mistakes).
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("game #{id} in the database cannot be replayed: {reason}")]
    Corrupt { id: i64, reason: String },
}

/// Why a command was not carried out.
#[derive(Debug)]
pub(super) enum Failure {
    /// A user mistake: an error code of the console contract and a message.
    User { code: &'static str, message: String },
    /// Our fault: logged, the user gets an apology.
    Internal(ServiceError),
    /// The position changed under the command (`position_changed`); worded
    /// at the edge, in the reply's language.
    Stale,
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        match e {
            StoreError::Stale => Failure::Stale,
            e => Failure::Internal(ServiceError::Store(e)),
        }
    }
}

impl From<ServiceError> for Failure {
    fn from(e: ServiceError) -> Failure {
        Failure::Internal(e)
    }
}

/// The private reply for a command that failed.
pub(super) fn failure_reply(loc: Locale, place: &Place, failure: Failure) -> Reply {
    match failure {
        Failure::User { code, message } => {
            tracing::debug!(code, "refused");
            error_reply(place, code, message)
        }
        Failure::Stale => error_reply(place, "position_changed", msg::position_changed(loc)),
        Failure::Internal(e) => {
            tracing::error!(error = %e, "command failed");
            error_reply(place, "internal", msg::internal(loc))
        }
    }
}

pub(super) fn user(code: &'static str, message: String) -> Failure {
    Failure::User { code, message }
}

pub(super) type Handled = Result<Vec<Reply>, Failure>;

pub(super) const DAY_MS: i64 = 86_400_000;

/// The game service: the front that routes a command to its area and
/// holds the shared core and each area's own state. Cheap to clone;
/// `Send + Sync`.
#[derive(Clone)]
pub struct GameService {
    pub(super) inner: Arc<Inner>,
    pub(super) areas: Arc<super::Areas>,
}

/// The core every area shares: the database, the time, the engine and
/// the renderer, the cache of replayed games, the work in flight and the
/// database's outage. No area's own state lives here (see
/// [`Areas`](super::Areas)).
pub(super) struct Inner {
    pub(super) store: Store,
    pub(super) clock: Arc<dyn Clock>,
    /// Replayed active games by id, to skip the replay of the whole move
    /// list on every command. Validated against the row (ply and FEN) on
    /// each use, so a change by another process is never missed.
    pub(super) cache: Mutex<HashMap<i64, Game>>,
    /// The chess engine (`computer` games, analysed summaries), else a
    /// [`MissingEngine`](crate::engine::MissingEngine).
    pub(super) engine: Arc<dyn crate::engine::Engine>,
    /// Draws summary cards and game GIFs, prepared on first use.
    pub(super) renderer: std::sync::OnceLock<crate::render::Renderer>,
    /// While the database is unreachable, when to look at it again (the
    /// outage of `outage.rs`).
    pub(super) outage: Mutex<Option<std::time::Instant>>,
    /// Commands and announcements in flight, for a graceful shutdown
    /// (`process.rs`).
    pub(super) drain: Arc<crate::lifecycle::Drain>,
}

/// Games kept replayed in memory at most.
pub(super) const CACHE_LIMIT: usize = 4096;

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl std::fmt::Debug for GameService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameService").finish_non_exhaustive()
    }
}

/// A game row with its replayed game.
pub(super) struct Loaded {
    pub(super) row: GameRow,
    pub(super) game: Game,
}

impl Loaded {
    pub(super) fn white(&self) -> Actor {
        Actor {
            id: self.row.white_id.clone(),
            name: self.row.white_name.clone(),
        }
    }

    pub(super) fn black(&self) -> Actor {
        Actor {
            id: self.row.black_id.clone(),
            name: self.row.black_name.clone(),
        }
    }

    pub(super) fn player(&self, c: Color) -> Actor {
        match c {
            Color::White => self.white(),
            Color::Black => self.black(),
        }
    }

    pub(super) fn name(&self, c: Color) -> &str {
        match c {
            Color::White => &self.row.white_name,
            Color::Black => &self.row.black_name,
        }
    }

    pub(super) fn color_of(&self, id: &str) -> Option<Color> {
        if self.row.white_id == id {
            Some(Color::White)
        } else if self.row.black_id == id {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The caller's colour, or `not_a_player`.
    pub(super) fn require_player(&self, loc: Locale, by: &Actor) -> Result<Color, Failure> {
        self.color_of(&by.id).ok_or_else(|| {
            user(
                "not_a_player",
                msg::not_a_player(loc, &self.row.white_name, &self.row.black_name),
            )
        })
    }

    pub(super) fn both(&self) -> Vec<Actor> {
        vec![self.white(), self.black()]
    }

    pub(super) fn place(&self) -> Place {
        Place {
            platform: self.row.platform.clone(),
            guild: if self.row.guild.is_empty() {
                None
            } else {
                Some(self.row.guild.clone())
            },
            channel: self.row.channel.clone(),
        }
    }

    pub(super) fn rules(&self) -> RulesMode {
        self.game.rules()
    }

    pub(super) fn days(&self) -> i64 {
        self.row.days
    }
}

pub(super) fn key(place: &Place) -> ChannelKey {
    ChannelKey {
        platform: place.platform.clone(),
        guild: place.guild.clone().unwrap_or_default(),
        channel: place.channel.clone(),
    }
}

pub(super) fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

pub(super) fn from_ms(t: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(t).single().unwrap_or_default()
}

pub(super) fn color_str(c: Color) -> String {
    c.name().to_string()
}

pub(super) fn random_bool() -> bool {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish() & 1 == 1
}

/// The deadline and reminder time of a turn starting at `now`.
pub(super) fn turn_times(now: i64, days: i64) -> (i64, i64) {
    let span = days * DAY_MS;
    (now + span, now + span * 8 / 10)
}

/// The move number prefix of the move about to be played (`12.` / `12...`).
pub(super) fn move_number(p: &Position) -> String {
    match p.turn() {
        Color::White => format!("{}. ", p.fullmove_number()),
        Color::Black => format!("{}... ", p.fullmove_number()),
    }
}

/// The last `plies` moves of `game` with their numbers, in the reader's
/// notation (`1... e5 2. Nf3`): what a takeback names.
pub(super) fn last_moves_text(loc: Locale, game: &Game, plies: usize) -> String {
    let sans = game.sans();
    let first = sans.len().saturating_sub(plies);
    let start = game.start();
    let black_first = usize::from(start.turn() == Color::Black);
    let mut out = Vec::new();
    for (i, san) in sans.iter().enumerate().skip(first) {
        let offset = i + black_first;
        let number = start.fullmove_number() as usize + offset / 2;
        let white = offset % 2 == 0;
        let san = msg::san_local(loc, san);
        out.push(match (white, i == first) {
            (true, _) => format!("{number}. {san}"),
            (false, true) => format!("{number}... {san}"),
            (false, false) => san,
        });
    }
    out.join(" ")
}

/// How long a process owns a claimed announcement before another may post
/// it instead: far longer than posting takes, short enough that players
/// hear of a time-out soon after a crash.
pub const ANNOUNCE_LEASE: std::time::Duration = std::time::Duration::from_secs(120);

/// Most announcements [`GameService::claim_due`] claims at once.
pub const DUE_BATCH: usize = 25;

/// One private error reply (the console contract's `error` event).
#[must_use]
pub fn error_reply(place: &Place, code: &str, message: String) -> Reply {
    Reply {
        event: Some(Event::Error {
            code: code.to_string(),
            message: message.clone(),
        }),
        ephemeral: true,
        ..Reply::new(place.clone(), message, Locale::En)
    }
}

pub(super) fn reply(place: &Place, text: String) -> Reply {
    Reply::new(place.clone(), text, Locale::En)
}

impl GameService {
    pub(super) async fn replay(&self, row: GameRow) -> Result<Loaded, ServiceError> {
        if row.is_active() {
            let cached = lock(&self.inner.cache).get(&row.id).cloned();
            if let Some(game) = cached
                && game.moves().len() as i64 == row.ply
                && game.position().fen() == row.fen
            {
                return Ok(Loaded { row, game });
            }
        }
        let corrupt = |reason: String| ServiceError::Corrupt { id: row.id, reason };
        let rules: RulesMode = row
            .rules
            .parse()
            .map_err(|()| corrupt(format!("rules {:?}", row.rules)))?;
        let variant: crate::chess::Variant = row
            .variant
            .parse()
            .map_err(|_| corrupt(format!("variant {:?}", row.variant)))?;
        let mut game = Game::from_fen_variant(&row.start_fen, variant, rules)
            .map_err(|e| corrupt(format!("start FEN: {e}")))?;
        // A game at ply 0 has no moves to read: no query.
        let moves = if row.ply == 0 {
            Vec::new()
        } else {
            self.inner.store.moves(row.id).await?
        };
        for m in &moves {
            let mv = game
                .position()
                .parse_move(&m.uci)
                .map_err(|e| corrupt(format!("ply {}: {e}", m.ply)))?;
            game.play(mv)
                .map_err(|e| corrupt(format!("ply {}: {e}", m.ply)))?;
        }
        if !row.is_active()
            && let Some(t) = row.termination.as_deref().and_then(|t| t.parse().ok())
        {
            let winner = match row.result.as_deref() {
                Some("1-0") => Some(Color::White),
                Some("0-1") => Some(Color::Black),
                _ => None,
            };
            game.end(Outcome::new(winner, t));
        }
        if row.is_active() {
            self.remember(row.id, &game);
        }
        Ok(Loaded { row, game })
    }

    /// Caches an active game (or forgets a finished one).
    pub(super) fn remember(&self, id: i64, game: &Game) {
        let mut cache = lock(&self.inner.cache);
        if game.outcome().is_some() {
            cache.remove(&id);
            return;
        }
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(id, game.clone());
    }

    pub(super) async fn active(&self, place: &Place) -> Result<Option<Loaded>, Failure> {
        match self.inner.store.active_game(&key(place)).await? {
            Some(row) => Ok(Some(self.replay(row).await?)),
            None => Ok(None),
        }
    }

    pub(super) async fn require_active(
        &self,
        loc: Locale,
        place: &Place,
    ) -> Result<Loaded, Failure> {
        self.active(place)
            .await?
            .ok_or_else(|| user("no_game", msg::no_game(loc)))
    }

    /// The active game here and the caller's colour in it: what a player's
    /// own command on the game (resign, abort, takeback, claim, more time)
    /// needs first.
    pub(super) async fn require_own_game(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Result<(Loaded, Color), Failure> {
        let l = self.require_active(loc, place).await?;
        let me = l.require_player(loc, by)?;
        Ok((l, me))
    }

    /// The active game; with `only` (a button's game), that game or a
    /// `stale_button` refusal.
    pub(super) async fn require_game(
        &self,
        loc: Locale,
        place: &Place,
        only: Option<i64>,
    ) -> Result<Loaded, Failure> {
        let Some(id) = only else {
            return self.require_active(loc, place).await;
        };
        match self.active(place).await? {
            Some(l) if l.row.id == id => Ok(l),
            _ => Err(user("stale_button", msg::button_game_gone(loc, id))),
        }
    }

    pub(super) fn image(&self, loc: Locale, l: &Loaded, flip: bool) -> BoardImage {
        let outcome = if l.row.is_active() {
            l.game.outcome()
        } else {
            l.game
                .outcome()
                .or(Some(Outcome::new(None, Termination::Aborted)))
        };
        // White below; the channel's side is set as the reply leaves
        // (`orient_boards`), a private picture's by its recipient.
        BoardImage {
            fen: l.game.position().fen(),
            last_move: l.game.moves().last().copied(),
            flip,
            result: BoardResult::from_outcome(outcome),
            names: Some([l.row.white_name.clone(), l.row.black_name.clone()]),
            deadline: l
                .row
                .deadline_at
                .filter(|_| l.row.is_active())
                .map(|at| msg::time_left(loc, at - ms(self.now()))),
            theme: crate::render::Theme::default(),
            start_fen: custom_start(&l.row.start_fen),
        }
    }

    /// The pairing game `id` is (league, Swiss, team match), for calling
    /// it by its pairing; a failed lookup reads as none (the game keeps
    /// its number).
    pub(super) async fn pairing(&self, id: i64) -> Option<crate::store::GamePairing> {
        self.inner
            .store
            .game_pairing(id)
            .await
            .map_err(|e| tracing::warn!(game = id, error = %e, "reading a game's pairing failed"))
            .ok()
            .flatten()
    }

    /// What game `id` is called at the start of a sentence.
    pub(super) async fn game_title(&self, loc: Locale, id: i64) -> String {
        msg::game_title(loc, id, self.pairing(id).await.as_ref())
    }

    /// What game `id` is called inside a sentence.
    pub(super) async fn game_ref(&self, loc: Locale, id: i64) -> String {
        msg::game_ref(loc, id, self.pairing(id).await.as_ref())
    }

    pub(super) async fn refuse_if_busy(&self, loc: Locale, place: &Place) -> Result<(), Failure> {
        if let Some(g) = self.inner.store.active_game(&key(place)).await? {
            return Err(user(
                "game_in_progress",
                msg::game_in_progress(loc, g.id, &g.white_name, &g.black_name),
            ));
        }
        if let Some(c) = self.inner.store.open_challenge(&key(place)).await? {
            return Err(user(
                "game_in_progress",
                msg::challenge_pending(loc, &c.challenger_name),
            ));
        }
        // A team game lives in the challenging team's channel; the other
        // team's channel is busy with it all the same.
        if let Some(side) = self
            .inner
            .store
            .active_team_side(&place.platform, &place.channel)
            .await?
            && let Some(g) = self.inner.store.game(side.game_id).await?
        {
            return Err(user(
                "game_in_progress",
                msg::game_in_progress(loc, g.id, &g.white_name, &g.black_name),
            ));
        }
        // So is the other place of a game between two people.
        if let Some(p) = self
            .inner
            .store
            .active_game_place(&place.platform, &place.channel)
            .await?
            && let Some(g) = self.inner.store.game(p.game_id).await?
        {
            return Err(user(
                "game_in_progress",
                msg::game_in_progress(loc, g.id, &g.white_name, &g.black_name),
            ));
        }
        Ok(())
    }
}

/// A game's start FEN when its pieces differ from the standard set (the
/// strips count captures from it), else `None`.
pub(super) fn custom_start(start_fen: &str) -> Option<String> {
    let p = Position::from_fen(start_fen).ok()?;
    (crate::render::PieceCounts::of(&p) != crate::render::PieceCounts::STANDARD)
        .then(|| start_fen.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reminder_comes_when_eighty_percent_of_the_time_has_passed() {
        let (deadline, remind) = turn_times(0, 1);
        assert_eq!(deadline, DAY_MS);
        assert_eq!(remind, DAY_MS * 8 / 10);
        let (deadline, remind) = turn_times(1_000, 14);
        assert!(remind < deadline && remind > 1_000);
    }

    #[test]
    fn move_numbers_show_whose_move() {
        assert_eq!(move_number(&Position::startpos()), "1. ");
        let p = Position::from_fen("8/8/8/8/8/8/k7/2K5 b - - 0 7").expect("fen");
        assert_eq!(move_number(&p), "7... ");
    }

    #[test]
    fn errors_are_private_and_coded() {
        let place = Place {
            platform: "console".into(),
            guild: None,
            channel: "general".into(),
        };
        let r = error_reply(&place, "no_game", "x".into());
        assert!(r.ephemeral);
        assert!(r.mentions.is_empty());
        assert_eq!(
            r.event,
            Some(Event::Error {
                code: "no_game".into(),
                message: "x".into()
            })
        );
    }
}

/// A kept GIF: the game and whether Black is at the bottom.
pub(super) type GifKey = (i64, bool);

/// The service's memory for the guards of `guards.rs` (kept GIFs, the
/// `summary` rate limit, quick losses) (see [`Inner`]).
#[derive(Default)]
pub(super) struct Guards {
    /// Rendered game GIFs by game id, oldest first.
    pub(super) gifs: Mutex<VecDeque<(GifKey, Arc<Vec<u8>>)>>,
    /// When each (platform, channel, user) was last given summaries.
    pub(super) summaries: Mutex<HashMap<(String, String, String), VecDeque<i64>>>,
    /// When each (community, loser, winner) had quick losses.
    pub(super) quick_losses: Mutex<HashMap<(String, String, String), Vec<i64>>>,
}
