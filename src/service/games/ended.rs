//! A game's end as an event: the game core announces it once, and the
//! areas that build on games (records, summaries, the guards) hear it
//! through the listeners the front subscribed when the service was made,
//! in that order; what must be written with the result (the ratings) is
//! asked of them inside the finishing transaction. The game core knows
//! none of them.

use super::game::{GameService, Loaded};
use super::{Place, Reply};
use crate::chess::Outcome;
use crate::i18n::Locale;
use crate::store::{GameRow, RatingUpdate};

/// What happened: a game ended with `outcome`, announced in `place` in
/// the language `loc`.
pub(in crate::service) struct GameEnded<'a> {
    pub loc: Locale,
    pub place: &'a Place,
    pub game: &'a Loaded,
    pub outcome: Outcome,
}

/// An area that hears of every game's end: it adds what it has to say to
/// the end announcement `end` (a line, a field of its `end` event, the
/// summary that follows) and keeps what it must remember.
pub(in crate::service) trait EndListener: Send + Sync {
    fn game_ended(&self, service: &GameService, ended: &GameEnded<'_>, end: &mut Reply);
}

/// What an area writes in the transaction that finishes a game, so that
/// the result and what follows from it never part.
pub(in crate::service) trait FinishingWork: Send + Sync {
    /// The ratings to update when `row` finishes, if it is rated.
    fn rating_update(&self, row: &GameRow) -> Option<RatingUpdate>;
}

/// The listeners of game ends, in the order they hear them, and the work
/// done inside a game's finishing transaction.
#[derive(Default)]
pub(in crate::service) struct EndBus {
    listeners: Vec<Box<dyn EndListener>>,
    finishing: Option<Box<dyn FinishingWork>>,
}

impl EndBus {
    /// A bus with `listeners`, heard in this order, and `finishing`, the
    /// work of the finishing transaction.
    pub(in crate::service) fn new(
        listeners: Vec<Box<dyn EndListener>>,
        finishing: Box<dyn FinishingWork>,
    ) -> EndBus {
        EndBus {
            listeners,
            finishing: Some(finishing),
        }
    }

    /// The ratings to update in the transaction finishing `row`.
    pub(in crate::service) fn rating_update(&self, row: &GameRow) -> Option<RatingUpdate> {
        self.finishing.as_ref()?.rating_update(row)
    }

    /// Tells every listener of `ended`, in order.
    pub(in crate::service) fn publish(
        &self,
        service: &GameService,
        ended: &GameEnded<'_>,
        end: &mut Reply,
    ) {
        for listener in &self.listeners {
            listener.game_ended(service, ended, end);
        }
    }
}
