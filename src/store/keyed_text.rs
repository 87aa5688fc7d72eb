//! Settings stored as one text column of a row found by two keys (a
//! channel's language, board side and theme; a user's board view, theme,
//! page name, turn-notice target and direct-message channel): reading that
//! column and setting it while keeping the row's other columns.

use super::backend::{query, query_as};
use super::{Store, StoreResult};

/// A user's setting kept as text under their platform and user id; each
/// names its table and column as constants, the only text its upsert
/// splices in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserText {
    /// Which side the user's boards show at the bottom.
    BoardView,
    /// The user's board theme.
    BoardTheme,
    /// Where the user's turn notices go.
    NotifyTarget,
    /// The direct-message channel a platform opened for the user
    /// (replacing an older one).
    DirectChannel,
    /// Whether the user's private boards come as pictures (`on`) or as
    /// words (`off`).
    BoardImages,
}

impl UserText {
    /// Its table (keyed by `platform` and `user_id`) and column.
    fn table_column(self) -> (&'static str, &'static str) {
        match self {
            UserText::BoardView => ("board_setting", "board_view"),
            UserText::BoardTheme => ("board_setting", "theme"),
            UserText::NotifyTarget => ("notify_setting", "target"),
            UserText::DirectChannel => ("direct_channel", "channel"),
            UserText::BoardImages => ("board_setting", "images"),
        }
    }
}

impl Store {
    /// Sets (or replaces) `user`'s `setting` on `platform`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_user_text(
        &self,
        setting: UserText,
        platform: &str,
        user: &str,
        value: &str,
    ) -> StoreResult<()> {
        let (table, column) = setting.table_column();
        let upsert = format!(
            "insert into {table} (platform, user_id, {column}) values (?, ?, ?) \
             on conflict (platform, user_id) do update set {column} = excluded.{column}"
        );
        self.set_keyed_text(sqlx::AssertSqlSafe(upsert), platform, user, value)
            .await
    }

    /// The text `select` reads for the keys `(a, b)`: `None` when there is
    /// no row or the column is empty. `select` takes the two keys as its
    /// two parameters and names one column.
    pub(super) async fn keyed_text(
        &self,
        select: &'static str,
        a: &str,
        b: &str,
    ) -> StoreResult<Option<String>> {
        let row: Option<(Option<String>,)> = query_as(select)
            .bind(a)
            .bind(b)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.0))
    }

    /// Runs `upsert` with the keys `(a, b)` and `value`: an insert of the
    /// row that, on a conflict of the keys, updates only its one column, so
    /// setting one setting keeps the others of the same row.
    pub(super) async fn set_keyed_text(
        &self,
        upsert: impl sqlx::SqlSafeStr,
        a: &str,
        b: &str,
        value: &str,
    ) -> StoreResult<()> {
        query(upsert)
            .bind(a)
            .bind(b)
            .bind(value)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
