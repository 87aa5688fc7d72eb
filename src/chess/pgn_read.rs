//! Reading PGN: the tag pairs and the main line of the first game of a PGN
//! text, replayed into a [`Game`]. Comments (`{}` and `;`), variations
//! (`( )`, skipped), NAGs (`$n`), move suffixes (`!?`), move numbers and
//! `%` escape lines are understood; `SetUp`/`FEN` tags give a custom start,
//! read as Chess960 (X-FEN or Shredder-FEN) under `[Variant "Chess960"]`.
//!
//! Any text is accepted without panicking: what cannot be read is an
//! error naming the line or the move.

use super::game::{Game, RulesMode};
use super::position::FenError;
use super::san::MoveInputError;
use super::types::Color;
use super::variant::Variant;

/// A game read from PGN.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tag pairs in the order of the file (values unescaped).
    pub tags: Vec<(String, String)>,
    /// The main line replayed from the start position (the `FEN` tag, else
    /// the standard start). Replayed under strict FIDE rules, so a game
    /// that went on after an unclaimed threefold repetition still reads;
    /// its outcome is what the board says (checkmate, stalemate...), not
    /// the result written in the file: see [`PgnGame::result`].
    pub game: Game,
    /// The result token that ended the movetext (`1-0`, `0-1`, `1/2-1/2`,
    /// `*`), if there was one.
    pub result_token: Option<String>,
    /// The line of the result token (else of the game's first tag).
    pub result_line: usize,
    /// The line of the last move (else of the game's first tag).
    pub end_line: usize,
}

impl PgnGame {
    /// The value of the first tag named `name` (names are case-sensitive,
    /// as in PGN).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The result written in the file: the movetext's result token, else
    /// the `Result` tag. `None` when neither says `1-0`, `0-1` or
    /// `1/2-1/2`.
    #[must_use]
    pub fn result(&self) -> Option<&str> {
        [self.result_token.as_deref(), self.tag("Result")]
            .into_iter()
            .flatten()
            .map(str::trim)
            .find(|r| matches!(*r, "1-0" | "0-1" | "1/2-1/2"))
    }
}

/// The largest PGN text [`import_pgn`] reads.
pub const MAX_IMPORT_BYTES: usize = 1 << 20;
/// The most half-moves of a game [`import_pgn`] reads.
pub const MAX_IMPORT_PLIES: usize = 1000;

/// Why a PGN text cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnError {
    #[error("the PGN is empty: no tags and no moves")]
    Empty,
    #[error("line {line}: bad tag pair: {reason}")]
    Tag { line: usize, reason: &'static str },
    #[error("line {line}: the FEN tag {fen:?} is not a legal position: {source}")]
    Fen {
        line: usize,
        fen: String,
        source: FenError,
    },
    /// A `Variant` tag naming a variant other than standard chess and
    /// Chess960.
    #[error("line {line}: the variant {name:?} is not played here")]
    Variant { line: usize, name: String },
    /// A move that cannot be played; `ply` counts from 1.
    #[error("line {line}: move {label} {token} {}", describe(.reason))]
    Move {
        line: usize,
        ply: usize,
        /// The move number as PGN writes it: `12.` or `12...`.
        label: String,
        token: String,
        reason: MoveInputError,
    },
    #[error("line {line}: unexpected {token:?} in the moves")]
    Unexpected { line: usize, token: String },
    #[error("line {line}: a comment opened with '{{' is never closed")]
    UnclosedComment { line: usize },
    #[error("line {line}: a variation opened with '(' is never closed")]
    UnclosedVariation { line: usize },
    /// The text is over [`MAX_IMPORT_BYTES`].
    #[error("the PGN has {bytes} bytes, more than {max}", max = MAX_IMPORT_BYTES)]
    TooLarge { bytes: usize },
    /// The game is over [`MAX_IMPORT_PLIES`] half-moves long.
    #[error("line {line}: the game is longer than {max} half-moves", max = MAX_IMPORT_PLIES)]
    TooManyPlies { line: usize },
    /// The text holds several games and none was chosen.
    #[error("the PGN holds {count} games: choose one with game:1 to game:{count}")]
    SeveralGames { count: usize },
    /// The chosen game is not in the text.
    #[error("there is no game {chosen}: the PGN holds {count}")]
    NoSuchGame { chosen: usize, count: usize },
    /// The game already ended: by the board (checkmate, stalemate...) or
    /// by the result written at `line`.
    #[error("line {line}: the game already ended ({result})")]
    Ended { line: usize, result: String },
}

