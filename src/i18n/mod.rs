//! Localisation: the [`Locale`]s the bot speaks, the Fluent message catalog
//! (`assets/locales/{en,th,ru,ro}/chessbot.ftl`, embedded at build time and
//! parsed once), and local move notation ([`notation`]).
//!
//! Every user-facing sentence is a Fluent message with named arguments;
//! plurals and grammatical variants are chosen inside the `.ftl` files, never
//! by concatenating strings in Rust. A message missing in a locale falls back
//! to English. Unicode isolation marks are switched off: the output is plain
//! chat text, and invisible characters around names would only confuse
//! copy-and-paste and tests.
//!
//! The catalog writes commands as `/chess ...` (Discord's slash commands,
//! the console). A platform whose users type `!chess ...` (Matrix, where
//! clients eat unknown slash commands) runs its work inside
//! [`with_command_style`]`(`[`CommandStyle::Bang`]`, ...)`: the messages
//! formatted there come from a copy of the catalog whose own `/chess` hints
//! read `!chess` (arguments, such as names, are never touched).

pub mod notation;

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Locale {
    /// English, the default and the fallback of every message.
    #[default]
    En,
    /// Thai.
    Th,
    /// Russian.
    Ru,
    /// Romanian.
    Ro,
}

impl Locale {
    /// Every locale, English first.
    pub const ALL: [Locale; 4] = [Locale::En, Locale::Th, Locale::Ru, Locale::Ro];

