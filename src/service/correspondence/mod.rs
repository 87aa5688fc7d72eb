//! Correspondence comforts: vacations, more time and where a player's
//! notices go (comfort), and what the adapters keep about users' direct
//! messages (direct).
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(super) mod comfort;
pub(super) mod direct;

#[allow(unused_imports)]
use super::*;
