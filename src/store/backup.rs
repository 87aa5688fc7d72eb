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
    /// The copy is never written through a symbolic link (whoever made it
    /// would choose which file the copy lands in).
    #[error("{} is a symbolic link: --out must name a new file", .0.display())]
    Link(PathBuf),
    /// The new file could not be created.
    #[error("cannot create {}: {source}", .path.display())]
    Create {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
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
/// [`BackupError::Link`] when it is a symbolic link (even to nothing),
/// [`BackupError::Create`] when it cannot be created, [`BackupError::Db`]
/// when the database cannot be opened or read or the copy cannot be
/// written.
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
    let target = out
        .to_str()
        .ok_or_else(|| BackupError::BadPath(out.to_path_buf()))?;
    create_new_private(out)?;
    let copied = vacuum_into(url, target).await;
    if copied.is_err() {
        // Ours and unfinished: a second try must not find it in the way.
        let _ = std::fs::remove_file(out);
    }
    copied
}

/// Opens the database at `url` as it is and copies it into the empty file
/// `target`.
async fn vacuum_into(url: &str, target: &str) -> Result<(), BackupError> {
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

/// Creates `out` empty, readable by its owner only, failing if anything is
/// there already; `vacuum into` then fills it (SQLite accepts an empty
/// file). Left to SQLite, the file would follow a symbolic link put in its
/// place and get SQLite's default mode, 0644.
fn create_new_private(out: &Path) -> Result<(), BackupError> {
    match std::fs::symlink_metadata(out) {
        Ok(m) if m.file_type().is_symlink() => return Err(BackupError::Link(out.to_path_buf())),
        Ok(_) => return Err(BackupError::Exists(out.to_path_buf())),
        Err(_) => {}
    }
    let mut options = std::fs::OpenOptions::new();
    // `create_new` is O_CREAT | O_EXCL, which never follows a final
    // symbolic link (one made since the check above fails here).
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(out) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(BackupError::Exists(out.to_path_buf()))
        }
        Err(source) => Err(BackupError::Create {
            path: out.to_path_buf(),
            source,
        }),
    }
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
