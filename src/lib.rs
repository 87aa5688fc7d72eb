//! chessbot: a correspondence chess bot for chat platforms.
//!
//! Modules depend one way: `chess` (rules, no I/O) <- `render` and `store`
//! <- `service` <- `adapters` <- `main.rs`.

pub mod chess;
pub mod render;
