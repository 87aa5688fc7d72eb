//! The chess engine: Stockfish spoken to over UCI, behind the [`Engine`]
//! trait so the service can hold an `Arc<dyn Engine>` and its tests a
//! [`ScriptedEngine`].
//!
//! The pieces: [`uci`] (protocol lines, parsed and written), [`pool`] (the
//! engine processes), [`levels`] (the playing levels 1-8), [`analysis`] (a
//! finished game's mistakes and accuracy) and [`scripted`] (the fake).
//!
//! Scores in this module's public API are from White's point of view unless
//! a function says otherwise. Every position handed to the engine is first
//! validated by the rules core, and every move it answers is checked to be
//! legal there.

pub mod analysis;
pub mod levels;
pub mod pool;
pub mod puzzle;
pub mod scripted;
pub mod uci;

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use crate::chess::{Color, FenError, Game, Move, Position};

pub use analysis::{Coverage, GameAnalysis, Judgement, SideAnalysis, WorstMove, accepts_draw};
pub use levels::{Level, ParseLevelError};
pub use pool::{
    ANALYSIS_NODES, DEFAULT_HASH_MB, EngineConfig, MAX_HASH_MB, MissingEngine, SHALLOW_NODES,
    Stockfish,
};
pub use puzzle::{FoundPuzzle, PuzzleRules, PuzzleTheme, find_puzzles};
pub use scripted::{ScriptedCall, ScriptedEngine};

/// What can go wrong when asking the engine.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// No usable engine binary: the bot works on, without the engine.
    #[error(
        "the chess engine is unavailable ({reason}); install Stockfish with \
         `apt-get install stockfish` or set STOCKFISH_PATH to its binary"
    )]
    Unavailable { reason: String },
    /// The position to search is not a legal game: a bad start FEN.
    #[error("invalid start position: {0}")]
    BadFen(#[from] FenError),
    /// The position to search is not a legal game: a move that is not legal
    /// (or not UCI) where it is played.
    #[error("move {ply} ({uci:?}) is not legal in the game being searched")]
    IllegalMove { ply: usize, uci: String },
    /// The position has no legal move (the game is over).
    #[error("the position has no legal move")]
    NoLegalMove,
    /// The engine process exited or closed its output.
    #[error("the engine process died")]
    Crashed,
    /// The engine did not answer within its time bound (it was stopped, then
    /// killed and will be replaced).
    #[error("the engine did not answer within {0:?}")]
    Timeout(Duration),
    /// The engine said something we cannot use (for example a best move that
    /// is not legal).
    #[error("unexpected engine output: {0}")]
    Protocol(String),
    /// Talking to the engine process failed.
    #[error("engine I/O failed while {context}")]
    Io {
        context: &'static str,
        #[source]
        source: std::io::Error,
    },
}

impl EngineError {
    /// Whether the error means the engine is not installed (the service's
    /// `engine_unavailable`), as opposed to a failure worth logging.
    #[must_use]
    pub fn is_unavailable(&self) -> bool {
        matches!(self, EngineError::Unavailable { .. })
    }
}

/// An engine score, from the point of view of one side (see where it comes
/// from: UCI lines are from the side to move, [`Evaluation`] from White).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns; positive is good for the side the score is for.
    Cp(i32),
    /// The side mates in this many moves (0: it has mated).
    Mates(u32),
    /// The side is mated in this many moves (0: it is checkmated).
    Mated(u32),
}

impl Score {
    /// Centipawns beyond which lichess treats every score alike; mates count
    /// as this many (signed).
    pub const CEILING: i32 = 1000;

    /// The same score from the other side's point of view.
    #[must_use]
    pub fn flip(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mates(n) => Score::Mated(n),
            Score::Mated(n) => Score::Mates(n),
        }
    }

    /// A score for the side to move (`turn`) seen from `side`.
    #[must_use]
    pub fn for_side(self, turn: Color, side: Color) -> Score {
        if turn == side { self } else { self.flip() }
    }

    /// Centipawns clamped to ±[`Score::CEILING`], mates at the ceiling
    /// (lichess's `Cp.ceiled`, used for average loss and win%).
    #[must_use]
    pub fn ceiled_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp.clamp(-Score::CEILING, Score::CEILING),
            Score::Mates(_) => Score::CEILING,
            Score::Mated(_) => -Score::CEILING,
        }
    }

    /// The chance of winning in percent (0-100) by lichess's formula on the
    /// ceiled centipawns.
    #[must_use]
    pub fn win_percent(self) -> f64 {
        analysis::win_percent(self.ceiled_cp())
    }
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3` (mates in 3), `#-2` (mated in 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Score::Mates(n) => write!(f, "#{n}"),
            Score::Mated(n) => write!(f, "#-{n}"),
        }
    }
}

