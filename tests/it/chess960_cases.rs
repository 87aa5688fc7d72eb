//! Chess960 cases at the level of a game: start positions by number,
//! X-FEN and Shredder-FEN, the castling spellings and their refusals, the
//! king-takes-rook UCI, repetition with castling rights, and PGN with the
//! `Variant` tag.

use chessbot::chess::{
    CastleSide, FenError, Game, IllegalMove, Move, MoveInputError, PgnTags, Position, RulesMode,
    Square, Termination, Variant, read_pgn,
};

fn pos960(fen: &str) -> Position {
    Position::from_fen_variant(fen, Variant::Chess960).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn play_all(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        g.play_input(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

#[test]
fn position_518_is_the_standard_set_up_but_a_960_game() {
    let g = Game::chess960(518, RulesMode::House).expect("518");
    assert_eq!(g.variant(), Variant::Chess960);
    assert_eq!(g.start().fen(), chessbot::chess::START_FEN);
    assert!(!g.is_standard_start());
    assert_eq!(g.start().chess960_number(), Some(518));
    assert!(Game::new(RulesMode::House).is_standard_start());
    assert_eq!(Game::new(RulesMode::House).variant(), Variant::Standard);
    assert!(Game::chess960(960, RulesMode::House).is_err());
}

#[test]
fn castling_uci_is_king_takes_rook_in_960_and_king_square_in_standard() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut standard = Game::from_fen(fen, RulesMode::House).expect("valid");
    let mut c960 = Game::from_fen_variant(fen, Variant::Chess960, RulesMode::House).expect("valid");
    let (m, san) = standard.play_input("O-O").expect("legal");
    assert_eq!((standard.uci(m), san.as_str()), ("e1g1".to_string(), "O-O"));
    let (m, san) = c960.play_input("O-O").expect("legal");
    assert_eq!((c960.uci(m), san.as_str()), ("e1h1".to_string(), "O-O"));
    // Both reach the same board, written the same way.
    assert_eq!(standard.position().fen(), c960.position().fen());
}

#[test]
fn chess960_castling_spellings_resolve() {
    // Position 0's king and rooks (g1; f1, h1) alone on white's back rank.
    let p = pos960("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w KQkq - 0 1");
    let castle = |rook: &str| Move::Castle {
        king: sq("g1"),
        rook: sq(rook),
    };
    // O-O: the king stays on g1 and the h-rook would go to f1, where the
    // other rook stands: blocked.
    assert!(!p.is_legal(castle("h1")));
    assert!(matches!(
        p.parse_move("O-O"),
        Err(MoveInputError::Illegal {
            reason: IllegalMove::CastleBlocked(CastleSide::King),
            ..
        })
    ));
    // O-O-O: king g1 -> c1 across f1 (its own castling rook): legal.
    for input in ["O-O-O", "0-0-0", "g1f1", "g1c1"] {
        assert_eq!(p.parse_move(input), Ok(castle("f1")), "{input}");
    }
    let after = p.after(castle("f1"));
    assert_eq!(
        after.board_fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R"
    );
    assert_eq!(
        after.fen(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"
    );
}

#[test]
fn chess960_castling_refusals_say_why() {
    // King f1, rook h1: the king's destination g1 is covered by the black
    // knight on h3.
    let p = pos960("4k3/8/8/8/8/7n/8/5K1R w K - 0 1");
    assert!(matches!(
        p.parse_move("O-O"),
        Err(MoveInputError::Illegal {
            reason: IllegalMove::CastleIntoCheck(_),
            ..
        })
    ));
    // The king b1 -> g1 crosses e1, attacked by a rook on e8.
    let p = pos960("4r1k1/8/8/8/8/8/8/RK5R w KQ - 0 1");
    assert!(matches!(
        p.parse_move("O-O"),
        Err(MoveInputError::Illegal {
            reason: IllegalMove::CastleThroughCheck(s),
            ..
        }) if s == sq("e1")
    ));
    // Out of check: never.
    let p = pos960("1r4k1/8/8/8/8/8/8/RK5R w KQ - 0 1");
    assert!(matches!(
        p.parse_move("O-O-O"),
        Err(MoveInputError::Illegal {
            reason: IllegalMove::CastleOutOfCheck,
            ..
        })
    ));
    // No right left on that side.
    let p = pos960("6k1/8/8/8/8/8/8/RK5R w Q - 0 1");
    assert!(matches!(
        p.parse_move("O-O"),
        Err(MoveInputError::Illegal {
            reason: IllegalMove::NoCastlingRights(CastleSide::King),
            ..
        })
    ));
}

#[test]
fn shredder_and_xfen_fields_read_the_same_rights() {
    let shredder = pos960("rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1");
    let xfen = pos960("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1");
    assert_eq!(shredder, xfen);
    assert_eq!(shredder.fen(), "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1");
    // Standard chess keeps refusing what it never read.
    assert!(matches!(
        Position::from_fen("rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1"),
        Err(FenError::CastlingContradiction('K'))
    ));
}

#[test]
fn repetition_counts_castling_rights_in_960() {
    // Rooks on g1/g8 carry the king-side rights (X-FEN K/k: the outermost).
    let fen = "r3k1r1/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1";
    let mut g = Game::from_fen_variant(fen, Variant::Chess960, RulesMode::House).expect("valid");
    // Two rook shuffles bring the board back twice, but without the g-rooks'
    // rights: not the start position again, so no threefold yet.
    play_all(&mut g, "Rg2 Rg7 Rg1 Rg8 Rg2 Rg7 Rg1 Rg8");
    assert_eq!(g.position().fen(), "r3k1r1/8/8/8/8/8/8/R3K1R1 w Qq - 8 5");
    assert!(g.outcome().is_none());
    // The position after ...Rg7 (rights Qq) stands for the third time.
    play_all(&mut g, "Rg2 Rg7");
    assert_eq!(
        g.outcome().map(|o| o.termination),
        Some(Termination::ThreefoldRepetition)
    );
}

#[test]
fn chess960_pgn_carries_the_variant_and_reads_back() {
    let mut g = Game::chess960(0, RulesMode::House).expect("0");
    // BBQNNRKR: O-O leaves the king on g1 and takes the h-rook to f1, once
    // the f-rook has gone.
    play_all(&mut g, "f4 f5 Rf2 Rf7 O-O O-O");
    assert_eq!(g.uci(g.moves()[4]), "g1h1");
    let pgn = g.pgn(&PgnTags::default());
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(
        pgn.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("O-O O-O"), "{pgn}");
    let back = read_pgn(&pgn).expect("our PGN reads");
    assert_eq!(back.game.variant(), Variant::Chess960);
    assert_eq!(back.game.sans(), g.sans());
    assert_eq!(back.game.position().fen(), g.position().fen());
}
