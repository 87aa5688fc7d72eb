//! `Game`: a start position plus its moves, the repetition history, and the
//! outcome under the house policy of RULES.md (or strict FIDE rules).

use std::fmt;
use std::str::FromStr;

use super::position::{FenError, Position, RepetitionKey, START_FEN};
use super::san::MoveInputError;
use super::types::{Color, Move};
use super::variant::{Chess960NumberError, Variant};

/// Which rules decide automatic draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RulesMode {
    /// Threefold repetition and the 50-move rule end the game at once.
    #[default]
    House,
    /// Threefold and 50 moves are claims; fivefold and 75 moves are automatic.
    Fide,
}

impl RulesMode {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            RulesMode::House => "house",
            RulesMode::Fide => "fide",
        }
    }
}

impl FromStr for RulesMode {
    type Err = ();
    fn from_str(s: &str) -> Result<RulesMode, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "house" => Ok(RulesMode::House),
            "fide" | "strict" => Ok(RulesMode::Fide),
            _ => Err(()),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Checkmate,
    Stalemate,
    DeadPosition,
    ThreefoldRepetition,
    FiftyMoves,
    FivefoldRepetition,
    SeventyFiveMoves,
    Agreement,
    Resignation,
    Timeout,
    Aborted,
    /// Adjudicated by the endgame tables (a claim, or the community's
    /// automatic adjudication).
    Tablebase,
}

impl Termination {
    /// The stable snake_case name used in events and the database.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::DeadPosition => "dead_position",
            Termination::ThreefoldRepetition => "threefold_repetition",
            Termination::FiftyMoves => "fifty_moves",
            Termination::FivefoldRepetition => "fivefold_repetition",
            Termination::SeventyFiveMoves => "seventyfive_moves",
            Termination::Agreement => "agreement",
            Termination::Resignation => "resignation",
            Termination::Timeout => "timeout",
            Termination::Aborted => "aborted",
            Termination::Tablebase => "tablebase",
        }
    }

    /// The PGN `Termination` tag value.
    #[must_use]
    pub const fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Timeout => "time forfeit",
            Termination::Aborted => "abandoned",
            Termination::Tablebase => "adjudication",
            _ => "normal",
        }
    }

    /// All variants.
    pub const ALL: [Termination; 12] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::ThreefoldRepetition,
        Termination::FiftyMoves,
        Termination::FivefoldRepetition,
        Termination::SeventyFiveMoves,
        Termination::Agreement,
        Termination::Resignation,
        Termination::Timeout,
        Termination::Aborted,
        Termination::Tablebase,
    ];
}

