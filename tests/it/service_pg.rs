//! The service scenarios of `tests/service.rs` and
//! `tests/service_computer.rs` on PostgreSQL (each on a fresh schema,
//! restarts included).
//!
//! Needs `CHESSBOT_TEST_PG_URL` (`source .ci/postgres.sh`); without it the
//! scenarios print a notice and run on SQLite instead.

use crate::support;

#[path = "service.rs"]
mod scenarios;

#[path = "service_computer.rs"]
mod computer_scenarios;

use chessbot::store::Store;

/// The store of an included scenario.
async fn test_store() -> Store {
    match support::pg_store("service_pg").await {
        Some(s) => s,
        None => Store::memory().await.expect("in-memory store"),
    }
}

/// A database URL a scenario may open several times (restarts).
async fn test_url() -> (Option<tempfile::TempDir>, String) {
    match support::pg_url("service_pg") {
        Some(base) => (None, support::fresh_schema_url(&base).await),
        None => {
            let dir = tempfile::tempdir().expect("temp dir");
            let url = format!("sqlite://{}", dir.path().join("x.db").display());
            (Some(dir), url)
        }
    }
}
