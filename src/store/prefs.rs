//! Each user's board settings in the database: the view and the theme.

use super::backend::{query, query_as};
use super::*;

impl Store {
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

    /// Sets which side a user's boards show at the bottom.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_board_view(&self, platform: &str, user: &str, view: &str) -> StoreResult<()> {
        let sql = "insert into board_setting (platform, user_id, board_view) values (?, ?, ?) \
             on conflict (platform, user_id) do update set board_view = excluded.board_view";
        self.set_board_setting(sql, platform, user, view).await
    }

    /// Sets a user's board theme.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_board_theme(
        &self,
        platform: &str,
        user: &str,
        theme: &str,
    ) -> StoreResult<()> {
        let sql = "insert into board_setting (platform, user_id, theme) values (?, ?, ?) \
             on conflict (platform, user_id) do update set theme = excluded.theme";
        self.set_board_setting(sql, platform, user, theme).await
    }

    /// Runs one of the upserts above, which set one column of a user's
    /// `board_setting` row and keep the other.
    async fn set_board_setting(
        &self,
        upsert: &'static str,
        platform: &str,
        user: &str,
        value: &str,
    ) -> StoreResult<()> {
        query(upsert)
            .bind(platform)
            .bind(user)
            .bind(value)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn board_settings_are_kept_per_user_and_platform() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        assert_eq!(
            store.board_prefs("console", "alice").await.unwrap(),
            (None, None)
        );
        store
            .set_board_view("console", "alice", "black")
            .await
            .unwrap();
        store
            .set_board_theme("console", "alice", "blue")
            .await
            .unwrap();
        store
            .set_board_view("console", "alice", "white")
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
}
