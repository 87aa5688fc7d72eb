//! The text grammar of team play: `/team challenge|accept [code]|votes|close|members`
//! and `/team match create|accept|join|leave|start|standings` (also
//! `!team ...`, and `/chess team ...`), beside the core grammar of
//! `text.rs`.

use super::*;
use crate::service::{MatchCommand, TEAM_DEFAULT_DAYS, TeamChallenge, TeamCommand};

/// What follows `/team` or `!team` in `text`, when it is a team command.
pub(super) fn team_rest(text: &str) -> Option<&str> {
    let head = text.get(..5)?;
    if !(head.eq_ignore_ascii_case("/team") || head.eq_ignore_ascii_case("!team")) {
        return None;
    }
    let rest = &text[5..];
    (rest.is_empty() || rest.starts_with(char::is_whitespace)).then_some(rest)
}

/// `team <subcommand> [arguments]`; `team` alone is `help`.
pub(super) fn parse_team(rest: &str) -> Result<Command, ParseError> {
    let (sub, args) = first_word(rest);
    if sub.is_empty() {
        return Ok(Command::Help);
    }
    let name = match sub.to_ascii_lowercase().as_str() {
        "challenge" | "play" => "team challenge",
        "accept" => "team accept",
        "votes" | "tally" => "team votes",
        "close" => "team close",
        "members" | "member" => "team members",
        "match" => return parse_match(args).map(|m| Command::Team(TeamCommand::Match(m))),
        // `/team help`: the team commands' help.
        "help" => {
            return Ok(Command::HelpOn {
                topic: "team".to_string(),
            });
        }
        _ => return Err(ParseError::UnknownCommand(format!("team {sub}"))),
    };
    let tokens = tokenize(args)?;
    let (unknown, unexpected) = arg_errors(name);
    let team = match name {
        "team challenge" => {
            TeamCommand::Challenge(Box::new(parse_challenge(tokens, &unknown, &unexpected)?))
        }
        "team members" => parse_members(tokens, &unknown, &unexpected)?,
        "team accept" => parse_accept(tokens, &unknown, &unexpected)?,
        _ => {
            no_arguments(tokens, &unknown, &unexpected)?;
            match name {
                "team votes" => TeamCommand::Votes,
                _ => TeamCommand::Close,
            }
        }
    };
    Ok(Command::Team(team))
}

