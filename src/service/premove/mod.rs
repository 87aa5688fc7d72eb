//! What a player prepares privately: conditional moves (lines, and their tree in line_tree), notes
//! (notes) and the private board (private_board). Nothing here is ever
//! shown to the opponent.
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;

mod line_tree;
pub(super) mod lines;
pub(super) mod notes;
pub(super) mod private_board;

#[allow(unused_imports)]
use super::*;
pub use lines::*;
