//! The summary card of a finished game: the final board (last move,
//! result badges) beside a panel with both players' names and ratings,
//! the result in words, how it ended, the opening, the number of moves and
//! the days the game took.
//!
//! Every string arrives already localised; the card only lays them out.
//! Names are untrusted: they are drawn as text (escaped, never read as
//! markup), at most [`SummaryCard::MAX_NAME_CHARS`] letters, shrunk or cut
//! to fit.

use std::fmt::Write as _;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::text::{self, TextStyle};
use super::theme::{self, Rgb};
use super::{BoardResult, BoardSpec, RenderError, Renderer, blit, encode_png, fill};
use crate::chess::{Color, Move, Position};

/// What a summary card shows. Strings are drawn as given (already in the
/// channel's language); `None` or empty leaves a line out.
#[derive(Clone, Debug)]
pub struct SummaryCard<'a> {
    pub white: &'a str,
    pub black: &'a str,
    /// Such as `1500 → 1662 (+162)`.
    pub white_rating: Option<&'a str>,
    pub black_rating: Option<&'a str>,
    /// The result in words, such as `alice wins`.
    pub result: &'a str,
    /// How it ended, such as `by checkmate`.
    pub termination: Option<&'a str>,
    /// Such as `C20 King's Pawn Game: Napoleon Attack`.
    pub opening: Option<&'a str>,
    /// Such as `17 moves`.
    pub moves: Option<&'a str>,
    /// Such as `4 days`.
    pub days: Option<&'a str>,
    /// The final position.
    pub position: &'a Position,
    pub last_move: Option<Move>,
    /// The badges on the final board.
    pub board_result: Option<BoardResult>,
    /// Black at the bottom of the board (and of the panel).
    pub flip: bool,
}

/// Card colours: a dark card that sits well in light and dark chat themes.
const BACKGROUND: Rgb = Rgb(0x26, 0x24, 0x21);
const INK: Rgb = Rgb(0xf2, 0xef, 0xe8);
const MUTED: Rgb = Rgb(0xb0, 0xa9, 0x9f);
const RULE: Rgb = Rgb(0x45, 0x41, 0x3c);

/// Geometry, in pixels.
const MARGIN: u32 = 21;
const BOARD: u32 = 448;
const GAP: u32 = 32;
const PANEL_X: u32 = MARGIN + BOARD + GAP;
const PANEL_RIGHT: u32 = 28;
/// Name text starts right of the colour marker.
const NAME_INDENT: u32 = 28;

impl<'a> SummaryCard<'a> {
    /// Width of the card.
    pub const WIDTH: u32 = 840;
    /// Height of the card.
    pub const HEIGHT: u32 = 560;
    /// Longer names are cut to this many characters before fitting.
    pub const MAX_NAME_CHARS: usize = 64;

