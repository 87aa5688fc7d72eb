//! The UCI protocol: the lines we write to the engine and the few it writes
//! back that we use (`uciok`, `readyok`, `info ... score ... pv ...`,
//! `bestmove`).
//!
//! Our own small parser rather than a crate: we read three messages, and the
//! candidate (`vampirc-uci` 0.11, Apache-2.0) was last released in 2021,
//! pulls in a PEG parser generator and chrono's default features, and has
//! open parse failures on ordinary lines. Scores here are from the side to
//! move, as UCI sends them.

use std::time::Duration;

use super::Score;

/// A line from the engine, as far as we care.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `id name ...`.
    Name(String),
    UciOk,
    ReadyOk,
    /// `info ...` (search progress).
    Info(Info),
    /// `bestmove <move> [ponder <move>]`; `None` for `(none)` or `0000`
    /// (no legal move).
    BestMove(Option<String>),
    /// Anything else (`option ...`, `id author ...`, banners).
    Other,
}

/// Whether a score is exact or only a bound (fail-high / fail-low lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// The fields of an `info` line we use.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub multipv: Option<u32>,
    /// From the side to move, with whether it is exact.
    pub score: Option<(Score, Bound)>,
    /// The principal variation in UCI.
    pub pv: Vec<String>,
}

impl Info {
    /// Whether this line is about the best line (not a 2nd, 3rd... `multipv`
    /// line, which Stockfish prints when a skill level is set).
    #[must_use]
    pub fn is_main_line(&self) -> bool {
        self.multipv.is_none_or(|n| n == 1)
    }
}

/// Parses one line from the engine. Never fails: what we do not know is
/// [`EngineLine::Other`], and unreadable `info` fields are left out.
#[must_use]
pub fn parse_line(line: &str) -> EngineLine {
    let mut words = line.split_whitespace();
    match words.next() {
        Some("uciok") => EngineLine::UciOk,
        Some("readyok") => EngineLine::ReadyOk,
        Some("bestmove") => EngineLine::BestMove(
            words
                .next()
                .filter(|m| *m != "(none)" && *m != "0000")
                .map(str::to_string),
        ),
        Some("info") => EngineLine::Info(parse_info(words)),
        Some("id") if words.next() == Some("name") => {
            EngineLine::Name(words.collect::<Vec<_>>().join(" "))
        }
        _ => EngineLine::Other,
    }
}

/// The words of an `info` line are `key value...` pairs; `string` takes the
/// rest of the line and `pv` every word up to the next key.
fn parse_info<'a>(words: impl Iterator<Item = &'a str>) -> Info {
    let words: Vec<&str> = words.collect();
    let mut info = Info::default();
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "depth" => {
                info.depth = words.get(i + 1).and_then(|w| w.parse().ok());
                i += 2;
            }
            "multipv" => {
                info.multipv = words.get(i + 1).and_then(|w| w.parse().ok());
                i += 2;
            }
            "score" => {
                i += 1;
                let mut score = None;
                let mut bound = Bound::Exact;
                while i < words.len() {
                    match words[i] {
                        "cp" => {
                            score = words
                                .get(i + 1)
                                .and_then(|w| w.parse::<i32>().ok())
                                .map(Score::Cp);
                            i += 2;
                        }
                        "mate" => {
                            score = words
                                .get(i + 1)
                                .and_then(|w| w.parse::<i32>().ok())
                                .map(|n| {
                                    // `mate 0`: the side to move is mated.
                                    if n > 0 {
                                        Score::Mates(n.unsigned_abs())
                                    } else {
                                        Score::Mated(n.unsigned_abs())
                                    }
                                });
                            i += 2;
                        }
                        "lowerbound" => {
                            bound = Bound::Lower;
                            i += 1;
                        }
                        "upperbound" => {
                            bound = Bound::Upper;
                            i += 1;
                        }
                        _ => break,
                    }
                }
                info.score = score.map(|s| (s, bound));
            }
            "pv" => {
                i += 1;
                while i < words.len() && is_uci_move(words[i]) {
                    info.pv.push(words[i].to_string());
                    i += 1;
                }
            }
            "string" => break,
            _ => i += 1,
        }
    }
    info
}

/// Whether a word looks like a UCI move (`e2e4`, `e7e8q`).
fn is_uci_move(word: &str) -> bool {
    let b = word.as_bytes();
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    match b.len() {
        4 => square(b[0], b[1]) && square(b[2], b[3]),
        5 => square(b[0], b[1]) && square(b[2], b[3]) && b"nbrq".contains(&b[4]),
        _ => false,
    }
}

/// What a search ended with: the best move and the last main-line score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// `None` when the engine found no legal move.
    pub best: Option<String>,
    /// From the side to move.
    pub score: Option<Score>,
    pub depth: u32,
    /// Every `multipv` line reported (1, 2, ...), best first: the last
    /// exact score of each (a bound only when no exact one came) with its
    /// principal variation. One line unless `MultiPV` was set above 1.
    pub lines: Vec<LineOutcome>,
}

