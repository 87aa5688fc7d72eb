//! The catalog's texts used by the adapters themselves: console lines,
//! Discord questions, thread names and button labels.

use crate::i18n::{Locale, tr};

// ---- adapter texts -----------------------------------------------------

/// A console line that is not `NAME: TEXT`.
#[must_use]
pub fn console_bad_line(l: Locale) -> String {
    tr(l, "console-bad-line", &[])
}

/// An unknown console directive (`:fly`).
#[must_use]
pub fn console_unknown_directive(l: Locale, directive: &str) -> String {
    tr(
        l,
        "console-unknown-directive",
        &[("directive", directive.into())],
    )
}

/// A `:advance` span the console cannot read.
#[must_use]
pub fn console_bad_span(l: Locale, given: &str) -> String {
    tr(l, "console-bad-span", &[("given", given.into())])
}

/// Said once to a user (or room) over the command rate limit.
#[must_use]
pub fn slow_down(l: Locale) -> String {
    tr(l, "slow-down", &[])
}

/// The private question under a Resign button.
#[must_use]
pub fn resign_question(l: Locale) -> String {
    tr(l, "resign-question", &[])
}

/// The answer to "Keep playing".
#[must_use]
pub fn resign_dropped(l: Locale) -> String {
    tr(l, "resign-dropped", &[])
}

/// The name of a game's Discord thread (names are cleaned by the caller).
#[must_use]
pub fn thread_name(l: Locale, white: &str, black: &str) -> String {
    tr(
        l,
        "thread-name",
        &[("white", white.into()), ("black", black.into())],
    )
}

/// Said once in a Discord channel where the bot may not open game
/// threads: the games stay in the channel.
#[must_use]
pub fn no_threads(l: Locale) -> String {
    tr(l, "no-threads", &[])
}

/// The private acknowledgement when a command produced nothing to show.
#[must_use]
pub fn done(l: Locale) -> String {
    tr(l, "done", &[])
}

/// A button label; `button` is one of `accept-challenge`,
/// `decline-challenge`, `accept-draw`, `decline-draw`, `resign`,
/// `resign-confirm`, `resign-cancel`.
#[must_use]
pub fn button_label(l: Locale, button: &str) -> String {
    tr(l, "button-label", &[("button", button.into())])
}

/// A console input line that is not UTF-8 (skipped).
#[must_use]
pub fn console_not_utf8(l: Locale) -> String {
    tr(l, "console-not-utf8", &[])
}

/// `:advance` would take the console's clock too far.
#[must_use]
pub fn console_clock_limit(l: Locale, days: i64) -> String {
    tr(l, "console-clock-limit", &[("days", days.into())])
}

/// Matrix: a command that was being handled when the bot stopped; it is
/// not run again, since it may have taken effect.
#[must_use]
pub fn command_interrupted(l: Locale) -> String {
    tr(l, "command-interrupted", &[])
}

/// Matrix: the sender's message could not be decrypted (their client did
/// not share its room key with the bot's device); told once.
#[must_use]
pub fn cannot_decrypt(l: Locale) -> String {
    tr(l, "cannot-decrypt", &[])
}
