//! The summary card of a finished game, made to be read on a phone (shown
//! about 400 px wide, so no text under 23 px of its 840): the result first
//! and whole across the top (`1-0 · Alice wins by checkmate`, the name
//! shortened before the verb ever is, on two lines if needed), the final
//! board from the winner's side (57% of the card's width, each player's
//! name and captures in the strip on their side, so no strip is ever
//! empty), and beside it, from the board's top edge to its bottom edge,
//! each player level with their side with rating change and accuracy, and
//! between them the opening, the number of moves, how long the game took
//! and the date. The card is as tall as its headline needs: no band is
//! left empty under a one-line headline.
//!
//! Every string arrives already localised; the card only lays them out.
//! Names are untrusted: they are drawn as text (escaped, never read as
//! markup), at most [`SummaryCard::MAX_NAME_CHARS`] letters, with the
//! embedded fonts' glyphs (Latin, Cyrillic, Greek, Hebrew, Arabic, Thai);
//! letters no face has (emoji) are left out rather than drawn as boxes, and
//! a name is cut between whole letters with their marks.

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
    /// Such as `Accuracy 91.3%`, when the game was analysed.
    pub white_accuracy: Option<&'a str>,
    pub black_accuracy: Option<&'a str>,
    /// The score, such as `1-0` or `½-½`, first in the headline.
    pub score: Option<&'a str>,
    /// The result in words, such as `alice wins`; a player's name in it is
    /// what the headline shortens when it must.
    pub result: &'a str,
    /// How it ended, such as `by checkmate`, after the result.
    pub termination: Option<&'a str>,
    /// Such as `C20 King's Pawn Game: Napoleon Attack`.
    pub opening: Option<&'a str>,
    /// Such as `17 moves`.
    pub moves: Option<&'a str>,
    /// How long the game took, in words: `in 12 minutes`, `over 9 days`.
    pub days: Option<&'a str>,
    /// The day the game ended, such as `2026-12-02`.
    pub date: Option<&'a str>,
    /// The final position.
    pub position: &'a Position,
    pub last_move: Option<Move>,
    /// The badges on the final board.
    pub board_result: Option<BoardResult>,
    /// Black at the bottom of the board (and first in the panel).
    pub flip: bool,
}

/// Card colours: a dark card that sits well in light and dark chat themes.
const BACKGROUND: Rgb = Rgb(0x26, 0x24, 0x21);
const INK: Rgb = Rgb(0xf2, 0xef, 0xe8);
const MUTED: Rgb = Rgb(0xc4, 0xbd, 0xb3);
const RULE: Rgb = Rgb(0x45, 0x41, 0x3c);

/// Geometry, in pixels.
const MARGIN: u32 = 24;
/// The headline's lines: size, smallest size, line height, first baseline.
const HEAD_SIZE: f32 = 40.0;
const HEAD_MIN: f32 = 30.0;
const HEAD_LINE: f32 = 46.0;
const HEAD_BASE: f32 = 54.0;
/// Space between the headline's last baseline and the board's top.
const HEAD_GAP: f32 = 26.0;
/// The board's width: 480 of 840 is 229 px where a phone shows the card
/// 400 wide, coordinates 7 px.
const BOARD: u32 = 480;
const GAP: u32 = 24;
const PANEL_X: u32 = MARGIN + BOARD + GAP;
/// Smallest text on the card: 11 px where a phone shows the card 400 wide.
pub const MIN_TEXT: f32 = 23.0;
/// Name text starts right of the colour marker.
const NAME_INDENT: u32 = 30;
/// The players' names: size and the ascent above their baseline.
const NAME_SIZE: f32 = 34.0;
const NAME_ASCENT: f32 = 30.0;
/// The panel's other lines: size, line height, the ascent above the
/// baseline and the descent under it.
const LINE_SIZE: f32 = 26.0;
const LINE: f32 = 33.0;
const LINE_ASCENT: f32 = 22.0;
const LINE_DESCENT: f32 = 8.0;

