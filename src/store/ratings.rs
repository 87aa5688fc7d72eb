//! Ratings storage: the Glicko-2 update of a rated game inside the
//! transaction that finishes it (so it happens exactly once), a player's
//! rating, the leaderboard and head-to-head counts.

use super::backend::{Tx, query, query_as};
use super::*;
use crate::ratings::{Glicko2, PROVISIONAL_RD, rate_game};

/// The players of a rated game, for the rating update applied when the
/// game finishes with a result (never when it is aborted). Chess960 games
/// are rated in a pool of their own: `community` is then the standard
/// community followed by `:chess960` (see the service's `rating_pool`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingUpdate {
    /// The community whose ratings change (see the service's
    /// `community`): `discord:<guild>`, `matrix`, `console`.
    pub community: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
}

/// Both players' rounded ratings before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatingChange {
    pub white_before: i64,
    pub white_after: i64,
    pub black_before: i64,
    pub black_after: i64,
}

/// A `rating` row.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    pub community: String,
    pub player_id: String,
    pub player_name: String,
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub updated_at: i64,
}

impl RatingRow {
    /// The Glicko-2 numbers of the row.
    #[must_use]
    pub fn glicko(&self) -> Glicko2 {
        Glicko2 {
            rating: self.rating,
            rd: self.rd,
            volatility: self.volatility,
        }
    }
}

/// Finished games between two players, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct HeadToHead {
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

const RATING_COLUMNS: &str = "community, player_id, player_name, rating, rd, volatility, \
     games, wins, draws, losses, updated_at";

/// White's score for a PGN result; `None` for an aborted game.
fn white_score(result: &str) -> Option<f64> {
    match result {
        "1-0" => Some(1.0),
        "0-1" => Some(0.0),
        "1/2-1/2" => Some(0.5),
        _ => None,
    }
}

/// Locks (creating at the start rating when missing) and reads a player's
/// rating. The upsert takes the row lock on PostgreSQL, so two games of
/// the same player finishing at once update one after the other; SQLite
/// already holds the database write lock.
async fn lock_rating(
    tx: &mut Tx,
    community: &str,
    id: &str,
    name: &str,
    now: i64,
) -> StoreResult<Glicko2> {
    let start = Glicko2::default();
    query(
        "insert into rating (community, player_id, player_name, rating, rd, volatility, \
         games, wins, draws, losses, updated_at) values (?, ?, ?, ?, ?, ?, 0, 0, 0, 0, ?) \
         on conflict (community, player_id) do update set player_name = excluded.player_name",
    )
    .bind(community)
    .bind(id)
    .bind(name)
    .bind(start.rating)
    .bind(start.rd)
    .bind(start.volatility)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    let row: (f64, f64, f64) =
        query_as("select rating, rd, volatility from rating where community = ? and player_id = ?")
            .bind(community)
            .bind(id)
            .fetch_one(&mut **tx)
            .await?;
    Ok(Glicko2 {
        rating: row.0,
        rd: row.1,
        volatility: row.2,
    })
}

async fn save_rating(
    tx: &mut Tx,
    community: &str,
    id: &str,
    after: Glicko2,
    score: f64,
    now: i64,
) -> StoreResult<()> {
    let (w, d, l) = if score > 0.75 {
        (1, 0, 0)
    } else if score < 0.25 {
        (0, 0, 1)
    } else {
        (0, 1, 0)
    };
    query(
        "update rating set rating = ?, rd = ?, volatility = ?, games = games + 1, \
         wins = wins + ?, draws = draws + ?, losses = losses + ?, updated_at = ? \
         where community = ? and player_id = ?",
    )
    .bind(after.rating)
    .bind(after.rd)
    .bind(after.volatility)
    .bind(w)
    .bind(d)
    .bind(l)
    .bind(now)
    .bind(community)
    .bind(id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn rounded(x: f64) -> i64 {
    // Ratings stay far inside i64; the cast only drops the fraction.
    #[allow(clippy::cast_possible_truncation)]
    let r = x.round() as i64;
    r
}

/// Applies a rated game's result to both players' ratings and records the
/// ratings on the game, inside the transaction that just finished it.
/// `None` (nothing written) for an aborted game or a game against oneself.
pub(super) async fn apply_rating(
    tx: &mut Tx,
    game_id: i64,
    result: &str,
    u: &RatingUpdate,
    now: i64,
) -> StoreResult<Option<RatingChange>> {
    let Some(score) = white_score(result) else {
        return Ok(None);
    };
    if u.white_id == u.black_id {
        return Ok(None);
    }
    let c = u.community.as_str();
    // Lock in a fixed order so two games of the same pair cannot deadlock.
    let (white, black) = if u.white_id < u.black_id {
        let w = lock_rating(tx, c, &u.white_id, &u.white_name, now).await?;
        let b = lock_rating(tx, c, &u.black_id, &u.black_name, now).await?;
        (w, b)
    } else {
        let b = lock_rating(tx, c, &u.black_id, &u.black_name, now).await?;
        let w = lock_rating(tx, c, &u.white_id, &u.white_name, now).await?;
        (w, b)
    };
    let (white_after, black_after) = rate_game(white, black, score);
    save_rating(tx, c, &u.white_id, white_after, score, now).await?;
    save_rating(tx, c, &u.black_id, black_after, 1.0 - score, now).await?;
    let change = RatingChange {
        white_before: rounded(white.rating),
        white_after: rounded(white_after.rating),
        black_before: rounded(black.rating),
        black_after: rounded(black_after.rating),
    };
    query(
        "update game set rated = 1, white_rating_before = ?, white_rating_after = ?, \
         black_rating_before = ?, black_rating_after = ? where id = ?",
    )
    .bind(change.white_before)
    .bind(change.white_after)
    .bind(change.black_before)
    .bind(change.black_after)
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    Ok(Some(change))
}

impl Store {
    /// A player's rating in a community (`None` before their first rated
    /// game).
    ///
    /// # Errors
    /// Database failures.
    pub async fn rating(&self, community: &str, player_id: &str) -> StoreResult<Option<RatingRow>> {
        let sql = format!(
            "select {RATING_COLUMNS} from rating where community = ? and player_id = ? \
             and games > 0"
        );
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(community)
            .bind(player_id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// The top `limit` rated players of a community: established ratings
    /// (RD ≤ 110) first, then provisional ones, each by rating.
    ///
    /// # Errors
    /// Database failures.
    pub async fn leaderboard(&self, community: &str, limit: i64) -> StoreResult<Vec<RatingRow>> {
        let sql = format!(
            "select {RATING_COLUMNS} from rating where community = ? and games > 0 \
             order by case when rd > {PROVISIONAL_RD} then 1 else 0 end, rating desc, \
             player_id limit ?"
        );
        Ok(query_as(sqlx::AssertSqlSafe(sql))
            .bind(community)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_come_from_the_result_and_aborts_have_none() {
        assert_eq!(white_score("1-0"), Some(1.0));
        assert_eq!(white_score("0-1"), Some(0.0));
        assert_eq!(white_score("1/2-1/2"), Some(0.5));
        assert_eq!(white_score("*"), None);
    }
}
