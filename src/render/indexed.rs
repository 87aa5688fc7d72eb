//! The board PNG in palette colours, fast by preparation (the lila-gif
//! way). Per board size and theme, once: a fixed palette (the theme's
//! colours, every shade of the quantised pieces, coordinates, badges and
//! strip icons over the backgrounds they are drawn on, and the shades of
//! strip text; at most 255 entries) and every square tile (five
//! backgrounds times thirteen contents) as palette indices. A board is then
//! composed as one byte per pixel: squares are rows copied from tiles, the
//! few small sprites (coordinates, icons, badges) are blended and looked up
//! in the palette (the strip's icons and the glyphs are prepared over
//! their usual background too), text comes from a cache of rasterised
//! lines. The rows carry their PNG filter byte, so [`super::deflate`]
//! encodes the buffer as it is; the bytes depend only on the spec.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::layout::{GlyphStyle, Item, Layout, TextSlot, strip_style};
use super::theme::{Colors, Rgb, Theme};
use super::{BoardSpec, RenderError, Renderer, Sprites, blit, deflate, fill, glyphs, piece_index};

/// Levels of text coverage kept (0 = none).
const TEXT_LEVELS: u32 = 8;
/// At most this many colours: one index stays free.
const MAX_COLOURS: usize = 255;
/// Contents of a tile: empty, then the twelve pieces.
const CONTENTS: usize = 13;

/// Hashes colours (three bytes, from our own sprites: nothing to flood)
/// faster than the default hasher; preparing a palette hashes every pixel
/// of every tile.
#[derive(Default)]
struct RgbHasher(u64);

impl Hasher for RgbHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0 << 8 | u64::from(b);
        }
    }

    fn finish(&self) -> u64 {
        let x = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^ x >> 32
    }
}

type RgbMap<V> = HashMap<Rgb, V, BuildHasherDefault<RgbHasher>>;

/// A picture as palette indices, laid out as the PNG's rows: each row is
/// a filter byte (0, none) and `width` indices, so the encoder takes the
/// buffer as it is.
pub(super) struct Indexed {
    pub width: u32,
    pub height: u32,
    pub prep: Arc<Prep>,
    pub rows: Vec<u8>,
}

impl Indexed {
    /// The picture in colour (opaque RGBA).
    pub fn to_pixmap(&self) -> Result<Pixmap, RenderError> {
        let mut pm = Pixmap::new(self.width, self.height)
            .ok_or_else(|| RenderError::Raster("empty picture".into()))?;
        let pal = &self.prep.palette;
        let indices = self
            .rows
            .chunks_exact(self.width as usize + 1)
            .flat_map(|row| &row[1..]);
        for (px, &i) in pm.data_mut().chunks_exact_mut(4).zip(indices) {
            let c = usize::from(i) * 3;
            px.copy_from_slice(&[pal[c], pal[c + 1], pal[c + 2], 255]);
        }
        Ok(pm)
    }
}

/// Everything prepared for one size and theme.
pub(super) struct Prep {
    colors: Colors,
    /// `r g b` triples, at most [`MAX_COLOURS`].
    pub palette: Vec<u8>,
    /// Exact colour -> index for the colours met while preparing.
    lookup: RgbMap<u8>,
    /// Side of a tile: a square is `sq` or `sq + 1` pixels wide.
    tile: usize,
    /// `[background][content]` tiles of `tile * tile` indices.
    tiles: Vec<u8>,
    /// Palette index -> background number (0..5), or `u8::MAX`.
    background_of: [u8; 256],
    /// Coordinate and strip glyphs in the theme's colours,
    /// `[style][glyph]`.
    glyphs: Vec<Vec<Pixmap>>,
    /// The same glyphs over the background of their style, as indices.
    glyphs_over: Vec<Vec<OverSprite>>,
    /// The strip's small pieces (captures, the names' kings) over the
    /// strip, as indices.
    small_over: Vec<OverSprite>,
    /// The text colours and their shades over the strip, by coverage.
    text_shades: Vec<(Rgb, [u8; TEXT_LEVELS as usize + 1])>,
}

