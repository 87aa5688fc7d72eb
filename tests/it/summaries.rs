//! Game summaries through the service and the console: one summary after
//! the result (card, GIF, PGN file with the opening, lichess link, Rematch),
//! none after an abort, `summary [game]` again, the engine's analysis, and
//! every language.

use chessbot::engine::{EngineError, GameAnalysis, ScriptedEngine, SideAnalysis, WorstMove};
use chessbot::service::{Action, AttachmentKind, Event, Reply, Subject};
use std::process::{Command, Stdio};

use crate::support::scenario::{Replies, Scenario};

/// A service whose replies come with what follows them (the summaries),
/// as the adapters post them.
async fn service() -> Scenario {
    Scenario::builder().follow_ups().open().await
}

/// `[delay]` of each position of a GIF (a position may come as several
/// image blocks, all but the last shown for 2 cs).
fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    let mut opts = gif::DecodeOptions::new();
    opts.set_color_output(gif::ColorOutput::Indexed);
    let mut d = opts.read_info(bytes).expect("a GIF");
    let (mut delays, mut steps) = (Vec::new(), 0);
    while let Some(f) = d.read_next_frame().expect("a frame") {
        if f.delay == 2 {
            steps += 2;
            continue;
        }
        delays.push(steps + f.delay);
        steps = 0;
    }
    delays
}

#[tokio::test]
async fn a_finished_game_posts_one_summary_after_the_result() {
    let h = service().await;
    let r = h.play("f3 e5 g4 Qh4#").await;
    // The last move, the result, then the summary.
    assert_eq!(
        r.len(),
        3,
        "{:?}",
        r.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    assert!(matches!(r[1].event, Some(Event::End { .. })));
    assert!(r[1].follow_up.is_some());
    assert!(!r.iter().any(|r| matches!(r.event, Some(Event::Pgn { .. }))));
    let s = &r[2];
    let Some(Event::Summary {
        game,
        white,
        black,
        result,
        termination,
        plies,
        opening,
        animation,
        analysis,
        pgn,
    }) = &s.event
    else {
        panic!("no summary: {:?}", s.event);
    };
    assert_eq!((white.as_str(), black.as_str()), ("alice", "bob"));
    assert_eq!(
        (result.as_str(), termination.as_str()),
        ("0-1", "checkmate")
    );
    assert_eq!(*plies, 4);
    let opening = opening.as_ref().expect("an opening");
    assert_eq!(opening.eco, "A00");
    assert_eq!(opening.name, "Barnes Opening: Fool's Mate");
    assert!(animation.is_none() && analysis.is_none());
    assert!(pgn.contains("[ECO \"A00\"]\n[Opening \"Barnes Opening: Fool's Mate\"]"));
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# 0-1"), "{pgn}");
    assert!(s.text.contains(&format!("#{game}")), "{}", s.text);
    assert!(
        s.text.contains("A00 Barnes Opening: Fool's Mate"),
        "{}",
        s.text
    );
    assert!(
        // The game took no time on the test's clock: the summary says so
        // as the card does, not "1 day".
        s.text.contains("2 moves") && s.text.contains("in 1 minute"),
        "{}",
        s.text
    );
    assert!(!s.ephemeral);

    let kinds: Vec<AttachmentKind> = s.files.iter().map(|f| f.kind).collect();
    assert_eq!(
        kinds,
        [
            AttachmentKind::Card,
            AttachmentKind::Animation,
            AttachmentKind::Pgn
        ]
    );
    assert!(s.files[0].bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    let delays = gif_delays(&s.files[1].bytes);
    assert_eq!(delays.len(), 5, "one frame per position");
    assert!(*delays.last().unwrap() >= 200, "{delays:?}");
    assert_eq!(s.files[2].bytes.as_slice(), pgn.as_bytes());
    assert_eq!(s.files[2].filename, format!("game-{game}.pgn"));

    let link = s.link.as_ref().expect("a link");
    assert!(
        link.url
            .starts_with("https://lichess.org/analysis/pgn/1.%20f3%20e5%202.%20g4%20Qh4%23"),
        "{}",
        link.url
    );
    assert_eq!(s.actions, [Action::Rematch]);
    assert_eq!(s.subject, Some(Subject::Game(*game)));
}

#[tokio::test]
async fn aborted_games_have_no_summary() {
    let h = service().await;
    h.play("").await;
    let r = h.say("alice", "/chess abort").await;
    assert!(r.error().is_none(), "{:?}", r[0].text);
    assert!(r.summaries().is_empty());
    assert!(r.iter().all(|r| r.follow_up.is_none()));
    assert_eq!(h.error("alice", "/chess summary").await.code, "no_game");
}

#[tokio::test]
async fn the_summary_command_posts_a_finished_game_of_this_channel_again() {
    let h = service().await;
    assert_eq!(h.error("carol", "/chess summary").await.code, "no_game");

    h.play("f3 e5 g4 Qh4#").await;
    // Game 2: a resignation.
    h.play("e4 e5").await;
    let r = h.say("alice", "/chess resign").await;
    assert_eq!(r.summaries().len(), 1);
    let game_of = |r: &[Reply]| match r.summaries().first().map(|s| &s.event) {
        Some(Some(Event::Summary { game, .. })) => Some(*game),
        _ => None,
    };
    let second = game_of(&r).expect("a summary");

    let r = h.say("carol", "/chess summary").await;
    assert_eq!(game_of(&r), Some(second), "the last game by default");
    let first = second - 1;
    let r = h.say("carol", &format!("/chess summary {first}")).await;
    assert_eq!(game_of(&r), Some(first));
    match &r.summaries()[0].event {
        Some(Event::Summary { termination, .. }) => assert_eq!(termination, "checkmate"),
        e => panic!("{e:?}"),
    }
    // Another channel's game is not shown here.
    let r = h
        .say_in("carol", "elsewhere", &format!("/chess summary {first}"))
        .await;
    assert_eq!(r.error().as_deref(), Some("no_game"));
    assert!(r.summaries().is_empty());
    // A running game has no summary yet.
    h.play("d4").await;
    assert_eq!(
        h.error("carol", &format!("/chess summary {}", second + 1))
            .await
            .code,
        "game_in_progress"
    );
    assert_eq!(h.error("carol", "/chess summary 999").await.code, "no_game");
}

#[tokio::test]
async fn the_engine_analysis_goes_into_the_summary() {
    let fake = ScriptedEngine::new();
    fake.set_analysis(GameAnalysis {
        white: SideAnalysis {
            inaccuracies: 0,
            mistakes: 0,
            blunders: 1,
            acpl: 120,
            accuracy: 41.3,
        },
        black: SideAnalysis {
            inaccuracies: 0,
            mistakes: 0,
            blunders: 0,
            acpl: 0,
            accuracy: 100.0,
        },
        worst: Some(WorstMove {
            ply: 3,
            san: "g4".into(),
            best_san: "Nc3".into(),
        }),
        evaluations: Vec::new(),
        coverage: Default::default(),
    });
    let h = Scenario::builder().engine(fake).follow_ups().open().await;
    let r = h.play("f3 e5 g4 Qh4#").await;
    let s = r.summaries()[0];
    let Some(Event::Summary {
        analysis: Some(a), ..
    }) = &s.event
    else {
        panic!("no analysis: {:?}", s.event);
    };
    let json = serde_json::to_value(a).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "white": {"inaccuracies":0,"mistakes":0,"blunders":1,"acpl":120,"accuracy":41.3},
            "black": {"inaccuracies":0,"mistakes":0,"blunders":0,"acpl":0,"accuracy":100.0},
            "worst": {"ply":3,"san":"g4","best":"Nc3"}
        })
    );
    assert!(
        s.text
            .contains("Worst move: 2. g4 by alice; Nc3 was better."),
        "{}",
        s.text
    );
    assert!(
        s.text
            .contains("alice: 0 inaccuracies, 0 mistakes, 1 blunder;"),
        "{}",
        s.text
    );
}

