//! A game as its spectator page shows it ([`WatchedGame`]), found by its
//! watch token, and the watch link of a game the service announces.

use chrono::{DateTime, Utc};

use super::super::community::Community;
use super::super::game::{GameService, Loaded, from_ms};
use super::super::{AnalysisEvent, OpeningEvent};
use super::{fresh_token, is_watch_token, public_place};
use crate::chess::{Color, Game};
use crate::store::{GameGroup, GameRow};

/// One player of a watched game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WatchedSeat {
    /// The display name, cleaned of control and bidi characters (still
    /// user text: escape it).
    pub name: String,
    /// The rating now (running game), or before the game (finished rated
    /// game); `None` before a first rated game.
    pub rating: Option<i64>,
    /// The rating after a finished rated game.
    pub rating_after: Option<i64>,
    /// Whether the player hid their name (`settings pagename:hidden`):
    /// `name` is then "White player" or "Black player".
    #[serde(skip)]
    pub hidden: bool,
}

/// One move of a watched game with the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WatchedPly {
    pub san: String,
    /// The move's squares, as UCI (`e2e4`; king takes rook in Chess960).
    pub uci: String,
    /// The position after the move.
    pub fen: String,
    /// Whether the move gives check.
    pub check: bool,
}

/// Everything a game's page shows; public by construction (see the
/// module docs of `spectators`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WatchedGame {
    /// The game's number (shown; the page's address is its token).
    pub game: i64,
    pub white: WatchedSeat,
    pub black: WatchedSeat,
    /// `standard` or `chess960`.
    pub variant: String,
    pub rated: bool,
    pub start_fen: String,
    /// Whether the side to move at the start is in check.
    pub start_check: bool,
    pub plies: Vec<WatchedPly>,
    /// `white` or `black`: whose move it is (also after the end).
    pub to_move: String,
    pub running: bool,
    /// When the side to move runs out of time (RFC 3339, UTC), while a
    /// clock runs.
    pub deadline: Option<String>,
    /// `white` or `black`: who offers a draw now.
    pub draw_offer: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted), once over.
    pub result: Option<String>,
    /// As in the console's `end` event.
    pub termination: Option<String>,
    pub opening: Option<OpeningEvent>,
    /// The summary's analysis, once the game is over and analysed; never
    /// while it runs.
    pub analysis: Option<AnalysisEvent>,
    /// The game's league: its name and its page's token.
    pub league: Option<(String, String)>,
    /// The PGN (the page's download; not sent with live updates).
    #[serde(skip)]
    pub pgn: String,
    /// When the game last changed (ms): the version of a finished page.
    pub updated_at: i64,
}

impl GameService {
    /// Sets the public address pages are served under (such as
    /// `https://chess.example.org`): from now on `start`, `end` and
    /// `league` announcements carry watch links. A second call changes
    /// nothing.
    pub fn set_watch_base(&self, base: &str) {
        let base = base.trim().trim_end_matches('/');
        if !base.is_empty() {
            let _ = self.areas.spectators.watch_base.set(base.to_string());
        }
    }

    /// Whether pages may be shown for `row` now: a community's channel
    /// whose pages are on, and for a game played in two communities (a
    /// team game, a team match's game) both of them allow pages.
    pub(in crate::service) async fn watchable(&self, row: &GameRow) -> bool {
        if !public_place(&row.platform, &row.guild, &row.channel) {
            return false;
        }
        match self.communities_of(row).await {
            Ok(communities) => {
                for community in communities {
                    match self.inner.store.spectator_pages(&community.key()).await {
                        Ok(true) => {}
                        Ok(false) => return false,
                        Err(e) => {
                            tracing::warn!(error = %e, "reading the spectator setting failed");
                            return false;
                        }
                    }
                }
                true
            }
            Err(e) => {
                tracing::warn!(error = %e, "reading where a game is played failed");
                false
            }
        }
    }

    /// Every community game `row` is played in: its own place's, and each
    /// team's or match side's.
    async fn communities_of(
        &self,
        row: &GameRow,
    ) -> Result<Vec<Community>, crate::store::StoreError> {
        let store = &self.inner.store;
        let mut out = vec![Community::of(&row.platform, &row.guild, &row.channel)];
        for side in store.team_sides(row.id).await? {
            out.push(Community::of(&side.platform, &side.guild, &side.channel));
        }
        if let Some(id) = store
            .group_of_game(crate::store::GameGroup::TeamMatch, row.id)
            .await?
            && let Some(m) = store.team_match(id).await?
        {
            out.push(Community::of(&m.platform, &m.guild, &m.channel));
            if let (Some(g), Some(c)) = (&m.other_guild, &m.other_channel) {
                out.push(Community::of(&m.platform, g, c));
            }
        }
        out.dedup();
        Ok(out)
    }

    /// The watch link of game `id`, when pages are served and the game may
    /// be watched (its token is made on the first call).
    pub(in crate::service) async fn watch_link(&self, id: i64) -> Option<String> {
        let base = self.areas.spectators.watch_base.get()?;
        let row = self.inner.store.game(id).await.ok()??;
        if !self.watchable(&row).await {
            return None;
        }
        let token = self
            .inner
            .store
            .game_watch_token(id, &fresh_token()?)
            .await
            .map_err(|e| tracing::warn!(game = id, error = %e, "making a watch token failed"))
            .ok()??;
        Some(format!("{base}/g/{token}"))
    }

