//! The animated GIF of a game: one frame per position from the start, the
//! last move's squares highlighted, the result badges on the final frame,
//! a longer pause there, looping forever.
//!
//! Fast by preparation, the way lichess's lila-gif works: per board size,
//! once, a global palette is fixed (the square colours, the highlights and
//! every antialiasing shade of the quantised piece, coordinate and badge
//! sprites over them, at most 256 entries) and every square tile (five
//! backgrounds times thirteen contents) is turned into palette indices.
//! A frame is then the bounding rectangle of the squares that changed,
//! with a transparent index wherever a pixel is what the previous frame
//! showed, so LZW encoding dominates the cost. Squares that carry a
//! coordinate or a badge are composed in colour and mapped to the palette.

mod lzw;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use resvg::tiny_skia::Pixmap;

use super::layout::{Item, Layout};
use super::theme::{self, Rgb};
use super::{
    BoardResult, BoardSpec, RenderError, Renderer, blit, check_size, fill, glyphs, piece_index,
};
use crate::chess::{Game, Move, Piece, Position, Role, Square};

/// What GIF to make of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GifSpec {
    /// Width and height in pixels (256-1024). The GIF is the board alone.
    pub size: u32,
    /// Black at the bottom when true.
    pub flip: bool,
    /// How long each position shows, in hundredths of a second.
    pub delay_cs: u16,
    /// How long the final position shows before the loop starts again.
    pub final_delay_cs: u16,
}

impl GifSpec {
    /// One second per move.
    pub const DEFAULT_DELAY_CS: u16 = 100;
    /// Three seconds on the final position.
    pub const DEFAULT_FINAL_DELAY_CS: u16 = 300;

    /// White at the bottom, one second per move, three on the final board.
    #[must_use]
    pub fn new(size: u32) -> GifSpec {
        GifSpec {
            size,
            flip: false,
            delay_cs: Self::DEFAULT_DELAY_CS,
            final_delay_cs: Self::DEFAULT_FINAL_DELAY_CS,
        }
    }

    /// Black at the bottom when `flip`.
    #[must_use]
    pub fn flip(mut self, flip: bool) -> Self {
        self.flip = flip;
        self
    }
}

/// The five square backgrounds, in tile order.
const BACKGROUNDS: [Rgb; 5] = [
    theme::LIGHT,
    theme::DARK,
    theme::LAST_LIGHT,
    theme::LAST_DARK,
    theme::CHECK,
];

/// Palette entries for colours; one more is the transparent index.
const MAX_COLOURS: usize = 255;

/// Contents of a square: empty, then the twelve pieces in
/// [`piece_index`] order.
const CONTENTS: usize = 13;

/// Everything prepared for one board size.
pub(super) struct GifPrep {
    lay: Layout,
    /// `r g b` triples; the last entry is the transparent index.
    palette: Vec<u8>,
    transparent: u8,
    /// Exact colour -> index for the colours met while preparing.
    lookup: HashMap<[u8; 3], u8>,
    /// Side of a tile: a square is `sq` or `sq + 1` pixels wide.
    tile: usize,
    /// `[background][content]` tiles of `tile * tile` indices.
    tiles: Vec<u8>,
}

