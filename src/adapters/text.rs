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
    Actor, BoardView, ColorChoice, Command, DEFAULT_DAYS, DEFAULT_LEVEL, NotifyTarget,
    PremoveAction, PuzzleDaily, VACATION_ALLOWANCE, messages as msg,
};
// ---- leagues
use crate::service::{LEAGUE_MAX_PLAYERS, LeagueCommand};

/// Longest message the grammar accepts.
pub const MAX_LEN: usize = 2000;

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
                None => msg::unknown_command(l, c),
            },
            ParseError::UnknownOption { command, name } => msg::unknown_option(l, command, name),
            ParseError::BadValue { name, value } if name == "days" => msg::bad_days(l, value),
            ParseError::BadValue { name, value } if name == "level" => msg::bad_level(l, value),
            ParseError::BadValue { name, value } if name == "language" => {
                msg::unknown_language(l, value)
            }
            ParseError::BadValue { name, value } if name == "position" => {
                msg::chess960_bad_position(l, value)
            }
            // ---- pics: the themes listed
            ParseError::BadValue { name, value } if name == "theme" => {
                let themes: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
                msg::bad_theme(l, value, &themes.join(", "))
            }
            ParseError::BadValue { name, value } => msg::bad_option_value(l, name, value),
            ParseError::Unexpected { command, arg } => msg::unexpected_argument(l, command, arg),
            ParseError::UnterminatedQuote => msg::unterminated_quote(l),
            ParseError::TooLong => msg::input_too_long(l),
            ParseError::BadVacationDays(v) => msg::bad_vacation_days(l, v, VACATION_ALLOWANCE),
            ParseError::NoSuchGame(n) => msg::no_such_game_number(l, n),
            ParseError::BadVariant(v) => msg::unknown_variant(l, v),
        }
    }
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
                for q in chars.by_ref() {
                    if q == '"' {
                        closed = true;
                        break;
                    }
                    raw.push(q);
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

// ---- chess960

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

/// The subcommand name after its aliases are resolved.
fn canonical(name: &str) -> Option<&'static str> {
    Some(match name {
        "challenge" | "play" => "challenge",
        "computer" | "ai" => "computer",
        "accept" => "accept",
        "decline" | "reject" => "decline",
        "cancel" => "cancel",
        "move" | "m" => "move",
        "board" | "show" => "board",
        "draw" => "draw",
        "resign" => "resign",
        "abort" => "abort",
        "takeback" | "undo" => "takeback",
        "rematch" => "rematch",
        "claim" => "claim",
        "pgn" => "pgn",
        "summary" | "recap" => "summary",
        "games" => "games",
        "history" => "history",
        "stats" | "rating" => "stats",
        "leaderboard" | "top" => "leaderboard",
        "help" => "help",
        "settings" | "setting" | "language" | "lang" => "settings",
        "vacation" | "holiday" => "vacation",
        "moretime" | "more-time" | "addtime" => "moretime",
        "notify" | "notifications" => "notify",
        // ---- leagues
        "league" | "leagues" => "league",
        // ---- premove
        "premove" | "premoves" | "conditional" => "premove",
        "note" | "notes" => "note",
        // ---- puzzles
        "puzzle" | "puzzles" => "puzzle",
        "solve" => "solve",
        _ => return None,
    })
}

// ---- pics: "did you mean"

/// Subcommand names a typo may be near (only those [`canonical`] knows are
/// suggested, so names of commands not built yet are harmless here).
const SUGGESTED: &[&str] = &[
    "challenge",
    "computer",
    "accept",
    "decline",
    "cancel",
    "move",
    "board",
    "draw",
    "resign",
    "abort",
    "takeback",
    "rematch",
    "claim",
    "pgn",
    "summary",
    "games",
    "history",
    "stats",
    "leaderboard",
    "help",
    "settings",
    "vacation",
    "moretime",
    "notify",
    "league",
    "premove",
    "note",
    "puzzle",
    "solve",
];

/// The subcommand nearest to a mistyped `name` (`mvoe` -> `move`): at
/// most one edit (two for longer names) away, a swap of neighbours
/// counting as one; `None` when none is that near or two are as near.
#[must_use]
pub fn nearest_command(name: &str) -> Option<&'static str> {
    let name = name.to_lowercase();
    let n = name.chars().count();
    if !(2..=20).contains(&n) {
        return None;
    }
    let limit = if n >= 6 { 2 } else { 1 };
    let mut best: Option<(usize, &'static str)> = None;
    let mut tie = false;
    for &c in SUGGESTED.iter().filter(|c| canonical(c).is_some()) {
        let d = edit_distance(&name, c);
        match best {
            _ if d > limit => {}
            Some((b, _)) if d > b => {}
            Some((b, _)) if d == b => tie = true,
            _ => {
                best = Some((d, c));
                tie = false;
            }
        }
    }
    best.filter(|_| !tie).map(|(_, c)| c)
}

