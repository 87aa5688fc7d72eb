//! The game service as the Discord adapter uses it: a small object-safe
//! trait (so handlers and the announcer share one `Arc`) and the glue to
//! the real `service::GameService`.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::service::{
    Actor, Clock, Command, DueAnnouncement, FollowUp, GameService, LocalePrefs, Place, Reply,
    Subject, SystemClock,
};
use crate::store::Store;

/// The platform name of Discord places in the service and the store.
pub const PLATFORM: &str = "discord";

/// A boxed, sendable future.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Failure to open the game service.
pub type OpenError = Box<dyn std::error::Error + Send + Sync>;

/// What the adapter needs from the game service.
pub trait Backend: Send + Sync {
    /// Runs one command; the replies to post.
    fn handle<'a>(
        &'a self,
        place: &'a Place,
        actor: &'a Actor,
        command: Command,
    ) -> BoxFuture<'a, Vec<Reply>>;
    /// Runs one command with the user's and the guild's languages (the
    /// replies' language); without an override, the channel's language.
    fn handle_with<'a>(
        &'a self,
        place: &'a Place,
        actor: &'a Actor,
        command: Command,
        prefs: LocalePrefs,
    ) -> BoxFuture<'a, Vec<Reply>> {
        let _ = prefs;
        self.handle(place, actor, command)
    }
    /// The language of the replies to a command in `place` (user, else
    /// channel setting, else guild, else English).
    fn locale_for<'a>(
        &'a self,
        place: &'a Place,
        prefs: LocalePrefs,
    ) -> BoxFuture<'a, crate::i18n::Locale> {
        let _ = place;
        Box::pin(async move { prefs.user_or_guild() })
    }
    /// `None` if `actor` may resign the game `subject` names (else the
    /// channel's game), else the private refusal (see
    /// `GameService::resign_refusal`).
    fn resign_refusal<'a>(
        &'a self,
        place: &'a Place,
        actor: &'a Actor,
        subject: Option<Subject>,
        prefs: LocalePrefs,
    ) -> BoxFuture<'a, Option<Reply>>;
    /// The caller's legal moves in SAN (empty when it is not their turn).
    fn legal_moves<'a>(&'a self, place: &'a Place, actor: &'a Actor) -> BoxFuture<'a, Vec<String>>;
    /// Claims the Discord reminders and time-outs due now (and those a
    /// dead process claimed but never posted); post each, then `ack_due`.
    fn claim_due(&self) -> BoxFuture<'_, Vec<DueAnnouncement>>;
    /// Marks a claimed announcement as posted.
    fn ack_due<'a>(&'a self, due: &'a DueAnnouncement) -> BoxFuture<'a, ()>;
    /// When the next Discord reminder or time-out falls due.
    fn next_due(&self) -> BoxFuture<'_, Option<DateTime<Utc>>>;
    /// The service's current time (deadlines are on this clock).
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
    /// Moves the active game of `from` to `to` (a thread); `Ok(false)` when
    /// `from` had no active game.
    fn rebind_channel<'a>(
        &'a self,
        from: &'a Place,
        to: &'a Place,
    ) -> BoxFuture<'a, Result<bool, OpenError>>;
    /// The replies that follow a posted reply (a game's summary; see
    /// `GameService::follow_up`).
    fn follow_up<'a>(&'a self, work: &'a FollowUp) -> BoxFuture<'a, Vec<Reply>> {
        let _ = work;
        Box::pin(async { Vec::new() })
    }
    /// The DM channel remembered for a Discord user, if any.
    fn dm_channel<'a>(&'a self, user: &'a str) -> BoxFuture<'a, Option<String>>;
    /// Remembers a Discord user's DM channel (failures are logged).
    fn remember_dm_channel<'a>(&'a self, user: &'a str, channel: &'a str) -> BoxFuture<'a, ()>;
    /// Whether a game is running in `place` (a game thread to keep open).
    fn has_active_game<'a>(&'a self, place: &'a Place) -> BoxFuture<'a, bool>;
}

