//! The game service as the Discord adapter opens it: the real
//! [`GameService`] on a clock, from the database URL, and the small types
//! the Discord modules share with it. The handlers hold the service itself
//! (in [`super::data::Data`]); there is no trait in between.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::service::{Clock, GameService, SystemClock};
use crate::store::Store;

/// The platform name of Discord places in the service and the store.
pub const PLATFORM: &str = "discord";

/// A boxed, sendable future.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Failure to open the game service.
pub type OpenError = Box<dyn std::error::Error + Send + Sync>;

/// Opens the store at `db_url` (running migrations) and the game service
/// on the system clock.
///
/// # Errors
/// The database cannot be opened or migrated.
pub async fn open(db_url: &str) -> Result<Arc<GameService>, OpenError> {
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
) -> Result<Arc<GameService>, OpenError> {
    let store = Store::open(db_url).await?;
    let service = GameService::open_with_engine(store, clock, crate::engine::from_env()).await?;
    Ok(Arc::new(service))
}
