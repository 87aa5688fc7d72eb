//! The GIF encoder may change how it cuts each ply into image blocks, but
//! not what a viewer sees: the GIFs kept in `tests/data/gif/` are decoded
//! with the `gif` crate, composed frame by frame with their disposal, and
//! every ply's picture must be the new GIF's picture at the same moment,
//! pixel for pixel, with the same timing. They were first written by the
//! single-rectangle encoder (main at 0e028d6, `chessbot render --pgn ...
//! --gif`), then again when the strips stopped changing from ply to ply
//! (names bright, no turn bar, a room for the caption in both strips;
//! the frames looked at one by one): `CHESSBOT_BLESS=1` writes them anew.

use chessbot::chess::read_pgn;
use chessbot::render::{GifSpec, Renderer};

/// A decoded GIF: the picture (RGBA) after each frame, and when that frame
/// ends (hundredths of a second from the start).
struct Shown {
    width: usize,
    height: usize,
    frames: Vec<(u32, Vec<u8>)>,
    /// Each frame's own delay.
    delays: Vec<u16>,
}

fn compose(bytes: &[u8]) -> Shown {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(bytes).expect("a GIF");
    let (w, h) = (usize::from(dec.width()), usize::from(dec.height()));
    let mut canvas = vec![0u8; w * h * 4];
    let mut out = Shown {
        width: w,
        height: h,
        frames: Vec::new(),
        delays: Vec::new(),
    };
    let mut t = 0u32;
    // What the previous frame asks to be done before the next one.
    let mut pending: Option<(gif::DisposalMethod, [usize; 4], Vec<u8>)> = None;
    while let Some(f) = dec.read_next_frame().expect("a frame") {
        if let Some((dispose, [l, tp, fw, fh], before)) = pending.take() {
            match dispose {
                gif::DisposalMethod::Background => {
                    for y in tp..tp + fh {
                        canvas[(y * w + l) * 4..(y * w + l + fw) * 4].fill(0);
                    }
                }
                gif::DisposalMethod::Previous => canvas = before,
                _ => {}
            }
        }
        let (l, tp) = (usize::from(f.left), usize::from(f.top));
        let (fw, fh) = (usize::from(f.width), usize::from(f.height));
        assert!(l + fw <= w && tp + fh <= h, "frame inside the picture");
        pending = Some((f.dispose, [l, tp, fw, fh], canvas.clone()));
        for (i, px) in f.buffer.chunks_exact(4).enumerate() {
            if px[3] == 0 {
                continue;
            }
            let at = ((tp + i / fw) * w + l + i % fw) * 4;
            canvas[at..at + 4].copy_from_slice(px);
        }
        t += u32::from(f.delay);
        out.delays.push(f.delay);
        out.frames.push((t, canvas.clone()));
    }
    out
}

/// Only the frames that end a ply (the blocks shown for 2 cs before them
/// belong to it).
fn ply_ends(mut s: Shown) -> Shown {
    let keep: Vec<bool> = s.delays.iter().map(|&d| d != 2).collect();
    let mut k = keep.iter();
    s.frames.retain(|_| *k.next().unwrap_or(&true));
    let mut k = keep.iter();
    s.delays.retain(|_| *k.next().unwrap_or(&true));
    s
}

