//! Guards the one-way module dependencies of DESIGN.md: the rules core knows
//! nothing of I/O, async, SQL, chat platforms or the rest of the crate; the
//! renderer and the store know nothing of the service or the adapters.

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

#[test]
fn files_stay_small_and_say_what_they_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (path, text) in sources(&root) {
        let lines = text.lines().count();
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
