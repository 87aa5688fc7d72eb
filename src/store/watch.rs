//! What spectator pages read and keep: the unguessable tokens of games and
//! leagues (made once, on the first link), a community's switch for its
//! pages, and the signal that a game changed, so open pages follow it.

use super::backend::{query, query_as};
use super::games::{GameRow, game_sql};
use super::leagues::{LeagueRow, league_sql};
use super::{Store, StoreResult};

/// How many game changes a slow listener may fall behind before it is told
/// it lagged (it then reloads what it follows).
pub const CHANGE_BACKLOG: usize = 1024;

impl Store {
    /// The watch token of game `game_id`: its existing one, else `fresh`
    /// (stored now; of two processes racing, the first one's stays).
    /// `None` when there is no such game.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_watch_token(&self, game_id: i64, fresh: &str) -> StoreResult<Option<String>> {
        query("update game set watch_token = ? where id = ? and watch_token is null")
            .bind(fresh)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        let row: Option<(Option<String>,)> = query_as("select watch_token from game where id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.0))
    }

    /// Gives game `game_id`'s page the token `fresh`: the old one no longer
    /// finds it.
    ///
    /// # Errors
    /// Database failures.
    pub async fn replace_game_watch_token(&self, game_id: i64, fresh: &str) -> StoreResult<()> {
        query("update game set watch_token = ? where id = ?")
            .bind(fresh)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The game whose watch token is `token`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_by_watch_token(&self, token: &str) -> StoreResult<Option<GameRow>> {
        Ok(query_as(game_sql("where watch_token = ?"))
            .bind(token)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The watch token of league `league_id`, made from `fresh` when it has
    /// none (see [`Store::game_watch_token`]).
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_watch_token(
        &self,
        league_id: i64,
        fresh: &str,
    ) -> StoreResult<Option<String>> {
        query("update league set watch_token = ? where id = ? and watch_token is null")
            .bind(fresh)
            .bind(league_id)
            .execute(&self.pool)
            .await?;
        let row: Option<(Option<String>,)> =
            query_as("select watch_token from league where id = ?")
                .bind(league_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.and_then(|r| r.0))
    }

    /// The watch tokens of league `league_id`'s games that have one: (game
    /// id, token), in one query, making none.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_game_watch_tokens(
        &self,
        league_id: i64,
    ) -> StoreResult<Vec<(i64, String)>> {
        Ok(query_as(
            "select g.id, g.watch_token from league_game lg join game g on g.id = lg.game_id \
             where lg.league_id = ? and g.watch_token is not null",
        )
        .bind(league_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The league whose watch token is `token`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_by_watch_token(&self, token: &str) -> StoreResult<Option<LeagueRow>> {
        Ok(query_as(league_sql("where watch_token = ?"))
            .bind(token)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Whether `community` serves spectator pages (yes unless turned off).
    ///
    /// # Errors
    /// Database failures.
    pub async fn spectator_pages(&self, community: &str) -> StoreResult<bool> {
        let row: Option<(i64,)> =
            query_as("select pages from spectator_setting where community = ?")
                .bind(community)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.is_none_or(|r| r.0 != 0))
    }

    /// Turns `community`'s spectator pages on or off.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_spectator_pages(&self, community: &str, on: bool) -> StoreResult<()> {
        query(
            "insert into spectator_setting (community, pages) values (?, ?) \
             on conflict (community) do update set pages = excluded.pages",
        )
        .bind(community)
        .bind(i64::from(on))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Game ids as this process changes them (a move, an offer, a
    /// takeback, an end, a move to another place), right after the commit.
    /// Changes made by other processes sharing the database are not here:
    /// a listener that must see them also reads the games it follows.
    #[must_use]
    pub fn game_changes(&self) -> tokio::sync::broadcast::Receiver<i64> {
        self.changes.subscribe()
    }

    /// Tells the listeners of [`Store::game_changes`] that `game_id`
    /// changed (nobody listening is fine).
    pub(super) fn changed(&self, game_id: i64) {
        let _ = self.changes.send(game_id);
    }
}
