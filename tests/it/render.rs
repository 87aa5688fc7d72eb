//! Board pictures: decode the PNGs and probe pixels; the SVG; the text
//! board; the `chessbot render` command line.

use std::io::Cursor;
use std::process::Command;

use chessbot::chess::{Color, Move, Position, Role, Square};
use chessbot::render::theme::{self, Rgb};
use chessbot::render::{BoardResult, BoardSpec, RenderError, Renderer, Theme, text_board};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// Scholar's mate: black is mated, the white queen on f7 gives check.
const MATED: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

struct Image {
    w: u32,
    h: u32,
    rgb: Vec<u8>,
    indexed: bool,
}

impl Image {
    fn decode(bytes: &[u8]) -> Image {
        let mut dec = png::Decoder::new(Cursor::new(bytes));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut reader = dec.read_info().expect("a PNG");
        let indexed = reader.info().color_type == png::ColorType::Indexed;
        let mut buf = vec![0; reader.output_buffer_size().expect("size")];
        let info = reader.next_frame(&mut buf).expect("a frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        let channels = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => panic!("unexpected colour type {other:?}"),
        };
        let rgb = buf[..info.buffer_size()]
            .chunks_exact(channels)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        Image {
            w: info.width,
            h: info.height,
            rgb,
            indexed,
        }
    }

    fn at(&self, x: u32, y: u32) -> Rgb {
        let i = ((y * self.w + x) * 3) as usize;
        Rgb(self.rgb[i], self.rgb[i + 1], self.rgb[i + 2])
    }

    /// Pixels in the rectangle that differ from `bg`.
    fn count_not(&self, (x, y, w, h): (u32, u32, u32, u32), bg: Rgb) -> usize {
        let mut n = 0;
        for yy in y..y + h {
            for xx in x..x + w {
                if self.at(xx, yy) != bg {
                    n += 1;
                }
            }
        }
        n
    }
}

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("a valid FEN")
}

fn render(spec: &BoardSpec<'_>) -> Image {
    Image::decode(&Renderer::new().png(spec).expect("renders"))
}

/// The middle half of a square: away from coordinates and badges.
fn inner(spec: &BoardSpec<'_>, s: Square) -> (u32, u32, u32, u32) {
    let (x, y, w, h) = spec.square_rect(s);
    (x + w / 4, y + h / 4, w / 2, h / 2)
}

fn square_colour(s: Square) -> Rgb {
    if s.is_dark() {
        theme::DARK
    } else {
        theme::LIGHT
    }
}

fn mv(from: &str, to: &str) -> Move {
    Move::Normal {
        role: Role::Pawn,
        from: sq(from),
        to: sq(to),
        capture: None,
        promotion: None,
    }
}

#[test]
fn picture_has_the_exact_size_with_a_strip_above_and_below() {
    let p = pos(START);
    for size in [256, 300, 512, 777, 1024] {
        let spec = BoardSpec::new(&p).size(size);
        let img = render(&spec);
        assert_eq!(img.w, size);
        assert_eq!(img.h, spec.height());
        assert_eq!(img.h, size + 2 * spec.strip_height());
        assert!(spec.strip_height() >= size / 16, "a visible strip");
    }
    let img = render(&BoardSpec::new(&p));
    assert_eq!((img.w, img.h), (512, 592));
}

#[test]
fn sizes_outside_256_to_1024_are_refused() {
    let p = pos(START);
    let r = Renderer::new();
    for size in [0, 255, 1025, 4096] {
        let err = r.png(&BoardSpec::new(&p).size(size)).unwrap_err();
        assert!(matches!(err, RenderError::Size(s) if s == size), "{err}");
    }
}

#[test]
fn empty_squares_show_the_plain_square_colours() {
    let p = pos(START);
    let spec = BoardSpec::new(&p);
    let img = render(&spec);
    for rank in 3..=6 {
        for file in 'a'..='h' {
            let s = sq(&format!("{file}{rank}"));
            let (x, y, w, h) = spec.square_rect(s);
            let want = square_colour(s);
            assert_eq!(img.at(x + w / 2, y + h / 2), want, "{s} centre");
            assert_eq!(img.count_not(inner(&spec, s), want), 0, "{s} is empty");
        }
    }
    // Known colours: a1 dark, h1 light, e4 light, d4 dark.
    assert_eq!(square_colour(sq("e4")), theme::LIGHT);
    assert_eq!(square_colour(sq("d4")), theme::DARK);
}

