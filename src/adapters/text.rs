//! The text-command grammar shared by the console and Matrix:
//! `/chess <command> [positional] [name:value ...]` (or `!chess ...`).
//!
//! - The first argument may be positional (`/chess move Nf3`,
//!   `/chess challenge @bob`); options are `name:value` as Discord shows
//!   them; a value with spaces goes in double quotes (`fen:"8/8/... w - - 0 1"`).
//! - Mentions are `@name`; the console uses the name as the user id.
//!
//! [`parse`] is a pure function: text in, [`Command`] (or nothing, when the
//! text is not addressed to the bot) out.

use crate::chess::{RulesMode, Variant};
use crate::i18n::Locale;
use crate::render::Theme;
use crate::service::{
    Actor, BoardQuestion, BoardView, ChallengeExtras, ChallengeOptions, ColorChoice, Command,
    CommunityChange, ComputerOptions, DEFAULT_DAYS, DEFAULT_LEVEL, MAX_LEAVE_DAYS, NotifyTarget,
    PremoveAction, PuzzleDaily, messages as msg,
};
use crate::service::{
    LEAGUE_MAX_PLAYERS, LeagueCommand, LeagueFormat, LeagueSetup, SWISS_MAX_PLAYERS,
    SWISS_MAX_ROUNDS, SWISS_MIN_PLAYERS, SWISS_MIN_ROUNDS,
};

/// Longest message the grammar accepts.
pub const MAX_LEN: usize = 2000;
/// Longest message with a `pgn:` option (a whole game's PGN text).
pub const MAX_PGN_LEN: usize = 64 * 1024;

/// Why a text command could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// The subcommand does not exist.
    UnknownCommand(String),
    /// An option the command does not have.
    UnknownOption { command: String, name: String },
    /// An option (or positional argument) with an unusable value.
    BadValue { name: String, value: String },
    /// An argument the command does not take.
    Unexpected { command: String, arg: String },
    /// A `"` without its closing partner.
    UnterminatedQuote,
    /// More than [`MAX_LEN`] characters.
    TooLong,
    /// Days of vacation that are not a whole number from 0 to the
    /// allowance.
    BadVacationDays(String),
    /// A game number no game can have (0, or too big for an id).
    NoSuchGame(String),
    /// A `variant` the bot does not play (`invalid_variant`).
    BadVariant(String),
    /// A number outside what an option takes; `range` says what it takes.
    OutOfRange {
        name: String,
        value: String,
        range: String,
    },
    /// A word an option does not take; `choices` are the words it does.
    Choices {
        name: String,
        value: String,
        choices: String,
    },
    /// A name with spaces typed without its quotes.
    NameInQuotes { command: String, name: String },
    /// `league` without its action.
    LeagueActions,
}

impl ParseError {
    /// The stable error code (console contract).
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ParseError::UnknownCommand(_) => "unknown_command",
            ParseError::TooLong => "too_long",
            ParseError::NoSuchGame(_) => "no_game",
            ParseError::BadVariant(_) => "invalid_variant",
            _ => "invalid_option",
        }
    }

    /// The user-facing message in English (from the catalog).
    #[must_use]
    pub fn message(&self) -> String {
        self.message_in(Locale::En)
    }

    /// The user-facing message in `l` (from the catalog).
    #[must_use]
    pub fn message_in(&self, l: Locale) -> String {
        match self {
            ParseError::UnknownCommand(c) => match nearest_command(c) {
                Some(s) => msg::unknown_command_suggest(l, c, s),
                // `/chess Nf3`: a move without its command.
                None if crate::chess::MoveText::parse(c).is_ok() => {
                    msg::unknown_command_suggest(l, c, &format!("move {c}"))
                }
                None => msg::unknown_command(l, c),
            },
            // `time:3d`: correspondence time is given in days.
            ParseError::UnknownOption { name, .. } if name == "time" => msg::time_means_days(l),
            ParseError::UnknownOption { command, name } => msg::unknown_option(l, command, name),
            ParseError::OutOfRange { name, value, range } => {
                msg::option_out_of_range(l, name, value, range)
            }
            ParseError::Choices {
                name,
                value,
                choices,
            } => msg::option_choices(l, name, value, choices),
            ParseError::NameInQuotes { command, name } => msg::name_in_quotes(l, command, name),
            ParseError::LeagueActions => msg::league_actions(l),
            ParseError::BadValue { name, value } if name == "days" => msg::bad_days(l, value),
            ParseError::BadValue { name, value } if name == "level" => msg::bad_level(l, value),
            ParseError::BadValue { name, value } if name == "language" => {
                msg::unknown_language(l, value)
            }
            ParseError::BadValue { name, value } if name == "position" => {
                msg::chess960_bad_position(l, value)
            }
            // A bad theme lists the themes there are.
            ParseError::BadValue { name, value } if name == "theme" => {
                let themes: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                msg::bad_theme(l, value, &themes.join(", "))
            }
            ParseError::BadValue { name, value } => msg::bad_option_value(l, name, value),
            // `challenge bob`: a player is named with `@`.
            ParseError::Unexpected { command, arg }
                if TAKES_A_PLAYER.contains(&command.as_str()) && looks_like_a_name(arg) =>
            {
                msg::unexpected_argument_mention(l, command, arg)
            }
            ParseError::Unexpected { command, arg } => msg::unexpected_argument(l, command, arg),
            ParseError::UnterminatedQuote => msg::unterminated_quote(l),
            ParseError::TooLong => msg::input_too_long(l),
            ParseError::BadVacationDays(v) => msg::bad_vacation_days(l, v, MAX_LEAVE_DAYS),
            ParseError::NoSuchGame(n) => msg::no_such_game_number(l, n),
            ParseError::BadVariant(v) => msg::unknown_variant(l, v),
        }
    }
}

