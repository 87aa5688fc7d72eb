//! Storage (sqlx): the only module that writes SQL. This file owns the
//! [`Store`] handle, [`StoreError`] and opening and closing the database;
//! each topic has its own file: `games` (games and their moves),
//! `challenges`, `outbox` (announcements claimed but not yet posted),
//! `deadlines`, `comfort` (vacations, extra days, turn notices), `prefs`
//! (languages and board settings), `ratings`, `watch` (spectator page
//! tokens, and the signal that a game changed), `teams` (team play: where
//! each team plays, its votes and members), `community_settings` (a
//! community's leave allowance, default time control and time-out rule).
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
mod challenges;
mod channel_board;
mod comfort;
mod community;
mod community_settings;
mod community_tablebase;
mod deadlines;
mod digest;
mod direct;
mod games;
mod held_games;
mod keyed_text;
mod last_match;
mod league_places;
mod leagues;
mod next_player;
mod outbox;
mod pairings;
mod player_links;
mod prefs;
mod premove;
mod puzzles;
mod ratings;
mod stats;
mod summaries;
mod swiss;
mod team_codes;
mod team_matches;
mod team_members;
mod teams;
mod watch;

pub use backend::{Backend, PoolConfig, numbered_placeholders, redact_url};
use backend::{Pool, query};
pub use backup::{BackupError, backup};
pub use challenges::{CHALLENGE_TTL_MS, ChallengeRow, NewChallenge};
pub use comfort::{NewVacation, VacationRow};
pub use community::CommunityScope;
pub use community_settings::{CommunitySettings, CommunitySettingsChange};
pub use digest::DigestRow;
pub use games::{
    Bank, GameRow, GameUpdate, Import, MoveRow, NewGame, Offer, STATUS_ACTIVE, STATUS_FINISHED,
};
pub use held_games::{GameGroup, HeldGameRow};
pub use keyed_text::UserText;
pub use leagues::{
    LEAGUE_CANCELLED, LEAGUE_FINISHED, LEAGUE_OPEN, LEAGUE_OPEN_MAX_MS, LEAGUE_RUNNING,
    LeagueGameRow, LeaguePlayerRow, LeagueRow, NewLeague,
};
pub use next_player::NextPlayerRow;
pub use outbox::{ANNOUNCE_END, ANNOUNCE_REMINDER, AnnouncementRow, ChallengeAnnouncementRow};
pub use pairings::GamePairing;
pub use player_links::PlayerLinkRow;
pub use prefs::PlacePrefsRow;
pub use premove::{Applied, LinesCheck, PremoveRow};
pub use puzzles::{
    ATTEMPT_FAILED, ATTEMPT_OPEN, ATTEMPT_SOLVED, AttemptRow, DailyRow, NewPuzzle, PostRow,
    PuzzleAnnouncementRow, PuzzleRow, PuzzleSource, SolverRow,
};
pub use ratings::{HeadToHead, RatingChange, RatingRow, RatingUpdate};
pub use summaries::{
    ANNOUNCE_ANALYSIS, ANNOUNCE_SUMMARY, RECORD_SUMMARY_ENTRIES, SUMMARY_LEASE_MS,
};
pub use swiss::{BYE_PAIRING, BYE_ZERO, ByeRow, FORMAT_ROUND_ROBIN, FORMAT_SWISS, NewRound};
pub use team_codes::TeamCodeRow;
pub use team_matches::{
    GamePlaceRow, MATCH_FINISHED, MATCH_OPEN, MATCH_RUNNING, MATCH_SIGNUP, NewMatchGame,
    NewTeamMatch, TeamMatchGameRow, TeamMatchPlayerRow, TeamMatchRow,
};
pub use teams::{ANNOUNCE_TEAM_MOVE, NewTeamVote, TeamChallengeRow, TeamSideRow, TeamVoteRow};
pub use watch::CHANGE_BACKLOG;

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
    /// A SQLite file whose directory is missing: SQLite itself only says
    /// "unable to open database file".
    #[error("cannot create the SQLite database {path}: the directory {dir} does not exist")]
    NoDirectory { path: String, dir: String },
    /// A URL (it has `://`) of a scheme no backend reads: named alone, so a
    /// password in the rest of the URL is never printed.
    #[error(
        "unknown database URL scheme \"{scheme}\": use sqlite://FILE (or a plain file path, or sqlite::memory:) or postgres://USER@HOST/DB"
    )]
    UnknownScheme { scheme: String },
    /// An SQLite file that exists but cannot be opened for writing.
    #[error("cannot open the SQLite database {path}: {why}")]
    CannotOpen { path: String, why: String },
    /// The PostgreSQL server could not be reached at start, after retries.
    #[error("cannot reach PostgreSQL: {why} at {at} ({attempts} attempts over {waited_secs} s)")]
    Unreachable {
        why: String,
        at: String,
        attempts: u32,
        waited_secs: u64,
    },
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database has migrations this version does not know: a newer
    /// version upgraded it. Migrating would fail half-way, and running on
    /// a schema one does not know could lose data.
    #[error(
        "the database was made by a newer chessbot (schema {schema}; this version {} knows up to {known}): restore the backup taken before the upgrade, or upgrade chessbot",
        crate::version::VERSION
    )]
    NewerSchema {
        /// The newest migration applied to the database.
        schema: i64,
        /// The newest migration this version has.
        known: i64,
    },
}

impl StoreError {
    /// Whether only the owner can mend it (a bad URL, a missing folder, a
    /// database from a newer version): starting again would fail the same
    /// way, so the process exits with [`crate::config::EXIT_CONFIG`].
    #[must_use]
    pub fn is_configuration(&self) -> bool {
        matches!(
            self,
            StoreError::Url { .. }
                | StoreError::NoDirectory { .. }
                | StoreError::UnknownScheme { .. }
                | StoreError::CannotOpen { .. }
                | StoreError::NewerSchema { .. }
        )
    }

    /// Whether the database could not be reached at all (down, refusing
    /// connections, the pool closed or out of time), as opposed to a
    /// query that failed.
    #[must_use]
    pub fn is_unreachable(&self) -> bool {
        matches!(
            self,
            StoreError::Unreachable { .. }
                | StoreError::Db(
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

/// A uniqueness violation as [`StoreError::Busy`], anything else as is.
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
    /// Games this process changed (see [`Store::game_changes`]).
    changes: tokio::sync::broadcast::Sender<i64>,
}

/// The channel a game or challenge lives in. `guild` is `""` when none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChannelKey {
    pub platform: String,
    pub guild: String,
    pub channel: String,
}

/// The database of every adapter when none is given (`--db`, `DATABASE_URL`).
pub const DEFAULT_DATABASE_URL: &str = "sqlite://chessbot.db";

impl Store {
    /// Opens (creating if missing) the database at `url` and applies the
    /// migrations. `sqlite::memory:` gives a throwaway database.
    ///
    /// Durability: WAL with `synchronous = FULL`. A committed transaction
    /// is in the WAL file and synced to disk before the reply goes out, so an
    /// acknowledged move survives a kill -9 of the process (tests/it/crash.rs)
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
            changes: tokio::sync::broadcast::Sender::new(CHANGE_BACKLOG),
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

    /// One trivial query: whether the database answers at all.
    ///
    /// # Errors
    /// The database's error when it does not.
    pub async fn ping(&self) -> StoreResult<()> {
        query("select 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Closes the pool (waits for connections to finish).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
