//! Geometry of a board picture and its display list: everything drawn, in
//! pixels, in paint order. The PNG compositor and the SVG writer both walk
//! this list, so they always draw the same picture.

use super::glyphs;
use super::text::{self, TextStyle};
use super::theme::{self, Colors, Rgb};
use super::{BoardResult, BoardSpec, captured, material_lead};
use crate::chess::{Color, Piece, Role, Square};

/// Colour variants of the glyphs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlyphStyle {
    /// A coordinate on a light square (drawn in the dark square colour).
    OnLight = 0,
    /// A coordinate on a dark square (drawn in the light square colour).
    OnDark = 1,
    /// The material balance in a strip.
    Strip = 2,
}

impl GlyphStyle {
    pub const ALL: [GlyphStyle; 3] = [GlyphStyle::OnLight, GlyphStyle::OnDark, GlyphStyle::Strip];

    /// The colour in the brown theme (the GIF's and the card's).
    pub fn color(self) -> Rgb {
        self.color_in(&theme::BROWN)
    }

    /// The colour in a theme.
    pub fn color_in(self, c: &Colors) -> Rgb {
        match self {
            GlyphStyle::OnLight => c.dark,
            GlyphStyle::OnDark => c.light,
            GlyphStyle::Strip => c.strip_text,
        }
    }
}

/// Result markers drawn on a king's square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadgeKind {
    Mate,
    Win,
    Draw,
}

impl BadgeKind {
    pub const ALL: [BadgeKind; 3] = [BadgeKind::Mate, BadgeKind::Win, BadgeKind::Draw];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// The badge's elements in a 40 x 40 box.
pub fn badge_inner(kind: BadgeKind) -> String {
    let (fill, mark) = match kind {
        BadgeKind::Mate => (
            theme::MATE,
            format!(
                r#"<path d="M 17 10.5 L 15 29.5 M 26 10.5 L 24 29.5 M 11 16.5 H 30 M 10 23.5 H 29" {}/>"#,
                mark_attrs()
            ),
        ),
        BadgeKind::Win => {
            let mut d = String::from("M");
            for i in 0..10 {
                let r = if i % 2 == 0 { 12.0 } else { 5.0 };
                let a = std::f32::consts::PI * (i as f32 / 5.0 - 0.5);
                d.push_str(&format!(
                    " {:.2} {:.2}",
                    20.0 + r * a.cos(),
                    21.0 + r * a.sin()
                ));
            }
            d.push_str(" Z");
            (
                theme::WIN,
                format!(r#"<path d="{d}" fill="{}"/>"#, theme::BADGE_MARK.hex()),
            )
        }
        BadgeKind::Draw => (
            theme::DRAW,
            format!(r#"<path d="M 12 16 H 28 M 12 24 H 28" {}/>"#, mark_attrs()),
        ),
    };
    format!(
        r#"<circle cx="20" cy="20" r="17.5" fill="{}" stroke="{}" stroke-width="2.5"/>{mark}"#,
        fill.hex(),
        theme::BADGE_MARK.hex()
    )
}

fn mark_attrs() -> String {
    format!(
        r#"fill="none" stroke="{}" stroke-width="3.6" stroke-linecap="round""#,
        theme::BADGE_MARK.hex()
    )
}

/// A standalone badge SVG, for rasterising into a sprite.
pub fn badge_svg(kind: BadgeKind) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40">{}</svg>"#,
        badge_inner(kind)
    )
}

/// One thing to draw, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Item {
    Rect {
        x: i32,
        y: i32,
        w: u32,
        h: u32,
        color: Rgb,
    },
    /// A piece sprite with its top-left corner at `x`, `y`; a square wide,
    /// or an icon wide when `small`.
    Piece {
        piece: Piece,
        x: i32,
        y: i32,
        small: bool,
    },
    /// A glyph whose box origin (top of digits, left edge) is at `x`, `y`.
    Glyph {
        ch: char,
        style: GlyphStyle,
        x: i32,
        y: i32,
    },
    /// A badge, [`Layout::badge`] wide, top-left at `x`, `y`.
    Badge { kind: BadgeKind, x: i32, y: i32 },
    /// One line of text from the spec.
    Text(TextItem),
}

