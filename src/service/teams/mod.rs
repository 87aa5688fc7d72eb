//! Team play (vote chess): a channel plays one side of a game as a team.
//! `challenge` (team challenges, against another channel or the engine,
//! and accepting them), `codes` (challenges of another community by a
//! code), `votes` (a member's `move` as a vote, the tally,
//! closing a vote by moderators, at the deadline or once every named member
//! voted), `motions` (draw offers, resigning and takebacks as votes of a
//! majority), `places` (a team game's posts copied to both teams' channels,
//! each board from its own side), `voters` (who voted, in the summary) and `members` (the names moderators give).
//!
//! A team game is an ordinary game row in the challenging channel whose
//! players are the teams (ids [`TEAM_ID_PREFIX`]`<platform>:<channel>`,
//! which no platform gives a user); `team_side` rows say where each team
//! plays. So deadlines, time-outs, PGN, summaries and pages work as for
//! any game, and what differs lives here.
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;

pub(super) mod challenge;
pub(super) mod codes;
pub(super) mod match_places;
pub(super) mod match_table;
pub(super) mod matches;
pub(super) mod members;
pub(super) mod motions;
pub(super) mod places;
pub(super) mod voters;
pub(super) mod votes;

#[allow(unused_imports)]
use super::*;

use crate::chess::RulesMode;
use crate::store::TeamSideRow;

/// The id prefix of a team as a player: `team:console:red`.
pub const TEAM_ID_PREFIX: &str = "team:";

/// Days per move of a team game when `days` is left out: a vote needs
/// time to gather.
pub const TEAM_DEFAULT_DAYS: u32 = 2;

/// Team games running and team challenges open in one community at once.
pub const MAX_TEAM_GAMES: i64 = 3;

/// Whether `id` is a team's (a player nobody mentions or notifies).
#[must_use]
pub fn is_team_id(id: &str) -> bool {
    id.starts_with(TEAM_ID_PREFIX)
}

/// Whether a game row is a team game (a team holds a side).
pub(in crate::service) fn is_team_game(row: &crate::store::GameRow) -> bool {
    is_team_id(&row.white_id) || is_team_id(&row.black_id)
}

/// `team ...`: the commands of team play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TeamCommand {
    /// This channel's team challenges another channel (`channel`), the
    /// engine (`level`), or with neither another community (a code).
    Challenge(Box<TeamChallenge>),
    /// This channel's team accepts the team challenge waiting for it, or
    /// (a moderator) the challenge of another community's team by its code.
    Accept {
        code: Option<String>,
        /// How this channel is shown (`#blue`), when the adapter knows.
        here_name: Option<String>,
    },
    /// The tally of this channel's running vote.
    Votes,
    /// A moderator closes this channel's running vote now.
    Close,
    /// Show the named members, or (moderators) name and unname some, and
    /// set whether only they vote for the team (`only`).
    Members {
        add: Vec<Actor>,
        remove: Vec<Actor>,
        only: Option<bool>,
    },
    /// `team match ...`: a match between two communities.
    Match(MatchCommand),
}

/// `team match ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchCommand {
    /// A moderator creates a match of this channel's side: a code for the
    /// other community.
    Create {
        boards: u32,
        days: u32,
        rounds: u32,
        /// How this channel is shown (`#red`), when the adapter knows.
        here_name: Option<String>,
    },
    /// A moderator of another community accepts a match by its code; this
    /// channel becomes its side's.
    Accept {
        code: String,
        here_name: Option<String>,
    },
    /// The caller signs up for this channel's side.
    Join,
    /// The caller leaves this channel's side before the start.
    Leave,
    /// A moderator of either side starts the match: every board at once.
    Start,
    /// The match's standings.
    Standings,
}

/// The options of `team challenge`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamChallenge {
    /// The challenged channel's id (`#blue`, `<#123>` read by the
    /// adapter); none with `level`.
    pub channel: Option<String>,
    /// How the challenged channel is shown (`#blue`); the adapter's
    /// channel name when it knows one.
    pub channel_name: Option<String>,
    /// How this channel is shown.
    pub here_name: Option<String>,
    /// The engine's level (1-8): the team plays the computer.
    pub level: Option<u8>,
    /// Days per move, 1-14.
    pub days: u32,
    /// This team's colour.
    pub color: ColorChoice,
    pub rules: RulesMode,
    pub fen: Option<String>,
}

impl Default for TeamChallenge {
    fn default() -> Self {
        TeamChallenge {
            channel: None,
            channel_name: None,
            here_name: None,
            level: None,
            days: TEAM_DEFAULT_DAYS,
            color: ColorChoice::Random,
            rules: RulesMode::House,
            fen: None,
        }
    }
}

