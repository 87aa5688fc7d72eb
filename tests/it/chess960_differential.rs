//! Differential tests of Chess960 against shakmaty's `CastlingMode::Chess960`:
//! random games from random 960 start positions and from the 960 suite's
//! middlegames, compared at every ply (X-FEN, legal moves in king-takes-rook
//! UCI, SAN of every legal move, check/mate/stalemate, outcomes), plus
//! reading back every SAN, UCI and castling spelling.

use std::collections::HashMap;

use chessbot::chess::{Game, Move, Position, RulesMode, Variant};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

use super::chess_differential::{Rng, expected_outcome, shak_key};

fn shak_from_fen(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("shakmaty reads the FEN");
    f.into_position(CastlingMode::Chess960)
        .unwrap_or_else(|e| panic!("shakmaty accepts {fen}: {e}"))
}

fn shak_uci(m: shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Chess960).to_string()
}

fn shak_fen(p: &Chess) -> String {
    Fen::from_position(p, EnPassantMode::Legal).to_string()
}

#[derive(Default)]
struct Stats {
    plies: usize,
    moves_checked: usize,
    castles: usize,
    /// Castling where the king or the rook does not start on e/a/h.
    castles_960: usize,
    /// Castling where the king or the rook does not move.
    castles_in_place: usize,
    /// Castling typed as the king's destination that is also a king step.
    king_steps: usize,
    outcomes: HashMap<&'static str, usize>,
}

/// Compares one position; `full` also checks SAN and move input for every
/// legal move.
fn compare_position(ours: &Position, theirs: &Chess, full: bool, stats: &mut Stats) {
    let ctx = || ours.fen();
    let their_fen = shak_fen(theirs);
    assert_eq!(ours.fen(), their_fen, "X-FEN differs");
    let back = Position::from_fen_variant(&their_fen, Variant::Chess960)
        .unwrap_or_else(|e| panic!("{their_fen}: {e}"));
    assert_eq!(back.fen(), their_fen, "X-FEN round trip");
    assert!(back == *ours, "round-tripped position differs: {}", ctx());
    assert_eq!(back.repetition_key(), ours.repetition_key(), "{}", ctx());
    assert_eq!(ours.is_check(), theirs.is_check(), "check: {}", ctx());
    assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "{}", ctx());
    assert_eq!(ours.is_stalemate(), theirs.is_stalemate(), "{}", ctx());
    assert_eq!(
        ours.is_dead_position(),
        theirs.is_insufficient_material(),
        "dead position: {}",
        ctx()
    );

    let our_moves = ours.legal_moves();
    let their_moves = theirs.legal_moves();
    let mut a: Vec<String> = our_moves.iter().map(|m| ours.uci(*m)).collect();
    let mut b: Vec<String> = their_moves.iter().map(|m| shak_uci(*m)).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "legal moves: {}", ctx());
    assert_eq!(ours.count_legal_moves(), our_moves.len(), "{}", ctx());

    for &m in &our_moves {
        if let Move::Castle { king, rook } = m {
            stats.castles += 1;
            if king.file() != 4 || !matches!(rook.file(), 0 | 7) {
                stats.castles_960 += 1;
            }
            let rook_to_file = if rook.file() > king.file() { 5 } else { 3 };
            if m.to() == king || rook.file() == rook_to_file {
                stats.castles_in_place += 1;
            }
        }
    }
    if !full {
        return;
    }
    for &tm in &their_moves {
        let uci = shak_uci(tm);
        let m = *our_moves
            .iter()
            .find(|m| ours.uci(**m) == uci)
            .expect("same move sets");
        stats.moves_checked += 1;
        let their_san = SanPlus::from_move(theirs.clone(), tm).to_string();
        let our_san = ours.san(m);
        assert_eq!(our_san, their_san, "SAN of {uci}: {}", ctx());
        assert_eq!(ours.parse_move(&our_san), Ok(m), "{our_san}: {}", ctx());
        assert_eq!(ours.parse_move(&uci), Ok(m), "{uci}: {}", ctx());
        let parsed: SanPlus = our_san.parse().expect("shakmaty parses our SAN");
        assert_eq!(parsed.san.to_move(theirs), Ok(tm), "{our_san}: {}", ctx());
        if let Move::Castle { king, .. } = m {
            // The king's destination form: castling, unless the king moves
            // one step there anyway (then that step), or does not move.
            let dest = format!("{king}{}", m.to());
            let step = our_moves
                .iter()
                .copied()
                .find(|o| !matches!(o, Move::Castle { .. }) && o.uci() == dest);
            match step {
                Some(s) => {
                    stats.king_steps += 1;
                    assert_eq!(ours.parse_move(&dest), Ok(s), "{dest}: {}", ctx());
                }
                None if m.to() != king => {
                    assert_eq!(ours.parse_move(&dest), Ok(m), "{dest}: {}", ctx());
                }
                None => {}
            }
        }
        let mut after = theirs.clone();
        after.play_unchecked(tm);
        assert_eq!(
            ours.after(m).fen(),
            shak_fen(&after),
            "after {uci}: {}",
            ctx()
        );
    }
}

