//! The animated GIF of a game: one frame per position from the start,
//! drawn as the board pictures are (the players' names in the strips,
//! captures, coordinates, the last move's squares; the strips held still,
//! see below), with the move
//! number and SAN of the move just played in the mover's strip, the
//! result on the final frame (badges and the score), paced for people
//! watching on a phone, looping forever.
//!
//! Pacing: the first frame holds [`GifSpec::first_delay_cs`], every ply
//! then shows for [`GifSpec::delay_cs`] (0.8 s), less in long games so
//! that the whole GIF lasts at most [`GifSpec::MAX_TOTAL_CS`] (never under
//! [`GifSpec::MIN_DELAY_CS`] a ply), and the final frame holds
//! [`GifSpec::final_delay_cs`].
//!
//! Fast by preparation, the way lichess's lila-gif works: each frame is
//! composed as palette indices by the board compositor (`indexed`: tiles,
//! sprites and text prepared once per size, the caption's letters cached
//! one by one), in its fixed palette of at most 255 colours, the last
//! index left for transparency.
//!
//! Small by sending only what changed, and little of it twice. The
//! strips of a GIF hold still (`BoardSpec::caption_room`): the names stay
//! bright with no turn bar (the caption says who moved) and both strips
//! keep a room at their right end as wide as the game's widest caption,
//! so the names and captures never move for it. What stays between plies
//! is the picture without a caption; a ply is a few image blocks (all but
//! the last shown for 2 hundredths of a second, so the ply lasts as long
//! as before): the rectangle of each group of touching squares that
//! changed (the move, the previous move's squares) and of a strip whose
//! captures changed, transparent where a pixel stays, then the caption's
//! letters as one block that passes (disposal: restore the previous
//! picture), so the next ply need not undo it. Only the regions (squares,
//! strips) whose display items changed are drawn again, and only they are
//! compared. A block of at most 16 colours carries its own palette
//! (shorter codes). Every ply shows exactly the picture of the board
//! compositor for the same spec.

mod lzw;

use std::borrow::Cow;

use super::layout::{Item, Layout, TextItem, TextSlot};
use super::theme::Theme;
use super::{BoardResult, BoardSpec, PieceCounts, RenderError, Renderer, check_size, side_setters};
use crate::chess::{Color, Game};

/// What GIF to make of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GifSpec<'a> {
    /// Width in pixels (256-1024); the height adds the two strips.
    pub size: u32,
    /// Black at the bottom when true.
    pub flip: bool,
    /// How long each position shows at most, in hundredths of a second.
    pub delay_cs: u16,
    /// How long the start position shows.
    pub first_delay_cs: u16,
    /// How long the final position shows before the loop starts again.
    pub final_delay_cs: u16,
    /// The players' names, white then black, for the strips.
    pub names: Option<[&'a str; 2]>,
    /// The pieces the game started with, which captures are counted from:
    /// the start position's when `None` (give it for the last plies of a
    /// longer game).
    pub start: Option<PieceCounts>,
}

impl<'a> GifSpec<'a> {
    /// 0.8 s a ply.
    pub const DEFAULT_DELAY_CS: u16 = 80;
    /// The start position holds 1.5 s.
    pub const DEFAULT_FIRST_DELAY_CS: u16 = 150;
    /// Three seconds on the final position.
    pub const DEFAULT_FINAL_DELAY_CS: u16 = 300;
    /// The whole GIF lasts at most a minute...
    pub const MAX_TOTAL_CS: u32 = 6000;
    /// ...unless a ply would show less than this.
    pub const MIN_DELAY_CS: u16 = 20;

