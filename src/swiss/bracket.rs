//! The Dutch system's bracket-by-bracket search, as maximum-weight
//! matchings: from the top score down, each bracket (the players moved
//! down to it and its score group) is paired by a matching of every
//! player still unpaired, whose edge weights rank the quality criteria of
//! C.04.3 (2025) one strictly above the other, so the heaviest matching is
//! the best pairing the criteria allow while the rest of the round stays
//! completable. Ties are then broken as the rules' generation order does
//! (moved-down players first, then fewest and smallest exchanges, then S1
//! against the earliest S2 player), each as more weight fields below the
//! criteria: at most three matchings a bracket, all polynomial.

use super::Colour;
use super::matching::max_weight_matching;
use super::wide::{Weight, Wide};

/// What the weights need of one player.
#[derive(Clone, Debug, Default)]
pub(super) struct Facts {
    pub score: u32,
    /// May take the pairing-allocated bye (and is low enough to).
    pub bye_ok: bool,
    pub pref: Option<Colour>,
    pub absolute: bool,
    /// Colour difference beyond ±1.
    pub abs_imbalance: bool,
    pub strong: bool,
    pub imbalance: u32,
    /// The colour of the last two games when they were the same.
    pub repeated: Option<Colour>,
    pub down1: bool,
    pub up1: bool,
    pub down2: bool,
    pub up2: bool,
    pub played: u32,
}

/// A round to pair: `order` the players by score then pairing number,
/// `facts` indexed by player, `ok` whether two may meet.
pub(super) struct Field<'a> {
    pub facts: &'a [Facts],
    pub order: Vec<usize>,
    pub ok: &'a dyn Fn(usize, usize) -> bool,
    pub odd: bool,
    pub played_rounds: usize,
    /// Whether the fewest-unplayed-games rule for the bye applies.
    pub bye_score: Option<u32>,
}

fn bits(x: usize) -> usize {
    (usize::BITS - x.leading_zeros()) as usize
}

/// Weight fields from least significant up: each `level` reserves bits
/// above the ones before.
#[derive(Default)]
struct Layout {
    top: usize,
}

impl Layout {
    fn level(&mut self, width: usize) -> usize {
        let at = self.top;
        self.top += width;
        at
    }
}

/// An edge's weight as signed terms `value << position`.
type Terms = Vec<(usize, i64)>;

/// The positions of one score-indexed level: a sub-field per score.
struct ScoreLevel {
    at: Vec<(u32, usize)>,
}

impl ScoreLevel {
    fn new(layout: &mut Layout, counts: &[(u32, usize)], factor: usize) -> ScoreLevel {
        // Lower scores less significant: allocate from the lowest score.
        let mut sorted = counts.to_vec();
        sorted.sort_unstable();
        let at = sorted
            .iter()
            .map(|&(s, c)| (s, layout.level(bits(c * factor) + 1)))
            .collect();
        ScoreLevel { at }
    }

    fn of(&self, score: u32) -> Option<usize> {
        self.at.iter().find(|(s, _)| *s == score).map(|(_, p)| *p)
    }
}

/// Which players a matching must pair.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// Everyone, with the bye vertex when the round is odd.
    All,
    /// Everyone given, no bye.
    Perfect,
    /// Any of those given (the rest is paired separately).
    Partial,
}

/// Which tie-breaks a matching asks for.
enum Order<'a> {
    None,
    /// The moved-down players (best first) and the residents.
    MovedDown {
        mdp: &'a [usize],
        res: &'a [usize],
    },
    /// The remainder in order and how many pairs it has.
    Remainder {
        rem: &'a [usize],
        pairs: usize,
    },
}

struct Bracket<'a> {
    field: &'a Field<'a>,
    /// Position of each player in `order`.
    rank: Vec<usize>,
    in_b: Vec<bool>,
    in_n: Vec<bool>,
    c9: bool,
    /// Whether the next bracket's bye rule looks at who this bracket's
    /// matching leaves to float: then the next group must be matched as
    /// the criteria want, not just completed.
    next_c9: bool,
}

const NO: usize = usize::MAX;

