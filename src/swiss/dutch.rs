//! The FIDE Dutch system (C.04.3) for pairing the next round of a Swiss:
//! the absolute criteria as hard limits on who may meet, the quality
//! criteria as edge weights of a maximum-weight matching (Edmonds'
//! blossom algorithm, `matching.rs`), solved bracket by bracket from the
//! top score down, and the colours by the Dutch allocation rules.
//!
//! Absolute criteria: no two players meet twice (C1); nobody gets the
//! pairing-allocated bye twice, nor after a point without playing (C2);
//! two players with the same absolute colour preference never meet,
//! except topscorers in the last round (C3); the whole round is paired
//! (C4: the matching has the most pairs the criteria allow, so a bracket
//! never takes a pairing that strands the players below it).
//!
//! Quality criteria, in this priority per bracket: the most pairs inside
//! the bracket (fewest downfloaters), the bye to the lowest score and then
//! the lowest-ranked eligible player, the highest scores among the paired
//! (the downfloaters' scores as low as possible), colour preferences met,
//! strong ones first, no downfloat or upfloat repeated from the last two
//! rounds, the lowest-ranked player the one who floats, and the pairing
//! closest to the Dutch order (S1 against S2, downfloaters against the
//! highest residents).

use super::matching::{Edge, max_weight_matching};
use super::{Colour, Player, Round, Strength, preference};

/// The pairing of one round: games as `(white, black)` and the player
/// given the pairing-allocated bye, as indexes into the players.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pairing {
    pub games: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why a round could not be paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Fewer than two players take part.
    #[error("fewer than two players left to pair")]
    TooFew,
    /// No pairing satisfies the absolute criteria (every pair left has
    /// met, or the colours forbid it).
    #[error("no pairing satisfies the absolute criteria")]
    Impossible,
}

/// A float in one round: paired against a lower (down) or higher (up)
/// score, or the bye and forfeit wins (down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Float {
    None,
    Down,
    Up,
}

