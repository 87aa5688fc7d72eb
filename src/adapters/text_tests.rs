//! Unit tests of the text-command grammar (`text.rs`).

use super::*;
use crate::adapters::test_support::{challenge, open_computer, open_options};
use crate::service::{Actor, ColorChoice};

/// The extras of a challenge whose days were given.
fn days_given() -> ChallengeExtras {
    ChallengeExtras {
        days_given: true,
        ..ChallengeExtras::default()
    }
}

fn actor(n: &str) -> Actor {
    Actor {
        id: n.into(),
        name: n.into(),
    }
}

#[test]
fn the_forms_discord_folds_read_the_same_here() {
    assert_eq!(
        parse("/chess settings notify:dm"),
        Ok(Some(Command::Notify {
            target: NotifyTarget::Dm
        }))
    );
    assert!(parse("/chess settings notify:dm language:ru").is_err());
    assert!(parse("/chess settings notify:sometimes").is_err());
    assert_eq!(
        parse("/chess settings pagename:hidden"),
        Ok(Some(Command::PageName { hidden: true }))
    );
    assert_eq!(
        parse("/chess settings pagename:maybe").map_err(|e| e.code()),
        Err("invalid_option")
    );
    assert!(parse("/chess settings pagename:hidden pages:off").is_err());
    assert_eq!(parse("/chess draw"), Ok(Some(Command::Draw)));
    assert_eq!(
        parse("/chess draw claim:true"),
        Ok(Some(Command::Claim { text: None }))
    );
    assert_eq!(parse("/chess draw claim:false"), Ok(Some(Command::Draw)));
    assert_eq!(
        parse("/chess draw claim:true move:Nf3"),
        Ok(Some(Command::Claim {
            text: Some("Nf3".into())
        }))
    );
    assert_eq!(
        parse("/chess draw claim Nf3"),
        Ok(Some(Command::Claim {
            text: Some("Nf3".into())
        }))
    );
    assert!(parse("/chess draw Nf3").is_err());
}

#[test]
fn not_for_the_bot_is_none() {
    assert_eq!(parse("hello"), Ok(None));
    assert_eq!(parse("/chessboard"), Ok(None));
    assert_eq!(parse("/chess"), Ok(Some(Command::Help)));
}

#[test]
fn positional_challenge() {
    let options = ChallengeOptions {
        color: ColorChoice::Black,
        days: 5,
        rules: RulesMode::Fide,
        extras: days_given(),
        ..open_options()
    };
    assert_eq!(
        parse("/chess challenge @bob black 5 fide"),
        Ok(Some(challenge(Some(actor("bob")), options)))
    );
}

#[test]
fn option_challenge_with_quoted_fen() {
    let c = parse(
        "!chess challenge opponent:@bob color:white days:3 rules:house fen:\"8/8/8/8/8/8/8/K1k5 w - - 0 1\"",
    );
    // Days and rules as given, the defaults' values.
    let options = ChallengeOptions {
        color: ColorChoice::White,
        fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
        extras: days_given(),
        ..open_options()
    };
    assert_eq!(c, Ok(Some(challenge(Some(actor("bob")), options))));
}

#[test]
fn open_challenge_defaults() {
    assert_eq!(
        parse("/chess challenge"),
        Ok(Some(challenge(None, open_options())))
    );
}

#[test]
fn moves_and_options() {
    assert_eq!(
        parse("/chess move Nf3"),
        Ok(Some(Command::Move { text: "Nf3".into() }))
    );
    assert_eq!(
        parse("/chess move move:e8=Q+"),
        Ok(Some(Command::Move {
            text: "e8=Q+".into()
        }))
    );
    assert_eq!(
        parse("/chess move"),
        Ok(Some(Command::Move { text: "".into() }))
    );
    assert_eq!(
        parse("/chess board flip"),
        Ok(Some(Command::Board {
            flip: true,
            private: false
        }))
    );
    assert_eq!(
        parse("/chess pgn 12"),
        Ok(Some(Command::Pgn { game: Some(12) }))
    );
    assert_eq!(
        parse("/chess history @bob"),
        Ok(Some(Command::History {
            user: Some(actor("bob"))
        }))
    );
}

#[test]
fn settings_take_the_language_in_every_spelling() {
    for text in [
        "/chess settings language:ru",
        "/chess settings language ru",
        "/chess settings ru",
        "!chess settings lang:RU",
        "/chess settings language:русский",
        "/chess language ru",
    ] {
        assert_eq!(
            parse(text),
            Ok(Some(Command::Settings {
                language: Some(Locale::Ru),
                board: None,
                theme: None,
            })),
            "{text}"
        );
    }
    assert_eq!(
        parse("/chess settings"),
        Ok(Some(Command::Settings {
            language: None,
            board: None,
            theme: None
        }))
    );
    assert_eq!(
        parse("/chess settings language"),
        Ok(Some(Command::Settings {
            language: None,
            board: None,
            theme: None
        }))
    );
    let e = parse("/chess settings language:klingon").unwrap_err();
    assert_eq!(e.code(), "invalid_option");
    assert!(e.message_in(Locale::Ru).contains("klingon"), "{e}");
    assert!(parse("/chess settings ru ro").is_err());
    assert!(parse("/chess settings colour:ru").is_err());
}

