//! The unit tests of `config.rs`: the settings file, secrets from files,
//! values checked at start, platforms left out of the build.

use std::collections::BTreeMap;
use std::path::Path;

use super::load::parse_file;
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

#[cfg(all(feature = "discord", feature = "matrix"))]
fn effective<'a>(l: &'a Loaded, key: &str) -> &'a Effective {
    l.settings.iter().find(|e| e.setting.key == key).unwrap()
}

// Discord and Matrix settings: a build without them refuses these.
#[cfg(all(feature = "discord", feature = "matrix"))]
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
        shown.contains(
            "discord_token = \"<redacted>\"  # file /run/secrets/token named by DISCORD_TOKEN_FILE"
        ),
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

// Discord and Matrix settings: a build without them refuses these.
#[cfg(all(feature = "discord", feature = "matrix"))]
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

// Discord and Matrix settings: a build without them refuses these.
#[cfg(all(feature = "discord", feature = "matrix"))]
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

#[test]
fn bad_values_are_errors_naming_the_setting_and_what_it_accepts() {
    let refused = |env: &[(&str, &str)]| {
        Loaded::new(None, env_of(env), secrets)
            .unwrap_err()
            .to_string()
    };
    let e = refused(&[("ENGINE_THREADS", "two")]);
    assert_eq!(
        e,
        "ENGINE_THREADS = \"two\" is not accepted: a whole number from 1 to 64"
    );
    let e = refused(&[("DATABASE_MAX_CONNECTIONS", "0")]);
    assert!(e.contains("a whole number from 1 up"), "{e}");
    let e = refused(&[(LOG_FORMAT_ENV, "xml")]);
    assert!(e.ends_with("text or json"), "{e}");
    let e = refused(&[("RUST_LOG", "chessbot=loudest")]);
    assert!(e.starts_with("RUST_LOG = \"chessbot=loudest\""), "{e}");
    let e = refused(&[(HTTP_ADDR_ENV, "localhost")]);
    assert!(e.contains("HOST:PORT, :PORT"), "{e}");
    // From the settings file: the key and the file.
    let mut values = BTreeMap::new();
    values.insert("engine_threads".to_string(), "0".to_string());
    let e = Loaded::new(
        Some((PathBuf::from("c.toml"), values)),
        env_of(&[]),
        secrets,
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("engine_threads in c.toml = \"0\""), "{e}");
    // Good values pass.
    Loaded::new(
        None,
        env_of(&[
            ("ENGINE_THREADS", "2"),
            ("RUST_LOG", "info,chessbot=debug"),
            (LOG_FORMAT_ENV, "json"),
            (HTTP_ADDR_ENV, ":8080"),
            ("DATABASE_ACQUIRE_TIMEOUT_SECS", "5"),
        ]),
        secrets,
    )
    .unwrap();
}

/// Each platform's settings are accepted exactly when it is built in.
#[test]
fn a_setting_of_a_platform_not_built_in_is_refused() {
    for (platform, env, key) in [
        (
            PlatformFeature::Discord,
            "DISCORD_GUILD_ID",
            "discord_guild_id",
        ),
        (
            PlatformFeature::Matrix,
            "MATRIX_MAX_ROOMS",
            "matrix_max_rooms",
        ),
    ] {
        let from_env = Loaded::new(None, env_of(&[(env, "12")]), secrets);
        let mut values = BTreeMap::new();
        values.insert(key.to_string(), "12".to_string());
        let from_file = Loaded::new(
            Some((PathBuf::from("c.toml"), values)),
            env_of(&[]),
            secrets,
        );
        if platform.built_in() {
            assert!(from_env.is_ok() && from_file.is_ok());
        } else {
            let e = from_env.unwrap_err().to_string();
            let without = format!(
                "this chessbot was built without {} support",
                platform.name()
            );
            assert!(e.starts_with(&format!("{env}: {without}")), "{e}");
            let e = from_file.unwrap_err().to_string();
            assert!(e.starts_with(&format!("{key} in c.toml: {without}")), "{e}");
        }
    }
    assert_eq!(
        PlatformFeature::of_setting("matrix_user"),
        Some(PlatformFeature::Matrix)
    );
    assert_eq!(PlatformFeature::of_setting("database_url"), None);
}
