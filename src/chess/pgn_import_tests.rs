//! Tests of reading PGN for an import: real-world games (comments, NAGs,
//! variations, clock comments, a byte order mark, CRLF line ends,
//! Chess960, several games in a file) read and continued, and broken or
//! finished ones refused with the line named. The files are in
//! `tests/data/pgn/import/`.

use super::pgn_read::{Lexer, MAX_IMPORT_BYTES, PgnError, count_pgn_games, import_pgn, read_game};
use super::san::MoveInputError;
use super::types::Color;
use super::variant::Variant;

macro_rules! good {
    ($name:literal) => {
        include_str!(concat!("../../tests/data/pgn/import/good/", $name))
    };
}
macro_rules! bad {
    ($name:literal) => {
        include_str!(concat!("../../tests/data/pgn/import/bad/", $name))
    };
}

/// Each good file: its text, the game chosen, its half-moves, the side to
/// move after them.
const GOOD: [(&str, &str, Option<usize>, usize, Color); 10] = [
    (
        "opera",
        good!("01_opera_adjourned.pgn"),
        None,
        23,
        Color::Black,
    ),
    (
        "lichess",
        good!("02_lichess_clocks_crlf.pgn"),
        None,
        20,
        Color::White,
    ),
    (
        "chess.com",
        good!("03_chesscom_bom.pgn"),
        None,
        18,
        Color::White,
    ),
    ("960", good!("04_chess960.pgn"), None, 8, Color::White),
    (
        "several",
        good!("05_several_games.pgn"),
        Some(2),
        10,
        Color::White,
    ),
    (
        "lucena",
        good!("06_lucena_from_fen.pgn"),
        None,
        13,
        Color::Black,
    ),
    (
        "variations",
        good!("07_nested_variations.pgn"),
        None,
        16,
        Color::White,
    ),
    (
        "kasparov",
        good!("08_kasparov_topalov_unfinished.pgn"),
        None,
        59,
        Color::Black,
    ),
    (
        "escapes",
        good!("09_tag_escapes.pgn"),
        None,
        20,
        Color::White,
    ),
    (
        "bare",
        good!("10_bare_movetext.pgn"),
        None,
        16,
        Color::White,
    ),
];

