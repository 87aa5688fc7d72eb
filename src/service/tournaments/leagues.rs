//! Leagues: round robins (and Swiss tournaments, run in `swiss_run.rs`) of
//! correspondence games in a channel, and their commands
//! (`league create|join|leave|start|standings|cancel|withdraw|export`);
//! a league's run (its start, also automatic at `starts`, the standings
//! after every league game that ends, and the final standings when the
//! last one does) is in `league_run.rs`.
//!
//! A league lives in the channel it was created in; its games each have
//! their own place, `league-<league>-<number>` on the same platform and
//! server (the Discord adapter moves each into a thread). The standings
//! are computed from the games' results, which the transaction ending a
//! game writes, so a result counts once however many processes run; the
//! end of the league is a guarded state change, posted by the one process
//! that made it.

use super::game::{Failure, GameService, Handled, from_ms, key, ms, reply, user};
pub use super::league_setup::{LeagueSetup, parse_start_time};
use super::swiss_table::{
    SWISS_MAX_PLAYERS, SWISS_MAX_ROUNDS, SWISS_MIN_PLAYERS, SWISS_MIN_ROUNDS,
};
use super::{Actor, ChallengeExtras, Event, Place, messages as msg};
use crate::chess::{RulesMode, Variant};
use crate::i18n::Locale;
use crate::service::community::Community;
use crate::store::{
    FORMAT_ROUND_ROBIN, FORMAT_SWISS, LEAGUE_CANCELLED, LEAGUE_FINISHED, LEAGUE_OPEN,
    LEAGUE_RUNNING, LeaguePlayerRow, LeagueRow, NewLeague, StoreError,
};

/// Fewest players a league starts with.
pub const LEAGUE_MIN_PLAYERS: usize = 3;
/// Most players a league takes (16 players, double round robin: 240 games).
pub const LEAGUE_MAX_PLAYERS: u32 = 16;
/// Leagues one user may have open or running in a community at once.
pub const LEAGUE_MAX_PER_CREATOR: i64 = 2;
/// Leagues open or running in a community at once: three double round
/// robins of 16 are 720 games, each a Discord thread kept open for weeks,
/// below Discord's cap of about 1,000 active threads a server.
pub const LEAGUE_MAX_PER_COMMUNITY: i64 = 3;
/// Longest league name kept (longer ones are cut with `…`).
pub const LEAGUE_NAME_CHARS: usize = 64;

/// How a league pairs its players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeagueFormat {
    /// Everyone plays everyone, all games at once.
    #[default]
    RoundRobin,
    /// A Swiss, paired round by round by the FIDE Dutch system.
    Swiss,
}

/// `league …`: what the text grammar and the Discord group give the
/// service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeagueCommand {
    Create {
        name: String,
        /// Days per move, 1-14.
        days: u32,
        /// Round robin: 1 (single) or 2 (double). Swiss: 3-11 rounds, 0
        /// for the default decided at the start.
        rounds: u32,
        /// Most players: 3-16 in a round robin, 4-200 in a Swiss.
        max: u32,
        rated: bool,
        rules: RulesMode,
        /// When it starts by itself: RFC 3339 or `YYYY-MM-DD HH:MM` (UTC).
        starts: Option<String>,
        /// Chess960 leagues: every game in 960.
        variant: Variant,
        format: LeagueFormat,
        /// A time bank or preset for every game (`bank:`, `increment:`,
        /// `control:`; `days_given` as for a challenge).
        time: Box<ChallengeExtras>,
        /// A thematic start for every game, a Swiss's tie-break order.
        setup: Box<LeagueSetup>,
    },
    Join {
        league: Option<i64>,
    },
    Leave {
        league: Option<i64>,
    },
    Start {
        league: Option<i64>,
    },
    Standings {
        league: Option<i64>,
    },
    Cancel {
        league: Option<i64>,
    },
    Withdraw {
        league: Option<i64>,
    },
    /// The tournament report of a Swiss; `format` is `trf`.
    Export {
        league: Option<i64>,
        format: String,
    },
}

