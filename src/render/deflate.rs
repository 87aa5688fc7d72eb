//! The zlib stream of a board PNG, written for what a composed board is:
//! rows that repeat the row above (squares are tile rows, ranks repeat
//! their rows), runs of one colour, and pieces that repeat along a rank.
//! Matches are looked for in that order (the row above, the byte before,
//! then one hashed earlier occurrence), and the tokens are written as one
//! block with its own Huffman codes. General-purpose encoders (zlib-rs at
//! level 1, fdeflate) spend most of their time hashing every byte of rows
//! that are copies; this one compares the row above 16 bytes at a time and
//! writes a start position of 512 px in about 13.5 KB at a fraction of
//! their time (figures in docs/DEVELOPMENT.md, Performance history).
//!
//! The output is plain RFC 1950/1951 (one dynamic block, every code
//! complete), so any inflater reads it; the tests decode it with the `png`
//! crate.

/// Deflate's window.
const WINDOW: usize = 32 * 1024;
/// The shortest match taken from the hash (shorter ones cost more than
/// literals).
const MIN_MATCH: usize = 4;
/// The longest match one token can carry.
const MAX_MATCH: usize = 258;
/// Size of the table of earlier occurrences, in bits.
const HASH_BITS: u32 = 12;

/// Base lengths of the length symbols 257..=285 and their extra bits.
const LEN_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const LEN_EXTRA: [u8; 29] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
/// Base distances of the distance symbols 0..=29 and their extra bits.
const DIST_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA: [u8; 30] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13,
    13,
];
/// The order in which the code length code's lengths are sent.
const CL_ORDER: [usize; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// Length -> length symbol - 257.
static LEN_CODE: [u8; 259] = len_codes();
/// Distance -> distance symbol, see [`dist_code`].
static DIST_CODE: [u8; 512] = dist_codes();

const fn len_codes() -> [u8; 259] {
    let mut out = [0u8; 259];
    let mut c = 0;
    while c < 28 {
        let mut l = LEN_BASE[c] as usize;
        while l < LEN_BASE[c] as usize + (1 << LEN_EXTRA[c]) {
            out[l] = c as u8;
            l += 1;
        }
        c += 1;
    }
    out[258] = 28;
    out
}

/// Distances 1..=256 directly, longer ones by 128s (their symbols change
/// only at multiples of 128 above 256).
const fn dist_codes() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut c = 0;
    while c < 30 {
        let base = DIST_BASE[c] as usize;
        let mut d = base;
        while d < base + (1 << DIST_EXTRA[c]) {
            out[dist_slot(d)] = c as u8;
            d += if d <= 256 { 1 } else { 128 };
        }
        c += 1;
    }
    out
}

const fn dist_slot(d: usize) -> usize {
    if d <= 256 {
        d - 1
    } else {
        256 + ((d - 1) >> 7)
    }
}

fn dist_code(d: usize) -> usize {
    usize::from(DIST_CODE[dist_slot(d)])
}

/// How many bytes from `a` equal those from `b` (`b < a`; overlapping
/// is how a match copies), up to the end of `data`.
#[inline]
fn eq_len(data: &[u8], a: usize, b: usize) -> usize {
    let mut k = 0;
    while let (Some(p), Some(q)) = (
        data.get(a + k..).and_then(<[u8]>::first_chunk::<16>),
        data.get(b + k..).and_then(<[u8]>::first_chunk::<16>),
    ) {
        let z = u128::from_le_bytes(*p) ^ u128::from_le_bytes(*q);
        if z != 0 {
            return k + (z.trailing_zeros() / 8) as usize;
        }
        k += 16;
    }
    while a + k < data.len() && data[a + k] == data[b + k] {
        k += 1;
    }
    k
}

/// Literals and matches, with their symbol counts.
struct Tokens {
    /// A literal byte, or [`MATCH`] `| distance symbol << 25 | length << 16
    /// | distance`.
    toks: Vec<u32>,
    lit: [u32; 286],
    dist: [u32; 30],
}

