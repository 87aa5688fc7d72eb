//! chessbot: a correspondence chess bot for chat platforms.
//!
//! Modules depend one way: `chess` (rules, no I/O) <- `render`, `engine`,
//! `openings` and `store` <- `service` <- `adapters` <- `main.rs` (see
//! docs/ARCHITECTURE.md).

pub mod adapters;
pub mod chess;
pub mod config;
pub mod engine;
pub mod i18n;
pub mod openings;
pub mod ratings;
pub mod render;
pub mod service;
pub mod store;