#[test]
fn a_piece_is_drawn_on_every_occupied_square_and_only_there() {
    let p = pos("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
    let spec = BoardSpec::new(&p);
    let img = render(&spec);
    for i in 0..64 {
        let s = Square::new(i).unwrap();
        let (_, _, w, h) = spec.square_rect(s);
        let ink = img.count_not(inner(&spec, s), square_colour(s));
        if p.piece_at(s).is_some() {
            assert!(
                ink > (w * h / 4 / 8) as usize,
                "{s} should show a piece ({ink})"
            );
        } else {
            assert_eq!(ink, 0, "{s} should be empty");
        }
    }
}

#[test]
fn white_and_black_pieces_look_different() {
    let p = pos(START);
    let spec = BoardSpec::new(&p);
    let img = render(&spec);
    let darkness = |s: &str| {
        let (x, y, w, h) = inner(&spec, sq(s));
        let mut sum = 0u64;
        for yy in y..y + h {
            for xx in x..x + w {
                let c = img.at(xx, yy);
                sum += u64::from(c.0) + u64::from(c.1) + u64::from(c.2);
            }
        }
        sum / u64::from(w * h)
    };
    // e2 and d7 are both light squares with a pawn.
    assert!(darkness("e2") > darkness("d7") + 100);
}

#[test]
fn last_move_squares_are_highlighted() {
    let p = pos(AFTER_E4);
    let spec = BoardSpec::new(&p).last_move(Some(mv("e2", "e4")));
    let img = render(&spec);
    // e2 is light and now empty: the whole square is the highlight.
    let (x, y, w, h) = spec.square_rect(sq("e2"));
    assert_eq!(img.at(x + w / 2, y + h / 2), theme::LAST_LIGHT);
    assert_eq!(img.count_not(inner(&spec, sq("e2")), theme::LAST_LIGHT), 0);
    // e4 is light with the pawn on it: the corners show the highlight.
    let (x, y, _, _) = spec.square_rect(sq("e4"));
    assert_eq!(img.at(x + 2, y + 2), theme::LAST_LIGHT);
    // d2 (dark, untouched) keeps its colour.
    let (x, y, _, _) = spec.square_rect(sq("d3"));
    assert_eq!(img.at(x + 20, y + 20), theme::LIGHT);
    // A dark square highlight uses the dark variant.
    let spec = BoardSpec::new(&p).last_move(Some(mv("d3", "c3")));
    let img = render(&spec);
    let (x, y, w, h) = spec.square_rect(sq("c3"));
    assert_eq!(img.at(x + w / 2, y + h / 2), theme::LAST_DARK);
    // Without a last move nothing is highlighted.
    let img = render(&BoardSpec::new(&p));
    let (x, y, w, h) = spec.square_rect(sq("e2"));
    assert_eq!(img.at(x + w / 2, y + h / 2), theme::LIGHT);
}

#[test]
fn the_king_in_check_is_highlighted() {
    let p = pos(MATED);
    assert!(p.is_check());
    let spec = BoardSpec::new(&p);
    let img = render(&spec);
    let (x, y, w, _) = spec.square_rect(sq("e8"));
    assert_eq!(img.at(x + 3, y + 3), theme::CHECK);
    assert_eq!(img.at(x + w - 3, y + 3), theme::CHECK);
    // The other king is not.
    let (x, y, _, _) = spec.square_rect(sq("e1"));
    assert_eq!(img.at(x + 3, y + 3), theme::DARK);
    // No check, no red.
    let quiet = pos(START);
    let spec = BoardSpec::new(&quiet);
    let img = render(&spec);
    let (x, y, _, _) = spec.square_rect(sq("e8"));
    assert_eq!(img.at(x + 3, y + 3), theme::LIGHT);
}

#[test]
fn a1_is_bottom_left_for_white_and_top_right_when_flipped() {
    // Only a1 holds a piece in the two opposite corners; a1 is highlighted.
    let p = pos("1k6/8/8/8/8/8/8/R6K w - - 0 1");
    let r = Renderer::new();
    let probe = |flip: bool| {
        let spec = BoardSpec::new(&p)
            .flip(flip)
            .last_move(Some(mv("a2", "a1")));
        let img = Image::decode(&r.png(&spec).unwrap());
        let strip = spec.strip_height();
        // Corner squares by raw pixel position: 64 px squares at 512.
        let bottom_left = (16, strip + 7 * 64 + 16, 32, 32);
        let top_right = (7 * 64 + 16, strip + 16, 32, 32);
        (img, bottom_left, top_right)
    };
    let (img, bl, tr) = probe(false);
    assert!(img.count_not(bl, theme::LAST_DARK) > 50, "rook on a1");
    assert_eq!(img.at(bl.0 - 12, bl.1 + 40), theme::LAST_DARK);
    assert_eq!(img.count_not(tr, theme::DARK), 0, "h8 empty, top right");
    let (img, bl, tr) = probe(true);
    assert!(img.count_not(tr, theme::LAST_DARK) > 50, "rook on a1");
    assert_eq!(img.at(tr.0 + 40, tr.1 - 12), theme::LAST_DARK);
    assert_eq!(img.count_not(bl, theme::DARK), 0, "h8 empty, bottom left");
}

#[test]
fn flipping_swaps_the_strips_and_the_pieces() {
    let p = pos(START);
    let img = render(&BoardSpec::new(&p));
    let flipped = render(&BoardSpec::new(&p).flip(true));
    // The start position is symmetric but for colours: the white king's
    // square (bottom, e-file) is, flipped, at the top on the d-file column.
    assert_ne!(img.rgb, flipped.rgb);
    let spec = BoardSpec::new(&p);
    let fspec = BoardSpec::new(&p).flip(true);
    assert_eq!(spec.square_rect(sq("a1")), fspec.square_rect(sq("h8")));
    assert_eq!(spec.square_rect(sq("e2")), fspec.square_rect(sq("d7")));
}

#[test]
fn strips_show_captured_pieces_and_the_material_lead() {
    // Black has lost its queen: white (bottom) shows a black queen icon and +9.
    let p = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let spec = BoardSpec::new(&p);
    let img = render(&spec);
    let strip = spec.strip_height();
    let top = (0, 0, img.w, strip);
    let bottom = (0, img.h - strip, img.w, strip);
    assert_eq!(
        img.count_not(top, theme::STRIP),
        0,
        "black captured nothing"
    );
    assert!(img.count_not(bottom, theme::STRIP) > 200);
    // The lead is written in the strip's text colour.
    let text = (0..img.w)
        .flat_map(|x| (img.h - strip..img.h).map(move |y| (x, y)))
        .filter(|&(x, y)| img.at(x, y) == theme::STRIP_TEXT)
        .count();
    assert!(text > 20, "a +9 in the strip");
    // Flipped, the white strip is on top.
    let spec = BoardSpec::new(&p).flip(true);
    let img = render(&spec);
    let bottom = (0, img.h - strip, img.w, strip);
    assert_eq!(img.count_not(bottom, theme::STRIP), 0);
    // The start position has nothing to show.
    let p = pos(START);
    let img = render(&BoardSpec::new(&p));
    assert_eq!(img.count_not((0, 0, img.w, strip), theme::STRIP), 0);
    assert_eq!(
        img.count_not((0, img.h - strip, img.w, strip), theme::STRIP),
        0
    );
}

#[test]
fn promotions_to_extra_queens_render_with_clamped_captures() {
    let p = pos("1Q4k1/5ppp/8/8/3q4/8/5PPP/QQ4K1 b - - 0 40");
    for size in [256, 512, 1024] {
        let spec = BoardSpec::new(&p)
            .size(size)
            .flip(true)
            .last_move(Some(mv("b7", "b8")));
        let img = render(&spec);
        assert_eq!((img.w, img.h), (size, spec.height()));
    }
}

#[test]
fn result_badges_mark_the_kings() {
    let p = pos(MATED);
    let spec = BoardSpec::new(&p).result(Some(BoardResult::Mated(Color::Black)));
    let img = render(&spec);
    let count = |s: &str, c: Rgb| {
        let (x, y, w, h) = spec.square_rect(sq(s));
        let mut n = 0;
        for yy in y..y + h {
            for xx in x..x + w {
                n += usize::from(img.at(xx, yy) == c);
            }
        }
        n
    };
    assert!(
        count("e8", theme::MATE) > 30,
        "mate marker on the mated king"
    );
    assert!(count("e1", theme::WIN) > 30, "win marker on the winner");
    assert_eq!(count("e1", theme::MATE), 0);
    let spec = BoardSpec::new(&p).result(Some(BoardResult::Draw));
    let img2 = render(&spec);
    let draw = |s: &str| {
        let (x, y, w, h) = spec.square_rect(sq(s));
        (y..y + h)
            .flat_map(|yy| (x..x + w).map(move |xx| (xx, yy)))
            .filter(|&(xx, yy)| img2.at(xx, yy) == theme::DRAW)
            .count()
    };
    assert!(draw("e8") > 30 && draw("e1") > 30);
    // No result, no badge.
    let img3 = render(&BoardSpec::new(&p));
    assert_eq!(
        img3.rgb
            .chunks_exact(3)
            .filter(|c| c == &[0xc8, 0x30, 0x2a])
            .count(),
        0
    );
}

#[test]
fn start_position_is_a_small_indexed_png() {
    let p = pos(START);
    let bytes = Renderer::new().png(&BoardSpec::new(&p)).unwrap();
    assert!(bytes.len() < 30_000, "{} bytes", bytes.len());
    assert!(Image::decode(&bytes).indexed);
}

#[test]
fn the_renderer_is_shared_across_threads() {
    let r = std::sync::Arc::new(Renderer::new());
    let handles: Vec<_> = [256u32, 512, 512, 1024]
        .into_iter()
        .map(|size| {
            let r = std::sync::Arc::clone(&r);
            std::thread::spawn(move || {
                let p = pos(START);
                r.png(&BoardSpec::new(&p).size(size)).unwrap().len()
            })
        })
        .collect();
    for h in handles {
        assert!(h.join().unwrap() > 1000);
    }
}

#[test]
fn svg_is_self_contained_and_draws_the_same_board() {
    let p = pos(MATED);
    let spec = BoardSpec::new(&p)
        .last_move(Some(mv("h5", "f7")))
        .result(Some(BoardResult::Mated(Color::Black)));
    let r = Renderer::new();
    let svg = r.svg(&spec);
    assert!(svg.starts_with("<svg"));
    assert!(!svg.contains("<text"), "no text: no fonts needed");
    assert!(!svg.contains("href"), "no external references");
    let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).unwrap();
    assert_eq!(tree.size().width(), 512.0);
    assert_eq!(tree.size().height(), spec.height() as f32);
    let mut pm = resvg::tiny_skia::Pixmap::new(512, spec.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pm.as_mut(),
    );
    let img = render(&spec);
    let svg_at = |x: u32, y: u32| {
        let p = pm.pixel(x, y).unwrap();
        Rgb(p.red(), p.green(), p.blue())
    };
    for s in ["a1", "e8", "f7", "h5", "d4", "c6", "h8"] {
        let (x, y, w, _) = spec.square_rect(sq(s));
        for (px, py) in [(x + 3, y + 30), (x + w / 2, y + 3)] {
            assert_eq!(svg_at(px, py), img.at(px, py), "{s} at {px},{py}");
        }
    }
    assert_eq!(svg_at(5, 5), theme::STRIP);
}

