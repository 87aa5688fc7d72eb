//! A finished game's summary, exactly once and never in the way of the
//! game's end.
//!
//! The transaction that ends a game records a summary entry in the game
//! outbox (`store::ANNOUNCE_SUMMARY`). The end itself (board, result,
//! rating change) is answered at once; the summary, which waits for the
//! engine's analysis, is the end reply's [`FollowUp`]: an adapter runs
//! [`GameService::follow_up`] when it can (in the background), posts what
//! it gives and then calls [`GameService::ack_follow_up`]. A process that
//! dies in between leaves the entry; when its lease runs out the announcer
//! ([`GameService::claim_due`]) composes the summary again and posts it,
//! so a summary is never lost and never posted twice.
//!
//! The analysis is computed once per game and stored
//! ([`GameService::analysis_finished`], the one place a finished game's
//! analysis is stored): every later summary shows the figures first posted,
//! including how much of the game they cover.

use serde::{Deserialize, Serialize};

use super::game::{GameService, Loaded, lock, ms};
use super::summaries::has_summary;
use super::summary::analysis_event;
use super::{FollowUp, Reply, SideAnalysisEvent, WorstMoveEvent};
use crate::engine::{Coverage, GameAnalysis, SideAnalysis, WorstMove};
use crate::store::AnnouncementRow;

impl GameService {
    /// Whether finished games are analysed by an engine, so their summary
    /// takes the engine's time (adapters then run follow-ups in the
    /// background rather than in line with the next command).
    #[must_use]
    pub fn analyses_games(&self) -> bool {
        self.inner.engine.check().is_ok()
    }

    /// Whether the summary behind `work` is still to be posted (its outbox
    /// entry is there): false once it was posted and acknowledged, by this
    /// process or by the announcer after a crash.
    pub(in crate::service) async fn summary_pending(&self, work: &FollowUp) -> bool {
        match self.inner.store.summary_entry(work.game).await {
            Ok(entry) => entry.is_some(),
            Err(e) => {
                // Better posted twice than lost.
                tracing::error!(game = work.game, error = %e, "loading the summary entry failed");
                true
            }
        }
    }

    /// Marks the summary behind `work` as posted (call it after posting
    /// what [`GameService::follow_up`] gave): its outbox entry is removed,
    /// so no announcer posts it again.
    pub async fn ack_follow_up(&self, work: &FollowUp) {
        lock(&self.areas.summaries.in_hand).remove(&work.game);
        self.analysis_settled(work.game);
        match self.inner.store.summary_entry(work.game).await {
            Ok(Some(entry)) => self.ack_summary_entry(&entry).await,
            Ok(None) => {}
            Err(e) => {
                tracing::error!(game = work.game, error = %e, "acknowledging the summary failed");
            }
        }
    }

    /// Notes that this process handed game `game`'s summary to an adapter
    /// (a [`FollowUp`]): until [`GameService::ack_follow_up`], the
    /// announcer of this process leaves its outbox entry alone.
    pub(in crate::service) fn summary_in_hand(&self, game: i64) {
        lock(&self.areas.summaries.in_hand).insert(game);
        self.analysis_owed(game);
    }

    /// Whether this process holds game `game`'s summary (see
    /// [`GameService::summary_in_hand`]).
    pub(in crate::service) fn holds_summary(&self, game: i64) -> bool {
        lock(&self.areas.summaries.in_hand).contains(&game)
    }

    async fn ack_summary_entry(&self, entry: &AnnouncementRow) {
        if let Err(e) = self.inner.store.ack_announcement(entry.id).await {
            // Posted again after its lease: a duplicate, not a loss.
            tracing::error!(announcement = entry.id, error = %e, "acknowledging failed");
        }
    }

    /// The summary of a finished game whose poster died (a reclaimed
    /// outbox entry), in the language of the game's channel.
    pub(in crate::service) async fn reclaimed_summary(&self, l: &Loaded) -> Vec<Reply> {
        if !has_summary(l) {
            return Vec::new();
        }
        let place = l.place();
        let loc = self.post_locale(&place, l.row.id).await;
        let mut r = self.summary_reply(loc, &place, l).await;
        r.locale = loc;
        vec![r]
    }

