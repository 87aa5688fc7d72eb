//! Command line, `chessbot.toml` and the environment: every setting, where
//! its value came from, and `chessbot config`. Secrets are never printed.
//!
//! The file holds the settings that are environment variables (lower-case
//! keys: `discord_token` for `DISCORD_TOKEN`); a variable set in the
//! environment wins over the file. It is read only when named (`--config`,
//! `CHESSBOT_CONFIG`), never found implicitly in the current directory,
//! where another local user could have put one naming their own
//! `stockfish_path`.
//!
//! `main.rs` exports the file's plain values into the environment of the
//! process before parsing the command line, so every reader of a variable
//! (clap's `env = ...`, the engine, the pool, the Discord shards) sees
//! them. A secret or URL read from a file (the settings file or a
//! `<ENV>_FILE`) is never exported, so no child process can inherit it: it
//! reaches the command line's arguments as their default value instead
//! ([`with_file_secrets`]).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::adapters::console::ConsoleArgs;
#[cfg(feature = "discord")]
use crate::adapters::discord::DiscordArgs;
#[cfg(feature = "matrix")]
use crate::adapters::matrix::MatrixArgs;
use crate::render::cli::RenderArgs;

mod load;
mod settings;

pub use load::{ConfigError, Effective, Loaded, Origin, config_path, read_file};
pub use settings::{SETTINGS, Secrecy, Setting, check_value, public_url_arg};

/// A correspondence chess bot for chat platforms.
#[derive(Debug, Parser)]
#[command(name = "chessbot", version = crate::version::VERSION_LINE, about)]
pub struct Cli {
    /// Settings file (TOML; none unless named here or by CHESSBOT_CONFIG);
    /// the environment overrides it.
    #[arg(long, global = true, value_name = "FILE", env = CONFIG_ENV)]
    pub config: Option<PathBuf>,
    /// Serve HTTP on this address (`HOST:PORT`, or `:PORT` for every
    /// interface): `/healthz`, `/readyz`, `/metrics`, and the spectator and
    /// player pages (with `--public-url`, announcements link to them); off
    /// when unset.
    #[arg(long, global = true, value_name = "ADDR", env = HTTP_ADDR_ENV)]
    pub http: Option<String>,
    /// The address people reach the pages at (`https://chess.example.org`,
    /// behind a proxy): with `--http`, announcements carry watch links
    /// under it.
    #[arg(long, global = true, value_name = "URL", env = PUBLIC_URL_ENV, value_parser = public_url_arg)]
    pub public_url: Option<String>,
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

/// What to run; without a subcommand, the Discord bot.
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Run the Discord bot (needs DISCORD_TOKEN); the default.
    #[cfg(feature = "discord")]
    Discord(DiscordArgs),
    /// Not in this build: says so (see [`NotBuilt`]).
    #[cfg(not(feature = "discord"))]
    #[command(hide = true)]
    Discord(NotBuilt),
    /// Run the Matrix bot (needs MATRIX_HOMESERVER and a login, see docs/HOSTING.md).
    #[cfg(feature = "matrix")]
    Matrix(MatrixArgs),
    /// Not in this build: says so (see [`NotBuilt`]).
    #[cfg(not(feature = "matrix"))]
    #[command(hide = true)]
    Matrix(NotBuilt),
    /// Play in the terminal: one chat message per line (see docs/CONSOLE.md).
    Console(ConsoleArgs),
    /// Draw a board picture from a FEN, or a game's summary card or GIF from a PGN.
    Render(RenderArgs),
    /// Copy a live SQLite database consistently into a new file.
    Backup(BackupArgs),
    /// Print the effective settings (secrets redacted) and where each came from.
    Config,
    /// Probe the Syzygy endgame tables: one JSON line `{"wdl":..,"dtz":..}`
    /// for a FEN, or for each FEN line of stdin.
    Tablebase(crate::tablebase::cli::TablebaseArgs),
    /// Ask a running bot's `/readyz`: exit 0 when ready, 1 otherwise (the
    /// container health check; the image has no curl).
    Healthcheck(HealthcheckArgs),
}

/// The arguments of a platform's subcommand in a build without that
/// platform: whatever they are, running it is [`ConfigError::NotBuilt`]
/// rather than clap's "unrecognized subcommand", so the owner learns that
/// the binary, not the command line, is what to change.
#[derive(Debug, clap::Args)]
pub struct NotBuilt {
    /// Ignored.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub rest: Vec<OsString>,
}

/// A chat platform that a build may leave out (the Cargo features
/// `discord` and `matrix`; the console is always built).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlatformFeature {
    /// serenity and poise.
    Discord,
    /// matrix-sdk.
    Matrix,
}

impl PlatformFeature {
    /// Both, in the order `--version` lists them.
    pub const ALL: [PlatformFeature; 2] = [PlatformFeature::Discord, PlatformFeature::Matrix];

