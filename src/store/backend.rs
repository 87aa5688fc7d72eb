//! The database backends behind [`super::Store`]: SQLite (the embedded
//! default) and PostgreSQL (several processes sharing one database), chosen
//! by the URL scheme.
//!
//! The store writes its SQL once, with `?` placeholders, through the small
//! [`query`] / [`query_as`] builders here. They collect the bound values and,
//! at execution, build the native sqlx query of the pool's backend: the SQL
//! goes to SQLite unchanged and to PostgreSQL with `?` numbered `$1, $2...`.
//! Each backend keeps its own connection options (SQLite: WAL with
//! `synchronous = FULL`,
//! foreign keys, busy timeout) and its own migrations folder
//! (`migrations/`, `migrations_pg/`, kept in step by `tests/it/store_pg.rs`).

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{PgConnection, SqliteConnection};

use super::{StoreError, StoreResult};

mod query;

pub use query::numbered_placeholders;
pub(crate) use query::{Query, QueryAs, Row, query, query_as};

/// Connection pool settings, from the environment by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolConfig {
    /// Most connections per process (`DATABASE_MAX_CONNECTIONS`). Default:
    /// 4 for an SQLite file, 10 for PostgreSQL; an in-memory SQLite
    /// database always has exactly one.
    pub max_connections: Option<u32>,
    /// How long a query waits for a free connection
    /// (`DATABASE_ACQUIRE_TIMEOUT_SECS`, default 30).
    pub acquire_timeout: Duration,
    /// How many times a PostgreSQL server that cannot be reached at start
    /// is tried (1 s apart, doubling up to 16 s: 6 tries span about 31 s)
    /// before the start fails.
    pub connect_attempts: u32,
}

impl Default for PoolConfig {
    fn default() -> PoolConfig {
        PoolConfig {
            max_connections: None,
            acquire_timeout: Duration::from_secs(30),
            connect_attempts: 6,
        }
    }
}

impl PoolConfig {
    /// Reads `DATABASE_MAX_CONNECTIONS` and `DATABASE_ACQUIRE_TIMEOUT_SECS`;
    /// unset or unparsable values keep the defaults (with a warning).
    #[must_use]
    pub fn from_env() -> PoolConfig {
        PoolConfig::from_vars(|k| std::env::var(k).ok())
    }

    /// [`PoolConfig::from_env`] over any variable source (tests).
    #[must_use]
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> PoolConfig {
        let mut cfg = PoolConfig::default();
        if let Some(v) = var("DATABASE_MAX_CONNECTIONS") {
            match v.trim().parse::<u32>() {
                Ok(n) if n > 0 => cfg.max_connections = Some(n),
                _ => tracing::warn!(value = %v, "ignoring DATABASE_MAX_CONNECTIONS"),
            }
        }
        if let Some(v) = var("DATABASE_ACQUIRE_TIMEOUT_SECS") {
            match v.trim().parse::<u64>() {
                Ok(n) if n > 0 => cfg.acquire_timeout = Duration::from_secs(n),
                _ => tracing::warn!(value = %v, "ignoring DATABASE_ACQUIRE_TIMEOUT_SECS"),
            }
        }
        cfg
    }
}

/// Which database a URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// `postgres://` and `postgresql://` are PostgreSQL; anything else is
    /// handed to SQLite (which rejects what it cannot read).
    #[must_use]
    pub fn of_url(url: &str) -> Backend {
        let lower = url.trim_start().to_ascii_lowercase();
        if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// The scheme of a URL (a string with `://`) that is neither SQLite's nor
/// PostgreSQL's: such a string is a mistake, never a file path to create.
/// The scheme is cut to what a scheme may hold, so nothing after it (a
/// password) can come along.
#[must_use]
pub fn unknown_scheme(url: &str) -> Option<String> {
    let (scheme, _) = url.trim_start().split_once("://")?;
    let lower = scheme.to_ascii_lowercase();
    if matches!(lower.as_str(), "sqlite" | "postgres" | "postgresql") {
        return None;
    }
    let shown: String = scheme
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        .take(32)
        .collect();
    Some(shown)
}

/// A pool of either backend.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Pg(PgPool),
}

fn bad_url(url: &str, source: sqlx::Error) -> StoreError {
    StoreError::Url {
        url: redact_url(url),
        source,
    }
}

