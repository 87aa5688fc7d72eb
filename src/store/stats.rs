//! Figures for `/metrics` computed from the database at scrape time.

use super::backend::query_as;
use super::{STATUS_ACTIVE, Store, StoreResult};

impl Store {
    /// How many games are running now, on every platform.
    ///
    /// # Errors
    /// The database's error.
    pub async fn count_running_games(&self) -> StoreResult<i64> {
        let (n,): (i64,) = query_as("select count(*) from game where status = ?")
            .bind(STATUS_ACTIVE)
            .fetch_one(&self.pool)
            .await?;
        Ok(n)
    }
}