    /// The token of a watchable game's page (made now if it has none).
    pub(in crate::service) async fn game_token(&self, row: &GameRow) -> Option<String> {
        if !self.watchable(row).await {
            return None;
        }
        self.inner
            .store
            .game_watch_token(row.id, &fresh_token()?)
            .await
            .ok()?
    }

    /// The page of the game whose token is `token`: `None` for an unknown
    /// token, a game in a direct message, or a community whose pages are
    /// off.
    ///
    /// # Errors
    /// Database failures, a game that cannot be replayed.
    pub async fn watched_game(
        &self,
        token: &str,
    ) -> Result<Option<WatchedGame>, super::super::ServiceError> {
        if !is_watch_token(token) {
            return Ok(None);
        }
        let Some(row) = self.inner.store.game_by_watch_token(token).await? else {
            return Ok(None);
        };
        if !self.watchable(&row).await {
            return Ok(None);
        }
        let l = self.replay(row).await?;
        let (white, black) = self.seats(&l).await;
        let hidden = [white.hidden, black.hidden];
        let league = self.league_of_page(l.row.id).await;
        let finished = !l.row.is_active();
        let analysis = if finished {
            self.stored_analysis(l.row.id)
                .await
                .as_ref()
                .map(super::super::summaries::analysis_event)
        } else {
            None
        };
        Ok(Some(WatchedGame {
            game: l.row.id,
            white,
            black,
            variant: l.row.variant.clone(),
            rated: l.row.rated == 1,
            start_fen: l.game.start().fen(),
            start_check: l.game.start().is_check(),
            plies: plies(&l.game),
            to_move: l.game.position().turn().name().to_string(),
            running: !finished,
            deadline: l
                .row
                .deadline_at
                .filter(|_| !finished)
                .map(|at| rfc3339(from_ms(at))),
            draw_offer: l.row.draw_offer.clone().filter(|_| !finished),
            result: l.row.result.clone().filter(|_| finished),
            termination: l.row.termination.clone().filter(|_| finished),
            opening: crate::openings::lookup_game(&l.game).map(|o| OpeningEvent {
                eco: o.eco.clone(),
                name: o.name.clone(),
            }),
            analysis,
            league,
            pgn: without_hidden_names(&self.pgn_text(&l).await, hidden),
            updated_at: l.row.updated_at,
        }))
    }

    /// Both players' names and ratings as a page shows them.
    async fn seats(&self, l: &Loaded) -> (WatchedSeat, WatchedSeat) {
        let mut seats = [Color::White, Color::Black].map(|c| WatchedSeat {
            name: l.player(c).cleaned().name,
            rating: None,
            rating_after: None,
            hidden: false,
        });
        for (seat, c) in seats.iter_mut().zip([Color::White, Color::Black]) {
            let hidden = self
                .inner
                .store
                .page_name_hidden(&l.row.platform, &l.player(c).id)
                .await
                // Unknown is hidden: a page may show a name only when the
                // player is known not to mind.
                .unwrap_or(true);
            if hidden {
                seat.name = hidden_name(c).to_string();
                seat.hidden = true;
            }
        }
        if let Some(c) = l.row.rating_change() {
            seats[0].rating = Some(c.white_before);
            seats[0].rating_after = Some(c.white_after);
            seats[1].rating = Some(c.black_before);
            seats[1].rating_after = Some(c.black_after);
        } else if l.row.is_active() {
            let pool = super::super::chess960::rating_pool(
                Community::of(&l.row.platform, &l.row.guild, &l.row.channel).key(),
                super::super::chess960::row_variant(&l.row.variant),
            );
            for (seat, c) in seats.iter_mut().zip([Color::White, Color::Black]) {
                if let Ok(Some(r)) = self.inner.store.rating(&pool, &l.player(c).id).await {
                    seat.rating = Some(r.rating.round() as i64);
                }
            }
        }
        let [white, black] = seats;
        (white, black)
    }

    /// The league of game `id` and its page's token, if it has one.
    async fn league_of_page(&self, id: i64) -> Option<(String, String)> {
        let league = self
            .inner
            .store
            .group_of_game(GameGroup::League, id)
            .await
            .ok()??;
        let row = self.inner.store.league(league).await.ok()??;
        let token = self.league_token(&row).await?;
        Some((row.name, token))
    }
}

/// Every move of `game` with the position after it.
fn plies(game: &Game) -> Vec<WatchedPly> {
    let mut replay = game.start().clone();
    let mut out = Vec::with_capacity(game.moves().len());
    for (m, san) in game.moves().iter().zip(game.sans()) {
        if replay.play(*m).is_err() {
            break;
        }
        out.push(WatchedPly {
            san: san.clone(),
            uci: game.uci(*m),
            fen: replay.fen(),
            check: replay.is_check(),
        });
    }
    out
}

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// What a page calls a player who hid their name.
fn hidden_name(c: Color) -> &'static str {
    match c {
        Color::White => "White player",
        Color::Black => "Black player",
    }
}

/// The page's PGN with the `White`/`Black` tags of players who hid their
/// names replaced as the page replaces them, and, when either hid their
/// name, without the `Annotator` that names the original players of a game
/// continued from a PGN (they may be the same people).
fn without_hidden_names(pgn: &str, [white, black]: [bool; 2]) -> String {
    pgn.lines()
        .filter(|line| !((white || black) && line.starts_with("[Annotator \"")))
        .map(|line| {
            if white && line.starts_with("[White \"") {
                format!("[White \"{}\"]", hidden_name(Color::White))
            } else if black && line.starts_with("[Black \"") {
                format!("[Black \"{}\"]", hidden_name(Color::Black))
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + if pgn.ends_with('\n') { "\n" } else { "" }
}