/// A database URL fit for messages and logs: the password of the
/// user-info (`scheme://user:password@host`) and any `password=` query
/// parameter replaced by `***`. The URL is parsed with the `url` crate; when
/// it does not parse (a password with an unescaped `/`, `?` or `#`, say),
/// everything up to the last `@` after the scheme is taken for user-info
/// and dropped (`user:***@`, or `***@` when even the user is unclear). URLs
/// without a password (`sqlite:` ones, `postgres://bot@host/db`) keep their
/// text.
#[must_use]
pub fn redact_url(raw: &str) -> String {
    let Some(scheme_end) = raw.find("://") else {
        return redact_query(raw);
    };
    if let Ok(mut parsed) = url::Url::parse(raw)
        && (!parsed.username().is_empty() || parsed.password().is_some())
    {
        if parsed.password().is_none() {
            return redact_query(raw);
        }
        if parsed.set_password(Some("***")).is_ok() {
            return redact_query(parsed.as_str());
        }
    }
    let rest = &raw[scheme_end + 3..];
    let Some(at) = rest.rfind('@') else {
        return redact_query(raw);
    };
    let head = &raw[..scheme_end + 3];
    let tail = redact_query(&rest[at + 1..]);
    let user = rest[..at]
        .split_once(':')
        .map(|(u, _)| u)
        .filter(|u| !u.is_empty() && !u.contains(['/', '?', '#', '@']));
    match user {
        Some(u) => format!("{head}{u}:***@{tail}"),
        None => format!("{head}***@{tail}"),
    }
}

/// `url` with the value of any `password=` query parameter replaced by
/// `***`.
fn redact_query(url: &str) -> String {
    let Some(q) = url.find('?') else {
        return url.to_string();
    };
    let (head, query) = url.split_at(q + 1);
    let query: Vec<String> = query
        .split('&')
        .map(|kv| match kv.split_once('=') {
            Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
            _ => kv.to_string(),
        })
        .collect();
    format!("{head}{}", query.join("&"))
}

/// The database file, created here when missing, and its `-wal` and
/// `-shm` are readable by their owner only: they hold private notes and
/// conditional lines. SQLite would create the file 0644 and gives the
/// other two the main file's mode; a file an older version left readable
/// by others is made private (once, with a warning). Failures are left to
/// SQLite's own open to report.
fn keep_private(path: &std::path::Path) {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let _ = options.open(path);
    #[cfg(unix)]
    for suffix in ["", "-wal", "-shm"] {
        use std::os::unix::fs::PermissionsExt;
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let file = std::path::PathBuf::from(name);
        let Ok(meta) = std::fs::metadata(&file) else {
            continue;
        };
        let mode = meta.permissions().mode();
        if meta.is_file() && mode & 0o077 != 0 {
            match std::fs::set_permissions(&file, std::fs::Permissions::from_mode(mode & 0o700)) {
                Ok(()) => tracing::warn!(
                    file = %file.display(),
                    "the database file was readable by other users; it is now private (0600)"
                ),
                Err(e) => tracing::warn!(
                    file = %file.display(),
                    error = %e,
                    "the database file is readable by other users and could not be made private"
                ),
            }
        }
    }
}

/// One connection to the PostgreSQL server, at start: a server that is
/// down or unknown is named at once with why ("connection refused at
/// db:5432") and tried again `attempts` times with a doubling pause, each
/// pause logged, rather than left to the pool, which would wait its whole
/// acquire timeout and then say only "pool timed out". A refusal that
/// trying again cannot mend (a wrong password, a missing database) is
/// returned at once.
async fn reach_pg(options: &PgConnectOptions, attempts: u32) -> StoreResult<()> {
    use sqlx::Connection as _;
    let at = format!("{}:{}", options.get_host(), options.get_port());
    let attempts = attempts.max(1);
    let mut pause = Duration::from_secs(1);
    let mut waited = Duration::ZERO;
    let mut attempt = 1;
    loop {
        let why = match tokio::time::timeout(
            Duration::from_secs(5),
            sqlx::PgConnection::connect_with(options),
        )
        .await
        {
            Ok(Ok(connection)) => {
                let _ = connection.close().await;
                return Ok(());
            }
            Ok(Err(sqlx::Error::Io(e))) => match e.kind() {
                std::io::ErrorKind::ConnectionRefused => "connection refused".to_string(),
                std::io::ErrorKind::TimedOut => "no answer".to_string(),
                _ if e.to_string().contains("failed to lookup address") => {
                    "host not found".to_string()
                }
                _ => e.to_string(),
            },
            Ok(Err(e)) => return Err(e.into()),
            Err(_) => "no answer within 5 s".to_string(),
        };
        if attempt >= attempts {
            return Err(super::StoreError::Unreachable {
                why,
                at,
                attempts,
                waited_secs: waited.as_secs(),
            });
        }
        tracing::warn!(
            "PostgreSQL: {why} at {at}; trying again in {} s (attempt {attempt} of {attempts})",
            pause.as_secs()
        );
        tokio::time::sleep(pause).await;
        waited += pause;
        pause = (pause * 2).min(Duration::from_secs(16));
        attempt += 1;
    }
}