impl GifPrep {
    fn new(renderer: &Renderer, size: u32) -> Result<GifPrep, RenderError> {
        let lay = Layout::new(size);
        let sprites = renderer.sprites(&lay)?;
        let tile = lay.sq as usize + 1;
        let pixmap = |w: usize, h: usize| {
            Pixmap::new(w as u32, h as u32).ok_or_else(|| RenderError::Raster("empty tile".into()))
        };
        // Every tile in colour, counting the colours met.
        let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
        let mut count = |pm: &Pixmap| {
            for px in pm.data().chunks_exact(4) {
                *counts.entry([px[0], px[1], px[2]]).or_insert(0) += 1;
            }
        };
        let mut rgba_tiles = Vec::with_capacity(BACKGROUNDS.len() * CONTENTS);
        for bg in BACKGROUNDS {
            for content in 0..CONTENTS {
                let mut pm = pixmap(tile, tile)?;
                fill(&mut pm, 0, 0, tile as u32, tile as u32, bg);
                if content > 0 {
                    blit(&mut pm, &sprites.pieces[content - 1], 0, 0);
                }
                count(&pm);
                rgba_tiles.push(pm);
            }
            // Coordinates on this background (any square may be
            // highlighted), and the badges on either king.
            for style_glyphs in &sprites.glyphs[..2] {
                for g in style_glyphs {
                    let mut pm = pixmap(g.width() as usize, g.height() as usize)?;
                    fill(&mut pm, 0, 0, g.width(), g.height(), bg);
                    blit(&mut pm, g, 0, 0);
                    count(&pm);
                }
            }
            for king in [5, 11] {
                for badge in &sprites.badges {
                    let mut pm = pixmap(tile, tile)?;
                    fill(&mut pm, 0, 0, tile as u32, tile as u32, bg);
                    blit(&mut pm, &sprites.pieces[king], 0, 0);
                    blit(&mut pm, badge, tile as i32 - badge.width() as i32, 0);
                    count(&pm);
                }
            }
        }
        // The most frequent colours; the rest (rare blends, if more than
        // 255) map to their nearest.
        let mut colours: Vec<([u8; 3], u64)> = counts.into_iter().collect();
        colours.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let kept: Vec<[u8; 3]> = colours.iter().take(MAX_COLOURS).map(|c| c.0).collect();
        let mut lookup: HashMap<[u8; 3], u8> = HashMap::with_capacity(colours.len());
        for (i, c) in kept.iter().enumerate() {
            lookup.insert(*c, i as u8);
        }
        for (c, _) in colours.iter().skip(kept.len()) {
            lookup.insert(*c, nearest(kept.as_flattened(), *c));
        }
        let transparent = kept.len() as u8;
        let mut palette: Vec<u8> = kept.iter().flatten().copied().collect();
        palette.extend_from_slice(&[0, 0, 0]);
        let mut prep = GifPrep {
            lay,
            palette,
            transparent,
            lookup,
            tile,
            tiles: Vec::new(),
        };
        let mut tiles = Vec::with_capacity(rgba_tiles.len() * tile * tile);
        for pm in &rgba_tiles {
            tiles.extend(
                pm.data()
                    .chunks_exact(4)
                    .map(|p| prep.index([p[0], p[1], p[2]])),
            );
        }
        prep.tiles = tiles;
        Ok(prep)
    }

    /// The palette index of a colour (the nearest one when it was never
    /// met while preparing).
    fn index(&self, c: [u8; 3]) -> u8 {
        match self.lookup.get(&c) {
            Some(&i) => i,
            None => nearest(&self.palette[..usize::from(self.transparent) * 3], c),
        }
    }

    /// The number of colours in the palette (the transparent entry aside).
    fn colours(&self) -> usize {
        usize::from(self.transparent)
    }
}

/// The index of the colour nearest to `c` in a palette of `r g b` triples.
fn nearest(palette: &[u8], c: [u8; 3]) -> u8 {
    let d = |p: &[u8]| {
        (0..3)
            .map(|i| (i32::from(p[i]) - i32::from(c[i])).pow(2))
            .sum::<i32>()
    };
    palette
        .chunks_exact(3)
        .enumerate()
        .min_by_key(|(_, p)| d(p))
        .map_or(0, |(i, _)| i as u8)
}

/// What one square shows in one frame; a change means redrawing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SquareState {
    background: u8,
    /// 0 empty, else 1 + [`piece_index`].
    content: u8,
    /// A result badge (only on the final frame).
    badge: bool,
}

impl Renderer {
    fn gif_prep(&self, size: u32) -> Result<Arc<GifPrep>, RenderError> {
        {
            let cache = self.gif_cache.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(p) = cache.get(&size) {
                return Ok(Arc::clone(p));
            }
        }
        let prep = Arc::new(GifPrep::new(self, size)?);
        let mut cache = self.gif_cache.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= 8 {
            cache.clear();
        }
        cache.insert(size, Arc::clone(&prep));
        Ok(prep)
    }

    /// The number of colours in the GIF palette for this size (for tests
    /// and benchmarks).
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range.
    pub fn gif_palette_len(&self, size: u32) -> Result<usize, RenderError> {
        check_size(size)?;
        Ok(self.gif_prep(size)?.colours())
    }

