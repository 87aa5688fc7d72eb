//! A community's correspondence settings (the leave allowance, the default
//! time control, the time-out rule) and the recent finished games the
//! time-out rule looks at.

use super::backend::{query, query_as};
use super::community::CommunityScope;
use super::games::{GameRow, game_sql};
use super::{Store, StoreResult};

/// A `community_setting` row; a null column is the default.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct CommunitySettings {
    /// Days of leave a player may take in a calendar year.
    pub leave_days: Option<i64>,
    /// The preset of a challenge that names no time control.
    pub control: Option<String>,
    /// The time-out percentage above which rated challenges are refused.
    pub timeout_percent: Option<i64>,
}

/// What a moderator changes: `None` leaves a setting as it is; for
/// `control` and `timeout_percent`, `Some(None)` clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommunitySettingsChange {
    pub leave_days: Option<i64>,
    pub control: Option<Option<String>>,
    pub timeout_percent: Option<Option<i64>>,
}

impl Store {
    /// The settings of `community` (all defaults when it set none).
    ///
    /// # Errors
    /// Database failures.
    pub async fn community_settings(&self, community: &str) -> StoreResult<CommunitySettings> {
        let row: Option<CommunitySettings> = query_as(
            "select leave_days, control, timeout_percent from community_setting \
             where community = ?",
        )
        .bind(community)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.unwrap_or_default())
    }

    /// Changes the settings of `community` (in one statement, so two
    /// moderators at once each keep the setting they changed).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_community_settings(
        &self,
        community: &str,
        change: &CommunitySettingsChange,
    ) -> StoreResult<()> {
        let control = change.control.clone().flatten();
        let timeouts = change.timeout_percent.flatten();
        query(
            "insert into community_setting (community, leave_days, control, timeout_percent) \
             values (?, ?, ?, ?) on conflict (community) do update set \
             leave_days = case when ? = 1 then excluded.leave_days \
               else community_setting.leave_days end, \
             control = case when ? = 1 then excluded.control \
               else community_setting.control end, \
             timeout_percent = case when ? = 1 then excluded.timeout_percent \
               else community_setting.timeout_percent end",
        )
        .bind(community)
        .bind(change.leave_days)
        .bind(control)
        .bind(timeouts)
        .bind(i64::from(change.leave_days.is_some()))
        .bind(i64::from(change.control.is_some()))
        .bind(i64::from(change.timeout_percent.is_some()))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The finished games of `player` in `scope` that have a result (not
    /// aborted), any variant, rated or not, the most recent first, at most
    /// `limit`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn finished_games_in(
        &self,
        scope: &CommunityScope,
        player: &str,
        limit: i64,
    ) -> StoreResult<Vec<GameRow>> {
        Ok(scope
            .bind(query_as(game_sql(
                "where status = 'finished' and result <> '*' and platform = ? \
             and (? = '' or guild = ?) and (? = '' or channel = ?) \
             and (white_id = ? or black_id = ?) \
             order by ended_at desc, id desc limit ?",
            )))
            .bind(player)
            .bind(player)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }
}
