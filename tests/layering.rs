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
fn openings_depend_on_chess_only() {
    assert_none(
        "openings",
        &[
            "crate::render",
            "crate::store",
            "crate::service",
            "crate::adapters",
            "tokio",
            "sqlx",
        ],
    );
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