/// A single-ink sprite of colour `was` in colour `c` (same coverage).
fn recolour(src: &Pixmap, was: Rgb, c: Rgb) -> Pixmap {
    let mut pm = src.clone();
    if was == c {
        return pm;
    }
    for px in pm.data_mut().chunks_exact_mut(4) {
        let a = u32::from(px[3]);
        let ch = |v: u8| ((u32::from(v) * a + 127) / 255) as u8;
        px[0] = ch(c.0);
        px[1] = ch(c.1);
        px[2] = ch(c.2);
    }
    pm
}

fn pixmap(w: usize, h: usize) -> Result<Pixmap, RenderError> {
    Pixmap::new(w as u32, h as u32).ok_or_else(|| RenderError::Raster("empty tile".into()))
}

/// The text colours of a theme's strips.
fn text_colours(c: &Colors) -> [Rgb; 3] {
    [c.strip_text, c.strip_muted, c.accent]
}

fn shade(ink: Rgb, under: Rgb, level: u32) -> Rgb {
    ink.over(under, level as f32 / TEXT_LEVELS as f32)
}

impl Prep {
    pub fn new(sprites: &Sprites, lay: &Layout, theme: Theme) -> Result<Prep, RenderError> {
        let colors = *theme.colors();
        let backgrounds = colors.backgrounds();
        let tile = lay.sq as usize + 1;
        let glyph_sprites: Vec<Vec<Pixmap>> = GlyphStyle::ALL
            .iter()
            .zip(&sprites.glyphs)
            .map(|(style, gs)| {
                gs.iter()
                    .map(|g| recolour(g, style.color(), style.color_in(&colors)))
                    .collect()
            })
            .collect();
        // Colours that must be exact: fills and text shades.
        let mut forced: Vec<Rgb> = vec![
            colors.light,
            colors.dark,
            colors.last_light,
            colors.last_dark,
            colors.check,
            colors.strip,
            colors.strip_text,
            colors.strip_muted,
            colors.accent,
        ];
        for ink in text_colours(&colors) {
            for level in 1..TEXT_LEVELS {
                forced.push(shade(ink, colors.strip, level));
            }
        }
        // Every shade met, counted.
        let mut counts: RgbMap<u64> = RgbMap::default();
        let mut count = |pm: &Pixmap| {
            for px in pm.data().chunks_exact(4) {
                *counts.entry(Rgb(px[0], px[1], px[2])).or_insert(0) += 1;
            }
        };
        let over = |bg: Rgb, sprite: &Pixmap, w: usize, h: usize| -> Result<Pixmap, RenderError> {
            let mut pm = pixmap(w, h)?;
            fill(&mut pm, 0, 0, w as u32, h as u32, bg);
            blit(&mut pm, sprite, 0, 0);
            Ok(pm)
        };
        let mut rgba_tiles = Vec::with_capacity(backgrounds.len() * CONTENTS);
        for bg in backgrounds {
            for content in 0..CONTENTS {
                let mut pm = pixmap(tile, tile)?;
                fill(&mut pm, 0, 0, tile as u32, tile as u32, bg);
                if content > 0 {
                    blit(&mut pm, &sprites.pieces[content - 1], 0, 0);
                }
                count(&pm);
                rgba_tiles.push(pm);
            }
            for style_glyphs in &glyph_sprites[..2] {
                for g in style_glyphs {
                    count(&over(bg, g, g.width() as usize, g.height() as usize)?);
                }
            }
            for king in [5, 11] {
                for badge in &sprites.badges {
                    let mut pm = over(bg, &sprites.pieces[king], tile, tile)?;
                    blit(&mut pm, badge, tile as i32 - badge.width() as i32, 0);
                    count(&pm);
                }
            }
        }
        for icon in &sprites.small {
            count(&over(
                colors.strip,
                icon,
                icon.width() as usize,
                icon.height() as usize,
            )?);
        }
        for g in &glyph_sprites[GlyphStyle::Strip as usize] {
            count(&over(
                colors.strip,
                g,
                g.width() as usize,
                g.height() as usize,
            )?);
        }
        let mut kept: Vec<Rgb> = Vec::with_capacity(MAX_COLOURS);
        for c in forced {
            if !kept.contains(&c) {
                kept.push(c);
            }
        }
        let mut rest: Vec<(Rgb, u64)> = counts
            .into_iter()
            .filter(|(c, _)| !kept.contains(c))
            .collect();
        rest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let free = MAX_COLOURS.saturating_sub(kept.len());
        kept.extend(rest.iter().take(free).map(|c| c.0));
        let palette: Vec<u8> = kept.iter().flat_map(|c| [c.0, c.1, c.2]).collect();
        let mut lookup: RgbMap<u8> =
            RgbMap::with_capacity_and_hasher(kept.len() + rest.len(), Default::default());
        for (i, c) in kept.iter().enumerate() {
            lookup.insert(*c, i as u8);
        }
        for (c, _) in rest.iter().skip(free) {
            lookup.insert(*c, nearest(&palette, *c));
        }
        let mut background_of = [u8::MAX; 256];
        for (n, bg) in backgrounds.iter().enumerate().rev() {
            background_of[usize::from(lookup[bg])] = n as u8;
        }
        let text_shades = text_colours(&colors)
            .iter()
            .map(|&ink| {
                let mut lut = [0u8; TEXT_LEVELS as usize + 1];
                for (level, slot) in lut.iter_mut().enumerate() {
                    *slot = lookup[&shade(ink, colors.strip, level as u32)];
                }
                (ink, lut)
            })
            .collect();
        let mut prep = Prep {
            colors,
            palette,
            lookup,
            tile,
            tiles: Vec::new(),
            background_of,
            glyphs: Vec::new(),
            glyphs_over: Vec::new(),
            small_over: Vec::new(),
            text_shades,
        };
        let strip = prep.index(colors.strip);
        prep.small_over = sprites
            .small
            .iter()
            .map(|pm| OverSprite::new(&prep, pm, strip))
            .collect();
        prep.glyphs_over = GlyphStyle::ALL
            .iter()
            .zip(&glyph_sprites)
            .map(|(style, gs)| {
                let bg = prep.index(match style {
                    GlyphStyle::OnLight => colors.light,
                    GlyphStyle::OnDark => colors.dark,
                    GlyphStyle::Strip => colors.strip,
                });
                gs.iter().map(|g| OverSprite::new(&prep, g, bg)).collect()
            })
            .collect();
        prep.glyphs = glyph_sprites;
        let mut tiles = Vec::with_capacity(rgba_tiles.len() * tile * tile);
        for pm in &rgba_tiles {
            tiles.extend(
                pm.data()
                    .chunks_exact(4)
                    .map(|p| prep.index(Rgb(p[0], p[1], p[2]))),
            );
        }
        prep.tiles = tiles;
        Ok(prep)
    }