/// One `multipv` line of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineOutcome {
    /// From the side to move.
    pub score: Score,
    pub depth: u32,
    /// The principal variation in UCI, its first move the line's move.
    pub pv: Vec<String>,
}

/// Folds the lines of one search into its outcome: the score of the last
/// exact main-line `info` (a bound only when no exact score came), and the
/// same for every `multipv` line.
#[derive(Debug, Default)]
pub struct SearchCollector {
    exact: Option<(Score, u32)>,
    bound: Option<(Score, u32)>,
    /// Per `multipv` index (1-based, `info` without one counts as 1): the
    /// last exact line and the last bound line.
    lines: std::collections::BTreeMap<u32, (Option<LineOutcome>, Option<LineOutcome>)>,
}

impl SearchCollector {
    /// Takes one line; returns the outcome at `bestmove`.
    pub fn push(&mut self, line: &EngineLine) -> Option<SearchOutcome> {
        match line {
            EngineLine::Info(info) => {
                if let Some((score, bound)) = info.score {
                    let depth = info.depth.unwrap_or(0);
                    if info.is_main_line() {
                        if bound == Bound::Exact {
                            self.exact = Some((score, depth));
                        } else {
                            self.bound = Some((score, depth));
                        }
                    }
                    if !info.pv.is_empty() {
                        let entry = self.lines.entry(info.multipv.unwrap_or(1)).or_default();
                        let line = LineOutcome {
                            score,
                            depth,
                            pv: info.pv.clone(),
                        };
                        if bound == Bound::Exact {
                            entry.0 = Some(line);
                        } else {
                            entry.1 = Some(line);
                        }
                    }
                }
                None
            }
            EngineLine::BestMove(best) => {
                let (score, depth) = match self.exact.or(self.bound) {
                    Some((s, d)) => (Some(s), d),
                    None => (None, 0),
                };
                let lines = std::mem::take(&mut self.lines)
                    .into_values()
                    .filter_map(|(exact, bound)| exact.or(bound))
                    .collect();
                Some(SearchOutcome {
                    best: best.clone(),
                    score,
                    depth,
                    lines,
                })
            }
            _ => None,
        }
    }
}

/// `position fen <fen> [moves <m1> <m2> ...]`. The FEN and the moves must
/// come from the rules core (no line breaks can sneak in).
#[must_use]
pub fn position_command(fen: &str, moves: &[String]) -> String {
    let mut s = format!("position fen {fen}");
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(m);
        }
    }
    s
}

/// `go depth <depth> movetime <ms>`: the search stops at whichever comes
/// first.
#[must_use]
pub fn go_command(depth: u32, movetime: Duration) -> String {
    format!("go depth {depth} movetime {}", movetime.as_millis().max(1))
}

/// `go nodes <nodes>`: a search of a fixed size, which a single-threaded
/// engine with a cleared hash table answers the same way every time.
#[must_use]
pub fn go_nodes_command(nodes: u64) -> String {
    format!("go nodes {}", nodes.max(1))
}

