//! The standings of a Swiss with FIDE's tie-breaks (C.07), by default in
//! this order: Buchholz Cut-1, Buchholz, Sonneborn-Berger, direct
//! encounter, number of wins; a tournament's creator may choose another
//! order (or fewer of them, [`Tiebreak::parse_order`]). Unplayed rounds count by FIDE's virtual opponent rule: a player's
//! own unplayed round (bye, forfeit, absence) counts as a game against a
//! virtual opponent with the player's score before that round, plus the
//! complement of the round's result, plus half a point for each round
//! after it; an opponent's unplayed rounds count as draws in the scores
//! the player's tie-breaks add up. All in halves (quarters for
//! Sonneborn-Berger), so nothing is rounded.

use super::{Player, Round};

/// One row of a Swiss table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The player's index (initial order).
    pub player: usize,
    /// From 1; players equal on points and every tie-break share a rank.
    pub rank: usize,
    /// Points in halves.
    pub halves: u32,
    /// Buchholz Cut-1 in halves.
    pub buchholz_cut1: u32,
    /// Buchholz in halves.
    pub buchholz: u32,
    /// Sonneborn-Berger in quarters.
    pub sonneborn_berger: u32,
    /// Halves scored against the players tied with this one, when all of
    /// them met each other (else 0 for all of them).
    pub direct: u32,
    /// Rounds won, forfeit wins and the bye included.
    pub wins: u32,
}

/// One of the tie-breaks a Swiss may rank by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tiebreak {
    /// Buchholz Cut-1 (`bh1`): the opponents' scores without the lowest.
    BuchholzCut1,
    /// Buchholz (`bh`): the opponents' scores.
    Buchholz,
    /// Sonneborn-Berger (`sb`): each opponent's score times the result.
    SonnebornBerger,
    /// Direct encounter (`de`): the points among the players still tied,
    /// when they all met.
    DirectEncounter,
    /// Number of wins (`wins`), forfeit wins and the bye included.
    Wins,
}

impl Tiebreak {
    /// FIDE's default order for a Swiss.
    pub const DEFAULT: [Tiebreak; 5] = [
        Tiebreak::BuchholzCut1,
        Tiebreak::Buchholz,
        Tiebreak::SonnebornBerger,
        Tiebreak::DirectEncounter,
        Tiebreak::Wins,
    ];

    /// The short code one types and the store keeps: `bh1`, `bh`, `sb`,
    /// `de`, `wins`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Tiebreak::BuchholzCut1 => "bh1",
            Tiebreak::Buchholz => "bh",
            Tiebreak::SonnebornBerger => "sb",
            Tiebreak::DirectEncounter => "de",
            Tiebreak::Wins => "wins",
        }
    }

    /// A tie-break by its code or a longer name, in any case.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Tiebreak> {
        let s = s.trim().to_ascii_lowercase().replace(['-', '_', ' '], "");
        Some(match s.as_str() {
            "bh1" | "bhc1" | "buchholzcut1" | "cut1" => Tiebreak::BuchholzCut1,
            "bh" | "buchholz" => Tiebreak::Buchholz,
            "sb" | "sonnebornberger" => Tiebreak::SonnebornBerger,
            "de" | "direct" | "directencounter" => Tiebreak::DirectEncounter,
            "wins" | "win" | "won" => Tiebreak::Wins,
            _ => return None,
        })
    }

    /// An order as typed, comma- or space-separated (`bh1,bh,sb`); a
    /// tie-break named twice counts once. Empty: the default order.
    ///
    /// # Errors
    /// The first name that is no tie-break.
    pub fn parse_order(s: &str) -> Result<Vec<Tiebreak>, String> {
        let mut order = Vec::new();
        for name in s
            .split([',', ' ', ';', '/'])
            .filter(|n| !n.trim().is_empty())
        {
            let t = Tiebreak::from_name(name).ok_or_else(|| name.trim().to_string())?;
            if !order.contains(&t) {
                order.push(t);
            }
        }
        if order.is_empty() {
            order = Tiebreak::DEFAULT.to_vec();
        }
        Ok(order)
    }

    /// The order as stored: the codes joined by commas.
    #[must_use]
    pub fn codes(order: &[Tiebreak]) -> String {
        order.iter().map(|t| t.code()).collect::<Vec<_>>().join(",")
    }

    /// This tie-break's value in `s`, in its unit (halves; quarters for
    /// Sonneborn-Berger; wins counted).
    #[must_use]
    pub fn value(self, s: &Standing) -> u32 {
        match self {
            Tiebreak::BuchholzCut1 => s.buchholz_cut1,
            Tiebreak::Buchholz => s.buchholz,
            Tiebreak::SonnebornBerger => s.sonneborn_berger,
            Tiebreak::DirectEncounter => s.direct,
            Tiebreak::Wins => s.wins,
        }
    }
}