    /// White at the bottom, no names, the default pacing.
    #[must_use]
    pub fn new(size: u32) -> GifSpec<'a> {
        GifSpec {
            size,
            flip: false,
            delay_cs: Self::DEFAULT_DELAY_CS,
            first_delay_cs: Self::DEFAULT_FIRST_DELAY_CS,
            final_delay_cs: Self::DEFAULT_FINAL_DELAY_CS,
            names: None,
            start: None,
        }
    }

    side_setters!('a);

    /// The pieces the game started with (captures are counted from them).
    #[must_use]
    pub fn start(mut self, start: PieceCounts) -> Self {
        self.start = Some(start);
        self
    }

    /// How long each ply shows in a game of `plies`: [`delay_cs`], less in
    /// long games so that the whole lasts at most [`MAX_TOTAL_CS`], never
    /// under [`MIN_DELAY_CS`].
    ///
    /// [`delay_cs`]: GifSpec::delay_cs
    /// [`MAX_TOTAL_CS`]: GifSpec::MAX_TOTAL_CS
    /// [`MIN_DELAY_CS`]: GifSpec::MIN_DELAY_CS
    #[must_use]
    pub fn ply_delay_cs(&self, plies: usize) -> u16 {
        let fixed = u32::from(self.first_delay_cs) + u32::from(self.final_delay_cs);
        let room = Self::MAX_TOTAL_CS.saturating_sub(fixed);
        // The last ply's frame is the final one.
        let n = u32::try_from(plies.saturating_sub(1).max(1)).unwrap_or(u32::MAX);
        let fit = u16::try_from(room / n).unwrap_or(u16::MAX);
        fit.min(self.delay_cs)
            .max(Self::MIN_DELAY_CS.min(self.delay_cs))
    }
}

/// `12. Nf3` or `12... Nf6` for the move just played (the position before
/// it given), with ` · 1-0` after it on the final frame.
fn caption(before: &crate::chess::Position, san: &str, score: Option<&str>) -> String {
    let n = before.fullmove_number();
    let mut c = match before.turn() {
        Color::White => format!("{n}. {san}"),
        Color::Black => format!("{n}... {san}"),
    };
    if let Some(s) = score {
        c.push_str("  ");
        c.push_str(s);
    }
    c
}

impl Renderer {
    /// The number of colours in the GIF palette for this size (for tests
    /// and benchmarks).
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range.
    pub fn gif_palette_len(&self, size: u32) -> Result<usize, RenderError> {
        check_size(size)?;
        Ok(self.prep(&Layout::new(size), Theme::Brown)?.colours())
    }

