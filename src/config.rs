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

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

use crate::adapters::console::ConsoleArgs;
#[cfg(feature = "discord")]
use crate::adapters::discord::DiscordArgs;
#[cfg(feature = "matrix")]
use crate::adapters::matrix::MatrixArgs;
use crate::render::cli::RenderArgs;

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
/// The settings file's usual name, which is not read implicitly (`chessbot
/// config` points at one found in the current directory).
const USUAL_CONFIG_FILE: &str = "chessbot.toml";

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

impl Setting {
    /// Whether the value may instead be read from a file named by
    /// `<ENV>_FILE` (or `<key>_file` in the settings file), as Docker
    /// secrets are: every secret and every URL (which may hold a password).
    #[must_use]
    pub fn takes_file(&self) -> bool {
        self.secrecy != Secrecy::Plain
    }

    /// The variable naming the file of the value (`DISCORD_TOKEN_FILE`).
    #[must_use]
    pub fn file_env(&self) -> String {
        format!("{}_FILE", self.env)
    }

    /// The settings file's key naming the file of the value
    /// (`discord_token_file`).
    #[must_use]
    pub fn file_key(&self) -> String {
        format!("{}_file", self.key)
    }
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
    setting("http_addr", HTTP_ADDR_ENV, Secrecy::Plain, "off"),
    setting("public_url", PUBLIC_URL_ENV, Secrecy::Plain, "none"),
    setting(
        "trusted_proxies",
        TRUSTED_PROXIES_ENV,
        Secrecy::Plain,
        "none",
    ),
    setting("rust_log", "RUST_LOG", Secrecy::Plain, "warn"),
    setting("log_format", LOG_FORMAT_ENV, Secrecy::Plain, "text"),
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
    // Matrix trust (cross-signing, key backup, verification).
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
        "syzygy_path",
        crate::tablebase::cli::SYZYGY_PATH_ENV,
        Secrecy::Plain,
        "none (no endgame tables)",
    ),
    setting(
        "engine_threads",
        "ENGINE_THREADS",
        Secrecy::Plain,
        "one per core",
    ),
    setting(
        "engine_hash_mb",
        "ENGINE_HASH_MB",
        Secrecy::Plain,
        "16 (MiB per engine process)",
    ),
    // The Matrix store's passphrase.
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
    /// Both a value and a file to read it from, at the same level.
    #[error("{direct} and {file} are both set: set one of them")]
    Ambiguous {
        /// The value's variable or key.
        direct: String,
        /// The file's variable or key.
        file: String,
    },
    /// The file a secret is to be read from cannot be read.
    #[error("{by}: cannot read {}: {source}", .path.display())]
    SecretFile {
        /// The variable or key naming the file.
        by: String,
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A setting or subcommand of a platform this binary was built without.
    #[error(
        "{what}: this chessbot was built without {} support (build it with `--features {}`, or use a release or image that has it)",
        .platform.name(),
        .platform.feature()
    )]
    NotBuilt {
        /// The setting (`MATRIX_HOMESERVER`, `matrix_user in FILE`) or
        /// subcommand.
        what: String,
        /// The platform.
        platform: PlatformFeature,
    },
    /// A value the setting does not accept.
    #[error("{by} = {value:?} is not accepted: {accepted}")]
    Invalid {
        /// The variable, or the key and the settings file.
        by: String,
        /// The value given.
        value: String,
        /// What the setting accepts.
        accepted: String,
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
    /// Read from the file the environment's `<ENV>_FILE` names.
    EnvironmentSecretFile,
    /// Read from the file the settings file's `<key>_file` names.
    FileSecretFile,
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
    /// The file the value was read from (`<ENV>_FILE`, `<key>_file`).
    pub secret_file: Option<PathBuf>,
}

/// The settings file (if any) and every setting's effective value.
#[derive(Debug)]
pub struct Loaded {
    /// The file read, if any.
    pub file: Option<PathBuf>,
    /// Every setting of [`SETTINGS`], in order.
    pub settings: Vec<Effective>,
}

