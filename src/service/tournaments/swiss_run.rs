//! A Swiss's run: its start (round 1 paired at once), each later round
//! paired by the FIDE Dutch system when every game of the last one has
//! ended, late entries, the final standings, and its tournament report
//! (`league export format:trf`). Its games start in their own places
//! exactly as league games do (`league_places.rs`); the commands that lead
//! here are in `leagues.rs`.

use super::game::{Failure, GameService, Handled, key, ms, reply, user};
use super::league_run::{league_game_starts, started_games};
use super::leagues::{actor, joined, league_event, league_place};
use super::swiss_table::{SWISS_MIN_PLAYERS, SwissView, round_position, swiss_rounds};
use super::{Actor, Attachment, AttachmentKind, Event, Reply, messages as msg};
use crate::i18n::Locale;
use crate::service::community::Community;
use crate::store::{
    BYE_PAIRING, FORMAT_SWISS, LEAGUE_FINISHED, LEAGUE_RUNNING, LeaguePlayerRow, LeagueRow,
    NewGame, NewRound, StoreError,
};
use crate::swiss::dutch::{PairingError, pair};
use crate::swiss::trf::{Entry, Header, report};

/// A round paired and ready to insert: the games in board order and the
/// store's round.
struct PairedRound {
    round: NewRound,
    bye: Option<String>,
}

impl GameService {
    /// Starts an open Swiss: the number of rounds fixed, each player's
    /// rating kept for the initial order, and round 1 paired and started.
    pub(in crate::service) async fn swiss_start(&self, loc: Locale, l: &LeagueRow) -> Handled {
        let mut players = self.inner.store.league_players(l.id).await?;
        if players.len() < SWISS_MIN_PLAYERS as usize {
            return Err(user(
                "not_allowed",
                msg::swiss_too_few(loc, &l.name, players.len() as i64),
            ));
        }
        let rounds = swiss_rounds(l.rounds, players.len());
        let mut ratings = Vec::with_capacity(players.len());
        for p in &mut players {
            p.rating = self.league_rating(l, &p.player_id).await?;
            ratings.push((p.player_id.clone(), p.rating));
        }
        let now = ms(self.now());
        let view = SwissView::new(&players, &[], &[]);
        let paired = match self
            .pair_swiss_round(l, &players, &view, rounds, now)
            .await?
        {
            Ok(p) => p,
            Err(_) => return Err(user("not_allowed", msg::swiss_no_pairing(loc, &l.name, 1))),
        };
        let clocked = !super::league_places::adapter_opens_places(&l.platform);
        let stored = self
            .inner
            .store
            .start_swiss(l.id, now, rounds, &ratings, &paired.round, clocked)
            .await;
        let ids = started_games(loc, l, stored)?;
        let mut l = l.clone();
        l.rounds = rounds;
        l.state = LEAGUE_RUNNING.to_string();
        let head = msg::swiss_started(loc, &l.name, l.id, players.len() as i64, rounds);
        Ok(self.round_replies(loc, &l, &players, &paired, &ids, head, clocked, now))
    }

    /// The posts of a round just inserted: its pairings in the league's
    /// channel (a `league` event, so adapters open the games' places), and
    /// on the console each game's start in its place.
    #[allow(clippy::too_many_arguments)]
    fn round_replies(
        &self,
        loc: Locale,
        l: &LeagueRow,
        players: &[LeaguePlayerRow],
        paired: &PairedRound,
        ids: &[i64],
        head: String,
        clocked: bool,
        now: i64,
    ) -> Vec<Reply> {
        let mut lines = vec![
            head,
            msg::swiss_round(loc, &l.name, paired.round.round, l.rounds),
        ];
        for (board, (_, g)) in paired.round.games.iter().enumerate() {
            lines.push(msg::swiss_pairing(
                loc,
                board as i64 + 1,
                &g.white_name,
                &g.black_name,
            ));
        }
        let bye = paired
            .bye
            .as_ref()
            .and_then(|id| players.iter().find(|p| &p.player_id == id));
        if let Some(p) = bye {
            lines.push(msg::swiss_bye(loc, &p.player_name));
        }
        let mut r = reply(&league_place(l), lines.join("\n"));
        r.event = Some(league_event(l.id, &l.name, LEAGUE_RUNNING, players));
        r.mentions = players
            .iter()
            .filter(|p| {
                paired
                    .round
                    .games
                    .iter()
                    .any(|(_, g)| g.white_id == p.player_id || g.black_id == p.player_id)
                    || bye.is_some_and(|b| b.player_id == p.player_id)
            })
            .map(actor)
            .collect();
        r.locale = loc;
        let mut out = vec![r];
        if clocked {
            for (_, g) in &paired.round.games {
                self.note_due(g.remind_at);
            }
            out.extend(league_game_starts(
                loc,
                l,
                &paired.round.games,
                ids,
                Some(paired.round.round),
                now,
            ));
        }
        out
    }