/// Why an SQLite database file cannot be opened for writing, named with
/// its path, or `None` when it can (or does not exist yet and its folder
/// is writable: SQLite creates it). SQLite itself would only say "unable
/// to open database file".
fn sqlite_unopenable(path: &std::path::Path) -> Option<super::StoreError> {
    let probe = if path.exists() {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .err()
    } else {
        None
    };
    let e = probe?;
    let mut why = e.to_string();
    if e.kind() == std::io::ErrorKind::PermissionDenied {
        #[cfg(unix)]
        {
            // SAFETY: geteuid only reads the process's user id.
            let uid = unsafe { libc::geteuid() };
            why = if uid == IMAGE_UID {
                format!(
                    "permission denied: the container runs as uid {IMAGE_UID}: chown the volume (`chown -R {IMAGE_UID}:{IMAGE_UID}` on the folder mounted at /data)"
                )
            } else {
                format!(
                    "permission denied: this process runs as uid {uid}, which needs to read and write the file and its folder"
                )
            };
        }
    }
    Some(super::StoreError::CannotOpen {
        path: path.display().to_string(),
        why,
    })
}

/// The user the container image runs as (Dockerfile, `useradd --uid`).
const IMAGE_UID: u32 = 10001;

/// [`super::StoreError::NewerSchema`] when the database's newest applied
/// migration (`applied`: `None` for a new database, whose migrations table
/// does not exist yet) is newer than every one of `migrator`. Checked
/// before anything is migrated or backed up.
fn refuse_newer_schema(
    applied: Option<i64>,
    migrator: &sqlx::migrate::Migrator,
) -> StoreResult<()> {
    let known = migrator.iter().map(|m| m.version).max().unwrap_or(0);
    match applied {
        Some(schema) if schema > known => Err(super::StoreError::NewerSchema { schema, known }),
        _ => Ok(()),
    }
}

/// The query of the newest applied migration (both backends; it fails on
/// a new database, which has no migrations table yet).
const NEWEST_APPLIED: &str = "select max(version) from _sqlx_migrations";

impl Pool {
    /// Connects and applies the backend's migrations.
    pub(crate) async fn open(url: &str, cfg: &PoolConfig) -> StoreResult<Pool> {
        if let Some(scheme) = unknown_scheme(url) {
            return Err(super::StoreError::UnknownScheme { scheme });
        }
        match Backend::of_url(url) {
            Backend::Sqlite => Pool::open_sqlite(url, cfg).await,
            Backend::Postgres => Pool::open_pg(url, cfg).await,
        }
    }

