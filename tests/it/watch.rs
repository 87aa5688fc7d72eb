//! Spectator pages: a game's page found by its watch link (never by its
//! number), hostile names shown as text, nothing private and no engine
//! figure on a running game's page, a move reaching an open live stream
//! within a second, no page for a direct message's game, the PGN, and a
//! finished game's `ETag`.

use std::time::{Duration, Instant};

use chessbot::http::{Health, Platform, get};
use chessbot::service::{Actor, Command, Event, LocalePrefs};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

use crate::support::scenario::Scenario;

/// A hostile display name: markup, a right-to-left override.
const HOSTILE: &str = "<script>alert(1)</script>\u{202E}evil";

async fn harness() -> (Scenario, std::net::SocketAddr) {
    let scn = Scenario::builder()
        .store(super::test_store().await)
        .open()
        .await;
    scn.svc.set_watch_base("http://watch.test/");
    let health = Health::new(Platform::Console);
    health.set_store(scn.svc.store().clone());
    health.set_service(scn.svc.clone());
    let addr = chessbot::http::start("127.0.0.1:0".parse().expect("addr"), health)
        .await
        .expect("serve");
    (scn, addr)
}

async fn ask(addr: std::net::SocketAddr, path: String) -> (u16, String) {
    tokio::task::spawn_blocking(move || {
        get(&format!("http://{addr}{path}"), Duration::from_secs(5)).expect("an answer")
    })
    .await
    .expect("joins")
}

/// alice (White) against the hostile name; the game's page path.
async fn hostile_game(scn: &Scenario) -> String {
    scn.ok("alice", "/chess challenge color:white").await;
    let mallory = Actor {
        id: "mallory".into(),
        name: HOSTILE.into(),
    };
    let r = scn
        .send(&mallory, "general", Command::Accept, LocalePrefs::default())
        .await;
    let watch = r
        .iter()
        .find_map(|r| match &r.event {
            Some(Event::Start { watch, .. }) => watch.clone(),
            _ => None,
        })
        .expect("the start carries a watch link");
    let path = watch
        .strip_prefix("http://watch.test")
        .expect("under the public address")
        .to_string();
    let token = path.strip_prefix("/g/").expect("a game page");
    assert_eq!(token.len(), 32, "128 bits");
    assert!(
        r.iter().any(|r| r.text.contains(&watch)),
        "the chat shows it"
    );
    path
}

#[tokio::test]
async fn a_running_games_page_shows_the_game_and_nothing_private() {
    let (scn, addr) = harness().await;
    let path = hostile_game(&scn).await;
    scn.ok("alice", "/chess move e4").await;
    scn.ok("alice", "/chess note text:\"secret plan Qh5\"")
        .await;
    scn.ok("alice", "/chess premove line:\"e5 Nf3\"").await;
    let (status, page) = ask(addr, path.clone()).await;
    assert_eq!(status, 200, "{page}");
    assert!(!page.contains("<script>alert"), "markup escaped");
    assert!(
        page.contains("&lt;script&gt;alert(1)&lt;/script&gt;evil"),
        "{page}"
    );
    assert!(!page.contains('\u{202E}'), "bidi override removed");
    assert!(!page.contains("secret plan"), "no private note");
    assert!(!page.contains("Nf3"), "no conditional line");
    assert!(!page.contains("Accuracy"), "no analysis while it runs");
    assert!(page.contains("♙") || page.contains(">e4<"), "the move list");
    assert!(page.contains("Black to move"));
    assert!(page.contains("<time id=\"deadline-time\" datetime=\""));
    let (status, pgn) = ask(addr, format!("{path}.pgn")).await;
    assert_eq!(status, 200);
    assert!(pgn.contains("1. e4"), "{pgn}");
    // Neither a game number nor a wrong token finds it.
    assert_eq!(ask(addr, "/g/1".into()).await.0, 404);
    assert_eq!(ask(addr, format!("/g/{}", "0".repeat(32))).await.0, 404);
}

