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
    BoardView, ChallengeExtras, ChallengeOptions, Command, CommunityChange, ComputerOptions,
    DEFAULT_DAYS, DEFAULT_LEVEL, NotifyTarget, PremoveAction, PuzzleDaily,
};
use crate::service::{
    LEAGUE_MAX_PLAYERS, LeagueCommand, LeagueFormat, LeagueSetup, SWISS_MAX_PLAYERS,
    SWISS_MAX_ROUNDS, SWISS_MIN_PLAYERS, SWISS_MIN_ROUNDS,
};

/// Longest message the grammar accepts.
pub const MAX_LEN: usize = 2000;
/// Longest message with a `pgn:` option (a whole game's PGN text).
pub const MAX_PGN_LEN: usize = 64 * 1024;

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

#[path = "text_error.rs"]
mod error;
#[path = "text_families.rs"]
mod families;
#[path = "text_input.rs"]
mod input;
pub use input::nearest_command;
#[path = "text_settings.rs"]
mod settings;
#[path = "text_teams.rs"]
mod teams;
#[path = "text_values.rs"]
mod values;
pub use error::ParseError;
use families::{parse_league, parse_note, parse_premove, parse_puzzle, parse_solve};
use values::{
    BOARD_QUESTIONS, Token, bad, board_question, mention, parse_bool, parse_color, parse_days,
    parse_game_id, parse_level, parse_position, parse_vacation_days, parse_variant,
    positional_variant, tokenize,
};

/// Every subcommand name the parser knows, as people type them (the help
/// table of [`crate::service::help`] covers each one).
#[must_use]
pub fn command_names() -> Vec<&'static str> {
    suggested().collect()
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
