//! A Swiss seen from its league rows, free of I/O: the players in initial
//! order (by entry round, rating, name), each one's rounds (games with
//! colour and result, forfeits, byes) as the pairing, the tie-breaks and
//! the tournament report read them, and the standings table.

use super::league_table::Score;
use super::league_table::{StandingsRow, SwissTiebreaks, Table, half_points, quarters};
use super::messages as msg;
use crate::chess::Variant;
use crate::i18n::Locale;
use crate::store::{BYE_PAIRING, ByeRow, LeagueGameRow, LeaguePlayerRow, STATUS_ACTIVE};
use crate::swiss::tiebreaks::{Standing, Tiebreak, standings_by};
use crate::swiss::{Colour, Player, Round};

/// Fewest players a Swiss starts with.
pub const SWISS_MIN_PLAYERS: u32 = 4;
/// Most players a Swiss takes.
pub const SWISS_MAX_PLAYERS: u32 = 200;
/// Fewest rounds one may ask for.
pub const SWISS_MIN_ROUNDS: u32 = 3;
/// Most rounds one may ask for.
pub const SWISS_MAX_ROUNDS: u32 = 11;

/// A Swiss's history: `order[k]` is the index (into the league's player
/// rows) of pairing number `k + 1`, `history[k]` that player's rounds.
pub(in crate::service) struct SwissView {
    pub(in crate::service) order: Vec<usize>,
    pub(in crate::service) history: Vec<Player>,
    /// Rounds paired so far.
    pub(in crate::service) round: usize,
    /// Games of the league still running.
    pub(in crate::service) running: usize,
    pub(in crate::service) games: usize,
}

impl SwissView {
    /// The view of a Swiss from its players, games and byes.
    pub(in crate::service) fn new(
        players: &[LeaguePlayerRow],
        games: &[LeagueGameRow],
        byes: &[ByeRow],
    ) -> SwissView {
        let round = games
            .iter()
            .map(|g| g.cycle)
            .chain(byes.iter().map(|b| b.round))
            .max()
            .unwrap_or(0)
            .max(0) as usize;
        // A late entry is numbered after those who were there before.
        let entry = |p: &LeaguePlayerRow| {
            (1..=round as i64)
                .take_while(|r| {
                    byes.iter().any(|b| {
                        b.player_id == p.player_id && b.round == *r && b.kind != BYE_PAIRING
                    })
                })
                .count()
        };
        let mut order: Vec<usize> = (0..players.len()).collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&players[a], &players[b]);
            (
                entry(pa),
                std::cmp::Reverse(pa.rating),
                &pa.player_name,
                pa.seat,
            )
                .cmp(&(
                    entry(pb),
                    std::cmp::Reverse(pb.rating),
                    &pb.player_name,
                    pb.seat,
                ))
        });
        let number = |id: &str| order.iter().position(|&i| players[i].player_id == id);
        let mut history: Vec<Player> = order
            .iter()
            .map(|&i| Player {
                rounds: vec![Round::ZeroBye; round],
                active: players[i].withdrawal.is_none(),
            })
            .collect();
        for b in byes {
            if let (Some(k), Ok(r)) = (number(&b.player_id), usize::try_from(b.round - 1))
                && let Some(slot) = history[k].rounds.get_mut(r)
            {
                *slot = if b.kind == BYE_PAIRING {
                    Round::PairingBye
                } else {
                    Round::ZeroBye
                };
            }
        }
        let mut running = 0;
        for g in games {
            let (Some(w), Some(b), Ok(r)) = (
                number(&g.white_id),
                number(&g.black_id),
                usize::try_from(g.cycle - 1),
            ) else {
                continue;
            };
            let active = g.status == STATUS_ACTIVE;
            running += usize::from(active);
            let score = g.result.as_deref().and_then(Score::from_result);
            let (wr, br) = rounds_of(w, b, score, active, g.ply);
            if let Some(slot) = history[w].rounds.get_mut(r) {
                *slot = wr;
            }
            if let Some(slot) = history[b].rounds.get_mut(r) {
                *slot = br;
            }
        }
        SwissView {
            order,
            history,
            round,
            running,
            games: games.len(),
        }
    }

    /// The standings with the Swiss tie-breaks in `order`.
    pub(in crate::service) fn standings(&self, order: &[Tiebreak]) -> Vec<Standing> {
        standings_by(&self.history, order)
    }

    /// The table of the league's standings: points and the tie-breaks of
    /// `order` (text columns: rank, name, points and the first three of
    /// them, as the picture shows).
    pub(in crate::service) fn table(
        &self,
        players: &[LeaguePlayerRow],
        rounds: usize,
        order: &[Tiebreak],
    ) -> Table {
        let rows = self.standings(order);
        let name = |s: &Standing| players[self.order[s.player]].player_name.clone();
        let played = |s: &Standing| {
            self.history[s.player]
                .rounds
                .iter()
                .filter(|r| !matches!(r, Round::Played { halves: None, .. }))
                .count() as i64
        };
        Table {
            rows: rows
                .iter()
                .map(|s| StandingsRow {
                    rank: s.rank as i64,
                    player: name(s),
                    points: f64::from(s.halves) / 2.0,
                    played: played(s),
                    left: (rounds as i64 - played(s)).max(0),
                    tiebreak: order.first().map_or(0.0, |&t| tiebreak_number(t, s)),
                    tiebreaks: Some(SwissTiebreaks {
                        buchholz_cut1: f64::from(s.buchholz_cut1) / 2.0,
                        buchholz: f64::from(s.buchholz) / 2.0,
                        sonneborn_berger: f64::from(s.sonneborn_berger) / 4.0,
                        direct: f64::from(s.direct) / 2.0,
                        wins: i64::from(s.wins),
                    }),
                })
                .collect(),
            text_rows: rows
                .iter()
                .map(|s| {
                    let cell = |k: usize| {
                        order
                            .get(k)
                            .map_or_else(String::new, |&t| tiebreak_text(t, s))
                    };
                    [
                        s.rank.to_string(),
                        name(s),
                        half_points(i64::from(s.halves)),
                        cell(0),
                        cell(1),
                        cell(2),
                    ]
                })
                .collect(),
            games: self.games,
            finished: self.games - self.running,
        }
    }
}

