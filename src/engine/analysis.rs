//! A finished game's analysis, the pure part: lichess's published measures
//! computed from the evaluations of every position (which the pool's
//! workers gather with a fixed number of nodes per position, see
//! `pool.rs`), by pure functions tested on their own.
//!
//! The measures, as lichess (lila, scalachess) computes them:
//! - win% = `50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1)`, with the
//!   centipawns clamped to ±1000 and a mate counted as ±1000;
//! - a move is an inaccuracy, a mistake or a blunder when it costs its player
//!   at least 0.1, 0.2 or 0.3 of lichess's "winning chances" (the same curve
//!   on a -1..1 scale; 10 / 20 / 30 points of it are 5 / 10 / 15 win%
//!   points), only the worst label counting; moves into or out of a forced
//!   mate follow lichess's mate rules instead (see [`judge`]). We add one
//!   rule: the move the engine itself recommends is never judged (its drop
//!   is search noise);
//! - average centipawn loss: the mover's loss per move, clamped at 0, with
//!   every score clamped to ±1000;
//! - accuracy of a move, from the mover's win% before and after it:
//!   `103.1668 * exp(-0.04354 * (before - after)) - 3.1669 + 1` clamped to
//!   0..100 (the `+ 1` is lichess's allowance for imperfect analysis; 100
//!   when the move loses nothing);
//! - accuracy of a game: lichess's blend, the mean of a volatility-weighted
//!   mean and the harmonic mean of the side's move accuracies.

use super::{Evaluation, Score};
use crate::chess::{Color, Move, Position};

/// The coefficient of lichess's win% curve.
const WIN_CURVE: f64 = -0.003_682_08;

/// Drops in winning chances (-1..1) that make an inaccuracy, a mistake, a
/// blunder (lila's `CpAdvice`).
const INACCURACY: f64 = 0.1;
const MISTAKE: f64 = 0.2;
const BLUNDER: f64 = 0.3;

