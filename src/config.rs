//! Command line and environment. Secrets are never printed.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::adapters::console::ConsoleArgs;
use crate::adapters::discord::DiscordArgs;
use crate::adapters::matrix::MatrixArgs;
use crate::render::cli::RenderArgs;

/// A correspondence chess bot for chat platforms.
#[derive(Debug, Parser)]
#[command(name = "chessbot", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

/// What to run; without a subcommand, the Discord bot.
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Run the Discord bot (needs DISCORD_TOKEN); the default.
    Discord(DiscordArgs),
    /// Run the Matrix bot (needs MATRIX_HOMESERVER and a login, see README.md).
    Matrix(MatrixArgs),
    /// Play in the terminal: one chat message per line (see README.md).
    Console(ConsoleArgs),
    /// Draw a board picture from a FEN, or a game's summary card or GIF from a PGN.
    Render(RenderArgs),
    /// Copy a live SQLite database consistently into a new file.
    Backup(BackupArgs),
}

/// Arguments of `chessbot backup`.
#[derive(Debug, clap::Args)]
pub struct BackupArgs {
    /// The database to copy (PostgreSQL: use pg_dump instead).
    #[arg(long, env = "DATABASE_URL", hide_env_values = true, default_value = crate::store::DEFAULT_DATABASE_URL)]
    pub db: String,
    /// The new file to write (never overwritten).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}
