//! Swiss tournaments in the database: the start (round 1 inserted with the
//! league's state change), each later round (its games and byes in one
//! transaction that only the first of several processes completes), the
//! byes, late entries and the ratings of the initial order. The games are
//! league games whose cycle is their round.

use super::backend::{Tx, query, query_as};
use super::games::{NewGame, insert_game_row};
use super::leagues::{claim_league, free_seat};
use super::{Store, StoreError, StoreResult, map_unique};

/// The league format of a Swiss.
pub const FORMAT_SWISS: &str = "swiss";
/// The league format of a round robin.
pub const FORMAT_ROUND_ROBIN: &str = "round_robin";
/// A pairing-allocated bye (one point).
pub const BYE_PAIRING: &str = "U";
/// A zero-point bye (a round missed before a late entry).
pub const BYE_ZERO: &str = "Z";

/// A round of a Swiss to insert: its number, its games (number in the
/// league, the game) and its byes (player, kind).
#[derive(Clone, Debug)]
pub struct NewRound {
    pub round: i64,
    pub games: Vec<(i64, NewGame)>,
    pub byes: Vec<(String, String)>,
}

/// A `league_bye` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ByeRow {
    pub player_id: String,
    pub round: i64,
    pub kind: String,
}

async fn insert_round(id: i64, r: &NewRound, clocked: bool, tx: &mut Tx) -> StoreResult<Vec<i64>> {
    let mut ids = Vec::with_capacity(r.games.len());
    for (number, g) in &r.games {
        let game_id = insert_game_row(g, clocked, &mut **tx).await?;
        query("insert into league_game (league_id, number, game_id, cycle) values (?, ?, ?, ?)")
            .bind(id)
            .bind(*number)
            .bind(game_id)
            .bind(r.round)
            .execute(&mut **tx)
            .await
            .map_err(map_unique)?;
        ids.push(game_id);
    }
    for (player, kind) in &r.byes {
        query("insert into league_bye (league_id, player_id, round, kind) values (?, ?, ?, ?)")
            .bind(id)
            .bind(player)
            .bind(r.round)
            .bind(kind)
            .execute(&mut **tx)
            .await
            .map_err(map_unique)?;
    }
    Ok(ids)
}

impl Store {
    /// Starts an open Swiss: its state becomes `running`, its number of
    /// rounds `rounds`, each player's rating is kept, and round 1 is
    /// inserted, in one transaction. Returns the game ids in order.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the league is no longer open;
    /// [`StoreError::Busy`] when a game's place is taken.
    pub async fn start_swiss(
        &self,
        id: i64,
        now: i64,
        rounds: i64,
        ratings: &[(String, i64)],
        first: &NewRound,
        clocked: bool,
    ) -> StoreResult<Vec<i64>> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update league set state = 'running', started_at = ?, rounds = ? \
             where id = ? and state = 'open'",
        )
        .bind(now)
        .bind(rounds)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        for (player, rating) in ratings {
            query("update league_player set rating = ? where league_id = ? and player_id = ?")
                .bind(*rating)
                .bind(id)
                .bind(player)
                .execute(&mut *tx)
                .await?;
        }
        let ids = insert_round(id, first, clocked, &mut tx).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// Inserts a later round of a running Swiss once no game of it is
    /// active: of two processes pairing the same round, the second finds
    /// its game numbers taken and gets [`StoreError::Busy`].
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the league is not running or a game is
    /// still active; [`StoreError::Busy`] when the round exists already.
    pub async fn insert_swiss_round(
        &self,
        id: i64,
        round: &NewRound,
        clocked: bool,
    ) -> StoreResult<Vec<i64>> {
        let mut tx = self.pool.begin().await?;
        let done = query(
            "update league set state = state where id = ? and state = 'running' \
             and not exists (select 1 from league_game lg join game g on g.id = lg.game_id \
             where lg.league_id = ? and g.status = 'active')",
        )
        .bind(id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        let (existing,): (i64,) = query_as(
            "select count(*) from league_bye where league_id = ? and round = ? and kind = 'U'",
        )
        .bind(id)
        .bind(round.round)
        .fetch_one(&mut *tx)
        .await?;
        let (games,): (i64,) =
            query_as("select count(*) from league_game where league_id = ? and cycle = ?")
                .bind(id)
                .bind(round.round)
                .fetch_one(&mut *tx)
                .await?;
        if existing + games > 0 {
            return Err(StoreError::Busy);
        }
        let ids = insert_round(id, round, clocked, &mut tx).await?;
        tx.commit().await?;
        Ok(ids)
    }

    /// The byes of a league.
    ///
    /// # Errors
    /// Database failures.
    pub async fn league_byes(&self, id: i64) -> StoreResult<Vec<ByeRow>> {
        Ok(query_as(
            "select player_id, round, kind from league_bye where league_id = ? \
             order by round, player_id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Adds a late entry to a running Swiss with room left: zero-point
    /// byes for rounds `1..=missed`, the player's rating kept. `Ok(false)`
    /// when full.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the league is not a running Swiss;
    /// [`StoreError::Busy`] when the player is in it already.
    pub async fn join_running_swiss(
        &self,
        id: i64,
        player: (&str, &str),
        rating: i64,
        missed: i64,
        now: i64,
    ) -> StoreResult<bool> {
        let (player_id, player_name) = player;
        let mut tx = self.pool.begin().await?;
        let claim = "update league set state = state where id = ? and state = 'running' \
             and format = 'swiss'";
        claim_league(&mut tx, claim, id).await?;
        let Some(seat) = free_seat(&mut tx, id).await? else {
            return Ok(false);
        };
        query(
            "insert into league_player (league_id, player_id, player_name, seat, joined_at, \
             rating) values (?, ?, ?, ?, ?, ?)",
        )
        .bind(id)
        .bind(player_id)
        .bind(player_name)
        .bind(seat)
        .bind(now)
        .bind(rating)
        .execute(&mut *tx)
        .await
        .map_err(map_unique)?;
        for round in 1..=missed {
            query(
                "insert into league_bye (league_id, player_id, round, kind) \
                 values (?, ?, ?, 'Z')",
            )
            .bind(id)
            .bind(player_id)
            .bind(round)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(true)
    }
}
