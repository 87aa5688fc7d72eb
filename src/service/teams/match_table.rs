//! A team match's standings: each side's points from its boards' results
//! (a win 1, a draw ½; a game that ended without a result scores nothing),
//! as text, as a picture (the league table's renderer) and as the `match`
//! event, posted in both sides' channels after every board game that ends;
//! the final standings, naming the winner or a tie, once, when the last
//! one does.

use super::{Event, MatchBoardEvent, MatchEvent, MatchSideEvent, Place, Reply, messages as msg};
use crate::i18n::Locale;
use crate::render::TableKind;
use crate::store::{GameGroup, MATCH_FINISHED, MATCH_RUNNING, TeamMatchGameRow, TeamMatchRow};

use super::game::{Failure, GameService, ms, reply};
use super::teams::matches::{match_side_name, match_side_place, signup_event};

/// A match's games and points.
pub(in crate::service) struct MatchTable {
    pub games: Vec<TeamMatchGameRow>,
    /// The side of each game's White (0 creating, 1 accepting).
    pub white_side: Vec<i64>,
    pub points: [f64; 2],
    pub finished: usize,
}

/// Points as people write them: `2`, `½`, `2½`.
pub(in crate::service) fn points_text(p: f64) -> String {
    let whole = p.floor();
    let half = p - whole >= 0.5;
    match (whole as i64, half) {
        (0, true) => "½".to_string(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// White's and Black's points of a finished game's `result`; none for a
/// game without one.
fn scores(result: Option<&str>) -> Option<(f64, f64)> {
    match result? {
        "1-0" => Some((1.0, 0.0)),
        "0-1" => Some((0.0, 1.0)),
        "1/2-1/2" => Some((0.5, 0.5)),
        _ => None,
    }
}

impl MatchTable {
    /// The winning side once every game is over (`None`: a tie).
    pub fn winner(&self) -> Option<i64> {
        if self.points[0] > self.points[1] {
            Some(0)
        } else if self.points[1] > self.points[0] {
            Some(1)
        } else {
            None
        }
    }

    /// The `match` event of these standings.
    pub fn event(&self, m: &TeamMatchRow, last: bool) -> Event {
        let side = |s: i64| {
            let mut players = Vec::new();
            for (g, ws) in self.games.iter().zip(&self.white_side) {
                let name = if *ws == s {
                    &g.white_name
                } else {
                    &g.black_name
                };
                if !players.contains(name) {
                    players.push(name.clone());
                }
            }
            MatchSideEvent {
                name: match_side_name(m, s),
                players,
                points: self.points[usize::from(s == 1)],
            }
        };
        Event::Match(MatchEvent {
            id: m.id,
            state: m.state.clone(),
            sides: vec![side(0), side(1)],
            boards: self
                .games
                .iter()
                .map(|g| MatchBoardEvent {
                    board: g.board,
                    round: g.round,
                    game: g.game_id,
                    white: g.white_name.clone(),
                    black: g.black_name.clone(),
                    result: (g.status == crate::store::STATUS_FINISHED)
                        .then(|| g.result.clone())
                        .flatten(),
                })
                .collect(),
            r#final: last,
            winner: last
                .then(|| self.winner().map(|s| match_side_name(m, s)))
                .flatten(),
        })
    }

    /// The rows of the text and the picture: board, players, result.
    fn rows(&self, loc: Locale, m: &TeamMatchRow) -> Vec<[String; 6]> {
        self.games
            .iter()
            .zip(&self.white_side)
            .map(|(g, ws)| {
                let label = if m.rounds > 1 {
                    msg::match_board_round(loc, g.board, g.round)
                } else {
                    msg::match_board(loc, g.board)
                };
                let state = if g.status == crate::store::STATUS_FINISHED {
                    match g.result.as_deref() {
                        Some("1/2-1/2") => "½-½".to_string(),
                        Some(r) if r != "*" => r.to_string(),
                        _ => msg::match_no_result(loc),
                    }
                } else {
                    msg::match_playing(loc)
                };
                [
                    label,
                    format!(
                        "{} ({}) – {} ({})",
                        g.white_name,
                        match_side_name(m, *ws),
                        g.black_name,
                        match_side_name(m, 1 - *ws)
                    ),
                    state,
                    String::new(),
                    String::new(),
                    String::new(),
                ]
            })
            .collect()
    }
}

impl GameService {
    /// The standings of match `m` from its games.
    pub(in crate::service) async fn match_table(
        &self,
        m: &TeamMatchRow,
    ) -> Result<MatchTable, Failure> {
        let games = self.inner.store.team_match_games(m.id).await?;
        let players = self.inner.store.team_match_players(m.id).await?;
        let white_side: Vec<i64> = games
            .iter()
            .map(|g| {
                players
                    .iter()
                    .find(|p| p.player_id == g.white_id)
                    .map_or(0, |p| p.side)
            })
            .collect();
        let mut points = [0.0, 0.0];
        let mut finished = 0;
        for (g, ws) in games.iter().zip(&white_side) {
            if g.status != crate::store::STATUS_FINISHED {
                continue;
            }
            finished += 1;
            if let Some((w, b)) = scores(g.result.as_deref()) {
                let white = usize::from(*ws == 1);
                points[white] += w;
                points[1 - white] += b;
            }
        }
        Ok(MatchTable {
            games,
            white_side,
            points,
            finished,
        })
    }

    /// The standings of `m` as posted in `place`: text, picture, event.
    fn match_standings_in(
        &self,
        loc: Locale,
        m: &TeamMatchRow,
        t: &MatchTable,
        place: &Place,
        last: bool,
    ) -> Reply {
        let (a, b) = (match_side_name(m, 0), match_side_name(m, 1));
        let (pa, pb) = (points_text(t.points[0]), points_text(t.points[1]));
        let title = msg::match_standings_title(
            loc,
            m.id,
            &a,
            &pa,
            &pb,
            &b,
            t.finished as i64,
            t.games.len() as i64,
        );
        let rows = t.rows(loc, m);
        // The final standings say so, in the text and under the picture's
        // table, naming the winner or the tie.
        let over = last.then(|| match t.winner() {
            Some(s) => msg::match_over(loc, m.id, &match_side_name(m, s), &pa, &pb),
            None => msg::match_over_tie(loc, m.id, &pa, &pb),
        });
        let mut lines: Vec<String> = over.iter().cloned().collect();
        lines.push(title.clone());
        for r in &rows {
            lines.push(msg::match_standings_row(loc, &r[0], &r[1], &r[2]));
        }
        let mut r = reply(place, lines.join("\n"));
        r.locale = loc;
        r.event = Some(t.event(m, last));
        let header: Vec<String> = msg::match_standings_header(loc)
            .split('|')
            .map(|s| s.trim().to_string())
            .collect();
        let png = crate::render::standings_png(
            TableKind::Boards,
            &title,
            &header,
            &rows,
            over.as_slice(),
        );
        r.files = vec![super::Attachment {
            kind: super::AttachmentKind::Card,
            filename: format!("match-{}-standings.png", m.id),
            bytes: std::sync::Arc::new(png),
            alt: Some(crate::service::messages::position_words::table_in_words(
                &title, &header, &rows,
            )),
        }];
        r
    }

    /// `team match standings` in `place`.
    pub(in crate::service) async fn match_standings_reply(
        &self,
        loc: Locale,
        m: &TeamMatchRow,
        place: &Place,
    ) -> Result<Reply, Failure> {
        if m.state != MATCH_RUNNING && m.state != MATCH_FINISHED {
            let players = self.inner.store.team_match_players(m.id).await?;
            let names = |s: i64| {
                let n: Vec<&str> = players
                    .iter()
                    .filter(|p| p.side == s)
                    .map(|p| p.player_name.as_str())
                    .collect();
                if n.is_empty() {
                    "-".to_string()
                } else {
                    n.join(", ")
                }
            };
            let mut r = reply(
                place,
                msg::match_signups(
                    loc,
                    m.id,
                    &match_side_name(m, 0),
                    &names(0),
                    &match_side_name(m, 1),
                    &names(1),
                ),
            );
            r.event = Some(signup_event(m, &players));
            return Ok(r);
        }
        let t = self.match_table(m).await?;
        Ok(self.match_standings_in(loc, m, &t, place, m.state == MATCH_FINISHED))
    }

    /// Standings after match games that ended among `replies` (their
    /// `end` posts), in both sides' channels; the final ones, once, when
    /// a match's last game ended.
    pub(in crate::service) async fn after_match_games(&self, replies: &mut Vec<Reply>) {
        for id in self.groups_of_ended(GameGroup::TeamMatch, replies).await {
            match self.match_progress(id).await {
                Ok(mut more) => replies.append(&mut more),
                Err(f) => tracing::error!(team_match = id, failure = ?f, "match standings failed"),
            }
        }
    }

    /// The standings of match `id` in both channels after a game ended;
    /// the final ones when none is left running.
    async fn match_progress(&self, id: i64) -> Result<Vec<Reply>, Failure> {
        let Some(mut m) = self.inner.store.team_match(id).await? else {
            return Ok(Vec::new());
        };
        if m.state != MATCH_RUNNING {
            return Ok(Vec::new());
        }
        let t = self.match_table(&m).await?;
        let done = t.finished >= t.games.len();
        if done {
            if !self
                .inner
                .store
                .finish_team_match(id, ms(self.now()))
                .await?
            {
                return Ok(Vec::new());
            }
            m.state = MATCH_FINISHED.to_string();
        }
        let mut out = Vec::new();
        for side in [0, 1] {
            let Some(p) = match_side_place(&m, side) else {
                continue;
            };
            let loc = self.channel_locale(&p).await.unwrap_or_default();
            out.push(self.match_standings_in(loc, &m, &t, &p, done));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::{points_text, scores};

    #[test]
    fn points_are_written_with_halves() {
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.5), "2½");
        assert_eq!(points_text(3.0), "3");
    }

    #[test]
    fn a_game_without_a_result_scores_nothing() {
        assert_eq!(scores(Some("1-0")), Some((1.0, 0.0)));
        assert_eq!(scores(Some("1/2-1/2")), Some((0.5, 0.5)));
        assert_eq!(scores(Some("*")), None);
        assert_eq!(scores(None), None);
    }
}
