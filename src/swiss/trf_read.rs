//! Reading a FIDE tournament report (TRF-16 / TRF-2026, also the JaVaFo
//! and bbpPairings dialects) back into a Swiss history: the `001` player
//! lines at their fixed columns, each round's opponent, colour and result.
//! It lets the pairing of any round be replayed from the rounds before it,
//! which is how our Dutch pairings are compared with independent engines.

use super::dutch::Pairing;
use super::trf::Entry;
use super::{Colour, Player, Round};

/// A tournament as its report gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The rounds the tournament has (`XXR`), when the file says.
    pub rounds: Option<usize>,
    /// The initial colour (`XXC white1`/`black1`, or TRF-2026's `152 W`/`B`),
    /// when the file says.
    pub initial: Option<Colour>,
    /// Names and ratings, in initial order.
    pub entries: Vec<Entry>,
    /// Every player's rounds as written, in initial order (index =
    /// starting rank - 1).
    pub players: Vec<Player>,
}

/// Why a report could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    #[error("line {line}: {what}")]
    Bad { line: usize, what: String },
    #[error("no player lines")]
    Empty,
}

fn bad(line: usize, what: impl Into<String>) -> TrfError {
    TrfError::Bad {
        line,
        what: what.into(),
    }
}

/// Columns `from..=to` (1-based) of a line, trimmed; empty past its end.
fn field(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
        .trim()
        .to_string()
}

/// Where round 1's field starts (column 92, 1-based); 10 columns a round.
const FIRST_ROUND_COLUMN: usize = 92;

/// One round field: opponent (starting rank, 0 for none), colour, result.
fn round(n: usize, opponent: &str, colour: &str, result: &str) -> Result<Round, String> {
    let opp: usize = if opponent.is_empty() {
        0
    } else {
        opponent
            .parse()
            .map_err(|_| format!("bad opponent {opponent:?}"))?
    };
    let colour = match colour {
        "w" | "W" => Some(Colour::White),
        "b" | "B" => Some(Colour::Black),
        _ => None,
    };
    if opp == 0 {
        // No opponent: the pairing-allocated bye, or not paired. The older
        // codes (`+` the bye, `-` absent) are the JaVaFo dialect.
        return match result {
            "U" | "+" | "F" => Ok(Round::PairingBye),
            "Z" | "-" | "" | "0" => Ok(Round::ZeroBye),
            other => Err(format!("unsupported bye result {other:?}")),
        };
    }
    if opp > n {
        return Err(format!("opponent {opp} is not a player"));
    }
    let colour = colour.ok_or_else(|| "a game without a colour".to_string())?;
    let opponent = opp - 1;
    Ok(match result {
        "1" | "W" => Round::Played {
            opponent,
            colour,
            halves: Some(2),
        },
        "=" | "D" => Round::Played {
            opponent,
            colour,
            halves: Some(1),
        },
        "0" | "L" => Round::Played {
            opponent,
            colour,
            halves: Some(0),
        },
        "" | "*" => Round::Played {
            opponent,
            colour,
            halves: None,
        },
        "+" => Round::Forfeit {
            opponent,
            colour,
            won: true,
        },
        "-" => Round::Forfeit {
            opponent,
            colour,
            won: false,
        },
        other => return Err(format!("unsupported result {other:?}")),
    })
}