/// One line of text from the spec in the box `x, y, w, h`, its baseline
/// at `baseline`, shrunk or cut to fit `w`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextItem {
    pub slot: TextSlot,
    pub x: i32,
    pub y: i32,
    pub w: u32,
    pub h: u32,
    pub baseline: f32,
    pub size: f32,
    pub bold: bool,
    pub color: Rgb,
}

impl TextItem {
    /// The style it is drawn in.
    pub fn style(&self) -> TextStyle {
        strip_style(self.size, self.bold, self.color)
    }
}

/// Which string of the spec a text item draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TextSlot {
    Name(Color),
    Deadline,
    /// The bytes `start..end` of the caption: one letter, so that letters
    /// are rasterised once and reused from frame to frame.
    Caption(u16, u16),
}

impl TextSlot {
    /// The string in `spec` (empty when it has none).
    pub fn text<'a>(self, spec: &BoardSpec<'a>) -> &'a str {
        match self {
            TextSlot::Name(c) => spec.names.map_or("", |n| n[c.index()]),
            TextSlot::Deadline => spec.deadline.unwrap_or(""),
            TextSlot::Caption(a, b) => spec
                .caption
                .and_then(|c| c.get(usize::from(a)..usize::from(b)))
                .unwrap_or(""),
        }
    }
}

/// How far the ink of each captured-piece icon reaches, as fractions of
/// the icon's width (left, right), pawn..king; measured from
/// `assets/pieces/` and checked by a test.
pub const INK_X: [(f32, f32); 6] = [
    (0.17, 0.83),
    (0.06, 0.875),
    (0.125, 0.875),
    (0.125, 0.875),
    (0.09, 0.91),
    (0.125, 0.875),
];

/// The text style of a strip line, `size` pixels high.
pub fn strip_style(size: f32, bold: bool, color: Rgb) -> TextStyle {
    TextStyle {
        size,
        min_size: size * 0.75,
        bold,
        color,
    }
}

/// The geometry for one picture width.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// Picture and board width.
    pub size: u32,
    /// Sprite size of a piece (the narrowest square).
    pub sq: u32,
    /// Height of each strip.
    pub strip: u32,
    /// Picture height: the board plus two strips.
    pub height: u32,
    /// Size of a captured-piece icon.
    pub icon: u32,
    /// Size of a result badge.
    pub badge: u32,
}

impl Layout {
    pub fn new(size: u32) -> Layout {
        let sq = size / 8;
        let strip = (size * 5 / 64).max(8);
        Layout {
            size,
            sq,
            strip,
            height: size + 2 * strip,
            icon: strip * 4 / 5,
            badge: (sq * 2 / 5).max(4),
        }
    }

    /// Width in pixels of the light outline around black captured-piece
    /// icons, which keeps them readable on the dark strip.
    pub fn halo(&self) -> u32 {
        (self.icon / 16).max(1)
    }

    /// Left (or top) edge of column (row) `i`, 0..=8, relative to the board.
    pub fn edge(&self, i: u32) -> i32 {
        (i * self.size / 8) as i32
    }

    /// Pixels per glyph unit.
    pub fn glyph_scale(&self, style: GlyphStyle) -> f32 {
        match style {
            GlyphStyle::Strip => self.strip as f32 / 24.0,
            // Coordinates: digits 23% of a square high from 384 px on
            // (15 px at 512: 11.5 px where a phone shows it 400 wide).
            // Small boards keep 22%: their pieces leave less corner.
            _ => {
                let share = if self.sq >= 48 { COORD_SHARE } else { 0.22 };
                (self.sq as f32 * share).max(7.0) / 14.0
            }
        }
    }

    /// Sprite size of a glyph.
    pub fn glyph_px(&self, style: GlyphStyle) -> (u32, u32) {
        let k = self.glyph_scale(style);
        let (_, _, w, h) = glyphs::BOX;
        ((w * k).ceil() as u32, (h * k).ceil() as u32)
    }

