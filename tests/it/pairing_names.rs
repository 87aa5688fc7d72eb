//! League and Swiss games go by their pairing: their start, their board's
//! caption, their reminder, their summary and `games` call them "Winter
//! Cup, game 3" (or "Open, round 1, board 2"), never "game 4" for one
//! game that the league calls game 3; a Swiss posts its standings once a
//! round, not after every game.

use chessbot::service::{Event, Reply};

use crate::support::scenario::{Replies, Scenario};

/// The channel and the white and black names of each `start` among `r`.
fn starts(r: &[Reply]) -> Vec<(String, String, String)> {
    r.iter()
        .filter_map(|x| match &x.event {
            Some(Event::Start { white, black, .. }) => {
                Some((x.place.channel.clone(), white.clone(), black.clone()))
            }
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_league_game_goes_by_its_number_in_the_league() {
    let s = Scenario::new().await;
    // A game outside the league first: the bot's numbers and the league's
    // differ from here on.
    s.start_between("x", "y", "").await;
    s.ok(
        "alice",
        r#"/chess league create name:"Winter Cup" rounds:1"#,
    )
    .await;
    for p in ["alice", "bob", "carol"] {
        s.ok(p, "/chess league join").await;
    }
    let r = s.ok("alice", "/chess league start").await;
    let games = starts(&r);
    assert_eq!(games.len(), 3, "{:?}", r.texts());
    let (ch, white, black) = games
        .iter()
        .find(|(_, w, _)| w == "alice")
        .cloned()
        .expect("alice has White once");
    let number: i64 = ch
        .rsplit('-')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("numbered place");
    let title = format!("Winter Cup, game {number}");
    let start = r
        .iter()
        .find(|x| x.place.channel == ch && matches!(x.event, Some(Event::Start { .. })))
        .expect("start");
    let id = s.active_game_in(&ch).await.expect("the game").id;
    assert_ne!(id, number, "the bot's number differs from the league's");
    assert!(
        start
            .text
            .starts_with(&format!("{title} has started (`game:{id}`)")),
        "{}",
        start.text
    );
    assert!(
        !start.text.contains(&format!("game {id}")),
        "{}",
        start.text
    );
    let board = s.say_in(&white, &ch, "/chess board").await;
    assert!(
        board[0].text.starts_with(&format!("{title}: ")),
        "{}",
        board[0].text
    );
    let listing = s.ok(&white, "/chess games").await;
    assert!(
        listing[0]
            .text
            .contains(&format!("{title} (game:{id}) alice - {black}")),
        "{}",
        listing[0].text
    );
    s.say_in(&white, &ch, "/chess move e4").await;
    let end = s.say_in(&black, &ch, "/chess resign").await;
    assert!(end.end().is_some(), "{:?}", end.texts());
    let summary = s
        .say_in(&white, &ch, &format!("/chess summary game:{id}"))
        .await;
    assert!(
        summary
            .texts()
            .iter()
            .any(|t| t.starts_with(&format!("{title}: alice - {black} 1-0"))),
        "{:?}",
        summary.texts()
    );
}

#[tokio::test]
async fn a_swiss_posts_its_standings_once_a_round_and_names_its_boards() {
    let s = Scenario::new().await;
    s.ok(
        "p1",
        r#"/chess league create name:"Open" format:swiss rounds:3"#,
    )
    .await;
    for p in ["p1", "p2", "p3", "p4"] {
        s.ok(p, "/chess league join").await;
    }
    let r = s.ok("p1", "/chess league start").await;
    let games = starts(&r);
    assert_eq!(games.len(), 2, "{:?}", r.texts());
    for (board, (ch, _, _)) in games.iter().enumerate() {
        let start = r
            .iter()
            .find(|x| &x.place.channel == ch && matches!(x.event, Some(Event::Start { .. })))
            .expect("start");
        assert!(
            start
                .text
                .starts_with(&format!("Open, round 1, board {} has started", board + 1)),
            "{}",
            start.text
        );
    }
    let standings = |r: &[Reply]| {
        r.iter()
            .filter(|x| matches!(x.event, Some(Event::Standings { .. })))
            .count()
    };
    // The first game of the round ends: no standings yet.
    let (ch, white, black) = &games[0];
    s.say_in(white, ch, "/chess move e4").await;
    let r = s.say_in(black, ch, "/chess resign").await;
    assert!(r.end().is_some(), "{:?}", r.texts());
    assert_eq!(standings(&r), 0, "{:?}", r.texts());
    // On request they are there.
    let r = s.ok("p3", "/chess league standings").await;
    assert_eq!(standings(&r), 1, "{:?}", r.texts());
    // The round's last game: the standings once, and round 2.
    let (ch, white, black) = &games[1];
    s.say_in(white, ch, "/chess move e4").await;
    let r = s.say_in(black, ch, "/chess resign").await;
    assert_eq!(standings(&r), 1, "{:?}", r.texts());
    let next = starts(&r);
    assert_eq!(next.len(), 2, "round 2 starts: {:?}", r.texts());
    assert!(
        r.texts()
            .iter()
            .any(|t| t.starts_with("Open, round 2, board 1 has started")),
        "{:?}",
        r.texts()
    );
}
