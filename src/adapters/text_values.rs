//! The words of a text command: splitting it into positional words and
//! `name:value` options (quotes kept together), and reading each value
//! (mentions, colours, days, levels, switches, game numbers, variants).

use super::ParseError;
use crate::chess::Variant;
use crate::service::{Actor, BoardQuestion, ColorChoice};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Positional(String),
    Option(String, String),
}

/// Splits arguments on whitespace, keeping double-quoted runs together, and
/// recognises `name:value` options.
pub(super) fn tokenize(s: &str) -> Result<Vec<Token>, ParseError> {
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
                        '\\' => super::input::push_escape(&mut raw, &mut chars),
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

pub(super) fn mention(name: &str, value: &str) -> Result<Actor, ParseError> {
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
pub(super) const BOARD_QUESTIONS: [&str; 6] = ["text", "words", "square", "sq", "piece", "pieces"];

/// The question a `board` option asks in words: `text:true`,
/// `square:e4`, `piece:N` (the square and the piece are read by the
/// service, in the caller's language); `None` for other options and for
/// `text:false`.
pub(super) fn board_question(name: &str, value: &str) -> Result<Option<BoardQuestion>, ParseError> {
    Ok(match name {
        "text" | "words" => parse_bool(name, value)?.then_some(BoardQuestion::Text),
        "square" | "sq" => Some(BoardQuestion::Square(value.to_string())),
        "piece" | "pieces" => Some(BoardQuestion::Piece(value.to_string())),
        _ => None,
    })
}

pub(super) fn bad(name: &str, value: &str) -> ParseError {
    ParseError::BadValue {
        name: name.to_string(),
        value: value.to_string(),
    }
}

pub(super) fn parse_color(v: &str) -> Option<ColorChoice> {
    match v.to_ascii_lowercase().as_str() {
        "white" | "w" => Some(ColorChoice::White),
        "black" | "b" => Some(ColorChoice::Black),
        "random" | "r" | "any" => Some(ColorChoice::Random),
        _ => None,
    }
}

pub(super) fn parse_days(v: &str) -> Result<u32, ParseError> {
    let t = v.trim();
    let t = t.strip_suffix('d').unwrap_or(t);
    match t.parse::<u32>() {
        Ok(d) if (1..=14).contains(&d) => Ok(d),
        _ => Err(bad("days", v)),
    }
}

/// A level 1-8 (checked again by the service).
pub(super) fn parse_level(v: &str) -> Result<u8, ParseError> {
    match v.trim().parse::<u8>() {
        Ok(n) if (1..=8).contains(&n) => Ok(n),
        _ => Err(bad("level", v)),
    }
}

pub(super) fn parse_bool(name: &str, v: &str) -> Result<bool, ParseError> {
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
pub(super) fn parse_vacation_days(v: &str) -> Result<u32, ParseError> {
    let t = v.trim();
    let t = t.strip_suffix('d').unwrap_or(t);
    t.parse::<u32>()
        .map_err(|_| ParseError::BadVacationDays(v.to_string()))
}

pub(super) fn parse_game_id(name: &str, v: &str) -> Result<i64, ParseError> {
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
pub(super) fn parse_variant(v: &str) -> Result<Variant, ParseError> {
    v.parse::<Variant>()
        .map_err(|_| ParseError::BadVariant(v.to_string()))
}

/// `position:` a whole number (the service checks 0-959 and says so).
pub(super) fn parse_position(v: &str) -> Result<u32, ParseError> {
    v.trim().parse::<u32>().map_err(|_| bad("position", v))
}

/// A positional word naming a variant (`chess960`, `960`-like numbers
/// excepted: bare numbers are days or levels).
pub(super) fn positional_variant(p: &str) -> Option<Variant> {
    if p.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    p.parse().ok()
}