#[test]
fn svg_titles_are_xml_escaped() {
    let p = pos(START);
    let r = Renderer::new();
    let svg = r.svg_titled(&BoardSpec::new(&p), r#"<script>alert("x")</script> & 'y'"#);
    assert!(!svg.contains("<script>"));
    assert!(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos;"));
    resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("still valid");
}

#[test]
fn text_board_has_coordinates_and_white_at_the_bottom() {
    let p = pos(AFTER_E4);
    let t = text_board(&p, false);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[1], "8 | r n b q k b n r |");
    assert_eq!(lines[5], "4 | . . . . P . . . |");
    assert_eq!(lines[8], "1 | R N B Q K B N R |");
    assert_eq!(lines[10].split_whitespace().collect::<String>(), "abcdefgh");
    let f = text_board(&p, true);
    let lines: Vec<&str> = f.lines().collect();
    assert_eq!(lines[1], "1 | R N B K Q B N R |");
    assert_eq!(lines[5], "5 | . . . . . . . . |");
    assert_eq!(lines[4], "4 | . . . P . . . . |");
    assert_eq!(lines[8], "8 | r n b k q b n r |");
    assert_eq!(lines[10].split_whitespace().collect::<String>(), "hgfedcba");
}

// The command line.

fn chessbot() -> Command {
    Command::new(env!("CARGO_BIN_EXE_chessbot"))
}

#[test]
fn cli_writes_a_png_and_an_svg() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    let st = chessbot()
        .args([
            "render",
            "--fen",
            AFTER_E4,
            "--last-move",
            "e2e4",
            "--flip",
            "--size",
            "256",
            "-o",
        ])
        .arg(&out)
        .status()
        .unwrap();
    assert!(st.success());
    let img = Image::decode(&std::fs::read(&out).unwrap());
    assert_eq!(img.w, 256);
    let svg = dir.path().join("board.svg");
    let st = chessbot()
        .args([
            "render",
            "--fen",
            MATED,
            "--svg",
            "--result",
            "black-mated",
            "-o",
        ])
        .arg(&svg)
        .status()
        .unwrap();
    assert!(st.success());
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

#[test]
fn cli_refuses_bad_input_and_writes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    let cases: [&[&str]; 6] = [
        &["--fen", "not a fen"],
        &[
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        ],
        &["--fen", START, "--last-move", "e2e9"],
        &["--fen", START, "--last-move", "Nf3"],
        &["--fen", START, "--last-move", "e7e8k"],
        &["--fen", START, "--size", "2000"],
    ];
    for args in cases {
        let o = chessbot()
            .arg("render")
            .args(args)
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        assert!(!o.status.success(), "{args:?} should fail");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.trim().is_empty(), "{args:?}: a message on stderr");
        assert!(!out.exists(), "{args:?}: no file written");
    }
}

