//! Chat platform adapters: thin layers that parse input, call the game
//! service, and send its replies.

pub mod console;
mod console_output;
#[cfg(feature = "discord")]
pub mod discord;
#[cfg(feature = "matrix")]
pub mod matrix;
#[cfg(test)]
mod test_support;
pub mod text;
