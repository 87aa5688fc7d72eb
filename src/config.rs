//! Command line, `chessbot.toml` and the environment: every setting, where
//! its value came from, and `chessbot config`. Secrets are never printed.
//!
//! The file holds the settings that are environment variables (lower-case
//! keys: `discord_token` for `DISCORD_TOKEN`); a variable set in the
//! environment wins over the file. `main.rs` exports the file's values into
//! the environment of the process before parsing the command line, so every
//! reader of a variable (clap's `env = ...`, the engine, the pool, the
//! Discord shards) sees them.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::adapters::console::ConsoleArgs;
use crate::adapters::discord::DiscordArgs;
use crate::adapters::matrix::MatrixArgs;
use crate::render::cli::RenderArgs;

/// A correspondence chess bot for chat platforms.
#[derive(Debug, Parser)]
#[command(name = "chessbot", version, about)]
pub struct Cli {
    /// Settings file (TOML; default `./chessbot.toml` when it exists); the
    /// environment overrides it.
    #[arg(long, global = true, value_name = "FILE", env = CONFIG_ENV)]
    pub config: Option<PathBuf>,
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
    /// Print the effective settings (secrets redacted) and where each came from.
    Config,
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

/// The variable naming the settings file (like `--config`).
pub const CONFIG_ENV: &str = "CHESSBOT_CONFIG";
/// The settings file read when neither `--config` nor `CHESSBOT_CONFIG` names one.
pub const DEFAULT_CONFIG_FILE: &str = "chessbot.toml";

/// How a setting's value is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Secrecy {
    /// Shown as it is.
    Plain,
    /// Never shown.
    Secret,
    /// A URL shown with its password replaced by `***`.
    Url,
}

/// One setting: its key in `chessbot.toml` and its environment variable.
#[derive(Debug)]
pub struct Setting {
    /// The key in the file.
    pub key: &'static str,
    /// The environment variable.
    pub env: &'static str,
    /// How its value may be shown.
    pub secrecy: Secrecy,
    /// What applies when it is set nowhere.
    pub default: &'static str,
}

const fn setting(
    key: &'static str,
    env: &'static str,
    secrecy: Secrecy,
    default: &'static str,
) -> Setting {
    Setting {
        key,
        env,
        secrecy,
        default,
    }
}

/// Every setting the bot reads from the environment (README, Settings).
pub const SETTINGS: &[Setting] = &[
    setting(
        "database_url",
        "DATABASE_URL",
        Secrecy::Url,
        crate::store::DEFAULT_DATABASE_URL,
    ),
    setting(
        "database_max_connections",
        "DATABASE_MAX_CONNECTIONS",
        Secrecy::Plain,
        "4 (SQLite), 10 (PostgreSQL)",
    ),
    setting(
        "database_acquire_timeout_secs",
        "DATABASE_ACQUIRE_TIMEOUT_SECS",
        Secrecy::Plain,
        "30",
    ),
    setting("http_addr", "CHESSBOT_HTTP_ADDR", Secrecy::Plain, "off"),
    setting("rust_log", "RUST_LOG", Secrecy::Plain, "warn"),
    setting(
        "discord_token",
        "DISCORD_TOKEN",
        Secrecy::Secret,
        "none (required for Discord)",
    ),
    setting(
        "discord_guild_id",
        "DISCORD_GUILD_ID",
        Secrecy::Plain,
        "commands registered globally",
    ),
    setting(
        "discord_shards",
        "DISCORD_SHARDS",
        Secrecy::Plain,
        "automatic",
    ),
    setting(
        "discord_http_proxy",
        "DISCORD_HTTP_PROXY",
        Secrecy::Url,
        "none",
    ),
    setting(
        "matrix_homeserver",
        "MATRIX_HOMESERVER",
        Secrecy::Url,
        "none (required for Matrix)",
    ),
    setting("matrix_user", "MATRIX_USER", Secrecy::Plain, "none"),
    setting(
        "matrix_password",
        "MATRIX_PASSWORD",
        Secrecy::Secret,
        "none",
    ),
    setting(
        "matrix_access_token",
        "MATRIX_ACCESS_TOKEN",
        Secrecy::Secret,
        "none",
    ),
    setting(
        "matrix_store_path",
        "MATRIX_STORE_PATH",
        Secrecy::Plain,
        "<database>-matrix/ next to the SQLite file",
    ),
    setting(
        "matrix_allowed_servers",
        "MATRIX_ALLOWED_SERVERS",
        Secrecy::Plain,
        "every server",
    ),
    setting(
        "matrix_max_rooms",
        "MATRIX_MAX_ROOMS",
        Secrecy::Plain,
        "300",
    ),
    // ---- Matrix trust (cross-signing, key backup, verification)
    setting(
        "matrix_recovery_key",
        "MATRIX_RECOVERY_KEY",
        Secrecy::Secret,
        "none (no key backup)",
    ),
    setting(
        "matrix_accept_verification",
        "MATRIX_ACCEPT_VERIFICATION",
        Secrecy::Plain,
        "false",
    ),
    setting(
        "stockfish_path",
        "STOCKFISH_PATH",
        Secrecy::Plain,
        "stockfish on PATH",
    ),
    setting(
        "engine_threads",
        "ENGINE_THREADS",
        Secrecy::Plain,
        "one per core",
    ),
    // ---- hardening (issue 35.3): the Matrix store's passphrase
    setting(
        "matrix_store_passphrase",
        "MATRIX_STORE_PASSPHRASE",
        Secrecy::Secret,
        "generated on first start, kept in <data>/matrix-store-passphrase",
    ),
];

