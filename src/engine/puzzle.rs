//! Puzzles from a finished game: the positions where the player to move had
//! one clearly winning move and missed it (or could punish the opponent's
//! blunder), checked with MultiPV so the answer is unique, and the solution
//! line that follows.
//!
//! The rule, every score from the side to move (the solver):
//! - a candidate is a position whose analysis shows a swing that matters:
//!   the move played lost at least [`PuzzleRules::min_swing_cp`] against
//!   the engine's best (a *missed* chance), or the opponent's previous move
//!   gave that much away (a blunder to *punish*); a mate found where none
//!   was counts as a swing whatever the centipawns (scores clamped to
//!   ±1000 as lichess does, so a won position getting more won is no
//!   swing);
//! - it is kept when a MultiPV 2 search confirms it: the best line wins
//!   (at least [`PuzzleRules::min_winning_cp`] or a mate), beats the second
//!   by at least [`PuzzleRules::min_gap_cp`] or mates where the second does
//!   not (two mates are two answers: dropped), and still makes the swing;
//! - the solution is the best move, then, while the answer stays unique by
//!   the same rule, the opponent's best reply (the line's second move) and
//!   the solver's next move, up to [`PuzzleRules::max_solver_moves`] moves
//!   of the solver. A mate in one is always taken (any mate solves it).

use std::time::Duration;

use super::{Engine, EngineError, Evaluation, Score};
use crate::chess::{Color, Game, Move, Position, Role};

/// The thresholds of the rule (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PuzzleRules {
    /// The best move beats the second best by this much.
    pub min_gap_cp: i32,
    /// The swing (missed or given away) is at least this much.
    pub min_swing_cp: i32,
    /// The best line is at least this good for the solver.
    pub min_winning_cp: i32,
    /// The solution has at most this many moves of the solver.
    pub max_solver_moves: usize,
    /// At most this many positions of one game are searched.
    pub max_candidates: usize,
    /// The MultiPV search time per position.
    pub movetime: Duration,
}

impl Default for PuzzleRules {
    fn default() -> PuzzleRules {
        PuzzleRules {
            min_gap_cp: 150,
            min_swing_cp: 200,
            min_winning_cp: 200,
            max_solver_moves: 3,
            max_candidates: 6,
            movetime: Duration::from_millis(400),
        }
    }
}

/// What a puzzle is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleTheme {
    /// The best line mates.
    Mate,
    /// The solution wins material (two pawns' worth or more).
    Material,
    /// Any other decisive advantage.
    Advantage,
}

impl PuzzleTheme {
    /// The stored and shown name: `mate`, `material`, `advantage`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            PuzzleTheme::Mate => "mate",
            PuzzleTheme::Material => "material",
            PuzzleTheme::Advantage => "advantage",
        }
    }
}

/// A puzzle found in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundPuzzle {
    /// The ply of the move to find (1 for the game's first move): the
    /// puzzle's position is the one before it.
    pub ply: usize,
    /// The puzzle's position.
    pub fen: String,
    /// The move that led to it (the opponent's), if any.
    pub last_move: Option<Move>,
    /// The side to move: the solver.
    pub solver: Color,
    /// The solver played another move in the game (their missed chance);
    /// false when they found it (a blunder punished).
    pub missed: bool,
    /// The solver's moves with the opponent's replies between them; odd
    /// length, the solver's first.
    pub solution: Vec<Move>,
    /// The same in SAN.
    pub solution_san: Vec<String>,
    pub theme: PuzzleTheme,
}

/// A score as a number that orders mates above every centipawn score.
fn value(s: Score) -> i64 {
    match s {
        Score::Cp(cp) => i64::from(cp),
        Score::Mates(n) => 1_000_000 - i64::from(n),
        Score::Mated(n) => -1_000_000 + i64::from(n),
    }
}

fn is_mate(s: Score) -> bool {
    matches!(s, Score::Mates(_))
}

/// Whether `best` wins for the solver.
fn winning(rules: &PuzzleRules, best: Score) -> bool {
    is_mate(best) || best.ceiled_cp() >= rules.min_winning_cp
}

/// Whether `best` is the only good answer against `second`.
fn unique(rules: &PuzzleRules, best: Score, second: Score) -> bool {
    match (best, second) {
        (Score::Mates(_), Score::Mates(_)) => false,
        (Score::Mates(_), _) => true,
        _ => value(best) - value(second) >= i64::from(rules.min_gap_cp),
    }
}

