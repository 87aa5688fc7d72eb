//! Preferences in the database: the language of a channel and of a game,
//! and each user's board settings (the view and the theme).

use super::backend::{query, query_as};
use super::{Store, StoreResult};

/// The preferences [`Store::place_prefs`] reads, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlacePrefsRow {
    /// The channel's language code.
    pub language: Option<String>,
    /// The channel's board view (`white` or `black`).
    pub channel_board: Option<String>,
    /// The user's board view.
    pub board_view: Option<String>,
    /// The user's board theme.
    pub theme: Option<String>,
    /// The channel's board theme (its public pictures).
    pub channel_theme: Option<String>,
}

/// A text column that may be null.
type Text = Option<String>;

impl Store {
    /// The language set for a channel (`settings`), if any: a code such as
    /// `ru`, as stored.
    ///
    /// # Errors
    /// Database failures.
    pub async fn channel_language(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<String>> {
        let sql = "select language from channel_settings where platform = ? and channel = ?";
        self.keyed_text(sql, platform, channel).await
    }

    /// What a command in a channel needs before it is answered, read in one
    /// statement (one round trip to the database rather than
    /// three): the channel's language and board view, and `user`'s board
    /// view and theme (`None` for each not set).
    ///
    /// # Errors
    /// Database failures.
    pub async fn place_prefs(
        &self,
        platform: &str,
        channel: &str,
        user: &str,
    ) -> StoreResult<PlacePrefsRow> {
        // Language, channel side, user view, user theme, channel theme.
        let row: (Text, Text, Text, Text, Text) = query_as(
            "select \
             (select language from channel_settings where platform = ? and channel = ?), \
             (select board_view from channel_board where platform = ? and channel = ?), \
             (select board_view from board_setting where platform = ? and user_id = ?), \
             (select theme from board_setting where platform = ? and user_id = ?), \
             (select theme from channel_theme where platform = ? and channel = ?)",
        )
        .bind(platform)
        .bind(channel)
        .bind(platform)
        .bind(channel)
        .bind(platform)
        .bind(user)
        .bind(platform)
        .bind(user)
        .bind(platform)
        .bind(channel)
        .fetch_one(&self.pool)
        .await?;
        Ok(PlacePrefsRow {
            language: row.0,
            channel_board: row.1,
            board_view: row.2,
            theme: row.3,
            channel_theme: row.4,
        })
    }

    /// Sets (or replaces) the language of a channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_channel_language(
        &self,
        platform: &str,
        channel: &str,
        language: &str,
    ) -> StoreResult<()> {
        let sql = "insert into channel_settings (platform, channel, language) values (?, ?, ?) \
             on conflict (platform, channel) do update set language = excluded.language";
        self.set_keyed_text(sql, platform, channel, language).await
    }

    /// The language recorded on a game when it started (`None` when none
    /// was recorded or the game does not exist).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_locale(&self, game_id: i64) -> StoreResult<Option<String>> {
        let row: Option<(Option<String>,)> = query_as("select locale from game where id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.0))
    }

    /// Records the language of a game (the guild's language when it
    /// started).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_game_locale(&self, game_id: i64, locale: Option<&str>) -> StoreResult<()> {
        query("update game set locale = ? where id = ?")
            .bind(locale)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The board view and theme a user chose (`None` for each not set).
    ///
    /// # Errors
    /// Database failures.
    pub async fn board_prefs(
        &self,
        platform: &str,
        user: &str,
    ) -> StoreResult<(Option<String>, Option<String>)> {
        let row: Option<(Option<String>, Option<String>)> = query_as(
            "select board_view, theme from board_setting where platform = ? and user_id = ?",
        )
        .bind(platform)
        .bind(user)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.unwrap_or_default())
    }

    /// Whether a user turned the pictures of their private boards off
    /// (`settings images:off`): they get the position in words instead.
    ///
    /// # Errors
    /// Database failures.
    pub async fn board_images_off(&self, platform: &str, user: &str) -> StoreResult<bool> {
        let sql = "select images from board_setting where platform = ? and user_id = ?";
        let value = self.keyed_text(sql, platform, user).await?;
        Ok(value.as_deref() == Some("off"))
    }

    /// Sets whether a user's name is hidden on the spectator pages.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_page_name_hidden(
        &self,
        platform: &str,
        user: &str,
        hidden: bool,
    ) -> StoreResult<()> {
        let sql = "insert into board_setting (platform, user_id, page_name) values (?, ?, ?) \
             on conflict (platform, user_id) do update set page_name = excluded.page_name";
        let value = if hidden { "hidden" } else { "shown" };
        self.set_keyed_text(sql, platform, user, value).await
    }

    /// Whether a user hid their name from the spectator pages.
    ///
    /// # Errors
    /// Database failures.
    pub async fn page_name_hidden(&self, platform: &str, user: &str) -> StoreResult<bool> {
        let sql = "select page_name from board_setting where platform = ? and user_id = ?";
        let value = self.keyed_text(sql, platform, user).await?;
        Ok(value.as_deref() == Some("hidden"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::UserText;

    #[tokio::test]
    async fn board_settings_are_kept_per_user_and_platform() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        assert_eq!(
            store.board_prefs("console", "alice").await.unwrap(),
            (None, None)
        );
        store
            .set_user_text(UserText::BoardView, "console", "alice", "black")
            .await
            .unwrap();
        store
            .set_user_text(UserText::BoardTheme, "console", "alice", "blue")
            .await
            .unwrap();
        store
            .set_user_text(UserText::BoardView, "console", "alice", "white")
            .await
            .unwrap();
        assert_eq!(
            store.board_prefs("console", "alice").await.unwrap(),
            (Some("white".into()), Some("blue".into()))
        );
        assert_eq!(
            store.board_prefs("discord", "alice").await.unwrap(),
            (None, None)
        );
        assert_eq!(
            store.board_prefs("console", "bob").await.unwrap(),
            (None, None)
        );
    }

    #[tokio::test]
    async fn pictures_of_private_boards_are_on_until_a_user_turns_them_off() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        assert!(!store.board_images_off("console", "alice").await.unwrap());
        store
            .set_user_text(UserText::BoardImages, "console", "alice", "off")
            .await
            .unwrap();
        store
            .set_user_text(UserText::BoardTheme, "console", "alice", "blue")
            .await
            .unwrap();
        assert!(store.board_images_off("console", "alice").await.unwrap());
        assert!(!store.board_images_off("console", "bob").await.unwrap());
        assert_eq!(
            store.board_prefs("console", "alice").await.unwrap(),
            (None, Some("blue".into()))
        );
        store
            .set_user_text(UserText::BoardImages, "console", "alice", "on")
            .await
            .unwrap();
        assert!(!store.board_images_off("console", "alice").await.unwrap());
    }
}
