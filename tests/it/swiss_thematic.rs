//! Thematic events and a Swiss's tie-break order through the service: a
//! Swiss whose games all start after the Ruy Lopez (Black to move first,
//! the PGN with its `SetUp`/`FEN`, still rated) ranked by the creator's
//! tie-breaks; a league from a FEN (never rated); a Chess960 Swiss with one
//! drawn position per round; and every refusal (unknown or ambiguous
//! opening, both starts, a bad FEN, an opening in Chess960, an unknown
//! tie-break, an order for a round robin).

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::service::{Actor, Event, GameService, ManualClock, Place, Reply};
use chessbot::store::Store;
use chrono::Utc;

const RUY_LOPEZ: &str = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";

fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

async fn service() -> GameService {
    let clock = Arc::new(ManualClock::new(Utc::now()));
    GameService::open(Store::memory().await.expect("store"), clock)
        .await
        .expect("service")
}

async fn say(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let cmd = text::parse(line).expect("parses").expect("a command");
    let actor = Actor {
        id: who.into(),
        name: who.into(),
    };
    svc.handle(&place(ch), &actor, cmd).await
}

fn error(r: &[Reply]) -> Option<(String, String)> {
    r.iter().find_map(|r| match &r.event {
        Some(Event::Error { code, message }) => Some((code.clone(), message.clone())),
        _ => None,
    })
}

async fn ok(svc: &GameService, ch: &str, who: &str, line: &str) -> Vec<Reply> {
    let r = say(svc, ch, who, line).await;
    assert_eq!(error(&r), None, "{who}@{ch}: {line}");
    r
}

/// The games a batch of replies started: `(white, black, channel, fen,
/// position, text)`.
type Started = (String, String, String, String, Option<u32>, String);

fn starts(r: &[Reply]) -> Vec<Started> {
    r.iter()
        .filter_map(|x| match &x.event {
            Some(Event::Start {
                white,
                black,
                fen,
                position,
                league: Some(_),
                ..
            }) => Some((
                white.clone(),
                black.clone(),
                x.place.channel.clone(),
                fen.clone(),
                *position,
                x.text.clone(),
            )),
            _ => None,
        })
        .collect()
}

async fn four_joined(svc: &GameService, ch: &str, create: &str) -> Vec<Reply> {
    let made = ok(svc, ch, "ann", create).await;
    for p in ["ann", "bob", "cat", "dan"] {
        ok(svc, ch, p, "/chess league join").await;
    }
    made
}

#[tokio::test]
async fn a_thematic_swiss_starts_every_game_after_its_opening_and_ranks_by_the_chosen_tiebreaks() {
    let svc = service().await;
    let made = four_joined(
        &svc,
        "t",
        r#"/chess league create name:"Spanish Cup" format:swiss rounds:3 opening:"ruy lopez" tiebreaks:sb,wins"#,
    )
    .await;
    let text = &made[0].text;
    assert!(
        text.contains("C60 Ruy Lopez: 1. e4 e5 2. Nf3 Nc6 3. Bb5"),
        "{text}"
    );
    assert!(
        text.contains("Tie-breaks in this order: SB, wins"),
        "{text}"
    );
    let r = ok(&svc, "t", "ann", "/chess league start").await;
    let games = starts(&r);
    assert_eq!(games.len(), 2);
    for (white, black, ch, fen, _, start) in &games {
        assert_eq!(fen, RUY_LOPEZ);
        // Black moves first after the line's third White move.
        assert!(start.contains(&format!("{black} to move")), "{start}");
        assert!(start.contains("begins after C60 Ruy Lopez"), "{start}");
        let r = say(&svc, ch, white, "/chess move Ba4").await;
        assert_eq!(
            error(&r).map(|e| e.0).as_deref(),
            Some("not_your_turn"),
            "{white} moved first"
        );
        ok(&svc, ch, black, "/chess move a6").await;
        ok(&svc, ch, white, "/chess move Ba4").await;
    }
    // The first game's PGN starts from the position, as a custom start.
    let (white, black, ch, ..) = &games[0];
    let r = ok(&svc, ch, white, "/chess pgn").await;
    let pgn = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Pgn { pgn }) => Some(pgn.clone()),
            _ => None,
        })
        .expect("a PGN");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    assert!(pgn.contains(&format!("[FEN \"{RUY_LOPEZ}\"]")), "{pgn}");
    assert!(pgn.contains("3... a6 4. Ba4"), "{pgn}");
    // A book start stays rated.
    let r = ok(&svc, ch, black, "/chess resign").await;
    let ended = r.iter().find_map(|x| match &x.event {
        Some(Event::End { ratings, .. }) => Some(ratings.is_some()),
        _ => None,
    });
    assert_eq!(ended, Some(true), "rated");
    // The standings name the chosen tie-breaks, in their order.
    let r = ok(&svc, "t", "ann", "/chess league standings").await;
    let table = &r[0].text;
    assert!(table.contains("(SB "), "{table}");
    assert!(table.contains(", wins "), "{table}");
    assert!(!table.contains("Buchholz"), "{table}");
    let rows = r
        .iter()
        .find_map(|x| match &x.event {
            Some(Event::Standings { rows, .. }) => Some(rows.clone()),
            _ => None,
        })
        .expect("standings");
    // The first tie-break (SB) is the row's `tiebreak`.
    for row in &rows {
        let tb = row.tiebreaks.as_ref().expect("a Swiss row");
        assert_eq!(row.tiebreak, tb.sonneborn_berger, "{row:?}");
    }
    assert_eq!(rows[0].player, *white);
}