impl PgnError {
    /// The line of the text the error is on, when it is on one.
    #[must_use]
    pub fn line(&self) -> Option<usize> {
        match self {
            PgnError::Tag { line, .. }
            | PgnError::Fen { line, .. }
            | PgnError::Variant { line, .. }
            | PgnError::Move { line, .. }
            | PgnError::Unexpected { line, .. }
            | PgnError::UnclosedComment { line }
            | PgnError::UnclosedVariation { line }
            | PgnError::TooManyPlies { line }
            | PgnError::Ended { line, .. } => Some(*line),
            _ => None,
        }
    }
}

fn describe(reason: &MoveInputError) -> String {
    match reason {
        MoveInputError::Parse(_) => "is not a move in algebraic notation".to_string(),
        MoveInputError::Illegal { reason, .. } => format!("is illegal: {reason}"),
        MoveInputError::Ambiguous { candidates, .. } => {
            format!("is ambiguous: it could be {}", candidates.join(", "))
        }
        MoveInputError::PushIsCapture { captures, .. } => format!(
            "is written as a pawn push, but only captures reach that square ({})",
            captures.join(", ")
        ),
        MoveInputError::GameOver => "comes after the end of the game".to_string(),
    }
}

/// Reads the first game of a PGN text.
///
/// # Errors
/// [`PgnError`]: a malformed tag, an illegal `FEN` tag, an unclosed comment
/// or variation, a stray token, or the first move that cannot be played
/// (with its line, move number and the reason).
pub fn read_pgn(text: &str) -> Result<PgnGame, PgnError> {
    let mut lx = Lexer::new(text);
    read_game(&mut lx, usize::MAX)?.ok_or(PgnError::Empty)
}

/// The number of games in a PGN text (their moves are not checked).
///
/// # Errors
/// [`PgnError`]: a malformed tag, an unclosed comment or variation, or a
/// stray token in any game.
pub fn count_pgn_games(text: &str) -> Result<usize, PgnError> {
    let mut lx = Lexer::new(text);
    let mut count = 0;
    while skim_game(&mut lx)? {
        count += 1;
    }
    Ok(count)
}

/// Reads one game of a PGN text to continue it: `choice` is its number
/// (from 1) in a text of several games, and may be left out when there is
/// one. The text is at most [`MAX_IMPORT_BYTES`], the game at most
/// [`MAX_IMPORT_PLIES`] half-moves, and it must not have ended: neither on
/// the board nor by a result written in the movetext or the `Result` tag.
///
/// # Errors
/// Everything of [`read_pgn`], and [`PgnError::TooLarge`],
/// [`PgnError::TooManyPlies`], [`PgnError::SeveralGames`],
/// [`PgnError::NoSuchGame`], [`PgnError::Ended`].
pub fn import_pgn(text: &str, choice: Option<usize>) -> Result<PgnGame, PgnError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(PgnError::TooLarge { bytes: text.len() });
    }
    let count = count_pgn_games(text)?;
    let chosen = match choice {
        None if count > 1 => return Err(PgnError::SeveralGames { count }),
        None => 1,
        Some(n) => n,
    };
    if count == 0 {
        return Err(PgnError::Empty);
    }
    if chosen == 0 || chosen > count {
        return Err(PgnError::NoSuchGame { chosen, count });
    }
    let mut lx = Lexer::new(text);
    for _ in 1..chosen {
        skim_game(&mut lx)?;
    }
    let game = read_game(&mut lx, MAX_IMPORT_PLIES)?.ok_or(PgnError::Empty)?;
    if let Some(o) = game.game.outcome() {
        return Err(PgnError::Ended {
            line: game.end_line,
            result: o.result().to_string(),
        });
    }
    if let Some(result) = game.result() {
        return Err(PgnError::Ended {
            line: game.result_line,
            result: result.to_string(),
        });
    }
    Ok(game)
}

