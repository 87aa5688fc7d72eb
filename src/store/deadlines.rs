//! Deadlines in the database: claiming a turn's reminder into the game
//! outbox, the games whose reminder or deadline falls due, and when the
//! next one does.

use super::backend::{query, query_as};
use super::games::{GameRow, game_sql};
use super::outbox::{ANNOUNCE_REMINDER, Outbox};
use super::{Store, StoreResult};

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
        self.claim_reminder_then(game_id, expected_ply, now, lease_until, None)
            .await
    }

    /// [`Store::claim_reminder`] of a turn with a further reminder at
    /// `next` (a bank game's, with an hour left): the claim moves the
    /// reminder there, and only a reminder already due is claimed, so two
    /// claimers still post it once.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_reminder_then(
        &self,
        game_id: i64,
        expected_ply: i64,
        now: i64,
        lease_until: i64,
        next: Option<i64>,
    ) -> StoreResult<Option<i64>> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update game set remind_at = ? \
             where id = ? and status = 'active' and ply = ? and remind_at is not null \
             and remind_at <= ?",
        )
        .bind(next)
        .bind(game_id)
        .bind(expected_ply)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        let id = Outbox::Games
            .record(
                &mut tx,
                game_id,
                Some((ANNOUNCE_REMINDER, expected_ply)),
                now,
                lease_until,
            )
            .await?;
        tx.commit().await?;
        Ok(Some(id))
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
        let leases = Outbox::Games.next_lease(&self.pool, platform).await?;
        self.next_due_given_leases(platform, leases).await
    }

    /// [`Store::next_due_for`] with the game outbox's earliest lease
    /// `leases` given (the summary outbox leaves some entries out).
    pub(super) async fn next_due_given_leases(
        &self,
        platform: Option<&str>,
        leases: Option<i64>,
    ) -> StoreResult<Option<i64>> {
        let games: (Option<i64>,) = query_as(
            "select min(coalesce(remind_at, deadline_at)) from game \
             where status = 'active' and (? is null or platform = ?)",
        )
        .bind(platform)
        .bind(platform)
        .fetch_one(&self.pool)
        .await?;
        let challenges = self.next_challenge_due(platform).await?;
        // An open league's start time.
        let leagues = self.next_league_start(platform).await?;
        // Daily puzzle posts and their unposted announcements.
        let dailies = self.next_daily_due(platform).await?;
        // Players' daily digests.
        let digests = self.next_digest_due(platform).await?;
        Ok([games.0, leases, challenges, leagues, dailies, digests]
            .into_iter()
            .flatten()
            .min())
    }
}
