//! Team play (vote chess) through the service: two channels play a vote
//! game to mate (changed votes, a tie, a moderator's close, a close at the
//! deadline, an early close once every named member voted), a team loses
//! on time, a channel beats the engine by vote, a user voting for both
//! sides is refused, caps and busy channels; and neither team ever gets
//! the other's votes, tallies or private replies. `teams_pg` runs the same
//! on PostgreSQL; `teams_motions` has the draw offers, resignations and
//! takebacks voted by a majority.

use chessbot::adapters::text;
use chessbot::engine::ScriptedEngine;
use chessbot::service::{
    Command, Event, LocalePrefs, MAX_TEAM_GAMES, Reply, TeamChallenge, TeamCommand,
};
use chrono::Duration;

use crate::support::scenario::{Replies, Scenario};

async fn scenario() -> Scenario {
    Scenario::builder()
        .store(super::test_store().await)
        .check(team_checks)
        .open()
        .await
}

/// The channel of each side in these scenarios: `red` challenges `blue`
/// with Black, so `blue` plays White.
pub(crate) fn channel_of(side: &str) -> &'static str {
    if side == "white" { "blue" } else { "red" }
}

/// What every batch of replies keeps: a vote is private to its voter, a
/// vote's close and a tally reach their own team's channel only, and the
/// boards of each channel show that team's side.
pub(crate) fn team_checks(replies: &[Reply]) {
    for r in replies {
        match &r.event {
            Some(Event::Vote { side, .. }) => {
                assert!(r.ephemeral, "a vote's answer is private: {}", r.text);
                assert_eq!(r.place.channel, channel_of(side), "{}", r.text);
            }
            Some(Event::VoteClosed { side, .. }) => {
                assert!(!r.ephemeral);
                assert_eq!(r.place.channel, channel_of(side), "{}", r.text);
            }
            _ => {}
        }
        // A tally names its team; it is posted in that team's channel.
        for (team, channel) in [("#blue", "blue"), ("#red", "red")] {
            if r.text.starts_with(&format!("Votes of {team}"))
                || r.text.starts_with(&format!("{team}: the vote is closed"))
            {
                assert_eq!(r.place.channel, channel, "{}", r.text);
            }
        }
        // Nobody is pinged for a team.
        assert!(
            r.mentions.iter().all(|a| !a.id.starts_with("team:")),
            "{}",
            r.text
        );
        if let Some(b) = &r.board
            && !r.ephemeral
            && (r.place.channel == "red" || r.place.channel == "blue")
        {
            assert_eq!(
                b.flip,
                r.place.channel == "red",
                "{}: {}",
                r.place.channel,
                r.text
            );
        }
    }
}

pub(crate) fn moderator() -> LocalePrefs {
    LocalePrefs {
        moderator: true,
        ..LocalePrefs::default()
    }
}

/// The replies posted in `channel`.
pub(crate) fn in_channel<'a>(replies: &'a [Reply], channel: &str) -> Vec<&'a Reply> {
    replies
        .iter()
        .filter(|r| r.place.channel == channel)
        .collect()
}

/// The `move` events posted in `channel`, as SAN.
pub(crate) fn moves_in(replies: &[Reply], channel: &str) -> Vec<String> {
    in_channel(replies, channel)
        .into_iter()
        .filter_map(|r| match &r.event {
            Some(Event::Move { san, .. }) => Some(san.clone()),
            _ => None,
        })
        .collect()
}

pub(crate) fn vote_of(replies: &[Reply]) -> (String, i64, i64) {
    match &replies
        .with_event(|e| matches!(e, Event::Vote { .. }))
        .event
    {
        Some(Event::Vote {
            san,
            voted,
            members,
            ..
        }) => (san.clone(), *voted, *members),
        _ => unreachable!(),
    }
}

pub(crate) fn closed_of(replies: &[Reply]) -> (String, Vec<(String, i64)>) {
    match &replies
        .with_event(|e| matches!(e, Event::VoteClosed { .. }))
        .event
    {
        Some(Event::VoteClosed { san, votes, .. }) => (
            san.clone(),
            votes.iter().map(|(k, v)| (k.clone(), *v)).collect(),
        ),
        _ => unreachable!(),
    }
}

