//! Chess in words through the console: every message with a board
//! carries `alt`, the picture in words, naming every piece on its square
//! (checked against the position the `fen` of the event gives, not
//! against a copy of the text); `board text:true`, `board square:` and
//! `board piece:` answer privately in words; `settings images:off` turns
//! the caller's private boards into words; and a whole game is played to
//! mate reading only the text answers. Also the longest alt text over the
//! recorded games, which must fit Discord's 1,024 characters.

use std::collections::BTreeMap;

use chessbot::chess::{Color, Game, Position, Role, RulesMode, Square};
use chessbot::i18n::Locale;
use chessbot::service::messages::position_words as words;
use serde_json::Value;

use crate::console::run_console;

const ROLES: [(&str, Role); 6] = [
    ("King", Role::King),
    ("Queen", Role::Queen),
    ("Rook", Role::Rook),
    ("Bishop", Role::Bishop),
    ("Knight", Role::Knight),
    ("Pawn", Role::Pawn),
];

/// The pieces an English text names for `side` (`White: King e1; Rooks
/// a1, h1.`), by kind, as the text says them.
fn named(text: &str, side: &str) -> BTreeMap<Role, Vec<Square>> {
    let start = text
        .find(&format!("{side}: King"))
        .unwrap_or_else(|| panic!("no {side} pieces in {text}"));
    let rest = &text[start + side.len() + 2..];
    let end = rest.find('.').expect("a full stop after the pieces");
    let mut out = BTreeMap::new();
    for group in rest[..end].split("; ") {
        let (name, squares) = group.split_once(' ').expect("name and squares");
        let role = ROLES
            .iter()
            .find(|(n, _)| name.trim_end_matches('s') == *n)
            .map(|(_, r)| *r)
            .unwrap_or_else(|| panic!("unknown piece name {name} in {text}"));
        let squares: Vec<Square> = squares
            .split(", ")
            .map(|s| s.parse().expect("a square"))
            .collect();
        assert!(out.insert(role, squares).is_none(), "{name} twice: {text}");
    }
    out
}

/// The pieces of `color` on the board, by kind.
fn on_board(pos: &Position, color: Color) -> BTreeMap<Role, Vec<Square>> {
    let mut out = BTreeMap::new();
    for (_, role) in ROLES {
        let mut v: Vec<Square> = pos.pieces(color, role).collect();
        v.sort_by_key(|s| (s.file(), s.rank()));
        if !v.is_empty() {
            out.insert(role, v);
        }
    }
    out
}

/// Checks that `text` names every piece of `pos` on its square, and no
/// other.
fn names_every_piece(text: &str, pos: &Position) {
    assert_eq!(named(text, "White"), on_board(pos, Color::White), "{text}");
    assert_eq!(named(text, "Black"), on_board(pos, Color::Black), "{text}");
}

fn text_of(line: &Value) -> &str {
    line["text"].as_str().unwrap_or_default()
}

/// The private answers to `who`, in order.
fn private_to<'a>(out: &'a [Value], who: &str) -> Vec<&'a Value> {
    out.iter().filter(|l| l["to"] == who).collect()
}

#[test]
fn every_board_message_carries_its_picture_in_words() {
    let out = run_console(
        "alice: /chess challenge @bob color:white\n\
         bob: /chess accept\n\
         alice: /chess move e4\n\
         bob: /chess move e5\n\
         alice: /chess move Nf3\n\
         carol: /chess board\n",
        "sqlite::memory:",
        &[],
    );
    let mut boards = 0;
    let mut game = Game::new(RulesMode::House);
    for line in &out {
        let event = &line["event"];
        let fen = match event["type"].as_str() {
            Some("start" | "move") => event["fen"].as_str().expect("fen"),
            _ if line.get("alt").is_some() => &game.position().fen(),
            _ => continue,
        };
        if event["type"] == "move" {
            game.play_input(event["san"].as_str().expect("san"))
                .expect("legal");
        }
        let alt = line["alt"]
            .as_str()
            .unwrap_or_else(|| panic!("a board message without alt: {line}"));
        let pos = Position::from_fen(fen).expect("fen");
        names_every_piece(alt, &pos);
        assert!(alt.chars().count() <= words::MAX_ALT_CHARS);
        boards += 1;
    }
    // The start, three moves and carol's board.
    assert_eq!(boards, 5, "{out:?}");
    let last = out
        .iter()
        .rev()
        .find(|l| l.get("alt").is_some())
        .expect("board");
    let alt = last["alt"].as_str().expect("alt");
    assert!(alt.contains("alice (White) against bob (Black)."), "{alt}");
    assert!(alt.contains("Black to move."), "{alt}");
    assert!(
        alt.contains("Last move: White Nf3, Knight from g1 to f3."),
        "{alt}"
    );
    // Messages without a picture carry no alt.
    assert!(out[0].get("alt").is_none(), "{}", out[0]);
}

