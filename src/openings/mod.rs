//! The opening table: the lichess-org/chess-openings lines (CC0, shipped in
//! `assets/openings/`), indexed by the position each line reaches, so a
//! game is named after the last of its positions found in the table and
//! transpositions are named right. Depends on `chess` only.
//!
//! The table is embedded in the binary and indexed once, on first use; a
//! line is also found by its code or name (`by_name`), for thematic events.

mod by_name;

pub use by_name::{FindError, Line, find};

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::chess::{Game, Move, Position, RepetitionKey};

/// A named opening line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The ECO code, such as `C20`.
    pub eco: String,
    /// The lichess name, such as `King's Pawn Game: Napoleon Attack`.
    pub name: String,
}

impl std::fmt::Display for Opening {
    /// `C20 King's Pawn Game: Napoleon Attack`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.eco, self.name)
    }
}

const TABLES: [&str; 5] = [
    include_str!("../../assets/openings/a.tsv"),
    include_str!("../../assets/openings/b.tsv"),
    include_str!("../../assets/openings/c.tsv"),
    include_str!("../../assets/openings/d.tsv"),
    include_str!("../../assets/openings/e.tsv"),
];

/// The indexed table.
struct Index {
    openings: Vec<Opening>,
    /// Position (repetition identity: placement, side to move, castling
    /// rights, en passant when a capture is possible) -> opening.
    by_position: HashMap<RepetitionKey, usize>,
}

static INDEX: OnceLock<Index> = OnceLock::new();

fn index() -> &'static Index {
    INDEX.get_or_init(build_index)
}

/// Indexes the embedded table now (it is otherwise built on first use), so
/// the first game summary does not pay for it.
pub fn preload() {
    let _ = index();
}

/// The number of named lines in the table.
#[must_use]
pub fn len() -> usize {
    index().openings.len()
}

/// One table row: ECO, name, and the move tokens (move numbers removed).
struct Row<'a> {
    eco: &'a str,
    name: &'a str,
    moves: Vec<&'a str>,
}

fn rows() -> Vec<Row<'static>> {
    let mut rows = Vec::with_capacity(4000);
    for table in TABLES {
        for line in table.lines().skip(1) {
            let mut cols = line.split('\t');
            let (Some(eco), Some(name), Some(pgn)) = (cols.next(), cols.next(), cols.next()) else {
                continue;
            };
            let moves = pgn
                .split_whitespace()
                .filter(|t| !t.ends_with('.'))
                .collect();
            rows.push(Row { eco, name, moves });
        }
    }
    rows
}

/// Replays every line once. Lines are visited in move order so each one
/// replays only the moves after the prefix it shares with the previous
/// line. A position reached by several lines keeps the shortest (as
/// lichess does), then the first in the files.
fn build_index() -> Index {
    let rows = rows();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| rows[a].moves.cmp(&rows[b].moves));
    let mut openings = Vec::with_capacity(rows.len());
    let mut by_position: HashMap<RepetitionKey, usize> = HashMap::with_capacity(rows.len());
    // (plies, row number) of each indexed opening: the smaller wins.
    let mut rank: Vec<(usize, usize)> = Vec::with_capacity(rows.len());
    // The previous line's moves and the positions after each of them
    // (positions[0] is the start).
    let mut prev: &[&str] = &[];
    let mut positions: Vec<Position> = vec![Position::startpos()];
    for &i in &order {
        let row = &rows[i];
        let shared = row
            .moves
            .iter()
            .zip(prev)
            .take_while(|(a, b)| a == b)
            .count();
        positions.truncate(shared + 1);
        let mut ok = true;
        for token in &row.moves[shared..] {
            let next = positions
                .last()
                .and_then(|p| p.parse_move(token).ok().map(|m| p.after(m)));
            match next {
                Some(next) => positions.push(next),
                None => {
                    ok = false;
                    break;
                }
            }
        }
        prev = &row.moves[..positions.len() - 1];
        // A row the rules core cannot replay is skipped (a test checks
        // that there is none).
        let Some(pos) = positions.last().filter(|_| ok) else {
            continue;
        };
        let id = openings.len();
        openings.push(Opening {
            eco: row.eco.to_string(),
            name: row.name.to_string(),
        });
        rank.push((row.moves.len(), i));
        let slot = by_position.entry(pos.repetition_key()).or_insert(id);
        if rank[id] < rank[*slot] {
            *slot = id;
        }
    }
    Index {
        openings,
        by_position,
    }
}

