//! Storage (sqlx): the only module that writes SQL.
//!
//! SQLite (the default) or PostgreSQL (chosen by the URL scheme, see
//! `backend`) through sqlx with runtime queries only (no compile-time checked
//! macros, so a fresh machine builds without a database). The schema lives in
//! `migrations/` (SQLite) and `migrations_pg/` (PostgreSQL) and is applied at
//! start-up. A game's source of truth is its
//! start FEN plus its `move` rows; the `fen` column is a cache for listings.
//!
//! Every state change is one transaction whose first statement is a guarded
//! `update ... where id = ? and status = 'active' and ply = ?`: it takes the
//! write lock at once (no deferred-lock upgrade deadlocks) and makes two
//! concurrent changes of the same position apply exactly once; the loser gets
//! [`StoreError::Stale`].

mod backend;
mod backup;
mod comfort;
mod computer;
mod deadlines;
mod direct;
mod prefs;
mod ratings;

pub use backend::{Backend, PoolConfig, numbered_placeholders, redact_url};
use backend::{Pool, query, query_as};
pub use backup::{BackupError, backup};
pub use comfort::{CHALLENGE_TTL_MS, ChallengeAnnouncementRow, VacationRow};
pub use ratings::{HeadToHead, RatingChange, RatingRow, RatingUpdate};

/// Storage failures.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row changed under us (another move, a time-out): nothing written.
    #[error("the game changed in the meantime")]
    Stale,
    /// A uniqueness rule of the schema refused the write (a second active
    /// game or open challenge in a channel).
    #[error("the channel is busy")]
    Busy,
    #[error("bad database URL {url:?}: {source}")]
    Url {
        url: String,
        #[source]
        source: sqlx::Error,
    },
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// Whether the database could not be reached at all (down, refusing
    /// connections, the pool closed or out of time), as opposed to a
    /// query that failed.
    #[must_use]
    pub fn is_unreachable(&self) -> bool {
        matches!(
            self,
            StoreError::Db(
                sqlx::Error::PoolTimedOut
                    | sqlx::Error::PoolClosed
                    | sqlx::Error::Io(_)
                    | sqlx::Error::Tls(_)
                    | sqlx::Error::WorkerCrashed
            )
        )
    }
}

/// Result of store operations.
pub type StoreResult<T> = Result<T, StoreError>;

fn map_unique(e: sqlx::Error) -> StoreError {
    if let sqlx::Error::Database(d) = &e
        && d.is_unique_violation()
    {
        return StoreError::Busy;
    }
    StoreError::Db(e)
}

/// Handle to the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
}

/// The channel a game or challenge lives in. `guild` is `""` when none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelKey {
    pub platform: String,
    pub guild: String,
    pub channel: String,
}

/// A `game` row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GameRow {
    pub id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub start_fen: String,
    pub rules: String,
    pub days: i64,
    pub status: String,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub ply: i64,
    pub fen: String,
    pub draw_offer: Option<String>,
    pub takeback_offer: Option<String>,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub ended_at: Option<i64>,
    /// 1 when the game counts for ratings.
    pub rated: i64,
    /// Rounded ratings before and after a rated game that ended.
    pub white_rating_before: Option<i64>,
    pub white_rating_after: Option<i64>,
    pub black_rating_before: Option<i64>,
    pub black_rating_after: Option<i64>,
}

impl GameRow {
    /// Whether the game is still being played.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.status == STATUS_ACTIVE
    }

    /// Both players' ratings before and after, once a rated game ended.
    #[must_use]
    pub fn rating_change(&self) -> Option<RatingChange> {
        Some(RatingChange {
            white_before: self.white_rating_before?,
            white_after: self.white_rating_after?,
            black_before: self.black_rating_before?,
            black_after: self.black_rating_after?,
        })
    }

    /// Records the ratings a finished rated game changed.
    pub fn set_rating_change(&mut self, c: Option<RatingChange>) {
        if let Some(c) = c {
            self.white_rating_before = Some(c.white_before);
            self.white_rating_after = Some(c.white_after);
            self.black_rating_before = Some(c.black_before);
            self.black_rating_after = Some(c.black_after);
        }
    }
}

/// A `move` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i64,
    pub uci: String,
    pub san: String,
    pub played_at: i64,
}

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
}

/// A game to insert (when a challenge is accepted).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub place: ChannelKey,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub start_fen: String,
    pub rules: String,
    pub days: i64,
    pub deadline_at: i64,
    pub remind_at: i64,
    pub created_at: i64,
    /// Whether the game counts for ratings.
    pub rated: bool,
}

/// The new state of a game after a move or a takeback.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub fen: String,
    pub draw_offer: Option<String>,
    pub takeback_offer: Option<String>,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    /// `(result, termination)` when this change ends the game.
    pub finish: Option<(String, String)>,
    pub now: i64,
}

/// The database of every adapter when none is given (`--db`, `DATABASE_URL`).
pub const DEFAULT_DATABASE_URL: &str = "sqlite://chessbot.db";

/// Status value of a running game.
pub const STATUS_ACTIVE: &str = "active";
/// Status value of an ended game.
pub const STATUS_FINISHED: &str = "finished";

