//! The arithmetic of leagues, free of I/O: the pairings of a round robin
//! (Berger tables, colours balanced) and the standings (points, games
//! played and left, and the tie-breaks of docs/RULES.md: Sonneborn-Berger,
//! then head-to-head, then number of wins).

use crate::swiss::tiebreaks::share_ranks;

/// The games of a round robin among `n` players (indexes `0..n`): each
/// pair once per cycle, as `(cycle, round, white, black)`, rounds from
/// the Berger tables (circle method: with an odd `n` one player rests each
/// round). Colours: in a single cycle every player has `(n-1)/2` whites
/// (odd `n`) or `n/2` or `n/2 - 1` (even `n`); the second cycle repeats the
/// first with colours swapped, so each player then has exactly `n - 1`.
#[must_use]
pub fn pairings(n: usize, cycles: usize) -> Vec<(usize, usize, usize, usize)> {
    let mut first = Vec::new();
    if n >= 2 {
        // Circle method over an even number of seats; seat `m - 1` is fixed.
        let m = if n.is_multiple_of(2) { n } else { n + 1 };
        for round in 0..m - 1 {
            for k in 0..m / 2 {
                let a = if k == 0 { m - 1 } else { (round + k) % (m - 1) };
                let b = (round + m - 1 - k) % (m - 1);
                if a >= n || b >= n {
                    continue; // the rest of the bye
                }
                let (lo, hi) = if a < b { (a, b) } else { (b, a) };
                // Colours by the parity of the pair: balanced for everyone.
                let (white, black) = if (lo + hi) % 2 == 1 {
                    (lo, hi)
                } else {
                    (hi, lo)
                };
                first.push((round + 1, white, black));
            }
        }
    }
    let rounds = if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    };
    let mut all = Vec::with_capacity(first.len() * cycles);
    for cycle in 1..=cycles {
        for &(round, white, black) in &first {
            if cycle % 2 == 1 {
                all.push((cycle, round, white, black));
            } else {
                all.push((cycle, round + rounds * (cycle - 1), black, white));
            }
        }
    }
    all
}

/// A game's result as the table counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    Draw,
    BlackWins,
}

impl Score {
    /// `1-0`, `1/2-1/2`, `0-1`; anything else (`*`) counts for nothing.
    #[must_use]
    pub fn from_result(result: &str) -> Option<Score> {
        match result {
            "1-0" => Some(Score::WhiteWins),
            "0-1" => Some(Score::BlackWins),
            "1/2-1/2" => Some(Score::Draw),
            _ => None,
        }
    }

    /// Half points of white and black.
    fn halves(self) -> (i64, i64) {
        match self {
            Score::WhiteWins => (2, 0),
            Score::Draw => (1, 1),
            Score::BlackWins => (0, 2),
        }
    }
}

/// A game of the table: the players' indexes and the result once played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableGame {
    pub white: usize,
    pub black: usize,
    pub score: Option<Score>,
}

/// One row of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The player's index.
    pub player: usize,
    /// From 1; players equal on every criterion share a rank.
    pub rank: usize,
    /// Points times two (a draw is 1).
    pub halves: i64,
    pub played: i64,
    pub left: i64,
    /// Sonneborn-Berger times four.
    pub sb_quarters: i64,
    /// Half points scored against the players tied on points and
    /// Sonneborn-Berger.
    pub head_to_head: i64,
    pub wins: i64,
}

impl TableRow {
    /// Points (1 a win, ½ a draw).
    #[must_use]
    pub fn points(&self) -> f64 {
        self.halves as f64 / 2.0
    }

    /// The Sonneborn-Berger score.
    #[must_use]
    pub fn tiebreak(&self) -> f64 {
        self.sb_quarters as f64 / 4.0
    }
}