    /// A card with the names, the result line and the final position; the
    /// other lines empty.
    #[must_use]
    pub fn new(
        position: &'a Position,
        white: &'a str,
        black: &'a str,
        result: &'a str,
    ) -> SummaryCard<'a> {
        SummaryCard {
            white,
            black,
            white_rating: None,
            black_rating: None,
            result,
            termination: None,
            opening: None,
            moves: None,
            days: None,
            position,
            last_move: None,
            board_result: None,
            flip: false,
        }
    }

    fn panel_width() -> f32 {
        (Self::WIDTH - PANEL_X - PANEL_RIGHT) as f32
    }

    /// The side drawn at the top of the board and the panel.
    fn top(&self) -> Color {
        if self.flip {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Baseline of a side's name.
    fn name_baseline(&self, color: Color) -> u32 {
        if color == self.top() {
            52
        } else {
            Self::HEIGHT - 60
        }
    }

    /// Where a side's name is drawn: `(x, y, w, h)` (for tests).
    #[must_use]
    pub fn name_rect(&self, color: Color) -> (u32, u32, u32, u32) {
        let base = self.name_baseline(color);
        (
            PANEL_X + NAME_INDENT,
            base - 26,
            Self::panel_width() as u32 - NAME_INDENT,
            34,
        )
    }

    /// The text panel as an SVG document the size of the card.
    fn panel_svg(&self) -> String {
        let (w, h) = (Self::WIDTH, Self::HEIGHT);
        let x = PANEL_X as f32;
        let pw = Self::panel_width();
        let name_style = TextStyle {
            size: 24.0,
            min_size: 13.0,
            bold: true,
            color: INK,
        };
        let small = TextStyle {
            size: 17.0,
            min_size: 12.0,
            bold: false,
            color: MUTED,
        };
        let line = TextStyle {
            size: 18.0,
            min_size: 13.0,
            bold: false,
            color: INK,
        };
        let big = TextStyle {
            size: 26.0,
            min_size: 15.0,
            bold: true,
            color: theme::WIN,
        };
        let mut svg = String::with_capacity(4096);
        let _ = write!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
        );
        // The players, each beside a disc of their colour; the rating
        // line under the name.
        for color in [Color::White, Color::Black] {
            let (name, rating) = match color {
                Color::White => (self.white, self.white_rating),
                Color::Black => (self.black, self.black_rating),
            };
            let name: String = name.chars().take(Self::MAX_NAME_CHARS).collect();
            let base = self.name_baseline(color) as f32;
            let disc = match color {
                Color::White => "#f4f1ea",
                Color::Black => "#151412",
            };
            let _ = write!(
                svg,
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="{disc}" stroke="#8a847b" stroke-width="1.5"/>"##,
                x + 10.0,
                base - 8.0
            );
            let nx = x + NAME_INDENT as f32;
            svg.push_str(&text::svg_line(
                &name,
                nx,
                base,
                pw - NAME_INDENT as f32,
                &name_style,
            ));
            if let Some(r) = rating.filter(|r| !r.trim().is_empty()) {
                svg.push_str(&text::svg_line(
                    r,
                    nx,
                    base + 26.0,
                    pw - NAME_INDENT as f32,
                    &small,
                ));
            }
        }
        // Rules between the players and the game's lines.
        for y in [100, Self::HEIGHT - 98] {
            let _ = write!(
                svg,
                r#"<rect x="{x}" y="{y}" width="{pw}" height="1" fill="{}"/>"#,
                RULE.hex()
            );
        }
        let mut y = 152.0;
        svg.push_str(&text::svg_line(self.result, x, y, pw, &big));
        y += 32.0;
        let some = |s: Option<&'a str>| s.filter(|s| !s.trim().is_empty());
        if let Some(t) = some(self.termination) {
            svg.push_str(&text::svg_line(t, x, y, pw, &line));
            y += 28.0;
        }
        y += 14.0;
        if let Some(o) = some(self.opening) {
            for l in text::wrap(o, pw, 3, &line) {
                svg.push_str(&text::svg_line(&l, x, y, pw, &line));
                y += 25.0;
            }
            y += 14.0;
        }
        for l in [some(self.moves), some(self.days)].into_iter().flatten() {
            svg.push_str(&text::svg_line(l, x, y, pw, &small));
            y += 26.0;
        }
        svg.push_str("</svg>");
        svg
    }

    /// Composes the card (no encoding).
    ///
    /// # Errors
    /// [`RenderError`] when the board or the text cannot be drawn.
    pub fn compose(&self, renderer: &Renderer) -> Result<Pixmap, RenderError> {
        let mut pm = Pixmap::new(Self::WIDTH, Self::HEIGHT)
            .ok_or_else(|| RenderError::Raster("empty card".into()))?;
        fill(&mut pm, 0, 0, Self::WIDTH, Self::HEIGHT, BACKGROUND);
        let spec = BoardSpec::new(self.position)
            .size(BOARD)
            .flip(self.flip)
            .last_move(self.last_move)
            .result(self.board_result);
        let board = renderer.compose(&spec)?;
        let top = (Self::HEIGHT - board.height()) / 2;
        blit(&mut pm, &board, MARGIN as i32, top as i32);
        let tree = usvg::Tree::from_str(&self.panel_svg(), &text::usvg_options())
            .map_err(|e| RenderError::Raster(format!("card text: {e}")))?;
        resvg::render(&tree, Transform::identity(), &mut pm.as_mut());
        Ok(pm)
    }

    /// The card as a PNG, [`SummaryCard::WIDTH`] x [`SummaryCard::HEIGHT`].
    ///
    /// # Errors
    /// [`RenderError`] when drawing or encoding fails.
    pub fn png(&self, renderer: &Renderer) -> Result<Vec<u8>, RenderError> {
        encode_png(&self.compose(renderer)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pixels in `(x, y, w, h)` that are not the card background, and the
    /// rightmost such column.
    fn ink(pm: &Pixmap, (x, y, w, h): (u32, u32, u32, u32)) -> (usize, u32) {
        let mut n = 0;
        let mut right = 0;
        for yy in y..y + h {
            for xx in x..x + w {
                let i = ((yy * pm.width() + xx) * 4) as usize;
                let px = &pm.data()[i..i + 3];
                if px != [BACKGROUND.0, BACKGROUND.1, BACKGROUND.2] {
                    n += 1;
                    right = right.max(xx);
                }
            }
        }
        (n, right)
    }

    fn start() -> Position {
        Position::startpos()
    }

    #[test]
    fn thai_and_cyrillic_names_are_drawn() {
        let pos = start();
        let card = SummaryCard::new(&pos, "สมชาย ใจดี", "Иван Петров", "1-0");
        let pm = card.compose(&Renderer::new()).unwrap();
        assert_eq!(
            (pm.width(), pm.height()),
            (SummaryCard::WIDTH, SummaryCard::HEIGHT)
        );
        for color in [Color::White, Color::Black] {
            let (n, _) = ink(&pm, card.name_rect(color));
            assert!(n > 300, "{color:?}: {n} ink pixels");
        }
        // Nothing drawable (letters no embedded face has) leaves the area
        // empty rather than drawing boxes.
        let card = SummaryCard::new(&pos, "中文", "b", "1-0");
        let pm = card.compose(&Renderer::new()).unwrap();
        assert_eq!(ink(&pm, card.name_rect(Color::White)).0, 0);
    }

    #[test]
    fn markup_in_a_name_is_drawn_literally() {
        let pos = start();
        let card = SummaryCard::new(&pos, "<b>&amp;", "x", "1-0");
        assert!(card.panel_svg().contains("&lt;b&gt;&amp;amp;"));
        let pm = card.compose(&Renderer::new()).unwrap();
        let rect = card.name_rect(Color::White);
        let (n, right) = ink(&pm, rect);
        assert!(n > 100);
        let style = TextStyle {
            size: 24.0,
            min_size: 13.0,
            bold: true,
            color: INK,
        };
        let literal = text::text_width("<b>&amp;", &style);
        assert!(
            (right - rect.0) as f32 > literal * 0.85,
            "ink ends at {} of {literal}",
            right - rect.0
        );
    }

    #[test]
    fn long_names_stay_in_the_panel() {
        let pos = start();
        let long = "Ж".repeat(200);
        let mut card = SummaryCard::new(&pos, &long, &long, "½-½");
        card.white_rating = Some("1500 → 1662 (+162)");
        card.opening =
            Some("B90 Sicilian Defense: Najdorf Variation, English Attack, Anti-English");
        card.termination = Some("by agreement");
        card.moves = Some("41 moves");
        card.days = Some("12 days");
        let pm = card.compose(&Renderer::new()).unwrap();
        let right_margin = (
            SummaryCard::WIDTH - PANEL_RIGHT + 2,
            0,
            PANEL_RIGHT - 2,
            SummaryCard::HEIGHT,
        );
        assert_eq!(ink(&pm, right_margin).0, 0);
        let png = card.png(&Renderer::new()).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }
}
