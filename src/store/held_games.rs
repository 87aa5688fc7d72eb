//! Games held at a placeholder without a clock until an adapter opens
//! their place (league games, team-match games): the list of those whose
//! claim is free, the claim itself (a lease, so two processes never open
//! two places for one game, and a process that died mid-claim leaves the
//! game to the next), the count of places that could not be opened, and
//! the guarded move from the placeholder that starts the clock; and the
//! league or match a game belongs to. League and match games differ only
//! in the table that links them to their league or match, named by
//! [`GameGroup`].

use super::backend::{query, query_as};
use super::team_matches::side_place_rows;
use super::{ChannelKey, Store, StoreResult, map_unique};

/// What a game can belong to: a league or a team match. Each names its
/// tables and its placeholder prefix as constants: the only text these
/// queries splice in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameGroup {
    /// A league game, held at `league-<league>-<number>`.
    League,
    /// A team match's game, held at `match-<match>-<number>`.
    TeamMatch,
}

impl GameGroup {
    /// The table linking a game to its league or match, with its columns
    /// `game_id`, `number`, `bind_lease` and `bind_failures`.
    fn link_table(self) -> &'static str {
        match self {
            GameGroup::League => "league_game",
            GameGroup::TeamMatch => "team_match_game",
        }
    }

    /// The link table's column naming the league or match.
    fn parent_column(self) -> &'static str {
        match self {
            GameGroup::League => "league_id",
            GameGroup::TeamMatch => "match_id",
        }
    }

    /// The league or match table.
    fn parent_table(self) -> &'static str {
        match self {
            GameGroup::League => "league",
            GameGroup::TeamMatch => "team_match",
        }
    }

    /// The `like` pattern of its placeholders.
    fn placeholder_pattern(self) -> &'static str {
        match self {
            GameGroup::League => "league-%",
            GameGroup::TeamMatch => "match-%",
        }
    }
}

/// A league or match game still at its placeholder, without a clock.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct HeldGameRow {
    pub game_id: i64,
    /// The league or match.
    pub parent_id: i64,
    pub number: i64,
    pub guild: String,
    /// The placeholder.
    pub channel: String,
    /// The league's own channel, or the channel that created the match.
    pub parent_channel: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub bind_failures: i64,
}

impl Store {
    /// The league or match (as `group` says) game `game_id` belongs to, if
    /// any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn group_of_game(&self, group: GameGroup, game_id: i64) -> StoreResult<Option<i64>> {
        let sql = format!(
            "select {} from {} where game_id = ?",
            group.parent_column(),
            group.link_table()
        );
        let row: Option<(i64,)> = query_as(sqlx::AssertSqlSafe(sql))
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.0))
    }

    /// The `group` games of `platform` waiting for a place whose claim is
    /// free (never claimed, or its lease ran out by `now`), oldest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn held_games(
        &self,
        group: GameGroup,
        platform: &str,
        now: i64,
        limit: i64,
    ) -> StoreResult<Vec<HeldGameRow>> {
        let (link, parent, parent_table, pattern) = (
            group.link_table(),
            group.parent_column(),
            group.parent_table(),
            group.placeholder_pattern(),
        );
        let sql = format!(
            "select g.id as game_id, x.{parent} as parent_id, x.number, g.guild, g.channel, \
             p.channel as parent_channel, g.white_id, g.white_name, g.black_id, g.black_name, \
             x.bind_failures \
             from {link} x join game g on g.id = x.game_id \
             join {parent_table} p on p.id = x.{parent} \
             where g.platform = ? and g.status = 'active' and g.deadline_at is null \
             and g.channel like '{pattern}' and (x.bind_lease is null or x.bind_lease <= ?) \
             order by x.{parent}, x.number limit ?"
        );
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(platform)
            .bind(now)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// Claims `group` game `game_id`'s binding until `until` if its claim
    /// is free at `now`: of two processes, exactly one gets `true`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn claim_held_game(
        &self,
        group: GameGroup,
        game_id: i64,
        now: i64,
        until: i64,
    ) -> StoreResult<bool> {
        let sql = format!(
            "update {} set bind_lease = ? \
             where game_id = ? and (bind_lease is null or bind_lease <= ?)",
            group.link_table()
        );
        let done = query(sqlx::AssertSqlSafe(sql))
            .bind(until)
            .bind(game_id)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Counts a place that could not be opened for `group` game `game_id`;
    /// the count after it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn note_held_game_failure(&self, group: GameGroup, game_id: i64) -> StoreResult<i64> {
        let sql = format!(
            "update {} set bind_failures = bind_failures + 1 where game_id = ? \
             returning bind_failures",
            group.link_table()
        );
        let row: (i64,) = query_as(sqlx::AssertSqlSafe(sql))
            .bind(game_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.0)
    }
    /// Moves held game `game_id` from its placeholder `from` to its place
    /// and starts its clock (`deadline_at`, `remind_at`), in one
    /// transaction. `places` is the game's one place, or for a game
    /// between two communities its two places, white's first: the game
    /// moves to white's and both are recorded. `false` when the game is no
    /// longer held there (another process bound it, or it ended);
    /// [`super::StoreError::Busy`] when another active game holds the
    /// place it moves to.
    ///
    /// # Errors
    /// Database failures; `Busy` as above.
    pub async fn bind_held_game(
        &self,
        game_id: i64,
        from: &ChannelKey,
        places: &[ChannelKey],
        deadline_at: i64,
        remind_at: i64,
        now: i64,
    ) -> StoreResult<bool> {
        let Some(to) = places.first() else {
            return Ok(false);
        };
        let mut tx = self.pool.begin().await?;
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
        .execute(&mut *tx)
        .await
        .map_err(map_unique)?;
        if done.rows_affected() != 1 {
            return Ok(false);
        }
        if let [white, black] = places {
            for row in side_place_rows(game_id, [white, black]) {
                row.execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
        self.changed(game_id);
        Ok(true)
    }
}
