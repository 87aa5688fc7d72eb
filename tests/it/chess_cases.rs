//! Tables of tricky cases for the rules core: castling, en passant,
//! promotions, SAN, lenient input and its errors, dead positions,
//! repetitions, the 50-move rule, strict FIDE mode, resignation against a
//! lone king, FEN errors, PGN, and the "known mistakes" of RULES.md.

use chessbot::chess::{
    CastleSide, Color, FenError, Game, IllegalMove, Move, MoveInputError, Outcome, ParseMoveError,
    PgnTags, Position, Role, RulesMode, Square, Termination,
};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

fn sans(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
    v.sort();
    v
}

fn has_san(p: &Position, san: &str) -> bool {
    sans(p).iter().any(|s| s == san)
}

/// The SAN of what `input` resolves to.
fn resolve(p: &Position, input: &str) -> Result<String, MoveInputError> {
    p.parse_move(input).map(|m| p.san(m))
}

fn illegal_reason(p: &Position, input: &str) -> IllegalMove {
    match p.parse_move(input) {
        Err(MoveInputError::Illegal { reason, .. }) => reason,
        other => panic!(
            "{input} in {}: expected an illegal move, got {other:?}",
            p.fen()
        ),
    }
}

fn game(fen: &str, rules: RulesMode, moves: &str) -> Game {
    let mut g = Game::from_fen(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"));
    play(&mut g, moves);
    g
}

fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        if let Err(e) = g.play_input(m) {
            panic!("{m} after {:?}: {e}", g.sans());
        }
    }
}

fn termination(g: &Game) -> Option<Termination> {
    g.outcome().map(|o| o.termination)
}

// Castling.

#[test]
fn castling_restrictions() {
    // (FEN, input, expected: Ok(SAN) or the reason)
    let cases: &[(&str, &str, Result<&str, IllegalMove>)] = &[
        // Legal both ways.
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", Ok("O-O")),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", Ok("O-O-O")),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O", Ok("O-O")),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "O-O-O", Ok("O-O-O")),
        // In check.
        (
            "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1",
            "O-O",
            Err(IllegalMove::CastleOutOfCheck),
        ),
        (
            "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1",
            "O-O-O",
            Err(IllegalMove::CastleOutOfCheck),
        ),
        // Through an attacked square (f1, d1; f8, d8).
        (
            "4kr2/8/8/8/8/8/8/4K2R w K - 0 1",
            "O-O",
            Err(IllegalMove::CastleThroughCheck(Square::F1)),
        ),
        (
            "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "O-O-O",
            Err(IllegalMove::CastleThroughCheck(Square::D1)),
        ),
        (
            "4k2r/8/8/8/8/8/8/4KR2 b k - 0 1",
            "O-O",
            Err(IllegalMove::CastleThroughCheck(Square::F8)),
        ),
        (
            "r3k3/8/8/8/8/8/8/3RK3 b q - 0 1",
            "O-O-O",
            Err(IllegalMove::CastleThroughCheck(Square::D8)),
        ),
        // A knight or pawn attacking the crossed square counts too.
        (
            "4k3/8/8/8/8/4n3/8/4K2R w K - 0 1",
            "O-O",
            Err(IllegalMove::CastleThroughCheck(Square::F1)),
        ),
        (
            "4k3/8/8/8/8/8/6p1/4K2R w K - 0 1",
            "O-O",
            Err(IllegalMove::CastleThroughCheck(Square::F1)),
        ),
        // Into check (g1, c1).
        (
            "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1",
            "O-O",
            Err(IllegalMove::CastleIntoCheck(Square::G1)),
        ),
        (
            "2r1k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            "O-O-O",
            Err(IllegalMove::CastleIntoCheck(Square::C1)),
        ),
        // b1 / b8 attacked: the rook crosses it, the king does not: legal.
        ("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", Ok("O-O-O")),
        ("r3k3/8/8/8/8/8/8/1R2K3 b q - 0 1", "O-O-O", Ok("O-O-O")),
        // The rook itself attacked: legal.
        ("7r/4k3/8/8/8/8/8/4K2R w K - 0 1", "O-O", Ok("O-O")),
        // Pieces between king and rook, b1 included.
        (
            "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1",
            "O-O-O",
            Err(IllegalMove::CastleBlocked(CastleSide::Queen)),
        ),
        (
            "4k3/8/8/8/8/8/8/4K1nR w K - 0 1",
            "O-O",
            Err(IllegalMove::CastleBlocked(CastleSide::King)),
        ),
        // No rights in the FEN.
        (
            "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1",
            "O-O",
            Err(IllegalMove::NoCastlingRights(CastleSide::King)),
        ),
        (
            "4k3/8/8/8/8/8/8/R3K2R w - - 0 1",
            "0-0-0",
            Err(IllegalMove::NoCastlingRights(CastleSide::Queen)),
        ),
        // A king off its square (a rook on the e-file never castles).
        (
            "4k3/8/8/8/8/8/8/3K3R w - - 0 1",
            "O-O",
            Err(IllegalMove::NoCastlingRights(CastleSide::King)),
        ),
        (
            "4k3/8/8/8/R7/8/8/4K3 w - - 0 1",
            "O-O",
            Err(IllegalMove::NoCastlingRights(CastleSide::King)),
        ),
    ];
    for (fen, input, expected) in cases {
        let p = pos(fen);
        let got = p.parse_move(input).map(|m| p.san(m));
        match expected {
            Ok(san) => assert_eq!(got.as_deref().ok(), Some(*san), "{fen} {input}: {got:?}"),
            Err(reason) => match got {
                Err(MoveInputError::Illegal { reason: r, .. }) => {
                    assert_eq!(&r, reason, "{fen} {input}")
                }
                other => panic!("{fen} {input}: expected {reason:?}, got {other:?}"),
            },
        }
    }
}