/// The real game service and its clock.
struct Service(GameService, Arc<dyn Clock>);

impl Backend for Service {
    fn handle<'a>(
        &'a self,
        place: &'a Place,
        actor: &'a Actor,
        command: Command,
    ) -> BoxFuture<'a, Vec<Reply>> {
        Box::pin(self.0.handle(place, actor, command))
    }

    fn handle_with<'a>(
        &'a self,
        place: &'a Place,
        actor: &'a Actor,
        command: Command,
        prefs: LocalePrefs,
    ) -> BoxFuture<'a, Vec<Reply>> {
        Box::pin(self.0.handle_with(place, actor, command, prefs))
    }

    fn legal_moves<'a>(&'a self, place: &'a Place, actor: &'a Actor) -> BoxFuture<'a, Vec<String>> {
        Box::pin(self.0.legal_moves(place, actor))
    }

    fn resign_refusal<'a>(
        &'a self,
        place: &'a Place,
        actor: &'a Actor,
        subject: Option<Subject>,
        prefs: LocalePrefs,
    ) -> BoxFuture<'a, Option<Reply>> {
        Box::pin(self.0.resign_refusal(place, actor, subject, prefs))
    }

    fn locale_for<'a>(
        &'a self,
        place: &'a Place,
        prefs: LocalePrefs,
    ) -> BoxFuture<'a, crate::i18n::Locale> {
        Box::pin(self.0.locale_for(place, prefs))
    }

    fn claim_due(&self) -> BoxFuture<'_, Vec<DueAnnouncement>> {
        Box::pin(self.0.claim_due(Some(PLATFORM)))
    }

    fn ack_due<'a>(&'a self, due: &'a DueAnnouncement) -> BoxFuture<'a, ()> {
        Box::pin(self.0.ack_due(due))
    }

    fn next_due(&self) -> BoxFuture<'_, Option<DateTime<Utc>>> {
        Box::pin(self.0.next_due_for(Some(PLATFORM)))
    }

    fn now(&self) -> DateTime<Utc> {
        self.1.now()
    }

    fn rebind_channel<'a>(
        &'a self,
        from: &'a Place,
        to: &'a Place,
    ) -> BoxFuture<'a, Result<bool, OpenError>> {
        Box::pin(async move { Ok(self.0.rebind_channel(from, to).await?) })
    }

    fn follow_up<'a>(&'a self, work: &'a FollowUp) -> BoxFuture<'a, Vec<Reply>> {
        Box::pin(self.0.follow_up(work))
    }

    fn dm_channel<'a>(&'a self, user: &'a str) -> BoxFuture<'a, Option<String>> {
        Box::pin(self.0.direct_channel(PLATFORM, user))
    }

    fn remember_dm_channel<'a>(&'a self, user: &'a str, channel: &'a str) -> BoxFuture<'a, ()> {
        Box::pin(self.0.remember_direct_channel(PLATFORM, user, channel))
    }

    fn has_active_game<'a>(&'a self, place: &'a Place) -> BoxFuture<'a, bool> {
        Box::pin(self.0.has_active_game(place))
    }
}

/// Opens the store at `db_url` (running migrations) and the game service
/// on the system clock.
///
/// # Errors
/// The database cannot be opened or migrated.
pub async fn open(db_url: &str) -> Result<Arc<dyn Backend>, OpenError> {
    open_with_clock(db_url, Arc::new(SystemClock)).await
}

/// Opens the store at `db_url` (running migrations) and the game service
/// on `clock` (tests pass a `ManualClock` to move time).
///
/// # Errors
/// The database cannot be opened or migrated.
pub async fn open_with_clock(
    db_url: &str,
    clock: Arc<dyn Clock>,
) -> Result<Arc<dyn Backend>, OpenError> {
    let store = Store::open(db_url).await?;
    let service =
        GameService::open_with_engine(store, Arc::clone(&clock), crate::engine::from_env()).await?;
    Ok(Arc::new(Service(service, clock)))
}