/// Reads a report. Lines may end in `\n`, `\r\n` or `\r`.
///
/// # Errors
/// [`TrfError`] on a player line that breaks the format, or one of the
/// results this tournament model has no place for (half-point byes).
pub fn read(text: &str) -> Result<Report, TrfError> {
    let lines: Vec<&str> = text.split(['\n', '\r']).collect();
    let mut rounds = None;
    let mut initial = None;
    let mut rows: Vec<(usize, usize, Vec<char>)> = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        let no = k + 1;
        if let Some(rest) = line.strip_prefix("XXR") {
            rounds = Some(
                rest.trim()
                    .parse()
                    .map_err(|_| bad(no, "bad XXR round count"))?,
            );
        } else if let Some(rest) = line.strip_prefix("XXC") {
            for word in rest.split_whitespace() {
                match word {
                    "white1" => initial = Some(Colour::White),
                    "black1" => initial = Some(Colour::Black),
                    _ => {}
                }
            }
        } else if let Some(rest) = line.strip_prefix("152") {
            match rest.trim() {
                "W" => initial = Some(Colour::White),
                "B" => initial = Some(Colour::Black),
                _ => return Err(bad(no, "bad initial colour")),
            }
        } else if line.starts_with("001") {
            let chars: Vec<char> = line.chars().collect();
            let rank: usize = field(&chars, 5, 8)
                .parse()
                .map_err(|_| bad(no, "bad starting rank"))?;
            if rank == 0 {
                return Err(bad(no, "starting rank 0"));
            }
            rows.push((no, rank, chars));
        }
    }
    if rows.is_empty() {
        return Err(TrfError::Empty);
    }
    let n = rows.iter().map(|r| r.1).max().unwrap_or(0);
    if n != rows.len() {
        return Err(bad(rows[0].0, "starting ranks are not 1..N, each once"));
    }
    let mut players = vec![Player::new(); n];
    let mut entries = vec![Entry::default(); n];
    let mut seen = vec![false; n];
    for (no, rank, chars) in &rows {
        let i = rank - 1;
        if std::mem::replace(&mut seen[i], true) {
            return Err(bad(*no, "starting rank given twice"));
        }
        entries[i] = Entry {
            name: field(chars, 15, 47),
            rating: field(chars, 49, 52).parse().unwrap_or(0),
        };
        let mut k = 0;
        while FIRST_ROUND_COLUMN + 10 * k <= chars.len() {
            let col = FIRST_ROUND_COLUMN + 10 * k;
            let r = round(
                n,
                &field(chars, col, col + 3),
                &field(chars, col + 5, col + 5),
                &field(chars, col + 7, col + 7),
            )
            .map_err(|e| bad(*no, format!("round {}: {e}", k + 1)))?;
            players[i].rounds.push(r);
            k += 1;
        }
    }
    Ok(Report {
        rounds,
        initial,
        entries,
        players,
    })
}

