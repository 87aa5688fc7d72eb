//! Swiss tournaments end to end through the service: a 9-player, 4-round
//! Swiss created, joined and played to the end with wins, draws, a
//! time-out before the first move (a forfeit), a withdrawal, a late entry
//! and byes; every round's pairings checked against the Dutch absolute
//! criteria and against the pure pairing of the history the test keeps;
//! the final standings; and the TRF-16 export read back column by column
//! (SQLite; PostgreSQL with `CHESSBOT_TEST_PG_URL`).

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chessbot::swiss::dutch::{pair, pair_with, topscorer};
use chessbot::swiss::{Colour, Player, Round};
use chrono::{Duration, Utc};

use crate::support;

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    let actor = Actor {
        id: who.into(),
        name: who.into(),
    };
    let mut replies = svc.handle(&place(ch), &actor, cmd).await;
    let mut follow = Vec::new();
    for r in &replies {
        if let Some(work) = &r.follow_up {
            follow.extend(svc.follow_up(work).await);
        }
    }
    replies.extend(follow);
    replies
}

async fn ok(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let r = say(svc, ch, who, line).await;
    assert_eq!(error(&r), None, "{who}@{ch}: {line}: {:?}", texts(&r));
    r
}

fn error(r: &[Reply]) -> Option<String> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, .. }) => Some(code.clone()),
        _ => None,
    })
}

fn texts(r: &[Reply]) -> Vec<&str> {
    r.iter().map(|r| r.text.as_str()).collect()
}