/// lichess's winning chances, -1 (lost) to 1 (won), from centipawns.
#[must_use]
pub fn winning_chances(cp: i32) -> f64 {
    (2.0 / (1.0 + (WIN_CURVE * f64::from(cp)).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// The chance of winning in percent, 0-100, from centipawns (not clamped
/// here; see [`Score::win_percent`]).
#[must_use]
pub fn win_percent(cp: i32) -> f64 {
    50.0 + 50.0 * winning_chances(cp)
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// Judges a move by the scores before and after it, both from the mover's
/// point of view (lila's `Advice`):
/// - between two centipawn scores, by the drop in winning chances;
/// - allowing a forced mate: a blunder, a mistake when the mover was already
///   below -7 pawns, an inaccuracy below -9.99;
/// - losing a forced mate of one's own: a blunder, a mistake when still above
///   +7 pawns, an inaccuracy above +9.99;
/// - anything else with a mate (a slower mate, escaping one) is not judged.
#[must_use]
pub fn judge(before: Score, after: Score) -> Option<Judgement> {
    match (before, after) {
        (Score::Cp(b), Score::Cp(a)) => {
            let drop = winning_chances(b) - winning_chances(a);
            if drop >= BLUNDER {
                Some(Judgement::Blunder)
            } else if drop >= MISTAKE {
                Some(Judgement::Mistake)
            } else if drop >= INACCURACY {
                Some(Judgement::Inaccuracy)
            } else {
                None
            }
        }
        // Mate created against the mover.
        (Score::Cp(b), Score::Mated(_)) => Some(if b < -999 {
            Judgement::Inaccuracy
        } else if b < -700 {
            Judgement::Mistake
        } else {
            Judgement::Blunder
        }),
        // The mover's own mate lost.
        (Score::Mates(_), after) => {
            let a = match after {
                Score::Cp(a) => a,
                Score::Mates(_) => return None,
                Score::Mated(_) => 0,
            };
            Some(if a > 999 {
                Judgement::Inaccuracy
            } else if a > 700 {
                Judgement::Mistake
            } else {
                Judgement::Blunder
            })
        }
        _ => None,
    }
}

/// The accuracy of one move in percent from the mover's win% before and
/// after it (lila's `AccuracyPercent.fromWinPercents`).
#[must_use]
pub fn move_accuracy(win_before: f64, win_after: f64) -> f64 {
    if win_after >= win_before {
        return 100.0;
    }
    let raw = 103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * (win_before - win_after)).exp()
        - 3.166_924_740_191_411
        + 1.0;
    raw.clamp(0.0, 100.0)
}

/// Population standard deviation.
fn standard_deviation(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// One weight per move: how volatile White's win% is around it (lila: a
/// window of `clamp(moves / 10, 2, 8)` win percents, the first window
/// repeated for the first moves, the deviation clamped to 0.5..12).
fn volatility_weights(wins: &[f64]) -> Vec<f64> {
    let moves = wins.len().saturating_sub(1);
    if moves == 0 {
        return Vec::new();
    }
    let size = (moves / 10).clamp(2, 8).min(wins.len());
    let first = &wins[..size];
    let mut windows: Vec<&[f64]> = vec![first; size - 2];
    windows.extend(wins.windows(size));
    windows
        .into_iter()
        .map(|w| standard_deviation(w).clamp(0.5, 12.0))
        .collect()
}

/// lichess's game accuracy from (accuracy, weight) pairs of one side: the
/// mean of the weighted mean and the harmonic mean; 100 without moves.
fn blended_accuracy(moves: &[(f64, f64)]) -> f64 {
    if moves.is_empty() {
        return 100.0;
    }
    let weight: f64 = moves.iter().map(|(_, w)| w).sum();
    let weighted = if weight > 0.0 {
        moves.iter().map(|(a, w)| a * w).sum::<f64>() / weight
    } else {
        moves.iter().map(|(a, _)| a).sum::<f64>() / moves.len() as f64
    };
    let harmonic = moves.len() as f64 / moves.iter().map(|(a, _)| 1.0 / a.max(1.0)).sum::<f64>();
    (weighted + harmonic) / 2.0
}

/// One side's figures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideAnalysis {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    /// Average centipawn loss per move, rounded.
    pub acpl: u32,
    /// Accuracy in percent, 0-100, rounded to one decimal (100 for a side
    /// that made no move).
    pub accuracy: f64,
}

/// The worst move of the game and what the engine preferred.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorstMove {
    /// 1 for the game's first move, 2 for the reply...
    pub ply: usize,
    pub san: String,
    /// The engine's move in that position, in SAN.
    pub best_san: String,
}

/// A game's analysis (the summary's `analysis`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameAnalysis {
    pub white: SideAnalysis,
    pub black: SideAnalysis,
    /// The worst judged move, if any move was judged.
    pub worst: Option<WorstMove>,
    /// The evaluation of every position the analysis saw (before each move,
    /// then the final position; White's point of view): what puzzles are
    /// looked for in. Empty when the engine gave figures only.
    pub evaluations: Vec<Evaluation>,
    /// How much of the game the figures cover when the engine ran out of
    /// time; the default is all of it, searched fully.
    pub coverage: Coverage,
}

/// How much of a game an analysis covers: a busy engine analyses the
/// last positions with fewer nodes, and past its deadline leaves the
/// remaining moves out, rather than giving no analysis at all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// The moves judged when not all were (the first `n` plies); `None`
    /// when every move was.
    pub plies: Option<usize>,
    /// The first ply (1-based) judged from a shallower search; `None` when
    /// every judged move had the full search.
    pub shallow_from: Option<usize>,
}

impl Coverage {
    /// Whether the whole game was analysed with the full search.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.plies.is_none() && self.shallow_from.is_none()
    }
}

#[cfg(test)]
impl GameAnalysis {
    /// A sample for tests: White's figures as given, Black's flawless, the
    /// worst move 2. g4 (2. Nc3 was best), no evaluations.
    pub(crate) fn sample(white: SideAnalysis) -> GameAnalysis {
        GameAnalysis {
            white,
            black: SideAnalysis::default(),
            worst: Some(WorstMove {
                ply: 3,
                san: "g4".into(),
                best_san: "Nc3".into(),
            }),
            evaluations: Vec::new(),
            coverage: Coverage::default(),
        }
    }
}

