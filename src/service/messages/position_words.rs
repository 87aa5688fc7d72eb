//! The position in words, for players who cannot see the board: the alt
//! text of every board picture, and the answers of `board text:`,
//! `board square:` and `board piece:`. Pure functions over the chess
//! types, worded through the catalogs; short and predictable, since a
//! screen reader reads every word.

use super::declare::messages;
use crate::chess::{Color, Move, Piece, Position, Role, Square, Variant};
use crate::i18n::{Locale, notation};
use crate::render::BoardResult;

messages! {
    /// `words-piece`, worded for [`piece_name`].
    fn piece_text(l, role, one) = "words-piece";
    /// `words-side`, worded for [`side_pieces`].
    fn side_text(l, color, pieces) = "words-side";
    /// `words-to-move`, worded for [`status`].
    fn to_move_text(l, color, check) = "words-to-move";
    /// `words-result`, worded for [`status`].
    fn result_text(l, case, color) = "words-result";
    /// `words-last-move`, worded for [`last_move`].
    fn last_move_text(l, color, san, words) = "words-last-move";
    /// `words-move`, worded for [`move_in_words`].
    fn move_text(l, kind, piece, from, to, capture, promotion) = "words-move";
    /// `words-players`, worded for [`players`].
    fn players_text(l, white, black) = "words-players";
    /// `words-square`, worded for [`square_report`].
    fn square_text(l, square, color, piece) = "words-square";
    /// `words-square-empty`, worded for [`square_report`].
    fn square_empty_text(l, square) = "words-square-empty";
    /// `words-attackers`, worded for [`square_report`].
    fn attackers_text(l, color, pieces) = "words-attackers";
    /// `words-none`: an empty list.
    fn none_text(l) = "words-none";
    /// `words-piece-places`, worded for [`piece_report`].
    fn piece_places_text(l, piece, white, black) = "words-piece-places";
    /// The time the player to move has left (`board text:true`).
    pub fn words_time_left(l, name: &str, left: &str) = "words-time-left";
    /// Both sides' time banks (`board text:true` in a bank game).
    pub fn words_banks(l, white: &str, black: &str) = "words-banks";
    /// A standing draw offer (`board text:true`).
    pub fn words_draw_offer(l, name: &str) = "words-draw-offer";
    /// `board piece:` named no kind of piece.
    pub fn words_unknown_piece(l, given: &str) = "words-unknown-piece";
    /// `board square:` named no square.
    pub fn words_bad_square(l, given: &str) = "words-bad-square";
    /// The alt text of a summary card, before the final position's words.
    pub fn words_card(l, white: &str, black: &str, result: &str) = "words-card";
    /// `settings images:off` was set: private boards come as words.
    pub fn words_images_off(l) = "words-images-off";
    /// `settings images:on` was set: private boards come as pictures.
    pub fn words_images_on(l) = "words-images-on";
    /// The alt text of a game's GIF.
    pub fn words_animation(l, white: &str, black: &str, result: &str) = "words-animation";
}

/// The longest text Discord takes as an attachment's description (its alt
/// text); every position's words fit in it.
pub const MAX_ALT_CHARS: usize = 1024;