#[test]
fn real_world_games_import_and_continue() {
    for (name, text, choice, plies, turn) in GOOD {
        let g = import_pgn(text, choice).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            g.game.moves().len(),
            plies,
            "{name}: {}",
            g.game.sans().join(" ")
        );
        assert_eq!(g.game.position().turn(), turn, "{name}");
        assert!(g.game.outcome().is_none(), "{name}");
        // Continued: any legal move plays on.
        let mut game = g.game.clone();
        let first = game.position().legal_moves().into_iter().next();
        let m = first.unwrap_or_else(|| panic!("{name}: no legal move"));
        game.play(m).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

#[test]
fn tags_survive_escapes_bom_and_crlf() {
    let g = import_pgn(good!("09_tag_escapes.pgn"), None).unwrap();
    assert_eq!(g.tag("Event"), Some("The \"Caro\" Cup \\ 2024"));
    assert_eq!(g.tag("Site"), Some("Łódź POL"));
    assert_eq!(g.tag("Black"), Some("Владимир"));
    let g = import_pgn(good!("03_chesscom_bom.pgn"), None).unwrap();
    assert_eq!(g.tags.first().map(|(k, _)| k.as_str()), Some("Event"));
    assert_eq!(
        g.tag("CurrentPosition"),
        Some(g.game.position().fen().as_str())
    );
    let g = import_pgn(good!("02_lichess_clocks_crlf.pgn"), None).unwrap();
    assert_eq!(g.tag("White"), Some("najdorf_fan"));
    assert_eq!(g.game.sans().last().map(String::as_str), Some("Nbd7"));
}

#[test]
fn chess960_castles_with_its_own_rook() {
    let g = import_pgn(good!("04_chess960.pgn"), None).unwrap();
    assert_eq!(g.game.variant(), Variant::Chess960);
    assert_eq!(g.game.sans()[4], "O-O-O");
    let fen = g.game.position().fen();
    // Kings on c1/c8, the b-rooks beside them on d1/d8.
    assert!(fen.starts_with("2krqrbn/"), "{fen}");
    assert!(fen.contains("/2KRQRBN w - -"), "{fen}");
}

#[test]
fn several_games_ask_which_one() {
    let text = good!("05_several_games.pgn");
    assert_eq!(count_pgn_games(text), Ok(3));
    assert_eq!(
        import_pgn(text, None).unwrap_err(),
        PgnError::SeveralGames { count: 3 }
    );
    assert_eq!(
        import_pgn(text, Some(4)).unwrap_err(),
        PgnError::NoSuchGame {
            chosen: 4,
            count: 3
        }
    );
    assert!(matches!(
        import_pgn(text, Some(1)),
        Err(PgnError::Ended { line: 9, .. })
    ));
    let third = import_pgn(text, Some(3)).unwrap();
    assert_eq!(third.tag("Round"), Some("3"));
    assert_eq!(third.game.sans().join(" "), "d4");
}

#[test]
fn a_text_over_the_limit_is_refused_unread() {
    let text = format!("1. e4 {{{}}} *", "x".repeat(MAX_IMPORT_BYTES));
    assert!(matches!(
        import_pgn(&text, None),
        Err(PgnError::TooLarge { .. })
    ));
}

#[test]
fn a_game_over_the_ply_limit_is_refused_at_its_line() {
    let text = "1. Nf3 Nf6\n2. Ng1 Ng8\n3. Nf3 Nf6 *";
    let err = read_game(&mut Lexer::new(text), 4).unwrap_err();
    assert_eq!(err, PgnError::TooManyPlies { line: 3 });
    assert!(read_game(&mut Lexer::new(text), 6).is_ok());
}

/// What a broken file must say: the kind of error and its line.
fn check_bad(name: &str, text: &str, line: Option<usize>, kind: fn(&PgnError) -> bool) {
    let err = import_pgn(text, None).expect_err(name);
    assert!(kind(&err), "{name}: {err:?}");
    assert_eq!(err.line(), line, "{name}: {err}");
    if let Some(line) = line {
        assert!(
            err.to_string().starts_with(&format!("line {line}: ")),
            "{name}: {err}"
        );
    }
}

fn illegal(e: &PgnError) -> bool {
    matches!(
        e,
        PgnError::Move {
            reason: MoveInputError::Illegal { .. },
            ..
        }
    )
}
fn any_move(e: &PgnError) -> bool {
    matches!(e, PgnError::Move { .. })
}
fn tag(e: &PgnError) -> bool {
    matches!(e, PgnError::Tag { .. })
}
fn ended(e: &PgnError) -> bool {
    matches!(e, PgnError::Ended { .. })
}

/// A broken file: its name, text, the line named and the kind of error.
type BadCase = (
    &'static str,
    &'static str,
    Option<usize>,
    fn(&PgnError) -> bool,
);

#[test]
fn broken_games_are_refused_with_the_line() {
    let cases: [BadCase; 24] = [
        (
            "illegal",
            bad!("01_illegal_king_move.pgn"),
            Some(5),
            illegal,
        ),
        ("ambiguous", bad!("02_ambiguous_knight.pgn"), Some(6), |e| {
            matches!(e, PgnError::Move { reason: MoveInputError::Ambiguous { .. }, label, token, .. }
                if label == "3." && token == "Ne2")
        }),
        (
            "unknown piece",
            bad!("03_unknown_piece.pgn"),
            Some(3),
            |e| {
                matches!(
                    e,
                    PgnError::Move {
                        reason: MoveInputError::Parse(_),
                        ..
                    }
                )
            },
        ),
        ("unquoted", bad!("04_tag_value_unquoted.pgn"), Some(2), tag),
        ("unclosed tag", bad!("05_tag_not_closed.pgn"), Some(1), tag),
        (
            "quote missing",
            bad!("06_tag_quote_missing.pgn"),
            Some(3),
            tag,
        ),
        ("comment", bad!("07_unclosed_comment.pgn"), Some(5), |e| {
            matches!(e, PgnError::UnclosedComment { .. })
        }),
        (
            "variation",
            bad!("08_unclosed_variation.pgn"),
            Some(6),
            |e| matches!(e, PgnError::UnclosedVariation { .. }),
        ),
        (
            "paren",
            bad!("09_stray_paren.pgn"),
            Some(4),
            |e| matches!(e, PgnError::Unexpected { token, .. } if token == ")"),
        ),
        (
            "brace",
            bad!("10_stray_brace.pgn"),
            Some(4),
            |e| matches!(e, PgnError::Unexpected { token, .. } if token == "}"),
        ),
        (
            "result token",
            bad!("11_ended_by_result_token.pgn"),
            Some(5),
            |e| matches!(e, PgnError::Ended { result, .. } if result == "1-0"),
        ),
        (
            "checkmate",
            bad!("12_ended_by_checkmate.pgn"),
            Some(5),
            |e| matches!(e, PgnError::Ended { result, .. } if result == "0-1"),
        ),
        (
            "result tag",
            bad!("13_ended_by_result_tag.pgn"),
            Some(2),
            ended,
        ),
        ("after mate", bad!("14_move_after_mate.pgn"), Some(4), |e| {
            matches!(
                e,
                PgnError::Move {
                    reason: MoveInputError::GameOver,
                    ..
                }
            )
        }),
        ("fen", bad!("15_bad_fen.pgn"), Some(3), |e| {
            matches!(e, PgnError::Fen { .. })
        }),
        (
            "variant",
            bad!("16_unknown_variant.pgn"),
            Some(2),
            |e| matches!(e, PgnError::Variant { name, .. } if name == "Crazyhouse"),
        ),
        ("null move", bad!("17_null_move.pgn"), Some(4), any_move),
        (
            "push for capture",
            bad!("18_push_written_for_capture.pgn"),
            Some(4),
            any_move,
        ),
        (
            "castling",
            bad!("19_castling_through_pieces.pgn"),
            Some(4),
            illegal,
        ),
        ("tag name", bad!("20_tag_name_missing.pgn"), Some(2), tag),
        (
            "side to move",
            bad!("21_wrong_side_to_move.pgn"),
            Some(5),
            |e| matches!(e, PgnError::Move { label, .. } if label == "1..."),
        ),
        (
            "960 castling",
            bad!("22_chess960_castling_blocked.pgn"),
            Some(7),
            illegal,
        ),
        (
            "comment in variation",
            bad!("23_comment_unclosed_in_variation.pgn"),
            Some(3),
            |e| matches!(e, PgnError::UnclosedComment { .. }),
        ),
        ("empty", bad!("24_empty.pgn"), None, |e| {
            matches!(e, PgnError::Empty)
        }),
    ];
    for (name, text, line, kind) in cases {
        check_bad(name, text, line, kind);
    }
}

#[test]
fn counting_games_never_panics_and_lines_count_across_games() {
    let text = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n\n1. e4 e5\n2. Ke3 *\n";
    assert_eq!(count_pgn_games(text), Ok(2));
    let err = import_pgn(text, Some(2)).unwrap_err();
    assert_eq!(err.line(), Some(7), "{err}");
}