impl FromStr for Termination {
    type Err = ();
    fn from_str(s: &str) -> Result<Termination, ()> {
        Termination::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or(())
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished (or aborted) game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw or an aborted game.
    pub winner: Option<Color>,
    pub termination: Termination,
}

impl Outcome {
    #[must_use]
    pub const fn new(winner: Option<Color>, termination: Termination) -> Outcome {
        Outcome {
            winner,
            termination,
        }
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` when aborted.
    #[must_use]
    pub const fn result(&self) -> &'static str {
        match (self.termination, self.winner) {
            (Termination::Aborted, _) => "*",
            (_, Some(Color::White)) => "1-0",
            (_, Some(Color::Black)) => "0-1",
            (_, None) => "1/2-1/2",
        }
    }

    #[must_use]
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none() && !matches!(self.termination, Termination::Aborted)
    }
}

/// Why a draw claim (strict FIDE mode) is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    #[error("draw claims exist only in strict FIDE mode; the house rules draw automatically")]
    NotFideMode,
    #[error(
        "there is nothing to claim: no threefold repetition and fewer than 50 moves without a capture or pawn move"
    )]
    NothingToClaim,
    #[error("the game is over")]
    GameOver,
}

/// A game: the start position, the moves, and everything derived from them.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    rules: RulesMode,
    moves: Vec<Move>,
    sans: Vec<String>,
    /// Repetition keys of every position reached, start included.
    keys: Vec<RepetitionKey>,
    position: Position,
    /// A result decided by the players (resignation, agreement, time-out...).
    decided: Option<Outcome>,
}

impl Game {
    /// A game from the standard start position.
    #[must_use]
    pub fn new(rules: RulesMode) -> Game {
        Game::from_position(Position::startpos(), rules)
    }

    /// A game from any legal position.
    #[must_use]
    pub fn from_position(start: Position, rules: RulesMode) -> Game {
        Game {
            keys: vec![start.repetition_key()],
            position: start.clone(),
            start,
            rules,
            moves: Vec::new(),
            sans: Vec::new(),
            decided: None,
        }
    }

    /// A game from a FEN.
    ///
    /// # Errors
    /// [`FenError`] when the FEN is not a legal position.
    pub fn from_fen(fen: &str, rules: RulesMode) -> Result<Game, FenError> {
        Ok(Game::from_position(Position::from_fen(fen)?, rules))
    }

    /// A game from a FEN of the given variant (X-FEN or Shredder-FEN for
    /// Chess960).
    ///
    /// # Errors
    /// [`FenError`] when the FEN is not a legal position.
    pub fn from_fen_variant(
        fen: &str,
        variant: Variant,
        rules: RulesMode,
    ) -> Result<Game, FenError> {
        Ok(Game::from_position(
            Position::from_fen_variant(fen, variant)?,
            rules,
        ))
    }

    /// A Chess960 game from start position `n` (0-959).
    ///
    /// # Errors
    /// [`Chess960NumberError`] when `n` is above 959.
    pub fn chess960(n: u32, rules: RulesMode) -> Result<Game, Chess960NumberError> {
        Ok(Game::from_position(Position::chess960(n)?, rules))
    }

    /// Standard chess or Chess960, as the start position says.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.start.variant()
    }

    /// The UCI of a move in this game's variant (king takes rook for
    /// castling in Chess960; see [`Position::uci`]).
    #[must_use]
    pub fn uci(&self, m: Move) -> String {
        m.uci_for(self.variant())
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Whether the game is standard chess from the standard position (a
    /// Chess960 game from position 518 is not).
    #[must_use]
    pub fn is_standard_start(&self) -> bool {
        self.variant() == Variant::Standard && self.start.fen() == START_FEN
    }

    #[must_use]
    pub fn rules(&self) -> RulesMode {
        self.rules
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The SAN of each move played.
    #[must_use]
    pub fn sans(&self) -> &[String] {
        &self.sans
    }

    /// The number of plies each side has made, (white, black).
    #[must_use]
    pub fn plies_by(&self) -> (usize, usize) {
        let n = self.moves.len();
        let first = n.div_ceil(2);
        let second = n / 2;
        match self.start.turn() {
            Color::White => (first, second),
            Color::Black => (second, first),
        }
    }

    /// Both sides have made at least one move (needed for draw offers and
    /// agreement, 5.2.3, and the end of the abort window).
    #[must_use]
    pub fn both_have_moved(&self) -> bool {
        self.moves.len() >= 2
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`MoveInputError::GameOver`] when the game has ended, or the reason
    /// the move is illegal.
    pub fn play(&mut self, m: Move) -> Result<&str, MoveInputError> {
        if self.outcome().is_some() {
            return Err(MoveInputError::GameOver);
        }
        if !self.position.is_legal(m) {
            return Err(MoveInputError::Illegal {
                input: self.uci(m),
                reason: self.position.why_illegal(m),
            });
        }
        Ok(self.push_legal(m))
    }

    /// Resolves typed input and plays it; returns the move and its SAN.
    ///
    /// # Errors
    /// See [`Position::parse_move`]; also [`MoveInputError::GameOver`].
    pub fn play_input(&mut self, input: &str) -> Result<(Move, String), MoveInputError> {
        if self.outcome().is_some() {
            return Err(MoveInputError::GameOver);
        }
        let m = self.position.parse_move(input)?;
        let san = self.push_legal(m).to_string();
        Ok((m, san))
    }

    /// Plays a move known to be legal in the current position.
    fn push_legal(&mut self, m: Move) -> &str {
        let san = self.position.san(m);
        self.position.play_unchecked(m);
        self.keys.push(self.position.repetition_key());
        self.moves.push(m);
        self.sans.push(san);
        self.sans.last().map_or("", String::as_str)
    }

    /// Undoes the last move (for takebacks), rebuilding from the start.
    pub fn undo(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        self.sans.pop();
        self.keys.pop();
        let mut p = self.start.clone();
        for m in &self.moves {
            p.play_unchecked(*m);
        }
        self.position = p;
        self.decided = None;
        Some(last)
    }

    /// How many times the current position has stood (start counts).
    #[must_use]
    pub fn repetition_count(&self) -> usize {
        let current = match self.keys.last() {
            Some(k) => k,
            None => return 0,
        };
        // Positions before the last zeroing move cannot repeat; the keys
        // differ anyway, so a plain scan stays exact.
        let window = self.position.halfmove_clock() as usize + 1;
        self.keys
            .iter()
            .rev()
            .take(window)
            .step_by(2)
            .filter(|k| *k == current)
            .count()
    }

    /// The outcome decided by the board (and, under the house policy, the
    /// automatic draws), or one recorded with [`Game::end`].
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.decided {
            return Some(o);
        }
        self.board_outcome()
    }

    fn board_outcome(&self) -> Option<Outcome> {
        let p = &self.position;
        // Priority (RULES.md): checkmate, stalemate, dead position,
        // repetition, 50-move rule.
        if !p.has_legal_move() {
            return Some(if p.is_check() {
                Outcome::new(Some(p.turn().other()), Termination::Checkmate)
            } else {
                Outcome::new(None, Termination::Stalemate)
            });
        }
        if p.is_dead_position() {
            return Some(Outcome::new(None, Termination::DeadPosition));
        }
        let (reps, plies, rep_t, fifty_t) = match self.rules {
            RulesMode::House => (
                3,
                100,
                Termination::ThreefoldRepetition,
                Termination::FiftyMoves,
            ),
            RulesMode::Fide => (
                5,
                150,
                Termination::FivefoldRepetition,
                Termination::SeventyFiveMoves,
            ),
        };
        if self.repetition_count() >= reps {
            return Some(Outcome::new(None, rep_t));
        }
        if p.halfmove_clock() >= plies {
            return Some(Outcome::new(None, fifty_t));
        }
        None
    }

    /// What the player to move may claim in strict FIDE mode (9.2, 9.3):
    /// a threefold repetition or 50 moves, standing now.
    ///
    /// # Errors
    /// [`ClaimError`] when not in FIDE mode, over, or nothing to claim.
    pub fn claimable_draw(&self) -> Result<Termination, ClaimError> {
        if self.rules != RulesMode::Fide {
            return Err(ClaimError::NotFideMode);
        }
        if self.outcome().is_some() {
            return Err(ClaimError::GameOver);
        }
        if self.repetition_count() >= 3 {
            Ok(Termination::ThreefoldRepetition)
        } else if self.position.halfmove_clock() >= 100 {
            Ok(Termination::FiftyMoves)
        } else {
            Err(ClaimError::NothingToClaim)
        }
    }

    /// Records a result decided off the board (agreement, claim, abort).
    pub fn end(&mut self, outcome: Outcome) {
        self.decided = Some(outcome);
    }

    /// The outcome when `loser` resigns or runs out of time (rule 4 of the
    /// house policy): a draw when the winner has only a king.
    #[must_use]
    pub fn forfeit_outcome(&self, loser: Color, termination: Termination) -> Outcome {
        let winner = loser.other();
        if self.position.has_only_king(winner) {
            Outcome::new(None, termination)
        } else {
            Outcome::new(Some(winner), termination)
        }
    }

    /// The move list as PGN movetext (`1. e4 e5 2. Nf3`), without result.
    #[must_use]
    pub fn movetext(&self) -> Vec<String> {
        let mut tokens = Vec::with_capacity(self.sans.len() * 3 / 2 + 1);
        let mut number = self.start.fullmove_number();
        let mut turn = self.start.turn();
        for (i, san) in self.sans.iter().enumerate() {
            if turn == Color::White {
                tokens.push(format!("{number}."));
            } else if i == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(san.clone());
            if turn == Color::Black {
                number += 1;
            }
            turn = turn.other();
        }
        tokens
    }
}

/// The tags of a PGN export beyond what the game itself knows.
#[derive(Clone, Debug, Default)]
pub struct PgnTags {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    pub round: String,
    pub white: String,
    pub black: String,
    /// Further tags (such as `TimeControl` and `Annotator`), written after
    /// the Seven Tag Roster in this order; values are escaped here.
    pub extra: Vec<(String, String)>,
}

fn pgn_escape(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c => vec![c],
        })
        .collect()
}

impl Game {
    /// PGN export: the Seven Tag Roster, `Variant` for Chess960,
    /// `SetUp`/`FEN` when not from the standard start, `Termination`, the
    /// further tags of `tags`, movetext wrapped at 80 columns and ended by
    /// the result token.
    #[must_use]
    pub fn pgn(&self, tags: &PgnTags) -> String {
        let outcome = self.outcome();
        let result = outcome.map_or("*", |o| o.result());
        let or_unknown = |s: &str| {
            if s.is_empty() {
                "?".to_string()
            } else {
                pgn_escape(s)
            }
        };
        let mut out = String::new();
        for (name, value) in [
            ("Event", or_unknown(&tags.event)),
            ("Site", or_unknown(&tags.site)),
            (
                "Date",
                if tags.date.is_empty() {
                    "????.??.??".to_string()
                } else {
                    pgn_escape(&tags.date)
                },
            ),
            (
                "Round",
                if tags.round.is_empty() {
                    "-".into()
                } else {
                    pgn_escape(&tags.round)
                },
            ),
            ("White", or_unknown(&tags.white)),
            ("Black", or_unknown(&tags.black)),
            ("Result", result.to_string()),
        ] {
            out.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        if self.variant() == Variant::Chess960 {
            out.push_str("[Variant \"Chess960\"]\n");
        }
        if !self.is_standard_start() {
            out.push_str("[SetUp \"1\"]\n");
            out.push_str(&format!("[FEN \"{}\"]\n", self.start.fen()));
        }
        if let Some(o) = outcome {
            out.push_str(&format!("[Termination \"{}\"]\n", o.termination.pgn_tag()));
        }
        for (name, value) in &tags.extra {
            // A tag name is letters, digits and underscores (PGN 8.1.1).
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push_str(&format!("[{name} \"{}\"]\n", pgn_escape(value)));
            }
        }
        out.push('\n');
        let mut tokens = self.movetext();
        if let Some(o) = outcome.filter(|o| o.termination == Termination::Tablebase) {
            // The adjudication's verdict, which the result token alone
            // does not say came from the tables.
            tokens.push(match o.winner {
                Some(Color::White) => "{Endgame tables (Syzygy): a win for White}".to_string(),
                Some(Color::Black) => "{Endgame tables (Syzygy): a win for Black}".to_string(),
                None => "{Endgame tables (Syzygy): a draw}".to_string(),
            });
        }
        tokens.push(result.to_string());
        let mut line = String::new();
        for t in tokens {
            if !line.is_empty() && line.len() + 1 + t.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&t);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play_all(g: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            g.play_input(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    #[test]
    fn fools_mate_is_checkmate() {
        let mut g = Game::new(RulesMode::House);
        play_all(&mut g, "f3 e5 g4 Qh4");
        assert_eq!(g.sans().last().unwrap(), "Qh4#");
        let o = g.outcome().unwrap();
        assert_eq!(o.termination, Termination::Checkmate);
        assert_eq!(o.result(), "0-1");
    }

    #[test]
    fn threefold_counts_the_start_position() {
        let mut g = Game::new(RulesMode::House);
        play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
        assert!(g.outcome().is_none());
        play_all(&mut g, "Ng8");
        assert_eq!(
            g.outcome().unwrap().termination,
            Termination::ThreefoldRepetition
        );
    }

    #[test]
    fn fide_mode_threefold_is_a_claim() {
        let mut g = Game::new(RulesMode::Fide);
        play_all(&mut g, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
        assert!(g.outcome().is_none());
        assert_eq!(g.claimable_draw(), Ok(Termination::ThreefoldRepetition));
    }

    #[test]
    fn fifty_moves_exactly_at_ply_100() {
        let mut g = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", RulesMode::House).unwrap();
        assert!(g.outcome().is_none());
        play_all(&mut g, "Ra2");
        assert_eq!(g.outcome().unwrap().termination, Termination::FiftyMoves);
    }

    #[test]
    fn mate_on_ply_100_is_mate() {
        let mut g = Game::from_fen("k7/8/1K6/8/8/8/8/7R w - - 99 80", RulesMode::House).unwrap();
        play_all(&mut g, "Rh8");
        assert_eq!(g.outcome().unwrap().termination, Termination::Checkmate);
    }

    #[test]
    fn dead_positions_and_near_misses() {
        let dead = |fen: &str| Position::from_fen(fen).unwrap().is_dead_position();
        assert!(dead("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/4KB2 w - - 0 1"));
        assert!(dead("4k3/8/8/8/8/8/8/4KN2 w - - 0 1"));
        assert!(dead("4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1")); // f8 and c1: both dark
        assert!(!dead("4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1")); // g8 light, c1 dark
        assert!(!dead("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1")); // K+N+N v K plays on
        assert!(!dead("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1")); // K+B v K+N plays on
    }

    #[test]
    fn resignation_against_a_lone_king_is_a_draw() {
        let g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", RulesMode::House).unwrap();
        // Black has only a king: white resigning gives a draw.
        assert!(
            g.forfeit_outcome(Color::White, Termination::Resignation)
                .is_draw()
        );
        // Black resigning: white wins.
        assert_eq!(
            g.forfeit_outcome(Color::Black, Termination::Resignation)
                .winner,
            Some(Color::White)
        );
    }

    #[test]
    fn pgn_has_seven_tags_and_fen_when_set_up() {
        let mut g = Game::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", RulesMode::House).unwrap();
        play_all(&mut g, "Kd7 e4");
        let pgn = g.pgn(&PgnTags::default());
        assert!(pgn.contains("[SetUp \"1\"]"));
        assert!(pgn.contains("1... Kd7 2. e4 *"));
    }
}
