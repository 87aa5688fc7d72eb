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
pub mod standings;
pub mod text;
pub mod theme;

pub use card::SummaryCard;
pub use gif::GifSpec;
pub use standings::{TableKind, standings_image, standings_png};
pub use theme::Theme;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use crate::chess::{Color, Move, Outcome, Piece, Position, Square, Termination};

use layout::{BadgeKind, GlyphStyle, Item, Layout, PIECE_SCALE};

/// What to draw.
#[derive(Clone, Debug)]
pub struct BoardSpec<'a> {
    pub position: &'a Position,
    /// Highlight its from and to squares.
    pub last_move: Option<Move>,
    /// Black at the bottom when true.
    pub flip: bool,
    /// Width of the PNG in pixels (256-1024).
    pub size: u32,
    /// The game result, for a badge on the final board.
    pub result: Option<BoardResult>,
    /// The board colours.
    pub theme: Theme,
    /// The players' names, white then black, drawn in the strips (as text,
    /// never read as markup). Without names the strips show only the
    /// captured pieces and the material balance.
    pub names: Option<[&'a str; 2]>,
    /// The time left to the side to move, ready to show (such as
    /// `2d 4h left`), drawn in its strip while the game runs.
    pub deadline: Option<&'a str>,
    /// The pieces the game started with: captures and the material lead
    /// are counted from them (a game from a custom FEN).
    pub start: PieceCounts,
    /// The move just played, as shown (such as `12. Nf3`, or with the
    /// result on a final frame), right-aligned in the strip of the side
    /// that played it.
    pub caption: Option<&'a str>,
    /// The strips of a GIF frame, `Some(room)`: the names never change
    /// (bright, no turn bar: the caption says who moved) and the right
    /// end of both strips, `room` pixels, is kept for the caption, so
    /// that from ply to ply only the caption's letters change there.
    pub(crate) caption_room: Option<u32>,
}

/// How many pawns, knights, bishops, rooks and queens each colour has
/// (white then black): a game's start, which the strips count captured
/// pieces and the material lead from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceCounts(pub [[u8; 5]; 2]);

impl PieceCounts {
    /// The standard set: 8 pawns, 2 knights, 2 bishops, 2 rooks, a queen.
    pub const STANDARD: PieceCounts = PieceCounts([[8, 2, 2, 2, 1]; 2]);

    /// The pieces on the board of `position`.
    #[must_use]
    pub fn of(position: &Position) -> PieceCounts {
        let mut out = [[0u8; 5]; 2];
        for color in [Color::White, Color::Black] {
            for (i, role) in layout::ROLES.iter().enumerate() {
                out[color.index()][i] = position.pieces(color, *role).0.count_ones() as u8;
            }
        }
        PieceCounts(out)
    }

    /// Material of `color` in pawns (P1 N3 B3 R5 Q9).
    fn material(self, color: Color) -> i32 {
        self.0[color.index()]
            .iter()
            .zip(VALUES)
            .map(|(&n, v)| i32::from(n) * v)
            .sum()
    }
}

impl Default for PieceCounts {
    fn default() -> Self {
        PieceCounts::STANDARD
    }
}

/// Pawn, knight, bishop, rook, queen in pawns.
const VALUES: [i32; 5] = [1, 3, 3, 5, 9];

/// The setters of the board's and the GIF's builders that are the same:
/// which side is at the bottom and the players' names, both drawn alike
/// in the strips (a GIF passes them on to the boards of its frames). Call
/// it inside an `impl` with the struct's lifetime; the struct has the
/// fields `flip: bool` and `names: Option<[&'a str; 2]>`.
macro_rules! side_setters {
    ($a:lifetime) => {
        /// Black at the bottom when `flip`.
        #[must_use]
        pub fn flip(mut self, flip: bool) -> Self {
            self.flip = flip;
            self
        }

        /// The players' names (white, black) for the strips.
        #[must_use]
        pub fn names(mut self, white: &$a str, black: &$a str) -> Self {
            self.names = Some([white, black]);
            self
        }
    };
}
pub(crate) use side_setters;

impl<'a> BoardSpec<'a> {
    /// The default size of a board picture, in pixels of width.
    pub const DEFAULT_SIZE: u32 = 512;
    /// The smallest size allowed.
    pub const MIN_SIZE: u32 = 256;
    /// The largest size allowed.
    pub const MAX_SIZE: u32 = 1024;