    /// The animated GIF of a game: one frame per position from the start
    /// (plies + 1 frames), paced as [`GifSpec::ply_delay_cs`] says, the
    /// last move highlighted and written in the mover's strip, the result
    /// (badges and score) on the final frame (from [`Game::outcome`]:
    /// record a resignation or a time-out with [`Game::end`] first),
    /// looping forever.
    ///
    /// # Errors
    /// [`RenderError::Size`] when the size is out of range, or an encoding
    /// failure.
    pub fn game_gif(&self, game: &Game, spec: &GifSpec<'_>) -> Result<Vec<u8>, RenderError> {
        check_size(spec.size)?;
        let lay = Layout::new(spec.size);
        let prep = self.prep(&lay, Theme::Brown)?;
        let width = lay.size as usize;
        let height = lay.height as usize;
        let row = width + 1;
        let w16 = u16::try_from(lay.size).map_err(|_| RenderError::Size(spec.size))?;
        let h16 = u16::try_from(lay.height).map_err(|_| RenderError::Size(spec.size))?;
        let enc_err = |e: ::gif::EncodingError| RenderError::Encode(e.to_string());

        let moves = game.moves();
        let outcome = game.outcome();
        let result = BoardResult::from_outcome(outcome);
        let frames = Frames::new(game, &lay);
        let colours = prep.colours();
        let transparent = colours as u8;
        let mut palette = prep.palette.clone();
        palette.extend_from_slice(&[0, 0, 0]);
        let out = Vec::with_capacity(4096 + moves.len() * 2048);
        let mut enc = ::gif::Encoder::new(out, w16, h16, &palette).map_err(enc_err)?;
        enc.set_repeat(::gif::Repeat::Infinite).map_err(enc_err)?;
        let per_ply = spec.ply_delay_cs(moves.len());
        // Captures counted from the game's own start (a custom FEN).
        let start = spec.start.unwrap_or_else(|| PieceCounts::of(game.start()));

        let mut blocks = Blocks {
            buffer: Vec::with_capacity(width * height),
            encoded: Vec::with_capacity(width * height / 4),
            lzw: lzw::Lzw::new(),
            // Codes for every palette index and the transparent one.
            min_code_size: (u32::from(transparent) + 1)
                .next_power_of_two()
                .trailing_zeros()
                .max(2) as u8,
            transparent,
            row,
            palette: palette.clone(),
        };
        // What the viewer keeps between plies (see the module's notes):
        // the picture without a caption, its items by region (the 64
        // squares, then the top and the bottom strip) to redraw only the
        // regions whose items changed, and `old`, the same picture but
        // for the regions being redrawn, which it holds as they were.
        let mut kept: Vec<u8> = Vec::new();
        let mut old: Vec<u8> = Vec::new();
        let mut regions: Vec<Vec<Item>> = vec![Vec::new(); REGIONS];
        let mut new_regions: Vec<Vec<Item>> = vec![Vec::new(); REGIONS];
        let mut to_draw: Vec<Item> = Vec::with_capacity(64);
        let mut rects: Vec<Rect> = Vec::with_capacity(8);
        // A strip whose caption stayed in the kept picture.
        let mut stale: Option<usize> = None;
        let mut position = game.start().clone();
        for ply in 0..=moves.len() {
            let last_move = ply.checked_sub(1).and_then(|i| moves.get(i)).copied();
            let is_final = ply == moves.len();
            if let Some(m) = last_move {
                position.play_unchecked(m);
            }
            let text = ply
                .checked_sub(1)
                .and_then(|i| frames.captions.get(i))
                .map(String::as_str);
            let mut board = BoardSpec::new(&position)
                .size(spec.size)
                .flip(spec.flip)
                .last_move(last_move)
                .result(if is_final { result } else { None })
                .start(start)
                .caption(text);
            board.caption_room = Some(if is_final {
                frames.final_room
            } else {
                frames.room
            });
            if let Some([w, b]) = spec.names {
                board = board.names(w, b);
            }
            let delay = if is_final {
                spec.final_delay_cs
            } else if ply == 0 {
                spec.first_delay_cs
            } else {
                per_ply
            };
            if ply == 0 || is_final {
                // The first frame whole; the final one (badges, the
                // score, perhaps a wider caption) by what changed.
                let img = self.compose_indexed(&board)?.rows;
                if ply == 0 {
                    blocks.write(&mut enc, &img, None, (0, 0, width, height), delay, false)?;
                    let kept_spec = board.clone().caption(None);
                    by_region(&lay, &lay.items(&kept_spec), &mut regions);
                    old.clone_from(&img);
                    kept = img;
                    if !is_final {
                        continue;
                    }
                    break;
                }
                rects.clear();
                let strip = lay.strip as usize;
                let board_end = strip + width;
                rects.extend(changed_rect(&old, &img, row, (0, width), (0, strip)));
                rects.extend(board_rects(&old, &img, row, &lay, &[true; 64]));
                rects.extend(changed_rect(
                    &old,
                    &img,
                    row,
                    (0, width),
                    (board_end, height),
                ));
                blocks.write_all(&mut enc, &img, &old, &rects, delay, (width, height))?;
                break;
            }
            // The kept picture: the regions whose items changed drawn
            // again (each starts with a fill of the whole region).
            let kept_spec = board.clone().caption(None);
            by_region(&lay, &lay.items(&kept_spec), &mut new_regions);
            let mut dirty = [false; REGIONS];
            to_draw.clear();
            for (r, d) in dirty.iter_mut().enumerate() {
                if new_regions[r] != regions[r] || stale == Some(r) {
                    *d = true;
                    to_draw.extend_from_slice(&new_regions[r]);
                }
            }
            std::mem::swap(&mut regions, &mut new_regions);
            stale = None;
            kept = self.draw_list(&kept_spec, &lay, &prep, kept, &to_draw)?;
            // One block per group of touching squares that changed and
            // per strip that changed, then the caption, which passes.
            rects.clear();
            let mut squares = [false; 64];
            squares.copy_from_slice(&dirty[..64]);
            rects.extend(board_rects(&old, &kept, row, &lay, &squares));
            for r in [TOP, BOTTOM] {
                if dirty[r] {
                    let (_, y, _, h) = region_rect(&lay, r);
                    rects.extend(changed_rect(&old, &kept, row, (0, width), (y, y + h)));
                }
            }
            to_draw.clear();
            let mut caption_box: Option<Rect> = None;
            for item in lay.replay_caption(&board) {
                if let Item::Text(TextItem {
                    slot: TextSlot::Caption(..),
                    x,
                    y,
                    w,
                    h,
                    ..
                }) = item
                {
                    let x0 = x.clamp(0, width as i32) as usize;
                    let x1 = (x + w as i32).clamp(0, width as i32) as usize;
                    let (y0, y1) = (y.max(0) as usize, (y as usize + h as usize).min(height));
                    if x1 > x0 && y1 > y0 {
                        let r = (x0, y0, x1 - x0, y1 - y0);
                        caption_box = Some(caption_box.map_or(r, |c| union(c, r)));
                    }
                    to_draw.push(item);
                }
            }
            let n = rects.len() + usize::from(caption_box.is_some());
            if n == 0 {
                // Nothing changed: a one-pixel frame keeps the timing.
                blocks.write_empty(&mut enc, delay)?;
                continue;
            }
            if n > 1 && u32::from(delay) < u32::from(STEP_CS) * n as u32 {
                // Too short a delay to share: the ply is one rectangle,
                // the caption staying in the kept picture until its strip
                // is drawn again.
                kept = self.draw_list(&board, &lay, &prep, kept, &to_draw)?;
                let all = changed_rect(&old, &kept, row, (0, width), (0, height));
                blocks.write_all(
                    &mut enc,
                    &kept,
                    &old,
                    all.as_slice(),
                    delay,
                    (width, height),
                )?;
                if let Some((x, y, w, h)) = all {
                    copy_rect(&kept, &mut old, row, (x, y, w, h));
                }
                stale = Some(strip_region(position.turn().other(), spec.flip));
                continue;
            }
            let rest = delay - STEP_CS * (n as u16 - 1);
            for (k, &r) in rects.iter().enumerate() {
                let d = if k + 1 == n { rest } else { STEP_CS };
                blocks.write(&mut enc, &kept, Some(&old), r, d, false)?;
            }
            for (r, _) in dirty.iter().enumerate().filter(|(_, d)| **d) {
                copy_rect(&kept, &mut old, row, region_rect(&lay, r));
            }
            if let Some(b) = caption_box {
                kept = self.draw_list(&board, &lay, &prep, kept, &to_draw)?;
                let (x, y, w, h) = b;
                let passing = changed_rect(&old, &kept, row, (x, x + w), (y, y + h));
                match passing {
                    Some(r) => blocks.write(&mut enc, &kept, Some(&old), r, rest, true)?,
                    None => blocks.write_empty(&mut enc, rest)?,
                }
                copy_rect(&old, &mut kept, row, b);
            }
        }
        enc.into_inner().map_err(enc_err)
    }
}

