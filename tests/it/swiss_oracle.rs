//! Our Dutch pairings against bbpPairings, an independent engine arbiters
//! use: every round of the tournaments it generated and paired (the TRF
//! files under tests/data/swiss/oracle, made by make_oracle.sh there) is
//! paired again by our engine from the rounds before it and must come out
//! identical, colours and bye included. With CHESSBOT_TEST_BBPPAIRINGS
//! naming a bbpPairings binary, fresh random tournaments are generated and
//! compared the same way.

use std::path::{Path, PathBuf};

use chessbot::swiss::dutch::{Pairing, pair_with};
use chessbot::swiss::trf_read::{Report, read};

/// The pairing as a set: sorted `(white, black)` games and the bye.
fn canonical(p: &Pairing) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut games = p.games.clone();
    games.sort_unstable();
    (games, p.bye)
}

/// Replays every round of a report; returns a line per differing round.
fn replay(name: &str, report: &Report) -> Vec<String> {
    let total = report.rounds.unwrap_or(0).max(report.written_rounds());
    let mut out = Vec::new();
    for round in 1..=report.written_rounds() {
        let theirs = canonical(&report.pairing_of(round));
        match pair_with(&report.before_round(round), total, report.initial_colour()) {
            Ok(ours) if canonical(&ours) == theirs => {}
            Ok(ours) => out.push(format!(
                "{name} round {round}: engine {theirs:?}, ours {:?}",
                canonical(&ours)
            )),
            Err(e) => out.push(format!("{name} round {round}: ours failed: {e}")),
        }
    }
    out
}

fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the oracle data")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_round_of_the_engine_tournaments_pairs_identically() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss/oracle");
    let files = trf_files(&dir);
    assert!(files.len() >= 30, "the oracle tournaments are there");
    let (mut rounds, mut diffs) = (0, Vec::new());
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let report = read(&text).expect("a report");
        rounds += report.written_rounds();
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        diffs.extend(replay(&name.unwrap_or_default(), &report));
    }
    assert!(rounds > 200, "{rounds} rounds");
    assert!(
        diffs.is_empty(),
        "{} differing rounds:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

#[test]
fn fresh_tournaments_against_bbppairings() {
    let Some(bin) = std::env::var_os("CHESSBOT_TEST_BBPPAIRINGS") else {
        eprintln!(
            "SKIPPED fresh_tournaments_against_bbppairings: set CHESSBOT_TEST_BBPPAIRINGS to a bbpPairings binary"
        );
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    // A new seed range each run (printed, so a failure can be replayed with
    // make_oracle.sh), unless CHESSBOT_TEST_BBP_SEED fixes it.
    let first: u64 = std::env::var("CHESSBOT_TEST_BBP_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs() % 1_000_000)
        });
    eprintln!("bbpPairings seeds from {first}");
    let (mut compared, mut diffs) = (0, Vec::new());
    for seed in first..first + 60 {
        let players = 5 + (seed * 7919) % 56;
        let rounds = (3 + (seed * 104_729) % 9).min(players - 1);
        let (forfeit, retired) = match seed % 3 {
            0 => (1_000_000, 1_000_000),
            1 => (12, 1_000_000),
            _ => (10, 4),
        };
        let cfg = dir.path().join("config.txt");
        std::fs::write(
            &cfg,
            format!(
                "PlayersNumber={players}\nRoundsNumber={rounds}\nForfeitRate={forfeit}\n\
                 RetiredRate={retired}\nHalfPointByeRate=1000000\n"
            ),
        )
        .expect("config");
        let trf = dir.path().join(format!("s{seed}.trf"));
        let status = std::process::Command::new(&bin)
            .arg("--dutch")
            .arg("-g")
            .arg(&cfg)
            .arg("-o")
            .arg(&trf)
            .arg("-s")
            .arg(seed.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("bbpPairings runs");
        if !status.success() {
            // The generator found no valid pairing for some round.
            continue;
        }
        let text = std::fs::read_to_string(&trf).expect("the generated file");
        let report = read(&text).expect("a report");
        compared += report.written_rounds();
        diffs.extend(replay(&format!("seed {seed}"), &report));
    }
    eprintln!("compared {compared} rounds with bbpPairings");
    assert!(compared > 100);
    assert!(
        diffs.is_empty(),
        "{} differing rounds:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}
