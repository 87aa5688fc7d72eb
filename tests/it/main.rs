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

mod announce_symbols;
mod backup;
mod bad_input_and_vacations;
mod chess960_cases;
mod chess960_differential;
mod chess960_product;
mod chess_cases;
mod chess_differential;
mod chess_props;
mod community_rules;
mod config;
mod console;
mod console_terminal;
mod crash;
mod desk;
#[cfg(feature = "discord")]
mod discord_commands;
#[cfg(feature = "discord")]
mod discord_e2e;
#[cfg(feature = "discord")]
mod discord_flow;
#[cfg(feature = "discord")]
mod discord_league_places;
#[cfg(feature = "discord")]
mod discord_leagues;
#[cfg(feature = "discord")]
mod discord_memory;
#[cfg(feature = "discord")]
mod discord_notices;
#[cfg(feature = "discord")]
mod discord_play;
#[cfg(feature = "discord")]
mod discord_startup;
#[cfg(feature = "discord")]
mod discord_swiss;
#[cfg(feature = "discord")]
mod discord_team_matches;
#[cfg(feature = "discord")]
mod discord_teams;
mod engine;
mod english_golden;
mod first_hour;
mod gif_frames;
mod gif_measure;
mod hardening;
mod http;
mod http_limits;
mod i18n_catalog;
mod i18n_notation;
mod layering;
mod league_places;
mod leagues;
#[cfg(feature = "matrix")]
mod matrix_chess960;
#[cfg(feature = "matrix")]
mod matrix_e2e;
#[cfg(feature = "matrix")]
mod matrix_e2ee;
#[cfg(feature = "matrix")]
mod matrix_leagues;
#[cfg(feature = "matrix")]
mod matrix_pgn_file;
#[cfg(feature = "matrix")]
mod matrix_play;
#[cfg(feature = "matrix")]
mod matrix_private;
#[cfg(feature = "matrix")]
mod matrix_rooms;
#[cfg(feature = "matrix")]
mod matrix_swiss;
#[cfg(feature = "matrix")]
mod matrix_teams;
#[cfg(feature = "matrix")]
mod matrix_trust;
mod open_errors;
mod oracle_and_caps;
mod outage;
mod pages_axe;
mod pairing_names;
mod perft;
mod perft960;
mod pics;
mod player_page;
mod premove;
mod private_board;
mod private_files;
mod puzzles;
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
mod swiss;
mod swiss_oracle;
mod swiss_thematic;
mod tablebase;
mod tablebase_probe;
mod team_matches;
mod team_matches_pg;
mod teams;
mod teams_codes;
mod teams_codes_pg;
mod teams_motions;
mod teams_motions_pg;
mod teams_pg;
mod timebank_import;
mod upgrade_backup;
mod watch;
mod watch_browser;
mod words;
