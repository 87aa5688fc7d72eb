//! chessbot: a correspondence chess bot for chat platforms.
//!
//! Modules depend one way: `chess` (rules, no I/O) <- `render`, `engine`,
//! `openings` and `store` <- `service` <- `adapters` <- `main.rs` (see
//! docs/ARCHITECTURE.md). Beside them, `metrics` (counters every layer
//! but `chess` and `render` may bump), `lifecycle` (graceful shutdown),
//! `http` (health and metrics over HTTP), `logging` (the log format),
//! `tablebase` (Syzygy endgame tables; depends on `chess` only) and
//! `version` (what this build is). The chat platforms are the Cargo
//! features `discord` and `matrix`; the console is always built.

pub mod adapters;
pub mod affinity;
pub mod chess;
pub mod config;
pub mod descriptors;
pub mod engine;
pub mod http;
pub mod i18n;
pub mod lifecycle;
pub mod logging;
pub mod metrics;
pub mod openings;
pub mod ratings;
pub mod render;
pub mod service;
pub mod store;
pub mod swiss;
pub mod tablebase;
pub mod version;
