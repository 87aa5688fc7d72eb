//! Unit tests of `leagues.rs`.

use super::*;
use crate::service::league_table::{half_points, quarters};

#[test]
fn start_times_read_both_forms() {
    let t = parse_start_time("2026-12-24 18:30").expect("plain");
    assert_eq!(t.to_rfc3339(), "2026-12-24T18:30:00+00:00");
    let t = parse_start_time("2026-12-24T18:30:00+02:00").expect("rfc 3339");
    assert_eq!(t.to_rfc3339(), "2026-12-24T16:30:00+00:00");
    assert!(parse_start_time("tomorrow").is_none());
    assert!(parse_start_time("2026-13-01 10:00").is_none());
}

#[test]
fn points_and_tiebreaks_are_written_briefly() {
    assert_eq!(half_points(0), "0");
    assert_eq!(half_points(1), "½");
    assert_eq!(half_points(5), "2½");
    assert_eq!(quarters(13), "3¼");
    assert_eq!(quarters(3), "¾");
    assert_eq!(quarters(10), "2½");
    assert_eq!(quarters(8), "2");
    assert_eq!(quarters(0), "0");
}

#[test]
fn game_places_are_named_after_league_and_number() {
    assert_eq!(league_game_channel(3, 17), "league-3-17");
}