/// The games a batch of replies started: `(white, black, channel)`.
fn starts(r: &[Reply]) -> Vec<(String, String, String)> {
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

fn last_standings(r: &[Reply]) -> Option<(bool, Vec<chessbot::service::StandingsRow>)> {
    r.iter().rev().find_map(|x| match &x.event {
        Some(Event::Standings {
            r#final: last,
            rows,
            ..
        }) => Some((*last, rows.clone())),
        _ => None,
    })
}

/// The tournament as the test saw it, in the initial order the service
/// uses (every player unrated: by name; the late entry last).
struct Book {
    names: Vec<String>,
    players: Vec<Player>,
}

impl Book {
    fn index(&self, name: &str) -> usize {
        self.names.iter().position(|n| n == name).expect("a player")
    }

    /// Checks a round's games and bye against the absolute criteria and
    /// against the pure pairing of the history so far.
    fn check_round(&self, games: &[(String, String, String)], text: &str, total: usize) {
        let expected = pair(&self.players, total).expect("a pairing");
        let mut got: Vec<(usize, usize)> = games
            .iter()
            .map(|(w, b, _)| (self.index(w), self.index(b)))
            .collect();
        got.sort_unstable();
        let mut want = expected.games.clone();
        want.sort_unstable();
        assert_eq!(got, want, "the Dutch pairing of the history");
        let round = self
            .players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
            + 1;
        let mut seen = vec![0; self.players.len()];
        for &(w, b) in &got {
            assert!(!self.players[w].played_against(b), "no rematch");
            seen[w] += 1;
            seen[b] += 1;
        }
        if let Some(b) = expected.bye {
            assert!(self.players[b].may_get_bye(), "one bye each");
            assert!(
                text.contains(&format!("Bye (one point): {}", self.names[b])),
                "{text}"
            );
            seen[b] += 1;
        }
        for (i, p) in self.players.iter().enumerate() {
            assert_eq!(
                seen[i],
                usize::from(p.active),
                "{} paired once",
                self.names[i]
            );
        }
        // Colours after the round: within ±2, never three in a row, except
        // topscorers of the last round.
        for &(w, b) in &got {
            if topscorer(&self.players, w, round, total)
                || topscorer(&self.players, b, round, total)
            {
                continue;
            }
            for (i, c) in [(w, Colour::White), (b, Colour::Black)] {
                let mut colours = self.players[i].colours();
                colours.push(c);
                let cd: i32 = colours
                    .iter()
                    .map(|c| if *c == Colour::White { 1 } else { -1 })
                    .sum();
                assert!(cd.abs() <= 2, "{}: {colours:?}", self.names[i]);
                assert!(!colours.windows(3).any(|x| x[0] == x[1] && x[1] == x[2]));
            }
        }
    }

    fn record(&mut self, white: &str, black: &str, result: Option<u8>, forfeit: bool) {
        let (w, b) = (self.index(white), self.index(black));
        let h = result.unwrap_or(0);
        for (me, them, colour, mine) in [(w, b, Colour::White, h), (b, w, Colour::Black, 2 - h)] {
            self.players[me].rounds.push(if forfeit {
                Round::Forfeit {
                    opponent: them,
                    colour,
                    won: mine == 2,
                }
            } else {
                Round::Played {
                    opponent: them,
                    colour,
                    halves: Some(mine),
                }
            });
        }
    }

    /// Closes a round: the bye, and zero-point rounds for everyone else
    /// not paired.
    fn close(&mut self, bye: Option<usize>, round: usize) {
        if let Some(b) = bye {
            self.players[b].rounds.push(Round::PairingBye);
        }
        for p in &mut self.players {
            while p.rounds.len() < round {
                p.rounds.push(Round::ZeroBye);
            }
        }
    }
}

/// Checks an exported report as the pairing checkers read it: read back
/// at the format's columns, every round as our engine pairs it from the
/// rounds before; and, with CHESSBOT_TEST_BBPPAIRINGS naming a
/// bbpPairings binary, its check mode (`--dutch <file> -c`) finds every
/// round paired as it would.
fn check_report(text: &str, total: usize) {
    let report = chessbot::swiss::trf_read::read(text).expect("the report reads back");
    assert_eq!(report.rounds, Some(total));
    assert_eq!(report.written_rounds(), total, "every round present");
    for round in 1..=total {
        let ours = pair_with(&report.before_round(round), total, report.initial_colour())
            .expect("a pairing");
        let mut want = report.pairing_of(round);
        let mut got = ours.clone();
        want.games.sort_unstable();
        got.games.sort_unstable();
        assert_eq!(got, want, "round {round} as written");
    }
    let Some(bin) = std::env::var_os("CHESSBOT_TEST_BBPPAIRINGS") else {
        eprintln!(
            "SKIPPED bbpPairings check: set CHESSBOT_TEST_BBPPAIRINGS to a bbpPairings binary"
        );
        return;
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("swiss.trf");
    std::fs::write(&file, text).expect("written");
    let out = std::process::Command::new(bin)
        .arg("--dutch")
        .arg(&file)
        .arg("-c")
        .output()
        .expect("bbpPairings runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stderr.trim().is_empty(), "{stderr}");
    assert!(!stdout.contains("Checker pairings"), "{stdout}");
    assert_eq!(stdout.matches("Round #").count(), total, "{stdout}");
}

/// Plays a game to a result: 2 white wins, 1 a draw, 0 black wins.
async fn play(svc: &GameService, ch: &str, white: &str, black: &str, result: u8) -> Vec<Reply> {
    ok(svc, ch, white, "/chess move e4").await;
    ok(svc, ch, black, "/chess move e5").await;
    match result {
        2 => ok(svc, ch, black, "/chess resign").await,
        0 => ok(svc, ch, white, "/chess resign").await,
        _ => {
            ok(svc, ch, white, "/chess draw").await;
            ok(svc, ch, black, "/chess draw").await
        }
    }
}

fn round_text(r: &[Reply]) -> String {
    r.iter()
        .find(|x| x.text.contains(", round "))
        .map(|x| x.text.clone())
        .unwrap_or_default()
}

async fn nine_players_four_rounds(store: Store) {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(store, clock.clone())
        .await
        .expect("service");
    let names: Vec<String> = (1..=9).map(|i| format!("p{i}")).collect();
    ok(
        &svc,
        "club",
        "p1",
        r#"/chess league create name:"Open" format:swiss rounds:4 days:3"#,
    )
    .await;
    for n in &names {
        ok(&svc, "club", n, "/chess league join").await;
    }
    // A Swiss has no report before... it has one at any time; a round
    // robin has none.
    let r = say(&svc, "club", "p1", "/chess league export format:pgn").await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    let mut book = Book {
        names: names.clone(),
        players: (0..9).map(|_| Player::new()).collect(),
    };
    let total = 4;

    // Round 1: everyone unrated, so by name; p9 has the bye.
    let r = ok(&svc, "club", "p1", "/chess league start").await;
    let games = starts(&r);
    assert_eq!(games.len(), 4);
    book.check_round(&games, &round_text(&r), total);
    let bye = pair(&book.players, total).expect("pairing").bye;
    assert_eq!(bye, Some(8));
    // Three games played; the last one nobody moves in: lost on time by
    // white before the first move, a forfeit.
    let mut next = Vec::new();
    for (k, (w, b, ch)) in games.iter().enumerate() {
        if k == 3 {
            continue;
        }
        let result = [2, 1, 0][k];
        next.extend(play(&svc, ch, w, b, result).await);
        book.record(w, b, Some(result), false);
    }
    assert!(starts(&next).is_empty(), "round 2 waits for the last game");
    clock.advance(Duration::days(4));
    let r = svc.run_due().await;
    assert!(r.iter().any(|x| matches!(
        &x.event,
        Some(Event::End { termination, .. }) if termination == "timeout"
    )));
    let (w, b, _) = &games[3];
    book.record(w, b, Some(0), true);
    book.close(bye, 1);

    // Round 2, paired when the time-out ended round 1.
    let games = starts(&r);
    assert_eq!(games.len(), 4, "{:?}", texts(&r));
    book.check_round(&games, &round_text(&r), total);
    let bye = pair(&book.players, total).expect("pairing").bye;
    // A player withdraws before moving: the game is lost by forfeit and
    // they leave the next pairings.
    let (w, b, _) = games[0].clone();
    let r = ok(&svc, "club", &w, "/chess league withdraw").await;
    assert!(r.iter().any(|x| matches!(x.event, Some(Event::End { .. }))));
    book.record(&w, &b, Some(0), true);
    let gone = book.index(&w);
    book.players[gone].active = false;
    // A late entry: zero-point byes for rounds 1 and 2.
    let r = ok(&svc, "club", "p10", "/chess league join").await;
    assert!(r[0].text.contains("p10"), "{:?}", texts(&r));
    book.names.push("p10".into());
    let mut late = Player::new();
    late.rounds = vec![Round::ZeroBye, Round::ZeroBye];
    book.players.push(late);
    let mut r = Vec::new();
    for (k, (w, b, ch)) in games.iter().enumerate().skip(1) {
        let result = [2, 2, 1, 0][k];
        r = play(&svc, ch, w, b, result).await;
        book.record(w, b, Some(result), false);
    }
    book.close(bye, 2);

    // Rounds 3 and 4.
    for round in 3..=4 {
        let games = starts(&r);
        assert_eq!(games.len(), 4, "round {round}: {:?}", texts(&r));
        book.check_round(&games, &round_text(&r), total);
        let bye = pair(&book.players, total).expect("pairing").bye;
        let mut last = Vec::new();
        for (k, (w, b, ch)) in games.iter().enumerate() {
            let result = [1, 2, 0, 2][k];
            last = play(&svc, ch, w, b, result).await;
            book.record(w, b, Some(result), false);
        }
        book.close(bye, round);
        r = last;
    }
    let (last, rows) = last_standings(&r).expect("final standings");
    assert!(last, "{:?}", texts(&r));
    assert_eq!(rows.len(), 10);
    assert!(rows.iter().all(|x| x.tiebreaks.is_some()));
    let total_points: f64 = rows.iter().map(|x| x.points).sum();
    let expected: f64 = book
        .players
        .iter()
        .map(|p| f64::from(p.halves()) / 2.0)
        .sum();
    assert_eq!(total_points, expected);
    // Ranked by points, then Buchholz Cut-1.
    for pair in rows.windows(2) {
        assert!(pair[0].points >= pair[1].points);
    }
    assert!(
        r.iter()
            .any(|x| matches!(&x.event, Some(Event::League(l)) if l.state == "finished"))
    );

    // The report, read back at the format's columns.
    let r = ok(&svc, "club", "p3", "/chess league export format:trf").await;
    let text = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Export {
                league,
                format,
                text,
            }) => {
                assert_eq!((*league, format.as_str()), (1, "trf"));
                Some(text.clone())
            }
            _ => None,
        })
        .expect("an export event");
    assert_eq!(r[0].files.len(), 1);
    check_report(&text, 4);
    assert!(text.lines().any(|l| l == "XXR 4"));
    assert!(text.lines().any(|l| l == "012 Open"));
    let col =
        |l: &str, a: usize, b: usize| -> String { l.chars().skip(a - 1).take(b + 1 - a).collect() };
    // Line 132: each round's date (YY/MM/DD) above its round field.
    let dates = text
        .lines()
        .find(|l| l.starts_with("132"))
        .expect("round dates");
    for k in 0..4 {
        let d = col(dates, 92 + 10 * k, 99 + 10 * k);
        let shape: String = d
            .chars()
            .map(|c| if c.is_ascii_digit() { '9' } else { c })
            .collect();
        assert_eq!(shape, "99/99/99", "round {} date {d:?}", k + 1);
    }
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("001 ")).collect();
    assert_eq!(lines.len(), 10);
    for (k, line) in lines.iter().enumerate() {
        assert_eq!(col(line, 5, 8), format!("{:>4}", k + 1));
        assert_eq!(col(line, 15, 47).trim_end(), book.names[k]);
        let p = &book.players[k];
        let pts = format!(
            "{}.{}",
            p.halves() / 2,
            if p.halves() % 2 == 1 { 5 } else { 0 }
        );
        assert_eq!(col(line, 81, 84), format!("{pts:>4}"));
        for (i, round) in p.rounds.iter().enumerate() {
            let c = 92 + 10 * i;
            let field = col(line, c, c + 7);
            let want = match round {
                Round::Played {
                    opponent,
                    colour,
                    halves,
                } => format!(
                    "{:>4} {} {}",
                    opponent + 1,
                    if *colour == Colour::White { 'w' } else { 'b' },
                    match halves {
                        Some(2) => '1',
                        Some(1) => '=',
                        _ => '0',
                    }
                ),
                Round::Forfeit {
                    opponent,
                    colour,
                    won,
                } => format!(
                    "{:>4} {} {}",
                    opponent + 1,
                    if *colour == Colour::White { 'w' } else { 'b' },
                    if *won { '+' } else { '-' }
                ),
                Round::PairingBye => "0000 - U".to_string(),
                Round::ZeroBye => "0000 - Z".to_string(),
            };
            assert_eq!(field, want, "{} round {}", book.names[k], i + 1);
        }
    }
    assert!(text.contains(" - U"), "a pairing-allocated bye");
    assert!(text.contains(" - Z"), "zero-point byes");
    assert!(
        text.contains(" w -") || text.contains(" b -"),
        "a forfeit loss"
    );
}

