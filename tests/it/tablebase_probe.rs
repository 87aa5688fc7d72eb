//! The Syzygy prober against an independent one: WDL and DTZ of positions
//! of every test table (placed at random from a fixed seed, with halfmove
//! clocks, and en passant positions) agree with Debian's `fathom`
//! (skipped with a note when it is not installed); and `chessbot
//! tablebase` prints one JSON line a position and names a missing table.

use std::path::Path;
use std::process::{Command, Stdio};

use chessbot::chess::Position;
use chessbot::tablebase::{Probe, Tablebases, Wdl};

const FATHOM: &str = "/usr/games/fathom";

fn tables_dir() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The materials of the test tables (`KRvK`, ...).
fn materials() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(tables_dir())
        .expect("the test tables")
        .filter_map(|e| {
            let name = e.ok()?.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".rtbw").map(str::to_owned)
        })
        .collect();
    names.sort();
    names
}

fn fen_of(board: &[Option<char>; 64], turn: char, ep: &str, clock: u32) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    format!("{fen} {turn} - {ep} {clock} 60")
}

/// Legal positions of a material, either side stronger, either to move.
fn random_positions(material: &str, rng: &mut Rng, count: usize) -> Vec<Position> {
    let (white, black) = material.split_once('v').expect("a material");
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < 10_000 {
        tries += 1;
        let swap = rng.below(2) == 1;
        let mut board = [None; 64];
        for (side, pieces) in [(false, white), (true, black)] {
            for c in pieces.chars() {
                let sq = loop {
                    let sq = rng.below(64) as usize;
                    if board[sq].is_none() && (c != 'P' || (8..56).contains(&sq)) {
                        break sq;
                    }
                };
                board[sq] = Some(if side != swap {
                    c.to_ascii_lowercase()
                } else {
                    c
                });
            }
        }
        let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
        let clock = [0, 0, 0, 10, 40, 70, 95][rng.below(7) as usize];
        if let Ok(pos) = Position::from_fen(&fen_of(&board, turn, "-", clock)) {
            out.push(pos);
        }
    }
    out
}

/// KPvKP positions right after a double step, with the en passant right.
fn en_passant_positions(rng: &mut Rng, count: usize) -> Vec<Position> {
    let mut out = Vec::new();
    while out.len() < count {
        let file = rng.below(8) as usize;
        let beside = if file == 0 || (file < 7 && rng.below(2) == 0) {
            file + 1
        } else {
            file - 1
        };
        let mut board = [None; 64];
        // Black just played a pawn two squares; a white pawn stands beside it.
        board[32 + file] = Some('p');
        board[32 + beside] = Some('P');
        for king in ['K', 'k'] {
            let sq = loop {
                let sq = rng.below(64) as usize;
                if board[sq].is_none() && sq != 40 + file && sq != 48 + file {
                    break sq;
                }
            };
            board[sq] = Some(king);
        }
        let ep = format!("{}6", (b'a' + file as u8) as char);
        if let Ok(pos) = Position::from_fen(&fen_of(&board, 'w', &ep, 0))
            && pos.legal_ep_square().is_some()
        {
            out.push(pos);
        }
    }
    out
}

/// Fathom's WDL name and unsigned DTZ for a position.
fn fathom(dir: &str, fen: &str) -> Option<(String, i32)> {
    let out = Command::new(FATHOM)
        .arg(format!("--path={dir}"))
        .arg(fen)
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let tag = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("[{name} \"")))
            .and_then(|rest| rest.strip_suffix("\"]"))
            .map(str::to_owned)
    };
    Some((tag("WDL")?, tag("DTZ")?.parse().ok()?))
}

fn fathom_name(wdl: Wdl) -> &'static str {
    match wdl {
        Wdl::Loss => "Loss",
        Wdl::BlessedLoss => "BlessedLoss",
        Wdl::Draw => "Draw",
        Wdl::CursedWin => "CursedWin",
        Wdl::Win => "Win",
    }
}