const GAME_COLUMNS: &str = "id, platform, guild, channel, white_id, white_name, black_id, \
     black_name, start_fen, rules, days, status, result, termination, ply, fen, draw_offer, \
     takeback_offer, deadline_at, remind_at, created_at, updated_at, ended_at, rated, \
     white_rating_before, white_rating_after, black_rating_before, black_rating_after";

const CHALLENGE_COLUMNS: &str = "id, platform, guild, channel, challenger_id, challenger_name, \
     opponent_id, opponent_name, color, days, start_fen, rules, status, game_id, created_at, rated";

/// Ends an active game at an expected ply: result, termination, ended_at,
/// updated_at, id, ply.
const FINISH_SQL: &str = "update game set status = 'finished', result = ?, termination = ?, \
     ended_at = ?, updated_at = ?, draw_offer = null, takeback_offer = null, deadline_at = null, \
     remind_at = null where id = ? and status = 'active' and ply = ?";

/// Outbox kind of a time-out (or abort on time).
pub const ANNOUNCE_END: &str = "end";
/// Outbox kind of a reminder.
pub const ANNOUNCE_REMINDER: &str = "reminder";

/// An `announcement` row: a claimed time-out or reminder not yet posted.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AnnouncementRow {
    pub id: i64,
    pub game_id: i64,
    pub platform: String,
    /// [`ANNOUNCE_END`] or [`ANNOUNCE_REMINDER`].
    pub kind: String,
    pub ply: i64,
    pub lease_until: i64,
}

async fn insert_announcement(
    tx: &mut backend::Tx,
    game_id: i64,
    kind: &str,
    ply: i64,
    now: i64,
    lease_until: i64,
) -> StoreResult<i64> {
    let row: (i64,) = query_as(
        "insert into announcement (game_id, platform, kind, ply, lease_until, created_at) \
         select id, platform, ?, ?, ?, ? from game where id = ? returning id",
    )
    .bind(kind)
    .bind(ply)
    .bind(lease_until)
    .bind(now)
    .bind(game_id)
    .fetch_one(&mut **tx)
    .await?;
    Ok(row.0)
}

fn game_sql(tail: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!("select {GAME_COLUMNS} from game {tail}"))
}

fn challenge_sql(tail: &str) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!("select {CHALLENGE_COLUMNS} from challenge {tail}"))
}

impl Store {
    /// Opens (creating if missing) the database at `url` and applies the
    /// migrations. `sqlite::memory:` gives a throwaway database.
    ///
    /// Durability: WAL with `synchronous = FULL`. A committed transaction
    /// is in the WAL file and synced to disk before the reply goes out, so an
    /// acknowledged move survives a kill -9 of the process (tests/crash.rs)
    /// and an OS crash or power loss (one fsync per commit).
    ///
    /// # Errors
    /// A malformed URL, an unreachable database, a failed migration.
    pub async fn open(url: &str) -> StoreResult<Store> {
        Store::open_with(url, &PoolConfig::from_env()).await
    }

    /// [`Store::open`] with explicit pool settings. `postgres://` and
    /// `postgresql://` URLs open PostgreSQL (migrations in
    /// `migrations_pg/`); anything else SQLite.
    ///
    /// # Errors
    /// A malformed URL, an unreachable database, a failed migration.
    pub async fn open_with(url: &str, cfg: &PoolConfig) -> StoreResult<Store> {
        Ok(Store {
            pool: Pool::open(url, cfg).await?,
        })
    }

