//! The text grammar of `settings`: a user's board, a channel's language
//! and look, notices, spectator pages and a community's rules, and which
//! of them may share one line.

use super::*;

/// The settings one line may set together. Options of one group combine
/// (`settings language:ru board:black theme:blue`, `settings leave:45
/// timeouts:20`); a line that mixes groups is refused, one command per
/// line, naming the first option of the second group.
fn settings_group(key: &str) -> &'static str {
    match key {
        "language" | "board" | "theme" => "look",
        "leave" | "control" | "timeouts" | "tablebase" => "community",
        "notify" => "notify",
        "pages" => "pages",
        "images" => "images",
        _ => "pagename",
    }
}

/// `settings language:ru board:black theme:blue`, `settings language ru`,
/// `settings ru`, `settings black blue` (and `language ru` through the
/// alias), `settings notify:dm` (as Discord folds `notify` in), `settings
/// pages:off`, `settings pagename:hidden`, `settings leave:45`; nothing
/// shows them.
pub(super) fn parse_settings(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    let mut language = None;
    let mut board = None;
    let mut theme = None;
    // A moderator's switch for the community's spectator pages.
    let mut pages = None;
    // A player's own name on those pages.
    let mut page_name = None;
    let mut notify = None;
    // A user's own pictures of private boards.
    let mut images = None;
    // A moderator's rules for the community's correspondence games.
    let mut community = CommunityChange::default();
    let mut key: Option<&'static str> = None;
    let mut group: Option<&'static str> = None;
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
        if *group.get_or_insert(settings_group(name)) != settings_group(name) {
            return Err(unexpected(name));
        }
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
            "pages" if pages.is_none() => {
                pages = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "on" | "true" | "yes" => Some(true),
                    "off" | "false" | "no" => Some(false),
                    "new" | "renew" => None,
                    _ => return Err(bad("pages", &value)),
                });
            }
            "pagename" if page_name.is_none() => {
                page_name = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "hidden" | "hide" | "off" => true,
                    "shown" | "show" | "on" => false,
                    _ => return Err(bad("pagename", &value)),
                });
            }
            "images" if images.is_none() => {
                images = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "on" | "true" | "yes" => true,
                    "off" | "false" | "no" | "text" => false,
                    _ => return Err(bad("images", &value)),
                });
            }
            "leave" | "control" | "timeouts" => {
                families::community_rule(&mut community, name, &value)?;
            }
            "tablebase" if community.tablebase.is_none() => {
                community.tablebase = Some(value.trim().to_string());
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
    Ok(match group {
        Some("community") => Command::Community(community),
        Some("notify") => Command::Notify {
            target: notify.unwrap_or_default(),
        },
        Some("pages") => match pages.flatten() {
            Some(on) => Command::Pages { on },
            None if pages.is_some() => Command::NewPage,
            None => Command::Pages { on: false },
        },
        Some("images") => Command::Images {
            on: images.unwrap_or(true),
        },
        Some("pagename") => Command::PageName {
            hidden: page_name.unwrap_or_default(),
        },
        _ => Command::Settings {
            language,
            board,
            theme,
        },
    })
}

