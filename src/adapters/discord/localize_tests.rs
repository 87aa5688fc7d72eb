//! Tests of the command tree's wording: every text comes from the catalog,
//! every language words the same commands and options, and every wording
//! keeps within Discord's limits.

use super::*;

/// Discord's rule for slash command and option names:
/// `^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`, lowercase where the
/// letter has a lowercase.
fn name_ok(n: &str) -> bool {
    let allowed = |c: char| {
        c.is_alphabetic()
            || c.is_numeric()
            || c == '-'
            || c == '_'
            || ('\u{0900}'..='\u{097F}').contains(&c)
            || ('\u{0E00}'..='\u{0E7F}').contains(&c)
    };
    let n_chars = n.chars().count();
    (1..=32).contains(&n_chars) && n.chars().all(|c| allowed(c) && !c.is_uppercase())
}

fn description_ok(d: &str) -> bool {
    (1..=100).contains(&d.chars().count()) && d.trim() == d
}

/// `list`'s text for Discord locale `code`, or `default` for English.
fn in_locale<'a>(
    default: Option<&'a str>,
    list: &'a [(Cow<'static, str>, Cow<'static, str>)],
    code: &str,
) -> Option<&'a str> {
    if code == "en" {
        return default;
    }
    list.iter()
        .find(|(k, _)| k == code)
        .map(|(_, v)| v.as_ref())
}

#[test]
fn english_words_every_command_option_and_translated_choice() {
    assert_eq!(missing_english(), Vec::<String>::new());
}

#[test]
fn every_language_words_the_same_commands_and_options() {
    let english = i18n::command_keys(Locale::En);
    assert!(english.len() > 40, "{english:?}");
    for l in TRANSLATED {
        assert_eq!(i18n::command_keys(l), english, "{l}");
        for id in &english {
            assert_eq!(
                i18n::attributes(l, id),
                i18n::attributes(Locale::En, id),
                "{l} {id}"
            );
        }
    }
}

#[test]
fn every_text_keeps_within_discords_limits_in_every_language() {
    fn check(c: &Cmd, code: &str, path: &str, seen: &mut usize) {
        let path = format!("{path} {}", c.name);
        if let Some(menu) = &c.context_menu_name {
            let name = in_locale(Some(menu), &c.name_localizations, code);
            let n = name.map_or(0, |n| n.chars().count());
            assert!((1..=32).contains(&n), "{code} {path}: {name:?}");
            *seen += 1;
            return;
        }
        let name = in_locale(Some(&c.name), &c.name_localizations, code).unwrap_or(&c.name);
        assert!(name_ok(name), "{code} {path}: name {name:?}");
        let d = in_locale(c.description.as_deref(), &c.description_localizations, code);
        assert!(d.is_some_and(description_ok), "{code} {path}: {d:?}");
        *seen += 1;
        for p in &c.parameters {
            let name = in_locale(Some(&p.name), &p.name_localizations, code).unwrap_or(&p.name);
            assert!(name_ok(name), "{code} {path} {}: name {name:?}", p.name);
            let d = in_locale(p.description.as_deref(), &p.description_localizations, code);
            assert!(
                d.is_some_and(description_ok),
                "{code} {path} {}: {d:?}",
                p.name
            );
            *seen += 1;
            for choice in p.choices.iter() {
                let shown = in_locale(Some(&choice.name), &choice.localizations, code)
                    .unwrap_or(&choice.name);
                let n = shown.chars().count();
                assert!(
                    (1..=100).contains(&n),
                    "{code} {path} {}: {shown:?}",
                    p.name
                );
            }
        }
        for s in &c.subcommands {
            check(s, code, &path, seen);
        }
    }
    for code in ["en", "ru", "ro", "th"] {
        let mut seen = 0;
        for c in &registered() {
            check(c, code, "", &mut seen);
        }
        assert!(seen > 90, "{code}: {seen} texts");
    }
}

#[test]
fn discords_name_rule_is_checked() {
    assert!(name_ok("move") && name_ok("high-contrast") && name_ok("ตา"));
    assert!(name_ok("ход") && !name_ok("Move") && !name_ok("two words"));
    assert!(!name_ok("") && !name_ok(&"a".repeat(33)));
}

#[test]
fn translations_come_from_the_catalog() {
    let chess = registered().swap_remove(0);
    let mv = chess.subcommands.iter().find(|c| c.name == "move");
    let ru = mv.and_then(|c| in_locale(None, &c.description_localizations, "ru"));
    assert_eq!(
        ru.map(str::to_owned),
        i18n::command_text(Locale::Ru, "cmd-chess-move", Some("description"))
    );
    let menu = registered().swap_remove(1);
    assert_eq!(menu.context_menu_name.as_deref(), Some("Chess stats"));
    assert_eq!(
        in_locale(None, &menu.name_localizations, "th"),
        Some("สถิติหมากรุก")
    );
}

#[test]
fn help_covers_every_discord_subcommand() {
    let covered: Vec<&str> = crate::service::help::covered().collect();
    let chess = registered().swap_remove(0);
    for sub in &chess.subcommands {
        assert!(covered.contains(&&*sub.name), "help omits `{}`", sub.name);
    }
    // `settings` options are each shown (`board`, `theme` once were not).
    let text = crate::service::help::help_text(Locale::En);
    let settings = chess.subcommands.iter().find(|c| c.name == "settings");
    for p in settings
        .map(|s| s.parameters.as_slice())
        .unwrap_or_default()
    {
        // (`notify`, folded into Discord's `settings`, is its own command
        // in the console.)
        let shown =
            text.contains(&format!("{}:", p.name)) || text.contains(&format!("/chess {} ", p.name));
        assert!(shown, "help omits settings {}", p.name);
    }
}
