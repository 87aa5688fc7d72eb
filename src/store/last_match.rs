//! The last team match a channel took part in, whatever its state: what
//! `team match standings` shows once a match is over.

use super::backend::query_as;
use super::{Store, StoreResult, TeamMatchRow};

impl Store {
    /// The newest team match in which `channel` of `platform` is a side,
    /// finished, cancelled or live.
    ///
    /// # Errors
    /// Database failures.
    pub async fn last_team_match_in(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<TeamMatchRow>> {
        let id: Option<(i64,)> = query_as(
            "select id from team_match where platform = ? \
             and (channel = ? or other_channel = ?) order by id desc limit 1",
        )
        .bind(platform)
        .bind(channel)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?;
        match id {
            Some((id,)) => self.team_match(id).await,
            None => Ok(None),
        }
    }
}