/// Optimal string alignment distance: insertions, deletions,
/// substitutions and swaps of neighbours.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
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
    let rest = match t.get(..6) {
        Some(p) if p.eq_ignore_ascii_case("/chess") || p.eq_ignore_ascii_case("!chess") => &t[6..],
        _ => return Ok(None),
    };
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return Ok(None);
    }
    if text.len() > MAX_LEN {
        return Err(ParseError::TooLong);
    }
    let rest = rest.trim_start();
    let (sub, args) = match rest.find(char::is_whitespace) {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    if sub.is_empty() {
        return Ok(Some(Command::Help));
    }
    let lower = sub.to_ascii_lowercase();
    let Some(name) = canonical(&lower) else {
        return Err(ParseError::UnknownCommand(sub.to_string()));
    };
    let tokens = tokenize(args)?;
    let unknown = |opt: &str| ParseError::UnknownOption {
        command: name.to_string(),
        name: opt.to_string(),
    };
    let unexpected = |arg: &str| ParseError::Unexpected {
        command: name.to_string(),
        arg: arg.to_string(),
    };
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
            for tok in tokens {
                match tok {
                    Token::Option(o, v) => match o.as_str() {
                        "variant" => variant = Some(parse_variant(&v)?),
                        "position" | "pos" => position = Some(parse_position(&v)?),
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
            Command::Challenge {
                opponent,
                color: color.unwrap_or_default(),
                days: days.unwrap_or(DEFAULT_DAYS),
                fen,
                rules: rules.unwrap_or_default(),
                rated,
                variant,
                position,
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
            Command::Computer {
                level: level.unwrap_or(DEFAULT_LEVEL),
                color: color.unwrap_or_default(),
                days: days.unwrap_or(DEFAULT_DAYS),
                fen,
                variant,
                position,
            }
        }
        "move" => {
            let mut parts = Vec::new();
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if matches!(o.as_str(), "move" | "san" | "m") => {
                        parts.push(v);
                    }
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) => parts.push(p),
                }
            }
            Command::Move {
                text: parts.join(" "),
            }
        }
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
            let mut parts = Vec::new();
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if matches!(o.as_str(), "move" | "san" | "m") => {
                        parts.push(v);
                    }
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) => parts.push(p),
                }
            }
            Command::Claim {
                text: (!parts.is_empty()).then(|| parts.join(" ")),
            }
        }
        "board" => {
            let mut flip = false;
            for tok in tokens {
                match tok {
                    Token::Option(o, v) if o == "flip" => flip = parse_bool(&o, &v)?,
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) if p.eq_ignore_ascii_case("flip") => flip = true,
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            Command::Board { flip }
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
        "settings" => {
            // `settings language:ru board:black theme:blue`, `settings
            // language ru`, `settings ru`, `settings black blue` (and
            // `language ru` through the alias); nothing shows them.
            let mut language = None;
            let mut board = None;
            let mut theme = None;
            // `notify` as Discord folds it into `settings`.
            let mut notify = None;
            let mut key: Option<&'static str> = None;
            for tok in tokens {
                let (name, value) = match tok {
                    Token::Option(o, v) => match settings_key(&o) {
                        Some(name) => (name, v),
                        None => return Err(unknown(&o)),
                    },
                    Token::Positional(p) if key.is_none() && settings_key(&p).is_some() => {
                        key = settings_key(&p);
                        continue;
                    }
                    Token::Positional(p) => match key.take() {
                        Some(name) => (name, p),
                        None => (settings_value_kind(&p), p),
                    },
                };
                match name {
                    "board" if board.is_none() => {
                        board = Some(
                            value
                                .parse::<BoardView>()
                                .map_err(|()| bad("board", &value))?,
                        );
                    }
                    "theme" if theme.is_none() => {
                        theme = Some(value.parse::<Theme>().map_err(|_| bad("theme", &value))?);
                    }
                    "language" if language.is_none() => {
                        language = Some(
                            value
                                .parse::<Locale>()
                                .map_err(|_| bad("language", &value))?,
                        );
                    }
                    "notify" if notify.is_none() => {
                        notify = Some(
                            value
                                .parse::<NotifyTarget>()
                                .map_err(|()| bad("notify", &value))?,
                        );
                    }
                    _ => return Err(unexpected(&value)),
                }
            }
            match notify {
                None => Command::Settings {
                    language,
                    board,
                    theme,
                },
                // One command per line: `notify` goes alone.
                Some(_) if language.is_some() || board.is_some() || theme.is_some() => {
                    return Err(ParseError::Unexpected {
                        command: name.to_string(),
                        arg: "notify".to_string(),
                    });
                }
                Some(target) => Command::Notify { target },
            }
        }
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
        "notify" => {
            // `notify where:dm`, `notify dm`.
            let mut target = None;
            for tok in tokens {
                let (name, value) = match tok {
                    Token::Option(o, v) if o == "where" || o == "to" => (o, v),
                    Token::Option(o, _) => return Err(unknown(&o)),
                    Token::Positional(p) => ("where".to_string(), p),
                };
                if target.is_some() {
                    return Err(unexpected(&value));
                }
                target = Some(
                    value
                        .parse::<NotifyTarget>()
                        .map_err(|()| bad(&name, &value))?,
                );
            }
            Command::Notify {
                target: target.ok_or_else(|| bad("where", ""))?,
            }
        }
        // ---- leagues
        "league" => parse_league(tokens)?,
        // ---- premove
        "premove" => parse_premove(tokens, args, &unknown)?,
        "note" => parse_note(tokens, args, &unknown)?,
        // ---- puzzles
        "puzzle" => parse_puzzle(tokens, &unknown, &unexpected)?,
        "solve" => parse_solve(tokens, &unknown)?,
        simple => {
            if let Some(tok) = tokens.into_iter().next() {
                return Err(match tok {
                    Token::Option(o, _) => unknown(&o),
                    Token::Positional(p) => unexpected(&p),
                });
            }
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

// ---- premove

/// `premove [line:]"e5 Nf3 ..." [game:N]`, `premove [list|clear] [game:N]`,
/// `premove e5 Nf3 ...` (the words are the line), and `premove note ...`
/// (Discord's `/chess premove note`) as `note`.
fn parse_premove(
    tokens: Vec<Token>,
    args: &str,
    unknown: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    if let Some(Token::Positional(first)) = tokens.first()
        && first.eq_ignore_ascii_case("note")
    {
        let rest = args.trim_start();
        let rest = rest.get(first.len()..).unwrap_or_default();
        return parse_note(tokenize(rest)?, rest, unknown);
    }
    let mut game = None;
    let mut words: Vec<String> = Vec::new();
    let mut keyword: Option<PremoveAction> = None;
    for (i, tok) in tokens.into_iter().enumerate() {
        match tok {
            Token::Option(o, v) if o == "game" || o == "id" => {
                game = Some(parse_game_id(&o, &v)?);
            }
            Token::Option(o, v) if o == "line" || o == "moves" => words.push(v),
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) if i == 0 && p.eq_ignore_ascii_case("list") => {
                keyword = Some(PremoveAction::List);
            }
            Token::Positional(p) if i == 0 && p.eq_ignore_ascii_case("clear") => {
                keyword = Some(PremoveAction::Clear);
            }
            Token::Positional(p) if i == 0 && p.eq_ignore_ascii_case("line") => {}
            Token::Positional(p) => words.push(p),
        }
    }
    let action = match keyword {
        Some(k) if words.is_empty() => k,
        Some(_) => {
            return Err(ParseError::Unexpected {
                command: "premove".to_string(),
                arg: words.join(" "),
            });
        }
        None if words.is_empty() => PremoveAction::List,
        None => PremoveAction::Line(words.join(" ")),
    };
    Ok(Command::Premove { game, action })
}

/// `note text:"..." [game:N]`, `note clear [game:N]`, `note` (shows it),
/// or `note <free text>` (everything after `note`, one pair of
/// surrounding quotes removed).
fn parse_note(
    tokens: Vec<Token>,
    args: &str,
    unknown: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    let free = matches!(tokens.first(), Some(Token::Positional(p))
        if !(tokens.len() == 1 && p.eq_ignore_ascii_case("clear")));
    if free {
        let raw = args.trim();
        let unquoted = raw
            .strip_prefix('"')
            .and_then(|r| r.strip_suffix('"'))
            .filter(|r| !r.contains('"'))
            .unwrap_or(raw);
        return Ok(Command::Note {
            game: None,
            text: Some(unquoted.to_string()),
        });
    }
    let mut game = None;
    let mut text = None;
    let mut words: Vec<String> = Vec::new();
    for tok in tokens {
        match tok {
            Token::Option(o, v) if o == "game" || o == "id" => {
                game = Some(parse_game_id(&o, &v)?);
            }
            Token::Option(o, v) if o == "text" || o == "note" => text = Some(v),
            Token::Option(o, v) if o == "clear" => {
                if parse_bool(&o, &v)? {
                    text = Some(String::new());
                }
            }
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) => words.push(p),
        }
    }
    if words.len() == 1 && words[0].eq_ignore_ascii_case("clear") && text.is_none() {
        text = Some(String::new());
    } else if !words.is_empty() {
        if text.is_some() {
            return Err(ParseError::Unexpected {
                command: "note".to_string(),
                arg: words.join(" "),
            });
        }
        text = Some(words.join(" "));
    }
    Ok(Command::Note { game, text })
}

// ---- puzzles

/// `puzzle`, `puzzle daily:on [hour:18]`, `puzzle daily:off` (also
/// positionally: `puzzle daily on 18`, `puzzle daily off`).
fn parse_puzzle(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    let mut daily: Option<bool> = None;
    let mut hour: Option<u8> = None;
    let mut saw_daily_word = false;
    for tok in tokens {
        match tok {
            Token::Option(o, v) if o == "daily" => {
                daily = Some(parse_bool("daily", &v)?);
            }
            Token::Option(o, v) if o == "hour" => hour = Some(parse_hour(&v)?),
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) if p.eq_ignore_ascii_case("daily") && !saw_daily_word => {
                saw_daily_word = true;
            }
            Token::Positional(p) if saw_daily_word && daily.is_none() => {
                daily = Some(parse_bool("daily", &p)?);
            }
            Token::Positional(p) if daily == Some(true) && hour.is_none() => {
                hour = Some(parse_hour(&p)?);
            }
            Token::Positional(p) => return Err(unexpected(&p)),
        }
    }
    if saw_daily_word && daily.is_none() {
        return Err(bad("daily", ""));
    }
    let daily = match (daily, hour) {
        (Some(true), hour) => Some(PuzzleDaily::On { hour }),
        (Some(false), None) => Some(PuzzleDaily::Off),
        (Some(false), Some(h)) => return Err(unexpected(&h.to_string())),
        // An hour alone moves (or turns on) the daily puzzle.
        (None, Some(h)) => Some(PuzzleDaily::On { hour: Some(h) }),
        (None, None) => None,
    };
    Ok(Command::Puzzle { daily })
}

