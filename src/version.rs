//! What this binary is: its version, the git commit it was built from and
//! the chat platforms built in (`chessbot --version`, the
//! `chessbot_build_info` metric). `build.rs` finds the commit.

/// The crate's version (Cargo.toml, and the top of CHANGELOG.md).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The git commit (12 hex digits), or `unknown` for a build without git.
pub const COMMIT: &str = env!("CHESSBOT_GIT_COMMIT");

/// The platforms built in, comma-separated (`discord,matrix`; `console`
/// when neither).
pub const FEATURES: &str = env!("CHESSBOT_FEATURES");

/// `--version`'s text after the program's name.
pub const VERSION_LINE: &str = env!("CHESSBOT_VERSION_LINE");
