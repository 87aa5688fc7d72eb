//! Attack tables: knight, king and pawn lookups, sliding attacks through
//! magic bitboards, and the between/line tables used for pins and checks.
//!
//! The magic multipliers are searched for once, at first use, with a fixed
//! seed (a few milliseconds), so no table of numbers is copied from anywhere.

use std::sync::LazyLock;

use super::types::{Bitboard, Color, Square};

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

struct Tables {
    knight: [u64; 64],
    king: [u64; 64],
    pawn: [[u64; 64]; 2],
    rook_magics: Vec<Magic>,
    bishop_magics: Vec<Magic>,
    slider: Vec<u64>,
    between: Vec<u64>,
    line: Vec<u64>,
}

static TABLES: LazyLock<Tables> = LazyLock::new(Tables::build);

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

fn step_attacks(sq: usize, steps: &[(i8, i8)]) -> u64 {
    steps
        .iter()
        .filter_map(|&(df, dr)| offset(sq, df, dr))
        .fold(0, |acc, s| acc | 1u64 << s)
}

fn slide(sq: usize, dirs: &[(i8, i8)], occupied: u64) -> u64 {
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1u64 << next;
            if occupied & (1u64 << next) != 0 {
                break;
            }
            cur = next;
        }
    }
    attacks
}

/// Relevant occupancy: the rays without their last square.
fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut mask = 0;
    for &(df, dr) in dirs {
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1u64 << next;
            cur = next;
        }
    }
    mask
}

struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find_magics(dirs: &[(i8, i8)], rng: &mut XorShift, slider: &mut Vec<u64>) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in 0..64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        // Enumerate all subsets of the mask (Carry-Rippler).
        let mut occs = Vec::with_capacity(size);
        let mut atts = Vec::with_capacity(size);
        let mut sub = 0u64;
        loop {
            occs.push(sub);
            atts.push(slide(sq, dirs, sub));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut table = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let candidate = rng.sparse();
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            let mut ok = true;
            for (occ, att) in occs.iter().zip(&atts) {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[idx] != attempt {
                    used[idx] = attempt;
                    table[idx] = *att;
                } else if table[idx] != *att {
                    ok = false;
                    break;
                }
            }
            if ok {
                break candidate;
            }
        };
        let offset = slider.len();
        slider.extend_from_slice(&table);
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

impl Tables {
    fn build() -> Tables {
        let knight_steps = [
            (1, 2),
            (2, 1),
            (2, -1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
            (-1, 2),
        ];
        let king_steps = [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ];
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in 0..64 {
            knight[sq] = step_attacks(sq, &knight_steps);
            king[sq] = step_attacks(sq, &king_steps);
            pawn[0][sq] = step_attacks(sq, &[(-1, 1), (1, 1)]);
            pawn[1][sq] = step_attacks(sq, &[(-1, -1), (1, -1)]);
        }
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut slider = Vec::with_capacity(110_000);
        let rook_magics = find_magics(&ROOK_DIRS, &mut rng, &mut slider);
        let bishop_magics = find_magics(&BISHOP_DIRS, &mut rng, &mut slider);

        let mut between = vec![0u64; 64 * 64];
        let mut line = vec![0u64; 64 * 64];
        for a in 0..64 {
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                for &(df, dr) in dirs.iter() {
                    // Walk from a; every square b on this ray gets between/line.
                    let full_ray = |from: usize, df: i8, dr: i8| {
                        let mut r = 0u64;
                        let mut cur = from;
                        while let Some(n) = offset(cur, df, dr) {
                            r |= 1u64 << n;
                            cur = n;
                        }
                        r
                    };
                    let whole = full_ray(a, df, dr) | full_ray(a, -df, -dr) | 1u64 << a;
                    let mut cur = a;
                    let mut passed = 0u64;
                    while let Some(b) = offset(cur, df, dr) {
                        between[a * 64 + b] = passed;
                        line[a * 64 + b] = whole;
                        passed |= 1u64 << b;
                        cur = b;
                    }
                }
            }
        }
        Tables {
            knight,
            king,
            pawn,
            rook_magics,
            bishop_magics,
            slider,
            between,
            line,
        }
    }
}

#[inline]
fn magic_lookup(t: &Tables, m: &Magic, occupied: Bitboard) -> Bitboard {
    let idx = ((occupied.0 & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
    // The index is below 2^bits by construction of the shift.
    Bitboard(t.slider[m.offset + idx])
}

/// Forces the tables to be built now (e.g. at start-up, outside a request).
pub fn init() {
    LazyLock::force(&TABLES);
}

#[inline]
#[must_use]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.knight[sq.index()])
}

#[inline]
#[must_use]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(TABLES.king[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline]
#[must_use]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(TABLES.pawn[color.index()][sq.index()])
}

#[inline]
#[must_use]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.rook_magics[sq.index()], occupied)
}

#[inline]
#[must_use]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = &*TABLES;
    magic_lookup(t, &t.bishop_magics[sq.index()], occupied)
}

#[inline]
#[must_use]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
#[must_use]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.between[a.index() * 64 + b.index()])
}

/// The whole line (rank, file or diagonal) through `a` and `b`, else empty.
#[inline]
#[must_use]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(TABLES.line[a.index() * 64 + b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_match_the_slow_walk() {
        let mut rng = XorShift(12345);
        for _ in 0..2000 {
            let occ = rng.next() & rng.next();
            for sq in 0..64u8 {
                let s = Square::new(sq).unwrap();
                assert_eq!(
                    rook_attacks(s, Bitboard(occ)).0,
                    slide(sq as usize, &ROOK_DIRS, occ)
                );
                assert_eq!(
                    bishop_attacks(s, Bitboard(occ)).0,
                    slide(sq as usize, &BISHOP_DIRS, occ)
                );
            }
        }
    }

    #[test]
    fn between_and_line() {
        let a1 = Square::A1;
        let h8 = Square::H8;
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, h8).count(), 8);
        assert!(between(a1, Square::B1).is_empty());
        assert!(line(a1, Square::new(17).unwrap()).is_empty()); // b3: not on a line
    }
}