/// The engine's opinion of one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// From White's point of view.
    pub score: Score,
    /// The move the engine would play; `None` when the game is over there.
    pub best: Option<Move>,
    /// The search depth reached (0 for positions decided on the board).
    pub depth: u32,
}

/// One line of a MultiPV search ([`Engine::lines`]): a move, the line the
/// engine expects after it, and its score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    /// From White's point of view.
    pub score: Score,
    /// The principal variation, legal from the searched position; never
    /// empty (its first move is the line's move).
    pub moves: Vec<Move>,
    pub depth: u32,
}

/// The lines of a search (UCI, scores from the side to move) as
/// [`PvLine`]s: every move checked legal by the rules core (a variation
/// is cut at its first illegal move; a line without a legal first move is
/// dropped), scores turned to White's point of view.
#[must_use]
pub fn pv_lines(position: &Position, lines: &[uci::LineOutcome]) -> Vec<PvLine> {
    lines
        .iter()
        .filter_map(|line| {
            let moves = legal_prefix(position, line.pv.iter().map(String::as_str));
            (!moves.is_empty()).then(|| PvLine {
                score: line.score.for_side(position.turn(), Color::White),
                moves,
                depth: line.depth,
            })
        })
        .collect()
}

/// The moves of a variation (UCI) from `position` up to the first that
/// is not legal where it is played.
fn legal_prefix<'t>(position: &Position, pv: impl IntoIterator<Item = &'t str>) -> Vec<Move> {
    let mut p = position.clone();
    let mut moves = Vec::new();
    for text in pv {
        let Some(m) = move_from_uci(&p, text) else {
            break;
        };
        p.play_unchecked(m);
        moves.push(m);
    }
    moves
}

/// A boxed future, so the trait works as `Arc<dyn Engine>`.
pub type EngineFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, EngineError>> + Send + 'a>>;

/// A chess engine: the real [`Stockfish`] pool, [`MissingEngine`] where it is
/// not installed, or the [`ScriptedEngine`] of tests.
///
/// Positions are given as the game's start FEN and its moves in UCI (the
/// source of truth the store keeps), so the engine sees the history
/// (repetitions) too.
pub trait Engine: Send + Sync {
    /// Whether the engine can be used at all, without starting anything
    /// (for example to refuse `computer` at once).
    ///
    /// # Errors
    /// [`EngineError::Unavailable`] when no engine is installed.
    fn check(&self) -> Result<(), EngineError> {
        Ok(())
    }

    /// The move the engine plays at `level` in the position reached from
    /// `start_fen` by `moves` (UCI); legal there by the rules core.
    ///
    /// # Errors
    /// [`EngineError::Unavailable`]; [`EngineError::BadFen`] or
    /// [`EngineError::IllegalMove`] for a bad game; [`EngineError::NoLegalMove`]
    /// when the game is over; otherwise a failure of the engine process.
    fn best_move<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        level: Level,
    ) -> EngineFuture<'a, Move>;

    /// The full-strength evaluation of a position, searching about
    /// `movetime` (nothing is searched where the game is decided on the
    /// board: checkmate, stalemate).
    ///
    /// # Errors
    /// As [`Engine::best_move`], except that a finished position is no error.
    fn evaluate<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        movetime: Duration,
    ) -> EngineFuture<'a, Evaluation>;

    /// The best `count` lines (MultiPV) of the position reached from
    /// `start_fen` by `moves`, best first, searching about `movetime`;
    /// fewer when the position has fewer legal moves, none when the game is
    /// over there. Engines without MultiPV answer their one best line.
    ///
    /// # Errors
    /// As [`Engine::evaluate`].
    fn lines<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        count: usize,
        movetime: Duration,
    ) -> EngineFuture<'a, Vec<PvLine>> {
        let _ = count;
        Box::pin(async move {
            let e = self.evaluate(start_fen, moves, movetime).await?;
            Ok(e.best
                .map(|b| {
                    vec![PvLine {
                        score: e.score,
                        moves: vec![b],
                        depth: e.depth,
                    }]
                })
                .unwrap_or_default())
        })
    }

    /// Analyses every position of `game`, each with a fixed amount of work
    /// (so the same game gets the same figures however busy the engine
    /// is). `budget` (see [`analysis_budget`]) only bounds a busy engine:
    /// once it has passed, the remaining positions get a shallower search,
    /// and once twice of it has passed no further position is searched and
    /// the analysis covers the moves before (see [`GameAnalysis::coverage`]).
    ///
    /// # Errors
    /// [`EngineError::Unavailable`]; a failure or time-out of the engine
    /// before any move could be judged.
    fn analyse_game<'a>(
        &'a self,
        game: &'a Game,
        budget: Duration,
    ) -> EngineFuture<'a, GameAnalysis>;
}

