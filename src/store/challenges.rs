//! Challenges in the database: opening one, closing it (declined,
//! cancelled), accepting it (which starts the game), and expiring it after
//! [`CHALLENGE_TTL_MS`] through the challenge outbox.

use super::backend::{query, query_as};
use super::games::{self, NewGame};
use super::outbox::Outbox;
use super::{ChannelKey, Store, StoreError, StoreResult, map_unique};

/// How long a challenge stays open unanswered before it expires (7 days,
/// RULES.md site policy), in milliseconds.
pub const CHALLENGE_TTL_MS: i64 = 7 * 86_400_000;

/// A `challenge` row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub challenger_id: String,
    pub challenger_name: String,
    pub opponent_id: Option<String>,
    pub opponent_name: Option<String>,
    pub color: String,
    pub days: i64,
    pub start_fen: Option<String>,
    pub rules: String,
    pub status: String,
    pub game_id: Option<i64>,
    pub created_at: i64,
    /// 1 when the game it starts counts for ratings.
    pub rated: i64,
    /// `standard` or `chess960`.
    pub variant: String,
    /// The Chess960 start position number (chosen when the challenge was
    /// made); null for standard chess and custom FENs.
    pub start_position: Option<i64>,
    /// A bank challenge's bank and increment; null with days per move.
    pub bank_ms: Option<i64>,
    pub increment_ms: Option<i64>,
    /// A game to continue from a PGN: its moves from `start_fen` (UCI,
    /// space separated) and the tags kept (`Name<TAB>value` lines).
    pub import_moves: Option<String>,
    pub import_tags: Option<String>,
    /// 0 when a vacation does not stop the game's clocks.
    pub vacation_stops: i64,
}

/// A challenge to insert.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub place: ChannelKey,
    pub challenger_id: String,
    pub challenger_name: String,
    pub opponent_id: Option<String>,
    pub opponent_name: Option<String>,
    pub color: String,
    pub days: i64,
    pub start_fen: Option<String>,
    pub rules: String,
    pub created_at: i64,
    /// Whether the game it starts counts for ratings.
    pub rated: bool,
    /// `standard` or `chess960`.
    pub variant: String,
    /// The Chess960 start position number, for a 960 challenge without a
    /// custom FEN.
    pub start_position: Option<i64>,
    /// A bank challenge's bank and increment.
    pub bank: Option<super::games::Bank>,
    /// A game to continue from a PGN: its moves (UCI, space separated)
    /// and its tags kept.
    pub import_moves: Option<String>,
    pub import_tags: Option<String>,
    /// Whether a vacation stops the game's clocks.
    pub vacation_stops: bool,
}

const CHALLENGE_COLUMNS: &str = "id, platform, guild, channel, challenger_id, challenger_name, \
     opponent_id, opponent_name, color, days, start_fen, rules, status, game_id, created_at, rated, \
     variant, start_position, bank_ms, increment_ms, import_moves, import_tags, vacation_stops";

/// A `select` of every challenge column with `tail` (a filter and/or order).
fn challenge_sql(tail: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!("select {CHALLENGE_COLUMNS} from challenge {tail}"))
}