#[test]
fn castling_moves_the_rook_and_prints_uci_as_the_king_move() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = p.parse_move("O-O").unwrap();
    assert_eq!(m.uci(), "e1g1");
    assert_eq!(p.after(m).fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    let m = p.parse_move("O-O-O").unwrap();
    assert_eq!(m.uci(), "e1c1");
    assert_eq!(p.after(m).fen(), "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        p.after(p.parse_move("O-O-O").unwrap()).fen(),
        "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"
    );
}

#[test]
fn castling_rights_are_lost_for_good() {
    let start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    // The king moves and comes back.
    let g = game(start, RulesMode::House, "Ke2 Ke7 Ke1 Ke8");
    assert_eq!(g.position().fen(), "r3k2r/8/8/8/8/8/8/R3K2R w - - 4 3");
    assert_eq!(
        illegal_reason(g.position(), "O-O"),
        IllegalMove::NoCastlingRights(CastleSide::King)
    );
    // The h1 rook moves and comes back: only the king side is lost.
    let g = game(start, RulesMode::House, "Rh2 Rh7 Rh1 Rh8");
    assert_eq!(g.position().fen(), "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3");
    assert!(has_san(g.position(), "O-O-O"));
    assert!(!has_san(g.position(), "O-O"));
    // The a8 rook is captured: black loses the queen side, white the
    // queen side too (its rook left a1).
    let g = game(start, RulesMode::House, "Rxa8+");
    assert_eq!(g.position().fen(), "R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1");
    // A rook captured on its corner by the enemy rook.
    let g = game(start, RulesMode::House, "Kd1 Rxh1+");
    assert_eq!(g.position().fen(), "r3k3/8/8/8/8/8/8/R2K3r w q - 0 2");
    // A white king walking on the 8th rank leaves black's rights alone.
    let g = game(
        "rNK1k2r/p6p/8/8/8/8/P6P/8 w kq - 0 1",
        RulesMode::House,
        "Kc7",
    );
    assert_eq!(g.position().fen(), "rN2k2r/p1K4p/8/8/8/8/P6P/8 b kq - 1 1");
    assert!(has_san(g.position(), "O-O"));
}

#[test]
fn a_promoted_rook_on_h1_never_castles() {
    // The original h1 rook leaves (rights gone); a new rook from g8 ends on h1.
    let g = game(
        "4k3/6P1/8/8/8/8/8/4K2R w K - 0 1",
        RulesMode::House,
        "Rh2 Kd7 g8=R Kd6 Rg1 Kd5 Rgh1 Kd4",
    );
    assert_eq!(g.position().board_fen(), "8/8/8/8/3k4/8/7R/4K2R");
    assert_eq!(
        illegal_reason(g.position(), "O-O"),
        IllegalMove::NoCastlingRights(CastleSide::King)
    );
    assert!(g.position().fen().contains(" w - - "));
}

// En passant.

#[test]
fn en_passant_only_on_the_next_move() {
    let mut g = game("8/2pk4/8/3P4/8/8/8/4K3 b - - 0 1", RulesMode::House, "c5");
    assert_eq!(g.position().fen(), "8/3k4/8/2pP4/8/8/8/4K3 w - c6 0 2");
    assert_eq!(resolve(g.position(), "dxc6").unwrap(), "dxc6+");
    assert_eq!(resolve(g.position(), "dxc6 e.p.").unwrap(), "dxc6+");
    assert_eq!(resolve(g.position(), "dxc6ep").unwrap(), "dxc6+");
    assert_eq!(resolve(g.position(), "d5c6").unwrap(), "dxc6+");
    // Known mistake (seed 002): not capturable later.
    play(&mut g, "Kf1 Ke7");
    assert_eq!(g.position().fen(), "8/4k3/8/2pP4/8/8/8/5K2 w - - 2 3");
    assert_eq!(
        illegal_reason(g.position(), "dxc6"),
        IllegalMove::Unreachable(Role::Pawn, sq("c6"))
    );
    assert!(g.position().parse_move("d5c6").is_err());
}