/// The settings file the command line or [`CONFIG_ENV`] names, if any (it
/// must exist). No file is looked for in the current directory: whoever
/// can write there would choose the bot's settings.
#[must_use]
pub fn config_path(args: &[OsString], env: Option<OsString>) -> Option<PathBuf> {
    let mut it = args.iter().skip(1);
    while let Some(arg) = it.next() {
        let Some(text) = arg.to_str() else { continue };
        if text == "--" {
            break;
        }
        if text == "--config" {
            return it.next().map(PathBuf::from);
        }
        if let Some(p) = text.strip_prefix("--config=") {
            return Some(PathBuf::from(p));
        }
    }
    env.filter(|p| !p.is_empty()).map(PathBuf::from)
}

/// Reads a settings file into `key -> value` (lists joined by commas).
///
/// # Errors
/// [`ConfigError`] naming the file and, for a bad key or value, the key.
pub fn read_file(path: &Path) -> Result<BTreeMap<String, String>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_file(path, &text)
}

fn parse_file(path: &Path, text: &str) -> Result<BTreeMap<String, String>, ConfigError> {
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| ConfigError::Parse {
            path: path.to_path_buf(),
            message: e.message().to_string(),
        })?;
    let mut out = BTreeMap::new();
    for (key, value) in table {
        let known_key = SETTINGS
            .iter()
            .any(|s| s.key == key || (s.takes_file() && s.file_key() == key));
        if !known_key {
            let known: Vec<&str> = SETTINGS.iter().map(|s| s.key).collect();
            return Err(ConfigError::UnknownKey {
                path: path.to_path_buf(),
                key,
                known: known.join(", "),
            });
        }
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
        out.insert(key, text);
    }
    Ok(out)
}

impl Loaded {
    /// The effective settings from the file `file` (its values) and the
    /// environment `env` (an empty variable counts as unset). A secret or
    /// URL may come from a file instead (`DISCORD_TOKEN_FILE`,
    /// `discord_token_file`), read with `read` and its trailing newline
    /// trimmed; the environment wins over the settings file as for any
    /// value, and setting a value and its file at the same level is an
    /// error.
    ///
    /// # Errors
    /// [`ConfigError::Ambiguous`], [`ConfigError::SecretFile`].
    pub fn new(
        file: Option<(PathBuf, BTreeMap<String, String>)>,
        env: impl Fn(&str) -> Option<String>,
        read: impl Fn(&Path) -> std::io::Result<String>,
    ) -> Result<Loaded, ConfigError> {
        let (path, values) = match file {
            Some((p, v)) => (Some(p), v),
            None => (None, BTreeMap::new()),
        };
        let secret = |by: String, file: &str| -> Result<(String, PathBuf), ConfigError> {
            let p = PathBuf::from(file);
            let text = read(&p).map_err(|source| ConfigError::SecretFile {
                by,
                path: p.clone(),
                source,
            })?;
            Ok((text.trim_end_matches(['\n', '\r']).to_string(), p))
        };
        let mut settings = Vec::new();
        for setting in SETTINGS {
            let from_env = env(setting.env).filter(|v| !v.is_empty());
            let from_file = values.get(setting.key).cloned();
            let (env_file, file_file) = if setting.takes_file() {
                (
                    env(&setting.file_env()).filter(|v| !v.is_empty()),
                    values.get(&setting.file_key()).cloned(),
                )
            } else {
                (None, None)
            };
            if from_env.is_some() && env_file.is_some() {
                return Err(ConfigError::Ambiguous {
                    direct: setting.env.to_string(),
                    file: setting.file_env(),
                });
            }
            if from_file.is_some() && file_file.is_some() {
                return Err(ConfigError::Ambiguous {
                    direct: setting.key.to_string(),
                    file: setting.file_key(),
                });
            }
            let in_file = from_file.is_some() || file_file.is_some();
            if let Some(platform) = PlatformFeature::of_setting(setting.key)
                && !platform.built_in()
            {
                let by = if from_env.is_some() {
                    Some(setting.env.to_string())
                } else if env_file.is_some() {
                    Some(setting.file_env())
                } else if in_file {
                    let key = if from_file.is_some() {
                        setting.key.to_string()
                    } else {
                        setting.file_key()
                    };
                    Some(format!("{key} in {}", shown_path(path.as_deref())))
                } else {
                    None
                };
                if let Some(by) = by {
                    return Err(platform.not_built(by));
                }
            }
            let mut secret_file = None;
            let (value, origin) = if let Some(v) = from_env {
                let o = if in_file {
                    Origin::EnvironmentOverFile
                } else {
                    Origin::Environment
                };
                (Some(v), o)
            } else if let Some(f) = env_file {
                let (v, p) = secret(setting.file_env(), &f)?;
                secret_file = Some(p);
                (Some(v), Origin::EnvironmentSecretFile)
            } else if let Some(v) = from_file {
                (Some(v), Origin::File)
            } else if let Some(f) = file_file {
                let (v, p) = secret(setting.file_key(), &f)?;
                secret_file = Some(p);
                (Some(v), Origin::FileSecretFile)
            } else {
                (None, Origin::Default)
            };
            if let Some(v) = &value
                && let Err(accepted) = check_value(setting.env, v)
            {
                let by = match origin {
                    Origin::File => format!("{} in {}", setting.key, shown_path(path.as_deref())),
                    _ => setting.env.to_string(),
                };
                return Err(ConfigError::Invalid {
                    by,
                    value: v.clone(),
                    accepted,
                });
            }
            settings.push(Effective {
                setting,
                value,
                origin,
                secret_file,
            });
        }
        Ok(Loaded {
            file: path,
            settings,
        })
    }

