//! Backups on upgrade: opening an SQLite file whose schema is older than
//! this version's first writes a copy of it beside the file
//! (`<file>.bak-<old version>-<timestamp>`), holding the old schema and
//! data; a new file, an up-to-date one and an in-memory database get none.
//! A database a newer version migrated is refused, on both backends, with
//! the schema it has and what to do.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use chessbot::store::Store;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};

/// The backups beside `db`.
fn backups(db: &Path) -> Vec<PathBuf> {
    let name = db
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    let mut found: Vec<PathBuf> = std::fs::read_dir(db.parent().expect("a folder"))
        .expect("readable")
        .map(|e| e.expect("entry").path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(&format!("{name}.bak-")))
        })
        .collect();
    found.sort();
    found
}

/// A database migrated with this version's migrations up to `upto` only,
/// holding one channel setting.
async fn old_database(path: &Path, upto: i64) {
    let migrations = tempfile::tempdir().expect("temp dir");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    for entry in std::fs::read_dir(root).expect("migrations") {
        let p = entry.expect("entry").path();
        let name = p
            .file_name()
            .expect("a name")
            .to_string_lossy()
            .into_owned();
        let version: i64 = name
            .split('_')
            .next()
            .and_then(|v| v.parse().ok())
            .expect("numbered");
        if version <= upto {
            std::fs::copy(&p, migrations.path().join(&name)).expect("copy");
        }
    }
    let options = SqliteConnectOptions::from_str(&format!("sqlite://{}", path.display()))
        .expect("url")
        .create_if_missing(true);
    let pool = SqlitePool::connect_with(options).await.expect("open");
    sqlx::migrate::Migrator::new(migrations.path())
        .await
        .expect("migrations")
        .run(&pool)
        .await
        .expect("migrate");
    sqlx::query("insert into channel_settings (platform, channel, language) values ('console', 'general', 'ru')")
        .execute(&pool)
        .await
        .expect("a row");
    pool.close().await;
}

async fn newest_version(url: &str) -> i64 {
    let pool = SqlitePool::connect(url).await.expect("open");
    let (v,): (i64,) = sqlx::query_as("select max(version) from _sqlx_migrations")
        .fetch_one(&pool)
        .await
        .expect("versions");
    pool.close().await;
    v
}

#[tokio::test]
async fn an_older_schema_is_copied_before_it_is_upgraded() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("chessbot.db");
    old_database(&path, 2).await;
    let url = format!("sqlite://{}", path.display());

    let store = Store::open(&url).await.expect("upgrades");
    assert_eq!(
        store
            .channel_language("console", "general")
            .await
            .expect("reads"),
        Some("ru".to_string()),
        "the data survived the upgrade"
    );
    store.close().await;

    let found = backups(&path);
    assert_eq!(found.len(), 1, "{found:?}");
    let name = found[0]
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert!(name.starts_with("chessbot.db.bak-2-"), "{name}");
    // The copy is the old database: its schema stops at version 2 and it
    // holds the row.
    let copy = format!("sqlite://{}", found[0].display());
    assert_eq!(newest_version(&copy).await, 2);
    let pool = SqlitePool::connect(&copy).await.expect("open the copy");
    let (lang,): (String,) = sqlx::query_as("select language from channel_settings")
        .fetch_one(&pool)
        .await
        .expect("the row");
    assert_eq!(lang, "ru");
    pool.close().await;
    assert!(
        newest_version(&url).await > 2,
        "the file itself is upgraded"
    );

    // Up to date now: opening again writes no other copy.
    Store::open(&url).await.expect("opens").close().await;
    assert_eq!(backups(&path).len(), 1);
}

#[tokio::test]
async fn new_and_in_memory_databases_get_no_backup() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("fresh.db");
    let url = format!("sqlite://{}", path.display());
    Store::open(&url).await.expect("creates").close().await;
    Store::open(&url).await.expect("opens").close().await;
    assert!(backups(&path).is_empty());
    Store::memory().await.expect("memory").close().await;
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("readable")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".bak-")), "{names:?}");
}

/// Marks the database at `url` as migrated by a newer version: one applied
/// migration past this version's newest. The newest version's value.
async fn from_the_future(url: &str, pg: bool) -> i64 {
    let known = sqlx::migrate!("./migrations")
        .iter()
        .map(|m| m.version)
        .max()
        .expect("migrations");
    let future = known + 1;
    let insert = if pg {
        "insert into _sqlx_migrations (version, description, success, checksum, execution_time) \
         values ($1, 'from a newer chessbot', true, '\\x00'::bytea, 0)"
    } else {
        "insert into _sqlx_migrations (version, description, success, checksum, execution_time) \
         values ($1, 'from a newer chessbot', 1, x'00', 0)"
    };
    let store = Store::open(url).await.expect("open");
    store.close().await;
    if pg {
        let pool = sqlx::PgPool::connect(url).await.expect("connect");
        sqlx::query(insert)
            .bind(future)
            .execute(&pool)
            .await
            .expect("insert");
        pool.close().await;
    } else {
        let pool = SqlitePool::connect(url).await.expect("connect");
        sqlx::query(insert)
            .bind(future)
            .execute(&pool)
            .await
            .expect("insert");
        pool.close().await;
    }
    known
}

fn newer_schema_message(e: &chessbot::store::StoreError, known: i64) {
    let text = e.to_string();
    assert!(
        text.starts_with(&format!(
            "the database was made by a newer chessbot (schema {}; this version {} knows up to {known}): restore the backup",
            known + 1,
            env!("CARGO_PKG_VERSION")
        )),
        "{text}"
    );
    assert!(text.ends_with("or upgrade chessbot"), "{text}");
}

#[tokio::test]
async fn a_newer_schema_is_refused_on_sqlite_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("chess.db");
    let url = format!("sqlite://{}", db.display());
    let known = from_the_future(&url, false).await;
    let Err(e) = Store::open(&url).await else {
        panic!("a newer schema was opened")
    };
    newer_schema_message(&e, known);
    // No upgrade copy was taken, and the schema is as the newer one left it.
    assert!(backups(&db).is_empty(), "{:?}", backups(&db));
    assert_eq!(newest_version(&url).await, known + 1);
}

#[tokio::test]
async fn a_newer_schema_is_refused_on_postgresql() {
    let Some(base) = crate::support::pg_url("a_newer_schema_is_refused_on_postgresql") else {
        return;
    };
    let url = crate::support::fresh_schema_url(&base).await;
    let known = from_the_future(&url, true).await;
    let Err(e) = Store::open(&url).await else {
        panic!("a newer schema was opened")
    };
    newer_schema_message(&e, known);
}
