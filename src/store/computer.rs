//! Games that start without a challenge (`computer`): inserted directly,
//! with the same one-active-game-per-channel rule as accepted challenges.

use super::backend::query_as;
use super::*;

impl Store {
    /// Inserts an active game at ply 0 that no challenge led to (a game
    /// against the computer). `clocked`: whether the side to move has
    /// `g`'s deadline and reminder (not when the computer moves first: its
    /// clock never runs).
    ///
    /// # Errors
    /// [`StoreError::Busy`] when the channel already has an active game.
    pub async fn insert_game(&self, g: &NewGame, clocked: bool) -> StoreResult<i64> {
        insert_game_row(g, clocked, &self.pool).await
    }
}

/// Inserts an active game at ply 0; `clocked`: whether the side to move
/// has `g`'s deadline and reminder.
pub(super) async fn insert_game_row<'e>(
    g: &NewGame,
    clocked: bool,
    db: impl Into<super::backend::Exec<'e>>,
) -> StoreResult<i64> {
    let row: (i64,) = query_as(
        "insert into game (platform, guild, channel, white_id, white_name, black_id, \
         black_name, start_fen, rules, days, status, ply, fen, deadline_at, remind_at, \
         created_at, updated_at, rated) \
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, ?, ?) returning id",
    )
    .bind(&g.place.platform)
    .bind(&g.place.guild)
    .bind(&g.place.channel)
    .bind(&g.white_id)
    .bind(&g.white_name)
    .bind(&g.black_id)
    .bind(&g.black_name)
    .bind(&g.start_fen)
    .bind(&g.rules)
    .bind(g.days)
    .bind(&g.start_fen)
    .bind(clocked.then_some(g.deadline_at))
    .bind(clocked.then_some(g.remind_at))
    .bind(g.created_at)
    .bind(g.created_at)
    .bind(i64::from(g.rated))
    .fetch_one(db)
    .await
    .map_err(map_unique)?;
    Ok(row.0)
}
