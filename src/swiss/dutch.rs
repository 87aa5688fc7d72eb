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

use super::bracket;
use super::matching::max_weight_matching;
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
        // An unplayed round floats down when it gave a point, as the
        // engines count it; a forfeit loss or an absence does not float.
        Round::PairingBye | Round::Forfeit { won: true, .. } => Float::Down,
        Round::ZeroBye | Round::Forfeit { won: false, .. } => Float::None,
        Round::Played { opponent, .. } => {
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
    if a == b || players[a].played_against(b) || players[b].played_against(a) {
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
                if let Round::Played { opponent: o, .. } = *r
                    && o < n
                {
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

    /// What the bracket weights need of player `i`.
    fn for_weights(&self, players: &[Player], i: usize, bye_score: Option<u32>) -> bracket::Facts {
        let p = &players[i];
        let pref = self.prefs[i];
        let colours = p.colours();
        let imbalance = p.colour_difference().unsigned_abs();
        let repeated = match colours.as_slice() {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        };
        bracket::Facts {
            score: self.halves[i],
            bye_ok: p.may_get_bye() && bye_score.is_some_and(|s| self.halves[i] <= s),
            pref: pref.colour,
            absolute: pref.strength == Strength::Absolute,
            abs_imbalance: imbalance > 1,
            strong: pref.strength == Strength::Strong,
            imbalance,
            repeated,
            down1: self.down1[i],
            up1: self.up1[i],
            down2: self.down2[i],
            up2: self.up2[i],
            played: colours.len() as u32,
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

/// Pairs round `next_round(players)` of a Swiss of `total` rounds among
/// the active players (indexes in initial order), by the Dutch system.
///
/// # Errors
/// [`PairingError::TooFew`] with fewer than two active players;
/// [`PairingError::Impossible`] when the absolute criteria leave no
/// complete pairing.
pub fn pair(players: &[Player], total: usize) -> Result<Pairing, PairingError> {
    pair_with(players, total, Colour::White)
}

/// [`pair`] with the tournament's initial colour: the colour pairing
/// number 1 gets (or would get) in the first round, which decides every
/// pair the colour rules leave open (FIDE's rules draw it by lot; reports
/// give it, and engines infer it from the first round).
///
/// # Errors
/// As [`pair`].
pub fn pair_with(
    players: &[Player],
    total: usize,
    initial: Colour,
) -> Result<Pairing, PairingError> {
    let round = next_round(players);
    let draw = Draw::new(players, initial);
    let mut order: Vec<usize> = (0..players.len()).filter(|&i| players[i].active).collect();
    if order.len() < 2 {
        return Err(PairingError::TooFew);
    }
    order.sort_by_key(|&i| (std::cmp::Reverse(players[i].halves()), i));
    if order
        .iter()
        .all(|&i| players[i].rounds.iter().all(|r| *r == Round::ZeroBye))
    {
        return Ok(first_round(players, &order, &draw));
    }
    let odd = order.len() % 2 == 1;
    let facts = Facts::new(players, round, total);
    let ok = |a: usize, b: usize| facts.compatible(a, b);
    let bye_score = if odd {
        Some(lowest_bye_score(players, &order, &ok)?)
    } else {
        None
    };
    let per: Vec<bracket::Facts> = (0..players.len())
        .map(|i| facts.for_weights(players, i, bye_score))
        .collect();
    let field = bracket::Field {
        facts: &per,
        order: order.clone(),
        ok: &ok,
        odd,
        played_rounds: round - 1,
        bye_score,
    };
    let (pairs, bye) = bracket::pair_all(&field).ok_or(PairingError::Impossible)?;
    let mut out = Pairing {
        games: pairs
            .into_iter()
            .map(|(a, b)| draw.allocate(players, a, b))
            .collect(),
        bye,
    };
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
fn first_round(players: &[Player], order: &[usize], draw: &Draw) -> Pairing {
    let mut order = order.to_vec();
    let bye = if order.len() % 2 == 1 {
        order.pop()
    } else {
        None
    };
    let half = order.len() / 2;
    let games = (0..half)
        .map(|k| draw.allocate(players, order[k], order[half + k]))
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

/// The lowest score the pairing-allocated bye can go to with everyone
/// else paired (C.04.3's first criterion for the bye): one matching where
/// every pair weighs the same and the bye weighs more the lower its score.
fn lowest_bye_score(
    players: &[Player],
    order: &[usize],
    ok: &dyn Fn(usize, usize) -> bool,
) -> Result<u32, PairingError> {
    let n = order.len();
    let top = order
        .iter()
        .map(|&i| players[i].halves())
        .max()
        .unwrap_or(0);
    let mut edges: Vec<super::matching::Edge> = Vec::new();
    for x in 0..n {
        for y in x + 1..n {
            if ok(order[x], order[y]) {
                edges.push((x, y, 1 << 40));
            }
        }
        if players[order[x]].may_get_bye() {
            let below = top - players[order[x]].halves();
            edges.push((x, n, 1 + i128::from(below)));
        }
    }
    let mate = max_weight_matching(n + 1, &edges, true);
    if mate.iter().any(Option::is_none) {
        return Err(PairingError::Impossible);
    }
    let bye = mate[n].ok_or(PairingError::Impossible)?;
    Ok(players[order[bye]].halves())
}

/// The colours of a pair by the Dutch allocation rules (E.1-E.5): both
/// preferences when they differ; else the stronger one (of two absolute
/// ones, the wider colour difference); else alternate from the last round
/// the two had different colours; else the higher ranked player's
/// preference; else the initial colour (white) to the higher ranked player
/// with an odd pairing number. Returns `(white, black)`.
#[must_use]
pub fn colours(players: &[Player], a: usize, b: usize) -> (usize, usize) {
    Draw::new(players, Colour::White).allocate(players, a, b)
}

/// What decides a colour when the players' histories do not: the initial
/// colour, given by pairing-number parity. Pairing numbers here count only
/// the players who have taken part in a pairing or take part in this one
/// (a late entry not yet arrived has none), as the pairing engines count
/// them.
pub struct Draw {
    initial: Colour,
    number: Vec<usize>,
}

impl Draw {
    /// The draw for pairing the next round of `players`.
    #[must_use]
    pub fn new(players: &[Player], initial: Colour) -> Draw {
        let mut next = 0;
        let number = players
            .iter()
            .map(|p| {
                let n = next;
                if p.active || p.rounds.iter().any(|r| *r != Round::ZeroBye) {
                    next += 1;
                }
                n
            })
            .collect();
        Draw { initial, number }
    }

    /// `(white, black)` for a pair, as [`colours`] describes.
    #[must_use]
    pub fn allocate(&self, players: &[Player], a: usize, b: usize) -> (usize, usize) {
        let (hi, _) = ranked(players, a, b);
        let by_number = if self.number[hi].is_multiple_of(2) {
            self.initial
        } else {
            self.initial.other()
        };
        allocate(players, a, b, by_number)
    }
}

/// The colours of a pair; `by_number` is what the higher ranked player
/// gets when nothing else decides.
fn allocate(players: &[Player], a: usize, b: usize, by_number: Colour) -> (usize, usize) {
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
        (None, None) => return give(by_number),
        _ => {}
    }
    let Some(wanted) = ph.colour else {
        return give(by_number);
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

#[cfg(test)]
#[path = "dutch_tests.rs"]
mod tests;
