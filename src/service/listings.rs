//! Listings: the board, PGN export, running games and history.

use super::{Actor, BoardImage, Event, Place, messages as msg};
use crate::chess::{Color, Position};
use crate::i18n::Locale;
use crate::store::GameRow;

use super::game::*;

impl GameService {
    pub(super) async fn board(&self, loc: Locale, place: &Place, flip: bool) -> Handled {
        let Some(row) = self.inner.store.last_game(&key(place)).await? else {
            return Err(user("no_game", msg::no_game_here(loc)));
        };
        let l = self.replay(row).await?;
        let text = if l.row.is_active() {
            let turn = l.game.position().turn();
            msg::board_caption(
                loc,
                l.row.id,
                &l.row.white_name,
                &l.row.black_name,
                l.name(turn),
                &msg::deadline(from_ms(l.row.deadline_at.unwrap_or_default())),
            )
        } else {
            msg::final_board_caption(
                loc,
                l.row.id,
                &l.row.white_name,
                &l.row.black_name,
                l.row.result.as_deref().unwrap_or("*"),
            )
        };
        let mut r = reply(place, text);
        r.board = Some(if l.row.is_active() {
            self.image(&l, flip)
        } else {
            BoardImage {
                flip,
                ..self.image(&l, false)
            }
        });
        Ok(vec![r])
    }

    // ---- draws, resignation, abort, claims ----------------------------

    pub(super) async fn pgn(&self, loc: Locale, place: &Place, id: Option<i64>) -> Handled {
        let row = match id {
            Some(id) => match self.inner.store.game(id).await? {
                Some(row) if row.platform == place.platform => row,
                _ => return Err(user("no_game", msg::no_such_game(loc, id))),
            },
            None => match self.inner.store.active_game(&key(place)).await? {
                Some(row) => row,
                None => self
                    .inner
                    .store
                    .last_finished_game(&key(place))
                    .await?
                    .ok_or_else(|| user("no_game", msg::no_game_here(loc)))?,
            },
        };
        let l = self.replay(row).await?;
        let pgn = self.pgn_text(&l);
        let mut r = reply(place, msg::pgn(&pgn));
        r.event = Some(Event::Pgn { pgn });
        Ok(vec![r])
    }

    pub(super) async fn games(&self, loc: Locale, place: &Place, by: &Actor) -> Handled {
        let store = &self.inner.store;
        let guild = place.guild.clone().unwrap_or_default();
        let here = store.active_games_in(&place.platform, &guild).await?;
        let mine = store.active_games_of(&place.platform, &by.id).await?;
        let line = |g: &GameRow| {
            let to_move = if Position::from_fen(&g.fen)
                .map(|p| p.turn())
                .unwrap_or(Color::White)
                == Color::White
            {
                &g.white_name
            } else {
                &g.black_name
            };
            msg::games_line(
                loc,
                g.id,
                &g.white_name,
                &g.black_name,
                to_move,
                &msg::deadline(from_ms(g.deadline_at.unwrap_or_default())),
            )
        };
        let my_move: Vec<&GameRow> = mine
            .iter()
            .filter(|g| {
                let turn = Position::from_fen(&g.fen)
                    .map(|p| p.turn())
                    .unwrap_or(Color::White);
                let id = if turn == Color::White {
                    &g.white_id
                } else {
                    &g.black_id
                };
                *id == by.id
            })
            .collect();
        if here.is_empty() && my_move.is_empty() {
            return Ok(vec![reply(place, msg::no_games(loc))]);
        }
        let mut lines = Vec::new();
        if !here.is_empty() {
            lines.push(msg::games_here_heading(loc));
            lines.extend(here.iter().map(line));
        }
        if !my_move.is_empty() {
            lines.push(msg::games_your_move_heading(loc));
            lines.extend(my_move.into_iter().map(line));
        }
        Ok(vec![reply(place, lines.join("\n"))])
    }

    pub(super) async fn history(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        who: Option<Actor>,
    ) -> Handled {
        let who = who.unwrap_or_else(|| by.clone());
        let games = self
            .inner
            .store
            .finished_games_of(&place.platform, &who.id, 10)
            .await?;
        if games.is_empty() {
            return Ok(vec![reply(place, msg::no_history(loc, &who.name))]);
        }
        let mut lines = vec![msg::history_heading(loc, &who.name)];
        lines.extend(games.iter().map(|g| {
            msg::history_line(
                loc,
                g.id,
                &g.white_name,
                &g.black_name,
                g.result.as_deref().unwrap_or("*"),
                g.termination.as_deref().unwrap_or(""),
            )
        }));
        Ok(vec![reply(place, lines.join("\n"))])
    }
}