    /// The database behind this store.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.pool.backend()
    }

    /// A fresh in-memory database (tests, throwaway console sessions).
    ///
    /// # Errors
    /// See [`Store::open`].
    pub async fn memory() -> StoreResult<Store> {
        Store::open("sqlite::memory:").await
    }

    /// Closes the pool (waits for connections to finish).
    /// One trivial query: whether the database answers at all.
    ///
    /// # Errors
    /// The database's error when it does not.
    pub async fn ping(&self) -> StoreResult<()> {
        query("select 1").execute(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
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
             rated) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?) returning id",
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
        let id = computer::insert_game_row(g, true, &mut *tx).await?;
        query("update challenge set game_id = ? where id = ?")
            .bind(id)
            .bind(challenge_id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(id)
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
        let (status, result, termination, ended_at) = finish_columns(update);
        let done = query(
            "update game set ply = ply + 1, fen = ?, draw_offer = ?, takeback_offer = ?, \
             deadline_at = ?, remind_at = ?, status = ?, result = ?, termination = ?, \
             ended_at = ?, updated_at = ? \
             where id = ? and status = 'active' and ply = ? \
             and (deadline_at is null or deadline_at > ?)",
        )
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
        .bind(game_id)
        .bind(expected_ply)
        .bind(update.now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        query("insert into move (game_id, ply, uci, san, played_at) values (?, ?, ?, ?, ?)")
            .bind(game_id)
            .bind(expected_ply + 1)
            .bind(&mv.uci)
            .bind(&mv.san)
            .bind(mv.played_at)
            .execute(&mut *tx)
            .await
            .map_err(|e| match map_unique(e) {
                StoreError::Busy => StoreError::Stale,
                e => e,
            })?;
        let change = match (ratings, &update.finish) {
            (Some(u), Some((result, _))) => {
                ratings::apply_rating(&mut tx, game_id, result, u, update.now).await?
            }
            _ => None,
        };
        tx.commit().await?;
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
        tx.commit().await?;
        Ok(())
    }

    /// Changes the standing draw offer (a colour name or null) of an
    /// active game at `expected_ply`, from `old` to `new`: only that column,
    /// and only if it still holds `old`, so a concurrent change of the
    /// takeback request (or of the offer itself) is never overwritten.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game or the offer changed.
    pub async fn set_draw_offer(
        &self,
        game_id: i64,
        expected_ply: i64,
        old: Option<&str>,
        new: Option<&str>,
        now: i64,
    ) -> StoreResult<()> {
        self.set_offer_column(SET_DRAW_OFFER_SQL, game_id, expected_ply, old, new, now)
            .await
    }

    /// Changes the standing takeback request like
    /// [`Store::set_draw_offer`] changes the draw offer.
    ///
    /// # Errors
    /// [`StoreError::Stale`] when the game or the request changed.
    pub async fn set_takeback_offer(
        &self,
        game_id: i64,
        expected_ply: i64,
        old: Option<&str>,
        new: Option<&str>,
        now: i64,
    ) -> StoreResult<()> {
        self.set_offer_column(SET_TAKEBACK_OFFER_SQL, game_id, expected_ply, old, new, now)
            .await
    }

    async fn set_offer_column(
        &self,
        sql: &'static str,
        game_id: i64,
        expected_ply: i64,
        old: Option<&str>,
        new: Option<&str>,
        now: i64,
    ) -> StoreResult<()> {
        let done = query(sql)
            .bind(new)
            .bind(now)
            .bind(game_id)
            .bind(expected_ply)
            .bind(old.unwrap_or(""))
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 {
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
        let done = query(FINISH_SQL)
            .bind(result)
            .bind(termination)
            .bind(now)
            .bind(now)
            .bind(game_id)
            .bind(expected_ply)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        let change = match ratings {
            Some(u) => ratings::apply_rating(&mut tx, game_id, result, u, now).await?,
            None => None,
        };
        tx.commit().await?;
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
        let done = query(FINISH_SQL)
            .bind(result)
            .bind(termination)
            .bind(now)
            .bind(now)
            .bind(game_id)
            .bind(expected_ply)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Stale);
        }
        if let Some(u) = ratings {
            ratings::apply_rating(&mut tx, game_id, result, u, now).await?;
        }
        let id = insert_announcement(
            &mut tx,
            game_id,
            ANNOUNCE_END,
            expected_ply,
            now,
            lease_until,
        )
        .await?;
        tx.commit().await?;
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

    /// The language set for a channel (`settings`), if any: a code such as
    /// `ru`, as stored.
    ///
    /// # Errors
    /// Database failures.
    pub async fn channel_language(
        &self,
        platform: &str,
        channel: &str,
    ) -> StoreResult<Option<String>> {
        let row: Option<(String,)> =
            query_as("select language from channel_settings where platform = ? and channel = ?")
                .bind(platform)
                .bind(channel)
                .fetch_optional(&self.pool)
                .await?;
        Ok(row.map(|r| r.0))
    }

    /// Sets (or replaces) the language of a channel.
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_channel_language(
        &self,
        platform: &str,
        channel: &str,
        language: &str,
    ) -> StoreResult<()> {
        query(
            "insert into channel_settings (platform, channel, language) values (?, ?, ?) \
             on conflict (platform, channel) do update set language = excluded.language",
        )
        .bind(platform)
        .bind(channel)
        .bind(language)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The language recorded on a game when it started (`None` when none
    /// was recorded or the game does not exist).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_locale(&self, game_id: i64) -> StoreResult<Option<String>> {
        let row: Option<(Option<String>,)> = query_as("select locale from game where id = ?")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.and_then(|r| r.0))
    }

    /// Records the language of a game (the guild's language when it
    /// started).
    ///
    /// # Errors
    /// Database failures.
    pub async fn set_game_locale(&self, game_id: i64, locale: Option<&str>) -> StoreResult<()> {
        query("update game set locale = ? where id = ?")
            .bind(locale)
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(())
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

fn finish_columns(update: &GameUpdate) -> FinishColumns<'_> {
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

/// The guarded single-column updates of [`Store::set_draw_offer`] and
/// [`Store::set_takeback_offer`] (new value, now, id, ply, old value; null
/// is compared as the empty string, which no offer holds).
const SET_DRAW_OFFER_SQL: &str = "update game set draw_offer = ?, updated_at = ? \
     where id = ? and status = 'active' and ply = ? and coalesce(draw_offer, '') = ?";
const SET_TAKEBACK_OFFER_SQL: &str = "update game set takeback_offer = ?, updated_at = ? \
     where id = ? and status = 'active' and ply = ? and coalesce(takeback_offer, '') = ?";
