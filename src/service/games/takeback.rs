//! Takebacks: asking for one, agreeing to it, and undoing the moves (the
//! clock and the standing offers with them).

use super::{Actor, Place, Reply, messages as msg};
use crate::chess::Color;
use crate::i18n::Locale;
use crate::store::{GameUpdate, Offer};

use super::computer::engine_side;
use super::game::{Failure, GameService, Handled, Loaded, color_str, from_ms, ms, reply, user};

impl GameService {
    /// Undoes the last `plies` moves of `l` (at most its move count) and
    /// starts the clock of the player then to move (vacations respected).
    /// Every standing draw offer followed a move this undoes (the
    /// opponent's move would have declined it), so it goes, as does the
    /// takeback request. The game after it and the new deadline.
    pub(in crate::service) async fn undo_plies(
        &self,
        l: Loaded,
        plies: usize,
        now: i64,
    ) -> Result<(Loaded, i64), Failure> {
        let mut game = l.game.clone();
        for _ in 0..plies {
            game.undo();
        }
        let next = l.player(game.position().turn());
        let next_bank =
            super::banks::bank_of(super::banks::stored_banks(&l.row), game.position().turn());
        let (deadline_at, remind_at) = self
            .turn_start(
                &l.row.platform,
                &next.id,
                now,
                l.days(),
                next_bank,
                l.row.vacation_stops == 1,
            )
            .await?;
        let update = GameUpdate {
            fen: game.position().fen(),
            draw_offer: None,
            takeback_offer: None,
            deadline_at: Some(deadline_at),
            remind_at: Some(remind_at),
            finish: None,
            now,
            banks: None,
        };
        let new_ply = l.row.ply - plies as i64;
        self.inner
            .store
            .take_back(l.row.id, l.row.ply, new_ply, &update)
            .await?;
        self.remember(l.row.id, &game);
        self.note_due(remind_at);
        let mut row = l.row;
        row.ply = new_ply;
        Ok((Loaded { row, game }, deadline_at))
    }

    /// Undoes the last `plies` moves of `l` ([`GameService::undo_plies`])
    /// and says so in `place`: the moves taken back, the player then to
    /// move with their deadline, and the board.
    pub(in crate::service) async fn take_back(
        &self,
        loc: Locale,
        place: &Place,
        l: Loaded,
        plies: usize,
        now: i64,
    ) -> Result<(Loaded, Reply), Failure> {
        let moves = super::game::last_moves_text(loc, &l.game, plies);
        let (l, deadline_at) = self.undo_plies(l, plies, now).await?;
        let to_move = l.game.position().turn();
        let mut r = reply(
            place,
            msg::takeback_done(
                loc,
                plies,
                &moves,
                l.name(to_move),
                &msg::deadline(from_ms(deadline_at)),
            ),
        );
        r.board = Some(self.image(loc, &l, false));
        Ok((l, r))
    }

    pub(in crate::service) async fn takeback(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
    ) -> Handled {
        let (l, me) = self.require_own_game(loc, place, by).await?;
        if engine_side(&l.row).is_some() {
            return self.computer_takeback(loc, place, l, me).await;
        }
        let mine = color_str(me);
        let theirs = color_str(me.other());
        let now = ms(self.now());
        match l.row.takeback_offer.as_deref() {
            Some(o) if o == theirs => {
                // Undo the requester's last move (and my reply after it).
                let requester = me.other();
                let turn = l.game.position().turn();
                let plies = if turn == requester { 2 } else { 1 };
                // Moves brought in from a PGN are history, not undone.
                let own = l.game.moves().len().saturating_sub(imported(&l.row));
                if own < plies {
                    return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
                }
                let (l, mut r) = self.take_back(loc, place, l, plies, now).await?;
                r.mentions = vec![l.player(requester)];
                Ok(vec![r])
            }
            Some(o) if o == mine => Err(user("not_allowed", msg::takeback_already_requested(loc))),
            _ => {
                let (white_plies, black_plies) = l.game.plies_by();
                let mine_count = match me {
                    Color::White => white_plies,
                    Color::Black => black_plies,
                };
                if mine_count == 0 || l.game.moves().len() <= imported(&l.row) {
                    return Err(user("not_allowed", msg::nothing_to_take_back(loc)));
                }
                self.inner
                    .store
                    .set_offer(
                        Offer::Takeback,
                        l.row.id,
                        l.row.ply,
                        l.row.takeback_offer.as_deref(),
                        Some(&mine),
                        now,
                    )
                    .await?;
                let opponent = l.player(me.other());
                let mut r = reply(
                    place,
                    msg::takeback_requested(loc, &by.name, &opponent.name),
                );
                r.mentions = vec![opponent];
                Ok(vec![r])
            }
        }
    }
}

/// How many of a game's first moves came from an imported PGN.
fn imported(row: &crate::store::GameRow) -> usize {
    usize::try_from(row.imported_plies).unwrap_or(0)
}
