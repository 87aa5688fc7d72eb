//! Entry points of the service: opening it, routing each [`Command`] to its
//! family, button presses, and the language of replies.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chrono::{DateTime, Utc};
use tracing::Instrument;

use super::{Action, Actor, Clock, Command, LocalePrefs, Place, Reply, Subject, messages as msg};
use crate::i18n::Locale;
use crate::store::{PlacePrefsRow, Store};

use super::game::{
    Failure, GameService, Handled, Inner, ServiceError, failure_reply, key, reply, user,
};
use super::settings::SettingsChange;

impl GameService {
    /// The service over an opened store, without a chess engine (`computer`
    /// answers `engine_unavailable`, summaries have no analysis).
    ///
    /// # Errors
    /// None today; kept fallible for start-up checks.
    pub async fn open(store: Store, clock: Arc<dyn Clock>) -> Result<GameService, ServiceError> {
        let engine = crate::engine::MissingEngine::new(crate::engine::EngineError::Unavailable {
            reason: "no engine configured".to_string(),
        });
        Self::open_with_engine(store, clock, Arc::new(engine)).await
    }

    /// As [`GameService::open`], with a chess engine for `computer` games
    /// and analysed summaries (`engine::from_env()` in the adapters).
    ///
    /// # Errors
    /// As [`GameService::open`].
    pub async fn open_with_engine(
        store: Store,
        clock: Arc<dyn Clock>,
        engine: Arc<dyn crate::engine::Engine>,
    ) -> Result<GameService, ServiceError> {
        // Touch the database once so a broken store fails at start-up.
        store.next_due().await?;
        Ok(GameService {
            inner: Arc::new(Inner {
                store,
                clock,
                cache: Mutex::new(HashMap::new()),
                engine,
                renderer: std::sync::OnceLock::new(),
                outage: Mutex::new(None),
                drain: crate::lifecycle::Drain::new(),
            }),
            areas: Arc::new(super::Areas::new()),
        })
    }

    /// Uses `tables` as the endgame tables instead of those of
    /// `CHESSBOT_SYZYGY_PATH`; `false` when the tables were already chosen
    /// (set, or opened by a first use).
    pub fn set_tablebases(&self, tables: Option<Arc<crate::tablebase::Tablebases>>) -> bool {
        self.areas.tablebases.set(tables).is_ok()
    }

    /// The endgame tables, if the bot has any.
    pub(super) fn tablebases(&self) -> Option<Arc<crate::tablebase::Tablebases>> {
        self.areas
            .tablebases
            .get_or_init(super::games::tablebase::tables_from_env)
            .clone()
    }

    /// The renderer for summary cards and GIFs.
    pub(super) fn renderer(&self) -> &crate::render::Renderer {
        self.inner
            .renderer
            .get_or_init(crate::render::Renderer::new)
    }