#[tokio::test]
async fn a_league_from_a_fen_is_unrated_and_every_game_starts_there() {
    let svc = service().await;
    let fen = "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
    let made = four_joined(
        &svc,
        "f",
        &format!(r#"/chess league create name:Pawns fen:"{fen}" rated:true"#),
    )
    .await;
    assert!(made[0].text.contains("not rated"), "{}", made[0].text);
    let r = ok(&svc, "f", "ann", "/chess league start").await;
    let games = starts(&r);
    assert_eq!(games.len(), 6);
    assert!(games.iter().all(|g| g.3 == fen), "{games:?}");
    let (white, black, ch, ..) = &games[0];
    ok(&svc, ch, white, "/chess move e4").await;
    let r = ok(&svc, ch, black, "/chess resign").await;
    let ended = r.iter().find_map(|x| match &x.event {
        Some(Event::End { ratings, .. }) => Some(ratings.is_some()),
        _ => None,
    });
    assert_eq!(ended, Some(false), "a custom start is never rated");
}

#[tokio::test]
async fn a_chess960_swiss_plays_one_drawn_position_per_round() {
    let svc = service().await;
    four_joined(
        &svc,
        "n",
        "/chess league create name:Fischer format:swiss rounds:3 variant:chess960",
    )
    .await;
    let r = ok(&svc, "n", "ann", "/chess league start").await;
    let games = starts(&r);
    assert_eq!(games.len(), 2);
    assert!(games[0].4.is_some());
    assert_eq!(games[0].4, games[1].4, "one position for the round");
    assert_eq!(games[0].3, games[1].3);
}

#[tokio::test]
async fn bad_starts_and_tiebreaks_are_refused_and_create_nothing() {
    let svc = service().await;
    let refused = |line: &'static str| {
        let svc = svc.clone();
        async move { error(&say(&svc, "r", "ann", line).await).expect(line) }
    };
    let (code, text) = refused(r#"/chess league create name:X opening:"no such line""#).await;
    assert_eq!(code, "invalid_option");
    assert!(text.contains("no such line"), "{text}");
    let (code, text) = refused("/chess league create name:X opening:gambit").await;
    assert_eq!(code, "invalid_option");
    assert!(text.contains("Gambit"), "a few candidates: {text}");
    let (code, _) =
        refused(r#"/chess league create name:X opening:C60 fen:"8/8/8/8/8/8/8/K1k5 w - - 0 1""#)
            .await;
    assert_eq!(code, "invalid_option");
    let (code, _) = refused(r#"/chess league create name:X fen:"not a fen""#).await;
    assert_eq!(code, "invalid_fen");
    // A Chess960 set-up is no legal start of a standard event.
    let (code, _) =
        refused(r#"/chess league create name:X fen:"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1""#)
            .await;
    assert_eq!(code, "invalid_fen");
    let (code, _) = refused("/chess league create name:X variant:chess960 opening:C60").await;
    assert_eq!(code, "invalid_option");
    let (code, text) = refused("/chess league create name:X format:swiss tiebreaks:bh,koya").await;
    assert_eq!(code, "invalid_option");
    assert!(text.contains("koya") && text.contains("bh1"), "{text}");
    let (code, _) = refused("/chess league create name:X tiebreaks:sb").await;
    assert_eq!(code, "invalid_option");
    let r = say(&svc, "r", "ann", "/chess league standings").await;
    assert_eq!(error(&r).map(|e| e.0).as_deref(), Some("no_league"));
}