/// The float of player `i` in round `r` (1-based).
#[must_use]
pub fn float_in(players: &[Player], i: usize, r: usize) -> Float {
    let Some(round) = r.checked_sub(1).and_then(|k| players[i].rounds.get(k)) else {
        return Float::None;
    };
    match round {
        Round::PairingBye | Round::Forfeit { won: true, .. } => Float::Down,
        Round::ZeroBye => Float::None,
        Round::Played { opponent, .. } | Round::Forfeit { opponent, .. } => {
            let me = players[i].halves_after(r - 1);
            let them = players.get(*opponent).map_or(me, |o| o.halves_after(r - 1));
            match me.cmp(&them) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
    }
}

/// The round being paired: one after the longest history.
#[must_use]
pub fn next_round(players: &[Player]) -> usize {
    players.iter().map(|p| p.rounds.len()).max().unwrap_or(0) + 1
}

/// Whether `i` is a topscorer when round `round` of `total` is paired:
/// only in the last round, more than half the points possible so far.
#[must_use]
pub fn topscorer(players: &[Player], i: usize, round: usize, total: usize) -> bool {
    round >= total && players[i].halves() as usize > round.saturating_sub(1)
}

/// Whether `a` and `b` may meet in round `round` of `total` (C1, C3).
#[must_use]
pub fn compatible(players: &[Player], a: usize, b: usize, round: usize, total: usize) -> bool {
    if a == b || players[a].met(b) || players[b].met(a) {
        return false;
    }
    let (pa, pb) = (preference(&players[a]), preference(&players[b]));
    let clash = pa.strength == Strength::Absolute
        && pb.strength == Strength::Absolute
        && pa.colour == pb.colour;
    !clash || topscorer(players, a, round, total) || topscorer(players, b, round, total)
}

/// What the weights ask of each player, computed once per round.
struct Facts {
    halves: Vec<u32>,
    prefs: Vec<super::Preference>,
    met: Vec<Vec<bool>>,
    top: Vec<bool>,
    down1: Vec<bool>,
    up1: Vec<bool>,
    down2: Vec<bool>,
    up2: Vec<bool>,
}

impl Facts {
    fn new(players: &[Player], round: usize, total: usize) -> Facts {
        let n = players.len();
        let mut met = vec![vec![false; n]; n];
        for (i, p) in players.iter().enumerate() {
            for r in &p.rounds {
                if let Some(o) = r.opponent().filter(|&o| o < n) {
                    met[i][o] = true;
                    met[o][i] = true;
                }
            }
        }
        let fl = |back: usize, want: Float| -> Vec<bool> {
            (0..n)
                .map(|i| round > back && float_in(players, i, round - back) == want)
                .collect()
        };
        Facts {
            halves: players.iter().map(Player::halves).collect(),
            prefs: players.iter().map(preference).collect(),
            met,
            top: (0..n)
                .map(|i| topscorer(players, i, round, total))
                .collect(),
            down1: fl(1, Float::Down),
            up1: fl(1, Float::Up),
            down2: fl(2, Float::Down),
            up2: fl(2, Float::Up),
        }
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        if a == b || self.met[a][b] {
            return false;
        }
        let (pa, pb) = (self.prefs[a], self.prefs[b]);
        let clash = pa.strength == Strength::Absolute
            && pb.strength == Strength::Absolute
            && pa.colour == pb.colour;
        !clash || self.top[a] || self.top[b]
    }
}

/// Bits of each weight level, lowest last: their sum stays far below
/// 127, and each level's total over a round of 200 players fits its bits.
const LEVELS: [u32; 9] = [7, 14, 14, 7, 7, 8, 8, 16, 16];

fn weight(digits: [i128; 9]) -> i128 {
    let mut w: i128 = 0;
    for (d, bits) in digits.iter().zip(LEVELS) {
        w = (w << bits) + d;
    }
    w
}

/// Pairs round `next_round(players)` of a Swiss of `total` rounds among
/// the active players (indexes in initial order), by the Dutch system.
///
/// # Errors
/// [`PairingError::TooFew`] with fewer than two active players;
/// [`PairingError::Impossible`] when the absolute criteria leave no
/// complete pairing.
pub fn pair(players: &[Player], total: usize) -> Result<Pairing, PairingError> {
    let round = next_round(players);
    let mut order: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    if order.len() < 2 {
        return Err(PairingError::TooFew);
    }
    order.sort_by_key(|&i| (std::cmp::Reverse(players[i].halves()), i));
    if order
        .iter()
        .all(|&i| players[i].rounds.iter().all(|r| *r == Round::ZeroBye))
    {
        return Ok(first_round(players, &order));
    }
    let odd = order.len() % 2 == 1;
    let facts = Facts::new(players, round, total);
    let max_halves = order
        .iter()
        .map(|&i| players[i].halves())
        .max()
        .unwrap_or(0);
    let mut scores: Vec<u32> = order.iter().map(|&i| players[i].halves()).collect();
    scores.dedup();
    let mut paired = vec![false; players.len()];
    let mut carried: Vec<usize> = Vec::new();
    let mut out = Pairing::default();
    for (g, &score) in scores.iter().enumerate() {
        let last = g + 1 == scores.len();
        let mut bracket = carried.clone();
        bracket.extend(
            order
                .iter()
                .copied()
                .filter(|&i| !paired[i] && players[i].halves() == score),
        );
        if bracket.is_empty() {
            continue;
        }
        let rest: Vec<usize> = order.iter().copied().filter(|&i| !paired[i]).collect();
        let ctx = Bracket::new(&facts, players.len(), &bracket, max_halves);
        let mate = match_rest(players, &ctx, &rest, odd)?;
        carried.clear();
        for &a in &bracket {
            match mate(a) {
                Some(Some(b)) if ctx.pos(b).is_some() => {
                    if !paired[a] && !paired[b] {
                        paired[a] = true;
                        paired[b] = true;
                        out.games.push(colours(players, a, b));
                    }
                }
                Some(None) if last => {
                    paired[a] = true;
                    out.bye = Some(a);
                }
                _ => carried.push(a),
            }
        }
        if last && !carried.is_empty() {
            return Err(PairingError::Impossible);
        }
    }
    // Games listed from the top board: the higher score, then the higher
    // ranked player, first.
    out.games.sort_by_key(|&(w, b)| {
        let (hi, lo) = ranked(players, w, b);
        (
            std::cmp::Reverse(players[hi].halves() + players[lo].halves()),
            std::cmp::Reverse(players[hi].halves()),
            hi,
        )
    });
    Ok(out)
}

/// A first pairing, where nobody has met anyone, has a colour or a score:
/// the lowest-ranked player gets the bye, then the top half meets the
/// bottom half in order (what the matching finds too, without building
/// it).
fn first_round(players: &[Player], order: &[usize]) -> Pairing {
    let mut order = order.to_vec();
    let bye = if order.len() % 2 == 1 {
        order.pop()
    } else {
        None
    };
    let half = order.len() / 2;
    let games = (0..half)
        .map(|k| colours(players, order[k], order[half + k]))
        .collect();
    Pairing { games, bye }
}

/// `(higher, lower)` ranked of two players: more points, then the lower
/// pairing number.
fn ranked(players: &[Player], a: usize, b: usize) -> (usize, usize) {
    if (std::cmp::Reverse(players[a].halves()), a) < (std::cmp::Reverse(players[b].halves()), b) {
        (a, b)
    } else {
        (b, a)
    }
}

/// The bracket being paired and what its weights need.
struct Bracket<'a> {
    facts: &'a Facts,
    members: &'a [usize],
    /// Each player's position in the bracket.
    at: Vec<Option<usize>>,
    max_halves: u32,
    /// The Dutch default partner of each member's position.
    ideal: Vec<Option<usize>>,
}

