//! What one user may not do to others, through the service as the
//! adapters call it: a Matrix homeserver is no community (each room holds
//! its own leagues), direct messages hold no leagues or team play, an
//! unstarted league closes itself, a moderator cancels any event of their
//! community from any of its channels, a team's moderator cannot bar the
//! other team's voters, `team members only:on` keeps a team's votes to its
//! named members, a Matrix room cannot challenge another room by id, and
//! the picture posted with a move shows the clock `board` shows.

use chessbot::adapters::text;
use chessbot::service::{Event, LocalePrefs, Place, Reply};
use chrono::Duration;

use crate::support::scenario::{Replies, Scenario, actor};
use crate::teams::{moderator, red_vs_blue, vote_of};

async fn scenario() -> Scenario {
    Scenario::builder()
        .store(super::test_store().await)
        .open()
        .await
}

fn matrix_room(room: &str) -> Place {
    Place {
        platform: "matrix".into(),
        guild: Some("example.org".into()),
        channel: format!("!{room}:example.org"),
    }
}

async fn say_at(s: &Scenario, who: &str, at: &Place, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    s.send_at(&actor(who), at, cmd, LocalePrefs::default())
        .await
}

fn league_state(r: &[Reply]) -> Option<(i64, String)> {
    r.iter().find_map(|x| match &x.event {
        Some(Event::League(l)) => Some((l.league, l.state.clone())),
        _ => None,
    })
}

#[tokio::test]
async fn two_matrix_rooms_on_one_homeserver_each_hold_their_own_leagues() {
    let s = scenario().await;
    let (a, b) = (matrix_room("a"), matrix_room("b"));
    // Room A fills its own cap: three leagues by two accounts.
    for (who, name) in [("ann", "One"), ("ann", "Two"), ("ben", "Three")] {
        let r = say_at(
            &s,
            who,
            &a,
            &format!("/chess league create name:\"{name}\""),
        )
        .await;
        assert!(r.error().is_none(), "{:?}", r.texts());
    }
    let r = say_at(&s, "cat", &a, "/chess league create name:\"Four\"").await;
    assert_eq!(r.error().as_deref(), Some("limit"), "{:?}", r.texts());
    // Room B, on the same homeserver, is another community.
    for (who, name) in [("dan", "B1"), ("dan", "B2"), ("eve", "B3")] {
        let r = say_at(
            &s,
            who,
            &b,
            &format!("/chess league create name:\"{name}\""),
        )
        .await;
        assert!(r.error().is_none(), "room b: {:?}", r.texts());
    }
}

#[tokio::test]
async fn direct_messages_hold_no_leagues_nor_team_play() {
    let s = scenario().await;
    let dm = Place {
        platform: "discord".into(),
        guild: None,
        channel: "dm-1".into(),
    };
    let r = say_at(&s, "ann", &dm, "/chess league create name:\"Mine\"").await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());
    assert!(r.texts()[0].contains("direct message"), "{:?}", r.texts());
    let r = say_at(&s, "ann", &dm, "/team challenge level:1").await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());
    // Each DM was refused on its own account, not because another DM
    // filled a shared bucket: a server's channel still creates.
    let server = Place {
        platform: "discord".into(),
        guild: Some("42".into()),
        channel: "c".into(),
    };
    let r = say_at(&s, "ann", &server, "/chess league create name:\"Club\"").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn an_open_league_that_never_starts_closes_itself_after_thirty_days() {
    let s = scenario().await;
    let r = s
        .say_in("ann", "cup", "/chess league create name:\"Idle\"")
        .await;
    let (id, state) = league_state(&r).expect("a league event");
    assert_eq!(state, "open");
    s.clock.advance(Duration::days(29));
    assert!(
        s.run_due()
            .await
            .iter()
            .all(|x| league_state(std::slice::from_ref(x)).is_none()),
        "still open after 29 days"
    );
    s.clock.advance(Duration::days(1) + Duration::minutes(1));
    let r = s.run_due().await;
    let closed: Vec<&Reply> = r
        .iter()
        .filter(|x| league_state(std::slice::from_ref(*x)) == Some((id, "cancelled".into())))
        .collect();
    assert_eq!(closed.len(), 1, "{:?}", r.texts());
    assert_eq!(closed[0].place.channel, "cup", "announced in its channel");
    assert!(closed[0].text.contains("30 days"), "{}", closed[0].text);
    // Its place in the caps is free again; nothing is closed twice.
    assert!(s.run_due().await.is_empty());
    let r = s
        .say_in("ann", "cup", "/chess league create name:\"Again\"")
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn a_moderator_cancels_a_league_of_their_community_from_another_channel() {
    let s = scenario().await;
    let r = s
        .say_in("ann", "cup", "/chess league create name:\"Far\"")
        .await;
    let (id, _) = league_state(&r).expect("a league event");
    // Not a moderator: only this channel's leagues are in reach.
    let r = s
        .say_in(
            "ben",
            "general",
            &format!("/chess league cancel league:{id}"),
        )
        .await;
    assert_eq!(r.error().as_deref(), Some("no_league"), "{:?}", r.texts());
    let r = s
        .say_in_with(
            "mod",
            "general",
            &format!("/chess league cancel league:{id}"),
            moderator(),
        )
        .await;
    assert_eq!(
        league_state(&r),
        Some((id, "cancelled".into())),
        "{:?}",
        r.texts()
    );
    // Not across communities: a Matrix room's moderator reaches its room only.
    let room = matrix_room("a");
    let r = say_at(&s, "ann", &room, "/chess league create name:\"Room\"").await;
    let (other, _) = league_state(&r).expect("a league event");
    let cmd = text::parse(&format!("/chess league cancel league:{other}"))
        .unwrap()
        .unwrap();
    let r = s
        .send_at(&actor("mod"), &matrix_room("b"), cmd, moderator())
        .await;
    assert_eq!(r.error().as_deref(), Some("no_league"), "{:?}", r.texts());
}

#[tokio::test]
async fn a_moderator_of_one_team_cannot_bar_the_other_teams_voter() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    // Bob votes for blue (White).
    let r = s.say_in("bob", "blue", "/chess move e4").await;
    assert_eq!(vote_of(&r).0, "e4");
    // Red's moderator tries to name him for red: refused, nothing named.
    let r = s
        .say_in_with("zed", "red", "/team members add @bob", moderator())
        .await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "not_allowed");
    assert!(
        message.contains("bob") && message.contains("other side"),
        "{message}"
    );
    let r = s.say_in("carol", "red", "/team members").await;
    assert!(!r.texts()[0].contains("bob"), "{:?}", r.texts());
    // Red names Erin before she votes: she still votes for blue, since
    // another team's names never bar anyone.
    let r = s
        .say_in_with("zed", "red", "/team members add @erin", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let r = s.say_in("erin", "blue", "/chess move e4").await;
    assert_eq!(vote_of(&r), ("e4".into(), 2, 2));
    // Blue's moderator cannot name her for blue now that red named her.
    let r = s
        .say_in_with("yan", "blue", "/team members add @erin", moderator())
        .await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());
}