    /// The palette index of a colour (the nearest one when it was never met
    /// while preparing).
    fn index(&self, c: Rgb) -> u8 {
        match self.lookup.get(&c) {
            Some(&i) => i,
            None => nearest(&self.palette, c),
        }
    }

    /// The number of colours in the palette.
    pub fn colours(&self) -> usize {
        self.palette.len() / 3
    }

    fn colour(&self, i: u8) -> Rgb {
        let c = usize::from(i) * 3;
        Rgb(self.palette[c], self.palette[c + 1], self.palette[c + 2])
    }

    /// The index of a premultiplied sprite pixel `s` (not transparent)
    /// drawn over the colour of index `under` (source-over, as [`blit`]
    /// does).
    fn blend(&self, s: [u8; 4], under: u8) -> u8 {
        if s[3] == 255 {
            return self.index(Rgb(s[0], s[1], s[2]));
        }
        let u = self.colour(under);
        let inv = 255 - u16::from(s[3]);
        let mix =
            |sv: u8, dv: u8| (u16::from(sv) + (u16::from(dv) * inv + 127) / 255).min(255) as u8;
        self.index(Rgb(mix(s[0], u.0), mix(s[1], u.1), mix(s[2], u.2)))
    }
}

/// Where an [`OverSprite`] leaves the picture as it is.
const CLEAR: u8 = u8::MAX;

