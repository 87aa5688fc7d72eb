//! The Matrix crypto store is private: its folder is 0700 and
//! its files 0600 (looser ones are tightened at start, with a warning),
//! and the SDK's SQLite stores are encrypted with a passphrase: the
//! configured `MATRIX_STORE_PASSPHRASE`, else one generated on the first
//! start and kept next to the store folder in a 0600 file (with a warning
//! to set one).

use std::path::{Path, PathBuf};

use super::MatrixError;

/// A store passphrase: never shown in debug output.
#[derive(Clone, PartialEq, Eq)]
pub struct Passphrase(pub String);

impl std::fmt::Debug for Passphrase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Passphrase(<hidden>)")
    }
}

/// The file of a generated passphrase, in the folder that holds the store
/// folder (the data folder).
pub const PASSPHRASE_FILE: &str = "matrix-store-passphrase";

fn session_error(path: &Path, e: impl std::fmt::Display) -> MatrixError {
    MatrixError::Session {
        path: path.to_path_buf(),
        reason: e.to_string(),
    }
}

/// Creates the store folder if needed and makes it and everything in it
/// private to the bot's user: folders 0700, files 0600. Returns the paths
/// it had to tighten (each logged as a warning).
///
/// # Errors
/// The folder cannot be created or a permission cannot be changed.
pub fn secure_store_dir(dir: &Path) -> Result<Vec<PathBuf>, MatrixError> {
    std::fs::create_dir_all(dir).map_err(|e| session_error(dir, e))?;
    let mut tightened = Vec::new();
    tighten(dir, &mut tightened)?;
    for path in &tightened {
        tracing::warn!(
            path = %path.display(),
            "the Matrix store was readable by others: permissions tightened"
        );
    }
    Ok(tightened)
}

/// Makes the store private again after the SDK created its files (with
/// the process's umask), logging only at debug level.
pub fn tighten_quietly(dir: &Path) {
    let mut tightened = Vec::new();
    if let Err(e) = tighten(dir, &mut tightened) {
        tracing::warn!(error = %e, "could not make the Matrix store private");
    }
    for path in &tightened {
        tracing::debug!(path = %path.display(), "Matrix store file made private");
    }
}

#[cfg(unix)]
fn tighten(path: &Path, tightened: &mut Vec<PathBuf>) -> Result<(), MatrixError> {
    use std::os::unix::fs::PermissionsExt as _;
    let meta = std::fs::symlink_metadata(path).map_err(|e| session_error(path, e))?;
    if meta.file_type().is_symlink() {
        return Ok(());
    }
    let wanted = if meta.is_dir() { 0o700 } else { 0o600 };
    let mode = meta.permissions().mode() & 0o777;
    if mode & !wanted != 0 {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & wanted))
            .map_err(|e| session_error(path, e))?;
        tightened.push(path.to_path_buf());
    }
    if meta.is_dir() {
        let entries = std::fs::read_dir(path).map_err(|e| session_error(path, e))?;
        for entry in entries {
            let entry = entry.map_err(|e| session_error(path, e))?;
            tighten(&entry.path(), tightened)?;
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn tighten(_path: &Path, _tightened: &mut Vec<PathBuf>) -> Result<(), MatrixError> {
    Ok(())
}

/// Where a generated passphrase for the store folder `store` is kept.
#[must_use]
pub fn passphrase_path(store: &Path) -> PathBuf {
    match store.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join(PASSPHRASE_FILE),
        _ => PathBuf::from(PASSPHRASE_FILE),
    }
}

/// The passphrase of the store folder `store`: `configured` when given,
/// else the one kept in [`passphrase_path`], else a new one written there
/// (0600) with a warning. `None` for a store created unencrypted before
/// this rule (its `state_dir` exists and no passphrase was ever kept):
/// it stays readable, with a warning saying how to encrypt it.
///
/// # Errors
/// The passphrase file cannot be read or written.
pub fn store_passphrase(
    configured: Option<&str>,
    store: &Path,
    state_dir: &Path,
) -> Result<Option<String>, MatrixError> {
    if let Some(p) = configured.filter(|p| !p.is_empty()) {
        return Ok(Some(p.to_string()));
    }
    let path = passphrase_path(store);
    match std::fs::read_to_string(&path) {
        Ok(kept) if !kept.trim().is_empty() => {
            tighten(&path, &mut Vec::new())?;
            return Ok(Some(kept.trim().to_string()));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(session_error(&path, e)),
    }
    if state_dir.exists() {
        tracing::warn!(
            store = %store.display(),
            "the Matrix store was created unencrypted: it stays so; to encrypt it, \
             stop the bot, remove the store folder and start again (with \
             MATRIX_STORE_PASSPHRASE set)"
        );
        return Ok(None);
    }
    let passphrase = generate()?;
    write_private(&path, &passphrase)?;
    tracing::warn!(
        path = %path.display(),
        "MATRIX_STORE_PASSPHRASE is not set: generated one for the Matrix store and \
         kept it in this file (0600); set it in the configuration to keep it elsewhere"
    );
    Ok(Some(passphrase))
}

/// 32 random bytes, hex.
fn generate() -> Result<String, MatrixError> {
    use std::io::Read as _;
    let mut bytes = [0u8; 32];
    let source = Path::new("/dev/urandom");
    std::fs::File::open(source)
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| session_error(source, e))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

fn write_private(path: &Path, text: &str) -> Result<(), MatrixError> {
    use std::io::Write as _;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.mode(0o600);
    }
    let mut f = options.open(path).map_err(|e| session_error(path, e))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|e| session_error(path, e))
}
