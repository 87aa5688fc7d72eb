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
use crate::adapters::discord::DiscordArgs;
use crate::adapters::matrix::MatrixArgs;
use crate::render::cli::RenderArgs;

/// A correspondence chess bot for chat platforms.
#[derive(Debug, Parser)]
#[command(name = "chessbot", version, about)]
pub struct Cli {
    /// Settings file (TOML; none unless named here or by CHESSBOT_CONFIG);
    /// the environment overrides it.
    #[arg(long, global = true, value_name = "FILE", env = CONFIG_ENV)]
    pub config: Option<PathBuf>,
    /// Serve `/healthz`, `/readyz` and `/metrics` over HTTP on this address
    /// (`HOST:PORT`, or `:PORT` for every interface); off when unset.
    #[arg(long, global = true, value_name = "ADDR", env = HTTP_ADDR_ENV)]
    pub http: Option<String>,
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

/// What to run; without a subcommand, the Discord bot.
#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Run the Discord bot (needs DISCORD_TOKEN); the default.
    Discord(DiscordArgs),
    /// Run the Matrix bot (needs MATRIX_HOMESERVER and a login, see docs/HOSTING.md).
    Matrix(MatrixArgs),
    /// Play in the terminal: one chat message per line (see docs/CONSOLE.md).
    Console(ConsoleArgs),
    /// Draw a board picture from a FEN, or a game's summary card or GIF from a PGN.
    Render(RenderArgs),
    /// Copy a live SQLite database consistently into a new file.
    Backup(BackupArgs),
    /// Print the effective settings (secrets redacted) and where each came from.
    Config,
    /// Ask a running bot's `/readyz`: exit 0 when ready, 1 otherwise (the
    /// container health check; the image has no curl).
    Healthcheck(HealthcheckArgs),
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

/// The variable of `--http`.
pub const HTTP_ADDR_ENV: &str = "CHESSBOT_HTTP_ADDR";

/// The public address of the spectator pages (such as
/// `https://chess.example.org`): with `--http`, announcements carry watch
/// links under it.
pub const PUBLIC_URL_ENV: &str = "CHESSBOT_PUBLIC_URL";

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
        "engine_threads",
        "ENGINE_THREADS",
        Secrecy::Plain,
        "one per core",
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
mod tests {
    use super::*;

    fn args(a: &[&str]) -> Vec<OsString> {
        a.iter().map(OsString::from).collect()
    }

    /// README's settings table is the admin's reference: a setting added
    /// here without a row there fails.
    #[test]
    fn readme_lists_every_setting() {
        let readme = include_str!("../README.md");
        for setting in SETTINGS.iter().map(|s| s.env).chain([CONFIG_ENV]) {
            let row = format!("| `{setting}`");
            let in_pair = format!("`, `{setting}` |");
            assert!(
                readme.contains(&row) || readme.contains(&in_pair),
                "README's settings table has no row for {setting}"
            );
        }
    }

    #[test]
    fn the_command_line_names_the_file_before_the_environment() {
        let env = Some(OsString::from("env.toml"));
        assert_eq!(
            config_path(
                &args(&["chessbot", "--config", "a.toml", "console"]),
                env.clone()
            ),
            Some(PathBuf::from("a.toml"))
        );
        assert_eq!(
            config_path(
                &args(&["chessbot", "console", "--config=b.toml"]),
                env.clone()
            ),
            Some(PathBuf::from("b.toml"))
        );
        assert_eq!(
            config_path(&args(&["chessbot", "console"]), env),
            Some(PathBuf::from("env.toml"))
        );
        // Nothing named: no file, whatever the current directory holds.
        assert_eq!(config_path(&args(&["chessbot", "console"]), None), None);
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

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect();
        move |k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone())
    }

    fn secrets(p: &Path) -> std::io::Result<String> {
        match p.to_str() {
            Some("/run/secrets/token") => Ok("s3cret.token\n".to_string()),
            Some("/run/secrets/db") => Ok("postgres://bot:pw@db/chess\r\n".to_string()),
            _ => Err(std::io::Error::from(std::io::ErrorKind::NotFound)),
        }
    }