    /// Where a glyph's origin lies inside its sprite, rounded to pixels.
    pub fn glyph_origin_px(&self, style: GlyphStyle) -> (i32, i32) {
        let k = self.glyph_scale(style);
        let (x, y, _, _) = glyphs::BOX;
        ((-x * k).round() as i32, (-y * k).round() as i32)
    }

    /// Display column and row (0 = left, top) of a square.
    pub fn cell(sq: Square, flip: bool) -> (u32, u32) {
        let (f, r) = (u32::from(sq.file()), u32::from(sq.rank()));
        if flip { (7 - f, r) } else { (f, 7 - r) }
    }

    /// Pixel rectangle `(x, y, w, h)` of a square in the picture.
    pub fn square_rect(&self, sq: Square, flip: bool) -> (i32, i32, u32, u32) {
        let (c, r) = Layout::cell(sq, flip);
        let x = self.edge(c);
        let y = self.strip as i32 + self.edge(r);
        let w = (self.edge(c + 1) - x) as u32;
        let h = (self.strip as i32 + self.edge(r + 1) - y) as u32;
        (x, y, w, h)
    }

    /// Offset of a board piece's artwork inside its sprite: pieces are
    /// drawn at [`PIECE_SCALE`] of the square, centred, which leaves the
    /// lower corners free for the coordinates.
    pub fn piece_inset(&self) -> f32 {
        self.sq as f32 * (1.0 - PIECE_SCALE) / 2.0
    }

    /// Everything to draw for `spec`, in paint order.
    pub fn items(&self, spec: &BoardSpec<'_>) -> Vec<Item> {
        let pos = spec.position;
        let flip = spec.flip;
        let colors = spec.theme.colors();
        let mut items = Vec::with_capacity(160);
        // Strips.
        let strip_top = 0;
        let strip_bottom = (self.strip + self.size) as i32;
        for y in [strip_top, strip_bottom] {
            items.push(Item::Rect {
                x: 0,
                y,
                w: self.size,
                h: self.strip,
                color: colors.strip,
            });
        }
        // Squares with highlights.
        let last = spec.last_move.map(|m| [m.from(), m.to()]);
        let checked = pos.is_check().then(|| pos.king_square(pos.turn()));
        for i in 0..64u8 {
            let Some(sq) = Square::new(i) else { continue };
            let (x, y, w, h) = self.square_rect(sq, flip);
            let dark = sq.is_dark();
            let color = if checked == Some(sq) {
                colors.check
            } else if last.is_some_and(|l| l.contains(&sq)) {
                if dark {
                    colors.last_dark
                } else {
                    colors.last_light
                }
            } else if dark {
                colors.dark
            } else {
                colors.light
            };
            items.push(Item::Rect { x, y, w, h, color });
        }
        // Pieces.
        for i in 0..64u8 {
            let Some(sq) = Square::new(i) else { continue };
            if let Some(piece) = pos.piece_at(sq) {
                let (x, y, w, h) = self.square_rect(sq, flip);
                items.push(Item::Piece {
                    piece,
                    x: x + (w as i32 - self.sq as i32) / 2,
                    y: y + (h as i32 - self.sq as i32) / 2,
                    small: false,
                });
            }
        }
        // Coordinates, in the lower corners that pieces leave free: ranks
        // bottom left in the left column, files bottom right in the bottom
        // row, in the other square colour.
        let k = self.glyph_scale(GlyphStyle::OnLight);
        let pad = ((self.sq as f32) * 0.03).round().max(1.0) as i32;
        for i in 0..8u8 {
            let Some(sq) = Square::new(i) else { continue };
            let file_sq = if flip { sq.flip_vertical() } else { sq };
            // Rank labels: the square in display column 0 of each row.
            let rank_sq = Square::from_coords(if flip { 7 } else { 0 }, i).unwrap_or(sq);
            let (x, y, _, h) = self.square_rect(rank_sq, flip);
            items.push(Item::Glyph {
                ch: rank_sq.rank_char(),
                style: style_on(rank_sq),
                x: x + pad,
                y: y + h as i32 - pad - (14.8 * k).round() as i32,
            });
            let (x, y, w, h) = self.square_rect(file_sq, flip);
            items.push(Item::Glyph {
                ch: file_sq.file_char(),
                style: style_on(file_sq),
                x: x + w as i32 - pad - (9.2 * k).round() as i32,
                y: y + h as i32 - pad - (19.0 * k).ceil() as i32,
            });
        }
        // Result badges.
        let badges: Vec<(BadgeKind, Color)> = match spec.result {
            Some(BoardResult::Mated(c)) => vec![(BadgeKind::Mate, c), (BadgeKind::Win, c.other())],
            Some(BoardResult::Won(c)) => vec![(BadgeKind::Win, c)],
            Some(BoardResult::Draw) => vec![
                (BadgeKind::Draw, Color::White),
                (BadgeKind::Draw, Color::Black),
            ],
            None => vec![],
        };
        for (kind, color) in badges {
            if pos.pieces(color, Role::King).0 == 0 {
                continue;
            }
            let (x, y, w, _) = self.square_rect(pos.king_square(color), flip);
            let m = ((self.sq as f32) * 0.03).round() as i32;
            items.push(Item::Badge {
                kind,
                x: x + w as i32 - self.badge as i32 - m,
                y: y + m,
            });
        }
        // Strips: each side's name, turn and deadline, its captures (the
        // other colour's missing pieces) and its material lead.
        let top = if flip { Color::White } else { Color::Black };
        for (side, y0) in [(top, strip_top), (top.other(), strip_bottom)] {
            self.strip_items(spec, side, y0, &mut items);
        }
        items
    }

