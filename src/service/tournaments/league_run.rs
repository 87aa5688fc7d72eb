//! A league's run: its round robin started at once (`league start`, or
//! at `starts` through the announcer), the standings (asked for, after
//! every league game that ends, and the final ones when the last one
//! does), and the league games that a cancel or a withdrawal ends. The
//! commands that lead there are in `leagues.rs`.

use super::game::{Failure, GameService, Handled, key, ms, reply, user};
use super::league_places::{StartedGame, league_game_start};
use super::league_table::{Score, Table, pairings};
use super::leagues::{
    LEAGUE_MIN_PLAYERS, actor, league_event, league_game_channel, league_place, started,
};
use super::{Actor, DueAnnouncement, Event, Place, Reply, messages as msg};
use crate::chess::{Color, Outcome, Termination, Variant};
use crate::i18n::Locale;
use crate::store::{
    FORMAT_SWISS, GameGroup, LEAGUE_FINISHED, LEAGUE_OPEN, LEAGUE_RUNNING, LeagueGameRow,
    LeaguePlayerRow, LeagueRow, NewGame, StoreError,
};

/// The ids the store gave the games of `l` as it started them: another
/// start came first (`Stale`), or another game holds the league's place
/// (`Busy`).
pub(in crate::service) fn started_games(
    loc: Locale,
    l: &LeagueRow,
    stored: Result<Vec<i64>, StoreError>,
) -> Result<Vec<i64>, Failure> {
    match stored {
        Ok(ids) => Ok(ids),
        Err(StoreError::Stale) => Err(started(loc, l)),
        Err(StoreError::Busy) => Err(user(
            "game_in_progress",
            msg::league_place_busy(loc, &l.name),
        )),
        Err(e) => Err(e.into()),
    }
}

