//! Move input in local notation, per language: what players type, what the
//! chess core then reads, and the letters that collide between languages
//! (Romanian N = bishop, English N = knight; Russian К = knight, Кр = king).
//! Every typed move is also played through `Position::parse_move` on a real
//! position, so the table proves the whole path, not just the rewriting.

use chessbot::chess::Position;
use chessbot::i18n::Locale;
use chessbot::i18n::notation::{from_standard, to_standard};

/// An Italian-game middlegame: white K e1, Q d2, R a1 and h1, B c4,
/// N c3 and f3, both castlings possible; white to move.
const OPEN: &str = "r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8";
const PROMOTE: &str = "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1";

fn san_of(fen: &str, typed: &str, locale: Locale) -> Result<String, String> {
    let p = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let standard = to_standard(typed, locale);
    let m = p
        .parse_move(&standard)
        .map_err(|e| format!("{typed} -> {standard}: {e}"))?;
    Ok(p.san(m))
}

fn check_table(locale: Locale, fen: &str, table: &[(&str, &str)]) {
    for (typed, want) in table {
        assert_eq!(
            san_of(fen, typed, locale).as_deref(),
            Ok(*want),
            "{locale}: `{typed}`"
        );
    }
}

#[test]
fn russian_piece_letters() {
    check_table(
        Locale::Ru,
        OPEN,
        &[
            ("Кg5", "Ng5"),
            ("кg5", "Ng5"),
            ("Кb5", "Nb5"),
            ("Кхe5", "Nxe5"),
            ("К:e5", "Nxe5"),
            ("Крe2", "Ke2"),
            ("крf1", "Kf1"),
            ("Крd1", "Kd1"),
            ("Фe3", "Qe3"),
            ("фe2", "Qe2"),
            ("Лb1", "Rb1"),
            ("Лab1", "Rb1"),
            ("Лhg1", "Rg1"),
            ("Сb5", "Bb5"),
            ("сxf7", "Bxf7+"),
            ("Сxf7+", "Bxf7+"),
            ("h3", "h3"),
            ("а3", "a3"),
            ("d3-d4", "d4"),
            ("а2-а4", "a4"),
            ("0-0", "O-O"),
            ("0-0-0", "O-O-O"),
            ("О-О", "O-O"),
            ("о-о-о", "O-O-O"),
            ("Кc3-e2", "Ne2"),
        ],
    );
}

#[test]
fn russian_pawn_moves_are_plain_squares_even_with_cyrillic_c() {
    check_table(
        Locale::Ru,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("с4", "c4"), ("с2-с4", "c4"), ("c3", "c3"), ("е4", "e4")],
    );
}

#[test]
fn russian_promotion_letters() {
    check_table(
        Locale::Ru,
        PROMOTE,
        &[
            ("e8Ф", "e8=Q"),
            ("e8=Ф", "e8=Q"),
            ("e8=К+", "e8=N+"),
            ("e8Л", "e8=R"),
            ("e8С", "e8=B"),
            ("e7e8ф", "e8=Q"),
        ],
    );
}

#[test]
fn romanian_piece_letters_n_is_the_bishop() {
    check_table(
        Locale::Ro,
        OPEN,
        &[
            ("Nb5", "Bb5"),
            ("Nxf7+", "Bxf7+"),
            ("Cg5", "Ng5"),
            ("Cxe5", "Nxe5"),
            ("Re2", "Ke2"),
            ("Rf1", "Kf1"),
            ("De3", "Qe3"),
            ("Tb1", "Rb1"),
            ("Thg1", "Rg1"),
            ("O-O", "O-O"),
            ("0-0-0", "O-O-O"),
            ("h3", "h3"),
            ("d4", "d4"),
        ],
    );
    check_table(
        Locale::Ro,
        PROMOTE,
        &[
            ("e8D", "e8=Q"),
            ("e8=C", "e8=N+"),
            ("e8=N", "e8=B"),
            ("e8T", "e8=R"),
        ],
    );
}

#[test]
fn english_letters_stay_international() {
    check_table(
        Locale::En,
        OPEN,
        &[
            ("Nb5", "Nb5"),
            ("Ng5", "Ng5"),
            ("Bb5", "Bb5"),
            ("Rd1", "Rd1"),
            ("Ke2", "Ke2"),
            ("Qe3", "Qe3"),
        ],
    );
}

