//! Ranking the legal moves offered while a player types `/chess move`.

/// Discord shows at most this many autocomplete choices.
pub const MAX_CHOICES: usize = 25;

/// `moves` (SAN, in the service's order) that match `typed`, best first:
/// case-insensitive prefix matches, then prefix matches ignoring the
/// decorations `x + # = !?` (so `Ne4` finds `Nxe4+`), then substring
/// matches; at most [`MAX_CHOICES`]. An empty `typed` offers the first moves.
#[must_use]
pub fn rank_moves(moves: &[String], typed: &str) -> Vec<String> {
    let typed = typed.trim();
    let lower = typed.to_lowercase();
    let plain = strip_decorations(&lower);
    let mut tiers: [Vec<&String>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for m in moves {
        let ml = m.to_lowercase();
        if ml.starts_with(&lower) {
            tiers[0].push(m);
        } else if !plain.is_empty() && strip_decorations(&ml).starts_with(&plain) {
            tiers[1].push(m);
        } else if ml.contains(&lower) {
            tiers[2].push(m);
        }
    }
    tiers
        .into_iter()
        .flatten()
        .take(MAX_CHOICES)
        .cloned()
        .collect()
}

fn strip_decorations(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, 'x' | '+' | '#' | '=' | '!' | '?'))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Position;

    fn sans(fen: &str) -> Vec<String> {
        let pos = Position::from_fen(fen).expect("test FEN");
        pos.legal_moves().into_iter().map(|m| pos.san(m)).collect()
    }

    fn start() -> Vec<String> {
        sans("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    }

    #[test]
    fn empty_input_offers_at_most_25_moves() {
        let all = start();
        assert_eq!(all.len(), 20);
        assert_eq!(rank_moves(&all, ""), all);
        let many: Vec<String> = (0..40).map(|i| format!("m{i}")).collect();
        assert_eq!(rank_moves(&many, "").len(), MAX_CHOICES);
        assert_eq!(rank_moves(&many, "m").len(), MAX_CHOICES);
    }

    #[test]
    fn prefix_is_case_insensitive() {
        let all = start();
        let n = rank_moves(&all, "n");
        assert_eq!(n.len(), 4, "{n:?}");
        assert!(n.iter().all(|m| m.starts_with('N')));
        assert_eq!(rank_moves(&all, "NF"), vec!["Nf3".to_owned()]);
    }

    #[test]
    fn prefix_matches_come_before_substring_matches() {
        let moves: Vec<String> = ["Qxe4", "e4", "Ne4", "exd5"].map(String::from).to_vec();
        // Only "e4" starts with "e4"; the others merely contain it.
        assert_eq!(rank_moves(&moves, "e4"), vec!["e4", "Qxe4", "Ne4"]);
        assert_eq!(rank_moves(&moves, "e"), vec!["e4", "exd5", "Qxe4", "Ne4"]);
    }

    #[test]
    fn decorations_may_be_left_out() {
        // White can capture on e5 with the knight, giving no check.
        let all = sans("rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2");
        assert!(all.contains(&"Nxe5".to_owned()));
        assert_eq!(rank_moves(&all, "Ne5"), vec!["Nxe5".to_owned()]);
        assert_eq!(rank_moves(&all, "nxe"), vec!["Nxe5".to_owned()]);
    }

    #[test]
    fn checks_and_mates_stay_readable() {
        // Fool's mate available: Qh4#.
        let all = sans("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
        let q = rank_moves(&all, "Qh");
        assert_eq!(q, vec!["Qh4#".to_owned()]);
    }

    #[test]
    fn nothing_matching_gives_nothing() {
        assert!(rank_moves(&start(), "zz").is_empty());
        assert!(rank_moves(&[], "e4").is_empty());
    }
}