/// A sprite already blended over the background it is drawn on nearly
/// always, as palette indices ([`CLEAR`] where it is transparent; the
/// palette never uses that index). Drawn over anything else, the pixel
/// is blended as [`Canvas::overlay`] does, so the picture is the same.
struct OverSprite {
    bg: u8,
    w: i32,
    h: i32,
    px: Vec<u8>,
}

impl OverSprite {
    fn new(prep: &Prep, src: &Pixmap, bg: u8) -> OverSprite {
        let px = src
            .data()
            .chunks_exact(4)
            .map(|p| {
                let s = [p[0], p[1], p[2], p[3]];
                if s[3] == 0 { CLEAR } else { prep.blend(s, bg) }
            })
            .collect();
        OverSprite {
            bg,
            w: src.width() as i32,
            h: src.height() as i32,
            px,
        }
    }
}

/// The index of the colour nearest to `c` in a palette of `r g b` triples.
fn nearest(palette: &[u8], c: Rgb) -> u8 {
    let d = |p: &[u8]| {
        (i32::from(p[0]) - i32::from(c.0)).pow(2)
            + (i32::from(p[1]) - i32::from(c.1)).pow(2)
            + (i32::from(p[2]) - i32::from(c.2)).pow(2)
    };
    palette
        .chunks_exact(3)
        .enumerate()
        .min_by_key(|(_, p)| d(p))
        .map_or(0, |(i, _)| i as u8)
}

/// A buffer of indices being composed, in PNG rows (see [`Indexed`]).
struct Canvas<'p> {
    prep: &'p Prep,
    w: i32,
    h: i32,
    px: Vec<u8>,
}

