//! The rules a game of an event (a league, a Swiss, a team match) keeps
//! from its first move: it has a result from then on (a time-out before
//! the first move is lost, resigning is no abort), and its players never
//! abort it. Facts about the game, read from the store's event groups.

use super::game::{Failure, GameService, user};
use super::messages as msg;
use crate::i18n::Locale;
use crate::store::GameGroup;

impl GameService {
    /// Whether game `id` belongs to a league (league games cannot be
    /// aborted, and lose on time even before the first move).
    /// A team match's games follow the league rules here.
    pub(in crate::service) async fn is_league_game(&self, id: i64) -> bool {
        matches!(
            self.inner.store.group_of_game(GameGroup::League, id).await,
            Ok(Some(_))
        ) || matches!(
            self.inner
                .store
                .group_of_game(GameGroup::TeamMatch, id)
                .await,
            Ok(Some(_))
        )
    }

    /// Refuses `abort` in a league game.
    pub(in crate::service) async fn refuse_league_abort(
        &self,
        loc: Locale,
        game: i64,
    ) -> Result<(), Failure> {
        if matches!(
            self.inner
                .store
                .group_of_game(GameGroup::TeamMatch, game)
                .await,
            Ok(Some(_))
        ) {
            return Err(user("not_allowed", msg::match_no_abort(loc)));
        }
        if self.is_league_game(game).await {
            return Err(user("not_allowed", msg::league_no_abort(loc)));
        }
        Ok(())
    }
}
