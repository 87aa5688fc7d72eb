//! Team play's motions through the service: a draw offered and accepted
//! by a majority of each turn's voters (a minority changes nothing), a
//! takeback asked for by the voters of the move to take back and granted by
//! the other side's majority (the undone turns are voted afresh), and a
//! resignation by vote; motions out of turn are refused; the summary names
//! each side's voters in both places; and each side's
//! votes stay in its channel (`team_checks`). `teams_motions_pg` runs the
//! same on PostgreSQL.

use chessbot::service::{Event, Reply};

use crate::support::scenario::{Replies, Scenario};
use crate::teams::{closed_of, in_channel, moderator, moves_in, red_vs_blue, team_checks, vote_of};

async fn scenario() -> Scenario {
    Scenario::builder()
        .store(super::test_store().await)
        .check(team_checks)
        .open()
        .await
}

/// One turn of `channel`'s team: each `(voter, command)` said there
/// (`move e4`, `draw`, ...), then a moderator closes the vote. All replies.
async fn turn(s: &Scenario, channel: &str, said: &[(&str, &str)]) -> Vec<Reply> {
    let mut all = Vec::new();
    for (who, what) in said {
        let r = s.say_in(who, channel, &format!("/chess {what}")).await;
        assert!(r.error().is_none(), "{who}: {what}: {:?}", r.texts());
        all.extend(r);
    }
    let r = s
        .say_in_with("zed", channel, "/team close", moderator())
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    all.extend(r);
    all
}

/// The `end` events posted in `channel`: (result, winner, termination).
fn ends_in(replies: &[Reply], channel: &str) -> Vec<(String, Option<String>, String)> {
    in_channel(replies, channel)
        .into_iter()
        .filter_map(|x| match &x.event {
            Some(Event::End {
                result,
                winner,
                termination,
                ..
            }) => Some((result.clone(), winner.clone(), termination.clone())),
            _ => None,
        })
        .collect()
}

/// How many draw offers were posted in `channel`.
fn offers_in(replies: &[Reply], channel: &str) -> usize {
    in_channel(replies, channel)
        .into_iter()
        .filter(|x| matches!(x.event, Some(Event::DrawOffer { .. })))
        .count()
}

#[tokio::test]
async fn a_majority_offers_a_draw_and_the_other_majority_accepts() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    turn(&s, "blue", &[("bob", "move e4")]).await;
    turn(&s, "red", &[("carol", "move e5")]).await;

    // One of three wants a draw: no offer, the move is played.
    let r = turn(
        &s,
        "blue",
        &[("bob", "move Nf3"), ("erin", "move Nf3"), ("frank", "draw")],
    )
    .await;
    let (san, votes) = closed_of(&r);
    assert_eq!(san, "Nf3");
    assert_eq!(votes, [("Nf3".to_string(), 2), ("draw".to_string(), 1)]);
    assert_eq!(offers_in(&r, "red") + offers_in(&r, "blue"), 0);
    turn(&s, "red", &[("carol", "move Nc6")]).await;

    // Two of two: the move and a draw offer, posted in both channels.
    let r = s.say_in("bob", "blue", "/chess draw").await;
    assert_eq!(vote_of(&r), ("draw".into(), 1, 1));
    assert_eq!(r.len(), 1, "only the private answer: {:?}", r.texts());
    let r = turn(&s, "blue", &[("bob", "move Bc4"), ("erin", "draw")]).await;
    assert_eq!(closed_of(&r).0, "Bc4");
    assert_eq!(moves_in(&r, "red"), ["Bc4"]);
    assert_eq!((offers_in(&r, "red"), offers_in(&r, "blue")), (1, 1));
    // Blue's draw votes never reach red.
    for x in in_channel(&r, "red") {
        assert!(!x.text.contains("draw 2"), "{}", x.text);
        assert!(!x.ephemeral, "{}", x.text);
    }

    // Out of its turn a team votes no draw and no resignation.
    for line in ["/chess draw", "/chess resign"] {
        let e = s.error_in("bob", "blue", line).await;
        assert_eq!(e.code, "not_allowed", "{line}");
    }

    // Red's majority accepts: the game is drawn in both channels.
    let r = turn(
        &s,
        "red",
        &[("carol", "draw"), ("dave", "draw"), ("gus", "move Nf6")],
    )
    .await;
    let (san, votes) = closed_of(&r);
    assert_eq!(san, "draw");
    assert_eq!(votes, [("Nf6".to_string(), 1), ("draw".to_string(), 2)]);
    assert!(moves_in(&r, "red").is_empty(), "{:?}", r.texts());
    for ch in ["red", "blue"] {
        assert_eq!(
            ends_in(&r, ch),
            [("1/2-1/2".to_string(), None, "agreement".to_string())],
            "{ch}"
        );
    }
}

