//! Starting games: the row of a new game, its imported moves, and a league
//! or team match started with all its games in one transaction.

use super::super::backend::{Exec, Query, Tx, query, query_as};
use super::super::{Store, StoreError, StoreResult, map_unique};
use super::NewGame;

impl Store {
    /// Starts a league or a team match with its games, in one transaction:
    /// `start` is its guarded update to `running` (binding `now`, then
    /// `id`), which must change its row, else [`StoreError::Stale`]; then
    /// each of `games` is inserted, with its clock when `game` says so,
    /// followed by the rows `links` makes of it and its new id (those that
    /// tie it to the league or match). The game ids, in the order given.
    ///
    /// # Errors
    /// Database failures; `Stale` as above; [`StoreError::Busy`] when a
    /// game's place already has an active game.
    pub(in crate::store) async fn start_with_games<G>(
        &self,
        start: &'static str,
        id: i64,
        now: i64,
        games: &[G],
        game: impl Fn(&G) -> (&NewGame, bool),
        links: impl Fn(&G, i64) -> Vec<Query>,
    ) -> StoreResult<Vec<i64>> {
        let mut tx = self.pool.begin().await?;
        let done = query(start).bind(now).bind(id).execute(&mut *tx).await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        let mut ids = Vec::with_capacity(games.len());
        for g in games {
            let (new, clocked) = game(g);
            let game_id = insert_game_row(new, clocked, &mut *tx).await?;
            for link in links(g, game_id) {
                link.execute(&mut *tx).await?;
            }
            ids.push(game_id);
        }
        tx.commit().await?;
        Ok(ids)
    }
}

/// Inserts an active game at ply 0; `clocked`: whether the side to move
/// has `g`'s deadline and reminder.
pub(in crate::store) async fn insert_game_row<'e>(
    g: &NewGame,
    clocked: bool,
    db: impl Into<Exec<'e>>,
) -> StoreResult<i64> {
    let bank = g.bank.map(|b| b.bank_ms);
    let row: (i64,) = query_as(
        "insert into game (platform, guild, channel, white_id, white_name, black_id, \
         black_name, start_fen, rules, days, status, ply, fen, deadline_at, remind_at, \
         created_at, updated_at, rated, variant, start_position, bank_cap_ms, increment_ms, \
         white_bank_ms, black_bank_ms, vacation_stops) \
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
         returning id",
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
    .bind(&g.variant)
    .bind(g.start_position)
    .bind(bank)
    .bind(g.bank.map(|b| b.increment_ms))
    .bind(bank)
    .bind(bank)
    .bind(i64::from(g.vacation_stops))
    .fetch_one(db)
    .await
    .map_err(map_unique)?;
    Ok(row.0)
}

/// Writes the imported moves of a new game (at ply 0) as its first plies,
/// played at its creation, and moves it to the position after them.
///
/// # Errors
/// Database failures.
pub(in crate::store) async fn insert_import(
    tx: &mut Tx,
    game_id: i64,
    g: &NewGame,
) -> StoreResult<()> {
    let Some(import) = &g.import else {
        return Ok(());
    };
    for (i, (uci, san)) in import.moves.iter().enumerate() {
        query("insert into move (game_id, ply, uci, san, played_at) values (?, ?, ?, ?, ?)")
            .bind(game_id)
            .bind(i as i64 + 1)
            .bind(uci)
            .bind(san)
            .bind(g.created_at)
            .execute(&mut **tx)
            .await?;
    }
    let plies = import.moves.len() as i64;
    query("update game set ply = ?, fen = ?, imported_plies = ?, import_tags = ? where id = ?")
        .bind(plies)
        .bind(&import.fen)
        .bind(plies)
        .bind(&import.tags)
        .bind(game_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