/// An hour of the day, 0-23 (`18`, `18h`, `18:00`).
fn parse_hour(v: &str) -> Result<u8, ParseError> {
    let t = v.trim();
    let t = t.strip_suffix(":00").unwrap_or(t);
    let t = t.strip_suffix('h').unwrap_or(t);
    match t.parse::<u8>() {
        Ok(h) if h < 24 => Ok(h),
        _ => Err(bad("hour", v)),
    }
}

/// `solve Nf3`, `solve move:Nf3`, `solve Nf3 puzzle:12`.
fn parse_solve(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    let mut parts = Vec::new();
    let mut puzzle = None;
    for tok in tokens {
        match tok {
            Token::Option(o, v) if matches!(o.as_str(), "move" | "san" | "m") => parts.push(v),
            Token::Option(o, v) if o == "puzzle" || o == "id" => {
                let t = v.trim().trim_start_matches('#');
                puzzle = Some(
                    t.parse::<i64>()
                        .ok()
                        .filter(|n| *n > 0)
                        .ok_or_else(|| bad(&o, &v))?,
                );
            }
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) => parts.push(p),
        }
    }
    Ok(Command::Solve {
        text: parts.join(" "),
        puzzle,
    })
}

/// The setting an option or keyword of `settings` names.
fn settings_key(word: &str) -> Option<&'static str> {
    match word.to_ascii_lowercase().as_str() {
        "language" | "lang" => Some("language"),
        "board" | "view" => Some("board"),
        "theme" | "colors" | "colours" => Some("theme"),
        "notify" | "notifications" => Some("notify"),
        _ => None,
    }
}

