//! The orientation of a channel's game pictures (`settings board:` said in
//! the channel): which side is at the bottom of every public board there.

use super::backend::{query, query_as};
use super::{Store, StoreResult};

impl Store {
    /// The board view set for a channel (`white` or `black`), if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn channel_board(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select board_view from channel_board where platform = ? and channel = ?")
                .bind(platform)
                .bind(channel)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }

    /// Sets (or replaces) the board view of a channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_channel_board(
        &self,
        platform: &str,
        channel: &str,
        view: &str,
    ) -> StoreResult<()> {
        query(
            "insert into channel_board (platform, channel, board_view) values (?, ?, ?) \
             on conflict (platform, channel) do update set board_view = excluded.board_view",
        )
        .bind(platform)
        .bind(channel)
        .bind(view)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_channel_keeps_its_board_view() {
        let store = Store::open("sqlite::memory:").await.expect("open");
        assert_eq!(store.channel_board("console", "g").await.unwrap(), None);
        store
            .set_channel_board("console", "g", "black")
            .await
            .unwrap();
        store
            .set_channel_board("console", "g", "white")
            .await
            .unwrap();
        assert_eq!(
            store
                .channel_board("console", "g")
                .await
                .unwrap()
                .as_deref(),
            Some("white")
        );
        assert_eq!(store.channel_board("console", "h").await.unwrap(), None);
    }
}