const MATCH: u32 = 1 << 31;

impl Tokens {
    fn literal(&mut self, b: u8) {
        self.lit[usize::from(b)] += 1;
        self.toks.push(u32::from(b));
    }

    fn literals(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.literal(b);
        }
    }

    /// One match, 3..=258 long.
    fn one_match(&mut self, len: usize, dist: usize) {
        let dc = dist_code(dist);
        self.lit[257 + usize::from(LEN_CODE[len])] += 1;
        self.dist[dc] += 1;
        self.toks
            .push(MATCH | (dc as u32) << 25 | (len as u32) << 16 | dist as u32);
    }

    /// A match of any length from 3, cut into tokens.
    fn long_match(&mut self, mut len: usize, dist: usize) {
        while len > MAX_MATCH {
            // The rest must stay at least 3 long.
            let take = if len - MAX_MATCH < 3 {
                len - 3
            } else {
                MAX_MATCH
            };
            self.one_match(take, dist);
            len -= take;
        }
        self.one_match(len, dist);
    }

    /// `len` bytes before `end` copied from `dist` back: a match, or
    /// literals when too short.
    fn copy(&mut self, data: &[u8], end: usize, len: usize, dist: usize) {
        if len >= 3 {
            self.long_match(len, dist);
        } else {
            self.literals(&data[end - len..end]);
        }
    }
}

/// Greedy matching for rows of `stride` bytes.
fn tokenise(data: &[u8], stride: usize) -> Tokens {
    let n = data.len();
    let mut t = Tokens {
        toks: Vec::with_capacity(n / 32),
        lit: [0; 286],
        dist: [0; 30],
    };
    let mut head = vec![0u32; 1 << HASH_BITS];
    // The match with the row above being extended.
    let mut up = 0;
    let mut i = 0;
    while i < n {
        if i >= stride && stride <= WINDOW && data[i] == data[i - stride] {
            let l = eq_len(data, i, i - stride);
            if l >= MIN_MATCH || (up > 0 && l > 0) {
                up += l;
                i += l;
                continue;
            }
        }
        if up > 0 {
            t.copy(data, i, up, stride);
            up = 0;
            if i >= n {
                break;
            }
        }
        if i >= 1 && data[i] == data[i - 1] {
            let l = eq_len(data, i, i - 1);
            if l >= 3 {
                t.long_match(l, 1);
                i += l;
                continue;
            }
        }
        if let Some(w) = data[i..].first_chunk::<4>() {
            let h = (u32::from_le_bytes(*w).wrapping_mul(0x9E37_79B1) >> (32 - HASH_BITS)) as usize;
            let seen = head[h] as usize;
            head[h] = (i + 1) as u32;
            if seen > 0 && i - (seen - 1) <= WINDOW {
                let from = seen - 1;
                let l = if data[from] == data[i] {
                    eq_len(data, i, from).min(MAX_MATCH)
                } else {
                    0
                };
                if l >= MIN_MATCH {
                    t.one_match(l, i - from);
                    i += l;
                    continue;
                }
            }
        }
        t.literal(data[i]);
        i += 1;
    }
    if up > 0 {
        t.copy(data, n, up, stride);
    }
    t
}

/// Gives a code at least two symbols, so that it is complete (inflaters
/// refuse incomplete codes).
fn at_least_two(freq: &mut [u32]) {
    let mut used = freq.iter().filter(|&&f| f > 0).count();
    for f in freq.iter_mut() {
        if used >= 2 {
            break;
        }
        if *f == 0 {
            *f = 1;
            used += 1;
        }
    }
}

