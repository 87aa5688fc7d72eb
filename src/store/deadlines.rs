//! The deadline outbox: claiming reminders, re-claiming announcements whose
//! claimer died, acknowledging them, and finding what falls due next.

use super::backend::{query, query_as};
use super::*;

impl Store {
    /// Claims the reminder of the current turn and records it in the
    /// outbox, in one transaction; `Some(announcement id)` for exactly one
    /// caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_reminder(
        &self,
        game_id: i64,
        expected_ply: i64,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<Option<i64>> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update game set remind_at = null \
             where id = ? and status = 'active' and ply = ? and remind_at is not null",
        )
        .bind(game_id)
        .bind(expected_ply)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        let id = insert_announcement(
            &mut tx,
            game_id,
            ANNOUNCE_REMINDER,
            expected_ply,
            now,
            lease_until,
        )
        .await?;
        tx.commit().await?;
        Ok(Some(id))
    }

    /// Announcements whose lease ran out by `now` (their claimer died
    /// before posting), oldest first; all platforms when `platform` is
    /// `None`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expired_announcements(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<AnnouncementRow>> {
        Ok(query_as(
            "select id, game_id, platform, kind, ply, lease_until from announcement \
             where lease_until <= ? and (? is null or platform = ?) order by id limit ?",
        )
        .bind(now)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Takes over an expired announcement: true for exactly one caller
    /// (the lease must still be the one it read).
    ///
    /// # Errors
    /// Database failures.
    pub async fn renew_announcement(
        &self,
        id: i64,
        old_lease: i64,
        lease_until: i64,
    ) -> StoreResult<bool> {
        let done =
            query("update announcement set lease_until = ? where id = ? and lease_until = ?")
                .bind(lease_until)
                .bind(id)
                .bind(old_lease)
                .execute(&self.pool)
                .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Removes a posted announcement from the outbox.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ack_announcement(&self, id: i64) -> StoreResult<()> {
        query("delete from announcement where id = ?")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Active games with a reminder or deadline due at `now`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_games(&self, now: i64) -> StoreResult<Vec<GameRow>> {
        self.due_games_for(None, now, i64::MAX).await
    }

    /// [`Store::due_games`] of one platform (`None`: all), at most `limit`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn due_games_for(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<GameRow>> {
        Ok(query_as(game_sql(
            "where status = 'active' and (deadline_at <= ? or remind_at <= ?) \
             and (? is null or platform = ?) order by deadline_at, id limit ?",
        ))
        .bind(now)
        .bind(now)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The earliest pending reminder or deadline.
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_due(&self) -> StoreResult<Option<i64>> {
        self.next_due_for(None).await
    }

    /// The earliest pending reminder, deadline, challenge expiry or
    /// announcement lease of one platform (`None`: all).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_due_for(&self, platform: Option<&str>) -> StoreResult<Option<i64>> {
        let games: (Option<i64>,) = query_as(
            "select min(coalesce(remind_at, deadline_at)) from game \
             where status = 'active' and (? is null or platform = ?)",
        )
        .bind(platform)
        .bind(platform)
        .fetch_one(&self.pool)
        .await?;
        let leases: (Option<i64>,) =
            query_as("select min(lease_until) from announcement where (? is null or platform = ?)")
                .bind(platform)
                .bind(platform)
                .fetch_one(&self.pool)
                .await?;
        let challenges = self.next_challenge_due(platform).await?;
        Ok([games.0, leases.0, challenges].into_iter().flatten().min())
    }
}
