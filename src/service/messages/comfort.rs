//! Catalog messages of the correspondence comforts: vacations, more time,
//! expired challenges, moderators' withdrawals and turn notices by direct
//! message.

use crate::i18n::{Locale, tr};

use super::san_local;

/// A challenge nobody answered in 7 days expired.
#[must_use]
pub fn challenge_expired(l: Locale, challenger: &str) -> String {
    tr(l, "challenge-expired", &[("challenger", challenger.into())])
}

/// A moderator withdrew someone's challenge.
#[must_use]
pub fn challenge_cancelled_by(l: Locale, by: &str, challenger: &str) -> String {
    tr(
        l,
        "challenge-cancelled-by",
        &[("by", by.into()), ("challenger", challenger.into())],
    )
}

/// The caller already has a challenge open in this channel.
#[must_use]
pub fn own_challenge_pending(l: Locale) -> String {
    tr(l, "own-challenge-pending", &[])
}

/// In a game's channel: a player's clock stops until `until`.
#[must_use]
pub fn vacation_started(l: Locale, player: &str, until: &str) -> String {
    tr(
        l,
        "vacation-started",
        &[("player", player.into()), ("until", until.into())],
    )
}

/// In a game's channel: a player ended their vacation early.
#[must_use]
pub fn vacation_over(l: Locale, player: &str) -> String {
    tr(l, "vacation-over", &[("player", player.into())])
}

/// To the caller: their vacation, the days left, the games it stops.
#[must_use]
pub fn vacation_summary(l: Locale, until: &str, days: i64, left: i64, games: i64) -> String {
    tr(
        l,
        "vacation-summary",
        &[
            ("until", until.into()),
            ("days", days.into()),
            ("left", left.into()),
            ("games", games.into()),
        ],
    )
}

/// To the caller: their vacation ended early, `returned` days given back.
#[must_use]
pub fn vacation_ended_summary(l: Locale, returned: i64, left: i64) -> String {
    tr(
        l,
        "vacation-ended-summary",
        &[("returned", returned.into()), ("left", left.into())],
    )
}

/// A vacation asked for during one.
#[must_use]
pub fn vacation_running(l: Locale, until: &str) -> String {
    tr(l, "vacation-running", &[("until", until.into())])
}

/// `vacation days:0` without a vacation.
#[must_use]
pub fn not_on_vacation(l: Locale) -> String {
    tr(l, "not-on-vacation", &[])
}

/// More vacation than the allowance leaves.
#[must_use]
pub fn vacation_limit(l: Locale, left: i64) -> String {
    tr(l, "vacation-limit", &[("left", left.into())])
}

/// `by` gave `player` one more day.
#[must_use]
pub fn moretime_given(l: Locale, by: &str, player: &str, until: &str) -> String {
    tr(
        l,
        "moretime-given",
        &[
            ("by", by.into()),
            ("player", player.into()),
            ("until", until.into()),
        ],
    )
}

/// More time asked by the player to move.
#[must_use]
pub fn moretime_self(l: Locale) -> String {
    tr(l, "moretime-self", &[])
}

/// The caller gave all the extra days a game allows.
#[must_use]
pub fn moretime_limit(l: Locale, limit: i64) -> String {
    tr(l, "moretime-limit", &[("limit", limit.into())])
}

/// Where the caller's turn notices go now (`dm`, `channel`, `off`).
#[must_use]
pub fn notify_set(l: Locale, target: &str) -> String {
    tr(l, "notify-set", &[("where", target.into())])
}

/// A "your move" notice by direct message. `san` is standard SAN, shown in
/// the locale's notation.
#[must_use]
pub fn your_move_dm(
    l: Locale,
    place: &str,
    id: i64,
    by: &str,
    number: &str,
    san: &str,
    until: &str,
) -> String {
    tr(
        l,
        "your-move-dm",
        &[
            ("where", place.into()),
            ("id", id.into()),
            ("by", by.into()),
            ("number", number.into()),
            ("san", san_local(l, san).into()),
            ("until", until.into()),
        ],
    )
}

/// A reminder by direct message.
#[must_use]
pub fn reminder_dm(l: Locale, id: i64, place: &str, until: &str) -> String {
    tr(
        l,
        "reminder-dm",
        &[
            ("id", id.into()),
            ("where", place.into()),
            ("until", until.into()),
        ],
    )
}

/// `vacation` without days: whether the caller is on vacation, and the
/// days they have left.
#[must_use]
pub fn vacation_status(l: Locale, until: Option<&str>, left: i64) -> String {
    tr(
        l,
        "vacation-status",
        &[
            ("on", until.is_some().into()),
            ("until", until.unwrap_or_default().into()),
            ("left", left.into()),
        ],
    )
}
