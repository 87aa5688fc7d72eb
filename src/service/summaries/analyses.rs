//! A finished game's analysis while it is owed: the games this process is
//! analysing (so `puzzle` waits for the puzzles they make rather than
//! finding none), and the analysis the engine failed to give for the
//! summary, tried again by the announcer and posted when it comes.

use std::time::Duration;

use super::community::Community;
use super::game::{GameService, Loaded, ServiceError, lock, ms, reply};
use super::{Actor, DueAnnouncement, Place, Reply, Subject, messages as msg};
use crate::engine::{GameAnalysis, analysis_budget};

/// Games shorter than this many plies are not worth the engine's time.
const MIN_ANALYSED_PLIES: usize = 2;
use crate::i18n::Locale;
use crate::store::{AnnouncementRow, SUMMARY_LEASE_MS};

/// How long `puzzle` waits for the analyses of its community's games that
/// just ended (their puzzles are made from them).
const PUZZLE_WAITS_FOR_ANALYSIS: Duration = Duration::from_secs(60);

/// How long after a summary went out without its analysis the announcer
/// tries the engine again, and between later tries.
const ANALYSIS_RETRY_MS: i64 = 60 * 1000;

/// How long after the end of its game an owed analysis is tried for.
const ANALYSIS_OWED_FOR_MS: i64 = 24 * 60 * 60 * 1000;

impl GameService {
    /// The engine's verdict on a game: computed once per game and stored,
    /// so later calls answer the stored figures. A busy engine gives a
    /// shallower or shorter analysis rather than none (see
    /// [`crate::engine::Engine::analyse_game`]); when it fails outright the
    /// analysis is owed, and the announcer posts it later.
    pub(in crate::service) async fn analysis_of(&self, l: &Loaded) -> Verdict {
        if l.game.moves().len() < MIN_ANALYSED_PLIES {
            return Verdict::Without;
        }
        if let Some(stored) = self.stored_analysis(l.row.id).await {
            return Verdict::Ready(stored);
        }
        if self.inner.engine.check().is_err() {
            return Verdict::Without;
        }
        // Engine lines of a shared start would help those still playing it.
        if self.start_still_played(l).await {
            self.analysis_follows(l).await;
            self.analysis_settled(l.row.id);
            return Verdict::AfterRound;
        }
        let budget = analysis_budget(l.game.moves().len());
        let verdict = match self.inner.engine.analyse_game(&l.game, budget).await {
            Ok(a) => Verdict::Ready(self.analysis_finished(l, a).await),
            Err(e) => {
                tracing::warn!(game = l.row.id, error = %e, "game analysis failed; it will follow");
                self.analysis_follows(l).await;
                Verdict::Follows
            }
        };
        self.analysis_settled(l.row.id);
        verdict
    }

    /// Notes that this process will analyse game `game` (its summary is in
    /// an adapter's hands), when there is an engine to do it.
    pub(in crate::service) fn analysis_owed(&self, game: i64) {
        if self.analyses_games() {
            lock(&self.areas.summaries.analyses_pending).insert(game);
        }
    }

    /// Game `game`'s analysis is done, stored or given up: whoever waits
    /// for it goes on.
    pub(in crate::service) fn analysis_settled(&self, game: i64) {
        if lock(&self.areas.summaries.analyses_pending).remove(&game) {
            self.areas.summaries.analysis_settled.notify_waiters();
        }
    }

    /// Waits (at most [`PUZZLE_WAITS_FOR_ANALYSIS`]) until the games `by`
    /// played in `place`'s community that this process is analysing are
    /// analysed, so `puzzle` right after a game can find that game's
    /// puzzles (the caller's own games come first). Other games are not
    /// waited for: the command would wait for every game that ended at
    /// once. Answers a note when one is still being analysed after the
    /// wait.
    pub(in crate::service) async fn await_analyses(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Vec<Reply> {
        let until = tokio::time::Instant::now() + PUZZLE_WAITS_FOR_ANALYSIS;
        loop {
            // Listening before looking, so a settlement in between is not
            // missed.
            let settled = self.areas.summaries.analysis_settled.notified();
            tokio::pin!(settled);
            settled.as_mut().enable();
            let Some(game) = self.analysis_pending_for(place, by).await else {
                return Vec::new();
            };
            if tokio::time::timeout_at(until, settled).await.is_err() {
                return vec![reply(place, msg::puzzle_analysis_pending(loc, game))];
            }
        }
    }

    /// A game `by` played in `place`'s community whose analysis this
    /// process owes.
    async fn analysis_pending_for(&self, place: &Place, by: &Actor) -> Option<i64> {
        let pending: Vec<i64> = lock(&self.areas.summaries.analyses_pending)
            .iter()
            .copied()
            .collect();
        let guild = place.guild.as_deref().unwrap_or_default();
        let here = Community::of(&place.platform, guild, &place.channel).key();
        for game in pending {
            match self.inner.store.game(game).await {
                Ok(Some(row))
                    if (row.white_id == by.id || row.black_id == by.id)
                        && Community::of(&row.platform, &row.guild, &row.channel).key() == here =>
                {
                    return Some(game);
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(game, error = %e, "loading a game being analysed failed"),
            }
        }
        None
    }

    /// Whether another game of `l`'s league or Swiss still runs from the
    /// same start as `l`, when that start is not the standard one (a
    /// Chess960 round's position, a `fen:` or `opening:` event, a 960
    /// twin): its engine lines wait until none does.
    pub(in crate::service) async fn start_still_played(&self, l: &Loaded) -> bool {
        if l.game.is_standard_start() {
            return false;
        }
        self.inner
            .store
            .same_start_running_in_league(l.row.id)
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(game = l.row.id, error = %e, "looking for games from the same start failed");
                false
            })
    }

