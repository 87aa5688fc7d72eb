//! The pictures by their rules: one orientation for every
//! public picture of a game in its channel (checked on the decoded PNGs),
//! a player's own side in pictures sent to them alone, captures and
//! material counted from a custom start, the summary card's headline and
//! the GIF's frames and pacing.

use std::io::Cursor;
use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::chess::{Position, Square};
use chessbot::render::{BoardSpec, GifSpec, Renderer, SummaryCard};
use chessbot::service::{Actor, BoardImage, GameService, ManualClock, Place, Reply, board_spec};
use chrono::{Duration, Utc};

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

struct H {
    svc: GameService,
    clock: Arc<ManualClock>,
}

impl H {
    async fn new() -> H {
        let clock = Arc::new(ManualClock::new(Utc::now()));
        let svc = GameService::open(super::test_store().await, clock.clone())
            .await
            .expect("service");
        H { svc, clock }
    }

    async fn say_in(&self, ch: &str, who: &str, line: &str) -> Vec<Reply> {
        let cmd = text::parse(line).expect("parses").expect("a command");
        let by = Actor {
            id: who.into(),
            name: who.into(),
        };
        self.svc.handle(&place(ch), &by, cmd).await
    }

    async fn say(&self, who: &str, line: &str) -> Vec<Reply> {
        self.say_in("general", who, line).await
    }
}

/// RGB of the decoded PNG of `board`, and its width.
fn pixels(r: &Renderer, board: &BoardImage) -> (Vec<u8>, u32) {
    let pos = Position::from_fen(&board.fen).expect("fen");
    let png_bytes = r.png(&board_spec(board, &pos)).expect("png");
    let mut dec = png::Decoder::new(Cursor::new(png_bytes));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    (buf, info.width)
}

/// Whether the piece standing on the square drawn bottom-left (a1 from
/// White's side) looks white: the mean brightness of the middle of that
/// square.
fn bottom_left_is_light(r: &Renderer, board: &BoardImage) -> bool {
    let pos = Position::from_fen(&board.fen).expect("fen");
    let spec = board_spec(board, &pos);
    // The square drawn bottom-left is a1 unflipped, h8 flipped.
    let sq = if board.flip { Square::H8 } else { Square::A1 };
    let (x, y, w, h) = spec.square_rect(sq);
    let (px, width) = pixels(r, board);
    let mut sum = 0u64;
    let mut n = 0u64;
    for yy in y + h * 2 / 5..y + h * 3 / 5 {
        for xx in x + w * 2 / 5..x + w * 3 / 5 {
            let i = ((yy * width + xx) * 3) as usize;
            sum += u64::from(px[i]) + u64::from(px[i + 1]) + u64::from(px[i + 2]);
            n += 3;
        }
    }
    sum / n > 150
}

fn boards(r: &[Reply]) -> Vec<(Place, BoardImage)> {
    let mut out = Vec::new();
    for x in r {
        if let Some(b) = &x.board {
            out.push((x.place.clone(), b.clone()));
        }
        if let Some(f) = &x.fallback
            && let Some(b) = &f.board
        {
            out.push((f.place.clone(), b.clone()));
        }
    }
    out
}