/// The setting an option or keyword of `settings` names.
fn settings_key(word: &str) -> Option<&'static str> {
    match word.to_ascii_lowercase().as_str() {
        "language" | "lang" => Some("language"),
        "board" | "view" => Some("board"),
        "theme" | "colors" | "colours" => Some("theme"),
        "notify" | "notifications" => Some("notify"),
        "pages" | "spectators" => Some("pages"),
        "images" | "pictures" => Some("images"),
        "pagename" | "page-name" | "page_name" => Some("pagename"),
        "leave" => Some("leave"),
        "control" => Some("control"),
        "timeouts" | "timeout" => Some("timeouts"),
        "tablebase" | "tablebases" | "syzygy" => Some("tablebase"),
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

/// `notify where:dm|channel|off` (`notify dm`), `notify digest:8
/// [tz:+2]` (`notify digest 8`), `notify digest:off`: where turn notices
/// go, or one daily digest at an hour of the caller's time zone (a UTC
/// offset, UTC when left out) instead.
pub(super) fn parse_notify(
    tokens: Vec<Token>,
    unknown: &dyn Fn(&str) -> ParseError,
    unexpected: &dyn Fn(&str) -> ParseError,
) -> Result<Command, ParseError> {
    let mut target = None;
    let mut digest: Option<Option<u8>> = None;
    let mut offset = None;
    let mut digest_word = false;
    for tok in tokens {
        match tok {
            Token::Option(o, v) if o == "digest" && digest.is_none() => {
                digest = Some(parse_digest_hour(&v)?);
            }
            Token::Option(o, v) if matches!(o.as_str(), "tz" | "utc" | "zone") => {
                offset = Some(parse_utc_offset(&v)?);
            }
            Token::Option(o, v) if (o == "where" || o == "to") && target.is_none() => {
                target = Some(v.parse::<NotifyTarget>().map_err(|()| bad(&o, &v))?);
            }
            Token::Option(o, _) => return Err(unknown(&o)),
            Token::Positional(p) if p.eq_ignore_ascii_case("digest") && !digest_word => {
                digest_word = true;
            }
            Token::Positional(p) if digest_word && digest.is_none() => {
                digest = Some(parse_digest_hour(&p)?);
            }
            Token::Positional(p) if !digest_word && target.is_none() => {
                target = Some(p.parse::<NotifyTarget>().map_err(|()| bad("where", &p))?);
            }
            Token::Positional(p) => return Err(unexpected(&p)),
        }
    }
    match (target, digest) {
        (Some(t), None) if offset.is_none() && !digest_word => Ok(Command::Notify { target: t }),
        (None, Some(hour)) => Ok(Command::Digest {
            hour,
            utc_offset: offset.unwrap_or(0),
        }),
        (None, None) if digest_word || offset.is_some() => Err(bad("digest", "")),
        (Some(t), _) if digest.is_some() || digest_word => Err(unexpected(t.as_str())),
        _ => Err(bad("where", "")),
    }
}

/// A digest's hour, 0-23 (`8`, `8h`, `08:00`), or `off`.
fn parse_digest_hour(v: &str) -> Result<Option<u8>, ParseError> {
    let t = v.trim().to_ascii_lowercase();
    if matches!(t.as_str(), "off" | "none" | "no" | "false") {
        return Ok(None);
    }
    let t = t.strip_suffix(":00").unwrap_or(&t);
    let t = t.strip_suffix('h').unwrap_or(t);
    match t.parse::<u8>() {
        Ok(h) if h < 24 => Ok(Some(h)),
        _ => Err(ParseError::OutOfRange {
            name: "digest".to_string(),
            value: v.to_string(),
            range: "0-23, or off".to_string(),
        }),
    }
}

/// A time zone as its offset from UTC, in minutes: `+2`, `-5`, `+5:30`,
/// `UTC+1`, `utc` (the same all year: a zone with summer time is given
/// again when its clocks change).
fn parse_utc_offset(v: &str) -> Result<i32, ParseError> {
    let t = v.trim().to_ascii_lowercase();
    let t = t
        .strip_prefix("utc")
        .or_else(|| t.strip_prefix("gmt"))
        .unwrap_or(&t);
    if t.is_empty() || t == "0" {
        return Ok(0);
    }
    let refuse = || ParseError::OutOfRange {
        name: "tz".to_string(),
        value: v.to_string(),
        range: "UTC-12 to UTC+14, such as +2 or -5:30".to_string(),
    };
    let (sign, rest) = match t.as_bytes().first() {
        Some(b'+') => (1, &t[1..]),
        Some(b'-') => (-1, &t[1..]),
        _ => (1, t),
    };
    let (h, m) = rest.split_once(':').unwrap_or((rest, "0"));
    let (Ok(h), Ok(m)) = (h.parse::<i32>(), m.parse::<i32>()) else {
        return Err(refuse());
    };
    let minutes = sign * (h * 60 + m);
    if !(0..60).contains(&m) || !(-12 * 60..=14 * 60).contains(&minutes) {
        return Err(refuse());
    }
    Ok(minutes)
}