    /// A plain board: white at the bottom, no highlight, no badge, 512 px.
    #[must_use]
    pub fn new(position: &'a Position) -> BoardSpec<'a> {
        BoardSpec {
            position,
            last_move: None,
            flip: false,
            size: Self::DEFAULT_SIZE,
            result: None,
            theme: Theme::Brown,
            names: None,
            deadline: None,
            start: PieceCounts::STANDARD,
            caption: None,
            caption_room: None,
        }
    }

    side_setters!('a);

    /// The move just played, for the mover's strip (see
    /// [`BoardSpec::caption`]).
    #[must_use]
    pub fn caption(mut self, caption: Option<&'a str>) -> Self {
        self.caption = caption;
        self
    }

    /// The pieces the game started with (captures are counted from them).
    #[must_use]
    pub fn start(mut self, start: PieceCounts) -> Self {
        self.start = start;
        self
    }

    /// Highlights this move's squares.
    #[must_use]
    pub fn last_move(mut self, m: Option<Move>) -> Self {
        self.last_move = m;
        self
    }

    /// Width in pixels.
    #[must_use]
    pub fn size(mut self, size: u32) -> Self {
        self.size = size;
        self
    }

    /// A result badge for the final board.
    #[must_use]
    pub fn result(mut self, result: Option<BoardResult>) -> Self {
        self.result = result;
        self
    }

    /// The board colours.
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Self {
        self.theme = theme;
        self
    }

    /// The deadline of the side to move, as text (such as `2d 4h left`).
    #[must_use]
    pub fn deadline(mut self, deadline: Option<&'a str>) -> Self {
        self.deadline = deadline;
        self
    }

    /// The height of the picture for this spec's width: the board plus a
    /// strip above and below it.
    #[must_use]
    pub fn height(&self) -> u32 {
        Layout::new(self.size).height
    }

    /// Where a square lies in the picture: `(x, y, width, height)` in
    /// pixels, honouring `flip` and the strip above the board.
    #[must_use]
    pub fn square_rect(&self, sq: Square) -> (u32, u32, u32, u32) {
        let (x, y, w, h) = Layout::new(self.size).square_rect(sq, self.flip);
        (x.max(0) as u32, y.max(0) as u32, w, h)
    }

    /// Height of each strip (captured pieces and material) above and below
    /// the board.
    #[must_use]
    pub fn strip_height(&self) -> u32 {
        Layout::new(self.size).strip
    }
}

/// The end of the game as the final board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardResult {
    /// This side was checkmated.
    Mated(Color),
    /// This side won another way (resignation, time-out).
    Won(Color),
    Draw,
}

impl BoardResult {
    /// The badges for a game's outcome: the mated king, the winner of a
    /// resignation or time-out, both kings for a draw; nothing for an
    /// aborted or unfinished game.
    #[must_use]
    pub fn from_outcome(outcome: Option<Outcome>) -> Option<BoardResult> {
        let o = outcome?;
        Some(match (o.termination, o.winner) {
            (Termination::Aborted, _) => return None,
            (Termination::Checkmate, Some(w)) => BoardResult::Mated(w.other()),
            (_, Some(w)) => BoardResult::Won(w),
            (_, None) => BoardResult::Draw,
        })
    }
}

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

/// Fills an axis-aligned rectangle with an opaque colour (fast path: the
/// rows are written directly).
fn fill(pm: &mut Pixmap, x: i32, y: i32, w: u32, h: u32, c: Rgb) {
    let pw = pm.width() as i32;
    let ph = pm.height() as i32;
    let x0 = x.clamp(0, pw) as usize;
    let x1 = (x + w as i32).clamp(0, pw) as usize;
    let y0 = y.clamp(0, ph) as usize;
    let y1 = (y + h as i32).clamp(0, ph) as usize;
    let stride = pw as usize * 4;
    let data = pm.data_mut();
    let px = [c.0, c.1, c.2, 255];
    for row in y0..y1 {
        let line = &mut data[row * stride + x0 * 4..row * stride + x1 * 4];
        for chunk in line.chunks_exact_mut(4) {
            chunk.copy_from_slice(&px);
        }
    }
}

/// Draws a premultiplied sprite over an opaque picture (source-over),
/// clipped to the picture.
fn blit(dst: &mut Pixmap, src: &Pixmap, x: i32, y: i32) {
    let (dw, dh) = (dst.width() as i32, dst.height() as i32);
    let (sw, sh) = (src.width() as i32, src.height() as i32);
    let x0 = x.max(0);
    let y0 = y.max(0);
    let x1 = (x + sw).min(dw);
    let y1 = (y + sh).min(dh);
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let n = (x1 - x0) as usize * 4;
    let sdata = src.data();
    let ddata = dst.data_mut();
    for row in y0..y1 {
        let s_off = (((row - y) * sw + (x0 - x)) * 4) as usize;
        let d_off = ((row * dw + x0) * 4) as usize;
        let srow = &sdata[s_off..s_off + n];
        let drow = &mut ddata[d_off..d_off + n];
        for (d, s) in drow.chunks_exact_mut(4).zip(srow.chunks_exact(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let inv = 255 - u16::from(a);
                    for i in 0..3 {
                        let v = u16::from(s[i]) + (u16::from(d[i]) * inv + 127) / 255;
                        d[i] = v.min(255) as u8;
                    }
                }
            }
        }
    }
}

