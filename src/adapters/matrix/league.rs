//! League games on Matrix: when a league starts, the bot creates one room
//! per game (named after the players), invites both players, moves the
//! game there from its placeholder place (`league-<league>-<number>`) and
//! posts its start in it. A room that cannot be created (the server
//! refuses, the bot's room cap) leaves the game's start posted in the
//! league's room instead, with the game where it was (see the report in
//! docs/CONSOLE.md); one game per room stays the rule.

use matrix_sdk::ruma::OwnedUserId;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;

use super::Bot;
use crate::service::{Event, Place, Reply, messages as msg};

impl Bot {
    /// Opens a room for every league game a start among `replies`
    /// created, and moves its start there.
    pub(super) async fn open_league_rooms(&self, mut replies: Vec<Reply>) -> Vec<Reply> {
        let Some(parent) = replies.iter().find_map(|r| match &r.event {
            Some(Event::League(l)) if l.state == "running" => Some(r.place.clone()),
            _ => None,
        }) else {
            return replies;
        };
        for r in &mut replies {
            let (white, black) = match &r.event {
                Some(Event::Start {
                    white,
                    black,
                    league: Some(_),
                    ..
                }) if r.place.channel.starts_with("league-") => (white.clone(), black.clone()),
                _ => continue,
            };
            let mut request = CreateRoom::new();
            request.name = Some(msg::thread_name(r.locale, &white, &black));
            request.invite = r
                .mentions
                .iter()
                .filter_map(|a| OwnedUserId::try_from(a.id.as_str()).ok())
                .collect();
            let from = r.place.clone();
            let room = match self.client.create_room(request).await {
                Ok(room) => room,
                Err(e) => {
                    tracing::warn!(error = %e, "no room for a league game");
                    r.place = parent.clone();
                    continue;
                }
            };
            let to = Place {
                platform: from.platform.clone(),
                guild: from.guild.clone(),
                channel: room.room_id().to_string(),
            };
            match self.service.rebind_channel(&from, &to).await {
                Ok(true) => r.place = to,
                outcome => {
                    tracing::warn!(?outcome, "could not move a league game to its room");
                    r.place = parent.clone();
                }
            }
        }
        replies
    }
}
