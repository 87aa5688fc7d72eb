//! A game in which the engine owes a move has a deadline too:
//! [`super::computer::ENGINE_MOVE_DEADLINE_MS`] after its turn began. Until then the move
//! is retried with every command in the game's channel; when the deadline
//! falls due with the move still owed, the game is adjourned for good:
//! aborted, not rated, announced with the reason.

use super::computer::{ENGINE_MOVE_DEADLINE_MS, engine_side};
use super::game::{GameService, Loaded, ServiceError};
use super::{DueAnnouncement, messages as msg};
use crate::chess::{Outcome, Termination};
use crate::i18n::Locale;
use crate::store::StoreError;

/// Whether the engine is to move in `l`.
pub(in crate::service) fn engine_owes_move(l: &Loaded) -> bool {
    engine_side(&l.row).is_some_and(|(c, _)| c == l.game.position().turn())
}

impl GameService {
    /// The deadline of a move the engine owes fell due: the game is
    /// aborted with the reason.
    pub(in crate::service) async fn engine_deadline(
        &self,
        loc: Locale,
        l: Loaded,
        now: i64,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, ServiceError> {
        // No retry here: a move after the deadline is refused by the
        // store (the retries were the commands before it).
        let place = l.place();
        let (id, ply, game) = (l.row.id, l.row.ply, l.game.clone());
        let row = l.row;
        let outcome = Outcome::new(None, Termination::Aborted);
        let entry = match self
            .inner
            .store
            .finish_game_announced(
                id,
                ply,
                outcome.result(),
                outcome.termination.as_str(),
                now,
                lease,
                None,
            )
            .await
        {
            Ok(entry) => entry,
            Err(StoreError::Stale) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        tracing::warn!(
            game = id,
            "the engine could not move before its deadline: aborted"
        );
        let mut game = game;
        game.end(outcome);
        self.remember(id, &game);
        let l = Loaded { row, game };
        let minutes = ENGINE_MOVE_DEADLINE_MS / 60_000;
        let text = msg::engine_gave_up(loc, id, minutes);
        let mut replies = self.end_replies(loc, &place, &l, outcome, None, Some(text));
        for r in &mut replies {
            r.locale = loc;
            r.mentions.retain(|a| !super::is_engine_id(&a.id));
        }
        Ok(Some(DueAnnouncement {
            id: entry,
            replies,
            challenge: false,
            puzzle: false,
        }))
    }
}