/// The captions of a game's plies and the room kept for them.
struct Frames {
    /// The caption of each ply, the last with the score when the game is
    /// over.
    captions: Vec<String>,
    /// The widest caption but the last.
    room: u32,
    /// The room on the final frame (its caption may be wider).
    final_room: u32,
}

impl Frames {
    fn new(game: &Game, lay: &Layout) -> Frames {
        let moves = game.moves();
        let sans = game.sans();
        let score = game
            .outcome()
            .filter(|o| o.termination != crate::chess::Termination::Aborted)
            .map(|o| match o.result() {
                "1/2-1/2" => "½-½",
                r => r,
            });
        let mut position = game.start().clone();
        let mut captions = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            let san = sans.get(i).map_or("", String::as_str);
            let last = i + 1 == moves.len();
            captions.push(caption(&position, san, score.filter(|_| last)));
            position.play_unchecked(*m);
        }
        let widths: Vec<u32> = captions.iter().map(|c| lay.caption_width(c)).collect();
        let room = widths[..widths.len().saturating_sub(1)]
            .iter()
            .copied()
            .max()
            .unwrap_or(0);
        let final_room = room.max(widths.last().copied().unwrap_or(0));
        Frames {
            captions,
            room,
            final_room,
        }
    }
}

/// The regions a picture is redrawn by: the 64 squares (display row
/// times 8 plus column), then the strips.
const REGIONS: usize = 66;
const TOP: usize = 64;
const BOTTOM: usize = 65;