#[tokio::test]
async fn a_summary_without_its_analysis_says_it_follows_and_it_does() {
    let h = Scenario::builder()
        .engine(ScriptedEngine::new())
        .follow_ups()
        .open()
        .await;
    h.play("f3 e5 g4").await;
    // The engine fails the analysis behind the summary.
    h.engine().fail_next(EngineError::Crashed);
    let r = h.say("bob", "/chess move Qh4#").await;
    let s = r.summaries()[0];
    assert!(
        s.text.contains("its figures follow in a post of their own"),
        "{}",
        s.text
    );
    assert!(
        matches!(&s.event, Some(Event::Summary { analysis: None, .. })),
        "{:?}",
        s.event
    );
    let Some(Subject::Game(game)) = s.subject else {
        panic!("a summary about its game");
    };
    // Nothing before the announcer's next try, a minute later.
    assert!(h.run_due().await.is_empty());
    h.clock.advance(chrono::Duration::seconds(61));
    let due = h.run_due().await;
    assert_eq!(due.len(), 1, "{:?}", due.texts());
    assert!(
        due[0]
            .text
            .starts_with(&format!("Engine analysis of game #{game}:")),
        "{}",
        due[0].text
    );
    assert!(
        due[0].text.contains("alice: 0 inaccuracies"),
        "{}",
        due[0].text
    );
    // Stored: posted once, and every summary from now on shows it.
    h.clock.advance(chrono::Duration::seconds(600));
    assert!(
        h.run_due()
            .await
            .iter()
            .all(|r| !r.text.contains("Engine analysis"))
    );
    let again = h.say("alice", "/chess summary").await;
    let lines = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("alice:") || l.starts_with("bob:"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(&again[0].text),
        lines(&due[0].text),
        "{}",
        again[0].text
    );
    assert!(!again[0].text.contains("follow"), "{}", again[0].text);
}

