//! The GIF's size and speed per frame (a frame being a position: the
//! start and one per ply, whatever the number of image blocks) for a
//! 40-move game, the figures README gives: `cargo test --locked --test it gif_measure --
//! --ignored --nocapture` prints them (in the test profile, opt-level 1:
//! the times are an upper bound of a release build's).

use std::time::Instant;

use chessbot::chess::{Game, RulesMode, read_pgn};
use chessbot::render::{GifSpec, Renderer};

/// The first 40 moves (80 plies) of Kasparov - Topalov, Wijk aan Zee 1999.
fn forty_moves() -> Game {
    let full = read_pgn(include_str!("../data/pgn/kasparov_topalov_1999.pgn"))
        .expect("pgn")
        .game;
    let mut game = Game::from_position(full.start().clone(), RulesMode::House);
    for m in &full.moves()[..80] {
        game.play(*m).expect("legal");
    }
    game
}

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn gif_measure() {
    let game = forty_moves();
    let frames = game.moves().len() + 1;
    let r = Renderer::new();
    for size in [512, 720] {
        let spec = GifSpec::new(size).names("Garry Kasparov", "Veselin Topalov");
        // The first call prepares the palette and tiles (once per size).
        let bytes = r.game_gif(&game, &spec).expect("gif");
        // GIF_MEASURE_DIR=dir keeps the GIFs, to look at their blocks.
        if let Some(dir) = std::env::var_os("GIF_MEASURE_DIR") {
            let path = std::path::Path::new(&dir).join(format!("forty_moves_{size}.gif"));
            std::fs::write(&path, &bytes).expect("write the GIF");
        }
        let runs = 10;
        let t = Instant::now();
        for _ in 0..runs {
            std::hint::black_box(r.game_gif(&game, &spec).expect("gif"));
        }
        let ms = t.elapsed().as_secs_f64() * 1000.0 / f64::from(runs);
        let mut decoder = gif::DecodeOptions::new()
            .read_info(&bytes[..])
            .expect("gif");
        // `n` image blocks; a frame is a position (several blocks).
        let (mut n, mut cs) = (0usize, 0u32);
        while let Some(f) = decoder.read_next_frame().expect("frame") {
            n += 1;
            cs += u32::from(f.delay);
        }
        println!(
            "gif 40 moves {size}px: {frames} positions, {n} image blocks, {} bytes, \
             {:.2} KB/frame, {:.3} ms/frame, {:.1} s in all",
            bytes.len(),
            bytes.len() as f64 / 1024.0 / frames as f64,
            ms / frames as f64,
            f64::from(cs) / 100.0
        );
        assert!(n >= frames);
    }
}