#[tokio::test]
async fn a_takeback_asked_and_granted_by_vote_then_a_resignation() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    turn(&s, "blue", &[("bob", "move e4")]).await;
    turn(&s, "red", &[("carol", "move e5")]).await;
    turn(&s, "blue", &[("bob", "move Qh5"), ("erin", "move Qh5")]).await;

    // In red's turn blue asks for Qh5 back: a majority of Qh5's two voters.
    let r = s.say_in("bob", "blue", "/chess takeback").await;
    assert_eq!(vote_of(&r), ("takeback".into(), 1, 2));
    assert_eq!(r.len(), 1, "not yet a majority: {:?}", r.texts());
    let r = s.say_in("erin", "blue", "/chess takeback").await;
    for ch in ["red", "blue"] {
        let asked = in_channel(&r, ch)
            .iter()
            .filter(|x| x.text.contains("#blue asks to take back"))
            .count();
        assert_eq!(asked, 1, "{ch}: {:?}", r.texts());
    }
    // A red voter may not ask on blue's behalf.
    let e = s.error_in("carol", "blue", "/chess takeback").await;
    assert_eq!(e.code, "not_allowed");

    // Red's majority grants it: Qh5 is undone, blue votes again.
    let r = turn(
        &s,
        "red",
        &[
            ("carol", "takeback"),
            ("dave", "takeback"),
            ("gus", "move Nc6"),
        ],
    )
    .await;
    assert_eq!(closed_of(&r).0, "takeback");
    for ch in ["red", "blue"] {
        assert!(
            in_channel(&r, ch)
                .iter()
                .any(|x| x.text.starts_with("The last move was taken back (")),
            "{ch}: {:?}",
            r.texts()
        );
    }
    let r = s.say_in("bob", "blue", "/team votes").await;
    assert!(
        r[0].text.starts_with("No votes of #blue"),
        "{:?}",
        r.texts()
    );
    let r = turn(&s, "blue", &[("bob", "move Nf3")]).await;
    assert_eq!(closed_of(&r).1, [("Nf3".to_string(), 1)]);

    // Red resigns by a majority of its voters.
    let r = turn(
        &s,
        "red",
        &[("carol", "resign"), ("dave", "resign"), ("gus", "move Nc6")],
    )
    .await;
    assert_eq!(closed_of(&r).0, "resign");
    for ch in ["red", "blue"] {
        assert_eq!(
            ends_in(&r, ch),
            [(
                "1-0".to_string(),
                Some("white".to_string()),
                "resignation".to_string()
            )],
            "{ch}"
        );
    }
}

#[tokio::test]
async fn the_summary_names_each_sides_voters_in_both_places() {
    let s = Scenario::builder()
        .store(super::test_store().await)
        .check(team_checks)
        .follow_ups()
        .open()
        .await;
    red_vs_blue(&s).await;
    // A tie: e4 was voted first and is played; Erin's d4 is not.
    turn(&s, "blue", &[("bob", "move e4"), ("erin", "move d4")]).await;
    turn(&s, "red", &[("carol", "move e5")]).await;
    turn(&s, "blue", &[("bob", "move Nf3"), ("erin", "move Nf3")]).await;
    let r = turn(&s, "red", &[("carol", "resign"), ("dave", "resign")]).await;
    for ch in ["red", "blue"] {
        let summaries: Vec<&Reply> = in_channel(&r, ch)
            .into_iter()
            .filter(|x| matches!(x.event, Some(Event::Summary { .. })))
            .collect();
        assert_eq!(summaries.len(), 1, "{ch}: {:?}", r.texts());
        let text = &summaries[0].text;
        assert!(
            text.contains("Voters of #blue (choices played of votes): bob 2 of 2, erin 1 of 2."),
            "{ch}: {text}"
        );
        assert!(
            text.contains("Voters of #red (choices played of votes): carol 1 of 1."),
            "{ch}: {text}"
        );
    }
}
