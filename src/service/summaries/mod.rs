//! What follows a game's end: the summary post (summary), its outbox,
//! exactly once (outbox), the analysis still owed (analyses), and the
//! symbol of each kind of announcement (announce).
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;

pub(super) mod analyses;
pub(super) mod announce;
pub(super) mod outbox;
pub(super) mod summary;

#[allow(unused_imports)]
use super::*;
pub(in crate::service) use summary::*;

/// Summaries hear of a game's end: the summary follows the end
/// announcement (not an aborted game's), and this process holds it until
/// an adapter posted it.
pub(in crate::service) struct SummaryOnEnd;

impl super::games::ended::EndListener for SummaryOnEnd {
    fn game_ended(
        &self,
        service: &GameService,
        ended: &super::games::ended::GameEnded<'_>,
        end: &mut Reply,
    ) {
        end.follow_up = summary_follow_up(ended.loc, ended.place, ended.game);
        if end.follow_up.is_some() {
            service.summary_in_hand(ended.game.row.id);
        }
    }
}

/// What the summaries area keeps in memory, and only it touches.
#[derive(Default)]
pub(in crate::service) struct SummaryState {
    /// Games whose summary this process handed to an adapter as a
    /// [`FollowUp`](super::FollowUp) and that is not acknowledged yet: the
    /// announcer of this process leaves their outbox entries alone (it
    /// extends their lease), so only another process, after this one died,
    /// posts them.
    pub(in crate::service) in_hand: std::sync::Mutex<std::collections::HashSet<i64>>,
    /// Finished games whose analysis this process owes (their summary is
    /// in an adapter's hands): `puzzle` waits for them (`analyses.rs`).
    pub(in crate::service) analyses_pending: std::sync::Mutex<std::collections::HashSet<i64>>,
    /// Woken whenever one of `analyses_pending` is done.
    pub(in crate::service) analysis_settled: tokio::sync::Notify,
}