/// Plays one random game from `fen` (a Chess960 FEN), comparing every ply.
fn random_game(fen: &str, rules: RulesMode, rng: &mut Rng, max_plies: usize, stats: &mut Stats) {
    let mut game = Game::from_fen_variant(fen, Variant::Chess960, rules).expect("we read it");
    let mut theirs = shak_from_fen(fen);
    let mut counts: HashMap<String, usize> = HashMap::new();
    *counts.entry(shak_key(&theirs)).or_default() += 1;
    loop {
        let full = rng.below(8) == 0;
        compare_position(game.position(), &theirs, full, stats);
        let expected = expected_outcome(&theirs, &counts, rules);
        assert_eq!(
            game.outcome(),
            expected,
            "outcome after {:?} from {fen}",
            game.sans()
        );
        if let Some(o) = expected {
            *stats.outcomes.entry(o.termination.as_str()).or_default() += 1;
            break;
        }
        if game.moves().len() >= max_plies {
            *stats.outcomes.entry("unfinished").or_default() += 1;
            break;
        }
        let moves = game.position().legal_moves();
        // Castle whenever possible half the time, so castling is common.
        let castles: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Castle { .. }))
            .collect();
        let m = if !castles.is_empty() && rng.below(2) == 0 {
            castles[rng.below(castles.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let uci = game.uci(m);
        let tm = theirs
            .legal_moves()
            .into_iter()
            .find(|t| shak_uci(*t) == uci)
            .expect("same move sets");
        match rng.below(3) {
            0 => {
                let san = game.position().san(m);
                let (played, _) = game.play_input(&san).expect("our SAN is playable");
                assert_eq!(played, m);
            }
            1 => {
                let (played, _) = game.play_input(&uci).expect("our UCI is playable");
                assert_eq!(played, m);
            }
            _ => {
                game.play(m).expect("a legal move plays");
            }
        }
        theirs.play_unchecked(tm);
        *counts.entry(shak_key(&theirs)).or_default() += 1;
        stats.plies += 1;
    }
}

fn suite_fens() -> Vec<String> {
    super::perft::parse_entries(include_str!("../data/chess960_perft.txt"))
        .into_iter()
        .filter(|e| e.name.starts_with("suite"))
        .map(|e| e.fen)
        .collect()
}

#[test]
fn random_chess960_games_agree_with_shakmaty() {
    let mut rng = Rng(0x5EED_0960);
    let mut stats = Stats::default();
    let suite = suite_fens();
    let mut games = 0;
    for g in 0..1000 {
        let rules = if g % 5 == 0 {
            RulesMode::Fide
        } else {
            RulesMode::House
        };
        let fen = if g % 4 == 3 {
            suite[rng.below(suite.len())].clone()
        } else {
            let n = rng.below(960) as u32;
            let start = Position::chess960(n).expect("0-959");
            assert_eq!(start.chess960_number(), Some(n));
            start.fen()
        };
        random_game(&fen, rules, &mut rng, 400, &mut stats);
        games += 1;
    }
    eprintln!(
        "{games} games, {} plies, {} moves fully checked, {} castling moves ({} not from e/a/h, {} with a piece in place, {} king steps), outcomes {:?}",
        stats.plies,
        stats.moves_checked,
        stats.castles,
        stats.castles_960,
        stats.castles_in_place,
        stats.king_steps,
        stats.outcomes
    );
    assert!(games >= 1000);
    assert!(stats.castles_960 > 1000 && stats.castles_in_place > 100 && stats.king_steps > 20);
    for t in [
        "checkmate",
        "stalemate",
        "dead_position",
        "threefold_repetition",
    ] {
        assert!(stats.outcomes.contains_key(t), "no game ended by {t}");
    }
}

/// Every start position: our FEN, legal moves and perft to depth 3 agree
/// with shakmaty, and the number reads back.
#[test]
fn all_chess960_start_positions_agree_with_shakmaty() {
    let mut stats = Stats::default();
    for n in 0..960 {
        let ours = Position::chess960(n).expect("0-959");
        let theirs = shak_from_fen(&ours.fen());
        compare_position(&ours, &theirs, n % 16 == 0, &mut stats);
        assert_eq!(ours.chess960_number(), Some(n));
        assert_eq!(
            chessbot::chess::perft::perft(&ours, 3),
            shakmaty::perft(&theirs, 3),
            "perft 3 of start position {n}"
        );
    }
    assert_eq!(
        Position::chess960(518).expect("518").fen(),
        chessbot::chess::START_FEN
    );
    assert!(Position::chess960(960).is_err());
}
