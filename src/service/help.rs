//! The help text, generated from one table of the commands ([`COMMANDS`]):
//! each line is a command's usage (language-neutral: command and option
//! names are English everywhere) and what it does, worded by the catalog's
//! `help-command` in the reader's language, so help lists every command
//! the table holds and the tests check the table against the console's and
//! Discord's commands.

use crate::i18n::Locale;
use crate::service::messages as msg;

/// One line of help.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpEntry {
    /// What follows `/chess`: the command and its arguments (`move
    /// <move>`); alternatives separated by ` | `.
    pub usage: &'static str,
    /// The `help-command` case saying what it does.
    pub key: &'static str,
}

const fn entry(usage: &'static str, key: &'static str) -> HelpEntry {
    HelpEntry { usage, key }
}

/// Every command, in the order help lists them.
pub const COMMANDS: &[HelpEntry] = &[
    entry(
        "challenge [@opponent] [color:white|black|random] [days:1-14] [rules:house|fide] [rated:true|false] [fen:\"...\"]",
        "challenge",
    ),
    entry(
        "challenge ... bank:1-60 increment:0-10 | control:daily|iccf|blitz-days",
        "time-control",
    ),
    entry("challenge ... pgn:\"<PGN>\" [game:N]", "pgn-continue"),
    entry("accept | decline | cancel", "answer"),
    entry(
        "computer [level:1-8] [color:white|black|random] [days:1-14] [fen:\"...\"]",
        "computer",
    ),
    entry("move <move>", "move"),
    entry("board [flip] [private:true]", "board"),
    entry("draw [claim:true]", "draw"),
    entry("resign", "resign"),
    entry("abort", "abort"),
    entry("takeback", "takeback"),
    entry("rematch", "rematch"),
    entry("claim [move]", "claim"),
    entry("pgn [game]", "pgn"),
    entry("summary [game]", "summary"),
    entry("games", "games"),
    entry("history [@user]", "history"),
    entry("stats [@user] [vs:@user]", "stats"),
    entry("leaderboard", "leaderboard"),
    entry("settings [language:en|th|ru|ro]", "settings"),
    entry(
        "settings board:auto|white|black theme:brown|blue|green|high-contrast",
        "settings-board",
    ),
    entry("moretime", "moretime"),
    entry("vacation", "vacation-left"),
    entry("vacation days:N", "vacation"),
    entry("notify where:dm|channel|off", "notify"),
    entry("notify digest:0-23 [tz:+2] | digest:off", "digest"),
    entry("settings pagename:hidden|shown", "pagename"),
    entry("settings pages:on|off|new", "pages"),
    entry("settings images:off|on", "images"),
    entry("settings tablebase:off|claim|auto", "tablebase"),
    entry(
        "settings leave:30|45 control:daily|iccf|blitz-days|off timeouts:1-99|off",
        "community-rules",
    ),
    entry(
        "league create name:\"...\" [days] [rounds:1|2] [max] [rated] [rules] [starts] | join | leave | start | standings | cancel | withdraw",
        "league",
    ),
    entry(
        "league create ... format:swiss [rounds:3-11] [tiebreaks:bh1,bh,sb,de,wins] | export format:trf",
        "swiss",
    ),
    entry(
        "league create ... opening:\"C60|Ruy Lopez\" | fen:\"...\"",
        "thematic",
    ),
    entry("premove line:\"...\"", "premove"),
    entry("note text:\"...\"", "note"),
    entry("puzzle", "puzzle"),
    entry("solve <move>", "solve"),
    entry("puzzle daily:on|off [hour:18]", "puzzle-daily"),
    entry(
        "challenge ... variant:chess960 [position:0-959]",
        "chess960",
    ),
    entry(
        "team challenge channel:#x|level:1-8 [days] [color], team accept [code:X] | votes | close | members [add|remove @a]",
        "team",
    ),
    entry(
        "team match create boards:1-32 [days] [rounds:1|2] | accept code:X | join | leave | start | standings",
        "team-match",
    ),
    entry("help", "help"),
];

/// The command names the table covers: the first word of each usage and of
/// each ` | ` alternative (`accept`, `decline`, `cancel`, `league`, `join`,
/// ...).
pub fn covered() -> impl Iterator<Item = &'static str> {
    COMMANDS.iter().flat_map(|e| {
        e.usage
            .split(" | ")
            .filter_map(|alt| alt.split_whitespace().next())
    })
}