#[test]
fn en_passant_legality_table() {
    // (FEN, ep SAN, legal?)
    let cases: &[(&str, &str, bool)] = &[
        // Rank pin: king and enemy rook on the rank of both pawns.
        ("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2", "bxc6", false),
        ("8/8/8/r1pP3K/8/8/8/4k3 w - c6 0 2", "dxc6", false),
        ("4K3/8/8/8/k2Pp2Q/8/8/8 b - d3 0 1", "exd3", false),
        // A blocker on the rank makes it legal again.
        ("8/8/8/KPp1n2r/8/8/8/4k3 w - c6 0 2", "bxc6", true),
        // The pushed pawn gives check: capturing it en passant answers it.
        ("8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1", "exd3", true),
        // Pinned on the diagonal: capturing off the diagonal is illegal...
        ("8/1k6/8/8/3Pp3/8/8/4K2B b - d3 0 1", "exd3", false),
        // ...and along it, legal.
        ("8/1k6/8/8/4pP2/8/8/4K2B b - f3 0 1", "exf3", true),
        // Pinned on the file: leaving it is illegal.
        ("4k3/8/8/8/3Pp3/8/8/K3R3 b - d3 0 1", "exd3", false),
        // In check from another piece: en passant does not help.
        ("8/8/8/8/3Pp2k/8/8/K6R b - d3 0 1", "exd3", false),
        // Plain.
        ("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1", "exd3", true),
    ];
    for (fen, san, legal) in cases {
        let p = pos(fen);
        let ep: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|m| matches!(m, Move::EnPassant { .. }))
            .collect();
        assert_eq!(!ep.is_empty(), *legal, "{fen}");
        let ep_field = fen.split(' ').nth(3).unwrap();
        if *legal {
            let m = p.parse_move(san).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(matches!(m, Move::EnPassant { .. }));
            assert!(p.san(m).starts_with(san));
            assert!(p.fen().contains(&format!(" {ep_field} ")), "{}", p.fen());
        } else {
            assert!(p.parse_move(san).is_err(), "{fen}");
            // The FEN writes the square only when the capture is legal.
            assert!(p.fen().contains(" - "), "{}", p.fen());
        }
    }
    // The reason given for the rank-pin case.
    let p = pos("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
    assert_eq!(illegal_reason(&p, "bxc6"), IllegalMove::ExposesKing);
    let p = pos("8/1k6/8/8/3Pp3/8/8/4K2B b - d3 0 1");
    assert_eq!(illegal_reason(&p, "exd3"), IllegalMove::Pinned(sq("e4")));
    let p = pos("8/8/8/8/3Pp2k/8/8/K6R b - d3 0 1");
    assert_eq!(illegal_reason(&p, "exd3"), IllegalMove::InCheck);
}

// Promotions.

#[test]
fn promotions_with_capture_and_check() {
    let p = pos("3r3k/4P1pp/8/8/8/8/8/K7 w - - 0 1");
    let s = sans(&p);
    for expected in [
        "exd8=Q#", "exd8=R#", "exd8=B", "exd8=N", "e8=Q+", "e8=R+", "e8=B", "e8=N",
    ] {
        assert!(s.contains(&expected.to_string()), "{expected} in {s:?}");
    }
    // The promoted piece acts at once.
    let m = p.parse_move("exd8=Q").unwrap();
    assert_eq!(m.capture(), Some(Role::Rook));
    assert_eq!(m.promotion(), Some(Role::Queen));
    assert_eq!(m.uci(), "e7d8q");
    assert!(p.after(m).is_checkmate());
    // Under-promotion to a knight giving check.
    let p = pos("8/P1k5/K7/8/8/8/8/8 w - - 0 1");
    assert!(has_san(&p, "a8=N+"));
    assert_eq!(resolve(&p, "a8n").unwrap(), "a8=N+");
    assert_eq!(resolve(&p, "a7a8n").unwrap(), "a8=N+");
    assert_eq!(resolve(&p, "a8=N").unwrap(), "a8=N+");
    // Two queens are fine.
    let g = game(
        "4k3/P7/8/8/8/8/8/3QK3 w - - 0 1",
        RulesMode::House,
        "a8=Q+ Kf7",
    );
    assert_eq!(g.position().pieces(Color::White, Role::Queen).count(), 2);
    // Black promotes too.
    let p = pos("4k3/8/8/8/8/8/p7/1R2K3 b - - 0 1");
    assert_eq!(resolve(&p, "axb1=Q+").unwrap(), "axb1=Q+");
    assert_eq!(resolve(&p, "a1=N").unwrap(), "a1=N");
    // No piece named: the four promotions are the candidates.
    match p.parse_move("a1") {
        Err(MoveInputError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["a1=Q", "a1=R", "a1=B", "a1=N"]);
        }
        other => panic!("{other:?}"),
    }
}

// SAN.

#[test]
fn san_disambiguation() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        // Knights b1, f1: by file.
        (
            "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1",
            &["Nbd2", "Nfd2", "Nc3", "Ng3", "Nh2", "Na3", "Ne3"],
            &["Nd2"],
        ),
        // Rooks a1, a5: by rank.
        (
            "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1",
            &["R1a3", "R5a3", "Rb1", "Rb5"],
            &["Ra3", "Rab1"],
        ),
        // Queens c3, c5, e3 all reach d4: c3 needs file and rank.
        (
            "6k1/8/8/2Q5/8/2Q1Q3/8/7K w - - 0 1",
            &["Qc3d4", "Q5d4", "Qed4"],
            &["Qcd4", "Q3d4"],
        ),
        // A pinned knight does not count (e2 pinned by e7).
        (
            "4k3/4r3/8/8/8/8/4N3/1N2K3 w - - 0 1",
            &["Nc3", "Na3", "Nd2"],
            &["Nbc3", "Nbd2"],
        ),
        // Pawn captures carry the file; two pawns may take the same square.
        (
            "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1",
            &["cxd5", "exd5", "c5", "e5"],
            &["xd5"],
        ),
        // Knights a4, c4, a8 all reach b6: a4 shares the file with a8
        // and the rank with c4, so it needs both.
        (
            "N3k3/8/8/8/N1N5/8/8/4K3 w - - 0 1",
            &["Na4b6", "Ncb6", "N8b6", "Nab2", "Ncb2"],
            &["Nab6", "N4b6"],
        ),
    ];
    for (fen, present, absent) in cases {
        let p = pos(fen);
        let s = sans(&p);
        for want in *present {
            assert!(
                s.iter().any(|x| x.trim_end_matches(['+', '#']) == *want),
                "{want} in {fen}: {s:?}"
            );
        }
        for not in *absent {
            assert!(
                !s.iter().any(|x| x.trim_end_matches(['+', '#']) == *not),
                "{not} should not be in {fen}: {s:?}"
            );
        }
        // Every SAN reads back to its move.
        for m in p.legal_moves() {
            assert_eq!(p.parse_move(&p.san(m)), Ok(m));
        }
    }
}