    /// Reads the settings file [`config_path`] finds and the process
    /// environment.
    ///
    /// # Errors
    /// A named file that is missing, unreadable or invalid.
    pub fn from_process(args: &[OsString]) -> Result<Loaded, ConfigError> {
        let file = match config_path(args, std::env::var_os(CONFIG_ENV)) {
            Some(path) => {
                let values = read_file(&path)?;
                Some((path, values))
            }
            None => None,
        };
        Loaded::new(
            file,
            |k| std::env::var(k).ok(),
            |p| std::fs::read_to_string(p),
        )
    }

    /// The variables to export so that the file's values reach every
    /// reader of the environment: the plain ones from the settings file and
    /// not set in the environment. Never a secret or a URL: whatever is in
    /// the environment, every child process inherits.
    #[must_use]
    pub fn to_export(&self) -> Vec<(&'static str, &str)> {
        self.read_from_files()
            .filter(|e| e.setting.secrecy == Secrecy::Plain)
            .filter_map(|e| Some((e.setting.env, e.value.as_deref()?)))
            .collect()
    }

    /// The secrets and URLs read from the settings file or a secret's file
    /// (and not set in the environment), which [`with_file_secrets`] hands
    /// to the command line's arguments.
    #[must_use]
    pub fn file_secrets(&self) -> Vec<(&'static str, &str)> {
        self.read_from_files()
            .filter(|e| e.setting.secrecy != Secrecy::Plain)
            .filter_map(|e| Some((e.setting.env, e.value.as_deref()?)))
            .collect()
    }

    fn read_from_files(&self) -> impl Iterator<Item = &Effective> {
        self.settings.iter().filter(|e| {
            matches!(
                e.origin,
                Origin::File | Origin::EnvironmentSecretFile | Origin::FileSecretFile
            )
        })
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
                let _ = writeln!(out, "# settings file: none (--config or {CONFIG_ENV})");
                if Path::new(USUAL_CONFIG_FILE).is_file() {
                    let _ = writeln!(
                        out,
                        "# ./{USUAL_CONFIG_FILE} is not read unless named: --config {USUAL_CONFIG_FILE}"
                    );
                }
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
                Origin::EnvironmentSecretFile => format!(
                    "file {} named by {}",
                    shown_path(e.secret_file.as_deref()),
                    s.file_env()
                ),
                Origin::FileSecretFile => format!(
                    "file {} named by {} in the settings file",
                    shown_path(e.secret_file.as_deref()),
                    s.file_key()
                ),
            };
            let _ = writeln!(out, "{} = {shown}  # {origin}", s.key);
        }
        out
    }
}

