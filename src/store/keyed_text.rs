//! Settings stored as one text column of a row found by two keys (a
//! channel's language, board side and theme; a user's board view, theme and
//! page name): reading that column and setting it while keeping the row's
//! other columns.

use super::backend::{query, query_as};
use super::{Store, StoreResult};

impl Store {
    /// The text `select` reads for the keys `(a, b)`: `None` when there is
    /// no row or the column is empty. `select` takes the two keys as its
    /// two parameters and names one column.
    pub(super) async fn keyed_text(
        &self,
        select: &'static str,
        a: &str,
        b: &str,
    ) -> StoreResult<Option<String>> {
        let row: Option<(Option<String>,)> = query_as(select)
            .bind(a)
            .bind(b)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.0))
    }

    /// Runs `upsert` with the keys `(a, b)` and `value`: an insert of the
    /// row that, on a conflict of the keys, updates only its one column, so
    /// setting one setting keeps the others of the same row.
    pub(super) async fn set_keyed_text(
        &self,
        upsert: &'static str,
        a: &str,
        b: &str,
        value: &str,
    ) -> StoreResult<()> {
        query(upsert)
            .bind(a)
            .bind(b)
            .bind(value)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
