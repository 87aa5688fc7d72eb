//! Every setting the bot reads ([`SETTINGS`]): its key in `chessbot.toml`,
//! its environment variable, how its value may be shown, its default, and
//! which values it accepts ([`check_value`]).

use super::{HTTP_ADDR_ENV, LOG_FORMAT_ENV, PUBLIC_URL_ENV, TRUSTED_PROXIES_ENV};

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
