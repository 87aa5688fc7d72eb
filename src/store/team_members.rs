//! A team's people: the members a channel's moderators name, its rule on
//! whether only they vote, and which side a person already speaks for in a
//! running game.

use super::backend::{query, query_as};
use super::{Store, StoreResult};

impl Store {
    /// Whether only the named members of a channel's team vote for it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_members_only(&self, platform: &str, channel: &str) -> StoreResult<bool> {
        let row: Option<(i64,)> =
            query_as("select members_only from team_rule where platform = ? and channel = ?")
                .bind(platform)
                .bind(channel)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.is_some_and(|r| r.0 != 0))
    }

    /// Sets whether only the named members of a channel's team vote for it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_team_members_only(
        &self,
        platform: &str,
        channel: &str,
        only: bool,
    ) -> StoreResult<()> {
        query(
            "insert into team_rule (platform, channel, members_only) values (?, ?, ?) \
             on conflict (platform, channel) do update set members_only = excluded.members_only",
        )
        .bind(platform)
        .bind(channel)
        .bind(i64::from(only))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The side (`white`/`black`) `voter_id` speaks for in game `game_id`,
    /// if they voted or moved a motion there.
    ///
    /// # Errors
    /// Database failures.
    pub async fn team_voter_side(
        &self,
        game_id: i64,
        voter_id: &str,
    ) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select side from team_voter where game_id = ? and voter_id = ?")
                .bind(game_id)
                .bind(voter_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }
}
