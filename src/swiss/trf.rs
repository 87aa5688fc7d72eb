//! The FIDE tournament report file (TRF-16, the format arbiters upload and
//! pairing checkers such as bbpPairings and JaVaFo read) of a Swiss:
//! header lines (`012` name, `042`/`052` dates, `062` players, `092`
//! type, `122` time control, `XXR` rounds, `XXC` initial colour) and one
//! `001` line per player at the format's exact columns, with every
//! round's opponent, colour and result.

use std::fmt::Write as _;

use super::tiebreaks::Standing;
use super::{Colour, Player, Round};

/// What the report says of the tournament.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub name: String,
    /// `YYYY/MM/DD`.
    pub start: String,
    /// `YYYY/MM/DD`, once over.
    pub end: Option<String>,
    /// The rounds the tournament has (played or not yet).
    pub rounds: usize,
    /// The time control as written in line 122.
    pub time_control: String,
    /// Each paired round's date, `YY/MM/DD`.
    pub round_dates: Vec<String>,
}

/// What the report says of a player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    /// 0 when unrated.
    pub rating: u32,
}

/// Where round 1's field starts (column 92, 1-based); each round takes
/// 10 columns.
const FIRST_ROUND_COLUMN: usize = 92;

/// A line being laid out at fixed 1-based columns.
struct Line(Vec<char>);

impl Line {
    fn new(tag: &str) -> Line {
        Line(tag.chars().collect())
    }

    /// Writes `text` from column `col`, padding with spaces before it.
    fn put(&mut self, col: usize, text: &str) {
        let at = col - 1;
        if self.0.len() < at {
            self.0.resize(at, ' ');
        }
        for (k, c) in text.chars().enumerate() {
            if at + k < self.0.len() {
                self.0[at + k] = c;
            } else {
                self.0.push(c);
            }
        }
    }

    /// Right-aligns `text` in columns `from..=to`.
    fn right(&mut self, from: usize, to: usize, text: &str) {
        let width = to + 1 - from;
        let text: String = text.chars().take(width).collect();
        let pad = width - text.chars().count();
        self.put(from + pad, &text);
    }

    fn text(&self) -> String {
        self.0.iter().collect::<String>().trim_end().to_string()
    }
}

/// Points written as TRF does: `3.5`, `10.0`.
fn points(halves: u32) -> String {
    format!("{}.{}", halves / 2, if halves % 2 == 1 { 5 } else { 0 })
}

/// The round field (columns 92-99 for round 1): opponent's starting rank
/// (`0000` for none), colour (`w`, `b`, `-`) and result (`1`, `=`, `0`,
/// `+`/`-` forfeits, `U` the pairing-allocated bye, `Z` a zero-point bye;
/// a game still running has none).
fn round_field(r: &Round) -> (String, char, char) {
    let colour = |c: &Colour| if *c == Colour::White { 'w' } else { 'b' };
    match r {
        Round::Played {
            opponent,
            colour: c,
            halves,
        } => {
            let result = match halves {
                Some(2) => '1',
                Some(1) => '=',
                Some(_) => '0',
                None => ' ',
            };
            (format!("{}", opponent + 1), colour(c), result)
        }
        Round::Forfeit {
            opponent,
            colour: c,
            won,
        } => (
            format!("{}", opponent + 1),
            colour(c),
            if *won { '+' } else { '-' },
        ),
        Round::PairingBye => ("0000".to_string(), '-', 'U'),
        Round::ZeroBye => ("0000".to_string(), '-', 'Z'),
    }
}