#[tokio::test]
async fn a_team_with_members_only_refuses_outsiders_votes() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    // Only a moderator sets the rule.
    let r = s.say_in("bob", "blue", "/team members only:on").await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"));
    let r = s
        .say_in_with(
            "zed",
            "blue",
            "/team members add @bob @erin only:on",
            moderator(),
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(
        r.texts()[0].contains("Only these named members"),
        "{:?}",
        r.texts()
    );
    let r = s.say_in("frank", "blue", "/chess move e4").await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "not_allowed");
    assert!(message.contains("named members"), "{message}");
    // A motion is a vote too.
    let r = s.say_in("frank", "blue", "/chess resign").await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());
    // A named member votes (one of two: the vote stays open).
    let r = s.say_in("bob", "blue", "/chess move e4").await;
    assert_eq!(vote_of(&r), ("e4".into(), 1, 2));
    // Off again: anyone here votes.
    let r = s
        .say_in_with("zed", "blue", "/team members only:off", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let r = s.say_in("frank", "blue", "/chess move d4").await;
    assert_eq!(vote_of(&r).0, "d4");
}

#[tokio::test]
async fn a_matrix_room_cannot_challenge_another_room_by_id() {
    let s = scenario().await;
    let r = say_at(
        &s,
        "ann",
        &matrix_room("red"),
        "/team challenge channel:!blue:example.org",
    )
    .await;
    let (code, message) = r.error_msg().expect("refused");
    assert_eq!(code, "not_allowed");
    assert!(message.contains("code"), "{message}");
    // Nothing was posted in the other room.
    assert!(
        r.iter().all(|x| x.place.channel != "!blue:example.org"),
        "{:?}",
        r.texts()
    );
}

/// The picture posted with a move and the one `board` shows a moment
/// later carry the same clock.
async fn move_picture_matches_board(extra: &str) {
    let s = scenario().await;
    s.start_between("alice", "bob", extra).await;
    s.ok("alice", "/chess move e4").await;
    // Bob thinks for two days, then moves.
    s.clock.advance(Duration::days(2));
    let moved = s.ok("bob", "/chess move e5").await;
    let posted = moved
        .iter()
        .find_map(|r| r.board.clone().filter(|_| !r.ephemeral))
        .expect("the move's picture");
    let shown = s.ok("carol", "/chess board").await;
    let board = shown
        .iter()
        .find_map(|r| r.board.clone())
        .expect("the board");
    assert_eq!(posted.deadline, board.deadline, "{extra}");
    assert_eq!(posted.fen, board.fen);
    let posted = chessbot::render::Renderer::new()
        .png(&chessbot::service::board_spec(
            &posted,
            &chessbot::chess::Position::from_fen(&posted.fen).unwrap(),
        ))
        .expect("png");
    let shown = chessbot::render::Renderer::new()
        .png(&chessbot::service::board_spec(
            &board,
            &chessbot::chess::Position::from_fen(&board.fen).unwrap(),
        ))
        .expect("png");
    assert!(posted == shown, "{extra}: the two pictures differ");
}

