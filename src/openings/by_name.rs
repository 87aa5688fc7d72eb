//! Finding a line of the opening table by what a person types for a
//! thematic event: an ECO code (`C60`), a name or part of one in any case
//! (`Ruy Lopez`, `najdorf`), or both as a summary prints them
//! (`C60 Ruy Lopez`). A query many lines answer resolves to the line the
//! others extend (its name the start of all their names, the shortest
//! such line), a code alone also to its one shortest line; otherwise it is
//! ambiguous and says a few candidates.

use super::{Opening, rows};
use crate::chess::Position;

/// A table line found by name: its opening, its moves (SAN) and the
/// position they reach.
#[derive(Clone, Debug)]
pub struct Line {
    pub opening: Opening,
    pub moves: Vec<String>,
    pub position: Position,
}

impl Line {
    /// The moves with their numbers: `1. e4 e5 2. Nf3`.
    #[must_use]
    pub fn movetext(&self) -> String {
        let mut out = Vec::with_capacity(self.moves.len() * 3 / 2);
        for (i, m) in self.moves.iter().enumerate() {
            if i % 2 == 0 {
                out.push(format!("{}.", i / 2 + 1));
            }
            out.push(m.clone());
        }
        out.join(" ")
    }
}

/// Why a query names no single line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindError {
    /// No line has that code or name.
    Unknown,
    /// Several lines do, none of them the one the others extend: a few
    /// of them, shortest names first.
    Ambiguous(Vec<Opening>),
}

/// Candidates an ambiguous query lists.
const CANDIDATES: usize = 5;

/// Lower case, one space between words, typographic apostrophes plain.
fn fold(s: &str) -> String {
    s.replace(['\u{2019}', '\u{2018}'], "'")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `s` is an ECO code: a letter A-E and two digits.
fn is_eco(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 3
        && (b'A'..=b'E').contains(&b[0].to_ascii_uppercase())
        && b[1..].iter().all(u8::is_ascii_digit)
}

/// The table line `query` names.
///
/// # Errors
/// [`FindError::Unknown`] when no line matches, [`FindError::Ambiguous`]
/// when several do and none is the head of the others.
pub fn find(query: &str) -> Result<Line, FindError> {
    let query = fold(query.trim().trim_matches('"'));
    let (eco, name) = match query.split_once(' ') {
        Some((first, rest)) if is_eco(first) => {
            (Some(first.to_ascii_uppercase()), rest.to_string())
        }
        None if is_eco(&query) => (Some(query.to_ascii_uppercase()), String::new()),
        _ => (None, query),
    };
    if eco.is_none() && name.is_empty() {
        return Err(FindError::Unknown);
    }
    let rows = rows();
    let by_code: Vec<usize> = (0..rows.len())
        .filter(|&i| eco.as_deref().is_none_or(|e| rows[i].eco == e))
        .collect();
    let names: Vec<String> = rows.iter().map(|r| fold(r.name)).collect();
    let exact: Vec<usize> = by_code
        .iter()
        .copied()
        .filter(|&i| names[i] == name)
        .collect();
    let found = if name.is_empty() {
        by_code
    } else if exact.is_empty() {
        by_code
            .into_iter()
            .filter(|&i| names[i].contains(&name))
            .collect()
    } else {
        exact
    };
    if found.is_empty() {
        return Err(FindError::Unknown);
    }
    // The head: the shortest name that starts every other name found,
    // then its shortest line. A code alone may also mean its one shortest
    // line (C00: the French Defense, beside a longer Rat Defense line).
    let shortest = found
        .iter()
        .map(|&i| rows[i].moves.len())
        .min()
        .unwrap_or(0);
    let at_shortest: Vec<usize> = found
        .iter()
        .copied()
        .filter(|&i| rows[i].moves.len() == shortest)
        .collect();
    let head = found
        .iter()
        .copied()
        .filter(|&h| found.iter().all(|&i| names[i].starts_with(&names[h])))
        .min_by_key(|&i| (rows[i].moves.len(), i))
        .or_else(|| (name.is_empty() && at_shortest.len() == 1).then(|| at_shortest[0]));
    let Some(h) = head else {
        let mut seen: Vec<&str> = Vec::new();
        let mut by_length = found.clone();
        by_length.sort_by_key(|&i| (rows[i].name.len(), i));
        let mut list = Vec::new();
        for i in by_length {
            if !seen.contains(&rows[i].name) && list.len() < CANDIDATES {
                seen.push(rows[i].name);
                list.push(Opening {
                    eco: rows[i].eco.to_string(),
                    name: rows[i].name.to_string(),
                });
            }
        }
        return Err(FindError::Ambiguous(list));
    };
    let row = &rows[h];
    let mut position = Position::startpos();
    for token in &row.moves {
        // Every row replays (the index's test checks it).
        let m = position.parse_move(token).map_err(|_| FindError::Unknown)?;
        position = position.after(m);
    }
    Ok(Line {
        opening: Opening {
            eco: row.eco.to_string(),
            name: row.name.to_string(),
        },
        moves: row.moves.iter().map(ToString::to_string).collect(),
        position,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_in_any_case_finds_its_line() {
        let l = find("ruy lopez").unwrap();
        assert_eq!(l.opening.to_string(), "C60 Ruy Lopez");
        assert_eq!(l.movetext(), "1. e4 e5 2. Nf3 Nc6 3. Bb5");
        assert_eq!(
            l.position.fen(),
            "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
        );
    }

    #[test]
    fn a_code_and_a_name_as_a_summary_prints_them() {
        let l = find("C60 Ruy Lopez").unwrap();
        assert_eq!(l.opening.name, "Ruy Lopez");
        // A code alone: the line the others of the code extend.
        assert_eq!(find("c60").unwrap().opening.name, "Ruy Lopez");
        assert_eq!(find("C00").unwrap().opening.name, "French Defense");
        assert_eq!(find("B00").unwrap().movetext(), "1. e4");
    }

    #[test]
    fn part_of_a_name_finds_the_head_of_its_family() {
        let l = find("najdorf").unwrap();
        assert_eq!(l.opening.name, "Sicilian Defense: Najdorf Variation");
    }

    #[test]
    fn an_ambiguous_name_lists_candidates_and_an_unknown_one_is_refused() {
        match find("gambit") {
            Err(FindError::Ambiguous(c)) => {
                assert!(!c.is_empty() && c.len() <= CANDIDATES, "{c:?}");
                assert!(c.iter().all(|o| o.name.to_lowercase().contains("gambit")));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(find("no such opening").unwrap_err(), FindError::Unknown);
        assert_eq!(find("").unwrap_err(), FindError::Unknown);
        assert_eq!(find("Z99").unwrap_err(), FindError::Unknown);
        assert_eq!(find("C60 Sicilian").unwrap_err(), FindError::Unknown);
    }
}