/// The TRF-16 text of a Swiss: `players` in initial order (their starting
/// ranks are their indexes plus one), `entries` their names and ratings,
/// `table` the standings giving each player's rank.
#[must_use]
pub fn report(
    header: &Header,
    players: &[Player],
    entries: &[Entry],
    table: &[Standing],
) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", header.name);
    let _ = writeln!(out, "042 {}", header.start);
    if let Some(end) = &header.end {
        let _ = writeln!(out, "052 {end}");
    }
    let _ = writeln!(out, "062 {}", players.len());
    let rated = entries.iter().filter(|e| e.rating > 0).count();
    let _ = writeln!(out, "072 {rated}");
    let _ = writeln!(out, "092 Individual: Swiss-System (FIDE Dutch)");
    let _ = writeln!(out, "122 {}", header.time_control);
    if !header.round_dates.is_empty() {
        let mut line = Line::new("132");
        for (k, d) in header.round_dates.iter().enumerate() {
            line.put(FIRST_ROUND_COLUMN + 10 * k, d);
        }
        let _ = writeln!(out, "{}", line.text());
    }
    let _ = writeln!(out, "XXR {}", header.rounds);
    let _ = writeln!(out, "XXC white1");
    let rank = |i: usize| table.iter().find(|s| s.player == i).map_or(0, |s| s.rank);
    for (i, p) in players.iter().enumerate() {
        let mut line = Line::new("001");
        line.right(5, 8, &(i + 1).to_string());
        let name: String = entries
            .get(i)
            .map(|e| e.name.chars().take(33).collect())
            .unwrap_or_default();
        line.put(15, &format!("{name:<33}"));
        let rating = entries.get(i).map_or(0, |e| e.rating);
        if rating > 0 {
            line.right(49, 52, &rating.to_string());
        }
        line.right(81, 84, &points(p.halves()));
        line.right(86, 89, &rank(i).to_string());
        for (k, r) in p.rounds.iter().enumerate() {
            let col = FIRST_ROUND_COLUMN + 10 * k;
            let (opponent, colour, result) = round_field(r);
            line.right(col, col + 3, &opponent);
            line.put(col + 5, &colour.to_string());
            line.put(col + 7, &result.to_string());
        }
        let _ = writeln!(out, "{}", line.text());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_lines_keep_the_columns() {
        let players = vec![
            Player::taking_part(vec![
                Round::finished(1, Colour::White, 2),
                Round::PairingBye,
            ]),
            Player {
                rounds: vec![Round::finished(0, Colour::Black, 0), Round::ZeroBye],
                active: false,
            },
        ];
        let entries = vec![
            Entry {
                name: "alice".into(),
                rating: 1650,
            },
            Entry {
                name: "bob".into(),
                rating: 0,
            },
        ];
        let table = super::super::tiebreaks::standings(&players);
        let header = Header {
            name: "Cup".into(),
            start: "2026/12/01".into(),
            end: None,
            rounds: 3,
            time_control: "3 days per move".into(),
            round_dates: vec!["26/12/01".into(), "26/12/05".into()],
        };
        let text = report(&header, &players, &entries, &table);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "012 Cup");
        assert!(lines.contains(&"XXR 3"));
        let p1 = lines
            .iter()
            .find(|l| l.starts_with("001    1"))
            .expect("line");
        let col =
            |l: &str, a: usize, b: usize| l.chars().skip(a - 1).take(b + 1 - a).collect::<String>();
        assert_eq!(col(p1, 15, 19), "alice");
        assert_eq!(col(p1, 49, 52), "1650");
        assert_eq!(col(p1, 81, 84), " 2.0");
        assert_eq!(col(p1, 86, 89), "   1");
        assert_eq!(col(p1, 92, 99), "   2 w 1");
        assert_eq!(col(p1, 102, 109), "0000 - U");
        let p2 = lines
            .iter()
            .find(|l| l.starts_with("001    2"))
            .expect("line");
        assert_eq!(col(p2, 49, 52), "    ");
        assert_eq!(col(p2, 92, 99), "   1 b 0");
        assert_eq!(col(p2, 102, 109), "0000 - Z");
        let dates = lines.iter().find(|l| l.starts_with("132")).expect("dates");
        assert_eq!(col(dates, 92, 99), "26/12/01");
        assert_eq!(col(dates, 102, 109), "26/12/05");
    }
}