/// The setting a bare `settings` value is for: a board view (`white`,
/// `black`, `auto`), a theme, else a language (whose error names it).
fn settings_value_kind(value: &str) -> &'static str {
    let word = value.to_ascii_lowercase();
    if matches!(word.as_str(), "white" | "black" | "auto") {
        "board"
    } else if value.parse::<Theme>().is_ok() {
        "theme"
    } else {
        "language"
    }
}

// ---- leagues

/// `league create name:"Winter Cup" [days:3] [rounds:1|2] [max:16]
/// [rated:true] [rules:house|fide] [starts:"2026-12-24 18:00"]`, `league
/// join|leave|start|standings|cancel|withdraw [league:N]` (the number may
/// also stand alone: `league join 3`).
fn parse_league(tokens: Vec<Token>) -> Result<Command, ParseError> {
    let mut tokens = tokens.into_iter();
    let action = match tokens.next() {
        Some(Token::Positional(p)) => p.to_ascii_lowercase(),
        Some(Token::Option(o, v)) if o == "action" => v.to_ascii_lowercase(),
        Some(Token::Option(o, _)) => {
            return Err(ParseError::UnknownOption {
                command: "league".to_string(),
                name: o,
            });
        }
        None => return Err(bad("action", "")),
    };
    let unknown = |o: &str| ParseError::UnknownOption {
        command: format!("league {action}"),
        name: o.to_string(),
    };
    let unexpected = |a: &str| ParseError::Unexpected {
        command: format!("league {action}"),
        arg: a.to_string(),
    };
    if action == "create" || action == "new" {
        let mut name = None;
        let mut days = None;
        let mut rounds = None;
        let mut max = None;
        let mut rated = true;
        let mut rules = None;
        let mut starts = None;
        for tok in tokens {
            match tok {
                Token::Option(o, v) => match o.as_str() {
                    "name" => name = Some(v),
                    "days" => days = Some(parse_days(&v)?),
                    "rounds" | "cycles" => match v.trim() {
                        "1" => rounds = Some(1),
                        "2" => rounds = Some(2),
                        _ => return Err(bad(&o, &v)),
                    },
                    "max" | "players" => match v.trim().parse::<u32>() {
                        Ok(n) if (3..=LEAGUE_MAX_PLAYERS).contains(&n) => max = Some(n),
                        _ => return Err(bad(&o, &v)),
                    },
                    "rated" => rated = parse_bool(&o, &v)?,
                    "rules" => {
                        rules = Some(v.parse::<RulesMode>().map_err(|()| bad(&o, &v))?);
                    }
                    "starts" | "start" => starts = Some(v),
                    _ => return Err(unknown(&o)),
                },
                Token::Positional(p) if name.is_none() => name = Some(p),
                Token::Positional(p) => return Err(unexpected(&p)),
            }
        }
        return Ok(Command::League(LeagueCommand::Create {
            name: name.ok_or_else(|| bad("name", ""))?,
            days: days.unwrap_or(DEFAULT_DAYS),
            rounds: rounds.unwrap_or(1),
            max: max.unwrap_or(LEAGUE_MAX_PLAYERS),
            rated,
            rules: rules.unwrap_or_default(),
            starts,
        }));
    }
    let mut league = None;
    for tok in tokens {
        let (name, value) = match tok {
            Token::Option(o, v) if o == "league" || o == "id" => (o, v),
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) if league.is_none() => ("league".to_string(), p),
            Token::Positional(p) => return Err(unexpected(&p)),
        };
        let t = value.trim();
        let t = t.strip_prefix('#').unwrap_or(t);
        league = Some(match t.parse::<i64>() {
            Ok(n) if n > 0 => n,
            _ => return Err(bad(&name, &value)),
        });
    }
    Ok(Command::League(match action.as_str() {
        "join" => LeagueCommand::Join { league },
        "leave" => LeagueCommand::Leave { league },
        "start" => LeagueCommand::Start { league },
        "standings" | "table" | "show" => LeagueCommand::Standings { league },
        "cancel" => LeagueCommand::Cancel { league },
        "withdraw" => LeagueCommand::Withdraw { league },
        other => return Err(bad("action", other)),
    }))
}

