//! Probes of the test tables (tests/data/syzygy) with values Fathom gives,
//! and tables that are missing, truncated or corrupt.

use super::*;

fn tables_dir() -> String {
    format!("{}/tests/data/syzygy", env!("CARGO_MANIFEST_DIR"))
}

fn tables() -> Tablebases {
    Tablebases::open(&tables_dir()).expect("the test tables")
}

fn probe(tb: &Tablebases, fen: &str) -> Result<Probe, TablebaseError> {
    tb.probe(&Position::from_fen(fen).expect("a legal FEN"))
}

fn p(wdl: Wdl, dtz: i32) -> Result<Probe, TablebaseError> {
    Ok(Probe { wdl, dtz })
}

#[test]
fn known_values_agree_with_fathom() {
    let tb = tables();
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/R7 w - - 0 1"),
        p(Wdl::Win, 25)
    );
    assert_eq!(
        probe(&tb, "8/8/8/8/3k4/8/8/KQ6 b - - 0 1"),
        p(Wdl::Loss, -18)
    );
    // The rook hangs: a draw by capture.
    assert_eq!(
        probe(&tb, "8/8/8/8/8/8/2k5/K1R5 b - - 0 1"),
        p(Wdl::Draw, 0)
    );
    // En passant wins at once (KPvKP).
    assert_eq!(
        probe(&tb, "8/8/8/3pP3/8/8/8/K6k w - d6 0 1"),
        p(Wdl::Win, 1)
    );
    assert_eq!(
        probe(&tb, "8/8/8/8/3pP3/8/8/K6k b - e3 0 1"),
        p(Wdl::Win, 1)
    );
}

#[test]
fn the_halfmove_clock_turns_a_late_win_into_a_cursed_win() {
    let tb = tables();
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/R7 w - - 75 80"),
        p(Wdl::Win, 25)
    );
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/R7 w - - 76 80"),
        p(Wdl::CursedWin, 25)
    );
    assert_eq!(
        probe(&tb, "8/8/8/8/3k4/8/8/KQ6 b - - 90 80"),
        p(Wdl::BlessedLoss, -18)
    );
}

#[test]
fn mate_and_stalemate_need_no_table() {
    let tb = tables();
    assert_eq!(
        probe(&tb, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        p(Wdl::Draw, 0)
    );
    assert_eq!(
        probe(&tb, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"),
        p(Wdl::Loss, 0)
    );
    assert_eq!(probe(&tb, "8/8/8/8/8/2k5/8/K7 w - - 0 1"), p(Wdl::Draw, 0));
}

#[test]
fn positions_outside_the_tables_are_refused() {
    let tb = tables();
    assert_eq!(tb.max_pieces(), 5);
    assert!(matches!(
        probe(&tb, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"),
        Err(TablebaseError::CastlingRights)
    ));
    assert!(matches!(
        probe(&tb, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        Err(TablebaseError::TooManyPieces { pieces: 32, max: 5 })
    ));
    // A 5-piece material the test set lacks: the error names its file.
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/RRR5 w - - 0 1"),
        Err(TablebaseError::Missing("KRRRvK.rtbw".into()))
    );
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/1PK5/RRR5 w - - 0 1").map(|_| ()),
        Err(TablebaseError::TooManyPieces { pieces: 6, max: 5 })
    );
}

#[test]
fn a_missing_dtz_file_is_named() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::copy(
        format!("{}/KRvK.rtbw", tables_dir()),
        dir.path().join("KRvK.rtbw"),
    )
    .expect("copy");
    let tb = Tablebases::open(&dir.path().display().to_string()).expect("one table");
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/R7 w - - 0 1"),
        Err(TablebaseError::Missing("KRvK.rtbz".into()))
    );
    let pos = Position::from_fen("8/8/4k3/8/8/8/2K5/R7 w - - 0 1").expect("FEN");
    assert_eq!(tb.probe_wdl(&pos), Ok(Wdl::Win));
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/Q7 w - - 0 1"),
        Err(TablebaseError::Missing("KQvK.rtbw".into()))
    );
}

