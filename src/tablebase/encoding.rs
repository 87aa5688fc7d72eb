//! The Syzygy index scheme: how a placement of the pieces of a table becomes
//! the index of its value (the squares folded by the board's symmetries,
//! the pawns by file, the like pieces counted as combinations). The constant
//! tables are the format's own, as every Syzygy prober publishes them.

use std::sync::OnceLock;

/// Pieceless tables fold the board into a triangle; pawn tables by file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scheme {
    Pieces,
    PawnFiles,
}

/// How one sub-table orders and counts its pieces (the file's header).
#[derive(Clone, Debug, Default)]
pub(super) struct EncInfo {
    /// The piece codes in the order the index takes them (1-6 white pawn
    /// to king, 9-14 black).
    pub pieces: [u8; MAX_PIECES],
    /// Group sizes: `norm[i]` like pieces start at `i`.
    pub norm: [u8; MAX_PIECES],
    /// The index weight of the group that starts at `i`.
    pub factor: [u64; MAX_PIECES],
}

/// The most pieces a Syzygy table holds.
pub(super) const MAX_PIECES: usize = 7;

struct Indices {
    binomial: [[u64; 64]; 7],
    pawn_idx: [[u64; 24]; 6],
    pawn_factor_file: [[u64; 4]; 6],
}

fn indices() -> &'static Indices {
    static INDICES: OnceLock<Indices> = OnceLock::new();
    INDICES.get_or_init(|| {
        let mut binomial = [[0u64; 64]; 7];
        for (i, row) in binomial.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                let (mut f, mut l) = (1u64, 1u64);
                for k in 0..i {
                    f = f.wrapping_mul((j as u64).wrapping_sub(k as u64));
                    l *= k as u64 + 1;
                }
                *cell = f / l;
            }
        }
        let mut pawn_idx = [[0u64; 24]; 6];
        let mut pawn_factor_file = [[0u64; 4]; 6];
        for i in 0..6 {
            let mut s = 0u64;
            for j in 0..24 {
                pawn_idx[i][j] = s;
                s += binomial[i][usize::from(PAWN_TWIST[0][(1 + (j % 6)) * 8 + (j / 6)])];
                if (j + 1) % 6 == 0 {
                    pawn_factor_file[i][j / 6] = s;
                    s = 0;
                }
            }
        }
        Indices {
            binomial,
            pawn_idx,
            pawn_factor_file,
        }
    })
}

/// The placements of `k` like pieces on `n` squares.
fn subfactor(k: u64, n: u64) -> u64 {
    let (mut f, mut l) = (n, 1u64);
    for i in 1..k {
        f *= n - i;
        l *= i + 1;
    }
    f / l
}

/// Reads one sub-table's piece order from the header bytes `tb` (the
/// nibble `shift` selects the side) and returns the sub-table's size, or
/// `None` when the header cannot describe this material.
pub(super) fn init_enc_info(
    tb: &[u8],
    shift: u32,
    file: usize,
    scheme: Scheme,
    num: usize,
    kk_enc: bool,
    pawns: [u8; 2],
) -> Option<(EncInfo, u64)> {
    let mut ei = EncInfo::default();
    let more_pawns = scheme != Scheme::Pieces && pawns[1] > 0;
    let skip = usize::from(more_pawns);
    for i in 0..num {
        ei.pieces[i] = (tb.get(i + 1 + skip)? >> shift) & 0x0f;
    }
    let order = usize::from((tb.first()? >> shift) & 0x0f);
    let order2 = if more_pawns {
        usize::from((tb.get(1)? >> shift) & 0x0f)
    } else {
        0x0f
    };
    let mut k = match scheme {
        Scheme::PawnFiles => usize::from(pawns[0]),
        Scheme::Pieces if kk_enc => 2,
        Scheme::Pieces => 3,
    };
    if k == 0 || k > num {
        return None;
    }
    ei.norm[0] = k as u8;
    if more_pawns {
        ei.norm[k] = pawns[1];
        k += usize::from(pawns[1]);
    }
    let mut i = k;
    while i < num {
        let mut j = i;
        while j < num && ei.pieces[j] == ei.pieces[i] {
            ei.norm[i] += 1;
            j += 1;
        }
        i += usize::from(ei.norm[i]);
    }
    let idx = indices();
    let mut n = 64u64.checked_sub(k as u64)?;
    let mut f = 1u64;
    let mut i = 0;
    while k < num || i == order || i == order2 {
        if i > 2 * MAX_PIECES {
            return None;
        }
        if i == order {
            ei.factor[0] = f;
            f = f.checked_mul(match scheme {
                Scheme::PawnFiles => *idx
                    .pawn_factor_file
                    .get(usize::from(ei.norm[0]) - 1)?
                    .get(file)?,
                Scheme::Pieces if kk_enc => 462,
                Scheme::Pieces => 31332,
            })?;
        } else if i == order2 {
            let first = usize::from(ei.norm[0]);
            ei.factor[first] = f;
            f = f.checked_mul(subfactor(
                u64::from(ei.norm[first]),
                48u64.checked_sub(first as u64)?,
            ))?;
        } else {
            let group = u64::from(ei.norm[k]);
            if group == 0 || group > n {
                return None;
            }
            ei.factor[k] = f;
            f = f.checked_mul(subfactor(group, n))?;
            n -= group;
            k += group as usize;
        }
        i += 1;
    }
    Some((ei, f))
}