/// The team of the channel `place` as a player, shown as `name` (else
/// `#channel`).
pub(in crate::service) fn team_actor(place: &Place, name: Option<&str>) -> Actor {
    Actor {
        id: format!("{TEAM_ID_PREFIX}{}:{}", place.platform, place.channel),
        name: name
            .map(str::to_string)
            .unwrap_or_else(|| format!("#{}", place.channel)),
    }
    .cleaned()
}

/// The place of a team's side.
pub(in crate::service) fn side_place(s: &TeamSideRow) -> Place {
    Place {
        platform: s.platform.clone(),
        guild: (!s.guild.is_empty()).then(|| s.guild.clone()),
        channel: s.channel.clone(),
    }
}

/// The colour a side row names.
pub(in crate::service) fn side_color(s: &TeamSideRow) -> crate::chess::Color {
    if s.side == "black" {
        crate::chess::Color::Black
    } else {
        crate::chess::Color::White
    }
}

/// Whether `cmd`, said in a team's channel while its game runs, is about
/// that game: a `move` is a vote, `board` shows it from the team's side,
/// and what a team cannot do is refused.
pub(in crate::service) fn is_game_command(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::Move { .. }
            | Command::Board { .. }
            | Command::Draw
            | Command::Resign
            | Command::Abort
            | Command::Takeback
            | Command::Claim { .. }
            | Command::Moretime
            | Command::Press { .. }
    )
}

impl GameService {
    /// `team ...`.
    pub(in crate::service) async fn team(
        &self,
        loc: crate::i18n::Locale,
        place: &Place,
        by: &Actor,
        prefs: LocalePrefs,
        cmd: TeamCommand,
    ) -> game::Handled {
        match cmd {
            TeamCommand::Challenge(c) => self.team_challenge(loc, place, prefs, *c).await,
            TeamCommand::Accept {
                code: Some(code),
                here_name,
            } => {
                self.team_accept_code(loc, place, prefs, &code, here_name.as_deref())
                    .await
            }
            TeamCommand::Accept { code: None, .. } => self.team_accept(loc, place, prefs).await,
            TeamCommand::Votes => self.team_votes(loc, place).await,
            TeamCommand::Close => self.team_close(loc, place, prefs.moderator).await,
            TeamCommand::Members { add, remove, only } => {
                self.team_members(loc, place, prefs.moderator, (add, remove), only)
                    .await
            }
            TeamCommand::Match(c) => self.team_match(loc, place, by, prefs, c).await,
        }
    }

    /// The running team game this channel plays in, with its side, if any
    /// (one indexed read; asked only for game commands).
    pub(in crate::service) async fn team_here(
        &self,
        place: &Place,
    ) -> Result<Option<TeamSideRow>, game::Failure> {
        Ok(self
            .inner
            .store
            .active_team_side(&place.platform, &place.channel)
            .await?)
    }

    /// Whether a team plays a game in `place` now: adapters leave such a
    /// game where it is (no thread of its own, which would leave its team
    /// behind).
    pub async fn plays_as_team(&self, place: &Place) -> bool {
        matches!(self.team_here(place).await, Ok(Some(_)))
    }

    /// The moves a voter of `place`'s team may vote for now (SAN); `None`
    /// when no team plays here.
    pub(in crate::service) async fn team_legal_moves(&self, place: &Place) -> Option<Vec<String>> {
        let side = self.team_here(place).await.ok()??;
        let row = self.inner.store.game(side.game_id).await.ok()??;
        let l = self.replay(row).await.ok()?;
        if l.game.position().turn() != side_color(&side) {
            return Some(Vec::new());
        }
        let p = l.game.position();
        Some(p.legal_moves().iter().map(|m| p.san(*m)).collect())
    }

    /// A game command said in a team's channel (see [`is_game_command`]).
    pub(in crate::service) async fn team_game_command(
        &self,
        loc: crate::i18n::Locale,
        place: &Place,
        by: &Actor,
        side: TeamSideRow,
        cmd: Command,
    ) -> game::Handled {
        match cmd {
            Command::Move { text } => self.vote(loc, place, by, &side, &text).await,
            cmd if let Some(m) = motions::Motion::of(&cmd) => {
                self.motion_vote(loc, place, by, &side, m).await
            }
            Command::Board { flip, private } => {
                self.team_board(loc, place, by, &side, flip, private).await
            }
            // A button under a team game's post acts for a person: none
            // is offered there, and an old one is refused like the rest.
            _ => Err(game::user("not_allowed", messages::team_not_for_teams(loc))),
        }
    }
}
