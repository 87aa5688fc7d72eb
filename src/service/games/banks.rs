//! Time controls of a challenge: days per move, a time bank with an
//! increment (`bank:B increment:I`), and the presets by name
//! (`control:daily|iccf|blitz-days`); the bank arithmetic of a move and
//! of a turn's reminders, and each side's bank as the board, `games` and
//! the console events show it.
//!
//! A side's bank is stored as it stood when its last turn ended; the bank
//! of the side to move is the time left until its deadline, so whatever
//! moves a deadline (a vacation, `moretime`) moves the bank with it.

use super::{ChallengeExtras, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{Bank, GameRow};

use super::game::{DAY_MS, Failure, GameService, turn_times, user};

/// The largest bank a challenge may set, in days.
pub(in crate::service) const MAX_BANK_DAYS: u32 = 60;
/// The largest increment per move, in days.
pub(in crate::service) const MAX_INCREMENT_DAYS: u32 = 10;
/// The ICCF-like preset: a bank of 50 days and one day per move.
const ICCF_BANK_DAYS: u32 = 50;
const ICCF_INCREMENT_DAYS: u32 = 1;
const HOUR_MS: i64 = 3_600_000;
/// Reminders of a bank game: with this much left, then with the next.
const BANK_REMINDERS_MS: [i64; 2] = [24 * HOUR_MS, HOUR_MS];

/// A challenge's time control, from its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::service) struct TimeControl {
    /// Days per move (with a bank: kept for listings, not the clock).
    pub(in crate::service) days: u32,
    pub(in crate::service) bank: Option<Bank>,
    /// Whether a vacation stops this game's clocks (not in `blitz-days`).
    pub(in crate::service) vacation_stops: bool,
}

/// The time control of a challenge: `days` per move, unless a bank or a
/// preset says otherwise.
///
/// # Errors
/// A bank outside 1-60 days, an increment outside 0-10 days or without a
/// bank, an unknown preset, or a preset together with a bank.
pub(in crate::service) fn time_control(
    loc: Locale,
    days: u32,
    extras: &ChallengeExtras,
) -> Result<TimeControl, Failure> {
    let bank = |b: u32, i: u32| -> Result<Option<Bank>, Failure> {
        if !(1..=MAX_BANK_DAYS).contains(&b) {
            return Err(user("invalid_option", msg::bad_bank(loc, &b.to_string())));
        }
        if i > MAX_INCREMENT_DAYS {
            return Err(user(
                "invalid_option",
                msg::bad_increment(loc, &i.to_string()),
            ));
        }
        Ok(Some(Bank {
            bank_ms: i64::from(b) * DAY_MS,
            increment_ms: i64::from(i) * DAY_MS,
        }))
    };
    let own_bank = extras.bank.is_some() || extras.increment.is_some();
    if extras.control.is_some() && own_bank {
        return Err(user("invalid_option", msg::control_and_bank(loc)));
    }
    let per_move = |days| TimeControl {
        days,
        bank: None,
        vacation_stops: true,
    };
    match extras.control.as_deref() {
        None if own_bank => {
            let Some(b) = extras.bank else {
                return Err(user("invalid_option", msg::increment_without_bank(loc)));
            };
            Ok(TimeControl {
                bank: bank(b, extras.increment.unwrap_or(0))?,
                ..per_move(days)
            })
        }
        None | Some("daily") => Ok(per_move(days)),
        Some("iccf") => Ok(TimeControl {
            bank: bank(ICCF_BANK_DAYS, ICCF_INCREMENT_DAYS)?,
            ..per_move(days)
        }),
        Some("blitz-days" | "blitz_days" | "blitzdays") => Ok(TimeControl {
            vacation_stops: false,
            ..per_move(1)
        }),
        Some(other) => Err(user("invalid_option", msg::unknown_control(loc, other))),
    }
}

impl GameService {
    /// The deadline and first reminder of a turn of `player` starting at
    /// `now`: `days` per move, or a bank of `bank_ms` (reminded at 24 h and
    /// 1 h left); the clock of a player on vacation starts when the
    /// vacation ends, unless the game's vacations do not stop its clocks.
    ///
    /// # Errors
    /// Database failures.
    pub(in crate::service) async fn turn_start(
        &self,
        platform: &str,
        player: &str,
        now: i64,
        days: i64,
        bank_ms: Option<i64>,
        vacation_stops: bool,
    ) -> Result<(i64, i64), Failure> {
        let vacation_ends_at = if vacation_stops {
            self.inner
                .store
                .current_vacation(platform, player, now)
                .await?
                .map(|v| v.ends_at)
        } else {
            None
        };
        Ok(turn_span(vacation_ends_at, now, days, bank_ms))
    }
}