    /// The stored analysis of a finished game, if it was analysed.
    pub(in crate::service) async fn stored_analysis(&self, game: i64) -> Option<GameAnalysis> {
        match self.inner.store.game_analysis(game).await {
            Ok(Some(json)) => match serde_json::from_str::<StoredAnalysis>(&json) {
                Ok(s) => Some(s.into()),
                Err(e) => {
                    tracing::error!(game, error = %e, "stored analysis unreadable");
                    None
                }
            },
            Ok(None) => None,
            Err(e) => {
                tracing::error!(game, error = %e, "loading the stored analysis failed");
                None
            }
        }
    }

    /// **The analysis of a finished game is done**: the one place it is
    /// stored (once per game; the first stored wins, and the figures
    /// returned are the stored ones). Work that wants every analysed game
    /// (such as puzzles made from it) hooks in here.
    pub(in crate::service) async fn analysis_finished(
        &self,
        l: &Loaded,
        analysis: GameAnalysis,
    ) -> GameAnalysis {
        // Puzzles made from the analysis in the background, once per game.
        self.puzzles_after_analysis(l, &analysis);
        let json = match serde_json::to_string(&StoredAnalysis::from(&analysis)) {
            Ok(j) => j,
            Err(e) => {
                tracing::error!(game = l.row.id, error = %e, "analysis not serialisable");
                return analysis;
            }
        };
        let now = ms(self.now());
        match self
            .inner
            .store
            .store_game_analysis(l.row.id, &json, now)
            .await
        {
            Ok(stored) if stored == json => analysis,
            Ok(stored) => serde_json::from_str::<StoredAnalysis>(&stored)
                .map(GameAnalysis::from)
                .unwrap_or(analysis),
            Err(e) => {
                tracing::error!(game = l.row.id, error = %e, "storing the analysis failed");
                analysis
            }
        }
    }
}

/// [`GameAnalysis`] as stored (JSON in `game_analysis.analysis`): the
/// figures as the `summary` event has them, and the coverage.
#[derive(Debug, Serialize, Deserialize)]
struct StoredAnalysis {
    white: SideAnalysisEvent,
    black: SideAnalysisEvent,
    worst: Option<WorstMoveEvent>,
    /// The moves judged when not all were (absent: all).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    plies: Option<usize>,
    /// The first ply judged from a shallower search (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    shallow_from: Option<usize>,
}

impl From<&GameAnalysis> for StoredAnalysis {
    fn from(a: &GameAnalysis) -> StoredAnalysis {
        let figures = analysis_event(a);
        StoredAnalysis {
            white: figures.white,
            black: figures.black,
            worst: figures.worst,
            plies: a.coverage.plies,
            shallow_from: a.coverage.shallow_from,
        }
    }
}

impl From<StoredAnalysis> for GameAnalysis {
    fn from(s: StoredAnalysis) -> GameAnalysis {
        let side = |s: SideAnalysisEvent| SideAnalysis {
            inaccuracies: s.inaccuracies,
            mistakes: s.mistakes,
            blunders: s.blunders,
            acpl: s.acpl,
            accuracy: s.accuracy,
        };
        GameAnalysis {
            white: side(s.white),
            black: side(s.black),
            worst: s.worst.map(|w| WorstMove {
                ply: w.ply,
                san: w.san,
                best_san: w.best,
            }),
            // Only a fresh analysis feeds the puzzles.
            evaluations: Vec::new(),
            coverage: Coverage {
                plies: s.plies,
                shallow_from: s.shallow_from,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_analysis_round_trips() {
        let a = GameAnalysis::sample(SideAnalysis {
            inaccuracies: 1,
            mistakes: 2,
            blunders: 3,
            acpl: 45,
            accuracy: 88.3,
        });
        let json = serde_json::to_string(&StoredAnalysis::from(&a)).expect("json");
        // A complete analysis is stored as before coverage was recorded.
        assert!(!json.contains("plies"), "{json}");
        let back: StoredAnalysis = serde_json::from_str(&json).expect("parse");
        assert_eq!(GameAnalysis::from(back), a);
        let cut = GameAnalysis {
            coverage: Coverage {
                plies: Some(30),
                shallow_from: Some(21),
            },
            ..a
        };
        let json = serde_json::to_string(&StoredAnalysis::from(&cut)).expect("json");
        let back: StoredAnalysis = serde_json::from_str(&json).expect("parse");
        assert_eq!(GameAnalysis::from(back), cut);
    }
}