/// The score of `o` as an opponent's score counts: unplayed rounds as
/// draws, running games as nothing.
fn adjusted(o: &Player) -> u32 {
    o.rounds
        .iter()
        .map(|r| match r {
            Round::Played { halves, .. } => u32::from(halves.unwrap_or(0)),
            _ => 1,
        })
        .sum()
}

/// What each round of player `p` adds to Buchholz (the opponent's score,
/// or the virtual opponent's) and to Sonneborn-Berger (that score times
/// the result), over the `n` rounds so far; running games add nothing.
fn contributions(players: &[Player], i: usize, n: usize) -> Vec<(u32, u32)> {
    let p = &players[i];
    let mut out = Vec::new();
    for (k, r) in p.rounds.iter().enumerate() {
        match r {
            Round::Played {
                opponent,
                halves: Some(h),
                ..
            } => {
                let s = players.get(*opponent).map_or(0, adjusted);
                out.push((s, s * u32::from(*h)));
            }
            Round::Played { halves: None, .. } => {}
            _ => {
                let before = p.halves_after(k);
                let got = r.halves();
                let later = (n.saturating_sub(k + 1)) as u32;
                let s = before + (2 - got.min(2)) + later;
                out.push((s, s * got));
            }
        }
    }
    out
}

/// The standings of `players` after the rounds they have (running games
/// count nothing yet) in FIDE's default order: by points, Buchholz Cut-1,
/// Buchholz, Sonneborn-Berger, direct encounter, wins; players equal on
/// all share a rank, listed by pairing number.
#[must_use]
pub fn standings(players: &[Player]) -> Vec<Standing> {
    standings_by(players, &Tiebreak::DEFAULT)
}

/// The standings of `players` ranked by points, then the tie-breaks of
/// `order` in turn; direct encounter counts among the players tied on
/// points and the tie-breaks before it. Players equal on all share a
/// rank, listed by pairing number.
#[must_use]
pub fn standings_by(players: &[Player], order: &[Tiebreak]) -> Vec<Standing> {
    let n = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let mut rows: Vec<Standing> = (0..players.len())
        .map(|i| {
            let c = contributions(players, i, n);
            let buchholz: u32 = c.iter().map(|x| x.0).sum();
            let cut = c.iter().map(|x| x.0).min().unwrap_or(0);
            Standing {
                player: i,
                rank: 0,
                halves: players[i].halves(),
                buchholz_cut1: buchholz - cut,
                buchholz,
                sonneborn_berger: c.iter().map(|x| x.1).sum(),
                direct: 0,
                wins: players[i].rounds.iter().filter(|r| r.halves() == 2).count() as u32,
            }
        })
        .collect();
    let prefix = |r: &Standing, upto: usize| -> Vec<u32> {
        std::iter::once(r.halves)
            .chain(order[..upto].iter().map(|t| t.value(r)))
            .collect()
    };
    if let Some(at) = order.iter().position(|&t| t == Tiebreak::DirectEncounter) {
        // Direct encounter inside each group tied so far.
        let before = |r: &Standing| prefix(r, at);
        let mut sorted: Vec<usize> = (0..rows.len()).collect();
        sorted.sort_by_key(|&i| (std::cmp::Reverse(before(&rows[i])), i));
        let mut k = 0;
        while k < sorted.len() {
            let mut e = k + 1;
            while e < sorted.len() && before(&rows[sorted[e]]) == before(&rows[sorted[k]]) {
                e += 1;
            }
            let group = &sorted[k..e];
            if group.len() > 1 {
                let all_met = group
                    .iter()
                    .all(|&a| group.iter().all(|&b| a == b || players[a].met(b)));
                if all_met {
                    for &a in group {
                        rows[a].direct = players[a]
                            .rounds
                            .iter()
                            .filter(|r| r.opponent().is_some_and(|o| group.contains(&o)))
                            .map(|r| r.halves())
                            .sum();
                    }
                }
            }
            k = e;
        }
    }
    let key = |r: &Standing| std::cmp::Reverse(prefix(r, order.len()));
    rows.sort_by_key(|r| (key(r), r.player));
    share_ranks(&mut rows, key, |r, rank| r.rank = rank);
    rows
}

