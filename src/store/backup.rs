//! `chessbot backup`: a consistent copy of a live SQLite database
//! (`vacuum into`), taken while the bot keeps running.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::Connection;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};

use super::{Backend, redact_url};

/// Why a backup was not written.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// PostgreSQL has its own tool for this.
    #[error(
        "{url} is a PostgreSQL database: back it up with pg_dump \
         (e.g. `pg_dump --format=custom --file=chessbot.dump \"$DATABASE_URL\"`)"
    )]
    Postgres {
        /// The database URL, password redacted.
        url: String,
    },
    /// An in-memory database lives only inside its process.
    #[error("{url} is an in-memory database: there is nothing to back up")]
    Memory {
        /// The database URL.
        url: String,
    },
    /// The copy never overwrites a file.
    #[error("{} already exists: choose another --out or remove it first", .0.display())]
    Exists(PathBuf),
    /// The output path is not valid UTF-8 (SQLite takes a text file name).
    #[error("{} is not a UTF-8 path", .0.display())]
    BadPath(PathBuf),
    /// The database could not be opened or copied.
    #[error("could not back up {url}: {source}")]
    Db {
        /// The database URL, password redacted.
        url: String,
        /// What SQLite said.
        #[source]
        source: sqlx::Error,
    },
}

/// Copies the SQLite database at `url` into a new file `out`, consistently
/// (one read transaction: the copy is the database as of one commit) and
/// without stopping writers for long. The database is opened as it is:
/// neither created when missing nor migrated.
///
/// # Errors
/// [`BackupError::Postgres`] for PostgreSQL URLs, [`BackupError::Memory`]
/// for in-memory ones, [`BackupError::Exists`] when `out` exists,
/// [`BackupError::Db`] when the database cannot be opened or read or the
/// copy cannot be written.
pub async fn backup(url: &str, out: &Path) -> Result<(), BackupError> {
    if Backend::of_url(url) == Backend::Postgres {
        return Err(BackupError::Postgres {
            url: redact_url(url),
        });
    }
    if url.contains(":memory:") || url.contains("mode=memory") {
        return Err(BackupError::Memory {
            url: url.to_string(),
        });
    }
    if out.exists() {
        return Err(BackupError::Exists(out.to_path_buf()));
    }
    let target = out
        .to_str()
        .ok_or_else(|| BackupError::BadPath(out.to_path_buf()))?;
    let db = |source| BackupError::Db {
        url: redact_url(url),
        source,
    };
    let options = SqliteConnectOptions::from_str(url)
        .map_err(db)?
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(10));
    let mut conn = SqliteConnection::connect_with(&options).await.map_err(db)?;
    let copied = sqlx::query("vacuum into ?")
        .bind(target)
        .execute(&mut conn)
        .await
        .map(|_| ())
        .map_err(db);
    // The copy is made; a failure to close cleanly changes nothing in it.
    if let Err(e) = conn.close().await {
        tracing::warn!(error = %e, "closing the backup connection");
    }
    copied
}

/// Before the schema of an existing SQLite file is upgraded (it has
/// migrations applied and this version brings newer ones): a consistent
/// copy beside it, `<file>.bak-<old version>-<UTC timestamp>`, logged.
/// Nothing for a new file or one already up to date.
///
/// # Errors
/// The migrations table cannot be read, or the copy cannot be written
/// (the upgrade then does not start).
pub(super) async fn before_upgrade(
    url: &str,
    path: &Path,
    pool: &sqlx::SqlitePool,
    migrator: &sqlx::migrate::Migrator,
) -> Result<(), super::StoreError> {
    let Some(newest) = migrator.iter().map(|m| m.version).max() else {
        return Ok(());
    };
    let table: Option<(String,)> = sqlx::query_as(
        "select name from sqlite_master where type = 'table' and name = '_sqlx_migrations'",
    )
    .fetch_optional(pool)
    .await?;
    if table.is_none() {
        return Ok(());
    }
    let (applied,): (Option<i64>,) =
        sqlx::query_as("select max(version) from _sqlx_migrations where success")
            .fetch_one(pool)
            .await?;
    let Some(applied) = applied else {
        return Ok(());
    };
    if applied >= newest {
        return Ok(());
    }
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".bak-{applied}-{stamp}"));
    let out = PathBuf::from(name);
    backup(url, &out).await.map_err(|e| match e {
        BackupError::Db { source, .. } => super::StoreError::Db(source),
        other => super::StoreError::Db(sqlx::Error::Protocol(other.to_string())),
    })?;
    tracing::warn!(
        from = applied,
        to = newest,
        backup = %out.display(),
        "upgrading the database schema; a copy of the old database was written first"
    );
    Ok(())
}
