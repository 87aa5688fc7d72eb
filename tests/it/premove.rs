//! Conditional moves and private notes through the real service
//! and store: a queued line played out move by move with no notice to its
//! owner, a deviation clearing it, conflicting and illegal lines refused
//! with nothing stored, a takeback and the end of the game clearing lines,
//! a conditional mate, notes nobody but their author ever sees, and two
//! services on one database racing the triggering move (SQLite file, and
//! PostgreSQL when `CHESSBOT_TEST_PG_URL` is set) applying the reply once.

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Command, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::{ChannelKey, Store};
use chrono::Utc;

use crate::support;

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

fn actor(n: &str) -> Actor {
    Actor {
        id: n.into(),
        name: n.into(),
    }
}

async fn say_on(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).unwrap().expect("a command");
    let mut replies = svc.handle(&place(ch), &actor(who), cmd).await;
    let mut follow = Vec::new();
    for r in &replies {
        if let Some(work) = &r.follow_up {
            follow.extend(svc.follow_up(work).await);
        }
    }
    replies.extend(follow);
    replies
}

struct H {
    svc: GameService,
}

impl H {
    async fn new() -> H {
        let store = Store::memory().await.unwrap();
        let clock = Arc::new(ManualClock::new(Utc::now()));
        H {
            svc: GameService::open(store, clock).await.unwrap(),
        }
    }

    async fn say(&self, who: &str, line: &str) -> Vec<Reply> {
        say_on(&self.svc, "general", who, line).await
    }

    async fn ok(&self, who: &str, line: &str) -> Vec<Reply> {
        let r = self.say(who, line).await;
        assert!(error(&r).is_none(), "{who} {line}: {:?}", texts(&r));
        r
    }

    /// alice (white) against bob (black) in `general`, both with their
    /// turn notices by direct message (so a notice is a reply to `@NAME`).
    async fn start(&self) {
        self.ok("alice", "/chess challenge @bob color:white").await;
        self.ok("bob", "/chess accept").await;
        self.ok("alice", "/chess notify where:dm").await;
        self.ok("bob", "/chess notify where:dm").await;
    }

    /// The lines `who` lists (`premove` alone), SAN.
    async fn lines(&self, who: &str) -> Vec<Vec<String>> {
        let r = self.ok(who, "/chess premove").await;
        assert!(r[0].ephemeral, "private");
        match &r[0].event {
            Some(Event::Premove { lines, .. }) => lines.clone(),
            e => panic!("no premove event: {e:?}"),
        }
    }

    async fn game_id(&self) -> i64 {
        self.svc
            .store()
            .last_game(&key("general"))
            .await
            .unwrap()
            .expect("a game")
            .id
    }
}

fn key(ch: &str) -> ChannelKey {
    ChannelKey {
        platform: "console".into(),
        guild: String::new(),
        channel: ch.into(),
    }
}

fn texts(r: &[Reply]) -> Vec<&str> {
    r.iter().map(|r| r.text.as_str()).collect()
}

fn error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