#[test]
fn the_same_letters_mean_different_pieces_per_locale() {
    // N: knight in English and Thai, bishop in Romanian.
    assert_eq!(san_of(OPEN, "Nb5", Locale::En).as_deref(), Ok("Nb5"));
    assert_eq!(san_of(OPEN, "Nb5", Locale::Th).as_deref(), Ok("Nb5"));
    assert_eq!(san_of(OPEN, "Nb5", Locale::Ro).as_deref(), Ok("Bb5"));
    // R: rook in English, king in Romanian.
    assert_eq!(san_of(OPEN, "Rf1", Locale::En).as_deref(), Ok("Rf1"));
    assert_eq!(san_of(OPEN, "Rf1", Locale::Ro).as_deref(), Ok("Kf1"));
    // C: a file in English, the knight in Romanian.
    assert_eq!(to_standard("Cg5", Locale::En), "Cg5");
    assert_eq!(to_standard("Cg5", Locale::Ro), "Ng5");
    // Cyrillic К (knight) is read as a piece only in Russian; Latin K is
    // the king everywhere.
    assert_eq!(to_standard("Кg5", Locale::Ru), "Ng5");
    assert_eq!(to_standard("Кg5", Locale::En), "Кg5");
    assert_eq!(to_standard("Kf1", Locale::Ru), "Kf1");
}

#[test]
fn german_letters_are_read_in_every_locale() {
    for l in Locale::ALL {
        check_table(
            l,
            OPEN,
            &[
                ("Sg5", "Ng5"),
                ("Lb5", "Bb5"),
                ("De3", "Qe3"),
                ("Tb1", "Rb1"),
                ("Kf1", "Kf1"),
            ],
        );
    }
}

#[test]
fn thai_players_use_international_letters_and_may_type_thai_digits() {
    check_table(
        Locale::Th,
        OPEN,
        &[("Ng5", "Ng5"), ("Bb5", "Bb5"), ("h๓", "h3"), ("O-O", "O-O")],
    );
}

#[test]
fn figurines_full_width_and_dashes_everywhere() {
    for l in Locale::ALL {
        check_table(
            l,
            OPEN,
            &[
                ("♘g5", "Ng5"),
                ("♞g5", "Ng5"),
                ("♗b5", "Bb5"),
                ("♔f1", "Kf1"),
                ("♕e3", "Qe3"),
                ("♖b1", "Rb1"),
                ("♙h3", "h3"),
                ("Ｏ－Ｏ", "O-O"),
                ("O–O", "O-O"),
                ("O—O—O", "O-O-O"),
                ("0−0", "O-O"),
                ("О-О", "O-O"),
                ("ｈ３", "h3"),
                ("f3g5", "Ng5"),
            ],
        );
    }
    // A figurine is never re-read as a local letter: ♘ is a knight in
    // Romanian too (while a typed N is a bishop there).
    assert_eq!(to_standard("♘g5", Locale::Ro), "Ng5");
    assert_eq!(to_standard("Ｎｇ５", Locale::En), "Ng5");
    assert_eq!(to_standard("Ｎｇ５", Locale::Ro), "Bg5");
}

#[test]
fn the_bots_moves_are_written_in_the_players_notation() {
    assert_eq!(from_standard("Nf3", Locale::Ru), "Кf3");
    assert_eq!(from_standard("Kxe2", Locale::Ru), "Крxe2");
    assert_eq!(from_standard("e8=Q+", Locale::Ru), "e8=Ф+");
    assert_eq!(from_standard("Bb5", Locale::Ro), "Nb5");
    assert_eq!(from_standard("Nf3", Locale::Ro), "Cf3");
    assert_eq!(from_standard("Rae1", Locale::Ro), "Tae1");
    assert_eq!(from_standard("Qh5#", Locale::Ro), "Dh5#");
    assert_eq!(from_standard("O-O-O", Locale::Ru), "O-O-O");
    assert_eq!(from_standard("Nf3", Locale::Th), "Nf3");
    assert_eq!(from_standard("Nf3", Locale::En), "Nf3");
}

#[test]
fn every_legal_move_round_trips_through_every_locale() {
    for fen in [OPEN, PROMOTE, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"] {
        let p = Position::from_fen(fen).expect("fen");
        for m in p.legal_moves() {
            let san = p.san(m);
            for l in Locale::ALL {
                let local = from_standard(&san, l);
                assert_eq!(
                    san_of(fen, &local, l).as_deref(),
                    Ok(san.as_str()),
                    "{l}: {san} written {local}"
                );
            }
        }
    }
}
