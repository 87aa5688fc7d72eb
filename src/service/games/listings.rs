//! Listings: the board, PGN export, running games and history.

use super::{Actor, BoardImage, Event, GameListing, Place, Reply, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::GameRow;

use super::game::{Failure, GameService, Handled, Loaded, from_ms, key, ms, reply, user};

impl GameService {
    /// `board`: the board of the game here (or of the last one), posted.
    pub(in crate::service) async fn board(
        &self,
        loc: Locale,
        place: &Place,
        flip: bool,
    ) -> Handled {
        let (_, r) = self.board_reply(loc, place, flip).await?;
        Ok(vec![r])
    }

    /// The board of the game here (or of the last one) with its caption,
    /// and the game.
    pub(in crate::service) async fn board_reply(
        &self,
        loc: Locale,
        place: &Place,
        flip: bool,
    ) -> Result<(Loaded, Reply), Failure> {
        let Some(row) = self.inner.store.last_game(&key(place)).await? else {
            return Err(user("no_game", msg::no_game_here(loc)));
        };
        let l = self.replay(row).await?;
        let title = self.game_title(loc, l.row.id).await;
        let text = if l.row.is_active() {
            let turn = l.game.position().turn();
            msg::board_caption(
                loc,
                &title,
                &l.row.white_name,
                &l.row.black_name,
                l.name(turn),
                // Never the epoch: a game without a deadline
                // shows when it last changed.
                &msg::deadline(from_ms(l.row.deadline_at.unwrap_or(l.row.updated_at))),
            )
        } else {
            msg::final_board_caption(
                loc,
                &title,
                &l.row.white_name,
                &l.row.black_name,
                l.row.result.as_deref().unwrap_or("*"),
            )
        };
        let mut r = reply(place, text);
        r.board = Some(if l.row.is_active() {
            self.image(loc, &l, flip)
        } else {
            BoardImage {
                flip,
                ..self.image(loc, &l, false)
            }
        });
        Ok((l, r))
    }

    /// `board text:true|square:e4|piece:N`: the position of the game here
    /// (or of the last one) in words, privately to the caller.
    pub(in crate::service) async fn board_words(
        &self,
        loc: Locale,
        place: &Place,
        question: &super::BoardQuestion,
    ) -> Handled {
        let Some(row) = self.inner.store.last_game(&key(place)).await? else {
            return Err(user("no_game", msg::no_game_here(loc)));
        };
        let l = self.replay(row).await?;
        let mut image = self.image(loc, &l, false);
        if !l.row.is_active() {
            // A game that ended by resignation, time-out or agreement says
            // so, not only one that ended on the board.
            image.result = super::board_words::stored_result(&l.row).or(image.result);
        }
        let text = super::board_words::answer(loc, &l, &image, question, ms(self.now()))?;
        let mut r = reply(place, text);
        r.ephemeral = true;
        Ok(vec![r])
    }

    /// `pgn [game]`: without a number the game running here, else the
    /// last one that finished here. By number: a game of this channel, or
    /// one of the caller's own games anywhere on the platform; nobody
    /// else's (the same answer as for a number that does not exist).
    pub(in crate::service) async fn pgn(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        id: Option<i64>,
    ) -> Handled {
        let row = match id {
            Some(id) => match self.inner.store.game(id).await? {
                Some(row)
                    if row.platform == place.platform
                        && (row.channel == place.channel
                            || row.white_id == by.id
                            || row.black_id == by.id) =>
                {
                    row
                }
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
        let pgn = self.pgn_text(&l).await;
        // The author of a note gets their own copy with it.
        let copy = self.own_pgn_copy(loc, by, &l, &pgn).await?;
        let mut r = reply(place, msg::pgn(&pgn));
        r.event = Some(Event::Pgn { pgn });
        Ok(std::iter::once(r).chain(copy).collect())
    }

    /// `games`: the caller's own running games on this platform, in every
    /// channel, those where it is their move first; a private reply that
    /// shows nobody else's games.
    pub(in crate::service) async fn games(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Handled {
        let now = ms(self.now());
        let mut mine = self
            .inner
            .store
            .active_games_of(&place.platform, &by.id)
            .await?;
        let to_move_id = |g: &GameRow| {
            let turn = super::chess960::fen_turn(&g.fen);
            match turn {
                Color::White => (g.white_id.clone(), g.white_name.clone()),
                Color::Black => (g.black_id.clone(), g.black_name.clone()),
            }
        };
        // The caller's conditional lines and notes.
        let extras = self.games_extras(&place.platform, by).await?;
        let lines_of = |g: &GameRow| extras.get(&g.id).map_or(0, |e| e.0);
        let note_of = |g: &GameRow| extras.get(&g.id).and_then(|e| e.1.clone());
        // My move first, then by deadline.
        mine.sort_by_key(|g| (to_move_id(g).0 != by.id, g.deadline_at.unwrap_or(i64::MAX)));
        let listing: Vec<GameListing> = mine
            .iter()
            .map(|g| GameListing {
                game: g.id,
                channel: g.channel.clone(),
                white: g.white_name.clone(),
                black: g.black_name.clone(),
                to_move: to_move_id(g).1,
                deadline: g.deadline_at.map(|d| msg::deadline_rfc3339(from_ms(d))),
                banks: super::banks::banks_now(g, super::chess960::fen_turn(&g.fen), now)
                    .map(super::banks::Banks::from_ms),
                conditional_lines: Some(lines_of(g)).filter(|n| *n > 0),
                note: note_of(g),
            })
            .collect();
        // A league's, Swiss or match game goes by its pairing, with the
        // number commands take (`game:17`).
        let mut titles = std::collections::HashMap::new();
        for g in &mine {
            let title = match self.pairing(g.id).await {
                Some(p) => format!("{} (game:{})", msg::game_title(loc, g.id, Some(&p)), g.id),
                None => format!("#{}", g.id),
            };
            titles.insert(g.id, title);
        }
        let text = if mine.is_empty() {
            msg::no_games(loc)
        } else {
            let (my_turn, waiting): (Vec<&GameRow>, Vec<&GameRow>) =
                mine.iter().partition(|g| to_move_id(g).0 == by.id);
            let line = |g: &&GameRow| {
                let mut text = msg::games_line(
                    loc,
                    titles.get(&g.id).map_or("", String::as_str),
                    &msg::channel_ref(&g.platform, &g.channel),
                    &g.white_name,
                    &g.black_name,
                    &to_move_id(g).1,
                    &msg::deadline(from_ms(g.deadline_at.unwrap_or(g.updated_at))),
                );
                if let Some(b) = super::banks::banks_now(g, super::chess960::fen_turn(&g.fen), now)
                {
                    text.push(' ');
                    text.push_str(&super::banks::banks_line(
                        loc,
                        &g.white_name,
                        &g.black_name,
                        b,
                    ));
                }
                let n = lines_of(g);
                if n > 0 {
                    text.push(' ');
                    text.push_str(&msg::games_premove_lines(loc, n));
                }
                if let Some(note) = note_of(g) {
                    text.push('\n');
                    text.push_str(&msg::games_note(loc, &note));
                }
                text
            };
            let mut lines = Vec::new();
            if !my_turn.is_empty() {
                lines.push(msg::games_your_move_heading(loc));
                lines.extend(my_turn.iter().map(line));
            }
            if !waiting.is_empty() {
                lines.push(msg::games_waiting_heading(loc));
                lines.extend(waiting.iter().map(line));
            }
            lines.join("\n")
        };
        let mut r = reply(place, text);
        r.ephemeral = true;
        r.event = Some(Event::Games { games: listing });
        Ok(vec![r])
    }

    /// `history [@user]`: one's own finished games anywhere on the
    /// platform; another player's only where they were played in this
    /// channel.
    pub(in crate::service) async fn history(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        who: Option<Actor>,
    ) -> Handled {
        let who = who.unwrap_or_else(|| by.clone());
        let own = who.id == by.id;
        let games: Vec<GameRow> = self
            .inner
            .store
            .finished_games_of(&place.platform, &who.id, if own { 10 } else { 200 })
            .await?
            .into_iter()
            .filter(|g| own || g.channel == place.channel)
            .take(10)
            .collect();
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
                &g.termination
                    .as_deref()
                    .and_then(|t| t.parse::<crate::chess::Termination>().ok())
                    .map(|t| msg::termination_name(loc, t))
                    .unwrap_or_default(),
            )
        }));
        let mut r = reply(place, lines.join("\n"));
        r.ephemeral = own;
        Ok(vec![r])
    }
}