/// Red challenges blue (red Black), blue accepts: the game runs.
pub(crate) async fn red_vs_blue(s: &Scenario) -> Vec<Reply> {
    let r = s
        .say_in(
            "alice",
            "red",
            "/team challenge channel:#blue days:2 color:black",
        )
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    let challenge = |ch: &str| {
        in_channel(&r, ch).iter().any(|x| {
            matches!(&x.event, Some(Event::Challenge { challenger, opponent })
                if challenger == "#red" && opponent.as_deref() == Some("#blue"))
        })
    };
    assert!(challenge("red") && challenge("blue"), "{:?}", r.texts());
    let r = s.say_in("bob", "blue", "/team accept").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    for ch in ["red", "blue"] {
        let starts: Vec<_> = in_channel(&r, ch)
            .into_iter()
            .filter(|x| {
                matches!(&x.event, Some(Event::Start { white, black, .. })
                if white == "#blue" && black == "#red")
            })
            .collect();
        assert_eq!(starts.len(), 1, "{ch}: {:?}", r.texts());
    }
    r
}

#[tokio::test]
async fn two_channels_vote_a_game_to_mate() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    let mut all = Vec::new();

    // Blue (White) votes; Bob changes his vote; a tally for blue only.
    let r = s.say_in("bob", "blue", "/chess move e4").await;
    assert_eq!(vote_of(&r), ("e4".into(), 1, 1));
    assert_eq!(r.len(), 1, "only the private answer: {:?}", r.texts());
    all.extend(r);
    let r = s.say_in("erin", "blue", "/chess move f3").await;
    assert_eq!(vote_of(&r), ("f3".into(), 2, 2));
    all.extend(r);
    let r = s.say_in("bob", "blue", "/chess move f3").await;
    assert_eq!(
        vote_of(&r),
        ("f3".into(), 2, 2),
        "a changed vote counts once"
    );
    all.extend(r);
    let r = s.say_in("bob", "blue", "/team votes").await;
    assert!(r[0].text.contains("f3 2"), "{:?}", r.texts());
    all.extend(r);
    // Red's turn has not come; red's tally says so.
    let r = s.error_in("carol", "red", "/chess move e5").await;
    assert_eq!(r.code, "not_your_turn");
    // Only moderators close a vote.
    let r = s.error_in("bob", "blue", "/team close").await;
    assert_eq!(r.code, "not_allowed");
    let r = s
        .say_in_with("zed", "blue", "/team close", moderator())
        .await;
    assert_eq!(closed_of(&r), ("f3".into(), vec![("f3".into(), 2)]));
    assert_eq!(moves_in(&r, "red"), ["f3"]);
    assert_eq!(moves_in(&r, "blue"), ["f3"]);
    all.extend(r);

    // Red (Black): a tie, closed at the deadline: the move voted first.
    let r = s.say_in("carol", "red", "/chess move e5").await;
    assert_eq!(vote_of(&r), ("e5".into(), 1, 1));
    all.extend(r);
    let r = s.say_in("dave", "red", "/chess move d5").await;
    all.extend(r);
    // The other team's people cannot vote here, nor see the tally.
    let r = s.error_in("erin", "red", "/chess move e6").await;
    assert_eq!(r.code, "not_allowed", "{}", r.message);
    assert!(r.message.contains("#blue"), "{}", r.message);
    let r = s.say_in("carol", "red", "/team votes").await;
    assert!(r[0].text.contains("e5 1, d5 1"), "{:?}", r.texts());
    all.extend(r);
    s.clock.advance(Duration::days(2) + Duration::minutes(1));
    let r = s.run_due().await;
    assert_eq!(
        closed_of(&r),
        ("e5".into(), vec![("d5".into(), 1), ("e5".into(), 1)])
    );
    assert_eq!(moves_in(&r, "red"), ["e5"]);
    assert_eq!(moves_in(&r, "blue"), ["e5"]);
    all.extend(r);

    // Blue names its members: the vote closes once both voted.
    let r = s
        .say_in_with("zed", "blue", "/team members add @bob @erin", moderator())
        .await;
    assert!(r[0].text.contains("bob, erin"), "{:?}", r.texts());
    let r = s.error_in("bob", "blue", "/team members add @frank").await;
    assert_eq!(r.code, "not_allowed");
    // Carol voted for red: she may not vote for blue.
    let r = s.error_in("carol", "blue", "/chess move g4").await;
    assert_eq!(r.code, "not_allowed");
    let r = s.say_in("bob", "blue", "/chess move g4").await;
    assert_eq!(vote_of(&r), ("g4".into(), 1, 2));
    assert!(moves_in(&r, "red").is_empty());
    all.extend(r);
    let r = s.say_in("erin", "blue", "/chess move g4").await;
    assert_eq!(closed_of(&r).0, "g4");
    assert_eq!(moves_in(&r, "red"), ["g4"]);
    assert_eq!(moves_in(&r, "blue"), ["g4"]);
    all.extend(r);

    // Red mates by vote; the end is posted in both channels.
    let r = s.say_in("carol", "red", "/chess move Qh4#").await;
    all.extend(r);
    let r = s
        .say_in_with("alice", "red", "/team close", moderator())
        .await;
    assert_eq!(moves_in(&r, "red"), ["Qh4#"]);
    for ch in ["red", "blue"] {
        let ends: Vec<_> = in_channel(&r, ch)
            .into_iter()
            .filter_map(|x| match &x.event {
                Some(Event::End {
                    result,
                    winner,
                    termination,
                    ratings,
                    ..
                }) => Some((
                    result.clone(),
                    winner.clone(),
                    termination.clone(),
                    *ratings,
                )),
                _ => None,
            })
            .collect();
        assert_eq!(
            ends,
            [(
                "0-1".to_string(),
                Some("black".to_string()),
                "checkmate".to_string(),
                None
            )],
            "{ch}"
        );
    }
    all.extend(r);

    // Every message in red: nothing of blue's votes; and the other way.
    for r in &all {
        let secret = match r.place.channel.as_str() {
            "red" => ["f3 2", "Your vote: f3", "Votes of #blue"],
            "blue" => ["e5 1", "Your vote: e5", "Votes of #red"],
            _ => continue,
        };
        for s in secret {
            assert!(!r.text.contains(s), "{}: {}", r.place.channel, r.text);
        }
    }
    // The channels are free again.
    let r = s.say_in("alice", "blue", "/chess challenge @bob").await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}

