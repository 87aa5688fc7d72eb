//! The two announcement outboxes, one implementation parameterised by table:
//! `announcement` (a game's time-out or reminder) and
//! `challenge_announcement` (a challenge's expiry).
//!
//! Both work alike. The transaction that claims an event (a time-out, a
//! reminder, an expiry) also records an entry with a lease; the claimer
//! posts the announcement and acknowledges (deletes) the entry. An entry
//! whose lease ran out was claimed by a process that died before posting:
//! whoever finds it renews the lease (exactly one caller succeeds) and posts
//! it again, so a crash loses no announcement.

use super::backend::{Pool, Row, Tx, query, query_as};
use super::{Store, StoreResult};

/// Outbox kind of a time-out (or abort on time).
pub const ANNOUNCE_END: &str = "end";
/// Outbox kind of a reminder.
pub const ANNOUNCE_REMINDER: &str = "reminder";

/// An `announcement` row: a claimed time-out or reminder not yet posted.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AnnouncementRow {
    pub id: i64,
    pub game_id: i64,
    pub platform: String,
    /// [`ANNOUNCE_END`] or [`ANNOUNCE_REMINDER`].
    pub kind: String,
    pub ply: i64,
    pub lease_until: i64,
}

/// A `challenge_announcement` row: a claimed challenge expiry not yet
/// posted.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChallengeAnnouncementRow {
    pub id: i64,
    pub challenge_id: i64,
    pub lease_until: i64,
}

/// Which outbox: the table of its entries and what they announce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outbox {
    /// `announcement`: entries about a `game` row.
    Games,
    /// `challenge_announcement`: entries about a `challenge` row.
    Challenges,
    /// `puzzle_announcement`: entries about a `puzzle_post` row (a daily
    /// puzzle).
    Puzzles,
}

impl Outbox {
    /// The outbox's table.
    fn table(self) -> &'static str {
        match self {
            Outbox::Games => "announcement",
            Outbox::Challenges => "challenge_announcement",
            Outbox::Puzzles => "puzzle_announcement",
        }
    }

    /// The table its entries are about (their `<subject>_id` column).
    fn subject(self) -> &'static str {
        match self {
            Outbox::Games => "game",
            Outbox::Challenges => "challenge",
            Outbox::Puzzles => "puzzle_post",
        }
    }

    /// The columns of the outbox's row type ([`AnnouncementRow`],
    /// [`ChallengeAnnouncementRow`]).
    fn columns(self) -> &'static str {
        match self {
            Outbox::Games => "id, game_id, platform, kind, ply, lease_until",
            Outbox::Challenges => "id, challenge_id, lease_until",
            Outbox::Puzzles => "id, puzzle_post_id, lease_until",
        }
    }

    /// Records an entry about the row `subject_id` (with, for a game, the
    /// announcement's kind and ply) leased until `lease_until`, in the
    /// claiming transaction; returns its id.
    pub(super) async fn record(
        self,
        tx: &mut Tx,
        subject_id: i64,
        game_kind: Option<(&str, i64)>,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<i64> {
        let (table, subject) = (self.table(), self.subject());
        let (kind_columns, kind_values) = match game_kind {
            Some(_) => ("kind, ply, ", "?, ?, "),
            None => ("", ""),
        };
        let sql = format!(
            "insert into {table} ({subject}_id, platform, {kind_columns}lease_until, created_at) \
             select id, platform, {kind_values}?, ? from {subject} where id = ? returning id"
        );
        let mut q = query_as::<(i64,)>(sqlx::AssertSqlSafe(sql));
        if let Some((kind, ply)) = game_kind {
            q = q.bind(kind).bind(ply);
        }
        let row = q
            .bind(lease_until)
            .bind(now)
            .bind(subject_id)
            .fetch_one(&mut **tx)
            .await?;
        Ok(row.0)
    }

    /// Entries whose lease ran out by `now`, oldest first, of `platform`
    /// (`None`: all), at most `limit`.
    pub(super) async fn expired<R: Row>(
        self,
        pool: &Pool,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<R>> {
        let sql = format!(
            "select {} from {} \
             where lease_until <= ? and (? is null or platform = ?) order by id limit ?",
            self.columns(),
            self.table()
        );
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(now)
            .bind(platform)
            .bind(platform)
            .bind(limit)
            .fetch_all(pool)
            .await?)
    }

    /// Takes over an entry whose lease ran out: true for exactly one caller
    /// (the lease must still be `old_lease`, the one it read).
    pub(super) async fn renew(
        self,
        pool: &Pool,
        id: i64,
        old_lease: i64,
        lease_until: i64,
    ) -> StoreResult<bool> {
        let sql = format!(
            "update {} set lease_until = ? where id = ? and lease_until = ?",
            self.table()
        );
        let done = query(sqlx::AssertSqlSafe(sql))
            .bind(lease_until)
            .bind(id)
            .bind(old_lease)
            .execute(pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Removes a posted entry.
    pub(super) async fn ack(self, pool: &Pool, id: i64) -> StoreResult<()> {
        let sql = format!("delete from {} where id = ?", self.table());
        query(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// The earliest lease of an entry of `platform` (`None`: all).
    pub(super) async fn next_lease(
        self,
        pool: &Pool,
        platform: Option<&str>,
    ) -> StoreResult<Option<i64>> {
        let sql = format!(
            "select min(lease_until) from {} where (? is null or platform = ?)",
            self.table()
        );
        let row: (Option<i64>,) = query_as(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(platform)
            .fetch_one(pool)
            .await?;
        Ok(row.0)
    }
}

impl Store {
    /// Game announcements whose lease ran out by `now` (their claimer died
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
        Outbox::Games
            .expired(&self.pool, platform, now, limit)
            .await
    }

    /// Takes over an expired game announcement: true for exactly one caller
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
        Outbox::Games
            .renew(&self.pool, id, old_lease, lease_until)
            .await
    }

    /// Removes a posted game announcement from the outbox.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ack_announcement(&self, id: i64) -> StoreResult<()> {
        Outbox::Games.ack(&self.pool, id).await
    }

    /// Challenge expiries whose lease ran out by `now` (their claimer died
    /// before posting), oldest first; all platforms when `platform` is
    /// `None`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expired_challenge_announcements(
        &self,
        platform: Option<&str>,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<ChallengeAnnouncementRow>> {
        Outbox::Challenges
            .expired(&self.pool, platform, now, limit)
            .await
    }

    /// Takes over an expired challenge announcement: true for exactly one
    /// caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn renew_challenge_announcement(
        &self,
        id: i64,
        old_lease: i64,
        lease_until: i64,
    ) -> StoreResult<bool> {
        Outbox::Challenges
            .renew(&self.pool, id, old_lease, lease_until)
            .await
    }

    /// Removes a posted challenge expiry from the outbox.
    ///
    /// # Errors
    /// Database failures.
    pub async fn ack_challenge_announcement(&self, id: i64) -> StoreResult<()> {
        Outbox::Challenges.ack(&self.pool, id).await
    }
}