/// An example for each command's help ([`help_on`]), as typed after
/// `/chess`.
const EXAMPLES: &[(&str, &str)] = &[
    ("challenge", "challenge @bob color:white days:3"),
    ("accept", "accept"),
    ("decline", "decline"),
    ("cancel", "cancel"),
    ("computer", "computer level:3 color:white"),
    ("move", "move Nf3"),
    ("board", "board private:true"),
    ("draw", "draw"),
    ("resign", "resign"),
    ("abort", "abort"),
    ("takeback", "takeback"),
    ("rematch", "rematch"),
    ("claim", "claim Ng8"),
    ("pgn", "pgn 7"),
    ("summary", "summary 7"),
    ("games", "games"),
    ("history", "history @bob"),
    ("stats", "stats @bob vs:@carol"),
    ("leaderboard", "leaderboard variant:chess960"),
    ("settings", "settings language:ru board:black"),
    ("moretime", "moretime"),
    ("vacation", "vacation days:5"),
    ("notify", "notify digest:8 tz:+1"),
    (
        "league",
        "league create name:\"Winter Cup\" format:swiss rounds:5 days:3",
    ),
    ("premove", "premove line:\"e5 Nf3 Nc6 Bb5\""),
    ("note", "note text:\"castle long next\""),
    ("puzzle", "puzzle"),
    ("solve", "solve Qxf7+"),
    ("team", "team challenge channel:#blue days:2"),
    ("help", "help move"),
];

/// Whether the help entry `e` is about the command `topic`: one of its
/// alternatives starts with it.
fn is_about(e: &HelpEntry, topic: &str) -> bool {
    e.usage
        .split(" | ")
        .flat_map(|alt| alt.split(", "))
        .any(|alt| alt.split_whitespace().next() == Some(topic))
}

/// The help of one command in `l`: its lines of [`COMMANDS`] and an
/// example; the whole help for a name no line is about.
#[must_use]
pub fn help_on(l: Locale, topic: &str) -> String {
    let mut lines: Vec<String> = COMMANDS
        .iter()
        .filter(|e| is_about(e, topic))
        .map(|e| msg::help_line(l, e.usage, &msg::help_command(l, e.key)))
        .collect();
    if lines.is_empty() {
        return help_text(l);
    }
    if let Some((_, example)) = EXAMPLES.iter().find(|(t, _)| *t == topic) {
        lines.push(msg::help_example(l, &format!("/chess {example}")));
    }
    lines.join("\n")
}

/// The help text in `l`: the heading, one line per [`COMMANDS`] entry,
/// and what the language adds (its piece letters).
#[must_use]
pub fn help_text(l: Locale) -> String {
    let lines: Vec<String> = COMMANDS
        .iter()
        .map(|e| msg::help_line(l, e.usage, &msg::help_command(l, e.key)))
        .collect();
    msg::help(l, &lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_its_own_wording_in_every_language() {
        for l in Locale::ALL {
            let mut seen = std::collections::HashSet::new();
            for e in COMMANDS {
                let what = msg::help_command(l, e.key);
                assert!(seen.insert(what.clone()), "{l} {}: {what}", e.key);
            }
            // An unknown key falls to `help`'s own line: every key but
            // `help` is a case of its own.
            assert_eq!(
                msg::help_command(l, "no-such-key"),
                msg::help_command(l, "help")
            );
        }
    }

    #[test]
    fn help_lists_every_entry_in_every_language() {
        for l in Locale::ALL {
            let text = help_text(l);
            for e in COMMANDS {
                assert!(
                    text.contains(&format!("/chess {} ", e.usage)),
                    "{l}: {}",
                    e.usage
                );
            }
            assert!(!text.contains('{'), "{l}: {text}");
        }
        assert!(
            help_text(Locale::En).starts_with("Correspondence chess. Commands:\n/chess challenge")
        );
    }

    #[test]
    fn every_command_has_its_own_help_with_an_example() {
        for name in covered() {
            let Some((_, example)) = EXAMPLES.iter().find(|(t, _)| *t == name) else {
                continue;
            };
            let text = help_on(Locale::En, name);
            assert!(
                text.contains(&format!("/chess {example}")),
                "{name}: {text}"
            );
            assert!(!text.starts_with("Correspondence chess"), "{name}: {text}");
        }
        let league = help_on(Locale::En, "league");
        assert!(league.contains("format:swiss"), "{league}");
        assert!(league.contains("opening:"), "{league}");
        assert!(!league.contains("/chess move"), "{league}");
        let challenge = help_on(Locale::En, "challenge");
        for option in [
            "bank:",
            "increment:",
            "control:",
            "pgn:",
            "variant:chess960",
        ] {
            assert!(challenge.contains(option), "{option}: {challenge}");
        }
        assert!(help_on(Locale::En, "team").contains("team match create"));
        assert!(help_on(Locale::En, "notify").contains("digest:"));
        // Every example names a command the table knows.
        let names: Vec<&str> = covered().collect();
        for (topic, _) in EXAMPLES {
            assert!(names.contains(topic), "{topic}");
        }
    }

    #[test]
    fn the_once_omitted_commands_are_listed() {
        let names: Vec<&str> = covered().collect();
        for name in ["stats", "leaderboard", "summary", "vacation", "settings"] {
            assert!(names.contains(&name), "{name}");
        }
        let text = help_text(Locale::En);
        assert!(text.contains("/chess settings board:"), "{text}");
        assert!(text.contains("/chess vacation - "), "{text}");
    }
}
