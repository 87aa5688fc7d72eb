//! The implementation of [`GameService`]: command handlers, turn and
//! permission checks, draw offers, takebacks, deadlines and summaries.
//!
//! State lives in the database only (start FEN + moves); each command loads
//! the game, replays it, validates, and writes one guarded transaction. User
//! mistakes become one private error reply and change nothing.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeZone, Utc};

use super::{
    Action, Actor, BoardImage, Clock, ColorChoice, Command, DueAnnouncement, Event, LocalePrefs,
    Place, Reply, Subject, messages as msg,
};
use crate::chess::{
    ClaimError, Color, Game, Move, MoveInputError, Outcome, PgnTags, Position, RulesMode,
    Termination,
};
use crate::i18n::Locale;
use crate::render::BoardResult;
use crate::store::{
    ANNOUNCE_END, ANNOUNCE_REMINDER, AnnouncementRow, ChallengeRow, ChannelKey, GameRow,
    GameUpdate, MoveRow, NewChallenge, NewGame, Store, StoreError,
};

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
enum Failure {
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
fn failure_reply(loc: Locale, place: &Place, failure: Failure) -> Reply {
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

/// A button's challenge is no longer the open one.
fn challenge_gone(loc: Locale) -> Failure {
    user("stale_button", msg::button_challenge_gone(loc))
}

fn user(code: &'static str, message: String) -> Failure {
    Failure::User { code, message }
}

type Handled = Result<Vec<Reply>, Failure>;

/// Longest move text worth parsing.
const MAX_MOVE_LEN: usize = 64;
const DAY_MS: i64 = 86_400_000;

/// The game service. Cheap to clone; `Send + Sync`.
#[derive(Clone)]
pub struct GameService {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    clock: Arc<dyn Clock>,
    /// Replayed active games by id, to skip the replay of the whole move
    /// list on every command. Validated against the row (ply and FEN) on
    /// each use, so a change by another process is never missed.
    cache: Mutex<HashMap<i64, Game>>,
    /// The earliest reminder or deadline known to be pending (ms), `None`
    /// when unknown. Commands check the database for due deadlines only
    /// when this has passed; our own writes only move it earlier.
    due_hint: Mutex<Option<i64>>,
}

/// Games kept replayed in memory at most.
const CACHE_LIMIT: usize = 4096;

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl std::fmt::Debug for GameService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameService").finish_non_exhaustive()
    }
}

/// A game row with its replayed game.
struct Loaded {
    row: GameRow,
    game: Game,
}

impl Loaded {
    fn white(&self) -> Actor {
        Actor {
            id: self.row.white_id.clone(),
            name: self.row.white_name.clone(),
        }
    }

    fn black(&self) -> Actor {
        Actor {
            id: self.row.black_id.clone(),
            name: self.row.black_name.clone(),
        }
    }

    fn player(&self, c: Color) -> Actor {
        match c {
            Color::White => self.white(),
            Color::Black => self.black(),
        }
    }

    fn name(&self, c: Color) -> &str {
        match c {
            Color::White => &self.row.white_name,
            Color::Black => &self.row.black_name,
        }
    }

    fn color_of(&self, id: &str) -> Option<Color> {
        if self.row.white_id == id {
            Some(Color::White)
        } else if self.row.black_id == id {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The caller's colour, or `not_a_player`.
    fn require_player(&self, loc: Locale, by: &Actor) -> Result<Color, Failure> {
        self.color_of(&by.id).ok_or_else(|| {
            user(
                "not_a_player",
                msg::not_a_player(loc, &self.row.white_name, &self.row.black_name),
            )
        })
    }

    fn both(&self) -> Vec<Actor> {
        vec![self.white(), self.black()]
    }

    fn place(&self) -> Place {
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

    fn rules(&self) -> RulesMode {
        self.game.rules()
    }

    fn days(&self) -> i64 {
        self.row.days
    }
}

fn key(place: &Place) -> ChannelKey {
    ChannelKey {
        platform: place.platform.clone(),
        guild: place.guild.clone().unwrap_or_default(),
        channel: place.channel.clone(),
    }
}

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn from_ms(t: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(t).single().unwrap_or_default()
}

fn color_str(c: Color) -> String {
    c.name().to_string()
}

fn random_bool() -> bool {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish() & 1 == 1
}

/// The deadline and reminder time of a turn starting at `now`.
fn turn_times(now: i64, days: i64) -> (i64, i64) {
    let span = days * DAY_MS;
    (now + span, now + span * 8 / 10)
}

/// The move number prefix of the move about to be played (`12.` / `12...`).
fn move_number(p: &Position) -> String {
    match p.turn() {
        Color::White => format!("{}. ", p.fullmove_number()),
        Color::Black => format!("{}... ", p.fullmove_number()),
    }
}

/// Plays move text typed in `loc`'s notation. English and Thai use the
/// international letters: the text is read as typed first and, if that is
/// not notation at all, again after the language-independent normalisation
/// (full-width letters, figurines, dashes and Cyrillic O in castling, `х`
/// captures). Russian and Romanian read their own piece letters first
/// (Romanian `N` is a bishop), and the text as typed only when that is not
/// notation at all; letters are never guessed across languages.
fn play_typed(game: &mut Game, text: &str, loc: Locale) -> Result<(Move, String), MoveInputError> {
    let normal = crate::i18n::notation::to_standard(text, loc);
    let (first, second) = match loc {
        Locale::En | Locale::Th => (text, normal.as_str()),
        Locale::Ru | Locale::Ro => (normal.as_str(), text),
    };
    let played = game.play_input(first);
    match played {
        Err(MoveInputError::Parse(_)) if second != first => match game.play_input(second) {
            Err(MoveInputError::Parse(_)) => played,
            other => other,
        },
        other => other,
    }
}

fn board_result(o: Option<Outcome>) -> Option<BoardResult> {
    let o = o?;
    Some(match (o.termination, o.winner) {
        (Termination::Aborted, _) => return None,
        (Termination::Checkmate, Some(w)) => BoardResult::Mated(w.other()),
        (_, Some(w)) => BoardResult::Won(w),
        (_, None) => BoardResult::Draw,
    })
}

fn error_code_of(e: &MoveInputError) -> &'static str {
    match e {
        MoveInputError::Parse(_) => "invalid_notation",
        MoveInputError::Illegal { .. } => "illegal_move",
        MoveInputError::Ambiguous { .. } => "ambiguous_move",
        MoveInputError::GameOver => "no_game",
    }
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
        place: place.clone(),
        text: message.clone(),
        board: None,
        mentions: Vec::new(),
        event: Some(Event::Error {
            code: code.to_string(),
            message,
        }),
        ephemeral: true,
        actions: Vec::new(),
        locale: Locale::En,
        subject: None,
    }
}

fn reply(place: &Place, text: String) -> Reply {
    Reply {
        place: place.clone(),
        text,
        board: None,
        mentions: Vec::new(),
        event: None,
        ephemeral: false,
        actions: Vec::new(),
        locale: Locale::En,
        subject: None,
    }
}

impl GameService {
    /// The service over an opened store.
    ///
    /// # Errors
    /// None today; kept fallible for start-up checks.
    pub async fn open(store: Store, clock: Arc<dyn Clock>) -> Result<GameService, ServiceError> {
        // Touch the database once so a broken store fails at start-up.
        store.next_due().await?;
        Ok(GameService {
            inner: Arc::new(Inner {
                store,
                clock,
                cache: Mutex::new(HashMap::new()),
                due_hint: Mutex::new(None),
            }),
        })
    }