#[tokio::test]
async fn puzzle_right_after_a_game_waits_for_its_analysis() {
    let fake = ScriptedEngine::new();
    // A slow engine: the analysis is still running when `puzzle` comes.
    fake.set_delay(std::time::Duration::from_millis(400));
    // No follow-ups run inline: the summary is posted in the background,
    // as the adapters do when there is an engine.
    let h = Scenario::builder().engine(fake).open().await;
    let r = h.play("f3 e5 g4 Qh4#").await;
    let work = r
        .iter()
        .find_map(|r| r.follow_up.clone())
        .expect("a summary follows");
    let game = h
        .svc
        .store()
        .last_finished_game(&chessbot::store::ChannelKey {
            platform: "console".into(),
            guild: String::new(),
            channel: "general".into(),
        })
        .await
        .expect("the store answers")
        .expect("the game ended")
        .id;
    let svc = h.svc.clone();
    let posting = tokio::spawn(async move { svc.follow_up(&work).await });
    let asked = h.say("alice", "/chess puzzle").await;
    // By the time `puzzle` answers, the game is analysed (and stored).
    let stored = h
        .svc
        .store()
        .game_analysis(game)
        .await
        .expect("the store answers");
    assert!(stored.is_some(), "{:?}", asked.texts());
    let summary = posting.await.expect("the summary task");
    assert!(matches!(
        summary[0].event,
        Some(Event::Summary {
            analysis: Some(_),
            ..
        })
    ));
}

#[tokio::test]
async fn summaries_speak_every_language() {
    let mut texts = Vec::new();
    for lang in ["en", "ru", "ro", "th"] {
        let h = service().await;
        let r = h
            .say("alice", &format!("/chess settings language:{lang}"))
            .await;
        assert!(r.error().is_none(), "{lang}: {:?}", r[0].text);
        let r = h.play("f3 e5 g4 Qh4#").await;
        let s = r.summaries()[0];
        assert!(
            s.text.contains("alice") && s.text.contains("bob"),
            "{}",
            s.text
        );
        assert!(!s.text.contains('{'), "{lang}: unformatted {}", s.text);
        assert!(!s.link.as_ref().unwrap().label.is_empty());
        texts.push(s.text.clone());
    }
    for (i, t) in texts.iter().enumerate().skip(1) {
        assert_ne!(t, &texts[0], "locale {i} is translated");
    }
}

#[tokio::test]
async fn the_rematch_button_under_a_summary_swaps_colours() {
    let h = service().await;
    let r = h.play("f3 e5 g4 Qh4#").await;
    let subject = r.summaries()[0].subject;
    let press = chessbot::service::Command::Press {
        action: Action::Rematch,
        subject,
    };
    let r = h.command("bob", press).await;
    assert!(
        r.iter().any(
            |r| matches!(&r.event, Some(Event::Challenge { challenger, .. }) if challenger == "bob")
        ),
        "{:?}",
        r.iter().map(|r| &r.text).collect::<Vec<_>>()
    );
    // A Rematch button under another game's summary does nothing.
    let old = chessbot::service::Command::Press {
        action: Action::Rematch,
        subject: Some(Subject::Game(999)),
    };
    let r = h.command("bob", old).await;
    assert_eq!(r.error().as_deref(), Some("stale_button"));
}

#[test]
fn the_console_writes_the_card_and_the_gif_of_a_summary() {
    let dir = tempfile::tempdir().expect("tempdir");
    let images = dir.path().join("img");
    let input = "alice: /chess challenge @bob color:white\nbob: /chess accept\n\
                 alice: /chess move f3\nbob: /chess move e5\nalice: /chess move g4\n\
                 bob: /chess move Qh4#\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_chessbot"))
        .env("STOCKFISH_PATH", "/nonexistent/stockfish")
        .args(["console", "--json", "--db", "sqlite::memory:", "--images"])
        .arg(&images)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the console starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin.write_all(input.as_bytes()).expect("input");
    }
    let out = child.wait_with_output().expect("output");
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let types: Vec<&str> = lines
        .iter()
        .filter_map(|l| l["event"]["type"].as_str())
        .collect();
    assert_eq!(
        &types[types.len() - 3..],
        ["move", "end", "summary"],
        "{types:?}"
    );
    let summary = lines.last().unwrap();
    let card = summary["image"].as_str().expect("the card");
    assert!(std::fs::read(card).unwrap().starts_with(b"\x89PNG"));
    let gif = summary["event"]["animation"].as_str().expect("the GIF");
    assert_eq!(gif_delays(&std::fs::read(gif).unwrap()).len(), 5);
    assert_eq!(summary["event"]["opening"]["eco"], "A00");
    assert_eq!(summary["event"]["analysis"], serde_json::Value::Null);
    assert!(
        summary["text"]
            .as_str()
            .unwrap()
            .contains("https://lichess.org/analysis/pgn/")
    );
}
