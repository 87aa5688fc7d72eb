//! Board pictures: one PNG per iteration at 256, 512 and 1024 px, broken
//! into composing (palette indices: tiles and sprites) and the whole PNG
//! (composing plus encoding). Also prints the PNG sizes. Palettes and
//! tiles are prepared before timing, as in the bot. `-- render/512` runs
//! the 512 px boards only. When Python has `chess` and `cairosvg`, the same
//! start position through python-chess + cairosvg is timed side by side.
//!
//! `render/512/game`: every position of a real game as the bot sends it
//! (the last move, names, the deadline, the side to move at the bottom),
//! printing ms and KB per board. `console`: the console end to end, one
//! process with a PNG per move against one without pictures (in-memory
//! and file SQLite), printing ms per board and moves per second.
//!
//! `gif`: the animated GIF of two real games at 512 px and of a 40-move
//! game at 512 and 720 px, printing ms and KB per frame, a frame being a
//! position (the targets: 0.20 ms at 512 px, 3.5 KB at 720 px). `card`: the summary card,
//! and the time to index the opening table.

use std::hint::black_box;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chessbot::chess::{Color, Game, Move, Position, Role, read_pgn};
use chessbot::openings;
use chessbot::render::{BoardResult, BoardSpec, GifSpec, Renderer, SummaryCard, Theme};
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
            bench_board(c, &renderer, &format!("render/{size}/{name}"), &spec);
        }
    }
    // What the bot sends: names, the deadline, another theme.
    let pos = Position::from_fen(MIDDLE).unwrap();
    let spec = BoardSpec::new(&pos)
        .names("Alexandra Kosteniuk", "สมชาย ใจดี")
        .deadline(Some("2d 4h"))
        .theme(Theme::Blue);
    bench_board(c, &renderer, "render/512/named_blue", &spec);
    bench_game(c, &renderer);
    python_chess_cairosvg();
    console_end_to_end();
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

fn bench_board(c: &mut Criterion, renderer: &Renderer, id: &str, spec: &BoardSpec<'_>) {
    let png = renderer.png(spec).unwrap();
    println!("png bytes {id}: {}", png.len());
    let mut g = c.benchmark_group(id);
    g.bench_function("png", |b| b.iter(|| renderer.png(black_box(spec)).unwrap()));
    g.bench_function("compose", |b| {
        b.iter(|| renderer.compose_only(black_box(spec)).unwrap())
    });
    g.finish();
}

/// Whether a benchmark name filter given on the command line leaves `id`
/// out.
fn filtered_out(id: &str) -> bool {
    std::env::args()
        .skip(1)
        .any(|a| !a.starts_with('-') && !id.contains(a.as_str()))
}

/// Every position of Kasparov - Topalov as the bot shows it after each
/// move.
fn bench_game(c: &mut Criterion, renderer: &Renderer) {
    let id = "render/512/game";
    if filtered_out(id) {
        return;
    }
    let game = read_pgn(GAMES[1].1).unwrap().game;
    let mut replay = Game::from_position(game.start().clone(), game.rules());
    let mut positions = vec![(replay.position().clone(), None)];
    for m in game.moves() {
        replay.play(*m).unwrap();
        positions.push((replay.position().clone(), Some(*m)));
    }
    let specs: Vec<BoardSpec<'_>> = positions
        .iter()
        .map(|(p, m)| {
            BoardSpec::new(p)
                .last_move(*m)
                .flip(p.turn() == Color::Black)
                .names("Garry Kasparov", "Veselin Topalov")
                .deadline(Some("3d 0h"))
        })
        .collect();
    let all = || -> usize { specs.iter().map(|s| renderer.png(s).unwrap().len()).sum() };
    let bytes = all();
    let runs = 20;
    let t = Instant::now();
    for _ in 0..runs {
        black_box(all());
    }
    let per = t.elapsed().as_secs_f64() * 1000.0 / (runs * specs.len()) as f64;
    let t = Instant::now();
    for _ in 0..runs {
        for s in &specs {
            black_box(renderer.compose_only(s).unwrap());
        }
    }
    let compose = t.elapsed().as_secs_f64() * 1000.0 / (runs * specs.len()) as f64;
    println!(
        "{id}: {} boards, {per:.3} ms per board ({compose:.3} ms composing), {:.1} KB per board",
        specs.len(),
        bytes as f64 / 1024.0 / specs.len() as f64
    );
    c.bench_function(&format!("{id} ({} boards)", specs.len()), |b| b.iter(all));
}

