//! A scripted fake engine for tests (the service's among them): it answers
//! moves from a queue (else the first legal move), a fixed evaluation and a
//! fixed analysis, records what it was asked, and can play a machine
//! without Stockfish. It checks positions and moves with the rules core as
//! the real engine does, so a test cannot get an illegal move from it.

use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::{
    EngineError, Evaluation, GameAnalysis, Level, PvLine, Score, Searcher, analysis,
    decided_on_board, legal_prefix, move_from_uci, position_reached,
};
use crate::chess::{Game, Move};

/// What a [`ScriptedEngine`] was asked, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptedCall {
    /// `best_move`: the FEN of the position searched, and the level.
    BestMove { fen: String, level: Level },
    /// `evaluate`: the FEN of the position searched.
    Evaluate { fen: String },
    /// `analyse_game`: the number of moves of the game.
    AnalyseGame { plies: usize },
    /// `lines`: the FEN of the position searched and the lines asked for.
    Lines { fen: String, count: usize },
}

#[derive(Default)]
struct Script {
    moves: VecDeque<String>,
    score: Option<Score>,
    analysis: Option<GameAnalysis>,
    unavailable: bool,
    fail_next: Option<EngineError>,
    delay: Duration,
    /// Added to `lines` calls only (a slow puzzle search beside a quick
    /// analysis).
    lines_delay: Duration,
    calls: Vec<ScriptedCall>,
    /// MultiPV answers by position (the FEN's first four fields): each
    /// line's moves (UCI, space-separated) and score (White's view).
    lines: std::collections::HashMap<String, Vec<(String, Score)>>,
}