    /// The summary of `l` goes out without its analysis: records that the
    /// analysis is owed, so the announcer tries again and posts it.
    pub(in crate::service) async fn analysis_follows(&self, l: &Loaded) {
        let now = ms(self.now());
        let ply = i64::try_from(l.game.moves().len()).unwrap_or(i64::MAX);
        if let Err(e) = self
            .inner
            .store
            .record_analysis_entry(l.row.id, ply, now, now + ANALYSIS_RETRY_MS)
            .await
        {
            tracing::error!(game = l.row.id, error = %e, "recording the owed analysis failed");
        }
    }

    /// The announcer's turn for an owed analysis (`a`, kind
    /// [`crate::store::ANNOUNCE_ANALYSIS`]): the stored figures, else the
    /// engine's, as a post of their own. While the engine still fails the
    /// entry stays for a later try, for a day after the game's end.
    pub(in crate::service) async fn reclaim_analysis(
        &self,
        a: &AnnouncementRow,
    ) -> Result<Option<DueAnnouncement>, ServiceError> {
        let store = &self.inner.store;
        let now = ms(self.now());
        // The analysis may take the engine a while: longer than a post.
        if !store
            .renew_announcement(a.id, a.lease_until, now + SUMMARY_LEASE_MS)
            .await?
        {
            return Ok(None);
        }
        let row = match store.game(a.game_id).await? {
            Some(row) if !row.is_active() => row,
            _ => {
                store.ack_announcement(a.id).await?;
                return Ok(None);
            }
        };
        let l = self.replay(row).await?;
        if self.start_still_played(&l).await {
            store
                .renew_announcement(a.id, now + SUMMARY_LEASE_MS, now + ANALYSIS_RETRY_MS)
                .await?;
            return Ok(None);
        }
        let analysis = match self.stored_analysis(l.row.id).await {
            Some(stored) => stored,
            None => {
                let fresh = match self.inner.engine.check() {
                    Ok(()) => self
                        .inner
                        .engine
                        .analyse_game(&l.game, analysis_budget(l.game.moves().len()))
                        .await
                        .map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                };
                match fresh {
                    Ok(fresh) => self.analysis_finished(&l, fresh).await,
                    Err(e) => {
                        let ended = l.row.ended_at.unwrap_or(l.row.updated_at);
                        if now - ended > ANALYSIS_OWED_FOR_MS {
                            tracing::warn!(game = l.row.id, error = %e, "game analysis given up");
                            store.ack_announcement(a.id).await?;
                        } else {
                            tracing::warn!(game = l.row.id, error = %e, "game analysis failed again; trying later");
                            let later = now + ANALYSIS_RETRY_MS;
                            store
                                .renew_announcement(a.id, now + SUMMARY_LEASE_MS, later)
                                .await?;
                        }
                        return Ok(None);
                    }
                }
            }
        };
        let place = l.place();
        let loc = self.post_locale(&place, l.row.id).await;
        let mut text = msg::summary_analysis_later(loc, l.row.id);
        text.push_str(&self.analysis_text(loc, &l, &analysis));
        let mut r = reply(&place, text);
        r.subject = Some(Subject::Game(l.row.id));
        r.locale = loc;
        Ok(Some(DueAnnouncement {
            id: a.id,
            replies: vec![r],
            challenge: false,
            puzzle: false,
        }))
    }
}

/// What a summary says of the engine's analysis.
pub(in crate::service) enum Verdict {
    /// The figures (stored, or stored just now).
    Ready(GameAnalysis),
    /// The engine failed: the figures follow in a post of their own.
    Follows,
    /// Other games of the same event still play from this game's start:
    /// the figures follow once none does.
    AfterRound,
    /// No analysis: no engine, or a game too short.
    Without,
}
