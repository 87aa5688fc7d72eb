//! The motion scenarios of `teams_motions.rs` on PostgreSQL (each on a
//! fresh schema).
//!
//! Needs `CHESSBOT_TEST_PG_URL` (`source .ci/postgres.sh`); without it the
//! scenarios print a notice and run on SQLite instead.

use crate::support;

#[path = "teams_motions.rs"]
mod scenarios;

use chessbot::store::Store;

/// The store of an included scenario.
async fn test_store() -> Store {
    match support::pg_store("teams_motions_pg").await {
        Some(s) => s,
        None => Store::memory().await.expect("in-memory store"),
    }
}
