//! Team matches through the service, on the console: the two sides are
//! the channel that created the match (`red`) and the one that accepted
//! it (`blue`); the console is one community, so this is one community
//! playing itself across two channels, as team codes allow there. A
//! 3-board match is played to the end (a mate, a draw by agreement, a
//! board whose White never moved and loses on time, as in a league), with
//! the standings checked by hand after every board; each board's players
//! move in their own side's place (`red-m1-1`, `blue-m1-1`, ...), see the
//! board from their side, and get their private replies there only. Then
//! the refusals and caps. `team_matches_pg` runs the same on PostgreSQL.

use chessbot::adapters::text;
use chessbot::service::{
    Command, Event, LocalePrefs, MAX_TEAM_MATCHES, MatchCommand, MatchEvent, Reply, TeamCommand,
};
use chrono::Duration;

use crate::support::scenario::{Replies, Scenario, actor};

async fn scenario() -> Scenario {
    Scenario::builder()
        .store(super::test_store().await)
        .check(match_checks)
        .open()
        .await
}

fn moderator() -> LocalePrefs {
    LocalePrefs {
        moderator: true,
        ..LocalePrefs::default()
    }
}

/// Whether the creating side (`red`) has White in game `number` of match
/// 1 here (3 boards, one round: board N is game N; red has White on odd
/// boards).
fn red_white(number: u32) -> bool {
    number % 2 == 1
}

/// What every batch keeps: a board's place shows the board from its own
/// player's side, and pings only that player.
fn match_checks(replies: &[Reply]) {
    for r in replies {
        let Some((side, number)) = r
            .place
            .channel
            .split_once("-m1-")
            .and_then(|(s, n)| Some((s.to_string(), n.parse::<u32>().ok()?)))
        else {
            continue;
        };
        let white_here = (side == "red") == red_white(number);
        if let Some(b) = &r.board
            && !r.ephemeral
        {
            assert_eq!(b.flip, !white_here, "{}: {}", r.place.channel, r.text);
        }
        assert!(r.mentions.len() <= 1, "{}: {:?}", r.text, r.mentions);
    }
}

/// The `match` event among `replies` posted in `channel`.
fn match_in(replies: &[Reply], channel: &str) -> Option<MatchEvent> {
    replies
        .iter()
        .filter(|r| r.place.channel == channel)
        .find_map(|r| match &r.event {
            Some(Event::Match(m)) => Some(m.clone()),
            _ => None,
        })
}

/// The match's standings as both channels get them: the same in each.
fn standings(replies: &[Reply]) -> MatchEvent {
    let red = match_in(replies, "red").expect("standings in red");
    let blue = match_in(replies, "blue").expect("standings in blue");
    assert_eq!(red, blue);
    red
}

/// Points per side and each game's result.
fn score(m: &MatchEvent) -> (f64, f64, Vec<Option<String>>) {
    (
        m.sides[0].points,
        m.sides[1].points,
        m.boards.iter().map(|b| b.result.clone()).collect(),
    )
}

/// `line` by `who` in `ch`: asserts it was not refused, and that every
/// private reply stayed in `ch`.
async fn ok_in(s: &Scenario, who: &str, ch: &str, line: &str) -> Vec<Reply> {
    let r = s.say_in(who, ch, line).await;
    assert!(r.error().is_none(), "{who}@{ch} {line}: {:?}", r.texts());
    for x in &r {
        if x.ephemeral {
            assert_eq!(x.place.channel, ch, "{}", x.text);
        }
    }
    r
}

