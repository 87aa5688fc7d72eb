//! What follows a game's end: the summary post (summary), its outbox,
//! exactly once (outbox), the analysis still owed (analyses), and the
//! symbol of each kind of announcement (announce).
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;

pub(super) mod analyses;
pub(super) mod announce;
pub(super) mod outbox;
pub(super) mod summary;

#[allow(unused_imports)]
use super::*;
pub(in crate::service) use summary::*;