/// Huffman code lengths of at most `limit` bits for the frequencies (0 for
/// unused symbols), the most frequent symbols shortest.
fn code_lengths(freq: &[u32], limit: usize, out: &mut [u8]) {
    out.fill(0);
    let mut syms: Vec<(u32, usize)> = freq
        .iter()
        .enumerate()
        .filter(|(_, f)| **f > 0)
        .map(|(s, &f)| (f, s))
        .collect();
    let n = syms.len();
    if n < 2 {
        if let Some(&(_, s)) = syms.first() {
            out[s] = 1;
        }
        return;
    }
    syms.sort_unstable();
    // Huffman's merging with two queues: leaves 0..n (ascending weights)
    // and inner nodes n.. (made in ascending order).
    let mut weight: Vec<u64> = syms.iter().map(|s| u64::from(s.0)).collect();
    weight.resize(2 * n - 1, 0);
    let mut parent = vec![0usize; 2 * n - 1];
    let (mut leaf, mut inner) = (0, n);
    for next in n..2 * n - 1 {
        let mut pick = || {
            if leaf < n && (inner >= next || weight[leaf] <= weight[inner]) {
                leaf += 1;
                leaf - 1
            } else {
                inner += 1;
                inner - 1
            }
        };
        let (a, b) = (pick(), pick());
        weight[next] = weight[a] + weight[b];
        parent[a] = next;
        parent[b] = next;
    }
    let mut depth = vec![0usize; 2 * n - 1];
    let mut count = [0u32; 64];
    for k in (0..2 * n - 2).rev() {
        depth[k] = depth[parent[k]] + 1;
        if k < n {
            count[depth[k].min(63)] += 1;
        }
    }
    // Too deep leaves move up to the limit; then codes at the limit are
    // lengthened from shorter ones until the code is complete again (the
    // way miniz does it).
    for d in limit + 1..64 {
        count[limit] += count[d];
        count[d] = 0;
    }
    let mut total: u64 = (1..=limit)
        .map(|d| u64::from(count[d]) << (limit - d))
        .sum();
    while total > 1 << limit {
        count[limit] -= 1;
        if let Some(d) = (1..limit).rev().find(|&d| count[d] > 0) {
            count[d] -= 1;
            count[d + 1] += 2;
        }
        total -= 1;
    }
    let mut k = n;
    for (d, &c) in count.iter().enumerate().take(limit + 1).skip(1) {
        for _ in 0..c {
            k -= 1;
            out[syms[k].1] = d as u8;
        }
    }
}

/// Canonical codes for the lengths, bit-reversed for LSB-first writing.
fn canonical(lens: &[u8], codes: &mut [u16]) {
    let mut per_len = [0u16; 16];
    for &l in lens {
        per_len[usize::from(l)] += 1;
    }
    per_len[0] = 0;
    let mut next = [0u16; 16];
    let mut code = 0u16;
    for b in 1..16 {
        code = (code + per_len[b - 1]) << 1;
        next[b] = code;
    }
    for (s, &l) in lens.iter().enumerate() {
        if l > 0 {
            let c = next[usize::from(l)];
            next[usize::from(l)] += 1;
            codes[s] = c.reverse_bits() >> (16 - l);
        }
    }
}

/// Bits, least significant first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits<'_> {
    /// Up to 32 bits.
    fn put(&mut self, v: u32, n: u32) {
        self.acc |= u64::from(v) << self.n;
        self.n += n;
        if self.n >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.n -= 32;
        }
    }

    fn flush(&mut self) {
        let bytes = self.n.div_ceil(8) as usize;
        self.out.extend_from_slice(&self.acc.to_le_bytes()[..bytes]);
        self.acc = 0;
        self.n = 0;
    }
}

/// The code length code's symbols for the lengths: `(symbol, extra)`.
fn run_lengths(lens: &[u8]) -> Vec<(u8, u8)> {
    let mut out = Vec::with_capacity(lens.len());
    let mut k = 0;
    while k < lens.len() {
        let v = lens[k];
        let run = lens[k..].iter().take_while(|&&l| l == v).count();
        let mut left = run;
        if v == 0 {
            while left >= 11 {
                let m = left.min(138);
                out.push((18, (m - 11) as u8));
                left -= m;
            }
            if left >= 3 {
                out.push((17, (left - 3) as u8));
                left = 0;
            }
        } else {
            out.push((v, 0));
            left -= 1;
            while left >= 3 {
                let m = left.min(6);
                out.push((16, (m - 3) as u8));
                left -= m;
            }
        }
        out.extend(std::iter::repeat_n((v, 0), left));
        k += run;
    }
    out
}