#[tokio::test]
async fn the_picture_posted_with_a_move_shows_the_clock_board_shows() {
    move_picture_matches_board("days:5").await;
    move_picture_matches_board("bank:10 increment:1").await;
}

#[test]
fn an_unknown_database_scheme_is_named_and_its_password_never_printed() {
    for url in [
        "nonsense://user:hunter2@host/db",
        "mysql://bot:hunter2@db.example/chess",
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_chessbot"))
            .env("STOCKFISH_PATH", "/nonexistent/stockfish")
            .env_remove("DATABASE_URL")
            .args(["console", "--db", url])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run chessbot");
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(78), "a configuration error: {all}");
        let scheme = url.split("://").next().unwrap_or_default();
        assert!(all.contains(&format!("\"{scheme}\"")), "{all}");
        assert!(!all.contains("hunter2"), "the password was printed: {all}");
        // Nothing was created under that name.
        assert!(!std::path::Path::new(url).exists());
    }
}

#[test]
fn a_huge_imported_tag_is_cut_and_cleaned() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = crate::console::temp_db(&dir);
    let event = format!("Open\u{202E}{}\u{200B}", "x".repeat(54_000));
    let pgn = format!("[Event \\\"{event}\\\"] 1. e4 e5 *");
    let script = format!(
        "alice: /chess challenge @bob color:white pgn:\"{pgn}\"\nbob: /chess accept\nalice: /chess resign\nalice: /chess pgn\n"
    );
    let out = crate::console::run_console(&script, &db, &[]);
    let exported = out
        .iter()
        .filter_map(|v| v["event"]["pgn"].as_str())
        .next_back()
        .unwrap_or_else(|| panic!("a PGN: {out:?}"));
    let line = exported
        .lines()
        .find(|l| l.starts_with("[Event "))
        .expect("an Event tag");
    assert!(
        !line.contains('\u{202E}') && !line.contains('\u{200B}'),
        "{line:.40}"
    );
    let value = line.trim_start_matches("[Event \"").trim_end_matches("\"]");
    assert!(value.starts_with("Openxxx"), "{value:.40}");
    assert!(
        value.chars().count() <= 255,
        "{} characters",
        value.chars().count()
    );
}

/// The games a batch of replies started in a league: (white, black,
/// channel).
fn league_starts(r: &[Reply]) -> Vec<(String, String, String)> {
    r.iter()
        .filter_map(|x| match &x.event {
            Some(Event::Start {
                white,
                black,
                league: Some(_),
                ..
            }) => Some((white.clone(), black.clone(), x.place.channel.clone())),
            _ => None,
        })
        .collect()
}

fn summary_texts(r: &[Reply]) -> Vec<String> {
    r.iter()
        .filter(|x| matches!(x.event, Some(Event::Summary { .. })))
        .map(|x| x.text.clone())
        .collect()
}

#[tokio::test]
async fn engine_lines_of_a_shared_start_wait_until_no_game_plays_it() {
    let s = Scenario::builder()
        .store(super::test_store().await)
        .engine(chessbot::engine::ScriptedEngine::new())
        .follow_ups()
        .open()
        .await;
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    let r = s
        .say_in(
            "ann",
            "f",
            &format!(r#"/chess league create name:Pawns fen:"{fen}""#),
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    for who in ["ann", "ben", "cat"] {
        let r = s.say_in(who, "f", "/chess league join").await;
        assert!(r.error().is_none(), "{:?}", r.texts());
    }
    let r = s.say_in("ann", "f", "/chess league start").await;
    let games = league_starts(&r);
    assert_eq!(games.len(), 3, "{:?}", r.texts());
    // The first game ends while the others still play from that start.
    let (white, black, ch) = &games[0];
    assert!(
        s.say_in(white, ch, "/chess move e4")
            .await
            .error()
            .is_none()
    );
    assert!(
        s.say_in(black, ch, "/chess move e5")
            .await
            .error()
            .is_none()
    );
    let r = s.say_in(black, ch, "/chess resign").await;
    let summaries = summary_texts(&r);
    assert_eq!(summaries.len(), 1, "{:?}", r.texts());
    assert!(summaries[0].contains("after the round"), "{}", summaries[0]);
    assert!(!summaries[0].contains("inaccurac"), "{}", summaries[0]);
    s.clock.advance(Duration::minutes(5));
    assert!(
        s.run_due()
            .await
            .iter()
            .all(|x| !x.text.contains("Engine analysis of game")),
        "nothing while the start is still played"
    );
    // The other games end: the first game's figures follow.
    for (white, black, ch) in &games[1..] {
        let r = s.say_in(white, ch, "/chess move d4").await;
        assert!(r.error().is_none(), "{:?}", r.texts());
        let r = s.say_in(black, ch, "/chess move d5").await;
        assert!(r.error().is_none(), "{:?}", r.texts());
        let r = s.say_in(black, ch, "/chess resign").await;
        assert!(r.error().is_none(), "{:?}", r.texts());
    }
    s.clock.advance(Duration::minutes(5));
    let due = s.run_due().await;
    assert!(
        due.iter()
            .any(|x| x.text.starts_with("Engine analysis of game")),
        "{:?}",
        due.texts()
    );
}
