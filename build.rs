//! Build script: the git commit and the platforms built in, for
//! `chessbot --version` and the `chessbot_build_info` metric.
//!
//! The commit comes from `CHESSBOT_GIT_COMMIT` when set (an image or
//! release build whose context has no `.git`), else from `git rev-parse`,
//! else it is `unknown`: a source tarball still builds.

use std::path::Path;
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=CHESSBOT_GIT_COMMIT");
    let given = std::env::var("CHESSBOT_GIT_COMMIT")
        .ok()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty());
    let commit = match given {
        Some(c) => c,
        None => {
            // Run again when HEAD moves: HEAD itself (a checkout) and the
            // branch it names (a commit), wherever this worktree keeps them.
            let branch = git(&["symbolic-ref", "-q", "HEAD"]);
            let watched = ["HEAD", "packed-refs"]
                .into_iter()
                .map(str::to_string)
                .chain(branch);
            for name in watched {
                if let Some(p) = git(&["rev-parse", "--git-path", &name])
                    && Path::new(&p).exists()
                {
                    println!("cargo:rerun-if-changed={p}");
                }
            }
            git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".to_string())
        }
    };
    let features: Vec<&str> = [
        ("discord", "CARGO_FEATURE_DISCORD"),
        ("matrix", "CARGO_FEATURE_MATRIX"),
    ]
    .into_iter()
    .filter(|(_, var)| std::env::var_os(var).is_some())
    .map(|(name, _)| name)
    .collect();
    let features = if features.is_empty() {
        "console".to_string()
    } else {
        features.join(",")
    };
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!("cargo:rustc-env=CHESSBOT_GIT_COMMIT={commit}");
    println!("cargo:rustc-env=CHESSBOT_FEATURES={features}");
    println!(
        "cargo:rustc-env=CHESSBOT_VERSION_LINE={version} (commit {commit}; platforms: {features})"
    );
}