#[test]
fn san_suffixes() {
    let mut g = Game::new(RulesMode::House);
    play(&mut g, "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7");
    assert_eq!(g.sans().last().unwrap(), "Qxf7#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(Some(Color::White), Termination::Checkmate))
    );
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert!(has_san(&p, "O-O-O"));
    assert!(has_san(&p, "Ra8+"));
    let p = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(has_san(&p, "O-O+"));
    // Discovered check, and double check.
    let p = pos("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1");
    assert!(has_san(&p, "Nc5+"));
    assert_eq!(p.after(p.parse_move("Nc5").unwrap()).checkers().count(), 1);
    assert!(has_san(&p, "Nd6+"));
    let after = p.after(p.parse_move("Nd6").unwrap());
    assert_eq!(after.checkers().count(), 2);
    // Against a double check only the king moves.
    assert!(after.legal_moves().iter().all(|m| m.role() == Role::King));
}

// Lenient input.

#[test]
fn lenient_inputs_resolve() {
    let start = Position::startpos();
    let ep = pos("8/3k4/8/2pP4/8/8/8/4K3 w - c6 0 2");
    let castle = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let promo = pos("7k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let b_pawn = pos("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1");
    let cases: &[(&Position, &str, &str)] = &[
        (&start, "e4", "e4"),
        (&start, "  e4\t", "e4"),
        (&start, "e4!", "e4"),
        (&start, "e4!?", "e4"),
        (&start, "e4??", "e4"),
        (&start, "e2e4", "e4"),
        (&start, "e2-e4", "e4"),
        (&start, "Pe4", "e4"),
        (&start, "Nf3", "Nf3"),
        (&start, "nf3", "Nf3"),
        (&start, "Nf3+", "Nf3"),
        (&start, "Nf3#", "Nf3"),
        (&start, "Ng1-f3", "Nf3"),
        (&start, "Ng1xf3", "Nf3"),
        (&start, "Ngf3", "Nf3"),
        (&start, "N1f3", "Nf3"),
        (&start, "g1f3", "Nf3"),
        (&start, "\u{2658}f3", "Nf3"),
        (&start, "b4", "b4"),
        (&start, "b3", "b3"),
        (&start, "b2b4", "b4"),
        (&ep, "dxc6", "dxc6+"),
        (&ep, "dc6", "dxc6+"),
        (&ep, "dxc6e.p.", "dxc6+"),
        (&ep, "dxc6 e.p.", "dxc6+"),
        (&ep, "d5xc6", "dxc6+"),
        (&ep, "d5c6", "dxc6+"),
        (&castle, "O-O", "O-O"),
        (&castle, "0-0", "O-O"),
        (&castle, "o-o", "O-O"),
        (&castle, "OO", "O-O"),
        (&castle, "O-O-O", "O-O-O"),
        (&castle, "0-0-0", "O-O-O"),
        (&castle, "o-o-o", "O-O-O"),
        (&castle, "e1g1", "O-O"),
        (&castle, "e1c1", "O-O-O"),
        (&castle, "Ke1g1", "O-O"),
        (&promo, "e8=Q", "e8=Q+"),
        (&promo, "e8Q", "e8=Q+"),
        (&promo, "e8=q", "e8=Q+"),
        (&promo, "e8q", "e8=Q+"),
        (&promo, "e7e8q", "e8=Q+"),
        (&promo, "e7-e8=Q", "e8=Q+"),
        (&promo, "e8=N", "e8=N"),
        (&promo, "e8=Q+", "e8=Q+"),
        (&b_pawn, "bxc3", "bxc3"),
        (&b_pawn, "bc3", "bxc3"),
        (&b_pawn, "Bxc3", "Bxc3"),
        (&b_pawn, "b3", "b3"),
        (&b_pawn, "b4", "b4"),
        (&b_pawn, "be3", "Be3"),
        (&b_pawn, "bxc3+", "bxc3"),
    ];
    for (p, input, san) in cases {
        assert_eq!(
            resolve(p, input).as_deref(),
            Ok(*san),
            "{input:?} in {}",
            p.fen()
        );
    }
    // Lower-case b is the bishop when no b-pawn move fits.
    let p = pos("4k3/8/8/8/8/2n5/3B4/4K3 w - - 0 1");
    assert_eq!(resolve(&p, "bxc3").unwrap(), "Bxc3");
}

#[test]
fn input_errors_are_typed() {
    let start = Position::startpos();
    // Unparsable.
    for input in [
        "", "   ", "hello", "e9", "i4", "Zf3", "O-O-O-O", "e4e", "x", "Nf3 Nf6",
    ] {
        match start.parse_move(input) {
            Err(MoveInputError::Parse(_)) => {}
            other => panic!("{input:?}: {other:?}"),
        }
    }
    assert_eq!(
        start.parse_move(""),
        Err(MoveInputError::Parse(ParseMoveError::Empty))
    );
    assert!(matches!(
        start.parse_move(&"e4".repeat(100)),
        Err(MoveInputError::Parse(ParseMoveError::TooLong))
    ));
    // (FEN, input, reason)
    let cases: &[(&str, &str, IllegalMove)] = &[
        // Pinned knight.
        (
            "4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1",
            "Nf3",
            IllegalMove::Pinned(sq("d2")),
        ),
        // Pinned bishop leaving the line.
        (
            "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",
            "Bd3",
            IllegalMove::Pinned(sq("e2")),
        ),
        // King in check and the move does not help.
        (
            "4k3/8/8/8/8/8/3P4/r3K3 w - - 0 1",
            "d3",
            IllegalMove::InCheck,
        ),
        // Pinned piece moving along its line while in check from elsewhere.
        (
            "4k3/4r3/8/8/8/8/2n1R3/4K3 w - - 0 1",
            "Re3",
            IllegalMove::InCheck,
        ),
        // The king walking into check, also along the checking line.
        (
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            "Kd1",
            IllegalMove::KingIntoCheck,
        ),
        (
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            "Kf1",
            IllegalMove::KingIntoCheck,
        ),
        // Capturing a protected piece with the king.
        (
            "4k3/8/8/8/8/2b5/3p4/4K3 w - - 0 1",
            "Kxd2",
            IllegalMove::KingIntoCheck,
        ),
        // Castling rights lost / through check / out of check.
        (
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            "O-O",
            IllegalMove::NoCastlingRights(CastleSide::King),
        ),
        (
            "4kr2/8/8/8/8/8/8/4K2R w K - 0 1",
            "0-0",
            IllegalMove::CastleThroughCheck(Square::F1),
        ),
        (
            "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
            "O-O",
            IllegalMove::NoCastlingRights(CastleSide::King),
        ),
        // Unreachable.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Nd4",
            IllegalMove::Unreachable(Role::Knight, sq("d4")),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e5",
            IllegalMove::Unreachable(Role::Pawn, sq("e5")),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Qd3",
            IllegalMove::Unreachable(Role::Queen, sq("d3")),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "exd3",
            IllegalMove::Unreachable(Role::Pawn, sq("d3")),
        ),
        // Long algebraic from an empty square, an enemy piece, or the
        // wrong piece.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e3e4",
            IllegalMove::NoPiece {
                square: sq("e3"),
                role: Role::Pawn,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "e7e5",
            IllegalMove::NotYourPiece(sq("e7")),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Ne2e4",
            IllegalMove::NoPiece {
                square: sq("e2"),
                role: Role::Knight,
            },
        ),
    ];
    for (fen, input, reason) in cases {
        assert_eq!(&illegal_reason(&pos(fen), input), reason, "{fen} {input}");
    }
    // Ambiguous, with the candidates in SAN.
    let p = pos("1k6/8/8/8/8/8/8/1N3N1K w - - 0 1");
    match p.parse_move("Nd2") {
        Err(MoveInputError::Ambiguous { candidates, input }) => {
            assert_eq!(input, "Nd2");
            assert_eq!(candidates, ["Nbd2", "Nfd2"]);
        }
        other => panic!("{other:?}"),
    }
    let p = pos("6k1/8/8/2Q5/8/2Q1Q3/8/7K w - - 0 1");
    match p.parse_move("Qd4") {
        Err(MoveInputError::Ambiguous { mut candidates, .. }) => {
            candidates.sort();
            assert_eq!(candidates, ["Q5d4", "Qc3d4", "Qed4"]);
        }
        other => panic!("{other:?}"),
    }
    // Messages mention the reason.
    let e = pos("4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1")
        .parse_move("Nf3")
        .unwrap_err();
    assert!(e.to_string().contains("pinned"), "{e}");
}

