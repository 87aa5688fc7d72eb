//! Attack tables: knight, king and pawn lookups, sliding attacks through
//! magic bitboards, and the between/line tables used for pins and checks.
//!
//! The magic multipliers were found by the search in this file (fixed
//! seed); the numbers it found are kept as hints so start-up only checks
//! them (any hint that fails is searched for again at first use). No table
//! of numbers is copied from anywhere.

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

/// Rook magics: multipliers this file's own search found (seed below), tried
/// first so start-up skips the search; any that fails is searched again.
const ROOK_HINTS: [u64; 64] = [
    0x2080_0020_8040_0010,
    0x00C0_0020_0140_1000,
    0x2100_1100_0840_2002,
    0x0880_0800_8104_1000,
    0x0200_0200_2004_1008,
    0x2300_0400_0801_0012,
    0x0C00_2830_0400_8201,
    0x0180_0100_0040_7A80,
    0x0168_8000_8040_0020,
    0x0010_4000_4020_1000,
    0x1001_0020_0100_1048,
    0x1001_0024_0810_0100,
    0x0801_0004_0801_0012,
    0x4001_0002_0900_0400,
    0x08A2_0004_C802_0001,
    0x2002_8011_4500_2280,
    0x0080_8600_2100_4200,
    0x0010_00C0_0940_2002,
    0x00B0_0020_0400_2800,
    0x100A_8080_1002_0800,
    0x8101_0100_0800_0410,
    0x0244_0080_0200_0480,
    0x0000_0400_1081_0208,
    0x2000_0200_0044_8534,
    0x4104_4004_8000_8033,
    0x0000_8101_0020_4000,
    0x0440_4309_0020_0010,
    0x4600_2409_0010_0100,
    0x0060_0800_8004_0080,
    0x0001_0003_0008_0400,
    0x0004_0844_0001_1002,
    0x0023_0402_0000_8041,
    0x0580_0500_4300_2080,
    0x0400_8040_0280_2008,
    0x0001_0020_0100_4010,
    0x1000_2009_0100_1000,
    0x4410_8008_0180_0C00,
    0xA012_0038_0600_1004,
    0x0020_1001_0400_8802,
    0x0004_8084_0200_0041,
    0x0010_4001_7089_8000,
    0x0080_5000_2000_4004,
    0x1040_4080_1202_0020,
    0x8010_0400_0800_4040,
    0x2001_0801_0011_0004,
    0x0000_0200_0400_8080,
    0x0021_0108_1004_0002,
    0x0800_008C_4302_0024,
    0x0000_8000_2100_5100,
    0x0070_2010_4000_8080,
    0x0000_D042_8200_6A00,
    0x0010_0144_0008_0240,
    0x0001_0801_1005_0100,
    0x0012_0008_1024_0600,
    0x0402_0008_0104_0200,
    0x0281_0010_8A00_4100,
    0x0050_8003_0010_2045,
    0x8208_2100_4012_0882,
    0x8010_6001_0118_3441,
    0x020B_0009_1000_6045,
    0x0241_0010_0248_0005,
    0x0081_0004_0088_0241,
    0x0000_0090_0802_4124,
    0x0048_1229_8041_0402,
];

/// Bishop magics: multipliers this file's own search found (seed below), tried
/// first so start-up skips the search; any that fails is searched again.
const BISHOP_HINTS: [u64; 64] = [
    0x0848_0208_2204_0013,
    0x8010_A400_8582_1200,
    0x0008_0084_3084_0822,
    0x0808_0481_0804_0000,
    0x1304_0421_0000_8104,
    0x5001_0120_1020_4023,
    0x8104_8801_B820_0420,
    0x200A_0080_8401_2000,
    0x0040_1020_0104_2084,
    0x840A_5050_4242_8020,
    0x0000_7001_0220_2920,
    0x4410_1C0C_1080_0002,
    0x0040_0404_2200_0000,
    0x0180_0208_0209_0202,
    0x4020_0208_1104_1202,
    0x0001_0430_8C04_2000,
    0x4140_6610_0242_4400,
    0x0028_0120_0801_0460,
    0x0188_0621_0200_2A00,
    0x0014_0048_4010_2008,
    0x0105_0002_9040_0002,
    0x8001_0222_0041_0400,
    0x104A_0419_1801_3446,
    0x008A_0000_8200_8238,
    0x04A0_0600_0810_0430,
    0x0008_2200_0882_0801,
    0x2508_0412_0800_5010,
    0x4008_0802_0020_2020,
    0x2441_0010_1300_4000,
    0x0030_0080_6040_7000,
    0x4008_1080_0042_0800,
    0x0012_0210_5029_0100,
    0x0210_0804_8220_0500,
    0xCC01_1120_4810_0480,
    0x0020_4028_0650_0440,
    0x0004_8E00_8058_0080,
    0x0040_1020_2002_0080,
    0x0028_0104_4008_0807,
    0x4601_0411_0800_8800,
    0x8040_810E_0410_4200,
    0x9012_1011_0400_088A,
    0xA003_0802_1208_1050,
    0x00C1_0040_4840_1004,
    0x9000_00A0_1440_0800,
    0x0008_0210_4040_5401,
    0x4020_0082_0600_2090,
    0x0004_1904_2403_0100,
    0x0424_008A_0202_6250,
    0x8004_0882_5090_0040,
    0x1C00_4300_88A0_4200,
    0x0001_0200_9404_0001,
    0x8040_2100_2088_0061,
    0x2010_0404_5044_2032,
    0x0800_8408_5004_4001,
    0x0004_0408_0214_0004,
    0x0004_080A_0422_2020,
    0x8088_8021_1002_2000,
    0x1081_A104_1611_4400,
    0x0205_010A_2406_0820,
    0x0000_0007_2041_1080,
    0x1008_0002_0843_0400,
    0x580C_0260_2881_0840,
    0x8020_2044_1020_A110,
    0x12C0_0224_0102_0018,
];

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

fn find_magics(
    dirs: &[(i8, i8)],
    hints: &[u64; 64],
    rng: &mut XorShift,
    slider: &mut Vec<u64>,
) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for (sq, &hint) in hints.iter().enumerate() {
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
            let candidate = if attempt == 1 { hint } else { rng.sparse() };
            if attempt > 1 && (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
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
        let rook_magics = find_magics(&ROOK_DIRS, &ROOK_HINTS, &mut rng, &mut slider);
        let bishop_magics = find_magics(&BISHOP_DIRS, &BISHOP_HINTS, &mut rng, &mut slider);

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
    fn the_kept_magics_are_valid() {
        let t = &*TABLES;
        for sq in 0..64 {
            assert_eq!(t.rook_magics[sq].magic, ROOK_HINTS[sq], "rook {sq}");
            assert_eq!(t.bishop_magics[sq].magic, BISHOP_HINTS[sq], "bishop {sq}");
        }
    }

    #[test]
    fn the_search_still_finds_magics_without_hints() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        let mut slider = Vec::new();
        let magics = find_magics(&BISHOP_DIRS, &[0; 64], &mut rng, &mut slider);
        for (sq, m) in magics.iter().enumerate() {
            let occ = m.mask & 0x0F0F_F0F0_3C3C_C3C3;
            let idx = ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize;
            assert_eq!(slider[m.offset + idx], slide(sq, &BISHOP_DIRS, occ));
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
