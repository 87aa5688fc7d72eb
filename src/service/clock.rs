//! Clocks: the real one, and a settable one for the console and tests.

use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

use super::Clock;

/// The system clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that moves only when told to (console `:advance`, tests).
#[derive(Debug)]
pub struct ManualClock {
    now: Mutex<DateTime<Utc>>,
}

impl ManualClock {
    /// A clock standing at `start`.
    #[must_use]
    pub fn new(start: DateTime<Utc>) -> ManualClock {
        ManualClock {
            now: Mutex::new(start),
        }
    }

    /// A clock standing at the current real time.
    #[must_use]
    pub fn starting_now() -> ManualClock {
        ManualClock::new(Utc::now())
    }

    /// Moves the clock forward (or back, with a negative duration); a move
    /// past the last representable instant saturates there.
    pub fn advance(&self, by: Duration) {
        let mut now = self
            .now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *now = now
            .checked_add_signed(by)
            .unwrap_or(DateTime::<Utc>::MAX_UTC);
    }

    /// Moves the clock forward by `by` unless that would take it past
    /// `limit`; returns whether it moved.
    pub fn advance_within(&self, by: Duration, limit: DateTime<Utc>) -> bool {
        let mut now = self
            .now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match now.checked_add_signed(by) {
            Some(t) if t <= limit => {
                *now = t;
                true
            }
            _ => false,
        }
    }

    /// Sets the clock.
    pub fn set(&self, to: DateTime<Utc>) {
        let mut now = self
            .now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *now = to;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self
            .now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