    /// Durability: WAL with `synchronous = FULL` (see [`super::Store::open`]):
    /// an acknowledged move survives a kill of the process and a power loss.
    async fn open_sqlite(url: &str, cfg: &PoolConfig) -> StoreResult<Pool> {
        let options = SqliteConnectOptions::from_str(url).map_err(|e| bad_url(url, e))?;
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        // A file that holds a database already may need a backup before
        // its schema is upgraded.
        let path = options.get_filename().to_path_buf();
        let existed = std::fs::metadata(&path).is_ok_and(|m| m.len() > 0);
        if !memory && !path.as_os_str().is_empty() {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
                && !dir.is_dir()
            {
                return Err(super::StoreError::NoDirectory {
                    path: path.display().to_string(),
                    dir: dir.display().to_string(),
                });
            }
            keep_private(&path);
            if let Some(e) = sqlite_unopenable(&path) {
                return Err(e);
            }
        }
        let options = options
            .create_if_missing(true)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            .synchronous(SqliteSynchronous::Full);
        let options = if memory {
            options
        } else {
            options.journal_mode(SqliteJournalMode::Wal)
        };
        // An in-memory database exists once per connection: keep exactly one.
        let pool_options = if memory {
            SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(cfg.max_connections.unwrap_or(4))
        };
        let pool = pool_options
            .acquire_timeout(cfg.acquire_timeout)
            .connect_with(options)
            .await?;
        let migrator = sqlx::migrate!("./migrations");
        if !memory && existed {
            super::backup::before_upgrade(url, &path, &pool, &migrator).await?;
        }
        let applied: Option<(Option<i64>,)> =
            sqlx::query_as(NEWEST_APPLIED).fetch_one(&pool).await.ok();
        refuse_newer_schema(applied.and_then(|(v,)| v), &migrator)?;
        migrator.run(&pool).await?;
        Ok(Pool::Sqlite(pool))
    }

    /// PostgreSQL at its default isolation (read committed): the store's
    /// guarded `update ... where ... and ply = ?` statements re-check their
    /// condition after waiting for a concurrent writer's row lock, so of
    /// two processes changing the same game exactly one succeeds.
    async fn open_pg(url: &str, cfg: &PoolConfig) -> StoreResult<Pool> {
        let options = PgConnectOptions::from_str(url).map_err(|e| bad_url(url, e))?;
        reach_pg(&options, cfg.connect_attempts).await?;
        let pool = PgPoolOptions::new()
            .max_connections(cfg.max_connections.unwrap_or(10))
            .acquire_timeout(cfg.acquire_timeout)
            .connect_with(options)
            .await?;
        let migrator = sqlx::migrate!("./migrations_pg");
        let applied: Option<(Option<i64>,)> =
            sqlx::query_as(NEWEST_APPLIED).fetch_one(&pool).await.ok();
        refuse_newer_schema(applied.and_then(|(v,)| v), &migrator)?;
        migrator.run(&pool).await?;
        Ok(Pool::Pg(pool))
    }

    /// The backend of this pool.
    pub(crate) fn backend(&self) -> Backend {
        match self {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Pg(_) => Backend::Postgres,
        }
    }

    /// Closes the pool (waits for connections to finish).
    pub(crate) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Pg(p) => p.close().await,
        }
    }

    /// Starts a transaction; rolled back when dropped without
    /// [`Tx::commit`].
    pub(crate) async fn begin(&self) -> Result<Tx, sqlx::Error> {
        Ok(Tx(match self {
            Pool::Sqlite(p) => TxConn::Sqlite(p.begin().await?),
            Pool::Pg(p) => TxConn::Pg(p.begin().await?),
        }))
    }
}

/// An open transaction; `&mut *tx` executes queries in it.
pub(crate) struct Tx(TxConn);

/// The connection of a transaction.
pub(crate) enum TxConn {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Pg(sqlx::Transaction<'static, sqlx::Postgres>),
}

impl Tx {
    /// Commits.
    pub(crate) async fn commit(self) -> Result<(), sqlx::Error> {
        match self.0 {
            TxConn::Sqlite(t) => t.commit().await,
            TxConn::Pg(t) => t.commit().await,
        }
    }
}

impl std::ops::Deref for Tx {
    type Target = TxConn;
    fn deref(&self) -> &TxConn {
        &self.0
    }
}

impl std::ops::DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut TxConn {
        &mut self.0
    }
}

