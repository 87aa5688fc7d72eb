//! Team match games on Matrix: each game gets a room per side, created by
//! the bot with that side's player invited (the other side's player never
//! needs to be in this side's community), its start posted in both, and
//! only then does the game move to White's room with its clock started.
//! Opened by the same background opener as league rooms (`league`), so
//! the homeserver's pace for creating rooms holds up nothing else; a game
//! whose rooms cannot be created waits without a clock, both sides' rooms
//! are told once, and it is tried again when its claim runs out.

use matrix_sdk::ruma::OwnedUserId;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;

use super::PLATFORM;
use super::{Bot, limits};
use crate::service::{Actor, Binding, Event, HeldMatchGame, Place, Reply, messages as msg};

/// Whether `replies` hold the start of a team match (whose games then wait
/// for their rooms).
pub(super) fn starts_a_match(replies: &[Reply]) -> bool {
    replies.iter().any(|r| {
        matches!(&r.event, Some(Event::Match(m)) if m.state == "running" && !m.boards.is_empty())
    })
}

impl Bot {
    /// Opens the rooms of the match games waiting for them; whether any
    /// was waiting.
    pub(super) async fn bind_match_rooms(&self) -> bool {
        let held = match self.service.held_match_games(PLATFORM).await {
            Ok(h) => h,
            Err(e) => {
                tracing::error!(error = %e, "loading match games waiting for rooms failed");
                return false;
            }
        };
        let any = !held.is_empty();
        for game in held {
            for reply in self.bind_match_game_rooms(&game).await {
                self.post(&reply, None).await;
            }
        }
        any
    }

    /// A room for `player`'s side of `game`, `None` when it cannot be made.
    async fn match_room(
        &self,
        game: &HeldMatchGame,
        side: &Place,
        player: &Actor,
    ) -> Option<Place> {
        let loc = self.service.channel_locale(side).await.unwrap_or_default();
        let mut request = CreateRoom::new();
        request.name = Some(msg::thread_name(loc, &game.white.name, &game.black.name));
        request.invite = OwnedUserId::try_from(player.id.as_str())
            .ok()
            .into_iter()
            .collect();
        if !limits::room_cap_allows(self.client.joined_rooms().len(), self.max_rooms) {
            tracing::warn!(
                game = game.game,
                "no room for a match game: the bot's room cap"
            );
            return None;
        }
        match self.client.create_room(request).await {
            Ok(room) => Some(Place {
                platform: PLATFORM.to_string(),
                guild: side.guild.clone(),
                channel: room.room_id().to_string(),
            }),
            Err(e) => {
                tracing::warn!(error = %e, game = game.game, "no room for a match game");
                None
            }
        }
    }

    async fn bind_match_game_rooms(&self, game: &HeldMatchGame) -> Vec<Reply> {
        let white = self.match_room(game, &game.sides[0], &game.white).await;
        let black = match white {
            Some(_) => self.match_room(game, &game.sides[1], &game.black).await,
            None => None,
        };
        let (Some(white), Some(black)) = (white, black) else {
            return match self.service.match_place_failed(game).await {
                Ok(notices) => notices,
                Err(e) => {
                    tracing::error!(error = %e, "recording a match room failure failed");
                    Vec::new()
                }
            };
        };
        let prepared = match self
            .service
            .prepare_match_binding(game, [white, black])
            .await
        {
            Ok(Some(p)) => p,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "preparing a match game's start failed");
                return Vec::new();
            }
        };
        for start in &prepared.starts {
            self.post(start, None).await;
        }
        match self.service.bind_match_game(game, &prepared).await {
            Ok(Binding::Bound | Binding::Gone) => {}
            Ok(Binding::PlaceBusy) => {
                tracing::warn!(game = game.game, "a match game's new room was taken");
            }
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "moving a match game to its room failed")
            }
        }
        Vec::new()
    }
}
