//! Times in sentences: finding the deadlines the catalog wrote (so each
//! platform can show them its way) and "in 2 days" beside them.

use super::declare::messages;

use chrono::{DateTime, NaiveDateTime, Utc};

use crate::i18n::Locale;

messages! {
    /// `time-now`, worded for [`relative_time`].
    fn time_now_text(l) = "time-now";
    /// `time-ago`, worded for [`relative_time`].
    fn time_ago_text(l, unit, n) = "time-ago";
    /// `time-in`, worded for [`relative_time`].
    fn time_in_text(l, unit, n) = "time-in";
}

/// The shape [`super::deadline`] writes, without the zone.
const STAMP: &str = "%Y-%m-%d %H:%M";
const STAMP_LEN: usize = "2026-01-02 03:04".len();
const ZONE: &str = " UTC";

/// `text` with every `YYYY-MM-DD HH:MM UTC` (what [`super::deadline`]
/// writes) replaced by what `f` makes of that time; anything else that
/// ends in ` UTC` is left as it is. Discord turns these into timestamp
/// tags, the console and Matrix add a relative time.
#[must_use]
pub fn map_deadlines(text: &str, mut f: impl FnMut(DateTime<Utc>) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(ZONE) {
        let stamp = at
            .checked_sub(STAMP_LEN)
            .and_then(|from| rest.get(from..at).map(|s| (from, s)))
            .and_then(|(from, s)| {
                NaiveDateTime::parse_from_str(s, STAMP)
                    .ok()
                    .map(|t| (from, t.and_utc()))
            });
        match stamp {
            Some((from, t)) => {
                out.push_str(&rest[..from]);
                out.push_str(&f(t));
            }
            None => out.push_str(&rest[..at + ZONE.len()]),
        }
        rest = &rest[at + ZONE.len()..];
    }
    out.push_str(rest);
    out
}

/// `text` with how far away each deadline is beside it, as a reader of
/// `l` says it at `now`: `2026-12-04 03:55 UTC (in 3 days)`.
#[must_use]
pub fn with_relative_times(l: Locale, text: &str, now: DateTime<Utc>) -> String {
    if !text.contains(ZONE) {
        return text.to_string();
    }
    map_deadlines(text, |t| {
        format!("{} ({})", super::deadline(t), relative_time(l, t, now))
    })
}

/// How far `at` is from `now` in the largest fitting unit, rounded the way
/// Discord's relative timestamps round: `in 3 days`, `in 5 hours`,
/// `12 minutes ago`, `now` within a minute.
#[must_use]
pub fn relative_time(l: Locale, at: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let seconds = (at - now).num_seconds();
    let past = seconds < 0;
    let s = seconds.unsigned_abs();
    if s < 60 {
        return time_now_text(l);
    }
    // Discord's (moment.js's) thresholds: minutes below 45, hours below
    // 22, days beyond.
    let round = |unit: u64| (s + unit / 2) / unit;
    let (unit, n) = if round(60) < 45 {
        ("minutes", round(60))
    } else if round(3600) < 22 {
        ("hours", round(3600))
    } else {
        ("days", round(86_400).max(1))
    };
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    if past {
        time_ago_text(l, unit, n)
    } else {
        time_in_text(l, unit, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s)
            .expect("time")
            .with_timezone(&Utc)
    }

    #[test]
    fn relative_times_round_to_the_largest_unit() {
        let now = at("2026-12-01T10:00:00Z");
        let en = |t: &str| relative_time(Locale::En, at(t), now);
        assert_eq!(en("2026-12-04T10:00:00Z"), "in 3 days");
        assert_eq!(en("2026-12-03T23:00:00Z"), "in 3 days");
        assert_eq!(en("2026-12-02T10:00:00Z"), "in 1 day");
        assert_eq!(en("2026-12-02T09:00:00Z"), "in 1 day");
        assert_eq!(en("2026-12-01T15:10:00Z"), "in 5 hours");
        assert_eq!(en("2026-12-01T11:00:00Z"), "in 1 hour");
        assert_eq!(en("2026-12-01T10:50:00Z"), "in 1 hour");
        assert_eq!(en("2026-12-02T07:00:00Z"), "in 21 hours");
        assert_eq!(en("2026-12-01T10:12:00Z"), "in 12 minutes");
        assert_eq!(en("2026-12-01T10:00:30Z"), "now");
        assert_eq!(en("2026-12-01T09:48:00Z"), "12 minutes ago");
        assert_eq!(en("2026-11-29T10:00:00Z"), "2 days ago");
    }

    #[test]
    fn relative_times_speak_every_language() {
        let now = at("2026-12-01T10:00:00Z");
        let two_days = at("2026-12-03T10:00:00Z");
        assert_eq!(relative_time(Locale::Ru, two_days, now), "через 2 дня");
        assert_eq!(relative_time(Locale::Ro, two_days, now), "peste 2 zile");
        assert_eq!(relative_time(Locale::Th, two_days, now), "ในอีก 2 วัน");
        let five_hours_ago = at("2026-12-01T05:00:00Z");
        assert_eq!(
            relative_time(Locale::Ru, five_hours_ago, now),
            "5 часов назад"
        );
        let twenty_days = at("2026-12-21T10:00:00Z");
        assert_eq!(
            relative_time(Locale::Ro, twenty_days, now),
            "peste 20 de zile"
        );
    }

    #[test]
    fn deadlines_in_text_gain_their_relative_time() {
        let now = at("2026-12-01T03:55:00Z");
        assert_eq!(
            with_relative_times(
                Locale::En,
                "bob to move, deadline 2026-12-04 03:55 UTC.",
                now
            ),
            "bob to move, deadline 2026-12-04 03:55 UTC (in 3 days)."
        );
        for untouched in [
            "no time here",
            " UTC at the start",
            "2026-13-04 03:55 UTC",
            "x 26-12-04 03:55 UTC",
        ] {
            assert_eq!(with_relative_times(Locale::En, untouched, now), untouched);
        }
    }

    #[test]
    fn every_deadline_is_mapped_once() {
        let text = "a 2026-12-04 03:55 UTC b 2026-12-05 00:00 UTC c";
        let mut seen = Vec::new();
        let out = map_deadlines(text, |t| {
            seen.push(t.timestamp());
            "T".to_string()
        });
        assert_eq!(out, "a T b T c");
        assert_eq!(seen.len(), 2);
    }
}
