//! `chessbot.toml` and the environment: `chessbot config` names where each
//! value came from and prints no secret; the file's values reach the bot;
//! an unknown key is an error naming it; a `chessbot.toml` in the current
//! directory is not read unless named; no secret reaches the engine's
//! environment.

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

// Discord and Matrix settings together.
#[cfg(all(feature = "discord", feature = "matrix"))]
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
    let file = dir.path().join("bot.toml");
    std::fs::write(
        &file,
        format!("database_url = \"sqlite://{}\"\n", db.display()),
    )
    .unwrap();
    let out = chessbot(dir.path())
        .arg("--config")
        .arg(&file)
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

#[test]
fn a_chessbot_toml_in_the_current_directory_is_not_read_unless_named() {
    let dir = tempfile::tempdir().unwrap();
    let planted = dir.path().join("planted.db");
    // Whoever can write the directory the bot is started in would choose
    // its engine binary and database.
    std::fs::write(
        dir.path().join("chessbot.toml"),
        format!(
            "database_url = \"sqlite://{}\"\nstockfish_path = \"/tmp/evil\"\n",
            planted.display()
        ),
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
    assert!(!planted.exists(), "./chessbot.toml was read implicitly");
    let shown = chessbot(dir.path()).arg("config").output().unwrap();
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(text.contains("# settings file: none"), "{text}");
    assert!(
        text.contains("./chessbot.toml is not read unless named"),
        "{text}"
    );
    assert!(line(&text, "stockfish_path").contains("default"), "{text}");
    // Named, it is read.
    let shown = chessbot(dir.path())
        .args(["--config", "chessbot.toml", "config"])
        .output()
        .unwrap();
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(
        line(&text, "stockfish_path").contains("/tmp/evil"),
        "{text}"
    );
}

/// A Stockfish stand-in that writes its environment beside itself
/// (`<script>.env`) and answers the UCI handshake and every search.
#[cfg(all(feature = "discord", feature = "matrix"))]
fn environment_dumping_engine(dir: &Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join("stockfish");
    std::fs::write(
        &path,
        "#!/bin/sh\nexport -p > \"$0.env.tmp\" && mv \"$0.env.tmp\" \"$0.env\"\n\
         while read -r line; do\n  case \"$line\" in\n\
         uci) echo 'id name Dump'; echo uciok ;;\n\
         isready) echo readyok ;;\n\
         go*) echo 'bestmove e2e4' ;;\n\
         quit) exit 0 ;;\n  esac\ndone\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

// Discord and Matrix settings together.
#[cfg(all(feature = "discord", feature = "matrix"))]
#[test]
fn no_secret_reaches_the_engines_environment() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    let engine = environment_dumping_engine(dir.path());
    let secret_file = |name: &str, value: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, format!("{value}\n")).unwrap();
        p
    };
    let password = secret_file("password", "file-password-secret");
    let recovery = secret_file("recovery", "file-recovery-secret");
    let db = dir.path().join("from-secret-file.db");
    let db_url = secret_file("db-url", &format!("sqlite://{}", db.display()));
    let config = dir.path().join("bot.toml");
    std::fs::write(
        &config,
        format!(
            "matrix_access_token = \"toml-token-secret\"\n\
             matrix_recovery_key_file = \"{}\"\nengine_threads = 1\n",
            recovery.display()
        ),
    )
    .unwrap();
    let mut child = chessbot(dir.path())
        .arg("--config")
        .arg(&config)
        .args(["console", "--json"])
        .env("STOCKFISH_PATH", &engine)
        .env("DISCORD_TOKEN", "env-token-secret")
        .env("MATRIX_PASSWORD_FILE", &password)
        .env("DATABASE_URL_FILE", &db_url)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "alice: /chess computer level:1 color:black").unwrap();
    stdin.flush().unwrap();
    let dump = engine.with_extension("env");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !dump.exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let seen = std::fs::read_to_string(&dump).expect("the engine was started");
    for secret in [
        "env-token-secret",
        "file-password-secret",
        "file-recovery-secret",
        "toml-token-secret",
        "from-secret-file.db",
        "DISCORD_TOKEN",
        "MATRIX_",
        "DATABASE_URL",
    ] {
        assert!(
            !seen.contains(secret),
            "the engine's environment holds {secret}:\n{seen}"
        );
    }
    assert!(seen.contains("PATH"), "{seen}");
    // The database URL read from its file still reached the console.
    assert!(db.exists(), "DATABASE_URL_FILE was not used");
}

/// `--version`: the version, the commit and the platforms of this build.
#[test]
fn version_names_the_commit_and_the_platforms() {
    let dir = tempfile::tempdir().unwrap();
    let out = chessbot(dir.path()).arg("--version").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let expected = format!(
        "chessbot {} (commit {}; platforms: {})\n",
        env!("CARGO_PKG_VERSION"),
        chessbot::version::COMMIT,
        chessbot::config::PlatformFeature::built()
    );
    assert_eq!(text, expected);
    // The commit is the checkout's, when there is one.
    if let Ok(git) = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        && git.status.success()
        && std::env::var_os("CHESSBOT_GIT_COMMIT").is_none()
    {
        let head = String::from_utf8_lossy(&git.stdout).trim().to_string();
        assert_eq!(chessbot::version::COMMIT, head);
    }
}

/// A platform's subcommand in a build without it says what is missing
/// (and with it, runs: here it stops at the missing login instead).
#[test]
fn a_platform_not_built_in_is_named_when_asked_for() {
    use chessbot::config::PlatformFeature;
    let dir = tempfile::tempdir().unwrap();
    for platform in PlatformFeature::ALL {
        let out = chessbot(dir.path())
            .arg(platform.feature())
            .env("DATABASE_URL", "sqlite::memory:")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{err}");
        if !platform.built_in() {
            assert_eq!(out.status.code(), Some(78), "{err}");
        }
        let without = format!(
            "this chessbot was built without {} support",
            platform.name()
        );
        assert_eq!(err.contains(&without), !platform.built_in(), "{err}");
    }
    let out = chessbot(dir.path())
        .arg("config")
        .env("ENGINE_THREADS", "lots")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(78), "{err}");
    assert!(
        err.contains("ENGINE_THREADS = \"lots\" is not accepted: a whole number from 1 to 64"),
        "{err}"
    );
}

/// `render --help` lists render's options only; the bot's own settings
/// (`--config`, `--http`) stay in the help of the commands that run it.
#[test]
fn render_help_lists_only_renders_options() {
    let dir = tempfile::tempdir().unwrap();
    let out = chessbot(dir.path())
        .args(["render", "--help"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--fen"), "{help}");
    assert!(
        !help.contains("--config") && !help.contains("--http"),
        "{help}"
    );
    let out = chessbot(dir.path())
        .args(["console", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("--config") && help.contains("--http"),
        "{help}"
    );
}