/// What an engine that searches implements, as plain async methods with
/// the arguments of [`Engine`]'s; each is an [`Engine`] by the one impl
/// below, which boxes their futures for `Arc<dyn Engine>`. The real pool
/// and the scripted fake both answer through it.
pub(crate) trait Searcher: Send + Sync {
    /// As [`Engine::check`].
    fn available(&self) -> Result<(), EngineError> {
        Ok(())
    }

    /// As [`Engine::best_move`].
    fn play(
        &self,
        start_fen: &str,
        moves: &[String],
        level: Level,
    ) -> impl Future<Output = Result<Move, EngineError>> + Send;

    /// As [`Engine::evaluate`].
    fn eval(
        &self,
        start_fen: &str,
        moves: &[String],
        movetime: Duration,
    ) -> impl Future<Output = Result<Evaluation, EngineError>> + Send;

    /// As [`Engine::lines`].
    fn multi(
        &self,
        start_fen: &str,
        moves: &[String],
        count: usize,
        movetime: Duration,
    ) -> impl Future<Output = Result<Vec<PvLine>, EngineError>> + Send;

    /// As [`Engine::analyse_game`].
    fn analyse(
        &self,
        game: &Game,
        budget: Duration,
    ) -> impl Future<Output = Result<GameAnalysis, EngineError>> + Send;
}

impl<S: Searcher> Engine for S {
    fn check(&self) -> Result<(), EngineError> {
        self.available()
    }

    fn best_move<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        level: Level,
    ) -> EngineFuture<'a, Move> {
        Box::pin(self.play(start_fen, moves, level))
    }

    fn evaluate<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        movetime: Duration,
    ) -> EngineFuture<'a, Evaluation> {
        Box::pin(self.eval(start_fen, moves, movetime))
    }

    fn lines<'a>(
        &'a self,
        start_fen: &'a str,
        moves: &'a [String],
        count: usize,
        movetime: Duration,
    ) -> EngineFuture<'a, Vec<PvLine>> {
        Box::pin(self.multi(start_fen, moves, count, movetime))
    }

    fn analyse_game<'a>(
        &'a self,
        game: &'a Game,
        budget: Duration,
    ) -> EngineFuture<'a, GameAnalysis> {
        Box::pin(self.analyse(game, budget))
    }
}

/// The engine configured by the environment: [`Stockfish`] when a binary is
/// found (`STOCKFISH_PATH`, else `stockfish` on `PATH`, else
/// `/usr/games/stockfish`; `ENGINE_THREADS` processes), else a
/// [`MissingEngine`] that answers [`EngineError::Unavailable`] to everything.
#[must_use]
pub fn from_env() -> Arc<dyn Engine> {
    from_config(&EngineConfig::from_env())
}

/// As [`from_env`], from an explicit configuration.
#[must_use]
pub fn from_config(config: &EngineConfig) -> Arc<dyn Engine> {
    match Stockfish::new(config) {
        Ok(engine) => {
            tracing::info!(
                path = %engine.path().display(),
                processes = engine.size(),
                "chess engine found"
            );
            Arc::new(engine)
        }
        Err(e) => {
            tracing::info!(reason = %e, "no chess engine: playing the computer and analysis are off");
            Arc::new(MissingEngine::new(e))
        }
    }
}

