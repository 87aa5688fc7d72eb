//! Game summaries from the command line: `chessbot render --pgn` writes a
//! game's summary card or, with `--gif`, its animation; bad PGN gives a
//! clear error, a non-zero exit and no file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chessbot::chess::read_pgn;
use chessbot::openings;
use chessbot::render::SummaryCard;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/pgn")
        .join(name)
}

fn render(args: &[&str], pgn: Option<&Path>, out: &Path) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbot"));
    cmd.arg("render").args(args);
    if let Some(p) = pgn {
        cmd.arg("--pgn").arg(p);
    }
    cmd.arg("-o").arg(out).output().expect("the binary runs")
}

/// `[delay, width, height]` of each frame, and the screen size.
fn gif_frames(bytes: &[u8]) -> (Vec<[u16; 3]>, [u16; 2]) {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let screen = [dec.width(), dec.height()];
    // A position may come as several image blocks, all but the last
    // shown for 2 cs: one entry per position.
    let (mut frames, mut steps) = (Vec::new(), 0);
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        if f.delay == 2 {
            steps += 2;
            continue;
        }
        frames.push([steps + f.delay, f.width, f.height]);
        steps = 0;
    }
    (frames, screen)
}

#[test]
fn a_pgn_makes_a_gif_with_one_frame_per_position() {
    let dir = tempfile::tempdir().unwrap();
    for (file, plies) in [("opera_game.pgn", 33), ("kasparov_topalov_1999.pgn", 87)] {
        let out = dir.path().join("game.gif");
        let o = render(&["--gif", "--size", "256"], Some(&data(file)), &out);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let (frames, screen) = gif_frames(&std::fs::read(&out).unwrap());
        // The board and its two strips (names, move number and SAN).
        assert_eq!(screen[0], 256);
        assert!(screen[1] > 256, "{screen:?}");
        assert_eq!(frames.len(), plies + 1, "{file}");
        assert!(frames.last().unwrap()[0] >= 200);
    }
}

#[test]
fn a_pgn_makes_a_summary_card() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("card.png");
    let o = render(&[], Some(&data("opera_game.pgn")), &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&out).unwrap();
    let dec = png::Decoder::new(std::io::Cursor::new(&bytes));
    let reader = dec.read_info().expect("a PNG");
    let info = reader.info();
    assert_eq!(
        (info.width, info.height),
        (SummaryCard::WIDTH, SummaryCard::HEIGHT)
    );
}

#[test]
fn the_opera_game_is_named_from_the_table() {
    let text = std::fs::read_to_string(data("opera_game.pgn")).unwrap();
    let pgn = read_pgn(&text).unwrap();
    let opening = openings::lookup_game(&pgn.game).expect("an opening");
    assert_eq!(opening.eco, "C41");
    assert!(opening.name.starts_with("Philidor Defense"), "{opening}");
}

#[test]
fn bad_pgn_is_refused_with_the_move_and_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.png");
    let o = render(&[], Some(&data("illegal.pgn")), &out);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 3... Ke6 is illegal"), "{err}");
    assert!(!out.exists());

    let o = render(&["--gif"], Some(&data("no_such_file.pgn")), &out);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read"));
    assert!(!out.exists());
}

#[test]
fn fen_and_pgn_exclude_each_other_and_one_is_needed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.png");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let cases: [(&[&str], bool); 4] = [
        (&["--fen", start], true),
        (&[], false),
        (&["--gif", "--fen", start], false),
        (&["--svg"], true),
    ];
    for (args, with_pgn) in cases {
        let pgn = data("opera_game.pgn");
        let o = render(args, with_pgn.then_some(pgn.as_path()), &out);
        assert!(!o.status.success(), "{args:?} pgn {with_pgn} should fail");
        assert!(!out.exists(), "{args:?}: no file written");
    }
}
