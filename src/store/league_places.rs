//! League games and their own places: a league started on a platform
//! whose adapter opens a place per game (a Discord thread, a Matrix room)
//! inserts its games without a clock at their `league-<league>-<number>`
//! placeholder; once the adapter has claimed one (`held_games`) and opened
//! its place, the game moves there, starting its clock in the same
//! guarded update. Also the count of a community's live leagues and
//! whether a place is a finished league game's.

use super::backend::query_as;
use super::community::CommunityScope;
use super::{Store, StoreResult};

impl Store {
    /// Leagues open or running on `platform` in `guild` (`""`: no guild),
    /// all of them or those `creator` made.
    ///
    /// # Errors
    /// Database failures.
    pub async fn live_leagues(
        &self,
        scope: &CommunityScope,
        creator: Option<&str>,
    ) -> StoreResult<i64> {
        let row: (i64,) = scope
            .bind(query_as(
                "select count(*) from league where platform = ? \
                 and (? = '' or guild = ?) and (? = '' or channel = ?) \
                 and state in ('open', 'running') and (? is null or creator_id = ?)",
            ))
            .bind(creator)
            .bind(creator)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.0)
    }

    /// Whether another game of the league of game `game_id` still runs
    /// from the same start position.
    ///
    /// # Errors
    /// Database failures.
    pub async fn same_start_running_in_league(&self, game_id: i64) -> StoreResult<bool> {
        let row: (i64,) = query_as(
            "select count(*) from league_game lg join game g on g.id = lg.game_id \
             where lg.league_id = (select league_id from league_game where game_id = ?) \
             and g.id <> ? and g.status = 'active' \
             and g.start_fen = (select start_fen from game where id = ?)",
        )
        .bind(game_id)
        .bind(game_id)
        .bind(game_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.0 > 0)
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
