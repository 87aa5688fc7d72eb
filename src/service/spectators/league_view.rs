//! A league as its spectator page shows it ([`WatchedLeague`]): the
//! standings (the table the `standings` picture draws), every game with
//! its state and page, the pairings still to play.

use super::super::community::Community;
use super::super::game::GameService;
use super::super::league_table::{StandingsRow, table_of};
use super::{fresh_token, is_watch_token, public_place};
use crate::store::{LeagueRow, STATUS_ACTIVE};

/// One game of a watched league.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WatchedLeagueGame {
    /// The game's number in its league.
    pub number: i64,
    /// 1, or 2 in the second cycle of a double round robin.
    pub cycle: i64,
    pub white: String,
    pub black: String,
    /// The result once over (`*`: aborted), else `None`.
    pub result: Option<String>,
    /// Struck from the table by a withdrawal.
    pub annulled: bool,
    /// The token of the game's page, when it may be watched.
    pub token: Option<String>,
}

/// A pairing not played to its end yet.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WatchedPairing {
    pub number: i64,
    pub white: String,
    pub black: String,
}

/// Everything a league's page shows.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WatchedLeague {
    pub league: i64,
    /// User text: escape it.
    pub name: String,
    /// `open`, `running`, `finished` or `cancelled`.
    pub state: String,
    pub days: i64,
    pub rated: bool,
    /// Players by seat (cleaned names).
    pub players: Vec<String>,
    pub standings: Vec<StandingsRow>,
    pub games: Vec<WatchedLeagueGame>,
    pub to_play: Vec<WatchedPairing>,
}

impl GameService {
    /// Whether a league's place may have pages now (reads only).
    async fn league_pages_on(&self, l: &LeagueRow) -> bool {
        if !public_place(&l.platform, &l.guild, &l.channel) {
            return false;
        }
        let community = Community::of(&l.platform, &l.guild, &l.channel).key();
        self.inner
            .store
            .spectator_pages(&community)
            .await
            .unwrap_or(false)
    }

    /// The token of a league's page (made now if it has none), when its
    /// place may have pages.
    pub(in crate::service) async fn league_token(&self, l: &LeagueRow) -> Option<String> {
        if !self.league_pages_on(l).await {
            return None;
        }
        self.inner
            .store
            .league_watch_token(l.id, &fresh_token()?)
            .await
            .ok()?
    }

    /// The watch link of league `id`, when pages are served.
    pub(in crate::service) async fn league_watch_link(&self, id: i64) -> Option<String> {
        let base = self.areas.spectators.watch_base.get()?;
        let row = self.inner.store.league(id).await.ok()??;
        let token = self.league_token(&row).await?;
        Some(format!("{base}/l/{token}"))
    }

    /// The page of the league whose token is `token` (`None` as for
    /// [`GameService::watched_game`]).
    ///
    /// # Errors
    /// Database failures.
    pub async fn watched_league(
        &self,
        token: &str,
    ) -> Result<Option<WatchedLeague>, super::super::ServiceError> {
        if !is_watch_token(token) {
            return Ok(None);
        }
        let Some(l) = self.inner.store.league_by_watch_token(token).await? else {
            return Ok(None);
        };
        // Reading a page writes nothing: the league's token was made when
        // it was announced, its games' when they started.
        if !self.league_pages_on(&l).await {
            return Ok(None);
        }
        let tokens: std::collections::HashMap<i64, String> = self
            .inner
            .store
            .league_game_watch_tokens(l.id)
            .await?
            .into_iter()
            .collect();
        let players = self.inner.store.league_players(l.id).await?;
        let rows = self.inner.store.league_games(l.id).await?;
        let table = table_of(&players, &rows);
        // A player who hid their name (`settings pagename:hidden`) is
        // "Player N" by seat order; unknown counts as hidden.
        let mut shown_names = Vec::with_capacity(players.len());
        for (i, p) in players.iter().enumerate() {
            let hidden = self
                .inner
                .store
                .page_name_hidden(&l.platform, &p.player_id)
                .await
                .unwrap_or(true);
            shown_names.push(if hidden {
                format!("Player {}", i + 1)
            } else {
                super::super::Actor {
                    id: p.player_id.clone(),
                    name: p.player_name.clone(),
                }
                .cleaned()
                .name
            });
        }
        let name_of = |id: &str| {
            players
                .iter()
                .position(|p| p.player_id == id)
                .map_or_else(|| "?".to_string(), |i| shown_names[i].clone())
        };
        let mut games = Vec::with_capacity(rows.len());
        let mut to_play = Vec::new();
        for g in &rows {
            let token = tokens.get(&g.game_id).cloned();
            let (white, black) = (name_of(&g.white_id), name_of(&g.black_id));
            if g.status == STATUS_ACTIVE && g.annulled == 0 {
                to_play.push(WatchedPairing {
                    number: g.number,
                    white: white.clone(),
                    black: black.clone(),
                });
            }
            games.push(WatchedLeagueGame {
                number: g.number,
                cycle: g.cycle,
                white,
                black,
                result: g.result.clone().filter(|_| g.status != STATUS_ACTIVE),
                annulled: g.annulled != 0,
                token,
            });
        }
        let standings = table
            .rows
            .into_iter()
            .map(|mut r| {
                r.player = match players.iter().position(|p| p.player_name == r.player) {
                    Some(i) => shown_names[i].clone(),
                    None => {
                        super::super::Actor {
                            id: String::new(),
                            name: r.player,
                        }
                        .cleaned()
                        .name
                    }
                };
                r
            })
            .collect();
        Ok(Some(WatchedLeague {
            league: l.id,
            name: l.name.clone(),
            state: l.state.clone(),
            days: l.days,
            rated: l.rated == 1,
            players: players.iter().map(|p| name_of(&p.player_id)).collect(),
            standings,
            games,
            to_play,
        }))
    }
}