// Dead positions.

#[test]
fn dead_positions_and_near_misses() {
    let cases: &[(&str, bool, &str)] = &[
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K"),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, "K+B v K"),
        ("4kb2/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K+B"),
        ("4k3/8/8/8/8/8/8/4KN2 b - - 0 1", true, "K+N v K"),
        ("4kn2/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K+N"),
        (
            "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1",
            true,
            "K+B v K+B, same colour",
        ),
        (
            "4k3/8/8/8/8/8/8/B1B1KB1B w - - 0 1",
            false,
            "four bishops, both colours",
        ),
        (
            "1b2k3/b7/8/8/8/8/8/2B1K3 w - - 0 1",
            true,
            "many bishops on dark squares",
        ),
        (
            "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1",
            false,
            "K+B v K+B, opposite colours",
        ),
        (
            "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1",
            false,
            "K+B+B v K, both colours",
        ),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false, "K+N+N v K"),
        ("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", false, "K+B v K+N"),
        ("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1", false, "K+N v K+N"),
        ("4k3/8/8/8/8/8/8/3BKN2 w - - 0 1", false, "K+B+N v K"),
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, "K+P v K"),
        ("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, "K+R v K"),
        ("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, "K+Q v K"),
        // Blocked pawn walls play on (only the three kinds are dead).
        (
            "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1",
            false,
            "blocked pawns",
        ),
    ];
    for (fen, dead, what) in cases {
        let p = pos(fen);
        assert_eq!(p.is_dead_position(), *dead, "{what}: {fen}");
        let g = Game::from_fen(fen, RulesMode::House).unwrap();
        assert_eq!(
            termination(&g) == Some(Termination::DeadPosition),
            *dead,
            "{what}"
        );
    }
    // A capture leading to K+N v K ends the game at once.
    let g = game("4k3/8/8/8/8/8/4r3/4KN2 w - - 0 1", RulesMode::House, "Kxe2");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(None, Termination::DeadPosition))
    );
    // Known mistake (seed 003): K+B v K+N plays on.
    let mut g = Game::from_fen("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1", RulesMode::House).unwrap();
    assert_eq!(g.outcome(), None);
    play(&mut g, "Bb5+ Ke7");
    assert_eq!(g.outcome(), None);
}

