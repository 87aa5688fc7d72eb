//! Board pictures: one PNG per iteration at 256, 512 and 1024 px, broken
//! into composing (squares and sprites) and PNG encoding. Also prints the
//! PNG sizes. Sprites are prepared before timing, as in the bot.

use std::hint::black_box;

use chessbot::chess::{Color, Move, Position, Role};
use chessbot::render::{BoardResult, BoardSpec, Renderer, encode_png};
use criterion::{Criterion, criterion_group, criterion_main};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const MIDDLE: &str = "r3k2r/pp1n1ppp/2p1pn2/q2p4/1bPP1B2/2N1PN2/PPQ2PPP/R3KB1R w KQkq - 0 9";
const MATED: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

fn bench(c: &mut Criterion) {
    let renderer = Renderer::new();
    let boards = [
        ("start", Position::from_fen(START).unwrap(), None, None),
        (
            "middlegame",
            Position::from_fen(MIDDLE).unwrap(),
            Some(Move::Normal {
                role: Role::Queen,
                from: "d8".parse().unwrap(),
                to: "a5".parse().unwrap(),
                capture: None,
                promotion: None,
            }),
            None,
        ),
        (
            "mate",
            Position::from_fen(MATED).unwrap(),
            Some(Move::Normal {
                role: Role::Queen,
                from: "h5".parse().unwrap(),
                to: "f7".parse().unwrap(),
                capture: Some(Role::Pawn),
                promotion: None,
            }),
            Some(BoardResult::Mated(Color::Black)),
        ),
    ];
    for size in [256, 512, 1024] {
        for (name, pos, last, result) in &boards {
            let spec = BoardSpec::new(pos)
                .size(size)
                .last_move(*last)
                .result(*result);
            let png = renderer.png(&spec).unwrap();
            println!("png bytes {name} {size}: {}", png.len());
            let mut g = c.benchmark_group(format!("render/{size}/{name}"));
            g.bench_function("png", |b| {
                b.iter(|| renderer.png(black_box(&spec)).unwrap())
            });
            g.bench_function("compose", |b| {
                b.iter(|| renderer.compose(black_box(&spec)).unwrap())
            });
            let pm = renderer.compose(&spec).unwrap();
            g.bench_function("encode", |b| b.iter(|| encode_png(black_box(&pm)).unwrap()));
            g.finish();
        }
    }
    // For comparison, an external board SVG (e.g. python-chess's
    // `chess.svg.board(size=512)`, not part of this repository) through
    // resvg the plain way: parse, rasterise, encode RGBA.
    if let Ok(path) = std::env::var("CHESSBOT_REFERENCE_SVG") {
        let text = std::fs::read_to_string(&path).unwrap();
        let opt = resvg::usvg::Options::default();
        let once = || {
            let tree = resvg::usvg::Tree::from_str(&text, &opt).unwrap();
            let mut pm = resvg::tiny_skia::Pixmap::new(512, 512).unwrap();
            let k = 512.0 / tree.size().width();
            resvg::render(
                &tree,
                resvg::tiny_skia::Transform::from_scale(k, k),
                &mut pm.as_mut(),
            );
            pm.encode_png().unwrap()
        };
        println!("png bytes reference svg via resvg 512: {}", once().len());
        c.bench_function("render/512/reference_svg_via_resvg", |b| b.iter(once));
    }
    let pos = Position::from_fen(START).unwrap();
    c.bench_function("render/512/svg", |b| {
        b.iter(|| renderer.svg(black_box(&BoardSpec::new(&pos))))
    });
    c.bench_function("render/prepare_512 (new renderer, first board)", |b| {
        b.iter(|| Renderer::new().png(&BoardSpec::new(&pos)).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench
}
criterion_main!(benches);