/// The part of a game's analysis budget that does not depend on its length.
const ANALYSIS_BASE_TIME: Duration = Duration::from_secs(15);
/// The analysis budget per position. A full search of one position takes
/// about 0.1 s of one core; the rest is room for a busy engine (twenty
/// games ending at once share its processes).
const ANALYSIS_TIME_PER_POSITION: Duration = Duration::from_millis(500);

/// The time a game of `plies` moves is given for its full analysis, before
/// a busy engine searches the remaining positions less deeply (see
/// [`Engine::analyse_game`]): 15 s and half a second per position, so 32 s
/// for a game of 33 plies.
#[must_use]
pub fn analysis_budget(plies: usize) -> Duration {
    let positions = u32::try_from(plies + 1).unwrap_or(u32::MAX);
    ANALYSIS_BASE_TIME + ANALYSIS_TIME_PER_POSITION.saturating_mul(positions)
}

/// The UCI moves of a game, as [`Engine`] takes them (Chess960 castling as
/// the king taking its rook).
#[must_use]
pub fn uci_moves(game: &Game) -> Vec<String> {
    game.moves().iter().map(|m| game.uci(*m)).collect()
}

/// Reads a start FEN as standard chess, else as Chess960 (X-FEN or
/// Shredder-FEN). A FEN both read is one where castling is the same move
/// in both (king on e1/e8, rooks in the corners), so the engine plays it
/// as standard chess.
///
/// # Errors
/// The standard reader's error when neither reads it.
pub fn read_start(start_fen: &str) -> Result<Position, FenError> {
    Position::from_fen(start_fen).or_else(|e| {
        Position::from_fen_variant(start_fen, crate::chess::Variant::Chess960).map_err(|_| e)
    })
}

/// Replays `moves` (UCI) from `start_fen` (either variant, see
/// [`read_start`]) with the rules core.
///
/// # Errors
/// [`EngineError::BadFen`] or [`EngineError::IllegalMove`].
pub fn replay(start_fen: &str, moves: &[String]) -> Result<(Position, Vec<Move>), EngineError> {
    let start = read_start(start_fen)?;
    let mut position = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let m = move_from_uci(&position, text).ok_or_else(|| EngineError::IllegalMove {
            ply: i + 1,
            uci: text.clone(),
        })?;
        position.play_unchecked(m);
        played.push(m);
    }
    Ok((start, played))
}

/// The legal move written `uci` in `position`, if there is one: in the
/// position's own UCI first, else castling in the other form (the king's
/// destination, or the king taking its rook).
#[must_use]
pub fn move_from_uci(position: &Position, uci: &str) -> Option<Move> {
    let legal = position.legal_moves();
    legal
        .iter()
        .copied()
        .find(|m| position.uci(*m) == uci)
        .or_else(|| {
            legal.iter().copied().find(|m| {
                matches!(m, Move::Castle { .. })
                    && (m.uci() == uci || m.uci_for(crate::chess::Variant::Chess960) == uci)
            })
        })
}

/// The position reached from `start` by `moves` (known legal).
fn position_after(start: &Position, moves: &[Move]) -> Position {
    let mut p = start.clone();
    for m in moves {
        p.play_unchecked(*m);
    }
    p
}

/// The position reached from `start_fen` by `moves` (UCI), each checked
/// legal as [`replay`] does.
fn position_reached(start_fen: &str, moves: &[String]) -> Result<Position, EngineError> {
    let (start, played) = replay(start_fen, moves)?;
    Ok(position_after(&start, &played))
}