/// The commands whose bare word may be a player named without `@`.
const TAKES_A_PLAYER: [&str; 3] = ["challenge", "history", "stats"];

/// A word that could be a user's name (letters, digits, `_`, `.`, `-`).
fn looks_like_a_name(word: &str) -> bool {
    (2..=32).contains(&word.chars().count())
        && word
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '-'))
        && word.chars().next().is_some_and(char::is_alphabetic)
}

impl std::fmt::Display for ParseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ParseError {}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Positional(String),
    Option(String, String),
}

/// Splits arguments on whitespace, keeping double-quoted runs together, and
/// recognises `name:value` options.
fn tokenize(s: &str) -> Result<Vec<Token>, ParseError> {
    let mut out = Vec::new();
    let mut chars = s.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            return Ok(out);
        }
        let mut raw = String::new();
        let mut name: Option<String> = None;
        let mut quoted_start = false;
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            if c == '"' {
                if raw.is_empty() {
                    quoted_start = true;
                }
                let mut closed = false;
                while let Some(q) = chars.next() {
                    match q {
                        '"' => {
                            closed = true;
                            break;
                        }
                        '\\' => input::push_escape(&mut raw, &mut chars),
                        _ => raw.push(q),
                    }
                }
                if !closed {
                    return Err(ParseError::UnterminatedQuote);
                }
            } else if c == ':'
                && name.is_none()
                && !quoted_start
                && !raw.is_empty()
                && raw
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                && raw.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            {
                name = Some(std::mem::take(&mut raw).to_ascii_lowercase());
            } else {
                raw.push(c);
            }
        }
        out.push(match name {
            Some(n) => Token::Option(n, raw),
            None => Token::Positional(raw),
        });
    }
}

fn mention(name: &str, value: &str) -> Result<Actor, ParseError> {
    let v = value.trim();
    let v = v.strip_prefix('@').unwrap_or(v);
    // Discord-style `<@123>` as well.
    let v = v
        .strip_prefix("<@")
        .and_then(|r| r.strip_suffix('>'))
        .map_or(v, |r| r.trim_start_matches('!'));
    if v.is_empty() || v.chars().any(char::is_whitespace) {
        return Err(ParseError::BadValue {
            name: name.to_string(),
            value: value.to_string(),
        });
    }
    Ok(Actor {
        id: v.to_string(),
        name: v.to_string(),
    })
}

/// The options of `board` that ask about the position in words.
const BOARD_QUESTIONS: [&str; 6] = ["text", "words", "square", "sq", "piece", "pieces"];

/// The question a `board` option asks in words: `text:true`,
/// `square:e4`, `piece:N` (the square and the piece are read by the
/// service, in the caller's language); `None` for other options and for
/// `text:false`.
fn board_question(name: &str, value: &str) -> Result<Option<BoardQuestion>, ParseError> {
    Ok(match name {
        "text" | "words" => parse_bool(name, value)?.then_some(BoardQuestion::Text),
        "square" | "sq" => Some(BoardQuestion::Square(value.to_string())),
        "piece" | "pieces" => Some(BoardQuestion::Piece(value.to_string())),
        _ => None,
    })
}