/// Encodes an opaque pixmap: indexed colour when it has at most 256 colours
/// (lossless), else RGB.
///
/// # Errors
/// [`RenderError::Encode`] if the encoder fails.
pub fn encode_png(pm: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let (w, h) = (pm.width(), pm.height());
    let mut out = Vec::with_capacity(64 * 1024);
    let enc_err = |e: png::EncodingError| RenderError::Encode(e.to_string());
    let mut enc = png::Encoder::new(&mut out, w, h);
    enc.set_depth(png::BitDepth::Eight);
    match to_indexed(pm.data()) {
        Some((palette, indices)) => {
            // Measured on our boards: zlib level 3 with the Up filter is
            // within ~15% of the smallest output at a third of the time.
            enc.set_deflate_compression(png::DeflateCompression::Level(3));
            enc.set_color(png::ColorType::Indexed);
            enc.set_palette(palette);
            enc.set_filter(png::Filter::Up);
            let mut wr = enc.write_header().map_err(enc_err)?;
            wr.write_image_data(&indices).map_err(enc_err)?;
            wr.finish().map_err(enc_err)?;
        }
        None => {
            enc.set_compression(png::Compression::Balanced);
            enc.set_color(png::ColorType::Rgb);
            enc.set_filter(png::Filter::Adaptive);
            let rgb: Vec<u8> = pm
                .data()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            let mut wr = enc.write_header().map_err(enc_err)?;
            wr.write_image_data(&rgb).map_err(enc_err)?;
            wr.finish().map_err(enc_err)?;
        }
    }
    Ok(out)
}

/// Palette and indices of opaque RGBA pixels, or `None` above 256 colours.
fn to_indexed(rgba: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    const SLOTS: usize = 1024;
    const EMPTY: u32 = u32::MAX;
    let mut keys = [EMPTY; SLOTS];
    let mut vals = [0u8; SLOTS];
    let mut palette: Vec<u8> = Vec::with_capacity(256 * 3);
    let mut indices = vec![0u8; rgba.len() / 4];
    let mut last_key = EMPTY;
    let mut last_idx = 0u8;
    for (p, out) in rgba.chunks_exact(4).zip(indices.iter_mut()) {
        // Opaque pixels: the colour is the low three bytes.
        let key = u32::from_le_bytes([p[0], p[1], p[2], p[3]]) & 0x00ff_ffff;
        if key != last_key {
            let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize;
            loop {
                if keys[slot] == key {
                    last_idx = vals[slot];
                    break;
                }
                if keys[slot] == EMPTY {
                    let n = palette.len() / 3;
                    if n == 256 {
                        return None;
                    }
                    keys[slot] = key;
                    vals[slot] = n as u8;
                    palette.extend_from_slice(&p[..3]);
                    last_idx = n as u8;
                    break;
                }
                slot = (slot + 1) % SLOTS;
            }
            last_key = key;
        }
        *out = last_idx;
    }
    Some((palette, indices))
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

/// How far `side` leads in material gained since the start: what it has
/// over what it started with, against the same for the other side (so a
/// custom start with unequal material shows no lead before a capture).
fn material_lead(position: &Position, start: PieceCounts, side: Color) -> i32 {
    let now = PieceCounts::of(position);
    let gain = |c: Color| now.material(c) - start.material(c);
    gain(side) - gain(side.other())
}

/// Pieces of `color` missing from the board since `start`, by role
/// (pawn..queen), clamped at zero. A piece beyond the start's count of its
/// kind came from a promotion, so one missing pawn per such piece went to
/// the far rank, not to the opponent: it is not shown as captured.
fn captured(position: &Position, start: PieceCounts, color: Color) -> [u32; 5] {
    let start = start.0[color.index()];
    let mut out = [0; 5];
    let mut promoted = 0;
    for (i, role) in layout::ROLES.iter().enumerate() {
        let n = position.pieces(color, *role).0.count_ones();
        let s = u32::from(start[i]);
        out[i] = s - n.min(s);
        if i > 0 {
            promoted += n.saturating_sub(s);
        }
    }
    out[0] = out[0].saturating_sub(promoted);
    out
}

#[cfg(test)]
mod tests;
