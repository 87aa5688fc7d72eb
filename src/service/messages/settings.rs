//! Catalog messages of each user's board settings: the view and the theme.

use crate::i18n::{Locale, tr};

/// The caller's boards now show `view` (`auto`, `white`, `black`) below.
#[must_use]
pub fn board_view_set(l: Locale, view: &str) -> String {
    tr(l, "board-view-set", &[("view", view.into())])
}

/// The caller's boards now use `theme` (`brown`, `blue`, `green`,
/// `high-contrast`).
#[must_use]
pub fn board_theme_set(l: Locale, theme: &str) -> String {
    tr(l, "board-theme-set", &[("theme", theme.into())])
}

/// The caller's board view and theme (`settings` without a value).
#[must_use]
pub fn board_settings_current(l: Locale, view: &str, theme: &str) -> String {
    tr(
        l,
        "board-settings-current",
        &[("view", view.into()), ("theme", theme.into())],
    )
}

// ---- pics: a channel's board orientation

/// The public pictures of this channel's games now show `view` (`white`,
/// `black`) at the bottom.
#[must_use]
pub fn channel_board_set(l: Locale, view: &str) -> String {
    tr(l, "channel-board-set", &[("view", view.into())])
}

/// Only the players of the running game (or a moderator) may turn the
/// channel's boards.
#[must_use]
pub fn channel_board_locked(l: Locale, white: &str, black: &str) -> String {
    tr(
        l,
        "channel-board-locked",
        &[("white", white.into()), ("black", black.into())],
    )
}
