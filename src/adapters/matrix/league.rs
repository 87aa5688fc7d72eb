//! League games on Matrix: when a league starts, the bot creates one room
//! per game (named after the players), invites both players, moves the
//! game there from its placeholder place (`league-<league>-<number>`) and
//! posts its start in it.
//!
//! The rooms are opened in the background, one after another, after the
//! league's start (the pairings) is posted: a homeserver limits how fast
//! an account creates rooms (Synapse's default `rc_room_creation`: 10 at
//! once, then about one a minute), and the SDK waits out each refusal, so
//! a big league's rooms take minutes to appear, which must hold up neither
//! the league's room nor the deadlines. Correspondence clocks count days:
//! a game whose room comes a few minutes late loses nothing.
//!
//! A room that cannot be created at all (the server refuses for good, or
//! keeps refusing for the SDK's 15 minutes of retries) leaves the game's
//! start posted in the league's room, and the game is moved there when no
//! other game runs in it (one game per room stays the rule); a further
//! such game stays where it was, unreachable (logged).

use std::sync::Arc;

use matrix_sdk::ruma::OwnedUserId;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;

use super::Bot;
use crate::i18n::{CommandStyle, with_command_style};
use crate::service::{Event, Place, Reply, messages as msg};

/// Whether `r` is the start of a league game still at its placeholder
/// place (which needs a room).
fn needs_room(r: &Reply) -> bool {
    matches!(
        &r.event,
        Some(Event::Start {
            league: Some(_),
            ..
        })
    ) && r.place.channel.starts_with("league-")
}

impl Bot {
    /// Takes the starts of the league games that a league start among
    /// `replies` created out of them, and opens those games' rooms in the
    /// background (each start is posted in its room once it exists); the
    /// other replies are returned, to be posted as usual.
    pub(super) fn open_league_rooms(self: &Arc<Self>, replies: Vec<Reply>) -> Vec<Reply> {
        let Some(parent) = replies.iter().find_map(|r| match &r.event {
            Some(Event::League(l)) if l.state == "running" => Some(r.place.clone()),
            _ => None,
        }) else {
            return replies;
        };
        let (starts, rest): (Vec<Reply>, Vec<Reply>) = replies.into_iter().partition(needs_room);
        if starts.is_empty() {
            return rest;
        }
        let bot = Arc::clone(self);
        let mut workers = self
            .workers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Earlier leagues' finished openers leave the set.
        while workers.try_join_next().is_some() {}
        workers.spawn(with_command_style(CommandStyle::Bang, async move {
            for mut start in starts {
                start.place = bot.open_league_room(&parent, &start).await;
                bot.post(&start, None).await;
            }
        }));
        rest
    }

    /// Creates the room of the league game whose start is `r`, invites its
    /// players and moves the game there: the game's place. Failing that,
    /// the league's room `parent` (the game moved there if it is free).
    async fn open_league_room(&self, parent: &Place, r: &Reply) -> Place {
        let (white, black) = match &r.event {
            Some(Event::Start { white, black, .. }) => (white.clone(), black.clone()),
            _ => return parent.clone(),
        };
        let mut request = CreateRoom::new();
        request.name = Some(msg::thread_name(r.locale, &white, &black));
        request.invite = r
            .mentions
            .iter()
            .filter_map(|a| OwnedUserId::try_from(a.id.as_str()).ok())
            .collect();
        let from = r.place.clone();
        let to = match self.client.create_room(request).await {
            Ok(room) => Place {
                platform: from.platform.clone(),
                guild: from.guild.clone(),
                channel: room.room_id().to_string(),
            },
            Err(e) => {
                tracing::warn!(error = %e, game = from.channel.as_str(), "no room for a league game; trying the league's room");
                parent.clone()
            }
        };
        match self.service.rebind_channel(&from, &to).await {
            Ok(true) => to,
            outcome => {
                tracing::warn!(
                    ?outcome,
                    game = from.channel.as_str(),
                    room = to.channel.as_str(),
                    "could not move a league game to its room; its start goes to the league's room"
                );
                parent.clone()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::error_reply;

    fn start(channel: &str, league: Option<i64>) -> Reply {
        let place = Place {
            platform: "matrix".into(),
            guild: Some("hs".into()),
            channel: channel.into(),
        };
        let mut r = error_reply(&place, "x", String::new());
        r.event = Some(Event::Start {
            white: "a".into(),
            black: "b".into(),
            fen: String::new(),
            variant: None,
            position: None,
            league,
        });
        r
    }

    #[test]
    fn only_league_starts_at_their_placeholder_need_a_room() {
        assert!(needs_room(&start("league-3-7", Some(3))));
        // Already moved to its room, or not a league game.
        assert!(!needs_room(&start("!room:hs", Some(3))));
        assert!(!needs_room(&start("!room:hs", None)));
        let mut other = start("league-3-7", Some(3));
        other.event = None;
        assert!(!needs_room(&other));
    }
}
