//! `chessbot render`: one board picture from a FEN, or from a game in PGN
//! its summary card or its animated GIF.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use super::{BoardResult, BoardSpec, GifSpec, Renderer, SummaryCard, Theme};
use crate::chess::{Color, Move, Outcome, PgnGame, Position, Role, Square, Termination};
use crate::openings;

/// Arguments of `chessbot render`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("source").required(true).args(["fen", "pgn"])))]
pub struct RenderArgs {
    /// The position to draw (FEN). It is the position after the last move.
    #[arg(long)]
    pub fen: Option<String>,
    /// A game in PGN (the first game of the file): writes its summary card
    /// (PNG), or with --gif its animated GIF.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// With --pgn: write the animated GIF of the game instead of the card.
    #[arg(long, conflicts_with = "fen")]
    pub gif: bool,
    /// Black at the bottom.
    #[arg(long)]
    pub flip: bool,
    /// Highlight the squares of the move that led to this position, as a
    /// pair of squares such as `e2e4` (optionally with a promotion letter,
    /// `e7e8q`). Only the square syntax is checked: the move has already
    /// been played, so it is not checked against the position.
    #[arg(long, value_name = "SQUARES", conflicts_with = "pgn")]
    pub last_move: Option<String>,
    /// Width in pixels (256-1024) of the board (taller by two strips) or of
    /// the GIF. The card has a fixed size.
    #[arg(long, default_value_t = 512)]
    pub size: u32,
    /// Write SVG instead of PNG.
    #[arg(long, conflicts_with = "pgn")]
    pub svg: bool,
    /// Mark the final board with the result: a mate marker on the mated
    /// king, a win marker, or draw markers on both kings.
    #[arg(long, value_enum, conflicts_with = "pgn")]
    pub result: Option<ResultArg>,
    /// Board colours: brown, blue, green or high-contrast.
    #[arg(long, default_value_t = Theme::Brown, conflicts_with = "pgn")]
    pub theme: Theme,
    /// Names for the strips: White's.
    #[arg(long, requires = "black", conflicts_with = "pgn")]
    pub white: Option<String>,
    /// Names for the strips: Black's.
    #[arg(long, requires = "white", conflicts_with = "pgn")]
    pub black: Option<String>,
    /// The time left to the side to move, as shown (`2d 4h`).
    #[arg(long, conflicts_with = "pgn")]
    pub deadline: Option<String>,
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
/// Bad FEN or PGN, bad move squares, bad size, or the file cannot be read
/// or written.
pub fn run(args: &RenderArgs) -> anyhow::Result<()> {
    if !(BoardSpec::MIN_SIZE..=BoardSpec::MAX_SIZE).contains(&args.size) {
        bail!(
            "--size {} out of range ({}-{})",
            args.size,
            BoardSpec::MIN_SIZE,
            BoardSpec::MAX_SIZE
        );
    }
    let bytes = match (&args.fen, &args.pgn) {
        (Some(fen), _) => board_picture(args, fen)?,
        (None, Some(path)) => game_picture(args, path)?,
        (None, None) => bail!("give a position with --fen or a game with --pgn"),
    };
    std::fs::write(&args.output, bytes)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    Ok(())
}

fn board_picture(args: &RenderArgs, fen: &str) -> anyhow::Result<Vec<u8>> {
    let position = match Position::from_fen(fen.trim()) {
        Ok(p) => p,
        Err(e) => bail!("invalid FEN {fen:?}: {e}"),
    };
    let last_move = args.last_move.as_deref().map(parse_squares).transpose()?;
    let mut spec = BoardSpec::new(&position)
        .flip(args.flip)
        .size(args.size)
        .last_move(last_move)
        .result(args.result.map(ResultArg::board_result))
        .theme(args.theme)
        .deadline(args.deadline.as_deref());
    if let (Some(w), Some(b)) = (&args.white, &args.black) {
        spec = spec.names(w, b);
    }
    let renderer = Renderer::new();
    Ok(if args.svg {
        renderer.svg(&spec).into_bytes()
    } else {
        renderer.png(&spec)?
    })
}

/// The most of a PGN file `render --pgn` reads (a game is far smaller;
/// `/dev/zero` must end).
const MAX_PGN_BYTES: u64 = 4 << 20;

fn game_picture(args: &RenderArgs, path: &Path) -> anyhow::Result<Vec<u8>> {
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| {
            let mut capped = std::io::Read::take(f, MAX_PGN_BYTES + 1);
            std::io::Read::read_to_string(&mut capped, &mut text)
        })
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_PGN_BYTES {
        bail!(
            "{} is over {} MB: not one PGN game",
            path.display(),
            MAX_PGN_BYTES >> 20
        );
    }
    let pgn = crate::chess::read_pgn(&text)
        .with_context(|| format!("{} is not a readable PGN game", path.display()))?;
    let mut game = pgn.game.clone();
    if game.outcome().is_none()
        && let Some(o) = written_outcome(&pgn)
    {
        game.end(o);
    }
    let renderer = Renderer::new();
    let name = |tag: &str, default: &'static str| -> String {
        match pgn.tag(tag).map(str::trim) {
            Some(v) if !v.is_empty() && v != "?" => v.to_string(),
            _ => default.to_string(),
        }
    };
    let (white, black) = (name("White", "White"), name("Black", "Black"));
    if args.gif {
        let spec = GifSpec::new(args.size)
            .flip(args.flip)
            .names(&white, &black);
        return Ok(renderer.game_gif(&game, &spec)?);
    }
    let outcome = game.outcome();
    let result = match outcome.map(|o| (o.termination, o.winner)) {
        None | Some((Termination::Aborted, _)) => "No result".to_string(),
        Some((_, Some(Color::White))) => format!("{white} wins"),
        Some((_, Some(Color::Black))) => format!("{black} wins"),
        Some((_, None)) => "Draw".to_string(),
    };
    let termination = termination_words(&pgn);
    let opening = openings::lookup_game(&game)
        .map(ToString::to_string)
        .or_else(|| pgn.tag("Opening").map(str::to_string));
    let (w, b) = game.plies_by();
    let n = w.max(b);
    let moves = format!("{n} {}", if n == 1 { "move" } else { "moves" });
    let elo = |tag: &str| {
        pgn.tag(tag)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let score = outcome
        .filter(|o| o.termination != Termination::Aborted)
        .map(|o| o.result().replace("1/2-1/2", "½-½"));
    let mut card = SummaryCard::new(game.position(), &white, &black, &result);
    card.score = score.as_deref();
    card.white_rating = elo("WhiteElo");
    card.black_rating = elo("BlackElo");
    card.termination = termination.as_deref();
    card.opening = opening.as_deref();
    card.moves = Some(&moves);
    card.last_move = game.moves().last().copied();
    card.board_result = BoardResult::from_outcome(outcome);
    card.flip = args.flip;
    Ok(card.png(&renderer)?)
}

