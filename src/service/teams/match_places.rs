//! A game between two people in two places (a match board: each player
//! in a place of their own side's channel). The game row lives in
//! White's place; `game_side_place` rows name both. A game command said in
//! Black's place acts on the game as if said in White's, its private
//! replies go back to where it was said, and every public post of the game
//! is posted in both places, each board from its side and each place
//! pinging its own player only. On a platform whose adapter opens places
//! (Discord threads, Matrix rooms) a match game waits without a clock at
//! its `match-<match>-<number>` placeholder until the adapter has opened
//! both places and posted its start in them, as league games do.

use super::{Actor, BoardImage, Event, Place, Reply, Subject, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{ChannelKey, GameGroup, GamePlaceRow, NewMatchGame, TeamMatchRow};

use super::game::{Failure, GameService, ServiceError, from_ms, key, ms, reply};
use super::league_places::Binding;
use super::teams::matches::match_side_place;

/// How long one process holds its claim on opening a match game's places
/// (as [`super::LEAGUE_BINDING_LEASE_MS`] for a league game).
pub const MATCH_BINDING_LEASE_MS: i64 = 20 * 60 * 1000;

/// Most waiting games handed out at once.
const HELD_BATCH: i64 = 16;

/// The place a `game_side_place` row names.
fn place_of(p: &GamePlaceRow) -> Place {
    Place {
        platform: p.platform.clone(),
        guild: (!p.guild.is_empty()).then(|| p.guild.clone()),
        channel: p.channel.clone(),
    }
}

fn place_of_key(k: &ChannelKey) -> Place {
    Place {
        platform: k.platform.clone(),
        guild: (!k.guild.is_empty()).then(|| k.guild.clone()),
        channel: k.channel.clone(),
    }
}

/// What one board game's start shows.
pub(in crate::service) struct BoardStart<'a> {
    pub m: &'a TeamMatchRow,
    pub id: i64,
    pub board: i64,
    pub round: i64,
    pub white: Actor,
    pub black: Actor,
    pub start_fen: String,
    pub deadline_at: i64,
}

/// The start of a match game in `place`, whose player plays `side`: the
/// board from that side, pinging that player only.
fn board_start(loc: Locale, s: &BoardStart<'_>, place: &Place, side: Color, now: i64) -> Reply {
    let mut r = reply(
        place,
        msg::match_game_started(
            loc,
            s.board,
            s.round,
            s.m.id,
            &s.white.name,
            &s.black.name,
            &msg::deadline(from_ms(s.deadline_at)),
        ),
    );
    r.locale = loc;
    r.board = Some(BoardImage {
        fen: s.start_fen.clone(),
        last_move: None,
        flip: side == Color::Black,
        result: None,
        names: Some([s.white.name.clone(), s.black.name.clone()]),
        deadline: Some(msg::time_left(loc, s.deadline_at - now)),
        theme: crate::render::Theme::default(),
        start_fen: None,
    });
    r.event = Some(Event::Start {
        white: s.white.name.clone(),
        black: s.black.name.clone(),
        fen: s.start_fen.clone(),
        variant: None,
        position: None,
        league: None,
        watch: None,
    });
    r.mentions = vec![if side == Color::White {
        s.white.clone()
    } else {
        s.black.clone()
    }];
    r.actions = vec![super::Action::Resign];
    r.subject = Some(Subject::Game(s.id));
    r
}

/// A match game waiting for its two places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldMatchGame {
    pub game: i64,
    pub team_match: i64,
    /// Its placeholder.
    pub placeholder: Place,
    /// The channels of White's side and Black's side, where the places
    /// are opened (white's first).
    pub sides: [Place; 2],
    pub white: Actor,
    pub black: Actor,
}

/// A held match game's starts in its two places and the clock it gets
/// ([`GameService::prepare_match_binding`]).
#[derive(Clone, Debug)]
pub struct PreparedMatchBinding {
    /// To post, each in its place, before the game is bound.
    pub starts: Vec<Reply>,
    pub to: [Place; 2],
    deadline_at: i64,
    remind_at: i64,
}