impl GameService {
    /// Starts an open league: every game of the round robin at once, each
    /// in its own place. Fewer than three players: `not_allowed`.
    pub(in crate::service) async fn league_start(&self, loc: Locale, l: &LeagueRow) -> Handled {
        if l.format == FORMAT_SWISS {
            return self.swiss_start(loc, l).await;
        }
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
        // A Chess960 league draws a position per pairing.
        let (_, variant) = super::league960::league_rules(&l.rules);
        let table = pairings(players.len(), cycles);
        let positions = super::league960::draw_league_positions(variant, &table);
        let mut games = Vec::new();
        for (i, (cycle, _round, w, b)) in table.into_iter().enumerate() {
            let number = i as i64 + 1;
            let position = positions.get(i).copied().flatten();
            let g = self
                .new_league_game(l, number, (&players[w], &players[b]), position, now)
                .await?;
            games.push((number, cycle as i64, g));
        }
        let clocked = !super::league_places::adapter_opens_places(&l.platform);
        let stored = self
            .inner
            .store
            .start_league(l.id, now, &games, clocked)
            .await;
        let ids = started_games(loc, l, stored)?;
        if clocked {
            for (_, _, g) in &games {
                self.note_due(g.remind_at);
            }
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
        if !clocked {
            // The adapter opens each game's place and posts its start there
            // (`league_places.rs`); until then no clock runs.
            return Ok(out);
        }
        let started: Vec<(i64, NewGame)> = games.into_iter().map(|(n, _, g)| (n, g)).collect();
        out.extend(league_game_starts(loc, l, &started, &ids, None, now));
        Ok(out)
    }

    /// League game `number` of `l` between `pair` (white, black), at its
    /// placeholder, with the clock it gets when it starts now; `position`
    /// is its Chess960 start, drawn by the caller.
    pub(in crate::service) async fn new_league_game(
        &self,
        l: &LeagueRow,
        number: i64,
        pair: (&LeaguePlayerRow, &LeaguePlayerRow),
        position: Option<u32>,
        now: i64,
    ) -> Result<NewGame, Failure> {
        let (white, black) = pair;
        let (rules, variant) = super::league960::league_rules(&l.rules);
        // A thematic league's fixed start wins over a drawn position.
        let (start_fen, position) = match super::league_setup::league_fixed_start(l, variant) {
            Some((fen, number)) => (fen, number),
            None => (
                super::league960::league_start_fen(position, rules.parse().unwrap_or_default()),
                position,
            ),
        };
        let first = if super::league_setup::black_to_move(&start_fen) {
            black
        } else {
            white
        };
        let bank = super::banks::stored_bank(l.bank_ms, l.increment_ms);
        let (deadline_at, remind_at) = self
            .turn_start(
                &l.platform,
                &first.player_id,
                now,
                l.days,
                bank.map(|b| b.bank_ms),
                l.vacation_stops == 1,
            )
            .await?;
        let mut place = key(&league_place(l));
        place.channel = league_game_channel(l.id, number);
        let players = [
            (&*white.player_id, &*white.player_name),
            (&*black.player_id, &*black.player_name),
        ];
        Ok(NewGame {
            start_fen,
            rules,
            rated: l.rated == 1,
            variant: variant.as_str().to_string(),
            start_position: position.map(i64::from),
            bank,
            vacation_stops: l.vacation_stops == 1,
            ..NewGame::between(place, players, l.days, (deadline_at, remind_at), now)
        })
    }

    /// `league withdraw`: a round robin's player loses the games left
    /// (or, before half of them were played, is struck from the table);
    /// a Swiss's player loses the game running and leaves the pairings.
    pub(in crate::service) async fn league_withdraw(
        &self,
        loc: Locale,
        by: &Actor,
        l: LeagueRow,
    ) -> Handled {
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
        // player's games are struck from the table (docs/RULES.md). A
        // Swiss keeps every game: the player leaves the next pairings and
        // loses the game running.
        let swiss = l.format == FORMAT_SWISS;
        let forfeit = swiss || played * 2 >= mine.len();
        let kind = if forfeit { "forfeit" } else { "annulled" };
        if !self
            .inner
            .store
            .withdraw_from_league(l.id, &by.id, kind)
            .await?
        {
            return Err(user("not_allowed", msg::league_not_member(loc, &l.name)));
        }
        let text = if swiss {
            msg::swiss_withdrew(loc, &by.name, &l.name)
        } else if forfeit {
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

    /// Ends one running league game: `loser` resigns (forfeit), or with
    /// `None` the game is aborted. Posts its end in its place; the league's
    /// own replies are the caller's.
    pub(in crate::service) async fn end_league_game(
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

    /// After replies that end games: for each league game among them, the
    /// league's standings in its channel, and the final standings when it
    /// was the league's last game. Called once per batch of replies by
    /// whoever ended the games (the command, or the announcer).
    pub(in crate::service) async fn after_league_games(&self, replies: &mut Vec<Reply>) {
        for id in self.groups_of_ended(GameGroup::League, replies).await {
            let mut more = self.league_progress(id).await;
            replies.append(&mut more);
        }
    }

    /// The leagues or matches (as `group` says) of the games that ended
    /// among `replies` (their `end` posts), each once.
    pub(in crate::service) async fn groups_of_ended(
        &self,
        group: GameGroup,
        replies: &[Reply],
    ) -> Vec<i64> {
        let mut ids = Vec::new();
        for r in replies {
            if !matches!(r.event, Some(Event::End { .. })) {
                continue;
            }
            let Some(f) = &r.follow_up else { continue };
            match self.inner.store.group_of_game(group, f.game).await {
                Ok(Some(id)) if !ids.contains(&id) => ids.push(id),
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(game = f.game, ?group, error = %e, "loading a game's group");
                }
            }
        }
        ids
    }

    /// The standings of league `id` after a game ended; the final
    /// standings (once, by the process that ends the league) when none is
    /// left running.
    pub(in crate::service) async fn league_progress(&self, id: i64) -> Vec<Reply> {
        let made = async {
            let Some(l) = self.inner.store.league(id).await? else {
                return Ok(Vec::new());
            };
            if l.state != LEAGUE_RUNNING {
                return Ok(Vec::new());
            }
            if l.format == FORMAT_SWISS {
                return self.swiss_progress(l).await;
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
                let players = self.inner.store.league_players(l.id).await?;
                return Ok::<_, Failure>(
                    self.league_over_posts(loc, &place, l, &table, &players, None),
                );
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

    /// The posts of league `l` just ended (by the store): in `place`, who
    /// won (after `why` it ended early, if it did), the winners pinged,
    /// then the final standings.
    pub(in crate::service) fn league_over_posts(
        &self,
        loc: Locale,
        place: &Place,
        mut l: LeagueRow,
        table: &Table,
        players: &[LeaguePlayerRow],
        why: Option<String>,
    ) -> Vec<Reply> {
        l.state = LEAGUE_FINISHED.to_string();
        let winners: Vec<&str> = table
            .rows
            .iter()
            .filter(|r| r.rank == 1)
            .map(|r| r.player.as_str())
            .collect();
        let mut text = msg::league_over(loc, &l.name, &winners.join(", "));
        if let Some(why) = why {
            text = format!("{why}\n{text}");
        }
        let mut head = reply(place, text);
        head.event = Some(league_event(l.id, &l.name, LEAGUE_FINISHED, players));
        head.mentions = players
            .iter()
            .filter(|p| winners.contains(&p.player_name.as_str()))
            .map(actor)
            .collect();
        let standings = self.standings_reply(loc, &l, table, true, true);
        vec![head, standings]
    }

    /// Starts the open leagues of `platform` whose start time has come
    /// (part of [`GameService::claim_due`]); with fewer than three players
    /// the league stays open without a start time, and the channel is told.
    pub(in crate::service) async fn claim_league_starts(
        &self,
        platform: Option<&str>,
        now: i64,
        room: i64,
    ) -> Vec<DueAnnouncement> {
        let mut out = super::league_expiry::close_stale_leagues(self, platform, now, room).await;
        let room = room - out.len() as i64;
        if room <= 0 {
            return out;
        }
        let due = match self.inner.store.due_leagues(platform, now, room).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(error = %e, "loading leagues due to start failed");
                return out;
            }
        };
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

/// The start posts of league games `games` (number, game) with their ids,
/// each in its placeholder (the console plays them there); `round` is a
/// Swiss round's number (its games are its boards, in order).
pub(in crate::service) fn league_game_starts(
    loc: Locale,
    l: &LeagueRow,
    games: &[(i64, NewGame)],
    ids: &[i64],
    round: Option<i64>,
    now: i64,
) -> Vec<Reply> {
    let here = league_place(l);
    games
        .iter()
        .zip(ids)
        .enumerate()
        .map(|(board, ((number, g), id))| {
            let pairing = match round {
                Some(round) => crate::store::GamePairing::Swiss {
                    name: l.name.clone(),
                    round,
                    board: board as i64 + 1,
                },
                None => crate::store::GamePairing::League {
                    name: l.name.clone(),
                    number: *number,
                },
            };
            let mut place = here.clone();
            place.channel = league_game_channel(l.id, *number);
            let variant = if g.variant == Variant::Chess960.as_str() {
                Variant::Chess960
            } else {
                Variant::Standard
            };
            league_game_start(
                loc,
                l,
                &place,
                StartedGame {
                    id: *id,
                    title: msg::game_title(loc, *id, Some(&pairing)),
                    white: Actor {
                        id: g.white_id.clone(),
                        name: g.white_name.clone(),
                    },
                    black: Actor {
                        id: g.black_id.clone(),
                        name: g.black_name.clone(),
                    },
                    start_fen: g.start_fen.clone(),
                    variant,
                    position: g.start_position,
                    deadline_at: g.deadline_at,
                },
                now,
            )
        })
        .collect()
}