#[test]
fn board_answers_in_words_privately_about_the_position_a_square_and_a_kind_of_piece() {
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5"];
    let mut script = String::from("alice: /chess challenge @bob color:white\nbob: /chess accept\n");
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        script.push_str(&format!("{who}: /chess move {m}\n"));
    }
    script.push_str(
        "bob: /chess draw\n\
         carol: /chess board text:true\n\
         carol: /chess board square:e5\n\
         carol: /chess board square:d4\n\
         carol: /chess board piece:N\n\
         carol: /chess board piece:bishops\n\
         carol: /chess board square:z9\n\
         carol: /chess board piece:dragon\n",
    );
    let out = run_console(&script, "sqlite::memory:", &[]);
    let mut game = Game::new(RulesMode::House);
    for m in moves {
        game.play_input(m).expect("legal");
    }
    let pos = game.position();
    let answers = private_to(&out, "carol");
    assert_eq!(answers.len(), 7, "{out:?}");
    for a in &answers {
        assert!(a.get("image").is_none_or(Value::is_null), "{a}");
        assert!(a.get("alt").is_none(), "words, not a picture: {a}");
    }

    // The whole position: the picture's words, the clock and the offer.
    let text = text_of(answers[0]);
    names_every_piece(text, pos);
    assert!(text.contains("Black to move."), "{text}");
    assert!(
        text.contains("Last move: White Bb5, Bishop from f1 to b5."),
        "{text}"
    );
    assert!(text.contains("bob has "), "{text}");
    assert!(text.contains("bob offers a draw."), "{text}");

    // A square: what stands there and who attacks it, from the position.
    for (answer, square) in [(answers[1], "e5"), (answers[2], "d4")] {
        let text = text_of(answer);
        let sq: Square = square.parse().unwrap();
        match pos.piece_at(sq) {
            Some(p) => {
                let side = if p.color == Color::White {
                    "White"
                } else {
                    "Black"
                };
                let name = ROLES.iter().find(|(_, r)| *r == p.role).expect("role").0;
                assert!(
                    text.starts_with(&format!("{square}: {side} {name}.")),
                    "{text}"
                );
            }
            None => assert!(text.starts_with(&format!("{square}: empty.")), "{text}"),
        }
        for (side, color) in [("White", Color::White), ("Black", Color::Black)] {
            let attackers: Vec<Square> = pos.attackers_to(sq, color, pos.occupied()).collect();
            let said = text
                .split(&format!("Attacked by {side}: "))
                .nth(1)
                .and_then(|s| s.split('.').next())
                .unwrap_or_else(|| panic!("{side}'s attackers in {text}"));
            if attackers.is_empty() {
                assert_eq!(said, "none", "{text}");
            }
            for a in attackers {
                let role = pos.piece_at(a).expect("attacker").role;
                let name = ROLES.iter().find(|(_, r)| *r == role).expect("role").0;
                assert!(said.contains(&format!("{name} {a}")), "{text}");
            }
        }
    }
    assert_eq!(
        text_of(answers[1]),
        "e5: Black Pawn. Attacked by White: Knight f3. Attacked by Black: Knight c6."
    );

    // A kind of piece, by letter or by name: both sides' squares.
    for (answer, role, plural) in [
        (answers[3], Role::Knight, "Knights"),
        (answers[4], Role::Bishop, "Bishops"),
    ] {
        let side = |c: Color| {
            let mut v: Vec<String> = pos.pieces(c, role).map(|s| s.to_string()).collect();
            v.sort();
            v.join(", ")
        };
        assert_eq!(
            text_of(answer),
            format!(
                "{plural}: White {}; Black {}.",
                side(Color::White),
                side(Color::Black)
            )
        );
    }

    // Bad input: a clear error, nothing else.
    for (answer, given) in [(answers[5], "z9"), (answers[6], "dragon")] {
        assert_eq!(answer["event"]["code"], "invalid_notation", "{answer}");
        assert!(text_of(answer).contains(given), "{answer}");
    }
}

