//! Which pairing a game is, for calling it by its pairing: a league's
//! game number, a Swiss round and board, a team match's board and game.

use super::backend::query_as;
use super::{Store, StoreResult};

/// Where a game stands in an event: how players call it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamePairing {
    /// Game `number` of the round robin `name`.
    League { name: String, number: i64 },
    /// Board `board` of round `round` of the Swiss `name`.
    Swiss {
        name: String,
        round: i64,
        board: i64,
    },
    /// Game `round` on board `board` of team match `id`.
    Match { id: i64, board: i64, round: i64 },
}

impl Store {
    /// The pairing game `game_id` is, `None` for a game outside leagues,
    /// Swiss tournaments and team matches.
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_pairing(&self, game_id: i64) -> StoreResult<Option<GamePairing>> {
        // A Swiss board is the game's place among its round's games, in
        // the order the round's pairings were posted.
        let league: Option<(String, String, i64, i64, i64)> = query_as(
            "select l.name, l.format, lg.number, lg.cycle, \
             (select count(*) from league_game o where o.league_id = lg.league_id \
              and o.cycle = lg.cycle and o.number <= lg.number) \
             from league_game lg join league l on l.id = lg.league_id where lg.game_id = ?",
        )
        .bind(game_id)
        .fetch_optional(&self.pool)
        .await?;
        if let Some((name, format, number, round, board)) = league {
            return Ok(Some(if format == "swiss" {
                GamePairing::Swiss { name, round, board }
            } else {
                GamePairing::League { name, number }
            }));
        }
        let team: Option<(i64, i64, i64)> =
            query_as("select match_id, board, round from team_match_game where game_id = ?")
                .bind(game_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(team.map(|(id, board, round)| GamePairing::Match { id, board, round }))
    }
}