    /// The animated GIF of a game: one frame per position from the start
    /// (plies + 1 frames), the last move highlighted, the result badges on
    /// the final frame (from [`Game::outcome`]: record a resignation or a
    /// time-out with [`Game::end`] first), `spec.final_delay_cs` on the
    /// final frame, looping forever.
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range, or an encoding
    /// failure.
    pub fn game_gif(&self, game: &Game, spec: &GifSpec) -> Result<Vec<u8>, RenderError> {
        check_size(spec.size)?;
        let prep = self.gif_prep(spec.size)?;
        let lay = prep.lay;
        let size = spec.size as usize;
        let side = u16::try_from(spec.size).map_err(|_| RenderError::Size(spec.size))?;
        let enc_err = |e: ::gif::EncodingError| RenderError::Encode(e.to_string());

        let moves = game.moves();
        let result = BoardResult::from_outcome(game.outcome());
        let out = Vec::with_capacity(2048 + moves.len() * 2048);
        let mut enc = ::gif::Encoder::new(out, side, side, &prep.palette).map_err(enc_err)?;
        enc.set_repeat(::gif::Repeat::Infinite).map_err(enc_err)?;

        // What the viewer shows so far, as palette indices.
        let mut canvas = vec![prep.transparent; size * size];
        let mut shown: Option<[SquareState; 64]> = None;
        let mut buffer: Vec<u8> = Vec::with_capacity(size * size);
        let mut encoded: Vec<u8> = Vec::with_capacity(size * size / 4);
        let mut lzw = lzw::Lzw::new();
        // Codes for every palette index and the transparent one.
        let min_code_size = (u32::from(prep.transparent) + 1)
            .next_power_of_two()
            .trailing_zeros()
            .max(2) as u8;
        let mut position = game.start().clone();
        for ply in 0..=moves.len() {
            let last_move = ply.checked_sub(1).and_then(|i| moves.get(i)).copied();
            if let Some(m) = last_move {
                position.play_unchecked(m);
            }
            let is_final = ply == moves.len();
            let board = BoardSpec::new(&position)
                .size(spec.size)
                .flip(spec.flip)
                .last_move(last_move)
                .result(if is_final { result } else { None });
            let states = square_states(&board);
            let changed: Vec<Square> = all_squares()
                .filter(|sq| shown.is_none_or(|s| s[sq.index()] != states[sq.index()]))
                .collect();
            let first = shown.is_none();
            shown = Some(states);
            // The bounding rectangle of the changed squares (board pixels).
            let rect = changed
                .iter()
                .map(|sq| board_rect(&lay, *sq, spec.flip))
                .reduce(|a, b| {
                    let x0 = a.0.min(b.0);
                    let y0 = a.1.min(b.1);
                    let x1 = (a.0 + a.2).max(b.0 + b.2);
                    let y1 = (a.1 + a.3).max(b.1 + b.3);
                    (x0, y0, x1 - x0, y1 - y0)
                });
            let delay = if is_final {
                spec.final_delay_cs
            } else {
                spec.delay_cs
            };
            let Some((rx, ry, rw, rh)) = rect else {
                // Nothing changed (cannot happen with legal moves): a
                // one-pixel frame keeps the timing.
                let frame = ::gif::Frame {
                    delay,
                    transparent: Some(prep.transparent),
                    width: 1,
                    height: 1,
                    buffer: Cow::Owned(vec![prep.transparent]),
                    ..::gif::Frame::default()
                };
                enc.write_frame(&frame).map_err(enc_err)?;
                continue;
            };
            buffer.clear();
            buffer.resize(rw * rh, prep.transparent);
            let items = changed
                .iter()
                .any(|sq| needs_compose(&states[sq.index()], *sq, spec.flip))
                .then(|| lay.items(&board));
            for sq in &changed {
                let (x, y, w, h) = board_rect(&lay, *sq, spec.flip);
                let st = states[sq.index()];
                let composed;
                let (src, stride): (&[u8], usize) = match &items {
                    Some(items) if needs_compose(&st, *sq, spec.flip) => {
                        composed = compose_square(self, &prep, items, (x, y, w, h))?;
                        (&composed, w)
                    }
                    _ => {
                        let t = prep.tile * prep.tile;
                        let k =
                            (usize::from(st.background) * CONTENTS + usize::from(st.content)) * t;
                        (&prep.tiles[k..k + t], prep.tile)
                    }
                };
                for row in 0..h {
                    let s = &src[row * stride..row * stride + w];
                    let c0 = (y + row) * size + x;
                    let c = &mut canvas[c0..c0 + w];
                    let b0 = (y - ry + row) * rw + (x - rx);
                    let b = &mut buffer[b0..b0 + w];
                    for ((bi, ci), &si) in b.iter_mut().zip(c.iter_mut()).zip(s) {
                        if *ci != si {
                            *ci = si;
                            *bi = si;
                        }
                    }
                }
            }
            lzw.encode(&buffer, min_code_size, prep.transparent, &mut encoded);
            let frame = ::gif::Frame {
                delay,
                dispose: ::gif::DisposalMethod::Keep,
                transparent: (!first).then_some(prep.transparent),
                left: rx as u16,
                top: ry as u16,
                width: rw as u16,
                height: rh as u16,
                buffer: Cow::Borrowed(&encoded),
                ..::gif::Frame::default()
            };
            enc.write_lzw_pre_encoded_frame(&frame).map_err(enc_err)?;
        }
        enc.into_inner().map_err(enc_err)
    }
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..64u8).filter_map(Square::new)
}