/// A settings file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// Missing or unreadable.
    #[error("cannot read the settings file {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// Not TOML.
    #[error("{} is not valid TOML: {message}", .path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
    /// A key that is no setting (a typo would otherwise be ignored).
    #[error("{}: unknown setting {key:?} (known: {known})", .path.display())]
    UnknownKey {
        /// The file.
        path: PathBuf,
        /// The key.
        key: String,
        /// The known keys.
        known: String,
    },
    /// A value that is not a string, number, boolean or list of strings.
    #[error("{}: {key} must be a string, a number, a boolean or a list of strings", .path.display())]
    BadValue {
        /// The file.
        path: PathBuf,
        /// The key.
        key: String,
    },
}

/// Where a setting's effective value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The settings file.
    File,
    /// The environment, where the file had no value.
    Environment,
    /// The environment, over the file's value.
    EnvironmentOverFile,
    /// Set nowhere: the default applies.
    Default,
}

/// One setting's effective value.
#[derive(Debug)]
pub struct Effective {
    /// The setting.
    pub setting: &'static Setting,
    /// Its value, `None` when set nowhere.
    pub value: Option<String>,
    /// Where the value came from.
    pub origin: Origin,
}

/// The settings file (if any) and every setting's effective value.
#[derive(Debug)]
pub struct Loaded {
    /// The file read, if any.
    pub file: Option<PathBuf>,
    /// Every setting of [`SETTINGS`], in order.
    pub settings: Vec<Effective>,
}

/// The settings file the command line or [`CONFIG_ENV`] names (`true`: it
/// must exist), else `./chessbot.toml` when it exists.
#[must_use]
pub fn config_path(args: &[OsString], env: Option<OsString>) -> Option<(PathBuf, bool)> {
    let mut it = args.iter().skip(1);
    while let Some(arg) = it.next() {
        let Some(text) = arg.to_str() else { continue };
        if text == "--" {
            break;
        }
        if text == "--config" {
            return it.next().map(|p| (PathBuf::from(p), true));
        }
        if let Some(p) = text.strip_prefix("--config=") {
            return Some((PathBuf::from(p), true));
        }
    }
    if let Some(p) = env.filter(|p| !p.is_empty()) {
        return Some((PathBuf::from(p), true));
    }
    let default = PathBuf::from(DEFAULT_CONFIG_FILE);
    default.is_file().then_some((default, false))
}

/// Reads a settings file into `key -> value` (lists joined by commas).
///
/// # Errors
/// [`ConfigError`] naming the file and, for a bad key or value, the key.
pub fn read_file(path: &Path) -> Result<BTreeMap<&'static str, String>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_file(path, &text)
}

fn parse_file(path: &Path, text: &str) -> Result<BTreeMap<&'static str, String>, ConfigError> {
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| ConfigError::Parse {
            path: path.to_path_buf(),
            message: e.message().to_string(),
        })?;
    let mut out = BTreeMap::new();
    for (key, value) in table {
        let Some(setting) = SETTINGS.iter().find(|s| s.key == key) else {
            let known: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
            return Err(ConfigError::UnknownKey {
                path: path.to_path_buf(),
                key,
                known: known.join(", "),
            });
        };
        let bad = || ConfigError::BadValue {
            path: path.to_path_buf(),
            key: key.clone(),
        };
        let text = match &value {
            toml::Value::String(s) => s.clone(),
            toml::Value::Integer(n) => n.to_string(),
            toml::Value::Float(x) => x.to_string(),
            toml::Value::Boolean(b) => b.to_string(),
            toml::Value::Array(items) => {
                let parts: Option<Vec<&str>> = items.iter().map(toml::Value::as_str).collect();
                parts.ok_or_else(bad)?.join(",")
            }
            _ => return Err(bad()),
        };
        out.insert(setting.key, text);
    }
    Ok(out)
}

