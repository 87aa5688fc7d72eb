//! Games and their moves in the database: inserting a game (from an
//! accepted challenge or directly, against the computer), reading games,
//! and every guarded change of a running game (a move, a takeback, an offer,
//! its end, a move to another channel).

use super::backend::{Tx, query, query_as};
use super::outbox::{ANNOUNCE_END, Outbox};
use super::ratings::{self, RatingChange, RatingUpdate};
use super::summaries;
use super::{ChannelKey, Store, StoreError, StoreResult, map_unique};

mod rows;
mod start;

pub use rows::{Bank, GameRow, GameUpdate, Import, MoveRow, NewGame};
pub(super) use start::{insert_game_row, insert_import};

/// Status value of a running game.
pub const STATUS_ACTIVE: &str = "active";
/// Status value of an ended game.
pub const STATUS_FINISHED: &str = "finished";

const GAME_COLUMNS: &str = "id, platform, guild, channel, white_id, white_name, black_id, \
     black_name, start_fen, rules, days, status, result, termination, ply, fen, draw_offer, \
     takeback_offer, deadline_at, remind_at, created_at, updated_at, ended_at, rated, \
     white_rating_before, white_rating_after, black_rating_before, black_rating_after, variant, \
     start_position, bank_cap_ms, increment_ms, white_bank_ms, black_bank_ms, bank_reminded, \
     imported_plies, import_tags, vacation_stops";

/// Ends an active game at an expected ply: result, termination, ended_at,
/// updated_at, id, ply.
const FINISH_SQL: &str = "update game set status = 'finished', result = ?, termination = ?, \
     ended_at = ?, updated_at = ?, draw_offer = null, takeback_offer = null, deadline_at = null, \
     remind_at = null where id = ? and status = 'active' and ply = ?";

/// Removes every conditional line of a game: game id.
const CLEAR_PREMOVES_SQL: &str = "delete from premove where game_id = ?";

