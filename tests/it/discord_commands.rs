//! The command tree Discord receives at start-up, byte for byte: the bot
//! runs against the fake Discord and the body of its command registration
//! (`PUT /applications/{id}/commands`) is compared with
//! `tests/data/discord/commands.json` (keys sorted, pretty printed). The
//! names, descriptions and their translations come from the `.ftl` files;
//! this snapshot proves that moving them there changed nothing Discord sees.
//! Re-record with `CHESSBOT_BLESS=1 cargo test --test it discord_commands`.

use std::sync::Arc;

use chessbot::service::ManualClock;
use serde_json::Value;

use crate::discord_e2e::{TOKEN, connect};
use crate::support::fake_discord::FakeDiscord;

fn snapshot_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/discord/commands.json")
}

/// `v` pretty printed with every object's keys sorted (serde_json's map
/// is sorted without `preserve_order`; sorted again here so the snapshot
/// never depends on that feature).
fn canonical(v: &Value) -> String {
    fn sort(v: &Value) -> Value {
        match v {
            Value::Object(m) => {
                let sorted: std::collections::BTreeMap<&String, Value> =
                    m.iter().map(|(k, v)| (k, sort(v))).collect();
                Value::Object(sorted.into_iter().map(|(k, v)| (k.clone(), v)).collect())
            }
            Value::Array(a) => Value::Array(a.iter().map(sort).collect()),
            other => other.clone(),
        }
    }
    let mut s = serde_json::to_string_pretty(&sort(v)).expect("serialises");
    s.push('\n');
    s
}

/// The commands the bot registers with a fresh fake Discord at start.
async fn registered_commands() -> Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    bot.stop().await;
    registered
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registered_commands_are_the_recorded_ones() {
    let registered = registered_commands().await;
    let got = canonical(&registered);
    let path = snapshot_path();
    if std::env::var_os("CHESSBOT_BLESS").is_some() {
        std::fs::write(&path, &got).expect("write snapshot");
    }
    let want = std::fs::read_to_string(&path).expect("recorded commands");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {} differs", i + 1);
    }
    assert_eq!(got, want);
}

/// The characters Discord counts for a command (or option, or choice):
/// its name, description and choice values, each field at its longest
/// localization, and everything below it.
fn counted_chars(v: &Value) -> usize {
    let longest = |v: &Value, key: &str| {
        let base = v[key].as_str().map_or(0, |s| s.chars().count());
        let localized = v[format!("{key}_localizations")]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
            .filter_map(Value::as_str)
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0);
        base.max(localized)
    };
    let mut n = longest(v, "name") + longest(v, "description");
    for c in v["choices"].as_array().into_iter().flatten() {
        n += longest(c, "name") + c["value"].to_string().trim_matches('"').chars().count();
    }
    for o in v["options"].as_array().into_iter().flatten() {
        n += counted_chars(o);
    }
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_keeps_within_discords_limits() {
    let registered = registered_commands().await;
    let commands = registered.as_array().expect("a list of commands");
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert!(
        names.contains(&"chess") && names.contains(&"team"),
        "{names:?}"
    );
    for c in commands {
        let name = c["name"].as_str().unwrap_or_default();
        // 8,000 characters per command, 25 options per command and group.
        assert!(counted_chars(c) <= 8000, "{name}: {}", counted_chars(c));
        let options = c["options"].as_array().map_or(0, Vec::len);
        assert!(options <= 25, "{name}: {options} options");
        for o in c["options"].as_array().into_iter().flatten() {
            let inner = o["options"].as_array().map_or(0, Vec::len);
            assert!(inner <= 25, "{name} {}: {inner} options", o["name"]);
        }
    }
    let team = commands.iter().find(|c| c["name"] == "team");
    let subs: Vec<&str> = team
        .and_then(|t| t["options"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(
        subs,
        ["challenge", "accept", "votes", "close", "members", "match"]
    );
    // `/team match` is a group of its own subcommands.
    let group = team
        .and_then(|t| t["options"].as_array())
        .into_iter()
        .flatten()
        .find(|s| s["name"] == "match");
    let inner: Vec<&str> = group
        .and_then(|g| g["options"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert_eq!(
        inner,
        ["create", "accept", "join", "leave", "start", "standings"]
    );
}
