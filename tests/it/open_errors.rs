//! A database that cannot be opened says which and why, once: PostgreSQL
//! that refuses connections is named with its address at once and tried
//! again with a pause that doubles (not 30 s of silence and "pool timed
//! out"); an SQLite path that cannot be opened is named with the reason;
//! the process exits 78 for what only the owner can mend and 1 for what
//! may pass.

use std::process::Command;
use std::time::{Duration, Instant};

use chessbot::store::{PoolConfig, Store, StoreError};

#[tokio::test]
async fn postgresql_refusing_connections_is_named_with_its_address_at_once() {
    // Nothing listens on port 1 of the loopback: refused at once.
    let url = "postgres://chessbot:secret@127.0.0.1:1/chessbot";
    let cfg = PoolConfig {
        connect_attempts: 2,
        ..PoolConfig::default()
    };
    let started = Instant::now();
    let Err(e) = Store::open_with(url, &cfg).await else {
        panic!("port 1 answered");
    };
    let took = started.elapsed();
    assert_eq!(
        e.to_string(),
        "cannot reach PostgreSQL: connection refused at 127.0.0.1:1 (2 attempts over 1 s)"
    );
    assert!(e.is_unreachable() && !e.is_configuration());
    // One pause of a second between the two attempts, no pool time-out.
    assert!(
        took >= Duration::from_secs(1) && took < Duration::from_secs(10),
        "{took:?}"
    );
}

#[tokio::test]
async fn an_sqlite_path_that_cannot_be_opened_is_named_with_why() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A folder where the file should be.
    let path = dir.path().join("chessbot.db");
    std::fs::create_dir(&path).expect("folder");
    let Err(e) = Store::open(&format!("sqlite://{}", path.display())).await else {
        panic!("a folder opened as a database");
    };
    let text = e.to_string();
    assert!(
        text.starts_with(&format!(
            "cannot open the SQLite database {}: ",
            path.display()
        )) && text.contains("directory"),
        "{text}"
    );
    assert!(matches!(e, StoreError::CannotOpen { .. }) && e.is_configuration());
    // A missing folder.
    let missing = dir.path().join("no-such-folder").join("chessbot.db");
    let Err(e) = Store::open(&format!("sqlite://{}", missing.display())).await else {
        panic!("opened in a missing folder");
    };
    assert!(
        e.to_string().contains(&format!(
            "the directory {} does not exist",
            dir.path().join("no-such-folder").display()
        )),
        "{e}"
    );
}

/// The binary: the error once on stderr, exit 78 for an SQLite path only
/// the owner can mend.
#[test]
fn the_console_exits_78_once_for_an_unopenable_database() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("chessbot.db");
    std::fs::create_dir(&path).expect("folder");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbot"));
    cmd.current_dir(dir.path()).env_remove("CHESSBOT_CONFIG");
    for s in chessbot::config::SETTINGS {
        cmd.env_remove(s.env);
    }
    let out = cmd
        .args(["console", "--db"])
        .arg(format!("sqlite://{}", path.display()))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(78), "{err}");
    assert_eq!(
        err.matches("cannot open the SQLite database").count(),
        1,
        "{err}"
    );
}