    /// The name people know it by.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PlatformFeature::Discord => "Discord",
            PlatformFeature::Matrix => "Matrix",
        }
    }

    /// The Cargo feature.
    #[must_use]
    pub const fn feature(self) -> &'static str {
        match self {
            PlatformFeature::Discord => "discord",
            PlatformFeature::Matrix => "matrix",
        }
    }

    /// Whether this binary has it.
    #[must_use]
    pub const fn built_in(self) -> bool {
        match self {
            PlatformFeature::Discord => cfg!(feature = "discord"),
            PlatformFeature::Matrix => cfg!(feature = "matrix"),
        }
    }

    /// The platform a setting belongs to (`discord_*`, `matrix_*`), if any.
    #[must_use]
    pub fn of_setting(key: &str) -> Option<PlatformFeature> {
        PlatformFeature::ALL
            .into_iter()
            .find(|p| key.starts_with(p.feature()) && key[p.feature().len()..].starts_with('_'))
    }

    /// The features of this build, comma-separated (`discord,matrix`).
    #[must_use]
    pub fn built() -> String {
        let names: Vec<&str> = PlatformFeature::ALL
            .into_iter()
            .filter(|p| p.built_in())
            .map(PlatformFeature::feature)
            .collect();
        if names.is_empty() {
            "console".to_string()
        } else {
            names.join(",")
        }
    }

    /// The error for using it in a build without it.
    #[must_use]
    pub fn not_built(self, what: impl Into<String>) -> ConfigError {
        ConfigError::NotBuilt {
            what: what.into(),
            platform: self,
        }
    }
}

/// Arguments of `chessbot healthcheck`.
#[derive(Debug, clap::Args)]
pub struct HealthcheckArgs {
    /// The URL to ask (default: `/readyz` of `--http` / CHESSBOT_HTTP_ADDR,
    /// on the loopback when that names every interface).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Seconds to wait for the answer.
    #[arg(long, default_value_t = 5)]
    pub timeout: u64,
}

/// The exit status of a configuration error (a setting's value, a settings
/// or secret file, a platform not built in): BSD's `EX_CONFIG`. Starting
/// again cannot help, so the systemd unit does not
/// (`RestartPreventExitStatus=`); a failure that may pass (a database or
/// platform not reachable) exits 1 and is retried. Command-line mistakes
/// exit 2 (clap's usage error).
pub const EXIT_CONFIG: u8 = 78;

/// The variable of `--http`.
pub const HTTP_ADDR_ENV: &str = "CHESSBOT_HTTP_ADDR";

/// How log lines are written: `text` (the default) or `json`, one object
/// per line for log collectors.
pub const LOG_FORMAT_ENV: &str = "CHESSBOT_LOG_FORMAT";

/// The public address of the spectator pages (such as
/// `https://chess.example.org`): with `--http`, announcements carry watch
/// links under it.
pub const PUBLIC_URL_ENV: &str = "CHESSBOT_PUBLIC_URL";

/// The reverse proxies in front of `--http` (addresses or networks,
/// comma-separated): only their `Forwarded`/`X-Forwarded-For` headers name
/// a client, whose address the per-address caps then count.
pub const TRUSTED_PROXIES_ENV: &str = "CHESSBOT_TRUSTED_PROXIES";

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

/// The variable naming the settings file (like `--config`).
pub const CONFIG_ENV: &str = "CHESSBOT_CONFIG";

/// `cmd` with every argument read from one of `secrets`' variables given
/// that value as its default (hidden from `--help`): a value set in the
/// environment or on the command line still wins, and the secret never
/// passes through the environment.
#[must_use]
pub fn with_file_secrets(cmd: clap::Command, secrets: &[(&'static str, &str)]) -> clap::Command {
    if secrets.is_empty() {
        return cmd;
    }
    let cmd = cmd.mut_args(|arg| {
        let value = arg
            .get_env()
            .and_then(|env| secrets.iter().find(|(name, _)| env == *name))
            .map(|(_, value)| *value);
        match value {
            // clap keeps defaults as `&'static str`; the few secrets live
            // as long as the process anyway.
            Some(v) => arg
                .default_value(&*Box::leak(v.to_string().into_boxed_str()))
                .hide_default_value(true),
            None => arg,
        }
    });
    cmd.mut_subcommands(|sub| with_file_secrets(sub, secrets))
}

/// The `--http` address the command line or the environment gives (the
/// settings file's `http_addr` is exported into the environment first).
#[must_use]
pub fn http_addr(cli: &Cli) -> Option<&str> {
    cli.http.as_deref().filter(|a| !a.trim().is_empty())
}

#[cfg(test)]
#[path = "config_tests.rs"]
mod tests;
