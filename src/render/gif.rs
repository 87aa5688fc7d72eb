//! The animated GIF of a game: one frame per position from the start,
//! drawn exactly as the board pictures are (the players' names in the
//! strips, captures, coordinates, the last move's squares), with the move
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
//! Small by sending only what changed, and little of it twice: a ply is a
//! few image blocks (all but the last shown for 2 hundredths of a second, so the ply
//! lasts as long as before). What stays between plies is the picture with
//! both strips as the side to move's looks (no caption, name bright):
//! the blocks that change it are the rectangle of each group of touching
//! squares that changed (the move, the previous move's squares) and of a
//! strip whose captures changed, transparent where a pixel stays. Then the
//! mover's strip (its caption, its name muted) comes as one block that
//! passes (disposal: restore the previous picture), so the next ply need
//! not undo it. Every ply shows exactly the picture of the board
//! compositor.

mod lzw;

use std::borrow::Cow;

use super::layout::Layout;
use super::theme::Theme;
use super::{BoardResult, BoardSpec, PieceCounts, RenderError, Renderer, check_size};
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

    /// Black at the bottom when `flip`.
    #[must_use]
    pub fn flip(mut self, flip: bool) -> Self {
        self.flip = flip;
        self
    }

    /// The players' names (white, black) for the strips.
    #[must_use]
    pub fn names(mut self, white: &'a str, black: &'a str) -> Self {
        self.names = Some([white, black]);
        self
    }

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
        let sans = game.sans();
        let outcome = game.outcome();
        let result = BoardResult::from_outcome(outcome);
        let score = outcome
            .filter(|o| o.termination != crate::chess::Termination::Aborted)
            .map(|o| match o.result() {
                "1/2-1/2" => "½-½",
                r => r,
            });
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

        // What the viewer keeps between plies (see the module's notes):
        // the mover's strip comes as a block that is undone after it.
        let mut kept: Option<Vec<u8>> = None;
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
        };
        // Where the board's rows start and end, between the strips.
        let (strip, board_end) = (lay.strip as usize, (lay.strip + lay.size) as usize);
        let mut position = game.start().clone();
        for ply in 0..=moves.len() {
            let last_move = ply.checked_sub(1).and_then(|i| moves.get(i)).copied();
            let is_final = ply == moves.len();
            let text = match last_move {
                Some(m) => {
                    let san = sans.get(ply - 1).map_or("", String::as_str);
                    let c = caption(&position, san, score.filter(|_| is_final));
                    position.play_unchecked(m);
                    Some(c)
                }
                None => None,
            };
            let mut board = BoardSpec::new(&position)
                .size(spec.size)
                .flip(spec.flip)
                .last_move(last_move)
                .result(if is_final { result } else { None })
                .start(start)
                .caption(text.as_deref());
            if let Some([w, b]) = spec.names {
                board = board.names(w, b);
            }
            // What stays between plies: no caption, both names as the
            // side to move's, so that the mover's strip is the only block
            // that passes (its caption and muted name undone for free).
            // The picture shown is that with the strips drawn as they are.
            let (img, base) = if is_final {
                let img = self.compose_indexed(&board)?.rows;
                (img.clone(), img)
            } else {
                let mut kept_spec = board.clone().caption(None);
                kept_spec.both_marked = true;
                let base = self.compose_indexed(&kept_spec)?.rows;
                (self.redraw_strips(&board, base.clone())?, base)
            };
            let delay = if is_final {
                spec.final_delay_cs
            } else if ply == 0 {
                spec.first_delay_cs
            } else {
                per_ply
            };
            let Some(prev) = &kept else {
                // The first frame: the whole picture, then Black's strip
                // as it shows while White is to move.
                let passing = changed_rect(&base, &img, row, (0, width), (0, height));
                let whole = (0, 0, width, height);
                if passing.is_some() && delay > STEP_CS {
                    blocks.write(&mut enc, &base, None, whole, STEP_CS, false)?;
                    if let Some(r) = passing {
                        blocks.write(&mut enc, &img, Some(&base), r, delay - STEP_CS, true)?;
                    }
                    kept = Some(base);
                } else {
                    blocks.write(&mut enc, &img, None, whole, delay, false)?;
                    kept = Some(img);
                }
                continue;
            };
            // The changed rectangle of each strip and of each group of
            // squares, so the rows between the strips and the squares are
            // not sent at all; then the mover's strip (caption, muted
            // name), undone before the next ply.
            let strip_rect = |ys| changed_rect(prev, &base, row, (0, width), ys);
            let mut rects: Vec<Rect> = strip_rect((0, strip)).into_iter().collect();
            rects.extend(board_rects(prev, &base, row, &lay));
            rects.extend(strip_rect((board_end, height)));
            let mut passing = changed_rect(&base, &img, row, (0, width), (0, height));
            let mut next = base;
            // Each block but the last shows for STEP_CS: with too short a
            // delay to share, the ply is one rectangle as before.
            let n = rects.len() + usize::from(passing.is_some());
            if n > 1 && u32::from(delay) < u32::from(STEP_CS) * n as u32 {
                rects = changed_rect(prev, &img, row, (0, width), (0, height))
                    .into_iter()
                    .collect();
                passing = None;
                next = img.clone();
            }
            if rects.is_empty() && passing.is_none() {
                // Nothing changed: a one-pixel frame keeps the timing.
                let frame = ::gif::Frame {
                    delay,
                    transparent: Some(transparent),
                    width: 1,
                    height: 1,
                    buffer: Cow::Owned(vec![transparent]),
                    ..::gif::Frame::default()
                };
                enc.write_frame(&frame).map_err(enc_err)?;
                continue;
            }
            let n = rects.len() + usize::from(passing.is_some());
            let rest = delay - STEP_CS * (n as u16 - 1);
            for (k, &r) in rects.iter().enumerate() {
                let d = if k + 1 == n { rest } else { STEP_CS };
                blocks.write(&mut enc, &next, Some(prev), r, d, false)?;
            }
            if let Some(r) = passing {
                blocks.write(&mut enc, &img, Some(&next), r, rest, true)?;
            }
            kept = Some(next);
        }
        enc.into_inner().map_err(enc_err)
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
        self.lzw
            .encode(&self.buffer, self.min_code_size, t, &mut self.encoded);
        let frame = ::gif::Frame {
            delay,
            dispose: if passing {
                ::gif::DisposalMethod::Previous
            } else {
                ::gif::DisposalMethod::Keep
            },
            transparent: old.is_some().then_some(t),
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
fn board_rects(a: &[u8], b: &[u8], row: usize, lay: &Layout) -> Vec<Rect> {
    let top = lay.strip as usize;
    let edge = |i: u32| lay.edge(i) as usize;
    let mut squares = [[None::<Rect>; 8]; 8];
    for (r, line) in squares.iter_mut().enumerate() {
        let ys = (top + edge(r as u32), top + edge(r as u32 + 1));
        for (c, sq) in line.iter_mut().enumerate() {
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
mod tests {
    use super::*;
    use crate::chess::{Color, Outcome, Position, RulesMode, Termination};

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
        /// `(delay, left, top, width, height)` of each position: its
        /// whole delay (the steps' too) and its last block.
        frames: Vec<[u16; 5]>,
        /// The pixels sent for each position, all blocks together.
        areas: Vec<u32>,
        /// The image blocks in all.
        blocks: usize,
        /// The picture once each position is whole, RGB.
        shown: Vec<Vec<u8>>,
        repeat: ::gif::Repeat,
    }

    /// Decodes a GIF position by position: blocks shown for [`STEP_CS`]
    /// belong to the position that follows.
    fn decode(bytes: &[u8]) -> Decoded {
        let mut opts = ::gif::DecodeOptions::new();
        opts.set_color_output(::gif::ColorOutput::RGBA);
        let mut dec = opts.read_info(bytes).expect("a GIF");
        let (w, h) = (usize::from(dec.width()), usize::from(dec.height()));
        let mut canvas = vec![0u8; w * h * 3];
        let mut out = Decoded {
            frames: Vec::new(),
            areas: Vec::new(),
            blocks: 0,
            shown: Vec::new(),
            repeat: dec.repeat(),
        };
        let (mut steps, mut area) = (0u16, 0u32);
        // The picture to go back to after a passing block.
        let mut restore: Option<Vec<u8>> = None;
        while let Some(f) = dec.read_next_frame().expect("a frame") {
            out.blocks += 1;
            if let Some(before) = restore.take() {
                canvas = before;
            }
            match f.dispose {
                ::gif::DisposalMethod::Keep => {}
                ::gif::DisposalMethod::Previous => restore = Some(canvas.clone()),
                d => panic!("disposal {d:?}"),
            }
            let fw = usize::from(f.width);
            for (i, px) in f.buffer.chunks_exact(4).enumerate() {
                if px[3] == 0 {
                    continue;
                }
                let (x, y) = (usize::from(f.left) + i % fw, usize::from(f.top) + i / fw);
                canvas[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&px[..3]);
            }
            area += u32::from(f.width) * u32::from(f.height);
            if f.delay == STEP_CS {
                steps += f.delay;
                continue;
            }
            out.frames
                .push([steps + f.delay, f.left, f.top, f.width, f.height]);
            out.areas.push(area);
            (steps, area) = (0, 0);
            out.shown.push(canvas.clone());
        }
        assert_eq!(steps, 0, "the last block is a position's");
        out
    }

    /// The PNG compositor's picture of a frame, RGB.
    fn reference(r: &Renderer, spec: &BoardSpec<'_>) -> Vec<u8> {
        r.compose(spec)
            .unwrap()
            .data()
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
    fn one_frame_per_position_paced_with_a_long_last_frame_looping() {
        let g = game(OPERA);
        let r = Renderer::new();
        let spec = GifSpec::new(256);
        let bytes = r.game_gif(&g, &spec).unwrap();
        let d = decode(&bytes);
        assert_eq!(d.frames.len(), g.moves().len() + 1);
        assert_eq!(d.repeat, ::gif::Repeat::Infinite);
        let (last, rest) = d.frames.split_last().unwrap();
        assert_eq!(last[0], GifSpec::DEFAULT_FINAL_DELAY_CS);
        assert_eq!(rest[0][0], GifSpec::DEFAULT_FIRST_DELAY_CS);
        // 33 plies: 0.8 s each, 29.1 s in all.
        assert!(rest[1..].iter().all(|f| f[0] == 80), "{:?}", d.frames);
        let h = Layout::new(256).height as u16;
        assert_eq!(&d.frames[0][1..], &[0, 0, 256, h]);
    }

    #[test]
    fn long_games_go_faster_and_last_at_most_a_minute() {
        let spec = GifSpec::new(512);
        for plies in [0usize, 1, 2, 20, 60, 71, 142, 200, 400] {
            let d = u32::from(spec.ply_delay_cs(plies));
            assert!((20..=80).contains(&d), "{plies}: {d}");
            let total = 150 + 300 + d * plies.saturating_sub(1) as u32;
            if plies <= 277 {
                assert!(total <= GifSpec::MAX_TOTAL_CS, "{plies}: {total} cs");
            }
            if plies <= 60 {
                assert_eq!(d, 80, "short games at 0.8 s a ply");
            }
        }
    }

    #[test]
    fn every_frame_shows_what_the_png_renderer_draws() {
        let g = game(OPERA);
        let r = Renderer::new();
        for flip in [false, true] {
            let spec = GifSpec::new(512).flip(flip).names("Morphy", "Duke Karl");
            let d = decode(&r.game_gif(&g, &spec).unwrap());
            let mut pos = g.start().clone();
            for (i, shown) in d.shown.iter().enumerate() {
                let last = i.checked_sub(1).map(|j| g.moves()[j]);
                let is_final = i == g.moves().len();
                let text = last.map(|m| {
                    let c = caption(&pos, &g.sans()[i - 1], is_final.then_some("1-0"));
                    pos.play_unchecked(m);
                    c
                });
                let result = is_final.then_some(BoardResult::Mated(Color::Black));
                let board = BoardSpec::new(&pos)
                    .size(512)
                    .flip(flip)
                    .last_move(last)
                    .result(result)
                    .names("Morphy", "Duke Karl")
                    .caption(text.as_deref());
                let bad = mismatches(shown, &reference(&r, &board));
                assert_eq!(bad, 0, "frame {i} flip {flip}: {bad} pixels differ");
            }
        }
    }

    #[test]
    fn captions_name_the_move_and_the_result() {
        let p = Position::startpos();
        assert_eq!(caption(&p, "e4", None), "1. e4");
        let p = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
            .unwrap();
        assert_eq!(caption(&p, "e5", None), "1... e5");
        assert_eq!(caption(&p, "Qxf2#", Some("0-1")), "1... Qxf2#  0-1");
    }

    #[test]
    fn later_frames_are_small_rectangles() {
        let g = game(OPERA);
        let r = Renderer::new();
        let spec = GifSpec::new(512).names("Morphy", "Duke Karl");
        let bytes = r.game_gif(&g, &spec).unwrap();
        let d = decode(&bytes);
        let lay = Layout::new(512);
        let full = 512 * lay.height;
        let mean = d.areas[1..].iter().sum::<u32>() / (d.areas.len() - 1) as u32;
        let per_frame = bytes.len() / d.frames.len();
        println!(
            "{} frames ({} blocks), {} bytes, {per_frame} bytes a frame, mean area {mean} px",
            d.frames.len(),
            d.blocks,
            bytes.len()
        );
        // A ply sends the squares that changed and the mover's strip,
        // never the rows between them.
        assert!(mean <= full / 3, "mean area {mean} px");
        assert!(per_frame < 5000, "{per_frame} bytes per frame");
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
    fn a_custom_start_counts_captures_from_it() {
        let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        let mut g = Game::from_position(start.clone(), RulesMode::House);
        for m in ["Kd2", "Kd7"] {
            g.play_input(m).unwrap();
        }
        let r = Renderer::new();
        let d = decode(&r.game_gif(&g, &GifSpec::new(256).names("A", "B")).unwrap());
        let first = BoardSpec::new(&start).size(256).names("A", "B");
        let own = first.clone().start(PieceCounts::of(&start));
        // No captures and no lead: what the board pictures show.
        assert_eq!(mismatches(&d.shown[0], &reference(&r, &own)), 0);
        assert!(mismatches(&d.shown[0], &reference(&r, &first)) > 100);
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
    fn a_resignation_recorded_on_the_game_gets_a_badge_and_the_score() {
        let mut g = game("e4 e5");
        g.end(Outcome::new(Some(Color::White), Termination::Resignation));
        let r = Renderer::new();
        let d = decode(&r.game_gif(&g, &GifSpec::new(256)).unwrap());
        let pos = g.position().clone();
        let before = game("e4");
        let text = caption(before.position(), "e5", Some("1-0"));
        let board = BoardSpec::new(&pos)
            .size(256)
            .last_move(g.moves().last().copied())
            .result(Some(BoardResult::Won(Color::White)))
            .caption(Some(&text));
        let shown = d.shown.last().unwrap();
        assert_eq!(mismatches(shown, &reference(&r, &board)), 0);
        let plain = BoardSpec::new(&pos)
            .size(256)
            .last_move(g.moves().last().copied());
        assert!(mismatches(shown, &reference(&r, &plain)) > 50);
    }
}