/// The `league` event's payload.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LeagueEvent {
    pub league: i64,
    pub name: String,
    pub state: String,
    pub players: Vec<String>,
    /// The league's spectator page, when pages are served.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub watch: Option<String>,
}

/// Where game `number` of league `league` is played until an adapter
/// moves it (the console keeps it there).
#[must_use]
pub fn league_game_channel(league: i64, number: i64) -> String {
    format!("league-{league}-{number}")
}

/// Which leagues of the channel a command without a number means.
#[derive(Clone, Copy)]
pub(in crate::service) enum Want {
    Open,
    Running,
    OpenOrRunning,
    Any,
}

pub(in crate::service) fn league_place(row: &LeagueRow) -> Place {
    Place {
        platform: row.platform.clone(),
        guild: (!row.guild.is_empty()).then(|| row.guild.clone()),
        channel: row.channel.clone(),
    }
}

impl GameService {
    /// `league …`.
    pub(in crate::service) async fn league(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        moderator: bool,
        cmd: LeagueCommand,
    ) -> Handled {
        match cmd {
            LeagueCommand::Create {
                name,
                days,
                rounds,
                max,
                rated,
                rules,
                starts,
                variant,
                format,
                time,
                setup,
            } => {
                let options = (days, rounds, max, rated, rules, starts, variant);
                self.league_create(loc, place, by, name, options, (format, *time, *setup))
                    .await
            }
            LeagueCommand::Join { league } => {
                let l = match self.find_league(loc, place, league, Want::Open).await {
                    Ok(l) => l,
                    // A running Swiss takes late entries.
                    Err(e) => match self.find_league(loc, place, league, Want::Running).await {
                        Ok(l) if l.format == FORMAT_SWISS => {
                            return self.swiss_late_join(loc, place, by, l).await;
                        }
                        _ => return Err(e),
                    },
                };
                self.league_join(loc, place, by, l).await
            }
            LeagueCommand::Export { league, format } => {
                let l = self.find_league(loc, place, league, Want::Any).await?;
                self.swiss_export(loc, place, &l, &format).await
            }
            LeagueCommand::Leave { league } => {
                let l = self.find_league(loc, place, league, Want::Open).await?;
                self.league_leave(loc, place, by, l).await
            }
            LeagueCommand::Start { league } => {
                let l = self.find_league(loc, place, league, Want::Open).await?;
                if l.creator_id != by.id && !moderator {
                    return Err(not_manager(loc, &l));
                }
                if l.state != LEAGUE_OPEN {
                    return Err(started(loc, &l));
                }
                self.league_start(loc, &l).await
            }
            LeagueCommand::Standings { league } => {
                let l = self.find_league(loc, place, league, Want::Any).await?;
                self.league_standings(loc, &l, true).await
            }
            LeagueCommand::Cancel { league } => {
                let l = match league {
                    // A community's moderators keep every event of their
                    // community in hand, whichever of its channels they are in.
                    Some(id) if moderator => {
                        super::league_reach::community_league(self, loc, place, id).await?
                    }
                    _ => {
                        self.find_league(loc, place, league, Want::OpenOrRunning)
                            .await?
                    }
                };
                if l.creator_id != by.id && !moderator {
                    return Err(not_manager(loc, &l));
                }
                self.league_cancel(loc, by, l).await
            }
            LeagueCommand::Withdraw { league } => {
                let l = self.find_league(loc, place, league, Want::Running).await?;
                self.league_withdraw(loc, by, l).await
            }
        }
    }