    /// The store (for adapters needing direct reads, and tests).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    fn now(&self) -> DateTime<Utc> {
        self.inner.clock.now()
    }

    /// Handles one command; never panics. User mistakes give one private
    /// error reply; due deadlines are announced first. Replies are in the
    /// channel's language (`settings`), else English.
    pub async fn handle(&self, place: &Place, by: &Actor, cmd: Command) -> Vec<Reply> {
        self.handle_with(place, by, cmd, LocalePrefs::default())
            .await
    }

    /// [`GameService::handle`] with the platform's language preferences:
    /// the replies are in the user's language if given, else the channel's
    /// setting, else the guild's language, else English (see
    /// [`GameService::locale_for`]).
    pub async fn handle_with(
        &self,
        place: &Place,
        by: &Actor,
        cmd: Command,
        prefs: LocalePrefs,
    ) -> Vec<Reply> {
        let span = tracing::info_span!(
            "command",
            channel = %place.channel,
            user = %by.id,
            command = ?std::mem::discriminant(&cmd)
        );
        let _enter = span.enter();
        let loc = self.locale_for(place, prefs).await;
        // Deadlines first (a move after the deadline is too late). Only this
        // platform's: the replies go out through this adapter.
        let mut replies = if self.maybe_due(ms(self.now())) {
            self.run_due_for(Some(&place.platform)).await
        } else {
            Vec::new()
        };
        // The replies' language: a language change answers in the new one.
        let reply_loc = match &cmd {
            Command::Settings {
                language: Some(new),
            } => *new,
            _ => loc,
        };
        let first = replies.len();
        let result = match cmd {
            Command::Challenge {
                opponent,
                color,
                days,
                fen,
                rules,
            } => {
                self.challenge(loc, place, by, opponent, color, days, fen, rules)
                    .await
            }
            Command::Accept => self.accept(loc, place, by, prefs.guild, None).await,
            Command::Decline => self.decline(loc, place, by, None).await,
            Command::Cancel => self.cancel(loc, place, by).await,
            Command::Move { text } => self.play(loc, place, by, &text).await,
            Command::Board { flip } => self.board(loc, place, flip).await,
            Command::Draw => self.draw(loc, place, by, None).await,
            Command::Resign => self.resign(loc, place, by, None).await,
            Command::Abort => self.abort(loc, place, by).await,
            Command::Takeback => self.takeback(loc, place, by).await,
            Command::Rematch => self.rematch(loc, place, by).await,
            Command::Claim => self.claim(loc, place, by).await,
            Command::Pgn { game } => self.pgn(loc, place, game).await,
            Command::Games => self.games(loc, place, by).await,
            Command::History { user } => self.history(loc, place, by, user).await,
            Command::Help => Ok(vec![reply(place, msg::help(loc))]),
            Command::Settings { language } => self.settings(loc, place, language).await,
            Command::Press { action, subject } => {
                self.press(loc, place, by, action, subject, prefs.guild)
                    .await
            }
        };
        match result {
            Ok(mut r) => replies.append(&mut r),
            Err(f) => replies.push(failure_reply(loc, place, f)),
        }
        for r in &mut replies[first..] {
            r.locale = reply_loc;
        }
        replies
    }

    /// Whether `by` may resign the game `subject` names (else the active
    /// game) in `place`: `None` if so, else the private refusal resigning
    /// would give. Adapters that ask "are you sure?" first call this, so a
    /// stranger, or a click under a finished game, is refused at once.
    pub async fn resign_refusal(
        &self,
        place: &Place,
        by: &Actor,
        subject: Option<Subject>,
        prefs: LocalePrefs,
    ) -> Option<Reply> {
        let loc = self.locale_for(place, prefs).await;
        let check = async {
            let game = match subject {
                Some(Subject::Game(id)) => Some(id),
                Some(Subject::Challenge(_)) => {
                    return Err(user("stale_button", msg::button_stale(loc)));
                }
                None => None,
            };
            let l = self.require_game(loc, place, game).await?;
            l.require_player(loc, by).map(drop)
        };
        let mut refusal = failure_reply(loc, place, check.await.err()?);
        refusal.locale = loc;
        Some(refusal)
    }

    /// The language of the replies to a command in `place`: the user's
    /// language if the platform gives one, else the channel's setting, else
    /// the guild's language, else English.
    pub async fn locale_for(&self, place: &Place, prefs: LocalePrefs) -> Locale {
        if let Some(u) = prefs.user {
            return u;
        }
        if let Some(c) = self.channel_locale(place).await {
            return c;
        }
        prefs.guild.unwrap_or_default()
    }

    /// The language set for a channel with `settings`, if any.
    pub async fn channel_locale(&self, place: &Place) -> Option<Locale> {
        match self
            .inner
            .store
            .channel_language(&place.platform, &place.channel)
            .await
        {
            Ok(code) => code.and_then(|c| c.parse().ok()),
            Err(e) => {
                tracing::warn!(error = %e, "reading the channel language failed");
                None
            }
        }
    }

    /// The language of a post no command caused (reminder, time-out) about
    /// game `id` in `place`: the channel's setting, else the language
    /// recorded when the game started, else English.
    async fn post_locale(&self, place: &Place, id: i64) -> Locale {
        if let Some(c) = self.channel_locale(place).await {
            return c;
        }
        match self.inner.store.game_locale(id).await {
            Ok(code) => code.and_then(|c| c.parse().ok()).unwrap_or_default(),
            Err(e) => {
                tracing::warn!(game = id, error = %e, "reading the game language failed");
                Locale::En
            }
        }
    }