#[tokio::test]
async fn a_swiss_of_nine_played_to_the_end() {
    nine_players_four_rounds(Store::memory().await.expect("store")).await;
}

#[tokio::test]
async fn a_swiss_of_nine_played_to_the_end_on_postgres() {
    let Some(base) = support::pg_url("a_swiss_of_nine_played_to_the_end_on_postgres") else {
        return;
    };
    let url = support::fresh_schema_url(&base).await;
    nine_players_four_rounds(Store::open(&url).await.expect("store")).await;
}

#[tokio::test]
async fn swiss_options_are_checked() {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.expect("store"), clock)
        .await
        .expect("service");
    let r = say(
        &svc,
        "c",
        "a",
        "/chess league create name:X format:swiss rounds:2",
    )
    .await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    let r = say(
        &svc,
        "c",
        "a",
        "/chess league create name:X format:swiss max:3",
    )
    .await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    let r = say(&svc, "c", "a", "/chess league create name:X rounds:3").await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    let r = say(&svc, "c", "a", "/chess league create name:X max:40").await;
    assert_eq!(error(&r).as_deref(), Some("invalid_option"));
    ok(&svc, "c", "a", "/chess league create name:X format:swiss").await;
    for p in ["a", "b", "c"] {
        ok(&svc, "c", p, "/chess league join").await;
    }
    let r = say(&svc, "c", "a", "/chess league start").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
    ok(&svc, "c", "d", "/chess league join").await;
    let r = ok(&svc, "c", "a", "/chess league start").await;
    // Four players: ⌈log2 4⌉ + 2 = 4 rounds, at most 3.
    assert!(r[0].text.contains("3 rounds"), "{:?}", texts(&r));
    assert_eq!(starts(&r).len(), 2);
    ok(&svc, "c2", "a", "/chess league create name:RR").await;
    let r = say(&svc, "c2", "a", "/chess league export format:trf").await;
    assert_eq!(error(&r).as_deref(), Some("not_allowed"));
}

