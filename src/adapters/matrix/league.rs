//! League games on Matrix: when a league starts (or a Swiss pairs its next
//! round, which the last game of a round does as it ends, by a command or a
//! time-out), the bot creates one room per game (named after the players),
//! invites both players, moves the game there from its placeholder place
//! (`league-<league>-<number>`) and posts its start in it.
//!
//! The rooms are opened in the background, one after another, after the
//! league's start (the pairings) is posted: a homeserver limits how fast
//! an account creates rooms (Synapse's default `rc_room_creation`: 10 at
//! once, then about one a minute), and the SDK waits out each refusal, so
//! a big league's rooms take minutes to appear, which must hold up neither
//! the league's room nor the deadlines. Correspondence clocks count days:
//! a game whose room comes a few minutes late loses nothing.
//!
//! League rooms count against the bot's room cap, and the bot leaves a
//! league game's room once the game is over (its result and summary
//! posted). A league game has no clock until it is in its room: the games wait in
//! the database (see `service::league_places`), so a restart, or another
//! process on the same database, opens the rooms a crash left unopened.
//! A room that cannot be created at all (the server refuses for good, or
//! keeps refusing for the SDK's 15 minutes of retries) has the game moved
//! to the league's room when no other game runs in it (one game per room
//! stays the rule); a further such game waits without a clock, the league's
//! room is told once, and it is tried again later.

use std::sync::Arc;

use matrix_sdk::ruma::OwnedUserId;
use matrix_sdk::ruma::api::client::room::create_room::v3::Request as CreateRoom;

use super::PLATFORM;
use super::{Bot, limits};
use crate::i18n::{CommandStyle, Locale, with_command_style};
use crate::service::{Binding, Event, HeldLeagueGame, Place, Reply, messages as msg};

/// Whether `replies` hold the start of a league (whose games then wait
/// for their rooms).
fn starts_a_league(replies: &[Reply]) -> bool {
    replies
        .iter()
        .any(|r| matches!(&r.event, Some(Event::League(l)) if l.state == "running"))
}

/// Whether `replies` start games that wait for their rooms: a league's
/// start, a Swiss round a game's end paired (both a `league` event of a
/// running league), or a team match's start.
pub(super) fn opens_games(replies: &[Reply]) -> bool {
    starts_a_league(replies) || super::team_match::starts_a_match(replies)
}

impl Bot {
    /// After a command: when it started a league (or a team match), or
    /// ended the last game of a Swiss round and so paired the next one,
    /// opens the new games' rooms in the background (see
    /// [`Bot::bind_league_rooms`]); `replies` are returned to be posted as
    /// usual.
    pub(super) fn open_league_rooms(self: &Arc<Self>, replies: Vec<Reply>) -> Vec<Reply> {
        if opens_games(&replies) {
            self.bind_league_rooms();
        }
        replies
    }

    /// Opens, in the background and one after another, the rooms of the
    /// league games waiting for one (a league just started, or games a
    /// crash, a refusal or another process left): each start is posted in
    /// its room once the game is there. At most one such opener runs in a
    /// process; the claims keep two processes from opening a room twice.
    pub(super) fn bind_league_rooms(self: &Arc<Self>) {
        if self
            .league_rooms_opening
            .swap(true, std::sync::atomic::Ordering::AcqRel)
        {
            return;
        }
        let bot = Arc::clone(self);
        let mut workers = self
            .workers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Earlier finished openers leave the set.
        while workers.try_join_next().is_some() {}
        workers.spawn(with_command_style(CommandStyle::Bang, async move {
            loop {
                let held = match bot.service.held_league_games(PLATFORM).await {
                    Ok(h) => h,
                    Err(e) => {
                        tracing::error!(error = %e, "loading league games waiting for a room failed");
                        Vec::new()
                    }
                };
                let leagues = !held.is_empty();
                for game in held {
                    for reply in bot.bind_league_room(&game).await {
                        bot.post(&reply, None).await;
                    }
                }
                // A team match's games wait for their rooms likewise.
                let matches = bot.bind_match_rooms().await;
                if !leagues && !matches {
                    break;
                }
            }
            bot.league_rooms_opening
                .store(false, std::sync::atomic::Ordering::Release);
        }));
    }