impl GameService {
    /// The starts of a match game just started in both its places.
    pub(in crate::service) fn match_game_starts(
        &self,
        loc: Locale,
        m: &TeamMatchRow,
        id: i64,
        g: &NewMatchGame,
        places: &[ChannelKey; 2],
        now: i64,
    ) -> Vec<Reply> {
        let s = BoardStart {
            m,
            id,
            board: g.board,
            round: g.round,
            white: Actor {
                id: g.game.white_id.clone(),
                name: g.game.white_name.clone(),
            },
            black: Actor {
                id: g.game.black_id.clone(),
                name: g.game.black_name.clone(),
            },
            start_fen: g.game.start_fen.clone(),
            deadline_at: g.game.deadline_at,
        };
        vec![
            board_start(loc, &s, &place_of_key(&places[0]), Color::White, now),
            board_start(loc, &s, &place_of_key(&places[1]), Color::Black, now),
        ]
    }

    /// The game `place` is one of the two places of, with the side played
    /// there, when a game between two people in two places runs there.
    pub(in crate::service) async fn two_place_game(
        &self,
        place: &Place,
    ) -> Result<Option<GamePlaceRow>, Failure> {
        Ok(self
            .inner
            .store
            .active_game_place(&place.platform, &place.channel)
            .await?)
    }

    /// Where the game row of `p`'s game lives (White's place).
    pub(in crate::service) async fn two_place_home(
        &self,
        p: &GamePlaceRow,
    ) -> Result<Option<Place>, Failure> {
        let Some(row) = self.inner.store.game(p.game_id).await? else {
            return Ok(None);
        };
        Ok(Some(Place {
            platform: row.platform,
            guild: (!row.guild.is_empty()).then_some(row.guild),
            channel: row.channel,
        }))
    }

    /// `replies` of a command said at `origin` about two-place game
    /// `game_id`, handled at its home place: private replies go back to
    /// `origin`, public ones are posted in both places.
    pub(in crate::service) async fn spread_two_places(
        &self,
        game_id: i64,
        origin: &Place,
        home: &Place,
        replies: Vec<Reply>,
        requested_flip: bool,
    ) -> Vec<Reply> {
        let replies = replies
            .into_iter()
            .map(|mut r| {
                if r.ephemeral && r.place == *home {
                    r.place = origin.clone();
                }
                r
            })
            .collect();
        self.spread_places(game_id, None, replies, requested_flip)
            .await
    }

    /// `replies` of two-place game `game_id` as each place gets them (see
    /// the module); unchanged for other games. `to_move`: the side a
    /// reminder is for.
    pub(in crate::service) async fn spread_places(
        &self,
        game_id: i64,
        to_move: Option<Color>,
        replies: Vec<Reply>,
        requested_flip: bool,
    ) -> Vec<Reply> {
        let places = match self.inner.store.game_places(game_id).await {
            Ok(p) if !p.is_empty() => p,
            Ok(_) => return replies,
            Err(e) => {
                tracing::error!(game = game_id, error = %e, "reading a game's places failed");
                return replies;
            }
        };
        let players = match self.inner.store.game(game_id).await {
            Ok(Some(row)) => [row.white_id, row.black_id],
            _ => [String::new(), String::new()],
        };
        let mut out = Vec::new();
        for r in replies {
            let of_the_game = places
                .iter()
                .any(|p| p.platform == r.place.platform && p.channel == r.place.channel);
            if r.ephemeral || r.place.direct_user().is_some() || !of_the_game {
                out.push(r);
                continue;
            }
            let reminder = matches!(r.event, Some(Event::Reminder { .. }));
            for p in &places {
                let side = if p.side == "black" {
                    Color::Black
                } else {
                    Color::White
                };
                if reminder && to_move.is_some_and(|c| c != side) {
                    continue;
                }
                let player = &players[usize::from(side == Color::Black)];
                let mut copy = r.clone();
                copy.mentions.retain(|a| a.id == *player);
                if let Some(b) = copy.board.as_mut() {
                    b.flip = (side == Color::Black) != requested_flip;
                }
                if p.channel != r.place.channel {
                    // The game's follow-ups (its summary) run once, from
                    // its home place.
                    copy.place = place_of(p);
                    copy.follow_up = None;
                    copy.fallback = None;
                }
                out.push(copy);
            }
        }
        out
    }