    /// The legal moves (SAN) of the caller's game in this channel when it is
    /// their move; empty otherwise.
    pub async fn legal_moves(&self, place: &Place, by: &Actor) -> Vec<String> {
        let Ok(Some(l)) = self.active(place).await else {
            return Vec::new();
        };
        if l.color_of(&by.id) != Some(l.game.position().turn()) {
            return Vec::new();
        }
        let p = l.game.position();
        p.legal_moves().iter().map(|m| p.san(*m)).collect()
    }

    /// Moves a game from one channel to another (a Discord thread).
    ///
    /// # Errors
    /// Database failures; [`StoreError::Busy`] when `to` has a game.
    pub async fn rebind_channel(&self, from: &Place, to: &Place) -> Result<bool, ServiceError> {
        Ok(self
            .inner
            .store
            .rebind_channel(&key(from), &key(to))
            .await?)
    }

    /// The earliest pending reminder or deadline (all platforms).
    pub async fn next_due(&self) -> Option<DateTime<Utc>> {
        self.next_due_for(None).await
    }

    /// The earliest pending reminder, deadline or unposted announcement of
    /// one platform (`None`: all): when its deadline task should look again.
    pub async fn next_due_for(&self, platform: Option<&str>) -> Option<DateTime<Utc>> {
        match self.inner.store.next_due_for(platform).await {
            Ok(t) => t.map(from_ms),
            Err(e) => {
                tracing::error!(error = %e, "next_due failed");
                None
            }
        }
    }

    /// Announces the reminders and time-outs due now, on every platform.
    /// Each is claimed atomically in the database, so it is announced once
    /// even with several processes or after a restart. The replies are
    /// acknowledged at once: callers that post them later (and may die
    /// first) use [`GameService::claim_due`] and [`GameService::ack_due`].
    pub async fn run_due(&self) -> Vec<Reply> {
        self.run_due_for(None).await
    }

    /// [`GameService::run_due`] for one platform (`None`: all).
    pub async fn run_due_for(&self, platform: Option<&str>) -> Vec<Reply> {
        let mut out = Vec::new();
        loop {
            let batch = self.claim_due(platform).await;
            if batch.is_empty() {
                return out;
            }
            for mut due in batch {
                self.ack_due(&due).await;
                out.append(&mut due.replies);
            }
        }
    }

