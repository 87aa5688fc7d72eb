//! The command tree as Discord receives it: `/chess`, the user menu and `/team`,
//! their descriptions, option descriptions and translated names taken from
//! the Fluent catalog (`cmd-` messages of `assets/locales/*/chessbot.ftl`,
//! see [`crate::i18n::COMMAND_PREFIX`]), the way poise's
//! `fluent_localization` example applies translations. English is the
//! default Discord shows; Russian, Romanian and Thai are its
//! localisations. Command and option names stay English everywhere.

use std::borrow::Cow;

use super::commands::{chess, stats_menu};
use super::data::{Data, Error};
use super::team::team;
use crate::i18n::{self, Locale};

/// A command of the tree.
type Cmd = poise::Command<Data, Error>;

/// The locales Discord shows besides the English default, with Discord's
/// codes for them.
const TRANSLATED: [Locale; 3] = [Locale::Ru, Locale::Ro, Locale::Th];

/// The commands registered with Discord, worded from the catalog.
#[must_use]
pub fn registered() -> Vec<Cmd> {
    let mut commands = vec![chess(), stats_menu(), team()];
    for c in &mut commands {
        apply(c, "cmd", &mut Vec::new());
    }
    commands
}

/// The catalog texts the command tree asks English for and English lacks
/// (`id` or `id.attribute`); empty when every command, option and
/// translated choice has its English wording.
#[must_use]
pub fn missing_english() -> Vec<String> {
    let mut missing = Vec::new();
    for mut c in [chess(), stats_menu(), team()] {
        apply(&mut c, "cmd", &mut missing);
    }
    missing
}

/// The catalog id of a command below `parent` (`cmd-chess-league-create`).
fn id_of(parent: &str, c: &Cmd) -> String {
    format!("{parent}-{}", c.name.replace('_', "-"))
}

fn localizations(id: &str, attribute: Option<&str>) -> Vec<(Cow<'static, str>, Cow<'static, str>)> {
    TRANSLATED
        .iter()
        .filter_map(|&l| {
            let text = i18n::command_text(l, id, attribute)?;
            Some((Cow::Borrowed(l.code()), Cow::Owned(text)))
        })
        .collect()
}

fn english(id: &str, attribute: Option<&str>, missing: &mut Vec<String>) -> Option<String> {
    let text = i18n::command_text(Locale::En, id, attribute);
    if text.is_none() {
        missing.push(attribute.map_or_else(|| id.to_owned(), |a| format!("{id}.{a}")));
    }
    text
}

/// Words command `c` and everything below it from the catalog.
fn apply(c: &mut Cmd, parent: &str, missing: &mut Vec<String>) {
    let id = id_of(parent, c);
    if c.context_menu_name.is_some() {
        // A user menu: a translated name, no description.
        if let Some(name) = english(&id, None, missing) {
            c.context_menu_name = Some(name.into());
        }
        c.name_localizations = localizations(&id, None).into();
    } else {
        if let Some(d) = english(&id, Some("description"), missing) {
            c.description = Some(d.into());
        }
        c.name_localizations = localizations(&id, None).into();
        c.description_localizations = localizations(&id, Some("description")).into();
    }
    for p in &mut c.parameters {
        let name = format!("option-{}", p.name);
        let description = format!("{name}-description");
        if c.context_menu_name.is_none() {
            if let Some(d) = english(&id, Some(&description), missing) {
                p.description = Some(d.into());
            }
            p.description_localizations = localizations(&id, Some(&description)).into();
        }
        p.name_localizations = localizations(&id, Some(&name)).into();
        for choice in p.choices.to_mut() {
            let key = format!("cmd-choice-{}-{}", p.name, choice.name);
            let shown = localizations(&key, None);
            if !shown.is_empty()
                && let Some(name) = english(&key, None, missing)
            {
                choice.name = name.into();
            }
            choice.localizations = shown.into();
        }
    }
    for s in &mut c.subcommands {
        apply(s, &id, missing);
    }
}

#[cfg(test)]
#[path = "localize_tests.rs"]
mod tests;