/// `team challenge [channel:]#x|[level:]N [days:D] [color:C] [rules:R] [fen:F]`.
fn parse_challenge(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<TeamChallenge, ParseError> {
    let mut c = TeamChallenge {
        days: TEAM_DEFAULT_DAYS,
        ..TeamChallenge::default()
    };
    let mut days = None;
    let mut color = None;
    for tok in tokens {
        match tok {
            Token::Option(o, v) => match o.as_str() {
                "channel" | "team" | "vs" | "opponent" => c.channel = Some(v),
                "level" => c.level = Some(parse_level(&v)?),
                "days" => days = Some(parse_days(&v)?),
                "color" | "colour" => {
                    color = Some(parse_color(&v).ok_or_else(|| bad(&o, &v))?);
                }
                "rules" => c.rules = v.parse::<RulesMode>().map_err(|()| bad(&o, &v))?,
                "fen" => c.fen = Some(v),
                _ => return Err(unknown(&o)),
            },
            Token::Positional(p) => {
                if p.starts_with('#') && c.channel.is_none() {
                    c.channel = Some(p);
                } else if let (Some(col), None) = (parse_color(&p), color) {
                    color = Some(col);
                } else if p.chars().all(|ch| ch.is_ascii_digit()) && days.is_none() {
                    days = Some(parse_days(&p)?);
                } else {
                    return Err(unexpected(&p));
                }
            }
        }
    }
    if c.channel.is_some() && c.level.is_some() {
        return Err(bad("level", &c.level.unwrap_or_default().to_string()));
    }
    c.days = days.unwrap_or(TEAM_DEFAULT_DAYS);
    c.color = color.unwrap_or_default();
    Ok(c)
}

/// `team accept`, `team accept code:XXXX` (or the code alone).
fn parse_accept(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<TeamCommand, ParseError> {
    Ok(TeamCommand::Accept {
        code: parse_code(tokens, unknown, unexpected)?,
        here_name: None,
    })
}

/// The code of an `accept`: `code:XXXX` or the code alone, if given.
fn parse_code(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<Option<String>, ParseError> {
    let mut code = None;
    for tok in tokens {
        match tok {
            Token::Option(o, v) if o == "code" && code.is_none() => code = Some(v),
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) if code.is_none() => code = Some(p),
            Token::Positional(p) => return Err(unexpected(&p)),
        }
    }
    Ok(code)
}

/// `team members`, `team members add @a @b`, `team members remove @a`,
/// `team members add:@a remove:@b`.
fn parse_members(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<TeamCommand, ParseError> {
    let (mut add, mut remove) = (Vec::new(), Vec::new());
    let mut only = None;
    // Which list bare mentions go to, after `add` or `remove`.
    let mut adding: Option<bool> = None;
    for tok in tokens {
        match tok {
            Token::Option(o, v) if o == "add" || o == "user" => add.push(mention(&o, &v)?),
            Token::Option(o, v) if o == "remove" => remove.push(mention(&o, &v)?),
            Token::Option(o, v) if o == "only" => only = Some(parse_bool(&o, &v)?),
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) if p.eq_ignore_ascii_case("add") => adding = Some(true),
            Token::Positional(p) if p.eq_ignore_ascii_case("remove") => adding = Some(false),
            Token::Positional(p) if p.starts_with('@') || p.starts_with("<@") => match adding {
                Some(true) => add.push(mention("add", &p)?),
                Some(false) => remove.push(mention("remove", &p)?),
                None => return Err(unexpected(&p)),
            },
            Token::Positional(p) => return Err(unexpected(&p)),
        }
    }
    Ok(TeamCommand::Members { add, remove, only })
}

/// `team match <create|accept|join|leave|start|standings> [options]`.
fn parse_match(rest: &str) -> Result<MatchCommand, ParseError> {
    let (sub, args) = first_word(rest);
    let name = match sub.to_ascii_lowercase().as_str() {
        "create" | "new" => "team match create",
        "accept" => "team match accept",
        "join" => "team match join",
        "leave" => "team match leave",
        "start" => "team match start",
        "standings" | "table" | "" => "team match standings",
        _ => return Err(ParseError::UnknownCommand(format!("team match {sub}"))),
    };
    let tokens = tokenize(args)?;
    let (unknown, unexpected) = arg_errors(name);
    match name {
        "team match create" => {
            let (mut boards, mut days, mut rounds) = (None, None, None);
            for tok in tokens {
                match tok {
                    Token::Option(o, v) => match o.as_str() {
                        "boards" | "board" => boards = Some(parse_count(&o, &v, 32)?),
                        "days" => days = Some(parse_days(&v)?),
                        "rounds" | "round" => rounds = Some(parse_count(&o, &v, 2)?),
                        _ => return Err(unknown(&o)),
                    },
                    Token::Positional(p) if boards.is_none() => {
                        boards = Some(parse_count("boards", &p, 32)?);
                    }
                    Token::Positional(p) => return Err(unexpected(&p)),
                }
            }
            Ok(MatchCommand::Create {
                boards: boards.unwrap_or(4),
                days: days.unwrap_or(TEAM_DEFAULT_DAYS),
                rounds: rounds.unwrap_or(1),
                here_name: None,
            })
        }
        "team match accept" => {
            let code = parse_code(tokens, &unknown, &unexpected)?.ok_or_else(|| bad("code", ""))?;
            Ok(MatchCommand::Accept {
                code,
                here_name: None,
            })
        }
        _ => {
            no_arguments(tokens, &unknown, &unexpected)?;
            Ok(match name {
                "team match join" => MatchCommand::Join,
                "team match leave" => MatchCommand::Leave,
                "team match start" => MatchCommand::Start,
                _ => MatchCommand::Standings,
            })
        }
    }
}

/// A count from 1 to `max`.
fn parse_count(name: &str, v: &str, max: u32) -> Result<u32, ParseError> {
    match v.trim().parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(bad(name, v)),
    }
}
