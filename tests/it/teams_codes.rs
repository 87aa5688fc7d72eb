//! Team challenges across communities through the service: `team
//! challenge` with no opponent answers a code; a moderator of another
//! community gives it with `team accept code:` in the channel that will
//! play; the code is single-use and lasts seven days; the game is unrated,
//! each side's votes stay in its own place, and a community's open codes
//! count in its cap. `teams_codes_pg` runs the same on PostgreSQL.

use chessbot::adapters::text;
use chessbot::service::{Event, LocalePrefs, MAX_TEAM_GAMES, Place, Reply};
use chrono::Duration;

use crate::support::scenario::{Replies, Scenario, actor};
use crate::teams::{closed_of, in_channel, moderator, moves_in, team_checks, vote_of};

async fn scenario() -> Scenario {
    Scenario::builder()
        .store(super::test_store().await)
        .check(team_checks)
        .open()
        .await
}

/// Channel `channel` of community `guild`.
fn at(guild: &str, channel: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: Some(guild.into()),
        channel: channel.into(),
    }
}

async fn say(s: &Scenario, who: &str, place: &Place, line: &str, prefs: LocalePrefs) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    s.send_at(&actor(who), place, cmd, prefs).await
}

/// The code a `team challenge` reply gives.
fn code_of(r: &[Reply]) -> String {
    let x = r.with_event(|e| matches!(e, Event::Challenge { opponent: None, .. }));
    let after = x.text.split("Code: ").nth(1).expect("a code");
    after
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

#[tokio::test]
async fn another_community_accepts_by_code_and_the_game_spans_both() {
    let s = scenario().await;
    let red = at("north", "red");
    let blue = at("south", "blue");
    let r = say(
        &s,
        "alice",
        &red,
        "/team challenge color:black days:3",
        LocalePrefs::default(),
    )
    .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    assert!(r.iter().all(|x| x.place == red), "{:?}", r.texts());
    let code = code_of(&r);
    assert_eq!(code.len(), 8, "{code}");

    // A code is for moderators, and must be right.
    let line = format!("/team accept code:{}", code.to_lowercase());
    let r = say(&s, "bob", &blue, &line, LocalePrefs::default()).await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());
    let r = say(&s, "bob", &blue, "/team accept code:ZZZZZZZZ", moderator()).await;
    assert_eq!(
        r.error().as_deref(),
        Some("no_challenge"),
        "{:?}",
        r.texts()
    );
    // Red's own channel cannot take it.
    let r = say(&s, "zed", &red, &line, moderator()).await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());

    let r = say(&s, "bob", &blue, &line, moderator()).await;
    assert!(r.error().is_none(), "{:?}", r.texts());
    for ch in ["red", "blue"] {
        let starts = in_channel(&r, ch)
            .into_iter()
            .filter(|x| {
                matches!(&x.event, Some(Event::Start { white, black, .. })
                    if white == "#blue" && black == "#red")
            })
            .count();
        assert_eq!(starts, 1, "{ch}: {:?}", r.texts());
    }
    // Each copy goes to its own community's channel.
    assert!(
        r.iter()
            .filter(|x| x.place.channel == "blue")
            .all(|x| x.place.guild.as_deref() == Some("south")),
        "{:?}",
        r.texts()
    );
    // Single use.
    let r = say(&s, "gus", &at("south", "green"), &line, moderator()).await;
    assert_eq!(
        r.error().as_deref(),
        Some("no_challenge"),
        "{:?}",
        r.texts()
    );

    // Blue votes in its place, red in its own; neither sees the other's.
    let mut all = Vec::new();
    let r = say(&s, "bob", &blue, "/chess move e4", LocalePrefs::default()).await;
    assert_eq!(vote_of(&r), ("e4".into(), 1, 1));
    all.extend(r);
    let r = say(&s, "erin", &blue, "/chess move e4", LocalePrefs::default()).await;
    all.extend(r);
    let r = say(&s, "bob", &blue, "/team close", moderator()).await;
    assert_eq!(closed_of(&r).0, "e4");
    assert_eq!(
        (moves_in(&r, "red"), moves_in(&r, "blue")),
        (vec!["e4".to_string()], vec!["e4".to_string()])
    );
    all.extend(r);
    // Bob votes for blue: not for red.
    let r = say(&s, "bob", &red, "/chess move e5", LocalePrefs::default()).await;
    assert_eq!(r.error().as_deref(), Some("not_allowed"), "{:?}", r.texts());
    let r = say(&s, "carol", &red, "/chess move e5", LocalePrefs::default()).await;
    all.extend(r);
    all.extend(say(&s, "zed", &red, "/team close", moderator()).await);
    let r = say(&s, "bob", &blue, "/chess move Nf3", LocalePrefs::default()).await;
    all.extend(r);
    all.extend(say(&s, "bob", &blue, "/team close", moderator()).await);
    // Red resigns by vote (after its first move: before it, a game aborts).
    let r = say(&s, "carol", &red, "/chess resign", LocalePrefs::default()).await;
    all.extend(r);
    let r = say(&s, "zed", &red, "/team close", moderator()).await;
    assert_eq!(closed_of(&r).0, "resign");
    for ch in ["red", "blue"] {
        let ends: Vec<_> = in_channel(&r, ch)
            .into_iter()
            .filter_map(|x| match &x.event {
                Some(Event::End {
                    winner, ratings, ..
                }) => Some((winner.clone(), *ratings)),
                _ => None,
            })
            .collect();
        // Rated in neither community's pool.
        assert_eq!(ends, [(Some("white".to_string()), None)], "{ch}");
    }
    all.extend(r);
    for x in &all {
        let secret: &[&str] = match x.place.channel.as_str() {
            "red" => &["Your vote: e4", "e4 2", "Votes of #blue"],
            "blue" => &["Your vote: e5", "resign 1", "Votes of #red"],
            _ => continue,
        };
        for t in secret {
            assert!(!x.text.contains(t), "{}: {}", x.place.channel, x.text);
        }
    }
}

#[tokio::test]
async fn a_code_lasts_seven_days_and_counts_in_the_cap() {
    let s = scenario().await;
    let mut codes = Vec::new();
    for i in 0..MAX_TEAM_GAMES {
        let r = say(
            &s,
            "alice",
            &at("north", &format!("c{i}")),
            "/team challenge",
            LocalePrefs::default(),
        )
        .await;
        assert!(r.error().is_none(), "{:?}", r.texts());
        codes.push(code_of(&r));
        if i == 0 {
            // A channel with a code waiting is busy.
            let r = say(
                &s,
                "alice",
                &at("north", "c0"),
                "/team challenge level:2",
                LocalePrefs::default(),
            )
            .await;
            assert_eq!(
                r.error().as_deref(),
                Some("game_in_progress"),
                "{:?}",
                r.texts()
            );
        }
    }
    let r = say(
        &s,
        "alice",
        &at("north", "c9"),
        "/team challenge",
        LocalePrefs::default(),
    )
    .await;
    assert_eq!(r.error().as_deref(), Some("limit"), "{:?}", r.texts());
    s.clock.advance(Duration::days(7) + Duration::minutes(1));
    let line = format!("/team accept code:{}", codes[0]);
    let r = say(&s, "bob", &at("south", "blue"), &line, moderator()).await;
    assert_eq!(
        r.error().as_deref(),
        Some("no_challenge"),
        "{:?}",
        r.texts()
    );
    // Expired codes no longer count.
    let r = say(
        &s,
        "alice",
        &at("north", "c9"),
        "/team challenge",
        LocalePrefs::default(),
    )
    .await;
    assert!(r.error().is_none(), "{:?}", r.texts());
}