/// [`GameService::turn_start`] once the player's vacation end is known.
pub(in crate::service) fn turn_span(
    vacation_ends_at: Option<i64>,
    now: i64,
    days: i64,
    bank_ms: Option<i64>,
) -> (i64, i64) {
    let start = vacation_ends_at.map_or(now, |e| e.max(now));
    match bank_ms {
        Some(span) => {
            let deadline = start.saturating_add(span.max(0));
            (
                deadline,
                next_bank_reminder(deadline, start).unwrap_or(deadline),
            )
        }
        None => turn_times(start, days),
    }
}

/// The lines a challenge and a game start show for a time control other
/// than days per move.
pub(in crate::service) fn control_lines(
    loc: Locale,
    bank: Option<Bank>,
    vacation_stops: bool,
) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(b) = bank {
        lines.push(msg::bank_control(
            loc,
            b.bank_ms / DAY_MS,
            b.increment_ms / DAY_MS,
        ));
    }
    if !vacation_stops {
        lines.push(msg::no_vacation_control(loc));
    }
    lines
}

/// The mover's bank after a move at `now` with `deadline_at` its turn's
/// deadline and `before` its bank when the turn began: the time left
/// (never more than the bank it had, so extra days given for this move
/// do not carry over), plus the increment, at most `cap`.
pub(in crate::service) fn bank_after_move(
    deadline_at: i64,
    now: i64,
    before: i64,
    increment: i64,
    cap: i64,
) -> i64 {
    ((deadline_at - now).min(before).max(0) + increment).min(cap)
}

/// The first reminder of a bank turn ending at `deadline_at` that is
/// still ahead at `now`: 24 hours before the end, else one hour; `None`
/// when both have passed.
pub(in crate::service) fn next_bank_reminder(deadline_at: i64, now: i64) -> Option<i64> {
    BANK_REMINDERS_MS
        .iter()
        .map(|left| deadline_at - left)
        .find(|&at| at > now)
}

/// Both sides' banks (white, black) after `mover` moved at `now` in a
/// bank game; `None` with days per move.
pub(in crate::service) fn banks_after_move(
    g: &GameRow,
    mover: Color,
    now: i64,
) -> Option<(i64, i64)> {
    let cap = g.bank_cap_ms?;
    let (white, black) = (g.white_bank_ms?, g.black_bank_ms?);
    let increment = g.increment_ms.unwrap_or(0);
    let before = match mover {
        Color::White => white,
        Color::Black => black,
    };
    let after = match g.deadline_at {
        Some(deadline) => bank_after_move(deadline, now, before, increment, cap),
        // A game without a clock yet: nothing was used.
        None => (before + increment).min(cap),
    };
    Some(match mover {
        Color::White => (after, black),
        Color::Black => (white, after),
    })
}

/// The bank of `side` in `banks` (white, black).
pub(in crate::service) fn bank_of(banks: Option<(i64, i64)>, side: Color) -> Option<i64> {
    banks.map(|(white, black)| match side {
        Color::White => white,
        Color::Black => black,
    })
}

/// A stored bank and increment (a challenge's, a game's).
pub(in crate::service) fn stored_bank(
    bank_ms: Option<i64>,
    increment_ms: Option<i64>,
) -> Option<Bank> {
    Some(Bank {
        bank_ms: bank_ms?,
        increment_ms: increment_ms.unwrap_or(0),
    })
}

/// The stored banks of a game (white, black); `None` with days per move.
pub(in crate::service) fn stored_banks(g: &GameRow) -> Option<(i64, i64)> {
    g.bank_cap_ms?;
    Some((g.white_bank_ms?, g.black_bank_ms?))
}

/// Both sides' banks of a bank game at `now` (white, black): the side to
/// move has what is left until its deadline. `None` with days per move.
pub(in crate::service) fn banks_now(g: &GameRow, to_move: Color, now: i64) -> Option<(i64, i64)> {
    g.bank_cap_ms?;
    let stored = (g.white_bank_ms?, g.black_bank_ms?);
    let running = g.deadline_at.map(|d| (d - now).max(0));
    Some(match (to_move, running, g.status.as_str()) {
        (Color::White, Some(left), "active") => (left, stored.1),
        (Color::Black, Some(left), "active") => (stored.0, left),
        _ => stored,
    })
}

/// Both sides' banks as the console events carry them, in whole seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Banks {
    pub white: i64,
    pub black: i64,
}

impl Banks {
    /// From milliseconds (white, black).
    #[must_use]
    pub fn from_ms((white, black): (i64, i64)) -> Banks {
        Banks {
            white: white / 1000,
            black: black / 1000,
        }
    }
}

