//! A team game's two places: what the game posts in its own channel is
//! posted in every team's channel (once per place), without pings or
//! buttons (a team is nobody to ping, and a button acts for a person); a
//! reminder goes to the team to move only; and each team's channel sees
//! the board from its own side.

use super::{Event, Reply};
use crate::chess::Color;

use super::game::GameService;
use super::teams::{is_team_id, side_color, side_place};

impl GameService {
    /// `replies` of team game `game_id` (its moves, start, end, reminder)
    /// as every team's channel gets them; unchanged for other games.
    /// `to_move`: the side a reminder is for.
    pub(in crate::service) async fn spread_team(
        &self,
        game_id: i64,
        to_move: Option<Color>,
        replies: Vec<Reply>,
    ) -> Vec<Reply> {
        let sides = match self.inner.store.team_sides(game_id).await {
            Ok(s) if !s.is_empty() => s,
            // A game between two people may have two places instead.
            Ok(_) => return self.spread_places(game_id, to_move, replies, false).await,
            Err(e) => {
                tracing::error!(game = game_id, error = %e, "reading a team game's places failed");
                return replies;
            }
        };
        let mut out = Vec::new();
        for mut r in replies {
            let of_the_game = sides
                .iter()
                .any(|s| s.platform == r.place.platform && s.channel == r.place.channel);
            if r.ephemeral || r.place.direct_user().is_some() || !of_the_game {
                out.push(r);
                continue;
            }
            r.mentions.retain(|a| !is_team_id(&a.id));
            r.actions.clear();
            let reminder = matches!(r.event, Some(Event::Reminder { .. }));
            for s in &sides {
                if reminder && to_move.is_some_and(|c| c != side_color(s)) {
                    continue;
                }
                let place = side_place(s);
                if place.channel == r.place.channel {
                    out.push(r.clone());
                } else {
                    // The game's follow-ups (its summary) run once, from
                    // the game's own channel.
                    let mut copy = r.clone();
                    copy.place = place;
                    copy.follow_up = None;
                    copy.fallback = None;
                    out.push(copy);
                }
            }
        }
        out
    }

    /// Turns the public boards of `replies` posted in a team's channel to
    /// that team's side (`flip` once more when asked).
    pub(in crate::service) async fn orient_team_boards(
        &self,
        replies: &mut [Reply],
        requested_flip: bool,
    ) {
        let mut known: Vec<(String, String, Option<Color>)> = Vec::new();
        for r in replies.iter_mut() {
            if r.ephemeral || r.place.direct_user().is_some() {
                continue;
            }
            let Some(board) = r.board.as_mut() else {
                continue;
            };
            let (platform, channel) = (r.place.platform.clone(), r.place.channel.clone());
            let side = match known
                .iter()
                .find(|(p, c, _)| *p == platform && *c == channel)
            {
                Some((_, _, side)) => *side,
                None => {
                    let view = match self.inner.store.team_view(&platform, &channel).await {
                        // A game between two people shows each place its
                        // own player's side.
                        Ok(None) => self.inner.store.game_place_view(&platform, &channel).await,
                        other => other,
                    };
                    let side = match view {
                        Ok(v) => v.map(|s| {
                            if s == "black" {
                                Color::Black
                            } else {
                                Color::White
                            }
                        }),
                        Err(e) => {
                            tracing::warn!(error = %e, "reading a team's side failed");
                            None
                        }
                    };
                    known.push((platform, channel, side));
                    side
                }
            };
            if let Some(side) = side {
                board.flip = (side == Color::Black) != requested_flip;
            }
        }
    }

    /// A team game's due announcement (time-out, reminder) for every team's
    /// channel, boards from each side.
    pub(in crate::service) async fn spread_team_due(
        &self,
        game_id: i64,
        to_move: Color,
        replies: Vec<Reply>,
    ) -> Vec<Reply> {
        let mut replies = self.spread_team(game_id, Some(to_move), replies).await;
        self.orient_team_boards(&mut replies, false).await;
        replies
    }
}
