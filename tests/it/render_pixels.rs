//! Board pictures pixel for pixel: fingerprints of the decoded colours of
//! many boards (every theme, both orientations, three sizes, names,
//! deadlines, badges, checks and two whole games), recorded from the
//! pictures the renderer drew before its encoder changed. A faster path
//! must draw the same pixels; the bytes of the PNG may differ.
//!
//! The fingerprints live in `tests/data/render_pixels/`; they were
//! recorded with `CHESSBOT_BLESS=1` and must not be blessed again to make
//! a change pass. Re-recorded once on purpose (larger
//! coordinates, outlined black capture icons, one side per game). `CHESSBOT_DUMP_BOARDS=dir` also writes the PNGs there
//! (to measure encoders on real boards).

use std::io::Cursor;

use chessbot::chess::{Game, Position, read_pgn};
use chessbot::render::{BoardResult, BoardSpec, Renderer, Theme};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const MIDDLE: &str = "r3k2r/pp1n1ppp/2p1pn2/q2p4/1bPP1B2/2N1PN2/PPQ2PPP/R3KB1R w KQkq - 0 9";
const MATED: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

const GAMES: [&str; 2] = [
    include_str!("../data/pgn/opera_game.pgn"),
    include_str!("../data/pgn/kasparov_topalov_1999.pgn"),
];

/// FNV-1a over the picture's size and its decoded RGB pixels.
fn fingerprint(png_bytes: &[u8]) -> u64 {
    let mut dec = png::Decoder::new(Cursor::new(png_bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgb, "palette expanded");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    };
    for b in info
        .width
        .to_le_bytes()
        .into_iter()
        .chain(info.height.to_le_bytes())
    {
        eat(b);
    }
    for &b in &buf[..info.buffer_size()] {
        eat(b);
    }
    h
}

/// Renders, optionally writes the PNG under `CHESSBOT_DUMP_BOARDS`, and
/// fingerprints the pixels.
fn print(r: &Renderer, spec: &BoardSpec<'_>, name: &str) -> u64 {
    let bytes = r.png(spec).expect("renders");
    if let Ok(dir) = std::env::var("CHESSBOT_DUMP_BOARDS") {
        std::fs::create_dir_all(&dir).expect("dump dir");
        std::fs::write(format!("{dir}/{name}.png"), &bytes).expect("dump");
    }
    fingerprint(&bytes)
}

/// Compares with the recorded fingerprints (or records them).
fn compare(file: &str, got: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/render_pixels")
        .join(file);
    if std::env::var_os("CHESSBOT_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("dir")).expect("dir");
        std::fs::write(&path, got).expect("write fingerprints");
    }
    let want = std::fs::read_to_string(&path).expect("recorded fingerprints");
    for (g, w) in got.lines().zip(want.lines()) {
        assert_eq!(g, w, "board pixels changed");
    }
    assert_eq!(got.lines().count(), want.lines().count());
}

fn theme_name(t: Theme) -> &'static str {
    match t {
        Theme::Brown => "brown",
        Theme::Blue => "blue",
        Theme::Green => "green",
        Theme::HighContrast => "contrast",
    }
}

/// Single boards: every theme, both sides at the bottom, three sizes.
#[test]
fn single_boards_keep_their_pixels() {
    let r = Renderer::new();
    let start = Position::from_fen(START).expect("fen");
    let middle = Position::from_fen(MIDDLE).expect("fen");
    let mated = Position::from_fen(MATED).expect("fen");
    let mut got = Vec::new();
    for theme in Theme::ALL {
        for size in [256, 512, 1024] {
            for flip in [false, true] {
                let specs = [
                    ("start", BoardSpec::new(&start)),
                    (
                        "middle",
                        BoardSpec::new(&middle).names("Alexandra Kosteniuk", "สมชาย ใจดี"),
                    ),
                    (
                        "mate",
                        BoardSpec::new(&mated)
                            .result(Some(BoardResult::Mated(chessbot::chess::Color::Black)))
                            .names("Иван", "Bob")
                            .deadline(Some("1d 2h")),
                    ),
                    (
                        "draw",
                        BoardSpec::new(&middle).result(Some(BoardResult::Draw)),
                    ),
                ];
                for (name, spec) in specs {
                    let spec = spec.theme(theme).size(size).flip(flip);
                    let id = format!("{name}-{}-{size}-{}", theme_name(theme), u8::from(flip));
                    got.push((id.clone(), print(&r, &spec, &id)));
                }
            }
        }
    }
    let all = got
        .iter()
        .map(|(id, h)| format!("{id} {h:016x}\n"))
        .collect::<String>();
    compare("boards.txt", &all);
}

/// Every position of two games as the bot shows them: the last move, the
/// side to move at the bottom, names, the deadline, the final badges.
#[test]
fn whole_games_keep_their_pixels() {
    let r = Renderer::new();
    let mut got = String::new();
    for (g, pgn) in GAMES.iter().enumerate() {
        let game = read_pgn(pgn).expect("pgn").game;
        for theme in Theme::ALL {
            let mut replay = Game::from_position(game.start().clone(), game.rules());
            let mut h: u64 = 0;
            let n = game.moves().len();
            for (ply, m) in std::iter::once(None)
                .chain(game.moves().iter().map(Some))
                .enumerate()
            {
                if let Some(m) = m {
                    replay.play(*m).expect("legal");
                }
                let pos = replay.position();
                let result = (ply == n)
                    .then(|| BoardResult::from_outcome(game.outcome()))
                    .flatten();
                let spec = BoardSpec::new(pos)
                    .last_move(m.copied())
                    // One side for the whole game.
                    .flip(false)
                    .theme(theme)
                    .names("Paul Morphy", "Duke Karl / Count Isouard")
                    .deadline((result.is_none()).then_some("3d 0h"))
                    .result(result);
                let id = format!("game{g}-{}-{ply:03}", theme_name(theme));
                h = h.rotate_left(5) ^ print(&r, &spec, &id);
            }
            got.push_str(&format!("game{g}-{} {h:016x}\n", theme_name(theme)));
        }
    }
    compare("games.txt", &got);
}

/// The start position at the default 512 px stays within 15 KB in every
/// theme and orientation.
#[test]
fn the_start_position_is_at_most_15_kb() {
    let r = Renderer::new();
    let start = Position::from_fen(START).expect("fen");
    for theme in Theme::ALL {
        for flip in [false, true] {
            let bytes = r
                .png(&BoardSpec::new(&start).theme(theme).flip(flip))
                .expect("renders");
            assert!(
                bytes.len() <= 15 * 1024,
                "{theme:?} {flip}: {} bytes",
                bytes.len()
            );
        }
    }
}
