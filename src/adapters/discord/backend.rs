//! The game service as the Discord adapter uses it: a small object-safe
//! trait (so handlers and the announcer share one `Arc`) and the glue to
//! the real `service::GameService`.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::service::{Actor, Command, Place, Reply};

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
    /// The caller's legal moves in SAN (empty when it is not their turn).
    fn legal_moves<'a>(&'a self, place: &'a Place, actor: &'a Actor) -> BoxFuture<'a, Vec<String>>;
    /// Reminders and time-outs that are due now.
    fn run_due(&self) -> BoxFuture<'_, Vec<Reply>>;
    /// When the next reminder or time-out falls due.
    fn next_due(&self) -> BoxFuture<'_, Option<DateTime<Utc>>>;
}

/// Opens the store at `db_url` (running migrations) and the game service
/// on the system clock.
///
/// # Errors
/// The database cannot be opened or migrated.
pub async fn open(db_url: &str) -> Result<Arc<dyn Backend>, OpenError> {
    Err(format!("the game service is not available in this build (database {db_url})").into())
}