/// Reads the next game of `lx` (`None` at the end of the text), refusing
/// one longer than `max_plies`.
pub(super) fn read_game(lx: &mut Lexer<'_>, max_plies: usize) -> Result<Option<PgnGame>, PgnError> {
    let tags_at = lx.i;
    let (tags, lines) = lx.tags()?;
    let first_line = lines
        .first()
        .copied()
        .unwrap_or_else(|| lx.line_at(tags_at));
    let tag_line = |name: &str| {
        tags.iter()
            .zip(&lines)
            .find(|((k, _), _)| k == name)
            .map_or(first_line, |(_, &line)| line)
    };
    let start_fen = tags
        .iter()
        .find(|(k, _)| k == "FEN")
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty());
    // `[Variant "Chess960"]` (also "Fischerandom", as some tools write);
    // "From Position" is how some sites mark a game from a FEN.
    let variant = match tags.iter().find(|(k, _)| k == "Variant") {
        None => Variant::Standard,
        Some((_, v)) if v.trim().is_empty() || v.trim().eq_ignore_ascii_case("from position") => {
            Variant::Standard
        }
        Some((_, v)) => v.parse::<Variant>().map_err(|_| PgnError::Variant {
            line: tag_line("Variant"),
            name: v.trim().to_string(),
        })?,
    };
    let mut game = match start_fen {
        Some(fen) => Game::from_fen_variant(fen, variant, RulesMode::Fide).map_err(|source| {
            PgnError::Fen {
                line: tag_line("FEN"),
                fen: fen.to_string(),
                source,
            }
        })?,
        None if variant == Variant::Chess960 => {
            Game::chess960(518, RulesMode::Fide).expect("518 is a Chess960 start position")
        }
        None => Game::new(RulesMode::Fide),
    };
    let mut result_token = None;
    let mut result_line = first_line;
    let mut end_line = result_line;
    let mut saw_anything = !tags.is_empty();
    while let Some(token) = lx.next_token()? {
        saw_anything = true;
        match token {
            Token::Result(r, at) => {
                result_token = Some(r.to_string());
                result_line = lx.line_at(at);
                break;
            }
            Token::NextGame => break,
            Token::Word(word, at) => {
                let played = play_word(&mut game, word, || lx.line_at(at))?;
                if played {
                    end_line = lx.line_at(at);
                    if game.moves().len() > max_plies {
                        return Err(PgnError::TooManyPlies { line: end_line });
                    }
                }
            }
        }
    }
    if !saw_anything {
        return Ok(None);
    }
    if result_token.is_none() {
        // The `Result` tag speaks for a movetext without a result token.
        result_line = tag_line("Result");
    }
    Ok(Some(PgnGame {
        tags,
        game,
        result_token,
        result_line,
        end_line,
    }))
}

/// Skips the next game of `lx`, checking its syntax but not its moves;
/// `false` at the end of the text.
fn skim_game(lx: &mut Lexer<'_>) -> Result<bool, PgnError> {
    let (tags, _) = lx.tags()?;
    let mut saw_anything = !tags.is_empty();
    while let Some(token) = lx.next_token()? {
        saw_anything = true;
        match token {
            Token::Result(..) | Token::NextGame => break,
            Token::Word(..) => {}
        }
    }
    Ok(saw_anything)
}

/// Plays one movetext word: a move, possibly with a move number glued in
/// front (`1.e4`) and annotation marks behind (`Nf3!?`); bare move
/// numbers and evaluation symbols are skipped (`false`). `line` finds the
/// word's line, only needed for an error.
fn play_word(game: &mut Game, word: &str, line: impl Fn() -> usize) -> Result<bool, PgnError> {
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let dots = word[digits..].bytes().take_while(|&c| c == b'.').count();
    let rest = if digits > 0 && (dots > 0 || digits == word.len()) {
        &word[digits + dots..]
    } else {
        word
    };
    let mv = rest.trim_end_matches(['!', '?']);
    if mv.is_empty() || is_annotation(mv) {
        return Ok(false);
    }
    let pos = game.position();
    let label = match pos.turn() {
        Color::White => format!("{}.", pos.fullmove_number()),
        Color::Black => format!("{}...", pos.fullmove_number()),
    };
    let ply = game.moves().len() + 1;
    game.play_input(mv)
        .map(|_| true)
        .map_err(|reason| PgnError::Move {
            line: line(),
            ply,
            label,
            token: rest.to_string(),
            reason,
        })
}