#[tokio::test]
async fn every_channel_picture_of_a_game_keeps_one_side() {
    let h = H::new().await;
    let renderer = Renderer::new();
    let mut seen: Vec<(Place, BoardImage)> = Vec::new();
    h.say("alice", "/chess challenge @bob color:white days:1")
        .await;
    seen.extend(boards(&h.say("bob", "/chess accept").await));
    for (who, m) in [("alice", "d4"), ("bob", "d5"), ("alice", "Nf3")] {
        seen.extend(boards(&h.say(who, &format!("/chess move {m}")).await));
    }
    seen.extend(boards(&h.say("carol", "/chess board").await));
    // The reminder and the time-out of bob's move.
    h.clock.advance(Duration::hours(20));
    let reminder = h.svc.run_due().await;
    assert!(!reminder.is_empty(), "a reminder");
    seen.extend(boards(&reminder));
    h.clock.advance(Duration::hours(5));
    let timeout = h.svc.run_due().await;
    assert!(!timeout.is_empty(), "a time-out");
    seen.extend(boards(&timeout));
    assert!(seen.len() >= 7, "{} pictures", seen.len());
    for (p, b) in &seen {
        assert_eq!(p.channel, "general");
        assert!(!b.flip, "White below in every channel picture: {}", b.fen);
        // a1 holds White's rook the whole game.
        assert!(bottom_left_is_light(&renderer, b), "{}", b.fen);
    }
    // `board flip` turns that one picture: Black's rook on h8 bottom-left.
    let r = h.say("carol", "/chess board flip:true").await;
    let b = &boards(&r)[0].1;
    assert!(b.flip);
    assert!(!bottom_left_is_light(&renderer, b));
}

#[tokio::test]
async fn the_channels_choice_holds_for_all_and_dms_show_the_players_side() {
    let h = H::new().await;
    let renderer = Renderer::new();
    h.say("alice", "/chess challenge @bob color:white days:1")
        .await;
    h.say("bob", "/chess accept").await;
    // Bob wants his turn notices by DM; alice turns the channel to Black.
    h.say("bob", "/chess notify where:dm").await;
    let r = h.say("alice", "/chess settings board:black").await;
    assert!(r[0].text.contains("Black at the bottom"), "{}", r[0].text);
    let r = h.say("alice", "/chess move e4").await;
    let all = boards(&r);
    let public: Vec<_> = all.iter().filter(|(p, _)| p.channel == "general").collect();
    let dm: Vec<_> = all.iter().filter(|(p, _)| p.channel == "@bob").collect();
    assert!(!public.is_empty() && !dm.is_empty(), "{all:?}");
    for (_, b) in public {
        assert!(b.flip, "the channel's side");
        assert!(!bottom_left_is_light(&renderer, b));
    }
    for (_, b) in dm {
        assert!(b.flip, "bob's own side");
    }
    // Alice's DM notice shows White below (her side), the channel's Black.
    h.say("alice", "/chess notify where:dm").await;
    let r = h.say("bob", "/chess move e5").await;
    for (p, b) in boards(&r) {
        match p.channel.as_str() {
            "@alice" => assert!(!b.flip, "alice's side"),
            _ => assert!(b.flip, "the channel's side"),
        }
    }
    // A personal view (set in a DM) wins in DMs only.
    h.say_in("@alice", "alice", "/chess settings board:black")
        .await;
    let r = h.say("bob", "/chess board").await;
    assert!(boards(&r)[0].1.flip);
    let r = h.say("alice", "/chess move Nf3").await;
    assert!(boards(&r).iter().all(|(_, b)| b.flip));
    let r = h.say("bob", "/chess move Nc6").await;
    let dm = boards(&r)
        .into_iter()
        .find(|(p, _)| p.channel == "@alice")
        .expect("alice's DM");
    assert!(dm.1.flip, "alice's personal view: Black");
}