#[test]
fn settings_take_the_board_view_and_theme() {
    let want = |language, board, theme| {
        Ok(Some(Command::Settings {
            language,
            board,
            theme,
        }))
    };
    for text in [
        "/chess settings board:black theme:blue",
        "/chess settings black blue",
        "!chess settings view black colors blue",
        "/chess settings theme:Blue board:BLACK",
    ] {
        assert_eq!(
            parse(text),
            want(None, Some(BoardView::Black), Some(Theme::Blue)),
            "{text}"
        );
    }
    assert_eq!(
        parse("/chess settings ru board:auto theme:high-contrast"),
        want(
            Some(Locale::Ru),
            Some(BoardView::Auto),
            Some(Theme::HighContrast)
        )
    );
    assert_eq!(
        parse("/chess settings white"),
        want(None, Some(BoardView::White), None)
    );
    for bad in [
        "board:purple",
        "theme:pink",
        "board:white board:black",
        "black white",
        "theme",
    ] {
        let r = parse(&format!("/chess settings {bad}"));
        if bad == "theme" {
            // A key without a value shows the settings.
            assert_eq!(r, want(None, None, None), "{bad}");
            continue;
        }
        assert_eq!(r.unwrap_err().code(), "invalid_option", "{bad}");
    }
}

#[test]
fn computer_takes_level_colour_days_and_fen() {
    assert_eq!(parse("/chess computer"), Ok(Some(open_computer())));
    let want = Command::Computer(ComputerOptions {
        level: 5,
        color: ColorChoice::Black,
        days: 7,
        fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
        variant: None,
        position: None,
    });
    assert_eq!(
        parse("/chess computer level:5 color:black days:7 fen:\"8/8/8/8/8/8/8/K1k5 w - - 0 1\""),
        Ok(Some(want.clone()))
    );
    assert_eq!(
        parse("!chess ai 5 b 7 fen:\"8/8/8/8/8/8/8/K1k5 w - - 0 1\""),
        Ok(Some(want))
    );
    for bad in ["level:0", "level:9", "level:x", "9", "rated:true", "@bob"] {
        let e = parse(&format!("/chess computer {bad}")).unwrap_err();
        assert_eq!(e.code(), "invalid_option", "{bad}");
    }
    let e = parse("/chess computer level:9").unwrap_err();
    assert!(e.message().contains("from 1 (weakest) to 8"), "{e}");
}

#[test]
fn errors_have_codes() {
    assert_eq!(parse("/chess fly").unwrap_err().code(), "unknown_command");
    // The nearest subcommand is suggested.
    assert_eq!(nearest_command("mvoe"), Some("move"));
    assert_eq!(nearest_command("resing"), Some("resign"));
    assert_eq!(nearest_command("chalenge"), Some("challenge"));
    assert_eq!(nearest_command("fly"), None);
    let e = parse("/chess mvoe e4").unwrap_err();
    assert_eq!(e.code(), "unknown_command");
    assert!(e.message_in(Locale::En).contains("`move`"), "{e}");
    assert_eq!(
        parse("/chess challenge days:99").unwrap_err().code(),
        "invalid_option"
    );
    assert_eq!(
        parse("/chess challenge colour:purple").unwrap_err().code(),
        "invalid_option"
    );
    assert_eq!(
        parse("/chess resign now").unwrap_err().code(),
        "invalid_option"
    );
    assert_eq!(
        parse("/chess challenge fen:\"abc").unwrap_err(),
        ParseError::UnterminatedQuote
    );
    assert_eq!(
        parse("/chess settings language:ru"),
        Ok(Some(Command::Settings {
            language: Some(Locale::Ru),
            board: None,
            theme: None,
        }))
    );
    let long = format!("/chess move {}", "a".repeat(5000));
    assert_eq!(parse(&long).unwrap_err().code(), "too_long");
}