/// Tie-break columns the text and the picture show.
pub(in crate::service) const SHOWN_TIEBREAKS: usize = 3;

/// One row of a Swiss's standings as text: the tie-breaks shown, named.
pub(in crate::service) fn swiss_text_row(
    loc: Locale,
    order: &[Tiebreak],
    row: &[String; 6],
) -> String {
    let values: Vec<String> = order
        .iter()
        .take(SHOWN_TIEBREAKS)
        .zip(&row[3..])
        .map(|(t, value)| format!("{} {value}", msg::swiss_tiebreak(loc, t.code())))
        .collect();
    // "1 point", not "1 points".
    let one = row[2] == "1";
    msg::swiss_standings_row(loc, &row[0], &row[1], &row[2], one, &values.join(", "))
}

/// The column titles of a Swiss's standings picture, separated by `|`.
pub(in crate::service) fn swiss_header(loc: Locale, order: &[Tiebreak]) -> String {
    let mut header = msg::swiss_standings_header(loc);
    for t in order.iter().take(SHOWN_TIEBREAKS) {
        header.push_str(" | ");
        header.push_str(&msg::swiss_tiebreak_short(loc, t.code()));
    }
    header
}

/// The lines under a Swiss's standings picture that spell out its
/// tie-break columns, two to a line so that each fits the width.
pub(in crate::service) fn swiss_legend(loc: Locale, order: &[Tiebreak]) -> Vec<String> {
    let parts: Vec<String> = order
        .iter()
        .take(SHOWN_TIEBREAKS)
        .map(|t| msg::swiss_tiebreak_legend(loc, t.code()))
        .collect();
    parts.chunks(2).map(|pair| pair.join(" · ")).collect()
}

/// A tie-break's value as a number (points; wins counted).
fn tiebreak_number(t: Tiebreak, s: &Standing) -> f64 {
    match t {
        Tiebreak::SonnebornBerger => f64::from(t.value(s)) / 4.0,
        Tiebreak::Wins => f64::from(t.value(s)),
        _ => f64::from(t.value(s)) / 2.0,
    }
}

/// A tie-break's value as the table writes it (`3½`, `2.25`, `2`).
fn tiebreak_text(t: Tiebreak, s: &Standing) -> String {
    match t {
        Tiebreak::SonnebornBerger => quarters(i64::from(t.value(s))),
        Tiebreak::Wins => t.value(s).to_string(),
        _ => half_points(i64::from(t.value(s))),
    }
}

/// The rounds of white `w` and black `b` from their game: a game decided
/// before both sides moved was not played (a forfeit); a game still
/// running has no result yet.
fn rounds_of(w: usize, b: usize, score: Option<Score>, active: bool, ply: i64) -> (Round, Round) {
    let played = |opponent, colour, halves| Round::Played {
        opponent,
        colour,
        halves,
    };
    if active {
        return (
            played(b, Colour::White, None),
            played(w, Colour::Black, None),
        );
    }
    let forfeit = |white_won: bool| {
        (
            Round::Forfeit {
                opponent: b,
                colour: Colour::White,
                won: white_won,
            },
            Round::Forfeit {
                opponent: w,
                colour: Colour::Black,
                won: !white_won,
            },
        )
    };
    match score {
        Some(Score::WhiteWins) if ply < 2 => forfeit(true),
        Some(Score::BlackWins) if ply < 2 => forfeit(false),
        Some(s) => {
            let (hw, hb) = match s {
                Score::WhiteWins => (2, 0),
                Score::Draw => (1, 1),
                Score::BlackWins => (0, 2),
            };
            (
                played(b, Colour::White, Some(hw)),
                played(w, Colour::Black, Some(hb)),
            )
        }
        // Ended without a result (a cancelled tournament): lost by both.
        None => (
            Round::Forfeit {
                opponent: b,
                colour: Colour::White,
                won: false,
            },
            Round::Forfeit {
                opponent: w,
                colour: Colour::Black,
                won: false,
            },
        ),
    }
}

/// The Swiss's rounds: `requested` (0 for the default), else ⌈log2 n⌉ + 2;
/// at most `n - 1`.
pub(in crate::service) fn swiss_rounds(requested: i64, n: usize) -> i64 {
    let default = (usize::BITS - n.saturating_sub(1).leading_zeros()) as i64 + 2;
    let wanted = if requested > 0 { requested } else { default };
    wanted.min(n as i64 - 1).max(1)
}

/// The Chess960 start of a round, one for every game of it.
pub(in crate::service) fn round_position(variant: Variant) -> Option<u32> {
    super::league960::draw_league_positions(variant, &[(1, 1, 0, 1)])
        .first()
        .copied()
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_rounds_follow_the_field() {
        assert_eq!(swiss_rounds(0, 4), 3);
        assert_eq!(swiss_rounds(0, 9), 6);
        assert_eq!(swiss_rounds(0, 16), 6);
        assert_eq!(swiss_rounds(0, 40), 8);
        assert_eq!(swiss_rounds(0, 200), 10);
        assert_eq!(swiss_rounds(11, 5), 4);
        assert_eq!(swiss_rounds(4, 9), 4);
    }
}