/// A square's rectangle `(x, y, w, h)` on the GIF (the board alone, no
/// strips).
fn board_rect(lay: &Layout, sq: Square, flip: bool) -> (usize, usize, usize, usize) {
    let (x, y, w, h) = lay.square_rect(sq, flip);
    (
        x.max(0) as usize,
        (y - lay.strip as i32).max(0) as usize,
        w as usize,
        h as usize,
    )
}

/// Whether a square carries a coordinate (left column, bottom row) or a
/// badge, and so is composed in colour rather than copied from a tile.
fn needs_compose(st: &SquareState, sq: Square, flip: bool) -> bool {
    let (col, row) = Layout::cell(sq, flip);
    st.badge || col == 0 || row == 7
}

/// The state of every square for one frame (the same rules as
/// [`Layout::items`]).
fn square_states(board: &BoardSpec<'_>) -> [SquareState; 64] {
    let pos: &Position = board.position;
    let last = board.last_move.map(|m: Move| [m.from(), m.to()]);
    let checked = pos.is_check().then(|| pos.king_square(pos.turn()));
    let badged: Vec<Square> = match board.result {
        Some(BoardResult::Mated(_) | BoardResult::Draw) => {
            vec![crate::chess::Color::White, crate::chess::Color::Black]
        }
        Some(BoardResult::Won(c)) => vec![c],
        None => vec![],
    }
    .into_iter()
    .filter(|c| pos.pieces(*c, Role::King).any())
    .map(|c| pos.king_square(c))
    .collect();
    let mut out = [SquareState {
        background: 0,
        content: 0,
        badge: false,
    }; 64];
    for sq in all_squares() {
        let dark = sq.is_dark();
        let background = if checked == Some(sq) {
            4
        } else if last.is_some_and(|l| l.contains(&sq)) {
            2 + u8::from(dark)
        } else {
            u8::from(dark)
        };
        out[sq.index()] = SquareState {
            background,
            content: pos
                .piece_at(sq)
                .map_or(0, |p: Piece| piece_index(p) as u8 + 1),
            badge: badged.contains(&sq),
        };
    }
    out
}