    /// The short language code: `en`, `th`, `ru`, `ro` (also what the
    /// database stores).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Th => "th",
            Locale::Ru => "ru",
            Locale::Ro => "ro",
        }
    }

    /// The language's own name for itself.
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::Th => "ไทย",
            Locale::Ru => "русский",
            Locale::Ro => "română",
        }
    }

    /// The locale of a Discord locale code (`en-US`, `en-GB`, `th`, `ru`,
    /// `ro`, ...); `None` for a language the bot does not speak, so the
    /// caller can fall back to the guild's locale or English.
    #[must_use]
    pub fn from_discord(code: &str) -> Option<Locale> {
        let lang = code
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match lang.as_str() {
            "en" => Some(Locale::En),
            "th" => Some(Locale::Th),
            "ru" => Some(Locale::Ru),
            "ro" => Some(Locale::Ro),
            _ => None,
        }
    }

    fn fluent_id(self) -> LanguageIdentifier {
        let tag = match self {
            Locale::En => "en-US",
            Locale::Th => "th",
            Locale::Ru => "ru",
            Locale::Ro => "ro",
        };
        tag.parse()
            .expect("the four built-in language tags are valid")
    }

    fn source(self) -> &'static str {
        match self {
            Locale::En => include_str!("../../assets/locales/en/chessbot.ftl"),
            Locale::Th => include_str!("../../assets/locales/th/chessbot.ftl"),
            Locale::Ru => include_str!("../../assets/locales/ru/chessbot.ftl"),
            Locale::Ro => include_str!("../../assets/locales/ro/chessbot.ftl"),
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language name or code that is not one of ours.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}` (known: en, th, ru, ro)")]
pub struct ParseLocaleError(pub String);

impl FromStr for Locale {
    type Err = ParseLocaleError;

    /// Reads what a user types in `/chess settings language:...`: a code
    /// (`ru`, `ru-RU`, `en_GB`), or the language's name in English or in
    /// the language itself (`russian`, `русский`, `ไทย`, `română`,
    /// `romana`), case-insensitively.
    fn from_str(s: &str) -> Result<Locale, ParseLocaleError> {
        let t = s.trim().to_lowercase();
        if let Some(l) = Locale::from_discord(&t).filter(|_| t.len() <= 6) {
            return Ok(l);
        }
        let l = match t.as_str() {
            "english" | "eng" | "английский" | "engleză" | "engleza" | "อังกฤษ" | "ภาษาอังกฤษ" => {
                Locale::En
            }
            "thai" | "tha" | "ไทย" | "ภาษาไทย" | "тайский" | "thailandeză" | "thailandeza" => {
                Locale::Th
            }
            "russian"
            | "rus"
            | "русский"
            | "русский язык"
            | "рус"
            | "rusă"
            | "rusa"
            | "รัสเซีย"
            | "ภาษารัสเซีย" => Locale::Ru,
            "romanian"
            | "rum"
            | "ron"
            | "română"
            | "romana"
            | "româna"
            | "romînă"
            | "romina"
            | "румынский"
            | "โรมาเนีย"
            | "ภาษาโรมาเนีย" => Locale::Ro,
            _ => return Err(ParseLocaleError(s.trim().to_string())),
        };
        Ok(l)
    }
}

/// One argument value of a message: text or a whole number (numbers drive
/// the plural forms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg<'a> {
    /// Text inserted as is (names, SAN, deadlines) or a selector key
    /// (`white`, `checkmate`, `yes`).
    Str(Cow<'a, str>),
    /// A count or an id.
    Num(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Str(Cow::Borrowed(s))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Str(Cow::Borrowed(s.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Str(Cow::Owned(s))
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Num(n)
    }
}

impl From<u32> for Arg<'_> {
    fn from(n: u32) -> Self {
        Arg::Num(i64::from(n))
    }
}

impl From<usize> for Arg<'_> {
    fn from(n: usize) -> Self {
        Arg::Num(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<bool> for Arg<'_> {
    /// `yes` / `no`, for selectors.
    fn from(b: bool) -> Self {
        Arg::Str(Cow::Borrowed(if b { "yes" } else { "no" }))
    }
}

/// How users type a command on a platform, which the catalog's command
/// hints follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CommandStyle {
    /// `/chess ...` (Discord, the console): the catalog as written.
    #[default]
    Slash,
    /// `!chess ...` (Matrix).
    Bang,
}

tokio::task_local! {
    static COMMAND_STYLE: CommandStyle;
}

/// Runs `work` with the catalog's command hints in `style` (for every
/// message formatted inside it, in this task; tasks it spawns start with
/// the default [`CommandStyle::Slash`]).
pub async fn with_command_style<F: Future>(style: CommandStyle, work: F) -> F::Output {
    COMMAND_STYLE.scope(style, work).await
}

/// The command style of the running task (default: slash).
#[must_use]
pub fn command_style() -> CommandStyle {
    COMMAND_STYLE.try_with(|s| *s).unwrap_or_default()
}

/// The catalog source with its `/chess` command hints written `!chess`
/// (not `/chessbot` or `en/chessbot.ftl` in comments).
fn bang_source(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut rest = source;
    while let Some(i) = rest.find("/chess") {
        let before = rest[..i].chars().next_back();
        let after = rest[i + 6..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..i]);
        out.push_str(if word(before) || word(after) {
            "/chess"
        } else {
            "!chess"
        });
        rest = &rest[i + 6..];
    }
    out.push_str(rest);
    out
}

/// The parsed catalogs of every locale, indexed like [`Locale::ALL`]: as
/// written, and with `!chess` hints.
struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
    bang: Vec<FluentBundle<FluentResource>>,
}

static CATALOG: LazyLock<Catalog> =
    LazyLock::new(|| Catalog::from_sources(Locale::ALL.map(|l| (l, l.source()))));

impl Catalog {
    fn from_sources(sources: [(Locale, &str); 4]) -> Catalog {
        Catalog {
            bundles: sources.iter().map(|&(l, src)| bundle(l, src)).collect(),
            bang: sources
                .iter()
                .map(|&(l, src)| bundle(l, &bang_source(src)))
                .collect(),
        }
    }

    fn format(&self, locale: Locale, key: &str, args: &[(&str, Arg<'_>)]) -> String {
        match self.try_format(locale, key, args) {
            Ok(s) => s,
            Err(TrError::Missing) if locale != Locale::En => self.format(Locale::En, key, args),
            Err(TrError::Missing) => {
                tracing::error!(key, "message missing from the English catalog");
                key.to_string()
            }
            Err(TrError::Format(s, errors)) => {
                tracing::warn!(%locale, key, ?errors, "message formatted with errors");
                s
            }
        }
    }

    fn try_format(
        &self,
        locale: Locale,
        key: &str,
        args: &[(&str, Arg<'_>)],
    ) -> Result<String, TrError> {
        let bundles = match command_style() {
            CommandStyle::Slash => &self.bundles,
            CommandStyle::Bang => &self.bang,
        };
        let bundle = bundles.get(locale.index()).ok_or(TrError::Missing)?;
        let pattern = bundle
            .get_message(key)
            .and_then(|m| m.value())
            .ok_or(TrError::Missing)?;
        let fa = fluent_args(args);
        let mut errors = Vec::new();
        let text = bundle
            .format_pattern(pattern, Some(&fa), &mut errors)
            .into_owned();
        if errors.is_empty() {
            Ok(text)
        } else {
            Err(TrError::Format(
                text,
                errors.iter().map(ToString::to_string).collect(),
            ))
        }
    }
}

fn bundle(locale: Locale, source: &str) -> FluentBundle<FluentResource> {
    // A syntax error drops only the broken entry (the catalog tests fail on
    // it); the rest of the locale keeps working, the English fallback covers
    // the gap.
    let resource =
        FluentResource::try_new(source.to_string()).unwrap_or_else(|(partial, _)| partial);
    let mut b = FluentBundle::new_concurrent(vec![locale.fluent_id()]);
    b.set_use_isolating(false);
    if let Err(errors) = b.add_resource(resource) {
        tracing::error!(%locale, ?errors, "duplicate messages in the catalog");
    }
    b
}

fn fluent_args<'a>(args: &'a [(&'a str, Arg<'a>)]) -> FluentArgs<'a> {
    let mut fa = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        let v = match value {
            Arg::Str(s) => FluentValue::from(s.as_ref()),
            Arg::Num(n) => FluentValue::from(*n),
        };
        fa.set(*name, v);
    }
    fa
}

/// The code spans (`` `/chess accept` ``) the catalogs write in their
/// messages, in every language, those without placeables only: the bot's
/// own markup, which adapters may show as code although they escape the
/// rest of a message (user text can hold backticks too).
#[must_use]
pub fn catalog_code_spans() -> &'static [String] {
    static SPANS: LazyLock<Vec<String>> = LazyLock::new(|| {
        let mut spans: Vec<String> = Vec::new();
        for l in Locale::ALL {
            for line in l.source().lines() {
                let t = line.trim_start();
                // Comments, and the Discord command texts (`cmd-` messages
                // and their `.attributes`), which are never chat messages.
                if t.starts_with('#') || t.starts_with('.') || t.starts_with(COMMAND_PREFIX) {
                    continue;
                }
                let parts: Vec<&str> = line.split('`').collect();
                for (i, inside) in parts.iter().enumerate() {
                    let closed = i % 2 == 1 && i + 1 < parts.len();
                    if closed
                        && !inside.is_empty()
                        && !inside.contains(['{', '}'])
                        && !spans.iter().any(|s| s == inside)
                    {
                        spans.push((*inside).to_owned());
                    }
                }
            }
        }
        // Longest first, so a span is never restored inside a longer one.
        spans.sort_by_key(|s| std::cmp::Reverse(s.len()));
        spans
    });
    &SPANS
}