#[test]
fn several_directories_are_searched() {
    let a = tempfile::tempdir().expect("a temporary directory");
    let b = tempfile::tempdir().expect("a temporary directory");
    for (dir, file) in [(&a, "KRvK.rtbw"), (&b, "KRvK.rtbz")] {
        std::fs::copy(format!("{}/{file}", tables_dir()), dir.path().join(file)).expect("copy");
    }
    let path = format!("{}:{}", a.path().display(), b.path().display());
    let tb = Tablebases::open(&path).expect("two directories");
    assert_eq!(
        probe(&tb, "8/8/4k3/8/8/8/2K5/R7 w - - 0 1"),
        p(Wdl::Win, 25)
    );
    assert!(matches!(
        Tablebases::open("/nonexistent/syzygy"),
        Err(TablebaseError::Directory { .. })
    ));
    assert_eq!(
        Tablebases::open("").map(|_| ()),
        Err(TablebaseError::NoPath)
    );
}

fn corrupt_copy(file: &str, change: impl Fn(&mut Vec<u8>)) -> (tempfile::TempDir, Tablebases) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        let mut bytes = std::fs::read(format!("{}/{name}", tables_dir())).expect("read");
        if name == file {
            change(&mut bytes);
        }
        std::fs::write(dir.path().join(name), bytes).expect("write");
    }
    let tb = Tablebases::open(&dir.path().display().to_string()).expect("tables");
    (dir, tb)
}

const KQVK: &str = "8/8/8/8/3k4/8/8/KQ6 b - - 0 1";

#[test]
fn a_truncated_table_is_an_error() {
    let (_dir, tb) = corrupt_copy("KQvK.rtbw", |b| b.truncate(b.len() - 64));
    let err = probe(&tb, KQVK).expect_err("truncated");
    assert!(
        matches!(&err, TablebaseError::Corrupt { name, .. } if name == "KQvK.rtbw"),
        "{err}"
    );
    let (_dir, tb) = corrupt_copy("KQvK.rtbz", |b| b.truncate(100));
    assert!(matches!(
        probe(&tb, KQVK),
        Err(TablebaseError::Corrupt { .. })
    ));
}

#[test]
fn a_table_with_a_wrong_magic_or_header_is_an_error() {
    let (_dir, tb) = corrupt_copy("KQvK.rtbw", |b| b[0] ^= 0xff);
    assert!(matches!(
        probe(&tb, KQVK),
        Err(TablebaseError::Corrupt { .. })
    ));
    let (_dir, tb) = corrupt_copy("KQvK.rtbw", |b| {
        for byte in &mut b[5..12] {
            *byte = 0xee;
        }
    });
    assert!(matches!(
        probe(&tb, KQVK),
        Err(TablebaseError::Corrupt { .. })
    ));
}

#[test]
fn damaged_bytes_never_panic() {
    let original = std::fs::read(format!("{}/KRvK.rtbw", tables_dir())).expect("read");
    let dtz = std::fs::read(format!("{}/KRvK.rtbz", tables_dir())).expect("read");
    let pos = Position::from_fen("8/8/4k3/8/8/8/2K5/R7 w - - 0 1").expect("FEN");
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for round in 0..200 {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut bytes = original.clone();
        for _ in 0..1 + round % 8 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = (seed as usize) % bytes.len().min(4096);
            bytes[at] = (seed >> 32) as u8;
        }
        std::fs::write(dir.path().join("KRvK.rtbw"), &bytes).expect("write");
        std::fs::write(dir.path().join("KRvK.rtbz"), &dtz).expect("write");
        let tb = Tablebases::open(&dir.path().display().to_string()).expect("tables");
        // Either an answer or an error: the point is that it returns.
        let _ = tb.probe(&pos);
    }
}

#[test]
fn material_names_put_the_stronger_side_first() {
    let name = |fen: &str| material_name(&Position::from_fen(fen).expect("FEN"));
    assert_eq!(name("8/8/4k3/8/8/8/2K5/r7 w - - 0 1"), "KRvK");
    assert_eq!(name("8/8/4k3/8/8/8/2K5/rB6 w - - 0 1"), "KRvKB");
    assert_eq!(name("8/8/4k3/8/8/8/1PK5/n7 w - - 0 1"), "KNvKP");
}