/// Appends the zlib stream of `data` (PNG rows of `stride` bytes, filter
/// byte included) to `out`.
pub(super) fn zlib(data: &[u8], stride: usize, out: &mut Vec<u8>) {
    let mut t = tokenise(data, stride);
    t.lit[256] = 1;
    at_least_two(&mut t.lit);
    at_least_two(&mut t.dist);
    let mut ll = [0u8; 286];
    let mut dl = [0u8; 30];
    code_lengths(&t.lit, 15, &mut ll);
    code_lengths(&t.dist, 15, &mut dl);
    let hlit = (257..=286).rev().find(|&k| ll[k - 1] != 0).unwrap_or(257);
    let hdist = (1..=30).rev().find(|&k| dl[k - 1] != 0).unwrap_or(1);
    let mut lens = ll[..hlit].to_vec();
    lens.extend_from_slice(&dl[..hdist]);
    let cl_syms = run_lengths(&lens);
    let mut cl_freq = [0u32; 19];
    for &(s, _) in &cl_syms {
        cl_freq[usize::from(s)] += 1;
    }
    at_least_two(&mut cl_freq);
    let mut cll = [0u8; 19];
    code_lengths(&cl_freq, 7, &mut cll);
    let hclen = (4..=19)
        .rev()
        .find(|&k| cll[CL_ORDER[k - 1]] != 0)
        .unwrap_or(4);
    let (mut llc, mut dlc, mut clc) = ([0u16; 286], [0u16; 30], [0u16; 19]);
    canonical(&ll, &mut llc);
    canonical(&dl, &mut dlc);
    canonical(&cll, &mut clc);

    // zlib header: deflate, 32 KB window, no dictionary, fastest.
    out.extend_from_slice(&[0x78, 0x01]);
    let mut b = Bits { out, acc: 0, n: 0 };
    // One final block with dynamic codes.
    b.put(1 | 2 << 1, 3);
    b.put((hlit - 257) as u32, 5);
    b.put((hdist - 1) as u32, 5);
    b.put((hclen - 4) as u32, 4);
    for &s in &CL_ORDER[..hclen] {
        b.put(u32::from(cll[s]), 3);
    }
    for &(s, extra) in &cl_syms {
        let s = usize::from(s);
        b.put(u32::from(clc[s]), u32::from(cll[s]));
        match s {
            16 => b.put(u32::from(extra), 2),
            17 => b.put(u32::from(extra), 3),
            18 => b.put(u32::from(extra), 7),
            _ => {}
        }
    }
    // Each length and each distance symbol with its extra bits in one
    // write: (bits, how many).
    let mut len_bits = [(0u32, 0u32); 259];
    for (len, slot) in len_bits.iter_mut().enumerate().skip(3) {
        let lc = usize::from(LEN_CODE[len]);
        let n = u32::from(ll[257 + lc]);
        let extra = (len - usize::from(LEN_BASE[lc])) as u32;
        *slot = (
            u32::from(llc[257 + lc]) | extra << n,
            n + u32::from(LEN_EXTRA[lc]),
        );
    }
    for &tok in &t.toks {
        if tok & MATCH == 0 {
            let s = tok as usize;
            b.put(u32::from(llc[s]), u32::from(ll[s]));
        } else {
            let (bits, n) = len_bits[(tok >> 16 & 0x1ff) as usize];
            b.put(bits, n);
            let dc = (tok >> 25 & 0x1f) as usize;
            let extra = (tok & 0xffff) - u32::from(DIST_BASE[dc]);
            let n = u32::from(dl[dc]);
            b.put(
                u32::from(dlc[dc]) | extra << n,
                n + u32::from(DIST_EXTRA[dc]),
            );
        }
    }
    b.put(u32::from(llc[256]), u32::from(ll[256]));
    b.flush();
    out.extend_from_slice(&simd_adler32::adler32(&data).to_be_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inflates through the `png` crate: `data` as the rows of an 8-bit
    /// grey PNG (filter bytes 0).
    fn inflate_as_png(z: &[u8], width: usize, height: usize) -> Vec<u8> {
        let mut png_bytes = Vec::new();
        let mut enc = png::Encoder::new(&mut png_bytes, width as u32, height as u32);
        enc.set_color(png::ColorType::Grayscale);
        let mut wr = enc.write_header().unwrap();
        wr.write_chunk(png::chunk::IDAT, z).unwrap();
        wr.finish().unwrap();
        let mut r = png::Decoder::new(std::io::Cursor::new(png_bytes))
            .read_info()
            .unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        buf
    }

    fn rows(pixels: &[u8], width: usize) -> Vec<u8> {
        pixels
            .chunks_exact(width)
            .flat_map(|r| std::iter::once(0).chain(r.iter().copied()))
            .collect()
    }

    fn round_trip(pixels: &[u8], width: usize) {
        let data = rows(pixels, width);
        let mut z = Vec::new();
        zlib(&data, width + 1, &mut z);
        assert_eq!(
            inflate_as_png(&z, width, pixels.len() / width),
            pixels,
            "width {width}"
        );
    }

    /// A small deterministic generator (xorshift).
    fn noise(seed: u64, n: usize, levels: u8) -> Vec<u8> {
        let mut s = seed | 1;
        (0..n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                (s % u64::from(levels)) as u8
            })
            .collect()
    }

    #[test]
    fn noise_runs_and_repeated_rows_come_back_unchanged() {
        for (w, h) in [(1, 1), (3, 2), (17, 9), (300, 40), (1024, 70)] {
            round_trip(&noise(w as u64, w * h, 255), w);
            round_trip(&noise(w as u64 + 1, w * h, 3), w);
            round_trip(&vec![7; w * h], w);
            // Rows repeating in bands, with a few changed bytes.
            let mut p: Vec<u8> = (0..w * h).map(|i| ((i % w) / 5) as u8).collect();
            for (k, v) in noise(9, h, 200).into_iter().enumerate() {
                p[(k * 37) % (w * h)] = v;
            }
            round_trip(&p, w);
        }
    }

    #[test]
    fn long_inputs_use_the_whole_window_and_all_symbols() {
        // 200 KB: distances up to the window, every byte value, long runs.
        let mut p = noise(5, 60_000, 255);
        p.extend(std::iter::repeat_n(9, 5_000));
        let again = p[10_000..40_000].to_vec();
        p.extend(again);
        p.extend(noise(6, 100_000, 16));
        let w = 500;
        p.truncate(p.len() / w * w);
        round_trip(&p, w);
    }

    #[test]
    fn code_lengths_are_complete_and_limited() {
        // Fibonacci frequencies make a deep tree.
        let mut f = vec![1u32, 1];
        while f.len() < 40 {
            let n = f[f.len() - 1] + f[f.len() - 2];
            f.push(n);
        }
        let mut lens = vec![0u8; 40];
        code_lengths(&f, 15, &mut lens);
        assert!(lens.iter().all(|&l| (1..=15).contains(&l)));
        let kraft: f64 = lens.iter().map(|&l| 0.5f64.powi(i32::from(l))).sum();
        assert!((kraft - 1.0).abs() < 1e-12, "{kraft}");
        let mut one = [0u32; 5];
        one[3] = 10;
        at_least_two(&mut one);
        assert_eq!(one.iter().filter(|&&x| x > 0).count(), 2);
    }
}