    fn effective<'a>(l: &'a Loaded, key: &str) -> &'a Effective {
        l.settings.iter().find(|e| e.setting.key == key).unwrap()
    }

    #[test]
    fn secrets_come_from_files_trimmed_and_redacted() {
        let l = Loaded::new(
            None,
            env_of(&[
                ("DISCORD_TOKEN_FILE", "/run/secrets/token"),
                ("DATABASE_URL_FILE", "/run/secrets/db"),
            ]),
            secrets,
        )
        .unwrap();
        let token = effective(&l, "discord_token");
        assert_eq!(token.value.as_deref(), Some("s3cret.token"));
        assert_eq!(token.origin, Origin::EnvironmentSecretFile);
        assert_eq!(
            effective(&l, "database_url").value.as_deref(),
            Some("postgres://bot:pw@db/chess")
        );
        // Read from a file, a secret is handed to the arguments, never to
        // the environment (which every child process inherits).
        assert!(l.to_export().is_empty(), "{:?}", l.to_export());
        assert!(
            l.file_secrets()
                .contains(&("DISCORD_TOKEN", "s3cret.token"))
        );
        let shown = l.render();
        assert!(
            !shown.contains("s3cret") && !shown.contains(":pw@"),
            "{shown}"
        );
        assert!(
            shown.contains("discord_token = \"<redacted>\"  # file /run/secrets/token named by DISCORD_TOKEN_FILE"),
            "{shown}"
        );
        // From the settings file, under the environment's value.
        let mut values = BTreeMap::new();
        values.insert(
            "discord_token_file".to_string(),
            "/run/secrets/token".to_string(),
        );
        let l = Loaded::new(
            Some((PathBuf::from("c.toml"), values.clone())),
            env_of(&[]),
            secrets,
        )
        .unwrap();
        assert_eq!(
            effective(&l, "discord_token").origin,
            Origin::FileSecretFile
        );
        let l = Loaded::new(
            Some((PathBuf::from("c.toml"), values)),
            env_of(&[("DISCORD_TOKEN", "direct")]),
            secrets,
        )
        .unwrap();
        let token = effective(&l, "discord_token");
        assert_eq!(token.value.as_deref(), Some("direct"));
        assert_eq!(token.origin, Origin::EnvironmentOverFile);
    }

    #[test]
    fn only_plain_values_of_the_settings_file_are_exported() {
        let mut values = BTreeMap::new();
        values.insert("engine_threads".to_string(), "2".to_string());
        values.insert("matrix_password".to_string(), "pw-in-file".to_string());
        values.insert(
            "database_url_file".to_string(),
            "/run/secrets/db".to_string(),
        );
        let l = Loaded::new(
            Some((PathBuf::from("c.toml"), values)),
            env_of(&[]),
            secrets,
        )
        .unwrap();
        assert_eq!(l.to_export(), vec![("ENGINE_THREADS", "2")]);
        let mut held = l.file_secrets();
        held.sort_unstable();
        assert_eq!(
            held,
            vec![
                ("DATABASE_URL", "postgres://bot:pw@db/chess"),
                ("MATRIX_PASSWORD", "pw-in-file"),
            ]
        );
    }

    #[test]
    fn file_secrets_become_hidden_defaults_under_the_command_line() {
        let cmd = clap::Command::new("t").subcommand(
            clap::Command::new("run")
                .arg(
                    clap::Arg::new("password")
                        .long("password")
                        .env("T_PASSWORD"),
                )
                .arg(clap::Arg::new("other").long("other").env("T_OTHER")),
        );
        let cmd = with_file_secrets(cmd, &[("T_PASSWORD", "pw-from-file")]);
        let m = cmd.clone().get_matches_from(["t", "run"]);
        let run = m.subcommand_matches("run").unwrap();
        assert_eq!(
            run.get_one::<String>("password").map(String::as_str),
            Some("pw-from-file")
        );
        assert_eq!(run.get_one::<String>("other"), None);
        let m = cmd
            .clone()
            .get_matches_from(["t", "run", "--password", "given"]);
        assert_eq!(
            m.subcommand_matches("run")
                .unwrap()
                .get_one::<String>("password")
                .map(String::as_str),
            Some("given")
        );
        let mut cmd = cmd;
        let help = cmd
            .find_subcommand_mut("run")
            .unwrap()
            .render_help()
            .to_string();
        assert!(!help.contains("pw-from-file"), "{help}");
    }

    #[test]
    fn a_value_and_its_file_together_or_an_unreadable_file_are_errors() {
        let e = Loaded::new(
            None,
            env_of(&[
                ("MATRIX_PASSWORD", "x"),
                ("MATRIX_PASSWORD_FILE", "/run/secrets/token"),
            ]),
            secrets,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("MATRIX_PASSWORD and MATRIX_PASSWORD_FILE"),
            "{e}"
        );
        let e = Loaded::new(
            None,
            env_of(&[("DISCORD_TOKEN_FILE", "/run/secrets/missing")]),
            secrets,
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("DISCORD_TOKEN_FILE") && e.contains("/run/secrets/missing"),
            "{e}"
        );
        // Plain settings take no file.
        assert!(parse_file(Path::new("c.toml"), "engine_threads_file = \"x\"").is_err());
        assert!(parse_file(Path::new("c.toml"), "discord_token_file = \"x\"").is_ok());
    }
}