#[tokio::test]
async fn a_team_that_does_not_vote_loses_on_time() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    s.say_in("bob", "blue", "/chess move e4").await;
    s.say_in_with("zed", "blue", "/team close", moderator())
        .await;
    s.say_in("carol", "red", "/chess move e5").await;
    s.say_in_with("zed", "red", "/team close", moderator())
        .await;
    // Blue's turn: nobody votes; a reminder to blue only, then the end.
    s.clock.advance(Duration::days(1) + Duration::hours(18));
    let r = s.run_due().await;
    let reminders: Vec<&str> = r
        .iter()
        .filter(|x| matches!(x.event, Some(Event::Reminder { .. })))
        .map(|x| x.place.channel.as_str())
        .collect();
    assert_eq!(reminders, ["blue"], "{:?}", r.texts());
    s.clock.advance(Duration::hours(7));
    let r = s.run_due().await;
    for ch in ["red", "blue"] {
        let end = in_channel(&r, ch).into_iter().find_map(|x| match &x.event {
            Some(Event::End {
                winner,
                termination,
                ..
            }) => Some((winner.clone(), termination.clone())),
            _ => None,
        });
        assert_eq!(
            end,
            Some((Some("black".to_string()), "timeout".to_string())),
            "{ch}: {:?}",
            r.texts()
        );
    }
    // Vacations and draws are not for teams.
    let r = s.error_in("bob", "blue", "/chess board").await;
    assert_eq!(r.code, "no_game");
}