/// The file (0-3, folded) of the leading pawn, which it moves to `p[0]`.
pub(super) fn leading_pawn(p: &mut [u8], lead_pawns: usize) -> usize {
    for i in 1..lead_pawns {
        if FLAP[0][usize::from(p[0])] > FLAP[0][usize::from(p[i])] {
            p.swap(0, i);
        }
    }
    usize::from(FILE_TO_FILE[usize::from(p[0] & 7)])
}

/// The index of the placement `p` (squares in the order of `ei.pieces`).
pub(super) fn encode(
    p: &mut [u8],
    ei: &EncInfo,
    scheme: Scheme,
    kk_enc: bool,
    pawns: [u8; 2],
) -> u64 {
    let n = p.len();
    let idx_tables = indices();
    let bin = |k: usize, sq: usize| idx_tables.binomial[k][sq];
    let mut idx: u64;
    let mut k: usize;
    if p[0] & 0x04 != 0 {
        for sq in p.iter_mut() {
            *sq ^= 0x07;
        }
    }
    if scheme == Scheme::Pieces {
        if p[0] & 0x20 != 0 {
            for sq in p.iter_mut() {
                *sq ^= 0x38;
            }
        }
        for i in 0..n {
            let d = OFF_DIAG[usize::from(p[i])];
            if d != 0 {
                if d > 0 && i < if kk_enc { 2 } else { 3 } {
                    for sq in p.iter_mut() {
                        *sq = FLIP_DIAG[usize::from(*sq)];
                    }
                }
                break;
            }
        }
        let sq = |i: usize| usize::from(p[i]);
        if kk_enc {
            idx = KK_IDX[usize::from(TRIANGLE[sq(0)])][sq(1)].max(0) as u64;
            k = 2;
        } else {
            let s1 = usize::from(p[1] > p[0]);
            let s2 = usize::from(p[2] > p[0]) + usize::from(p[2] > p[1]);
            let tri = usize::from(TRIANGLE[sq(0)]);
            let diag = |i: usize| usize::from(DIAG[sq(i)]);
            let lower = |i: usize| usize::from(LOWER[sq(i)]);
            idx = if OFF_DIAG[sq(0)] != 0 {
                tri * 63 * 62 + (sq(1) - s1) * 62 + (sq(2) - s2)
            } else if OFF_DIAG[sq(1)] != 0 {
                6 * 63 * 62 + diag(0) * 28 * 62 + lower(1) * 62 + sq(2) - s2
            } else if OFF_DIAG[sq(2)] != 0 {
                6 * 63 * 62 + 4 * 28 * 62 + diag(0) * 7 * 28 + (diag(1) - s1) * 28 + lower(2)
            } else {
                6 * 63 * 62
                    + 4 * 28 * 62
                    + 4 * 7 * 28
                    + diag(0) * 7 * 6
                    + (diag(1) - s1) * 6
                    + (diag(2) - s2)
            } as u64;
            k = 3;
        }
        idx *= ei.factor[0];
    } else {
        let lead = usize::from(pawns[0]);
        for i in 1..lead {
            for j in i + 1..lead {
                if PAWN_TWIST[0][usize::from(p[i])] < PAWN_TWIST[0][usize::from(p[j])] {
                    p.swap(i, j);
                }
            }
        }
        k = lead;
        idx = idx_tables.pawn_idx[k - 1][usize::from(FLAP[0][usize::from(p[0])])];
        for i in 1..k {
            idx += bin(k - i, usize::from(PAWN_TWIST[0][usize::from(p[i])]));
        }
        idx *= ei.factor[0];
        if pawns[1] > 0 {
            let t = k + usize::from(pawns[1]);
            p[k..t].sort_unstable();
            let mut s = 0u64;
            for i in k..t {
                let sq = usize::from(p[i]);
                let skips = p[..k].iter().filter(|&&q| sq > usize::from(q)).count();
                s += bin(i - k + 1, sq - skips - 8);
            }
            idx += s * ei.factor[k];
            k = t;
        }
    }
    while k < n {
        let t = k + usize::from(ei.norm[k]).max(1);
        let t = t.min(n);
        p[k..t].sort_unstable();
        let mut s = 0u64;
        for i in k..t {
            let sq = usize::from(p[i]);
            let skips = p[..k].iter().filter(|&&q| sq > usize::from(q)).count();
            s += bin(i - k + 1, sq - skips);
        }
        idx += s * ei.factor[k];
        k = t;
    }
    idx
}