    /// The store (for adapters needing direct reads, and tests).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The service clock's current time (adapters show deadlines
    /// relative to it).
    #[must_use]
    pub fn now(&self) -> DateTime<Utc> {
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
    /// [`GameService::locale_for`]). Run in the command's log span and
    /// measured for `/metrics`.
    pub async fn handle_with(
        &self,
        place: &Place,
        by: &Actor,
        cmd: Command,
        prefs: LocalePrefs,
    ) -> Vec<Reply> {
        let name = cmd.name();
        let started = Instant::now();
        let span = tracing::info_span!(
            "command",
            channel = %place.channel,
            user = %by.id,
            command = ?std::mem::discriminant(&cmd)
        );
        // Attached to the future, never entered across an `.await`: log
        // lines of interleaved commands each carry their own fields.
        let mut replies = async {
            let by = &by.cleaned();
            let cmd = match cmd {
                Command::Challenge { opponent, options } => Command::Challenge {
                    opponent: opponent.map(|o| o.cleaned()),
                    options,
                },
                Command::History { user } => Command::History {
                    user: user.map(|u| u.cleaned()),
                },
                Command::Stats {
                    player,
                    vs,
                    variant,
                } => Command::Stats {
                    player: player.map(|u| u.cleaned()),
                    vs: vs.map(|u| u.cleaned()),
                    variant,
                },
                other => other,
            };
            if let Some(refused) = self.refuse_during_outage(place, prefs).await {
                return vec![refused];
            }
            let (loc, known) = self.command_prefs(place, by, prefs).await;
            // In the other place of a game between two people, a game command
            // acts on the game where it lives; its replies come back here.
            let origin = place;
            let two = if super::teams::is_game_command(&cmd) {
                match self.two_place_game(place).await {
                    Ok(t) => t,
                    Err(f) => return vec![failure_reply(loc, place, f)],
                }
            } else {
                None
            };
            let home = match &two {
                Some(t) => self.two_place_home(t).await.ok().flatten(),
                None => None,
            };
            let place = home.as_ref().unwrap_or(origin);
            if self.in_outage() {
                // The language lookup found the database down: nothing else
                // waits out the pool's timeout.
                return vec![super::outage::unavailable_reply(place, loc)];
            }
            // This channel's deadline first (a move after it is too late). The
            // rest of the due work belongs to the adapter's announcer task,
            // which posts before it acknowledges.
            self.learn_due_hint().await;
            let mut replies = self.settle_own_deadline(place).await;
            // Likewise its challenge's expiry (a 7-day-old challenge is gone).
            replies.append(&mut self.settle_own_challenge(place).await);
            // The replies' language: a language change answers in the new one.
            let reply_loc = match &cmd {
                Command::Settings {
                    language: Some(new),
                    ..
                } => *new,
                _ => loc,
            };
            let first = replies.len();
            let requested_flip = matches!(cmd, Command::Board { flip: true, .. });
            // `settings` may change what was read with the language: its
            // pictures read the preferences afresh.
            let known = known.filter(|_| !matches!(cmd, Command::Settings { .. }));
            // In a channel that plays as a team, game commands are about the
            // team's game: a move is a vote (teams/).
            let team = if super::teams::is_game_command(&cmd) {
                match self.team_here(place).await {
                    Ok(side) => side,
                    Err(f) => {
                        replies.push(failure_reply(loc, place, f));
                        return replies;
                    }
                }
            } else {
                None
            };
            let team_command = team.is_some() || matches!(cmd, Command::Team(_));
            // A move the computer still owes here comes first.
            let caught_up = if team.is_some() {
                super::computer::CaughtUp::default()
            } else {
                self.catch_up(loc, place, &cmd).await
            };
            let (mut owed, skip) = (caught_up.owed, caught_up.skip);
            replies.append(&mut owed);
            let result = match cmd {
                _ if skip => Ok(Vec::new()),
                cmd if team.is_some() => {
                    let side = team.clone().expect("checked by the guard");
                    self.team_game_command(loc, place, by, side, cmd).await
                }
                Command::Team(c) => self.team(loc, place, by, prefs, c).await,
                Command::Challenge { opponent, options } => {
                    self.challenge(loc, place, by, opponent, *options).await
                }
                Command::Accept => self.accept(loc, place, by, prefs.guild, None).await,
                Command::Decline => self.decline(loc, place, by, None).await,
                Command::Cancel => self.cancel(loc, place, by, prefs.moderator).await,
                Command::Move { text } => self.play(loc, place, by, &text, caught_up.read).await,
                Command::Board {
                    flip,
                    private: false,
                } => self.board(loc, place, flip).await,
                Command::Board {
                    flip,
                    private: true,
                } => self.private_board(loc, place, by, flip).await,
                Command::BoardWords(q) => self.board_words(loc, place, &q).await,
                Command::Images { on } => self.set_images(loc, place, by, on).await,
                Command::Draw => self.draw(loc, place, by, None).await,
                Command::Resign => self.resign(loc, place, by, None).await,
                Command::Abort => self.abort(loc, place, by).await,
                Command::Takeback => self.takeback(loc, place, by).await,
                Command::Rematch => self.rematch(loc, place, by).await,
                Command::Claim { text } => self.claim(loc, place, by, text.as_deref()).await,
                Command::Pgn { game } => self.pgn(loc, place, by, game).await,
                Command::Games => self.games(loc, place, by).await,
                Command::History { user } => self.history(loc, place, by, user).await,
                Command::Stats {
                    player,
                    vs,
                    variant,
                } => self.stats(loc, place, by, player, vs, variant).await,
                Command::Leaderboard { variant } => self.leaderboard(loc, place, variant).await,
                Command::Summary { game } => self.limited_summary(loc, place, by, game).await,
                Command::Help => {
                    let mut r = reply(place, super::help::help_text(loc));
                    r.ephemeral = true;
                    Ok(vec![r])
                }
                Command::Settings {
                    language,
                    board,
                    theme,
                } => {
                    let change = SettingsChange {
                        language,
                        board,
                        theme,
                    };
                    self.settings(loc, place, by, prefs.moderator, change).await
                }
                Command::Vacation { days } => self.vacation(loc, place, by, days).await,
                Command::Pages { on } => self.set_pages(loc, place, prefs.moderator, on).await,
                Command::NewPage => self.renew_page(loc, place, by, prefs.moderator).await,
                Command::PageName { hidden } => self.set_page_name(loc, place, by, hidden).await,
                Command::Community(change) => {
                    self.set_community_rules(loc, place, prefs.moderator, change)
                        .await
                }
                Command::Moretime => self.moretime(loc, place, by).await,
                Command::Notify { target } => self.notify(loc, place, by, target).await,
                Command::Digest { hour, utc_offset } => {
                    super::desk::set_digest(self, loc, place, by, hour, utc_offset).await
                }
                Command::HelpOn { topic } => {
                    let mut r = reply(place, super::help::help_on(loc, &topic));
                    r.ephemeral = true;
                    Ok(vec![r])
                }
                Command::Press { action, subject } => {
                    self.press(loc, place, by, action, subject, prefs.guild)
                        .await
                }
                Command::Computer(options) => {
                    self.computer(loc, place, by, options, prefs.guild).await
                }
                Command::League(c) => self.league(loc, place, by, prefs.moderator, c).await,
                Command::Premove { game, action } => {
                    self.premove(loc, place, by, game, action).await
                }
                Command::Note { game, text } => {
                    self.note(loc, place, by, game, text.as_deref()).await
                }
                Command::Puzzle { daily } => {
                    // The caller's game that just ended may be still being
                    // analysed: its puzzles come from the analysis.
                    if daily.is_none() {
                        replies.extend(self.await_analyses(loc, place, by).await);
                    }
                    self.puzzle(loc, place, by, daily, prefs.moderator).await
                }
                Command::Solve { text, puzzle } => self.solve(loc, place, by, &text, puzzle).await,
            };
            match result {
                Ok(mut r) => replies.append(&mut r),
                Err(Failure::Internal(ServiceError::Store(e))) if e.is_unreachable() => {
                    tracing::error!(error = %e, "the database is unreachable");
                    self.note_outage();
                    replies.push(super::outage::unavailable_reply(place, loc));
                }
                Err(f) => replies.push(failure_reply(loc, place, f)),
            }
            // Standings after league and match games that ended here.
            self.after_league_games(&mut replies).await;
            self.after_match_games(&mut replies).await;
            self.apply_board_prefs(place, by, &mut replies[first..], requested_flip, known)
                .await;
            if team_command {
                // Each team's channel sees its own side.
                self.orient_team_boards(&mut replies[first..], requested_flip)
                    .await;
            }
            if let Some(t) = &two {
                let ours = replies.split_off(first);
                let mut spread = self
                    .spread_two_places(t.game_id, origin, place, ours, requested_flip)
                    .await;
                replies.append(&mut spread);
            }
            for r in &mut replies[first..] {
                r.locale = reply_loc;
                // The computer is a player nobody can mention.
                r.mentions.retain(|a| !super::is_engine_id(&a.id));
                // A picture for the caller alone, who may read words instead.
                if (r.ephemeral && r.place == *place)
                    || r.place.direct_user() == Some(by.id.as_str())
                {
                    self.images_for(&place.platform, &by.id, r).await;
                }
            }
            // A symbol per kind of announcement.
            super::announce::mark_announcements(&mut replies);
            replies
        }
        .instrument(span)
        .await;
        self.add_watch_links(&mut replies).await;
        super::process::measure_command(name, &replies, started);
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

    /// [`GameService::locale_for`], and when that needs the channel's
    /// language, the board preferences read with it in the same statement
    /// once: the command's pictures then need no read of their own.
    async fn command_prefs(
        &self,
        place: &Place,
        by: &Actor,
        prefs: LocalePrefs,
    ) -> (Locale, Option<PlacePrefsRow>) {
        if let Some(u) = prefs.user {
            return (u, None);
        }
        match self
            .inner
            .store
            .place_prefs(&place.platform, &place.channel, &by.id)
            .await
        {
            Ok(row) => {
                let channel = row.language.as_deref().and_then(|c| c.parse().ok());
                (channel.or(prefs.guild).unwrap_or_default(), Some(row))
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading the channel language failed");
                if e.is_unreachable() {
                    self.note_outage();
                }
                (prefs.guild.unwrap_or_default(), None)
            }
        }
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
                if e.is_unreachable() {
                    self.note_outage();
                }
                None
            }
        }
    }