/// Evaluation symbols some programs write as words, and `e.p.`.
fn is_annotation(word: &str) -> bool {
    matches!(
        word,
        "e.p." | "ep" | "+-" | "-+" | "=" | "+=" | "=+" | "+/-" | "-/+" | "+/=" | "=/+" | "~"
    )
}

enum Token<'a> {
    /// A word and its byte offset.
    Word(&'a str, usize),
    /// A result token and its byte offset.
    Result(&'a str, usize),
    /// A `[` after the movetext began: the next game's tags.
    NextGame,
}

/// A game's tag pairs and the line of each.
type TagsAndLines = (Vec<(String, String)>, Vec<usize>);

pub(super) struct Lexer<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
    /// The last offset whose line was counted, and that line: lines are
    /// asked for mostly in increasing order, so counting goes on from
    /// there and a long text is scanned once.
    counted: std::cell::Cell<(usize, usize)>,
}

/// Bytes that end a movetext word.
fn is_delimiter(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']' | b'$')
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `text`, past a byte order mark.
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            s: text,
            b: text.as_bytes(),
            i: if text.starts_with('\u{feff}') {
                '\u{feff}'.len_utf8()
            } else {
                0
            },
            counted: std::cell::Cell::new((0, 1)),
        }
    }

    /// The 1-based line of byte offset `at`.
    fn line_at(&self, at: usize) -> usize {
        let at = at.min(self.b.len());
        let (mut from, mut line) = self.counted.get();
        if at < from {
            (from, line) = (0, 1);
        }
        line += self.b[from..at].iter().filter(|&&c| c == b'\n').count();
        self.counted.set((at, line));
        line
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn at_line_start(&self) -> bool {
        self.i == 0 || self.b.get(self.i - 1) == Some(&b'\n')
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            self.i += 1;
            if c == b'\n' {
                break;
            }
        }
    }

    /// Skips whitespace, comments and `%` escape lines.
    fn skip_trivia(&mut self) -> Result<(), PgnError> {
        while let Some(c) = self.peek() {
            match c {
                c if c.is_ascii_whitespace() => self.i += 1,
                b'%' if self.at_line_start() => self.skip_line(),
                b';' => self.skip_line(),
                b'{' => self.skip_brace_comment()?,
                _ => break,
            }
        }
        Ok(())
    }

    fn skip_brace_comment(&mut self) -> Result<(), PgnError> {
        let open = self.i;
        match self.b[self.i..].iter().position(|&c| c == b'}') {
            Some(n) => {
                self.i += n + 1;
                Ok(())
            }
            None => Err(PgnError::UnclosedComment {
                line: self.line_at(open),
            }),
        }
    }

    /// The tag pairs at the start of a game, and the line of each.
    fn tags(&mut self) -> Result<TagsAndLines, PgnError> {
        let mut tags = Vec::new();
        let mut lines = Vec::new();
        loop {
            self.skip_trivia()?;
            if self.peek() != Some(b'[') {
                return Ok((tags, lines));
            }
            lines.push(self.line_at(self.i));
            tags.push(self.tag()?);
        }
    }

    fn tag(&mut self) -> Result<(String, String), PgnError> {
        let line = self.line_at(self.i);
        let err = |reason| PgnError::Tag { line, reason };
        self.i += 1; // '['
        self.skip_spaces();
        let name_start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_')
        {
            self.i += 1;
        }
        if self.i == name_start {
            return Err(err("expected a tag name such as White after '['"));
        }
        let name = self.s[name_start..self.i].to_string();
        self.skip_spaces();
        if self.peek() != Some(b'"') {
            return Err(err("the value must be in double quotes"));
        }
        self.i += 1;
        let mut value = String::new();
        let mut chunk_start = self.i;
        loop {
            match self.peek() {
                None | Some(b'\n') => return Err(err("the value's closing quote is missing")),
                Some(b'"') => {
                    value.push_str(&self.s[chunk_start..self.i]);
                    self.i += 1;
                    break;
                }
                Some(b'\\') => {
                    value.push_str(&self.s[chunk_start..self.i]);
                    match self.b.get(self.i + 1) {
                        Some(&c @ (b'"' | b'\\')) => {
                            value.push(char::from(c));
                            self.i += 2;
                        }
                        _ => {
                            value.push('\\');
                            self.i += 1;
                        }
                    }
                    chunk_start = self.i;
                }
                Some(_) => self.i += 1,
            }
        }
        self.skip_spaces();
        if self.peek() != Some(b']') {
            return Err(err("expected ']' after the value"));
        }
        self.i += 1;
        Ok((name, value))
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|c| c == b' ' || c == b'\t') {
            self.i += 1;
        }
    }

    /// Skips a variation, nested ones and the comments inside included.
    fn skip_variation(&mut self) -> Result<(), PgnError> {
        let open = self.i;
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                b'(' => {
                    depth += 1;
                    self.i += 1;
                }
                b')' => {
                    depth -= 1;
                    self.i += 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                b'{' => self.skip_brace_comment()?,
                b';' => self.skip_line(),
                _ => self.i += 1,
            }
        }
        Err(PgnError::UnclosedVariation {
            line: self.line_at(open),
        })
    }

    /// The next word of the movetext, `None` at the end of the text.
    fn next_token(&mut self) -> Result<Option<Token<'a>>, PgnError> {
        loop {
            self.skip_trivia()?;
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            match c {
                b'(' => self.skip_variation()?,
                b'[' => return Ok(Some(Token::NextGame)),
                b'$' => {
                    self.i += 1;
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.i += 1;
                    }
                }
                b')' | b'}' | b']' => {
                    return Err(PgnError::Unexpected {
                        line: self.line_at(self.i),
                        token: char::from(c).to_string(),
                    });
                }
                _ => {
                    let start = self.i;
                    while self.peek().is_some_and(|c| !is_delimiter(c)) {
                        self.i += 1;
                    }
                    let word = &self.s[start..self.i];
                    return Ok(Some(match word {
                        "1-0" | "0-1" | "1/2-1/2" | "*" => Token::Result(word, start),
                        _ => Token::Word(word, start),
                    }));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::{PgnTags, Termination};

    fn sans(g: &PgnGame) -> String {
        g.game.sans().join(" ")
    }

    #[test]
    fn reads_tags_with_escapes() {
        let g = read_pgn(
            "[Event \"Casual\"]\n[White \"Al \\\"The Rook\\\" \\\\ Smith\"]\n[Black \"Боб\"]\n\n1. e4 *\n",
        )
        .unwrap();
        assert_eq!(g.tag("Event"), Some("Casual"));
        assert_eq!(g.tag("White"), Some("Al \"The Rook\" \\ Smith"));
        assert_eq!(g.tag("Black"), Some("Боб"));
        assert_eq!(g.tag("white"), None);
        assert_eq!(sans(&g), "e4");
        assert_eq!(g.result_token.as_deref(), Some("*"));
        assert_eq!(g.result(), None);
    }

    #[test]
    fn skips_comments_variations_nags_and_suffixes() {
        let text = "[Result \"1-0\"]\n\
            % an escape line 1. h4\n\
            1. e4 {best (by test)} e5 ; rest of line ) ignored\n\
            2. Nf3!? $1 (2. f4 exf4 (2... d5 {a (nested) line}) 3. Nf3) Nc6?! \
            3.Bc4 Nf6?? 4. Ng5 $2 d5 5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 \
            8. Bxc6+!! Nxc6 1-0\n";
        let g = read_pgn(text).unwrap();
        assert_eq!(
            sans(&g),
            "e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Na5 Bb5+ c6 dxc6 bxc6 Bxc6+ Nxc6"
        );
        assert_eq!(g.result(), Some("1-0"));
    }

    #[test]
    fn a_fen_tag_sets_the_start() {
        let g = read_pgn(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 2. e4 *",
        )
        .unwrap();
        assert!(!g.game.is_standard_start());
        assert_eq!(sans(&g), "Kd7 e4");
    }

    #[test]
    fn our_own_export_reads_back() {
        let mut orig = Game::new(RulesMode::House);
        for m in "f3 e5 g4 Qh4".split_whitespace() {
            orig.play_input(m).unwrap();
        }
        let tags = PgnTags {
            white: "a \"quoted\" name".into(),
            ..PgnTags::default()
        };
        let g = read_pgn(&orig.pgn(&tags)).unwrap();
        assert_eq!(g.game.moves(), orig.moves());
        assert_eq!(g.tag("White"), Some("a \"quoted\" name"));
        assert_eq!(g.result(), Some("0-1"));
        assert_eq!(
            g.game.outcome().map(|o| o.termination),
            Some(Termination::Checkmate)
        );
    }

    #[test]
    fn reads_only_the_first_game() {
        let g = read_pgn("1. d4 d5 1/2-1/2\n\n[Event \"2\"]\n1. e4 *").unwrap();
        assert_eq!(sans(&g), "d4 d5");
        let g = read_pgn("1. d4 d5\n[Event \"2\"]\n1. e4 *").unwrap();
        assert_eq!(sans(&g), "d4 d5");
    }

    #[test]
    fn an_illegal_move_names_its_number_and_reason() {
        let err = read_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke6 *").unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.starts_with("line 1: move 3... Ke6 is illegal: "),
            "{msg}"
        );
        assert!(matches!(err, PgnError::Move { ply: 6, .. }));
        let msg = read_pgn("1. e4 e5 2. Qq9").unwrap_err().to_string();
        assert_eq!(
            msg,
            "line 1: move 2. Qq9 is not a move in algebraic notation"
        );
        let msg = read_pgn("1. f3 e5 2. g4 Qh4# 3. a3")
            .unwrap_err()
            .to_string();
        assert_eq!(msg, "line 1: move 3. a3 comes after the end of the game");
    }

    #[test]
    fn malformed_text_gives_specific_errors() {
        assert!(matches!(read_pgn("  \n\n"), Err(PgnError::Empty)));
        assert!(matches!(
            read_pgn("[White \"bob]\n1. e4"),
            Err(PgnError::Tag { line: 1, .. })
        ));
        assert!(matches!(
            read_pgn("[Event \"x\"]\n[White bob]\n"),
            Err(PgnError::Tag { line: 2, .. })
        ));
        assert!(matches!(
            read_pgn("1. e4 {never closed"),
            Err(PgnError::UnclosedComment { line: 1 })
        ));
        assert!(matches!(
            read_pgn("1. e4 (1. d4\n"),
            Err(PgnError::UnclosedVariation { line: 1 })
        ));
        assert!(matches!(
            read_pgn("1. e4 e5 )"),
            Err(PgnError::Unexpected { .. })
        ));
        assert!(matches!(
            read_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*"),
            Err(PgnError::Fen { .. })
        ));
    }

    #[test]
    fn tags_alone_are_a_game_without_moves() {
        let g = read_pgn("[White \"a\"]").unwrap();
        assert!(g.game.moves().is_empty());
    }

    mod props {
        use super::super::read_pgn;
        use proptest::prelude::*;

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(512))]

            #[test]
            fn never_panics_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
                let _ = read_pgn(&String::from_utf8_lossy(&bytes));
            }

            #[test]
            fn never_panics_on_pgn_like_soup(parts in proptest::collection::vec(
                prop::sample::select(vec![
                    "[", "]", "\"", "\\", "{", "}", "(", ")", ";", "\n", " ", "$", "12", ".", "...",
                    "e4", "e5", "Nf3", "O-O", "0-0-0", "exd5", "e8=Q", "Qh4#", "!?", "1-0", "*",
                    "1/2-1/2", "%", "FEN", "White", "é", "Ж", "\u{feff}", "--", "Z0", "=",
                ]),
                0..60,
            )) {
                let _ = read_pgn(&parts.concat());
            }
        }
    }
}
