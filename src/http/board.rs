//! The board of a page as inline SVG, sharp at any size: our own piece
//! artwork (assets/pieces) defined once per page as symbols, the squares
//! in the theme's colours, the last move and a king in check marked. The
//! page's script redraws the same structure (`#hl`, `#pc`) from a FEN.

use std::fmt::Write as _;

use crate::render::Theme;

/// The piece artwork, white then black, king to pawn.
const PIECES: [(&str, &str); 12] = [
    ("wK", include_str!("../../assets/pieces/wK.svg")),
    ("wQ", include_str!("../../assets/pieces/wQ.svg")),
    ("wR", include_str!("../../assets/pieces/wR.svg")),
    ("wB", include_str!("../../assets/pieces/wB.svg")),
    ("wN", include_str!("../../assets/pieces/wN.svg")),
    ("wP", include_str!("../../assets/pieces/wP.svg")),
    ("bK", include_str!("../../assets/pieces/bK.svg")),
    ("bQ", include_str!("../../assets/pieces/bQ.svg")),
    ("bR", include_str!("../../assets/pieces/bR.svg")),
    ("bB", include_str!("../../assets/pieces/bB.svg")),
    ("bN", include_str!("../../assets/pieces/bN.svg")),
    ("bP", include_str!("../../assets/pieces/bP.svg")),
];

/// The colour over the squares of the last move.
pub(super) const LAST_MOVE: &str = "#f2d024";
/// The colour over a king in check.
pub(super) const CHECK: &str = "#e0301e";

/// The elements inside a piece file's root `<svg>`.
fn inner(svg: &'static str) -> &'static str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    svg.get(start..end).unwrap_or("").trim()
}

/// `<defs>` with one `<symbol>` per piece (`#wK` ... `#bP`).
pub(super) fn piece_defs() -> String {
    let mut out = String::with_capacity(20 * 1024);
    out.push_str("<defs>");
    for (id, svg) in PIECES {
        let _ = write!(
            out,
            r#"<symbol id="{id}" viewBox="0 0 100 100">{}</symbol>"#,
            inner(svg)
        );
    }
    out.push_str("</defs>");
    out
}

/// The symbol of a FEN piece letter.
fn symbol(c: char) -> Option<&'static str> {
    let i = "KQRBNPkqrbnp".find(c)?;
    PIECES.get(i).map(|(id, _)| *id)
}

/// The pieces of a FEN's placement: (file 0-7, rank 0-7, letter).
fn placement(fen: &str) -> Vec<(u8, u8, char)> {
    let mut out = Vec::with_capacity(32);
    let board = fen.split_whitespace().next().unwrap_or("");
    for (row, line) in board.split('/').take(8).enumerate() {
        let rank = 7 - row as u8;
        let mut file = 0u8;
        for c in line.chars() {
            if let Some(n) = c.to_digit(10) {
                file = file.saturating_add(n as u8);
            } else {
                if file < 8 {
                    out.push((file, rank, c));
                }
                file = file.saturating_add(1);
            }
        }
    }
    out
}

/// The top-left corner of a square in the 800-unit board.
fn corner(file: u8, rank: u8, flip: bool) -> (u32, u32) {
    let (f, r) = (u32::from(file), u32::from(rank));
    if flip {
        ((7 - f) * 100, r * 100)
    } else {
        (f * 100, (7 - r) * 100)
    }
}

/// A square's file and rank from its name (`e4`).
fn square(name: &str) -> Option<(u8, u8)> {
    let b = name.as_bytes();
    let (f, r) = (*b.first()?, *b.get(1)?);
    ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r)).then(|| (f - b'a', r - b'1'))
}