#[test]
fn premove_takes_a_line_a_keyword_or_nothing() {
    let line = |game, text: &str| {
        Ok(Some(Command::Premove {
            game,
            action: PremoveAction::Line(text.into()),
        }))
    };
    assert_eq!(
        parse("/chess premove line:\"e5 Nf3 Nc6 Bb5\""),
        line(None, "e5 Nf3 Nc6 Bb5")
    );
    assert_eq!(parse("/chess premove \"e5 Nf3\""), line(None, "e5 Nf3"));
    assert_eq!(parse("!chess premove e5 Nf3"), line(None, "e5 Nf3"));
    assert_eq!(
        parse("/chess premove line e5 Nf3 game:7"),
        line(Some(7), "e5 Nf3")
    );
    for (text, action) in [
        ("/chess premove", PremoveAction::List),
        ("/chess premove list", PremoveAction::List),
        ("/chess premove CLEAR", PremoveAction::Clear),
    ] {
        assert_eq!(
            parse(text),
            Ok(Some(Command::Premove { game: None, action })),
            "{text}"
        );
    }
    assert_eq!(
        parse("/chess premove clear e5").unwrap_err().code(),
        "invalid_option"
    );
    assert_eq!(
        parse("/chess premove colour:red").unwrap_err().code(),
        "invalid_option"
    );
}

#[test]
fn note_takes_free_text_an_option_or_clear() {
    let note = |game, text: Option<&str>| {
        Ok(Some(Command::Note {
            game,
            text: text.map(str::to_string),
        }))
    };
    assert_eq!(
        parse("/chess note text:\"push h-pawn\""),
        note(None, Some("push h-pawn"))
    );
    assert_eq!(
        parse("/chess note my plan: attack the king"),
        note(None, Some("my plan: attack the king"))
    );
    assert_eq!(parse("/chess note \"a b\""), note(None, Some("a b")));
    assert_eq!(parse("/chess note"), note(None, None));
    assert_eq!(parse("/chess note clear"), note(None, Some("")));
    assert_eq!(parse("/chess note text:\"\""), note(None, Some("")));
    assert_eq!(
        parse("/chess note game:3 trade queens"),
        note(Some(3), Some("trade queens"))
    );
    assert_eq!(
        parse("/chess premove note text:\"x\" game:2"),
        note(Some(2), Some("x"))
    );
    assert_eq!(
        parse("/chess premove note hello"),
        note(None, Some("hello"))
    );
}

#[test]
fn vacation_moretime_and_notify() {
    for text in [
        "/chess vacation days:3",
        "/chess vacation 3",
        "!chess holiday 3d",
    ] {
        assert_eq!(
            parse(text),
            Ok(Some(Command::Vacation { days: Some(3) })),
            "{text}"
        );
    }
    assert_eq!(
        parse("/chess vacation days:0"),
        Ok(Some(Command::Vacation { days: Some(0) }))
    );
    assert_eq!(
        parse("/chess vacation"),
        Ok(Some(Command::Vacation { days: None }))
    );
    assert!(parse("/chess vacation days:-1").is_err());
    assert!(parse("/chess vacation 3 4").is_err());
    assert_eq!(parse("/chess moretime"), Ok(Some(Command::Moretime)));
    assert!(parse("/chess moretime 2").is_err());
    for (text, target) in [
        ("/chess notify where:dm", NotifyTarget::Dm),
        ("/chess notify channel", NotifyTarget::Channel),
        ("/chess notify OFF", NotifyTarget::Off),
    ] {
        assert_eq!(parse(text), Ok(Some(Command::Notify { target })), "{text}");
    }
    assert_eq!(
        parse("/chess notify where:pigeon").unwrap_err().code(),
        "invalid_option"
    );
    assert!(parse("/chess notify").is_err());
}

