//! An unreachable database: once a command finds it down, commands are
//! answered `unavailable` at once for a while instead of each waiting out
//! the pool's acquire timeout on every query; then one quick probe decides.

use std::time::{Duration, Instant};

use super::game::{GameService, error_reply, lock};
use super::{LocalePrefs, Place, Reply, messages as msg};
use crate::i18n::Locale;

/// How long after an unreachable database commands are refused before
/// one probe looks again.
const RETRY: Duration = Duration::from_secs(5);
/// How long that probe may take.
const PROBE: Duration = Duration::from_secs(2);

/// The answer while the database cannot be reached.
pub(super) fn unavailable_reply(place: &Place, loc: Locale) -> Reply {
    let mut r = error_reply(place, "unavailable", msg::unavailable(loc));
    r.locale = loc;
    r
}

impl GameService {
    /// While the database is known to be unreachable, the answer to any
    /// command: `unavailable`, at once, in the caller's own language (the
    /// channel's setting is in the database). Once [`RETRY`] has passed,
    /// one probe of at most [`PROBE`] decides whether the command runs.
    pub(super) async fn refuse_during_outage(
        &self,
        place: &Place,
        prefs: LocalePrefs,
    ) -> Option<Reply> {
        let until = (*lock(&self.inner.outage))?;
        if Instant::now() >= until {
            let probe = tokio::time::timeout(PROBE, self.inner.store.ping()).await;
            if matches!(probe, Ok(Ok(()))) {
                tracing::info!("the database answers again");
                *lock(&self.inner.outage) = None;
                return None;
            }
            self.note_outage();
        }
        Some(unavailable_reply(place, prefs.user_or_guild()))
    }

    /// The database was found unreachable: refuse commands for a while.
    pub(super) fn note_outage(&self) {
        *lock(&self.inner.outage) = Some(Instant::now() + RETRY);
    }

    pub(super) fn in_outage(&self) -> bool {
        lock(&self.inner.outage).is_some()
    }
}