/// A square drawn from the display list in colour, as palette indices
/// (`w * h`, row by row).
fn compose_square(
    renderer: &Renderer,
    prep: &GifPrep,
    items: &[Item],
    (x, y, w, h): (usize, usize, usize, usize),
) -> Result<Vec<u8>, RenderError> {
    let lay = &prep.lay;
    let sprites = renderer.sprites(lay)?;
    let mut pm = Pixmap::new(w as u32, h as u32)
        .ok_or_else(|| RenderError::Raster("empty square".into()))?;
    // Layout coordinates of the square's corner.
    let (ox, oy) = (x as i32, y as i32 + lay.strip as i32);
    let inside = |ix: i32, iy: i32, iw: i32, ih: i32| {
        ix < ox + w as i32 && ix + iw > ox && iy < oy + h as i32 && iy + ih > oy
    };
    for item in items {
        match *item {
            Item::Rect { x, y, w, h, color } if inside(x, y, w as i32, h as i32) => {
                fill(&mut pm, x - ox, y - oy, w, h, color);
            }
            Item::Piece {
                piece,
                x,
                y,
                small: false,
            } if inside(x, y, lay.sq as i32, lay.sq as i32) => {
                blit(&mut pm, &sprites.pieces[piece_index(piece)], x - ox, y - oy);
            }
            Item::Glyph { ch, style, x, y } => {
                if let Some(g) = glyphs::index(ch) {
                    let s = &sprites.glyphs[style as usize][g];
                    let (gx, gy) = lay.glyph_origin_px(style);
                    let (sx, sy) = (x - gx, y - gy);
                    if inside(sx, sy, s.width() as i32, s.height() as i32) {
                        blit(&mut pm, s, sx - ox, sy - oy);
                    }
                }
            }
            Item::Badge { kind, x, y } if inside(x, y, lay.badge as i32, lay.badge as i32) => {
                blit(&mut pm, &sprites.badges[kind.index()], x - ox, y - oy);
            }
            _ => {}
        }
    }
    let mut out = Vec::with_capacity(w * h);
    let mut last = ([0u8; 3], prep.transparent);
    let mut first = true;
    for px in pm.data().chunks_exact(4) {
        let c = [px[0], px[1], px[2]];
        if first || c != last.0 {
            last = (c, prep.index(c));
            first = false;
        }
        out.push(last.1);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{Color, Outcome, RulesMode, Termination};

    /// Morphy's Opera Game, 1858: 33 plies ending in mate.
    const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 \
        Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

    fn game(moves: &str) -> Game {
        let mut g = Game::new(RulesMode::House);
        for m in moves.split_whitespace() {
            g.play_input(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    struct Decoded {
        /// `(delay, left, top, width, height)` of each frame.
        frames: Vec<[u16; 5]>,
        /// The picture after each frame, RGB.
        shown: Vec<Vec<u8>>,
        repeat: ::gif::Repeat,
    }

    fn decode(bytes: &[u8]) -> Decoded {
        let mut opts = ::gif::DecodeOptions::new();
        opts.set_color_output(::gif::ColorOutput::RGBA);
        let mut dec = opts.read_info(bytes).expect("a GIF");
        let (w, h) = (usize::from(dec.width()), usize::from(dec.height()));
        let mut canvas = vec![0u8; w * h * 3];
        let mut out = Decoded {
            frames: Vec::new(),
            shown: Vec::new(),
            repeat: dec.repeat(),
        };
        while let Some(f) = dec.read_next_frame().expect("a frame") {
            out.frames.push([f.delay, f.left, f.top, f.width, f.height]);
            let fw = usize::from(f.width);
            for (i, px) in f.buffer.chunks_exact(4).enumerate() {
                if px[3] == 0 {
                    continue;
                }
                let (x, y) = (usize::from(f.left) + i % fw, usize::from(f.top) + i / fw);
                canvas[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&px[..3]);
            }
            out.shown.push(canvas.clone());
        }
        out
    }

    /// The board part of the PNG compositor's picture, RGB.
    fn reference(r: &Renderer, spec: &BoardSpec<'_>) -> Vec<u8> {
        let pm = r.compose(spec).unwrap();
        let lay = Layout::new(spec.size);
        let start = (lay.strip * lay.size * 4) as usize;
        let end = start + (lay.size * lay.size * 4) as usize;
        pm.data()[start..end]
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect()
    }

    fn mismatches(a: &[u8], b: &[u8]) -> usize {
        a.chunks_exact(3)
            .zip(b.chunks_exact(3))
            .filter(|(x, y)| x != y)
            .count()
    }

    #[test]
    fn one_frame_per_position_with_a_long_last_frame_looping() {
        let g = game(OPERA);
        let r = Renderer::new();
        let bytes = r.game_gif(&g, &GifSpec::new(256)).unwrap();
        let d = decode(&bytes);
        assert_eq!(d.frames.len(), g.moves().len() + 1);
        assert_eq!(d.repeat, ::gif::Repeat::Infinite);
        let (last, rest) = d.frames.split_last().unwrap();
        assert!(last[0] >= 200, "final delay {}", last[0]);
        assert!(rest.iter().all(|f| f[0] == GifSpec::DEFAULT_DELAY_CS));
        assert_eq!(&d.frames[0][1..], &[0, 0, 256, 256]);
    }

    #[test]
    fn every_frame_shows_what_the_png_renderer_draws() {
        let g = game(OPERA);
        let r = Renderer::new();
        for flip in [false, true] {
            let spec = GifSpec::new(512).flip(flip);
            let d = decode(&r.game_gif(&g, &spec).unwrap());
            let mut pos = g.start().clone();
            for (i, shown) in d.shown.iter().enumerate() {
                let last = i.checked_sub(1).map(|j| g.moves()[j]);
                if let Some(m) = last {
                    pos.play_unchecked(m);
                }
                let result = if i == g.moves().len() {
                    Some(BoardResult::Mated(Color::Black))
                } else {
                    None
                };
                let board = BoardSpec::new(&pos)
                    .size(512)
                    .flip(flip)
                    .last_move(last)
                    .result(result);
                let bad = mismatches(shown, &reference(&r, &board));
                // Rare blends may take the nearest palette colour.
                assert!(bad < 200, "frame {i} flip {flip}: {bad} pixels differ");
            }
        }
    }

    #[test]
    fn later_frames_are_small_rectangles() {
        let g = game(OPERA);
        let r = Renderer::new();
        let bytes = r.game_gif(&g, &GifSpec::new(512)).unwrap();
        let d = decode(&bytes);
        let areas: Vec<u32> = d.frames[1..]
            .iter()
            .map(|f| u32::from(f[3]) * u32::from(f[4]))
            .collect();
        let mean = areas.iter().sum::<u32>() / areas.len() as u32;
        println!(
            "{} frames, {} bytes, mean rectangle {mean} px",
            d.frames.len(),
            bytes.len()
        );
        // The changed squares' bounding box: often spanning the board
        // between the last two moves, never the whole board.
        assert!(mean <= 512 * 512 * 2 / 5, "mean rectangle {mean} px");
        assert!(areas.iter().all(|&a| a <= 512 * 512 * 3 / 4), "{areas:?}");
        // 1. e4: only the e-file between e2 and e4 changes.
        assert_eq!(&d.frames[1][1..], &[256, 256, 64, 192]);
        let per_frame = bytes.len() / d.frames.len();
        assert!(per_frame < 4000, "{per_frame} bytes per frame");
    }

    #[test]
    fn the_palette_fits_and_the_size_is_checked() {
        let r = Renderer::new();
        for size in [256, 512, 1024] {
            let n = r.gif_palette_len(size).unwrap();
            assert!(n <= 255, "{size}: {n} colours");
        }
        assert!(matches!(
            r.game_gif(&Game::new(RulesMode::House), &GifSpec::new(100)),
            Err(RenderError::Size(100))
        ));
    }

    #[test]
    fn a_game_without_moves_is_one_long_frame() {
        let r = Renderer::new();
        let d = decode(
            &r.game_gif(&Game::new(RulesMode::House), &GifSpec::new(256))
                .unwrap(),
        );
        assert_eq!(d.frames.len(), 1);
        assert_eq!(d.frames[0][0], GifSpec::DEFAULT_FINAL_DELAY_CS);
    }

    #[test]
    fn a_resignation_recorded_on_the_game_gets_a_badge() {
        let mut g = game("e4 e5");
        g.end(Outcome::new(Some(Color::White), Termination::Resignation));
        let r = Renderer::new();
        let d = decode(&r.game_gif(&g, &GifSpec::new(256)).unwrap());
        let pos = g.position().clone();
        let board = BoardSpec::new(&pos)
            .size(256)
            .last_move(g.moves().last().copied())
            .result(Some(BoardResult::Won(Color::White)));
        let shown = d.shown.last().unwrap();
        assert!(mismatches(shown, &reference(&r, &board)) < 50);
        let plain = BoardSpec::new(&pos)
            .size(256)
            .last_move(g.moves().last().copied());
        assert!(mismatches(shown, &reference(&r, &plain)) > 50);
    }
}