#[test]
fn chess960_options_parse_and_bad_variants_have_their_code() {
    match parse("/chess challenge @bob variant:chess960 position:518") {
        Ok(Some(Command::Challenge { options, .. })) => {
            assert_eq!(options.variant, Some(Variant::Chess960));
            assert_eq!(options.position, Some(518));
        }
        other => panic!("{other:?}"),
    }
    match parse("/chess challenge @bob chess960") {
        Ok(Some(Command::Challenge { options, .. })) => {
            assert_eq!(options.variant, Some(Variant::Chess960));
        }
        other => panic!("{other:?}"),
    }
    match parse("/chess computer variant:960 pos:7") {
        Ok(Some(Command::Computer(ComputerOptions {
            variant, position, ..
        }))) => {
            assert_eq!(variant, Some(Variant::Chess960));
            assert_eq!(position, Some(7));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse("/chess leaderboard variant:chess960"),
        Ok(Some(Command::Leaderboard {
            variant: Variant::Chess960
        }))
    );
    assert_eq!(
        parse("/chess stats @bob variant:chess960"),
        Ok(Some(Command::Stats {
            player: Some(actor("bob")),
            vs: None,
            variant: Variant::Chess960
        }))
    );
    let e = parse("/chess challenge variant:atomic").unwrap_err();
    assert_eq!(e.code(), "invalid_variant");
    assert!(e.message().contains("atomic"), "{e}");
    assert_eq!(
        parse("/chess leaderboard crazyhouse").unwrap_err().code(),
        "invalid_variant"
    );
    let e = parse("/chess challenge position:x").unwrap_err();
    assert_eq!(e.code(), "invalid_option");
    assert!(e.message().contains("0 to 959"), "{e}");
}

#[test]
fn puzzle_commands_parse() {
    assert_eq!(
        parse("/chess puzzle"),
        Ok(Some(Command::Puzzle { daily: None }))
    );
    assert_eq!(
        parse("/chess puzzle daily:on hour:18"),
        Ok(Some(Command::Puzzle {
            daily: Some(PuzzleDaily::On { hour: Some(18) })
        }))
    );
    assert_eq!(
        parse("/chess puzzle daily on 7"),
        Ok(Some(Command::Puzzle {
            daily: Some(PuzzleDaily::On { hour: Some(7) })
        }))
    );
    assert_eq!(
        parse("/chess puzzle daily:off"),
        Ok(Some(Command::Puzzle {
            daily: Some(PuzzleDaily::Off)
        }))
    );
    assert!(parse("/chess puzzle daily:on hour:24").is_err());
    assert!(parse("/chess puzzle daily:maybe").is_err());
    assert_eq!(
        parse("/chess solve Nf3"),
        Ok(Some(Command::Solve {
            text: "Nf3".into(),
            puzzle: None
        }))
    );
    assert_eq!(
        parse("/chess solve move:Qxf7# puzzle:12"),
        Ok(Some(Command::Solve {
            text: "Qxf7#".into(),
            puzzle: Some(12)
        }))
    );
    assert!(parse("/chess solve Nf3 puzzle:x").is_err());
}

#[test]
fn help_covers_every_command_the_parser_knows() {
    let covered: Vec<&str> = crate::service::help::covered().collect();
    let names = command_names();
    assert!(names.len() > 25, "{names:?}");
    for name in names {
        assert!(covered.contains(&name), "help omits `{name}`");
    }
}

#[test]
fn challenge_takes_a_bank_a_preset_and_a_pgn_to_the_end_of_the_message() {
    match parse(
        "/chess challenge @bob bank:10 increment:1d game:2 pgn:\"[Event \\\"Club\\\"] 1. e4 *\"",
    ) {
        Ok(Some(Command::Challenge { opponent, options })) => {
            let extras = options.extras;
            assert_eq!(opponent, Some(actor("bob")));
            assert_eq!(extras.bank, Some(10));
            assert_eq!(extras.increment, Some(1));
            assert_eq!(extras.game, Some(2));
            assert_eq!(extras.pgn.as_deref(), Some("[Event \"Club\"] 1. e4 *"));
        }
        other => panic!("{other:?}"),
    }
    // Matrix: the PGN on the lines after the command, in a code block.
    match parse("!chess challenge control:ICCF pgn:\n```\n[White \"a\"]\n1. d4 d5 *\n```") {
        Ok(Some(Command::Challenge { options, .. })) => {
            let extras = options.extras;
            assert_eq!(extras.control.as_deref(), Some("iccf"));
            assert_eq!(extras.pgn.as_deref(), Some("[White \"a\"]\n1. d4 d5 *"));
        }
        other => panic!("{other:?}"),
    }
    // A long PGN fits; other commands keep the short limit.
    let long = format!("/chess challenge pgn:\"{}*\"", "1. e4 e5 ".repeat(500));
    assert!(parse(&long).is_ok());
    assert_eq!(
        parse(&format!("/chess move {}", "x".repeat(3000))),
        Err(ParseError::TooLong)
    );
    assert!(parse("/chess challenge bank:ten").is_err());
    assert!(parse("/chess challenge game:0").is_err());
}

#[test]
fn board_asks_about_the_position_in_words() {
    use crate::service::BoardQuestion;
    assert_eq!(
        parse("/chess board text:true"),
        Ok(Some(Command::BoardWords(BoardQuestion::Text)))
    );
    assert_eq!(
        parse("/chess board square:e4"),
        Ok(Some(Command::BoardWords(BoardQuestion::Square(
            "e4".into()
        ))))
    );
    assert_eq!(
        parse("!chess board piece:knight"),
        Ok(Some(Command::BoardWords(BoardQuestion::Piece(
            "knight".into()
        ))))
    );
    assert_eq!(
        parse("/chess board text:false"),
        Ok(Some(Command::Board {
            flip: false,
            private: false
        }))
    );
    assert!(parse("/chess board text:maybe").is_err());
    assert!(parse("/chess board square:e4 piece:N").is_err());
    assert_eq!(
        parse("/chess settings images:off"),
        Ok(Some(Command::Images { on: false }))
    );
    assert_eq!(
        parse("/chess settings images on"),
        Ok(Some(Command::Images { on: true }))
    );
    assert!(parse("/chess settings images:sometimes").is_err());
    assert!(parse("/chess settings images:off language:ru").is_err());
}