    /// Claims up to [`DUE_BATCH`] reminders and time-outs of `platform`
    /// (`None`: all) due now, first those another process claimed but never
    /// posted (its lease of [`ANNOUNCE_LEASE`] ran out: it died between
    /// claim and post). Post each one's replies, then
    /// [`GameService::ack_due`] it; one not acked within the lease is
    /// claimed again by the next round (of any process), so a crash loses
    /// no announcement. Small batches keep the time from claim to post far
    /// below the lease; call again until it returns nothing.
    pub async fn claim_due(&self, platform: Option<&str>) -> Vec<DueAnnouncement> {
        let now = ms(self.now());
        let lease = now + ANNOUNCE_LEASE.as_millis() as i64;
        let mut out = Vec::new();
        let batch = DUE_BATCH as i64;
        match self
            .inner
            .store
            .expired_announcements(platform, now, batch)
            .await
        {
            Ok(rows) => {
                for a in rows {
                    match self.reclaim(&a, lease).await {
                        Ok(Some(due)) => out.push(due),
                        Ok(None) => {}
                        Err(e) => {
                            tracing::error!(announcement = a.id, error = %e, "re-announcing failed");
                        }
                    }
                }
            }
            Err(e) => tracing::error!(error = %e, "loading unposted announcements failed"),
        }
        let room = batch - out.len() as i64;
        if room <= 0 {
            return out;
        }
        let due = match self.inner.store.due_games_for(platform, now, room).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "loading due games failed");
                return out;
            }
        };
        // Unknown while we work; recomputed below.
        *lock(&self.inner.due_hint) = None;
        for row in due {
            let id = row.id;
            match self.fire_due(row, now, lease).await {
                Ok(Some(d)) => out.push(d),
                Ok(None) => {}
                Err(e) => {
                    tracing::error!(game = id, error = %e, "deadline handling failed");
                }
            }
        }
        if let Ok(next) = self.inner.store.next_due().await {
            *lock(&self.inner.due_hint) = Some(next.unwrap_or(i64::MAX));
        }
        out
    }

    /// Marks a claimed announcement as posted.
    pub async fn ack_due(&self, due: &DueAnnouncement) {
        if let Err(e) = self.inner.store.ack_announcement(due.id).await {
            // It will be posted again after its lease: a duplicate, not a loss.
            tracing::error!(announcement = due.id, error = %e, "acknowledging failed");
        }
    }

    /// Takes over an announcement whose claimer died, and composes it again
    /// from the stored game. `None` when another process took it first or
    /// it no longer applies (a reminder of a turn already played).
    async fn reclaim(
        &self,
        a: &AnnouncementRow,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, ServiceError> {
        let store = &self.inner.store;
        if !store.renew_announcement(a.id, a.lease_until, lease).await? {
            return Ok(None);
        }
        let row = store.game(a.game_id).await?;
        let replies = match row {
            Some(row) if a.kind == ANNOUNCE_END && !row.is_active() => {
                let l = self.replay(row).await?;
                let loc = self.post_locale(&l.place(), l.row.id).await;
                match l.game.outcome() {
                    Some(outcome) => self.timeout_replies(loc, &l, outcome),
                    None => Vec::new(),
                }
            }
            Some(row) if a.kind == ANNOUNCE_REMINDER && row.is_active() && row.ply == a.ply => {
                let l = self.replay(row).await?;
                let loc = self.post_locale(&l.place(), l.row.id).await;
                self.reminder_replies(loc, &l)
            }
            _ => Vec::new(),
        };
        if replies.is_empty() {
            store.ack_announcement(a.id).await?;
            return Ok(None);
        }
        Ok(Some(DueAnnouncement { id: a.id, replies }))
    }

    async fn fire_due(
        &self,
        row: GameRow,
        now: i64,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, ServiceError> {
        let l = self.replay(row).await?;
        let loc = self.post_locale(&l.place(), l.row.id).await;
        let to_move = l.game.position().turn();
        if l.row.deadline_at.is_some_and(|d| d <= now) {
            let mut game = l.game.clone();
            let outcome = if game.both_have_moved() {
                game.forfeit_outcome(to_move, Termination::Timeout)
            } else {
                Outcome::new(None, Termination::Aborted)
            };
            let id = match self
                .inner
                .store
                .finish_game_announced(
                    l.row.id,
                    l.row.ply,
                    outcome.result(),
                    outcome.termination.as_str(),
                    now,
                    lease,
                )
                .await
            {
                Ok(id) => id,
                Err(StoreError::Stale) => return Ok(None),
                Err(e) => return Err(e.into()),
            };
            game.end(outcome);
            self.remember(l.row.id, &game);
            let l = Loaded { row: l.row, game };
            let replies = self.timeout_replies(loc, &l, outcome);
            return Ok(Some(DueAnnouncement { id, replies }));
        }
        if l.row.remind_at.is_some_and(|r| r <= now)
            && let Some(id) = self
                .inner
                .store
                .claim_reminder(l.row.id, l.row.ply, now, lease)
                .await?
        {
            let replies = self.reminder_replies(loc, &l);
            return Ok(Some(DueAnnouncement { id, replies }));
        }
        Ok(None)
    }

    /// The end of a game on time: a time-out, or an abort when a player
    /// never made a first move. The player to move is the one out of time.
    fn timeout_replies(&self, loc: Locale, l: &Loaded, outcome: Outcome) -> Vec<Reply> {
        let to_move = l.game.position().turn();
        let text = if outcome.termination == Termination::Aborted {
            Some(msg::aborted_no_first_move(loc, l.name(to_move)))
        } else {
            None
        };
        let mut replies = self.end_replies(loc, &l.place(), l, outcome, Some(to_move), text);
        for r in &mut replies {
            r.locale = loc;
        }
        replies
    }

    /// The reminder of the player to move.
    fn reminder_replies(&self, loc: Locale, l: &Loaded) -> Vec<Reply> {
        let to_move = l.game.position().turn();
        let deadline = from_ms(l.row.deadline_at.unwrap_or(l.row.updated_at));
        let player = l.player(to_move);
        let mut r = reply(
            &l.place(),
            msg::reminder(loc, &player.name, l.row.id, &msg::deadline(deadline)),
        );
        r.event = Some(Event::Reminder {
            player: player.name.clone(),
            deadline: msg::deadline_rfc3339(deadline),
        });
        r.mentions = vec![player];
        r.board = Some(self.image(l, false));
        r.locale = loc;
        vec![r]
    }

    // ---- loading ------------------------------------------------------

    async fn replay(&self, row: GameRow) -> Result<Loaded, ServiceError> {
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
        let mut game = Game::from_fen(&row.start_fen, rules)
            .map_err(|e| corrupt(format!("start FEN: {e}")))?;
        let moves = self.inner.store.moves(row.id).await?;
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
    fn remember(&self, id: i64, game: &Game) {
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

    /// Notes a newly stored reminder or deadline.
    fn note_due(&self, at: i64) {
        let mut hint = lock(&self.inner.due_hint);
        if let Some(h) = *hint {
            *hint = Some(h.min(at));
        }
    }

    /// Whether a command should look for due deadlines first.
    fn maybe_due(&self, now: i64) -> bool {
        lock(&self.inner.due_hint).is_none_or(|h| h <= now)
    }

    async fn active(&self, place: &Place) -> Result<Option<Loaded>, Failure> {
        match self.inner.store.active_game(&key(place)).await? {
            Some(row) => Ok(Some(self.replay(row).await?)),
            None => Ok(None),
        }
    }

    async fn require_active(&self, loc: Locale, place: &Place) -> Result<Loaded, Failure> {
        self.active(place)
            .await?
            .ok_or_else(|| user("no_game", msg::no_game(loc)))
    }

    /// The active game; with `only` (a button's game), that game or a
    /// `stale_button` refusal.
    async fn require_game(
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

    /// A button press: the action, limited to the subject it was shown for.
    async fn press(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        action: Action,
        subject: Option<Subject>,
        guild_locale: Option<Locale>,
    ) -> Handled {
        let (challenge, game) = match subject {
            Some(Subject::Challenge(id)) => (Some(id), None),
            Some(Subject::Game(id)) => (None, Some(id)),
            None => (None, None),
        };
        // A subject of the wrong kind is not a button we made.
        let wrong_kind = match action {
            Action::AcceptChallenge | Action::DeclineChallenge => game.is_some(),
            Action::AcceptDraw | Action::DeclineDraw | Action::Resign => challenge.is_some(),
        };
        if wrong_kind {
            return Err(user("stale_button", msg::button_stale(loc)));
        }
        match action {
            Action::AcceptChallenge => self.accept(loc, place, by, guild_locale, challenge).await,
            Action::DeclineChallenge | Action::DeclineDraw => {
                self.decline(loc, place, by, subject).await
            }
            Action::AcceptDraw => self.draw(loc, place, by, game).await,
            Action::Resign => self.resign(loc, place, by, game).await,
        }
    }

    // ---- pictures and summaries --------------------------------------

    fn image(&self, l: &Loaded, flip: bool) -> BoardImage {
        let outcome = if l.row.is_active() {
            l.game.outcome()
        } else {
            l.game
                .outcome()
                .or(Some(Outcome::new(None, Termination::Aborted)))
        };
        let to_move_black = l.game.position().turn() == Color::Black;
        BoardImage {
            fen: l.game.position().fen(),
            last_move: l.game.moves().last().copied(),
            flip: to_move_black != flip,
            result: board_result(outcome),
        }
    }

    fn pgn_text(&self, l: &Loaded) -> String {
        let tags = PgnTags {
            event: format!("chessbot game #{}", l.row.id),
            site: format!("{} #{}", l.row.platform, l.row.channel),
            date: from_ms(l.row.created_at).format("%Y.%m.%d").to_string(),
            round: "-".to_string(),
            white: l.row.white_name.clone(),
            black: l.row.black_name.clone(),
        };
        l.game.pgn(&tags)
    }

    /// The end announcement (event `end`, final board) and the PGN.
    fn end_replies(
        &self,
        loc: Locale,
        place: &Place,
        l: &Loaded,
        outcome: Outcome,
        loser_hint: Option<Color>,
        text: Option<String>,
    ) -> Vec<Reply> {
        let loser = outcome.winner.map(Color::other).or(loser_hint);
        let text = text.unwrap_or_else(|| {
            msg::summary(
                loc,
                outcome.termination,
                outcome.winner.map(|w| l.name(w)),
                loser.map(|c| l.name(c)),
                outcome.result(),
            )
        });
        let mut end = reply(place, text);
        end.board = Some(BoardImage {
            flip: false,
            result: board_result(Some(outcome)),
            ..self.image(l, false)
        });
        end.mentions = l.both();
        end.event = Some(Event::End {
            result: outcome.result().to_string(),
            winner: outcome.winner.map(color_str),
            termination: outcome.termination.as_str().to_string(),
        });
        let pgn = self.pgn_text(l);
        let mut p = reply(place, msg::pgn(&pgn));
        p.event = Some(Event::Pgn { pgn });
        vec![end, p]
    }

    // ---- challenges ---------------------------------------------------

    async fn refuse_if_busy(&self, loc: Locale, place: &Place) -> Result<(), Failure> {
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
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn challenge(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        opponent: Option<Actor>,
        color: ColorChoice,
        days: u32,
        fen: Option<String>,
        rules: RulesMode,
    ) -> Handled {
        if !(1..=14).contains(&days) {
            return Err(user(
                "invalid_option",
                msg::bad_days(loc, &days.to_string()),
            ));
        }
        if opponent.as_ref().is_some_and(|o| o.id == by.id) {
            return Err(user("not_allowed", msg::self_challenge(loc)));
        }
        let start_fen = match fen.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(f) => {
                let game = Game::from_fen(f, rules)
                    .map_err(|e| user("invalid_fen", msg::invalid_fen(loc, &e.to_string())))?;
                if game.outcome().is_some() {
                    return Err(user("invalid_fen", msg::fen_game_over(loc)));
                }
                Some(game.position().fen())
            }
        };
        self.refuse_if_busy(loc, place).await?;
        let color = match color {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        };
        let c = NewChallenge {
            place: key(place),
            challenger_id: by.id.clone(),
            challenger_name: by.name.clone(),
            opponent_id: opponent.as_ref().map(|o| o.id.clone()),
            opponent_name: opponent.as_ref().map(|o| o.name.clone()),
            color: color.to_string(),
            days: i64::from(days),
            start_fen,
            rules: rules.as_str().to_string(),
            created_at: ms(self.now()),
        };
        self.post_challenge(loc, place, by, opponent, c).await
    }

    async fn post_challenge(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        opponent: Option<Actor>,
        c: NewChallenge,
    ) -> Handled {
        let id = match self.inner.store.insert_challenge(&c).await {
            Ok(id) => id,
            Err(StoreError::Busy) => {
                return Err(user(
                    "game_in_progress",
                    msg::challenge_pending(loc, "someone"),
                ));
            }
            Err(e) => return Err(e.into()),
        };
        let mut r = reply(
            place,
            msg::challenge_posted(
                loc,
                &by.name,
                opponent.as_ref().map(|o| o.name.as_str()),
                &c.color,
                c.days,
                c.rules == RulesMode::Fide.as_str(),
                c.start_fen.is_some(),
            ),
        );
        r.event = Some(Event::Challenge {
            challenger: by.name.clone(),
            opponent: opponent.as_ref().map(|o| o.name.clone()),
        });
        r.mentions = opponent.into_iter().collect();
        r.actions = vec![Action::AcceptChallenge, Action::DeclineChallenge];
        r.subject = Some(Subject::Challenge(id));
        Ok(vec![r])
    }

    async fn open_challenge(&self, place: &Place) -> Result<Option<ChallengeRow>, Failure> {
        Ok(self.inner.store.open_challenge(&key(place)).await?)
    }

    async fn accept(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        guild_locale: Option<Locale>,
        only: Option<i64>,
    ) -> Handled {
        let Some(c) = self.open_challenge(place).await? else {
            if only.is_some() {
                return Err(challenge_gone(loc));
            }
            if let Some(g) = self.inner.store.active_game(&key(place)).await? {
                return Err(user(
                    "game_in_progress",
                    msg::game_in_progress(loc, g.id, &g.white_name, &g.black_name),
                ));
            }
            return Err(user("no_challenge", msg::no_challenge(loc)));
        };
        if only.is_some_and(|id| id != c.id) {
            return Err(challenge_gone(loc));
        }
        if c.challenger_id == by.id {
            return Err(user("not_allowed", msg::own_challenge(loc)));
        }
        if let Some(o) = &c.opponent_id
            && *o != by.id
        {
            return Err(user(
                "no_challenge",
                msg::challenge_not_for_you(loc, c.opponent_name.as_deref().unwrap_or(o)),
            ));
        }
        let challenger_white = match c.color.as_str() {
            "white" => true,
            "black" => false,
            _ => random_bool(),
        };
        let challenger = Actor {
            id: c.challenger_id.clone(),
            name: c.challenger_name.clone(),
        };
        let (white, black) = if challenger_white {
            (challenger, by.clone())
        } else {
            (by.clone(), challenger)
        };
        let rules: RulesMode = c.rules.parse().unwrap_or_default();
        let game = match &c.start_fen {
            Some(f) => Game::from_fen(f, rules)
                .map_err(|e| user("invalid_fen", msg::invalid_fen(loc, &e.to_string())))?,
            None => Game::new(rules),
        };
        let start_fen = game.position().fen();
        let now = ms(self.now());
        let (deadline_at, remind_at) = turn_times(now, c.days);
        let new = NewGame {
            place: key(place),
            white_id: white.id.clone(),
            white_name: white.name.clone(),
            black_id: black.id.clone(),
            black_name: black.name.clone(),
            start_fen: start_fen.clone(),
            rules: rules.as_str().to_string(),
            days: c.days,
            deadline_at,
            remind_at,
            created_at: now,
        };
        let id = match self.inner.store.accept_challenge(c.id, &new).await {
            Ok(id) => id,
            Err(StoreError::Busy) => {
                return Err(user(
                    "game_in_progress",
                    msg::game_in_progress(loc, 0, &white.name, &black.name),
                ));
            }
            Err(StoreError::Stale) if only.is_some() => return Err(challenge_gone(loc)),
            Err(StoreError::Stale) => return Err(user("no_challenge", msg::no_challenge(loc))),
            Err(e) => return Err(e.into()),
        };
        if let Some(g) = guild_locale {
            // For posts no command causes (reminders, time-outs).
            self.inner.store.set_game_locale(id, Some(g.code())).await?;
        }
        self.note_due(remind_at);
        let to_move = if game.position().turn() == Color::White {
            &white
        } else {
            &black
        };
        let mut r = reply(
            place,
            msg::game_started(
                loc,
                id,
                &white.name,
                &black.name,
                &to_move.name,
                &msg::deadline(from_ms(deadline_at)),
            ),
        );
        r.board = Some(BoardImage {
            fen: start_fen.clone(),
            last_move: None,
            flip: game.position().turn() == Color::Black,
            result: None,
        });
        r.event = Some(Event::Start {
            white: white.name.clone(),
            black: black.name.clone(),
            fen: start_fen,
        });
        r.mentions = vec![white, black];
        r.actions = vec![Action::Resign];
        r.subject = Some(Subject::Game(id));
        Ok(vec![r])
    }

    /// `decline`, or a Decline button: `only` limits it to the challenge or
    /// the game's draw offer the button was shown under.
    async fn decline(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        only: Option<Subject>,
    ) -> Handled {
        let challenge = match only {
            Some(Subject::Game(_)) => None,
            _ => self.open_challenge(place).await?,
        };
        if let Some(c) = challenge {
            if let Some(Subject::Challenge(id)) = only
                && id != c.id
            {
                return Err(challenge_gone(loc));
            }
            if c.challenger_id == by.id {
                return self.cancel(loc, place, by).await;
            }
            match &c.opponent_id {
                Some(o) if *o == by.id => {
                    self.inner.store.close_challenge(c.id, "declined").await?;
                    let mut r = reply(
                        place,
                        msg::challenge_declined(loc, &by.name, &c.challenger_name),
                    );
                    r.mentions = vec![Actor {
                        id: c.challenger_id.clone(),
                        name: c.challenger_name.clone(),
                    }];
                    return Ok(vec![r]);
                }
                Some(o) => {
                    return Err(user(
                        "no_challenge",
                        msg::challenge_not_for_you(loc, c.opponent_name.as_deref().unwrap_or(o)),
                    ));
                }
                None => return Err(user("not_allowed", msg::open_challenge_no_decline(loc))),
            }
        }
        // No challenge: decline a draw offer or takeback request.
        let l = match only {
            Some(Subject::Challenge(_)) => return Err(challenge_gone(loc)),
            Some(Subject::Game(id)) => self.require_game(loc, place, Some(id)).await?,
            None => match self.active(place).await? {
                Some(l) => l,
                None => return Err(user("no_challenge", msg::no_challenge(loc))),
            },
        };
        let me = l.require_player(loc, by)?;
        let opp = Some(color_str(me.other()));
        let now = ms(self.now());
        let mut draw = l.row.draw_offer.clone();
        let mut takeback = l.row.takeback_offer.clone();
        // A Decline-draw button declines the draw offer only.
        let text = if takeback == opp && only.is_none() {
            takeback = None;
            msg::takeback_declined(loc, &by.name)
        } else if draw == opp {
            draw = None;
            msg::draw_declined(loc, &by.name)
        } else if only.is_some() && draw.is_none() {
            return Err(user("stale_button", msg::button_draw_gone(loc)));
        } else {
            return Err(user("no_challenge", msg::nothing_to_decline(loc)));
        };
        self.inner
            .store
            .set_offers(
                l.row.id,
                l.row.ply,
                draw.as_deref(),
                takeback.as_deref(),
                now,
            )
            .await?;
        let mut r = reply(place, text);
        r.mentions = vec![l.player(me.other())];
        Ok(vec![r])
    }

    async fn cancel(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let Some(c) = self.open_challenge(place).await? else {
            return Err(user("no_challenge", msg::no_challenge(loc)));
        };
        if c.challenger_id != by.id {
            return Err(user(
                "not_allowed",
                msg::not_your_challenge(loc, &c.challenger_name),
            ));
        }
        match self.inner.store.close_challenge(c.id, "cancelled").await {
            Ok(()) => {}
            Err(StoreError::Stale) => return Err(user("no_challenge", msg::no_challenge(loc))),
            Err(e) => return Err(e.into()),
        }
        Ok(vec![reply(
            place,
            msg::challenge_cancelled(loc, &c.challenger_name),
        )])
    }

    async fn rematch(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let Some(last) = self.inner.store.last_finished_game(&key(place)).await? else {
            return Err(user("no_game", msg::no_rematch(loc)));
        };
        let (my_old, opponent) = if last.white_id == by.id {
            (
                Color::White,
                Actor {
                    id: last.black_id.clone(),
                    name: last.black_name.clone(),
                },
            )
        } else if last.black_id == by.id {
            (
                Color::Black,
                Actor {
                    id: last.white_id.clone(),
                    name: last.white_name.clone(),
                },
            )
        } else {
            return Err(user(
                "not_a_player",
                msg::rematch_not_player(loc, &last.white_name, &last.black_name),
            ));
        };
        self.refuse_if_busy(loc, place).await?;
        let standard = Position::startpos().fen();
        let c = NewChallenge {
            place: key(place),
            challenger_id: by.id.clone(),
            challenger_name: by.name.clone(),
            opponent_id: Some(opponent.id.clone()),
            opponent_name: Some(opponent.name.clone()),
            color: color_str(my_old.other()),
            days: last.days,
            start_fen: (last.start_fen != standard).then(|| last.start_fen.clone()),
            rules: last.rules.clone(),
            created_at: ms(self.now()),
        };
        self.post_challenge(loc, place, by, Some(opponent), c).await
    }

    // ---- moves --------------------------------------------------------

    async fn play(&self, loc: Locale, place: &Place, by: &Actor, text: &str) -> Handled {
        let text = text.trim();
        if text.is_empty() {
            return Err(user("invalid_notation", msg::missing_move(loc)));
        }
        if text.chars().count() > MAX_MOVE_LEN {
            return Err(user("invalid_notation", msg::move_too_long(loc)));
        }
        let l = self.require_active(loc, place).await?;
        let me = l.require_player(loc, by)?;
        let turn = l.game.position().turn();
        if turn != me {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        let number = move_number(l.game.position());
        let mut game = l.game.clone();
        let played = play_typed(&mut game, text, loc);
        let (mv, san) =
            played.map_err(|e| user(error_code_of(&e), msg::move_error(loc, &e, text)))?;
        self.commit_move(loc, place, l, game, me, mv, san, number)
            .await
    }

    #[allow(clippy::too_many_arguments)]
    async fn commit_move(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        game: Game,
        me: Color,
        mv: Move,
        san: String,
        number: String,
    ) -> Handled {
        let now = ms(self.now());
        let outcome = game.outcome();
        let opp = color_str(me.other());
        // A move declines the opponent's standing draw offer; one's own
        // offer stands until the opponent answers.
        let draw_offer = l.row.draw_offer.clone().filter(|o| *o != opp);
        let (deadline_at, remind_at) = match outcome {
            None => {
                let (d, r) = turn_times(now, l.days());
                (Some(d), Some(r))
            }
            Some(_) => (None, None),
        };
        let fen = game.position().fen();
        let update = GameUpdate {
            fen: fen.clone(),
            draw_offer: if outcome.is_some() { None } else { draw_offer },
            takeback_offer: None,
            deadline_at,
            remind_at,
            finish: outcome.map(|o| (o.result().to_string(), o.termination.as_str().to_string())),
            now,
        };
        let row = MoveRow {
            ply: l.row.ply + 1,
            uci: mv.uci(),
            san: san.clone(),
            played_at: now,
        };
        self.inner
            .store
            .apply_move(l.row.id, l.row.ply, &row, &update)
            .await?;
        self.remember(l.row.id, &game);
        if let Some(r) = remind_at {
            self.note_due(r);
        }
        let mut row = l.row;
        row.ply += 1;
        if let Some(o) = outcome {
            row.status = crate::store::STATUS_FINISHED.to_string();
            row.result = Some(o.result().to_string());
            row.termination = Some(o.termination.as_str().to_string());
        }
        let l = Loaded { row, game };
        let check = l.game.position().is_check();
        let mut r = match outcome {
            None => {
                let next = l.name(me.other()).to_string();
                let mut r = reply(
                    place,
                    msg::moved(
                        loc,
                        l.name(me),
                        &number,
                        &san,
                        &next,
                        check,
                        &msg::deadline(from_ms(deadline_at.unwrap_or(now))),
                    ),
                );
                r.board = Some(self.image(&l, false));
                r.mentions = vec![l.player(me.other())];
                r.actions = vec![Action::Resign];
                r.subject = Some(Subject::Game(l.row.id));
                r
            }
            Some(_) => reply(place, msg::moved_final(loc, l.name(me), &number, &san)),
        };
        r.event = Some(Event::Move {
            by: l.name(me).to_string(),
            san,
            uci: mv.uci(),
            fen,
            check,
        });
        let mut out = vec![r];
        if let Some(o) = outcome {
            out.extend(self.end_replies(loc, place, &l, o, None, None));
        }
        Ok(out)
    }

    async fn board(&self, loc: Locale, place: &Place, flip: bool) -> Handled {
        let Some(row) = self.inner.store.last_game(&key(place)).await? else {
            return Err(user("no_game", msg::no_game_here(loc)));
        };
        let l = self.replay(row).await?;
        let text = if l.row.is_active() {
            let turn = l.game.position().turn();
            msg::board_caption(
                loc,
                l.row.id,
                &l.row.white_name,
                &l.row.black_name,
                l.name(turn),
                &msg::deadline(from_ms(l.row.deadline_at.unwrap_or_default())),
            )
        } else {
            msg::final_board_caption(
                loc,
                l.row.id,
                &l.row.white_name,
                &l.row.black_name,
                l.row.result.as_deref().unwrap_or("*"),
            )
        };
        let mut r = reply(place, text);
        r.board = Some(if l.row.is_active() {
            self.image(&l, flip)
        } else {
            BoardImage {
                flip,
                ..self.image(&l, false)
            }
        });
        Ok(vec![r])
    }

    // ---- draws, resignation, abort, claims ----------------------------

    async fn finish(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        outcome: Outcome,
        loser_hint: Option<Color>,
    ) -> Handled {
        let now = ms(self.now());
        self.inner
            .store
            .finish_game(
                l.row.id,
                l.row.ply,
                outcome.result(),
                outcome.termination.as_str(),
                now,
            )
            .await?;
        let mut game = l.game;
        game.end(outcome);
        self.remember(l.row.id, &game);
        let mut row = l.row;
        row.status = crate::store::STATUS_FINISHED.to_string();
        let l = Loaded { row, game };
        Ok(self.end_replies(loc, place, &l, outcome, loser_hint, None))
    }

    /// `draw` offers or accepts; an Accept-draw button (`only`: its game)
    /// only accepts.
    async fn draw(&self, loc: Locale, place: &Place, by: &Actor, only: Option<i64>) -> Handled {
        let l = self.require_game(loc, place, only).await?;
        let me = l.require_player(loc, by)?;
        if !l.game.both_have_moved() {
            return Err(user("not_allowed", msg::draw_too_early(loc)));
        }
        let mine = color_str(me);
        let theirs = color_str(me.other());
        match l.row.draw_offer.as_deref() {
            Some(o) if o == theirs => {
                let outcome = Outcome::new(None, Termination::Agreement);
                self.finish(loc, place, l, outcome, None).await
            }
            Some(o) if o == mine => Err(user("not_allowed", msg::draw_already_offered(loc))),
            _ if only.is_some() => Err(user("stale_button", msg::button_draw_gone(loc))),
            _ => {
                let now = ms(self.now());
                self.inner
                    .store
                    .set_offers(
                        l.row.id,
                        l.row.ply,
                        Some(&mine),
                        l.row.takeback_offer.as_deref(),
                        now,
                    )
                    .await?;
                let opponent = l.player(me.other());
                let mut r = reply(place, msg::draw_offered(loc, &by.name, &opponent.name));
                r.event = Some(Event::DrawOffer {
                    by: l.name(me).to_string(),
                });
                r.mentions = vec![opponent];
                r.actions = vec![Action::AcceptDraw, Action::DeclineDraw];
                r.subject = Some(Subject::Game(l.row.id));
                Ok(vec![r])
            }
        }
    }

    async fn resign(&self, loc: Locale, place: &Place, by: &Actor, only: Option<i64>) -> Handled {
        let l = self.require_game(loc, place, only).await?;
        let me = l.require_player(loc, by)?;
        let outcome = l.game.forfeit_outcome(me, Termination::Resignation);
        self.finish(loc, place, l, outcome, Some(me)).await
    }

    async fn abort(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let l = self.require_active(loc, place).await?;
        l.require_player(loc, by)?;
        if l.game.both_have_moved() {
            return Err(user("not_allowed", msg::abort_too_late(loc)));
        }
        let outcome = Outcome::new(None, Termination::Aborted);
        self.finish(loc, place, l, outcome, None).await
    }

    async fn claim(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let l = self.require_active(loc, place).await?;
        let me = l.require_player(loc, by)?;
        let turn = l.game.position().turn();
        if l.rules() != RulesMode::Fide {
            return Err(user(
                "not_allowed",
                msg::claim_refused(loc, &ClaimError::NotFideMode),
            ));
        }
        if turn != me {
            return Err(user("not_your_turn", msg::not_your_turn(loc, l.name(turn))));
        }
        match l.game.claimable_draw() {
            Ok(t) => {
                self.finish(loc, place, l, Outcome::new(None, t), None)
                    .await
            }
            Err(e) => Err(user("not_allowed", msg::claim_refused(loc, &e))),
        }
    }

    async fn takeback(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let l = self.require_active(loc, place).await?;
        let me = l.require_player(loc, by)?;
        let mine = color_str(me);
        let theirs = color_str(me.other());
        let now = ms(self.now());
        match l.row.takeback_offer.as_deref() {
            Some(o) if o == theirs => {
                // Undo the requester's last move (and my reply after it).
                let requester = me.other();
                let turn = l.game.position().turn();
                let plies = if turn == requester { 2 } else { 1 };
                if l.game.moves().len() < plies {
                    return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
                }
                let mut game = l.game.clone();
                for _ in 0..plies {
                    game.undo();
                }
                let (deadline_at, remind_at) = turn_times(now, l.days());
                let draw_offer = l.row.draw_offer.clone();
                let update = GameUpdate {
                    fen: game.position().fen(),
                    draw_offer,
                    takeback_offer: None,
                    deadline_at: Some(deadline_at),
                    remind_at: Some(remind_at),
                    finish: None,
                    now,
                };
                let new_ply = l.row.ply - plies as i64;
                self.inner
                    .store
                    .take_back(l.row.id, l.row.ply, new_ply, &update)
                    .await?;
                self.remember(l.row.id, &game);
                self.note_due(remind_at);
                let mut row = l.row;
                row.ply = new_ply;
                let l = Loaded { row, game };
                let to_move = l.game.position().turn();
                let mut r = reply(
                    place,
                    msg::takeback_done(
                        loc,
                        plies,
                        l.name(to_move),
                        &msg::deadline(from_ms(deadline_at)),
                    ),
                );
                r.board = Some(self.image(&l, false));
                r.mentions = vec![l.player(requester)];
                Ok(vec![r])
            }
            Some(o) if o == mine => Err(user("not_allowed", msg::takeback_already_requested(loc))),
            _ => {
                let (white_plies, black_plies) = l.game.plies_by();
                let mine_count = match me {
                    Color::White => white_plies,
                    Color::Black => black_plies,
                };
                if mine_count == 0 {
                    return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
                }
                self.inner
                    .store
                    .set_offers(
                        l.row.id,
                        l.row.ply,
                        l.row.draw_offer.as_deref(),
                        Some(&mine),
                        now,
                    )
                    .await?;
                let opponent = l.player(me.other());
                let mut r = reply(
                    place,
                    msg::takeback_requested(loc, &by.name, &opponent.name),
                );
                r.mentions = vec![opponent];
                Ok(vec![r])
            }
        }
    }

    // ---- settings -----------------------------------------------------

    /// `settings`: shows the channel's language, or sets it and answers in
    /// the new language. Anyone in the channel may set it.
    async fn settings(&self, loc: Locale, place: &Place, language: Option<Locale>) -> Handled {
        let Some(new) = language else {
            let current = self.channel_locale(place).await;
            return Ok(vec![reply(place, msg::language_current(loc, current))]);
        };
        self.inner
            .store
            .set_channel_language(&place.platform, &place.channel, new.code())
            .await?;
        Ok(vec![reply(place, msg::language_set(new))])
    }

    // ---- exports and listings -----------------------------------------

    async fn pgn(&self, loc: Locale, place: &Place, id: Option<i64>) -> Handled {
        let row = match id {
            Some(id) => match self.inner.store.game(id).await? {
                Some(row) if row.platform == place.platform => row,
                _ => return Err(user("no_game", msg::no_such_game(loc, id))),
            },
            None => match self.inner.store.active_game(&key(place)).await? {
                Some(row) => row,
                None => self
                    .inner
                    .store
                    .last_finished_game(&key(place))
                    .await?
                    .ok_or_else(|| user("no_game", msg::no_game_here(loc)))?,
            },
        };
        let l = self.replay(row).await?;
        let pgn = self.pgn_text(&l);
        let mut r = reply(place, msg::pgn(&pgn));
        r.event = Some(Event::Pgn { pgn });
        Ok(vec![r])
    }

    async fn games(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let store = &self.inner.store;
        let guild = place.guild.clone().unwrap_or_default();
        let here = store.active_games_in(&place.platform, &guild).await?;
        let mine = store.active_games_of(&place.platform, &by.id).await?;
        let line = |g: &GameRow| {
            let to_move = if Position::from_fen(&g.fen)
                .map(|p| p.turn())
                .unwrap_or(Color::White)
                == Color::White
            {
                &g.white_name
            } else {
                &g.black_name
            };
            msg::games_line(
                loc,
                g.id,
                &g.white_name,
                &g.black_name,
                to_move,
                &msg::deadline(from_ms(g.deadline_at.unwrap_or_default())),
            )
        };
        let my_move: Vec<&GameRow> = mine
            .iter()
            .filter(|g| {
                let turn = Position::from_fen(&g.fen)
                    .map(|p| p.turn())
                    .unwrap_or(Color::White);
                let id = if turn == Color::White {
                    &g.white_id
                } else {
                    &g.black_id
                };
                *id == by.id
            })
            .collect();
        if here.is_empty() && my_move.is_empty() {
            return Ok(vec![reply(place, msg::no_games(loc))]);
        }
        let mut lines = Vec::new();
        if !here.is_empty() {
            lines.push(msg::games_here_heading(loc));
            lines.extend(here.iter().map(line));
        }
        if !my_move.is_empty() {
            lines.push(msg::games_your_move_heading(loc));
            lines.extend(my_move.into_iter().map(line));
        }
        Ok(vec![reply(place, lines.join("\n"))])
    }

    async fn history(&self, loc: Locale, place: &Place, by: &Actor, who: Option<Actor>) -> Handled {
        let who = who.unwrap_or_else(|| by.clone());
        let games = self
            .inner
            .store
            .finished_games_of(&place.platform, &who.id, 10)
            .await?;
        if games.is_empty() {
            return Ok(vec![reply(place, msg::no_history(loc, &who.name))]);
        }
        let mut lines = vec![msg::history_heading(loc, &who.name)];
        lines.extend(games.iter().map(|g| {
            msg::history_line(
                loc,
                g.id,
                &g.white_name,
                &g.black_name,
                g.result.as_deref().unwrap_or("*"),
                g.termination.as_deref().unwrap_or(""),
            )
        }));
        Ok(vec![reply(place, lines.join("\n"))])
    }
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
    fn final_board_badges_follow_the_outcome() {
        let mate = Outcome::new(Some(Color::Black), Termination::Checkmate);
        assert_eq!(
            board_result(Some(mate)),
            Some(BoardResult::Mated(Color::White))
        );
        let resign = Outcome::new(Some(Color::White), Termination::Resignation);
        assert_eq!(
            board_result(Some(resign)),
            Some(BoardResult::Won(Color::White))
        );
        let draw = Outcome::new(None, Termination::Stalemate);
        assert_eq!(board_result(Some(draw)), Some(BoardResult::Draw));
        let abort = Outcome::new(None, Termination::Aborted);
        assert_eq!(board_result(Some(abort)), None);
        assert_eq!(board_result(None), None);
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