impl Report {
    /// The rounds written for the longest player line.
    #[must_use]
    pub fn written_rounds(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// The initial colour: as the file says, else inferred as the engines
    /// do from the first round with a colour: the colour there of the
    /// highest player who had taken part in a pairing by then, reversed
    /// when an odd number of such players rank above them. White when no
    /// game has a colour yet.
    #[must_use]
    pub fn initial_colour(&self) -> Colour {
        if let Some(c) = self.initial {
            return c;
        }
        let colour_of = |r: &Round| match r {
            Round::Played { colour, .. } | Round::Forfeit { colour, .. } => Some(*colour),
            Round::PairingBye | Round::ZeroBye => None,
        };
        let Some(first) = self
            .players
            .iter()
            .filter_map(|p| p.rounds.iter().position(|r| colour_of(r).is_some()))
            .min()
        else {
            return Colour::White;
        };
        let mut effective = 0;
        for p in &self.players {
            let took_part = p
                .rounds
                .iter()
                .take(first + 1)
                .any(|r| *r != Round::ZeroBye);
            if !took_part {
                continue;
            }
            if let Some(c) = p.rounds.get(first).and_then(colour_of) {
                return if effective % 2 == 1 { c.other() } else { c };
            }
            effective += 1;
        }
        Colour::White
    }

    /// The history as it stood before round `k` (1-based) was paired:
    /// rounds 1..k-1, and taking part only those not already marked absent
    /// (a zero-point bye) in round `k`.
    #[must_use]
    pub fn before_round(&self, k: usize) -> Vec<Player> {
        self.players
            .iter()
            .map(|p| Player {
                rounds: (0..k - 1)
                    .map(|r| p.rounds.get(r).copied().unwrap_or(Round::ZeroBye))
                    .collect(),
                active: p.rounds.get(k - 1) != Some(&Round::ZeroBye) && p.active,
            })
            .collect()
    }

    /// The pairing round `k` (1-based) had: games as `(white, black)`,
    /// forfeited ones too, and the pairing-allocated bye.
    #[must_use]
    pub fn pairing_of(&self, k: usize) -> Pairing {
        let mut out = Pairing::default();
        for (i, p) in self.players.iter().enumerate() {
            match p.rounds.get(k - 1) {
                Some(
                    Round::Played {
                        opponent,
                        colour: Colour::White,
                        ..
                    }
                    | Round::Forfeit {
                        opponent,
                        colour: Colour::White,
                        ..
                    },
                ) => out.games.push((i, *opponent)),
                Some(Round::PairingBye) => out.bye = Some(i),
                _ => {}
            }
        }
        out
    }
}

/// A pairing as bbpPairings and JaVaFo print it (`-p`): the number of
/// pairs, then one `white black` line per pair in starting ranks, the bye
/// as `rank 0`.
#[must_use]
pub fn engine_lines(p: &Pairing) -> String {
    let mut out = format!("{}\n", p.games.len() + usize::from(p.bye.is_some()));
    for (w, b) in &p.games {
        out.push_str(&format!("{} {}\n", w + 1, b + 1));
    }
    if let Some(b) = p.bye {
        out.push_str(&format!("{} 0\n", b + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "012 Test\r\
001    1      Test0001 Player0001               2568                             2.0    1     3 b 1  0000 - U\r\
001    2      Test0002 Player0002               2542                             0.0    3  0000 - Z     3 w -\r\
001    3      Test0003 Player0003               2527                             1.0    2     1 w 0     2 b +\r\
XXR 5\r";

    #[test]
    fn reads_the_columns_and_codes() {
        let r = read(SAMPLE).expect("reads");
        assert_eq!(r.rounds, Some(5));
        assert_eq!(r.entries[1].name, "Test0002 Player0002");
        assert_eq!(r.entries[0].rating, 2568);
        assert_eq!(
            r.players[0].rounds,
            vec![
                Round::Played {
                    opponent: 2,
                    colour: Colour::Black,
                    halves: Some(2)
                },
                Round::PairingBye
            ]
        );
        assert_eq!(
            r.players[1].rounds,
            vec![
                Round::ZeroBye,
                Round::Forfeit {
                    opponent: 2,
                    colour: Colour::White,
                    won: false
                }
            ]
        );
        let before = r.before_round(1);
        assert!(!before[1].active && before[0].active);
        assert!(before.iter().all(|p| p.rounds.is_empty()));
        let p2 = r.pairing_of(2);
        assert_eq!(p2.games, vec![(1, 2)]);
        assert_eq!(p2.bye, Some(0));
        assert_eq!(engine_lines(&p2), "2\n2 3\n1 0\n");
        // No initial colour given: pairing number 1 had black in round 1.
        assert_eq!(r.initial_colour(), Colour::Black);
        let given = read(&format!("{SAMPLE}XXC white1\r")).expect("reads");
        assert_eq!(given.initial_colour(), Colour::White);
    }

    #[test]
    fn bad_lines_are_refused() {
        assert_eq!(read("012 x\n"), Err(TrfError::Empty));
        let half = SAMPLE.replace("0000 - U", "0000 - H");
        assert!(read(&half).is_err());
        let wrong = SAMPLE.replace("     3 b 1", "     9 b 1");
        assert!(read(&wrong).is_err());
    }

    #[test]
    fn our_report_reads_back() {
        let players = vec![
            Player::taking_part(vec![
                Round::finished(1, Colour::White, 1),
                Round::PairingBye,
            ]),
            Player::taking_part(vec![Round::finished(0, Colour::Black, 1), Round::ZeroBye]),
        ];
        let entries = vec![
            Entry {
                name: "a".into(),
                rating: 1500,
            },
            Entry {
                name: "b".into(),
                rating: 0,
            },
        ];
        let table = super::super::tiebreaks::standings(&players);
        let header = super::super::trf::Header {
            rounds: 3,
            ..Default::default()
        };
        let text = super::super::trf::report(&header, &players, &entries, &table);
        let back = read(&text).expect("reads");
        assert_eq!(back.players, players);
        assert_eq!(back.entries, entries);
        assert_eq!(back.rounds, Some(3));
    }
}
