//! `chessbot.toml` and the environment: `chessbot config` names where each
//! value came from and prints no secret; the file's values reach the bot;
//! an unknown key is an error naming it.

use std::path::Path;
use std::process::{Command, Stdio};

use chessbot::config::SETTINGS;

/// `chessbot` with no setting from the test's own environment.
fn chessbot(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbot"));
    cmd.current_dir(dir).env_remove("CHESSBOT_CONFIG");
    for s in SETTINGS {
        cmd.env_remove(s.env);
    }
    cmd
}

fn line<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(&format!("{key} ")) || l.starts_with(&format!("# {key} ")))
        .unwrap_or_else(|| panic!("no line for {key} in:\n{out}"))
}

#[test]
fn the_environment_overrides_the_file_and_secrets_stay_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bot.toml");
    std::fs::write(
        &file,
        "database_url = \"postgres://chess:filepass123@db/chess\"\n\
         discord_token = \"FILETOKEN.secret.value\"\n\
         engine_threads = 2\n\
         matrix_allowed_servers = [\"a.org\", \"b.org\"]\n",
    )
    .unwrap();
    let out = chessbot(dir.path())
        .arg("--config")
        .arg(&file)
        .arg("config")
        .env("ENGINE_THREADS", "3")
        .env("MATRIX_PASSWORD", "envpass456")
        .env("DISCORD_HTTP_PROXY", "http://proxy:proxypass789@proxy:8080")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for secret in ["filepass123", "FILETOKEN", "envpass456", "proxypass789"] {
        assert!(!text.contains(secret), "{secret} printed:\n{text}");
    }
    assert!(text.contains(&file.display().to_string()), "{text}");
    let db = line(&text, "database_url");
    assert!(
        db.contains("postgres://chess:***@db/chess") && db.ends_with("# file"),
        "{db}"
    );
    let token = line(&text, "discord_token");
    assert!(
        token.contains("<redacted>") && token.ends_with("# file"),
        "{token}"
    );
    let threads = line(&text, "engine_threads");
    assert!(
        threads.starts_with("engine_threads = \"3\"")
            && threads.contains("environment (ENGINE_THREADS), overriding the file"),
        "{threads}"
    );
    let password = line(&text, "matrix_password");
    assert!(
        password.contains("<redacted>") && password.contains("environment (MATRIX_PASSWORD)"),
        "{password}"
    );
    assert!(line(&text, "matrix_allowed_servers").contains("\"a.org,b.org\""));
    let engine = line(&text, "stockfish_path");
    assert!(
        engine.starts_with("# stockfish_path") && engine.contains("default"),
        "{engine}"
    );
}

#[test]
fn the_files_values_reach_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("from-file.db");
    // ./chessbot.toml is read without --config.
    std::fs::write(
        dir.path().join("chessbot.toml"),
        format!("database_url = \"sqlite://{}\"\n", db.display()),
    )
    .unwrap();
    let out = chessbot(dir.path())
        .arg("console")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(db.exists(), "the console did not open the file's database");
}

#[test]
fn an_unknown_key_or_a_missing_file_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bot.toml");
    std::fs::write(&file, "discord_tokn = \"x\"\n").unwrap();
    let out = chessbot(dir.path())
        .arg(format!("--config={}", file.display()))
        .arg("config")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("discord_tokn"), "{err}");

    let out = chessbot(dir.path())
        .arg("config")
        .env("CHESSBOT_CONFIG", dir.path().join("missing.toml"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.toml"));
}