    /// Creates the room of held league game `game`, invites its players,
    /// posts the game's start there and moves the game there, which starts
    /// its clock. Failing a room, the league's room when no other game
    /// runs in it; failing that, the game keeps waiting without a clock
    /// (the returned notice tells the league's room once) and is tried
    /// again when its claim runs out.
    async fn bind_league_room(&self, game: &HeldLeagueGame) -> Vec<Reply> {
        let loc = self
            .service
            .channel_locale(&game.league_place)
            .await
            .unwrap_or(Locale::En);
        let mut request = CreateRoom::new();
        request.name = Some(msg::thread_name(loc, &game.white.name, &game.black.name));
        request.invite = [&game.white, &game.black]
            .iter()
            .filter_map(|a| OwnedUserId::try_from(a.id.as_str()).ok())
            .collect();
        // League rooms count against the bot's room cap like invites do.
        let room_allowed =
            limits::room_cap_allows(self.client.joined_rooms().len(), self.max_rooms);
        let created = if room_allowed {
            self.client
                .create_room(request)
                .await
                .map_err(|e| e.to_string())
        } else {
            Err(format!(
                "the bot is in {} rooms (MATRIX_MAX_ROOMS)",
                self.max_rooms
            ))
        };
        let to = match created {
            Ok(room) => Some(Place {
                platform: game.placeholder.platform.clone(),
                guild: game.placeholder.guild.clone(),
                channel: room.room_id().to_string(),
            }),
            Err(e) => {
                tracing::warn!(error = %e, game = game.game, "no room for a league game; trying the league's room");
                let free = !self.service.has_active_game(&game.league_place).await;
                free.then(|| game.league_place.clone())
            }
        };
        let failed = || async {
            match self.service.league_place_failed(game).await {
                Ok(notice) => notice.into_iter().collect(),
                Err(e) => {
                    tracing::error!(error = %e, "recording a league room failure failed");
                    Vec::new()
                }
            }
        };
        let Some(to) = to else {
            return failed().await;
        };
        let prepared = match self.service.prepare_league_binding(game, &to).await {
            Ok(Some(p)) => p,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "preparing a league game's start failed");
                return Vec::new();
            }
        };
        // The start first: the clock runs only once the players were told
        // where the game is.
        self.post(&prepared.start, None).await;
        match self.service.bind_league_game(game, &prepared).await {
            Ok(Binding::Bound | Binding::Gone) => Vec::new(),
            Ok(Binding::PlaceBusy) => failed().await,
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "moving a league game to its room failed");
                Vec::new()
            }
        }
    }
}

impl Bot {
    /// Leaves the rooms of league games that `replies` ended (after their
    /// result and summary are posted): a league room serves one game, and
    /// rooms the bot stays in count against its cap.
    pub(super) async fn leave_finished_league_rooms(&self, replies: &[Reply]) {
        for r in replies {
            if !matches!(r.event, Some(Event::End { .. })) || r.place.platform != PLATFORM {
                continue;
            }
            if !self.service.finished_league_place(&r.place).await {
                continue;
            }
            let Some(room) = matrix_sdk::ruma::RoomId::parse(&r.place.channel)
                .ok()
                .and_then(|id| self.client.get_room(&id))
            else {
                continue;
            };
            tracing::info!(room = %room.room_id(), "a league game's room is done; leaving");
            if let Err(e) = room.leave().await {
                tracing::warn!(error = %e, room = %room.room_id(), "could not leave a league room");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{LeagueEvent, error_reply};

    fn with_event(event: Option<Event>) -> Reply {
        let place = Place {
            platform: "matrix".into(),
            guild: Some("hs".into()),
            channel: "!room:hs".into(),
        };
        let mut r = error_reply(&place, "x", String::new());
        r.event = event;
        r
    }

    fn league(state: &str) -> Option<Event> {
        Some(Event::League(LeagueEvent {
            league: 3,
            name: "Cup".into(),
            state: state.into(),
            players: Vec::new(),
            watch: None,
        }))
    }

    #[test]
    fn only_a_league_that_starts_opens_rooms() {
        assert!(starts_a_league(&[
            with_event(None),
            with_event(league("running"))
        ]));
        assert!(!starts_a_league(&[with_event(league("open"))]));
        assert!(!starts_a_league(&[with_event(None)]));
    }

    #[test]
    fn a_game_end_that_pairs_a_swiss_round_opens_rooms() {
        // A resignation's replies: the move's, the standings, then the
        // next round's pairings (a `league` event of the running Swiss);
        // the last round's end has the league finished instead.
        assert!(opens_games(&[
            with_event(None),
            with_event(None),
            with_event(league("running"))
        ]));
        assert!(!opens_games(&[
            with_event(None),
            with_event(league("finished"))
        ]));
    }
}