/// The region an item starts in.
fn region_of(lay: &Layout, x: i32, y: i32) -> usize {
    let strip = lay.strip as i32;
    if y < strip {
        return TOP;
    }
    if y >= strip + lay.size as i32 {
        return BOTTOM;
    }
    let cell = |v: i32| (1..8u32).take_while(|&i| lay.edge(i) <= v).count();
    cell(y - strip) * 8 + cell(x)
}

/// The rectangle of a region.
fn region_rect(lay: &Layout, r: usize) -> Rect {
    let (size, strip) = (lay.size as usize, lay.strip as usize);
    match r {
        TOP => (0, 0, size, strip),
        BOTTOM => (0, strip + size, size, strip),
        _ => {
            let (row, col) = ((r / 8) as u32, (r % 8) as u32);
            let (x0, x1) = (lay.edge(col) as usize, lay.edge(col + 1) as usize);
            let (y0, y1) = (lay.edge(row) as usize, lay.edge(row + 1) as usize);
            (x0, strip + y0, x1 - x0, y1 - y0)
        }
    }
}

/// The region of the strip of `side`.
fn strip_region(side: Color, flip: bool) -> usize {
    let top = if flip { Color::White } else { Color::Black };
    if side == top { TOP } else { BOTTOM }
}

/// Sorts `items` by region, in their order.
fn by_region(lay: &Layout, items: &[Item], out: &mut [Vec<Item>]) {
    for r in out.iter_mut() {
        r.clear();
    }
    for item in items {
        let (x, y) = match *item {
            Item::Rect { x, y, .. }
            | Item::Piece { x, y, .. }
            | Item::Glyph { x, y, .. }
            | Item::Badge { x, y, .. }
            | Item::Text(TextItem { x, y, .. }) => (x, y),
        };
        out[region_of(lay, x, y)].push(*item);
    }
}

/// Copies the rectangle `r` of picture `from` into `to`.
fn copy_rect(from: &[u8], to: &mut [u8], row: usize, (x, y, w, h): Rect) {
    for yy in y..y + h {
        let a = yy * row + 1 + x;
        to[a..a + w].copy_from_slice(&from[a..a + w]);
    }
}

/// Writes image blocks, reusing the buffers and the LZW table.
struct Blocks {
    buffer: Vec<u8>,
    encoded: Vec<u8>,
    lzw: lzw::Lzw,
    min_code_size: u8,
    transparent: u8,
    /// Bytes per row of the pictures (a filter byte, then the pixels).
    row: usize,
    /// The GIF's palette, `r g b` triples.
    palette: Vec<u8>,
}

