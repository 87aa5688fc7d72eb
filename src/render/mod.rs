//! Board pictures: position -> SVG -> PNG (resvg), and a plain-text board.
//! Depends on `chess` only. (Skeleton: the renderer is being built.)

pub mod cli;

use crate::chess::{Color, Move, Position};

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

/// Prepared pieces and theme; build once, share (it is `Send + Sync`).
#[derive(Debug, Default)]
pub struct Renderer {}

impl Renderer {
    #[must_use]
    pub fn new() -> Renderer {
        Renderer {}
    }

    /// # Errors
    /// [`RenderError`] when the size is out of range or rasterising fails.
    pub fn png(&self, spec: &BoardSpec<'_>) -> Result<Vec<u8>, RenderError> {
        Err(RenderError::Size(spec.size))
    }

    #[must_use]
    pub fn svg(&self, spec: &BoardSpec<'_>) -> String {
        let _ = spec;
        String::new()
    }
}

/// A plain-text board with coordinates, white at the bottom unless `flip`.
#[must_use]
pub fn text_board(position: &Position, flip: bool) -> String {
    let _ = (position, flip);
    String::new()
}