    /// The match games of `platform` waiting for their places, claimed
    /// for this process (each for [`MATCH_BINDING_LEASE_MS`]): open a
    /// place in each of `sides`, then
    /// [`GameService::prepare_match_binding`], post its starts and
    /// [`GameService::bind_match_game`].
    ///
    /// # Errors
    /// Database failures.
    pub async fn held_match_games(
        &self,
        platform: &str,
    ) -> Result<Vec<HeldMatchGame>, ServiceError> {
        let now = ms(self.now());
        let store = &self.inner.store;
        let rows = store
            .held_games(GameGroup::TeamMatch, platform, now, HELD_BATCH)
            .await?;
        let mut out = Vec::new();
        for row in rows {
            let (game_id, match_id) = (row.game_id, row.parent_id);
            let (Some(m), Some(g)) = (
                store.team_match(match_id).await?,
                store.game(game_id).await?,
            ) else {
                continue;
            };
            let (Some(creating), Some(accepting)) =
                (match_side_place(&m, 0), match_side_place(&m, 1))
            else {
                continue;
            };
            let players = store.team_match_players(match_id).await?;
            let white_creating = players
                .iter()
                .any(|p| p.player_id == g.white_id && p.side == 0);
            let sides = if white_creating {
                [creating, accepting]
            } else {
                [accepting, creating]
            };
            if !store
                .claim_held_game(
                    GameGroup::TeamMatch,
                    game_id,
                    now,
                    now + MATCH_BINDING_LEASE_MS,
                )
                .await?
            {
                continue;
            }
            out.push(HeldMatchGame {
                game: game_id,
                team_match: match_id,
                placeholder: Place {
                    platform: g.platform.clone(),
                    guild: (!g.guild.is_empty()).then(|| g.guild.clone()),
                    channel: g.channel.clone(),
                },
                sides,
                white: Actor {
                    id: g.white_id,
                    name: g.white_name,
                },
                black: Actor {
                    id: g.black_id,
                    name: g.black_name,
                },
            });
        }
        Ok(out)
    }

    /// The starts of held game `held` in `to` (White's place, Black's
    /// place) with the clock it gets when bound now; `None` when it is
    /// gone. Post them, then [`GameService::bind_match_game`].
    ///
    /// # Errors
    /// Database failures.
    pub async fn prepare_match_binding(
        &self,
        held: &HeldMatchGame,
        to: [Place; 2],
    ) -> Result<Option<PreparedMatchBinding>, ServiceError> {
        let store = &self.inner.store;
        let Some((m, row)) = self
            .still_held(
                store.team_match(held.team_match),
                held.game,
                &held.placeholder,
            )
            .await?
        else {
            return Ok(None);
        };
        let games = store.team_match_games(m.id).await?;
        let Some(mg) = games.iter().find(|g| g.game_id == row.id) else {
            return Ok(None);
        };
        let now = ms(self.now());
        let (deadline_at, remind_at) = self
            .clock_at_binding(&row, &row.white_id, now, None, true)
            .await?;
        let s = BoardStart {
            m: &m,
            id: row.id,
            board: mg.board,
            round: mg.round,
            white: held.white.clone(),
            black: held.black.clone(),
            start_fen: row.start_fen.clone(),
            deadline_at,
        };
        let mut starts = Vec::new();
        for (place, side) in to.iter().zip([Color::White, Color::Black]) {
            let loc = self.channel_locale(place).await.unwrap_or_default();
            starts.push(board_start(loc, &s, place, side, now));
        }
        self.add_watch_links(&mut starts).await;
        Ok(Some(PreparedMatchBinding {
            starts,
            to,
            deadline_at,
            remind_at,
        }))
    }

    /// Moves held game `held` to White's place of `prepared`, records both
    /// places and starts its clock, in one transaction.
    ///
    /// # Errors
    /// Database failures.
    pub async fn bind_match_game(
        &self,
        held: &HeldMatchGame,
        prepared: &PreparedMatchBinding,
    ) -> Result<Binding, ServiceError> {
        self.bind_held(
            held.game,
            &held.placeholder,
            &[key(&prepared.to[0]), key(&prepared.to[1])],
            prepared.deadline_at,
            prepared.remind_at,
        )
        .await
    }

    /// Counts places that could not be opened for `held`; the first time,
    /// both sides' channels are told (the game has no clock yet and will
    /// be tried again).
    ///
    /// # Errors
    /// Database failures.
    pub async fn match_place_failed(
        &self,
        held: &HeldMatchGame,
    ) -> Result<Vec<Reply>, ServiceError> {
        let failures = self
            .inner
            .store
            .note_held_game_failure(GameGroup::TeamMatch, held.game)
            .await?;
        Ok(self
            .no_place_notices(failures, &held.sides, |loc| {
                msg::match_no_place(loc, held.game, &held.white.name, &held.black.name)
            })
            .await)
    }

    /// Whether game `id` is played in two places (read errors: no).
    pub(in crate::service) async fn in_two_places(&self, id: i64) -> bool {
        matches!(self.inner.store.game_places(id).await, Ok(p) if !p.is_empty())
    }
}