// Coordinates, strips, themes.

/// Pixels of exactly `c` in `(x, y, w, h)` and the rows they span.
fn count_colour(img: &Image, (x, y, w, h): (u32, u32, u32, u32), c: Rgb) -> (usize, u32) {
    let mut n = 0;
    let (mut top, mut bottom) = (u32::MAX, 0);
    for yy in y..y + h {
        for xx in x..x + w {
            if img.at(xx, yy) == c {
                n += 1;
                top = top.min(yy);
                bottom = bottom.max(yy);
            }
        }
    }
    (n, if n == 0 { 0 } else { bottom - top + 1 })
}

/// The lower corner boxes of a square: (left, right), a third wide and a
/// third high.
fn lower_corners(spec: &BoardSpec<'_>, s: Square) -> [(u32, u32, u32, u32); 2] {
    let (x, y, w, h) = spec.square_rect(s);
    let (cw, ch) = (w / 3, h / 3);
    [(x, y + h - ch, cw, ch), (x + w - cw, y + h - ch, cw, ch)]
}

#[test]
fn coordinates_are_legible_and_the_same_under_any_piece() {
    // Pieces on every square that carries a coordinate, against a board
    // whose edges are empty.
    let full = pos("Rbk5/Q7/R7/B7/N7/R7/P7/RNBQKBNR w - - 0 1");
    let empty = pos("8/8/3k4/8/8/3K4/8/8 w - - 0 1");
    for size in [256, 512, 1024] {
        let a = BoardSpec::new(&full).size(size);
        let b = BoardSpec::new(&empty).size(size);
        let (ia, ib) = (render(&a), render(&b));
        let squares = ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]
            .into_iter()
            .map(|s| (s, 0))
            .chain(
                ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
                    .into_iter()
                    .map(|s| (s, 1)),
            );
        for (name, corner) in squares {
            let s = sq(name);
            // The coordinate is drawn in the other square colour.
            let ink = if s.is_dark() {
                theme::LIGHT
            } else {
                theme::DARK
            };
            let region = lower_corners(&a, s)[corner];
            let bg = square_colour(s);
            let (x0, y0, w, h) = region;
            let mut glyph = 0;
            let mut covered = 0;
            let (mut top, mut bottom) = (u32::MAX, 0);
            for y in y0..y0 + h {
                for x in x0..x0 + w {
                    if ib.at(x, y) != bg {
                        glyph += 1;
                        top = top.min(y);
                        bottom = bottom.max(y);
                        covered += usize::from(ia.at(x, y) != ib.at(x, y));
                    }
                }
            }
            // At 256 px (32 px squares) antialiasing may touch a pixel.
            let allowed = if size < 300 { 2 } else { 0 };
            assert!(
                covered <= allowed,
                "{name} at {size}: a piece covers {covered} px"
            );
            // Legible: small letters an eighth of a square high, digits more, a solid stroke in the other
            // square colour.
            let rows = bottom.saturating_sub(top) + 1;
            assert!(rows >= (size / 64).max(5), "{name} at {size}: {rows} rows");
            assert!(glyph >= size as usize / 16, "{name} at {size}: {glyph} px");
            assert!(count_colour(&ib, region, ink).0 > 0, "{name} at {size}");
        }
    }
}