#[tokio::test]
async fn a_move_reaches_an_open_stream_within_a_second() {
    let (scn, addr) = harness().await;
    let path = hostile_game(&scn).await;
    let mut sse = tokio::net::TcpStream::connect(addr).await.expect("connect");
    sse.write_all(format!("GET {path}/events HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .expect("ask");
    let mut seen = String::new();
    tokio::time::timeout(
        Duration::from_secs(5),
        read_until(&mut seen, &mut sse, "event: state"),
    )
    .await
    .expect("the state at once");
    assert!(seen.contains("text/event-stream"), "{seen}");
    let moved = Instant::now();
    scn.ok("alice", "/chess move e4").await;
    tokio::time::timeout(
        Duration::from_secs(1),
        read_until(&mut seen, &mut sse, "\"san\":\"e4\""),
    )
    .await
    .expect("the move within a second");
    eprintln!("the move reached the stream in {:?}", moved.elapsed());
    scn.ok("mallory", "/chess move e5").await;
    scn.ok("alice", "/chess draw").await;
    tokio::time::timeout(
        Duration::from_secs(1),
        read_until(&mut seen, &mut sse, "\"draw_offer\":\"white\""),
    )
    .await
    .expect("the draw offer within a second");
}

/// Reads the stream into `seen` until it holds `want`.
async fn read_until(seen: &mut String, sse: &mut tokio::net::TcpStream, want: &str) {
    let mut buf = [0u8; 8192];
    while !seen.contains(want) {
        let n = sse.read(&mut buf).await.expect("read");
        assert!(n > 0, "stream closed: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

#[tokio::test]
async fn no_page_for_a_direct_message_and_finished_pages_have_an_etag() {
    let (scn, addr) = harness().await;
    // A game against the computer in a direct message: no link.
    let dm = scn.say_in("alice", "@alice", "/chess computer").await;
    assert!(
        dm.iter()
            .all(|r| !matches!(&r.event, Some(Event::Start { watch: Some(_), .. }))),
        "no watch link in a direct message"
    );
    let path = hostile_game(&scn).await;
    scn.ok("alice", "/chess move e4").await;
    scn.ok("mallory", "/chess move e5").await;
    scn.ok("alice", "/chess resign").await;
    let (status, page) = ask(addr, path.clone()).await;
    assert_eq!(status, 200);
    assert!(page.contains("0-1"), "{page}");
    // A second ask with the version held: 304.
    let mut c = tokio::net::TcpStream::connect(addr).await.expect("connect");
    c.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .expect("ask");
    let mut head = String::new();
    c.read_to_string(&mut head).await.expect("read");
    let etag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .expect("an ETag")
        .trim()
        .to_string();
    assert!(head.contains("content-security-policy: default-src 'none'"));
    let mut c = tokio::net::TcpStream::connect(addr).await.expect("connect");
    c.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: x\r\nIf-None-Match: {etag}\r\n\r\n").as_bytes(),
    )
    .await
    .expect("ask");
    let mut again = String::new();
    c.read_to_string(&mut again).await.expect("read");
    assert!(again.starts_with("HTTP/1.1 304"), "{again}");
}

#[tokio::test]
async fn a_moderator_turns_the_pages_off_and_links_and_pages_go() {
    let (scn, addr) = harness().await;
    let path = hostile_game(&scn).await;
    assert_eq!(ask(addr, path.clone()).await.0, 200);
    let refused = scn.error("alice", "/chess settings pages:off").await;
    assert_eq!(refused.code, "not_allowed");
    let moderator = LocalePrefs {
        moderator: true,
        ..LocalePrefs::default()
    };
    scn.say_with("alice", "/chess settings pages:off", moderator)
        .await;
    assert_eq!(ask(addr, path.clone()).await.0, 404, "no page once off");
    scn.ok("alice", "/chess resign").await;
    scn.ok("alice", "/chess challenge color:white").await;
    let r = scn.ok("bob", "/chess accept").await;
    assert!(
        r.iter()
            .all(|r| !matches!(&r.event, Some(Event::Start { watch: Some(_), .. }))),
        "no link while off"
    );
    scn.say_with("alice", "/chess settings pages:on", moderator)
        .await;
    assert_eq!(ask(addr, path).await.0, 200, "back on");
}

#[tokio::test]
async fn a_player_hides_their_own_name_from_the_pages() {
    let (scn, addr) = harness().await;
    scn.ok("alice", "/chess challenge color:white").await;
    let r = scn.ok("bob", "/chess accept").await;
    let watch = r
        .iter()
        .find_map(|r| match &r.event {
            Some(Event::Start { watch, .. }) => watch.clone(),
            _ => None,
        })
        .expect("a watch link");
    let path = watch
        .strip_prefix("http://watch.test")
        .expect("under the public address")
        .to_string();
    scn.ok("alice", "/chess move e4").await;
    let (_, page) = ask(addr, path.clone()).await;
    assert!(page.contains(">alice<"), "shown by default: {page}");

    let answer = scn.ok("alice", "/chess settings pagename:hidden").await;
    assert!(answer.iter().all(|r| r.ephemeral), "a private answer");
    let (_, page) = ask(addr, path.clone()).await;
    assert!(!page.contains("alice"), "no trace of the name: {page}");
    assert!(page.contains("White player") && page.contains(">bob<"));
    let (_, pgn) = ask(addr, format!("{path}.pgn")).await;
    assert!(
        pgn.contains("[White \"White player\"]") && pgn.contains("[Black \"bob\"]"),
        "{pgn}"
    );
    assert!(!pgn.contains("alice"), "{pgn}");
    // The channel still names her: the pages alone are hers to hide.
    let board = scn.ok("bob", "/chess board").await;
    assert!(board.iter().any(|r| r.text.contains("alice")));

    scn.ok("alice", "/chess settings pagename:shown").await;
    let (_, page) = ask(addr, path).await;
    assert!(page.contains(">alice<"), "shown again: {page}");
}