impl Bracket<'_> {
    /// Builds every edge's terms among `live` (plus the bye vertex when
    /// odd) and solves; returns the mate of each live position.
    fn solve(&self, live: &[usize], order: &Order<'_>) -> Option<Vec<usize>> {
        // The weights only rank pairs inside this bracket and the next
        // score group; everyone below only has to stay pairable. So first
        // pair the bracket alone when it can pair completely (the top
        // criterion: then every best pairing does so), else just the two
        // groups; keep that when the rest (with the bye) can still be
        // paired; else match everyone at once.
        if !self.c9 {
            let only_b: Vec<usize> = live.iter().copied().filter(|&p| self.in_b[p]).collect();
            if !self.next_c9
                && only_b.len().is_multiple_of(2)
                && only_b.len() < live.len()
                && let Some(m) = self.weigh_and_match(&only_b, order, Scope::Perfect)
                && let Some(all) = self.with_rest(live, &only_b, &m)
            {
                return Some(all);
            }
            let sub: Vec<usize> = live
                .iter()
                .copied()
                .filter(|&p| self.in_b[p] || self.in_n[p])
                .collect();
            if sub.len() < live.len()
                && let Some(m) = self.weigh_and_match(&sub, order, Scope::Partial)
                && let Some(all) = self.with_rest(live, &sub, &m)
            {
                return Some(all);
            }
        }
        self.weigh_and_match(live, order, Scope::All)
    }

    /// A matching of `sub` (mates `m`) completed by pairing everyone else
    /// (and the bye); `None` when they cannot be.
    fn with_rest(&self, live: &[usize], sub: &[usize], m: &[usize]) -> Option<Vec<usize>> {
        let mut mate = vec![NO; self.rank.len()];
        for (k, &p) in sub.iter().enumerate() {
            mate[p] = m[k];
        }
        let left: Vec<usize> = live.iter().copied().filter(|&p| mate[p] == NO).collect();
        for (p, q) in complete(self.field, &left)? {
            mate[p] = q;
            if q != NO {
                mate[q] = p;
            }
        }
        Some(live.iter().map(|&p| mate[p]).collect())
    }

    /// The weights of every pair among `live` and the heaviest matching in
    /// `scope`. Returns each one's mate (`NO` for the bye or none).
    fn weigh_and_match(
        &self,
        live: &[usize],
        order: &Order<'_>,
        scope: Scope,
    ) -> Option<Vec<usize>> {
        let full = scope != Scope::Partial;
        let f = self.field;
        let with_bye = scope == Scope::All && f.odd;
        let v = live.len() + usize::from(with_bye);
        let edges_max = v / 2 + 1;
        let cnt = bits(edges_max) + 1;
        let mut lay = Layout::default();
        let count = |set: &dyn Fn(usize) -> bool| -> Vec<(u32, usize)> {
            let mut c: Vec<(u32, usize)> = Vec::new();
            for &p in live {
                if set(p) {
                    let s = f.facts[p].score;
                    match c.iter_mut().find(|(x, _)| *x == s) {
                        Some(e) => e.1 += 1,
                        None => c.push((s, 1)),
                    }
                }
            }
            c
        };
        let b_counts = count(&|p| self.in_b[p]);
        let bn_counts = count(&|p| self.in_b[p] || self.in_n[p]);
        // Tie-break fields, least significant first.
        let mut ord_at: Vec<usize> = Vec::new();
        let (mut o1, mut o3a, mut o3b, mut o3c, mut o3d) = (0, 0, 0, 0, 0);
        match order {
            Order::None => {}
            Order::MovedDown { mdp, res } => {
                let w = bits(res.len() + 1) + 1;
                ord_at = (0..mdp.len()).map(|_| lay.level(w)).collect();
                ord_at.reverse();
                o1 = lay.level(mdp.len() + 1);
            }
            Order::Remainder { rem, pairs } => {
                let w = bits(rem.len() + 1) + 1;
                ord_at = (0..rem.len()).map(|_| lay.level(w)).collect();
                ord_at.reverse();
                o3d = lay.level(rem.len() - pairs + 2);
                o3c = lay.level(pairs + 2);
                o3b = lay.level(bits(rem.len() * edges_max) + 2);
                o3a = lay.level(cnt);
            }
        }
        let played = f.played_rounds;
        let (mut fl, mut fl_score) = (Vec::new(), Vec::new());
        if played >= 1 {
            // Least significant first: the two-rounds-back score levels,
            // then last round's, then the counts.
            let mut levels = Vec::new();
            for back in [2, 1] {
                if played >= back {
                    let up = ScoreLevel::new(&mut lay, &b_counts, 1);
                    let down = ScoreLevel::new(&mut lay, &b_counts, 2);
                    levels.push((back, down, up));
                }
            }
            fl_score = levels;
            for back in [2, 1] {
                if played >= back {
                    let up = lay.level(cnt);
                    let down = lay.level(cnt + 1);
                    fl.push((back, down, up));
                }
            }
        }
        let colour: Vec<usize> = (0..4).map(|_| lay.level(cnt)).collect();
        let c9 = lay.level(bits(played + 1) + bits(edges_max) + 1);
        let scores_next = ScoreLevel::new(&mut lay, &bn_counts, 1);
        let pairs_next = lay.level(cnt);
        let scores_cur = ScoreLevel::new(&mut lay, &b_counts, 1);
        let pairs_cur = lay.level(cnt);
        let exist = lay.level(cnt + 1);

        let index = |list: &[usize]| {
            let mut at = vec![NO; self.rank.len()];
            for (k, &p) in list.iter().enumerate() {
                at[p] = k;
            }
            at
        };
        let (first, second) = match order {
            Order::None => (Vec::new(), Vec::new()),
            Order::MovedDown { mdp, res } => (index(mdp), index(res)),
            Order::Remainder { rem, .. } => (index(rem), Vec::new()),
        };
        let pos_in = |at: &[usize], p: usize| at.get(p).copied().filter(|&k| k != NO);
        let mut edges: Vec<(usize, usize, Terms)> = Vec::new();
        for x in 0..live.len() {
            for y in x + 1..live.len() {
                let (mut h, mut l) = (live[x], live[y]);
                if self.rank[h] > self.rank[l] {
                    std::mem::swap(&mut h, &mut l);
                }
                if !(f.ok)(h, l) {
                    continue;
                }
                let (fh, fll) = (&f.facts[h], &f.facts[l]);
                let mut t: Terms = if full { vec![(exist, 1)] } else { Vec::new() };
                let cur = self.in_b[l];
                if cur {
                    t.push((pairs_cur, 1));
                    if let Some(p) = scores_cur.of(fh.score) {
                        t.push((p, 1));
                    }
                }
                if self.in_n[l] {
                    t.push((pairs_next, 1));
                    if let Some(p) = scores_next.of(fh.score) {
                        t.push((p, 1));
                    }
                }
                if cur {
                    let bits4 = colour_bits(fh, fll);
                    for (k, ok) in bits4.iter().enumerate() {
                        if *ok {
                            t.push((colour[3 - k], 1));
                        }
                    }
                    let higher = fh.score > fll.score;
                    for (back, down, up) in &fl {
                        let (dl, dh, ul) = if *back == 1 {
                            (fll.down1, fh.down1, fll.up1)
                        } else {
                            (fll.down2, fh.down2, fll.up2)
                        };
                        let d = i64::from(dl) + i64::from(fh.score <= fll.score && dh);
                        t.push((*down, d));
                        t.push((*up, i64::from(!(higher && ul))));
                    }
                    for (back, down, up) in &fl_score {
                        let (dl, dh, ul) = if *back == 1 {
                            (fll.down1, fh.down1, fll.up1)
                        } else {
                            (fll.down2, fh.down2, fll.up2)
                        };
                        if dl && let Some(p) = down.of(fll.score) {
                            t.push((p, 1));
                        }
                        if dh && let Some(p) = down.of(fh.score) {
                            t.push((p, 1));
                        }
                        if !(higher && ul)
                            && let Some(p) = up.of(fh.score)
                        {
                            t.push((p, 1));
                        }
                    }
                }
                match order {
                    Order::None => {}
                    Order::MovedDown { mdp, res } => {
                        if let (Some(i), Some(j)) = (pos_in(&first, h), pos_in(&second, l)) {
                            t.push((o1 + (mdp.len() - 1 - i), 1));
                            t.push((ord_at[i], (res.len() - j) as i64));
                        }
                    }
                    Order::Remainder { rem, pairs } => {
                        if let (Some(a), Some(b)) = (pos_in(&first, h), pos_in(&first, l)) {
                            let (a, b) = (a.min(b), a.max(b));
                            let r = rem.len();
                            if a < *pairs {
                                t.push((o3a, 1));
                                t.push((o3c + a, -1));
                            } else {
                                t.push((o3d + (r - 1 - a), 1));
                            }
                            t.push((o3b, (r - a) as i64));
                            t.push((ord_at[a], (r - b) as i64));
                        }
                    }
                }
                edges.push((x, y, t));
            }
            if with_bye && f.facts[live[x]].bye_ok {
                let mut t: Terms = vec![(exist, 1)];
                if self.c9 {
                    t.push((c9, i64::from(f.facts[live[x]].played)));
                }
                edges.push((x, live.len(), t));
            }
        }
        let total = lay.top + 2;
        let mate = match total.div_ceil(64) {
            0..=2 => run::<2>(v, &edges, full),
            3 => run::<3>(v, &edges, full),
            4 => run::<4>(v, &edges, full),
            5..=6 => run::<6>(v, &edges, full),
            7..=8 => run::<8>(v, &edges, full),
            9..=12 => run::<12>(v, &edges, full),
            13..=16 => run::<16>(v, &edges, full),
            17..=24 => run::<24>(v, &edges, full),
            25..=32 => run::<32>(v, &edges, full),
            _ => run::<64>(v, &edges, full),
        };
        if full && mate.iter().any(Option::is_none) {
            return None;
        }
        Some(
            mate.iter()
                .map(|m| m.map_or(NO, |y| if y < live.len() { live[y] } else { NO }))
                .collect(),
        )
    }
}