impl Store {
    /// The open challenge of a channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn open_challenge(&self, place: &ChannelKey) -> StoreResult<Option<ChallengeRow>> {
        Ok(query_as(challenge_sql(
            "where platform = ? and guild = ? and channel = ? and status = 'open'",
        ))
        .bind(&place.platform)
        .bind(&place.guild)
        .bind(&place.channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Inserts an open challenge.
    ///
    /// # Errors
    /// [`StoreError::Busy`] when the channel already has an open challenge.
    pub async fn insert_challenge(&self, c: &NewChallenge) -> StoreResult<i64> {
        let row: (i64,) = query_as(
            "insert into challenge (platform, guild, channel, challenger_id, challenger_name, \
             opponent_id, opponent_name, color, days, start_fen, rules, status, created_at, \
             rated, variant, start_position, bank_ms, increment_ms, import_moves, import_tags, \
             vacation_stops) \
             values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
        )
        .bind(&c.place.platform)
        .bind(&c.place.guild)
        .bind(&c.place.channel)
        .bind(&c.challenger_id)
        .bind(&c.challenger_name)
        .bind(&c.opponent_id)
        .bind(&c.opponent_name)
        .bind(&c.color)
        .bind(c.days)
        .bind(&c.start_fen)
        .bind(&c.rules)
        .bind(c.created_at)
        .bind(i64::from(c.rated))
        .bind(&c.variant)
        .bind(c.start_position)
        .bind(c.bank.map(|b| b.bank_ms))
        .bind(c.bank.map(|b| b.increment_ms))
        .bind(&c.import_moves)
        .bind(&c.import_tags)
        .bind(i64::from(c.vacation_stops))
        .fetch_one(&self.pool)
        .await
        .map_err(map_unique)?;
        Ok(row.0)
    }

    /// Closes an open challenge with `status` (`declined`, `cancelled`).
    ///
    /// # Errors
    /// [`StoreError::Stale`] when it was no longer open.
    pub async fn close_challenge(&self, id: i64, status: &str) -> StoreResult<()> {
        let done = query("update challenge set status = ? where id = ? and status = 'open'")
            .bind(status)
            .bind(id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::Stale)
        }
    }

    /// Accepts an open challenge: closes it and creates the game, atomically.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the challenge was no longer open,
    /// [`StoreError::Busy`] when the channel has an active game.
    pub async fn accept_challenge(&self, challenge_id: i64, g: &NewGame) -> StoreResult<i64> {
        let mut tx = self.pool.begin().await?;
        let done =
            query("update challenge set status = 'accepted' where id = ? and status = 'open'")
                .bind(challenge_id)
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        let id = games::insert_game_row(g, true, &mut *tx).await?;
        games::insert_import(&mut tx, id, g).await?;
        query("update challenge set game_id = ? where id = ?")
            .bind(id)
            .bind(challenge_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    /// The challenge by id, whatever its status.
    ///
    /// # Errors
    /// Database failures.
    pub async fn challenge(&self, id: i64) -> StoreResult<Option<ChallengeRow>> {
        Ok(query_as(challenge_sql("where id = ?"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?)
    }

    /// Open challenges of `platform` (`None`: all) created at or before
    /// `created_by`, oldest first, at most `limit`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn stale_challenges(
        &self,
        platform: Option<&str>,
        created_by: i64,
        limit: i64,
    ) -> StoreResult<Vec<ChallengeRow>> {
        Ok(query_as(challenge_sql(
            "where status = 'open' and created_at <= ? and (? is null or platform = ?) \
             order by created_at, id limit ?",
        ))
        .bind(created_by)
        .bind(platform)
        .bind(platform)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Marks an open challenge expired and records its announcement in the
    /// outbox, in one transaction: `Some(announcement id)` for exactly one
    /// caller.
    ///
    /// # Errors
    /// Database failures.
    pub async fn expire_challenge(
        &self,
        challenge_id: i64,
        now: i64,
        lease_until: i64,
    ) -> StoreResult<Option<i64>> {
        let mut tx = self.pool.begin().await?;
        let done =
            query("update challenge set status = 'expired' where id = ? and status = 'open'")
                .bind(challenge_id)
                .execute(&mut *tx)
                .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        let id = Outbox::Challenges
            .record(&mut tx, challenge_id, None, now, lease_until)
            .await?;
        tx.commit().await?;
        Ok(Some(id))
    }

    /// The earliest expiry of an open challenge or lease of an unposted
    /// challenge expiry, of one platform (`None`: all).
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_challenge_due(&self, platform: Option<&str>) -> StoreResult<Option<i64>> {
        let open: (Option<i64>,) = query_as(
            "select min(created_at) from challenge \
             where status = 'open' and (? is null or platform = ?)",
        )
        .bind(platform)
        .bind(platform)
        .fetch_one(&self.pool)
        .await?;
        let leases = Outbox::Challenges.next_lease(&self.pool, platform).await?;
        let open = open.0.map(|t| t.saturating_add(CHALLENGE_TTL_MS));
        Ok(match (open, leases) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        })
    }
}