/// The strip rectangles (top, bottom) of a spec.
fn strips(spec: &BoardSpec<'_>) -> [(u32, u32, u32, u32); 2] {
    let s = spec.strip_height();
    [(0, 0, spec.size, s), (0, spec.height() - s, spec.size, s)]
}

#[test]
fn thai_and_cyrillic_names_are_drawn_in_the_strips() {
    let p = pos(START);
    for size in [256, 512] {
        let plain = BoardSpec::new(&p).size(size);
        let named = BoardSpec::new(&p)
            .size(size)
            .names("Иван Петров", "สมชาย ใจดี");
        let (ip, inamed) = (render(&plain), render(&named));
        for (i, strip) in strips(&named).into_iter().enumerate() {
            let before = ip.count_not(strip, theme::STRIP);
            let after = inamed.count_not(strip, theme::STRIP);
            assert_eq!(before, 0);
            // The king icon and the letters.
            assert!(
                after > (size as usize) / 2,
                "strip {i} at {size}: {after} px"
            );
        }
        // White (to move) is at the bottom; black's name on top.
        let no_thai = BoardSpec::new(&p).size(size).names("Иван Петров", "x");
        let top_thai = inamed.count_not(strips(&named)[0], theme::STRIP);
        let top_x = render(&no_thai).count_not(strips(&named)[0], theme::STRIP);
        assert!(
            top_thai > top_x + 50,
            "the Thai letters have ink: {top_thai} vs {top_x}"
        );
    }
    // Markup is text, in the SVG too.
    let spec = BoardSpec::new(&p).names("<b>&amp;", "Bob");
    let svg = Renderer::new().svg(&spec);
    assert!(svg.contains("&lt;b&gt;&amp;amp;"), "{svg}");
    assert!(!svg.contains("<b>"));
}

