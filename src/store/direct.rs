//! The direct-message channels platforms opened for users, remembered so
//! that each is opened once.

use super::backend::query_as;
use super::*;

impl Store {
    /// The direct-message channel remembered for a user, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn direct_channel(&self, platform: &str, user: &str) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select channel from direct_channel where platform = ? and user_id = ?")
                .bind(platform)
                .bind(user)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|(c,)| c))
    }
}
