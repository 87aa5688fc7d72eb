//! Correspondence comforts: vacations, more time and where a player's
//! notices go (comfort), a community's rules for them (community_rules:
//! leave allowance, default time control, the time-out rule), the
//! calendar-year count of leave (leave), and what the adapters keep about users' direct
//! messages (direct), and the desk of a player of many games (desk: the
//! next game after a move, the daily digest).
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;
pub(crate) mod desk_catalog;

pub(super) mod comfort;
pub(super) mod community_rules;
pub(super) mod desk;
pub(super) mod direct;
pub(super) mod leave;

#[allow(unused_imports)]
use super::*;
