//! Guards the one-way module dependencies of docs/ARCHITECTURE.md: the rules core knows
//! nothing of I/O, async, SQL, chat platforms or the rest of the crate; the
//! renderer and the store know nothing of the service or the adapters; the
//! files of the rules core, the engine, the store, the service and the
//! adapters import each other without a circle.

use std::fs;
use std::path::Path;

fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).expect("source directory exists") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).expect("readable source");
            out.push((path.display().to_string(), text));
        }
    }
    out
}

fn assert_none(dir: &str, forbidden: &[&str]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    for (path, text) in sources(&root) {
        for word in forbidden {
            assert!(
                !text.contains(word),
                "{path} mentions {word:?}, which its layer must not depend on"
            );
        }
    }
}

#[test]
fn chess_core_is_pure() {
    assert_none(
        "chess",
        &[
            "tokio",
            "sqlx",
            "serenity",
            "poise",
            "tracing",
            "std::fs",
            "std::net",
            "std::io",
            "crate::render",
            "crate::store",
            "crate::service",
            "crate::adapters",
        ],
    );
}

#[test]
fn swiss_pairing_is_pure() {
    assert_none(
        "swiss",
        &[
            "crate::", "tokio", "sqlx", "serenity", "poise", "tracing", "std::fs", "std::net",
            "std::io",
        ],
    );
}

#[test]
fn render_and_store_depend_on_chess_only() {
    for dir in ["render", "store"] {
        assert_none(
            dir,
            &["crate::service", "crate::adapters", "serenity", "poise"],
        );
    }
}

#[test]
fn service_knows_no_chat_platform() {
    assert_none(
        "service",
        &["crate::adapters", "serenity", "poise", "matrix_sdk"],
    );
}

#[test]
fn chat_adapters_do_not_depend_on_each_other() {
    assert_none(
        "adapters/matrix",
        &[
            "serenity",
            "poise",
            "adapters::discord",
            "adapters::console",
        ],
    );
    assert_none("adapters/discord", &["matrix_sdk", "adapters::matrix"]);
}

#[test]
fn engine_and_openings_depend_on_chess_only() {
    for dir in ["engine", "openings"] {
        if Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(dir)
            .is_dir()
        {
            assert_none(
                dir,
                &[
                    "crate::service",
                    "crate::adapters",
                    "crate::store",
                    "crate::render",
                    "sqlx",
                    "serenity",
                    "matrix_sdk",
                ],
            );
        }
    }
}

#[test]
fn tablebase_depends_on_chess_only() {
    assert_none(
        "tablebase",
        &[
            "crate::service",
            "crate::adapters",
            "crate::store",
            "crate::render",
            "crate::engine",
            "crate::config",
            "tokio",
            "sqlx",
            "tracing",
        ],
    );
}

/// The sibling modules a file of `dir` imports with `use super::NAME`.
fn sibling_imports(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("use super::"))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn discord_modules_import_one_way() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/adapters/discord");
    let graph: Vec<(String, Vec<String>)> = sources(&dir)
        .into_iter()
        .map(|(path, text)| {
            let name = Path::new(&path)
                .file_stem()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            (name, sibling_imports(&text))
        })
        .filter(|(name, _)| name != "mod")
        .collect();
    let imports = |name: &str| -> Vec<String> {
        graph
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, i)| i.clone())
            .unwrap_or_default()
    };
    // Depth-first search for a path that comes back to where it started.
    for (start, _) in &graph {
        let mut stack = imports(start);
        let mut seen = Vec::new();
        while let Some(next) = stack.pop() {
            assert_ne!(
                &next, start,
                "discord/{start}.rs imports itself through a cycle"
            );
            if !seen.contains(&next) {
                stack.extend(imports(&next));
                seen.push(next);
            }
        }
    }
}

/// The names a path starting right after `prefix` (`super::`) leads to:
/// `super::game::X` gives `game`, `super::{game::X, records}` gives `game`
/// and `records`.
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        let rest = &text[at + prefix.len()..];
        let Some(group) = rest.strip_prefix('{') else {
            out.push(ident(rest));
            continue;
        };
        // The top-level items of the group, up to its closing brace.
        let (mut depth, mut start) = (0usize, 0usize);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    out.push(ident(&group[start..i]));
                    break;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(ident(&group[start..i]));
                    start = i + 1;
                }
                _ => {}
            }
        }
    }
    out
}

/// Asserts that the files directly in `src/<dir>` never reach themselves
/// again through the sibling modules they name (`super::NAME`,
/// `crate::<dir>::NAME`, in a `use` or inline): the imports of the
/// directory form no circle.
fn assert_no_import_circle(dir: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let files: Vec<(String, String)> = fs::read_dir(&root)
        .expect("source directory exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let name = p
                .file_stem()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            (name, fs::read_to_string(&p).expect("readable source"))
        })
        .filter(|(name, _)| name != "mod")
        .collect();
    let crate_path = format!("crate::{}::", dir.replace('/', "::"));
    let graph: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|(name, text)| {
            let mut names = names_after(text, "super::");
            names.extend(names_after(text, &crate_path));
            names.retain(|n| n != name && files.iter().any(|(f, _)| f == n));
            (name.clone(), names)
        })
        .collect();
    let imports = |name: &str| -> Vec<String> {
        graph
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, i)| i.clone())
            .unwrap_or_default()
    };
    // Depth-first search for a path that comes back to where it started.
    for (start, _) in &graph {
        let mut stack = imports(start);
        let mut seen = Vec::new();
        while let Some(next) = stack.pop() {
            assert_ne!(
                &next, start,
                "{dir}/{start}.rs imports itself through a circle of sibling modules"
            );
            if !seen.contains(&next) {
                stack.extend(imports(&next));
                seen.push(next);
            }
        }
    }
}