const FILE_TO_FILE: [u8; 8] = [0, 1, 2, 3, 3, 2, 1, 0];

pub(super) const OFF_DIAG: [i8; 64] = [
    0, -1, -1, -1, -1, -1, -1, -1, 1, 0, -1, -1, -1, -1, -1, -1, 1, 1, 0, -1, -1, -1, -1, -1, 1, 1,
    1, 0, -1, -1, -1, -1, 1, 1, 1, 1, 0, -1, -1, -1, 1, 1, 1, 1, 1, 0, -1, -1, 1, 1, 1, 1, 1, 1, 0,
    -1, 1, 1, 1, 1, 1, 1, 1, 0,
];

pub(super) const TRIANGLE: [u8; 64] = [
    6, 0, 1, 2, 2, 1, 0, 6, 0, 7, 3, 4, 4, 3, 7, 0, 1, 3, 8, 5, 5, 8, 3, 1, 2, 4, 5, 9, 9, 5, 4, 2,
    2, 4, 5, 9, 9, 5, 4, 2, 1, 3, 8, 5, 5, 8, 3, 1, 0, 7, 3, 4, 4, 3, 7, 0, 6, 0, 1, 2, 2, 1, 0, 6,
];

pub(super) const FLIP_DIAG: [u8; 64] = [
    0, 8, 16, 24, 32, 40, 48, 56, 1, 9, 17, 25, 33, 41, 49, 57, 2, 10, 18, 26, 34, 42, 50, 58, 3,
    11, 19, 27, 35, 43, 51, 59, 4, 12, 20, 28, 36, 44, 52, 60, 5, 13, 21, 29, 37, 45, 53, 61, 6,
    14, 22, 30, 38, 46, 54, 62, 7, 15, 23, 31, 39, 47, 55, 63,
];

pub(super) const LOWER: [u8; 64] = [
    28, 0, 1, 2, 3, 4, 5, 6, 0, 29, 7, 8, 9, 10, 11, 12, 1, 7, 30, 13, 14, 15, 16, 17, 2, 8, 13,
    31, 18, 19, 20, 21, 3, 9, 14, 18, 32, 22, 23, 24, 4, 10, 15, 19, 22, 33, 25, 26, 5, 11, 16, 20,
    23, 25, 34, 27, 6, 12, 17, 21, 24, 26, 27, 35,
];

pub(super) const DIAG: [u8; 64] = [
    0, 0, 0, 0, 0, 0, 0, 8, 0, 1, 0, 0, 0, 0, 9, 0, 0, 0, 2, 0, 0, 10, 0, 0, 0, 0, 0, 3, 11, 0, 0,
    0, 0, 0, 0, 12, 4, 0, 0, 0, 0, 0, 13, 0, 0, 5, 0, 0, 0, 14, 0, 0, 0, 0, 6, 0, 15, 0, 0, 0, 0,
    0, 0, 7,
];

