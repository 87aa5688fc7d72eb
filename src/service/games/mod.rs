//! Games: challenges, play (moves, the end of a game, resigning, claims),
//! draw offers, the announcement every ending shares, listings (board, PGN,
//! games, history), deadlines and challenge expiry, games against the
//! computer and the engine's own deadline, how a Chess960 start is
//! chosen, time banks and games continued from a PGN.
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(super) mod banks;
pub(super) mod challenges;
pub(super) mod chess960;
pub(super) mod computer;
pub(super) mod deadlines;
pub(super) mod end;
pub(super) mod engine_deadline;
pub(super) mod expiry;
pub(super) mod import;
pub(super) mod listings;
pub(super) mod offers;
pub(super) mod play;

#[allow(unused_imports)]
use super::*;