    /// The rating a player brings to the initial order: their rating in
    /// the league's community and variant, 0 when they have none.
    async fn league_rating(&self, l: &LeagueRow, player: &str) -> Result<i64, Failure> {
        let (_, variant) = super::league960::league_rules(&l.rules);
        let community = Community::of(&l.platform, &l.guild, &l.channel).key();
        let pool = super::chess960::rating_pool(community, variant);
        let row = self.inner.store.rating(&pool, player).await?;
        Ok(row.map_or(0, |r| r.rating.round() as i64))
    }

    /// Pairs the next round of `view` (round 1 for a fresh one) and makes
    /// its games; the inner error says no pairing keeps the rules.
    async fn pair_swiss_round(
        &self,
        l: &LeagueRow,
        players: &[LeaguePlayerRow],
        view: &SwissView,
        rounds: i64,
        now: i64,
    ) -> Result<Result<PairedRound, PairingError>, Failure> {
        let total = usize::try_from(rounds).unwrap_or(1);
        let pairing = match pair(&view.history, total) {
            Ok(p) => p,
            Err(e) => return Ok(Err(e)),
        };
        let round = view.round as i64 + 1;
        let (_, variant) = super::league960::league_rules(&l.rules);
        let position = round_position(variant);
        let games_so_far = self.inner.store.league_games(l.id).await?.len() as i64;
        let mut games: Vec<(i64, NewGame)> = Vec::with_capacity(pairing.games.len());
        for (board, (w, b)) in pairing.games.iter().enumerate() {
            let number = games_so_far + board as i64 + 1;
            let (white, black) = (&players[view.order[*w]], &players[view.order[*b]]);
            let g = self
                .new_league_game(l, number, (white, black), position, now)
                .await?;
            games.push((number, g));
        }
        let bye = pairing
            .bye
            .map(|k| players[view.order[k]].player_id.clone());
        let byes = bye
            .iter()
            .map(|id| (id.clone(), BYE_PAIRING.to_string()))
            .collect();
        Ok(Ok(PairedRound {
            round: NewRound { round, games, byes },
            bye,
        }))
    }

    /// After a game of a running Swiss ended: nothing while its round
    /// runs (the standings come once a round; `league standings` shows
    /// them any time); when it was the round's last game, the standings
    /// and the next round paired and started, or the final standings
    /// after the last round (or when no pairing keeps the rules).
    pub(in crate::service) async fn swiss_progress(
        &self,
        l: LeagueRow,
    ) -> Result<Vec<Reply>, Failure> {
        let place = league_place(&l);
        let loc = self.channel_locale(&place).await.unwrap_or_default();
        let store = &self.inner.store;
        let players = store.league_players(l.id).await?;
        let games = store.league_games(l.id).await?;
        let byes = store.league_byes(l.id).await?;
        let view = SwissView::new(&players, &games, &byes);
        let order = super::league_setup::league_tiebreaks(&l);
        let table = view.table(&players, usize::try_from(l.rounds).unwrap_or(0), &order);
        if view.running > 0 {
            return Ok(Vec::new());
        }
        let now = ms(self.now());
        let mut ending = None;
        if view.round < usize::try_from(l.rounds).unwrap_or(0) {
            match self
                .pair_swiss_round(&l, &players, &view, l.rounds, now)
                .await?
            {
                Ok(paired) => {
                    let clocked = !super::league_places::adapter_opens_places(&l.platform);
                    return match store.insert_swiss_round(l.id, &paired.round, clocked).await {
                        Ok(ids) => {
                            let standings = self.standings_reply(loc, &l, &table, false, false);
                            let mut out = vec![standings];
                            out.extend(self.round_replies(
                                loc,
                                &l,
                                &players,
                                &paired,
                                &ids,
                                String::new(),
                                clocked,
                                now,
                            ));
                            if let Some(first) = out.get_mut(1) {
                                first.text = first.text.trim_start().to_string();
                            }
                            Ok(out)
                        }
                        // Another process paired it (or a game came back).
                        Err(StoreError::Busy | StoreError::Stale) => Ok(Vec::new()),
                        Err(e) => Err(e.into()),
                    };
                }
                Err(_) => {
                    ending = Some(msg::swiss_no_pairing(loc, &l.name, view.round as i64 + 1));
                }
            }
        }
        if !store
            .end_league(l.id, LEAGUE_RUNNING, LEAGUE_FINISHED, now)
            .await?
        {
            return Ok(Vec::new());
        }
        Ok(self.league_over_posts(loc, &place, l, &table, &players, ending))
    }

