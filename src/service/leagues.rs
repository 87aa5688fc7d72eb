//! Leagues: round robins of correspondence games in a channel (`league
//! create|join|leave|start|standings|cancel|withdraw`), their automatic
//! start at `starts`, the standings after every league game that ends, and
//! the final standings when the last one does.
//!
//! A league lives in the channel it was created in; its games each have
//! their own place, `league-<league>-<number>` on the same platform and
//! server (the Discord adapter moves each into a thread). The standings
//! are computed from the games' results, which the transaction ending a
//! game writes, so a result counts once however many processes run; the
//! end of the league is a guarded state change, posted by the one process
//! that made it.

use chrono::{DateTime, NaiveDateTime, Utc};

use super::game::{Failure, GameService, Handled, from_ms, key, ms, reply, user};
use super::league_table::{Score, Table, pairings, table_of};
use super::{Actor, BoardImage, DueAnnouncement, Event, Place, Reply, Subject, messages as msg};
use crate::chess::{Color, Outcome, RulesMode, Termination, Variant};
use crate::i18n::Locale;
use crate::store::{
    LEAGUE_CANCELLED, LEAGUE_FINISHED, LEAGUE_OPEN, LEAGUE_RUNNING, LeagueGameRow, LeaguePlayerRow,
    LeagueRow, NewGame, NewLeague, StoreError,
};

/// Fewest players a league starts with.
pub const LEAGUE_MIN_PLAYERS: usize = 3;
/// Most players a league takes (16 players, double round robin: 240 games).
pub const LEAGUE_MAX_PLAYERS: u32 = 16;
/// Longest league name kept (longer ones are cut with `…`).
pub const LEAGUE_NAME_CHARS: usize = 64;

/// `league …`: what the text grammar and the Discord group give the
/// service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeagueCommand {
    Create {
        name: String,
        /// Days per move, 1-14.
        days: u32,
        /// 1 (single) or 2 (double round robin).
        rounds: u32,
        /// Most players, 3-16.
        max: u32,
        rated: bool,
        rules: RulesMode,
        /// When it starts by itself: RFC 3339 or `YYYY-MM-DD HH:MM` (UTC).
        starts: Option<String>,
        /// ---- gaps: Chess960 leagues (issue 33): every game in 960.
        variant: Variant,
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
}

/// The `league` event's payload.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LeagueEvent {
    pub league: i64,
    pub name: String,
    pub state: String,
    pub players: Vec<String>,
}

/// Where game `number` of league `league` is played until an adapter
/// moves it (the console keeps it there).
#[must_use]
pub fn league_game_channel(league: i64, number: i64) -> String {
    format!("league-{league}-{number}")
}

/// A start time as typed: RFC 3339, or `YYYY-MM-DD HH:MM` in UTC.
#[must_use]
pub fn parse_start_time(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t.with_timezone(&Utc));
    }
    let plain = s.trim_end_matches("UTC").trim();
    ["%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(plain, f).ok())
        .map(|t| t.and_utc())
}

/// Which leagues of the channel a command without a number means.
#[derive(Clone, Copy)]
enum Want {
    Open,
    Running,
    OpenOrRunning,
    Any,
}

fn league_place(row: &LeagueRow) -> Place {
    Place {
        platform: row.platform.clone(),
        guild: (!row.guild.is_empty()).then(|| row.guild.clone()),
        channel: row.channel.clone(),
    }
}