#[test]
fn priority_checkmate_then_stalemate_then_dead() {
    let g = game("7k/8/6K1/8/8/8/8/R7 w - - 0 1", RulesMode::House, "Ra8#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(Some(Color::White), Termination::Checkmate))
    );
    // Stalemate with K+B v K is stalemate, not a dead position.
    let g = Game::from_fen("k7/2K5/1B6/8/8/8/8/8 b - - 0 1", RulesMode::House).unwrap();
    assert!(g.position().is_stalemate());
    assert!(g.position().is_dead_position());
    assert_eq!(termination(&g), Some(Termination::Stalemate));
}

// Repetition.

#[test]
fn threefold_counts_the_start_and_ends_at_once() {
    let mut g = Game::new(RulesMode::House);
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetition_count(), 2);
    play(&mut g, "Ng8");
    assert_eq!(g.repetition_count(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(None, Termination::ThreefoldRepetition))
    );
    // Known mistake (seeds 001/002): no claim is needed in house mode, and
    // no further move is accepted.
    assert_eq!(g.play_input("Nf3"), Err(MoveInputError::GameOver));
    assert!(g.claimable_draw().is_err());
}

#[test]
fn threefold_with_and_without_a_legal_en_passant() {
    let shuffle = "Nc6 Nf3 Nb8 Ng1 Nc6 Nf3 Nb8 Ng1";
    // e4 pawn pinned on the a8-h1 diagonal: after d4 the en passant
    // capture is not legal, so that position equals the later ones.
    let mut g = game(
        "kn6/8/8/8/4p3/8/3P4/4K1NB w - - 0 1",
        RulesMode::House,
        "d4",
    );
    assert!(!g.position().fen().contains(" b - d3 "));
    play(&mut g, shuffle);
    assert_eq!(g.moves().len(), 9);
    assert_eq!(
        termination(&g),
        Some(Termination::ThreefoldRepetition),
        "{:?}",
        g.sans()
    );
    // Without the pin the capture is legal right after d4: that position
    // differs, and the draw comes one ply later (after Nc6: plies 2, 6, 10).
    let mut g = game(
        "kn6/8/8/8/4p3/8/3P4/4K1N1 w - - 0 1",
        RulesMode::House,
        "d4",
    );
    assert!(g.position().fen().contains(" b - d3 "));
    play(&mut g, shuffle);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetition_count(), 2);
    play(&mut g, "Nc6");
    assert_eq!(termination(&g), Some(Termination::ThreefoldRepetition));
    assert_eq!(g.moves().len(), 10);
}

#[test]
fn castling_rights_make_positions_differ() {
    // After Rh2-h1 the rights are gone: the start position never returns.
    let mut g = Game::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", RulesMode::House).unwrap();
    play(&mut g, "Rh2 Rh7 Rh1 Rh8 Rh2 Rh7 Rh1 Rh8");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetition_count(), 2);
    play(&mut g, "Rh2");
    assert_eq!(g.outcome(), None);
    // Rh2/Rh7 without rights: plies 2, 6 and now 10.
    play(&mut g, "Rh7");
    assert_eq!(termination(&g), Some(Termination::ThreefoldRepetition));
}

// 50 and 75 moves.

#[test]
fn fifty_moves_exactly_at_ply_100() {
    let mut g = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", RulesMode::House).unwrap();
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.position().halfmove_clock(), 99);
    play(&mut g, "Kd8");
    assert_eq!(g.position().halfmove_clock(), 100);
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(None, Termination::FiftyMoves))
    );
    // A capture or pawn move on ply 100 resets the count.
    let g = game(
        "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80",
        RulesMode::House,
        "Rxa2",
    );
    assert_eq!(g.outcome(), None);
    let g = game("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", RulesMode::House, "e4");
    assert_eq!(g.outcome(), None);
}

