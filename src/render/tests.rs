//! Unit tests of the renderer internals.

use super::*;

#[test]
fn renderer_is_send_and_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Renderer>();
}

fn distinct_colours(pm: &Pixmap) -> usize {
    let mut set = std::collections::HashSet::new();
    for p in pm.data().chunks_exact(4) {
        set.insert([p[0], p[1], p[2]]);
    }
    set.len()
}

#[test]
fn debug_colour_counts() {
    let r = Renderer::new();
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "1Q4k1/5ppp/8/8/3q4/8/5PPP/QQ4K1 b - - 0 40",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        for size in [256, 300, 512, 777, 1024] {
            let spec = BoardSpec::new(&pos)
                .size(size)
                .flip(true)
                .last_move(Some(crate::render::cli::parse_squares("b7b8q").unwrap()))
                .result(Some(BoardResult::Mated(Color::Black)));
            let pm = r.compose(&spec).unwrap();
            eprintln!("{fen} {size}: {}", distinct_colours(&pm));
        }
    }
}
