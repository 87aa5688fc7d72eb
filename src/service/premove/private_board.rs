//! `board private:true`: the board of the game here for the
//! caller alone, seen from their side when they play it, with their
//! private note; never posted in the channel.

use super::game::{Failure, GameService, Handled, Loaded};
use super::{Actor, Place, Reply, messages as msg};
use crate::i18n::Locale;

impl GameService {
    /// `board private:true`: the board of the game here for the caller
    /// alone (see [`GameService::make_board_private`]); a player's private
    /// board brings their own playable page.
    pub(in crate::service) async fn private_board(
        &self,
        loc: Locale,
        place: &Place,
        by: &Actor,
        flip: bool,
    ) -> Handled {
        let (l, mut r) = self.board_reply(loc, place, flip).await?;
        self.make_board_private(loc, by, &l, &mut r, flip).await?;
        let direct = super::spectators::play_links::add_play_link(self, &l.row, by, &mut r).await;
        Ok(std::iter::once(r).chain(direct).collect())
    }

    /// Makes `r`, the board reply of `l`, the caller's private board: an
    /// ephemeral reply (so [`GameService::orient_boards`] leaves its side
    /// alone), turned to the caller's side (their `settings board:`) when
    /// they play the game, once more when `flip`, and with their note.
    pub(in crate::service) async fn make_board_private(
        &self,
        loc: Locale,
        by: &Actor,
        l: &Loaded,
        r: &mut Reply,
        flip: bool,
    ) -> Result<(), Failure> {
        r.ephemeral = true;
        let Some(color) = l.color_of(&by.id) else {
            return Ok(());
        };
        if let Some(board) = r.board.as_mut() {
            self.private_flip(&l.row.platform, &by.id, color, board)
                .await;
            board.flip ^= flip;
        }
        if let Some(note) = self.inner.store.note(l.row.id, &by.id).await? {
            r.text = format!("{}\n{}", r.text, msg::games_note(loc, &note));
        }
        Ok(())
    }
}
