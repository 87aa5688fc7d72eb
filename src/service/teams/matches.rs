//! Team matches between communities: `team match create` (a moderator;
//! answered with a single-use code for seven days), `accept` by a
//! moderator of the other community in the channel that becomes its
//! side's, `join` and `leave` (a player signs up for the side of the
//! channel they say it in, one side only), `start` (a moderator of either
//! side: boards paired by rating order within each side, every game at
//! once) and `standings`. A board's games and the standings are in
//! `match_places` and `match_table`.

use super::{Actor, Event, LocalePrefs, Place, messages as msg};
use crate::i18n::Locale;
use crate::service::community::Community;
use crate::store::{
    ChannelKey, MATCH_FINISHED, MATCH_OPEN, MATCH_RUNNING, MATCH_SIGNUP, NewGame, NewMatchGame,
    NewTeamMatch, StoreError, TeamMatchPlayerRow, TeamMatchRow,
};

use super::game::{DAY_MS, Failure, GameService, Handled, key, ms, reply, user};
use super::teams::codes::{TEAM_CODE_DAYS, fresh_code, read_code};
use super::teams::{MatchCommand, team_actor};

/// Matches one community takes part in at once (open, signing up or
/// running, as either side).
pub const MAX_TEAM_MATCHES: i64 = 2;

/// Most boards of a match.
pub const MATCH_MAX_BOARDS: u32 = 32;

/// The rating a player without a rated game in their community sorts by.
const UNRATED: f64 = 1500.0;

/// Which side of `m` the channel `place` is: 0 the creating one, 1 the
/// accepting one.
pub(in crate::service) fn side_of(m: &TeamMatchRow, place: &Place) -> Option<i64> {
    if m.platform != place.platform {
        return None;
    }
    if m.channel == place.channel {
        Some(0)
    } else if m.other_channel.as_deref() == Some(place.channel.as_str()) {
        Some(1)
    } else {
        None
    }
}

/// The channel of side `side` of `m` (the accepting one once accepted).
pub(in crate::service) fn match_side_place(m: &TeamMatchRow, side: i64) -> Option<Place> {
    let (guild, channel) = if side == 0 {
        (m.guild.clone(), m.channel.clone())
    } else {
        (m.other_guild.clone()?, m.other_channel.clone()?)
    };
    Some(Place {
        platform: m.platform.clone(),
        guild: (!guild.is_empty()).then_some(guild),
        channel,
    })
}

/// Side `side` of `m` as shown.
pub(in crate::service) fn match_side_name(m: &TeamMatchRow, side: i64) -> String {
    if side == 0 {
        m.name.clone()
    } else {
        m.other_name.clone().unwrap_or_default()
    }
}

/// The `match` event of a match that has no games yet.
pub(in crate::service) fn signup_event(m: &TeamMatchRow, players: &[TeamMatchPlayerRow]) -> Event {
    let side = |s: i64| crate::service::MatchSideEvent {
        name: match_side_name(m, s),
        players: players
            .iter()
            .filter(|p| p.side == s)
            .map(|p| p.player_name.clone())
            .collect(),
        points: 0.0,
    };
    let sides = if m.other_channel.is_some() {
        vec![side(0), side(1)]
    } else {
        vec![side(0)]
    };
    Event::Match(crate::service::MatchEvent {
        id: m.id,
        state: m.state.clone(),
        sides,
        boards: Vec::new(),
        r#final: false,
        winner: None,
    })
}

/// The console's place of a board game for one side: a channel named
/// after the side's channel, the match and the game's number.
fn console_place(side: &Place, id: i64, number: i64) -> Place {
    Place {
        channel: format!("{}-m{id}-{number}", side.channel),
        ..side.clone()
    }
}

