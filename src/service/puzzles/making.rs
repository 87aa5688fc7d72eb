//! Making puzzles: in the background once a finished game's analysis is
//! done, searched on the engine pool's background share, and waited for
//! only by whoever needs them (`puzzle` in the same community, the console
//! before it exits).

use super::*;
use crate::service::community::Community;

impl GameService {
    /// Where a finished game's analysis ends: its puzzles are made in the
    /// background (never delaying any reply), once per game (the store
    /// records each game looked at; this process also skips a game it is
    /// working on). Call it once, with the analysis's evaluations.
    pub(in crate::service) fn puzzles_after_analysis(
        &self,
        l: &crate::service::game::Loaded,
        analysis: &GameAnalysis,
    ) {
        if l.row.is_active() || analysis.evaluations.len() < 2 {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        if !lock(&self.areas.puzzles.games).insert(l.row.id) {
            return;
        }
        let service = self.clone();
        let (row, game) = (l.row.clone(), l.game.clone());
        let evals = analysis.evaluations.clone();
        let community = Community::of(&row.platform, &row.guild, &row.channel).key();
        let handle = runtime.spawn(async move {
            let id = row.id;
            service.make_puzzles(row, game, evals).await;
            lock(&service.areas.puzzles.games).remove(&id);
        });
        let mut jobs = lock(&self.areas.puzzles.background);
        jobs.retain(|(_, j)| !j.is_finished());
        jobs.push((community, handle));
    }

    /// Waits for every puzzle being made in the background (the console
    /// before it exits, so a script sees what its games caused).
    pub async fn settle_background(&self) {
        let jobs = std::mem::take(&mut *lock(&self.areas.puzzles.background));
        for (_, job) in jobs {
            if let Err(e) = job.await {
                tracing::warn!(error = %e, "puzzle generation task failed");
            }
        }
    }

    /// Waits for the puzzles being made from `community`'s games only:
    /// `puzzle` chooses among those, and another community's searches
    /// (which may take long on a busy engine) are none of its business.
    pub(super) async fn settle_community(&self, community: &str) {
        let jobs: Vec<_> = {
            let mut all = lock(&self.areas.puzzles.background);
            let (mine, others) = std::mem::take(&mut *all)
                .into_iter()
                .partition(|(c, _)| c == community);
            *all = others;
            mine
        };
        for (_, job) in jobs {
            if let Err(e) = job.await {
                tracing::warn!(error = %e, "puzzle generation task failed");
            }
        }
    }

    /// Looks for a game's puzzles and stores them (see
    /// [`crate::engine::puzzle`]); failures are logged, and a game whose
    /// search failed may be looked at again by a later analysis.
    async fn make_puzzles(&self, row: GameRow, game: Game, evals: Vec<Evaluation>) {
        let store = &self.inner.store;
        match store.puzzles_scanned(row.id).await {
            Ok(false) => {}
            Ok(true) => return,
            Err(e) => {
                tracing::warn!(game = row.id, error = %e, "reading puzzle state failed");
                return;
            }
        }
        let rules = PuzzleRules::default();
        let found = match find_puzzles(&*self.inner.engine, &game, &evals, &rules).await {
            Ok(found) => found,
            Err(e) => {
                tracing::warn!(game = row.id, error = %e, "looking for puzzles failed");
                return;
            }
        };
        let new: Vec<NewPuzzle> = found
            .iter()
            .map(|p| {
                // The position before the opponent's move that led to it.
                let before = p.last_move.map(|_| {
                    let mut pos = game.start().clone();
                    for m in game.moves().iter().take(p.ply.saturating_sub(2)) {
                        pos.play_unchecked(*m);
                    }
                    pos.fen()
                });
                NewPuzzle {
                    ply: p.ply as i64,
                    platform: row.platform.clone(),
                    guild: row.guild.clone(),
                    community: Community::of(&row.platform, &row.guild, &row.channel).key(),
                    fen: p.fen.clone(),
                    last_uci: p.last_move.map(|m| m.uci()),
                    before_fen: before,
                    solution_uci: p
                        .solution
                        .iter()
                        .map(|m| m.uci())
                        .collect::<Vec<_>>()
                        .join(" "),
                    solution_san: p.solution_san.join(" "),
                    theme: p.theme.as_str().to_string(),
                    white_id: row.white_id.clone(),
                    white_name: row.white_name.clone(),
                    black_id: row.black_id.clone(),
                    black_name: row.black_name.clone(),
                    solver_id: match p.solver {
                        Color::White => row.white_id.clone(),
                        Color::Black => row.black_id.clone(),
                    },
                    missed: p.missed,
                }
            })
            .collect();
        match store.save_puzzles(row.id, &new, ms(self.now())).await {
            Ok(true) => tracing::info!(game = row.id, puzzles = new.len(), "puzzles made"),
            Ok(false) => {}
            Err(e) => tracing::warn!(game = row.id, error = %e, "storing puzzles failed"),
        }
    }
}
