//! Unit tests of the GIF encoder: frames, timing, blocks and palettes.

use super::*;
use crate::chess::{Color, Outcome, Position, RulesMode, Termination};

/// Morphy's Opera Game, 1858: 33 plies ending in mate.
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 \
    Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

fn game(moves: &str) -> Game {
    let mut g = Game::new(RulesMode::House);
    for m in moves.split_whitespace() {
        g.play_input(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

struct Decoded {
    /// `(delay, left, top, width, height)` of each position: its
    /// whole delay (the steps' too) and its last block.
    frames: Vec<[u16; 5]>,
    /// The pixels sent for each position, all blocks together.
    areas: Vec<u32>,
    /// The image blocks in all.
    blocks: usize,
    /// The picture once each position is whole, RGB.
    shown: Vec<Vec<u8>>,
    repeat: ::gif::Repeat,
}

/// Decodes a GIF position by position: blocks shown for [`STEP_CS`]
/// belong to the position that follows.
fn decode(bytes: &[u8]) -> Decoded {
    let mut opts = ::gif::DecodeOptions::new();
    opts.set_color_output(::gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (usize::from(dec.width()), usize::from(dec.height()));
    let mut canvas = vec![0u8; w * h * 3];
    let mut out = Decoded {
        frames: Vec::new(),
        areas: Vec::new(),
        blocks: 0,
        shown: Vec::new(),
        repeat: dec.repeat(),
    };
    let (mut steps, mut area) = (0u16, 0u32);
    // The picture to go back to after a passing block.
    let mut restore: Option<Vec<u8>> = None;
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        out.blocks += 1;
        if let Some(before) = restore.take() {
            canvas = before;
        }
        match f.dispose {
            ::gif::DisposalMethod::Keep => {}
            ::gif::DisposalMethod::Previous => restore = Some(canvas.clone()),
            d => panic!("disposal {d:?}"),
        }
        let fw = usize::from(f.width);
        for (i, px) in f.buffer.chunks_exact(4).enumerate() {
            if px[3] == 0 {
                continue;
            }
            let (x, y) = (usize::from(f.left) + i % fw, usize::from(f.top) + i / fw);
            canvas[(y * w + x) * 3..(y * w + x) * 3 + 3].copy_from_slice(&px[..3]);
        }
        area += u32::from(f.width) * u32::from(f.height);
        if f.delay == STEP_CS {
            steps += f.delay;
            continue;
        }
        out.frames
            .push([steps + f.delay, f.left, f.top, f.width, f.height]);
        out.areas.push(area);
        (steps, area) = (0, 0);
        out.shown.push(canvas.clone());
    }
    assert_eq!(steps, 0, "the last block is a position's");
    out
}

/// `spec` as a frame of the GIF of `game` draws it (the room kept
/// for the caption).
fn framed<'a>(game: &Game, spec: BoardSpec<'a>, is_final: bool) -> BoardSpec<'a> {
    let f = Frames::new(game, &Layout::new(spec.size));
    let mut spec = spec;
    spec.caption_room = Some(if is_final { f.final_room } else { f.room });
    spec
}

/// The PNG compositor's picture of a frame, RGB.
fn reference(r: &Renderer, spec: &BoardSpec<'_>) -> Vec<u8> {
    r.compose(spec)
        .unwrap()
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect()
}

fn mismatches(a: &[u8], b: &[u8]) -> usize {
    a.chunks_exact(3)
        .zip(b.chunks_exact(3))
        .filter(|(x, y)| x != y)
        .count()
}

#[test]
fn one_frame_per_position_paced_with_a_long_last_frame_looping() {
    let g = game(OPERA);
    let r = Renderer::new();
    let spec = GifSpec::new(256);
    let bytes = r.game_gif(&g, &spec).unwrap();
    let d = decode(&bytes);
    assert_eq!(d.frames.len(), g.moves().len() + 1);
    assert_eq!(d.repeat, ::gif::Repeat::Infinite);
    let (last, rest) = d.frames.split_last().unwrap();
    assert_eq!(last[0], GifSpec::DEFAULT_FINAL_DELAY_CS);
    assert_eq!(rest[0][0], GifSpec::DEFAULT_FIRST_DELAY_CS);
    // 33 plies: 0.8 s each, 29.1 s in all.
    assert!(rest[1..].iter().all(|f| f[0] == 80), "{:?}", d.frames);
    let h = Layout::new(256).height as u16;
    assert_eq!(&d.frames[0][1..], &[0, 0, 256, h]);
}

#[test]
fn long_games_go_faster_and_last_at_most_a_minute() {
    let spec = GifSpec::new(512);
    for plies in [0usize, 1, 2, 20, 60, 71, 142, 200, 400] {
        let d = u32::from(spec.ply_delay_cs(plies));
        assert!((20..=80).contains(&d), "{plies}: {d}");
        let total = 150 + 300 + d * plies.saturating_sub(1) as u32;
        if plies <= 277 {
            assert!(total <= GifSpec::MAX_TOTAL_CS, "{plies}: {total} cs");
        }
        if plies <= 60 {
            assert_eq!(d, 80, "short games at 0.8 s a ply");
        }
    }
}

#[test]
fn every_frame_shows_what_the_png_renderer_draws() {
    let g = game(OPERA);
    let r = Renderer::new();
    for flip in [false, true] {
        let spec = GifSpec::new(512).flip(flip).names("Morphy", "Duke Karl");
        let d = decode(&r.game_gif(&g, &spec).unwrap());
        let mut pos = g.start().clone();
        for (i, shown) in d.shown.iter().enumerate() {
            let last = i.checked_sub(1).map(|j| g.moves()[j]);
            let is_final = i == g.moves().len();
            let text = last.map(|m| {
                let c = caption(&pos, &g.sans()[i - 1], is_final.then_some("1-0"));
                pos.play_unchecked(m);
                c
            });
            let result = is_final.then_some(BoardResult::Mated(Color::Black));
            let board = BoardSpec::new(&pos)
                .size(512)
                .flip(flip)
                .last_move(last)
                .result(result)
                .names("Morphy", "Duke Karl")
                .caption(text.as_deref());
            let board = framed(&g, board, is_final);
            let bad = mismatches(shown, &reference(&r, &board));
            assert_eq!(bad, 0, "frame {i} flip {flip}: {bad} pixels differ");
        }
    }
}

#[test]
fn a_long_game_with_castling_checks_and_captures_shows_every_frame_right() {
    let g = crate::chess::read_pgn(include_str!(
        "../../../tests/data/pgn/kasparov_topalov_1999.pgn"
    ))
    .unwrap()
    .game;
    let r = Renderer::new();
    let spec = GifSpec::new(720).flip(true).names("Kasparov", "Topalov");
    let d = decode(&r.game_gif(&g, &spec).unwrap());
    assert_eq!(d.shown.len(), g.moves().len() + 1);
    let result = BoardResult::from_outcome(g.outcome());
    let f = Frames::new(&g, &Layout::new(720));
    let mut pos = g.start().clone();
    for (i, shown) in d.shown.iter().enumerate() {
        let last = i.checked_sub(1).map(|j| g.moves()[j]);
        if let Some(m) = last {
            pos.play_unchecked(m);
        }
        let is_final = i == g.moves().len();
        let board = BoardSpec::new(&pos)
            .size(720)
            .flip(true)
            .last_move(last)
            .result(if is_final { result } else { None })
            .names("Kasparov", "Topalov")
            .caption(i.checked_sub(1).map(|j| f.captions[j].as_str()));
        let board = framed(&g, board, is_final);
        let bad = mismatches(shown, &reference(&r, &board));
        assert_eq!(bad, 0, "frame {i}: {bad} pixels differ");
    }
}

#[test]
fn captions_name_the_move_and_the_result() {
    let p = Position::startpos();
    assert_eq!(caption(&p, "e4", None), "1. e4");
    let p =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_eq!(caption(&p, "e5", None), "1... e5");
    assert_eq!(caption(&p, "Qxf2#", Some("0-1")), "1... Qxf2#  0-1");
}

#[test]
fn later_frames_are_small_rectangles() {
    let g = game(OPERA);
    let r = Renderer::new();
    let spec = GifSpec::new(512).names("Morphy", "Duke Karl");
    let bytes = r.game_gif(&g, &spec).unwrap();
    let d = decode(&bytes);
    let lay = Layout::new(512);
    let full = 512 * lay.height;
    let mean = d.areas[1..].iter().sum::<u32>() / (d.areas.len() - 1) as u32;
    let per_frame = bytes.len() / d.frames.len();
    println!(
        "{} frames ({} blocks), {} bytes, {per_frame} bytes a frame, mean area {mean} px",
        d.frames.len(),
        d.blocks,
        bytes.len()
    );
    // A ply sends the squares that changed and the mover's strip,
    // never the rows between them.
    assert!(mean <= full / 3, "mean area {mean} px");
    assert!(per_frame < 5000, "{per_frame} bytes per frame");
}

#[test]
fn the_palette_fits_and_the_size_is_checked() {
    let r = Renderer::new();
    for size in [256, 512, 1024] {
        let n = r.gif_palette_len(size).unwrap();
        assert!(n <= 255, "{size}: {n} colours");
    }
    assert!(matches!(
        r.game_gif(&Game::new(RulesMode::House), &GifSpec::new(100)),
        Err(RenderError::Size(100))
    ));
}

#[test]
fn a_custom_start_counts_captures_from_it() {
    let start = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let mut g = Game::from_position(start.clone(), RulesMode::House);
    for m in ["Kd2", "Kd7"] {
        g.play_input(m).unwrap();
    }
    let r = Renderer::new();
    let d = decode(&r.game_gif(&g, &GifSpec::new(256).names("A", "B")).unwrap());
    let first = framed(&g, BoardSpec::new(&start).size(256).names("A", "B"), false);
    let own = first.clone().start(PieceCounts::of(&start));
    // No captures and no lead: what the board pictures show.
    assert_eq!(mismatches(&d.shown[0], &reference(&r, &own)), 0);
    assert!(mismatches(&d.shown[0], &reference(&r, &first)) > 100);
}

#[test]
fn a_game_without_moves_is_one_long_frame() {
    let r = Renderer::new();
    let d = decode(
        &r.game_gif(&Game::new(RulesMode::House), &GifSpec::new(256))
            .unwrap(),
    );
    assert_eq!(d.frames.len(), 1);
    assert_eq!(d.frames[0][0], GifSpec::DEFAULT_FINAL_DELAY_CS);
}

#[test]
fn a_resignation_recorded_on_the_game_gets_a_badge_and_the_score() {
    let mut g = game("e4 e5");
    g.end(Outcome::new(Some(Color::White), Termination::Resignation));
    let r = Renderer::new();
    let d = decode(&r.game_gif(&g, &GifSpec::new(256)).unwrap());
    let pos = g.position().clone();
    let before = game("e4");
    let text = caption(before.position(), "e5", Some("1-0"));
    let board = BoardSpec::new(&pos)
        .size(256)
        .last_move(g.moves().last().copied())
        .result(Some(BoardResult::Won(Color::White)))
        .caption(Some(&text));
    let board = framed(&g, board, true);
    let shown = d.shown.last().unwrap();
    assert_eq!(mismatches(shown, &reference(&r, &board)), 0);
    let plain = BoardSpec::new(&pos)
        .size(256)
        .last_move(g.moves().last().copied());
    assert!(mismatches(shown, &reference(&r, &plain)) > 50);
}
