//! The integration tests, as one binary: each file is a module (one link
//! of the whole dependency tree instead of one per file). Shared helpers
//! live in `support/`.

// `service_pg` and `store_pg` include `service.rs` and `store.rs` again
// with PostgreSQL stores: the same scenarios on the other backend.
#![allow(clippy::duplicate_mod)]

mod support;

use chessbot::store::Store;

/// The store of the SQLite scenarios of `service` and `store`; `service_pg`
/// and `store_pg` include those files with PostgreSQL versions of these.
async fn test_store() -> Store {
    Store::memory().await.expect("in-memory store")
}

/// A database URL a scenario may open several times (restarts), with the
/// temp dir to keep alive.
async fn test_url() -> (Option<tempfile::TempDir>, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    (Some(dir), url)
}

mod backup;
mod bad_input_and_vacations;
mod chess960_cases;
mod chess960_differential;
mod chess_cases;
mod chess_differential;
mod chess_props;
mod config;
mod console;
mod crash;
mod discord_e2e;
mod discord_flow;
mod discord_notices;
mod discord_startup;
mod engine;
mod english_golden;
mod http;
mod i18n_catalog;
mod i18n_notation;
mod layering;
// ---- leagues
mod leagues;
mod matrix_e2e;
mod matrix_e2ee;
mod matrix_trust;
mod outage;
mod perft;
mod perft960;
// ---- premove
mod premove;
mod ratings;
mod render;
mod render_pixels;
mod render_summary;
mod safeguards;
mod scale;
mod service;
mod service_computer;
mod service_pg;
mod shutdown;
mod store;
mod store_pg;
mod summaries;
// ---- chess960 (product)
mod chess960_product;
// ---- puzzles
mod puzzles;
mod upgrade_backup;
// ---- pics: issue 29
mod pics;
// ---- gaps: issue 32's private board and console moderators
mod private_board;
// ---- gaps: leagues and Chess960 on the fake Discord (issues 31, 33)
mod discord_leagues;
mod discord_memory;
// ---- gaps: the GIF's KB and ms per frame (issue 29)
mod gif_measure;
// ---- gaps: a symbol per kind of announcement (issue 29)
mod announce_symbols;
// ---- matrix: leagues and Chess960 against Synapse (issues 31, 33)
mod matrix_chess960;
mod matrix_leagues;
// ---- house: the registered Discord commands
mod discord_commands;
// ---- gif: the split encoder shows the same pictures (issue 29)
mod gif_frames;