    /// Refuses a new league beyond [`LEAGUE_MAX_PER_CREATOR`] for `by` or
    /// [`LEAGUE_MAX_PER_COMMUNITY`] for the community of `place`: what one
    /// user or server can make the bot create (threads, rooms, games) stays
    /// bounded.
    async fn refuse_over_league_caps(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Result<(), Failure> {
        let community = Community::of_place(place);
        if community.is_direct() {
            return Err(user("not_allowed", msg::league_not_in_direct(loc)));
        }
        let scope = community.scope();
        let store = &self.inner.store;
        let mine = store.live_leagues(&scope, Some(&by.id)).await?;
        if mine >= LEAGUE_MAX_PER_CREATOR {
            return Err(user(
                "limit",
                msg::league_creator_cap(loc, LEAGUE_MAX_PER_CREATOR),
            ));
        }
        let all = store.live_leagues(&scope, None).await?;
        if all >= LEAGUE_MAX_PER_COMMUNITY {
            return Err(user(
                "limit",
                msg::league_community_cap(loc, LEAGUE_MAX_PER_COMMUNITY),
            ));
        }
        Ok(())
    }

    /// The league a command means: by number (only a league of this
    /// channel), else the newest one of this channel in the wanted states
    /// (standings: the newest open or running one, else the last ended).
    pub(in crate::service) async fn find_league(
        &self,
        loc: Locale,
        place: &Place,
        id: Option<i64>,
        want: Want,
    ) -> Result<LeagueRow, Failure> {
        let here = key(place);
        if let Some(id) = id {
            return match self.inner.store.league(id).await? {
                Some(l)
                    if l.platform == here.platform
                        && l.guild == here.guild
                        && l.channel == here.channel =>
                {
                    Ok(l)
                }
                _ => Err(user("no_league", msg::league_none_numbered(loc, id))),
            };
        }
        let store = &self.inner.store;
        let found = match want {
            Want::Open => store.channel_leagues(&here, &[LEAGUE_OPEN]).await?,
            Want::Running => store.channel_leagues(&here, &[LEAGUE_RUNNING]).await?,
            Want::OpenOrRunning => {
                store
                    .channel_leagues(&here, &[LEAGUE_OPEN, LEAGUE_RUNNING])
                    .await?
            }
            Want::Any => {
                let mut live = store
                    .channel_leagues(&here, &[LEAGUE_OPEN, LEAGUE_RUNNING])
                    .await?;
                if live.is_empty() {
                    live = store
                        .channel_leagues(&here, &[LEAGUE_FINISHED, LEAGUE_CANCELLED])
                        .await?;
                }
                live
            }
        };
        if let Some(l) = found.into_iter().next() {
            return Ok(l);
        }
        // A league here in another state says why rather than "none".
        let other = store
            .channel_leagues(&here, &[LEAGUE_OPEN, LEAGUE_RUNNING])
            .await?;
        match (want, other.into_iter().next()) {
            (Want::Open, Some(l)) => Err(started(loc, &l)),
            (Want::Running, Some(l)) => Err(user(
                "not_allowed",
                msg::league_not_running(loc, &l.name, l.id),
            )),
            _ => Err(user("no_league", msg::league_none(loc))),
        }
    }

    async fn league_create(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        name: String,
        options: (u32, u32, u32, bool, RulesMode, Option<String>, Variant),
        (format, mut time, setup): (LeagueFormat, ChallengeExtras, LeagueSetup),
    ) -> Handled {
        let (days, rounds, max, rated, rules, starts, variant) = options;
        let name = Actor {
            id: String::new(),
            name,
        }
        .cleaned()
        .name;
        let name = if name.chars().count() > LEAGUE_NAME_CHARS {
            let mut cut: String = name.chars().take(LEAGUE_NAME_CHARS - 1).collect();
            cut.push('…');
            cut
        } else {
            name
        };
        if name == "?" || name.trim().is_empty() {
            return Err(user("invalid_option", msg::league_bad_name(loc)));
        }
        if !(1..=14).contains(&days) {
            return Err(user(
                "invalid_option",
                msg::bad_days(loc, &days.to_string()),
            ));
        }
        let swiss = format == LeagueFormat::Swiss;
        let (round_range, max_range) = if swiss {
            (
                SWISS_MIN_ROUNDS..=SWISS_MAX_ROUNDS,
                SWISS_MIN_PLAYERS..=SWISS_MAX_PLAYERS,
            )
        } else {
            (1..=2, 3..=LEAGUE_MAX_PLAYERS)
        };
        if !(round_range.contains(&rounds) || swiss && rounds == 0) {
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "rounds", &rounds.to_string()),
            ));
        }
        if !max_range.contains(&max) {
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "max", &max.to_string()),
            ));
        }
        let now = ms(self.now());
        let starts_at = match starts.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => None,
            Some(s) => match parse_start_time(s) {
                Some(t) if ms(t) > now => Some(ms(t)),
                _ => {
                    return Err(user(
                        "invalid_option",
                        msg::bad_option_value(loc, "starts", s),
                    ));
                }
            },
        };
        if !time.days_given && time.control.is_none() && time.bank.is_none() {
            // As a challenge: the community's default time control.
            time.control = self.default_control_here(place).await?;
        }
        let clock = super::banks::time_control(loc, days, &time)?;
        let days = clock.days;
        let fixed = super::league_setup::fixed_start(loc, &setup, variant, rules)?;
        let tiebreaks =
            super::league_setup::tiebreak_order(loc, setup.tiebreaks.as_deref(), swiss)?;
        // A custom start is never rated, as for a challenge.
        let rated = rated && !fixed.custom;
        self.refuse_over_league_caps(loc, place, by).await?;
        let new = NewLeague {
            place: key(place),
            name: name.clone(),
            creator_id: by.id.clone(),
            creator_name: by.name.clone(),
            days: i64::from(days),
            rounds: i64::from(rounds),
            max_players: i64::from(max),
            rated,
            rules: super::league960::stored_league_rules(rules, variant),
            starts_at,
            created_at: now,
            format: if swiss {
                FORMAT_SWISS
            } else {
                FORMAT_ROUND_ROBIN
            }
            .to_string(),
            bank: clock.bank,
            vacation_stops: clock.vacation_stops,
            start_fen: fixed.fen.clone(),
            opening: fixed.opening.clone(),
            tiebreaks: tiebreaks.clone(),
        };
        let id = self.inner.store.insert_league(&new).await?;
        if let Some(at) = starts_at {
            self.note_due(at);
        }
        let created = if swiss {
            msg::swiss_created
        } else {
            msg::league_created
        };
        let mut text = created(
            loc,
            &name,
            id,
            &by.name,
            i64::from(days),
            i64::from(rounds),
            i64::from(max),
        );
        if let Some(at) = starts_at {
            text.push('\n');
            text.push_str(&msg::league_starts_at(loc, &msg::deadline(from_ms(at))));
        }
        if variant == Variant::Chess960 {
            text.push('\n');
            text.push_str(&msg::league_chess960(loc, i64::from(rounds)));
        }
        for line in super::league_setup::setup_lines(loc, &fixed, tiebreaks.as_deref()) {
            text.push('\n');
            text.push_str(&line);
        }
        for line in super::banks::control_lines(loc, clock.bank, clock.vacation_stops) {
            text.push('\n');
            text.push_str(&line);
        }
        let mut r = reply(place, text);
        r.event = Some(league_event(id, &name, LEAGUE_OPEN, &[]));
        Ok(vec![r])
    }

    async fn league_join(&self, loc: Locale, place: &Place, by: &Actor, l: LeagueRow) -> Handled {
        let now = ms(self.now());
        let outcome = self
            .inner
            .store
            .join_league(l.id, &by.id, &by.name, now)
            .await;
        // Full, unless the caller is in it already (that says more).
        if matches!(outcome, Ok(false))
            && self
                .inner
                .store
                .league_players(l.id)
                .await?
                .iter()
                .any(|p| p.player_id == by.id)
        {
            return Err(already_joined(loc, &l));
        }
        joined(loc, &l, outcome)?;
        let players = self.inner.store.league_players(l.id).await?;
        let mut r = reply(
            place,
            msg::league_joined(loc, &by.name, &l.name, players.len() as i64),
        );
        r.event = Some(league_event(l.id, &l.name, &l.state, &players));
        Ok(vec![r])
    }

    async fn league_leave(&self, loc: Locale, place: &Place, by: &Actor, l: LeagueRow) -> Handled {
        match self.inner.store.leave_league(l.id, &by.id).await {
            Ok(true) => {}
            Ok(false) => return Err(user("not_allowed", msg::league_not_member(loc, &l.name))),
            Err(StoreError::Stale) => return Err(started(loc, &l)),
            Err(e) => return Err(e.into()),
        }
        let players = self.inner.store.league_players(l.id).await?;
        let mut r = reply(place, msg::league_left(loc, &by.name, &l.name));
        r.event = Some(league_event(l.id, &l.name, &l.state, &players));
        Ok(vec![r])
    }

    async fn league_cancel(&self, loc: Locale, by: &Actor, l: LeagueRow) -> Handled {
        let now = ms(self.now());
        if !self
            .inner
            .store
            .end_league(l.id, &l.state, LEAGUE_CANCELLED, now)
            .await?
        {
            return Err(user("no_league", msg::league_none(loc)));
        }
        let mut out = Vec::new();
        // Running games are aborted: no result, no rating change.
        for g in self.inner.store.league_games(l.id).await? {
            if g.status == crate::store::STATUS_ACTIVE {
                out.extend(self.end_league_game(g.game_id, None, None).await);
            }
        }
        let players = self.inner.store.league_players(l.id).await?;
        let mut r = reply(
            &league_place(&l),
            msg::league_cancelled(loc, &l.name, &by.name),
        );
        r.event = Some(league_event(l.id, &l.name, LEAGUE_CANCELLED, &players));
        out.insert(0, r);
        Ok(out)
    }
}

