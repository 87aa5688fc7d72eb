//! Messages of spectator pages: the line with a game's or a league's
//! watch link.

use crate::service::messages::declare::messages;

messages! {
    /// The line under a start, an end or a league post with its page.
    pub fn watch_link(l, url: &str) = "watch-link";
    /// The label of the link button to a page.
    pub fn watch_button(l) = "watch-button";
    /// `settings pages:on` done.
    pub fn pages_on(l) = "pages-on";
    /// `settings pages:off` done.
    pub fn pages_off(l) = "pages-off";
    /// `settings pages:...` by someone who is not a moderator.
    pub fn pages_not_moderator(l) = "pages-not-moderator";
    /// `settings pages:new` done: the game's page has a new address.
    pub fn page_renewed(l, id: i64, url: &str) = "page-renewed";
    /// `settings pages:new` by someone who neither plays nor moderates.
    pub fn page_renew_not_player(l) = "page-renew-not-player";
    /// `settings pages:new` where the game has no page.
    pub fn page_renew_no_page(l) = "page-renew-no-page";
    /// `settings pagename:hidden` done.
    pub fn page_name_hidden(l) = "page-name-hidden";
    /// `settings pagename:shown` done.
    pub fn page_name_shown(l) = "page-name-shown";
    /// The line of a player's own link under their private board.
    pub fn play_link(l, url: &str) = "play-link";
    /// The page's refusal of an action sent from a position the game has
    /// left.
    pub fn play_stale(l) = "play-stale";
    /// The page's refusal of a resignation not confirmed.
    pub fn play_confirm_resign(l) = "play-confirm-resign";
    /// The page's refusal while no chat takes what the page would post.
    pub fn play_no_chat(l) = "play-no-chat";
    /// The page's refusal of an action on a finished game.
    pub fn play_game_over(l) = "play-game-over";
    /// The label of the button that answers with the player's own link.
    pub fn play_button(l) = "play-button";
}