impl Blocks {
    /// The rectangle `r` of picture `cur` as one image block shown for
    /// `delay`, over `old` (what the viewer shows there): a pixel that is
    /// the same is transparent, or its colour when that continues the
    /// run before it (longer runs, fewer codes). A `passing` block is
    /// undone once shown (disposal: restore the previous picture).
    fn write(
        &mut self,
        enc: &mut ::gif::Encoder<Vec<u8>>,
        cur: &[u8],
        old: Option<&[u8]>,
        (rx, ry, rw, rh): Rect,
        delay: u16,
        passing: bool,
    ) -> Result<(), RenderError> {
        let enc_err = |e: ::gif::EncodingError| RenderError::Encode(e.to_string());
        let t = self.transparent;
        self.buffer.clear();
        let mut last = t;
        for y in ry..ry + rh {
            let a = y * self.row + 1 + rx;
            let now = &cur[a..a + rw];
            match old {
                None => self.buffer.extend_from_slice(now),
                Some(old) => {
                    for (&c, &o) in now.iter().zip(&old[a..a + rw]) {
                        last = if c != o || c == last { c } else { t };
                        self.buffer.push(last);
                    }
                }
            }
        }
        let (min_code_size, t, palette) = self.local_palette(t, old.is_some());
        self.lzw.encode(
            &self.buffer,
            min_code_size,
            t.unwrap_or(0),
            &mut self.encoded,
        );
        let frame = ::gif::Frame {
            delay,
            dispose: if passing {
                ::gif::DisposalMethod::Previous
            } else {
                ::gif::DisposalMethod::Keep
            },
            transparent: t,
            palette,
            left: rx as u16,
            top: ry as u16,
            width: rw as u16,
            height: rh as u16,
            buffer: Cow::Borrowed(&self.encoded),
            ..::gif::Frame::default()
        };
        enc.write_lzw_pre_encoded_frame(&frame).map_err(enc_err)
    }
}

/// A block of at most this many colours (the transparent index counted)
/// comes with its own palette: codes start shorter (a square that only
/// changes colour, a caption), more than its palette costs.
const LOCAL_COLOURS: usize = 16;

impl Blocks {
    /// The code size, the transparent index (when `transparent`) and the
    /// block's own palette if it has few colours: then the buffer is
    /// remapped to it.
    fn local_palette(&mut self, t: u8, transparent: bool) -> (u8, Option<u8>, Option<Vec<u8>>) {
        let global = (self.min_code_size, transparent.then_some(t), None);
        let mut local = [u8::MAX; 256];
        let mut colours: Vec<u8> = Vec::with_capacity(LOCAL_COLOURS);
        for &b in &self.buffer {
            if local[usize::from(b)] == u8::MAX {
                if colours.len() == LOCAL_COLOURS {
                    return global;
                }
                local[usize::from(b)] = colours.len() as u8;
                colours.push(b);
            }
        }
        let bits = (colours.len().max(2) - 1).ilog2() + 1;
        let min_code_size = bits.max(2) as u8;
        if min_code_size >= self.min_code_size {
            return global;
        }
        for b in &mut self.buffer {
            *b = local[usize::from(*b)];
        }
        let mut palette = vec![0u8; 3 << min_code_size];
        for (i, &c) in colours.iter().enumerate() {
            let g = usize::from(c) * 3;
            if let Some(rgb) = self.palette.get(g..g + 3) {
                palette[i * 3..i * 3 + 3].copy_from_slice(rgb);
            }
        }
        let t = local[usize::from(t)];
        (
            min_code_size,
            (transparent && t != u8::MAX).then_some(t),
            Some(palette),
        )
    }

    /// `rects` of `cur` over `old`, all but the last shown for
    /// [`STEP_CS`]; with too short a delay to share, their union as one
    /// block.
    fn write_all(
        &mut self,
        enc: &mut ::gif::Encoder<Vec<u8>>,
        cur: &[u8],
        old: &[u8],
        rects: &[Rect],
        delay: u16,
        (width, height): (usize, usize),
    ) -> Result<(), RenderError> {
        let n = rects.len();
        if n == 0 {
            return self.write_empty(enc, delay);
        }
        if n > 1 && u32::from(delay) < u32::from(STEP_CS) * n as u32 {
            let all = rects
                .iter()
                .copied()
                .reduce(union)
                .unwrap_or((0, 0, width, height));
            return self.write(enc, cur, Some(old), all, delay, false);
        }
        let rest = delay - STEP_CS * (n as u16 - 1);
        for (k, &r) in rects.iter().enumerate() {
            let d = if k + 1 == n { rest } else { STEP_CS };
            self.write(enc, cur, Some(old), r, d, false)?;
        }
        Ok(())
    }