impl Canvas<'_> {
    /// Bytes per row: the filter byte and the indices.
    fn stride(&self) -> usize {
        self.w as usize + 1
    }

    /// Where pixel `x`, `y` (inside the picture) is kept.
    fn at(&self, x: i32, y: i32) -> usize {
        y as usize * self.stride() + 1 + x as usize
    }

    fn fill(&mut self, x: i32, y: i32, w: u32, h: u32, c: Rgb) {
        let i = self.prep.index(c);
        let x0 = x.clamp(0, self.w) as usize;
        let x1 = (x + w as i32).clamp(0, self.w) as usize;
        let y0 = y.clamp(0, self.h) as usize;
        let y1 = (y + h as i32).clamp(0, self.h) as usize;
        let stride = self.stride();
        for row in y0..y1 {
            let base = row * stride + 1;
            self.px[base + x0..base + x1].fill(i);
        }
    }

    /// A premultiplied sprite blended over the picture (source-over, as
    /// [`blit`] does), each result looked up in the palette.
    fn overlay(&mut self, src: &Pixmap, x: i32, y: i32) {
        let (sw, sh) = (src.width() as i32, src.height() as i32);
        let x0 = x.max(0);
        let y0 = y.max(0);
        let x1 = (x + sw).min(self.w);
        let y1 = (y + sh).min(self.h);
        let data = src.data();
        let mut memo: Option<([u8; 4], u8, u8)> = None;
        for row in y0..y1 {
            for col in x0..x1 {
                let s = ((row - y) * sw + (col - x)) as usize * 4;
                let s = [data[s], data[s + 1], data[s + 2], data[s + 3]];
                if s[3] == 0 {
                    continue;
                }
                let d = self.at(col, row);
                let under = self.px[d];
                if let Some((ms, mu, out)) = memo
                    && ms == s
                    && mu == under
                {
                    self.px[d] = out;
                    continue;
                }
                let out = self.prep.blend(s, under);
                memo = Some((s, under, out));
                self.px[d] = out;
            }
        }
    }

    /// A sprite prepared over its usual background (`sprite`), `src` the
    /// same sprite in colour for the pixels over anything else: the
    /// picture [`Canvas::overlay`] draws.
    fn overlay_over(&mut self, sprite: &OverSprite, src: &Pixmap, x: i32, y: i32) {
        let x0 = x.max(0);
        let y0 = y.max(0);
        let x1 = (x + sprite.w).min(self.w);
        let y1 = (y + sprite.h).min(self.h);
        if x0 >= x1 {
            return;
        }
        let data = src.data();
        for row in y0..y1 {
            let s0 = ((row - y) * sprite.w + (x0 - x)) as usize;
            let d0 = self.at(x0, row);
            let n = (x1 - x0) as usize;
            for (k, &v) in sprite.px[s0..s0 + n].iter().enumerate() {
                if v == CLEAR {
                    continue;
                }
                let d = d0 + k;
                let under = self.px[d];
                self.px[d] = if under == sprite.bg {
                    v
                } else {
                    let s = (s0 + k) * 4;
                    self.prep
                        .blend([data[s], data[s + 1], data[s + 2], data[s + 3]], under)
                };
            }
        }
    }

    /// A square's tile: background read from the picture under the
    /// square's corner, the piece drawn on it.
    fn piece_tile(&mut self, content: usize, x: i32, y: i32, w: u32, h: u32) -> bool {
        let prep = self.prep;
        if x < 0 || y < 0 || x + w as i32 > self.w || y + h as i32 > self.h {
            return false;
        }
        if w as usize > prep.tile || h as usize > prep.tile {
            return false;
        }
        let under = self.px[self.at(x, y)];
        let bg = prep.background_of[usize::from(under)];
        if bg == u8::MAX {
            return false;
        }
        let t = prep.tile;
        let base = (usize::from(bg) * CONTENTS + content) * t * t;
        let stride = self.stride();
        let first = self.at(x, y);
        for row in 0..h as usize {
            let src = &prep.tiles[base + row * t..base + row * t + w as usize];
            let d = first + row * stride;
            self.px[d..d + w as usize].copy_from_slice(src);
        }
        true
    }

    /// Text coverage (levels) drawn in one of the strip's text colours.
    fn text(&mut self, cov: &Coverage, ink: Rgb, x: i32, y: i32) {
        let prep = self.prep;
        let lut = match prep.text_shades.iter().find(|(c, _)| *c == ink) {
            Some((_, lut)) => *lut,
            None => {
                let mut lut = [0u8; TEXT_LEVELS as usize + 1];
                for (level, slot) in lut.iter_mut().enumerate() {
                    *slot = prep.index(shade(ink, prep.colors.strip, level as u32));
                }
                lut
            }
        };
        for row in 0..cov.h as i32 {
            let py = y + row;
            if !(0..self.h).contains(&py) {
                continue;
            }
            for col in 0..cov.w as i32 {
                let px = x + col;
                let level = cov.levels[(row * cov.w as i32 + col) as usize];
                if level > 0 && (0..self.w).contains(&px) {
                    let d = self.at(px, py);
                    self.px[d] = lut[usize::from(level)];
                }
            }
        }
    }
}

/// A rasterised line of text: coverage levels `0..=TEXT_LEVELS`.
pub(super) struct Coverage {
    w: u32,
    h: u32,
    levels: Vec<u8>,
}