#[test]
fn mate_on_ply_100_is_mate() {
    let g = game("k7/8/1K6/8/8/8/8/7R w - - 99 80", RulesMode::House, "Rh8#");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(Some(Color::White), Termination::Checkmate))
    );
    // Stalemate on ply 100 is stalemate.
    let g = game("k7/8/2K5/8/8/8/8/1Q6 w - - 99 80", RulesMode::House, "Qb6");
    assert_eq!(termination(&g), Some(Termination::Stalemate));
}

// Strict FIDE mode.

#[test]
fn strict_fide_threefold_and_fifty_are_claims() {
    let mut g = Game::new(RulesMode::Fide);
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Ok(Termination::ThreefoldRepetition));
    play(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Ng8");
    // The fifth occurrence ends the game.
    assert_eq!(g.repetition_count(), 5);
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(None, Termination::FivefoldRepetition))
    );
    assert_eq!(
        Game::new(RulesMode::House).claimable_draw(),
        Err(chessbot::chess::ClaimError::NotFideMode)
    );
}

#[test]
fn strict_fide_seventy_five_moves() {
    let mut g = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", RulesMode::Fide).unwrap();
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Ok(Termination::FiftyMoves));
    let mut g = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 148 80", RulesMode::Fide).unwrap();
    play(&mut g, "Ra2");
    assert_eq!(g.outcome(), None);
    play(&mut g, "Kd8");
    assert_eq!(
        g.outcome(),
        Some(Outcome::new(None, Termination::SeventyFiveMoves))
    );
    // Unless the last move mated.
    let g = game("k7/8/1K6/8/8/8/8/7R w - - 149 80", RulesMode::Fide, "Rh8#");
    assert_eq!(termination(&g), Some(Termination::Checkmate));
}

// Resignation, time-out, agreement.

#[test]
fn resignation_and_timeout_against_a_lone_king() {
    // Black has only a king: if white resigns or flags, it is a draw.
    let g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", RulesMode::House).unwrap();
    for t in [Termination::Resignation, Termination::Timeout] {
        let o = g.forfeit_outcome(Color::White, t);
        assert_eq!(o, Outcome::new(None, t));
        assert_eq!(o.result(), "1/2-1/2");
        let o = g.forfeit_outcome(Color::Black, t);
        assert_eq!(o, Outcome::new(Some(Color::White), t));
        assert_eq!(o.result(), "1-0");
    }
    // Any piece at all: a loss (other unwinnable cases count as a loss).
    let g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K1n1 w - - 0 1", RulesMode::House).unwrap();
    assert_eq!(
        g.forfeit_outcome(Color::White, Termination::Resignation),
        Outcome::new(Some(Color::Black), Termination::Resignation)
    );
    // From the start: an ordinary loss.
    let g = Game::new(RulesMode::House);
    assert_eq!(
        g.forfeit_outcome(Color::Black, Termination::Timeout)
            .result(),
        "1-0"
    );
}

#[test]
fn agreement_only_after_both_have_moved() {
    let mut g = Game::new(RulesMode::House);
    assert!(!g.both_have_moved());
    play(&mut g, "e4");
    assert!(!g.both_have_moved());
    play(&mut g, "e5");
    assert!(g.both_have_moved());
    let mut g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", RulesMode::House).unwrap();
    play(&mut g, "Kd7");
    assert!(!g.both_have_moved());
    play(&mut g, "e4");
    assert!(g.both_have_moved());
    g.end(Outcome::new(None, Termination::Agreement));
    assert_eq!(g.play_input("Kd6"), Err(MoveInputError::GameOver));
    // Undo clears a recorded result.
    g.undo();
    assert_eq!(g.outcome(), None);
    assert_eq!(g.moves().len(), 1);
}

// FEN.

#[test]
fn fen_errors() {
    use FenError::*;
    let cases: &[(&str, FenError)] = &[
        ("", FieldCount(0)),
        ("8/8/8/8/8/8/8/8", FieldCount(1)),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0", FieldCount(5)),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", FieldCount(7)),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", RankCount(7)),
        ("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", RankCount(9)),
        ("4k3/8/8/8/8/8/8/4K2X w - - 0 1", BadPiece('X')),
        ("4k3/8/8/8/8/8/8/4K30 w - - 0 1", BadPiece('0')),
        ("4k3/8/8/8/8/8/8/4K2\u{e9} w - - 0 1", BadPiece('\u{e9}')),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", RankLength { rank: 1 }),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", RankLength { rank: 1 }),
        ("4k3/9/8/8/8/8/8/4K3 w - - 0 1", BadPiece('9')),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", KingCount(Color::White)),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", KingCount(Color::White)),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", KingCount(Color::Black)),
        ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", PawnOnBackRank(Square::H1)),
        ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", PawnOnBackRank(Square::A8)),
        ("4k3/8/8/8/8/8/8/4K3 white - - 0 1", BadTurn("white".into())),
        ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", BadCastling("X".into())),
        ("4k3/8/8/8/8/8/8/4K2R w KK - 0 1", BadCastling("KK".into())),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", CastlingContradiction('K')),
        ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", CastlingContradiction('K')),
        ("4k3/8/8/8/8/8/8/R2K4 w Q - 0 1", CastlingContradiction('Q')),
        ("4k2r/8/8/8/8/8/8/4K3 w q - 0 1", CastlingContradiction('q')),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", BadEnPassant("e9".into())),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e3 0 1",
            ImpossibleEnPassant(sq("e3")),
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            ImpossibleEnPassant(sq("e6")),
        ),
        (
            "4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1",
            ImpossibleEnPassant(sq("e6")),
        ),
        (
            "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1",
            ImpossibleEnPassant(sq("e6")),
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - x 1", BadClock("x".into())),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 -1", BadClock("-1".into())),
        (
            "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
            OppositeCheck(Color::Black),
        ),
        (
            "4k3/8/8/8/8/8/3p4/4K3 b - - 0 1",
            OppositeCheck(Color::White),
        ),
    ];
    for (fen, err) in cases {
        assert_eq!(Position::from_fen(fen).err().as_ref(), Some(err), "{fen:?}");
        // The message is a sentence, not a debug dump.
        assert!(!err.to_string().is_empty());
    }
    // Accepted forms.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - -",
        "  4k3/8/8/8/8/8/8/4K3   w - - 0 1  ",
        "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1",
    ] {
        assert!(Position::from_fen(fen).is_ok(), "{fen}");
    }
    // An en passant square without a capturing pawn is accepted but not
    // written back.
    let p = pos("4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2");
    assert_eq!(p.fen(), "4k3/8/8/4p3/8/8/8/4K3 w - - 0 2");
    assert_eq!(
        pos("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1").fen(),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    );
}

