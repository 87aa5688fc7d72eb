//! Direct rooms: a Matrix room that is one person's private room with the
//! bot (or two players' direct room with it) gets no spectator page, as a
//! Discord direct message has none. The room keeps its place (its games
//! stay where they are stored); what marks it is its community's page
//! switch, turned off before any command there runs, so a game started
//! there posts no watch link and a running game's page closes.

use matrix_sdk::Room;
use matrix_sdk::ruma::OwnedRoomId;

use super::*;
use crate::service::{Actor, Command, LocalePrefs, Place};

/// The rooms whose pages this process already turned off.
#[derive(Default)]
pub(crate) struct DirectRooms(std::sync::Mutex<std::collections::HashSet<OwnedRoomId>>);

impl DirectRooms {
    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<OwnedRoomId>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Bot {
    /// Whether `room` is a direct room: listed in the bot's `m.direct`
    /// (the SDK lists there a room joined from an invite that said
    /// `is_direct`, as clients send for a direct chat of one or two people
    /// with the bot, and the rooms the bot opens for private answers). A
    /// room of two members is not taken for one: it is often a new room
    /// whose other members are not invited yet.
    pub(super) async fn is_direct_room(&self, room: &Room) -> bool {
        room.is_direct().await.unwrap_or_else(|e| {
            tracing::debug!(error = %e, room = %room.room_id(), "m.direct unknown");
            false
        })
    }

    /// Turns the spectator pages of `room` off when it is a direct room
    /// (once per process and room; the switch is stored, so a restart
    /// keeps it). Call before a command of the room runs.
    pub(super) async fn keep_direct_room_unwatched(&self, room: &Room) {
        if self.direct_marked.lock().contains(room.room_id()) {
            return;
        }
        if !self.is_direct_room(room).await {
            return;
        }
        let place: Place = self.place(room.room_id());
        let bot = Actor {
            id: self.me.to_string(),
            name: self.me.localpart().to_string(),
        };
        // The page switch of the room's community, set as a moderator
        // would: the service owns where it is stored.
        let prefs = LocalePrefs {
            moderator: true,
            ..LocalePrefs::default()
        };
        let replies = self
            .service
            .handle_with(&place, &bot, Command::Pages { on: false }, prefs)
            .await;
        if replies
            .iter()
            .any(|r| matches!(r.event, Some(crate::service::Event::Error { .. })))
        {
            tracing::warn!(room = %room.room_id(), "could not turn a direct room's pages off");
            return;
        }
        tracing::info!(room = %room.room_id(), "a direct room: no spectator pages");
        self.direct_marked.lock().insert(room.room_id().to_owned());
    }

    /// `settings pages:on` in a direct room is refused: such a room has no
    /// pages (the answer, in the room's language).
    pub(super) async fn refuse_pages_in_direct_room(
        &self,
        room: &Room,
        place: &Place,
    ) -> Option<crate::service::Reply> {
        if !self.is_direct_room(room).await {
            return None;
        }
        let l = self.service.locale_for(place, LocalePrefs::default()).await;
        let mut r = crate::service::error_reply(
            place,
            "not_allowed",
            crate::service::messages::matrix_direct_room_no_pages(l),
        );
        r.locale = l;
        Some(r)
    }
}

/// Posts what players do on their pages in the games' rooms, as it comes,
/// until the pages stop sending (or the bot stops). A private answer goes
/// to its player's direct room (there is no command message to answer).
pub(super) async fn post_page_posts(
    bot: std::sync::Arc<Bot>,
    mut posts: tokio::sync::mpsc::UnboundedReceiver<crate::http::PagePosts>,
) {
    while let Some(batch) = posts.recv().await {
        // Shutdown waits for the posts in hand, as for a command.
        let _busy = bot.busy.read().await;
        let replies: Vec<crate::service::Reply> = batch
            .replies
            .into_iter()
            .map(|mut r| {
                if r.ephemeral && r.place.direct_user().is_none() {
                    r.place = Place::direct(PLATFORM, &batch.author.id);
                    r.fallback = None;
                }
                r
            })
            .collect();
        bot.post_all(&replies, None).await;
    }
}
