//! A game's end as an event: the game core announces it once, and the
//! areas that build on games (records, summaries, the guards) hear it
//! through the listeners the front subscribed when the service was made,
//! in that order. The game core knows none of them.

use super::game::{GameService, Loaded};
use super::{Place, Reply};
use crate::chess::Outcome;
use crate::i18n::Locale;

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

/// The listeners of game ends, in the order they hear them.
#[derive(Default)]
pub(in crate::service) struct EndBus {
    listeners: Vec<Box<dyn EndListener>>,
}

impl EndBus {
    /// A bus with `listeners`, heard in this order.
    pub(in crate::service) fn new(listeners: Vec<Box<dyn EndListener>>) -> EndBus {
        EndBus { listeners }
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