/// What a cached line of text depends on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct TextKey {
    text: String,
    w: u32,
    h: u32,
    baseline: u32,
    size: u32,
    bold: bool,
}

/// Rasterises one line of text (escaped, never read as markup) with the
/// embedded fonts.
fn rasterise_text(key: &TextKey) -> Result<Coverage, RenderError> {
    let style = strip_style(key.size as f32 / 100.0, key.bold, Rgb(0, 0, 0));
    let line = super::text::svg_line(
        &key.text,
        0.0,
        key.baseline as f32 / 100.0,
        key.w as f32,
        &style,
    );
    let svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">{line}</svg>"#,
        w = key.w,
        h = key.h
    );
    let tree = usvg::Tree::from_str(&svg, &super::text::usvg_options())
        .map_err(|e| RenderError::Raster(format!("strip text: {e}")))?;
    let mut pm = Pixmap::new(key.w.max(1), key.h.max(1))
        .ok_or_else(|| RenderError::Raster("empty text".into()))?;
    resvg::render(&tree, Transform::identity(), &mut pm.as_mut());
    let levels = pm
        .data()
        .chunks_exact(4)
        .map(|p| ((u32::from(p[3]) * TEXT_LEVELS + 127) / 255) as u8)
        .collect();
    Ok(Coverage {
        w: pm.width(),
        h: pm.height(),
        levels,
    })
}

impl Renderer {
    fn text_coverage(&self, key: TextKey) -> Result<Arc<Coverage>, RenderError> {
        {
            let cache = self.text_cache.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(c) = cache.get(&key) {
                return Ok(Arc::clone(c));
            }
        }
        let cov = Arc::new(rasterise_text(&key)?);
        let mut cache = self.text_cache.lock().unwrap_or_else(|e| e.into_inner());
        // Names recur move after move; bound the cache anyway.
        if cache.len() >= 512 {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&cov));
        Ok(cov)
    }

    pub(super) fn prep(&self, lay: &Layout, theme: Theme) -> Result<Arc<Prep>, RenderError> {
        let key = (lay.size, theme);
        {
            let cache = self.prep_cache.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(p) = cache.get(&key) {
                return Ok(Arc::clone(p));
            }
        }
        let sprites = self.sprites(lay)?;
        let prep = Arc::new(Prep::new(&sprites, lay, theme)?);
        let mut cache = self.prep_cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= 16 {
            cache.clear();
        }
        cache.insert(key, Arc::clone(&prep));
        Ok(prep)
    }

    /// Composes the board as palette indices.
    pub(super) fn compose_indexed(&self, spec: &BoardSpec<'_>) -> Result<Indexed, RenderError> {
        let lay = Layout::new(spec.size);
        let prep = self.prep(&lay, spec.theme)?;
        let px = vec![0; (lay.size as usize + 1) * lay.height as usize];
        let rows = self.draw_items(spec, &lay, &prep, px, None)?;
        Ok(Indexed {
            width: lay.size,
            height: lay.height,
            rows,
            prep: Arc::clone(&prep),
        })
    }

    /// Draws `items` (some of [`Layout::items`] of `spec`, in their
    /// order) over `rows`, a picture of `spec`'s size: the picture
    /// [`compose_indexed`] gives where each item drawn starts with a fill
    /// of the whole region it lies in (a square, a strip).
    ///
    /// [`compose_indexed`]: Renderer::compose_indexed
    pub(super) fn draw_list(
        &self,
        spec: &BoardSpec<'_>,
        lay: &Layout,
        prep: &Prep,
        rows: Vec<u8>,
        items: &[Item],
    ) -> Result<Vec<u8>, RenderError> {
        self.draw_items(spec, lay, prep, rows, Some(items))
    }

    /// Draws the items of `spec` (or `only` those) over `px`.
    fn draw_items(
        &self,
        spec: &BoardSpec<'_>,
        lay: &Layout,
        prep: &Prep,
        px: Vec<u8>,
        only: Option<&[Item]>,
    ) -> Result<Vec<u8>, RenderError> {
        let sprites = self.sprites(lay)?;
        let mut canvas = Canvas {
            prep,
            w: lay.size as i32,
            h: lay.height as i32,
            px,
        };
        let all;
        let items = match only {
            Some(items) => items,
            None => {
                all = lay.items(spec);
                &all[..]
            }
        };
        for item in items {
            match *item {
                Item::Rect { x, y, w, h, color } => canvas.fill(x, y, w, h, color),
                Item::Piece { piece, x, y, small } => {
                    let i = piece_index(piece);
                    if small {
                        canvas.overlay_over(&prep.small_over[i], &sprites.small[i], x, y);
                    } else {
                        // A square is `sq` or `sq + 1` pixels: the piece's
                        // corner is the square's.
                        let (w, h) = square_at(lay, x, y);
                        if !canvas.piece_tile(i + 1, x, y, w, h) {
                            canvas.overlay(&sprites.pieces[i], x, y);
                        }
                    }
                }
                Item::Glyph { ch, style, x, y } => {
                    if let Some(g) = glyphs::index(ch) {
                        let (ox, oy) = lay.glyph_origin_px(style);
                        let s = style as usize;
                        canvas.overlay_over(
                            &prep.glyphs_over[s][g],
                            &prep.glyphs[s][g],
                            x - ox,
                            y - oy,
                        );
                    }
                }
                Item::Badge { kind, x, y } => {
                    canvas.overlay(&sprites.badges[kind.index()], x, y);
                }
                Item::Text(t) => {
                    let text = slot_text(t.slot, spec);
                    if text.trim().is_empty() {
                        continue;
                    }
                    let cov = self.text_coverage(TextKey {
                        text: text.to_string(),
                        w: t.w,
                        h: t.h,
                        baseline: (t.baseline * 100.0).round() as u32,
                        size: (t.size * 100.0).round() as u32,
                        bold: t.bold,
                    })?;
                    canvas.text(&cov, t.color, t.x, t.y);
                }
            }
        }
        Ok(canvas.px)
    }
}