/// `text` cut to [`MAX_ALT_CHARS`] characters (with `…` where cut).
#[must_use]
pub fn clip(text: String) -> String {
    if text.chars().count() <= MAX_ALT_CHARS {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_ALT_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// A table picture (standings) in words: its title, then each row with
/// its column names, `Rank 1, Player alice, Points 2.5; Rank 2, ...`,
/// within [`MAX_ALT_CHARS`].
#[must_use]
pub fn table_in_words<R: AsRef<[String]>>(title: &str, header: &[String], rows: &[R]) -> String {
    let row_words = |row: &R| {
        row.as_ref()
            .iter()
            .enumerate()
            .filter(|(_, cell)| !cell.trim().is_empty())
            .map(|(i, cell)| match header.get(i).map(|h| h.trim()) {
                Some(h) if !h.is_empty() => format!("{h} {}", cell.trim()),
                _ => cell.trim().to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let rows: Vec<String> = rows.iter().map(row_words).collect();
    clip(format!("{title}. {}.", rows.join("; ")))
}

/// The kinds of piece in the order a side's pieces are read.
const READING_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The name of a kind of piece, for one piece (`one`) or several.
#[must_use]
pub fn piece_name(l: Locale, role: Role, one: bool) -> String {
    piece_text(l, role.name(), if one { "yes" } else { "no" })
}

/// The squares of `pieces`, file by file (`a2, b2, c3`).
fn squares(pieces: crate::chess::Bitboard) -> Vec<Square> {
    let mut v: Vec<Square> = pieces.collect();
    v.sort_by_key(|s| (s.file(), s.rank()));
    v
}

fn join_squares(v: &[Square]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// One side's pieces, grouped by kind: `White: King g1; Queen d1; Rooks
/// a1, f1; Pawns a2, b2.`
#[must_use]
pub fn side_pieces(l: Locale, pos: &Position, color: Color) -> String {
    let groups: Vec<String> = READING_ORDER
        .iter()
        .filter_map(|&role| {
            let v = squares(pos.pieces(color, role));
            (!v.is_empty())
                .then(|| format!("{} {}", piece_name(l, role, v.len() == 1), join_squares(&v)))
        })
        .collect();
    side_text(l, color.name(), groups.join("; "))
}

/// Whose move it is and whether they are in check, or how the game
/// ended: `result` is what the picture's badges show (none while the
/// game runs); a mate or stalemate on the board is read from the board.
#[must_use]
pub fn status(l: Locale, pos: &Position, result: Option<BoardResult>) -> String {
    let turn = pos.turn();
    match result {
        Some(BoardResult::Mated(loser)) => result_text(l, "mate", loser.other().name()),
        Some(BoardResult::Won(winner)) => result_text(l, "win", winner.name()),
        Some(BoardResult::Draw) if pos.is_stalemate() => result_text(l, "stalemate", turn.name()),
        Some(BoardResult::Draw) => result_text(l, "draw", turn.name()),
        None if pos.is_checkmate() => result_text(l, "mate", turn.other().name()),
        None if pos.is_stalemate() => result_text(l, "stalemate", turn.name()),
        None => to_move_text(l, turn.name(), if pos.is_check() { "yes" } else { "no" }),
    }
}

/// A move in words, without the position: `Knight from g1 to f3`,
/// captures and promotions named, castling as such.
#[must_use]
pub fn move_in_words(l: Locale, m: Move) -> String {
    let role_key = |r: Option<Role>| r.map_or("none", Role::name);
    match m {
        Move::Castle { king, rook } => {
            let kind = if rook.file() > king.file() {
                "castle-king"
            } else {
                "castle-queen"
            };
            move_text(
                l,
                kind,
                piece_name(l, Role::King, true),
                "",
                "",
                "none",
                "none",
            )
        }
        Move::EnPassant { from, to } => move_text(
            l,
            "en-passant",
            piece_name(l, Role::Pawn, true),
            from.to_string(),
            to.to_string(),
            "pawn",
            "none",
        ),
        Move::Normal {
            role,
            from,
            to,
            capture,
            promotion,
        } => move_text(
            l,
            "normal",
            piece_name(l, role, true),
            from.to_string(),
            to.to_string(),
            role_key(capture),
            role_key(promotion),
        ),
    }
}

/// The SAN of `m`, the move that led to `after`, read from the position
/// before it (rebuilt from `after` by taking the move back; castling
/// rights do not change how any move but castling is written). `None`
/// when the move does not fit the position.
#[must_use]
pub fn san_of_last(after: &Position, m: Move) -> Option<String> {
    let suffix = if after.is_checkmate() {
        "#"
    } else if after.is_check() {
        "+"
    } else {
        ""
    };
    if let Move::Castle { king, rook } = m {
        let castle = if rook.file() > king.file() {
            "O-O"
        } else {
            "O-O-O"
        };
        return Some(format!("{castle}{suffix}"));
    }
    let before = before_position(after, m)?;
    before.is_legal(m).then(|| before.san(m))
}

/// The position before `m` (not castling), as far as writing `m` needs
/// it: the pieces and the side to move, no castling rights.
fn before_position(after: &Position, m: Move) -> Option<Position> {
    let mover = after.turn().other();
    let mut board: [Option<Piece>; 64] = [None; 64];
    for (i, slot) in board.iter_mut().enumerate() {
        *slot = Square::new(u8::try_from(i).ok()?).and_then(|s| after.piece_at(s));
    }
    let piece = |color, role| Some(Piece { color, role });
    let mut ep = None;
    match m {
        Move::Castle { .. } => return None,
        Move::Normal {
            role,
            from,
            to,
            capture,
            ..
        } => {
            board[to.index()] = capture.and_then(|r| piece(mover.other(), r));
            board[from.index()] = piece(mover, role);
        }
        Move::EnPassant { from, to } => {
            board[to.index()] = None;
            board[from.index()] = piece(mover, Role::Pawn);
            let taken = Square::from_coords(to.file(), from.rank())?;
            board[taken.index()] = piece(mover.other(), Role::Pawn);
            ep = Some(to);
        }
    }
    let mut fen = String::with_capacity(90);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            match Square::from_coords(file, rank).and_then(|s| board[s.index()]) {
                Some(p) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let ep = ep.map_or_else(|| "-".to_string(), |s| s.to_string());
    fen.push_str(&format!(" {} - {ep} 0 1", mover.fen_char()));
    match after.variant() {
        Variant::Standard => Position::from_fen(&fen).ok(),
        v => Position::from_fen_variant(&fen, v).ok(),
    }
}

/// The last move, as SAN in the reader's notation and in words: `Last
/// move: White Nf3, Knight from g1 to f3.`
#[must_use]
pub fn last_move(l: Locale, after: &Position, m: Move) -> String {
    let san = san_of_last(after, m).map_or_else(String::new, |s| super::san_local(l, &s));
    last_move_text(l, after.turn().other().name(), san, move_in_words(l, m))
}

/// The players as the picture's strips name them.
#[must_use]
pub fn players(l: Locale, white: &str, black: &str) -> String {
    players_text(l, white, black)
}

/// The whole picture in words: the players (when known), whose move it
/// is or the result, the last move, then every piece of each side.
#[must_use]
pub fn describe(
    l: Locale,
    pos: &Position,
    last: Option<Move>,
    result: Option<BoardResult>,
    names: Option<(&str, &str)>,
) -> String {
    let mut parts = Vec::with_capacity(5);
    if let Some((w, b)) = names {
        parts.push(players(l, w, b));
    }
    parts.push(status(l, pos, result));
    if let Some(m) = last {
        parts.push(last_move(l, pos, m));
    }
    parts.push(side_pieces(l, pos, Color::White));
    parts.push(side_pieces(l, pos, Color::Black));
    parts.join(" ")
}

/// The pieces of `color` that attack `sq`, as `Queen d1, Knight f3`.
fn attackers(l: Locale, pos: &Position, sq: Square, color: Color) -> String {
    let mut found: Vec<(usize, Square, Role)> = pos
        .attackers_to(sq, color, pos.occupied())
        .filter_map(|s| pos.piece_at(s).map(|p| (p.role, s)))
        .map(|(role, s)| {
            let rank = READING_ORDER.iter().position(|&r| r == role).unwrap_or(6);
            (rank, s, role)
        })
        .collect();
    found.sort_by_key(|&(rank, s, _)| (rank, s.file(), s.rank()));
    if found.is_empty() {
        return none_text(l);
    }
    found
        .iter()
        .map(|&(_, s, role)| format!("{} {s}", piece_name(l, role, true)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What stands on `sq` (or that it is empty) and which pieces of each side
/// attack it.
#[must_use]
pub fn square_report(l: Locale, pos: &Position, sq: Square) -> String {
    let here = match pos.piece_at(sq) {
        Some(p) => square_text(
            l,
            sq.to_string(),
            p.color.name(),
            piece_name(l, p.role, true),
        ),
        None => square_empty_text(l, sq.to_string()),
    };
    let by = |c: Color| attackers_text(l, c.name(), attackers(l, pos, sq, c));
    format!("{here} {} {}", by(Color::White), by(Color::Black))
}

/// Where the pieces of kind `role` stand, both sides: `Knights: White b1,
/// g1; Black none.`
#[must_use]
pub fn piece_report(l: Locale, pos: &Position, role: Role) -> String {
    let side = |c: Color| {
        let v = squares(pos.pieces(c, role));
        if v.is_empty() {
            none_text(l)
        } else {
            join_squares(&v)
        }
    };
    piece_places_text(
        l,
        piece_name(l, role, false),
        side(Color::White),
        side(Color::Black),
    )
}

/// The kind of piece `given` names: a letter (`N`, and the reader's own
/// letters: Russian `К` is a knight, Romanian `N` a bishop), a figurine,
/// or a name in any language the bot speaks (`knight`, `конь`, `cai`).
#[must_use]
pub fn parse_role(l: Locale, given: &str) -> Option<Role> {
    let word = given.trim().to_lowercase();
    if word.is_empty() {
        return None;
    }
    if matches!(word.as_str(), "p" | "п" | "♙" | "♟") {
        return Some(Role::Pawn);
    }
    if word.chars().count() <= 2 {
        // A letter: read as a piece moving to a square, in the reader's
        // notation, so the letters mean what they mean in their moves.
        let standard = notation::to_standard(&format!("{}a3", given.trim().to_uppercase()), l);
        let mut chars = standard.chars();
        let first = chars.next()?;
        if first.is_ascii_uppercase() && chars.as_str() == "a3" {
            return Role::from_char(first).filter(|r| *r != Role::Pawn);
        }
    }
    Role::ALL.into_iter().find(|&role| {
        Locale::ALL.into_iter().any(|loc| {
            [true, false]
                .into_iter()
                .any(|one| piece_name(loc, role, one).to_lowercase() == word)
        }) || role.name() == word
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("fen")
    }

    /// The squares the words of one side name for `role`, read back from
    /// the text, to compare with the position.
    fn named_squares(text: &str, group: &str) -> Vec<String> {
        let Some(start) = text.find(group) else {
            return Vec::new();
        };
        let rest = &text[start + group.len()..];
        let end = rest.find([';', '.']).unwrap_or(rest.len());
        rest[..end]
            .split(',')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    }

    #[test]
    fn every_piece_is_named_with_its_square_grouped_by_side_and_kind() {
        let p = Position::startpos();
        let white = side_pieces(Locale::En, &p, Color::White);
        assert!(white.starts_with("White: King e1; Queen d1; Rooks a1, h1;"));
        for color in Color::ALL {
            let text = side_pieces(Locale::En, &p, color);
            for role in READING_ORDER {
                let want: Vec<String> = squares(p.pieces(color, role))
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let group = format!("{} ", piece_name(Locale::En, role, want.len() == 1));
                assert_eq!(named_squares(&text, &group), want, "{text}");
            }
        }
    }

    #[test]
    fn the_last_move_is_written_in_san_and_in_words() {
        let mut p = Position::startpos();
        let m = p.parse_move("Nf3").expect("legal");
        p.play(m).expect("legal");
        assert_eq!(san_of_last(&p, m).as_deref(), Some("Nf3"));
        assert_eq!(
            last_move(Locale::En, &p, m),
            "Last move: White Nf3, Knight from g1 to f3."
        );
        assert!(last_move(Locale::Ru, &p, m).contains("Кf3 (Nf3)"));
    }

    #[test]
    fn san_of_the_last_move_keeps_disambiguation_captures_and_mate() {
        // Two knights could go to d2: the SAN names the file.
        let before = pos("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        let m = before.parse_move("Nbd2").expect("legal");
        let after = before.after(m);
        assert_eq!(san_of_last(&after, m).as_deref(), Some("Nbd2"));
        // Scholar's mate.
        let mut g = crate::chess::Game::new(crate::chess::RulesMode::House);
        for s in ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"] {
            g.play_input(s).expect("legal");
        }
        let m = *g.moves().last().expect("moves");
        assert_eq!(san_of_last(g.position(), m).as_deref(), Some("Qxf7#"));
        assert_eq!(
            status(Locale::En, g.position(), None),
            "Checkmate: White wins."
        );
        // En passant.
        let before = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let m = before.parse_move("exd6").expect("legal");
        let after = before.after(m);
        assert_eq!(san_of_last(&after, m).as_deref(), Some("exd6"));
        assert!(move_in_words(Locale::En, m).contains("en passant"));
    }

    #[test]
    fn castling_and_promotion_read_as_such() {
        let before = pos("r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1");
        let castle = before.parse_move("O-O").expect("legal");
        assert_eq!(
            san_of_last(&before.after(castle), castle).as_deref(),
            Some("O-O")
        );
        assert_eq!(move_in_words(Locale::En, castle), "castles kingside");
        let promote = before.parse_move("bxa8=Q+").expect("legal");
        let words = move_in_words(Locale::En, promote);
        assert!(
            words.contains("takes rook") && words.contains("becomes a queen"),
            "{words}"
        );
        assert_eq!(
            san_of_last(&before.after(promote), promote).as_deref(),
            Some("bxa8=Q+")
        );
    }

    #[test]
    fn a_square_says_what_stands_there_and_who_attacks_it() {
        let p = pos("4k3/8/8/3p4/8/5N2/8/3QK3 w - - 0 1");
        let e5: Square = "e5".parse().expect("square");
        assert_eq!(
            square_report(Locale::En, &p, e5),
            "e5: empty. Attacked by White: Knight f3. Attacked by Black: none."
        );
        let d5: Square = "d5".parse().expect("square");
        assert_eq!(
            square_report(Locale::En, &p, d5),
            "d5: Black Pawn. Attacked by White: Queen d1. Attacked by Black: none."
        );
    }

    #[test]
    fn a_kind_of_piece_is_found_on_both_sides() {
        let p = Position::startpos();
        assert_eq!(
            piece_report(Locale::En, &p, Role::Knight),
            "Knights: White b1, g1; Black b8, g8."
        );
        let bare = pos("4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1");
        assert_eq!(
            piece_report(Locale::En, &bare, Role::Queen),
            "Queens: White a1, b1; Black none."
        );
    }

    #[test]
    fn piece_names_are_read_in_every_language_and_local_letters_in_their_own() {
        assert_eq!(parse_role(Locale::En, "N"), Some(Role::Knight));
        assert_eq!(parse_role(Locale::En, "knight"), Some(Role::Knight));
        assert_eq!(parse_role(Locale::En, "Knights"), Some(Role::Knight));
        assert_eq!(parse_role(Locale::En, "p"), Some(Role::Pawn));
        assert_eq!(parse_role(Locale::Ru, "К"), Some(Role::Knight));
        assert_eq!(parse_role(Locale::Ru, "Кр"), Some(Role::King));
        assert_eq!(parse_role(Locale::Ro, "N"), Some(Role::Bishop));
        assert_eq!(parse_role(Locale::En, "♘"), Some(Role::Knight));
        for l in Locale::ALL {
            for role in Role::ALL {
                assert_eq!(
                    parse_role(Locale::En, &piece_name(l, role, true)),
                    Some(role)
                );
                assert_eq!(parse_role(l, &piece_name(l, role, false)), Some(role));
            }
        }
        assert_eq!(parse_role(Locale::En, "dragon"), None);
        assert_eq!(parse_role(Locale::En, ""), None);
        assert_eq!(parse_role(Locale::En, "x"), None);
    }

    #[test]
    fn tables_read_row_by_row_with_their_column_names() {
        let header = vec!["#".to_string(), "Player".to_string(), "Points".to_string()];
        let rows = vec![
            vec!["1".to_string(), "alice".to_string(), "2.5".to_string()],
            vec!["2".to_string(), "bob".to_string(), String::new()],
        ];
        assert_eq!(
            table_in_words("Winter Cup", &header, &rows),
            "Winter Cup. # 1, Player alice, Points 2.5; # 2, Player bob."
        );
        let many: Vec<Vec<String>> = (0..500).map(|i| vec![i.to_string()]).collect();
        assert_eq!(
            table_in_words("t", &header, &many).chars().count(),
            MAX_ALT_CHARS
        );
    }

    #[test]
    fn the_whole_picture_fits_discords_alt_text_in_every_language() {
        // Many pieces and long names: the worst the words can be.
        let p = pos("qqqqkqqq/pppppppp/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1");
        let long = "n".repeat(crate::service::MAX_NAME_CHARS);
        for l in Locale::ALL {
            let text = describe(l, &p, None, None, Some((&long, &long)));
            assert!(text.chars().count() <= MAX_ALT_CHARS, "{l}: {}", text.len());
        }
    }
}
