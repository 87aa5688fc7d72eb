//! Board pictures: position -> SVG -> PNG (resvg + tiny-skia), and a
//! plain-text board; the summary card of a game ([`card`]) and its animated
//! GIF ([`gif`]). Depends on `chess` only (the command line in [`cli`] also
//! names openings).
//!
//! Both outputs come from one display list (see `layout`), so the SVG and
//! the PNG always agree. The PNG is fast by preparation: the piece SVGs
//! (our own set, `assets/pieces/`) and the glyphs are parsed once in
//! [`Renderer::new`], rasterised once per board size into sprites, and a
//! board is composed by filling squares and blitting sprites, and encoded
//! by `deflate`, a zlib writer made for such pictures (rows that repeat
//! the row above). Boards need no fonts: coordinates and digits
//! are our own vector paths. The card's text uses the embedded fonts of
//! [`text`], loaded once.

pub mod card;
pub mod cli;
mod deflate;
pub mod gif;
mod glyphs;
mod indexed;
mod layout;
mod pixels;
mod spec;
pub mod standings;
pub mod text;
pub mod theme;

pub use card::SummaryCard;
pub use gif::GifSpec;
pub use pixels::encode_png;
pub(crate) use spec::side_setters;
pub use spec::{BoardResult, BoardSpec, PieceCounts};
pub use standings::{TableKind, standings_image, standings_png};
pub use theme::Theme;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::chess::{Piece, Position, Square};

use layout::{BadgeKind, GlyphStyle, Item, Layout, PIECE_SCALE};
use pixels::{blit, fill};
use spec::{captured, material_lead};

/// Rendering failures.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("size {0} out of range (256-1024)")]
    Size(u32),
    #[error("could not rasterise the board: {0}")]
    Raster(String),
    #[error("could not encode PNG: {0}")]
    Encode(String),
}

use theme::Rgb;

/// A piece's artwork: the inner SVG elements in a 100 x 100 box.
struct PieceArt {
    tree: usvg::Tree,
    inner: &'static str,
    inks: Vec<Rgb>,
}

/// Glyphs and badges as parsed trees, one per style.
struct Art {
    /// Indexed by [`piece_index`].
    pieces: Vec<PieceArt>,
    /// `[style][glyph]`, glyphs in [`glyphs::CHARS`] order.
    glyphs: Vec<Vec<usvg::Tree>>,
    /// Indexed by [`BadgeKind::index`], with their inks.
    badges: Vec<(usvg::Tree, Vec<Rgb>)>,
}

/// Sprites for one board size, rasterised once.
struct Sprites {
    pieces: Vec<Pixmap>,
    small: Vec<Pixmap>,
    glyphs: Vec<Vec<Pixmap>>,
    badges: Vec<Pixmap>,
}

/// Prepared pieces and theme; build once, share (it is `Send + Sync`).
pub struct Renderer {
    art: Art,
    cache: Mutex<HashMap<u32, Arc<Sprites>>>,
    /// Board palettes and tiles per size and theme.
    prep_cache: Mutex<HashMap<(u32, Theme), Arc<indexed::Prep>>>,
    /// Strip text lines, rasterised.
    text_cache: Mutex<HashMap<indexed::TextKey, Arc<indexed::Coverage>>>,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer").finish_non_exhaustive()
    }
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

const PIECE_SVGS: [&str; 12] = [
    include_str!("../../assets/pieces/wP.svg"),
    include_str!("../../assets/pieces/wN.svg"),
    include_str!("../../assets/pieces/wB.svg"),
    include_str!("../../assets/pieces/wR.svg"),
    include_str!("../../assets/pieces/wQ.svg"),
    include_str!("../../assets/pieces/wK.svg"),
    include_str!("../../assets/pieces/bP.svg"),
    include_str!("../../assets/pieces/bN.svg"),
    include_str!("../../assets/pieces/bB.svg"),
    include_str!("../../assets/pieces/bR.svg"),
    include_str!("../../assets/pieces/bQ.svg"),
    include_str!("../../assets/pieces/bK.svg"),
];

/// 0..12: white pawn..king, then black pawn..king.
fn piece_index(p: Piece) -> usize {
    p.color.index() * 6 + p.role as usize
}

