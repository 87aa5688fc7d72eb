//! Property tests: the FEN and move-input parsers never panic on arbitrary
//! strings, and FEN / SAN / UCI round trip on positions from random games.

use chessbot::chess::{Game, Move, Position, RulesMode};
use proptest::prelude::*;

const START_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
];

/// Plays the moves chosen by `choices` (each an index modulo the number of
/// legal moves) until the game ends; returns every position reached.
fn positions_of(start: usize, choices: &[usize]) -> Vec<Position> {
    let mut g = Game::from_fen(START_FENS[start % START_FENS.len()], RulesMode::House)
        .expect("valid start");
    let mut out = vec![g.position().clone()];
    for &c in choices {
        if g.outcome().is_some() {
            break;
        }
        let moves = g.position().legal_moves();
        g.play(moves[c % moves.len()]).expect("legal");
        out.push(g.position().clone());
    }
    out
}

/// Strings that look a bit like FENs: the right alphabet, wrong shapes.
fn fenish() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[pnbrqkPNBRQK1-9/ wb\\-KQkqa-h0-9]{0,90}").expect("regex")
}

/// Strings that look a bit like moves.
fn moveish() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[ a-hKQRBNPkqrbnpOo0x1-9=+#!?.:\\-]{0,30}").expect("regex")
}

/// Mutations of a valid FEN: one character replaced, inserted or removed.
fn mutated_fen() -> impl Strategy<Value = String> {
    (0..START_FENS.len(), any::<usize>(), any::<char>(), 0..3u8).prop_map(|(i, at, c, op)| {
        let mut chars: Vec<char> = START_FENS[i].chars().collect();
        let at = at % chars.len();
        match op {
            0 => chars[at] = c,
            1 => chars.insert(at, c),
            _ => {
                chars.remove(at);
            }
        }
        chars.into_iter().collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn from_fen_never_panics_on_arbitrary_strings(s in any::<String>()) {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn from_fen_never_panics_on_fen_like_strings(s in fenish()) {
        if let Ok(p) = Position::from_fen(&s) {
            // Whatever it accepts is a position we can work with.
            let again = Position::from_fen(&p.fen()).expect("own FEN reads back");
            prop_assert_eq!(again.fen(), p.fen());
            let _ = p.legal_moves();
        }
    }

    #[test]
    fn from_fen_never_panics_on_mutated_fens(s in mutated_fen()) {
        if let Ok(p) = Position::from_fen(&s) {
            let again = Position::from_fen(&p.fen()).expect("own FEN reads back");
            prop_assert_eq!(again.fen(), p.fen());
            for m in p.legal_moves() {
                let _ = p.san(m);
            }
        }
    }

    #[test]
    fn parse_move_never_panics_on_arbitrary_strings(s in any::<String>(), pick in 0..4usize) {
        let p = positions_of(pick, &[1, 2, 3, 4, 5, 6, 7, 8]).pop().expect("a position");
        let _ = p.parse_move(&s);
        let _ = Position::startpos().parse_move(&s);
    }

    #[test]
    fn parse_move_never_panics_on_move_like_strings(s in moveish(), pick in 0..4usize) {
        let p = positions_of(pick, &[]).pop().expect("a position");
        if let Ok(m) = p.parse_move(&s) {
            prop_assert!(p.legal_moves().contains(&m));
        }
    }

    #[test]
    fn parse_move_never_panics_on_long_unicode(s in "\\PC{100,400}") {
        let _ = Position::startpos().parse_move(&s);
        let _ = Position::from_fen(&s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn fen_round_trips_on_positions_of_random_games(
        start in 0..4usize,
        choices in proptest::collection::vec(any::<usize>(), 0..200),
    ) {
        for p in positions_of(start, &choices) {
            let fen = p.fen();
            let back = Position::from_fen(&fen).expect("own FEN reads back");
            prop_assert_eq!(back.fen(), fen.clone());
            prop_assert!(back == p, "{}", fen);
            prop_assert_eq!(back.repetition_key(), p.repetition_key());
            prop_assert_eq!(back.legal_moves(), p.legal_moves());
        }
    }

    #[test]
    fn san_and_uci_read_back_to_the_same_move(
        start in 0..4usize,
        choices in proptest::collection::vec(any::<usize>(), 0..120),
    ) {
        let positions = positions_of(start, &choices);
        let p = positions.last().expect("a position");
        for m in p.legal_moves() {
            let san = p.san(m);
            prop_assert_eq!(p.parse_move(&san), Ok(m), "{} in {}", san, p.fen());
            prop_assert_eq!(p.parse_move(&m.uci()), Ok(m));
            // What people type: lower case pieces except a bishop, no
            // marks, 0-0 for castling.
            let typed = match m {
                Move::Castle { .. } => san.replace('O', "0"),
                _ if m.role() == chessbot::chess::Role::Bishop => san.clone(),
                _ => {
                    let mut t = san.clone();
                    if let Some(first) = t.get(0..1)
                        && first.chars().all(|c| c.is_ascii_uppercase())
                    {
                        t.replace_range(0..1, &first.to_ascii_lowercase());
                    }
                    t
                }
            };
            prop_assert_eq!(p.parse_move(&typed), Ok(m), "{} in {}", typed, p.fen());
        }
    }
}