impl<'a> Bracket<'a> {
    fn new(facts: &'a Facts, players: usize, members: &'a [usize], max_halves: u32) -> Self {
        let n = members.len();
        let resident = facts.halves[members[n - 1]];
        // Downfloaters from above (more points than the residents) meet
        // the highest residents in order; the rest, top half against
        // bottom half.
        let m = members
            .iter()
            .filter(|&&i| facts.halves[i] > resident)
            .count()
            .min(n / 2);
        let mut ideal = vec![None; n];
        for i in 0..m {
            ideal[i] = Some(m + i);
            ideal[m + i] = Some(i);
        }
        let rest = n - 2 * m;
        let h = rest / 2;
        for i in 0..h {
            let (a, b) = (2 * m + i, 2 * m + h + i);
            ideal[a] = Some(b);
            ideal[b] = Some(a);
        }
        let mut at = vec![None; players];
        for (k, &i) in members.iter().enumerate() {
            at[i] = Some(k);
        }
        Bracket {
            facts,
            members,
            at,
            max_halves,
            ideal,
        }
    }

    fn pos(&self, i: usize) -> Option<usize> {
        self.at[i]
    }

    fn edge(&self, a: usize, b: usize) -> i128 {
        let (Some(pa), Some(pb)) = (self.pos(a), self.pos(b)) else {
            return 0;
        };
        let f = self.facts;
        let n = self.members.len() as i128;
        let (ca, cb) = (f.prefs[a], f.prefs[b]);
        let clash = ca.colour.is_some() && ca.colour == cb.colour;
        let strong = clash && ca.strength.min(cb.strength) >= Strength::Strong;
        let (hi, lo) = if (std::cmp::Reverse(f.halves[a]), a) < (std::cmp::Reverse(f.halves[b]), b)
        {
            (a, b)
        } else {
            (b, a)
        };
        let floats = f.halves[hi] != f.halves[lo];
        let repeat = |down: &[bool], up: &[bool]| -> i128 {
            if !floats {
                return 2;
            }
            2 - i128::from(down[hi]) - i128::from(up[lo])
        };
        let distance = |x: usize, y: usize| -> i128 {
            self.ideal[x].map_or(n, |t| (t as i128 - y as i128).abs())
        };
        weight([
            1,
            0,
            i128::from(f.halves[a] + f.halves[b]),
            i128::from(!clash),
            i128::from(!strong),
            repeat(&f.down1, &f.up1),
            repeat(&f.down2, &f.up2),
            2 * n - pa as i128 - pb as i128,
            2 * n - distance(pa, pb) - distance(pb, pa),
        ])
    }