/// Ranks from 1 down `rows`, already sorted: rows equal on `key` share
/// the rank of the first of them (1, 1, 3), which `set` writes.
pub fn share_ranks<T, K: PartialEq>(
    rows: &mut [T],
    key: impl Fn(&T) -> K,
    mut set: impl FnMut(&mut T, usize),
) {
    let mut rank = 0;
    for i in 0..rows.len() {
        if i == 0 || key(&rows[i]) != key(&rows[i - 1]) {
            rank = i + 1;
        }
        set(&mut rows[i], rank);
    }
}

#[cfg(test)]
mod tests {
    use super::super::Colour::{Black, White};
    use super::*;

    /// A field of players taking part, each with the rounds listed.
    fn field<const N: usize>(rounds: [[Round; 2]; N]) -> Vec<Player> {
        rounds
            .into_iter()
            .map(|r| Player::taking_part(r.to_vec()))
            .collect()
    }

    #[test]
    fn buchholz_and_sonneborn_berger_by_hand() {
        // Four players, two rounds: 0 beats 1, 2 draws 3; 0 draws 2, 3
        // beats 1.
        let players = field([
            [Round::finished(1, White, 2), Round::finished(2, Black, 1)],
            [Round::finished(0, Black, 0), Round::finished(3, White, 0)],
            [Round::finished(3, White, 1), Round::finished(0, White, 1)],
            [Round::finished(2, Black, 1), Round::finished(1, Black, 2)],
        ]);
        let rows = standings(&players);
        let by = |p: usize| rows.iter().find(|r| r.player == p).cloned().expect("row");
        // Points (halves): 0: 3, 1: 0, 2: 2, 3: 3.
        assert_eq!(by(0).halves, 3);
        // Buchholz of 0: 1 (0) + 2 (2) = 2 halves; cut-1 drops the 0.
        assert_eq!((by(0).buchholz, by(0).buchholz_cut1), (2, 2));
        // Buchholz of 3: 2 (2) + 1 (0) = 2.
        assert_eq!(by(3).buchholz, 2);
        // SB of 0 in quarters: beat 1 (0) + drew 2 (2 halves x 1) = 2.
        assert_eq!(by(0).sonneborn_berger, 2);
        // SB of 3: drew 2 (2 x 1) + beat 1 (0) = 2. Tied with 0 on all
        // before direct encounter; they never met: by wins (one each) they
        // share first place.
        assert_eq!(by(3).sonneborn_berger, 2);
        assert_eq!((by(0).rank, by(3).rank), (1, 1));
        assert_eq!(by(2).rank, 3);
        assert_eq!(by(1).rank, 4);
    }

