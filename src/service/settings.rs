//! Settings: the channel's language.

use super::{Actor, Place, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;

use super::game::*;

impl GameService {
    /// `settings`: shows the channel's language, or sets it and answers in
    /// the new language. Anyone in the channel may set it, except while a
    /// game runs there: then only its players and the server's moderators,
    /// since the language decides how the players' moves are read.
    pub(super) async fn settings(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        moderator: bool,
        language: Option<Locale>,
    ) -> Handled {
        let Some(new) = language else {
            let current = self.channel_locale(place).await;
            return Ok(vec![reply(place, msg::language_current(loc, current))]);
        };
        if !moderator
            && let Some(l) = self.active(place).await?
            && l.color_of(&by.id).is_none()
        {
            return Err(user(
                "not_allowed",
                msg::language_locked(loc, l.name(Color::White), l.name(Color::Black)),
            ));
        }
        self.inner
            .store
            .set_channel_language(&place.platform, &place.channel, new.code())
            .await?;
        Ok(vec![reply(place, msg::language_set(new))])
    }

    // ---- exports and listings -----------------------------------------
}
