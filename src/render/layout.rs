//! Geometry of a board picture and its display list: everything drawn, in
//! pixels, in paint order. The PNG compositor and the SVG writer both walk
//! this list, so they always draw the same picture.

use super::glyphs;
use super::theme::{self, Rgb};
use super::{BoardResult, BoardSpec, captured, material};
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

    pub fn color(self) -> Rgb {
        match self {
            GlyphStyle::OnLight => theme::DARK,
            GlyphStyle::OnDark => theme::LIGHT,
            GlyphStyle::Strip => theme::STRIP_TEXT,
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

    /// Left (or top) edge of column (row) `i`, 0..=8, relative to the board.
    pub fn edge(&self, i: u32) -> i32 {
        (i * self.size / 8) as i32
    }

    /// Pixels per glyph unit.
    pub fn glyph_scale(&self, style: GlyphStyle) -> f32 {
        match style {
            GlyphStyle::Strip => self.strip as f32 / 24.0,
            _ => (self.sq as f32 / 62.0).max(0.62),
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

    /// Everything to draw for `spec`, in paint order.
    pub fn items(&self, spec: &BoardSpec<'_>) -> Vec<Item> {
        let pos = spec.position;
        let flip = spec.flip;
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
                color: theme::STRIP,
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
                theme::CHECK
            } else if last.is_some_and(|l| l.contains(&sq)) {
                if dark {
                    theme::LAST_DARK
                } else {
                    theme::LAST_LIGHT
                }
            } else if dark {
                theme::DARK
            } else {
                theme::LIGHT
            };
            items.push(Item::Rect { x, y, w, h, color });
        }
        // Coordinates: ranks in the left column's top-left corners, files
        // in the bottom row's bottom-right corners.
        let k = self.glyph_scale(GlyphStyle::OnLight);
        let pad = ((self.sq as f32) * 0.05).round().max(1.0) as i32;
        for i in 0..8u8 {
            let Some(sq) = Square::new(i) else { continue };
            let file_sq = if flip { sq.flip_vertical() } else { sq };
            // Rank labels: the square in display column 0 of each row.
            let rank_sq = Square::from_coords(if flip { 7 } else { 0 }, i).unwrap_or(sq);
            let (x, y, _, _) = self.square_rect(rank_sq, flip);
            items.push(Item::Glyph {
                ch: rank_sq.rank_char(),
                style: style_on(rank_sq),
                x: x + pad,
                y: y + pad,
            });
            let (x, y, w, h) = self.square_rect(file_sq, flip);
            items.push(Item::Glyph {
                ch: file_sq.file_char(),
                style: style_on(file_sq),
                x: x + w as i32 - pad - (9.6 * k).round() as i32,
                y: y + h as i32 - (19.6 * k).round() as i32,
            });
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
        // Strips: each side's captures (the other colour's missing
        // pieces) and its material lead.
        let top = if flip { Color::White } else { Color::Black };
        for (side, y0) in [(top, strip_top), (top.other(), strip_bottom)] {
            self.strip_items(spec, side, y0, &mut items);
        }
        items
    }

    fn strip_items(&self, spec: &BoardSpec<'_>, side: Color, y0: i32, items: &mut Vec<Item>) {
        let pos = spec.position;
        let ic = self.icon as i32;
        let step = (ic as f32 * 0.42).round() as i32;
        let mut x = ((self.sq as f32) * 0.12).round() as i32;
        let y = y0 + (self.strip as i32 - ic) / 2;
        let roles = [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ];
        let caps = captured(pos, side.other());
        for (role, n) in roles.iter().zip(caps) {
            for _ in 0..n {
                items.push(Item::Piece {
                    piece: Piece {
                        color: side.other(),
                        role: *role,
                    },
                    x,
                    y,
                    small: true,
                });
                x += step;
            }
            if n > 0 {
                x += ic - step + ic / 6;
            }
        }
        let lead = material(pos, side) - material(pos, side.other());
        if lead > 0 {
            let k = self.glyph_scale(GlyphStyle::Strip);
            let gy = y0 + ((self.strip as f32 - 14.0 * k) / 2.0).round() as i32;
            let mut gx = x + (ic / 8).max(2);
            for ch in format!("+{lead}").chars() {
                items.push(Item::Glyph {
                    ch,
                    style: GlyphStyle::Strip,
                    x: gx,
                    y: gy,
                });
                gx += (glyphs::ADVANCE * k).round() as i32;
            }
        }
    }
}

fn style_on(sq: Square) -> GlyphStyle {
    if sq.is_dark() {
        GlyphStyle::OnDark
    } else {
        GlyphStyle::OnLight
    }
}