/// The evaluation of a position decided on the board (no search needed):
/// checkmate or stalemate.
fn decided_on_board(position: &Position) -> Option<Evaluation> {
    let score = if position.is_checkmate() {
        Score::Mated(0).for_side(position.turn(), Color::White)
    } else if position.is_stalemate() {
        Score::Cp(0)
    } else {
        return None;
    };
    Some(Evaluation {
        score,
        best: None,
        depth: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::START_FEN;

    #[test]
    fn the_analysis_budget_grows_with_the_game() {
        assert_eq!(analysis_budget(0), Duration::from_millis(15_500));
        assert_eq!(analysis_budget(33), Duration::from_secs(32));
        assert!(analysis_budget(200) > analysis_budget(100));
    }

    #[test]
    fn flipping_a_score_swaps_the_sides() {
        assert_eq!(Score::Cp(35).flip(), Score::Cp(-35));
        assert_eq!(Score::Mates(2).flip(), Score::Mated(2));
        assert_eq!(Score::Mated(0).flip(), Score::Mates(0));
        assert_eq!(
            Score::Cp(35).for_side(Color::Black, Color::White),
            Score::Cp(-35)
        );
        assert_eq!(
            Score::Cp(35).for_side(Color::White, Color::White),
            Score::Cp(35)
        );
    }

    #[test]
    fn mates_count_as_the_ceiling() {
        assert_eq!(Score::Cp(1500).ceiled_cp(), 1000);
        assert_eq!(Score::Cp(-1500).ceiled_cp(), -1000);
        assert_eq!(Score::Mates(7).ceiled_cp(), 1000);
        assert_eq!(Score::Mated(0).ceiled_cp(), -1000);
    }

    #[test]
    fn scores_print_in_pawns_and_mates() {
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert_eq!(Score::Cp(-5).to_string(), "-0.05");
        assert_eq!(Score::Mates(3).to_string(), "#3");
        assert_eq!(Score::Mated(2).to_string(), "#-2");
    }

    #[test]
    fn unavailable_says_how_to_install() {
        let e = EngineError::Unavailable {
            reason: "no stockfish found".into(),
        };
        let text = e.to_string();
        assert!(text.contains("apt-get install stockfish"), "{text}");
        assert!(text.contains("STOCKFISH_PATH"), "{text}");
        assert!(e.is_unavailable());
    }

    #[test]
    fn replay_checks_every_move() {
        let moves = vec!["e2e4".to_string(), "e7e5".to_string(), "e1e3".to_string()];
        match replay(START_FEN, &moves) {
            Err(EngineError::IllegalMove { ply, uci }) => {
                assert_eq!(ply, 3);
                assert_eq!(uci, "e1e3");
            }
            other => panic!("expected an illegal move, got {other:?}"),
        }
        assert!(matches!(
            replay("not a fen", &[]),
            Err(EngineError::BadFen(_))
        ));
        let (_, played) = replay(START_FEN, &moves[..2]).unwrap();
        assert_eq!(played.len(), 2);
    }

    #[test]
    fn checkmate_and_stalemate_are_decided_without_search() {
        // Fool's mate: White to move is checkmated.
        let (start, moves) = replay(
            START_FEN,
            &["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from),
        )
        .unwrap();
        let p = position_after(&start, &moves);
        let e = decided_on_board(&p).unwrap();
        assert_eq!(e.score, Score::Mated(0));
        assert_eq!(e.best, None);
        let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        assert_eq!(decided_on_board(&stalemate).unwrap().score, Score::Cp(0));
        assert!(decided_on_board(&Position::startpos()).is_none());
    }

    #[test]
    fn chess960_starts_read_and_castling_reads_in_both_forms() {
        use crate::chess::Variant;
        // Position 291 (BQNRKRNB) after Nf3 Nd6: White may castle king side.
        let start = "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1";
        let moves = ["g1f3", "c8d6"].map(String::from);
        let (p0, played) = replay(start, &moves).unwrap();
        assert_eq!(p0.variant(), Variant::Chess960);
        let p = position_after(&p0, &played);
        let castle = move_from_uci(&p, "e1f1").expect("king takes rook");
        assert!(matches!(castle, Move::Castle { .. }));
        assert_eq!(move_from_uci(&p, "e1g1"), Some(castle));
        // The standard position reads as standard chess.
        assert_eq!(read_start(START_FEN).unwrap().variant(), Variant::Standard);
        let mut g = Game::chess960(291, crate::chess::RulesMode::House).unwrap();
        g.play_input("Nf3").unwrap();
        g.play_input("Nd6").unwrap();
        g.play_input("O-O").unwrap();
        assert_eq!(uci_moves(&g), ["g1f3", "c8d6", "e1f1"]);
    }
}
