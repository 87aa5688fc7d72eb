//! The terminal adapter: the console contract of DESIGN.md.

use std::path::PathBuf;

/// Arguments of `chessbot console`.
#[derive(Debug, clap::Args)]
pub struct ConsoleArgs {
    /// Database URL (default: sqlite://chessbot.db).
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://chessbot.db")]
    pub db: String,
    /// Write board pictures into this directory.
    #[arg(long)]
    pub images: Option<PathBuf>,
    /// One JSON object per line per bot message.
    #[arg(long)]
    pub json: bool,
}

/// Runs the console until end of input.
///
/// # Errors
/// The database cannot be opened, or stdin/stdout fail.
pub async fn run(args: ConsoleArgs) -> anyhow::Result<()> {
    anyhow::bail!("the console is not built yet ({})", args.db)
}