/// The elements inside the root `<svg>` of a piece file.
fn svg_inner(svg: &'static str) -> &'static str {
    let start = svg
        .find("<svg")
        .and_then(|i| svg[i..].find('>').map(|j| i + j + 1))
        .unwrap_or(0);
    let end = svg.rfind("</svg>").unwrap_or(svg.len());
    svg[start..end].trim()
}

fn parse(svg: &str) -> usvg::Tree {
    usvg::Tree::from_str(svg, &usvg::Options::default())
        .expect("embedded artwork is valid SVG and needs no fonts")
}

/// Levels of coverage (alpha) and of ink mixing kept in sprites.
const LEVELS: u32 = 6;

/// The opaque colours (`#rrggbb`) an SVG text uses.
fn inks(svg: &str) -> Vec<Rgb> {
    let mut out: Vec<Rgb> = Vec::new();
    for (i, _) in svg.match_indices("\"#") {
        let hex = svg.get(i + 2..i + 8).unwrap_or("");
        if let Ok(v) = u32::from_str_radix(hex, 16) {
            let c = Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8);
            if hex.len() == 6 && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// Snaps a sprite to a few coverage levels and to mixes of its own inks at
/// a few ratios. Antialiasing stays smooth to the eye, but a composed
/// board then has few enough colours for a lossless indexed PNG.
fn quantise(pm: &mut Pixmap, inks: &[Rgb]) {
    if inks.is_empty() {
        return;
    }
    let n = LEVELS as f32;
    let mut candidates: Vec<[f32; 3]> = Vec::new();
    for (i, a) in inks.iter().enumerate() {
        for b in &inks[i..] {
            for k in 0..=LEVELS {
                let t = k as f32 / n;
                let mix = |x: u8, y: u8| f32::from(x) * (1.0 - t) + f32::from(y) * t;
                let c = [mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2)].map(f32::round);
                if !candidates.contains(&c) {
                    candidates.push(c);
                }
            }
        }
    }
    for px in pm.data_mut().chunks_exact_mut(4) {
        let a = px[3];
        if a == 0 {
            continue;
        }
        let qa = (f32::from(a) / 255.0 * n).round() / n;
        if qa <= 0.0 {
            px.copy_from_slice(&[0, 0, 0, 0]);
            continue;
        }
        let af = f32::from(a) / 255.0;
        let c = [0, 1, 2].map(|i| f32::from(px[i]) / af);
        // Edge pixels (partly covered) take a pure ink: mixes there would
        // multiply with every background colour.
        let pool = if qa < 1.0 {
            &candidates[..1]
        } else {
            &candidates[..]
        };
        let pure: Vec<[f32; 3]>;
        let pool = if qa < 1.0 {
            pure = inks
                .iter()
                .map(|i| [f32::from(i.0), f32::from(i.1), f32::from(i.2)])
                .collect();
            &pure[..]
        } else {
            pool
        };
        let mut best = pool[0];
        let mut best_d = f32::MAX;
        for cand in pool {
            let d = (0..3).map(|i| (cand[i] - c[i]).powi(2)).sum::<f32>();
            if d < best_d {
                best_d = d;
                best = *cand;
            }
        }
        for i in 0..3 {
            px[i] = (best[i] * qa).round().clamp(0.0, 255.0) as u8;
        }
        px[3] = (qa * 255.0).round() as u8;
    }
}

/// The outline of black icons: the light ink of the black pieces.
const HALO: Rgb = Rgb(0xe4, 0xdf, 0xd5);

/// `pm` over an opaque outline of `color`, `r` pixels wide around its ink
/// (pixels at least half covered): the ink's partly covered edge pixels
/// are blended onto the outline, the outline's own edge is hard.
fn halo(pm: &Pixmap, color: Rgb, r: i32) -> Pixmap {
    let (w, h) = (pm.width() as i32, pm.height() as i32);
    let src = pm.data();
    let alpha = |x: i32, y: i32| -> u8 {
        if x < 0 || y < 0 || x >= w || y >= h {
            0
        } else {
            src[((y * w + x) * 4 + 3) as usize]
        }
    };
    let mut out = pm.clone();
    let data = out.data_mut();
    for y in 0..h {
        for x in 0..w {
            let near = (-r..=r).any(|dy| {
                (-r..=r).any(|dx| dx * dx + dy * dy <= r * r + r && alpha(x + dx, y + dy) >= 128)
            });
            if !near {
                continue;
            }
            let i = ((y * w + x) * 4) as usize;
            let a = u16::from(data[i + 3]);
            let inv = 255 - a;
            let under = [color.0, color.1, color.2];
            for c in 0..3 {
                let v = u16::from(data[i + c]) + (u16::from(under[c]) * inv + 127) / 255;
                data[i + c] = v.min(255) as u8;
            }
            data[i + 3] = 255;
        }
    }
    out
}

/// Rasterises `tree` at `scale` of a `w` x `h` pixmap, centred.
fn rasterise_scaled(tree: &usvg::Tree, w: u32, h: u32, scale: f32) -> Result<Pixmap, RenderError> {
    let mut pixmap = Pixmap::new(w.max(1), h.max(1))
        .ok_or_else(|| RenderError::Raster(format!("empty sprite {w}x{h}")))?;
    let size = tree.size();
    let (sx, sy) = (
        w as f32 * scale / size.width(),
        h as f32 * scale / size.height(),
    );
    let (tx, ty) = (
        w as f32 * (1.0 - scale) / 2.0,
        h as f32 * (1.0 - scale) / 2.0,
    );
    resvg::render(
        tree,
        Transform::from_row(sx, 0.0, 0.0, sy, tx, ty),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// A quantised sprite.
fn sprite(tree: &usvg::Tree, inks: &[Rgb], w: u32, h: u32) -> Result<Pixmap, RenderError> {
    sprite_scaled(tree, inks, w, h, 1.0)
}

/// A quantised sprite at `scale` of its box, centred.
fn sprite_scaled(
    tree: &usvg::Tree,
    inks: &[Rgb],
    w: u32,
    h: u32,
    scale: f32,
) -> Result<Pixmap, RenderError> {
    let mut pm = rasterise_scaled(tree, w, h, scale)?;
    quantise(&mut pm, inks);
    Ok(pm)
}

impl Renderer {
    /// Parses the embedded pieces and glyphs.
    ///
    /// # Panics
    /// Only if the embedded artwork were invalid (a build-time invariant,
    /// covered by tests).
    #[must_use]
    pub fn new() -> Renderer {
        let pieces = PIECE_SVGS
            .iter()
            .map(|svg| PieceArt {
                tree: parse(svg),
                inner: svg_inner(svg),
                inks: inks(svg),
            })
            .collect();
        let glyphs = GlyphStyle::ALL
            .iter()
            .map(|style| {
                glyphs::CHARS
                    .chars()
                    .map(|c| parse(&glyphs::glyph_svg(c, style.color())))
                    .collect()
            })
            .collect();
        let badges = BadgeKind::ALL
            .iter()
            .map(|b| {
                let svg = layout::badge_svg(*b);
                (parse(&svg), inks(&svg))
            })
            .collect();
        Renderer {
            art: Art {
                pieces,
                glyphs,
                badges,
            },
            cache: Mutex::new(HashMap::new()),
            prep_cache: Mutex::new(HashMap::new()),
            text_cache: Mutex::new(HashMap::new()),
        }
    }

    fn sprites(&self, lay: &Layout) -> Result<Arc<Sprites>, RenderError> {
        {
            let cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(s) = cache.get(&lay.size) {
                return Ok(Arc::clone(s));
            }
        }
        let pieces = self
            .art
            .pieces
            .iter()
            .map(|p| sprite_scaled(&p.tree, &p.inks, lay.sq, lay.sq, PIECE_SCALE))
            .collect::<Result<Vec<_>, _>>()?;
        let small = self
            .art
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let pm = sprite(&p.tree, &p.inks, lay.icon, lay.icon)?;
                // Black icons sit on a dark strip: a light outline.
                Ok(if i >= 6 {
                    halo(&pm, HALO, lay.halo() as i32)
                } else {
                    pm
                })
            })
            .collect::<Result<Vec<_>, RenderError>>()?;
        let mut glyphs = Vec::new();
        for (style, trees) in GlyphStyle::ALL.iter().zip(&self.art.glyphs) {
            let (w, h) = lay.glyph_px(*style);
            glyphs.push(
                trees
                    .iter()
                    .map(|t| sprite(t, &[style.color()], w, h))
                    .collect::<Result<Vec<_>, _>>()?,
            );
        }
        let badges = self
            .art
            .badges
            .iter()
            .map(|(t, inks)| sprite(t, inks, lay.badge, lay.badge))
            .collect::<Result<Vec<_>, _>>()?;
        let sprites = Arc::new(Sprites {
            pieces,
            small,
            glyphs,
            badges,
        });
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        // A handful of sizes in practice; bound the cache anyway.
        if cache.len() >= 16 {
            cache.clear();
        }
        cache.insert(lay.size, Arc::clone(&sprites));
        Ok(sprites)
    }

    /// Composes the board into a pixmap (no encoding): the palette
    /// picture of [`png`] in colour.
    ///
    /// [`png`]: Renderer::png
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range.
    pub fn compose(&self, spec: &BoardSpec<'_>) -> Result<Pixmap, RenderError> {
        check_size(spec.size)?;
        self.compose_indexed(spec)?.to_pixmap()
    }

    /// Composes the board as palette indices without encoding it (for
    /// benchmarks): the number of pixels.
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range.
    pub fn compose_only(&self, spec: &BoardSpec<'_>) -> Result<usize, RenderError> {
        check_size(spec.size)?;
        let img = self.compose_indexed(spec)?;
        Ok((img.width * img.height) as usize)
    }

    /// The board as a PNG: `size` wide, `size` plus two strips high, in a
    /// fixed palette of at most 255 colours per size and theme. The same
    /// spec always gives the same bytes.
    ///
    /// # Errors
    /// [`RenderError`] when the size is out of range or rasterising or
    /// encoding fails.
    pub fn png(&self, spec: &BoardSpec<'_>) -> Result<Vec<u8>, RenderError> {
        check_size(spec.size)?;
        indexed::encode(&self.compose_indexed(spec)?)
    }

    /// The number of colours in the board palette of this size and theme.
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range.
    pub fn palette_len(&self, size: u32, theme: Theme) -> Result<usize, RenderError> {
        check_size(size)?;
        Ok(self.prep(&Layout::new(size), theme)?.colours())
    }

    /// The board as a standalone SVG document (same picture as [`png`]).
    ///
    /// [`png`]: Renderer::png
    #[must_use]
    pub fn svg(&self, spec: &BoardSpec<'_>) -> String {
        self.svg_titled(spec, "")
    }

    /// The SVG with a `<title>` (for accessibility). The title is
    /// XML-escaped, so it may come from users.
    #[must_use]
    pub fn svg_titled(&self, spec: &BoardSpec<'_>, title: &str) -> String {
        let size = spec.size.clamp(BoardSpec::MIN_SIZE, BoardSpec::MAX_SIZE);
        let lay = Layout::new(size);
        let mut out = String::with_capacity(32 * 1024);
        let _ = write!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#,
            w = lay.size,
            h = lay.height
        );
        let mut desc = format!("Chess board: {}", spec.position.fen());
        if !title.is_empty() {
            desc = format!("{title} ({desc})");
        }
        let _ = write!(out, "<title>{}</title>", xml_escape(&desc));
        let psc = lay.sq as f32 / 100.0;
        let isc = lay.icon as f32 / 100.0;
        let inset = lay.piece_inset();
        let colors = spec.theme.colors();
        for item in lay.items(spec) {
            match item {
                Item::Rect { x, y, w, h, color } => {
                    let _ = write!(
                        out,
                        r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{}"/>"#,
                        color.hex()
                    );
                }
                Item::Piece { piece, x, y, small } => {
                    let (s, d) = if small {
                        (isc, 0.0)
                    } else {
                        (psc * PIECE_SCALE, inset)
                    };
                    let _ = write!(
                        out,
                        r#"<g transform="translate({} {}) scale({s})">{}</g>"#,
                        x as f32 + d,
                        y as f32 + d,
                        self.art.pieces[piece_index(piece)].inner
                    );
                }
                Item::Glyph { ch, style, x, y } => {
                    if let Some(d) = glyphs::path(ch) {
                        let k = lay.glyph_scale(style);
                        let _ = write!(
                            out,
                            r#"<path transform="translate({x} {y}) scale({k})" d="{d}" {}/>"#,
                            glyphs::stroke_attrs(style.color_in(colors))
                        );
                    }
                }
                Item::Text(t) => {
                    out.push_str(&text::svg_line(
                        t.slot.text(spec),
                        t.x as f32,
                        t.y as f32 + t.baseline,
                        t.w as f32,
                        &t.style(),
                    ));
                }
                Item::Badge { kind, x, y } => {
                    let s = lay.badge as f32 / 40.0;
                    let _ = write!(
                        out,
                        r#"<g transform="translate({x} {y}) scale({s})">{}</g>"#,
                        layout::badge_inner(kind)
                    );
                }
            }
        }
        out.push_str("</svg>\n");
        out
    }
}

fn check_size(size: u32) -> Result<(), RenderError> {
    if (BoardSpec::MIN_SIZE..=BoardSpec::MAX_SIZE).contains(&size) {
        Ok(())
    } else {
        Err(RenderError::Size(size))
    }
}

/// Escapes text for XML content and attribute values.
#[must_use]
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A plain-text board with coordinates, white at the bottom unless `flip`.
/// Pieces are FEN letters (upper case white), empty squares `.`.
#[must_use]
pub fn text_board(position: &Position, flip: bool) -> String {
    let mut out = String::new();
    let files: Vec<u8> = if flip {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let ranks: Vec<u8> = if flip {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let footer = {
        let mut s = String::from("   ");
        for &f in &files {
            s.push(' ');
            s.push((b'a' + f) as char);
        }
        s
    };
    out.push_str("  +-----------------+\n");
    for &r in &ranks {
        let _ = write!(out, "{} |", r + 1);
        for &f in &files {
            let c = Square::from_coords(f, r)
                .and_then(|sq| position.piece_at(sq))
                .map_or('.', Piece::char);
            out.push(' ');
            out.push(c);
        }
        out.push_str(" |\n");
    }
    out.push_str("  +-----------------+\n");
    out.push_str(&footer);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests;