#[tokio::test]
async fn a_custom_start_shows_no_captures_and_no_lead_until_a_capture() {
    let h = H::new().await;
    let renderer = Renderer::new();
    // White has a queen and a rook, Black a rook: nothing was captured.
    let fen = "4k3/r7/8/8/8/8/8/QR2K3 w - - 0 1";
    h.say(
        "alice",
        &format!("/chess challenge @bob color:white fen:\"{fen}\""),
    )
    .await;
    let r = h.say("bob", "/chess accept").await;
    let start = boards(&r).remove(0).1;
    assert_eq!(start.start_fen.as_deref(), Some(fen));
    let r = h.say("alice", "/chess move Kd2").await;
    let moved = boards(&r).remove(0).1;
    assert_eq!(moved.start_fen.as_deref(), Some(fen));
    // Its strips match a board drawn with no strip marks at all: the
    // same picture as the position counted from itself.
    let pos = Position::from_fen(&moved.fen).expect("fen");
    let own = renderer.png(&board_spec(&moved, &pos)).expect("png");
    let standard = BoardImage {
        start_fen: None,
        ..moved.clone()
    };
    let counted_from_the_set = renderer.png(&board_spec(&standard, &pos)).expect("png");
    assert_ne!(
        own, counted_from_the_set,
        "the standard set would show captures"
    );
    let base = chessbot::render::PieceCounts::of(&Position::from_fen(fen).expect("fen"));
    let by_hand = renderer
        .png(
            &BoardSpec::new(&pos)
                .last_move(moved.last_move)
                .names("alice", "bob")
                .deadline(moved.deadline.as_deref())
                .start(base),
        )
        .expect("png");
    assert_eq!(own, by_hand);
    // A standard game carries no start.
    let h = H::new().await;
    h.say_in("g2", "alice", "/chess challenge @bob").await;
    let r = h.say_in("g2", "bob", "/chess accept").await;
    assert_eq!(boards(&r)[0].1.start_fen, None);
}

#[test]
fn the_card_headline_keeps_result_and_verb_for_a_64_character_name() {
    let pos = Position::startpos();
    let name = "Alexandra_Konstantinopolskaya-Wolkonskaya_of_the_Grand_Chessland";
    assert_eq!(name.chars().count(), 64);
    let result = format!("{name} wins");
    let mut card = SummaryCard::new(&pos, "Bob", name, &result);
    card.score = Some("0-1");
    card.termination = Some("by checkmate");
    let lines = card.headline_lines();
    let all = lines.join(" ");
    assert!(lines.len() <= 2, "{lines:?}");
    assert!(all.starts_with("0-1 · "), "{all}");
    assert!(all.contains("wins by checkmate"), "{all}");
    assert!(all.contains('…'), "the name shortened: {all}");
}

