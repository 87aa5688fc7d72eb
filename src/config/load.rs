//! Reading the settings: the settings file, the environment and the
//! `<ENV>_FILE` secrets, each setting's effective value and where it came
//! from ([`Loaded`]), and what `chessbot config` prints.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{CONFIG_ENV, PlatformFeature, SETTINGS, Secrecy, Setting, check_value};

/// The settings file's usual name, which is not read implicitly (`chessbot
/// config` points at one found in the current directory).
const USUAL_CONFIG_FILE: &str = "chessbot.toml";

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

pub(super) fn parse_file(path: &Path, text: &str) -> Result<BTreeMap<String, String>, ConfigError> {
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
    /// (and not set in the environment), which [`with_file_secrets`](crate::config::with_file_secrets) hands
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
