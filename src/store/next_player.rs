//! What a move reads of the player who moves next, in one statement: their
//! conditional lines, the end of their vacation and where their turn
//! notices go, and whether they take a daily digest instead (one round
//! trip to the database rather than four).

use super::backend::query_as;
use super::premove::PremoveRow;
use super::{Store, StoreResult};

/// The next player's side of a move, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NextPlayerRow {
    /// Their queued lines of the game, if any (as [`Store::premove`]).
    pub lines: Option<PremoveRow>,
    /// When their vacation running at `now` ends, if one is running (as
    /// [`Store::current_vacation`]).
    pub vacation_ends_at: Option<i64>,
    /// Where their turn notices go, if set (as [`Store::notify_target`]).
    pub notify_target: Option<String>,
    /// Whether they take a daily digest instead of a notice per move.
    pub digest: bool,
}

impl Store {
    /// `player`'s lines in game `game_id`, their vacation running at `now`
    /// on `platform` and their notify setting there, in one statement.
    ///
    /// # Errors
    /// Database failures.
    pub async fn next_player(
        &self,
        game_id: i64,
        platform: &str,
        player: &str,
        now: i64,
    ) -> StoreResult<NextPlayerRow> {
        type Row = (
            Option<i64>,
            Option<String>,
            Option<i64>,
            Option<String>,
            Option<i64>,
        );
        let row: Row = query_as(
            "select \
             (select ply from premove where game_id = ? and player_id = ?), \
             (select lines from premove where game_id = ? and player_id = ?), \
             (select ends_at from vacation \
              where platform = ? and user_id = ? and started_at <= ? and ends_at > ? \
              order by ends_at desc limit 1), \
             (select target from notify_setting where platform = ? and user_id = ?), \
             (select hour from notify_digest where platform = ? and user_id = ?)",
        )
        .bind(game_id)
        .bind(player)
        .bind(game_id)
        .bind(player)
        .bind(platform)
        .bind(player)
        .bind(now)
        .bind(now)
        .bind(platform)
        .bind(player)
        .bind(platform)
        .bind(player)
        .fetch_one(&self.pool)
        .await?;
        let lines = match (row.0, row.1) {
            (Some(ply), Some(lines)) => Some(PremoveRow {
                game_id,
                ply,
                lines,
            }),
            _ => None,
        };
        Ok(NextPlayerRow {
            lines,
            vacation_ends_at: row.2,
            notify_target: row.3,
            digest: row.4.is_some(),
        })
    }
}
