//! The lines of a game's conditional moves as a tree: their stored form,
//! merging a new line into the tree (shared beginnings merge, a different
//! reply to the same position is refused), following the opponent's move
//! down it, and reading a typed line. Pure: no store, no service.

use crate::chess::Game;

/// Lines as stored: each a run of UCI moves.
pub(super) type Lines = Vec<Vec<String>>;

/// Reads the stored form (lines separated by `;`, moves by spaces).
pub(super) fn decode(stored: &str) -> Lines {
    stored
        .split(';')
        .map(|l| l.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| !l.is_empty())
        .collect()
}

/// The stored form of `lines`.
pub(super) fn encode(lines: &[Vec<String>]) -> String {
    lines
        .iter()
        .map(|l| l.join(" "))
        .collect::<Vec<_>>()
        .join(";")
}

/// Adds `new` to the tree `lines`: a line that `new` continues is replaced
/// by it, a line that already continues `new` makes it redundant, lines
/// parting at one of the opponent's moves branch. Two lines parting at
/// one of the owner's replies (odd plies) conflict: `Err(ply)` names the
/// first such ply (from 0) and the existing line.
pub(super) fn merge(lines: &[Vec<String>], new: &[String]) -> Result<Lines, (usize, Vec<String>)> {
    for e in lines {
        let k = e.iter().zip(new).take_while(|(a, b)| a == b).count();
        if k < e.len() && k < new.len() && k % 2 == 1 {
            return Err((k, e.clone()));
        }
    }
    if lines
        .iter()
        .any(|e| e.len() >= new.len() && e[..new.len()] == *new)
    {
        return Ok(lines.to_vec());
    }
    let mut out: Lines = lines
        .iter()
        .filter(|e| !(e.len() < new.len() && new[..e.len()] == e[..]))
        .cloned()
        .collect();
    out.push(new.to_vec());
    Ok(out)
}

/// The owner's reply to the opponent's move `played` (UCI) and the lines
/// left after it, or `None` when no line starts with that move.
pub(super) fn follow(lines: &[Vec<String>], played: &str) -> Option<(String, Lines)> {
    let reply = lines
        .iter()
        .find(|l| l.len() >= 2 && l[0] == played)?
        .get(1)?
        .clone();
    let rest = lines
        .iter()
        .filter(|l| l.len() > 2 && l[0] == played && l[1] == reply)
        .map(|l| l[2..].to_vec())
        .collect();
    Some((reply, rest))
}

/// The moves of a typed line: whitespace- or comma-separated, move
/// numbers (`5.`, `5...`, `5...e5`) dropped.
pub(super) fn line_tokens(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .map(|t| {
            let digits = t.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && t[digits..].starts_with('.') {
                t[digits..].trim_start_matches('.')
            } else {
                t
            }
        })
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// The SAN of each UCI move of `line` played from `game` (as far as the
/// moves are legal).
pub(super) fn sans_of(game: &Game, line: &[String]) -> Vec<String> {
    let mut g = game.clone();
    let mut out = Vec::new();
    for uci in line {
        let Ok(mv) = g.position().parse_move(uci) else {
            break;
        };
        match g.play(mv) {
            Ok(san) => out.push(san.to_string()),
            Err(_) => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn shared_beginnings_merge_and_longer_lines_replace_shorter() {
        let a = line("e7e5 g1f3");
        let merged = merge(&[], &a).unwrap();
        assert_eq!(merged, vec![a.clone()]);
        let longer = line("e7e5 g1f3 b8c6 f1b5");
        let merged = merge(&merged, &longer).unwrap();
        assert_eq!(merged, vec![longer.clone()]);
        // A line already covered changes nothing.
        assert_eq!(merge(&merged, &a).unwrap(), vec![longer.clone()]);
        // Branching at the opponent's move keeps both.
        let other = line("e7e5 g1f3 g8f6 d2d3");
        let merged = merge(&merged, &other).unwrap();
        assert_eq!(merged.len(), 2);
        let c5 = line("c7c5 g1f3");
        assert_eq!(merge(&merged, &c5).unwrap().len(), 3);
    }

    #[test]
    fn a_different_reply_to_the_same_position_is_refused() {
        let lines = vec![line("e7e5 g1f3 b8c6 f1b5")];
        let (ply, old) = merge(&lines, &line("e7e5 b1c3")).unwrap_err();
        assert_eq!((ply, old), (1, lines[0].clone()));
        let (ply, _) = merge(&lines, &line("e7e5 g1f3 b8c6 f1c4")).unwrap_err();
        assert_eq!(ply, 3);
    }

    #[test]
    fn the_played_move_picks_the_reply_and_keeps_the_rest() {
        let lines = vec![
            line("e7e5 g1f3 b8c6 f1b5"),
            line("e7e5 g1f3 g8f6 d2d3"),
            line("c7c5 g1f3"),
        ];
        let (reply, rest) = follow(&lines, "e7e5").unwrap();
        assert_eq!(reply, "g1f3");
        assert_eq!(rest, vec![line("b8c6 f1b5"), line("g8f6 d2d3")]);
        let (reply, rest) = follow(&lines, "c7c5").unwrap();
        assert_eq!(reply, "g1f3");
        assert!(rest.is_empty());
        assert!(follow(&lines, "d7d5").is_none());
    }

    #[test]
    fn stored_lines_round_trip() {
        let lines = vec![line("e7e5 g1f3"), line("c7c5 g1f3 d7d6 d2d4")];
        assert_eq!(decode(&encode(&lines)), lines);
        assert!(decode("").is_empty());
    }

    #[test]
    fn typed_lines_skip_move_numbers() {
        assert_eq!(
            line_tokens("1... e5 2. Nf3 Nc6, 3.Bb5"),
            ["e5", "Nf3", "Nc6", "Bb5"]
        );
        assert_eq!(line_tokens("5...e5 O-O 0-0"), ["e5", "O-O", "0-0"]);
        assert!(line_tokens("  ").is_empty());
    }
}
