//! Leave (vacation) as correspondence federations count it: a number of
//! days each calendar year (UTC), every day of a leave counted in the year
//! it falls in, and days not taken lost when the year ends.

use crate::store::VacationRow;

use super::game::{DAY_MS, from_ms};

/// The start of the calendar year (UTC) holding the instant `t` (ms), and
/// the start of the next one.
pub(in crate::service) fn calendar_year(t: i64) -> (i64, i64) {
    use chrono::{Datelike, TimeZone, Utc};
    let start_of = |year: i32| {
        Utc.with_ymd_and_hms(year, 1, 1, 0, 0, 0)
            .single()
            .map(|d| d.timestamp_millis())
    };
    let year = from_ms(t).year();
    match (start_of(year), start_of(year.saturating_add(1))) {
        (Some(start), Some(next)) => (start, next),
        // Beyond chrono's years: one long "year" (never reached in play).
        _ => (i64::MIN / 2, i64::MAX / 2),
    }
}

/// The most whole days `n` (up to `allowance`) of a vacation starting at
/// `now` such that no calendar year (UTC) holds more than `allowance`
/// days of `past` and the new one together. A vacation across New Year
/// counts each of its days in the year the day falls in; days not taken
/// in a year are lost with it.
pub(in crate::service) fn days_left(past: &[VacationRow], now: i64, allowance: i64) -> i64 {
    let spans: Vec<(i64, i64)> = past
        .iter()
        .map(|v| {
            let end = v.started_at.saturating_add(v.days.saturating_mul(DAY_MS));
            (v.started_at, end)
        })
        .collect();
    let fits = |n: i64| {
        let new = (now, now + n * DAY_MS);
        let (mut year, mut next) = calendar_year(now);
        loop {
            let inside: i64 = spans
                .iter()
                .chain(std::iter::once(&new))
                .map(|&(s, e)| (e.min(next) - s.max(year)).max(0))
                .sum();
            if inside > allowance * DAY_MS {
                return false;
            }
            if next >= new.1 {
                return true;
            }
            (year, next) = calendar_year(next);
        }
    };
    (0..=allowance).rev().find(|&n| fits(n)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Utc};

    fn at(y: i32, m: u32, d: u32) -> i64 {
        Utc.with_ymd_and_hms(y, m, d, 0, 0, 0)
            .single()
            .map_or(0, |t| t.timestamp_millis())
    }

    fn taken(start: i64, days: i64) -> VacationRow {
        VacationRow {
            id: 0,
            started_at: start,
            ends_at: start + days * DAY_MS,
            days,
        }
    }

    #[test]
    fn the_allowance_is_per_calendar_year_and_does_not_carry_over() {
        // Nothing taken: the whole allowance.
        assert_eq!(days_left(&[], at(2026, 6, 1), 30), 30);
        assert_eq!(days_left(&[], at(2026, 6, 1), 45), 45);
        // 30 days taken in November and December: nothing left that year,
        let past = [taken(at(2026, 11, 1), 15), taken(at(2026, 12, 1), 15)];
        assert_eq!(days_left(&past, at(2026, 12, 20), 30), 0);
        // and all of it again on the first of January (a rolling 365 days
        // would still count them).
        assert_eq!(days_left(&past, at(2027, 1, 1), 30), 30);
        // Ten days unused in 2026 are not added to 2027.
        let past = [taken(at(2026, 3, 1), 20)];
        assert_eq!(days_left(&past, at(2027, 2, 1), 30), 30);
    }

    #[test]
    fn a_leave_across_new_year_counts_each_day_in_its_year() {
        // 20 days from 22 December: 10 in 2026, 10 in 2027.
        let past = [taken(at(2026, 12, 22), 20)];
        assert_eq!(days_left(&past, at(2027, 1, 20), 30), 20);
        // With 25 days of 2026 taken, a leave from 20 December may hold
        // only 5 more days of 2026, though January's days are all free.
        let early = [taken(at(2026, 1, 10), 25)];
        assert_eq!(days_left(&early, at(2026, 12, 20), 30), 5);
        assert_eq!(days_left(&early, at(2026, 12, 27), 30), 30);
        // A leave shortened by the community (45, then 30) leaves nothing,
        // never a negative count.
        let long = [taken(at(2026, 2, 1), 40)];
        assert_eq!(days_left(&long, at(2026, 6, 1), 30), 0);
        assert_eq!(days_left(&long, at(2026, 6, 1), 45), 5);
    }

    #[test]
    fn leap_years_are_whole_calendar_years() {
        let (start, next) = calendar_year(at(2028, 2, 29));
        assert_eq!((start, next), (at(2028, 1, 1), at(2029, 1, 1)));
        assert_eq!(next - start, 366 * DAY_MS);
    }
}
