//! Settings: the channel's language.

use super::{Place, messages as msg};
use crate::i18n::Locale;

use super::game::*;

impl GameService {
    /// `settings`: shows the channel's language, or sets it and answers in
    /// the new language. Anyone in the channel may set it.
    pub(super) async fn settings(
        &self,
        loc: Locale,
        place: &Place,
        language: Option<Locale>,
    ) -> Handled {
        let Some(new) = language else {
            let current = self.channel_locale(place).await;
            return Ok(vec![reply(place, msg::language_current(loc, current))]);
        };
        self.inner
            .store
            .set_channel_language(&place.platform, &place.channel, new.code())
            .await?;
        Ok(vec![reply(place, msg::language_set(new))])
    }

    // ---- exports and listings -----------------------------------------
}