/// Whether going from `other` to `best` is a swing that matters.
fn matters(rules: &PuzzleRules, best: Score, other: Score) -> bool {
    match (best, other) {
        (Score::Mates(_), Score::Mates(_)) => false,
        (Score::Mates(_), _) => true,
        _ => best.ceiled_cp() - other.ceiled_cp() >= rules.min_swing_cp,
    }
}

/// Material in pawns (1, 3, 3, 5, 9) of one side.
fn material(p: &Position, c: Color) -> i32 {
    [
        (Role::Pawn, 1),
        (Role::Knight, 3),
        (Role::Bishop, 3),
        (Role::Rook, 5),
        (Role::Queen, 9),
    ]
    .into_iter()
    .map(|(r, v)| v * p.pieces(c, r).count() as i32)
    .sum()
}

/// A position to search, from the analysis.
struct Candidate {
    /// Moves played before it.
    index: usize,
    /// How much the swing was (for choosing the biggest ones).
    swing: i32,
}

/// The candidates of a game: the analysis's evaluations (`evals[i]` before
/// move `i`, White's view) showing a swing that matters.
fn candidates(rules: &PuzzleRules, game: &Game, evals: &[Evaluation]) -> Vec<Candidate> {
    let moves = game.moves();
    let n = moves.len().min(evals.len().saturating_sub(1));
    let mut position = game.start().clone();
    let mut out = Vec::new();
    for i in 0..n {
        let mover = position.turn();
        let before = evals[i].score.for_side(Color::White, mover);
        let after = evals[i + 1].score.for_side(Color::White, mover);
        let prior = i
            .checked_sub(1)
            .map(|j| evals[j].score.for_side(Color::White, mover));
        let played_best = evals[i].best == Some(moves[i]);
        let missed = !played_best && matters(rules, before, after);
        let punish = prior.is_some_and(|p| matters(rules, before, p));
        if winning(rules, before) && (missed || punish) {
            let against = if missed {
                after
            } else {
                prior.unwrap_or(after)
            };
            out.push(Candidate {
                index: i,
                swing: before.ceiled_cp() - against.ceiled_cp() + i32::from(is_mate(before)) * 1000,
            });
        }
        position.play_unchecked(moves[i]);
    }
    out.sort_by_key(|c| (std::cmp::Reverse(c.swing), c.index));
    out.truncate(rules.max_candidates);
    out.sort_by_key(|c| c.index);
    out
}

/// Finds the puzzles of a finished `game` from its analysis's evaluations
/// (`evals[i]`: the position before move `i`, then the final one; White's
/// view), asking `engine` for MultiPV lines. Positions are searched one
/// after the other (at most [`PuzzleRules::max_candidates`] of them, with
/// up to [`PuzzleRules::max_solver_moves`] searches each).
///
/// # Errors
/// A failure of the engine (the game's puzzles are then left unmade).
pub async fn find_puzzles(
    engine: &dyn Engine,
    game: &Game,
    evals: &[Evaluation],
    rules: &PuzzleRules,
) -> Result<Vec<FoundPuzzle>, EngineError> {
    let start_fen = game.start().fen();
    let uci = super::uci_moves(game);
    let moves = game.moves();
    let mut out = Vec::new();
    for c in candidates(rules, game, evals) {
        let position = super::position_after(game.start(), &moves[..c.index]);
        let solver = position.turn();
        let lines = engine
            .lines(&start_fen, &uci[..c.index], 2, rules.movetime)
            .await?;
        let [best, second, ..] = lines.as_slice() else {
            continue;
        };
        let (b, s) = (
            best.score.for_side(Color::White, solver),
            second.score.for_side(Color::White, solver),
        );
        if !winning(rules, b) || !unique(rules, b, s) {
            continue;
        }
        let played = moves[c.index];
        let found = best.moves[0] == played;
        // The swing, confirmed with the deeper score: against the move
        // played (its own line's score when the search has it), or against
        // the position before the opponent's blunder.
        let after_played = if second.moves[0] == played {
            s
        } else {
            evals[c.index + 1].score.for_side(Color::White, solver)
        };
        let prior = c
            .index
            .checked_sub(1)
            .map(|j| evals[j].score.for_side(Color::White, solver));
        let missed = !found && matters(rules, b, after_played);
        let punish = prior.is_some_and(|p| matters(rules, b, p));
        if !(missed || punish) {
            continue;
        }
        let solution = solution_line(engine, rules, &start_fen, &uci[..c.index], best).await?;
        let mut p = position.clone();
        let mut sans = Vec::with_capacity(solution.len());
        for m in &solution {
            sans.push(p.san(*m));
            p.play_unchecked(*m);
        }
        let theme = if is_mate(b) {
            PuzzleTheme::Mate
        } else if (material(&p, solver) - material(&p, solver.other()))
            - (material(&position, solver) - material(&position, solver.other()))
            >= 2
        {
            PuzzleTheme::Material
        } else {
            PuzzleTheme::Advantage
        };
        out.push(FoundPuzzle {
            ply: c.index + 1,
            fen: position.fen(),
            last_move: c.index.checked_sub(1).map(|j| moves[j]),
            solver,
            missed,
            solution,
            solution_san: sans,
            theme,
        });
    }
    Ok(out)
}