#[test]
fn probes_of_every_table_agree_with_fathom() {
    if !Path::new(FATHOM).exists() {
        println!("skipped: no {FATHOM} (apt-get install fathom) to compare with");
        return;
    }
    let dir = tables_dir();
    let tables = Tablebases::open(&dir).expect("the test tables");
    let mut rng = Rng(0x5eed_5eed_1234_5678);
    let mut positions = Vec::new();
    let materials = materials();
    assert!(
        materials.len() >= 38,
        "every 3-4 piece table: {materials:?}"
    );
    for material in &materials {
        let some = random_positions(material, &mut rng, 8);
        assert!(some.len() >= 4, "{material}: too few legal placements");
        positions.extend(some);
    }
    positions.extend(en_passant_positions(&mut rng, 12));
    let mut wins_and_losses = 0;
    for pos in &positions {
        let fen = pos.fen();
        let ours = tables.probe(pos).unwrap_or_else(|e| panic!("{fen}: {e}"));
        if pos.is_checkmate() {
            // Fathom reports a mated side as "Win" with DTZ 0 (its
            // checkmate code); the loss is ours.
            assert_eq!(
                ours,
                Probe {
                    wdl: Wdl::Loss,
                    dtz: 0
                },
                "{fen}"
            );
            continue;
        }
        let (wdl, dtz) = fathom(&dir, &fen).unwrap_or_else(|| panic!("fathom failed on {fen}"));
        assert_eq!(fathom_name(ours.wdl), wdl, "WDL of {fen}");
        assert_eq!(ours.dtz.abs(), dtz, "DTZ of {fen}");
        assert_eq!(
            ours.dtz.signum(),
            match ours.wdl {
                Wdl::Win | Wdl::CursedWin => 1,
                Wdl::Draw => 0,
                Wdl::Loss | Wdl::BlessedLoss => -1,
            } * i32::from(ours.dtz != 0),
            "DTZ sign of {fen}"
        );
        if ours.wdl != Wdl::Draw {
            wins_and_losses += 1;
        }
    }
    assert!(positions.len() > 300, "{} positions", positions.len());
    assert!(wins_and_losses > 100, "{wins_and_losses} decided positions");
}

fn chessbot_tablebase(path: &str, fen: Option<&str>, stdin: &str) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbot"));
    cmd.arg("tablebase")
        .env("CHESSBOT_SYZYGY_PATH", path)
        .env_remove("CHESSBOT_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(fen) = fen {
        cmd.arg(fen);
    }
    let mut child = cmd.spawn().expect("chessbot runs");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        input.write_all(stdin.as_bytes()).expect("write stdin");
    }
    let out = child.wait_with_output().expect("chessbot ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_subcommand_prints_a_json_line_per_position() {
    let dir = tables_dir();
    let (code, out, _) = chessbot_tablebase(&dir, Some("8/8/4k3/8/8/8/2K5/R7 w - - 0 1"), "");
    assert_eq!((code, out.as_str()), (0, "{\"wdl\":\"win\",\"dtz\":25}\n"));
    let (code, out, _) = chessbot_tablebase(
        &dir,
        None,
        "8/8/8/8/3k4/8/8/KQ6 b - - 0 1\n\n8/8/8/8/8/8/2k5/K1R5 b - - 0 1\n8/8/4k3/8/8/8/2K5/R7 w - - 80 90\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"wdl\":\"loss\",\"dtz\":-18}\n{\"wdl\":\"draw\",\"dtz\":0}\n{\"wdl\":\"cursed-win\",\"dtz\":25}\n"
    );
}

#[test]
fn the_subcommand_names_a_missing_table() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::copy(
        format!("{}/KRvK.rtbw", tables_dir()),
        dir.path().join("KRvK.rtbw"),
    )
    .expect("copy");
    let path = dir.path().display().to_string();
    let (code, out, err) = chessbot_tablebase(&path, Some("8/8/4k3/8/8/8/2K5/R7 w - - 0 1"), "");
    assert_ne!(code, 0);
    assert_eq!(out, "");
    assert!(err.contains("missing table KRvK.rtbz"), "{err}");
    // From stdin: one line per position, the failure among them, exit 1.
    let (code, out, err) = chessbot_tablebase(
        &path,
        None,
        "8/8/4k3/8/8/8/2K5/R7 w - - 0 1\n8/8/8/8/8/2k5/8/K7 w - - 0 1\nnot a fen\n",
    );
    assert_ne!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0], "{\"error\":\"missing table KRvK.rtbz\"}");
    assert_eq!(lines[1], "{\"wdl\":\"draw\",\"dtz\":0}");
    assert!(
        lines[2].starts_with("{\"error\":\"invalid FEN"),
        "{}",
        lines[2]
    );
    assert!(
        err.contains("2 of 3 positions could not be probed"),
        "{err}"
    );
    let (code, _, err) = chessbot_tablebase("", Some("8/8/8/8/8/2k5/8/K7 w - - 0 1"), "");
    assert_ne!(code, 0);
    assert!(err.contains("CHESSBOT_SYZYGY_PATH"), "{err}");
}
