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
}