pub(in crate::service) fn actor(p: &LeaguePlayerRow) -> Actor {
    Actor {
        id: p.player_id.clone(),
        name: p.player_name.clone(),
    }
}

pub(in crate::service) fn league_event(
    id: i64,
    name: &str,
    state: &str,
    players: &[LeaguePlayerRow],
) -> Event {
    Event::League(LeagueEvent {
        league: id,
        name: name.to_string(),
        state: state.to_string(),
        players: players
            .iter()
            .filter(|p| p.withdrawal.as_deref() != Some("annulled"))
            .map(|p| p.player_name.clone())
            .collect(),
        watch: None,
    })
}

fn not_manager(loc: Locale, l: &LeagueRow) -> Failure {
    user("not_allowed", msg::league_not_manager(loc, &l.creator_name))
}

pub(in crate::service) fn started(loc: Locale, l: &LeagueRow) -> Failure {
    user("league_started", msg::league_already_started(loc, &l.name))
}

fn already_joined(loc: Locale, l: &LeagueRow) -> Failure {
    user("already_joined", msg::league_already_joined(loc, &l.name))
}

/// How the store's joining of `l` ended (`Ok(true)`: joined): full, the
/// caller in it already (`Busy`), or started meanwhile (`Stale`).
pub(in crate::service) fn joined(
    loc: Locale,
    l: &LeagueRow,
    outcome: Result<bool, StoreError>,
) -> Result<(), Failure> {
    match outcome {
        Ok(true) => Ok(()),
        Ok(false) => Err(user(
            "league_full",
            msg::league_full(loc, &l.name, l.max_players),
        )),
        Err(StoreError::Busy) => Err(already_joined(loc, l)),
        Err(StoreError::Stale) => Err(started(loc, l)),
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
#[path = "leagues_tests.rs"]
mod tests;