#[test]
fn with_images_off_private_boards_and_notices_come_as_words() {
    let out = run_console(
        "alice: /chess settings images:off\n\
         alice: /chess notify where:dm\n\
         alice: /chess challenge @bob color:white\n\
         bob: /chess accept\n\
         alice: /chess move e4\n\
         bob: /chess move c5\n\
         alice: /chess board private:true\n\
         bob: /chess board private:true\n\
         alice: /chess settings images:on\n\
         alice: /chess board private:true\n",
        "sqlite::memory:",
        &[],
    );
    let mine = private_to(&out, "alice");
    assert!(
        text_of(mine[0]).contains("words instead of pictures"),
        "{}",
        mine[0]
    );
    let mut after = Game::new(RulesMode::House);
    after.play_input("e4").unwrap();
    after.play_input("c5").unwrap();
    // The notice of bob's move in alice's direct messages: words only.
    let dm = out
        .iter()
        .find(|l| l["channel"] == "@alice")
        .expect("a direct message to alice");
    assert!(dm.get("alt").is_none(), "{dm}");
    names_every_piece(text_of(dm), after.position());
    // Her private board: words, no picture.
    let board = mine
        .iter()
        .find(|l| text_of(l).contains("Game #"))
        .expect("alice's private board");
    assert!(board.get("alt").is_none(), "{board}");
    names_every_piece(text_of(board), after.position());
    // bob kept pictures (with their words as alt), and so did the channel.
    let bobs = private_to(&out, "bob");
    let bob_board = bobs.last().expect("bob's private board");
    names_every_piece(bob_board["alt"].as_str().expect("alt"), after.position());
    let public = out
        .iter()
        .filter(|l| l["event"]["type"] == "move")
        .collect::<Vec<_>>();
    assert!(public.iter().all(|l| l.get("alt").is_some()), "{public:?}");
    // Pictures back on: her next private board is a picture again.
    let last = mine.last().expect("last answer");
    names_every_piece(last["alt"].as_str().expect("alt"), after.position());
}

/// The console's answers in words to one player's `board text:true`.
fn text_answers(out: &[Value], who: &str) -> Vec<String> {
    out.iter()
        .filter(|l| l["to"] == who && text_of(l).contains("White: King"))
        .map(|l| text_of(l).to_string())
        .collect()
}

#[test]
fn a_whole_game_is_played_to_mate_reading_only_the_words() {
    // Each player asks for the position in words before moving, and the
    // test checks what they read: whose move, the last move, every piece.
    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    let mut script = String::from("alice: /chess challenge @bob color:white\nbob: /chess accept\n");
    for (i, m) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        script.push_str(&format!(
            "{who}: /chess board text:true\n{who}: /chess move {m}\n"
        ));
    }
    script.push_str("alice: /chess board text:true\n");
    let out = run_console(&script, "sqlite::memory:", &[]);
    let mut game = Game::new(RulesMode::House);
    let (mut white_read, mut black_read) = (text_answers(&out, "alice"), text_answers(&out, "bob"));
    white_read.reverse();
    black_read.reverse();
    for (i, m) in moves.iter().enumerate() {
        let read = if i % 2 == 0 {
            white_read.pop()
        } else {
            black_read.pop()
        }
        .unwrap_or_else(|| panic!("no words before move {m}: {out:?}"));
        let side = if i % 2 == 0 { "White" } else { "Black" };
        assert!(read.contains(&format!("{side} to move")), "{read}");
        names_every_piece(&read, game.position());
        if let Some(last) = game.moves().last() {
            let said = words::last_move(Locale::En, game.position(), *last);
            assert!(read.contains(&said), "{read} lacks {said}");
        }
        game.play_input(m).expect("legal");
    }
    let end = white_read.pop().expect("the final words");
    assert!(end.contains("Checkmate: White wins."), "{end}");
    assert!(
        end.contains("Last move: White Qxf7#, Queen from h5 to f7, takes pawn."),
        "{end}"
    );
    names_every_piece(&end, game.position());
    assert!(
        out.iter().any(|l| l["event"]["termination"] == "checkmate"),
        "the game ended by mate"
    );
}

#[test]
fn the_longest_alt_text_of_the_recorded_games_fits_discord() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/pgn");
    let mut longest = (0, String::new());
    let mut positions = 0;
    let mut files: Vec<std::path::PathBuf> = [dir.clone(), dir.join("import/good")]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    let long_name = "n".repeat(chessbot::service::MAX_NAME_CHARS);
    for path in files {
        let text = std::fs::read_to_string(&path).expect("pgn");
        let count = chessbot::chess::count_pgn_games(&text).unwrap_or(0);
        for n in 1..=count {
            let Ok(pgn) = chessbot::chess::import_pgn(&text, Some(n)) else {
                continue;
            };
            let mut g = Game::from_position(pgn.game.start().clone(), RulesMode::Fide);
            for &m in pgn.game.moves() {
                if g.play(m).is_err() {
                    break;
                }
                positions += 1;
                for l in Locale::ALL {
                    let alt = words::describe(
                        l,
                        g.position(),
                        Some(m),
                        None,
                        Some((&long_name, &long_name)),
                    );
                    let n = alt.chars().count();
                    if n > longest.0 {
                        longest = (n, alt);
                    }
                }
            }
        }
    }
    eprintln!(
        "longest alt text over {positions} positions in 4 languages: {} characters\n{}",
        longest.0, longest.1
    );
    assert!(positions > 50, "{positions}");
    assert!(longest.0 <= words::MAX_ALT_CHARS, "{}", longest.1);
}
