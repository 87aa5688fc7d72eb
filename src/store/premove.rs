//! Conditional moves and private notes in the database: each
//! player's queued lines of a game (`premove`), applying a move together
//! with the conditional reply it triggers in one transaction, and one
//! private note per player and game (`note`).
//!
//! Lines are edited and consumed under the game row's guard (`update game
//! ... where id = ? and status = 'active' and ply = ?`), and every change
//! compares the lines it read with what is stored: a move and its
//! conditional reply apply exactly once, and an edit made while the
//! opponent moved is never lost silently (the loser is told to try again).

use super::backend::{query, query_as};
use super::games::{GameUpdate, MoveRow, advance, settle_end};
use super::ratings::{RatingChange, RatingUpdate};
use super::{Store, StoreError, StoreResult};

/// A player's queued lines of a game.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PremoveRow {
    pub game_id: i64,
    /// The game's ply the lines start at (the opponent to move).
    pub ply: i64,
    /// Lines separated by `;`, each UCI moves separated by spaces.
    pub lines: String,
}

/// What a move does to the waiting player's lines, checked in the move's
/// transaction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinesCheck {
    /// The waiting player (the owner of the lines).
    pub player_id: String,
    /// The lines as read before the move (`None`: there were none); the
    /// move applies only if they are still exactly these.
    pub expected: Option<PremoveRow>,
    /// The lines left after the move: the ply they start at and the lines.
    /// `None` removes them.
    pub keep: Option<(i64, String)>,
}

/// How [`Store::apply_moves`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Written; the rating change when the moves ended a rated game.
    Done(Option<RatingChange>),
    /// The waiting player's lines changed since they were read: nothing
    /// written (read them again and retry).
    LinesChanged,
}

/// Locks an active game at an expected ply for the rest of the
/// transaction without changing it: id, ply.
const LOCK_GAME_SQL: &str =
    "update game set ply = ply where id = ? and status = 'active' and ply = ?";

const PREMOVE_SQL: &str =
    "select game_id, ply, lines from premove where game_id = ? and player_id = ?";