fn bad(name: &str, value: &str) -> ParseError {
    ParseError::BadValue {
        name: name.to_string(),
        value: value.to_string(),
    }
}

fn parse_color(v: &str) -> Option<ColorChoice> {
    match v.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(ColorChoice::White),
        "black" | "b" => Some(ColorChoice::Black),
        "random" | "r" | "any" => Some(ColorChoice::Random),
        _ => None,
    }
}

fn parse_days(v: &str) -> Result<u32, ParseError> {
    let t = v.trim();
    let t = t.strip_suffix('d').unwrap_or(t);
    match t.parse::<u32>() {
        Ok(d) if (1..=14).contains(&d) => Ok(d),
        _ => Err(bad("days", v)),
    }
}

/// A level 1-8 (checked again by the service).
fn parse_level(v: &str) -> Result<u8, ParseError> {
    match v.trim().parse::<u8>() {
        Ok(n) if (1..=8).contains(&n) => Ok(n),
        _ => Err(bad("level", v)),
    }
}

fn parse_bool(name: &str, v: &str) -> Result<bool, ParseError> {
    match v.to_ascii_lowercase().as_str() {
        "true" | "yes" | "on" | "1" | "flip" => Ok(true),
        "false" | "no" | "off" | "0" => Ok(false),
        _ => Err(bad(name, v)),
    }
}

/// Days of vacation: a whole number, `d` allowed (`3`, `3d`); anything
/// else (negative, a fraction, a word) is told the range. More than the
/// allowance is a number all the same: the service answers `limit` with
/// what is left of it, as the console contract records.
fn parse_vacation_days(v: &str) -> Result<u32, ParseError> {
    let t = v.trim();
    let t = t.strip_suffix('d').unwrap_or(t);
    t.parse::<u32>()
        .map_err(|_| ParseError::BadVacationDays(v.to_string()))
}

fn parse_game_id(name: &str, v: &str) -> Result<i64, ParseError> {
    let t = v.trim();
    let t = t.strip_prefix('#').unwrap_or(t);
    match t.parse::<i64>() {
        Ok(id) if id > 0 => Ok(id),
        // A number, but one no game has (0, or beyond any id).
        _ if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            Err(ParseError::NoSuchGame(t.to_string()))
        }
        _ => Err(bad(name, v)),
    }
}

/// `variant:` standard or chess960 (and their aliases).
fn parse_variant(v: &str) -> Result<Variant, ParseError> {
    v.parse::<Variant>()
        .map_err(|_| ParseError::BadVariant(v.to_string()))
}

/// `position:` a whole number (the service checks 0-959 and says so).
fn parse_position(v: &str) -> Result<u32, ParseError> {
    v.trim().parse::<u32>().map_err(|_| bad("position", v))
}

/// A positional word naming a variant (`chess960`, `960`-like numbers
/// excepted: bare numbers are days or levels).
fn positional_variant(p: &str) -> Option<Variant> {
    if p.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    p.parse().ok()
}

/// Every subcommand, with the other words it answers to.
const COMMANDS: &[(&str, &[&str])] = &[
    ("challenge", &["play"]),
    ("computer", &["ai"]),
    ("accept", &[]),
    ("decline", &["reject"]),
    ("cancel", &[]),
    ("move", &["m"]),
    ("board", &["show"]),
    ("draw", &[]),
    ("resign", &[]),
    ("abort", &[]),
    ("takeback", &["undo"]),
    ("rematch", &[]),
    ("claim", &[]),
    ("pgn", &[]),
    ("summary", &["recap"]),
    ("games", &[]),
    ("history", &[]),
    ("stats", &["rating"]),
    ("leaderboard", &["top"]),
    ("help", &[]),
    ("settings", &["setting", "language", "lang"]),
    ("vacation", &["holiday"]),
    ("moretime", &["more-time", "addtime"]),
    ("notify", &["notifications"]),
    ("league", &["leagues"]),
    ("premove", &["premoves", "conditional"]),
    ("note", &["notes"]),
    ("puzzle", &["puzzles"]),
    ("solve", &[]),
    ("team", &["teams"]),
];

/// The subcommand name after its aliases are resolved.
fn canonical(name: &str) -> Option<&'static str> {
    COMMANDS
        .iter()
        .find(|(c, aliases)| *c == name || aliases.contains(&name))
        .map(|&(c, _)| c)
}

/// Subcommand names a typo may be near: all of [`COMMANDS`] but `team`,
/// which `/chess team` only forwards to `/team`, a family with its own
/// help.
fn suggested() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().map(|&(c, _)| c).filter(|&c| c != "team")
}

