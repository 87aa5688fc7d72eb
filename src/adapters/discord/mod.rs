//! The Discord adapter (serenity + poise).

/// Settings of the Discord bot, from the environment.
#[derive(Debug, clap::Args)]
pub struct DiscordArgs {
    /// Database URL.
    #[arg(
        long = "db",
        env = "DATABASE_URL",
        default_value = "sqlite://chessbot.db"
    )]
    pub db: String,
    /// Register commands in this guild only (instant, for development).
    #[arg(long, env = "DISCORD_GUILD_ID")]
    pub guild_id: Option<u64>,
}

/// Connects to Discord and serves until Ctrl-C / SIGTERM.
///
/// # Errors
/// Missing or malformed token, database or gateway failures.
pub async fn run(args: DiscordArgs) -> anyhow::Result<()> {
    let _ = args;
    match std::env::var("DISCORD_TOKEN") {
        Ok(t) if !t.trim().is_empty() => anyhow::bail!("the Discord adapter is not built yet"),
        _ => anyhow::bail!(
            "DISCORD_TOKEN is not set: set it to your bot token (see README.md), or run `chessbot console` to play in the terminal without one"
        ),
    }
}
