//! Chat platform adapters: thin layers that parse input, call the game
//! service, and send its replies.

pub mod console;
mod console_output;
pub mod discord;
pub mod matrix;
pub mod text;