    /// The language of a post no command caused (reminder, time-out) about
    /// game `id` in `place`: the channel's setting, else the language
    /// recorded when the game started, else English.
    pub(super) async fn post_locale(&self, place: &Place, id: i64) -> Locale {
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
        // In a team's channel everyone may vote: its side's moves.
        if let Some(moves) = self.team_legal_moves(place).await {
            return moves;
        }
        // The other place of a game between two people: the game's moves.
        let home = match self.two_place_game(place).await {
            Ok(Some(t)) => self.two_place_home(&t).await.ok().flatten(),
            _ => None,
        };
        let place = home.as_ref().unwrap_or(place);
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
    /// Database failures; [`crate::store::StoreError::Busy`] when `to` has a game.
    pub async fn rebind_channel(&self, from: &Place, to: &Place) -> Result<bool, ServiceError> {
        Ok(self
            .inner
            .store
            .rebind_channel(&key(from), &key(to))
            .await?)
    }

    /// A button press: the action, limited to the subject it was shown for.
    pub(super) async fn press(
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
            Action::AcceptDraw
            | Action::DeclineDraw
            | Action::Resign
            | Action::Rematch
            | Action::Promote { .. } => challenge.is_some(),
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
            Action::Promote { from, to, role } => {
                // Only while that game is still the one running here; the
                // move is then checked like a typed one (turn, legality).
                self.require_game(loc, place, game).await?;
                let uci = format!("{from}{to}{}", role.char());
                self.play(loc, place, by, &uci, None).await
            }
            Action::Rematch => {
                // Only under the summary of the channel's last game.
                if let Some(id) = game {
                    let last = self.inner.store.last_finished_game(&key(place)).await?;
                    if last.is_none_or(|g| g.id != id) {
                        return Err(user("stale_button", msg::button_stale(loc)));
                    }
                }
                self.rematch(loc, place, by).await
            }
        }
    }

    // Pictures and summaries.
}
