//! Catalog messages of the correspondence comforts: vacations, more time,
//! expired challenges, moderators' withdrawals and turn notices by direct
//! message.

use crate::service::messages::declare::messages;

use crate::i18n::Locale;

use crate::service::messages::words::san_local;

messages! {
    /// A challenge nobody answered in 7 days expired.
    pub fn challenge_expired(l, challenger: &str) = "challenge-expired";
    /// A moderator withdrew someone's challenge.
    pub fn challenge_cancelled_by(l, by: &str, challenger: &str) = "challenge-cancelled-by";
    /// The caller already has a challenge open in this channel.
    pub fn own_challenge_pending(l) = "own-challenge-pending";
    /// In a game's channel: a player's clock stops until `until`.
    pub fn vacation_started(l, player: &str, until: &str) = "vacation-started";
    /// In a game's channel: a player ended their vacation early.
    pub fn vacation_over(l, player: &str) = "vacation-over";
    /// To the caller: their vacation, the days left, the games it stops.
    pub fn vacation_summary(l, until: &str, days: i64, left: i64, games: i64) = "vacation-summary";
    /// To the caller: their vacation ended early, `returned` days given back.
    pub fn vacation_ended_summary(l, returned: i64, left: i64) = "vacation-ended-summary";
    /// A vacation asked for during one.
    pub fn vacation_running(l, until: &str) = "vacation-running";
    /// `vacation days:0` without a vacation.
    pub fn not_on_vacation(l) = "not-on-vacation";
    /// More vacation than the allowance (days a calendar year) leaves.
    pub fn vacation_limit(l, left: i64, allowance: i64) = "vacation-limit";
    /// `by` gave `player` one more day.
    pub fn moretime_given(l, by: &str, player: &str, until: &str) = "moretime-given";
    /// More time asked by the player to move.
    pub fn moretime_self(l) = "moretime-self";
    /// The caller gave all the extra days a game allows.
    pub fn moretime_limit(l, limit: i64) = "moretime-limit";
    /// Where the caller's turn notices go now (`dm`, `channel`, `off`).
    pub fn notify_set(l, target as "where": &str) = "notify-set";
    /// `your-move-dm`, worded for [`your_move_dm`].
    fn your_move_dm_text(l, where_ as "where", game, by, number, san, until) = "your-move-dm";
    /// A reminder by direct message.
    pub fn reminder_dm(l, game: &str, place as "where": &str, until: &str) = "reminder-dm";
    /// `vacation-status`, worded for [`vacation_status`].
    fn vacation_status_text(l, on, until, left, allowance) = "vacation-status";
}

/// A "your move" notice by direct message. `san` is standard SAN, shown in
/// the locale's notation.
#[must_use]
pub fn your_move_dm(
    l: Locale,
    place: &str,
    game: &str,
    by: &str,
    number: &str,
    san: &str,
    until: &str,
) -> String {
    your_move_dm_text(l, place, game, by, number, san_local(l, san), until)
}

/// `vacation` without days: whether the caller is on vacation, and the
/// days they have left.
#[must_use]
pub fn vacation_status(l: Locale, until: Option<&str>, left: i64, allowance: i64) -> String {
    vacation_status_text(
        l,
        until.is_some(),
        until.unwrap_or_default(),
        left,
        allowance,
    )
}
