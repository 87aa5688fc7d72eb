//! Differential tests against shakmaty: random games from the start
//! position and from several FENs, compared at every ply (legal moves, SAN
//! of every legal move, check/mate/stalemate, FEN, dead positions,
//! repetition and 50-move outcomes), plus reading back every SAN and UCI.

use std::collections::HashMap;

use chessbot::chess::{Game, Move, Outcome, Position, RulesMode, Termination};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// SplitMix64: a small seeded generator, enough for choosing moves.
pub(super) struct Rng(pub(super) u64);
impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "2b1k1n1/8/8/8/8/8/8/1N2KB2 w - - 0 1",
    "4k3/8/8/3b4/8/8/8/2B1KB2 w - - 0 1",
    "r3k3/8/8/8/8/8/8/4K2R w Kq - 90 60",
];

fn shak_from_fen(fen: &str) -> Chess {
    let f: Fen = fen.parse().expect("shakmaty reads the FEN");
    f.into_position(CastlingMode::Standard)
        .expect("shakmaty accepts the position")
}

fn shak_uci(m: shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The first four FEN fields: the identity of a position for repetition.
pub(super) fn shak_key(p: &Chess) -> String {
    let fen = Fen::from_position(p, EnPassantMode::Legal).to_string();
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// The outcome the house policy (or strict FIDE) demands, computed from
/// shakmaty's view of the board and an independent repetition count.
pub(super) fn expected_outcome(
    p: &Chess,
    counts: &HashMap<String, usize>,
    rules: RulesMode,
) -> Option<Outcome> {
    if p.is_checkmate() {
        let winner = match p.turn() {
            shakmaty::Color::White => chessbot::chess::Color::Black,
            shakmaty::Color::Black => chessbot::chess::Color::White,
        };
        return Some(Outcome::new(Some(winner), Termination::Checkmate));
    }
    if p.is_stalemate() {
        return Some(Outcome::new(None, Termination::Stalemate));
    }
    if p.is_insufficient_material() {
        return Some(Outcome::new(None, Termination::DeadPosition));
    }
    let reps = counts.get(&shak_key(p)).copied().unwrap_or(0);
    let (n, plies, rep, fifty) = match rules {
        RulesMode::House => (
            3,
            100,
            Termination::ThreefoldRepetition,
            Termination::FiftyMoves,
        ),
        RulesMode::Fide => (
            5,
            150,
            Termination::FivefoldRepetition,
            Termination::SeventyFiveMoves,
        ),
    };
    if reps >= n {
        return Some(Outcome::new(None, rep));
    }
    if p.halfmoves() >= plies {
        return Some(Outcome::new(None, fifty));
    }
    None
}

#[derive(Default)]
struct Stats {
    plies: usize,
    moves_checked: usize,
    outcomes: HashMap<&'static str, usize>,
    ep_moves: usize,
    castles: usize,
    promotions: usize,
}

/// Compares one position in every respect; `full` also checks the SAN and
/// the parsing of every legal move (the expensive part).
fn compare_position(ours: &Position, theirs: &Chess, full: bool, stats: &mut Stats) {
    let ctx = || ours.fen();
    // FEN, with the en passant square only when a capture is legal.
    let their_fen = Fen::from_position(theirs, EnPassantMode::Legal).to_string();
    assert_eq!(ours.fen(), their_fen, "FEN differs");
    let back = Position::from_fen(&their_fen).unwrap_or_else(|e| panic!("{their_fen}: {e}"));
    assert_eq!(back.fen(), their_fen, "FEN round trip");
    assert!(back == *ours, "round-tripped position differs: {}", ctx());
    assert_eq!(back.repetition_key(), ours.repetition_key(), "{}", ctx());

    // Flags.
    assert_eq!(ours.is_check(), theirs.is_check(), "check: {}", ctx());
    assert_eq!(
        ours.checkers().0,
        theirs.checkers().0,
        "checkers: {}",
        ctx()
    );
    assert_eq!(
        ours.is_checkmate(),
        theirs.is_checkmate(),
        "mate: {}",
        ctx()
    );
    assert_eq!(
        ours.is_stalemate(),
        theirs.is_stalemate(),
        "stalemate: {}",
        ctx()
    );
    // Our dead positions are exactly shakmaty's insufficient material for
    // both sides: K+N+N v K and K+B v K+N are not dead for either.
    assert_eq!(
        ours.is_dead_position(),
        theirs.is_insufficient_material(),
        "dead position: {}",
        ctx()
    );

    // Legal moves as UCI strings (castling as the king's two-square move).
    let our_moves = ours.legal_moves();
    let their_moves = theirs.legal_moves();
    let mut a: Vec<String> = our_moves.iter().map(|m| m.uci()).collect();
    let mut b: Vec<String> = their_moves.iter().map(|m| shak_uci(*m)).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b, "legal moves: {}", ctx());
    assert_eq!(our_moves.len(), their_moves.len());
    assert_eq!(ours.count_legal_moves(), our_moves.len(), "{}", ctx());
    assert_eq!(ours.has_legal_move(), !our_moves.is_empty());

    if !full {
        return;
    }
    for &tm in &their_moves {
        let uci = shak_uci(tm);
        let m = *our_moves
            .iter()
            .find(|m| m.uci() == uci)
            .expect("same move sets");
        stats.moves_checked += 1;
        match m {
            Move::EnPassant { .. } => stats.ep_moves += 1,
            Move::Castle { .. } => stats.castles += 1,
            _ if m.promotion().is_some() => stats.promotions += 1,
            _ => {}
        }
        // Move details agree.
        assert_eq!(
            m.from().to_string(),
            tm.from().expect("a board move").to_string()
        );
        assert_eq!(m.is_capture(), tm.is_capture(), "{uci}: {}", ctx());
        assert_eq!(
            m.capture().map(|r| r.char()),
            tm.capture().map(|r| r.char()),
            "{uci}: {}",
            ctx()
        );
        assert_eq!(m.role().char(), tm.role().char(), "{uci}: {}", ctx());
        // SAN, with the check/mate suffix.
        let their_san = SanPlus::from_move(theirs.clone(), tm).to_string();
        let our_san = ours.san(m);
        assert_eq!(our_san, their_san, "SAN of {uci}: {}", ctx());
        // Reading back our SAN (with and without suffix) and the UCI form.
        assert_eq!(ours.parse_move(&our_san), Ok(m), "{our_san}: {}", ctx());
        let plain = ours.san_plain(m);
        assert_eq!(ours.parse_move(&plain), Ok(m), "{plain}: {}", ctx());
        assert_eq!(ours.parse_move(&uci), Ok(m), "{uci}: {}", ctx());
        // shakmaty reads our SAN back to the same move.
        let parsed: SanPlus = our_san.parse().expect("shakmaty parses our SAN");
        assert_eq!(parsed.san.to_move(theirs), Ok(tm), "{our_san}: {}", ctx());
        // The position after the move agrees.
        let mut after = theirs.clone();
        after.play_unchecked(tm);
        assert_eq!(
            ours.after(m).fen(),
            Fen::from_position(&after, EnPassantMode::Legal).to_string(),
            "after {uci}: {}",
            ctx()
        );
    }
}

/// Plays one random game, comparing at every ply. Returns how it ended.
fn random_game(fen: &str, rules: RulesMode, rng: &mut Rng, max_plies: usize, stats: &mut Stats) {
    let mut game = Game::from_fen(fen, rules).expect("our FEN reader accepts it");
    let mut theirs = shak_from_fen(fen);
    let mut counts: HashMap<String, usize> = HashMap::new();
    *counts.entry(shak_key(&theirs)).or_default() += 1;
    let mut fens = vec![game.position().fen()];
    loop {
        let full = rng.below(5) == 0;
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
        let m = moves[rng.below(moves.len())];
        let uci = m.uci();
        let tm = theirs
            .legal_moves()
            .into_iter()
            .find(|t| shak_uci(*t) == uci)
            .expect("same move sets");
        // Half the time through the typed-input path.
        if rng.below(2) == 0 {
            let san = game.position().san(m);
            let (played, san_back) = game.play_input(&san).expect("our SAN is playable");
            assert_eq!(played, m);
            assert_eq!(san_back, san);
        } else {
            game.play(m).expect("a legal move plays");
        }
        theirs.play_unchecked(tm);
        *counts.entry(shak_key(&theirs)).or_default() += 1;
        fens.push(game.position().fen());
        stats.plies += 1;
    }
    // Taking back moves returns to the same positions.
    let undo = rng.below(6).min(game.moves().len());
    for _ in 0..undo {
        game.undo().expect("a move to undo");
        assert_eq!(
            game.position().fen(),
            fens[game.moves().len()],
            "after undo"
        );
    }
}

#[test]
fn random_games_agree_with_shakmaty() {
    let mut rng = Rng(0x5EED_0001);
    let mut stats = Stats::default();
    let mut games = 0;
    for round in 0..110 {
        for (i, fen) in FENS.iter().enumerate() {
            let rules = if (round + i) % 5 == 0 {
                RulesMode::Fide
            } else {
                RulesMode::House
            };
            random_game(fen, rules, &mut rng, 400, &mut stats);
            games += 1;
        }
    }
    eprintln!(
        "{games} games, {} plies, {} moves fully checked ({} en passant, {} castling, {} promotions), outcomes {:?}",
        stats.plies,
        stats.moves_checked,
        stats.ep_moves,
        stats.castles,
        stats.promotions,
        stats.outcomes
    );
    assert!(games >= 1000);
    assert!(stats.ep_moves > 30 && stats.castles > 300 && stats.promotions > 1000);
    for t in [
        "checkmate",
        "stalemate",
        "dead_position",
        "threefold_repetition",
        "fifty_moves",
    ] {
        assert!(stats.outcomes.contains_key(t), "no game ended by {t}");
    }
}

/// Games biased toward captures and pawn moves reach endgames, promotions
/// and en passant more often than uniform random play.
#[test]
fn capture_biased_games_agree_with_shakmaty() {
    let mut rng = Rng(0x5EED_0002);
    let mut stats = Stats::default();
    for g in 0..600 {
        let fen = FENS[g % 3];
        let mut game = Game::from_fen(fen, RulesMode::House).expect("valid");
        let mut theirs = shak_from_fen(fen);
        let mut counts: HashMap<String, usize> = HashMap::new();
        *counts.entry(shak_key(&theirs)).or_default() += 1;
        while game.outcome().is_none() && game.moves().len() < 300 {
            let full = rng.below(3) == 0;
            compare_position(game.position(), &theirs, full, &mut stats);
            let moves = game.position().legal_moves();
            let forcing: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.is_capture() || m.role() == chessbot::chess::Role::Pawn)
                .collect();
            let m = if !forcing.is_empty() && rng.below(10) < 7 {
                forcing[rng.below(forcing.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            let uci = m.uci();
            let tm = theirs
                .legal_moves()
                .into_iter()
                .find(|t| shak_uci(*t) == uci)
                .expect("same move sets");
            game.play(m).expect("legal");
            theirs.play_unchecked(tm);
            *counts.entry(shak_key(&theirs)).or_default() += 1;
            stats.plies += 1;
        }
        compare_position(game.position(), &theirs, true, &mut stats);
        let expected = expected_outcome(&theirs, &counts, RulesMode::House);
        if game.moves().len() < 300 {
            assert_eq!(game.outcome(), expected, "{:?}", game.sans());
        }
    }
    eprintln!(
        "{} plies, {} moves fully checked ({} en passant, {} castling, {} promotions)",
        stats.plies, stats.moves_checked, stats.ep_moves, stats.castles, stats.promotions
    );
}
