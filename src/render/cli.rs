//! `chessbot render`: one board picture from a FEN.

use std::path::PathBuf;

use anyhow::{Context, bail};

use super::{BoardResult, BoardSpec, Renderer};
use crate::chess::{Color, Move, Position, Role, Square};

/// Arguments of `chessbot render`.
#[derive(Debug, clap::Args)]
pub struct RenderArgs {
    /// The position to draw (FEN). It is the position after the last move.
    #[arg(long)]
    pub fen: String,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Highlight the squares of the move that led to this position, as a
    /// pair of squares such as `e2e4` (optionally with a promotion letter,
    /// `e7e8q`). Only the square syntax is checked: the move has already
    /// been played, so it is not checked against the position.
    #[arg(long, value_name = "SQUARES")]
    pub last_move: Option<String>,
    /// Width in pixels (256-1024); the picture is taller by two strips.
    #[arg(long, default_value_t = 512)]
    pub size: u32,
    /// Write SVG instead of PNG.
    #[arg(long)]
    pub svg: bool,
    /// Mark the final board with the result: a mate marker on the mated
    /// king, a win marker, or draw markers on both kings.
    #[arg(long, value_enum)]
    pub result: Option<ResultArg>,
    /// Output file.
    #[arg(short, long)]
    pub output: PathBuf,
}

/// The `--result` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultArg {
    WhiteMated,
    BlackMated,
    WhiteWon,
    BlackWon,
    Draw,
}

impl ResultArg {
    fn board_result(self) -> BoardResult {
        match self {
            ResultArg::WhiteMated => BoardResult::Mated(Color::White),
            ResultArg::BlackMated => BoardResult::Mated(Color::Black),
            ResultArg::WhiteWon => BoardResult::Won(Color::White),
            ResultArg::BlackWon => BoardResult::Won(Color::Black),
            ResultArg::Draw => BoardResult::Draw,
        }
    }
}

/// Parses a highlight such as `e2e4` or `e7e8q` into a move for
/// highlighting (its role is not known; only its squares are used).
///
/// # Errors
/// When the text is not two squares and an optional promotion letter.
pub fn parse_squares(text: &str) -> anyhow::Result<Move> {
    let t = text.trim();
    let b = t.as_bytes();
    let bad = || anyhow::anyhow!("--last-move {t:?}: expected two squares such as e2e4 or e7e8q");
    if !(b.len() == 4 || b.len() == 5) {
        return Err(bad());
    }
    let from = Square::parse_bytes(&b[0..2]).ok_or_else(bad)?;
    let to = Square::parse_bytes(&b[2..4]).ok_or_else(bad)?;
    let promotion = match b.get(4) {
        None => None,
        Some(c) => match Role::from_char(char::from(*c).to_ascii_lowercase()) {
            Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(r),
            _ => return Err(bad()),
        },
    };
    if from == to {
        return Err(bad());
    }
    Ok(Move::Normal {
        role: if promotion.is_some() {
            Role::Pawn
        } else {
            Role::Queen
        },
        from,
        to,
        capture: None,
        promotion,
    })
}

/// Runs `chessbot render`. Everything is checked before the file is
/// written, so a failure leaves no file behind.
///
/// # Errors
/// Bad FEN, bad move squares, bad size, or the file cannot be written.
pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    let position = match Position::from_fen(args.fen.trim()) {
        Ok(p) => p,
        Err(e) => bail!("invalid FEN {:?}: {e}", args.fen),
    };
    let last_move = args.last_move.as_deref().map(parse_squares).transpose()?;
    if !(BoardSpec::MIN_SIZE..=BoardSpec::MAX_SIZE).contains(&args.size) {
        bail!(
            "--size {} out of range ({}-{})",
            args.size,
            BoardSpec::MIN_SIZE,
            BoardSpec::MAX_SIZE
        );
    }
    let spec = BoardSpec::new(&position)
        .flip(args.flip)
        .size(args.size)
        .last_move(last_move)
        .result(args.result.map(ResultArg::board_result));
    let renderer = Renderer::new();
    let bytes = if args.svg {
        renderer.svg(&spec).into_bytes()
    } else {
        renderer.png(&spec)?
    };
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    Ok(())
}
