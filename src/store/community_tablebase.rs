//! A community's rule for the endgame tables (`settings tablebase:`):
//! off, claims, or automatic adjudication.

use super::backend::{query, query_as};
use super::{Store, StoreResult};

impl Store {
    /// The tablebase rule of `community` as stored (`off`, `claim`,
    /// `auto`), `None` when its moderators never set one.
    ///
    /// # Errors
    /// Database failures.
    pub async fn community_tablebase_rule(&self, community: &str) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select rule from community_tablebase where community = ?")
                .bind(community)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|(rule,)| rule))
    }

    /// Sets the tablebase rule of `community`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_community_tablebase_rule(
        &self,
        community: &str,
        rule: &str,
    ) -> StoreResult<()> {
        query(
            "insert into community_tablebase (community, rule) values (?, ?) \
             on conflict (community) do update set rule = excluded.rule",
        )
        .bind(community)
        .bind(rule)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
