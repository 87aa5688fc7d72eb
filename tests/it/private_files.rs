//! The files the bot writes: the SQLite database with its `-wal` and
//! `-shm`, backups and the copies taken before an upgrade are readable by
//! their owner only (0600), from the library as from the binary; a board
//! picture never writes through a symbolic link put in its place.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use chessbot::store::Store;

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .permissions()
        .mode()
        & 0o777
}

fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[tokio::test]
async fn the_database_its_wal_and_shm_and_backups_are_private() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("x.db");
    let url = format!("sqlite://{}", db.display());
    let store = Store::open(&url).await.unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let file = beside(&db, suffix);
        assert_eq!(mode(&file), 0o600, "{}", file.display());
    }

    // A backup by the library and one by `chessbot backup`.
    let copy = dir.path().join("copy.db");
    chessbot::store::backup(&url, &copy).await.unwrap();
    assert_eq!(mode(&copy), 0o600);
    let by_binary = dir.path().join("by-binary.db");
    let run = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .args(["backup", "--out"])
        .arg(&by_binary)
        .env("DATABASE_URL", &url)
        .output()
        .unwrap();
    assert!(run.status.success(), "{run:?}");
    assert_eq!(mode(&by_binary), 0o600);
    store.close().await;

    // A file an older version left readable by others is made private.
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let store = Store::open(&url).await.unwrap();
    assert_eq!(mode(&db), 0o600);
    assert_eq!(mode(&beside(&db, "-wal")), 0o600);
    store.close().await;
}

#[tokio::test]
async fn the_copy_taken_before_an_upgrade_is_private() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.db");
    // A database at the first migration only, made as an older version
    // would have made it (0644 under the usual umask).
    let migrations = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let first = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sql"))
        .min()
        .unwrap();
    std::fs::copy(&first, migrations.path().join(first.file_name().unwrap())).unwrap();
    let options = <sqlx::sqlite::SqliteConnectOptions as std::str::FromStr>::from_str(&format!(
        "sqlite://{}",
        db.display()
    ))
    .unwrap()
    .create_if_missing(true);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    sqlx::migrate::Migrator::new(migrations.path())
        .await
        .unwrap()
        .run(&pool)
        .await
        .unwrap();
    pool.close().await;

    let store = Store::open(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let copies: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("old.db.bak-"))
        .collect();
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert_eq!(mode(&copies[0]), 0o600);
    store.close().await;
}

/// The console run with `--images`, the picture files it names.
fn console_with_images(db: &str, images: &Path) -> Vec<PathBuf> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .args(["console", "--json", "--db", db, "--images"])
        .arg(images)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        &mut child.stdin.take().unwrap(),
        b"alice: /chess challenge @bob color:white\nbob: /chess accept\nalice: /chess move e4\n",
    )
    .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            Some(PathBuf::from(v["image"].as_str()?))
        })
        .collect()
}

#[test]
fn the_binary_writes_its_database_and_pictures_private() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("console.db");
    let images = dir.path().join("img");
    let written = console_with_images(&format!("sqlite://{}", db.display()), &images);
    assert!(!written.is_empty(), "no picture written");
    assert_eq!(mode(&db), 0o600);
    for picture in written {
        assert_eq!(mode(&picture), 0o600, "{}", picture.display());
    }
}

#[test]
fn a_picture_replaces_a_symbolic_link_instead_of_writing_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let images = dir.path().join("img");
    std::fs::create_dir(&images).unwrap();
    let victim = dir.path().join("victim.txt");
    std::fs::write(&victim, "keep me").unwrap();
    let planted = images.join("000001.png");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    let dangling = images.join("000002.png");
    let nowhere = dir.path().join("created-through-a-link");
    std::os::unix::fs::symlink(&nowhere, &dangling).unwrap();

    let written = console_with_images("sqlite::memory:", &images);
    assert!(written.contains(&planted), "{written:?}");
    assert_eq!(
        std::fs::read(&victim).unwrap(),
        b"keep me",
        "a picture was written through a link"
    );
    assert!(!nowhere.exists(), "a picture was written through a link");
    let meta = std::fs::symlink_metadata(&planted).unwrap();
    assert!(meta.file_type().is_file(), "{meta:?}");
    assert!(std::fs::read(&planted).unwrap().starts_with(b"\x89PNG"));
}