    /// The caption's items in a GIF frame (see
    /// [`BoardSpec::caption_room`]), in the strip of the side that moved:
    /// [`Layout::items`] has them, in the same order.
    pub fn replay_caption(&self, spec: &BoardSpec<'_>) -> Vec<Item> {
        let mut items = Vec::new();
        let Some(c) = spec.caption.filter(|c| !c.trim().is_empty()) else {
            return items;
        };
        let mover = spec.position.turn().other();
        let top = if spec.flip {
            Color::White
        } else {
            Color::Black
        };
        let y0 = if mover == top {
            0
        } else {
            (self.strip + self.size) as i32
        };
        let pad = ((self.sq as f32) * 0.12).round() as i32;
        let right = self.size as i32 - pad;
        let colors = spec.theme.colors();
        self.caption_items(c, right, y0, colors.strip_text, &mut items);
        items
    }

    /// How wide the caption `c` is drawn (at most half the width).
    pub fn caption_width(&self, c: &str) -> u32 {
        let size = (self.strip as f32 * 0.46).round();
        let style = strip_style(size, true, Rgb(0, 0, 0));
        let total = text::text_width(c, &style).ceil() as i32;
        total.clamp(0, self.size as i32 / 2) as u32
    }

    /// The caption `c` letter by letter, ending at `right`; returns where
    /// it starts. At most half the width (the rest is left out).
    fn caption_items(
        &self,
        c: &str,
        right: i32,
        y0: i32,
        color: Rgb,
        items: &mut Vec<Item>,
    ) -> i32 {
        let size = (self.strip as f32 * 0.46).round();
        let style = strip_style(size, true, color);
        let total = text::text_width(c, &style).ceil() as i32;
        let limit = self.size as i32 / 2;
        let left = right - total.min(limit);
        let mut x = left as f32;
        for (i, ch) in c.char_indices() {
            let end = i + ch.len_utf8();
            let w = text::text_width(&c[i..end], &style);
            if x + w > right as f32 + 0.5 {
                break;
            }
            if !ch.is_whitespace()
                && let (Ok(a), Ok(b)) = (u16::try_from(i), u16::try_from(end))
            {
                items.push(text_item(
                    TextSlot::Caption(a, b),
                    x.round() as i32,
                    y0,
                    w.ceil() as i32 + 2,
                    self.strip,
                    size,
                    &style,
                ));
            }
            x += w;
        }
        left
    }