#[test]
fn the_deadline_and_turn_marker_show_in_the_strip_of_the_side_to_move() {
    let p = pos(AFTER_E4); // black to move
    let spec = BoardSpec::new(&p)
        .names("alice", "bob")
        .deadline(Some("2d 4h"));
    let img = render(&spec);
    let [top, bottom] = strips(&spec);
    let right_half = |r: (u32, u32, u32, u32)| (r.0 + r.2 / 2, r.1, r.2 / 2, r.3);
    let accent_top = count_colour(&img, top, theme::ACCENT).0;
    let accent_bottom = count_colour(&img, bottom, theme::ACCENT).0;
    assert!(
        accent_top > 100,
        "turn bar and deadline on black's strip: {accent_top}"
    );
    assert_eq!(accent_bottom, 0);
    assert!(
        img.count_not(right_half(top), theme::STRIP) > 50,
        "deadline text"
    );
    assert_eq!(img.count_not(right_half(bottom), theme::STRIP), 0);
    // A finished game shows no turn.
    let done = render(&spec.clone().result(Some(BoardResult::Draw)));
    assert_eq!(count_colour(&done, top, theme::ACCENT).0, 0);
}

#[test]
fn captured_pieces_are_grouped_without_overlap() {
    // Only the kings are left: each strip shows the 15 pieces its side took.
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 60");
    for size in [512, 1024] {
        for names in [false, true] {
            let mut spec = BoardSpec::new(&p).size(size);
            if names {
                spec = spec.names("Alexandra Kosteniuk", "Иван Петров");
            }
            let img = render(&spec);
            for strip in strips(&spec) {
                // Runs of columns with ink, from the first icon on.
                let inked: Vec<bool> = (0..size)
                    .map(|x| img.count_not((x, strip.1, 1, strip.3), theme::STRIP) > 0)
                    .collect();
                let runs =
                    inked.windows(2).filter(|w| w[1] && !w[0]).count() + usize::from(inked[0]);
                // 15 icons, each apart; with names also the king icon and
                // the letters of the name.
                if names {
                    // Too many for the room the name leaves: one icon
                    // per kind and its count.
                    assert!(runs >= 8, "{size}: {runs} separate marks");
                } else {
                    let starts: Vec<usize> = inked
                        .windows(2)
                        .enumerate()
                        .filter(|(_, w)| w[1] && !w[0])
                        .map(|(i, _)| i + 1)
                        .collect();
                    assert_eq!(runs, 15, "{size}: {runs} separate icons at {starts:?}");
                }
            }
        }
    }
}

#[test]
fn themes_colour_the_squares_and_strips_differently() {
    let p = pos(START);
    let mut seen = Vec::new();
    for t in Theme::ALL {
        let spec = BoardSpec::new(&p).theme(t);
        let bytes = Renderer::new().png(&spec).unwrap();
        let img = Image::decode(&bytes);
        let c = t.colors();
        let (x, y, w, h) = spec.square_rect(sq("e4"));
        assert_eq!(img.at(x + w / 2, y + h / 2), c.light, "{t}");
        let (x, y, w, h) = spec.square_rect(sq("d4"));
        assert_eq!(img.at(x + w / 2, y + h / 2), c.dark, "{t}");
        assert_eq!(img.at(3, 3), c.strip, "{t}");
        assert!(!seen.contains(&bytes), "{t} looks like another theme");
        seen.push(bytes);
    }
    assert_eq!("high-contrast".parse::<Theme>(), Ok(Theme::HighContrast));
}

