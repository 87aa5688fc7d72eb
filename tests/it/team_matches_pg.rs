//! The team match scenarios of `team_matches.rs` on PostgreSQL (each on a
//! fresh schema).
//!
//! Needs `CHESSBOT_TEST_PG_URL` (`source .ci/postgres.sh`); without it the
//! scenarios print a notice and run on SQLite instead.

use crate::support;

#[path = "team_matches.rs"]
mod scenarios;

use chessbot::store::Store;

/// The store of an included scenario.
async fn test_store() -> Store {
    match support::pg_store("team_matches_pg").await {
        Some(s) => s,
        None => Store::memory().await.expect("in-memory store"),
    }
}