#[tokio::test]
async fn what_a_team_cannot_do_is_refused() {
    let s = scenario().await;
    red_vs_blue(&s).await;
    for line in ["/chess moretime", "/chess abort", "/chess claim"] {
        let r = s.error_in("bob", "blue", line).await;
        assert_eq!(r.code, "not_allowed", "{line}");
    }
    // Both channels are busy while the game runs.
    for ch in ["red", "blue"] {
        let r = s.error_in("frank", ch, "/chess challenge @gus").await;
        assert_eq!(r.code, "game_in_progress", "{ch}");
    }
    // A board in each channel from its own side (checked by team_checks).
    let r = s.say_in("bob", "blue", "/chess board").await;
    assert!(r.has_board());
    let r = s.say_in("carol", "red", "/chess board").await;
    assert!(r.has_board());
    // A channel cannot challenge itself; a busy one cannot be challenged.
    let r = s
        .error_in("gus", "green", "/team challenge channel:#green")
        .await;
    assert_eq!(r.code, "not_allowed");
    let r = s
        .error_in("gus", "green", "/team challenge channel:#blue")
        .await;
    assert_eq!(r.code, "game_in_progress");
    let r = s.error_in("gus", "green", "/team accept").await;
    assert_eq!(r.code, "no_challenge");
}

#[tokio::test]
async fn a_community_runs_a_few_team_games_at_once() {
    let s = scenario().await;
    // One running game plus open challenges up to the cap.
    red_vs_blue(&s).await;
    for i in 1..MAX_TEAM_GAMES {
        let line = format!("/team challenge channel:#other{i}");
        let r = s.say_in("gus", &format!("home{i}"), &line).await;
        assert!(r.error().is_none(), "{:?}", r.texts());
    }
    let r = s
        .error_in("gus", "home9", "/team challenge channel:#other9")
        .await;
    assert_eq!(r.code, "limit");
}

#[tokio::test]
async fn a_channel_beats_the_engine_by_vote() {
    let s = Scenario::builder()
        .store(super::test_store().await)
        .engine(ScriptedEngine::new())
        .check(team_checks)
        .open()
        .await;
    for uci in ["e7e5", "b8c6", "g8f6"] {
        s.engine().push_move(uci);
    }
    let r = s
        .say_in("alice", "blue", "/team challenge level:3 color:white")
        .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(
        r.find_event(|e| matches!(e, Event::Start { white, .. } if white == "#blue"))
            .is_some(),
        "{:?}",
        r.texts()
    );
    let mut played = Vec::new();
    for san in ["e4", "Bc4", "Qh5", "Qxf7#"] {
        let r = s.say_in("bob", "blue", &format!("/chess move {san}")).await;
        assert_eq!(vote_of(&r).0, san);
        s.say_in("erin", "blue", &format!("/chess move {san}"))
            .await;
        let r = s
            .say_in_with("zed", "blue", "/team close", moderator())
            .await;
        assert_eq!(closed_of(&r).0, san);
        played.extend(moves_in(&r, "blue"));
        if san == "Qxf7#" {
            r.assert_end("1-0", Some("white"), "checkmate");
        }
    }
    assert_eq!(played, ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]);
}

#[tokio::test]
async fn team_commands_read_as_on_discord() {
    let parsed = text::parse("/team challenge channel:#blue days:2 color:white").unwrap();
    let Some(Command::Team(TeamCommand::Challenge(c))) = parsed else {
        panic!("{parsed:?}");
    };
    assert_eq!(c.channel.as_deref(), Some("#blue"));
    assert_eq!(c.days, 2);
    assert_eq!(
        text::parse("!team challenge level:3").unwrap(),
        Some(Command::Team(TeamCommand::Challenge(Box::new(
            TeamChallenge {
                level: Some(3),
                ..TeamChallenge::default()
            }
        ))))
    );
    assert_eq!(
        text::parse("/chess team accept").unwrap(),
        Some(Command::Team(TeamCommand::Accept {
            code: None,
            here_name: None
        }))
    );
    assert!(matches!(
        text::parse("/team members add @a @b").unwrap(),
        Some(Command::Team(TeamCommand::Members { add, remove, .. })) if add.len() == 2 && remove.is_empty()
    ));
    assert_eq!(
        text::parse("/team vote").unwrap_err().code(),
        "unknown_command"
    );
    assert_eq!(
        text::parse("/team close now").unwrap_err().code(),
        "invalid_option"
    );
    // Not a team command at all.
    assert_eq!(text::parse("/teams").unwrap(), None);
}
