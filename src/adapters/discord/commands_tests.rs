//! Tests of the Discord command tree: names, options, localisations and
//! how a caller becomes the service's actor and place.

use super::*;
use crate::adapters::discord::data::{actor_of, place_of};
use crate::adapters::test_support::{challenge, open_computer, open_options};
use crate::service::Place;

/// `/chess` as registered: worded from the catalog.
fn tree() -> poise::Command<crate::adapters::discord::data::Data, Error> {
    crate::adapters::discord::localize::registered().swap_remove(0)
}

/// The subcommands of `/chess` (or of its group `group`) in the recorded
/// registration, which the `it` tests compare byte for byte with what the
/// bot sends Discord.
fn recorded_names(group: Option<&str>) -> Vec<String> {
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("../../../tests/data/discord/commands.json"))
            .expect("the recorded commands are JSON");
    let mut cmd = recorded[0].clone();
    if let Some(g) = group {
        cmd = cmd["options"]
            .as_array()
            .and_then(|o| o.iter().find(|s| s["name"] == g))
            .cloned()
            .unwrap_or_default();
    }
    cmd["options"]
        .as_array()
        .map(|o| {
            o.iter()
                .filter_map(|s| s["name"].as_str())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn challenge_options_map_to_the_service_command() {
    assert_eq!(
        challenge_command(None, None, None, None, None),
        challenge(None, open_options())
    );
    let bob = Actor {
        id: "42".to_owned(),
        name: "bob".to_owned(),
    };
    assert_eq!(
        challenge_command(
            Some(bob.clone()),
            Some(ColorOption::Black),
            Some(7),
            Some(RulesOption::Fide),
            Some("  8/8/8/8/8/8/8/K6k w - - 0 1 ".to_owned()),
        ),
        challenge(
            Some(bob),
            ChallengeOptions {
                color: ColorChoice::Black,
                days: 7,
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".to_owned()),
                rules: RulesMode::Fide,
                ..open_options()
            }
        )
    );
    let blank_fen = challenge_command(None, None, None, None, Some("  ".to_owned()));
    assert!(matches!(&blank_fen, Command::Challenge { options, .. } if options.fen.is_none()));
}

#[test]
fn computer_options_map_to_the_service_command() {
    assert_eq!(
        computer_command(None, None, None, Some(" ".to_owned())),
        open_computer()
    );
    assert_eq!(
        computer_command(Some(8), Some(ColorOption::Black), Some(5), None),
        Command::Computer(ComputerOptions {
            level: 8,
            color: ColorChoice::Black,
            days: 5,
            fen: None,
            variant: None,
            position: None,
        })
    );
}

#[test]
fn place_is_discord_guild_and_channel() {
    let p = place_of(Some(serenity::GuildId::new(5)), serenity::ChannelId::new(6));
    assert_eq!(
        p,
        Place {
            platform: "discord".to_owned(),
            guild: Some("5".to_owned()),
            channel: "6".to_owned(),
        }
    );
    assert_eq!(place_of(None, serenity::ChannelId::new(6)).guild, None);
}

#[test]
fn actor_prefers_the_nickname_then_the_display_name() {
    let mut user = serenity::User::default();
    user.id = serenity::UserId::new(77);
    user.name = "bob_42".to_owned();
    assert_eq!(actor_of(&user, None).name, "bob_42");
    user.global_name = Some("Bob".to_owned());
    assert_eq!(actor_of(&user, None).name, "Bob");
    assert_eq!(actor_of(&user, Some("Bobby")).name, "Bobby");
    assert_eq!(actor_of(&user, Some(" ")).name, "Bob");
    assert_eq!(actor_of(&user, None).id, "77");
}

#[test]
fn the_command_tree_has_every_subcommand() {
    let cmd = tree();
    assert_eq!(cmd.name, "chess");
    let names: Vec<&str> = cmd.subcommands.iter().map(|c| &*c.name).collect();
    assert_eq!(names, recorded_names(None));
    for sub in &cmd.subcommands {
        let d = sub.description.as_deref().unwrap_or_default();
        assert!(
            !d.is_empty() && d.chars().count() <= 100,
            "{}: {d}",
            sub.name
        );
        for p in &sub.parameters {
            let d = p.description.as_deref().unwrap_or_default();
            assert!(!d.is_empty() && d.chars().count() <= 100, "{}: {d}", p.name);
        }
    }
    let mv = cmd.subcommands.iter().find(|c| c.name == "move");
    assert!(mv.is_some_and(|c| c.parameters[0].autocomplete_callback.is_some()));
}

fn localized<'a>(
    list: &'a [(
        std::borrow::Cow<'static, str>,
        std::borrow::Cow<'static, str>,
    )],
    locale: &str,
) -> Option<&'a str> {
    list.iter()
        .find(|(k, _)| k == locale)
        .map(|(_, v)| v.as_ref())
}