#[cfg(test)]
mod league_tests {
    use super::*;

    #[test]
    fn league_commands_parse() {
        assert_eq!(
            parse(
                r#"/chess league create name:"Winter Cup" days:5 rounds:2 max:8 rated:false rules:fide starts:"2026-12-24 18:00""#
            ),
            Ok(Some(Command::League(LeagueCommand::Create {
                name: "Winter Cup".into(),
                days: 5,
                rounds: 2,
                max: 8,
                rated: false,
                rules: RulesMode::Fide,
                starts: Some("2026-12-24 18:00".into()),
            })))
        );
        assert_eq!(
            parse("/chess league create Cup"),
            Ok(Some(Command::League(LeagueCommand::Create {
                name: "Cup".into(),
                days: DEFAULT_DAYS,
                rounds: 1,
                max: 16,
                rated: true,
                rules: RulesMode::default(),
                starts: None,
            })))
        );
        assert_eq!(
            parse("/chess league join league:3"),
            Ok(Some(Command::League(LeagueCommand::Join {
                league: Some(3)
            })))
        );
        assert_eq!(
            parse("/chess league standings 4"),
            Ok(Some(Command::League(LeagueCommand::Standings {
                league: Some(4)
            })))
        );
        assert_eq!(
            parse("!chess league withdraw"),
            Ok(Some(Command::League(LeagueCommand::Withdraw {
                league: None
            })))
        );
        for bad_line in [
            "/chess league",
            "/chess league create",
            "/chess league create name:x max:17",
            "/chess league create name:x max:2",
            "/chess league create name:x rounds:3",
            "/chess league create name:x days:15",
            "/chess league fly",
            "/chess league join league:0",
            "/chess league join 3 4",
            "/chess league start color:white",
        ] {
            let e = parse(bad_line).expect_err(bad_line);
            assert_eq!(e.code(), "invalid_option", "{bad_line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(n: &str) -> Actor {
        Actor {
            id: n.into(),
            name: n.into(),
        }
    }

    #[test]
    fn the_forms_discord_folds_read_the_same_here() {
        assert_eq!(
            parse("/chess settings notify:dm"),
            Ok(Some(Command::Notify {
                target: NotifyTarget::Dm
            }))
        );
        assert!(parse("/chess settings notify:dm language:ru").is_err());
        assert!(parse("/chess settings notify:sometimes").is_err());
        assert_eq!(parse("/chess draw"), Ok(Some(Command::Draw)));
        assert_eq!(
            parse("/chess draw claim:true"),
            Ok(Some(Command::Claim { text: None }))
        );
        assert_eq!(parse("/chess draw claim:false"), Ok(Some(Command::Draw)));
        assert_eq!(
            parse("/chess draw claim:true move:Nf3"),
            Ok(Some(Command::Claim {
                text: Some("Nf3".into())
            }))
        );
        assert_eq!(
            parse("/chess draw claim Nf3"),
            Ok(Some(Command::Claim {
                text: Some("Nf3".into())
            }))
        );
        assert!(parse("/chess draw Nf3").is_err());
    }

    #[test]
    fn not_for_the_bot_is_none() {
        assert_eq!(parse("hello"), Ok(None));
        assert_eq!(parse("/chessboard"), Ok(None));
        assert_eq!(parse("/chess"), Ok(Some(Command::Help)));
    }

    #[test]
    fn positional_challenge() {
        assert_eq!(
            parse("/chess challenge @bob black 5 fide"),
            Ok(Some(Command::Challenge {
                opponent: Some(actor("bob")),
                color: ColorChoice::Black,
                days: 5,
                fen: None,
                rules: RulesMode::Fide,
                rated: true,
                variant: None,
                position: None,
            }))
        );
    }

    #[test]
    fn option_challenge_with_quoted_fen() {
        let c = parse(
            "!chess challenge opponent:@bob color:white days:3 rules:house fen:\"8/8/8/8/8/8/8/K1k5 w - - 0 1\"",
        );
        assert_eq!(
            c,
            Ok(Some(Command::Challenge {
                opponent: Some(actor("bob")),
                color: ColorChoice::White,
                days: 3,
                fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                rules: RulesMode::House,
                rated: true,
                variant: None,
                position: None,
            }))
        );
    }

    #[test]
    fn open_challenge_defaults() {
        assert_eq!(
            parse("/chess challenge"),
            Ok(Some(Command::Challenge {
                opponent: None,
                color: ColorChoice::Random,
                days: 3,
                fen: None,
                rules: RulesMode::House,
                rated: true,
                variant: None,
                position: None,
            }))
        );
    }

    #[test]
    fn moves_and_options() {
        assert_eq!(
            parse("/chess move Nf3"),
            Ok(Some(Command::Move { text: "Nf3".into() }))
        );
        assert_eq!(
            parse("/chess move move:e8=Q+"),
            Ok(Some(Command::Move {
                text: "e8=Q+".into()
            }))
        );
        assert_eq!(
            parse("/chess move"),
            Ok(Some(Command::Move { text: "".into() }))
        );
        assert_eq!(
            parse("/chess board flip"),
            Ok(Some(Command::Board { flip: true }))
        );
        assert_eq!(
            parse("/chess pgn 12"),
            Ok(Some(Command::Pgn { game: Some(12) }))
        );
        assert_eq!(
            parse("/chess history @bob"),
            Ok(Some(Command::History {
                user: Some(actor("bob"))
            }))
        );
    }

    #[test]
    fn settings_take_the_language_in_every_spelling() {
        for text in [
            "/chess settings language:ru",
            "/chess settings language ru",
            "/chess settings ru",
            "!chess settings lang:RU",
            "/chess settings language:русский",
            "/chess language ru",
        ] {
            assert_eq!(
                parse(text),
                Ok(Some(Command::Settings {
                    language: Some(Locale::Ru),
                    board: None,
                    theme: None,
                })),
                "{text}"
            );
        }
        assert_eq!(
            parse("/chess settings"),
            Ok(Some(Command::Settings {
                language: None,
                board: None,
                theme: None
            }))
        );
        assert_eq!(
            parse("/chess settings language"),
            Ok(Some(Command::Settings {
                language: None,
                board: None,
                theme: None
            }))
        );
        let e = parse("/chess settings language:klingon").unwrap_err();
        assert_eq!(e.code(), "invalid_option");
        assert!(e.message_in(Locale::Ru).contains("klingon"), "{e}");
        assert!(parse("/chess settings ru ro").is_err());
        assert!(parse("/chess settings colour:ru").is_err());
    }

    #[test]
    fn settings_take_the_board_view_and_theme() {
        let want = |language, board, theme| {
            Ok(Some(Command::Settings {
                language,
                board,
                theme,
            }))
        };
        for text in [
            "/chess settings board:black theme:blue",
            "/chess settings black blue",
            "!chess settings view black colors blue",
            "/chess settings theme:Blue board:BLACK",
        ] {
            assert_eq!(
                parse(text),
                want(None, Some(BoardView::Black), Some(Theme::Blue)),
                "{text}"
            );
        }
        assert_eq!(
            parse("/chess settings ru board:auto theme:high-contrast"),
            want(
                Some(Locale::Ru),
                Some(BoardView::Auto),
                Some(Theme::HighContrast)
            )
        );
        assert_eq!(
            parse("/chess settings white"),
            want(None, Some(BoardView::White), None)
        );
        for bad in [
            "board:purple",
            "theme:pink",
            "board:white board:black",
            "black white",
            "theme",
        ] {
            let r = parse(&format!("/chess settings {bad}"));
            if bad == "theme" {
                // A key without a value shows the settings.
                assert_eq!(r, want(None, None, None), "{bad}");
                continue;
            }
            assert_eq!(r.unwrap_err().code(), "invalid_option", "{bad}");
        }
    }

    #[test]
    fn computer_takes_level_colour_days_and_fen() {
        assert_eq!(
            parse("/chess computer"),
            Ok(Some(Command::Computer {
                level: DEFAULT_LEVEL,
                color: ColorChoice::Random,
                days: 3,
                fen: None,
                variant: None,
                position: None,
            }))
        );
        let want = Command::Computer {
            level: 5,
            color: ColorChoice::Black,
            days: 7,
            fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
            variant: None,
            position: None,
        };
        assert_eq!(
            parse(
                "/chess computer level:5 color:black days:7 fen:\"8/8/8/8/8/8/8/K1k5 w - - 0 1\""
            ),
            Ok(Some(want.clone()))
        );
        assert_eq!(
            parse("!chess ai 5 b 7 fen:\"8/8/8/8/8/8/8/K1k5 w - - 0 1\""),
            Ok(Some(want))
        );
        for bad in ["level:0", "level:9", "level:x", "9", "rated:true", "@bob"] {
            let e = parse(&format!("/chess computer {bad}")).unwrap_err();
            assert_eq!(e.code(), "invalid_option", "{bad}");
        }
        let e = parse("/chess computer level:9").unwrap_err();
        assert!(e.message().contains("from 1 (weakest) to 8"), "{e}");
    }

    #[test]
    fn errors_have_codes() {
        assert_eq!(parse("/chess fly").unwrap_err().code(), "unknown_command");
        // ---- pics: the nearest subcommand is suggested
        assert_eq!(nearest_command("mvoe"), Some("move"));
        assert_eq!(nearest_command("resing"), Some("resign"));
        assert_eq!(nearest_command("chalenge"), Some("challenge"));
        assert_eq!(nearest_command("fly"), None);
        let e = parse("/chess mvoe e4").unwrap_err();
        assert_eq!(e.code(), "unknown_command");
        assert!(e.message_in(Locale::En).contains("`move`"), "{e}");
        assert_eq!(
            parse("/chess challenge days:99").unwrap_err().code(),
            "invalid_option"
        );
        assert_eq!(
            parse("/chess challenge colour:purple").unwrap_err().code(),
            "invalid_option"
        );
        assert_eq!(
            parse("/chess resign now").unwrap_err().code(),
            "invalid_option"
        );
        assert_eq!(
            parse("/chess challenge fen:\"abc").unwrap_err(),
            ParseError::UnterminatedQuote
        );
        assert_eq!(
            parse("/chess settings language:ru"),
            Ok(Some(Command::Settings {
                language: Some(Locale::Ru),
                board: None,
                theme: None,
            }))
        );
        let long = format!("/chess move {}", "a".repeat(5000));
        assert_eq!(parse(&long).unwrap_err().code(), "too_long");
    }

    // ---- premove
    #[test]
    fn premove_takes_a_line_a_keyword_or_nothing() {
        let line = |game, text: &str| {
            Ok(Some(Command::Premove {
                game,
                action: PremoveAction::Line(text.into()),
            }))
        };
        assert_eq!(
            parse("/chess premove line:\"e5 Nf3 Nc6 Bb5\""),
            line(None, "e5 Nf3 Nc6 Bb5")
        );
        assert_eq!(parse("/chess premove \"e5 Nf3\""), line(None, "e5 Nf3"));
        assert_eq!(parse("!chess premove e5 Nf3"), line(None, "e5 Nf3"));
        assert_eq!(
            parse("/chess premove line e5 Nf3 game:7"),
            line(Some(7), "e5 Nf3")
        );
        for (text, action) in [
            ("/chess premove", PremoveAction::List),
            ("/chess premove list", PremoveAction::List),
            ("/chess premove CLEAR", PremoveAction::Clear),
        ] {
            assert_eq!(
                parse(text),
                Ok(Some(Command::Premove { game: None, action })),
                "{text}"
            );
        }
        assert_eq!(
            parse("/chess premove clear e5").unwrap_err().code(),
            "invalid_option"
        );
        assert_eq!(
            parse("/chess premove colour:red").unwrap_err().code(),
            "invalid_option"
        );
    }

    #[test]
    fn note_takes_free_text_an_option_or_clear() {
        let note = |game, text: Option<&str>| {
            Ok(Some(Command::Note {
                game,
                text: text.map(str::to_string),
            }))
        };
        assert_eq!(
            parse("/chess note text:\"push h-pawn\""),
            note(None, Some("push h-pawn"))
        );
        assert_eq!(
            parse("/chess note my plan: attack the king"),
            note(None, Some("my plan: attack the king"))
        );
        assert_eq!(parse("/chess note \"a b\""), note(None, Some("a b")));
        assert_eq!(parse("/chess note"), note(None, None));
        assert_eq!(parse("/chess note clear"), note(None, Some("")));
        assert_eq!(parse("/chess note text:\"\""), note(None, Some("")));
        assert_eq!(
            parse("/chess note game:3 trade queens"),
            note(Some(3), Some("trade queens"))
        );
        assert_eq!(
            parse("/chess premove note text:\"x\" game:2"),
            note(Some(2), Some("x"))
        );
        assert_eq!(
            parse("/chess premove note hello"),
            note(None, Some("hello"))
        );
    }

    #[test]
    fn vacation_moretime_and_notify() {
        for text in [
            "/chess vacation days:3",
            "/chess vacation 3",
            "!chess holiday 3d",
        ] {
            assert_eq!(
                parse(text),
                Ok(Some(Command::Vacation { days: Some(3) })),
                "{text}"
            );
        }
        assert_eq!(
            parse("/chess vacation days:0"),
            Ok(Some(Command::Vacation { days: Some(0) }))
        );
        assert_eq!(
            parse("/chess vacation"),
            Ok(Some(Command::Vacation { days: None }))
        );
        assert!(parse("/chess vacation days:-1").is_err());
        assert!(parse("/chess vacation 3 4").is_err());
        assert_eq!(parse("/chess moretime"), Ok(Some(Command::Moretime)));
        assert!(parse("/chess moretime 2").is_err());
        for (text, target) in [
            ("/chess notify where:dm", NotifyTarget::Dm),
            ("/chess notify channel", NotifyTarget::Channel),
            ("/chess notify OFF", NotifyTarget::Off),
        ] {
            assert_eq!(parse(text), Ok(Some(Command::Notify { target })), "{text}");
        }
        assert_eq!(
            parse("/chess notify where:pigeon").unwrap_err().code(),
            "invalid_option"
        );
        assert!(parse("/chess notify").is_err());
    }

    // ---- chess960
    #[test]
    fn chess960_options_parse_and_bad_variants_have_their_code() {
        match parse("/chess challenge @bob variant:chess960 position:518") {
            Ok(Some(Command::Challenge {
                variant, position, ..
            })) => {
                assert_eq!(variant, Some(Variant::Chess960));
                assert_eq!(position, Some(518));
            }
            other => panic!("{other:?}"),
        }
        match parse("/chess challenge @bob chess960") {
            Ok(Some(Command::Challenge { variant, .. })) => {
                assert_eq!(variant, Some(Variant::Chess960));
            }
            other => panic!("{other:?}"),
        }
        match parse("/chess computer variant:960 pos:7") {
            Ok(Some(Command::Computer {
                variant, position, ..
            })) => {
                assert_eq!(variant, Some(Variant::Chess960));
                assert_eq!(position, Some(7));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(
            parse("/chess leaderboard variant:chess960"),
            Ok(Some(Command::Leaderboard {
                variant: Variant::Chess960
            }))
        );
        assert_eq!(
            parse("/chess stats @bob variant:chess960"),
            Ok(Some(Command::Stats {
                player: Some(actor("bob")),
                vs: None,
                variant: Variant::Chess960
            }))
        );
        let e = parse("/chess challenge variant:atomic").unwrap_err();
        assert_eq!(e.code(), "invalid_variant");
        assert!(e.message().contains("atomic"), "{e}");
        assert_eq!(
            parse("/chess leaderboard crazyhouse").unwrap_err().code(),
            "invalid_variant"
        );
        let e = parse("/chess challenge position:x").unwrap_err();
        assert_eq!(e.code(), "invalid_option");
        assert!(e.message().contains("0 to 959"), "{e}");
    }

    // ---- puzzles
    #[test]
    fn puzzle_commands_parse() {
        assert_eq!(
            parse("/chess puzzle"),
            Ok(Some(Command::Puzzle { daily: None }))
        );
        assert_eq!(
            parse("/chess puzzle daily:on hour:18"),
            Ok(Some(Command::Puzzle {
                daily: Some(PuzzleDaily::On { hour: Some(18) })
            }))
        );
        assert_eq!(
            parse("/chess puzzle daily on 7"),
            Ok(Some(Command::Puzzle {
                daily: Some(PuzzleDaily::On { hour: Some(7) })
            }))
        );
        assert_eq!(
            parse("/chess puzzle daily:off"),
            Ok(Some(Command::Puzzle {
                daily: Some(PuzzleDaily::Off)
            }))
        );
        assert!(parse("/chess puzzle daily:on hour:24").is_err());
        assert!(parse("/chess puzzle daily:maybe").is_err());
        assert_eq!(
            parse("/chess solve Nf3"),
            Ok(Some(Command::Solve {
                text: "Nf3".into(),
                puzzle: None
            }))
        );
        assert_eq!(
            parse("/chess solve move:Qxf7# puzzle:12"),
            Ok(Some(Command::Solve {
                text: "Qxf7#".into(),
                puzzle: Some(12)
            }))
        );
        assert!(parse("/chess solve Nf3 puzzle:x").is_err());
    }
}