/// The standings of `names.len()` players over `games` (games with a
/// player out of range are ignored): sorted by points, Sonneborn-Berger
/// (the points of the opponents a player beat, plus half those of the
/// opponents they drew, game by game), head-to-head among the players
/// still tied, number of wins, then name (for a stable order only: such
/// players share a rank).
#[must_use]
pub fn standings(names: &[String], games: &[TableGame]) -> Vec<TableRow> {
    let n = names.len();
    let games: Vec<&TableGame> = games
        .iter()
        .filter(|g| g.white < n && g.black < n && g.white != g.black)
        .collect();
    let mut rows: Vec<TableRow> = (0..n)
        .map(|player| TableRow {
            player,
            rank: 0,
            halves: 0,
            played: 0,
            left: 0,
            sb_quarters: 0,
            head_to_head: 0,
            wins: 0,
        })
        .collect();
    for g in &games {
        match g.score {
            None => {
                rows[g.white].left += 1;
                rows[g.black].left += 1;
            }
            Some(s) => {
                let (w, b) = s.halves();
                rows[g.white].halves += w;
                rows[g.black].halves += b;
                rows[g.white].played += 1;
                rows[g.black].played += 1;
                rows[g.white].wins += i64::from(w == 2);
                rows[g.black].wins += i64::from(b == 2);
            }
        }
    }
    let points: Vec<i64> = rows.iter().map(|r| r.halves).collect();
    for g in &games {
        if let Some(s) = g.score {
            let (w, b) = s.halves();
            // A win adds the opponent's points, a draw half of them.
            rows[g.white].sb_quarters += w * points[g.black];
            rows[g.black].sb_quarters += b * points[g.white];
        }
    }
    for i in 0..n {
        let tied = |j: usize| {
            rows[j].halves == rows[i].halves && rows[j].sb_quarters == rows[i].sb_quarters
        };
        let mut h2h = 0;
        for g in &games {
            if let Some(s) = g.score {
                let (w, b) = s.halves();
                if g.white == i && tied(g.black) {
                    h2h += w;
                } else if g.black == i && tied(g.white) {
                    h2h += b;
                }
            }
        }
        rows[i].head_to_head = h2h;
    }
    let key = |r: &TableRow| (-r.halves, -r.sb_quarters, -r.head_to_head, -r.wins);
    rows.sort_by(|a, b| {
        key(a)
            .cmp(&key(b))
            .then_with(|| names[a.player].cmp(&names[b.player]))
    });
    share_ranks(&mut rows, key, |r, rank| r.rank = rank);
    rows
}

/// Points written in halves: `0`, `½`, `2½`.
pub(in crate::service) fn half_points(halves: i64) -> String {
    let whole = halves / 2;
    match (halves % 2, whole) {
        (0, w) => w.to_string(),
        (_, 0) => "½".to_string(),
        (_, w) => format!("{w}½"),
    }
}

/// A tie-break written from quarter points in the notation of the
/// points beside it (fractions, never decimals): `3¼`, `2½`, `¾`, `2`.
pub(in crate::service) fn quarters(q: i64) -> String {
    let (whole, part) = (q / 4, q % 4);
    let fraction = match part {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => return whole.to_string(),
    };
    if whole == 0 {
        fraction.to_string()
    } else {
        format!("{whole}{fraction}")
    }
}

/// One row of a `standings` event.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StandingsRow {
    pub rank: i64,
    pub player: String,
    pub points: f64,
    pub played: i64,
    pub left: i64,
    pub tiebreak: f64,
    /// A Swiss's tie-breaks (the first of them is `tiebreak`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiebreaks: Option<SwissTiebreaks>,
}

/// The tie-breaks of a Swiss row, in their order.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SwissTiebreaks {
    pub buchholz_cut1: f64,
    pub buchholz: f64,
    pub sonneborn_berger: f64,
    pub direct: f64,
    pub wins: i64,
}