    #[test]
    fn a_bye_counts_a_virtual_opponent() {
        // Round 1 of two: 0 gets the bye (1 point). Virtual opponent:
        // 0 before + (1 - 1) + 0.5 x (2 - 1) = half a point = 1 half.
        let players = field([
            [Round::PairingBye, Round::finished(1, White, 0)],
            [Round::ZeroBye, Round::finished(0, Black, 2)],
        ]);
        let rows = standings(&players);
        let by = |p: usize| rows.iter().find(|r| r.player == p).cloned().expect("row");
        // 0: virtual 1 half + opponent 1 (unplayed round as a draw: 1,
        // plus the win: 2) = 3 halves.
        assert_eq!(by(0).buchholz, 1 + 3);
        // 0's SB: the bye's point times the virtual opponent: 2 x 1.
        assert_eq!(by(0).sonneborn_berger, 2);
        // 1's zero-point round: virtual 0 + 2 + 1 = 3 halves; SB 0 from it.
        assert_eq!(by(1).buchholz, 3 + 1);
        assert_eq!(by(0).wins, 1);
    }

    #[test]
    fn direct_encounter_decides_when_all_tied_players_met() {
        // 0 beat 1 and lost to 2... two players tied on everything before,
        // who met: the winner of their game is ahead.
        let players = field([
            [Round::finished(1, White, 2), Round::finished(2, Black, 0)],
            [Round::finished(0, Black, 0), Round::finished(3, White, 2)],
            [Round::finished(3, White, 0), Round::finished(0, White, 2)],
            [Round::finished(2, Black, 2), Round::finished(1, Black, 0)],
        ]);
        let rows = standings(&players);
        // Everyone has one point and Buchholz 4 halves; SB: each beat a
        // one-point player: 2 x 2 = 4 quarters. 0-1 met (0 won), 2-3 met
        // (3 won), but the group of four did not all meet: direct 0.
        assert!(rows.iter().all(|r| r.halves == 2 && r.direct == 0));
        assert!(rows.iter().all(|r| r.rank == 1));
    }

    #[test]
    fn the_creators_order_ranks_and_unknown_names_are_refused() {
        assert_eq!(
            Tiebreak::parse_order("").unwrap(),
            Tiebreak::DEFAULT.to_vec()
        );
        assert_eq!(
            Tiebreak::parse_order("SB, wins,sb").unwrap(),
            vec![Tiebreak::SonnebornBerger, Tiebreak::Wins]
        );
        assert_eq!(Tiebreak::parse_order("bh1,koya"), Err("koya".to_string()));
        assert_eq!(Tiebreak::codes(&Tiebreak::DEFAULT), "bh1,bh,sb,de,wins");
        // Round 1: 0 beats 1, 3 beats 2. Round 2: 2 beats 0, 1 and 3 draw.
        let players = field([
            [Round::finished(1, White, 2), Round::finished(2, Black, 0)],
            [Round::finished(0, Black, 0), Round::finished(3, White, 1)],
            [Round::finished(3, White, 0), Round::finished(0, White, 2)],
            [Round::finished(2, Black, 2), Round::finished(1, Black, 1)],
        ]);
        // Points (halves): 0: 2, 1: 1, 2: 2, 3: 3. Among 0 and 2 (two
        // halves each): 0 has one win, 2 one win; Buchholz of 0: 1 + 2 = 3,
        // of 2: 3 + 2 = 5. By Buchholz 2 is ahead; by direct encounter
        // first, 2 (who beat 0) is ahead too; by wins alone they tie.
        let rank = |order: &[Tiebreak], p: usize| {
            standings_by(&players, order)
                .iter()
                .find(|r| r.player == p)
                .map(|r| r.rank)
                .unwrap()
        };
        assert_eq!(
            (
                rank(&[Tiebreak::Buchholz], 2),
                rank(&[Tiebreak::Buchholz], 0)
            ),
            (2, 3)
        );
        assert_eq!(
            (
                rank(&[Tiebreak::DirectEncounter], 2),
                rank(&[Tiebreak::DirectEncounter], 0)
            ),
            (2, 3)
        );
        assert_eq!(
            (rank(&[Tiebreak::Wins], 2), rank(&[Tiebreak::Wins], 0)),
            (2, 2)
        );
        assert_eq!(
            standings_by(&players, &Tiebreak::DEFAULT),
            standings(&players)
        );
    }
}
