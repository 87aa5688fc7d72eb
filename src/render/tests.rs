//! Unit tests of the renderer internals.

use super::pixels::to_indexed;
use super::*;
use crate::chess::{Color, Move, Role, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

fn distinct_colours(pm: &Pixmap) -> usize {
    let mut set = std::collections::HashSet::new();
    for p in pm.data().chunks_exact(4) {
        set.insert([p[0], p[1], p[2]]);
    }
    set.len()
}

#[test]
fn renderer_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Renderer>();
}

#[test]
fn every_piece_file_is_ours_and_parses_without_fonts() {
    for svg in PIECE_SVGS {
        assert!(svg.contains("chessbot original piece"));
        assert!(!svg.contains("<text"));
        let tree = parse(svg);
        assert_eq!(tree.size().width(), 100.0);
        let inner = svg_inner(svg);
        assert!(!inner.contains("<svg") && !inner.contains("</svg>"));
    }
}

#[test]
fn white_pieces_have_a_dark_outline_and_black_pieces_a_light_edge() {
    let lum = |c: &Rgb| u32::from(c.0) + u32::from(c.1) + u32::from(c.2);
    for (i, svg) in PIECE_SVGS.iter().enumerate() {
        let inks = inks(svg);
        let first = inks.iter().map(lum).next().unwrap();
        let light = inks.iter().filter(|c| lum(c) > 600).count();
        let dark = inks.iter().filter(|c| lum(c) < 150).count();
        if i < 6 {
            assert!(first > 700, "white fill in piece {i}");
            assert_eq!((inks.len(), light, dark), (2, 1, 1), "piece {i}");
        } else {
            assert!(first < 150, "black fill in piece {i}");
            assert_eq!((inks.len(), light, dark), (3, 1, 2), "piece {i}");
        }
    }
}

#[test]
fn every_glyph_has_a_path() {
    for c in glyphs::CHARS.chars() {
        assert!(glyphs::path(c).is_some(), "{c}");
        assert_eq!(
            glyphs::index(c).map(|i| glyphs::CHARS.chars().nth(i)),
            Some(Some(c))
        );
    }
    assert!(glyphs::path('<').is_none());
}

#[test]
fn sprites_are_cached_per_size() {
    let r = Renderer::new();
    let a = r.sprites(&Layout::new(512)).unwrap();
    let b = r.sprites(&Layout::new(512)).unwrap();
    assert!(Arc::ptr_eq(&a, &b));
    let c = r.sprites(&Layout::new(256)).unwrap();
    assert!(!Arc::ptr_eq(&a, &c));
    assert_eq!(a.pieces[0].width(), 64);
    assert_eq!(c.pieces[0].width(), 32);
}

#[test]
fn quantised_sprites_keep_their_inks() {
    let r = Renderer::new();
    let s = r.sprites(&Layout::new(512)).unwrap();
    let white_king = &s.pieces[piece_index(Piece {
        color: Color::White,
        role: Role::King,
    })];
    let mut alphas = std::collections::HashSet::new();
    for p in white_king.data().chunks_exact(4) {
        alphas.insert(p[3]);
    }
    assert!(alphas.len() <= LEVELS as usize + 1);
    assert!(alphas.contains(&255) && alphas.contains(&0));
}

#[test]
fn busy_boards_stay_within_256_colours_for_indexed_png() {
    let r = Renderer::new();
    let last = Move::Normal {
        role: Role::Pawn,
        from: "b7".parse().unwrap(),
        to: "b8".parse().unwrap(),
        capture: None,
        promotion: Some(Role::Queen),
    };
    for fen in [START, "1Q4k1/5ppp/8/8/3q4/8/5PPP/QQ4K1 b - - 0 40"] {
        let p = pos(fen);
        for size in [256, 300, 512, 777, 1024] {
            for flip in [false, true] {
                let spec = BoardSpec::new(&p)
                    .size(size)
                    .flip(flip)
                    .last_move(Some(last))
                    .result(Some(BoardResult::Mated(Color::Black)));
                let pm = r.compose(&spec).unwrap();
                let n = distinct_colours(&pm);
                assert!(n <= 256, "{fen} at {size}: {n} colours");
                assert!(to_indexed(pm.data()).is_some());
            }
        }
    }
}