pub(super) const FLAP: [[u8; 64]; 2] = [
    [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 12, 18, 18, 12, 6, 0, 1, 7, 13, 19, 19, 13, 7, 1, 2, 8, 14,
        20, 20, 14, 8, 2, 3, 9, 15, 21, 21, 15, 9, 3, 4, 10, 16, 22, 22, 16, 10, 4, 5, 11, 17, 23,
        23, 17, 11, 5, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 2, 1, 0, 4, 5, 6, 7, 7, 6, 5, 4, 8, 9, 10, 11, 11,
        10, 9, 8, 12, 13, 14, 15, 15, 14, 13, 12, 16, 17, 18, 19, 19, 18, 17, 16, 20, 21, 22, 23,
        23, 22, 21, 20, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
];

pub(super) const PAWN_TWIST: [[u8; 64]; 2] = [
    [
        0, 0, 0, 0, 0, 0, 0, 0, 47, 35, 23, 11, 10, 22, 34, 46, 45, 33, 21, 9, 8, 20, 32, 44, 43,
        31, 19, 7, 6, 18, 30, 42, 41, 29, 17, 5, 4, 16, 28, 40, 39, 27, 15, 3, 2, 14, 26, 38, 37,
        25, 13, 1, 0, 12, 24, 36, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
    [
        0, 0, 0, 0, 0, 0, 0, 0, 47, 45, 43, 41, 40, 42, 44, 46, 39, 37, 35, 33, 32, 34, 36, 38, 31,
        29, 27, 25, 24, 26, 28, 30, 23, 21, 19, 17, 16, 18, 20, 22, 15, 13, 11, 9, 8, 10, 12, 14,
        7, 5, 3, 1, 0, 2, 4, 6, 0, 0, 0, 0, 0, 0, 0, 0,
    ],
];

pub(super) const KK_IDX: [[i16; 64]; 10] = [
    [
        -1, -1, -1, 0, 1, 2, 3, 4, -1, -1, -1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
        19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41,
        42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57,
    ],
    [
        58, -1, -1, -1, 59, 60, 61, 62, 63, -1, -1, -1, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74,
        75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97,
        98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115,
    ],
    [
        116, 117, -1, -1, -1, 118, 119, 120, 121, 122, -1, -1, -1, 123, 124, 125, 126, 127, 128,
        129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146,
        147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164,
        165, 166, 167, 168, 169, 170, 171, 172, 173,
    ],
    [
        174, -1, -1, -1, 175, 176, 177, 178, 179, -1, -1, -1, 180, 181, 182, 183, 184, -1, -1, -1,
        185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202,
        203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220,
        221, 222, 223, 224, 225, 226, 227, 228,
    ],
    [
        229, 230, -1, -1, -1, 231, 232, 233, 234, 235, -1, -1, -1, 236, 237, 238, 239, 240, -1, -1,
        -1, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257,
        258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275,
        276, 277, 278, 279, 280, 281, 282, 283,
    ],
    [
        284, 285, 286, 287, 288, 289, 290, 291, 292, 293, -1, -1, -1, 294, 295, 296, 297, 298, -1,
        -1, -1, 299, 300, 301, 302, 303, -1, -1, -1, 304, 305, 306, 307, 308, 309, 310, 311, 312,
        313, 314, 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 328, 329, 330,
        331, 332, 333, 334, 335, 336, 337, 338,
    ],
    [
        -1, -1, 339, 340, 341, 342, 343, 344, -1, -1, 345, 346, 347, 348, 349, 350, -1, -1, 441,
        351, 352, 353, 354, 355, -1, -1, -1, 442, 356, 357, 358, 359, -1, -1, -1, -1, 443, 360,
        361, 362, -1, -1, -1, -1, -1, 444, 363, 364, -1, -1, -1, -1, -1, -1, 445, 365, -1, -1, -1,
        -1, -1, -1, -1, 446,
    ],
    [
        -1, -1, -1, 366, 367, 368, 369, 370, -1, -1, -1, 371, 372, 373, 374, 375, -1, -1, -1, 376,
        377, 378, 379, 380, -1, -1, -1, 447, 381, 382, 383, 384, -1, -1, -1, -1, 448, 385, 386,
        387, -1, -1, -1, -1, -1, 449, 388, 389, -1, -1, -1, -1, -1, -1, 450, 390, -1, -1, -1, -1,
        -1, -1, -1, 451,
    ],
    [
        452, 391, 392, 393, 394, 395, 396, 397, -1, -1, -1, -1, 398, 399, 400, 401, -1, -1, -1, -1,
        402, 403, 404, 405, -1, -1, -1, -1, 406, 407, 408, 409, -1, -1, -1, -1, 453, 410, 411, 412,
        -1, -1, -1, -1, -1, 454, 413, 414, -1, -1, -1, -1, -1, -1, 455, 415, -1, -1, -1, -1, -1,
        -1, -1, 456,
    ],
    [
        457, 416, 417, 418, 419, 420, 421, 422, -1, 458, 423, 424, 425, 426, 427, 428, -1, -1, -1,
        -1, -1, 429, 430, 431, -1, -1, -1, -1, -1, 432, 433, 434, -1, -1, -1, -1, -1, 435, 436,
        437, -1, -1, -1, -1, -1, 459, 438, 439, -1, -1, -1, -1, -1, -1, 460, 440, -1, -1, -1, -1,
        -1, -1, -1, 461,
    ],
];