impl GameAnalysis {
    /// The figures of one side.
    #[must_use]
    pub fn side(&self, color: Color) -> &SideAnalysis {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// Computes the analysis from the evaluation of every position: `evals[i]`
/// is the position before `moves[i]` (scores from White's point of view),
/// and the last one the final position, so `evals.len() == moves.len() + 1`
/// (extra or missing evaluations are ignored / make the moves without them
/// unjudged, which [`GameAnalysis::coverage`] then says).
#[must_use]
pub fn analyse(start: &Position, moves: &[Move], evals: &[Evaluation]) -> GameAnalysis {
    let n = moves.len().min(evals.len().saturating_sub(1));
    let wins: Vec<f64> = evals
        .iter()
        .take(n + 1)
        .map(|e| e.score.win_percent())
        .collect();
    let weights = volatility_weights(&wins);

    let mut sides = [SideAccumulator::default(), SideAccumulator::default()];
    // (judgement, win% lost, ply, position before, played, best)
    let mut worst: Option<(Judgement, f64, usize, Position, Move, Move)> = None;
    let mut position = start.clone();
    for i in 0..n {
        let mover = position.turn();
        let before = evals[i].score.for_side(Color::White, mover);
        let after = evals[i + 1].score.for_side(Color::White, mover);
        let side = &mut sides[mover.index()];

        side.moves += 1;
        side.cp_loss += u64::from(
            (before.ceiled_cp() - after.ceiled_cp())
                .max(0)
                .unsigned_abs(),
        );
        let (win_before, win_after) = (before.win_percent(), after.win_percent());
        side.accuracies.push((
            move_accuracy(win_before, win_after),
            weights.get(i).copied().unwrap_or(0.5),
        ));

        let played = moves[i];
        if let Some(best) = evals[i].best.filter(|b| *b != played)
            && let Some(j) = judge(before, after)
        {
            match j {
                Judgement::Inaccuracy => side.inaccuracies += 1,
                Judgement::Mistake => side.mistakes += 1,
                Judgement::Blunder => side.blunders += 1,
            }
            let lost = win_before - win_after;
            if worst.as_ref().is_none_or(|w| (j, lost) > (w.0, w.1)) {
                worst = Some((j, lost, i + 1, position.clone(), played, best));
            }
        }
        position.play_unchecked(played);
    }

    let [white, black] = sides.map(SideAccumulator::finish);
    GameAnalysis {
        white,
        black,
        worst: worst.map(|(_, _, ply, before, played, best)| WorstMove {
            ply,
            san: before.san(played),
            best_san: before.san(best),
        }),
        evaluations: evals.iter().take(n + 1).copied().collect(),
        coverage: Coverage {
            plies: (n < moves.len()).then_some(n),
            shallow_from: None,
        },
    }
}

#[derive(Default)]
struct SideAccumulator {
    moves: u32,
    cp_loss: u64,
    inaccuracies: u32,
    mistakes: u32,
    blunders: u32,
    /// (accuracy, volatility weight) per move.
    accuracies: Vec<(f64, f64)>,
}

impl SideAccumulator {
    fn finish(self) -> SideAnalysis {
        let acpl = if self.moves == 0 {
            0
        } else {
            // Rounded to the nearest integer.
            let n = u64::from(self.moves);
            u32::try_from((self.cp_loss + n / 2) / n).unwrap_or(u32::MAX)
        };
        SideAnalysis {
            inaccuracies: self.inaccuracies,
            mistakes: self.mistakes,
            blunders: self.blunders,
            acpl,
            accuracy: (blended_accuracy(&self.accuracies) * 10.0).round() / 10.0,
        }
    }
}

/// Whether the engine accepts a draw offer: after move 30 (from move 31 on)
/// when its evaluation is within ±30 centipawns (either side's view).
#[must_use]
pub fn accepts_draw(eval_cp: i32, fullmove: u32) -> bool {
    fullmove > 30 && eval_cp.abs() <= 30
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::START_FEN;
    use crate::engine::{move_from_uci, position_after, replay};

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn win_percent_by_hand() {
        // 50 + 50 * (2 / (1 + e^-0.368208) - 1): e^-0.368208 = 0.691973,
        // 2 / 1.691973 = 1.182052, so 50 + 50 * 0.182052 = 59.1026.
        assert!(
            close(win_percent(100), 59.1026, 0.0001),
            "{}",
            win_percent(100)
        );
        assert!(close(win_percent(0), 50.0, 1e-12));
        assert!(close(win_percent(-100), 100.0 - 59.1026, 0.0001));
        // 1000 cp: e^-3.68208 = 0.025164, 2 / 1.025164 = 1.950907 -> 97.545
        // (and 2.455 for -1000 or being mated).
        assert!(
            close(win_percent(1000), 97.545, 0.001),
            "{}",
            win_percent(1000)
        );
        assert!(close(Score::Mates(3).win_percent(), 97.545, 0.001));
        assert!(close(Score::Cp(5000).win_percent(), 97.545, 0.001));
        assert!(close(Score::Mated(0).win_percent(), 2.455, 0.001));
    }

    #[test]
    fn judgements_follow_the_drop_in_winning_chances() {
        // wc(0) = 0; wc(-100) = 2 / (1 + e^0.368208) - 1 = -0.182052;
        // wc(-200) = 2 / (1 + e^0.736416) - 1 = 2 / 3.088369 - 1 = -0.352423.
        assert_eq!(judge(Score::Cp(0), Score::Cp(-50)), None); // 0.0918
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-60)),
            Some(Judgement::Inaccuracy)
        ); // 0.1101
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-100)),
            Some(Judgement::Inaccuracy)
        ); // 0.1821
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-120)),
            Some(Judgement::Mistake)
        ); // 0.2174
        assert_eq!(
            judge(Score::Cp(0), Score::Cp(-200)),
            Some(Judgement::Blunder)
        ); // 0.3524
        // The same centipawns matter less when the game is already decided:
        // +9 to +8 costs 0.0297.
        assert_eq!(judge(Score::Cp(900), Score::Cp(800)), None);
        // Gaining is never judged.
        assert_eq!(judge(Score::Cp(-200), Score::Cp(0)), None);
    }

    #[test]
    fn judgements_of_mates() {
        // Allowing a mate.
        assert_eq!(
            judge(Score::Cp(-50), Score::Mated(1)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(Score::Cp(-800), Score::Mated(4)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(Score::Cp(-1200), Score::Mated(4)),
            Some(Judgement::Inaccuracy)
        );
        // Losing one's own mate.
        assert_eq!(
            judge(Score::Mates(2), Score::Cp(300)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(Score::Mates(2), Score::Cp(800)),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(Score::Mates(2), Score::Cp(1500)),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(
            judge(Score::Mates(2), Score::Mated(3)),
            Some(Judgement::Blunder)
        );
        // A slower mate, a mate delivered, escaping or still being mated.
        assert_eq!(judge(Score::Mates(2), Score::Mates(5)), None);
        assert_eq!(judge(Score::Mates(1), Score::Mates(0)), None);
        assert_eq!(judge(Score::Mated(3), Score::Cp(-400)), None);
        assert_eq!(judge(Score::Mated(3), Score::Mated(1)), None);
    }

    #[test]
    fn move_accuracy_by_hand() {
        assert_eq!(move_accuracy(50.0, 50.0), 100.0);
        assert_eq!(move_accuracy(40.0, 60.0), 100.0);
        // Losing 10 points: 103.16681 * e^-0.4354415 - 3.166925 + 1
        // = 103.16681 * 0.646979 - 2.166925 = 64.5798.
        assert!(
            close(move_accuracy(60.0, 50.0), 64.5798, 0.0001),
            "{}",
            move_accuracy(60.0, 50.0)
        );
        // Tiny losses stay near 100 (the +1 bonus caps at 100).
        assert_eq!(move_accuracy(50.0, 49.99), 100.0);
        // Losing everything: 103.16681 * e^-4.354415 - 2.166925 < 0 -> 0.
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn game_accuracy_blends_weighted_and_harmonic_means() {
        // Equal weights: weighted mean (100 + 50) / 2 = 75; harmonic
        // 2 / (1/100 + 1/50) = 66.667; blend 70.833.
        assert!(close(
            blended_accuracy(&[(100.0, 1.0), (50.0, 1.0)]),
            70.833,
            0.001
        ));
        // Weights pull the weighted mean: (100*1 + 50*3) / 4 = 62.5; blend 64.583.
        assert!(close(
            blended_accuracy(&[(100.0, 1.0), (50.0, 3.0)]),
            64.583,
            0.001
        ));
        // A zero accuracy counts as 1 in the harmonic mean.
        assert!(close(blended_accuracy(&[(0.0, 1.0)]), 0.5, 1e-9));
        assert_eq!(blended_accuracy(&[]), 100.0);
    }

    #[test]
    fn volatility_weights_have_one_per_move() {
        assert_eq!(volatility_weights(&[50.0]).len(), 0);
        assert_eq!(volatility_weights(&[50.0, 60.0]), vec![5.0]);
        let wins: Vec<f64> = (0..41).map(|i| f64::from(i % 3) * 10.0 + 40.0).collect();
        let w = volatility_weights(&wins);
        assert_eq!(w.len(), 40);
        assert!(w.iter().all(|x| (0.5..=12.0).contains(x)));
        // Flat play weighs the minimum.
        assert_eq!(volatility_weights(&[50.0; 5]), vec![0.5; 4]);
    }

    #[test]
    fn draws_are_accepted_only_late_and_level() {
        assert!(accepts_draw(0, 31));
        assert!(accepts_draw(-30, 40));
        assert!(accepts_draw(30, 40));
        assert!(!accepts_draw(31, 40));
        assert!(!accepts_draw(-31, 40));
        assert!(!accepts_draw(0, 30));
        assert!(!accepts_draw(0, 1));
    }

    fn eval(score: Score, best: Option<Move>) -> Evaluation {
        Evaluation {
            score,
            best,
            depth: 10,
        }
    }

    #[test]
    fn fools_mate_marks_g4_as_whites_blunder() {
        let uci = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from);
        let (start, moves) = replay(START_FEN, &uci).unwrap();
        let after = |k: usize| position_after(&start, &moves[..k]);
        let best = |k: usize, u: &str| move_from_uci(&after(k), u);
        let evals = [
            eval(Score::Cp(30), best(0, "e2e4")),
            eval(Score::Cp(-60), best(1, "e7e5")), // 1. f3: White gave up ~0.9
            eval(Score::Cp(-70), best(2, "b1c3")),
            eval(Score::Mated(1), best(3, "d8h4")), // Black mates in 1
            eval(Score::Mated(0), None),            // White checkmated
        ];
        let a = analyse(&start, &moves, &evals);
        assert_eq!(a.white.blunders, 1, "{a:?}");
        assert_eq!(
            a.black.blunders + a.black.mistakes + a.black.inaccuracies,
            0
        );
        let worst = a.worst.unwrap();
        assert_eq!(worst.ply, 3);
        assert_eq!(worst.san, "g4");
        assert_eq!(worst.best_san, "Nc3");
        // White's losses: 1. f3 90 cp, 2. g4 -70 -> -1000 = 930; (90 + 930) / 2.
        assert_eq!(a.white.acpl, 510);
        // Black lost nothing: 1...e5 -60 -> -70 is a gain for Black.
        assert_eq!(a.black.acpl, 0);
        assert_eq!(a.black.accuracy, 100.0);
        assert!(a.white.accuracy < 50.0, "{}", a.white.accuracy);
    }

    #[test]
    fn the_engines_own_move_is_not_judged() {
        let uci = ["e2e4".to_string()];
        let (start, moves) = replay(START_FEN, &uci).unwrap();
        let evals = [
            eval(Score::Cp(30), Some(moves[0])),
            eval(Score::Cp(-300), None), // a deeper search's noise
        ];
        let a = analyse(&start, &moves, &evals);
        assert_eq!(a.white.blunders, 0);
        assert_eq!(a.worst, None);
        // The loss still shows in the average.
        assert_eq!(a.white.acpl, 330);
    }

    #[test]
    fn a_game_without_moves_has_perfect_figures() {
        let a = analyse(&Position::startpos(), &[], &[eval(Score::Cp(20), None)]);
        assert_eq!(a.white.accuracy, 100.0);
        assert_eq!(a.white.acpl, 0);
        assert_eq!(a.worst, None);
        // Missing evaluations leave the moves out rather than panicking.
        let (start, moves) = replay(START_FEN, &["e2e4".to_string()]).unwrap();
        assert_eq!(
            analyse(&start, &moves, &[]),
            GameAnalysis {
                white: SideAnalysis {
                    accuracy: 100.0,
                    ..SideAnalysis::default()
                },
                black: SideAnalysis {
                    accuracy: 100.0,
                    ..SideAnalysis::default()
                },
                worst: None,
                evaluations: Vec::new(),
                coverage: Coverage {
                    plies: Some(0),
                    shallow_from: None,
                },
            }
        );
    }

    #[test]
    fn an_analysis_cut_short_says_how_far_it_went() {
        let uci = ["f2f3", "e7e5", "g2g4", "d8h4"].map(String::from);
        let (start, moves) = replay(START_FEN, &uci).unwrap();
        let evals = [
            eval(Score::Cp(30), None),
            eval(Score::Cp(-60), None),
            eval(Score::Cp(-70), None),
        ];
        let a = analyse(&start, &moves, &evals);
        assert_eq!(a.coverage.plies, Some(2));
        assert!(!a.coverage.is_complete());
        assert_eq!(a.evaluations.len(), 3);
        let all = [evals.as_slice(), &[eval(Score::Cp(-900), None); 2]].concat();
        assert!(analyse(&start, &moves, &all).coverage.is_complete());
    }
}
