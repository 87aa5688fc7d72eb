//! The store suite of `tests/store.rs` on PostgreSQL (each scenario on a
//! fresh schema), and the check that both backends' schemas stay in step.
//!
//! Needs `CHESSBOT_TEST_PG_URL` (`source .ci/postgres.sh`); without it the
//! scenarios print a notice and run on in-memory SQLite instead.

use crate::support;

#[path = "store.rs"]
mod scenarios;

use std::collections::BTreeSet;

use chessbot::store::Store;
use sqlx::{Connection, Row};

/// The store each included scenario runs on.
async fn test_store() -> Store {
    match support::pg_store("store_pg").await {
        Some(s) => s,
        None => Store::memory().await.expect("in-memory store"),
    }
}

fn versions(dir: &str) -> BTreeSet<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    std::fs::read_dir(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let (version, _) = name.strip_suffix(".sql")?.split_once('_')?;
            Some(version.to_string())
        })
        .collect()
}

#[test]
fn every_sqlite_migration_has_a_postgres_twin() {
    let sqlite = versions("migrations");
    assert!(!sqlite.is_empty());
    assert_eq!(
        sqlite,
        versions("migrations_pg"),
        "migrations/ and migrations_pg/ must hold the same versions"
    );
}

/// `(table, column, type family, not null)` of every table of the store.
type Columns = BTreeSet<(String, String, &'static str, bool)>;

fn family(ty: &str) -> &'static str {
    let ty = ty.to_ascii_lowercase();
    if ty.contains("int") {
        "integer"
    } else if ty.contains("text") || ty.contains("char") {
        "text"
    } else {
        "other"
    }
}

#[tokio::test]
async fn both_schemas_have_the_same_tables_and_columns() {
    let Some(base) = support::pg_url("both_schemas_have_the_same_tables_and_columns") else {
        return;
    };
    // SQLite: migrate a file database, then read its catalog.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("schema.db");
    let url = format!("sqlite://{}", file.display());
    Store::open(&url).await.unwrap().close().await;
    let mut lite = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let rows = sqlx::query(
        "select m.name as t, p.name as c, p.type as ty, p.\"notnull\" as nn, p.pk as pk \
         from sqlite_master m join pragma_table_info(m.name) p \
         where m.type = 'table' and m.name not like '\\_%' escape '\\' \
         and m.name not like 'sqlite%'",
    )
    .fetch_all(&mut lite)
    .await
    .unwrap();
    let sqlite: Columns = rows
        .iter()
        .map(|r| {
            let ty: String = r.get("ty");
            let nn: i64 = r.get("nn");
            let pk: i64 = r.get("pk");
            (r.get("t"), r.get("c"), family(&ty), nn == 1 || pk > 0)
        })
        .collect();
    // PostgreSQL: migrate a fresh schema, then read information_schema.
    let url = support::fresh_schema_url(&base).await;
    Store::open(&url).await.unwrap().close().await;
    let mut pg = sqlx::PgConnection::connect(&url).await.unwrap();
    let rows = sqlx::query(
        "select table_name::text as t, column_name::text as c, data_type::text as ty, \
         is_nullable::text as nullable from information_schema.columns \
         where table_schema = current_schema() and table_name not like '\\_%'",
    )
    .fetch_all(&mut pg)
    .await
    .unwrap();
    let postgres: Columns = rows
        .iter()
        .map(|r| {
            let ty: String = r.get("ty");
            let nullable: String = r.get("nullable");
            (r.get("t"), r.get("c"), family(&ty), nullable == "NO")
        })
        .collect();
    assert!(sqlite.len() > 30, "{sqlite:?}");
    let only_sqlite: Vec<_> = sqlite.difference(&postgres).collect();
    let only_pg: Vec<_> = postgres.difference(&sqlite).collect();
    assert!(
        only_sqlite.is_empty() && only_pg.is_empty(),
        "schemas differ:\n only SQLite: {only_sqlite:?}\n only PostgreSQL: {only_pg:?}"
    );
}
