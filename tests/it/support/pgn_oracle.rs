//! An independent PGN reader as a test oracle: Debian's `pgn-extract`
//! (installed by `.ci/run`) reads every game and replays its moves; the
//! tests that export PGN hand theirs here.

use std::process::Command;

/// Every game of `pgns` read by `pgn-extract`, every move replayed; a
/// line saying it was skipped when the tool is not installed.
pub fn oracle_reads(pgns: &[&str]) {
    let tool = ["/usr/games/pgn-extract", "/usr/bin/pgn-extract"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(tool) = tool else {
        eprintln!("SKIPPED: pgn-extract is not installed (apt-get install pgn-extract)");
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("export.pgn");
    // One blank line between games.
    std::fs::write(&file, pgns.join("\n")).expect("write");
    // `-Wuci` writes each game's moves again as the reader replayed them.
    let out = Command::new(tool)
        .arg("-Wuci")
        .arg(&file)
        .current_dir(dir.path())
        .output()
        .expect("run pgn-extract");
    let err = String::from_utf8_lossy(&out.stderr);
    let n = pgns.len();
    assert!(
        err.contains(&format!(
            "{n} game{} matched out of {n}",
            if n == 1 { "" } else { "s" }
        )),
        "{err}"
    );
    for complaint in ["Failed", "Unknown", "Missing", "nvalid"] {
        assert!(!err.contains(complaint), "{err}");
    }
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("[Event ").count(), n, "{text}");
    assert!(out.status.success(), "{err}");
}