#[test]
fn indexing_is_lossless_and_gives_up_above_256_colours() {
    let mut data = Vec::new();
    for i in 0..300u32 {
        data.extend_from_slice(&[(i % 256) as u8, (i / 256) as u8, 7, 255]);
    }
    assert!(to_indexed(&data).is_none());
    let small = &data[..256 * 4];
    let (palette, idx) = to_indexed(small).unwrap();
    for (px, &i) in small.chunks_exact(4).zip(&idx) {
        let i = usize::from(i) * 3;
        assert_eq!(&palette[i..i + 3], &px[..3]);
    }
}

#[test]
fn xml_escape_escapes_markup_and_drops_control_characters() {
    assert_eq!(
        xml_escape(r#"<a href="x">&'</a>"#),
        "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;"
    );
    assert_eq!(xml_escape("a\u{0}b\u{1b}c"), "abc");
    assert_eq!(xml_escape("Bob ♞"), "Bob ♞");
}

#[test]
fn captures_are_counted_from_the_start_set_and_clamped_with_promotions() {
    let std = PieceCounts::STANDARD;
    let p = pos(START);
    assert_eq!(captured(&p, std, Color::White), [0; 5]);
    assert_eq!(PieceCounts::of(&p), std);
    assert_eq!(material_lead(&p, std, Color::White), 0);
    // Three white queens, three white pawns: two of the five missing pawns
    // promoted, so three were captured; no negative queens.
    let p = pos("1Q4k1/5ppp/8/8/3q4/8/5PPP/QQ4K1 b - - 0 40");
    assert_eq!(captured(&p, std, Color::White), [3, 2, 2, 2, 0]);
    assert_eq!(captured(&p, std, Color::Black), [5, 2, 2, 2, 0]);
    assert_eq!(material_lead(&p, std, Color::White), 18);
    // A pawn that promoted with nothing taken is no capture.
    let p = pos("rnbqkbnN/ppppp3/8/8/8/8/PPPPPPP1/RNBQKBNR b KQq - 0 6");
    assert_eq!(captured(&p, std, Color::White), [0; 5]);
    assert_eq!(captured(&p, std, Color::Black), [3, 0, 0, 1, 0]);
}

#[test]
fn a_custom_start_counts_captures_and_material_from_itself() {
    // Queen and rook against a rook: nothing captured yet, no lead shown.
    let start = pos("4k3/r7/8/8/8/8/8/QR2K3 w - - 0 1");
    let base = PieceCounts::of(&start);
    assert_eq!(captured(&start, base, Color::White), [0; 5]);
    assert_eq!(captured(&start, base, Color::Black), [0; 5]);
    assert_eq!(material_lead(&start, base, Color::White), 0);
    assert_eq!(material_lead(&start, base, Color::Black), 0);
    // Against the standard set the same board shows pieces nobody took.
    assert_eq!(
        material_lead(&start, PieceCounts::STANDARD, Color::White),
        9
    );
    // White takes the rook: one rook captured, White +5.
    let after = pos("4k3/Q7/8/8/8/8/8/1R2K3 b - - 0 1");
    assert_eq!(captured(&after, base, Color::Black), [0, 0, 0, 1, 0]);
    assert_eq!(captured(&after, base, Color::White), [0; 5]);
    assert_eq!(material_lead(&after, base, Color::White), 5);
    // The strips draw no icon and no lead at the start.
    let spec = BoardSpec::new(&start).start(base);
    let items = Layout::new(512).items(&spec);
    assert!(
        !items.iter().any(|i| matches!(
            i,
            Item::Piece { small: true, .. }
                | Item::Glyph {
                    style: GlyphStyle::Strip,
                    ..
                }
        )),
        "{items:?}"
    );
}

#[test]
fn the_material_lead_is_drawn_in_the_leaders_strip() {
    let p = pos("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let lay = Layout::new(512);
    let items = lay.items(&BoardSpec::new(&p));
    let glyphs: String = items
        .iter()
        .filter_map(|i| match i {
            Item::Glyph {
                ch,
                style: GlyphStyle::Strip,
                y,
                ..
            } => {
                assert!(*y > lay.size as i32, "in the bottom strip");
                Some(*ch)
            }
            _ => None,
        })
        .collect();
    assert_eq!(glyphs, "+9");
}

#[test]
fn coordinates_sit_inside_the_edge_squares() {
    let p = pos(START);
    for flip in [false, true] {
        let lay = Layout::new(512);
        let spec = BoardSpec::new(&p).flip(flip);
        let mut files = Vec::new();
        let mut ranks = Vec::new();
        for item in lay.items(&spec) {
            if let Item::Glyph { ch, style, x, y } = item {
                if style == GlyphStyle::Strip {
                    continue;
                }
                assert!((0..512).contains(&x) && y >= lay.strip as i32);
                assert!(y < (lay.strip + lay.size) as i32);
                if ch.is_ascii_digit() {
                    assert!(x < 64, "ranks in the left column");
                    ranks.push((y, ch));
                } else {
                    assert!(y > (lay.strip + 7 * 64) as i32, "files in the bottom row");
                    files.push((x, ch));
                }
            }
        }
        files.sort_unstable();
        ranks.sort_unstable();
        let files: String = files.iter().map(|f| f.1).collect();
        let ranks: String = ranks.iter().map(|r| r.1).collect();
        if flip {
            assert_eq!((files.as_str(), ranks.as_str()), ("hgfedcba", "12345678"));
        } else {
            assert_eq!((files.as_str(), ranks.as_str()), ("abcdefgh", "87654321"));
        }
    }
    assert_eq!(Layout::cell(Square::A1, false), (0, 7));
    assert_eq!(Layout::cell(Square::A1, true), (7, 0));
}

#[test]
#[ignore = "experiment"]
fn experiment_compression() {
    let r = Renderer::new();
    let p = pos(START);
    let pm = r.compose(&BoardSpec::new(&p)).unwrap();
    let (pal, idx) = to_indexed(pm.data()).unwrap();
    for (name, c) in [
        ("l1", png::DeflateCompression::Level(1)),
        ("l2", png::DeflateCompression::Level(2)),
        ("l3", png::DeflateCompression::Level(3)),
        ("l4", png::DeflateCompression::Level(4)),
        ("l6", png::DeflateCompression::Level(6)),
        ("ultra", png::DeflateCompression::FdeflateUltraFast),
    ] {
        for f in [png::Filter::NoFilter, png::Filter::Up] {
            let t = std::time::Instant::now();
            let mut out = Vec::new();
            for _ in 0..40 {
                out.clear();
                let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
                enc.set_color(png::ColorType::Indexed);
                enc.set_palette(pal.clone());
                enc.set_deflate_compression(c);
                enc.set_filter(f);
                let mut w = enc.write_header().unwrap();
                w.write_image_data(&idx).unwrap();
                w.finish().unwrap();
            }
            eprintln!("{name} {f:?}: {} bytes {:?}", out.len(), t.elapsed() / 40);
        }
    }
    let t = std::time::Instant::now();
    for _ in 0..40 {
        let _ = to_indexed(pm.data());
    }
    eprintln!("to_indexed {:?}", t.elapsed() / 40);
    let t = std::time::Instant::now();
    for _ in 0..40 {
        let _ = r.compose(&BoardSpec::new(&p));
    }
    eprintln!("compose {:?}", t.elapsed() / 40);
}

/// Pixels of the picture (absolute) where a sprite drawn at `x`, `y` has
/// at least `min_alpha` coverage.
fn ink_pixels(s: &Pixmap, x: i32, y: i32, min_alpha: u8) -> std::collections::HashSet<(i32, i32)> {
    let mut out = std::collections::HashSet::new();
    for (i, p) in s.data().chunks_exact(4).enumerate() {
        if p[3] >= min_alpha.max(1) {
            let i = i as i32;
            out.insert((x + i % s.width() as i32, y + i / s.width() as i32));
        }
    }
    out
}

/// Coordinates sit in the lower corners that no piece reaches: no pixel
/// of a coordinate meets a pixel of any piece on its square (at 256 px,
/// where squares are 32 px, faint antialiasing may touch but no pixel is
/// half covered by both).
#[test]
fn coordinates_are_never_under_a_piece_at_any_size() {
    let r = Renderer::new();
    let p = pos(START);
    let mut bad = Vec::new();
    for size in [256, 300, 512, 777, 1024] {
        let lay = Layout::new(size);
        let sprites = r.sprites(&lay).unwrap();
        for flip in [false, true] {
            let spec = BoardSpec::new(&p).size(size).flip(flip);
            for item in lay.items(&spec) {
                let Item::Glyph { ch, style, x, y } = item else {
                    continue;
                };
                if style == GlyphStyle::Strip {
                    continue;
                }
                let (ox, oy) = lay.glyph_origin_px(style);
                let g = &sprites.glyphs[style as usize][glyphs::index(ch).unwrap()];
                let faint = if size < 300 { 128 } else { 1 };
                let glyph = ink_pixels(g, x - ox, y - oy, faint);
                // The square the glyph is in, and every piece on it.
                let sq = (0..64u8)
                    .filter_map(Square::new)
                    .find(|s| {
                        let (sx, sy, w, h) = lay.square_rect(*s, flip);
                        (sx..sx + w as i32).contains(&x) && (sy..sy + h as i32).contains(&y)
                    })
                    .unwrap();
                let (sx, sy, w, h) = lay.square_rect(sq, flip);
                let out = glyph
                    .iter()
                    .filter(|px| {
                        !(sx..sx + w as i32).contains(&px.0) || !(sy..sy + h as i32).contains(&px.1)
                    })
                    .count();
                if out > 0 {
                    bad.push(format!("{ch} at {size} leaves its square {sq} by {out} px"));
                }
                for (i, piece) in sprites.pieces.iter().enumerate() {
                    let ink = ink_pixels(piece, sx, sy, faint);
                    let both = glyph.intersection(&ink).count();
                    if both > 0 {
                        bad.push(format!("{ch} under piece {i} on {sq} at {size}: {both} px"));
                    }
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_capture_icons_ink_lies_within_its_measured_extent() {
    let r = Renderer::new();
    for size in [256, 512, 1024] {
        let lay = Layout::new(size);
        let sprites = r.sprites(&lay).unwrap();
        for (i, icon) in sprites.small.iter().enumerate() {
            let (l, rt) = layout::INK_X[i % 6];
            let w = icon.width() as f32;
            // Black icons carry a light outline around their ink.
            let halo = if i >= 6 { lay.halo() as f32 } else { 0.0 };
            // One pixel of antialiasing either side.
            for px in ink_pixels(icon, 0, 0, 1) {
                assert!(
                    px.0 as f32 >= (l * w).floor() - 1.0 - halo
                        && px.0 as f32 <= (rt * w).ceil() + halo,
                    "icon {i} at {size}: ink at x {} outside {l}..{rt} of {w}",
                    px.0
                );
            }
        }
    }
}

#[test]
fn strip_marks_never_overlap_and_stay_in_the_picture() {
    let fens = [
        START,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 60",
        "4k3/pppp4/8/8/8/8/PP6/4K3 b - - 0 40",
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    let long = "Alexandra Kosteniuk-Wolff the Third";
    for fen in fens {
        let p = pos(fen);
        for size in [256, 512, 1024] {
            for names in [None, Some(["Иван Петров", "สมชาย ใจดี"]), Some([long, long])]
            {
                let lay = Layout::new(size);
                let mut spec = BoardSpec::new(&p).size(size).deadline(Some("2d 4h"));
                spec.names = names;
                let mut spans: Vec<(i32, i32, i32)> = Vec::new(); // (y, left, right)
                for item in lay.items(&spec) {
                    let span = match item {
                        Item::Piece {
                            piece,
                            x,
                            y,
                            small: true,
                        } => {
                            let (l, r) = layout::INK_X[piece.role as usize];
                            let ic = lay.icon as f32;
                            (y, x + (l * ic).floor() as i32, x + (r * ic).ceil() as i32)
                        }
                        Item::Glyph {
                            style: GlyphStyle::Strip,
                            x,
                            y,
                            ..
                        } => {
                            let k = lay.glyph_scale(GlyphStyle::Strip);
                            (y, x, x + (10.0 * k).ceil() as i32)
                        }
                        Item::Text(layout::TextItem { x, y, w, .. }) => (y, x, x + w as i32),
                        _ => continue,
                    };
                    let strip = if span.0 < lay.strip as i32 { 0 } else { 1 };
                    assert!(
                        span.1 >= 0 && span.2 <= size as i32,
                        "{fen} {size}: {span:?}"
                    );
                    spans.push((strip, span.1, span.2));
                }
                for s in 0..2 {
                    let mut row: Vec<(i32, i32)> = spans
                        .iter()
                        .filter(|x| x.0 == s)
                        .map(|x| (x.1, x.2))
                        .collect();
                    row.sort_unstable();
                    for w in row.windows(2) {
                        assert!(
                            w[0].1 <= w[1].0,
                            "{fen} {size} {names:?}: {:?} overlaps {:?}",
                            w[0],
                            w[1]
                        );
                    }
                }
            }
        }
    }
}