#[test]
fn the_same_spec_gives_the_same_bytes() {
    let p = pos(MATED);
    let spec = BoardSpec::new(&p)
        .last_move(Some(mv("h5", "f7")))
        .names("สมชาย", "Иван")
        .deadline(Some("1d 2h"))
        .theme(Theme::Green);
    let a = Renderer::new().png(&spec).unwrap();
    let r = Renderer::new();
    // Another size and theme first: nothing carries over.
    r.png(&BoardSpec::new(&p).size(256).theme(Theme::Blue))
        .unwrap();
    let b = r.png(&spec).unwrap();
    let c = r.png(&spec).unwrap();
    assert_eq!(a, b);
    assert_eq!(b, c);
    assert!(a.len() < 30_000, "{} bytes", a.len());
}

#[test]
#[ignore = "writes pictures to look at"]
fn dump_pictures() {
    let p = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 60");
    let r = Renderer::new();
    std::fs::write("/tmp/pic/caps512.png", r.png(&BoardSpec::new(&p)).unwrap()).unwrap();
    let e = pos("8/8/3k4/8/8/3K4/8/8 w - - 0 1");
    std::fs::write("/tmp/pic/empty512.png", r.png(&BoardSpec::new(&e)).unwrap()).unwrap();
}

#[test]
fn cli_draws_names_a_deadline_and_a_theme() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("named.png");
    let st = chessbot()
        .args([
            "render",
            "--fen",
            START,
            "--theme",
            "green",
            "--white",
            "Иван",
            "--black",
            "สมชาย",
            "--deadline",
            "2d 4h",
            "-o",
        ])
        .arg(&out)
        .status()
        .unwrap();
    assert!(st.success());
    let img = Image::decode(&std::fs::read(&out).unwrap());
    let green = Theme::Green.colors();
    assert_eq!(img.at(3, 3), green.strip);
    assert!(img.count_not((0, img.h - 40, img.w, 40), green.strip) > 200);
    let bad = chessbot()
        .args(["render", "--fen", START, "--theme", "purple", "-o"])
        .arg(dir.path().join("bad.png"))
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("purple"));
}

// Pictures read on a phone (400 px wide).

/// Discord shows a picture about this wide on a phone.
const PHONE: u32 = 400;

/// The rows of ink (pixels not `bg`) in a rectangle.
fn ink_rows(img: &Image, (x0, y0, w, h): (u32, u32, u32, u32), bg: Rgb) -> u32 {
    let (mut top, mut bottom) = (u32::MAX, 0);
    for y in y0..y0 + h {
        if (x0..x0 + w).any(|x| img.at(x, y) != bg) {
            top = top.min(y);
            bottom = bottom.max(y);
        }
    }
    if top == u32::MAX { 0 } else { bottom - top + 1 }
}

#[test]
fn coordinates_are_at_least_9_px_high_on_a_phone() {
    // An empty board edge: every pixel not the square's colour in a lower
    // corner is the coordinate's.
    let empty = pos("8/8/3k4/8/8/3K4/8/8 w - - 0 1");
    for size in [480, 512, 720, 1024] {
        let spec = BoardSpec::new(&empty).size(size);
        let img = render(&spec);
        let on_phone = |rows: u32| rows as f32 * PHONE as f32 / size as f32;
        // Rank digits, bottom left of the a-file.
        for rank in 1..=8 {
            let s = sq(&format!("a{rank}"));
            let rows = ink_rows(&img, lower_corners(&spec, s)[0], square_colour(s));
            assert!(
                on_phone(rows) >= 9.0,
                "{rank} at {size}: {rows} px, {:.1} px on a phone",
                on_phone(rows)
            );
        }
        // File letters, bottom right of the first rank: those with an
        // ascender as high as the digits, the others at least x-height.
        for file in ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] {
            let s = sq(&format!("{file}1"));
            let rows = ink_rows(&img, lower_corners(&spec, s)[1], square_colour(s));
            let least = if "bdfh".contains(file) { 9.0 } else { 6.5 };
            assert!(
                on_phone(rows) >= least,
                "{file} at {size}: {rows} px, {:.1} px on a phone",
                on_phone(rows)
            );
        }
    }
}

/// WCAG relative luminance of an sRGB colour.
fn luminance(c: Rgb) -> f32 {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
}