impl GameService {
    /// `league …`.
    pub(super) async fn league(
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
            } => {
                let options = (days, rounds, max, rated, rules, starts, variant);
                self.league_create(loc, place, by, name, options).await
            }
            LeagueCommand::Join { league } => {
                let l = self.find_league(loc, place, league, Want::Open).await?;
                self.league_join(loc, place, by, l).await
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
                let l = self
                    .find_league(loc, place, league, Want::OpenOrRunning)
                    .await?;
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

    /// The league a command means: by number (only a league of this
    /// channel), else the newest one of this channel in the wanted states
    /// (standings: the newest open or running one, else the last ended).
    async fn find_league(
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
        if !(1..=2).contains(&rounds) {
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "rounds", &rounds.to_string()),
            ));
        }
        if !(3..=LEAGUE_MAX_PLAYERS).contains(&max) {
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
        };
        let id = self.inner.store.insert_league(&new).await?;
        if let Some(at) = starts_at {
            self.note_due(at);
        }
        let mut text = msg::league_created(
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
        // ---- gaps: Chess960 leagues
        if variant == Variant::Chess960 {
            text.push('\n');
            text.push_str(&msg::league_chess960(loc, i64::from(rounds)));
        }
        let mut r = reply(place, text);
        r.event = Some(league_event(id, &name, LEAGUE_OPEN, &[]));
        Ok(vec![r])
    }

    async fn league_join(&self, loc: Locale, place: &Place, by: &Actor, l: LeagueRow) -> Handled {
        let now = ms(self.now());
        match self
            .inner
            .store
            .join_league(l.id, &by.id, &by.name, now)
            .await
        {
            Ok(true) => {}
            // Full, unless the caller is in it already (that says more).
            Ok(false)
                if self
                    .inner
                    .store
                    .league_players(l.id)
                    .await?
                    .iter()
                    .any(|p| p.player_id == by.id) =>
            {
                return Err(user(
                    "already_joined",
                    msg::league_already_joined(loc, &l.name),
                ));
            }
            Ok(false) => {
                return Err(user(
                    "league_full",
                    msg::league_full(loc, &l.name, l.max_players),
                ));
            }
            Err(StoreError::Busy) => {
                return Err(user(
                    "already_joined",
                    msg::league_already_joined(loc, &l.name),
                ));
            }
            Err(StoreError::Stale) => return Err(started(loc, &l)),
            Err(e) => return Err(e.into()),
        }
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

    /// Starts an open league: every game of the round robin at once, each
    /// in its own place. Fewer than three players: `not_allowed`.
    pub(super) async fn league_start(&self, loc: Locale, l: &LeagueRow) -> Handled {
        let players = self.inner.store.league_players(l.id).await?;
        if players.len() < LEAGUE_MIN_PLAYERS {
            return Err(user(
                "not_allowed",
                msg::league_too_few(loc, &l.name, players.len() as i64),
            ));
        }
        let now = ms(self.now());
        let here = league_place(l);
        let cycles = usize::try_from(l.rounds).unwrap_or(1).clamp(1, 2);
        // ---- gaps: a Chess960 league draws a position per pairing.
        let (rules, variant) = super::league960::league_rules(&l.rules);
        let table = pairings(players.len(), cycles);
        let positions = super::league960::draw_league_positions(variant, &table);
        let mut games = Vec::new();
        for (i, (cycle, _round, w, b)) in table.into_iter().enumerate() {
            let number = i as i64 + 1;
            let position = positions.get(i).copied().flatten();
            let start_fen =
                super::league960::league_start_fen(position, rules.parse().unwrap_or_default());
            let (white, black) = (&players[w], &players[b]);
            let (deadline_at, remind_at) = self
                .turn_times_for(&l.platform, &white.player_id, now, l.days)
                .await?;
            let mut place = key(&here);
            place.channel = league_game_channel(l.id, number);
            games.push((
                number,
                cycle as i64,
                NewGame {
                    place,
                    white_id: white.player_id.clone(),
                    white_name: white.player_name.clone(),
                    black_id: black.player_id.clone(),
                    black_name: black.player_name.clone(),
                    start_fen,
                    rules: rules.clone(),
                    days: l.days,
                    deadline_at,
                    remind_at,
                    created_at: now,
                    rated: l.rated == 1,
                    variant: variant.as_str().to_string(),
                    start_position: position.map(i64::from),
                },
            ));
        }
        let ids = match self.inner.store.start_league(l.id, now, &games).await {
            Ok(ids) => ids,
            Err(StoreError::Stale) => return Err(started(loc, l)),
            Err(StoreError::Busy) => {
                return Err(user(
                    "game_in_progress",
                    msg::league_place_busy(loc, &l.name),
                ));
            }
            Err(e) => return Err(e.into()),
        };
        for (_, _, g) in &games {
            self.note_due(g.remind_at);
        }
        let mut lines = vec![msg::league_started(
            loc,
            &l.name,
            l.id,
            players.len() as i64,
            games.len() as i64,
        )];
        for (number, _, g) in &games {
            lines.push(msg::league_pairing(
                loc,
                *number,
                &g.white_name,
                &g.black_name,
            ));
        }
        let mut head = reply(&here, lines.join("\n"));
        head.event = Some(league_event(l.id, &l.name, LEAGUE_RUNNING, &players));
        head.mentions = players.iter().map(actor).collect();
        let mut out = vec![head];
        for ((number, _, g), id) in games.iter().zip(ids) {
            let mut place = here.clone();
            place.channel = league_game_channel(l.id, *number);
            let mut r = reply(
                &place,
                msg::league_game_started(
                    loc,
                    id,
                    &l.name,
                    &g.white_name,
                    &g.black_name,
                    &msg::deadline(from_ms(g.deadline_at)),
                ),
            );
            // ---- gaps: a Chess960 game names its position.
            let number960 = g.start_position.and_then(|n| u32::try_from(n).ok());
            if let Some(line) = super::chess960::start_line(loc, variant, number960) {
                r.text.push('\n');
                r.text.push_str(&line);
            }
            r.board = Some(BoardImage {
                fen: g.start_fen.clone(),
                last_move: None,
                flip: false,
                result: None,
                names: Some([g.white_name.clone(), g.black_name.clone()]),
                deadline: Some(msg::time_left(g.deadline_at - now)),
                theme: crate::render::Theme::default(),
                start_fen: None,
            });
            r.event = Some(Event::Start {
                white: g.white_name.clone(),
                black: g.black_name.clone(),
                fen: g.start_fen.clone(),
                variant: variant.is_chess960().then(|| variant.as_str().to_string()),
                position: number960,
                league: Some(l.id),
            });
            r.mentions = vec![
                Actor {
                    id: g.white_id.clone(),
                    name: g.white_name.clone(),
                },
                Actor {
                    id: g.black_id.clone(),
                    name: g.black_name.clone(),
                },
            ];
            r.actions = vec![super::Action::Resign];
            r.subject = Some(Subject::Game(id));
            out.push(r);
        }
        Ok(out)
    }

    /// The standings of a league (the table, the text and, with
    /// `picture`, a PNG of the table).
    pub(super) async fn league_standings(
        &self,
        loc: Locale,
        l: &LeagueRow,
        picture: bool,
    ) -> Handled {
        let table = self.league_table(l).await?;
        let last = l.state == LEAGUE_FINISHED;
        Ok(vec![self.standings_reply(loc, l, &table, last, picture)])
    }

    fn standings_reply(
        &self,
        loc: Locale,
        l: &LeagueRow,
        table: &Table,
        last: bool,
        picture: bool,
    ) -> Reply {
        let mut lines = vec![msg::league_standings_title(
            loc,
            &l.name,
            l.id,
            table.finished as i64,
            table.games as i64,
        )];
        for row in &table.text_rows {
            lines.push(msg::league_standings_row(
                loc, &row[0], &row[1], &row[2], &row[3], &row[4], &row[5],
            ));
        }
        let mut r = reply(&league_place(l), lines.join("\n"));
        r.event = Some(Event::Standings {
            league: l.id,
            r#final: last,
            rows: table.rows.clone(),
        });
        if picture {
            let title = msg::league_standings_picture_title(loc, &l.name);
            let header = msg::league_standings_header(loc);
            let header: Vec<String> = header.split('|').map(|s| s.trim().to_string()).collect();
            let png = crate::render::standings_png(&title, &header, &table.text_rows);
            r.files = vec![super::Attachment {
                kind: super::AttachmentKind::Card,
                filename: format!("league-{}-standings.png", l.id),
                bytes: std::sync::Arc::new(png),
            }];
        }
        r
    }

    /// The league's standings computed from its games.
    pub(super) async fn league_table(&self, l: &LeagueRow) -> Result<Table, Failure> {
        let players = self.inner.store.league_players(l.id).await?;
        let games = self.inner.store.league_games(l.id).await?;
        Ok(table_of(&players, &games))
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

    /// Ends one running league game: `loser` resigns (forfeit), or with
    /// `None` the game is aborted. Posts its end in its place; the league's
    /// own replies are the caller's.
    async fn end_league_game(
        &self,
        game_id: i64,
        loser: Option<Color>,
        text: Option<String>,
    ) -> Vec<Reply> {
        let ended = async {
            let Some(row) = self.inner.store.game(game_id).await? else {
                return Ok(Vec::new());
            };
            if !row.is_active() {
                return Ok(Vec::new());
            }
            let l = self.replay(row).await?;
            let place = l.place();
            let loc = self.post_locale(&place, game_id).await;
            let outcome = match loser {
                Some(c) => Outcome::new(Some(c.other()), Termination::Resignation),
                None => Outcome::new(None, Termination::Aborted),
            };
            let mut replies = match self.finish(loc, &place, l, outcome, loser).await {
                Ok(r) => r,
                Err(Failure::Stale) => Vec::new(),
                Err(f) => return Err(f),
            };
            if let Some(t) = text
                && let Some(first) = replies.first_mut()
            {
                first.text = format!("{t}\n{}", first.text);
            }
            for r in &mut replies {
                r.locale = loc;
            }
            Ok::<_, Failure>(replies)
        };
        match ended.await {
            Ok(r) => r,
            Err(f) => {
                tracing::error!(game = game_id, failure = ?f, "ending a league game failed");
                Vec::new()
            }
        }
    }

    async fn league_withdraw(&self, loc: Locale, by: &Actor, l: LeagueRow) -> Handled {
        let players = self.inner.store.league_players(l.id).await?;
        let Some(me) = players.iter().find(|p| p.player_id == by.id) else {
            return Err(user("not_allowed", msg::league_not_member(loc, &l.name)));
        };
        if me.withdrawal.is_some() {
            return Err(user("not_allowed", msg::league_not_member(loc, &l.name)));
        }
        let games = self.inner.store.league_games(l.id).await?;
        let mine: Vec<&LeagueGameRow> = games
            .iter()
            .filter(|g| g.white_id == by.id || g.black_id == by.id)
            .collect();
        let played = mine
            .iter()
            .filter(|g| g.result.as_deref().and_then(Score::from_result).is_some())
            .count();
        // At least half played: the rest are lost by forfeit; else the
        // player's games are struck from the table (docs/RULES.md).
        let forfeit = played * 2 >= mine.len();
        let kind = if forfeit { "forfeit" } else { "annulled" };
        if !self
            .inner
            .store
            .withdraw_from_league(l.id, &by.id, kind)
            .await?
        {
            return Err(user("not_allowed", msg::league_not_member(loc, &l.name)));
        }
        let text = if forfeit {
            msg::league_withdrew_forfeit(loc, &by.name, &l.name)
        } else {
            msg::league_withdrew_annulled(loc, &by.name, &l.name)
        };
        let mut out = Vec::new();
        for g in mine {
            if g.status != crate::store::STATUS_ACTIVE {
                continue;
            }
            let loser = if forfeit {
                Some(if g.white_id == by.id {
                    Color::White
                } else {
                    Color::Black
                })
            } else {
                None
            };
            out.extend(
                self.end_league_game(g.game_id, loser, Some(text.clone()))
                    .await,
            );
        }
        let players = self.inner.store.league_players(l.id).await?;
        let mut r = reply(&league_place(&l), text);
        r.event = Some(league_event(l.id, &l.name, &l.state, &players));
        out.insert(0, r);
        // Games lost by forfeit bring their standings with them (see
        // `after_league_games`); struck and aborted games do not, and may
        // have been the league's last.
        if !forfeit {
            out.extend(self.league_progress(l.id).await);
        }
        Ok(out)
    }

    /// After replies that end games: for each league game among them, the
    /// league's standings in its channel, and the final standings when it
    /// was the league's last game. Called once per batch of replies by
    /// whoever ended the games (the command, or the announcer).
    pub(super) async fn after_league_games(&self, replies: &mut Vec<Reply>) {
        let mut leagues = Vec::new();
        for r in replies.iter() {
            if !matches!(r.event, Some(Event::End { .. })) {
                continue;
            }
            let Some(f) = &r.follow_up else { continue };
            match self.inner.store.league_of_game(f.game).await {
                Ok(Some(id)) if !leagues.contains(&id) => leagues.push(id),
                Ok(_) => {}
                Err(e) => tracing::error!(game = f.game, error = %e, "loading a game's league"),
            }
        }
        for id in leagues {
            let mut more = self.league_progress(id).await;
            replies.append(&mut more);
        }
    }

    /// The standings of league `id` after a game ended; the final
    /// standings (once, by the process that ends the league) when none is
    /// left running.
    async fn league_progress(&self, id: i64) -> Vec<Reply> {
        let made = async {
            let Some(l) = self.inner.store.league(id).await? else {
                return Ok(Vec::new());
            };
            if l.state != LEAGUE_RUNNING {
                return Ok(Vec::new());
            }
            let place = league_place(&l);
            let loc = self.channel_locale(&place).await.unwrap_or_default();
            let now = ms(self.now());
            let table = self.league_table(&l).await?;
            let done = table.finished >= table.games;
            if done
                && self
                    .inner
                    .store
                    .end_league(l.id, LEAGUE_RUNNING, LEAGUE_FINISHED, now)
                    .await?
            {
                let mut l = l;
                l.state = LEAGUE_FINISHED.to_string();
                let winners: Vec<&str> = table
                    .rows
                    .iter()
                    .filter(|r| r.rank == 1)
                    .map(|r| r.player.as_str())
                    .collect();
                let mut head = reply(&place, msg::league_over(loc, &l.name, &winners.join(", ")));
                let players = self.inner.store.league_players(l.id).await?;
                head.event = Some(league_event(l.id, &l.name, LEAGUE_FINISHED, &players));
                head.mentions = players
                    .iter()
                    .filter(|p| winners.contains(&p.player_name.as_str()))
                    .map(actor)
                    .collect();
                let standings = self.standings_reply(loc, &l, &table, true, true);
                return Ok::<_, Failure>(vec![head, standings]);
            }
            if done {
                return Ok(Vec::new());
            }
            Ok(vec![self.standings_reply(loc, &l, &table, false, false)])
        };
        match made.await {
            Ok(mut r) => {
                for x in &mut r {
                    if let Some(p) = self.channel_locale(&x.place).await {
                        x.locale = p;
                    }
                }
                r
            }
            Err(f) => {
                tracing::error!(league = id, failure = ?f, "league standings failed");
                Vec::new()
            }
        }
    }

    /// Whether game `id` belongs to a league (league games cannot be
    /// aborted, and lose on time even before the first move).
    pub(super) async fn is_league_game(&self, id: i64) -> bool {
        matches!(self.inner.store.league_of_game(id).await, Ok(Some(_)))
    }

    /// Refuses `abort` in a league game.
    pub(super) async fn refuse_league_abort(&self, loc: Locale, game: i64) -> Result<(), Failure> {
        if self.is_league_game(game).await {
            return Err(user("not_allowed", msg::league_no_abort(loc)));
        }
        Ok(())
    }

    /// Starts the open leagues of `platform` whose start time has come
    /// (part of [`GameService::claim_due`]); with fewer than three players
    /// the league stays open without a start time, and the channel is told.
    pub(super) async fn claim_league_starts(
        &self,
        platform: Option<&str>,
        now: i64,
        room: i64,
    ) -> Vec<DueAnnouncement> {
        let due = match self.inner.store.due_leagues(platform, now, room).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "loading leagues due to start failed");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for l in due {
            let place = league_place(&l);
            let loc = self.channel_locale(&place).await.unwrap_or_default();
            let replies = match self.league_start(loc, &l).await {
                Ok(r) => r,
                Err(Failure::User { .. }) => {
                    // Too few players: stays open, started by command.
                    if let Err(e) = self.inner.store.set_league_start(l.id, None).await {
                        tracing::error!(league = l.id, error = %e, "clearing a start time failed");
                        continue;
                    }
                    let players = self
                        .inner
                        .store
                        .league_players(l.id)
                        .await
                        .unwrap_or_default();
                    let mut r = reply(
                        &place,
                        msg::league_start_postponed(loc, &l.name, players.len() as i64),
                    );
                    r.event = Some(league_event(l.id, &l.name, LEAGUE_OPEN, &players));
                    vec![r]
                }
                Err(f) => {
                    tracing::error!(league = l.id, failure = ?f, "starting a league failed");
                    continue;
                }
            };
            let replies = replies
                .into_iter()
                .map(|mut r| {
                    r.locale = loc;
                    r
                })
                .collect();
            // Not in the outbox: the start itself is the guarded change;
            // acknowledging id 0 touches nothing.
            out.push(DueAnnouncement {
                id: 0,
                replies,
                challenge: false,
                puzzle: false,
            });
        }
        out
    }
}

fn actor(p: &LeaguePlayerRow) -> Actor {
    Actor {
        id: p.player_id.clone(),
        name: p.player_name.clone(),
    }
}

fn league_event(id: i64, name: &str, state: &str, players: &[LeaguePlayerRow]) -> Event {
    Event::League(LeagueEvent {
        league: id,
        name: name.to_string(),
        state: state.to_string(),
        players: players
            .iter()
            .filter(|p| p.withdrawal.as_deref() != Some("annulled"))
            .map(|p| p.player_name.clone())
            .collect(),
    })
}

fn not_manager(loc: Locale, l: &LeagueRow) -> Failure {
    user("not_allowed", msg::league_not_manager(loc, &l.creator_name))
}

fn started(loc: Locale, l: &LeagueRow) -> Failure {
    user("league_started", msg::league_already_started(loc, &l.name))
}

#[cfg(test)]
#[path = "leagues_tests.rs"]
mod tests;