    /// The icons of the pieces `side` captured, from `x`, each group's
    /// icons side by side without their ink touching; past `room` pixels,
    /// one icon per group followed by its count. Returns the items and the
    /// right end of the last mark.
    fn capture_items(
        &self,
        spec: &BoardSpec<'_>,
        side: Color,
        x: i32,
        y: i32,
        room: i32,
    ) -> (Vec<Item>, i32) {
        let all = self.capture_row(spec, side, x, y, false);
        if all.1 - x <= room {
            all
        } else {
            self.capture_row(spec, side, x, y, true)
        }
    }

    fn capture_row(
        &self,
        spec: &BoardSpec<'_>,
        side: Color,
        x: i32,
        y: i32,
        compact: bool,
    ) -> (Vec<Item>, i32) {
        let ic = self.icon as f32;
        // Room for the light outline of black icons on both sides.
        let gap = (ic / 10.0).max(2.0).round() as i32 + 2 * self.halo() as i32;
        let group_gap = (ic / 4.0).round() as i32;
        let y0 = y - (self.strip as i32 - self.icon as i32) / 2;
        let caps = captured(spec.position, spec.start, side.other());
        let mut items = Vec::new();
        let mut cursor = x;
        let mut end = x;
        for (role, n) in ROLES.iter().zip(caps) {
            if n == 0 {
                continue;
            }
            if end > x {
                cursor = end + group_gap;
            }
            let (l, r) = INK_X[*role as usize];
            let icons = if compact { 1 } else { n };
            for _ in 0..icons {
                let left = cursor - (l * ic).round() as i32;
                items.push(Item::Piece {
                    piece: Piece {
                        color: side.other(),
                        role: *role,
                    },
                    x: left,
                    y,
                    small: true,
                });
                end = left + (r * ic).ceil() as i32;
                cursor = end + gap;
            }
            if compact && n > 1 {
                end = self.strip_digits(&n.to_string(), cursor, y0, &mut items);
            }
        }
        (items, end)
    }