#[test]
fn engine_modules_import_one_way() {
    // The pool runs the analysis; the analysis maths know nothing of it.
    assert_no_import_circle("engine");
}

#[test]
fn service_modules_import_one_way() {
    assert_no_import_circle("service");
    // Each product area's files too (docs/ARCHITECTURE.md draws them).
    for area in [
        "games",
        "correspondence",
        "tournaments",
        "premove",
        "puzzles",
        "spectators",
        "summaries",
        "teams",
        "records",
        "settings",
        "messages",
    ] {
        assert_no_import_circle(&format!("service/{area}"));
    }
}

#[test]
fn each_area_keeps_its_catalog_messages() {
    // An area's wording lives beside its code; the shared catalog folder
    // holds only what every area speaks, so a new area cannot drop its
    // messages back into one flat list.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    let mut shared: Vec<String> = fs::read_dir(root.join("messages"))
        .expect("the catalog folder exists")
        .map(|e| {
            e.expect("readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    shared.sort();
    assert_eq!(
        shared,
        [
            "adapter.rs",
            "declare.rs",
            "errors.rs",
            "guidance.rs",
            "limits.rs",
            "mod.rs",
            "position_words.rs",
            "times.rs",
            "words.rs"
        ],
        "service/messages/ holds only the shared catalog files"
    );
    for entry in fs::read_dir(&root).expect("service folder exists") {
        let path = entry.expect("readable entry").path();
        if !path.is_dir() || path.ends_with("messages") {
            continue;
        }
        let catalog = path.join("catalog.rs");
        let text = fs::read_to_string(&catalog)
            .unwrap_or_else(|_| panic!("{} has no catalog.rs", path.display()));
        // The catalog gathers every area's file; an area's file reaching
        // back into the catalog's module would close a circle.
        for name in names_after(&text, "crate::service::messages::") {
            assert!(
                ["declare", "words", "errors"].contains(&name.as_str()),
                "{} reaches messages::{name}; only declare, words and errors are shared leaves",
                catalog.display()
            );
        }
    }
}

#[test]
fn chess_and_store_modules_import_one_way() {
    // The rules core's vocabulary (types) knows nothing of the variants
    // built on it; the store's games know ratings, never the reverse.
    assert_no_import_circle("chess");
    assert_no_import_circle("store");
}

#[test]
fn matrix_modules_import_one_way() {
    assert_no_import_circle("adapters/matrix");
}

#[test]
fn http_modules_import_one_way() {
    // The handlers' shared state has its own file: the router and the
    // handlers import it, not each other.
    assert_no_import_circle("http");
}

#[test]
fn the_service_base_imports_no_family() {
    // game.rs is what every family shares: it names only mod.rs's types
    // and its helpers (clock, events, the message catalog), never a
    // family of commands.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service/game.rs");
    let text = fs::read_to_string(path).expect("readable source");
    let allowed = ["clock", "events", "messages"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service");
    for entry in fs::read_dir(root).expect("source directory exists") {
        let path = entry.expect("readable entry").path();
        let Some(name) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
            continue;
        };
        if name == "mod" || name == "game" || allowed.contains(&name.as_str()) {
            continue;
        }
        assert!(
            !names_after(&text, "super::").contains(&name),
            "service/game.rs names the family {name:?}; the base must not depend on one"
        );
    }
}

#[test]
fn the_game_core_names_no_area_built_on_it() {
    // docs/ARCHITECTURE.md: games are at the bottom of the service's
    // areas; those built on them hear of a game's end through the bus
    // (`games/ended.rs`), so nothing under games/ names them.
    let above = [
        "records",
        "summaries",
        "tournaments",
        "teams",
        "puzzles",
        "spectators",
        "premove",
    ];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/service/games");
    for (path, text) in sources(&root) {
        for prefix in ["super::", "crate::service::"] {
            for name in names_after(&text, prefix) {
                assert!(
                    !above.contains(&name.as_str()),
                    "{path} names {name:?}, an area built on games"
                );
            }
        }
    }
}

#[test]
fn files_stay_small_and_say_what_they_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (path, text) in sources(&root) {
        let lines = text.lines().count();
        // A service file holds one topic of one area: past 600 lines it
        // holds two, and is split by topic.
        let limit = if path.contains("/service/") {
            600
        } else {
            1000
        };
        assert!(lines <= limit, "{path} has {lines} lines (at most {limit})");
        assert!(
            text.starts_with("//!"),
            "{path} must open with a //! line saying what it owns"
        );
    }
}

#[test]
fn metrics_and_lifecycle_stay_at_the_edge() {
    // The counters depend on nothing of ours; the rules core and the
    // renderer never count; the store and the engine only count.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in fs::read_dir(root.join("metrics")).expect("src/metrics/") {
        let path = entry.expect("an entry").path();
        let text = fs::read_to_string(&path).expect("readable source");
        assert!(
            !text.contains("crate::"),
            "{} depends on the crate",
            path.display()
        );
    }
    for dir in ["chess", "render", "openings"] {
        assert_none(dir, &["crate::metrics", "crate::http", "crate::lifecycle"]);
    }
    for dir in ["store", "engine"] {
        assert_none(dir, &["crate::http", "crate::lifecycle"]);
    }
    assert_none("service", &["crate::http"]);
}
