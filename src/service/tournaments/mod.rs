//! Tournaments: round-robin leagues (their commands in leagues, their run
//! in league_run, their table in league_table, Chess960 leagues in
//! league960, a thematic start and a Swiss's tie-break order in
//! league_setup), Swiss tournaments (their rounds, late entries and report in
//! swiss_run, their history and table in swiss_table, the pairing itself
//! in the crate's `swiss` module) and the places their games are played in (league_places). A
//! league touches games only through the service's base (game.rs) and the
//! store.
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;

pub(super) mod league960;
pub(super) mod league_expiry;
pub(super) mod league_places;
pub(super) mod league_reach;
pub(super) mod league_run;
pub(super) mod league_setup;
pub(super) mod league_standings;
pub(super) mod league_table;
pub(super) mod leagues;
pub(super) mod swiss_run;
pub(super) mod swiss_table;

#[allow(unused_imports)]
use super::*;