/// The result written in the PGN, for a game the board did not decide.
/// How it ended is only known from a `Termination` tag saying so.
fn written_outcome(pgn: &PgnGame) -> Option<Outcome> {
    let timeout = pgn.tag("Termination") == Some("time forfeit");
    let (winner, termination) = match pgn.result()? {
        "1-0" => (Some(Color::White), Termination::Resignation),
        "0-1" => (Some(Color::Black), Termination::Resignation),
        _ => (None, Termination::Agreement),
    };
    Some(Outcome::new(
        winner,
        if timeout {
            Termination::Timeout
        } else {
            termination
        },
    ))
}

/// How the game ended, in English: what the board decided, else a
/// `Termination` tag other than `normal`; `None` when unknown.
fn termination_words(pgn: &PgnGame) -> Option<String> {
    // `read_pgn` records no result: the game's outcome is the board's.
    if let Some(o) = pgn.game.outcome() {
        let words = match o.termination {
            Termination::Checkmate => "by checkmate",
            Termination::Stalemate => "by stalemate",
            Termination::DeadPosition => "dead position",
            Termination::ThreefoldRepetition => "by threefold repetition",
            Termination::FiftyMoves => "by the 50-move rule",
            Termination::FivefoldRepetition => "by fivefold repetition",
            Termination::SeventyFiveMoves => "by the 75-move rule",
            Termination::Agreement => "by agreement",
            Termination::Resignation => "by resignation",
            Termination::Timeout => "on time",
            Termination::Aborted => "aborted",
            Termination::Tablebase => "by the endgame tables",
        };
        return Some(words.to_string());
    }
    match pgn.tag("Termination").map(str::trim) {
        Some("time forfeit") => Some("on time".to_string()),
        Some(t) if !t.is_empty() && t != "normal" => Some(t.to_string()),
        _ => None,
    }
}