impl GameService {
    /// `team match ...`.
    pub(in crate::service) async fn team_match(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        prefs: LocalePrefs,
        cmd: MatchCommand,
    ) -> Handled {
        match cmd {
            MatchCommand::Create {
                boards,
                days,
                rounds,
                here_name,
            } => {
                if !prefs.moderator {
                    return Err(user("not_allowed", msg::team_moderators_only(loc)));
                }
                self.match_create(loc, place, by, (boards, days, rounds), here_name)
                    .await
            }
            MatchCommand::Accept { code, here_name } => {
                if !prefs.moderator {
                    return Err(user("not_allowed", msg::team_moderators_only(loc)));
                }
                self.match_accept(loc, place, &code, here_name).await
            }
            MatchCommand::Join => self.match_join(loc, place, by).await,
            MatchCommand::Leave => self.match_leave(loc, place, by).await,
            MatchCommand::Start => {
                if !prefs.moderator {
                    return Err(user("not_allowed", msg::team_moderators_only(loc)));
                }
                self.match_start(loc, place).await
            }
            MatchCommand::Standings => {
                // After its end a match's standings stay there to read.
                let m = match self
                    .inner
                    .store
                    .last_team_match_in(&place.platform, &place.channel)
                    .await?
                {
                    Some(m) if m.state == MATCH_FINISHED => m,
                    _ => self.match_here(loc, place).await?,
                };
                Ok(vec![self.match_standings_reply(loc, &m, place).await?])
            }
        }
    }

    /// When a code made now was made at the earliest and still counts.
    fn match_code_since(&self) -> i64 {
        ms(self.now()) - TEAM_CODE_DAYS * DAY_MS
    }

    /// The match this channel takes part in (`no_match` when none).
    pub(in crate::service) async fn match_here(
        &self,
        loc: Locale,
        place: &Place,
    ) -> Result<TeamMatchRow, Failure> {
        self.inner
            .store
            .live_team_match_in(&place.platform, &place.channel, self.match_code_since())
            .await?
            .ok_or_else(|| user("no_match", msg::match_none(loc)))
    }

    /// Refuses a community taking part in [`MAX_TEAM_MATCHES`] already,
    /// and a channel taking part in one.
    async fn refuse_match_caps(&self, loc: Locale, place: &Place) -> Result<(), Failure> {
        let since = self.match_code_since();
        let store = &self.inner.store;
        if store
            .live_team_match_in(&place.platform, &place.channel, since)
            .await?
            .is_some()
        {
            return Err(user("game_in_progress", msg::match_busy(loc)));
        }
        let community = Community::of_place(place);
        if community.is_direct() {
            return Err(user("not_allowed", msg::team_not_in_direct(loc)));
        }
        if store
            .live_team_matches_of(&community.scope(), since)
            .await?
            >= MAX_TEAM_MATCHES
        {
            return Err(user("limit", msg::match_limit(loc, MAX_TEAM_MATCHES)));
        }
        Ok(())
    }