/// `setoption name <name> value <value>`.
#[must_use]
pub fn setoption_command(name: &str, value: impl std::fmt::Display) -> String {
    format!("setoption name {name} value {value}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(line: &str) -> Info {
        match parse_line(line) {
            EngineLine::Info(info) => info,
            other => panic!("not an info line: {other:?}"),
        }
    }

    #[test]
    fn handshake_lines_are_recognised() {
        assert_eq!(parse_line("uciok"), EngineLine::UciOk);
        assert_eq!(parse_line("readyok\r"), EngineLine::ReadyOk);
        assert_eq!(
            parse_line("id name Stockfish 15.1"),
            EngineLine::Name("Stockfish 15.1".into())
        );
        assert_eq!(
            parse_line("id author the Stockfish developers"),
            EngineLine::Other
        );
        assert_eq!(
            parse_line("option name Skill Level type spin default 20 min 0 max 20"),
            EngineLine::Other
        );
        assert_eq!(parse_line(""), EngineLine::Other);
    }

    #[test]
    fn bestmove_with_and_without_ponder() {
        assert_eq!(
            parse_line("bestmove e2e4 ponder e7e5"),
            EngineLine::BestMove(Some("e2e4".into()))
        );
        assert_eq!(
            parse_line("bestmove e7e8q"),
            EngineLine::BestMove(Some("e7e8q".into()))
        );
        assert_eq!(parse_line("bestmove (none)"), EngineLine::BestMove(None));
        assert_eq!(parse_line("bestmove 0000"), EngineLine::BestMove(None));
    }

    #[test]
    fn info_with_centipawns_and_pv() {
        let i = info(
            "info depth 12 seldepth 17 multipv 1 score cp 35 nodes 120345 nps 1100000 \
             hashfull 40 tbhits 0 time 109 pv e2e4 e7e5 g1f3 b8c6",
        );
        assert_eq!(i.depth, Some(12));
        assert_eq!(i.multipv, Some(1));
        assert_eq!(i.score, Some((Score::Cp(35), Bound::Exact)));
        assert_eq!(i.pv, ["e2e4", "e7e5", "g1f3", "b8c6"]);
        assert!(i.is_main_line());
    }

    #[test]
    fn info_with_mates_for_and_against_the_side_to_move() {
        assert_eq!(
            info("info depth 5 score mate 2 pv d1h5").score,
            Some((Score::Mates(2), Bound::Exact))
        );
        assert_eq!(
            info("info depth 5 score mate -3 pv a2a3").score,
            Some((Score::Mated(3), Bound::Exact))
        );
        // Stockfish's answer in a checkmated position.
        assert_eq!(
            info("info depth 0 score mate 0").score,
            Some((Score::Mated(0), Bound::Exact))
        );
    }

    #[test]
    fn info_bounds_and_negative_centipawns() {
        assert_eq!(
            info("info depth 20 score cp -48 upperbound nodes 1 pv e7e5").score,
            Some((Score::Cp(-48), Bound::Upper))
        );
        assert_eq!(
            info("info depth 20 score cp 12 lowerbound time 3").score,
            Some((Score::Cp(12), Bound::Lower))
        );
    }

    #[test]
    fn info_string_and_secondary_lines() {
        let s = info("info string NNUE evaluation using nn-ad9b42354671.nnue enabled");
        assert_eq!(s, Info::default());
        let second = info("info depth 3 multipv 2 score cp -20 pv a2a3");
        assert!(!second.is_main_line());
        // A move-by-move progress line has no score.
        let progress = info("info depth 14 currmove e2e4 currmovenumber 1");
        assert_eq!(progress.score, None);
        // Garbage in a number is dropped, not fatal.
        assert_eq!(info("info depth x score cp y").score, None);
    }

    #[test]
    fn collector_keeps_the_last_exact_main_line_score() {
        let mut c = SearchCollector::default();
        for line in [
            "info depth 1 multipv 1 score cp 10 pv e2e4",
            "info depth 1 multipv 2 score cp -300 pv a2a3",
            "info depth 2 score cp 30 pv d2d4",
            "info depth 3 score cp 90 lowerbound pv d2d4",
        ] {
            assert_eq!(c.push(&parse_line(line)), None);
        }
        let out = c.push(&parse_line("bestmove d2d4 ponder d7d5")).unwrap();
        assert_eq!(out.best.as_deref(), Some("d2d4"));
        assert_eq!(out.score, Some(Score::Cp(30)));
        assert_eq!(out.depth, 2);
    }

    #[test]
    fn collector_keeps_every_multipv_line() {
        let mut c = SearchCollector::default();
        for line in [
            "info depth 9 multipv 1 score cp 420 pv d1h5 g7g6 h5e5",
            "info depth 9 multipv 2 score cp 35 pv g1f3 b8c6",
            "info depth 10 multipv 1 score mate 3 pv d1h5 g7g6 h5f7",
            "info depth 10 multipv 2 score cp 20 upperbound pv g1f3",
        ] {
            assert_eq!(c.push(&parse_line(line)), None);
        }
        let out = c.push(&parse_line("bestmove d1h5")).unwrap();
        assert_eq!(out.score, Some(Score::Mates(3)));
        assert_eq!(out.lines.len(), 2);
        assert_eq!(out.lines[0].score, Score::Mates(3));
        assert_eq!(out.lines[0].pv, ["d1h5", "g7g6", "h5f7"]);
        // The second line's exact score wins over a later bound.
        assert_eq!(out.lines[1].score, Score::Cp(35));
        assert_eq!(out.lines[1].depth, 9);
    }

    #[test]
    fn collector_falls_back_to_a_bound() {
        let mut c = SearchCollector::default();
        c.push(&parse_line("info depth 1 score cp 50 upperbound pv e2e4"));
        let out = c.push(&parse_line("bestmove e2e4")).unwrap();
        assert_eq!(out.score, Some(Score::Cp(50)));
        let mut empty = SearchCollector::default();
        let out = empty.push(&parse_line("bestmove (none)")).unwrap();
        assert_eq!(out, SearchOutcome::default());
    }

    #[test]
    fn commands_are_written_as_uci_expects() {
        assert_eq!(
            position_command("8/8/8/8/8/8/8/K6k w - - 0 1", &[]),
            "position fen 8/8/8/8/8/8/8/K6k w - - 0 1"
        );
        assert_eq!(
            position_command(
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &["e2e4".into(), "e7e5".into()]
            ),
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4 e7e5"
        );
        assert_eq!(
            go_command(8, Duration::from_millis(300)),
            "go depth 8 movetime 300"
        );
        assert_eq!(go_command(1, Duration::ZERO), "go depth 1 movetime 1");
        assert_eq!(go_nodes_command(50_000), "go nodes 50000");
        assert_eq!(go_nodes_command(0), "go nodes 1");
        assert_eq!(
            setoption_command("Skill Level", 3),
            "setoption name Skill Level value 3"
        );
    }

    #[test]
    fn uci_moves_are_recognised() {
        assert!(is_uci_move("e2e4"));
        assert!(is_uci_move("a7a8q"));
        assert!(!is_uci_move("e2e9"));
        assert!(!is_uci_move("nodes"));
        assert!(!is_uci_move("e7e8k"));
    }
}
