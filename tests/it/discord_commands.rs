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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registered_commands_are_the_recorded_ones() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = format!("sqlite://{}/game.db?mode=rwc", dir.path().display());
    let clock = Arc::new(ManualClock::starting_now());
    let fake = FakeDiscord::start(TOKEN).await;
    let (bot, registered) = connect(&fake, &db, &clock, 1).await;
    bot.stop().await;
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
