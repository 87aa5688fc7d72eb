//! The rules a game of an event (a league, a Swiss, a team match) keeps
//! from its first move: it has a result from then on (a time-out before
//! the first move is lost, resigning is no abort), and its players never
//! abort it. Facts about the game, read from the store's event groups.

use super::game::{Failure, user};
use super::messages as msg;
use crate::i18n::Locale;
use crate::store::{GameGroup, Store};

/// Whether game `id` belongs to a league or a Swiss (such games cannot be
/// aborted, and lose on time even before the first move). A team match's
/// games follow the same rules.
pub(in crate::service) async fn is_event_game(store: &Store, id: i64) -> bool {
    in_group(store, GameGroup::League, id).await || in_group(store, GameGroup::TeamMatch, id).await
}

/// Refuses `abort` in an event's game, saying which kind of event.
pub(in crate::service) async fn refuse_event_abort(
    store: &Store,
    loc: Locale,
    game: i64,
) -> Result<(), Failure> {
    if in_group(store, GameGroup::TeamMatch, game).await {
        return Err(user("not_allowed", msg::match_no_abort(loc)));
    }
    if in_group(store, GameGroup::League, game).await {
        return Err(user("not_allowed", msg::league_no_abort(loc)));
    }
    Ok(())
}

/// Whether game `id` is in a group of `kind` (a failed read counts as no).
async fn in_group(store: &Store, kind: GameGroup, id: i64) -> bool {
    matches!(store.group_of_game(kind, id).await, Ok(Some(_)))
}