fn run<const N: usize>(
    v: usize,
    edges: &[(usize, usize, Terms)],
    full: bool,
) -> Vec<Option<usize>> {
    let wide: Vec<(usize, usize, Wide<N>)> = edges
        .iter()
        .map(|(x, y, terms)| {
            let mut w = Wide::<N>::ZERO;
            for &(at, val) in terms {
                let part = Wide::<N>::from_u64(val.unsigned_abs()).shifted(at);
                if val < 0 {
                    w -= part;
                } else {
                    w += part;
                }
            }
            (*x, *y, w)
        })
        .collect();
    max_weight_matching(v, &wide, full)
}

/// Pairs `left` (in ranking order) with the bye when the round is odd:
/// greedily first, exactly when greedy fails. `None` when impossible.
fn complete(field: &Field<'_>, left: &[usize]) -> Option<Vec<(usize, usize)>> {
    let mut open: Vec<usize> = left.to_vec();
    let mut out = Vec::new();
    let mut greedy = true;
    while let Some(p) = open.first().copied() {
        open.remove(0);
        if let Some(k) = open.iter().position(|&q| (field.ok)(p, q)) {
            out.push((p, open.remove(k)));
        } else if field.odd && field.facts[p].bye_ok && !out.iter().any(|&(_, q)| q == NO) {
            out.push((p, NO));
        } else {
            greedy = false;
            break;
        }
    }
    if greedy && (!field.odd || out.iter().any(|&(_, q)| q == NO)) {
        return Some(out);
    }
    let n = left.len();
    let mut edges: Vec<(usize, usize, i128)> = Vec::new();
    for x in 0..n {
        for y in x + 1..n {
            if (field.ok)(left[x], left[y]) {
                edges.push((x, y, 1));
            }
        }
        if field.odd && field.facts[left[x]].bye_ok {
            edges.push((x, n, 1));
        }
    }
    let v = n + usize::from(field.odd);
    let mate = max_weight_matching(v, &edges, true);
    if mate.iter().any(Option::is_none) {
        return None;
    }
    Some(
        (0..n)
            .filter_map(|x| {
                let y = mate[x]?;
                if y == n {
                    Some((left[x], NO))
                } else if x < y {
                    Some((left[x], left[y]))
                } else {
                    None
                }
            })
            .collect(),
    )
}