/// Red creates match 1 (3 boards), blue accepts it: the code of the
/// creation.
async fn created_and_accepted(s: &Scenario) {
    let r = s
        .say_in_with(
            "mod",
            "red",
            "/team match create boards:3 days:2",
            moderator(),
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let m = match_in(&r, "red").expect("match event");
    assert_eq!((m.id, m.state.as_str()), (1, "open"));
    let code = r[0]
        .text
        .split("Code: ")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .expect("a code")
        .to_string();
    // Only a moderator accepts, and not in the creating channel.
    let e = s
        .error_in("bob", "blue", &format!("/team match accept code:{code}"))
        .await;
    assert_eq!(e.code, "not_allowed");
    let r = s
        .say_in_with(
            "mod",
            "red",
            &format!("/team match accept code:{code}"),
            moderator(),
        )
        .await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"));
    let r = s
        .say_in_with(
            "boss",
            "blue",
            &format!("/team match accept code:{}", code.to_lowercase()),
            moderator(),
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    for ch in ["red", "blue"] {
        let m = match_in(&r, ch).expect("accepted in both");
        assert_eq!(m.state, "signup");
        assert_eq!(m.sides.len(), 2);
        assert_eq!(
            (m.sides[0].name.as_str(), m.sides[1].name.as_str()),
            ("#red", "#blue")
        );
    }
    // Single use.
    let e = s
        .say_in_with(
            "boss",
            "green",
            &format!("/team match accept code:{code}"),
            moderator(),
        )
        .await;
    assert_eq!(e.error().as_deref(), Some("no_challenge"));
}

#[tokio::test]
async fn a_three_board_match_is_played_to_the_end() {
    let s = scenario().await;
    // zoe wins a rated game first: she is red's best rated player, and
    // yan, who lost it, blue's lowest.
    s.start_between("yan", "zoe", "").await;
    s.moves("yan", "zoe", "f4 e5 g4").await;
    let r = s.say("zoe", "/chess move Qh4").await;
    assert!(r.end().is_some(), "{:?}", r.texts());

    created_and_accepted(&s).await;
    for (who, ch) in [
        ("alice", "red"),
        ("bob", "red"),
        ("zoe", "red"),
        ("wes", "red"),
        ("carol", "blue"),
        ("dave", "blue"),
        ("yan", "blue"),
    ] {
        let r = ok_in(&s, who, ch, "/team match join").await;
        let m = match_in(&r, ch).expect("joined");
        assert!(m.sides.iter().any(|x| x.players.contains(&who.to_string())));
    }
    // One side per player; once per side; leaving before the start.
    let e = s.error_in("alice", "blue", "/team match join").await;
    assert_eq!(e.code, "not_allowed");
    assert!(e.message.contains("#red"), "{}", e.message);
    let e = s.error_in("alice", "red", "/team match join").await;
    assert_eq!(e.code, "already_joined");
    ok_in(&s, "wes", "red", "/team match leave").await;
    let e = s.error_in("wes", "red", "/team match leave").await;
    assert_eq!(e.code, "not_allowed");
    // Only a moderator starts.
    let e = s.error_in("alice", "red", "/team match start").await;
    assert_eq!(e.code, "not_allowed");

    // A moderator of the accepting side starts it: red by rating is zoe,
    // then alice and bob (unrated, by name); blue carol, dave (unrated,
    // by name), then yan.
    let r = s
        .say_in_with("boss", "blue", "/team match start", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let m = standings(&r);
    assert_eq!(m.state, "running");
    let pairs: Vec<(&str, &str)> = m
        .boards
        .iter()
        .map(|b| (b.white.as_str(), b.black.as_str()))
        .collect();
    assert_eq!(pairs, [("zoe", "carol"), ("dave", "alice"), ("bob", "yan")]);
    assert_eq!(score(&m), (0.0, 0.0, vec![None, None, None]));
    // Each game starts in both of its places, from each side.
    for (n, white, black) in [(1, "zoe", "carol"), (2, "dave", "alice"), (3, "bob", "yan")] {
        for side in ["red", "blue"] {
            let ch = format!("{side}-m1-{n}");
            let start = r
                .iter()
                .find(|x| x.place.channel == ch && matches!(x.event, Some(Event::Start { .. })))
                .unwrap_or_else(|| panic!("no start in {ch}: {:?}", r.texts()));
            let white_here = (side == "red") == red_white(n);
            let mine = if white_here { white } else { black };
            assert_eq!(start.mentions.len(), 1);
            assert_eq!(start.mentions[0].name, mine, "{ch}");
        }
    }
    // Signing up is over.
    let e = s.error_in("erin", "red", "/team match join").await;
    assert_eq!(e.code, "league_started");

    // Board 1: zoe (red, White) is mated by carol (blue), each in her
    // own place. A move in one place is posted in both.
    let r = ok_in(&s, "zoe", "red-m1-1", "/chess move f3").await;
    for ch in ["red-m1-1", "blue-m1-1"] {
        assert_eq!(
            r.iter()
                .filter(|x| x.place.channel == ch && matches!(x.event, Some(Event::Move { .. })))
                .count(),
            1,
            "{ch}: {:?}",
            r.texts()
        );
    }
    // A refusal in the other place stays there, private.
    let r = s.say_in("zoe", "red-m1-1", "/chess move e4").await;
    assert_eq!(r.error().as_deref(), Some("not_your_turn"));
    assert!(
        r.iter()
            .all(|x| x.place.channel == "red-m1-1" && x.ephemeral)
    );
    let r = s.say_in("zoe", "blue-m1-1", "/chess move e4").await;
    assert!(
        r.iter()
            .all(|x| x.place.channel == "blue-m1-1" && x.ephemeral)
    );
    ok_in(&s, "carol", "blue-m1-1", "/chess move e5").await;
    ok_in(&s, "zoe", "red-m1-1", "/chess move g4").await;
    // A match game is never aborted.
    let e = s.error_in("dave", "blue-m1-2", "/chess abort").await;
    assert_eq!(e.code, "not_allowed");
    let r = ok_in(&s, "carol", "blue-m1-1", "/chess move Qh4").await;
    for ch in ["red-m1-1", "blue-m1-1"] {
        assert!(
            r.iter()
                .any(|x| x.place.channel == ch && matches!(x.event, Some(Event::End { .. }))),
            "{ch}: {:?}",
            r.texts()
        );
    }
    let m = standings(&r);
    assert_eq!(score(&m), (0.0, 1.0, vec![Some("0-1".into()), None, None]));
    assert!(!m.r#final);
    let red = r
        .iter()
        .find(|x| x.place.channel == "red" && matches!(x.event, Some(Event::Match(_))))
        .expect("standings in red");
    assert!(red.text.contains("#red 0 – 1 #blue"), "{}", red.text);
    assert_eq!(red.files.len(), 1, "the standings' picture");

    // Board 2: dave (blue, White) and alice agree a draw.
    ok_in(&s, "dave", "blue-m1-2", "/chess move e4").await;
    ok_in(&s, "alice", "red-m1-2", "/chess move e5").await;
    ok_in(&s, "dave", "blue-m1-2", "/chess draw").await;
    let r = ok_in(&s, "alice", "red-m1-2", "/chess draw").await;
    let m = standings(&r);
    assert_eq!(
        score(&m),
        (
            0.5,
            1.5,
            vec![Some("0-1".into()), Some("1/2-1/2".into()), None]
        )
    );

    // Board 3: bob (red, White) never moves: lost on time as in a league,
    // not aborted; the match is over and blue wins 2½ – ½.
    s.clock.advance(Duration::days(2) + Duration::minutes(1));
    let r = s.run_due().await;
    let m = standings(&r);
    assert_eq!(
        score(&m),
        (
            0.5,
            2.5,
            vec![
                Some("0-1".into()),
                Some("1/2-1/2".into()),
                Some("0-1".into())
            ]
        )
    );
    assert!(m.r#final);
    assert_eq!(m.state, "finished");
    assert_eq!(m.winner.as_deref(), Some("#blue"));
    let blue = r
        .iter()
        .find(|x| x.place.channel == "blue" && matches!(x.event, Some(Event::Match(_))))
        .expect("final standings in blue");
    assert!(
        blue.text
            .starts_with("Match 1 is over: #blue wins, ½ – 2½."),
        "{}",
        blue.text
    );
    // Each board names its players' sides.
    assert!(
        blue.text.contains("zoe (#red) – carol (#blue)"),
        "{}",
        blue.text
    );
    // Asked for afterwards, the final standings stay there to read.
    let r = ok_in(&s, "alice", "red", "/team match standings").await;
    let m = match_in(&r, "red").expect("the standings");
    assert!(m.r#final);
    assert_eq!(m.state, "finished");
    assert!(
        r[0].text.contains("dave (#blue) – alice (#red)"),
        "{}",
        r[0].text
    );
    // The channels are free for a new match.
    let r = s
        .say_in_with(
            "mod",
            "red",
            "/team match create boards:1 days:1",
            moderator(),
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn refusals_and_caps() {
    let s = scenario().await;
    let e = s
        .error_in("alice", "red", "/team match create boards:3")
        .await;
    assert_eq!(e.code, "not_allowed", "moderators create");
    for bad in [
        "/team match create boards:33",
        "/team match create boards:0",
        "/team match create days:15",
        "/team match create rounds:3",
        "/team match accept",
        "/team match join now",
    ] {
        let e = text::parse(bad).expect_err(bad);
        assert_eq!(e.code(), "invalid_option", "{bad}");
    }
    // The service checks the bounds too (an adapter that forgot).
    let cmd = Command::Team(TeamCommand::Match(MatchCommand::Create {
        boards: 40,
        days: 2,
        rounds: 1,
        here_name: None,
    }));
    let r = s.send(&actor("mod"), "red", cmd, moderator()).await;
    assert_eq!(r.error().as_deref(), Some("invalid_option"));
    let e = s.error_in("alice", "red", "/team match join").await;
    assert_eq!(e.code, "no_match");
    let r = s
        .say_in_with("mod", "red", "/team match create 2 rounds:2", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    // Before the other side accepted: nobody signs up.
    let e = s.error_in("alice", "red", "/team match join").await;
    assert_eq!(e.code, "not_allowed");
    // One match per channel; a few per community.
    let r = s
        .say_in_with("mod", "red", "/team match create 2", moderator())
        .await;
    assert_eq!(r.error().as_deref(), Some("game_in_progress"));
    for ch in ["green", "white"]
        .iter()
        .take(MAX_TEAM_MATCHES as usize - 1)
    {
        let r = s
            .say_in_with("mod", ch, "/team match create 2", moderator())
            .await;
        assert!(r.error().is_none(), "{:?}", r.texts());
    }
    let r = s
        .say_in_with("mod", "black", "/team match create 2", moderator())
        .await;
    assert_eq!(r.error().as_deref(), Some("limit"));
    let r = s
        .say_in_with(
            "mod",
            "blue",
            "/team match accept code:ABCDEFGH",
            moderator(),
        )
        .await;
    assert_eq!(r.error().as_deref(), Some("no_challenge"));
    // A code expires after 7 days.
    s.clock.advance(Duration::days(7) + Duration::minutes(1));
    let r = s
        .say_in_with("mod", "black", "/team match create 2", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn a_start_with_an_empty_side_is_refused_and_a_smaller_side_sets_the_boards() {
    let s = scenario().await;
    created_and_accepted(&s).await;
    ok_in(&s, "alice", "red", "/team match join").await;
    let r = s
        .say_in_with("mod", "red", "/team match start", moderator())
        .await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"));
    ok_in(&s, "bob", "red", "/team match join").await;
    ok_in(&s, "carol", "blue", "/team match join").await;
    let r = ok_in(&s, "carol", "blue", "/team match standings").await;
    assert!(r[0].text.contains("alice, bob"), "{}", r[0].text);
    let r = s
        .say_in_with("mod", "red", "/team match start", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let m = standings(&r);
    assert_eq!(m.boards.len(), 1, "one board: blue has one player");
    assert_eq!(
        (m.boards[0].white.as_str(), m.boards[0].black.as_str()),
        ("alice", "carol")
    );
    let e = s
        .say_in_with("mod", "red", "/team match start", moderator())
        .await;
    assert_eq!(e.error().as_deref(), Some("league_started"));
}