/// Whether `value` is one the setting `env` accepts; if not, what it
/// accepts. A setting read as a number, a switch or an address is checked
/// here, once, at start: a typo is an error naming the setting instead of a
/// warning in the log and a default silently used.
///
/// # Errors
/// The accepted values, in words.
pub fn check_value(env: &str, value: &str) -> Result<(), String> {
    let v = value.trim();
    let whole = |min: u64, max: u64| -> Result<(), String> {
        match v.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(()),
            _ if max == u64::MAX => Err(format!("a whole number from {min} up")),
            _ => Err(format!("a whole number from {min} to {max}")),
        }
    };
    match env {
        "DATABASE_MAX_CONNECTIONS" | "DATABASE_ACQUIRE_TIMEOUT_SECS" => whole(1, u64::MAX),
        "ENGINE_THREADS" => whole(1, 64),
        "ENGINE_HASH_MB" => whole(1, u64::from(crate::engine::MAX_HASH_MB)),
        "MATRIX_MAX_ROOMS" => whole(0, u64::MAX),
        "DISCORD_GUILD_ID" => {
            whole(1, u64::MAX).map_err(|_| "a server id (a whole number)".to_string())
        }
        "MATRIX_ACCEPT_VERIFICATION" => match v {
            "true" | "false" => Ok(()),
            _ => Err("true or false".to_string()),
        },
        // A build without Discord refuses the setting before its value.
        #[cfg(feature = "discord")]
        "DISCORD_SHARDS" => v
            .parse::<crate::adapters::discord::scale::Shards>()
            .map(|_| ())
            .map_err(|_| {
                "auto, or FIRST-LAST/TOTAL such as 0-3/16 (FIRST <= LAST < TOTAL)".to_string()
            }),
        HTTP_ADDR_ENV => {
            if v.is_empty() || crate::http::parse_addr(v).is_ok() {
                Ok(())
            } else {
                Err("HOST:PORT, :PORT (every interface) or PORT (the loopback)".to_string())
            }
        }
        TRUSTED_PROXIES_ENV => crate::http::TrustedProxies::parse(v)
            .map(|_| ())
            .map_err(|_| "addresses or networks such as 127.0.0.1, ::1, 10.0.0.0/8".to_string()),

        PUBLIC_URL_ENV => public_url_arg(v).map(|_| ()),
        LOG_FORMAT_ENV => match v {
            "text" | "json" => Ok(()),
            _ => Err("text or json".to_string()),
        },
        "RUST_LOG" => tracing_subscriber::EnvFilter::try_new(v)
            .map(|_| ())
            .map_err(|e| format!("a log filter such as info, warn or chessbot=debug ({e})")),
        _ => Ok(()),
    }
}

/// A public address as `--public-url` takes it: `http://` or `https://`
/// and a host (empty: none).
///
/// # Errors
/// What it must look like, in words.
pub fn public_url_arg(value: &str) -> Result<String, String> {
    let v = value.trim();
    let lower = v.to_ascii_lowercase();
    let host = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"));
    match host {
        _ if v.is_empty() => Ok(String::new()),
        Some(h) if !h.is_empty() && !h.starts_with('/') && !h.contains(char::is_whitespace) => {
            Ok(v.to_string())
        }
        _ => Err(format!(
            "an address starting with http:// or https:// and its host, such as https://chess.example.org (got {v:?})"
        )),
    }
}

fn shown_path(p: Option<&Path>) -> String {
    p.map_or_else(String::new, |p| p.display().to_string())
}

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