/// Where a query runs: a pool or an open transaction.
pub(crate) enum Exec<'e> {
    Sqlite(&'e SqlitePool),
    SqliteConn(&'e mut SqliteConnection),
    Pg(&'e PgPool),
    PgConn(&'e mut PgConnection),
}

impl<'e> From<&'e Pool> for Exec<'e> {
    fn from(p: &'e Pool) -> Exec<'e> {
        match p {
            Pool::Sqlite(p) => Exec::Sqlite(p),
            Pool::Pg(p) => Exec::Pg(p),
        }
    }
}

impl<'e> From<&'e mut TxConn> for Exec<'e> {
    fn from(t: &'e mut TxConn) -> Exec<'e> {
        match t {
            TxConn::Sqlite(t) => Exec::SqliteConn(&mut *t),
            TxConn::Pg(t) => Exec::PgConn(&mut *t),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_never_reach_messages() {
        assert_eq!(
            redact_url("postgres://bot:s3cret@db.example:5432/chess"),
            "postgres://bot:***@db.example:5432/chess"
        );
        assert_eq!(
            redact_url("postgresql://bot:p@ss@host/db?sslmode=require"),
            "postgresql://bot:***@host/db?sslmode=require"
        );
        assert_eq!(
            redact_url("postgres://host/db?user=bot&password=hunter2"),
            "postgres://host/db?user=bot&password=***"
        );
        assert_eq!(redact_url("sqlite://chessbot.db"), "sqlite://chessbot.db");
        assert_eq!(
            unknown_scheme("nonsense://user:password@host/db").as_deref(),
            Some("nonsense")
        );
        assert_eq!(unknown_scheme("mysql://u:p@h/db").as_deref(), Some("mysql"));
        assert_eq!(unknown_scheme("sqlite://chessbot.db"), None);
        assert_eq!(unknown_scheme("POSTGRES://bot@h/db"), None);
        assert_eq!(unknown_scheme("chessbot.db"), None);
        assert_eq!(unknown_scheme("sqlite::memory:"), None);
        assert_eq!(
            redact_url("postgres://bot@host/db"),
            "postgres://bot@host/db"
        );
    }

    /// Passwords with `?`, `#`, `/` (unescaped, so the URL
    /// does not even parse, or parses with the password in the path) or
    /// escaped never reach a log.
    #[test]
    fn passwords_with_url_delimiters_never_reach_messages() {
        for (url, want) in [
            (
                "postgres://bot:pa?ss@db:5432/chess",
                "postgres://bot:***@db:5432/chess",
            ),
            (
                "postgres://bot:pa#ss@db/chess",
                "postgres://bot:***@db/chess",
            ),
            (
                "postgres://bot:pa/ss@db/chess",
                "postgres://bot:***@db/chess",
            ),
            (
                "postgres://bot:12/34@db/chess",
                "postgres://bot:***@db/chess",
            ),
            (
                "postgres://bot:a%2F%3Fb@db/chess",
                "postgres://bot:***@db/chess",
            ),
            ("postgres://:only?pw@db/chess", "postgres://***@db/chess"),
            ("postgres://b/ot:x?y@db/chess", "postgres://***@db/chess"),
            (
                "postgres://bot:a?b#c@db/chess?password=x/y?z",
                "postgres://bot:***@db/chess?password=***",
            ),
        ] {
            let got = redact_url(url);
            assert_eq!(got, want, "{url}");
            for secret in ["pa", "ss", "34", "%2F", "only", "pw", "x?y", "x/y"] {
                assert!(
                    !got.contains(secret) || want.contains(secret),
                    "{url} leaks {secret}: {got}"
                );
            }
        }
        assert_eq!(redact_url("sqlite::memory:"), "sqlite::memory:");
        assert_eq!(
            redact_url("sqlite:chessbot.db?mode=rwc"),
            "sqlite:chessbot.db?mode=rwc"
        );
        assert_eq!(redact_url("postgres://host/db"), "postgres://host/db");
    }

    #[test]
    fn the_url_scheme_chooses_the_backend() {
        assert_eq!(Backend::of_url("postgres://u@h/db"), Backend::Postgres);
        assert_eq!(Backend::of_url("PostgreSQL://u@h/db"), Backend::Postgres);
        assert_eq!(Backend::of_url("sqlite://x.db"), Backend::Sqlite);
        assert_eq!(Backend::of_url("sqlite::memory:"), Backend::Sqlite);
    }

    #[test]
    fn pool_settings_come_from_the_environment() {
        let vars = |k: &str| match k {
            "DATABASE_MAX_CONNECTIONS" => Some("25".to_string()),
            "DATABASE_ACQUIRE_TIMEOUT_SECS" => Some("5".to_string()),
            _ => None,
        };
        let cfg = PoolConfig::from_vars(vars);
        assert_eq!(cfg.max_connections, Some(25));
        assert_eq!(cfg.acquire_timeout, Duration::from_secs(5));
        let cfg = PoolConfig::from_vars(|_| Some("nope".to_string()));
        assert_eq!(cfg, PoolConfig::default());
    }
}
