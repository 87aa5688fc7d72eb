//! A league's standings: the table computed from its games (a round
//! robin's or a Swiss's), as text, as the event scripts read and, when
//! asked for, as a picture whose notes spell out its abbreviated columns.

use super::game::{Failure, GameService, Handled, reply};
use super::league_table::{Table, table_of};
use super::leagues::league_place;
use super::{Event, Reply, messages as msg};
use crate::i18n::Locale;
use crate::store::{FORMAT_SWISS, LEAGUE_FINISHED, LEAGUE_OPEN, LeagueRow};

impl GameService {
    /// The standings of a league (the table, the text and, with
    /// `picture`, a PNG of the table).
    pub(in crate::service) async fn league_standings(
        &self,
        loc: Locale,
        l: &LeagueRow,
        picture: bool,
    ) -> Handled {
        if l.state == LEAGUE_OPEN {
            // Nobody has played: a table would rank every player first.
            let players = self.inner.store.league_players(l.id).await?;
            let names: Vec<&str> = players.iter().map(|p| p.player_name.as_str()).collect();
            let mut r = reply(
                &league_place(l),
                msg::league_not_started(loc, &l.name, l.id, &names.join(", "), names.len() as i64),
            );
            r.event = Some(Event::Standings {
                league: l.id,
                r#final: false,
                rows: Vec::new(),
            });
            return Ok(vec![r]);
        }
        let table = self.league_table(l).await?;
        let last = l.state == LEAGUE_FINISHED;
        Ok(vec![self.standings_reply(loc, l, &table, last, picture)])
    }

    pub(in crate::service) fn standings_reply(
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
        let swiss = l.format == FORMAT_SWISS;
        let order = super::league_setup::league_tiebreaks(l);
        for row in &table.text_rows {
            lines.push(if swiss {
                super::swiss_table::swiss_text_row(loc, &order, row)
            } else {
                msg::league_standings_row(
                    loc,
                    &row[0],
                    &row[1],
                    &row[2],
                    row[2] == "1",
                    &row[3],
                    &row[4],
                    &row[5],
                )
            });
        }
        let mut r = reply(&league_place(l), lines.join("\n"));
        r.event = Some(Event::Standings {
            league: l.id,
            r#final: last,
            rows: table.rows.clone(),
        });
        if picture {
            let winners: Vec<&str> = table
                .text_rows
                .iter()
                .filter(|row| row[0] == "1")
                .map(|row| row[1].as_str())
                .collect();
            let title = if last && !winners.is_empty() {
                msg::league_standings_picture_final(loc, &l.name, &winners.join(", "))
            } else {
                msg::league_standings_picture_title(loc, &l.name)
            };
            let (header, notes) = if swiss {
                (
                    super::swiss_table::swiss_header(loc, &order),
                    super::swiss_table::swiss_legend(loc, &order),
                )
            } else {
                (
                    msg::league_standings_header(loc),
                    vec![msg::league_standings_note(loc)],
                )
            };
            let mut header: Vec<String> = header.split('|').map(|s| s.trim().to_string()).collect();
            header.resize(6, String::new());
            let png = crate::render::standings_png(
                crate::render::TableKind::Ranking,
                &title,
                &header,
                &table.text_rows,
                &notes,
            );
            r.files = vec![super::Attachment {
                kind: super::AttachmentKind::Card,
                filename: format!("league-{}-standings.png", l.id),
                bytes: std::sync::Arc::new(png),
                alt: Some(crate::service::messages::position_words::table_in_words(
                    &title,
                    &header,
                    &table.text_rows,
                )),
            }];
        }
        r
    }

    /// The league's standings computed from its games.
    pub(in crate::service) async fn league_table(&self, l: &LeagueRow) -> Result<Table, Failure> {
        let players = self.inner.store.league_players(l.id).await?;
        let games = self.inner.store.league_games(l.id).await?;
        if l.format == FORMAT_SWISS {
            let byes = self.inner.store.league_byes(l.id).await?;
            let view = super::swiss_table::SwissView::new(&players, &games, &byes);
            let order = super::league_setup::league_tiebreaks(l);
            return Ok(view.table(&players, usize::try_from(l.rounds).unwrap_or(0), &order));
        }
        Ok(table_of(&players, &games))
    }
}