/// Renders the game of `pgn` as the CLI does (names from the tags) and
/// checks it against the GIF made before.
fn same_as_before(pgn: &str, size: u32, flip: bool, before: &[u8], file: &str) {
    let pgn = read_pgn(pgn).expect("pgn");
    let (w, b) = (pgn.tag("White").unwrap(), pgn.tag("Black").unwrap());
    let spec = GifSpec::new(size).flip(flip).names(w, b);
    let new = Renderer::new().game_gif(&pgn.game, &spec).expect("gif");
    if std::env::var_os("CHESSBOT_BLESS").is_some() {
        let path = format!("{}/tests/data/gif/{file}", env!("CARGO_MANIFEST_DIR"));
        std::fs::write(&path, &new).expect("write the GIF");
        return;
    }
    let (old, new) = (ply_ends(compose(before)), compose(&new));
    assert_eq!((old.width, old.height), (new.width, new.height));
    assert_eq!(old.frames.len(), pgn.game.moves().len() + 1);
    // Every ply of the old GIF ends when one frame of the new one ends,
    // showing the same pixels.
    let mut next = new.frames.iter().enumerate();
    for (ply, (t, pic)) in old.frames.iter().enumerate() {
        let (i, (_, shown)) = next
            .by_ref()
            .find(|(_, (tn, _))| tn >= t)
            .unwrap_or_else(|| panic!("ply {ply}: the new GIF ended before {t} cs"));
        assert_eq!(new.frames[i].0, *t, "ply {ply} ends at the same time");
        let bad = pic
            .chunks_exact(4)
            .zip(shown.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            bad, 0,
            "ply {ply} ({size} px, flip {flip}): {bad} pixels differ"
        );
    }
    assert_eq!(
        old.frames.last().map(|f| f.0),
        new.frames.last().map(|f| f.0)
    );
    // The blocks between plies pass in the shortest delay browsers honour.
    let ends: Vec<u32> = old.frames.iter().map(|f| f.0).collect();
    for (i, (t, _)) in new.frames.iter().enumerate() {
        if !ends.contains(t) {
            assert_eq!(new.delays[i], 2, "frame {i} ending at {t} cs is a step");
        }
    }
}

#[test]
fn gif_shows_every_ply_as_the_single_rectangle_gif_did() {
    same_as_before(
        include_str!("../data/pgn/opera_game.pgn"),
        512,
        false,
        include_bytes!("../data/gif/opera_game_512.gif"),
        "opera_game_512.gif",
    );
    same_as_before(
        include_str!("../data/pgn/kasparov_topalov_19_moves.pgn"),
        256,
        true,
        include_bytes!("../data/gif/kasparov_topalov_19_moves_256_flipped.gif"),
        "kasparov_topalov_19_moves_256_flipped.gif",
    );
}

/// A long game of legal moves (FIDE rules: nothing ends it before the
/// 75-move rule or mate), the first seed whose game lasts `plies`.
fn long_game(plies: usize) -> chessbot::chess::Game {
    use chessbot::chess::{Game, RulesMode};
    for seed in 1u64..500 {
        let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut g = Game::new(RulesMode::Fide);
        while g.moves().len() < plies && g.outcome().is_none() {
            let moves = g.position().legal_moves();
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let m = moves[(s % moves.len() as u64) as usize];
            g.play(m).expect("legal");
        }
        if g.moves().len() == plies && g.outcome().is_none() {
            return g;
        }
    }
    panic!("no game of {plies} plies");
}

#[test]
fn a_300_ply_gif_fits_discord_and_lasts_about_a_minute() {
    let game = long_game(300);
    // The size the bot posts.
    let spec = GifSpec::new(480).names("Alexandra_Konstantinopolskaya", "สมชาย ใจดี");
    let bytes = Renderer::new().game_gif(&game, &spec).expect("gif");
    let shown = compose(&bytes);
    // Discord takes 10 MB (25 MB with boosts); the bot posts at most 8 MB.
    assert!(bytes.len() < 8 << 20, "{} bytes", bytes.len());
    let total = shown.frames.last().unwrap().0;
    // 0.2 s a ply at least: 64.3 s for the whole 300 plies; the bot's GIF
    // shows the last 240 plies of longer games (59.5 s).
    assert_eq!(total, 150 + 300 + 20 * 299, "{total} cs");
    let per_ply = spec.ply_delay_cs(240);
    assert!(150 + 300 + u32::from(per_ply) * 239 <= 6000, "{per_ply}");
    println!(
        "300 plies at 480 px: {} bytes ({:.2} KB a position), {} image blocks, {:.1} s",
        bytes.len(),
        bytes.len() as f64 / 1024.0 / 301.0,
        shown.delays.len(),
        f64::from(total) / 100.0
    );
}