    fn bye_edge(&self, a: usize) -> i128 {
        let below = i128::from(self.max_halves.saturating_sub(self.facts.halves[a]));
        weight([0, below * 512 + (a as i128).min(511), 0, 0, 0, 0, 0, 0, 0])
    }
}

/// A maximum-cardinality, maximum-weight matching of the players not yet
/// paired (and the bye when their number is odd); `mate(a)` is then
/// `Some(Some(b))`, `Some(None)` for the bye. Fails when not everyone can
/// be paired.
fn match_rest(
    players: &[Player],
    ctx: &Bracket<'_>,
    rest: &[usize],
    odd: bool,
) -> Result<impl Fn(usize) -> Option<Option<usize>>, PairingError> {
    let n = rest.len();
    let bye = n;
    let mut edges: Vec<Edge> = Vec::new();
    for x in 0..n {
        for y in x + 1..n {
            let (a, b) = (rest[x], rest[y]);
            if ctx.facts.compatible(a, b) {
                edges.push((x, y, ctx.edge(a, b)));
            }
        }
        if odd && players[rest[x]].may_get_bye() {
            edges.push((x, bye, ctx.bye_edge(rest[x])));
        }
    }
    let vertices = n + usize::from(odd);
    let mate = max_weight_matching(vertices, &edges, true);
    if mate.iter().any(Option::is_none) {
        return Err(PairingError::Impossible);
    }
    let rest = rest.to_vec();
    Ok(move |a: usize| {
        let x = rest.iter().position(|&r| r == a)?;
        let y = mate[x]?;
        Some(rest.get(y).copied())
    })
}

/// The colours of a pair by the Dutch allocation rules (E.1-E.5): both
/// preferences when they differ; else the stronger one (of two absolute
/// ones, the wider colour difference); else alternate from the last round
/// the two had different colours; else the higher ranked player's
/// preference; else the initial colour (white) to the higher ranked player
/// with an odd pairing number. Returns `(white, black)`.
#[must_use]
pub fn colours(players: &[Player], a: usize, b: usize) -> (usize, usize) {
    let (hi, lo) = ranked(players, a, b);
    let (ph, pl) = (preference(&players[hi]), preference(&players[lo]));
    let give = |to_hi: Colour| {
        if to_hi == Colour::White {
            (hi, lo)
        } else {
            (lo, hi)
        }
    };
    match (ph.colour, pl.colour) {
        (Some(h), Some(l)) if h != l => return give(h),
        (Some(h), None) => return give(h),
        (None, Some(l)) => return give(l.other()),
        (None, None) => return give(initial(hi)),
        _ => {}
    }
    let Some(wanted) = ph.colour else {
        return give(initial(hi));
    };
    // Both want the same colour.
    if ph.strength != pl.strength {
        return if ph.strength > pl.strength {
            give(wanted)
        } else {
            give(wanted.other())
        };
    }
    if ph.strength == Strength::Absolute {
        let (dh, dl) = (
            players[hi].colour_difference().abs(),
            players[lo].colour_difference().abs(),
        );
        if dh != dl {
            return if dh > dl {
                give(wanted)
            } else {
                give(wanted.other())
            };
        }
    }
    let (ch, cl) = (players[hi].colours(), players[lo].colours());
    for (x, y) in ch.iter().rev().zip(cl.iter().rev()) {
        if x != y {
            return give(x.other());
        }
    }
    give(wanted)
}

/// The colour of the higher ranked player when nothing else decides: white
/// for odd pairing numbers (indexes are pairing numbers minus one).
fn initial(i: usize) -> Colour {
    if i.is_multiple_of(2) {
        Colour::White
    } else {
        Colour::Black
    }
}

#[cfg(test)]
#[path = "dutch_tests.rs"]
mod tests;