/// The board of `fen` as an inline `<svg>` (with `defs`, the piece
/// symbols), the move `last` (UCI) and a check on the side to move marked.
pub(super) fn board_svg(
    fen: &str,
    last: Option<&str>,
    check: bool,
    flip: bool,
    theme: Theme,
) -> String {
    let colors = theme.colors();
    let mut out = String::with_capacity(8 * 1024);
    let _ = write!(
        out,
        r#"<svg id="board" class="board" viewBox="0 0 800 800" role="img" aria-label="{}" data-flip="{}">"#,
        crate::render::xml_escape(fen),
        u8::from(flip)
    );
    out.push_str(&piece_defs());
    out.push_str("<g id=\"sq\">");
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (x, y) = corner(file, rank, flip);
            let light = (file + rank) % 2 == 1;
            let fill = if light { colors.light } else { colors.dark };
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="100" height="100" fill="{}"/>"#,
                fill.hex()
            );
        }
    }
    out.push_str("</g>");
    out.push_str(&coordinates(flip, colors.light.hex(), colors.dark.hex()));
    out.push_str("<g id=\"hl\">");
    out.push_str(&highlights(fen, last, check, flip));
    out.push_str("</g><g id=\"pc\">");
    for (file, rank, c) in placement(fen) {
        if let Some(id) = symbol(c) {
            let (x, y) = corner(file, rank, flip);
            let _ = write!(
                out,
                "<use href=\"#{id}\" x=\"{x}\" y=\"{y}\" width=\"100\" height=\"100\"/>"
            );
        }
    }
    out.push_str("</g></svg>");
    out
}

/// The files along the bottom row and the ranks along the left column, as
/// the pictures show them, each in the other square colour (the page's
/// script draws them again when the board turns).
fn coordinates(flip: bool, light: impl std::fmt::Display, dark: impl std::fmt::Display) -> String {
    let mut out = String::from(
        r#"<g id="co" font-size="20" font-family="sans-serif" font-weight="600" aria-hidden="true">"#,
    );
    for i in 0..8u8 {
        // The bottom row's square in column i, and the left column's in row i.
        let (file, bottom_rank) = if flip { (7 - i, 7) } else { (i, 0) };
        let (x, y) = corner(file, bottom_rank, flip);
        let on_light = (file + bottom_rank) % 2 == 1;
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" text-anchor="end" fill="{}">{}</text>"#,
            x + 94,
            y + 94,
            if on_light {
                dark.to_string()
            } else {
                light.to_string()
            },
            char::from(b'a' + file)
        );
        let (left_file, rank) = if flip { (7, i) } else { (0, 7 - i) };
        let (x, y) = corner(left_file, rank, flip);
        let on_light = (left_file + rank) % 2 == 1;
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" fill="{}">{}</text>"#,
            x + 6,
            y + 22,
            if on_light {
                dark.to_string()
            } else {
                light.to_string()
            },
            rank + 1
        );
    }
    out.push_str("</g>");
    out
}

/// The marks of the last move and of a king in check.
fn highlights(fen: &str, last: Option<&str>, check: bool, flip: bool) -> String {
    let mut out = String::new();
    if let Some(m) = last {
        for sq in [m.get(0..2), m.get(2..4)].into_iter().flatten() {
            if let Some((f, r)) = square(sq) {
                let (x, y) = corner(f, r, flip);
                let _ = write!(
                    out,
                    r#"<rect x="{x}" y="{y}" width="100" height="100" fill="{LAST_MOVE}" fill-opacity="0.45"/>"#
                );
            }
        }
    }
    if check {
        let white = fen.split_whitespace().nth(1) != Some("b");
        let king = if white { 'K' } else { 'k' };
        if let Some((f, r, _)) = placement(fen).into_iter().find(|p| p.2 == king) {
            let (x, y) = corner(f, r, flip);
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="100" height="100" fill="{CHECK}" fill-opacity="0.6"/>"#
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_has_thirty_two_pieces_and_no_marks() {
        let svg = board_svg(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            None,
            false,
            false,
            Theme::default(),
        );
        assert_eq!(svg.matches("<use ").count(), 32);
        assert_eq!(svg.matches("<symbol ").count(), 12);
        assert!(
            svg.contains(r##"<use href="#wK" x="400" y="700""##),
            "{svg}"
        );
        assert!(!svg.contains(LAST_MOVE));
    }

    #[test]
    fn a_check_and_the_last_move_are_marked_and_flipping_turns_the_board() {
        let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let svg = board_svg(fen, Some("d8h4"), true, true, Theme::default());
        assert_eq!(svg.matches(LAST_MOVE).count(), 2);
        // The white king on e1, seen from Black's side: top row.
        assert!(
            svg.contains(&format!(
                r#"<rect x="300" y="0" width="100" height="100" fill="{CHECK}""#
            )),
            "{svg}"
        );
    }
}
