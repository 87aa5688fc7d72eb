//! Team challenge codes in the database: a team's challenge of another
//! community, given as a short code that a moderator there accepts in the
//! channel that will play; single use, for seven days.

use super::backend::{query, query_as};
use super::community::CommunityScope;
use super::{Store, StoreResult};

/// A team challenge by code (see `team_code` in the migrations).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct TeamCodeRow {
    pub code: String,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    /// The challenging team as shown.
    pub name: String,
    pub days: i64,
    /// `white`, `black` or `random`: the challenging team's colour.
    pub color: String,
    pub rules: String,
    pub fen: Option<String>,
    pub created_at: i64,
}

impl Store {
    /// Records a new code; false when the code is taken already.
    ///
    /// # Errors
    /// Database failures.
    pub async fn insert_team_code(&self, c: &TeamCodeRow) -> StoreResult<bool> {
        let done = query(
            "insert into team_code (code, platform, guild, channel, name, days, color, rules, \
             fen, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
             on conflict (code) do nothing",
        )
        .bind(&c.code)
        .bind(&c.platform)
        .bind(&c.guild)
        .bind(&c.channel)
        .bind(&c.name)
        .bind(c.days)
        .bind(&c.color)
        .bind(&c.rules)
        .bind(c.fen.as_deref())
        .bind(c.created_at)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The unused code `code` made after `since`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_code(&self, code: &str, since: i64) -> StoreResult<Option<TeamCodeRow>> {
        Ok(query_as(
            "select code, platform, guild, channel, name, days, color, rules, fen, created_at \
             from team_code where code = ? and used_at is null and created_at > ?",
        )
        .bind(code)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Uses code `code` up; true for exactly one caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn use_team_code(&self, code: &str, now: i64) -> StoreResult<bool> {
        let done = query("update team_code set used_at = ? where code = ? and used_at is null")
            .bind(now)
            .bind(code)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// How many unused codes made after `since` wait in a community.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_team_codes_in(&self, scope: &CommunityScope, since: i64) -> StoreResult<i64> {
        let row: (i64,) = scope
            .bind(query_as(
                "select count(*) from team_code where platform = ? \
                 and (? = '' or guild = ?) and (? = '' or channel = ?) \
                 and used_at is null and created_at > ?",
            ))
            .bind(since)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.0)
    }

    /// Whether a channel has an unused code made after `since`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn has_open_team_code(
        &self,
        platform: &str,
        channel: &str,
        since: i64,
    ) -> StoreResult<bool> {
        let row: Option<(String,)> = query_as(
            "select code from team_code where platform = ? and channel = ? \
             and used_at is null and created_at > ? limit 1",
        )
        .bind(platform)
        .bind(channel)
        .bind(since)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }
}
