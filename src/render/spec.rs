//! What a board picture shows: the [`BoardSpec`] and its builder, the pieces
//! a game started with ([`PieceCounts`]) and what the strips count from them
//! (captures, the material lead), and the final board's badge ([`BoardResult`]).

use crate::chess::{Color, Move, Outcome, Position, Square, Termination};

use super::Theme;
use super::layout::{self, Layout};

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

/// How far `side` leads in material gained since the start: what it has
/// over what it started with, against the same for the other side (so a
/// custom start with unequal material shows no lead before a capture).
pub(super) fn material_lead(position: &Position, start: PieceCounts, side: Color) -> i32 {
    let now = PieceCounts::of(position);
    let gain = |c: Color| now.material(c) - start.material(c);
    gain(side) - gain(side.other())
}

/// Pieces of `color` missing from the board since `start`, by role
/// (pawn..queen), clamped at zero. A piece beyond the start's count of its
/// kind came from a promotion, so one missing pawn per such piece went to
/// the far rank, not to the opponent: it is not shown as captured.
pub(super) fn captured(position: &Position, start: PieceCounts, color: Color) -> [u32; 5] {
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