impl Store {
    /// A player's queued lines of a game, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn premove(&self, game_id: i64, player_id: &str) -> StoreResult<Option<PremoveRow>> {
        Ok(query_as(PREMOVE_SQL)
            .bind(game_id)
            .bind(player_id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The queued lines of a player in their running games on a platform
    /// that are still current (the game stands where the lines start).
    ///
    /// # Errors
    /// Database failures.
    pub async fn premoves_of(
        &self,
        platform: &str,
        player_id: &str,
    ) -> StoreResult<Vec<PremoveRow>> {
        Ok(query_as(
            "select p.game_id, p.ply, p.lines from premove p join game g on g.id = p.game_id \
             where g.platform = ? and p.player_id = ? and g.status = 'active' and g.ply = p.ply \
             order by p.game_id",
        )
        .bind(platform)
        .bind(player_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Replaces a player's lines of an active game standing at
    /// `expected_ply` (`lines` `None` removes them), if they are still
    /// `old` (what the caller read).
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game moved on or ended, or the lines
    /// changed meanwhile.
    pub async fn set_premove(
        &self,
        game_id: i64,
        expected_ply: i64,
        player_id: &str,
        old: Option<&PremoveRow>,
        lines: Option<&str>,
        now: i64,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        let locked = query(LOCK_GAME_SQL)
            .bind(game_id)
            .bind(expected_ply)
            .execute(&mut *tx)
            .await?;
        if locked.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        let current: Option<PremoveRow> = query_as(PREMOVE_SQL)
            .bind(game_id)
            .bind(player_id)
            .fetch_optional(&mut *tx)
            .await?;
        if current.as_ref() != old {
            return Err(StoreError::Stale);
        }
        match lines {
            Some(lines) => {
                query(
                    "insert into premove (game_id, player_id, ply, lines, updated_at) \
                     values (?, ?, ?, ?, ?) on conflict (game_id, player_id) do update \
                     set ply = excluded.ply, lines = excluded.lines, \
                     updated_at = excluded.updated_at",
                )
                .bind(game_id)
                .bind(player_id)
                .bind(expected_ply)
                .bind(lines)
                .bind(now)
                .execute(&mut *tx)
                .await?;
            }
            None => {
                query("delete from premove where game_id = ? and player_id = ?")
                    .bind(game_id)
                    .bind(player_id)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }

    /// Applies one move, or a move and the conditional reply it triggered
    /// (`moves` in order), as one transaction: the game must be active at
    /// `expected_ply` (and not past its deadline); the moves become plies
    /// `expected_ply + 1...`. The waiting player's lines must still be
    /// `check.expected`; they are replaced by `check.keep` (every other
    /// player's lines of the game go: none can be current). With `ratings`,
    /// a game the moves end updates both ratings in the same transaction.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game is no longer at `expected_ply`.
    pub async fn apply_moves(
        &self,
        game_id: i64,
        expected_ply: i64,
        moves: &[MoveRow],
        update: &GameUpdate,
        ratings: Option<&RatingUpdate>,
        check: &LinesCheck,
    ) -> StoreResult<Applied> {
        let mut tx = self.pool.begin().await?;
        advance(&mut tx, game_id, expected_ply, moves, update).await?;
        // Every line of the game goes; the waiting player's, as they were
        // deleted, must be what the move was planned with. One statement
        // for both, to keep a move's round trips to the database few.
        let deleted: Vec<(String, i64, i64, String)> = query_as(
            "delete from premove where game_id = ? returning player_id, game_id, ply, lines",
        )
        .bind(game_id)
        .fetch_all(&mut *tx)
        .await?;
        let current = deleted
            .into_iter()
            .find(|(player, ..)| *player == check.player_id)
            .map(|(_, game_id, ply, lines)| PremoveRow {
                game_id,
                ply,
                lines,
            });
        if current != check.expected {
            // Dropped without a commit: the delete and the moves undone.
            return Ok(Applied::LinesChanged);
        }
        if let Some((ply, lines)) = &check.keep {
            query(
                "insert into premove (game_id, player_id, ply, lines, updated_at) \
                 values (?, ?, ?, ?, ?)",
            )
            .bind(game_id)
            .bind(&check.player_id)
            .bind(*ply)
            .bind(lines)
            .bind(update.now)
            .execute(&mut *tx)
            .await?;
        }
        let ply = expected_ply + moves.len() as i64;
        let change = settle_end(&mut tx, game_id, ply, update, ratings).await?;
        tx.commit().await?;
        self.changed(game_id);
        Ok(Applied::Done(change))
    }

    /// A player's private note on a game, if any.
    ///
    /// # Errors
    /// Database failures.
    pub async fn note(&self, game_id: i64, player_id: &str) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select body from note where game_id = ? and player_id = ?")
                .bind(game_id)
                .bind(player_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }

    /// A player's notes on their running games on a platform: game and
    /// note.
    ///
    /// # Errors
    /// Database failures.
    pub async fn notes_of(
        &self,
        platform: &str,
        player_id: &str,
    ) -> StoreResult<Vec<(i64, String)>> {
        Ok(query_as(
            "select n.game_id, n.body from note n join game g on g.id = n.game_id \
             where g.platform = ? and n.player_id = ? and g.status = 'active' \
             order by n.game_id",
        )
        .bind(platform)
        .bind(player_id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Writes (or with `None` removes) a player's note on a game: one per
    /// player and game, the last one wins.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_note(
        &self,
        game_id: i64,
        player_id: &str,
        body: Option<&str>,
        now: i64,
    ) -> StoreResult<()> {
        match body {
            Some(body) => {
                query(
                    "insert into note (game_id, player_id, body, updated_at) values (?, ?, ?, ?) \
                     on conflict (game_id, player_id) do update \
                     set body = excluded.body, updated_at = excluded.updated_at",
                )
                .bind(game_id)
                .bind(player_id)
                .bind(body)
                .bind(now)
                .execute(&self.pool)
                .await?;
            }
            None => {
                query("delete from note where game_id = ? and player_id = ?")
                    .bind(game_id)
                    .bind(player_id)
                    .execute(&self.pool)
                    .await?;
            }
        }
        Ok(())
    }
}