    fn strip_items(&self, spec: &BoardSpec<'_>, side: Color, y0: i32, items: &mut Vec<Item>) {
        let pos = spec.position;
        let colors = spec.theme.colors();
        let strip = self.strip as f32;
        let ic = self.icon as i32;
        let pad = ((self.sq as f32) * 0.12).round() as i32;
        let y = y0 + (self.strip as i32 - ic) / 2;
        let labelled = spec.names.is_some();
        let to_move = spec.result.is_none() && pos.turn() == side;
        // A GIF's names stay as they are (the caption says who moved).
        let replay = spec.caption_room.is_some();
        let marked = replay || (spec.result.is_none() && to_move);
        let mut x = pad;
        // Whose move: a bar in the accent colour at the strip's left end.
        if marked && !replay && (labelled || spec.deadline.is_some()) {
            items.push(Item::Rect {
                x: 0,
                y: y0,
                w: (self.strip / 8).max(3),
                h: self.strip,
                color: colors.accent,
            });
        }
        // The deadline, right-aligned, for the side to move.
        let mut right = self.size as i32 - pad;
        if to_move && let Some(d) = spec.deadline.filter(|d| !d.trim().is_empty()) {
            let size = (strip * 0.42).round();
            let style = strip_style(size, false, colors.accent);
            let w = (text::text_width(d, &style).ceil() as i32 + 2).min(self.size as i32 / 3);
            right -= w;
            items.push(text_item(
                TextSlot::Deadline,
                right,
                y0,
                w,
                self.strip,
                size,
                &style,
            ));
            right -= pad;
        }
        // The move just played, right-aligned in the mover's strip; in a
        // GIF, in the room kept for it in both strips.
        let caption = spec
            .caption
            .filter(|c| pos.turn() != side && !c.trim().is_empty());
        if let Some(room) = spec.caption_room {
            if caption.is_some() {
                // The mover has no deadline: the room ends at the pad.
                items.extend(self.replay_caption(spec));
            }
            right -= room as i32 + pad;
        } else if let Some(c) = caption {
            right = self.caption_items(c, right, y0, colors.strip_text, items) - pad;
        }
        // The side's king and name.
        if let Some(names) = spec.names {
            items.push(Item::Piece {
                piece: Piece {
                    color: side,
                    role: Role::King,
                },
                x: x - (INK_X[5].0 * ic as f32).round() as i32,
                y,
                small: true,
            });
            x += ((INK_X[5].1 - INK_X[5].0) * ic as f32).ceil() as i32 + pad / 2;
            let name = names[side.index()].trim();
            if !name.is_empty() {
                let size = (strip * 0.46).round();
                let color = if marked || !labelled {
                    colors.strip_text
                } else {
                    colors.strip_muted
                };
                let style = strip_style(size, true, color);
                // The name gets what the captures leave, at least a fifth
                // of the width; the captures go compact if they must.
                let (_, natural) = self.capture_row(spec, side, 0, y, false);
                let (_, compact) = self.capture_row(spec, side, 0, y, true);
                let lead_w = (glyphs::ADVANCE * self.glyph_scale(GlyphStyle::Strip) * 4.0) as i32;
                let min_w = self.size as i32 / 5;
                let avail = right - x - lead_w - pad;
                let need = if avail - natural >= min_w {
                    natural
                } else {
                    compact
                };
                let room = (avail - need).max(min_w);
                let w = (text::text_width(name, &style).ceil() as i32 + 2).min(room);
                items.push(text_item(
                    TextSlot::Name(side),
                    x,
                    y0,
                    w,
                    self.strip,
                    size,
                    &style,
                ));
                x += w + pad / 2;
            }
        }
        let lead = material_lead(pos, spec.start, side);
        let lead_w = if lead > 0 {
            (glyphs::ADVANCE * self.glyph_scale(GlyphStyle::Strip) * 4.0) as i32
        } else {
            0
        };
        let (caps, end) = self.capture_items(spec, side, x, y, right - x - lead_w);
        let any = !caps.is_empty();
        items.extend(caps);
        if lead > 0 {
            let gx = if any { end + (ic / 6).max(2) } else { x };
            self.strip_digits(&format!("+{lead}"), gx, y0, items);
        }
    }

    /// Pushes `digits` (a count of captured pieces, the material lead) in
    /// the strip's glyphs from `x` on, centred in the strip whose top is
    /// `y0`; returns where they end.
    fn strip_digits(&self, digits: &str, x: i32, y0: i32, items: &mut Vec<Item>) -> i32 {
        let k = self.glyph_scale(GlyphStyle::Strip);
        let y = y0 + ((self.strip as f32 - 14.0 * k) / 2.0).round() as i32;
        let mut x = x;
        for ch in digits.chars() {
            items.push(Item::Glyph {
                ch,
                style: GlyphStyle::Strip,
                x,
                y,
            });
            x += (glyphs::ADVANCE * k).round() as i32;
        }
        x
    }
}

/// Coordinate digits (and the letters' ascenders) are this share of a
/// square high.
pub const COORD_SHARE: f32 = 0.22;

/// Board pieces take this share of a square.
pub const PIECE_SCALE: f32 = 0.84;

pub const ROLES: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

fn text_item(
    slot: TextSlot,
    x: i32,
    y0: i32,
    w: i32,
    h: u32,
    size: f32,
    style: &TextStyle,
) -> Item {
    Item::Text(TextItem {
        slot,
        x,
        y: y0,
        w: w.max(1) as u32,
        h,
        baseline: h as f32 / 2.0 + size * 0.36,
        size,
        bold: style.bold,
        color: style.color,
    })
}

fn style_on(sq: Square) -> GlyphStyle {
    if sq.is_dark() {
        GlyphStyle::OnDark
    } else {
        GlyphStyle::OnLight
    }
}