/// WCAG contrast ratio of two colours (1 to 21).
fn contrast(a: Rgb, b: Rgb) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[test]
fn black_capture_icons_stand_out_from_the_dark_strip() {
    // White took a queen, a rook, a bishop, a knight and a pawn: black
    // icons in White's strip (the bottom one), no names.
    let p = pos("1nb1kbn1/pppppp1p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    for theme in Theme::ALL {
        let strip = theme.colors().strip;
        for size in [480, 512, 720] {
            let spec = BoardSpec::new(&p).size(size).theme(theme);
            let img = render(&spec);
            let (_, y0, w, h) = strips(&spec)[1];
            // Each icon row's silhouette: the lightest of the three outer
            // pixels at either end of its ink, against the strip. The
            // material lead's digits come after the icons; stop at the
            // first gap wider than an icon.
            let icon_w = h * 4 / 5;
            let inked: Vec<bool> = (0..w)
                .map(|x| (y0..y0 + h).any(|y| img.at(x, y) != strip))
                .collect();
            let first = inked.iter().position(|&i| i).expect("icons");
            let mut end = first;
            let mut gap = 0;
            for (x, &i) in inked.iter().enumerate().skip(first) {
                if i {
                    end = x;
                    gap = 0;
                } else {
                    gap += 1;
                    if gap > icon_w / 2 {
                        break;
                    }
                }
            }
            let (mut rows, mut clear) = (0, 0);
            let mut worst = f32::MAX;
            for y in y0..y0 + h {
                let xs: Vec<u32> = (first as u32..=end as u32)
                    .filter(|&x| img.at(x, y) != strip)
                    .collect();
                if xs.len() < 6 {
                    continue;
                }
                rows += 1;
                let edge = |px: &[u32]| {
                    px.iter()
                        .map(|&x| contrast(img.at(x, y), strip))
                        .fold(0.0f32, f32::max)
                };
                let c = edge(&xs[..3]).min(edge(&xs[xs.len() - 3..]));
                worst = worst.min(c);
                clear += usize::from(c >= 3.0);
            }
            assert!(rows > 0, "{theme} {size}: no icon rows");
            // The light outline: at least 3:1 (WCAG's ratio for graphics)
            // at both ends of most rows of the icons (86% or more measured;
            // the tips of crowns and bases are partly covered pixels).
            assert!(
                clear * 10 >= rows * 8,
                "{theme} {size}: {clear} of {rows} rows stand out (worst {worst:.2}:1)"
            );
        }
    }
}

/// Pixels of the card in `(x, y, w, h)` that differ from the card's
/// background (the most common colour there).
fn card_ink(pm: &[u8], width: u32, (x, y, w, h): (u32, u32, u32, u32)) -> usize {
    let at = |xx: u32, yy: u32| {
        let i = ((yy * width + xx) * 4) as usize;
        [pm[i], pm[i + 1], pm[i + 2]]
    };
    let mut counts: std::collections::HashMap<[u8; 3], usize> = std::collections::HashMap::new();
    for yy in y..y + h {
        for xx in x..x + w {
            *counts.entry(at(xx, yy)).or_default() += 1;
        }
    }
    let background = counts.values().copied().max().unwrap_or(0);
    (w * h) as usize - background
}

#[test]
fn the_card_draws_hebrew_and_arabic_names_and_leaves_out_emoji_it_has_no_face_for() {
    use chessbot::render::SummaryCard;
    let p = pos(START);
    let r = Renderer::new();
    let ink_of = |white: &str, black: &str| {
        let card = SummaryCard::new(&p, white, black, "1-0 · White wins by checkmate");
        let png = card.png(&r).expect("a card");
        assert!(png.starts_with(b"\x89PNG"));
        let pm = card.compose(&r).expect("a card");
        let w = pm.width();
        [Color::White, Color::Black].map(|c| card_ink(pm.data(), w, card.name_rect(c)))
    };
    // Right-to-left names, in the embedded DejaVu Sans: drawn.
    let [hebrew, arabic] = ink_of("שלמה כהן", "محمد علي");
    assert!(hebrew > 300, "Hebrew: {hebrew} ink pixels");
    assert!(arabic > 300, "Arabic: {arabic} ink pixels");
    // Mixed with Latin and digits, no panic, ink for every part.
    let [mixed, _] = ink_of("Ali علي 2024 דוד", "x");
    assert!(mixed > hebrew / 2, "mixed: {mixed}");
    // Emoji: no embedded face has them (no emoji font is embedded), so
    // they are left out whole and the letters around them are drawn.
    let [with_emoji, plain] = ink_of("Alice 🦄✨", "Alice");
    assert!(plain > 300, "Alice: {plain}");
    assert!(
        with_emoji.abs_diff(plain) * 10 <= plain,
        "Alice with emoji {with_emoji} vs Alice {plain}"
    );
    // A name of emoji no face has leaves its line empty (no boxes) and
    // the card is still drawn.
    let [only_emoji, _] = ink_of("👍👨", "Bob");
    assert_eq!(only_emoji, 0, "emoji-only name");
    // DejaVu Sans has monochrome glyphs for a few (389 ink pixels here):
    // those are drawn.
    let [some_emoji, _] = ink_of("😀🎉", "Bob");
    assert!(some_emoji > 0, "{some_emoji}");
}