impl<'a> SummaryCard<'a> {
    /// Width of the card.
    pub const WIDTH: u32 = 840;
    /// Height of a card whose headline takes one line; each further line
    /// adds [`SummaryCard::HEAD_LINE_HEIGHT`] (see [`SummaryCard::height`]).
    pub const HEIGHT: u32 = 658;
    /// What a second headline line adds to the card's height.
    pub const HEAD_LINE_HEIGHT: u32 = HEAD_LINE as u32;
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
            white_accuracy: None,
            black_accuracy: None,
            score: None,
            result,
            termination: None,
            opening: None,
            moves: None,
            days: None,
            date: None,
            position,
            last_move: None,
            board_result: None,
            flip: false,
        }
    }

    fn panel_width() -> f32 {
        (Self::WIDTH - PANEL_X - MARGIN) as f32
    }

    /// The board picture's height: the board and its two strips.
    fn board_height() -> u32 {
        BoardSpec::new(&Position::startpos()).size(BOARD).height()
    }

    /// Top of the board and of the panel, under the headline's last line.
    fn body_top(&self) -> u32 {
        let extra = self.headline_lines().len().saturating_sub(1) as f32;
        (HEAD_BASE + HEAD_LINE * extra + HEAD_GAP) as u32
    }

    /// The card's height: the headline, the board and a margin under it.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.body_top() + Self::board_height() + MARGIN
    }

    fn head_style() -> TextStyle {
        TextStyle {
            size: HEAD_SIZE,
            min_size: HEAD_MIN,
            bold: true,
            color: INK,
        }
    }

    fn name_style() -> TextStyle {
        TextStyle {
            size: NAME_SIZE,
            min_size: 24.0,
            bold: true,
            color: INK,
        }
    }

    /// The side drawn at the top of the board, first in the panel.
    fn top(&self) -> Color {
        if self.flip {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The headline as drawn: one line when it fits, else two, the name
    /// in it shortened (with an ellipsis) so that the verb and how the game
    /// ended are always whole.
    #[must_use]
    pub fn headline_lines(&self) -> Vec<String> {
        let style = Self::head_style();
        let room = (Self::WIDTH - 2 * MARGIN) as f32;
        let some = |s: Option<&'a str>| s.map(str::trim).filter(|s| !s.is_empty());
        let prefix = some(self.score).map_or(String::new(), |s| format!("{s} · "));
        let tail = some(self.termination).map_or(String::new(), |t| format!(" {t}"));
        let clip = |n: &str| -> String { text::take_graphemes(n, Self::MAX_NAME_CHARS) };
        let result = self.result.trim();
        // Split the result around the name in it (the longer one when
        // both appear), so the name alone is shortened.
        let name = [self.white, self.black]
            .into_iter()
            .map(str::trim)
            .filter(|n| !n.is_empty() && result.contains(*n))
            .max_by_key(|n| n.len());
        let (before, name, after) = match name {
            Some(n) => {
                let i = result.find(n).unwrap_or(0);
                (&result[..i], clip(n), &result[i + n.len()..])
            }
            None => ("", String::new(), result),
        };
        let whole = format!("{prefix}{before}{name}{after}{tail}");
        let fits = |s: &str, size: f32| text::text_width(s, &TextStyle { size, ..style }) <= room;
        if fits(&whole, HEAD_MIN) {
            return vec![whole];
        }
        let first_room = room - text::text_width(&format!("{prefix}{before}"), &style);
        let name = text::ellipsize(&name, first_room.max(0.0), &style);
        let first = format!("{prefix}{before}{name}");
        let second = format!("{}{tail}", after.trim_start());
        let second = second.trim();
        if second.is_empty() {
            return vec![first];
        }
        if !name.is_empty() && fits(&format!("{first} {second}"), HEAD_MIN) {
            return vec![format!("{first} {second}")];
        }
        vec![first, second.to_string()]
    }

    /// Where a side's name is drawn: `(x, y, w, h)` (for tests).
    #[must_use]
    pub fn name_rect(&self, color: Color) -> (u32, u32, u32, u32) {
        let base = self.name_baseline(color) as u32;
        (
            PANEL_X + NAME_INDENT,
            base - NAME_ASCENT as u32,
            Self::panel_width() as u32 - NAME_INDENT,
            NAME_ASCENT as u32 + 8,
        )
    }

    /// Baseline of a side's name: the top side's block starts level with
    /// the board's top edge, the bottom side's block ends level with its
    /// bottom edge, as the players sit at a board.
    fn name_baseline(&self, color: Color) -> f32 {
        let top = self.body_top() as f32;
        if color == self.top() {
            top + NAME_ASCENT
        } else {
            let bottom = top + Self::board_height() as f32;
            bottom - LINE_DESCENT - LINE * self.player_lines(color).len() as f32
        }
    }

    /// The lines under a side's name: rating change, accuracy.
    fn player_lines(&self, color: Color) -> Vec<&'a str> {
        let (rating, accuracy) = match color {
            Color::White => (self.white_rating, self.white_accuracy),
            Color::Black => (self.black_rating, self.black_accuracy),
        };
        [rating, accuracy]
            .into_iter()
            .flatten()
            .filter(|s| !s.trim().is_empty())
            .collect()
    }

    /// Where a player's block ends (the last baseline and its descent).
    fn player_end(&self, color: Color) -> f32 {
        self.name_baseline(color) + LINE * self.player_lines(color).len() as f32 + LINE_DESCENT
    }

    /// The game's lines in the panel: the opening (up to three lines),
    /// then the moves and duration (one line when they fit), the date.
    fn game_lines(&self, line: &TextStyle, small: &TextStyle) -> Vec<(String, bool)> {
        let pw = Self::panel_width();
        let some = |s: Option<&'a str>| s.filter(|s| !s.trim().is_empty());
        let mut out = Vec::new();
        if let Some(o) = some(self.opening) {
            out.extend(text::wrap(o, pw, 3, line).into_iter().map(|l| (l, true)));
        }
        let facts: Vec<&str> = [some(self.moves), some(self.days)]
            .into_iter()
            .flatten()
            .collect();
        if !facts.is_empty() {
            let joined = facts.join(" · ");
            if text::text_width(&joined, small) <= pw {
                out.push((joined, false));
            } else {
                out.extend(facts.iter().map(|s| ((*s).to_string(), false)));
            }
        }
        if let Some(d) = some(self.date) {
            out.push((d.to_string(), false));
        }
        out
    }

    /// The text as an SVG document the size of the card.
    fn panel_svg(&self) -> String {
        let (w, h) = (Self::WIDTH, self.height());
        let x = PANEL_X as f32;
        let pw = Self::panel_width();
        let name_style = Self::name_style();
        let small = TextStyle {
            size: LINE_SIZE,
            min_size: MIN_TEXT,
            bold: false,
            color: MUTED,
        };
        let line = TextStyle {
            size: LINE_SIZE,
            min_size: MIN_TEXT,
            bold: false,
            color: INK,
        };
        let mut svg = String::with_capacity(4096);
        let _ = write!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
        );
        // The headline, in the winner's colour of the badges.
        let head = TextStyle {
            color: theme::WIN,
            ..Self::head_style()
        };
        let room = (Self::WIDTH - 2 * MARGIN) as f32;
        for (i, l) in self.headline_lines().iter().enumerate() {
            let y = HEAD_BASE + HEAD_LINE * i as f32;
            svg.push_str(&text::svg_line(l, MARGIN as f32, y, room, &head));
        }
        // The players, each beside a disc of their colour, top one first.
        for color in [self.top(), self.top().other()] {
            let name = match color {
                Color::White => self.white,
                Color::Black => self.black,
            };
            let name = text::take_graphemes(name, Self::MAX_NAME_CHARS);
            let base = self.name_baseline(color);
            let disc = match color {
                Color::White => "#f4f1ea",
                Color::Black => "#151412",
            };
            let _ = write!(
                svg,
                r##"<circle cx="{:.1}" cy="{:.1}" r="11" fill="{disc}" stroke="#8a847b" stroke-width="2"/>"##,
                x + 11.0,
                base - 10.0
            );
            let nx = x + NAME_INDENT as f32;
            let nw = pw - NAME_INDENT as f32;
            svg.push_str(&text::svg_line(&name, nx, base, nw, &name_style));
            let mut y = base;
            for l in self.player_lines(color) {
                y += LINE;
                svg.push_str(&text::svg_line(l, nx, y, nw, &small));
            }
        }
        // The game's lines in the middle of the room the players leave,
        // a rule halfway between them and each player; lines that do not
        // fit are left out from the end (the date first).
        let from = self.player_end(self.top());
        let to = self.name_baseline(self.top().other()) - NAME_ASCENT;
        let lines = self.game_lines(&line, &small);
        let room = ((to - from - 40.0) / LINE).floor().max(0.0) as usize;
        let lines = &lines[..lines.len().min(room)];
        let block = LINE * lines.len() as f32;
        let text_top = from + ((to - from - block) / 2.0).max(0.0);
        let rule = |svg: &mut String, y: f32| {
            let _ = write!(
                svg,
                r#"<rect x="{x}" y="{:.1}" width="{pw}" height="2" fill="{}"/>"#,
                y - 1.0,
                RULE.hex()
            );
        };
        rule(&mut svg, (from + text_top) / 2.0);
        let mut y = text_top - (LINE - LINE_ASCENT - LINE_DESCENT) / 2.0;
        for (l, opening) in lines {
            y += LINE;
            let style = if *opening { &line } else { &small };
            svg.push_str(&text::svg_line(l, x, y - LINE_DESCENT, pw, style));
        }
        rule(&mut svg, (text_top + block + to) / 2.0);
        svg.push_str("</svg>");
        svg
    }

    /// Composes the card (no encoding).
    ///
    /// # Errors
    /// [`RenderError`] when the board or the text cannot be drawn.
    pub fn compose(&self, renderer: &Renderer) -> Result<Pixmap, RenderError> {
        let height = self.height();
        let mut pm = Pixmap::new(Self::WIDTH, height)
            .ok_or_else(|| RenderError::Raster("empty card".into()))?;
        fill(&mut pm, 0, 0, Self::WIDTH, height, BACKGROUND);
        let spec = BoardSpec::new(self.position)
            .size(BOARD)
            .names(self.white, self.black)
            .flip(self.flip)
            .last_move(self.last_move)
            .result(self.board_result);
        let board = renderer.compose(&spec)?;
        blit(&mut pm, &board, MARGIN as i32, self.body_top() as i32);
        let tree = usvg::Tree::from_str(&self.panel_svg(), &text::usvg_options())
            .map_err(|e| RenderError::Raster(format!("card text: {e}")))?;
        resvg::render(&tree, Transform::identity(), &mut pm.as_mut());
        Ok(pm)
    }

    /// The card as a PNG, [`SummaryCard::WIDTH`] x [`SummaryCard::height`].
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
        assert_eq!(card.height(), SummaryCard::HEIGHT);
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
        let style = SummaryCard::name_style();
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
            SummaryCard::WIDTH - MARGIN + 2,
            0,
            MARGIN - 2,
            card.height(),
        );
        assert_eq!(ink(&pm, right_margin).0, 0);
        let png = card.png(&Renderer::new()).unwrap();
        assert!(png.starts_with(b"\x89PNG"));
    }

    #[test]
    fn the_headline_keeps_the_result_and_verb_whole_for_a_64_character_name() {
        let pos = start();
        let long = "Alexandra_Konstantinopolskaya-Wolkonskaya_the_Great_of_Chessland";
        assert_eq!(long.chars().count(), 64);
        let result = format!("{long} wins");
        let mut card = SummaryCard::new(&pos, long, "Bob", &result);
        card.score = Some("1-0");
        card.termination = Some("by checkmate");
        let lines = card.headline_lines();
        assert!(lines.len() <= 2, "{lines:?}");
        let all = lines.join(" ");
        assert!(all.starts_with("1-0 · Alexandra"), "{all}");
        assert!(all.contains('…'), "{all}");
        assert!(all.ends_with("wins by checkmate"), "{all}");
        let style = SummaryCard::head_style();
        for l in &lines {
            let w = text::text_width(
                l,
                &TextStyle {
                    size: HEAD_MIN,
                    ..style
                },
            );
            assert!(w <= (SummaryCard::WIDTH - 2 * MARGIN) as f32, "{l}: {w}");
        }
        // A short one stays on one line, unshortened.
        let mut card = SummaryCard::new(&pos, "Alice", "Bob", "Alice wins");
        card.score = Some("1-0");
        card.termination = Some("by checkmate");
        assert_eq!(card.headline_lines(), vec!["1-0 · Alice wins by checkmate"]);
        // Thai names are cut between whole letters (no orphan marks).
        let thai = "สมชาย ใจดีมีสุขเป็นนิจนิรันดร์".repeat(3);
        let result = format!("{thai} wins");
        let mut card = SummaryCard::new(&pos, "x", &thai, &result);
        card.score = Some("0-1");
        card.termination = Some("by resignation");
        let lines = card.headline_lines();
        let all = lines.join(" ");
        assert!(all.ends_with("wins by resignation"), "{all}");
        let cut = lines[0].trim_end_matches('…');
        assert!(thai.starts_with(cut.trim_start_matches("0-1 · ")), "{cut}");
        let next = thai[cut.len() - "0-1 · ".len()..].chars().next();
        assert!(
            next.is_none_or(|c| !text::is_mark(c)),
            "{cut} then {next:?}"
        );
    }

    /// A finished short game with every line filled, as the service makes it.
    fn full_card(pos: &Position) -> SummaryCard<'_> {
        let mut card = SummaryCard::new(pos, "Morphy", "Duke", "Morphy wins");
        card.score = Some("1-0");
        card.termination = Some("by checkmate");
        card.white_rating = Some("1500 → 1662 (+162)");
        card.black_rating = Some("1500 → 1338 (-162)");
        card.white_accuracy = Some("Accuracy 84.2%");
        card.black_accuracy = Some("Accuracy 67.1%");
        card.opening = Some("C41 Philidor Defense");
        card.moves = Some("17 moves");
        card.days = Some("over 17 days");
        card.date = Some("2026-12-19");
        card
    }

    #[test]
    fn the_board_is_large_and_no_quarter_or_band_is_empty() {
        let pos = start();
        let card = full_card(&pos);
        let pm = card.compose(&Renderer::new()).unwrap();
        assert_eq!(pm.height(), SummaryCard::HEIGHT);
        // The board takes more than half the width, on a phone 229 px.
        const { assert!(BOARD * 100 / SummaryCard::WIDTH >= 55) };
        // Each quarter of the card has ink; the bottom-right one (the
        // bottom player and the game's lines) a good deal of it.
        let (w, h) = (SummaryCard::WIDTH / 2, pm.height() / 2);
        for (qx, qy) in [(0, 0), (w, 0), (0, h), (w, h)] {
            let (n, _) = ink(&pm, (qx, qy, w, h));
            assert!(n > 4000, "quarter at {qx},{qy}: {n} ink pixels");
        }
        // No band across the panel without ink taller than the gap
        // between two blocks of text: the panel is filled from the board's
        // top edge to its bottom edge.
        let top = card.body_top();
        let bottom = top + SummaryCard::board_height();
        let mut empty_run = 0;
        let mut longest = 0;
        for y in top..bottom {
            let (n, _) = ink(&pm, (PANEL_X, y, SummaryCard::WIDTH - PANEL_X - MARGIN, 1));
            empty_run = if n == 0 { empty_run + 1 } else { 0 };
            longest = longest.max(empty_run);
        }
        assert!(longest < 90, "an empty band of {longest} px in the panel");
        // Under the board only the margin: the card ends there.
        assert_eq!(pm.height() - bottom, MARGIN);
        // Both strips carry the players' names, even with nothing captured:
        // the strip's own colour is not all there is in it.
        let strip = BoardSpec::new(&pos).size(BOARD).strip_height();
        for y0 in [top, bottom - strip] {
            let row = (MARGIN, y0 + 2, BOARD / 2, strip - 4);
            let mut colours = std::collections::HashSet::new();
            for yy in row.1..row.1 + row.3 {
                for xx in row.0..row.0 + row.2 {
                    let i = ((yy * pm.width() + xx) * 4) as usize;
                    colours.insert(pm.data()[i..i + 3].to_vec());
                }
            }
            assert!(
                colours.len() > 8,
                "strip at {y0}: {} colours",
                colours.len()
            );
        }
    }

    #[test]
    fn a_two_line_headline_makes_the_card_taller_by_one_line() {
        let pos = start();
        let long = "Alexandra_Konstantinopolskaya-Wolkonskaya_the_Great_of_Chessland";
        let result = format!("{long} wins");
        let mut card = SummaryCard::new(&pos, long, "Bob", &result);
        card.score = Some("1-0");
        card.termination = Some("by checkmate");
        assert_eq!(card.headline_lines().len(), 2);
        let pm = card.compose(&Renderer::new()).unwrap();
        assert_eq!(
            pm.height(),
            SummaryCard::HEIGHT + SummaryCard::HEAD_LINE_HEIGHT
        );
    }

    #[test]
    fn no_text_on_the_card_is_smaller_than_23_px() {
        let svg = {
            let pos = start();
            let long = "Ж".repeat(200);
            let mut card = SummaryCard::new(&pos, &long, &long, "½-½");
            card.white_rating = Some("1500 → 1662 (+162) and a great deal more text here");
            card.white_accuracy = Some("Accuracy 91.3%");
            card.opening =
                Some("B90 Sicilian Defense: Najdorf Variation, English Attack, Anti-English");
            card.termination = Some("by agreement");
            card.moves = Some("41 moves");
            card.days = Some("over 12 days");
            card.date = Some("2026-12-02");
            card.panel_svg()
        };
        for part in svg.split("font-size=\"").skip(1) {
            let size: f32 = part.split('"').next().unwrap().parse().unwrap();
            assert!(size >= MIN_TEXT - 0.01, "{size} in {svg}");
        }
    }
}
