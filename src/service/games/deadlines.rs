//! Deadlines of games: what a reminder and a time-out say, the hint of the
//! next due work, and the two-step claim every area's due posts share
//! (the round that claims them is the front's, `due.rs`).

use super::{DueAnnouncement, Event, Reply, messages as msg};
use crate::chess::{Outcome, Termination};
use crate::i18n::Locale;
use crate::store::{GameRow, StoreError};

use super::game::{GameService, Loaded, from_ms, lock, reply};

impl GameService {
    /// The end of a game on time: a time-out, or an abort when a player
    /// never made a first move. The player to move is the one out of time.
    pub(in crate::service) fn timeout_replies(
        &self,
        loc: Locale,
        l: &Loaded,
        outcome: Outcome,
    ) -> Vec<Reply> {
        let to_move = l.game.position().turn();
        let text = if outcome.termination == Termination::Aborted {
            Some(msg::aborted_no_first_move(loc, l.name(to_move)))
        } else {
            None
        };
        let mut replies = self.end_replies(loc, &l.place(), l, outcome, Some(to_move), text);
        for r in &mut replies {
            r.locale = loc;
            r.mentions.retain(|a| !super::is_engine_id(&a.id));
        }
        replies
    }

    /// The reminder of the player to move.
    pub(in crate::service) async fn reminder_replies(&self, loc: Locale, l: &Loaded) -> Vec<Reply> {
        let to_move = l.game.position().turn();
        let deadline = from_ms(l.row.deadline_at.unwrap_or(l.row.updated_at));
        let player = l.player(to_move);
        let mut r = reply(
            &l.place(),
            msg::reminder(
                loc,
                &player.name,
                &self.game_ref(loc, l.row.id).await,
                &msg::deadline(deadline),
            ),
        );
        r.event = Some(Event::Reminder {
            player: player.name.clone(),
            deadline: msg::deadline_rfc3339(deadline),
        });
        r.mentions = vec![player];
        r.board = Some(self.image(loc, l, false));
        r.locale = loc;
        vec![r]
    }

    /// Notes a newly stored reminder or deadline.
    pub(in crate::service) fn note_due(&self, at: i64) {
        let mut hint = lock(&self.areas.due_hint);
        if let Some(h) = *hint {
            *hint = Some(h.min(at));
        }
        // A hint being computed meanwhile is stale.
        DUE_NOTES.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether a command should look for due deadlines first.
    pub(in crate::service) fn maybe_due(&self, now: i64) -> bool {
        lock(&self.areas.due_hint).is_none_or(|h| h <= now)
    }

    /// Fills an unknown due hint from the
    /// database (once, not on every command, in a process whose announcer
    /// has not run yet, such as the console between `:advance`s), unless a
    /// deadline was noted while it was being read.
    pub(in crate::service) async fn learn_due_hint(&self) {
        if lock(&self.areas.due_hint).is_some() {
            return;
        }
        let notes = DUE_NOTES.load(std::sync::atomic::Ordering::SeqCst);
        let Ok(next) = self.inner.store.next_due().await else {
            return;
        };
        let mut hint = lock(&self.areas.due_hint);
        if hint.is_none() && DUE_NOTES.load(std::sync::atomic::Ordering::SeqCst) == notes {
            *hint = Some(next.unwrap_or(i64::MAX));
        }
    }
}

/// Deadlines noted so far (by any service in this process): a due hint read
/// from the database while this changed may miss the new one.
static DUE_NOTES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// The reminder after the one due now: a bank game's with an hour left.
pub(in crate::service) fn next_reminder(row: &GameRow, now: i64) -> Option<i64> {
    row.bank_cap_ms?;
    super::banks::next_bank_reminder(row.deadline_at?, now)
}

/// What a round of [`GameService::claim_due`] claims: the posts of
/// `platform` (`None`: all) due at `now`, each claimed until `lease`.
#[derive(Clone, Copy)]
pub(in crate::service) struct DueWindow<'a> {
    pub platform: Option<&'a str>,
    pub now: i64,
    pub lease: i64,
}

/// One kind of due posts, claimed in two steps, up to `room` in all: first
/// the posts another process claimed but never posted (it died between
/// claim and post, and its lease ran out), then the new ones due now. Each
/// step loads its rows with the room left; each row is claimed (or
/// reclaimed) on its own, so one failure skips only that post, which the
/// next round claims again.
///
/// Plain closures returning futures rather than async closures: the
/// futures of async closures borrow the closure under a higher-ranked
/// lifetime, and the adapters' spawned tasks could then not prove them
/// `Send`.
pub(in crate::service) async fn claim_in_two_steps<
    Unposted,
    Due,
    LoadUnposted,
    Reclaim,
    LoadDue,
    Claim,
>(
    kind: &'static str,
    room: i64,
    unposted: impl FnOnce(i64) -> LoadUnposted,
    reclaim: impl Fn(Unposted) -> Reclaim,
    due: impl FnOnce(i64) -> LoadDue,
    claim: impl Fn(Due) -> Claim,
) -> Vec<DueAnnouncement>
where
    LoadUnposted: Future<Output = Result<Vec<Unposted>, StoreError>>,
    Reclaim: Future<Output = Option<DueAnnouncement>>,
    LoadDue: Future<Output = Result<Vec<Due>, StoreError>>,
    Claim: Future<Output = Option<DueAnnouncement>>,
{
    let mut out = Vec::new();
    match unposted(room).await {
        Ok(rows) => {
            for row in rows {
                out.extend(reclaim(row).await);
            }
        }
        Err(e) => tracing::error!(kind, error = %e, "loading unposted announcements failed"),
    }
    let room = room - out.len() as i64;
    if room <= 0 {
        return out;
    }
    match due(room).await {
        Ok(rows) => {
            for row in rows {
                out.extend(claim(row).await);
            }
        }
        Err(e) => tracing::error!(kind, error = %e, "loading due announcements failed"),
    }
    out
}
