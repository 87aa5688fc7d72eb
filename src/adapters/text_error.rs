//! Why a text command could not be understood ([`ParseError`]): its code for
//! the console and its message in each language.

use super::nearest_command;
use crate::i18n::Locale;
use crate::render::Theme;
use crate::service::{MAX_LEAVE_DAYS, messages as msg};

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
    /// More than [`MAX_LEN`](crate::adapters::text::MAX_LEN) characters.
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