/// The opening of a game: the table entry of the last position of the game
/// that is in the table, so a transposition is named after the line it
/// reached. `None` for a game from a custom start or one that never met a
/// table position, and for every Chess960 game (even from position 518:
/// opening names belong to standard chess).
#[must_use]
pub fn lookup_game(game: &Game) -> Option<&'static Opening> {
    if game.variant().is_chess960() {
        return None;
    }
    lookup_moves(game.start(), game.moves())
}

/// [`lookup_game`] for a start position and moves. Replaying stops at the
/// first move that is not legal. `None` unless `start` is the standard
/// starting position.
#[must_use]
pub fn lookup_moves(start: &Position, moves: &[Move]) -> Option<&'static Opening> {
    if *start != Position::startpos() {
        return None;
    }
    let index = index();
    let mut found = index.by_position.get(&start.repetition_key()).copied();
    let mut pos = start.clone();
    for m in moves {
        if pos.play(*m).is_err() {
            break;
        }
        if let Some(&id) = index.by_position.get(&pos.repetition_key()) {
            found = Some(id);
        }
    }
    found.and_then(|id| index.openings.get(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::RulesMode;

    fn game(moves: &str) -> Game {
        let mut g = Game::new(RulesMode::House);
        for m in moves.split_whitespace() {
            g.play_input(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    fn name(moves: &str) -> Option<String> {
        lookup_game(&game(moves)).map(ToString::to_string)
    }

    #[test]
    fn every_row_of_the_table_replays() {
        let rows = rows();
        assert_eq!(rows.len(), 3807);
        assert_eq!(len(), rows.len());
    }

    #[test]
    fn a_known_line_is_named() {
        assert_eq!(
            name("e4 e5 Qf3").as_deref(),
            Some("C20 King's Pawn Game: Napoleon Attack")
        );
        assert_eq!(name("e4 e5 Nf3 Nc6 Bb5").as_deref(), Some("C60 Ruy Lopez"));
    }

    #[test]
    fn the_last_table_position_names_the_game() {
        // Moves after the book keep the last name found.
        assert_eq!(
            name("e4 e5 Nf3 Nc6 Bb5 a6 h3 h6 g3").as_deref(),
            name("e4 e5 Nf3 Nc6 Bb5 a6").as_deref()
        );
        assert!(name("e4 e5 Nf3 Nc6 Bb5 a6").unwrap().contains("Ruy Lopez"));
    }

    #[test]
    fn a_transposition_is_named_after_the_position() {
        // 1. Nf3 d5 2. d4 reaches the Queen's Pawn Game position of
        // 1. d4 d5 2. Nf3.
        let direct = name("d4 d5 Nf3").unwrap();
        let transposed = name("Nf3 d5 d4").unwrap();
        assert_eq!(direct, transposed);
        assert!(direct.starts_with("D02"), "{direct}");
    }

    #[test]
    fn a_custom_start_has_no_opening() {
        let mut g = Game::from_fen(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            RulesMode::House,
        )
        .unwrap();
        g.play_input("e5").unwrap();
        assert_eq!(lookup_game(&g), None);
        let g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", RulesMode::House).unwrap();
        assert_eq!(lookup_game(&g), None);
    }

    #[test]
    fn no_moves_or_no_book_move_has_no_opening() {
        assert_eq!(lookup_game(&Game::new(RulesMode::House)), None);
        // Chess960 from the standard set-up (518) is never named.
        let mut g = Game::chess960(518, RulesMode::House).unwrap();
        g.play_input("e4").unwrap();
        g.play_input("e5").unwrap();
        assert_eq!(lookup_game(&g), None);
    }

    #[test]
    fn the_index_builds_fast() {
        let t = std::time::Instant::now();
        let index = build_index();
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "opening index: {} lines, {} positions, {ms:.1} ms",
            index.openings.len(),
            index.by_position.len()
        );
        // Generous for debug-ish test builds on a busy machine.
        assert!(ms < 1000.0, "{ms} ms");
    }
}