#[test]
fn the_gif_has_a_frame_a_position_and_lasts_at_most_a_minute() {
    let r = Renderer::new();
    for pgn in [
        include_str!("../data/pgn/opera_game.pgn"),
        include_str!("../data/pgn/kasparov_topalov_1999.pgn"),
    ] {
        let game = chessbot::chess::read_pgn(pgn).expect("pgn").game;
        let gif = r
            .game_gif(&game, &GifSpec::new(512).names("White", "Black"))
            .expect("gif");
        let mut opts = gif::DecodeOptions::new();
        opts.set_color_output(gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(&gif[..]).expect("a GIF");
        // A position may come as several blocks: all but its last show
        // for 2 cs (the caption, then the squares).
        let (mut delays, mut steps) = (Vec::new(), 0);
        while let Some(f) = dec.read_next_frame().expect("a frame") {
            if f.delay == 2 {
                steps += 2;
                continue;
            }
            delays.push(steps + u32::from(f.delay));
            steps = 0;
        }
        let plies = game.moves().len();
        assert_eq!(delays.len(), plies + 1);
        let total: u32 = delays.iter().sum();
        assert!(total <= 6000, "{plies} plies: {total} cs");
        assert!(total >= 450 + 20 * (plies as u32 - 1), "{total}");
        assert_eq!(delays[plies], 300, "the result held 3 s");
        assert!(delays[0] > delays[1], "the first frame held a little");
        assert!(delays[1..plies].iter().all(|d| (20..=80).contains(d)));
    }
}

/// Writes the pictures of `docs/pics/` (run with `CHESSBOT_DOCS=1 cargo
/// test --test it pics::docs -- --ignored`).
#[test]
#[ignore = "writes docs/pics"]
fn docs() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/pics");
    std::fs::create_dir_all(&dir).expect("dir");
    let r = Renderer::new();
    let game = chessbot::chess::read_pgn(include_str!("../data/pgn/opera_game.pgn"))
        .expect("pgn")
        .game;
    let mut pos = game.start().clone();
    for m in &game.moves()[..20] {
        pos.play_unchecked(*m);
    }
    let last = game.moves()[19];
    let board = BoardSpec::new(&pos)
        .last_move(Some(last))
        .names("Paul Morphy", "Duke Karl / Count Isouard")
        .deadline(Some("2d 4h left"));
    std::fs::write(dir.join("board.png"), r.png(&board).expect("png")).expect("write");
    std::fs::write(
        dir.join("board_flipped.png"),
        r.png(&board.clone().flip(true)).expect("png"),
    )
    .expect("write");
    // A card with a long name and a Thai one.
    let long = "Alexandra_Konstantinopolskaya-Wolkonskaya_of_the_Grand_Chessland";
    let thai = "สมชาย ใจดี";
    let end = game.position();
    let result = format!("{long} wins");
    let mut card = SummaryCard::new(end, long, thai, &result);
    card.score = Some("1-0");
    card.termination = Some("by checkmate");
    card.white_rating = Some("1500 → 1662 (+162)");
    card.black_rating = Some("1500 → 1338 (−162)");
    card.white_accuracy = Some("Accuracy 91.3%");
    card.black_accuracy = Some("Accuracy 58.0%");
    card.opening = Some("C41 Philidor Defense");
    card.moves = Some("17 moves");
    card.days = Some("in 12 minutes");
    card.date = Some("2026-12-02");
    card.last_move = game.moves().last().copied();
    card.board_result = chessbot::render::BoardResult::from_outcome(game.outcome());
    std::fs::write(dir.join("card_long_thai.png"), card.png(&r).expect("card")).expect("write");
    // A time-out ends a game in a normal position (the mated
    // final position contradicted "wins on time").
    let result = format!("{thai} wins");
    let mut card = SummaryCard::new(&pos, "Иван Петров", thai, &result);
    card.score = Some("0-1");
    card.termination = Some("on time");
    card.flip = true;
    card.last_move = Some(last);
    card.opening = Some("C41 Philidor Defense");
    card.moves = Some("10 moves");
    card.days = Some("over 9 days");
    card.date = Some("2026-12-02");
    std::fs::write(
        dir.join("card_thai_winner.png"),
        card.png(&r).expect("card"),
    )
    .expect("write");
    // GIF frames.
    let gif_bytes = r
        .game_gif(
            &game,
            &GifSpec::new(512).names("Paul Morphy", "Duke Karl / Count Isouard"),
        )
        .expect("gif");
    std::fs::write(dir.join("game.gif"), &gif_bytes).expect("write");
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::RGBA);
    let mut dec = opts.read_info(&gif_bytes[..]).expect("gif");
    let (w, h) = (usize::from(dec.width()), usize::from(dec.height()));
    let mut canvas = vec![0u8; w * h * 4];
    let mut i = 0;
    // A block that passes (the turn marks) is undone before the next.
    let mut restore: Option<Vec<u8>> = None;
    while let Some(f) = dec.read_next_frame().expect("frame") {
        if let Some(before) = restore.take() {
            canvas = before;
        }
        if f.dispose == gif::DisposalMethod::Previous {
            restore = Some(canvas.clone());
        }
        let fw = usize::from(f.width);
        for (k, px) in f.buffer.chunks_exact(4).enumerate() {
            if px[3] != 0 {
                let (x, y) = (usize::from(f.left) + k % fw, usize::from(f.top) + k / fw);
                canvas[(y * w + x) * 4..(y * w + x) * 4 + 4].copy_from_slice(px);
            }
        }
        // The blocks of 2 cs are the first parts of a position.
        if f.delay == 2 {
            continue;
        }
        if [1, 2, 20, 33].contains(&i) {
            let mut out = Vec::new();
            let mut enc = png::Encoder::new(&mut out, w as u32, h as u32);
            enc.set_color(png::ColorType::Rgba);
            enc.set_depth(png::BitDepth::Eight);
            let mut wr = enc.write_header().expect("png");
            wr.write_image_data(&canvas).expect("png");
            wr.finish().expect("png");
            std::fs::write(dir.join(format!("gif_frame_{i:02}.png")), out).expect("write");
        }
        i += 1;
    }
}