fn slot_text<'a>(slot: TextSlot, spec: &BoardSpec<'a>) -> &'a str {
    slot.text(spec)
}

/// The width and height of the board square whose top-left corner is at
/// `x`, `y` (picture pixels).
fn square_at(lay: &Layout, x: i32, y: i32) -> (u32, u32) {
    let col = (0..8u32).find(|&c| lay.edge(c) == x).unwrap_or(0);
    let row = (0..8u32)
        .find(|&r| lay.strip as i32 + lay.edge(r) == y)
        .unwrap_or(0);
    (
        (lay.edge(col + 1) - lay.edge(col)) as u32,
        (lay.edge(row + 1) - lay.edge(row)) as u32,
    )
}

/// Encodes palette indices as a PNG: the rows unfiltered, compressed by
/// [`deflate::zlib`] (rows above, runs and repeated pieces), one IDAT.
///
/// # Errors
/// [`RenderError::Encode`] if the encoder fails.
pub(super) fn encode(img: &Indexed) -> Result<Vec<u8>, RenderError> {
    let mut z = Vec::with_capacity(32 * 1024);
    deflate::zlib(&img.rows, img.width as usize + 1, &mut z);
    let mut out = Vec::with_capacity(z.len() + 1024);
    let enc_err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut enc = png::Encoder::new(&mut out, img.width, img.height);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_color(png::ColorType::Indexed);
    enc.set_palette(img.prep.palette.as_slice());
    let mut wr = enc.write_header().map_err(enc_err)?;
    wr.write_chunk(png::chunk::IDAT, &z).map_err(enc_err)?;
    wr.finish().map_err(enc_err)?;
    Ok(out)
}
