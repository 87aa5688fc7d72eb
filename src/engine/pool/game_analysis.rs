//! A whole game's analysis on the engine pool: its positions shared out
//! to workers, each searched to a fixed number of nodes, shallower past a
//! time budget, and cut short past twice the budget.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::task::JoinSet;

use super::{Inner, SEARCH_SLACK, STOP_GRACE, SearchRequest};
use crate::chess::{Color, Game, Move, Position};
use crate::engine::uci::{go_nodes_command, position_command};
use crate::engine::{
    EngineError, Evaluation, GameAnalysis, analysis, decided_on_board, move_from_uci,
    position_after,
};

/// Nodes searched per position of an analysis: a fixed amount of work
/// (about 0.1 s of one core), so the same game gets the same verdict
/// however busy the machine is.
pub const ANALYSIS_NODES: u64 = 50_000;
/// Nodes per position once an analysis is past its budget: a tenth of the
/// full search, still deep enough to see a hanging piece.
pub const SHALLOW_NODES: u64 = 5_000;
/// The bound of one analysis search. A search of fixed nodes ends by
/// itself; this only catches an engine that hangs.
const ANALYSIS_SEARCH_BOUND: Duration = Duration::from_secs(10);

/// Evaluates every position of `game` on the pool, then analyses. The
/// positions are shared out to as many workers as background work may
/// hold processes; each takes a process per position, so a computer's
/// move finds the process kept for it free. Each position is searched with
/// [`ANALYSIS_NODES`] after `ucinewgame` (a cleared hash table), so
/// whichever process takes it answers the same; after `budget` the
/// remaining ones get [`SHALLOW_NODES`], and after twice the budget (or a
/// failure of the engine) none is started any more and the analysis
/// covers the positions evaluated before the first left out.
pub(super) async fn drive(
    inner: &Arc<Inner>,
    game: &Game,
    budget: Duration,
) -> Result<GameAnalysis, EngineError> {
    let start = game.start().clone();
    let moves = game.moves().to_vec();
    let fen = start.fen();
    let uci: Vec<String> = moves.iter().map(|m| start.uci(*m)).collect();
    let positions = moves.len() + 1;

    let started = Instant::now();
    let workers = inner.background_share().min(positions).max(1);
    let shared = Arc::new(Shared {
        start,
        moves,
        fen,
        uci,
        next: AtomicUsize::new(0),
        shallow_at: started + budget,
        stop_at: started + budget.saturating_mul(2),
        stopped: AtomicBool::new(false),
        evals: Mutex::new(vec![None; positions]),
    });

    let mut tasks = JoinSet::new();
    for _ in 0..workers {
        let inner = Arc::clone(inner);
        let shared = Arc::clone(&shared);
        tasks.spawn(async move { worker(&inner, &shared).await });
    }
    let mut failure = None;
    while let Some(joined) = tasks.join_next().await {
        let failed = match joined {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(e),
            Err(e) => Some(EngineError::Protocol(format!("analysis task: {e}"))),
        };
        if let Some(e) = failed {
            shared.stopped.store(true, Ordering::Relaxed);
            failure.get_or_insert(e);
        }
    }
    crate::metrics::ANALYSIS_TIME.observe(started.elapsed().as_secs_f64());

    // The positions taken in order: those evaluated before the first left
    // out (a failure, the deadline) are what the figures cover.
    let evaluated = shared.lock_evals().clone();
    let prefix: Vec<(Evaluation, bool)> = evaluated.into_iter().map_while(|e| e).collect();
    if prefix.len() < positions.min(2) {
        return Err(failure.unwrap_or(EngineError::Timeout(budget.saturating_mul(2))));
    }
    let evals: Vec<Evaluation> = prefix.iter().map(|(e, _)| *e).collect();
    let mut analysis = analysis::analyse(&shared.start, &shared.moves, &evals);
    // A shallow position judges the move that leads to it and the move
    // played in it.
    analysis.coverage.shallow_from = prefix
        .iter()
        .position(|(_, shallow)| *shallow)
        .map(|i| i.max(1))
        .filter(|ply| *ply < prefix.len());
    if let Some(plies) = analysis.coverage.plies {
        tracing::warn!(
            plies,
            of = shared.moves.len(),
            error = ?failure,
            "game analysis cut short; the figures cover the first moves"
        );
    } else if let Some(ply) = analysis.coverage.shallow_from {
        tracing::info!(
            from_ply = ply,
            "game analysis past its budget; later moves searched less deeply"
        );
    }
    Ok(analysis)
}

/// What the workers of one analysis share.
struct Shared {
    start: Position,
    moves: Vec<Move>,
    fen: String,
    uci: Vec<String>,
    next: AtomicUsize,
    /// From then on, positions get [`SHALLOW_NODES`].
    shallow_at: Instant,
    /// From then on, no position is started.
    stop_at: Instant,
    /// A worker failed: the others start no further position.
    stopped: AtomicBool,
    /// Per position: its evaluation and whether the search was shallow.
    evals: Mutex<Vec<Option<(Evaluation, bool)>>>,
}

impl Shared {
    fn lock_evals(&self) -> std::sync::MutexGuard<'_, Vec<Option<(Evaluation, bool)>>> {
        // A panic elsewhere leaves the list itself consistent.
        self.evals.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Takes positions until none are left or the analysis stops; records
/// their evaluations in `shared`.
async fn worker(inner: &Inner, shared: &Shared) -> Result<(), EngineError> {
    loop {
        if shared.stopped.load(Ordering::Relaxed) || Instant::now() >= shared.stop_at {
            return Ok(());
        }
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        if i > shared.moves.len() {
            return Ok(());
        }
        let position = position_after(&shared.start, &shared.moves[..i]);
        if let Some(decided) = decided_on_board(&position) {
            shared.lock_evals()[i] = Some((decided, false));
            continue;
        }
        let shallow = Instant::now() >= shared.shallow_at;
        let nodes = if shallow {
            SHALLOW_NODES
        } else {
            ANALYSIS_NODES
        };
        let search = inner.search(SearchRequest {
            position: position_command(&shared.fen, &shared.uci[..i]),
            go: go_nodes_command(nodes),
            skill: 20,
            // A cleared hash table: what earlier searches on this process
            // left there would change the result.
            new_game: true,
            chess960: shared.start.variant().is_chess960(),
            movetime: ANALYSIS_SEARCH_BOUND,
            multipv: 1,
            background: true,
        });
        // A search still waiting for a process at the deadline is given up
        // (the positions before it are kept).
        let limit = shared.stop_at + ANALYSIS_SEARCH_BOUND + SEARCH_SLACK + STOP_GRACE;
        let Ok(found) = tokio::time::timeout_at(limit.into(), search).await else {
            shared.stopped.store(true, Ordering::Relaxed);
            return Ok(());
        };
        let found = found?;
        let best = found
            .best
            .as_deref()
            .and_then(|b| move_from_uci(&position, b))
            .ok_or_else(|| {
                EngineError::Protocol(format!("no legal best move in analysis: {:?}", found.best))
            })?;
        let score = found
            .score
            .ok_or_else(|| EngineError::Protocol("a search without a score".into()))?;
        let evaluation = Evaluation {
            score: score.for_side(position.turn(), Color::White),
            best: Some(best),
            depth: found.depth,
        };
        shared.lock_evals()[i] = Some((evaluation, shallow));
    }
}
