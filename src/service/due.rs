//! The front's round of due work: what falls due in every area (games'
//! reminders and time-outs, a team's vote closing, challenge expiries,
//! daily puzzles, digests, league starts), claimed through the outbox
//! exactly once, composed by the area it belongs to, and told to the
//! areas that follow a game's end (league and match standings, watch
//! links). The areas know nothing of this round.

use chrono::{DateTime, Utc};

use super::games::deadlines::{DueWindow, claim_in_two_steps, next_reminder};
use super::{DueAnnouncement, Place, Reply};
use crate::chess::{Color, Outcome, Termination};
use crate::store::{
    ANNOUNCE_ANALYSIS, ANNOUNCE_END, ANNOUNCE_REMINDER, ANNOUNCE_SUMMARY, AnnouncementRow, GameRow,
    StoreError,
};

use super::game::{
    ANNOUNCE_LEASE, DUE_BATCH, GameService, Loaded, ServiceError, from_ms, key, lock, ms,
};

impl GameService {
    /// The earliest pending reminder or deadline (all platforms).
    pub async fn next_due(&self) -> Option<DateTime<Utc>> {
        self.next_due_for(None).await
    }

    /// The earliest pending reminder, deadline or unposted announcement of
    /// one platform (`None`: all): when its deadline task should look again.
    pub async fn next_due_for(&self, platform: Option<&str>) -> Option<DateTime<Utc>> {
        // Summaries this process is posting itself (their follow-ups) are
        // not due work for its announcer.
        let held: Vec<i64> = lock(&self.areas.summaries.in_hand)
            .iter()
            .copied()
            .collect();
        let next = if held.is_empty() {
            self.inner.store.next_due_for(platform).await
        } else {
            self.inner
                .store
                .next_due_skipping_summaries(platform, &held)
                .await
        };
        match next {
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

    /// Claims up to [`DUE_BATCH`] reminders, time-outs and challenge
    /// expiries of `platform`
    /// (`None`: all) due now, first those another process claimed but never
    /// posted (its lease of [`ANNOUNCE_LEASE`] ran out: it died between
    /// claim and post). Post each one's replies, then
    /// [`GameService::ack_due`] it; one not acked within the lease is
    /// claimed again by the next round (of any process), so a crash loses
    /// no announcement. Small batches keep the time from claim to post far
    /// below the lease; call again until it returns nothing.
    pub async fn claim_due(&self, platform: Option<&str>) -> Vec<DueAnnouncement> {
        let mut out = self.claim_due_games(platform).await;
        // Standings after league games lost on time, and
        // the leagues whose start time has come.
        for due in &mut out {
            self.after_league_games(&mut due.replies).await;
            self.after_match_games(&mut due.replies).await;
        }
        let room = DUE_BATCH as i64 - out.len() as i64;
        if room > 0 {
            let now = ms(self.now());
            out.append(&mut self.claim_league_starts(platform, now, room).await);
        }
        // A symbol per kind of announcement.
        for due in &mut out {
            super::summaries::announce::mark_announcements(&mut due.replies);
            self.add_watch_links(&mut due.replies).await;
        }
        out
    }

    /// [`GameService::claim_due`] without the leagues.
    async fn claim_due_games(&self, platform: Option<&str>) -> Vec<DueAnnouncement> {
        let now = ms(self.now());
        let lease = now + ANNOUNCE_LEASE.as_millis() as i64;
        let batch = DUE_BATCH as i64;
        let store = &self.inner.store;
        // Unknown while we work; recomputed below.
        *lock(&self.areas.due_hint) = None;
        let mut out = claim_in_two_steps(
            "game announcements",
            batch,
            |room| async move { store.expired_announcements(platform, now, room).await },
            |a| async move {
                match self.reclaim(&a, lease).await {
                    Ok(due) => due,
                    Err(e) => {
                        tracing::error!(announcement = a.id, error = %e, "re-announcing failed");
                        None
                    }
                }
            },
            |room| async move { store.due_games_for(platform, now, room).await },
            |row| async move {
                let id = row.id;
                match self.fire_due(row, now, lease).await {
                    Ok(due) => due,
                    Err(e) => {
                        tracing::error!(game = id, error = %e, "deadline handling failed");
                        None
                    }
                }
            },
        )
        .await;
        let window = DueWindow {
            platform,
            now,
            lease,
        };
        let room = batch - out.len() as i64;
        if room > 0 {
            out.append(&mut self.claim_expiries(window, room).await);
        }
        // The daily puzzles due.
        let room = batch - out.len() as i64;
        if room > 0 {
            out.append(&mut self.claim_daily_puzzles(window, room).await);
        }
        // Players' daily digests.
        let room = batch - out.len() as i64;
        if room > 0 {
            out.append(
                &mut super::correspondence::desk::claim_digests(self, platform, now, room).await,
            );
        }
        if let Ok(next) = self.inner.store.next_due().await {
            *lock(&self.areas.due_hint) = Some(next.unwrap_or(i64::MAX));
        }
        out
    }

    /// Ends the active game of `place` if its time ran out, so a command
    /// never acts on a game that is already lost on time; returns the
    /// announcement, which goes out with the command's replies. Other
    /// channels' deadlines are left to the announcer task.
    pub(in crate::service) async fn settle_own_deadline(&self, place: &Place) -> Vec<Reply> {
        let now = ms(self.now());
        if !self.maybe_due(now) {
            return Vec::new();
        }
        let row = match self.inner.store.active_game(&key(place)).await {
            Ok(Some(row)) if row.deadline_at.is_some_and(|d| d <= now) => row,
            Ok(_) => return Vec::new(),
            Err(e) => {
                tracing::error!(error = %e, "loading the channel's game failed");
                return Vec::new();
            }
        };
        let lease = now + ANNOUNCE_LEASE.as_millis() as i64;
        let id = row.id;
        match self.fire_due(row, now, lease).await {
            Ok(Some(due)) => {
                // Posted with this command's replies.
                self.ack_due(&due).await;
                due.replies
            }
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::error!(game = id, error = %e, "deadline handling failed");
                Vec::new()
            }
        }
    }

    /// Marks a claimed announcement as posted.
    pub async fn ack_due(&self, due: &DueAnnouncement) {
        super::process::count_announced(due);
        // A digest was claimed by moving its time: nothing to acknowledge.
        if due.id == super::correspondence::desk::DIGEST_POST && !due.puzzle && !due.challenge {
            return;
        }
        let store = &self.inner.store;
        let acked = if due.puzzle {
            store.ack_puzzle_announcement(due.id).await
        } else if due.challenge {
            store.ack_challenge_announcement(due.id).await
        } else {
            store.ack_announcement(due.id).await
        };
        if let Err(e) = acked {
            // It will be posted again after its lease: a duplicate, not a loss.
            tracing::error!(announcement = due.id, error = %e, "acknowledging failed");
        }
    }

    /// Takes over an announcement whose claimer died, and composes it again
    /// from the stored game. `None` when another process took it first or
    /// it no longer applies (a reminder of a turn already played).
    pub(in crate::service) async fn reclaim(
        &self,
        a: &AnnouncementRow,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, ServiceError> {
        let store = &self.inner.store;
        if a.kind == ANNOUNCE_SUMMARY && self.holds_summary(a.game_id) {
            // Its follow-up is in this process's hands (the engine may
            // still be analysing): not ours to post, only to keep.
            let later = ms(self.now()) + crate::store::SUMMARY_LEASE_MS;
            store.renew_announcement(a.id, a.lease_until, later).await?;
            return Ok(None);
        }
        if a.kind == ANNOUNCE_ANALYSIS {
            return self.reclaim_analysis(a).await;
        }
        if !store.renew_announcement(a.id, a.lease_until, lease).await? {
            return Ok(None);
        }
        let row = store.game(a.game_id).await?;
        let replies = match row {
            Some(row) if a.kind == ANNOUNCE_END && !row.is_active() => {
                let l = self.replay(row).await?;
                let loc = self.post_locale(&l.place(), l.row.id).await;
                // The summary stays this reply's follow-up: this process
                // now holds its outbox entry (see `summaries_in_hand`).
                match l.game.outcome() {
                    Some(outcome) => self.timeout_replies(loc, &l, outcome),
                    None => Vec::new(),
                }
            }
            Some(row) if a.kind == ANNOUNCE_SUMMARY && !row.is_active() => {
                let l = self.replay(row).await?;
                self.reclaimed_summary(&l).await
            }
            Some(row) if a.kind == ANNOUNCE_REMINDER && row.is_active() && row.ply == a.ply => {
                let l = self.replay(row).await?;
                let loc = self.post_locale(&l.place(), l.row.id).await;
                let replies = self.reminder_replies(loc, &l).await;
                self.route_reminder(loc, &l, replies).await
            }
            _ => Vec::new(),
        };
        if replies.is_empty() {
            store.ack_announcement(a.id).await?;
            return Ok(None);
        }
        let mut replies = replies;
        self.orient_boards(&mut replies, false).await;
        Ok(Some(DueAnnouncement {
            id: a.id,
            replies,
            challenge: false,
            puzzle: false,
        }))
    }

    pub(in crate::service) async fn fire_due(
        &self,
        row: GameRow,
        now: i64,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, ServiceError> {
        let l = self.replay(row).await?;
        let loc = self.post_locale(&l.place(), l.row.id).await;
        let to_move = l.game.position().turn();
        if l.row.deadline_at.is_some_and(|d| d <= now)
            && super::games::engine_deadline::engine_owes_move(&l)
        {
            return self.engine_deadline(loc, l, now, lease).await;
        }
        // A team's turn ends with its vote: the most-voted move is played.
        if let Some(due) = self.team_deadline(&l, now, lease).await? {
            return Ok(due);
        }
        if l.row.deadline_at.is_some_and(|d| d <= now) {
            let mut game = l.game.clone();
            // A league game is lost on time even before the first move.
            let outcome = if game.both_have_moved()
                || super::games::event_rules::is_event_game(&self.inner.store, l.row.id).await
            {
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
                    super::records::rating_update(&l.row).as_ref(),
                )
                .await
            {
                Ok(id) => id,
                Err(StoreError::Stale) => return Ok(None),
                Err(e) => return Err(e.into()),
            };
            game.end(outcome);
            self.remember(l.row.id, &game);
            // The ratings the finishing transaction recorded, if rated.
            let row = match l.row.rated {
                1 => super::records::reread(&self.inner.store, l.row).await,
                _ => l.row,
            };
            let l = Loaded { row, game };
            let replies = self.timeout_replies(loc, &l, outcome);
            return Ok(Some(self.game_due(id, &l.row, to_move, replies).await));
        }
        if l.row.remind_at.is_some_and(|r| r <= now)
            && let Some(id) = self
                .inner
                .store
                .claim_reminder_then(l.row.id, l.row.ply, now, lease, next_reminder(&l.row, now))
                .await?
        {
            let replies = self.reminder_replies(loc, &l).await;
            let replies = self.route_reminder(loc, &l, replies).await;
            return Ok(Some(self.game_due(id, &l.row, to_move, replies).await));
        }
        Ok(None)
    }

    /// Announcement `id` of game `row` (its time-out or a reminder, with
    /// `to_move` to play): each board turned for where it is posted, and
    /// a team's game or one played in two places spread as such games are.
    async fn game_due(
        &self,
        id: i64,
        row: &GameRow,
        to_move: Color,
        mut replies: Vec<Reply>,
    ) -> DueAnnouncement {
        self.orient_boards(&mut replies, false).await;
        if super::teams::is_team_game(row) || self.in_two_places(row.id).await {
            replies = self.spread_team_due(row.id, to_move, replies).await;
        }
        DueAnnouncement {
            id,
            replies,
            challenge: false,
            puzzle: false,
        }
    }
}