/// Parses one chat message.
///
/// Returns `Ok(None)` when the text is not a bot command (no `/chess` or
/// `!chess` prefix), `Ok(Some(command))` for a well-formed command, and a
/// [`ParseError`] for a command the bot cannot understand. `/chess` alone
/// means `help`.
///
/// # Errors
/// Unknown subcommands and options, malformed values, extra arguments,
/// unterminated quotes, over-long input.
pub fn parse(text: &str) -> Result<Option<Command>, ParseError> {
    let t = text.trim();
    // `/team ...`: team play, a family of its own.
    if let Some(rest) = teams::team_rest(t) {
        if text.len() > MAX_LEN {
            return Err(ParseError::TooLong);
        }
        return teams::parse_team(rest).map(Some);
    }
    let rest = match t.get(..6) {
        Some(p) if p.eq_ignore_ascii_case("/chess") || p.eq_ignore_ascii_case("!chess") => &t[6..],
        _ => return Ok(None),
    };
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return Ok(None);
    }
    // A game to continue comes as its PGN text in the message.
    let limit = if families::has_pgn_option(t) {
        MAX_PGN_LEN
    } else {
        MAX_LEN
    };
    if text.len() > limit {
        return Err(ParseError::TooLong);
    }
    let (sub, args) = first_word(rest);
    if sub.is_empty() {
        return Ok(Some(Command::Help));
    }
    let lower = sub.to_ascii_lowercase();
    let Some(name) = canonical(&lower) else {
        crate::metrics::UNKNOWN_COMMANDS.inc();
        return Err(ParseError::UnknownCommand(sub.to_string()));
    };
    // `pgn:` takes the rest of the message, quotes and line breaks too.
    let (args, pgn) = if name == "challenge" {
        families::split_pgn(args)
    } else {
        (args, None)
    };
    let tokens = tokenize(args)?;
    let (unknown, unexpected) = arg_errors(name);
    let cmd = match name {
        "challenge" => {
            let mut opponent = None;
            let mut color = None;
            let mut days = None;
            let mut fen = None;
            let mut rules = None;
            let mut rated = true;
            let mut variant = None;
            let mut position = None;
            let mut extras = ChallengeExtras {
                pgn,
                ..ChallengeExtras::default()
            };
            for tok in tokens {
                match tok {
                    Token::Option(o, v) => match o.as_str() {
                        "variant" => variant = Some(parse_variant(&v)?),
                        "position" | "pos" => position = Some(parse_position(&v)?),
                        "bank" | "increment" | "inc" | "control" | "game" => {
                            families::challenge_extra(&mut extras, &o, &v)?;
                        }
                        "opponent" | "user" | "vs" => opponent = Some(mention(&o, &v)?),
                        "color" | "colour" => {
                            color = Some(parse_color(&v).ok_or_else(|| bad(&o, &v))?);
                        }
                        "days" => days = Some(parse_days(&v)?),
                        "fen" => fen = Some(v),
                        "rules" => {
                            rules = Some(v.parse::<RulesMode>().map_err(|()| bad(&o, &v))?);
                        }
                        "rated" => rated = parse_bool(&o, &v)?,
                        _ => return Err(unknown(&o)),
                    },
                    Token::Positional(p) => {
                        if p.starts_with('@') && opponent.is_none() {
                            opponent = Some(mention("opponent", &p)?);
                        } else if let (Some(c), None) = (parse_color(&p), color) {
                            color = Some(c);
                        } else if p.chars().all(|c| c.is_ascii_digit()) && days.is_none() {
                            days = Some(parse_days(&p)?);
                        } else if let (Ok(r), None) = (p.parse::<RulesMode>(), rules) {
                            rules = Some(r);
                        } else if p.eq_ignore_ascii_case("casual") {
                            rated = false;
                        } else if p.eq_ignore_ascii_case("rated") {
                            rated = true;
                        } else if let (Some(v), None) = (positional_variant(&p), variant) {
                            variant = Some(v);
                        } else {
                            return Err(unexpected(&p));
                        }
                    }
                }
            }
            extras.days_given = days.is_some();
            Command::Challenge {
                opponent,
                options: Box::new(ChallengeOptions {
                    color: color.unwrap_or_default(),
                    days: days.unwrap_or(DEFAULT_DAYS),
                    fen,
                    rules: rules.unwrap_or_default(),
                    rated,
                    variant,
                    position,
                    extras,
                }),
            }
        }
        "computer" => {
            // `computer level:3 color:white days:5 fen:"..."`, or
            // positionally `computer 3 white 5` (the first number is the
            // level, the second the days).
            let mut level = None;
            let mut color = None;
            let mut days = None;
            let mut fen = None;
            let mut variant = None;
            let mut position = None;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) => match o.as_str() {
                        "variant" => variant = Some(parse_variant(&v)?),
                        "position" | "pos" => position = Some(parse_position(&v)?),
                        "level" => level = Some(parse_level(&v)?),
                        "color" | "colour" => {
                            color = Some(parse_color(&v).ok_or_else(|| bad(&o, &v))?);
                        }
                        "days" => days = Some(parse_days(&v)?),
                        "fen" => fen = Some(v),
                        _ => return Err(unknown(&o)),
                    },
                    Token::Positional(p) => {
                        if let (Some(c), None) = (parse_color(&p), color) {
                            color = Some(c);
                        } else if p.chars().all(|c| c.is_ascii_digit()) && level.is_none() {
                            level = Some(parse_level(&p)?);
                        } else if p.chars().all(|c| c.is_ascii_digit()) && days.is_none() {
                            days = Some(parse_days(&p)?);
                        } else if let (Some(v), None) = (positional_variant(&p), variant) {
                            variant = Some(v);
                        } else {
                            return Err(unexpected(&p));
                        }
                    }
                }
            }
            Command::Computer(ComputerOptions {
                level: level.unwrap_or(DEFAULT_LEVEL),
                color: color.unwrap_or_default(),
                days: days.unwrap_or(DEFAULT_DAYS),
                fen,
                variant,
                position,
            })
        }
        "move" => Command::Move {
            text: move_words(tokens, &unknown)?.join(" "),
        },
        "draw" => {
            // `draw`, or a claim as Discord folds it: `draw claim:true
            // [move:Nf3]`, `draw claim Nf3`.
            let mut claim = false;
            let mut parts = Vec::new();
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if o == "claim" => claim = parse_bool(&o, &v)?,
                    Token::Option(o, v) if matches!(o.as_str(), "move" | "san" | "m") => {
                        claim = true;
                        parts.push(v);
                    }
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) if p.eq_ignore_ascii_case("claim") && !claim => {
                        claim = true;
                    }
                    Token::Positional(p) if claim => parts.push(p),
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            if claim {
                Command::Claim {
                    text: (!parts.is_empty()).then(|| parts.join(" ")),
                }
            } else {
                Command::Draw
            }
        }
        "claim" => {
            let parts = move_words(tokens, &unknown)?;
            Command::Claim {
                text: (!parts.is_empty()).then(|| parts.join(" ")),
            }
        }
        "board" => {
            let mut flip = false;
            // `board private:true` (or `board private`).
            let mut private = false;
            // `board text:true`, `board square:e4`, `board piece:N`.
            let mut words = None;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if BOARD_QUESTIONS.contains(&o.as_str()) => {
                        if let Some(q) = board_question(&o, &v)? {
                            if words.is_some() {
                                return Err(unexpected(&o));
                            }
                            words = Some(q);
                        }
                    }
                    Token::Option(o, v) if o == "flip" => flip = parse_bool(&o, &v)?,
                    Token::Option(o, v) if o == "private" => private = parse_bool(&o, &v)?,
                    Token::Positional(p) if p.eq_ignore_ascii_case("private") => private = true,
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) if p.eq_ignore_ascii_case("flip") => flip = true,
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            match words {
                Some(q) => Command::BoardWords(q),
                None => Command::Board { flip, private },
            }
        }
        "pgn" | "summary" => {
            let mut game = None;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if o == "game" || o == "id" => {
                        game = Some(parse_game_id(&o, &v)?);
                    }
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) if game.is_none() => {
                        game = Some(parse_game_id("game", &p)?);
                    }
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            if name == "pgn" {
                Command::Pgn { game }
            } else {
                Command::Summary { game }
            }
        }
        "history" => {
            let mut who = None;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if o == "user" || o == "player" => {
                        who = Some(mention(&o, &v)?);
                    }
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) if who.is_none() => who = Some(mention("user", &p)?),
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            Command::History { user: who }
        }
        "stats" => {
            let mut player = None;
            let mut vs = None;
            let mut variant = Variant::Standard;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if o == "variant" => variant = parse_variant(&v)?,
                    Token::Positional(p)
                        if !p.starts_with('@') && positional_variant(&p).is_some() =>
                    {
                        variant = positional_variant(&p).unwrap_or_default();
                    }
                    Token::Option(o, v) if o == "player" || o == "user" => {
                        player = Some(mention(&o, &v)?);
                    }
                    Token::Option(o, v) if o == "vs" || o == "opponent" => {
                        vs = Some(mention(&o, &v)?);
                    }
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) if player.is_none() => {
                        player = Some(mention("player", &p)?);
                    }
                    Token::Positional(p) if vs.is_none() => vs = Some(mention("vs", &p)?),
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            Command::Stats {
                player,
                vs,
                variant,
            }
        }
        "leaderboard" => {
            // `leaderboard`, `leaderboard variant:chess960`, `leaderboard 960`.
            let mut variant = Variant::Standard;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if o == "variant" => variant = parse_variant(&v)?,
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) => variant = parse_variant(&p)?,
                }
            }
            Command::Leaderboard { variant }
        }
        "settings" => settings::parse_settings(tokens, &unknown, &unexpected)?,
        "vacation" => {
            // `vacation days:3`, `vacation 3`; nothing shows it.
            let mut days = None;
            for tok in tokens {
                let value = match tok {
                    Token::Option(o, v) if o == "days" => v,
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) => p,
                };
                if days.is_some() {
                    return Err(unexpected(&value));
                }
                days = Some(parse_vacation_days(&value)?);
            }
            Command::Vacation { days }
        }
        "notify" => settings::parse_notify(tokens, &unknown, &unexpected)?,
        "league" => parse_league(tokens)?,
        "help" => input::parse_help(tokens, &unknown, &unexpected)?,
        "premove" => parse_premove(tokens, args, &unknown)?,
        "note" => parse_note(tokens, args, &unknown)?,
        "puzzle" => parse_puzzle(tokens, &unknown, &unexpected)?,
        "solve" => parse_solve(tokens, &unknown)?,
        // `/chess team ...` reads as `/team ...`.
        "team" => teams::parse_team(args)?,
        simple => {
            no_arguments(tokens, &unknown, &unexpected)?;
            match simple {
                "accept" => Command::Accept,
                "decline" => Command::Decline,
                "cancel" => Command::Cancel,
                "resign" => Command::Resign,
                "abort" => Command::Abort,
                "takeback" => Command::Takeback,
                "rematch" => Command::Rematch,
                "games" => Command::Games,
                "moretime" => Command::Moretime,
                _ => Command::Help,
            }
        }
    };
    Ok(Some(cmd))
}