fn error_message(r: &[Reply]) -> String {
    r.iter()
        .find_map(|r| match &r.event {
            Some(Event::Error { message, .. }) => Some(message.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// `(by, san, premove)` of every move event.
fn moves(r: &[Reply]) -> Vec<(String, String, bool)> {
    r.iter()
        .filter_map(|r| match &r.event {
            Some(Event::Move {
                by, san, premove, ..
            }) => Some((by.clone(), san.clone(), *premove)),
            _ => None,
        })
        .collect()
}

fn mv(by: &str, san: &str, premove: bool) -> (String, String, bool) {
    (by.to_string(), san.to_string(), premove)
}

/// Whether any reply speaks to `who`: a mention, or a direct message.
fn notifies(r: &[Reply], who: &str) -> bool {
    r.iter()
        .any(|r| r.mentions.iter().any(|a| a.id == who) || r.place.channel == format!("@{who}"))
}

fn lines(v: &[&str]) -> Vec<Vec<String>> {
    v.iter()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[tokio::test]
async fn a_line_of_four_plies_plays_out_with_no_notices_to_its_owner() {
    let h = H::new().await;
    h.start().await;
    let r = h.ok("alice", "/chess move e4").await;
    assert!(notifies(&r, "bob"), "a normal move tells the opponent");
    let r = h
        .ok("alice", "/chess premove line:\"e5 Nf3 Nc6 Bb5\"")
        .await;
    assert_eq!(r.len(), 1);
    assert!(r[0].ephemeral && r[0].mentions.is_empty());
    assert!(
        r[0].text.contains("1... e5 2. Nf3 Nc6 3. Bb5"),
        "{}",
        r[0].text
    );
    assert_eq!(h.lines("alice").await, lines(&["e5 Nf3 Nc6 Bb5"]));
    // The opponent sees nothing of it.
    let bob_games = h.ok("bob", "/chess games").await;
    assert!(!bob_games[0].text.contains("conditional"));

    let r = h.ok("bob", "/chess move e5").await;
    assert_eq!(
        moves(&r),
        [mv("bob", "e5", false), mv("alice", "Nf3", true)]
    );
    assert!(
        !notifies(&r, "alice"),
        "no notice to the owner: {:?}",
        texts(&r)
    );
    assert!(notifies(&r, "bob"), "the opponent is told: {:?}", texts(&r));
    assert!(
        r.iter().any(|r| r.text.contains("(conditional move)")),
        "{:?}",
        texts(&r)
    );
    assert_eq!(h.lines("alice").await, lines(&["Nc6 Bb5"]));
    let games = h.ok("alice", "/chess games").await;
    assert!(
        games[0].text.contains("(1 conditional line)"),
        "{}",
        games[0].text
    );
    match &games[0].event {
        Some(Event::Games { games }) => assert_eq!(games[0].conditional_lines, Some(1)),
        e => panic!("{e:?}"),
    }

    let r = h.ok("bob", "/chess move Nc6").await;
    assert_eq!(
        moves(&r),
        [mv("bob", "Nc6", false), mv("alice", "Bb5", true)]
    );
    assert!(!notifies(&r, "alice"));
    assert!(h.lines("alice").await.is_empty());
    // The line is used up: the next move is an ordinary one.
    let r = h.ok("bob", "/chess move a6").await;
    assert_eq!(moves(&r), [mv("bob", "a6", false)]);
    assert!(notifies(&r, "alice"));
    let id = h.game_id().await;
    let stored: Vec<String> = h
        .svc
        .store()
        .moves(id)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.san)
        .collect();
    assert_eq!(stored, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert!(h.svc.store().inconsistent_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_deviation_clears_the_lines() {
    let h = H::new().await;
    h.start().await;
    h.ok("alice", "/chess move e4").await;
    h.ok("alice", "/chess premove e5 Nf3").await;
    h.ok("alice", "/chess premove c5 Nf3 d6 d4").await;
    assert_eq!(h.lines("alice").await.len(), 2);
    let r = h.ok("bob", "/chess move e6").await;
    assert_eq!(moves(&r), [mv("bob", "e6", false)]);
    assert!(notifies(&r, "alice"), "the owner must move now");
    assert!(h.lines("alice").await.is_empty());
    let id = h.game_id().await;
    assert_eq!(h.svc.store().premove(id, "alice").await.unwrap(), None);
}

#[tokio::test]
async fn a_conflicting_line_is_refused_and_branches_are_kept() {
    let h = H::new().await;
    h.start().await;
    h.ok("alice", "/chess move e4").await;
    h.ok("alice", "/chess premove line:\"e5 Nf3 Nc6 Bb5\"")
        .await;
    let r = h.say("alice", "/chess premove line:\"e5 Nc3\"").await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    let m = error_message(&r);
    assert!(
        m.contains("Nf3") && m.contains("Nc3") && m.contains("e5"),
        "{m}"
    );
    let r = h
        .say("alice", "/chess premove 1... e5 2. Nf3 Nc6 3. Bc4")
        .await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    assert!(error_message(&r).contains("Bb5"), "{}", error_message(&r));
    assert_eq!(h.lines("alice").await, lines(&["e5 Nf3 Nc6 Bb5"]));
    // A shorter line already covered, a branch at bob's move, a new start.
    h.ok("alice", "/chess premove e5 Nf3").await;
    h.ok("alice", "/chess premove e5 Nf3 Nf6 d3").await;
    h.ok("alice", "/chess premove c5 Nf3").await;
    assert_eq!(
        h.lines("alice").await,
        lines(&["e5 Nf3 Nc6 Bb5", "e5 Nf3 Nf6 d3", "c5 Nf3"])
    );
    let games = h.ok("alice", "/chess games").await;
    assert!(
        games[0].text.contains("(3 conditional lines)"),
        "{}",
        games[0].text
    );
    // The branch bob takes is played, the others go.
    let r = h.ok("bob", "/chess move e5").await;
    assert_eq!(moves(&r)[1], mv("alice", "Nf3", true));
    let r = h.ok("bob", "/chess move Nf6").await;
    assert_eq!(moves(&r)[1], mv("alice", "d3", true));
    assert!(h.lines("alice").await.is_empty());
}

#[tokio::test]
async fn bad_lines_are_refused_and_nothing_is_stored() {
    let h = H::new().await;
    h.start().await;
    h.ok("alice", "/chess move e4").await;
    let id = h.game_id().await;
    for (line, code) in [
        ("e5 Nf3 Nc6 Qxf7", "illegal_move"),
        ("e5 Nf3 Nc6 zz9", "invalid_notation"),
        ("e5 Nf3 Nc6", "invalid_option"),
        ("", "invalid_notation"),
    ] {
        let r = h
            .say("alice", &format!("/chess premove line:\"{line}\""))
            .await;
        assert_eq!(error(&r).as_deref(), Some(code), "{line}: {:?}", texts(&r));
        assert!(r[0].ephemeral);
    }
    let r = h.say("alice", "/chess premove e5 Nf3 Nc6 Qxf7").await;
    assert!(
        error_message(&r).starts_with("Move 4 of the line"),
        "{:?}",
        texts(&r)
    );
    assert_eq!(h.svc.store().premove(id, "alice").await.unwrap(), None);
    // Too long a line.
    let long = "Nf6 Nf3 Ng8 Ng1 ".repeat(11);
    let r = h
        .say("alice", &format!("/chess premove line:\"{long}\""))
        .await;
    assert_eq!(error(&r).as_deref(), Some("limit"));
    // On one's own turn, and by someone not playing.
    let r = h.say("bob", "/chess premove d5 exd5").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    assert!(
        error_message(&r).contains("your move"),
        "{}",
        error_message(&r)
    );
    let r = h.say("carol", "/chess premove e5 Nf3").await;
    assert_eq!(error(&r).as_deref(), Some("not_a_player"));
    // At most 20 lines.
    let replies = [
        "a6", "a5", "b6", "b5", "c6", "c5", "d6", "d5", "e6", "e5", "f6", "f5", "g6", "g5", "h6",
        "h5", "Na6", "Nc6", "Nf6", "Nh6",
    ];
    for black in replies {
        h.ok("alice", &format!("/chess premove {black} Nc3")).await;
    }
    h.ok("alice", "/chess premove e5 Nc3 a6 Bc4").await;
    let r = h.say("alice", "/chess premove e5 Nc3 a5 Bc4").await;
    assert_eq!(error(&r).as_deref(), Some("limit"), "{:?}", texts(&r));
    assert_eq!(h.lines("alice").await.len(), 20);
    let r = h.ok("alice", "/chess premove clear").await;
    assert!(r[0].ephemeral);
    assert!(h.lines("alice").await.is_empty());
    assert_eq!(h.svc.store().premove(id, "alice").await.unwrap(), None);
}

#[tokio::test]
async fn takeback_and_the_end_of_the_game_clear_the_lines() {
    let h = H::new().await;
    h.start().await;
    h.ok("alice", "/chess move e4").await;
    h.ok("alice", "/chess premove e5 Nf3").await;
    let id = h.game_id().await;
    h.ok("alice", "/chess takeback").await;
    h.ok("bob", "/chess takeback").await;
    assert_eq!(h.svc.store().premove(id, "alice").await.unwrap(), None);
    // Played again: the old line is gone for good.
    h.ok("alice", "/chess move e4").await;
    assert!(h.lines("alice").await.is_empty());
    let r = h.ok("bob", "/chess move e5").await;
    assert_eq!(moves(&r), [mv("bob", "e5", false)]);
    // A line queued, then the game ends by agreement.
    h.ok("alice", "/chess move Nf3").await;
    h.ok("alice", "/chess premove Nc6 Bb5").await;
    h.ok("alice", "/chess draw").await;
    let r = h.ok("bob", "/chess draw").await;
    assert!(r.iter().any(|r| matches!(r.event, Some(Event::End { .. }))));
    assert_eq!(h.svc.store().premove(id, "alice").await.unwrap(), None);
}

#[tokio::test]
async fn a_conditional_reply_can_mate() {
    let h = H::new().await;
    h.start().await;
    h.ok("alice", "/chess move f3").await;
    h.ok("bob", "/chess move e5").await;
    h.ok("bob", "/chess premove g4 Qh4#").await;
    let r = h.ok("alice", "/chess move g4").await;
    assert_eq!(
        moves(&r),
        [mv("alice", "g4", false), mv("bob", "Qh4#", true)]
    );
    let end = r.iter().find_map(|r| match &r.event {
        Some(Event::End {
            result,
            termination,
            ..
        }) => Some((result.clone(), termination.clone())),
        _ => None,
    });
    assert_eq!(end, Some(("0-1".into(), "checkmate".into())));
    let id = h.game_id().await;
    let g = h.svc.store().game(id).await.unwrap().unwrap();
    assert_eq!((g.status.as_str(), g.ply), ("finished", 4));
    assert_eq!(h.svc.store().premove(id, "bob").await.unwrap(), None);
}

#[tokio::test]
async fn notes_are_never_shown_to_the_opponent() {
    let h = H::new().await;
    h.start().await;
    h.ok("alice", "/chess move e4").await;
    let secret = "my secret plan: h4 then @everyone <@123> **storm**";
    let r = h
        .ok("alice", &format!("/chess note text:\"{secret}\""))
        .await;
    assert!(r[0].ephemeral && r[0].mentions.is_empty());
    let id = h.game_id().await;
    assert_eq!(r[0].event, Some(Event::Note { game: id }));
    let shown = h.ok("alice", "/chess note").await;
    assert!(shown[0].ephemeral && shown[0].text.contains(secret));
    let mine = h.ok("alice", "/chess games").await;
    assert!(mine[0].ephemeral);
    assert!(mine[0].text.contains(&format!("Your note: {secret}")));
    match &mine[0].event {
        Some(Event::Games { games }) => assert_eq!(games[0].note.as_deref(), Some(secret)),
        e => panic!("{e:?}"),
    }
    let leaks = |r: &[Reply], who: &str| {
        r.iter().any(|r| {
            let to_owner = r.place.channel == "@alice";
            (r.text.contains("secret") || format!("{:?}", r.event).contains("secret"))
                && !(to_owner && who == "alice")
        })
    };
    for who in ["bob", "carol"] {
        for cmd in ["/chess games", "/chess pgn", "/chess board", "/chess note"] {
            let r = h.say(who, cmd).await;
            assert!(!leaks(&r, who), "{who} {cmd}: {:?}", texts(&r));
        }
    }
    // The author's pgn: the channel's copy is clean, theirs comes directly.
    let r = h.ok("alice", "/chess pgn").await;
    assert!(!r[0].text.contains("secret") && r[0].place.channel == "general");
    let own = r
        .iter()
        .find(|r| r.place.channel == "@alice")
        .expect("a copy sent to alice");
    match &own.event {
        Some(Event::Pgn { pgn }) => {
            assert!(pgn.contains(&format!("{{{secret}}}\n1. e4")), "{pgn}");
        }
        e => panic!("{e:?}"),
    }
    let board = h.ok("alice", "/chess board").await;
    assert!(!leaks(&board, "bob"));
    // Too long: refused, the note stays.
    // (Discord's limit; the text grammar stops at 2,000 characters a line.)
    let long = Command::Note {
        game: None,
        text: Some("x".repeat(2001)),
    };
    let r = h.svc.handle(&place("general"), &actor("alice"), long).await;
    assert_eq!(error(&r).as_deref(), Some("too_long"), "{:?}", texts(&r));
    let shown = h.ok("alice", "/chess note").await;
    assert!(shown[0].text.contains(secret));
    // The last one wins; the summary of the game never has it.
    h.ok("alice", "/chess note second secret").await;
    let shown = h.ok("alice", "/chess note").await;
    assert!(shown[0].text.contains("second secret"));
    h.ok("bob", "/chess move e5").await;
    let r = h.ok("bob", "/chess resign").await;
    assert!(!leaks(&r, "bob"), "{:?}", texts(&r));
    // After the game: still the author's, by number.
    let shown = h.ok("alice", &format!("/chess note game:{id}")).await;
    assert!(shown[0].text.contains("second secret"));
    let r = h.say("bob", &format!("/chess note game:{id}")).await;
    assert!(!leaks(&r, "bob"));
    let r = h.ok("alice", &format!("/chess note game:{id} clear")).await;
    assert!(r[0].text.contains("removed"), "{}", r[0].text);
    assert_eq!(h.svc.store().note(id, "alice").await.unwrap(), None);
}

/// Two services on one database both receive the triggering move of
/// `GAMES` games at once: each game's conditional reply is played exactly
/// once.
async fn two_services_play_each_reply_once(url: &str) {
    const GAMES: usize = 6;
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let a = GameService::open(Store::open(url).await.unwrap(), clock.clone())
        .await
        .unwrap();
    let b = GameService::open(Store::open(url).await.unwrap(), clock.clone())
        .await
        .unwrap();
    for g in 0..GAMES {
        let ch = format!("c{g}");
        say_on(&a, &ch, "alice", "/chess challenge @bob color:white").await;
        say_on(&b, &ch, "bob", "/chess accept").await;
        say_on(&a, &ch, "alice", "/chess move e4").await;
        let r = say_on(&b, &ch, "alice", "/chess premove e5 Nf3 Nc6 Bb5").await;
        assert!(error(&r).is_none(), "{:?}", texts(&r));
    }
    let mut tasks = tokio::task::JoinSet::new();
    for g in 0..GAMES {
        for svc in [a.clone(), b.clone()] {
            let ch = format!("c{g}");
            tasks.spawn(async move {
                let r = say_on(&svc, &ch, "bob", "/chess move e5").await;
                moves(&r).iter().filter(|m| m.2).count()
            });
        }
    }
    let mut replies = 0;
    while let Some(n) = tasks.join_next().await {
        replies += n.unwrap();
    }
    assert_eq!(replies, GAMES, "each reply played by exactly one service");
    for g in 0..GAMES {
        let row = a
            .store()
            .active_game(&key(&format!("c{g}")))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.ply, 3);
        let sans: Vec<String> = b
            .store()
            .moves(row.id)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.san)
            .collect();
        assert_eq!(sans, ["e4", "e5", "Nf3"]);
        let left = b.store().premove(row.id, "alice").await.unwrap().unwrap();
        assert_eq!((left.ply, left.lines.as_str()), (3, "b8c6 f1b5"));
    }
    assert!(a.store().inconsistent_games().await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_race_the_trigger_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("x.db").display());
    two_services_play_each_reply_once(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_services_race_the_trigger_on_postgres() {
    let Some(base) = support::pg_url("two_services_race_the_trigger_on_postgres") else {
        return;
    };
    let url = support::fresh_schema_url(&base).await;
    two_services_play_each_reply_once(&url).await;
}
