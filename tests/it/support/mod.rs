//! Test backends: a fresh PostgreSQL schema per test when
//! `CHESSBOT_TEST_PG_URL` is set (`.ci/postgres.sh` sets it), else a notice.

#![allow(dead_code)]

pub mod browser;
#[cfg(feature = "discord")]
pub mod fake_discord;
pub mod pgn_oracle;
pub mod scenario;

use std::sync::atomic::{AtomicUsize, Ordering};

use chessbot::store::Store;
use sqlx::Connection;

/// The PostgreSQL test server, or `None` with a notice on stderr.
pub fn pg_url(test: &str) -> Option<String> {
    match std::env::var("CHESSBOT_TEST_PG_URL") {
        Ok(u) if !u.trim().is_empty() => Some(u),
        _ => {
            eprintln!(
                "notice: CHESSBOT_TEST_PG_URL is unset; {test} skips PostgreSQL \
                 (source .ci/postgres.sh to run it)"
            );
            None
        }
    }
}

/// A URL of a new, empty schema on the PostgreSQL test server (the store's
/// tables and migrations land there through `search_path`).
pub async fn fresh_schema_url(base: &str) -> String {
    static N: AtomicUsize = AtomicUsize::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let schema = format!(
        "t_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed),
        nanos
    );
    let mut c = sqlx::PgConnection::connect(base)
        .await
        .expect("connect to CHESSBOT_TEST_PG_URL");
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!("create schema {schema}")))
        .execute(&mut c)
        .await
        .expect("create schema");
    c.close().await.ok();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options[search_path]={schema}")
}

/// A store on a fresh PostgreSQL schema, or `None` (with a notice).
pub async fn pg_store(test: &str) -> Option<Store> {
    let base = pg_url(test)?;
    let url = fresh_schema_url(&base).await;
    Some(Store::open(&url).await.expect("open PostgreSQL store"))
}
