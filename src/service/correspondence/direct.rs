//! What the adapters keep about a user's direct messages and channels:
//! the DM channel a platform opened (remembered so it is opened once), and
//! whether a channel still has a running game (a thread to keep open).

use super::Place;
use super::game::{GameService, key};
use crate::store::UserText;

impl GameService {
    /// The direct-message channel remembered for `user` of `platform`;
    /// `None` when there is none or the database cannot tell (logged).
    pub async fn direct_channel(&self, platform: &str, user: &str) -> Option<String> {
        match self.store().direct_channel(platform, user).await {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %e, "reading a DM channel failed");
                None
            }
        }
    }

    /// Remembers the direct-message channel of `user` (failures logged:
    /// the channel is opened again next time).
    pub async fn remember_direct_channel(&self, platform: &str, user: &str, channel: &str) {
        if let Err(e) = self
            .store()
            .set_user_text(UserText::DirectChannel, platform, user, channel)
            .await
        {
            tracing::warn!(error = %e, "remembering a DM channel failed");
        }
    }

    /// Whether a game is running in `place` (`false` when the database
    /// cannot tell, logged).
    pub async fn has_active_game(&self, place: &Place) -> bool {
        match self.store().active_game(&key(place)).await {
            Ok(g) => g.is_some(),
            Err(e) => {
                tracing::warn!(error = %e, "reading the channel's game failed");
                false
            }
        }
    }
}
