//! The text grammar of this round's command families (`premove`,
//! `note`, `puzzle`, `solve`, `league`), beside the core grammar of
//! `text.rs`.

use super::*;

/// `premove [line:]"e5 Nf3 ..." [game:N]`, `premove [list|clear] [game:N]`,
/// `premove e5 Nf3 ...` (the words are the line), and `premove note ...`
/// (Discord's `/chess premove note`) as `note`.
pub(super) fn parse_premove(
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
pub(super) fn parse_note(
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
            .map_or_else(|| raw.to_string(), super::input::unescape_quoted);
        return Ok(Command::Note {
            game: None,
            text: Some(unquoted),
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

/// `puzzle`, `puzzle daily:on [hour:18]`, `puzzle daily:off` (also
/// positionally: `puzzle daily on 18`, `puzzle daily off`).
pub(super) fn parse_puzzle(
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
pub(super) fn parse_solve(
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

/// `league create name:"Winter Cup" [days:3] [rounds:1|2] [max:16]
/// [rated:true] [rules:house|fide] [starts:"2026-12-24 18:00"]
/// [format:round_robin|swiss]` (a Swiss: `rounds:3-11`, `max:4-200`),
/// `league join|leave|start|standings|cancel|withdraw [league:N]` (the
/// number may also stand alone: `league join 3`), `league export
/// format:trf [league:N]`.
pub(super) fn parse_league(tokens: Vec<Token>) -> Result<Command, ParseError> {
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
        None => return Err(ParseError::LeagueActions),
    };
    let command = format!("league {action}");
    let (unknown, unexpected) = arg_errors(&command);
    if action == "create" || action == "new" {
        let mut name = None;
        let mut days = None;
        let mut rounds = None;
        let mut max = None;
        let mut rated = true;
        let mut rules = None;
        let mut starts = None;
        let mut variant = Variant::Standard;
        let mut format = LeagueFormat::RoundRobin;
        let mut time = Box::<ChallengeExtras>::default();
        let mut setup = Box::<LeagueSetup>::default();
        let mut name_typed_alone = false;
        let mut more_words: Vec<String> = Vec::new();
        for tok in tokens {
            match tok {
                Token::Option(o, v) => match o.as_str() {
                    "name" => name = Some(v),
                    "opening" | "theme" => setup.opening = Some(v),
                    "fen" => setup.fen = Some(v),
                    "tiebreaks" | "tiebreak" | "tb" => setup.tiebreaks = Some(v),
                    "bank" | "increment" | "inc" | "control" => {
                        challenge_extra(&mut time, &o, &v)?;
                    }
                    "days" => days = Some(parse_days(&v)?),
                    "rounds" | "cycles" => match v.trim().parse::<u32>() {
                        Ok(n) if (1..=SWISS_MAX_ROUNDS).contains(&n) => rounds = Some(n),
                        _ => {
                            return Err(out_of_range(
                                &o,
                                &v,
                                &format!(
                                    "1-2 (a round robin) or {SWISS_MIN_ROUNDS}-{SWISS_MAX_ROUNDS} (format:swiss)"
                                ),
                            ));
                        }
                    },
                    "max" | "players" => match v.trim().parse::<u32>() {
                        Ok(n) if (3..=SWISS_MAX_PLAYERS).contains(&n) => max = Some(n),
                        _ => {
                            return Err(out_of_range(
                                &o,
                                &v,
                                &format!(
                                    "3-{LEAGUE_MAX_PLAYERS} (a round robin) or {SWISS_MIN_PLAYERS}-{SWISS_MAX_PLAYERS} (format:swiss)"
                                ),
                            ));
                        }
                    },
                    "format" | "type" => {
                        format = match v.trim().to_ascii_lowercase().as_str() {
                            "swiss" => LeagueFormat::Swiss,
                            "round_robin" | "roundrobin" | "round-robin" | "league" => {
                                LeagueFormat::RoundRobin
                            }
                            _ => {
                                return Err(ParseError::Choices {
                                    name: o,
                                    value: v,
                                    choices: "round_robin, swiss".to_string(),
                                });
                            }
                        };
                    }
                    "rated" => rated = parse_bool(&o, &v)?,
                    "rules" => {
                        rules = Some(v.parse::<RulesMode>().map_err(|()| bad(&o, &v))?);
                    }
                    "starts" | "start" => starts = Some(v),
                    "variant" => variant = parse_variant(&v)?,
                    _ => return Err(unknown(&o)),
                },
                Token::Positional(p) if name.is_none() => {
                    name_typed_alone = true;
                    name = Some(p);
                }
                Token::Positional(p) => more_words.push(p),
            }
        }
        // `league create Winter Cup`: a name with spaces goes in quotes.
        if let Some(first) = more_words.first() {
            return Err(match name.filter(|_| name_typed_alone) {
                Some(n) => ParseError::NameInQuotes {
                    command: command.clone(),
                    name: std::iter::once(n)
                        .chain(more_words)
                        .collect::<Vec<_>>()
                        .join(" "),
                },
                None => unexpected(first),
            });
        }
        let swiss = format == LeagueFormat::Swiss;
        time.days_given = days.is_some();
        return Ok(Command::League(LeagueCommand::Create {
            name: name.ok_or_else(|| bad("name", ""))?,
            days: days.unwrap_or(DEFAULT_DAYS),
            rounds: rounds.unwrap_or(if swiss { 0 } else { 1 }),
            max: max.unwrap_or(if swiss {
                SWISS_MAX_PLAYERS
            } else {
                LEAGUE_MAX_PLAYERS
            }),
            rated,
            rules: rules.unwrap_or_default(),
            starts,
            variant,
            format,
            time,
            setup,
        }));
    }
    let mut league = None;
    let mut export = None;
    for tok in tokens {
        let (name, value) = match tok {
            Token::Option(o, v) if action == "export" && o == "format" => {
                export = Some(v);
                continue;
            }
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
        "export" => LeagueCommand::Export {
            league,
            format: export.unwrap_or_else(|| "trf".to_string()),
        },
        other => {
            return Err(ParseError::Choices {
                name: "action".to_string(),
                value: other.to_string(),
                choices: "create, join, leave, start, standings, cancel, withdraw, export"
                    .to_string(),
            });
        }
    }))
}

/// A number outside what option `name` takes.
fn out_of_range(name: &str, value: &str, range: &str) -> ParseError {
    ParseError::OutOfRange {
        name: name.to_string(),
        value: value.to_string(),
        range: range.to_string(),
    }
}

/// Whether a message has a `pgn:` option (at the start of a word).
pub(super) fn has_pgn_option(text: &str) -> bool {
    pgn_option_at(text).is_some()
}

/// Where the `pgn:` of `args` starts (at the start of a word, any case).
fn pgn_option_at(args: &str) -> Option<usize> {
    let lower = args.to_ascii_lowercase();
    lower.match_indices("pgn:").map(|(at, _)| at).find(|&at| {
        args[..at]
            .chars()
            .next_back()
            .is_none_or(char::is_whitespace)
    })
}

/// Splits `challenge` arguments at `pgn:`: the options before it, and the
/// PGN text after it to the end of the message: without surrounding
/// double quotes (and with `\"`, `\\` and `\n` inside them read as `"`,
/// `\` and a line break), without a Markdown code fence; the raw text
/// otherwise (its `\n` a line break too), so a Matrix message can carry a
/// PGN on the lines after the command and a console line a PGN with `;`
/// comments.
pub(super) fn split_pgn(args: &str) -> (&str, Option<String>) {
    let Some(at) = pgn_option_at(args) else {
        return (args, None);
    };
    let rest = args[at + "pgn:".len()..].trim();
    let rest = rest
        .strip_prefix("```pgn")
        .or_else(|| rest.strip_prefix("```"))
        .and_then(|r| r.strip_suffix("```"))
        .unwrap_or(rest)
        .trim();
    let text = match rest.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        Some(inner) => super::input::unescape_quoted(inner),
        None => super::input::unescape_raw_pgn(rest),
    };
    (&args[..at], Some(text))
}

/// One time-control or PGN option of `challenge`: `bank:` and
/// `increment:` in whole days (`10`, `10d`), `control:` a preset's name,
/// `game:` a game's number in the PGN.
pub(super) fn challenge_extra(
    extras: &mut ChallengeExtras,
    name: &str,
    value: &str,
) -> Result<(), ParseError> {
    let t = value.trim();
    let days = t.strip_suffix('d').unwrap_or(t).parse::<u32>().ok();
    match name {
        "bank" => extras.bank = Some(days.ok_or_else(|| bad(name, value))?),
        "increment" | "inc" => extras.increment = Some(days.ok_or_else(|| bad(name, value))?),
        "control" => extras.control = Some(t.to_ascii_lowercase()),
        _ => {
            let n = t.parse::<usize>().ok().filter(|&n| n >= 1);
            extras.game = Some(n.ok_or_else(|| bad(name, value))?);
        }
    }
    Ok(())
}

/// One of a community's rules in `settings` (`leave:45`, `control:iccf`,
/// `timeouts:25` or `timeouts:off`); the service checks the ranges.
pub(super) fn community_rule(
    change: &mut CommunityChange,
    name: &str,
    value: &str,
) -> Result<(), ParseError> {
    let t = value.trim();
    let number = t.strip_suffix('%').unwrap_or(t).parse::<u32>().ok();
    match name {
        "leave" => {
            let days = t.strip_suffix('d').unwrap_or(t).parse::<u32>().ok();
            change.leave = Some(days.ok_or_else(|| bad(name, value))?);
        }
        "control" => change.control = Some(t.to_string()),
        _ if matches!(t.to_ascii_lowercase().as_str(), "off" | "none" | "no") => {
            change.timeouts = Some(0);
        }
        _ => change.timeouts = Some(number.ok_or_else(|| bad(name, value))?),
    }
    Ok(())
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
                variant: Variant::Standard,
                format: LeagueFormat::RoundRobin,
                time: Box::new(ChallengeExtras {
                    days_given: true,
                    ..ChallengeExtras::default()
                }),
                setup: Box::default(),
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
                variant: Variant::Standard,
                format: LeagueFormat::RoundRobin,
                time: Box::default(),
                setup: Box::default(),
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
        assert_eq!(
            parse("/chess league export format:trf league:2"),
            Ok(Some(Command::League(LeagueCommand::Export {
                league: Some(2),
                format: "trf".into(),
            })))
        );
        assert!(matches!(
            parse("/chess league create Open format:swiss"),
            Ok(Some(Command::League(LeagueCommand::Create {
                rounds: 0,
                max: 200,
                format: LeagueFormat::Swiss,
                ..
            })))
        ));
        match parse(r#"/chess league create Cup format:swiss opening:"Ruy Lopez" tiebreaks:sb,bh1"#)
        {
            Ok(Some(Command::League(LeagueCommand::Create { setup, .. }))) => {
                assert_eq!(setup.opening.as_deref(), Some("Ruy Lopez"));
                assert_eq!(setup.tiebreaks.as_deref(), Some("sb,bh1"));
                assert_eq!(setup.fen, None);
            }
            other => panic!("{other:?}"),
        }
        match parse(r#"!chess league create Cup fen:"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1""#) {
            Ok(Some(Command::League(LeagueCommand::Create { setup, .. }))) => {
                assert_eq!(
                    setup.fen.as_deref(),
                    Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
                );
            }
            other => panic!("{other:?}"),
        }
        match parse("/chess league create Cup format:swiss bank:20 increment:1") {
            Ok(Some(Command::League(LeagueCommand::Create { time, .. }))) => {
                assert_eq!((time.bank, time.increment), (Some(20), Some(1)));
            }
            other => panic!("{other:?}"),
        }
        for bad_line in [
            "/chess league",
            "/chess league create",
            "/chess league create name:x max:201",
            "/chess league create name:x max:2",
            "/chess league create name:x rounds:12",
            "/chess league create name:x format:knockout",
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