/// A `select` of every game column with `tail` (a filter and/or order).
pub(super) fn game_sql(tail: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!("select {GAME_COLUMNS} from game {tail}"))
}

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

    /// The game by id.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game(&self, id: i64) -> StoreResult<Option<GameRow>> {
        Ok(query_as(game_sql("where id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The game of a channel that `tail` (a filter and/or order after the
    /// channel condition) selects.
    async fn channel_game(&self, place: &ChannelKey, tail: &str) -> StoreResult<Option<GameRow>> {
        let filter = format!("where platform = ? and guild = ? and channel = ? {tail}");
        Ok(query_as(game_sql(&filter))
            .bind(&place.platform)
            .bind(&place.guild)
            .bind(&place.channel)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The active game of a channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_game(&self, place: &ChannelKey) -> StoreResult<Option<GameRow>> {
        self.channel_game(place, "and status = 'active'").await
    }

    /// The most recent game of a channel, active or finished.
    ///
    /// # Errors
    /// Database failures.
    pub async fn last_game(&self, place: &ChannelKey) -> StoreResult<Option<GameRow>> {
        self.channel_game(place, "order by id desc limit 1").await
    }

    /// The most recent finished game of a channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn last_finished_game(&self, place: &ChannelKey) -> StoreResult<Option<GameRow>> {
        self.channel_game(place, "and status = 'finished' order by id desc limit 1")
            .await
    }

    /// Active games on a platform server (guild), soonest deadline first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_in(&self, platform: &str, guild: &str) -> StoreResult<Vec<GameRow>> {
        Ok(query_as(game_sql(
            "where platform = ? and guild = ? and status = 'active' \
             order by deadline_at, id limit 50",
        ))
        .bind(platform)
        .bind(guild)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Active games of a user on a platform, soonest deadline first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn active_games_of(&self, platform: &str, user: &str) -> StoreResult<Vec<GameRow>> {
        Ok(query_as(game_sql(
            "where platform = ? and status = 'active' and (white_id = ? or black_id = ?) \
             order by deadline_at, id limit 50",
        ))
        .bind(platform)
        .bind(user)
        .bind(user)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Finished games of a user on a platform, newest first.
    ///
    /// # Errors
    /// Database failures.
    pub async fn finished_games_of(
        &self,
        platform: &str,
        user: &str,
        limit: i64,
    ) -> StoreResult<Vec<GameRow>> {
        Ok(query_as(game_sql(
            "where platform = ? and status = 'finished' and (white_id = ? or black_id = ?) \
             order by id desc limit ?",
        ))
        .bind(platform)
        .bind(user)
        .bind(user)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The moves of a game in order.
    ///
    /// # Errors
    /// Database failures.
    pub async fn moves(&self, game_id: i64) -> StoreResult<Vec<MoveRow>> {
        Ok(
            query_as("select ply, uci, san, played_at from move where game_id = ? order by ply")
                .bind(game_id)
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Applies a move: the game must be active at `expected_ply`; the move
    /// becomes ply `expected_ply + 1`. One transaction, committed (and
    /// synced) before returning.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game is no longer at `expected_ply`.
    ///
    /// When the move ends the game and `ratings` is given, both players'
    /// ratings are updated in the same transaction (see
    /// [`Store::finish_game`]).
    pub async fn apply_move(
        &self,
        game_id: i64,
        expected_ply: i64,
        mv: &MoveRow,
        update: &GameUpdate,
        ratings: Option<&RatingUpdate>,
    ) -> StoreResult<Option<RatingChange>> {
        let mut tx = self.pool.begin().await?;
        advance(
            &mut tx,
            game_id,
            expected_ply,
            std::slice::from_ref(mv),
            update,
        )
        .await?;
        let change = settle_end(&mut tx, game_id, expected_ply + 1, update, ratings).await?;
        tx.commit().await?;
        self.changed(game_id);
        Ok(change)
    }

    /// Takes back moves: the game must be active at `expected_ply`; moves
    /// after `new_ply` are deleted and the game state replaced.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game is no longer at `expected_ply`.
    pub async fn take_back(
        &self,
        game_id: i64,
        expected_ply: i64,
        new_ply: i64,
        update: &GameUpdate,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update game set ply = ?, fen = ?, draw_offer = ?, takeback_offer = ?, \
             deadline_at = ?, remind_at = ?, updated_at = ? \
             where id = ? and status = 'active' and ply = ?",
        )
        .bind(new_ply)
        .bind(&update.fen)
        .bind(&update.draw_offer)
        .bind(&update.takeback_offer)
        .bind(update.deadline_at)
        .bind(update.remind_at)
        .bind(update.now)
        .bind(game_id)
        .bind(expected_ply)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        query("delete from move where game_id = ? and ply > ?")
            .bind(game_id)
            .bind(new_ply)
            .execute(&mut *tx)
            .await?;
        // A takeback clears every conditional line.
        query(CLEAR_PREMOVES_SQL)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        self.changed(game_id);
        Ok(())
    }

    /// Changes the standing `offer` (a colour name or null) of an active
    /// game at `expected_ply`, from `old` to `new`: only that offer's
    /// column, and only if it still holds `old`, so a concurrent change of
    /// the other offer (or of this one) is never overwritten.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game or the offer changed.
    pub async fn set_offer(
        &self,
        offer: Offer,
        game_id: i64,
        expected_ply: i64,
        old: Option<&str>,
        new: Option<&str>,
        now: i64,
    ) -> StoreResult<()> {
        let done = query(offer.update_sql())
            .bind(new)
            .bind(now)
            .bind(game_id)
            .bind(expected_ply)
            .bind(old.unwrap_or(""))
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 {
            self.changed(game_id);
            Ok(())
        } else {
            Err(StoreError::Stale)
        }
    }

    /// Ends an active game at `expected_ply` (resignation, agreement, abort,
    /// claim, time-out). Claims the end atomically: of two processes ending
    /// the same game, exactly one succeeds. With `ratings`, that one also
    /// updates both players' ratings in the same transaction, so a rated
    /// game counts exactly once (an aborted game, result `*`, never does).
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game changed or already ended.
    pub async fn finish_game(
        &self,
        game_id: i64,
        expected_ply: i64,
        result: &str,
        termination: &str,
        now: i64,
        ratings: Option<&RatingUpdate>,
    ) -> StoreResult<Option<RatingChange>> {
        let mut tx = self.pool.begin().await?;
        let end = GameEnd {
            game_id,
            expected_ply,
            result,
            termination,
            now,
        };
        let change = end_in(&mut tx, &end, ratings).await?;
        summaries::record_summary(&mut tx, game_id, expected_ply, result, now).await?;
        tx.commit().await?;
        self.changed(game_id);
        Ok(change)
    }

    /// Ends a game on time and records its announcement in the outbox, in
    /// one transaction: exactly one caller succeeds, and the announcement
    /// survives the caller dying before it posted. Returns the
    /// announcement's id. With `ratings`, both players' ratings are updated
    /// in the same transaction (the game row records them).
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game changed or already ended.
    #[allow(clippy::too_many_arguments)]
    pub async fn finish_game_announced(
        &self,
        game_id: i64,
        expected_ply: i64,
        result: &str,
        termination: &str,
        now: i64,
        lease_until: i64,
        ratings: Option<&RatingUpdate>,
    ) -> StoreResult<i64> {
        let mut tx = self.pool.begin().await?;
        let end = GameEnd {
            game_id,
            expected_ply,
            result,
            termination,
            now,
        };
        end_in(&mut tx, &end, ratings).await?;
        let id = Outbox::Games
            .record(
                &mut tx,
                game_id,
                Some((ANNOUNCE_END, expected_ply)),
                now,
                lease_until,
            )
            .await?;
        summaries::record_summary(&mut tx, game_id, expected_ply, result, now).await?;
        tx.commit().await?;
        self.changed(game_id);
        Ok(id)
    }

    /// Moves the active game of `from` to `to` (a Discord thread).
    ///
    /// # Errors
    /// [`StoreError::Busy`] when `to` already has an active game.
    pub async fn rebind_channel(&self, from: &ChannelKey, to: &ChannelKey) -> StoreResult<bool> {
        let done = query(
            "update game set platform = ?, guild = ?, channel = ? \
             where platform = ? and guild = ? and channel = ? and status = 'active'",
        )
        .bind(&to.platform)
        .bind(&to.guild)
        .bind(&to.channel)
        .bind(&from.platform)
        .bind(&from.guild)
        .bind(&from.channel)
        .execute(&self.pool)
        .await
        .map_err(map_unique)?;
        Ok(done.rows_affected() == 1)
    }

    /// Consistency check (tests, the crash test): every game's `ply` equals
    /// its number of moves and the moves are numbered 1..=ply.
    ///
    /// # Errors
    /// Database failures.
    pub async fn inconsistent_games(&self) -> StoreResult<Vec<i64>> {
        let rows: Vec<(i64,)> = query_as(
            "select g.id from game g where g.ply <> \
             (select count(*) from move m where m.game_id = g.id) \
             or g.ply <> coalesce((select max(m.ply) from move m where m.game_id = g.id), 0)",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|r| r.0).collect())
    }
}

type FinishColumns<'a> = (&'static str, Option<&'a str>, Option<&'a str>, Option<i64>);

pub(super) fn finish_columns(update: &GameUpdate) -> FinishColumns<'_> {
    match &update.finish {
        Some((result, termination)) => (
            STATUS_FINISHED,
            Some(result.as_str()),
            Some(termination.as_str()),
            Some(update.now),
        ),
        None => (STATUS_ACTIVE, None, None, None),
    }
}

/// The guarded start of every move's transaction ([`Store::apply_move`],
/// [`Store::apply_moves`]): the game must be active at `expected_ply` and
/// not past its deadline; it takes `update` and `moves` become its plies
/// `expected_ply + 1...`.
///
/// # Errors
/// [`StoreError::Stale`] when the game is no longer at `expected_ply`.
pub(super) async fn advance(
    tx: &mut Tx,
    game_id: i64,
    expected_ply: i64,
    moves: &[MoveRow],
    update: &GameUpdate,
) -> StoreResult<()> {
    let (status, result, termination, ended_at) = finish_columns(update);
    let done = query(
        "update game set ply = ply + ?, fen = ?, draw_offer = ?, takeback_offer = ?, \
         deadline_at = ?, remind_at = ?, status = ?, result = ?, termination = ?, \
         ended_at = ?, updated_at = ?, white_bank_ms = coalesce(?, white_bank_ms), \
         black_bank_ms = coalesce(?, black_bank_ms), bank_reminded = null \
         where id = ? and status = 'active' and ply = ? \
         and (deadline_at is null or deadline_at > ?)",
    )
    .bind(moves.len() as i64)
    .bind(&update.fen)
    .bind(&update.draw_offer)
    .bind(&update.takeback_offer)
    .bind(update.deadline_at)
    .bind(update.remind_at)
    .bind(status)
    .bind(result)
    .bind(termination)
    .bind(ended_at)
    .bind(update.now)
    .bind(update.banks.map(|b| b.0))
    .bind(update.banks.map(|b| b.1))
    .bind(game_id)
    .bind(expected_ply)
    .bind(update.now)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Stale);
    }
    for (i, mv) in moves.iter().enumerate() {
        query("insert into move (game_id, ply, uci, san, played_at) values (?, ?, ?, ?, ?)")
            .bind(game_id)
            .bind(expected_ply + 1 + i as i64)
            .bind(&mv.uci)
            .bind(&mv.san)
            .bind(mv.played_at)
            .execute(&mut **tx)
            .await
            .map_err(|e| match map_unique(e) {
                StoreError::Busy => StoreError::Stale,
                e => e,
            })?;
    }
    Ok(())
}

/// The end of a move's transaction when the moves ended the game (now at
/// `ply`): both ratings with `ratings`, and the summary entry.
///
/// # Errors
/// Database failures.
pub(super) async fn settle_end(
    tx: &mut Tx,
    game_id: i64,
    ply: i64,
    update: &GameUpdate,
    ratings: Option<&RatingUpdate>,
) -> StoreResult<Option<RatingChange>> {
    let Some((result, _)) = &update.finish else {
        return Ok(None);
    };
    let change = match ratings {
        Some(u) => ratings::apply_rating(tx, game_id, result, u, update.now).await?,
        None => None,
    };
    summaries::record_summary(tx, game_id, ply, result, update.now).await?;
    Ok(change)
}

/// A standing request one side makes of the other in a game; each has its
/// own column, so a change of one never overwrites the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A draw offer (`draw_offer`).
    Draw,
    /// A takeback request (`takeback_offer`).
    Takeback,
}

impl Offer {
    /// The guarded update of its column: binds the new value, `now`, the
    /// game, its ply and the old value (`''` for none).
    fn update_sql(self) -> &'static str {
        match self {
            Offer::Draw => {
                "update game set draw_offer = ?, updated_at = ? \
                 where id = ? and status = 'active' and ply = ? and coalesce(draw_offer, '') = ?"
            }
            Offer::Takeback => {
                "update game set takeback_offer = ?, updated_at = ? \
                 where id = ? and status = 'active' and ply = ? \
                 and coalesce(takeback_offer, '') = ?"
            }
        }
    }
}

/// The game that ends and how: what both ways of finishing a game write.
struct GameEnd<'a> {
    game_id: i64,
    expected_ply: i64,
    result: &'a str,
    termination: &'a str,
    now: i64,
}

/// Ends the game in `tx` if it is still at `expected_ply`, clears its
/// conditional lines and, with `ratings`, updates both players' ratings:
/// the part of finishing a game that is the same whether or not an
/// announcement is recorded with it.
async fn end_in(
    tx: &mut Tx,
    end: &GameEnd<'_>,
    ratings: Option<&RatingUpdate>,
) -> StoreResult<Option<RatingChange>> {
    let done = query(FINISH_SQL)
        .bind(end.result)
        .bind(end.termination)
        .bind(end.now)
        .bind(end.now)
        .bind(end.game_id)
        .bind(end.expected_ply)
        .execute(&mut **tx)
        .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Stale);
    }
    // The end of a game clears every conditional line.
    query(CLEAR_PREMOVES_SQL)
        .bind(end.game_id)
        .execute(&mut **tx)
        .await?;
    match ratings {
        Some(u) => ratings::apply_rating(tx, end.game_id, end.result, u, end.now).await,
        None => Ok(None),
    }
}