/// The line of a bank game's board and `games` entry: each side's bank
/// ("4 d 6 h left").
pub(in crate::service) fn banks_line(
    loc: Locale,
    white: &str,
    black: &str,
    banks: (i64, i64),
) -> String {
    msg::banks_left(
        loc,
        white,
        &msg::bank_left(loc, banks.0),
        black,
        &msg::bank_left(loc, banks.1),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_adds_the_increment_up_to_the_cap() {
        let day = DAY_MS;
        // Two days used of ten, one added.
        assert_eq!(
            bank_after_move(10 * day, 2 * day, 10 * day, day, 10 * day),
            9 * day
        );
        // A quick move cannot grow the bank past its cap.
        assert_eq!(
            bank_after_move(10 * day, 0, 10 * day, day, 10 * day),
            10 * day
        );
        // Days given for this move (moretime) do not carry over.
        assert_eq!(
            bank_after_move(12 * day, 0, 5 * day, day, 10 * day),
            6 * day
        );
        // Past the deadline nothing is left but the increment.
        assert_eq!(bank_after_move(day, 2 * day, day, day, 10 * day), day);
    }

    #[test]
    fn deadlines_are_instants_across_a_leap_day_and_a_clock_change() {
        use chrono::{TimeZone, Utc};
        let at = |y, m, d, h| {
            Utc.with_ymd_and_hms(y, m, d, h, 0, 0)
                .single()
                .map_or(0, |t| t.timestamp_millis())
        };
        // A two-day bank from noon on 28 February 2028 runs through the
        // 29th: it ends at noon on 1 March, 48 hours later.
        let (deadline, _) = turn_span(None, at(2028, 2, 28, 12), 3, Some(2 * DAY_MS));
        assert_eq!(deadline, at(2028, 3, 1, 12));
        // Europe's clocks go forward on 29 March 2026 (01:00 UTC): a day
        // per move is still 24 hours of real time, whatever a local clock
        // shows; pictures and Discord show the instant in the viewer's zone.
        let (deadline, remind) = turn_span(None, at(2026, 3, 28, 12), 1, None);
        assert_eq!(deadline, at(2026, 3, 29, 12));
        assert_eq!(deadline - remind, DAY_MS / 5);
        // A vacation ending after the turn began starts the clock then.
        let (deadline, _) = turn_span(
            Some(at(2026, 10, 25, 0)),
            at(2026, 10, 24, 0),
            0,
            Some(DAY_MS),
        );
        assert_eq!(deadline, at(2026, 10, 26, 0));
    }

    #[test]
    fn reminders_come_at_a_day_and_an_hour_left() {
        let end = 10 * DAY_MS;
        assert_eq!(next_bank_reminder(end, 0), Some(end - 24 * HOUR_MS));
        assert_eq!(
            next_bank_reminder(end, end - 24 * HOUR_MS),
            Some(end - HOUR_MS)
        );
        assert_eq!(next_bank_reminder(end, end - HOUR_MS), None);
    }

    #[test]
    fn presets_and_banks_are_checked() {
        let loc = Locale::En;
        let ext = |bank, increment, control: Option<&str>| ChallengeExtras {
            bank,
            increment,
            control: control.map(str::to_string),
            ..ChallengeExtras::default()
        };
        let t = time_control(loc, 3, &ext(Some(10), Some(1), None)).unwrap();
        assert_eq!(
            t.bank,
            Some(Bank {
                bank_ms: 10 * DAY_MS,
                increment_ms: DAY_MS
            })
        );
        assert!(time_control(loc, 3, &ext(Some(61), None, None)).is_err());
        assert!(time_control(loc, 3, &ext(Some(0), None, None)).is_err());
        assert!(time_control(loc, 3, &ext(Some(5), Some(11), None)).is_err());
        assert!(time_control(loc, 3, &ext(None, Some(1), None)).is_err());
        assert!(time_control(loc, 3, &ext(Some(5), None, Some("iccf"))).is_err());
        assert!(time_control(loc, 3, &ext(None, None, Some("bullet"))).is_err());
        let iccf = time_control(loc, 3, &ext(None, None, Some("iccf"))).unwrap();
        assert_eq!(iccf.bank.map(|b| b.bank_ms), Some(50 * DAY_MS));
        let blitz = time_control(loc, 3, &ext(None, None, Some("blitz-days"))).unwrap();
        assert_eq!(
            (blitz.days, blitz.bank, blitz.vacation_stops),
            (1, None, false)
        );
        let daily = time_control(loc, 5, &ext(None, None, Some("daily"))).unwrap();
        assert_eq!(
            (daily.days, daily.bank, daily.vacation_stops),
            (5, None, true)
        );
    }
}