    /// `league join` on a running Swiss: a late entry with zero-point
    /// byes for the rounds already paired, in the next pairing.
    pub(in crate::service) async fn swiss_late_join(
        &self,
        loc: Locale,
        place: &super::Place,
        by: &Actor,
        l: LeagueRow,
    ) -> Handled {
        let store = &self.inner.store;
        let games = store.league_games(l.id).await?;
        let byes = store.league_byes(l.id).await?;
        let missed = games
            .iter()
            .map(|g| g.cycle)
            .chain(byes.iter().map(|b| b.round))
            .max()
            .unwrap_or(0);
        if missed >= l.rounds {
            return Err(user("league_started", msg::swiss_too_late(loc, &l.name)));
        }
        let rating = self.league_rating(&l, &by.id).await?;
        let now = ms(self.now());
        let outcome = store
            .join_running_swiss(l.id, (&by.id, &by.name), rating, missed, now)
            .await;
        joined(loc, &l, outcome)?;
        let players = store.league_players(l.id).await?;
        let mut r = reply(
            place,
            msg::swiss_late_joined(loc, &by.name, &l.name, missed),
        );
        r.event = Some(league_event(l.id, &l.name, &l.state, &players));
        Ok(vec![r])
    }

    /// `league export format:trf`: the tournament report of a Swiss, as
    /// text (the `export` event) and as a file.
    pub(in crate::service) async fn swiss_export(
        &self,
        loc: Locale,
        place: &super::Place,
        l: &LeagueRow,
        format: &str,
    ) -> Handled {
        let format = format.trim().to_ascii_lowercase();
        if format != "trf" {
            return Err(user(
                "invalid_option",
                msg::bad_option_value(loc, "format", &format),
            ));
        }
        if l.format != FORMAT_SWISS {
            return Err(user("not_allowed", msg::swiss_export_only(loc, &l.name)));
        }
        let store = &self.inner.store;
        let players = store.league_players(l.id).await?;
        let games = store.league_games(l.id).await?;
        let byes = store.league_byes(l.id).await?;
        let view = SwissView::new(&players, &games, &byes);
        let date = |t: i64| super::game::from_ms(t).format("%Y/%m/%d").to_string();
        // Line 132's date of each round: when its first game was created
        // (a round of byes alone keeps the date of the round before).
        let mut round_dates: Vec<String> = Vec::new();
        for r in 1..=view.round {
            let first = games
                .iter()
                .filter(|g| usize::try_from(g.cycle).is_ok_and(|c| c == r))
                .map(|g| g.created_at)
                .min();
            let d = first.map_or_else(
                || round_dates.last().cloned().unwrap_or_default(),
                |t| super::game::from_ms(t).format("%y/%m/%d").to_string(),
            );
            round_dates.push(d);
        }
        let header = Header {
            name: l.name.clone(),
            start: date(l.started_at.unwrap_or(l.created_at)),
            end: l.ended_at.map(date),
            rounds: usize::try_from(l.rounds).unwrap_or(0),
            time_control: format!("{} days per move (correspondence)", l.days),
            round_dates,
        };
        let entries: Vec<Entry> = view
            .order
            .iter()
            .map(|&i| Entry {
                name: players[i].player_name.clone(),
                rating: u32::try_from(players[i].rating).unwrap_or(0),
            })
            .collect();
        let order = super::league_setup::league_tiebreaks(l);
        let text = report(&header, &view.history, &entries, &view.standings(&order));
        let mut r = reply(place, msg::swiss_export(loc, &l.name, l.id));
        r.files = vec![Attachment {
            kind: AttachmentKind::Report,
            filename: format!("league-{}.trf", l.id),
            bytes: std::sync::Arc::new(text.clone().into_bytes()),
            alt: None,
        }];
        r.event = Some(Event::Export {
            league: l.id,
            format,
            text,
        });
        let _ = key(place);
        Ok(vec![r])
    }
}
