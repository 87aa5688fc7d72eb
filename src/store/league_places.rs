//! League games waiting for their place: a league started on a platform
//! whose adapter opens a place per game (a Discord thread, a Matrix room)
//! inserts its games without a clock at their `league-<league>-<number>`
//! placeholder; the adapter claims each (a lease, so two processes never
//! open two places for one game, and a process that died mid-claim leaves
//! the game to the next), opens the place and moves the game there,
//! starting its clock in the same guarded update.

use super::backend::{query, query_as};
use super::{ChannelKey, Store, StoreResult, map_unique};

/// A league game still at its placeholder, without a clock.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HeldLeagueGameRow {
    pub game_id: i64,
    pub league_id: i64,
    pub number: i64,
    pub guild: String,
    /// The placeholder (`league-<league>-<number>`).
    pub channel: String,
    /// The league's own channel.
    pub league_channel: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub bind_failures: i64,
}

impl Store {
    /// The league games of `platform` waiting for a place whose claim is
    /// free (never claimed, or its lease ran out by `now`), oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn held_league_games(
        &self,
        platform: &str,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<HeldLeagueGameRow>> {
        Ok(query_as(
            "select g.id as game_id, lg.league_id, lg.number, g.guild, g.channel, \
             l.channel as league_channel, g.white_id, g.white_name, g.black_id, g.black_name, \
             lg.bind_failures \
             from league_game lg join game g on g.id = lg.game_id \
             join league l on l.id = lg.league_id \
             where g.platform = ? and g.status = 'active' and g.deadline_at is null \
             and g.channel like 'league-%' and (lg.bind_lease is null or lg.bind_lease <= ?) \
             order by lg.league_id, lg.number limit ?",
        )
        .bind(platform)
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Claims game `game_id`'s binding until `until` if its claim is free at
    /// `now`: of two processes, exactly one gets `true`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_league_binding(
        &self,
        game_id: i64,
        now: i64,
        until: i64,
    ) -> StoreResult<bool> {
        let done = query(
            "update league_game set bind_lease = ? \
             where game_id = ? and (bind_lease is null or bind_lease <= ?)",
        )
        .bind(until)
        .bind(game_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Counts a place that could not be opened for game `game_id`; the
    /// count after it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn note_league_binding_failure(&self, game_id: i64) -> StoreResult<i64> {
        let row: (i64,) = query_as(
            "update league_game set bind_failures = bind_failures + 1 where game_id = ? \
             returning bind_failures",
        )
        .bind(game_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// Moves held game `game_id` from its placeholder `from` to `to` and
    /// starts its clock (`deadline_at`, `remind_at`), in one guarded
    /// update: `false` when the game is no longer held there (another
    /// process bound it, or it ended). [`super::StoreError::Busy`] when
    /// another active game holds `to`.
    ///
    /// # Errors
    /// Database failures; `Busy` as above.
    pub async fn bind_league_game(
        &self,
        game_id: i64,
        from: &ChannelKey,
        to: &ChannelKey,
        deadline_at: i64,
        remind_at: i64,
        now: i64,
    ) -> StoreResult<bool> {
        let done = query(
            "update game set platform = ?, guild = ?, channel = ?, deadline_at = ?, \
             remind_at = ?, updated_at = ? \
             where id = ? and platform = ? and guild = ? and channel = ? \
             and status = 'active' and deadline_at is null",
        )
        .bind(&to.platform)
        .bind(&to.guild)
        .bind(&to.channel)
        .bind(deadline_at)
        .bind(remind_at)
        .bind(now)
        .bind(game_id)
        .bind(&from.platform)
        .bind(&from.guild)
        .bind(&from.channel)
        .execute(&self.pool)
        .await
        .map_err(map_unique)?;
        if done.rows_affected() == 1 {
            self.changed(game_id);
        }
        Ok(done.rows_affected() == 1)
    }

    /// Leagues open or running on `platform` in `guild` (`""`: no guild),
    /// all of them or those `creator` made.
    ///
    /// # Errors
    /// Database failures.
    pub async fn live_leagues(
        &self,
        platform: &str,
        guild: &str,
        creator: Option<&str>,
    ) -> StoreResult<i64> {
        let row: (i64,) = query_as(
            "select count(*) from league where platform = ? and guild = ? \
             and state in ('open', 'running') and (? is null or creator_id = ?)",
        )
        .bind(platform)
        .bind(guild)
        .bind(creator)
        .bind(creator)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0)
    }

    /// Whether `channel` on `platform` is the own place of a league game
    /// that is over: a league game was played there, none runs there now,
    /// and it is no league's channel (the bot may leave it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn finished_league_place(&self, platform: &str, channel: &str) -> StoreResult<bool> {
        let row: (i64,) = query_as(
            "select count(*) from league_game lg join game g on g.id = lg.game_id \
             where g.platform = ? and g.channel = ? and g.status = 'finished' \
             and not exists (select 1 from game a where a.platform = ? and a.channel = ? \
             and a.status = 'active') \
             and not exists (select 1 from league l where l.platform = ? and l.channel = ?)",
        )
        .bind(platform)
        .bind(channel)
        .bind(platform)
        .bind(channel)
        .bind(platform)
        .bind(channel)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0 > 0)
    }
}
