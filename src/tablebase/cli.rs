//! `chessbot tablebase [FEN]`: the owner's check of their tables, one JSON
//! object a line (`{"wdl":"win","dtz":25}`) for the side to move.
//!
//! With a FEN argument, an error (a missing table, a bad FEN) goes to
//! stderr and the exit code is non-zero. Without one, every line of stdin
//! is a FEN and gets exactly one line on stdout, so answers line up with
//! questions: `{"error":"..."}` for a line that cannot be probed (also on
//! stderr); the exit code is non-zero when any line failed. Blank lines are
//! skipped.

use std::io::{BufRead, Write};

use super::{TablebaseError, Tablebases};
use crate::chess::Position;

/// The environment variable (and, lower-case, the settings file's key
/// `syzygy_path`) naming the table directories.
pub const SYZYGY_PATH_ENV: &str = "CHESSBOT_SYZYGY_PATH";

/// Arguments of `chessbot tablebase`.
#[derive(Debug, clap::Args)]
pub struct TablebaseArgs {
    /// The position (FEN); without it, one FEN a line from stdin.
    pub fen: Option<String>,
    /// Directories of the Syzygy tables, separated by `:`.
    #[arg(long, value_name = "DIRS", env = SYZYGY_PATH_ENV)]
    pub path: Option<String>,
}

/// Why `chessbot tablebase` failed.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseCliError {
    #[error("no tables: set {SYZYGY_PATH_ENV} (or syzygy_path in the settings file) or --path")]
    NoPath,
    #[error(transparent)]
    Tables(#[from] TablebaseError),
    #[error("invalid FEN {fen:?}: {message}")]
    Fen { fen: String, message: String },
    #[error("{failed} of {total} positions could not be probed")]
    Failed { failed: usize, total: usize },
    #[error("cannot read or write: {0}")]
    Io(#[from] std::io::Error),
}

/// One probe as its JSON line.
fn answer(tables: &Tablebases, fen: &str) -> Result<String, TablebaseCliError> {
    let pos = Position::from_fen(fen).map_err(|e| TablebaseCliError::Fen {
        fen: fen.to_owned(),
        message: e.to_string(),
    })?;
    let probe = tables.probe(&pos)?;
    Ok(format!(
        "{{\"wdl\":\"{}\",\"dtz\":{}}}",
        probe.wdl.name(),
        probe.dtz
    ))
}

/// Runs the subcommand over `input` (used without a FEN argument).
///
/// # Errors
/// No or unusable table directories, the one FEN's probe failing, or (stdin
/// mode) any line failing, after every line has been answered.
pub fn run(
    args: &TablebaseArgs,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> Result<(), TablebaseCliError> {
    let path = args
        .path
        .as_deref()
        .filter(|p| !p.trim().is_empty())
        .ok_or(TablebaseCliError::NoPath)?;
    let tables = Tablebases::open(path)?;
    if let Some(fen) = &args.fen {
        writeln!(out, "{}", answer(&tables, fen.trim())?)?;
        return Ok(());
    }
    let (mut failed, mut total) = (0, 0);
    for line in input.lines() {
        let line = line?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        total += 1;
        match answer(&tables, fen) {
            Ok(json) => writeln!(out, "{json}")?,
            Err(e) => {
                failed += 1;
                let message = e.to_string();
                writeln!(
                    out,
                    "{{\"error\":{}}}",
                    serde_json::Value::String(message.clone())
                )?;
                writeln!(err, "error: {message}")?;
            }
        }
        out.flush()?;
    }
    if failed > 0 {
        return Err(TablebaseCliError::Failed { failed, total });
    }
    Ok(())
}