    /// A one-pixel transparent block: the timing without a change.
    fn write_empty(
        &mut self,
        enc: &mut ::gif::Encoder<Vec<u8>>,
        delay: u16,
    ) -> Result<(), RenderError> {
        let frame = ::gif::Frame {
            delay,
            transparent: Some(self.transparent),
            width: 1,
            height: 1,
            buffer: Cow::Owned(vec![self.transparent]),
            ..::gif::Frame::default()
        };
        enc.write_frame(&frame)
            .map_err(|e| RenderError::Encode(e.to_string()))
    }
}

/// A rectangle `(x, y, w, h)` of the picture.
type Rect = (usize, usize, usize, usize);

/// How long each image block of a ply but its last shows: the shortest
/// delay browsers honour (they show 0 or 1 hundredth for a tenth of a
/// second), so a ply's blocks add up to the ply's delay.
const STEP_CS: u16 = 2;

/// The bounding rectangle of the pixels that differ between two pictures
/// of rows of `row` bytes (a filter byte, then the pixels), among columns
/// `x0..x1` of rows `y0..y1`; `None` when those are the same.
fn changed_rect(
    a: &[u8],
    b: &[u8],
    row: usize,
    (x0, x1): (usize, usize),
    (y0, y1): (usize, usize),
) -> Option<Rect> {
    let mut top = None;
    let mut bottom = 0;
    let (mut left, mut right) = (usize::MAX, 0);
    for y in y0..y1 {
        let ra = &a[y * row + 1 + x0..y * row + 1 + x1];
        let rb = &b[y * row + 1 + x0..y * row + 1 + x1];
        if ra == rb {
            continue;
        }
        top.get_or_insert(y);
        bottom = y;
        let l = ra.iter().zip(rb).position(|(x, y)| x != y).unwrap_or(0);
        let r = ra.iter().zip(rb).rposition(|(x, y)| x != y).unwrap_or(0);
        left = left.min(l);
        right = right.max(r);
    }
    top.map(|t| (x0 + left, t, right - left + 1, bottom - t + 1))
}

/// The smallest rectangle holding both.
fn union((ax, ay, aw, ah): Rect, (bx, by, bw, bh): Rect) -> Rect {
    let (x, y) = (ax.min(bx), ay.min(by));
    (x, y, (ax + aw).max(bx + bw) - x, (ay + ah).max(by + bh) - y)
}

/// What changed on the board, as one rectangle per group of touching
/// squares (a move and the previous move's squares are apart more often
/// than not; the squares between them would cost codes as transparent
/// runs), top to bottom.
fn board_rects(a: &[u8], b: &[u8], row: usize, lay: &Layout, only: &[bool; 64]) -> Vec<Rect> {
    let top = lay.strip as usize;
    let edge = |i: u32| lay.edge(i) as usize;
    let mut squares = [[None::<Rect>; 8]; 8];
    for (r, line) in squares.iter_mut().enumerate() {
        let ys = (top + edge(r as u32), top + edge(r as u32 + 1));
        for (c, sq) in line.iter_mut().enumerate() {
            if !only[r * 8 + c] {
                continue;
            }
            *sq = changed_rect(a, b, row, (edge(c as u32), edge(c as u32 + 1)), ys);
        }
    }
    let mut out = Vec::new();
    let mut seen = [[false; 8]; 8];
    for r0 in 0..8 {
        for c0 in 0..8 {
            if seen[r0][c0] || squares[r0][c0].is_none() {
                continue;
            }
            // The squares touching this one, and those touching them.
            let mut group: Option<Rect> = None;
            let mut todo = vec![(r0, c0)];
            seen[r0][c0] = true;
            while let Some((r, c)) = todo.pop() {
                if let Some(q) = squares[r][c] {
                    group = Some(group.map_or(q, |g| union(g, q)));
                }
                for nr in r.saturating_sub(1)..=(r + 1).min(7) {
                    for nc in c.saturating_sub(1)..=(c + 1).min(7) {
                        if !seen[nr][nc] && squares[nr][nc].is_some() {
                            seen[nr][nc] = true;
                            todo.push((nr, nc));
                        }
                    }
                }
            }
            out.extend(group);
        }
    }
    out
}

#[cfg(test)]
mod tests;