/// The first word of `rest` and what follows it (white space before the
/// word left out).
fn first_word(rest: &str) -> (&str, &str) {
    let rest = rest.trim_start();
    match rest.find(char::is_whitespace) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    }
}

/// The errors for an option (`unknown`) and for an argument
/// (`unexpected`) that `command` does not take.
fn arg_errors(
    command: &str,
) -> (
    impl Fn(&str) -> ParseError + '_,
    impl Fn(&str) -> ParseError + '_,
) {
    let unknown = move |opt: &str| ParseError::UnknownOption {
        command: command.to_string(),
        name: opt.to_string(),
    };
    let unexpected = move |arg: &str| ParseError::Unexpected {
        command: command.to_string(),
        arg: arg.to_string(),
    };
    (unknown, unexpected)
}

/// Refuses the first of `tokens`, for a command that takes nothing.
fn no_arguments(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<(), ParseError> {
    match tokens.into_iter().next() {
        Some(Token::Option(o, _)) => Err(unknown(&o)),
        Some(Token::Positional(p)) => Err(unexpected(&p)),
        None => Ok(()),
    }
}

/// The words of a move: its positional words and `move:` (`san:`, `m:`)
/// values, in order; any other option is an error.
fn move_words(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
) -> Result<Vec<String>, ParseError> {
    let mut parts = Vec::new();
    for tok in tokens {
        match tok {
            Token::Option(o, v) if matches!(o.as_str(), "move" | "san" | "m") => parts.push(v),
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) => parts.push(p),
        }
    }
    Ok(parts)
}

#[path = "text_families.rs"]
mod families;
#[path = "text_input.rs"]
mod input;
pub use input::nearest_command;
#[path = "text_settings.rs"]
mod settings;
#[path = "text_teams.rs"]
mod teams;
use families::{parse_league, parse_note, parse_premove, parse_puzzle, parse_solve};

/// Every subcommand name the parser knows, as people type them (the help
/// table of [`crate::service::help`] covers each one).
#[must_use]
pub fn command_names() -> Vec<&'static str> {
    suggested().collect()
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