/// The four colour criteria of a pair, most important first, each true
/// when the pair keeps it: no two absolute colour imbalances clash; no
/// two absolute preferences clash (unless the one repeating a colour
/// gets the other); both preferences met; no strong preference given up.
fn colour_bits(p: &Facts, o: &Facts) -> [bool; 4] {
    let differ = p.pref != o.pref;
    let c1 = !p.abs_imbalance || !o.abs_imbalance || differ;
    let c2 = !p.absolute
        || !o.absolute
        || differ
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let lower = if p.imbalance > o.imbalance { o } else { p };
            lower.repeated != p.pref.map(Colour::other)
        };
    let c3 = p.pref.is_none() || o.pref.is_none() || differ;
    let c4 = (!p.strong && !p.absolute)
        || (!o.strong && !o.absolute)
        || (p.absolute && o.absolute)
        || differ;
    [c1, c2, c3, c4]
}

/// A round's pairs and its bye.
pub(super) type Paired = (Vec<(usize, usize)>, Option<usize>);

/// Pairs the whole round; `None` when no complete pairing exists. Returns
/// the pairs and the bye.
pub(super) fn pair_all(field: &Field<'_>) -> Option<Paired> {
    let n = field.facts.len();
    let mut rank = vec![NO; n];
    for (k, &p) in field.order.iter().enumerate() {
        rank[p] = k;
    }
    let mut done = vec![false; n];
    let mut pairs = Vec::new();
    let mut carried: Vec<usize> = Vec::new();
    let groups: Vec<Vec<usize>> = {
        let mut g: Vec<Vec<usize>> = Vec::new();
        for &p in &field.order {
            match g.last_mut() {
                Some(last) if field.facts[last[0]].score == field.facts[p].score => last.push(p),
                _ => g.push(vec![p]),
            }
        }
        g
    };
    let mut last_mate: Vec<usize> = Vec::new();
    let mut last_live: Vec<usize> = Vec::new();
    for (gi, group) in groups.iter().enumerate() {
        let mut in_b = vec![false; n];
        let mut in_n = vec![false; n];
        for &p in carried.iter().chain(group) {
            in_b[p] = true;
        }
        if let Some(next) = groups.get(gi + 1) {
            for &p in next {
                in_n[p] = true;
            }
        }
        let score = field.facts[group[0]].score;
        let br = Bracket {
            field,
            rank: rank.clone(),
            in_b,
            in_n,
            next_c9: groups.get(gi + 1).is_some_and(|g| {
                field
                    .bye_score
                    .is_some_and(|s| s >= field.facts[g[0]].score)
            }),
            c9: field.bye_score.is_some_and(|s| s >= score) && {
                // Only when the bye would be the bracket's single
                // downfloater: nobody in it was left (by the last
                // matching) to pair below its score.
                if gi == 0 {
                    groups.len() == 1
                } else {
                    carried.iter().chain(group).all(|&p| {
                        let k = last_live.iter().position(|&x| x == p);
                        let q = k.map_or(NO, |k| last_mate[k]);
                        q == NO || field.facts[q].score >= score
                    })
                }
            },
        };
        let live = |done: &[bool]| -> Vec<usize> {
            field.order.iter().copied().filter(|&p| !done[p]).collect()
        };
        let l1 = live(&done);
        let m1 = br.solve(&l1, &Order::None)?;
        let mate_of = |live: &[usize], m: &[usize], p: usize| -> usize {
            live.iter().position(|&x| x == p).map_or(NO, |k| m[k])
        };
        let res: Vec<usize> = group.clone();
        let (mut l_cur, mut m_cur) = (l1, m1);
        if carried
            .iter()
            .any(|&p| res.contains(&mate_of(&l_cur, &m_cur, p)))
        {
            let l2 = l_cur.clone();
            let m2 = br.solve(
                &l2,
                &Order::MovedDown {
                    mdp: &carried,
                    res: &res,
                },
            )?;
            for &p in &carried {
                let q = mate_of(&l2, &m2, p);
                if q != NO && res.contains(&q) {
                    done[p] = true;
                    done[q] = true;
                    pairs.push((p, q));
                }
            }
            l_cur = live(&done);
            m_cur = l_cur.iter().map(|&p| mate_of(&l2, &m2, p)).collect();
        }
        let rem: Vec<usize> = res.iter().copied().filter(|&p| !done[p]).collect();
        let rp = rem
            .iter()
            .filter(|&&p| {
                let q = mate_of(&l_cur, &m_cur, p);
                q != NO && rem.contains(&q) && rank[q] < rank[p]
            })
            .count();
        if rp > 0 {
            let l3 = l_cur.clone();
            let m3 = br.solve(
                &l3,
                &Order::Remainder {
                    rem: &rem,
                    pairs: rp,
                },
            )?;
            for &p in &rem {
                let q = mate_of(&l3, &m3, p);
                if q != NO && rem.contains(&q) && rank[p] < rank[q] {
                    done[p] = true;
                    done[q] = true;
                    pairs.push((p, q));
                }
            }
            l_cur = live(&done);
            m_cur = l_cur.iter().map(|&p| mate_of(&l3, &m3, p)).collect();
        }
        carried = carried
            .iter()
            .chain(group)
            .copied()
            .filter(|&p| !done[p])
            .collect();
        last_live = l_cur;
        last_mate = m_cur;
    }
    // Whatever is left (players moved down past the last score group, or
    // the bye) keeps the last matching.
    let mut bye = None;
    for (k, &p) in last_live.iter().enumerate() {
        if done[p] {
            continue;
        }
        let q = last_mate.get(k).copied().unwrap_or(NO);
        if q == NO {
            if bye.replace(p).is_some() {
                return None;
            }
        } else if !done[q] {
            done[p] = true;
            done[q] = true;
            pairs.push((p, q));
        }
    }
    Some((pairs, bye))
}