/// The solution from the first best line: its move, then the reply and
/// the solver's next unique move while there is one.
async fn solution_line(
    engine: &dyn Engine,
    rules: &PuzzleRules,
    start_fen: &str,
    before: &[String],
    first: &super::PvLine,
) -> Result<Vec<Move>, EngineError> {
    let mut line = vec![first.moves[0]];
    let mut current = first.clone();
    let mut history: Vec<String> = before.to_vec();
    let mut position = super::replay(start_fen, before)
        .map(|(start, played)| super::position_after(&start, &played))?;
    let solver = position.turn();
    position.play_unchecked(first.moves[0]);
    history.push(first.moves[0].uci());
    while line.len().div_ceil(2) < rules.max_solver_moves {
        if !position.has_legal_move() {
            break;
        }
        let Some(&reply) = current.moves.get(1) else {
            break;
        };
        let mut next = position.clone();
        next.play_unchecked(reply);
        if !next.has_legal_move() {
            break;
        }
        let mut asked = history.clone();
        asked.push(reply.uci());
        let lines = engine.lines(start_fen, &asked, 2, rules.movetime).await?;
        let Some(best) = lines.first() else {
            break;
        };
        let b = best.score.for_side(Color::White, solver);
        let mate_in_one = b == Score::Mates(1);
        let clear = match lines.get(1) {
            Some(second) => {
                winning(rules, b) && unique(rules, b, second.score.for_side(Color::White, solver))
            }
            None => false,
        };
        if !(mate_in_one || clear) {
            break;
        }
        line.push(reply);
        line.push(best.moves[0]);
        next.play_unchecked(best.moves[0]);
        asked.push(best.moves[0].uci());
        position = next;
        history = asked;
        current = best.clone();
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{RulesMode, START_FEN};
    use crate::engine::ScriptedEngine;

    /// A game from SAN moves.
    fn game(fen: &str, sans: &str) -> Game {
        let mut g = Game::from_fen(fen, RulesMode::House).unwrap();
        for s in sans.split_whitespace() {
            g.play_input(s).unwrap();
        }
        g
    }

    fn fen_after(g: &Game, plies: usize) -> String {
        crate::engine::position_after(g.start(), &g.moves()[..plies]).fen()
    }

    async fn found(engine: &ScriptedEngine, g: &Game) -> Vec<FoundPuzzle> {
        let a = engine
            .analyse_game(g, Duration::from_secs(1))
            .await
            .unwrap();
        find_puzzles(engine, g, &a.evaluations, &PuzzleRules::default())
            .await
            .unwrap()
    }

    /// The scholar's mate (Qxf7# after e4 e5 Bc4 Nc6 Qh5 Nf6??), which
    /// White misses here with d3.
    const SCHOLAR: &str = "e4 e5 Bc4 Nc6 Qh5 Nf6 d3";

    #[tokio::test]
    async fn a_unique_winning_move_missed_is_kept() {
        let g = game(START_FEN, SCHOLAR);
        let engine = ScriptedEngine::new();
        // Before 4. d3: Qxf7# mates, the next best is far behind.
        engine.set_lines(
            &fen_after(&g, 6),
            &[("h5f7", Score::Mates(1)), ("d2d3", Score::Cp(30))],
        );
        let puzzles = found(&engine, &g).await;
        assert_eq!(puzzles.len(), 1, "{puzzles:?}");
        let p = &puzzles[0];
        assert_eq!(p.ply, 7);
        assert_eq!(p.solver, Color::White);
        assert!(p.missed);
        assert_eq!(p.solution_san, ["Qxf7#"]);
        assert_eq!(p.theme, PuzzleTheme::Mate);
        assert_eq!(p.last_move.map(|m| m.uci()), Some("g8f6".to_string()));
    }

    #[tokio::test]
    async fn an_ambiguous_position_is_dropped() {
        let g = game(START_FEN, SCHOLAR);
        let engine = ScriptedEngine::new();
        // Two moves win about as much: no unique answer.
        engine.set_lines(
            &fen_after(&g, 6),
            &[("h5f7", Score::Cp(900)), ("c4f7", Score::Cp(800))],
        );
        assert!(found(&engine, &g).await.is_empty());
        // Two mates are two answers too.
        engine.set_lines(
            &fen_after(&g, 6),
            &[("h5f7", Score::Mates(1)), ("c4f7", Score::Mates(4))],
        );
        assert!(found(&engine, &g).await.is_empty());
    }

    #[tokio::test]
    async fn a_small_swing_is_dropped() {
        let g = game(START_FEN, SCHOLAR);
        let engine = ScriptedEngine::new();
        // The best move is unique and wins, but only 1.6 pawns better than
        // the move played, and 1.5 better than before the opponent's move:
        // the swing does not matter.
        engine.set_lines(&fen_after(&g, 5), &[("g8f6", Score::Cp(100))]);
        engine.set_lines(
            &fen_after(&g, 6),
            &[("h5f7", Score::Cp(250)), ("d2d3", Score::Cp(90))],
        );
        assert!(found(&engine, &g).await.is_empty());
        // Nor does a unique move that does not win.
        engine.set_lines(
            &fen_after(&g, 6),
            &[("h5f7", Score::Cp(100)), ("d2d3", Score::Cp(-300))],
        );
        assert!(found(&engine, &g).await.is_empty());
    }

    #[tokio::test]
    async fn the_line_goes_on_while_the_answer_stays_unique() {
        // Black's 3...Nf6?? lets White win: 4. Bxf7+ Ke7 5. Qe5+? (scripted)
        // as a three-move line, then the third move is not unique.
        let g = game(START_FEN, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#");
        let engine = ScriptedEngine::new();
        // The punished blunder: White found it (not missed).
        engine.set_lines(
            &fen_after(&g, 6),
            &[("h5f7", Score::Mates(1)), ("h5e2", Score::Cp(-50))],
        );
        let puzzles = found(&engine, &g).await;
        assert_eq!(puzzles.len(), 1, "{puzzles:?}");
        assert!(!puzzles[0].missed);
        assert_eq!(puzzles[0].solution_san, ["Qxf7#"]);

        // A longer line (the scores are scripted): after e4 e5 Qh5 Ke7,
        // Qxf7+ Kxf7 Bc4+.
        let g = game(START_FEN, "e4 e5 Qh5 Ke7 a3");
        let engine = ScriptedEngine::new();
        let start = fen_after(&g, 4);
        engine.set_lines(
            &start,
            &[("h5f7 e7f7", Score::Cp(600)), ("a2a3", Score::Cp(0))],
        );
        let mut after = crate::chess::Position::from_fen(&start).unwrap();
        for u in ["h5f7", "e7f7"] {
            let m = crate::engine::move_from_uci(&after, u).unwrap();
            after.play_unchecked(m);
        }
        engine.set_lines(
            &after.fen(),
            &[("f1c4 d7d5", Score::Cp(700)), ("a2a3", Score::Cp(300))],
        );
        let puzzles = found(&engine, &g).await;
        assert_eq!(puzzles.len(), 1, "{puzzles:?}");
        assert_eq!(puzzles[0].solution_san, ["Qxf7+", "Kxf7", "Bc4+"]);
        // No material won: an advantage.
        assert_eq!(puzzles[0].theme, PuzzleTheme::Advantage);
        assert!(puzzles[0].missed);
    }

    #[test]
    fn the_rule_by_hand() {
        let r = PuzzleRules::default();
        assert!(unique(&r, Score::Cp(400), Score::Cp(250)));
        assert!(!unique(&r, Score::Cp(400), Score::Cp(251)));
        assert!(unique(&r, Score::Mates(3), Score::Cp(900)));
        assert!(!unique(&r, Score::Mates(3), Score::Mates(5)));
        assert!(matters(&r, Score::Cp(250), Score::Cp(50)));
        assert!(!matters(&r, Score::Cp(249), Score::Cp(50)));
        // Clamped: a won position getting more won is no swing.
        assert!(!matters(&r, Score::Cp(2500), Score::Cp(1000)));
        assert!(matters(&r, Score::Mates(2), Score::Cp(1500)));
        assert!(winning(&r, Score::Cp(200)));
        assert!(!winning(&r, Score::Cp(199)));
    }
}