/// Forty players, seven rounds, every game played (wins, draws, losses
/// by a pattern): every round checked as in the nine-player Swiss.
#[tokio::test]
async fn a_swiss_of_forty_over_seven_rounds() {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    let svc = GameService::open(Store::memory().await.expect("store"), clock)
        .await
        .expect("service");
    let names: Vec<String> = (10..50).map(|i| format!("q{i}")).collect();
    ok(
        &svc,
        "hall",
        "q10",
        "/chess league create name:Forty format:swiss rounds:7 rated:false",
    )
    .await;
    for n in &names {
        ok(&svc, "hall", n, "/chess league join").await;
    }
    let mut book = Book {
        names,
        players: (0..40).map(|_| Player::new()).collect(),
    };
    let mut r = ok(&svc, "hall", "q10", "/chess league start").await;
    for round in 1..=7 {
        let games = starts(&r);
        assert_eq!(games.len(), 20, "round {round}");
        book.check_round(&games, &round_text(&r), 7);
        let mut last = Vec::new();
        for (k, (w, b, ch)) in games.iter().enumerate() {
            let result = [2, 1, 0, 2, 0][(k + round) % 5];
            last = play(&svc, ch, w, b, result).await;
            book.record(w, b, Some(result), false);
        }
        book.close(None, round);
        r = last;
    }
    let (last, rows) = last_standings(&r).expect("final standings");
    assert!(last);
    assert_eq!(rows.len(), 40);
    assert_eq!(rows.iter().map(|x| x.points).sum::<f64>(), 140.0);
    let r = ok(&svc, "hall", "q10", "/chess league export format:trf").await;
    let text = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Export { text, .. }) => Some(text.clone()),
            _ => None,
        })
        .expect("an export event");
    check_report(&text, 7);
}
