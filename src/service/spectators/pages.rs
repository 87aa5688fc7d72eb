//! `settings pages:on|off`: a community's moderators turn its spectator
//! pages on or off (on by default). Off, no page of its games or leagues is
//! served (open pages stop updating) and no watch link is posted.
//! `settings pagename:hidden|shown`: a player keeps their own name off the
//! pages of their games.

use super::super::community::Community;
use super::super::game::{GameService, Handled, reply, user};
use super::super::{Actor, Place, messages as msg};
use crate::i18n::Locale;

impl GameService {
    /// Turns the spectator pages of `place`'s community on or off.
    pub(in crate::service) async fn set_pages(
        &self,
        loc: Locale,
        place: &Place,
        moderator: bool,
        on: bool,
    ) -> Handled {
        if !moderator {
            return Err(user("not_allowed", msg::pages_not_moderator(loc)));
        }
        let community = Community::of(
            &place.platform,
            place.guild.as_deref().unwrap_or(""),
            &place.channel,
        )
        .key();
        self.inner.store.set_spectator_pages(&community, on).await?;
        let text = if on {
            msg::pages_on(loc)
        } else {
            msg::pages_off(loc)
        };
        Ok(vec![reply(place, text)])
    }

    /// `settings pages:new`: the running game here gets a new page address
    /// (a player or a moderator asks); the old address no longer opens,
    /// and no other page of the community changes.
    pub(in crate::service) async fn renew_page(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        moderator: bool,
    ) -> Handled {
        let l = self.require_active(loc, place).await?;
        if !moderator && l.color_of(&by.id).is_none() {
            return Err(user("not_allowed", msg::page_renew_not_player(loc)));
        }
        let Some(base) = self.areas.spectators.watch_base.get() else {
            return Err(user("not_allowed", msg::page_renew_no_page(loc)));
        };
        if !self.watchable(&l.row).await {
            return Err(user("not_allowed", msg::page_renew_no_page(loc)));
        }
        let Some(fresh) = super::fresh_token() else {
            return Err(user("not_allowed", msg::page_renew_no_page(loc)));
        };
        self.inner
            .store
            .replace_game_watch_token(l.row.id, &fresh)
            .await?;
        let url = format!("{base}/g/{fresh}");
        Ok(vec![reply(place, msg::page_renewed(loc, l.row.id, &url))])
    }

    /// Hides `by`'s name from the pages of their games, or shows it again.
    /// A private answer: nobody else needs to know.
    pub(in crate::service) async fn set_page_name(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        hidden: bool,
    ) -> Handled {
        self.inner
            .store
            .set_page_name_hidden(&place.platform, &by.id, hidden)
            .await?;
        let text = if hidden {
            msg::page_name_hidden(loc)
        } else {
            msg::page_name_shown(loc)
        };
        let mut answer = reply(place, text);
        answer.ephemeral = true;
        Ok(vec![answer])
    }
}