#[test]
fn descriptions_are_localized_and_names_stay_english() {
    let cmd = tree();
    let name_ok = |n: &str| {
        !n.is_empty()
            && n.chars().count() <= 32
            && n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    };
    let check = |what: &str, d: Option<&str>| {
        let d = d.unwrap_or_default();
        assert!(!d.is_empty() && d.chars().count() <= 100, "{what}: {d:?}");
    };
    for l in ["th", "ru", "ro"] {
        check("chess", localized(&cmd.description_localizations, l));
        for sub in &cmd.subcommands {
            assert!(name_ok(&sub.name), "{}", sub.name);
            assert!(sub.name_localizations.is_empty(), "{}", sub.name);
            check(
                &format!("{l} {}", sub.name),
                localized(&sub.description_localizations, l),
            );
            for p in &sub.parameters {
                assert!(name_ok(&p.name), "{}", p.name);
                check(
                    &format!("{l} {} {}", sub.name, p.name),
                    localized(&p.description_localizations, l),
                );
            }
        }
    }
    let commands = [tree()];
    let v = serde_json::to_value(poise::builtins::create_application_commands(&commands))
        .expect("serialises");
    let settings = v[0]["options"]
        .as_array()
        .and_then(|o| o.iter().find(|s| s["name"] == "settings"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        settings["description_localizations"]["ru"],
        "Язык канала, вид и тема ваших досок: показать или изменить"
    );
    let langs: Vec<&str> = settings["options"][0]["choices"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(langs, ["en", "th", "ru", "ro"]);
}

#[test]
fn autocomplete_speaks_the_players_notation() {
    let moves: Vec<String> = ["Nf3", "Nc3", "e4", "Bb5"].map(String::from).to_vec();
    // Russian: local letters shown with SAN beside, local text sent.
    let ru = local_choices(&moves, "К", Locale::Ru);
    assert_eq!(
        ru,
        vec![
            ("Кf3 (Nf3)".to_owned(), "Кf3".to_owned()),
            ("Кc3 (Nc3)".to_owned(), "Кc3".to_owned())
        ]
    );
    // International letters still find the Russian player's moves.
    assert_eq!(local_choices(&moves, "Nf", Locale::Ru)[0].1, "Кf3");
    // Romanian: N is the bishop, C the knight; never guessed.
    assert_eq!(
        local_choices(&moves, "N", Locale::Ro),
        vec![("Nb5 (Bb5)".to_owned(), "Nb5".to_owned())]
    );
    assert_eq!(local_choices(&moves, "Cf", Locale::Ro)[0].1, "Cf3");
    // English and Thai: SAN as is.
    assert_eq!(
        local_choices(&moves, "N", Locale::En),
        vec![
            ("Nf3".to_owned(), "Nf3".to_owned()),
            ("Nc3".to_owned(), "Nc3".to_owned())
        ]
    );
    assert_eq!(local_choices(&moves, "e", Locale::Th)[0].0, "e4");
}

#[test]
fn registration_json_has_the_documented_options() {
    let commands = [tree()];
    let created = poise::builtins::create_application_commands(&commands);
    let v = serde_json::to_value(&created).expect("serialises");
    assert_eq!(v.as_array().map(Vec::len), Some(1));
    let chess = &v[0];
    assert_eq!(chess["name"], "chess");
    let sub = |name: &str| {
        chess["options"]
            .as_array()
            .and_then(|o| o.iter().find(|s| s["name"] == name))
            .cloned()
            .unwrap_or_default()
    };
    let opt = |s: &serde_json::Value, name: &str| {
        s["options"]
            .as_array()
            .and_then(|o| o.iter().find(|p| p["name"] == name))
            .cloned()
            .unwrap_or_default()
    };
    let challenge = sub("challenge");
    assert_eq!(challenge["type"], 1, "a subcommand");
    assert_eq!(opt(&challenge, "opponent")["type"], 6, "a user option");
    assert_eq!(opt(&challenge, "opponent")["required"], false);
    let color = opt(&challenge, "color");
    let colors: Vec<&str> = color["choices"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(colors, ["white", "black", "random"]);
    let rule = opt(&challenge, "rules");
    let rules: Vec<&str> = rule["choices"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(rules, ["house", "fide"]);
    assert_eq!(opt(&challenge, "days")["min_value"].as_f64(), Some(1.0));
    assert_eq!(opt(&challenge, "days")["max_value"].as_f64(), Some(14.0));
    assert_eq!(opt(&challenge, "fen")["type"], 3);
    let mv = opt(&sub("move"), "move");
    assert_eq!(mv["type"], 3);
    assert_eq!(mv["required"], true);
    assert_eq!(mv["autocomplete"], true);
    assert_eq!(opt(&sub("board"), "flip")["type"], 5);
    assert_eq!(opt(&sub("pgn"), "game")["type"], 4);
    assert_eq!(opt(&sub("history"), "user")["type"], 6);
    let computer = sub("computer");
    assert_eq!(opt(&computer, "level")["type"], 4, "an integer option");
    assert_eq!(opt(&computer, "level")["min_value"].as_f64(), Some(1.0));
    assert_eq!(opt(&computer, "level")["max_value"].as_f64(), Some(8.0));
    assert_eq!(opt(&computer, "color")["choices"], color["choices"]);
    assert_eq!(opt(&computer, "days")["max_value"].as_f64(), Some(14.0));
    assert_eq!(opt(&computer, "fen")["required"], false);
    let days = opt(&sub("vacation"), "days");
    assert_eq!(days["type"], 4);
    assert_eq!(days["required"], false);
    assert_eq!(days["min_value"].as_f64(), Some(0.0));
    assert_eq!(
        days["max_value"].as_f64(),
        Some(crate::service::MAX_LEAVE_DAYS as f64)
    );
    // `notify` folded into `settings`, `claim` into `draw`.
    let target = opt(&sub("settings"), "notify");
    assert_eq!(target["required"], false);
    assert_eq!(opt(&sub("draw"), "claim")["type"], 5, "a boolean option");
    assert_eq!(opt(&sub("draw"), "move")["required"], false);
    let targets: Vec<&str> = target["choices"]
        .as_array()
        .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(targets, ["dm", "channel", "off"]);
    assert_eq!(sub("moretime")["type"], 1);
}

#[test]
fn variant_and_position_options_reach_the_command() {
    let cmd = with_variant(
        challenge_command(None, None, None, None, None),
        Some(VariantOption::Chess960),
        Some(518),
    );
    assert!(matches!(
        cmd,
        Command::Challenge { options, .. }
            if options.variant == Some(Variant::Chess960) && options.position == Some(518)
    ));
    let cmd = with_variant(
        computer_command(None, None, None, None),
        Some(VariantOption::Chess960),
        None,
    );
    assert!(matches!(
        cmd,
        Command::Computer(ComputerOptions {
            variant: Some(Variant::Chess960),
            position: None,
            ..
        })
    ));
    let tree = tree();
    for name in ["challenge", "computer", "stats", "leaderboard"] {
        let sub = tree.subcommands.iter().find(|c| c.name == name);
        assert!(
            sub.is_some_and(|c| c.parameters.iter().any(|p| p.name == "variant")),
            "{name}"
        );
    }
}

#[test]
fn leagues_are_one_subcommand_group() {
    let cmd = tree();
    assert!(cmd.subcommands.len() <= 25);
    let league = cmd.subcommands.iter().find(|c| c.name == "league");
    let names: Vec<&str> = league
        .map(|l| l.subcommands.iter().map(|c| &*c.name).collect())
        .unwrap_or_default();
    assert_eq!(names, recorded_names(Some("league")));
    let commands = [tree()];
    let v = serde_json::to_value(poise::builtins::create_application_commands(&commands))
        .expect("serialises");
    let group = v[0]["options"]
        .as_array()
        .and_then(|o| o.iter().find(|s| s["name"] == "league"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(group["type"], 2, "a subcommand group");
    for sub in group["options"].as_array().cloned().unwrap_or_default() {
        assert_eq!(sub["type"], 1, "a subcommand");
        for l in ["ru", "ro", "th"] {
            assert!(sub["description_localizations"][l].is_string(), "{sub}");
            for p in sub["options"].as_array().cloned().unwrap_or_default() {
                assert!(p["description_localizations"][l].is_string(), "{p}");
            }
        }
    }
}