/// The console script: `games` games in their own channels, each playing
/// Kasparov - Topalov's moves (the game never ends: Black resigned).
fn console_script(games: usize) -> (String, usize) {
    let game = read_pgn(GAMES[1].1).unwrap().game;
    let mut s = String::new();
    for g in 0..games {
        s.push_str(&format!(
            "w{g}@c{g}: /chess challenge @b{g} color:white days:3\n"
        ));
        s.push_str(&format!("b{g}@c{g}: /chess accept\n"));
    }
    for (ply, san) in game.sans().iter().enumerate() {
        for g in 0..games {
            let who = if ply % 2 == 0 { 'w' } else { 'b' };
            s.push_str(&format!("{who}{g}@c{g}: /chess move {san}\n"));
        }
    }
    (s, games * game.sans().len())
}

/// One console process over `script`: its wall time and the pictures
/// it wrote.
fn run_console(
    script: &str,
    db: &str,
    images: Option<&Path>,
    all_cores: bool,
) -> (Duration, usize) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_chessbot"));
    cmd.args(["console", "--db", db]);
    if all_cores {
        cmd.arg("--all-cores");
    }
    cmd.env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(dir) = images {
        // A fresh directory, never one just emptied: creating files next
        // to thousands just deleted costs ext4 a scan of recently deleted
        // inodes per file (it once cost a third of the time measured per
        // board).
        cmd.arg("--images").arg(dir);
    }
    let t = Instant::now();
    let mut child = cmd.spawn().expect("console starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(script.as_bytes()).expect("script");
    }
    assert!(child.wait().expect("console ends").success());
    let elapsed = t.elapsed();
    let boards = images.map_or(0, |d| std::fs::read_dir(d).map_or(0, Iterator::count));
    (elapsed, boards)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// Console with `--images` minus console without, per board, on an
/// in-memory and on a file SQLite (each run alternately, medians of 5);
/// as it runs (the command path on one CPU) and with `--all-cores`.
fn console_end_to_end() {
    if filtered_out("console") {
        return;
    }
    let (script, moves) = console_script(12);
    let dir = tempfile::tempdir().unwrap();
    let images = dir.path().join("images");
    for kind in ["memory", "file"] {
        for all_cores in [false, true] {
            let mode = if all_cores { "--all-cores" } else { "one CPU" };
            let (mut plain, mut with) = (Vec::new(), Vec::new());
            let mut boards = 0;
            for run in 0..5 {
                let db = match kind {
                    "memory" => "sqlite::memory:".to_string(),
                    _ => format!(
                        "sqlite://{}",
                        dir.path()
                            .join(format!("c{run}{}.db", u8::from(all_cores)))
                            .display()
                    ),
                };
                plain.push(run_console(&script, &db, None, all_cores).0);
                let db2 = db.replace(".db", "i.db");
                let images = images.join(format!("{kind}-{run}-{}", u8::from(all_cores)));
                let (t, n) = run_console(&script, &db2, Some(&images), all_cores);
                with.push(t);
                boards = n;
            }
            let (p, w) = (median(plain), median(with));
            let per_board = (w.as_secs_f64() - p.as_secs_f64()) * 1000.0 / boards.max(1) as f64;
            println!(
                "console {kind} SQLite ({mode}), {moves} moves: {:.0} moves/s without pictures, {:.0} moves/s with a PNG per move ({boards} boards); a board end to end: {per_board:.3} ms",
                moves as f64 / p.as_secs_f64(),
                moves as f64 / w.as_secs_f64(),
            );
        }
    }
}

/// The start position at 512 px through python-chess's SVG and cairosvg,
/// in one Python process (so start-up is not counted); skipped when the
/// modules are missing.
fn python_chess_cairosvg() {
    if filtered_out("render/512/python_chess_cairosvg") {
        return;
    }
    let script = r#"
import time, chess, chess.svg, cairosvg
b = chess.Board()
def once():
    return cairosvg.svg2png(bytestring=chess.svg.board(b, size=512).encode())
png = once()
n = 50
t = time.perf_counter()
for _ in range(n):
    once()
print(f"{(time.perf_counter() - t) / n * 1000:.3f} {len(png)}")
"#;
    match std::process::Command::new("python3")
        .args(["-c", script])
        .output()
    {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8_lossy(&out.stdout);
            let mut parts = text.split_whitespace();
            let ms = parts.next().unwrap_or("?");
            let bytes = parts.next().unwrap_or("?");
            println!("python-chess + cairosvg 512 start: {ms} ms, {bytes} bytes");
        }
        _ => println!("python-chess + cairosvg not installed: comparison skipped"),
    }
}