/// Formats `key` in `locale` with named arguments, falling back to English
/// when the locale lacks the message (and to the key itself when English
/// lacks it too, which the catalog tests rule out). Formatting problems are
/// logged, never shown as errors: the user still gets a sentence.
#[must_use]
pub fn tr(locale: Locale, key: &str, args: &[(&str, Arg<'_>)]) -> String {
    CATALOG.format(locale, key, args)
}

/// Why a message could not be formatted cleanly.
#[derive(Debug)]
pub enum TrError {
    /// The locale has no such message (or it has no value).
    Missing,
    /// Formatted, with Fluent errors (a missing argument, an unknown
    /// reference); the text is what Fluent produced anyway.
    Format(String, Vec<String>),
}

/// Formats `key` in `locale` without any fallback, reporting every Fluent
/// error: what the catalog tests use.
///
/// # Errors
/// [`TrError::Missing`] when the locale lacks the message,
/// [`TrError::Format`] when formatting reported errors.
pub fn try_tr(locale: Locale, key: &str, args: &[(&str, Arg<'_>)]) -> Result<String, TrError> {
    CATALOG.try_format(locale, key, args)
}

/// The message ids of a locale's catalog, in file order (every line that
/// starts a message: an identifier at the start of a line followed by `=`),
/// without the Discord command texts ([`command_keys`]).
#[must_use]
pub fn keys(locale: Locale) -> Vec<String> {
    all_keys(locale)
        .into_iter()
        .filter(|k| !k.starts_with(COMMAND_PREFIX))
        .collect()
}

fn all_keys(locale: Locale) -> Vec<String> {
    locale
        .source()
        .lines()
        .filter_map(|line| {
            let (id, _) = line.split_once('=')?;
            let id = id.trim_end();
            let mut chars = id.chars();
            let ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            ok.then(|| id.to_string())
        })
        .collect()
}

/// The start of the ids of the Discord command texts: `cmd-chess-move`
/// (a command: its name where it is translated, `.description`, and
/// `.option-NAME-description` per option), `cmd-choice-OPTION-CHOICE` (a
/// choice's shown name). Not chat messages: no `messages!` declaration.
pub const COMMAND_PREFIX: &str = "cmd-";

/// The ids of a locale's Discord command texts ([`COMMAND_PREFIX`]), in
/// file order.
#[must_use]
pub fn command_keys(locale: Locale) -> Vec<String> {
    all_keys(locale)
        .into_iter()
        .filter(|k| k.starts_with(COMMAND_PREFIX))
        .collect()
}

/// The attribute names of message `id` in a locale's catalog (`description`,
/// `option-days-description`, ...), in file order; empty without the message.
#[must_use]
pub fn attributes(locale: Locale, id: &str) -> Vec<String> {
    CATALOG
        .bundles
        .get(locale.index())
        .and_then(|b| b.get_message(id))
        .map(|m| m.attributes().map(|a| a.id().to_owned()).collect())
        .unwrap_or_default()
}

/// A Discord command text: message `id`'s value, or its `attribute`, in
/// `locale` only (no English fallback: a missing translation means Discord
/// shows its default), as written (`/chess` hints stay slashes).
#[must_use]
pub fn command_text(locale: Locale, id: &str, attribute: Option<&str>) -> Option<String> {
    let bundle = CATALOG.bundles.get(locale.index())?;
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        Some(a) => message.get_attribute(a)?.value(),
        None => message.value()?,
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, None, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(%locale, id, ?attribute, ?errors, "command text formatted with errors");
    }
    Some(text.into_owned())
}

/// Parse errors of a locale's `.ftl` source (empty when it is clean).
#[must_use]
pub fn parse_errors(locale: Locale) -> Vec<String> {
    match FluentResource::try_new(locale.source().to_string()) {
        Ok(_) => Vec::new(),
        Err((_, errors)) => errors.iter().map(|e| format!("{e:?}")).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_missing_in_a_locale_falls_back_to_english() {
        let c = Catalog::from_sources([
            (Locale::En, "hi = Hello { $name }\nonly-en = Only English\n"),
            (Locale::Th, "hi = สวัสดี { $name }\n"),
            (Locale::Ru, "hi = Привет, { $name }\n"),
            (Locale::Ro, "hi = Salut, { $name }\n"),
        ]);
        assert_eq!(
            c.format(Locale::Ru, "hi", &[("name", "Оля".into())]),
            "Привет, Оля"
        );
        assert_eq!(c.format(Locale::Ru, "only-en", &[]), "Only English");
        assert_eq!(c.format(Locale::Ro, "nowhere", &[]), "nowhere");
    }

    #[test]
    fn bang_style_rewrites_only_the_catalogs_own_command_hints() {
        assert_eq!(
            bang_source("a = `/chess help` or\n    /chess move e4 # en/chessbot.ftl /chessboard"),
            "a = `!chess help` or\n    !chess move e4 # en/chessbot.ftl /chessboard"
        );
        let args = [("value", "/chess x".into()), ("name", "language".into())];
        let slash = tr(Locale::En, "bad-option-value", &args);
        assert!(slash.contains("`/chess help`"), "{slash}");
        let bang = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(with_command_style(CommandStyle::Bang, async {
                tr(Locale::En, "bad-option-value", &args)
            }));
        // The hint changes; the user's value does not.
        assert_eq!(bang, slash.replace("`/chess help`", "`!chess help`"));
        assert!(bang.contains("`/chess x`"), "{bang}");
        for l in Locale::ALL {
            let help = tokio::runtime::Builder::new_current_thread()
                .build()
                .unwrap()
                .block_on(with_command_style(CommandStyle::Bang, async {
                    tr(l, "help", &[])
                }));
            assert!(!help.contains("/chess"), "{l}: {help}");
        }
        assert_eq!(command_style(), CommandStyle::Slash);
    }

    #[test]
    fn output_has_no_unicode_isolation_marks() {
        let s = tr(Locale::En, "draw-declined", &[("by", "alice".into())]);
        assert_eq!(s, "alice declined the draw offer.");
        assert!(!s.contains(['\u{2068}', '\u{2069}']));
    }

    #[test]
    fn a_broken_locale_keeps_its_good_messages() {
        let c = Catalog::from_sources([
            (Locale::En, "a = A\nb = B\n"),
            (Locale::Th, "a = ก\nb = { broken\n"),
            (Locale::Ru, "a = А\n"),
            (Locale::Ro, "a = Ă\n"),
        ]);
        assert_eq!(c.format(Locale::Th, "a", &[]), "ก");
        assert_eq!(c.format(Locale::Th, "b", &[]), "B");
    }

    #[test]
    fn discord_locale_codes() {
        assert_eq!(Locale::from_discord("en-US"), Some(Locale::En));
        assert_eq!(Locale::from_discord("en-GB"), Some(Locale::En));
        assert_eq!(Locale::from_discord("th"), Some(Locale::Th));
        assert_eq!(Locale::from_discord("ru"), Some(Locale::Ru));
        assert_eq!(Locale::from_discord("ro"), Some(Locale::Ro));
        assert_eq!(Locale::from_discord("de"), None);
        assert_eq!(Locale::from_discord("pt-BR"), None);
    }

    #[test]
    fn users_name_languages_in_many_ways() {
        for (typed, l) in [
            ("ru", Locale::Ru),
            ("RU", Locale::Ru),
            ("ru-RU", Locale::Ru),
            ("russian", Locale::Ru),
            ("Русский", Locale::Ru),
            ("th", Locale::Th),
            ("thai", Locale::Th),
            ("ไทย", Locale::Th),
            ("ภาษาไทย", Locale::Th),
            ("ro", Locale::Ro),
            ("Română", Locale::Ro),
            ("romana", Locale::Ro),
            ("romanian", Locale::Ro),
            ("en", Locale::En),
            ("English", Locale::En),
            (" en_GB ", Locale::En),
        ] {
            assert_eq!(typed.parse::<Locale>(), Ok(l), "{typed}");
        }
        assert!("klingon".parse::<Locale>().is_err());
        assert!("".parse::<Locale>().is_err());
        assert!("english-ish".parse::<Locale>().is_err());
    }
}
