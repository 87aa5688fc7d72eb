//! The look of a channel's game pictures (`settings board:` and
//! `settings theme:` said in the channel): which side is at the bottom of
//! every public board there, and in which colours it is drawn.

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
        let sql = "select board_view from channel_board where platform = ? and channel = ?";
        self.keyed_text(sql, platform, channel).await
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
        let sql = "insert into channel_board (platform, channel, board_view) values (?, ?, ?) \
             on conflict (platform, channel) do update set board_view = excluded.board_view";
        self.set_keyed_text(sql, platform, channel, view).await
    }

    /// Sets (or replaces) the theme of a channel's public pictures.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_channel_theme(
        &self,
        platform: &str,
        channel: &str,
        theme: &str,
    ) -> StoreResult<()> {
        let sql = "insert into channel_theme (platform, channel, theme) values (?, ?, ?) \
             on conflict (platform, channel) do update set theme = excluded.theme";
        self.set_keyed_text(sql, platform, channel, theme).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::UserText;

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

    #[tokio::test]
    async fn a_channel_keeps_its_theme_apart_from_its_players() {
        let store = Store::open("sqlite::memory:").await.expect("open");
        store
            .set_channel_theme("console", "g", "blue")
            .await
            .unwrap();
        store
            .set_channel_theme("console", "g", "green")
            .await
            .unwrap();
        store
            .set_user_text(UserText::BoardTheme, "console", "alice", "high-contrast")
            .await
            .unwrap();
        let g = store.place_prefs("console", "g", "alice").await.unwrap();
        assert_eq!(g.channel_theme.as_deref(), Some("green"));
        assert_eq!(g.theme.as_deref(), Some("high-contrast"));
        let h = store.place_prefs("console", "h", "alice").await.unwrap();
        assert_eq!(h.channel_theme, None);
    }
}