// PGN.

#[test]
fn pgn_export() {
    let mut g = Game::new(RulesMode::House);
    play(&mut g, "e4 e5 Nf3 Nc6 Bb5 a6");
    // Then a long deterministic game: wrapping at 80 columns.
    let mut i = 0;
    while g.outcome().is_none() && g.moves().len() < 120 {
        let moves = g.position().legal_moves();
        let m = moves[(i * 7 + 3) % moves.len()];
        g.play(m).unwrap();
        i += 1;
    }
    assert!(g.outcome().is_none(), "{:?}", g.sans());
    let tags = PgnTags {
        event: "Casual \"game\"".into(),
        site: "Discord".into(),
        date: "2026.11.30".into(),
        round: String::new(),
        white: "alice".into(),
        black: "bob".into(),
        extra: Vec::new(),
    };
    let pgn = g.pgn(&tags);
    let lines: Vec<&str> = pgn.lines().collect();
    assert_eq!(lines[0], "[Event \"Casual \\\"game\\\"\"]");
    assert_eq!(lines[1], "[Site \"Discord\"]");
    assert_eq!(lines[2], "[Date \"2026.11.30\"]");
    assert!(lines[3].starts_with("[Round "));
    assert_eq!(lines[4], "[White \"alice\"]");
    assert_eq!(lines[5], "[Black \"bob\"]");
    assert_eq!(lines[6], "[Result \"*\"]");
    assert_eq!(lines[7], "");
    assert!(!pgn.contains("[FEN"));
    for l in &lines {
        assert!(l.len() <= 80, "{l:?}");
    }
    let movetext = lines[8..].join(" ");
    assert!(movetext.starts_with("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. "));
    assert!(lines.len() > 12);
    // The movetext is exactly: numbers, the SANs in order, the result.
    let mut expected = Vec::new();
    for (i, san) in g.sans().iter().enumerate() {
        if i % 2 == 0 {
            expected.push(format!("{}.", i / 2 + 1));
        }
        expected.push(san.clone());
    }
    expected.push("*".to_string());
    assert_eq!(movetext, expected.join(" "));
    // Lines are filled: the next token would not have fitted.
    for w in lines[8..].windows(2) {
        let next = w[1].split(' ').next().unwrap();
        assert!(w[0].len() + 1 + next.len() > 80, "{w:?}");
    }

    // Finished, from a FEN, black to move first.
    let mut g = game(
        "k7/8/1K6/8/8/8/8/7R b - - 0 40",
        RulesMode::House,
        "Kb8 Rh8#",
    );
    let pgn = g.pgn(&PgnTags::default());
    assert!(pgn.contains("[Result \"1-0\"]"));
    assert!(pgn.contains("[SetUp \"1\"]"));
    assert!(pgn.contains("[FEN \"k7/8/1K6/8/8/8/8/7R b - - 0 40\"]"));
    assert!(pgn.contains("[Termination \"normal\"]"));
    assert!(pgn.trim_end().ends_with("40... Kb8 41. Rh8# 1-0"), "{pgn}");
    g.undo();
    assert!(
        g.pgn(&PgnTags::default())
            .trim_end()
            .ends_with("40... Kb8 *")
    );

    // A time-out.
    let mut g = Game::new(RulesMode::House);
    play(&mut g, "e4");
    let o = g.forfeit_outcome(Color::Black, Termination::Timeout);
    g.end(o);
    let pgn = g.pgn(&PgnTags::default());
    assert!(pgn.contains("[Termination \"time forfeit\"]"));
    assert!(pgn.trim_end().ends_with("1. e4 1-0"));
}

#[test]
fn names_round_trip() {
    for t in Termination::ALL {
        assert_eq!(t.as_str().parse::<Termination>(), Ok(t));
    }
    for r in [RulesMode::House, RulesMode::Fide] {
        assert_eq!(r.as_str().parse::<RulesMode>(), Ok(r));
    }
}
