//! Catalog messages of each user's board settings: the view and the theme.

use crate::service::messages::declare::messages;

messages! {
    /// The caller's boards now show `view` (`auto`, `white`, `black`) below.
    pub fn board_view_set(l, view: &str) = "board-view-set";
    /// The caller's boards now use `theme` (`brown`, `blue`, `green`,
    /// `high-contrast`).
    pub fn board_theme_set(l, theme: &str) = "board-theme-set";
    /// A channel's theme was set (`settings theme:` said in the channel).
    pub fn channel_theme_set(l, theme: &str) = "channel-theme-set";
    /// The caller's board view and theme (`settings` without a value).
    pub fn board_settings_current(l, view: &str, theme: &str) = "board-settings-current";
    /// The public pictures of this channel's games now show `view` (`white`,
    /// `black`) at the bottom.
    pub fn channel_board_set(l, view: &str) = "channel-board-set";
    /// Only the players of the running game (or a moderator) may turn the
    /// channel's boards.
    pub fn channel_board_locked(l, white: &str, black: &str) = "channel-board-locked";
}
