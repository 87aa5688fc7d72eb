//! Players' daily digests in the database: the hour and time zone each
//! chose, when the next one is due, and claiming one (exactly one process
//! moves its time on, and only that one posts it).

use super::backend::{query, query_as};
use super::{Store, StoreResult};

/// A `notify_digest` row: one player's daily digest.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DigestRow {
    pub platform: String,
    pub user_id: String,
    /// The hour of the day in the player's time zone, 0-23.
    pub hour: i64,
    /// The player's time zone, in minutes east of UTC.
    pub utc_offset: i64,
    /// When the next digest is due (ms).
    pub next_at: i64,
}

const DIGEST_COLUMNS: &str = "platform, user_id, hour, utc_offset, next_at";

impl Store {
    /// Sets (or replaces) `user`'s daily digest on `platform`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_digest(
        &self,
        platform: &str,
        user: &str,
        hour: i64,
        utc_offset: i64,
        next_at: i64,
    ) -> StoreResult<()> {
        query(
            "insert into notify_digest (platform, user_id, hour, utc_offset, next_at) \
             values (?, ?, ?, ?, ?) on conflict (platform, user_id) do update set \
             hour = excluded.hour, utc_offset = excluded.utc_offset, next_at = excluded.next_at",
        )
        .bind(platform)
        .bind(user)
        .bind(hour)
        .bind(utc_offset)
        .bind(next_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Ends `user`'s daily digest; whether there was one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn stop_digest(&self, platform: &str, user: &str) -> StoreResult<bool> {
        let done = query("delete from notify_digest where platform = ? and user_id = ?")
            .bind(platform)
            .bind(user)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// `user`'s daily digest, if they have one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn digest_of(&self, platform: &str, user: &str) -> StoreResult<Option<DigestRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {DIGEST_COLUMNS} from notify_digest where platform = ? and user_id = ?"
        )))
        .bind(platform)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Up to `limit` digests of `platform` (`None`: all) due at `now`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_digests(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<DigestRow>> {
        Ok(query_as(sqlx::AssertSqlSafe(format!(
            "select {DIGEST_COLUMNS} from notify_digest where next_at <= ? \
             and (? is null or platform = ?) order by next_at, user_id limit ?"
        )))
        .bind(now)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Claims a due digest by moving its time from `due` (as read) to
    /// `next`: true for exactly one caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_digest(&self, row: &DigestRow, next: i64) -> StoreResult<bool> {
        let done = query(
            "update notify_digest set next_at = ? \
             where platform = ? and user_id = ? and next_at = ?",
        )
        .bind(next)
        .bind(&row.platform)
        .bind(&row.user_id)
        .bind(row.next_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The earliest digest due, of `platform` (`None`: all).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_digest_due(&self, platform: Option<&str>) -> StoreResult<Option<i64>> {
        let row: (Option<i64>,) =
            query_as("select min(next_at) from notify_digest where (? is null or platform = ?)")
                .bind(platform)
                .bind(platform)
                .fetch_one(&self.pool)
                .await?;
        Ok(row.0)
    }
}