/// A FEN without its move counters: how scripted positions are looked up.
fn position_key(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// What every call of a [`ScriptedEngine::unavailable`] engine answers.
fn not_installed() -> EngineError {
    EngineError::Unavailable {
        reason: "the scripted engine plays a machine without Stockfish".into(),
    }
}

/// A fake [`Engine`](super::Engine); all setters take `&self`, so a test can keep an
/// `Arc<ScriptedEngine>` and hand a clone to the service as
/// `Arc<dyn Engine>`.
#[derive(Default)]
pub struct ScriptedEngine {
    script: Mutex<Script>,
}

impl ScriptedEngine {
    /// Answers the first legal move, evaluates every position as 0.00 and
    /// analyses every game as flawless.
    #[must_use]
    pub fn new() -> ScriptedEngine {
        ScriptedEngine::default()
    }

    /// An engine that is not installed: every call answers
    /// [`EngineError::Unavailable`].
    #[must_use]
    pub fn unavailable() -> ScriptedEngine {
        let e = ScriptedEngine::default();
        e.lock().unavailable = true;
        e
    }

    fn lock(&self) -> MutexGuard<'_, Script> {
        self.script.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues the answer of a coming `best_move` (UCI, such as `e7e5`); it
    /// must be legal when it is used, else that call fails with
    /// [`EngineError::Protocol`] as with a misbehaving engine.
    pub fn push_move(&self, uci: impl Into<String>) {
        self.lock().moves.push_back(uci.into());
    }

    /// The score `evaluate` answers from now on (White's point of view)
    /// where the position is not decided on the board.
    pub fn set_score(&self, score: Score) {
        self.lock().score = Some(score);
    }

    /// The analysis `analyse_game` answers from now on.
    pub fn set_analysis(&self, analysis: GameAnalysis) {
        self.lock().analysis = Some(analysis);
    }

    /// What the engine thinks of one position (given by its FEN; the move
    /// counters are ignored): its lines, best first, each a principal
    /// variation in UCI (`"d8h4 g2g3"`) and its score from White's point of
    /// view. `lines` answers them (as many as asked), and a game's analysis
    /// evaluates the position by the first (other positions are 0.00 with
    /// no best move). Lines whose first move is not legal there make
    /// `lines` fail with [`EngineError::Protocol`].
    pub fn set_lines(&self, fen: &str, lines: &[(&str, Score)]) {
        self.lock().lines.insert(
            position_key(fen),
            lines
                .iter()
                .map(|(pv, s)| ((*pv).to_string(), *s))
                .collect(),
        );
    }

    /// Makes the next call (any method) fail with `error`.
    pub fn fail_next(&self, error: EngineError) {
        self.lock().fail_next = Some(error);
    }

    /// Makes every call wait this long first (a slow engine).
    pub fn set_delay(&self, delay: Duration) {
        self.lock().delay = delay;
    }

    /// Makes every `lines` call wait this long more (slow puzzle searches
    /// while the other calls answer at once).
    pub fn set_lines_delay(&self, delay: Duration) {
        self.lock().lines_delay = delay;
    }

    /// Everything asked so far.
    #[must_use]
    pub fn calls(&self) -> Vec<ScriptedCall> {
        self.lock().calls.clone()
    }

    /// Records the call and returns the delay, or the scripted failure.
    fn begin(&self, call: ScriptedCall) -> Result<Duration, EngineError> {
        let mut s = self.lock();
        s.calls.push(call);
        if s.unavailable {
            return Err(not_installed());
        }
        match s.fail_next.take() {
            Some(e) => Err(e),
            None => Ok(s.delay),
        }
    }

    /// The scripted lines of a position, their moves checked legal (a
    /// variation cut at its first illegal move).
    fn scripted_lines(&self, position: &crate::chess::Position) -> Vec<PvLine> {
        let Some(lines) = self
            .lock()
            .lines
            .get(&position_key(&position.fen()))
            .cloned()
        else {
            return Vec::new();
        };
        lines
            .into_iter()
            .filter_map(|(pv, score)| {
                let moves = legal_prefix(position, pv.split_whitespace());
                (!moves.is_empty()).then_some(PvLine {
                    score,
                    moves,
                    depth: 1,
                })
            })
            .collect()
    }
}

impl Searcher for ScriptedEngine {
    fn available(&self) -> Result<(), EngineError> {
        if self.lock().unavailable {
            Err(not_installed())
        } else {
            Ok(())
        }
    }

    async fn play(
        &self,
        start_fen: &str,
        moves: &[String],
        level: Level,
    ) -> Result<Move, EngineError> {
        let position = position_reached(start_fen, moves)?;
        let delay = self.begin(ScriptedCall::BestMove {
            fen: position.fen(),
            level,
        })?;
        tokio::time::sleep(delay).await;
        let queued = self.lock().moves.pop_front();
        match queued {
            Some(uci) => move_from_uci(&position, &uci).ok_or_else(|| {
                EngineError::Protocol(format!("scripted move {uci:?} is not legal here"))
            }),
            None => position
                .legal_moves()
                .first()
                .copied()
                .ok_or(EngineError::NoLegalMove),
        }
    }

    async fn eval(
        &self,
        start_fen: &str,
        moves: &[String],
        _movetime: Duration,
    ) -> Result<Evaluation, EngineError> {
        let position = position_reached(start_fen, moves)?;
        let delay = self.begin(ScriptedCall::Evaluate {
            fen: position.fen(),
        })?;
        tokio::time::sleep(delay).await;
        if let Some(decided) = decided_on_board(&position) {
            return Ok(decided);
        }
        let score = self.lock().score.unwrap_or(Score::Cp(0));
        Ok(Evaluation {
            score,
            best: position.legal_moves().first().copied(),
            depth: 1,
        })
    }

    async fn analyse(&self, game: &Game, _budget: Duration) -> Result<GameAnalysis, EngineError> {
        let delay = self.begin(ScriptedCall::AnalyseGame {
            plies: game.moves().len(),
        })?;
        tokio::time::sleep(delay).await;
        if let Some(a) = self.lock().analysis.clone() {
            return Ok(a);
        }
        let flat = Evaluation {
            score: Score::Cp(0),
            best: None,
            depth: 1,
        };
        let mut position = game.start().clone();
        let mut evals = Vec::with_capacity(game.moves().len() + 1);
        for i in 0..=game.moves().len() {
            let scripted = self.scripted_lines(&position).into_iter().next();
            evals.push(match (decided_on_board(&position), scripted) {
                (Some(decided), _) => decided,
                (None, Some(line)) => Evaluation {
                    score: line.score,
                    best: line.moves.first().copied(),
                    depth: 1,
                },
                (None, None) => flat,
            });
            if let Some(m) = game.moves().get(i) {
                position.play_unchecked(*m);
            }
        }
        Ok(analysis::analyse(game.start(), game.moves(), &evals))
    }

    async fn multi(
        &self,
        start_fen: &str,
        moves: &[String],
        count: usize,
        _movetime: Duration,
    ) -> Result<Vec<PvLine>, EngineError> {
        let position = position_reached(start_fen, moves)?;
        let delay = self.begin(ScriptedCall::Lines {
            fen: position.fen(),
            count,
        })?;
        let extra = self.lock().lines_delay;
        tokio::time::sleep(delay + extra).await;
        if !position.has_legal_move() {
            return Ok(Vec::new());
        }
        let scripted = self
            .lock()
            .lines
            .contains_key(&position_key(&position.fen()));
        if scripted {
            let lines = self.scripted_lines(&position);
            if lines.is_empty() {
                return Err(EngineError::Protocol(
                    "scripted lines are not legal here".into(),
                ));
            }
            return Ok(lines.into_iter().take(count.max(1)).collect());
        }
        // Unscripted: the first legal move at 0.00, one line only.
        let score = self.lock().score.unwrap_or(Score::Cp(0));
        Ok(position
            .legal_moves()
            .first()
            .map(|m| PvLine {
                score,
                moves: vec![*m],
                depth: 1,
            })
            .into_iter()
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::chess::{RulesMode, START_FEN};
    use crate::engine::{Engine, SideAnalysis};

    #[tokio::test]
    async fn queued_moves_then_the_first_legal_move() {
        let fake = Arc::new(ScriptedEngine::new());
        let engine: Arc<dyn Engine> = fake.clone();
        fake.push_move("e7e5");
        let moves = vec!["e2e4".to_string()];
        let m = engine
            .best_move(START_FEN, &moves, Level::MAX)
            .await
            .unwrap();
        assert_eq!(m.uci(), "e7e5");
        let m = engine
            .best_move(START_FEN, &moves, Level::MIN)
            .await
            .unwrap();
        assert!(position_reached(START_FEN, &moves).unwrap().is_legal(m));
        assert_eq!(fake.calls().len(), 2);
        assert!(matches!(
            &fake.calls()[0],
            ScriptedCall::BestMove { level, .. } if *level == Level::MAX
        ));
    }

    #[tokio::test]
    async fn an_illegal_scripted_move_is_refused() {
        let fake = ScriptedEngine::new();
        fake.push_move("e2e5");
        let e = fake
            .best_move(START_FEN, &[], Level::MIN)
            .await
            .unwrap_err();
        assert!(matches!(e, EngineError::Protocol(_)), "{e:?}");
    }

    #[tokio::test]
    async fn unavailable_and_scripted_failures() {
        let fake = ScriptedEngine::unavailable();
        assert!(fake.check().is_err());
        let e = fake
            .best_move(START_FEN, &[], Level::MIN)
            .await
            .unwrap_err();
        assert!(e.is_unavailable());
        let fake = ScriptedEngine::new();
        fake.fail_next(EngineError::Crashed);
        assert!(matches!(
            fake.evaluate(START_FEN, &[], Duration::ZERO).await,
            Err(EngineError::Crashed)
        ));
        assert!(fake.evaluate(START_FEN, &[], Duration::ZERO).await.is_ok());
    }

    #[tokio::test]
    async fn evaluations_and_analyses_as_scripted() {
        let fake = ScriptedEngine::new();
        assert_eq!(
            fake.evaluate(START_FEN, &[], Duration::ZERO)
                .await
                .unwrap()
                .score,
            Score::Cp(0)
        );
        fake.set_score(Score::Cp(-250));
        assert_eq!(
            fake.evaluate(START_FEN, &[], Duration::ZERO)
                .await
                .unwrap()
                .score,
            Score::Cp(-250)
        );
        let mut game = Game::new(RulesMode::House);
        for m in ["f3", "e5", "g4", "Qh4#"] {
            game.play_input(m).unwrap();
        }
        let flawless = fake.analyse_game(&game, Duration::ZERO).await.unwrap();
        assert_eq!(flawless.white.accuracy, 100.0);
        assert_eq!(flawless.worst, None);
        let scripted = GameAnalysis::sample(SideAnalysis {
            blunders: 1,
            acpl: 120,
            accuracy: 41.3,
            ..SideAnalysis::default()
        });
        fake.set_analysis(scripted.clone());
        assert_eq!(
            fake.analyse_game(&game, Duration::ZERO).await.unwrap(),
            scripted
        );
        // A checkmate is decided on the board whatever the script says.
        let moves: Vec<String> = crate::engine::uci_moves(&game);
        assert_eq!(
            fake.evaluate(START_FEN, &moves, Duration::ZERO)
                .await
                .unwrap()
                .score,
            Score::Mated(0)
        );
    }
}