impl Loaded {
    /// The effective settings from the file `file` (its values) and the
    /// environment `env` (an empty variable counts as unset).
    #[must_use]
    pub fn new(
        file: Option<(PathBuf, BTreeMap<&'static str, String>)>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Loaded {
        let (path, values) = match file {
            Some((p, v)) => (Some(p), v),
            None => (None, BTreeMap::new()),
        };
        let settings = SETTINGS
            .iter()
            .map(|setting| {
                let from_env = env(setting.env).filter(|v| !v.is_empty());
                let from_file = values.get(setting.key).cloned();
                let (value, origin) = match (from_env, from_file) {
                    (Some(v), Some(_)) => (Some(v), Origin::EnvironmentOverFile),
                    (Some(v), None) => (Some(v), Origin::Environment),
                    (None, Some(v)) => (Some(v), Origin::File),
                    (None, None) => (None, Origin::Default),
                };
                Effective {
                    setting,
                    value,
                    origin,
                }
            })
            .collect();
        Loaded {
            file: path,
            settings,
        }
    }

    /// Reads the settings file [`config_path`] finds and the process
    /// environment.
    ///
    /// # Errors
    /// A named file that is missing, unreadable or invalid.
    pub fn from_process(args: &[OsString]) -> Result<Loaded, ConfigError> {
        let file = match config_path(args, std::env::var_os(CONFIG_ENV)) {
            Some((path, _)) => {
                let values = read_file(&path)?;
                Some((path, values))
            }
            None => None,
        };
        Ok(Loaded::new(file, |k| std::env::var(k).ok()))
    }

    /// The variables to export so that the file's values reach every
    /// reader of the environment: those from the file and not set there.
    #[must_use]
    pub fn to_export(&self) -> Vec<(&'static str, &str)> {
        self.settings
            .iter()
            .filter(|e| e.origin == Origin::File)
            .filter_map(|e| Some((e.setting.env, e.value.as_deref()?)))
            .collect()
    }

    /// `chessbot config`: one line per setting, secrets redacted.
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        match &self.file {
            Some(p) => {
                let _ = writeln!(out, "# settings file: {}", p.display());
            }
            None => {
                let _ = writeln!(
                    out,
                    "# settings file: none (--config, {CONFIG_ENV} or ./{DEFAULT_CONFIG_FILE})"
                );
            }
        }
        for e in &self.settings {
            let s = e.setting;
            let Some(value) = &e.value else {
                let _ = writeln!(out, "# {} ({}): default, {}", s.key, s.env, s.default);
                continue;
            };
            let shown = match s.secrecy {
                Secrecy::Plain => format!("{value:?}"),
                Secrecy::Secret => "\"<redacted>\"".to_string(),
                Secrecy::Url => format!("{:?}", crate::store::redact_url(value)),
            };
            let origin = match e.origin {
                Origin::File => "file".to_string(),
                Origin::Environment => format!("environment ({})", s.env),
                Origin::EnvironmentOverFile => {
                    format!("environment ({}), overriding the file", s.env)
                }
                Origin::Default => "default".to_string(),
            };
            let _ = writeln!(out, "{} = {shown}  # {origin}", s.key);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    #[test]
    fn the_command_line_names_the_file_before_the_environment() {
        let env = Some(OsString::from("env.toml"));
        assert_eq!(
            config_path(
                &args(&["chessbot", "--config", "a.toml", "console"]),
                env.clone()
            ),
            Some((PathBuf::from("a.toml"), true))
        );
        assert_eq!(
            config_path(
                &args(&["chessbot", "console", "--config=b.toml"]),
                env.clone()
            ),
            Some((PathBuf::from("b.toml"), true))
        );
        assert_eq!(
            config_path(&args(&["chessbot", "console"]), env),
            Some((PathBuf::from("env.toml"), true))
        );
    }

    #[test]
    fn unknown_keys_and_odd_values_are_errors_naming_the_key() {
        let p = Path::new("c.toml");
        let e = parse_file(p, "discord_tokn = \"x\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("discord_tokn"), "{e}");
        let e = parse_file(p, "engine_threads = { a = 1 }")
            .unwrap_err()
            .to_string();
        assert!(e.contains("engine_threads"), "{e}");
        let v = parse_file(
            p,
            "matrix_allowed_servers = [\"a.org\", \"b.org\"]\nengine_threads = 2",
        )
        .unwrap();
        assert_eq!(v["matrix_allowed_servers"], "a.org,b.org");
        assert_eq!(v["engine_threads"], "2");
    }
}