/// Standings as computed for a league.
pub(in crate::service) struct Table {
    pub(in crate::service) rows: Vec<StandingsRow>,
    /// Display text rows (rank, name, points, played, left, tie-break).
    pub(in crate::service) text_rows: Vec<[String; 6]>,
    pub(in crate::service) games: usize,
    pub(in crate::service) finished: usize,
}

/// The standings of `players` over `games` (annulled games and players
/// struck by a withdrawal left out).
pub(in crate::service) fn table_of(
    players: &[crate::store::LeaguePlayerRow],
    games: &[crate::store::LeagueGameRow],
) -> Table {
    let kept: Vec<&crate::store::LeaguePlayerRow> = players
        .iter()
        .filter(|p| p.withdrawal.as_deref() != Some("annulled"))
        .collect();
    let index = |id: &str| kept.iter().position(|p| p.player_id == id);
    let names: Vec<String> = kept.iter().map(|p| p.player_name.clone()).collect();
    let mut table_games = Vec::new();
    let mut finished = 0;
    let mut counted = 0;
    for g in games.iter().filter(|g| g.annulled == 0) {
        let (Some(white), Some(black)) = (index(&g.white_id), index(&g.black_id)) else {
            continue;
        };
        let score = g.result.as_deref().and_then(Score::from_result);
        counted += 1;
        if score.is_some() || g.status != crate::store::STATUS_ACTIVE {
            finished += 1;
        }
        table_games.push(TableGame {
            white,
            black,
            score,
        });
    }
    let rows = standings(&names, &table_games);
    Table {
        rows: rows
            .iter()
            .map(|r| StandingsRow {
                rank: r.rank as i64,
                player: names[r.player].clone(),
                points: r.points(),
                played: r.played,
                left: r.left,
                tiebreak: r.tiebreak(),
                tiebreaks: None,
            })
            .collect(),
        text_rows: rows
            .iter()
            .map(|r| {
                [
                    r.rank.to_string(),
                    names[r.player].clone(),
                    half_points(r.halves),
                    r.played.to_string(),
                    r.left.to_string(),
                    quarters(r.sb_quarters),
                ]
            })
            .collect(),
        games: counted,
        finished,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[allow(clippy::needless_range_loop)]
    fn check_round_robin(n: usize, cycles: usize) {
        let games = pairings(n, cycles);
        assert_eq!(games.len(), n * (n - 1) / 2 * cycles, "n={n}");
        let mut meetings = vec![vec![0usize; n]; n];
        let mut whites = vec![0i64; n];
        let mut per_round = std::collections::HashMap::new();
        for &(cycle, round, w, b) in &games {
            assert!(w < n && b < n && w != b);
            assert!((1..=cycles).contains(&cycle));
            meetings[w][b] += 1;
            whites[w] += 1;
            // Nobody plays twice in one round.
            let seen: &mut Vec<usize> = per_round.entry(round).or_default();
            assert!(
                !seen.contains(&w) && !seen.contains(&b),
                "n={n} round {round}"
            );
            seen.push(w);
            seen.push(b);
        }
        for a in 0..n {
            for b in 0..n {
                if a == b {
                    continue;
                }
                let total = meetings[a][b] + meetings[b][a];
                assert_eq!(total, cycles, "n={n}: {a} and {b} meet {total} times");
                if cycles == 2 {
                    // Once with each colour.
                    assert_eq!(meetings[a][b], 1, "n={n}: {a} white against {b}");
                }
            }
        }
        let games_each = (n as i64 - 1) * cycles as i64;
        for (p, w) in whites.iter().enumerate() {
            let blacks = games_each - w;
            assert!(
                (w - blacks).abs() <= 1,
                "n={n} cycles={cycles} player {p}: {w} whites"
            );
        }
    }

    #[test]
    fn every_pair_meets_once_with_colours_balanced() {
        for n in 3..=16 {
            check_round_robin(n, 1);
        }
    }

    #[test]
    fn double_round_robin_meets_twice_with_colours_swapped() {
        for n in 3..=16 {
            check_round_robin(n, 2);
        }
    }

    #[test]
    fn five_players_play_five_rounds_of_two_games() {
        let games = pairings(5, 1);
        assert_eq!(games.len(), 10);
        let rounds: std::collections::BTreeSet<usize> = games.iter().map(|g| g.1).collect();
        assert_eq!(rounds.len(), 5);
        let double = pairings(5, 2);
        assert_eq!(double.len(), 20);
        assert_eq!(double.iter().map(|g| g.1).max(), Some(10));
    }

    fn names(n: usize) -> Vec<String> {
        ["alice", "bob", "carol", "dave", "erin"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn g(white: usize, black: usize, score: Option<Score>) -> TableGame {
        TableGame {
            white,
            black,
            score,
        }
    }

    #[test]
    fn sonneborn_berger_by_hand() {
        use Score::*;
        // alice beats bob, draws carol; bob beats carol; dave loses to all
        // three; one game (alice-dave) not played yet.
        let games = [
            g(0, 1, Some(WhiteWins)),
            g(2, 0, Some(Draw)),
            g(1, 2, Some(WhiteWins)),
            g(3, 1, Some(BlackWins)),
            g(2, 3, Some(WhiteWins)),
            g(0, 3, None),
        ];
        let rows = standings(&names(4), &games);
        // Points: alice 1.5, bob 2, carol 1.5, dave 0.
        let by = |p: usize| rows.iter().find(|r| r.player == p).expect("row").clone();
        assert_eq!(by(0).points(), 1.5);
        assert_eq!(by(1).points(), 2.0);
        assert_eq!(by(2).points(), 1.5);
        assert_eq!(by(3).points(), 0.0);
        // SB: alice = bob 2 + carol 1.5/2 = 2.75; bob = carol 1.5 + dave 0
        // = 1.5; carol = alice 1.5/2 + dave 0 = 0.75; dave 0.
        assert_eq!(by(0).tiebreak(), 2.75);
        assert_eq!(by(1).tiebreak(), 1.5);
        assert_eq!(by(2).tiebreak(), 0.75);
        assert_eq!(by(3).tiebreak(), 0.0);
        assert_eq!((by(0).played, by(0).left), (2, 1));
        assert_eq!((by(3).played, by(3).left), (2, 1));
        let order: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![1, 0, 2, 3]);
        let ranks: Vec<usize> = rows.iter().map(|r| r.rank).collect();
        assert_eq!(ranks, vec![1, 2, 3, 4]);
    }

    #[test]
    fn head_to_head_breaks_an_equal_sonneborn_berger() {
        use Score::*;
        // A cycle of three wins: all 1 point, SB 1 each; then alice and
        // bob draw twice more with dave, carol... Simplest: two players
        // equal on points and SB, one beat the other.
        // alice beats bob; bob beats carol; carol beats alice; dave loses
        // to bob and carol, beats alice... compute: see below.
        let games = [
            g(0, 1, Some(WhiteWins)), // alice 1
            g(1, 2, Some(WhiteWins)), // bob 1
            g(2, 0, Some(WhiteWins)), // carol 1
        ];
        let rows = standings(&names(3), &games);
        // All: 1 point, SB 1 (beat someone with 1 point); head-to-head
        // among the three is 1 each; wins 1 each: a shared first place,
        // listed by name.
        assert!(rows.iter().all(|r| r.rank == 1 && r.tiebreak() == 1.0));
        let order: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![0, 1, 2]);
        // Two players tied on points and SB, one of whom won their game.
        let games = [
            g(0, 1, Some(BlackWins)), // bob beats alice
            g(0, 2, Some(WhiteWins)), // alice beats carol
            g(1, 2, Some(BlackWins)), // carol beats bob
            g(0, 3, Some(Draw)),
            g(1, 3, Some(Draw)),
            g(2, 3, Some(BlackWins)), // dave beats carol
        ];
        let rows = standings(&names(4), &games);
        // Points: alice 1.5, bob 1.5, carol 1, dave 2.
        // SB: alice = carol 1 + dave 2/2 = 2; bob = alice 1.5 + dave 1 =
        // 2.5; so bob is ahead of alice on SB already.
        let by = |p: usize| rows.iter().find(|r| r.player == p).expect("row").clone();
        assert_eq!(by(0).tiebreak(), 2.0);
        assert_eq!(by(1).tiebreak(), 2.5);
        let order: Vec<usize> = rows.iter().map(|r| r.player).collect();
        assert_eq!(order, vec![3, 1, 0, 2]);
        // Equal points and SB, decided by their own game.
        let games = [
            g(1, 0, Some(BlackWins)), // alice beats bob
            g(0, 2, Some(BlackWins)), // carol beats alice
            g(1, 2, Some(WhiteWins)), // bob beats carol
            g(3, 0, Some(Draw)),
            g(3, 1, Some(Draw)),
            g(3, 2, Some(Draw)),
        ];
        let rows = standings(&names(4), &games);
        // Everyone: alice, bob, carol 1.5 each with SB 1.5 + 0.75 = 2.25;
        // dave 1.5 with SB 0.75 * 3 = 2.25 too: all four tied, h2h: among
        // all four each has 1.5; then wins: alice, bob and carol one each
        // share first place, dave (no win) is fourth.
        assert!(rows.iter().all(|r| r.halves == 3 && r.sb_quarters == 9));
        let rank = |p: usize| rows.iter().find(|r| r.player == p).expect("row").rank;
        assert_eq!([rank(0), rank(1), rank(2), rank(3)], [1, 1, 1, 4]);
    }

    #[test]
    fn head_to_head_then_wins() {
        use Score::*;
        // alice and bob: 1 point each, SB equal (0), alice beat bob.
        let games = [g(0, 1, Some(WhiteWins)), g(1, 2, Some(WhiteWins))];
        let rows = standings(&names(3), &games);
        // alice 1 (SB: bob 1 = 1), bob 1 (SB: carol 0 = 0): SB decides.
        assert_eq!(rows[0].player, 0);
        // alice beat carol, bob beat dave; alice-bob drew; carol-dave drew.
        let games = [
            g(0, 2, Some(WhiteWins)),
            g(1, 3, Some(WhiteWins)),
            g(0, 1, Some(Draw)),
            g(2, 3, Some(Draw)),
        ];
        let rows = standings(&names(4), &games);
        // alice, bob: 1.5 points, SB 0.5 + 0.75 = 1.25 each; h2h 0.5 each;
        // wins 1 each: shared rank 1.
        assert_eq!((rows[0].rank, rows[1].rank), (1, 1));
        assert_eq!(rows[0].tiebreak(), 1.25);
        // Equal points, SB and head-to-head, more wins ahead: alice won one
        // and lost one, bob drew both (against the same opponents).
        let games = [
            g(0, 2, Some(WhiteWins)),
            g(0, 3, Some(BlackWins)),
            g(1, 2, Some(Draw)),
            g(1, 3, Some(Draw)),
        ];
        let rows = standings(&names(4), &games);
        let by = |p: usize| rows.iter().find(|r| r.player == p).expect("row").clone();
        // carol 0.5, dave 1.5: alice SB = carol 0.5 = 0.5; bob SB = 0.25 +
        // 0.75 = 1.0: SB already separates them; bob ahead.
        assert_eq!(by(0).tiebreak(), 0.5);
        assert_eq!(by(1).tiebreak(), 1.0);
        assert!(by(1).rank < by(0).rank);
    }

    #[test]
    fn unplayed_and_aborted_games_count_as_left() {
        assert_eq!(Score::from_result("*"), None);
        let rows = standings(&names(2), &[g(0, 1, None), g(1, 0, None)]);
        assert!(
            rows.iter()
                .all(|r| r.left == 2 && r.played == 0 && r.rank == 1)
        );
    }
}