const GAMES: [(&str, &str); 2] = [
    (
        "opera_game",
        include_str!("../tests/data/pgn/opera_game.pgn"),
    ),
    (
        "kasparov_topalov_1999",
        include_str!("../tests/data/pgn/kasparov_topalov_1999.pgn"),
    ),
];

/// The first `plies` plies of a game.
fn first_plies(game: &Game, plies: usize) -> Game {
    let mut g = Game::from_position(game.start().clone(), game.rules());
    for m in &game.moves()[..plies.min(game.moves().len())] {
        g.play(*m).unwrap();
    }
    g
}

fn bench_gif(c: &mut Criterion) {
    let renderer = Renderer::new();
    let kasparov = read_pgn(GAMES[1].1).unwrap().game;
    let games = [
        ("opera_game", read_pgn(GAMES[0].1).unwrap().game),
        ("kasparov_topalov_1999", kasparov.clone()),
        // A full 40-move game, the length the targets are set for.
        ("40_moves", first_plies(&kasparov, 80)),
    ];
    for size in [512, 720] {
        // As the bot sends it: names in the strips, a caption on each frame.
        let spec = GifSpec::new(size).names("Paul Morphy", "Duke Karl / Count Isouard");
        let mut g = c.benchmark_group(format!("gif/{size}"));
        for (name, game) in &games {
            if *name != "40_moves" && size != 512 {
                continue;
            }
            // A frame is a position (the start and one per ply); the GIF
            // may send a ply as several image blocks.
            let frames = game.moves().len() + 1;
            // Prepares the palette and tiles (once per size in the bot).
            let bytes = renderer.game_gif(game, &spec).unwrap();
            let runs = 20;
            let t = Instant::now();
            for _ in 0..runs {
                black_box(renderer.game_gif(black_box(game), &spec).unwrap());
            }
            let ms = t.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
            println!(
                "gif {name} {size}px: {frames} frames, {} bytes, {:.3} ms/frame, {:.2} KB/frame",
                bytes.len(),
                ms / frames as f64,
                bytes.len() as f64 / 1024.0 / frames as f64
            );
            g.bench_function(format!("{name} ({frames} frames)"), |b| {
                b.iter(|| renderer.game_gif(black_box(game), &spec).unwrap())
            });
        }
        g.finish();
    }
    c.bench_function("gif/prepare_512 (palette and tiles)", |b| {
        b.iter(|| Renderer::new().gif_palette_len(512).unwrap())
    });
}

fn bench_card(c: &mut Criterion) {
    let t = Instant::now();
    openings::preload();
    println!(
        "opening index: {} lines in {:.1} ms",
        openings::len(),
        t.elapsed().as_secs_f64() * 1000.0
    );
    let renderer = Renderer::new();
    let game = read_pgn(GAMES[0].1).unwrap().game;
    let opening = openings::lookup_game(&game).map(ToString::to_string);
    let mut card = SummaryCard::new(
        game.position(),
        "Paul Morphy",
        "สมชาย ใจดี",
        "Paul Morphy wins",
    );
    card.white_rating = Some("1500 → 1662 (+162)");
    card.black_rating = Some("1500 → 1338 (−162)");
    card.termination = Some("by checkmate");
    card.opening = opening.as_deref();
    card.moves = Some("17 moves");
    card.days = Some("3 days");
    card.last_move = game.moves().last().copied();
    card.board_result = BoardResult::from_outcome(game.outcome());
    let t = Instant::now();
    let png = card.png(&renderer).unwrap();
    println!(
        "card: {} bytes, first card (fonts, sprites) {:.1} ms",
        png.len(),
        t.elapsed().as_secs_f64() * 1000.0
    );
    c.bench_function("card/png", |b| {
        b.iter(|| card.png(black_box(&renderer)).unwrap())
    });
    c.bench_function("card/compose", |b| {
        b.iter(|| card.compose(black_box(&renderer)).unwrap())
    });
    c.bench_function("openings/lookup_game", |b| {
        b.iter(|| openings::lookup_game(black_box(&game)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench, bench_gif, bench_card
}
criterion_main!(benches);
