//! Records bounded by a community: head-to-head scores, a
//! player's rated games and the rated games of a pair, all within one
//! community's games, never another's. A community is a platform plus an
//! optional guild filter (a Discord server) and an optional channel filter
//! (a Matrix room); empty filters match every game of the platform.

use super::backend::{QueryAs, Row, query_as};
use super::games::{GameRow, game_sql};
use super::ratings::HeadToHead;
use super::{Store, StoreResult};

/// Which games belong to a community.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommunityScope {
    pub platform: String,
    /// The guild every game must be in (empty: any).
    pub guild: String,
    /// The channel every game must be in (empty: any).
    pub channel: String,
}

impl CommunityScope {
    /// Binds the scope to a statement whose next five `?` are, in this
    /// order, those of `platform = ? and (? = '' or guild = ?) and
    /// (? = '' or channel = ?)`: the filter every query of a community's
    /// games carries.
    pub(super) fn bind<O: Row>(&self, q: QueryAs<O>) -> QueryAs<O> {
        q.bind(&self.platform)
            .bind(&self.guild)
            .bind(&self.guild)
            .bind(&self.channel)
            .bind(&self.channel)
    }
}

impl Store {
    /// Finished (not aborted) games between `a` and `b` in `scope`, counted
    /// from `a`'s side.
    ///
    /// # Errors
    /// Database failures.
    pub async fn head_to_head_in(
        &self,
        scope: &CommunityScope,
        variant: &str,
        a: &str,
        b: &str,
    ) -> StoreResult<HeadToHead> {
        Ok(scope
            .bind(
                query_as(
                    "select count(*) as games, \
             coalesce(sum(case when (white_id = ? and result = '1-0') \
               or (black_id = ? and result = '0-1') then 1 else 0 end), 0) as wins, \
             coalesce(sum(case when result = '1/2-1/2' then 1 else 0 end), 0) as draws, \
             coalesce(sum(case when (white_id = ? and result = '0-1') \
               or (black_id = ? and result = '1-0') then 1 else 0 end), 0) as losses \
             from game where status = 'finished' and result <> '*' and platform = ? \
             and (? = '' or guild = ?) and (? = '' or channel = ?) and variant = ? \
             and ((white_id = ? and black_id = ?) or (white_id = ? and black_id = ?))",
                )
                .bind(a)
                .bind(a)
                .bind(a)
                .bind(a),
            )
            .bind(variant)
            .bind(a)
            .bind(b)
            .bind(b)
            .bind(a)
            .fetch_one(&self.pool)
            .await?)
    }

    /// The rated, finished games of `player` in `scope`, the most recent
    /// first, at most `limit`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn rated_games_in(
        &self,
        scope: &CommunityScope,
        variant: &str,
        player: &str,
        limit: i64,
    ) -> StoreResult<Vec<GameRow>> {
        Ok(scope
            .bind(query_as(game_sql(
                "where status = 'finished' and rated = 1 and result <> '*' and platform = ? \
             and (? = '' or guild = ?) and (? = '' or channel = ?) and variant = ? \
             and (white_id = ? or black_id = ?) \
             order by ended_at desc, id desc limit ?",
            )))
            .bind(variant)
            .bind(player)
            .bind(player)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }

    /// How many rated games `a` and `b` started against each other in
    /// `scope` since `since` (ms), running or finished (aborted ones
    /// excepted).
    ///
    /// # Errors
    /// Database failures.
    pub async fn rated_games_between_since(
        &self,
        scope: &CommunityScope,
        a: &str,
        b: &str,
        since: i64,
    ) -> StoreResult<i64> {
        let row: (i64,) = scope
            .bind(query_as(
                "select count(*) from game where rated = 1 and coalesce(result, '') <> '*' \
             and platform = ? and (? = '' or guild = ?) and (? = '' or channel = ?) \
             and created_at >= ? \
             and ((white_id = ? and black_id = ?) or (white_id = ? and black_id = ?))",
            ))
            .bind(since)
            .bind(a)
            .bind(b)
            .bind(b)
            .bind(a)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.0)
    }
}