    /// `team match create boards:N days:D rounds:R`.
    async fn match_create(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        (boards, days, rounds): (u32, u32, u32),
        here_name: Option<String>,
    ) -> Handled {
        if !(1..=MATCH_MAX_BOARDS).contains(&boards) {
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "boards", &boards.to_string()),
            ));
        }
        if !(1..=14).contains(&days) {
            return Err(user(
                "invalid_option",
                msg::bad_days(loc, &days.to_string()),
            ));
        }
        if !(1..=2).contains(&rounds) {
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "rounds", &rounds.to_string()),
            ));
        }
        self.refuse_match_caps(loc, place).await?;
        let here = team_actor(place, here_name.as_deref());
        let now = ms(self.now());
        for _ in 0..3 {
            let Some(code) = fresh_code() else { break };
            let new = NewTeamMatch {
                platform: place.platform.clone(),
                guild: place.guild.clone().unwrap_or_default(),
                channel: place.channel.clone(),
                name: here.name.clone(),
                creator_id: by.id.clone(),
                code: code.clone(),
                boards: i64::from(boards),
                days: i64::from(days),
                rounds: i64::from(rounds),
                created_at: now,
            };
            if let Some(id) = self.inner.store.insert_team_match(&new).await? {
                let Some(m) = self.inner.store.team_match(id).await? else {
                    break;
                };
                let mut r = reply(
                    place,
                    msg::match_created(
                        loc,
                        id,
                        &here.name,
                        i64::from(boards),
                        i64::from(days),
                        &code,
                        TEAM_CODE_DAYS,
                    ),
                );
                r.event = Some(signup_event(&m, &[]));
                return Ok(vec![r]);
            }
        }
        Err(user("unavailable", msg::team_code_unavailable(loc)))
    }

    /// `team match accept code:X`: this channel becomes the other side.
    async fn match_accept(
        &self,
        loc: Locale,
        place: &Place,
        code: &str,
        here_name: Option<String>,
    ) -> Handled {
        let unknown = || user("no_challenge", msg::match_code_unknown(loc));
        let code = read_code(code).ok_or_else(unknown)?;
        let Some(m) = self
            .inner
            .store
            .open_team_match_by_code(&code, self.match_code_since())
            .await?
        else {
            return Err(unknown());
        };
        if m.platform != place.platform {
            return Err(user("not_allowed", msg::team_code_other_platform(loc)));
        }
        if m.channel == place.channel {
            return Err(user("not_allowed", msg::team_own_channel(loc)));
        }
        self.refuse_match_caps(loc, place).await?;
        let here = team_actor(place, here_name.as_deref());
        let guild = place.guild.clone().unwrap_or_default();
        if !self
            .inner
            .store
            .accept_team_match(m.id, &guild, &place.channel, &here.name, ms(self.now()))
            .await?
        {
            return Err(unknown());
        }
        let Some(m) = self.inner.store.team_match(m.id).await? else {
            return Err(unknown());
        };
        let text = msg::match_accepted(loc, m.id, &m.name, &here.name, m.boards);
        let mut out = Vec::new();
        for side in [1, 0] {
            let Some(p) = match_side_place(&m, side) else {
                continue;
            };
            let mut r = reply(&p, text.clone());
            r.event = Some(signup_event(&m, &[]));
            out.push(r);
        }
        Ok(out)
    }

    /// `team match join`: the caller plays for this channel's side.
    async fn match_join(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let m = self.match_here(loc, place).await?;
        let side = self.refuse_unless_signup(loc, &m, place)?;
        let (on, new) = self
            .inner
            .store
            .join_team_match(m.id, &by.id, &by.name, side, ms(self.now()))
            .await?;
        if on != side {
            return Err(user(
                "not_allowed",
                msg::match_other_side(loc, &match_side_name(&m, on)),
            ));
        }
        if !new {
            return Err(user("already_joined", msg::match_already_joined(loc)));
        }
        let players = self.inner.store.team_match_players(m.id).await?;
        let count = players.iter().filter(|p| p.side == side).count() as i64;
        let mut r = reply(
            place,
            msg::match_joined(loc, &by.name, &match_side_name(&m, side), count),
        );
        r.event = Some(signup_event(&m, &players));
        Ok(vec![r])
    }

    /// `team match leave`, before the start.
    async fn match_leave(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let m = self.match_here(loc, place).await?;
        let side = self.refuse_unless_signup(loc, &m, place)?;
        if !self
            .inner
            .store
            .leave_team_match(m.id, &by.id, side)
            .await?
        {
            return Err(user("not_allowed", msg::match_not_member(loc)));
        }
        let players = self.inner.store.team_match_players(m.id).await?;
        let mut r = reply(
            place,
            msg::match_left(loc, &by.name, &match_side_name(&m, side)),
        );
        r.event = Some(signup_event(&m, &players));
        Ok(vec![r])
    }

    /// This channel's side of `m` while it signs players up.
    fn refuse_unless_signup(
        &self,
        loc: Locale,
        m: &TeamMatchRow,
        place: &Place,
    ) -> Result<i64, Failure> {
        match m.state.as_str() {
            MATCH_OPEN => Err(user("not_allowed", msg::match_not_accepted(loc))),
            MATCH_SIGNUP => side_of(m, place).ok_or_else(|| user("no_match", msg::match_none(loc))),
            _ => Err(user("league_started", msg::match_started(loc, m.id))),
        }
    }

    /// The players of one side by rating in their own community (best
    /// first; equal ratings by name).
    async fn ranked_side(
        &self,
        m: &TeamMatchRow,
        side: i64,
        players: &[TeamMatchPlayerRow],
    ) -> Result<Vec<TeamMatchPlayerRow>, Failure> {
        let Some(p) = match_side_place(m, side) else {
            return Ok(Vec::new());
        };
        let community = Community::of_place(&p).key();
        let mut rated = Vec::new();
        for pl in players.iter().filter(|x| x.side == side) {
            let rating = self
                .inner
                .store
                .rating(&community, &pl.player_id)
                .await?
                .map_or(UNRATED, |r| r.rating);
            rated.push((rating, pl.clone()));
        }
        rated.sort_by(|a, b| {
            b.0.total_cmp(&a.0)
                .then_with(|| a.1.player_name.cmp(&b.1.player_name))
                .then_with(|| a.1.player_id.cmp(&b.1.player_id))
        });
        Ok(rated.into_iter().map(|(_, p)| p).collect())
    }

    /// `team match start`: the boards are the sides' players in rating
    /// order, as many as the smaller side has (at most the match's
    /// boards); board 1's first game has the creating side White, and
    /// colours alternate by board; with two rounds each board also plays
    /// with colours swapped. Every game starts at once.
    async fn match_start(&self, loc: Locale, place: &Place) -> Handled {
        let m = self.match_here(loc, place).await?;
        self.refuse_unless_signup(loc, &m, place)?;
        let players = self.inner.store.team_match_players(m.id).await?;
        let ours = self.ranked_side(&m, 0, &players).await?;
        let theirs = self.ranked_side(&m, 1, &players).await?;
        let boards = usize::try_from(m.boards)
            .unwrap_or(0)
            .min(ours.len())
            .min(theirs.len());
        if boards == 0 {
            return Err(user("not_allowed", msg::match_too_few(loc)));
        }
        let (Some(here), Some(there)) = (match_side_place(&m, 0), match_side_place(&m, 1)) else {
            return Err(user("not_allowed", msg::match_not_accepted(loc)));
        };
        let same_community = Community::of_place(&here) == Community::of_place(&there);
        let clocked = !super::league_places::adapter_opens_places(&m.platform);
        let now = ms(self.now());
        let mut games = Vec::new();
        let mut number = 0;
        for b in 0..boards {
            for round in 1..=m.rounds.clamp(1, 2) {
                number += 1;
                // Board 1 (index 0) gives the creating side White first.
                let ours_white = (b % 2 == 0) == (round == 1);
                let (w, b_, wp, bp) = if ours_white {
                    (&ours[b], &theirs[b], &here, &there)
                } else {
                    (&theirs[b], &ours[b], &there, &here)
                };
                let (deadline_at, remind_at) = self
                    .turn_start(&m.platform, &w.player_id, now, m.days, None, true)
                    .await?;
                let places = [
                    key(&console_place(wp, m.id, number)),
                    key(&console_place(bp, m.id, number)),
                ];
                let own = if clocked {
                    places[0].clone()
                } else {
                    ChannelKey {
                        channel: format!("match-{}-{number}", m.id),
                        ..key(&here)
                    }
                };
                games.push(NewMatchGame {
                    number,
                    board: b as i64 + 1,
                    round,
                    game: NewGame {
                        rated: same_community,
                        ..NewGame::between(
                            own,
                            [
                                (&w.player_id, &w.player_name),
                                (&b_.player_id, &b_.player_name),
                            ],
                            m.days,
                            (deadline_at, remind_at),
                            now,
                        )
                    },
                    places: clocked.then_some(places),
                });
            }
        }
        let ids = match self.inner.store.start_team_match(m.id, now, &games).await {
            Ok(ids) => ids,
            Err(StoreError::Stale) => {
                return Err(user("league_started", msg::match_started(loc, m.id)));
            }
            Err(StoreError::Busy) => return Err(user("game_in_progress", msg::match_busy(loc))),
            Err(e) => return Err(e.into()),
        };
        let mut m = m;
        m.state = MATCH_RUNNING.to_string();
        let mut lines = vec![msg::match_started_head(
            loc,
            m.id,
            &m.name,
            &match_side_name(&m, 1),
            boards as i64,
        )];
        for g in &games {
            lines.push(msg::match_pairing(
                loc,
                g.board,
                g.round,
                &g.game.white_name,
                &g.game.black_name,
            ));
        }
        let standings = self.match_table(&m).await?;
        let mut out = Vec::new();
        for side in [0, 1] {
            let Some(p) = match_side_place(&m, side) else {
                continue;
            };
            let mut r = reply(&p, lines.join("\n"));
            r.event = Some(standings.event(&m, false));
            r.mentions = players
                .iter()
                .filter(|pl| pl.side == side)
                .map(|pl| Actor {
                    id: pl.player_id.clone(),
                    name: pl.player_name.clone(),
                })
                .collect();
            out.push(r);
        }
        if clocked {
            for (g, id) in games.iter().zip(&ids) {
                self.note_due(g.game.remind_at);
                let places = g
                    .places
                    .clone()
                    .unwrap_or_else(|| [g.game.place.clone(), g.game.place.clone()]);
                out.extend(self.match_game_starts(loc, &m, *id, g, &places, now));
            }
        }
        Ok(out)
    }
}
