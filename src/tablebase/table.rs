//! One Syzygy table file read into memory and checked: its header, the
//! sub-tables' piece orders, their compressed blocks, and the lookup of one
//! index (the format's Huffman-like pair decoding). Every read is bounds
//! checked, so a truncated or corrupt file is an error, never a panic.

use super::encoding::{EncInfo, MAX_PIECES, Scheme, init_enc_info};

const WDL_MAGIC: u32 = 0x5d23_e871;
const DTZ_MAGIC: u32 = 0xa50c_66d7;

/// Which of the two files of a material: win/draw/loss or distance to zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    Wdl,
    Dtz,
}

impl TableKind {
    /// The file name's suffix, with its dot.
    #[must_use]
    pub const fn suffix(self) -> &'static str {
        match self {
            TableKind::Wdl => ".rtbw",
            TableKind::Dtz => ".rtbz",
        }
    }
}

/// What the name of a table says about its material (the first side is
/// the one the file calls white).
#[derive(Clone, Debug)]
pub(super) struct Material {
    /// Piece counts by code: 1-6 white pawn to king, 9-14 black.
    pub counts: [u8; 16],
}

impl Material {
    pub(super) fn from_name(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let mut counts = [0u8; 16];
        for (side, offset) in [(white, 0), (black, 8)] {
            if side.is_empty() || side.len() > MAX_PIECES {
                return None;
            }
            for c in side.chars() {
                let code = match c {
                    'P' => 1,
                    'N' => 2,
                    'B' => 3,
                    'R' => 4,
                    'Q' => 5,
                    'K' => 6,
                    _ => return None,
                };
                counts[code + offset] += 1;
            }
        }
        (counts[6] == 1 && counts[14] == 1).then_some(Material { counts })
    }

    fn num(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    fn has_pawns(&self) -> bool {
        self.counts[1] > 0 || self.counts[9] > 0
    }
}

/// The decoding data of one sub-table.
#[derive(Clone, Debug)]
struct PairsData {
    /// A sub-table whose every value is the same.
    const_value: Option<[u8; 2]>,
    block_size: u32,
    idx_bits: u32,
    min_len: u32,
    /// The first symbol of each code length, from `min_len` up.
    offsets: Vec<u16>,
    /// The smallest code of each length, left-aligned in 64 bits.
    base: Vec<u64>,
    sym_len: Vec<u32>,
    sym_pat: usize,
    index_table: usize,
    size_table: usize,
    data: usize,
    num_blocks: usize,
    num_indices: u64,
    flags: u8,
}

/// A sub-table's decoding data and the sizes of its index, block-size
/// and data areas.
type SizedPairs = (PairsData, [u64; 3]);

/// One sub-table: its piece order and its decoding data.
#[derive(Clone, Debug)]
pub(super) struct SubTable {
    pub enc: EncInfo,
    pub size: u64,
    pairs: PairsData,
    /// Where a DTZ sub-table's four value maps start (absolute offsets).
    dtz_map: [usize; 4],
}

impl SubTable {
    /// The DTZ flags: bit 0 the side stored, bit 1 values mapped, bit 2
    /// and 3 wins and losses in full moves stored, bit 4 16-bit maps.
    pub fn flags(&self) -> u8 {
        self.pairs.flags
    }
}

/// A table file, read and checked.
#[derive(Debug)]
pub struct Table {
    bytes: Vec<u8>,
    pub(super) num: usize,
    pub(super) has_pawns: bool,
    pub(super) kk_enc: bool,
    /// Pawns of the leading colour first.
    pub(super) pawns: [u8; 2],
    /// WDL: `[white to move, black to move]` per file (pawn tables have
    /// four files); DTZ: one side per file.
    pub(super) subtables: Vec<[Option<SubTable>; 2]>,
}

/// Why a table's bytes cannot be used.
pub(super) type Corrupt = &'static str;

fn u16_at(b: &[u8], at: usize) -> Result<u16, Corrupt> {
    let s = b
        .get(at..at + 2)
        .ok_or("a field lies past the end of the file")?;
    Ok(u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, Corrupt> {
    let s = b
        .get(at..at + 4)
        .ok_or("a field lies past the end of the file")?;
    Ok(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn byte_at(b: &[u8], at: usize) -> Result<u8, Corrupt> {
    b.get(at)
        .copied()
        .ok_or("a field lies past the end of the file")
}

/// Big-endian bits of the code stream; past the end of the file it reads
/// zeros, as the last block's look-ahead may.
fn be_at(b: &[u8], at: usize, len: usize) -> u64 {
    (0..len).fold(0u64, |acc, i| {
        (acc << 8) | u64::from(b.get(at + i).copied().unwrap_or(0))
    })
}

impl Table {
    /// Checks and indexes the bytes of the table `name` (such as `KRvK`).
    pub(super) fn parse(name: &str, kind: TableKind, bytes: Vec<u8>) -> Result<Table, Corrupt> {
        let material = Material::from_name(name).ok_or("the file name is not a material")?;
        if bytes.len() % 64 != 16 {
            return Err("the file's length is not that of a whole table (truncated?)");
        }
        let magic = u32_at(&bytes, 0)?;
        let expected = match kind {
            TableKind::Wdl => WDL_MAGIC,
            TableKind::Dtz => DTZ_MAGIC,
        };
        if magic != expected {
            return Err("the file does not start with the table's magic number");
        }
        let num = material.num();
        let has_pawns = material.has_pawns();
        let c = &material.counts;
        let kk_enc = !has_pawns && c.iter().filter(|&&n| n == 1).count() == 2;
        let mut pawns = [c[1], c[9]];
        if c[9] > 0 && (c[1] == 0 || c[1] > c[9]) {
            pawns.swap(0, 1);
        }
        let split = kind == TableKind::Wdl && byte_at(&bytes, 4)? & 1 != 0;
        let files = if has_pawns { 4 } else { 1 };
        let scheme = if has_pawns {
            Scheme::PawnFiles
        } else {
            Scheme::Pieces
        };
        let mut at = 5usize;
        let mut encs: Vec<[Option<(EncInfo, u64)>; 2]> = Vec::with_capacity(files);
        for t in 0..files {
            let header = bytes.get(at..).ok_or("the header is cut short")?;
            let white = init_enc_info(header, 0, t, scheme, num, kk_enc, pawns)
                .ok_or("a sub-table's piece order does not fit the material")?;
            let black = if split {
                Some(
                    init_enc_info(header, 4, t, scheme, num, kk_enc, pawns)
                        .ok_or("a sub-table's piece order does not fit the material")?,
                )
            } else {
                None
            };
            for (ei, _) in std::iter::once(&white).chain(black.as_ref()) {
                check_pieces(&ei.pieces[..num], &material)?;
            }
            encs.push([Some(white), black]);
            at += num + 1 + usize::from(has_pawns && pawns[1] > 0);
        }
        at += at & 1;

        let mut pairs: Vec<[Option<SizedPairs>; 2]> = Vec::with_capacity(files);
        for enc in &encs {
            let mut row: [Option<SizedPairs>; 2] = [None, None];
            for (side, slot) in enc.iter().enumerate() {
                if let Some((_, size)) = slot {
                    row[side] = Some(setup_pairs(&bytes, &mut at, *size, kind)?);
                }
            }
            pairs.push(row);
        }

        let mut dtz_maps = vec![[0usize; 4]; files];
        if kind == TableKind::Dtz {
            for (t, row) in pairs.iter().enumerate() {
                let flags = row[0].as_ref().map_or(0, |(p, _)| p.flags);
                if flags & 2 != 0 {
                    if flags & 16 == 0 {
                        for slot in &mut dtz_maps[t] {
                            *slot = at + 1;
                            at += 1 + usize::from(byte_at(&bytes, at)?);
                        }
                    } else {
                        at += at & 1;
                        for slot in &mut dtz_maps[t] {
                            *slot = at + 2;
                            at += 2 + 2 * usize::from(u16_at(&bytes, at)?);
                        }
                    }
                }
            }
            at += at & 1;
        }

        for row in pairs.iter_mut() {
            for (p, size) in row.iter_mut().flatten() {
                p.index_table = at;
                at = add(at, size[0])?;
            }
        }
        for row in pairs.iter_mut() {
            for (p, size) in row.iter_mut().flatten() {
                p.size_table = at;
                at = add(at, size[1])?;
            }
        }
        for row in pairs.iter_mut() {
            for (p, size) in row.iter_mut().flatten() {
                if size[2] > 0 {
                    at = (at + 0x3f) & !0x3f;
                }
                p.data = at;
                at = add(at, size[2])?;
            }
        }
        if at > bytes.len() {
            return Err("the file is shorter than its header says (truncated?)");
        }

        let subtables = encs
            .into_iter()
            .zip(pairs)
            .zip(dtz_maps)
            .map(|((enc, pair), dtz_map)| {
                let [we, be] = enc;
                let [wp, bp] = pair;
                let join = |e: Option<(EncInfo, u64)>, p: Option<SizedPairs>| {
                    e.zip(p).map(|((enc, size), (pairs, _))| SubTable {
                        enc,
                        size,
                        pairs,
                        dtz_map,
                    })
                };
                [join(we, wp), join(be, bp)]
            })
            .collect();
        Ok(Table {
            bytes,
            num,
            has_pawns,
            kk_enc,
            pawns,
            subtables,
        })
    }

    /// The raw value at `idx` of a sub-table: two bytes.
    pub(super) fn value(&self, sub: &SubTable, idx: u64) -> Result<[u8; 2], Corrupt> {
        if idx >= sub.size {
            return Err("an index lies outside the table");
        }
        decompress(&self.bytes, &sub.pairs, idx)
    }

    /// A DTZ value through the sub-table's map `m` (0-3).
    pub(super) fn dtz_mapped(&self, sub: &SubTable, m: usize, v: u32) -> Result<u32, Corrupt> {
        let base = sub.dtz_map[m];
        let v = v as usize;
        if sub.flags() & 16 == 0 {
            Ok(u32::from(byte_at(&self.bytes, base + v)?))
        } else {
            Ok(u32::from(u16_at(&self.bytes, base + 2 * v)?))
        }
    }
}

fn add(at: usize, size: u64) -> Result<usize, Corrupt> {
    usize::try_from(size)
        .ok()
        .and_then(|s| at.checked_add(s))
        .ok_or("a sub-table's size is impossible")
}

/// The header's piece codes must be those of the material, in groups.
fn check_pieces(pieces: &[u8], material: &Material) -> Result<(), Corrupt> {
    let mut counts = [0u8; 16];
    for &p in pieces {
        let slot = counts
            .get_mut(usize::from(p))
            .ok_or("a piece code is out of range")?;
        *slot += 1;
    }
    let mirrored = {
        let mut m = [0u8; 16];
        m[..8].copy_from_slice(&material.counts[8..]);
        m[8..].copy_from_slice(&material.counts[..8]);
        m
    };
    if counts != material.counts && counts != mirrored {
        return Err("the header's pieces are not the file's material");
    }
    Ok(())
}

fn setup_pairs(
    b: &[u8],
    at: &mut usize,
    tb_size: u64,
    kind: TableKind,
) -> Result<SizedPairs, Corrupt> {
    let d = *at;
    let flags = byte_at(b, d)?;
    if flags & 0x80 != 0 {
        let value = if kind == TableKind::Wdl {
            byte_at(b, d + 1)?
        } else {
            0
        };
        *at = d + 2;
        let pairs = PairsData {
            const_value: Some([value, 0]),
            block_size: 0,
            idx_bits: 0,
            min_len: 0,
            offsets: Vec::new(),
            base: Vec::new(),
            sym_len: Vec::new(),
            sym_pat: 0,
            index_table: 0,
            size_table: 0,
            data: 0,
            num_blocks: 0,
            num_indices: 0,
            flags,
        };
        return Ok((pairs, [0, 0, 0]));
    }
    let block_size = u32::from(byte_at(b, d + 1)?);
    let idx_bits = u32::from(byte_at(b, d + 2)?);
    let real_num_blocks = u64::from(u32_at(b, d + 4)?);
    let num_blocks = real_num_blocks + u64::from(byte_at(b, d + 3)?);
    let max_len = u32::from(byte_at(b, d + 8)?);
    let min_len = u32::from(byte_at(b, d + 9)?);
    if min_len == 0 || max_len < min_len || max_len > 64 || block_size > 32 {
        return Err("a sub-table's code lengths are impossible");
    }
    if idx_bits == 0 || idx_bits > 40 {
        return Err("a sub-table's index step is impossible");
    }
    let h = (max_len - min_len + 1) as usize;
    let offsets = (0..h)
        .map(|i| u16_at(b, d + 10 + 2 * i))
        .collect::<Result<Vec<_>, _>>()?;
    let num_syms = usize::from(u16_at(b, d + 10 + 2 * h)?);
    let sym_pat = d + 12 + 2 * h;
    *at = sym_pat + 3 * num_syms + (num_syms & 1);
    if *at > b.len() {
        return Err("a sub-table's symbols lie past the end of the file");
    }
    let sym_len = symbol_lengths(b, sym_pat, num_syms)?;

    let mut base = vec![0u64; h];
    for i in (0..h - 1).rev() {
        let v = i128::from(base[i + 1]) + i128::from(offsets[i]) - i128::from(offsets[i + 1]);
        if v < 0 {
            return Err("a sub-table's code table is impossible");
        }
        base[i] = u64::try_from(v / 2).map_err(|_| "a sub-table's code table is impossible")?;
    }
    for (i, v) in base.iter_mut().enumerate() {
        let shift = 64 - (min_len + i as u32);
        *v = v.checked_shl(shift).unwrap_or(0);
    }
    let num_indices = tb_size.div_ceil(1u64 << idx_bits);
    let sizes = [
        6 * num_indices,
        2 * num_blocks,
        real_num_blocks << block_size,
    ];
    let pairs = PairsData {
        const_value: None,
        block_size,
        idx_bits,
        min_len,
        offsets,
        base,
        sym_len,
        sym_pat,
        index_table: 0,
        size_table: 0,
        data: 0,
        num_blocks: usize::try_from(num_blocks).map_err(|_| "too many blocks")?,
        num_indices,
        flags,
    };
    Ok((pairs, sizes))
}

fn symbol_children(b: &[u8], sym_pat: usize, s: usize) -> Result<Option<(usize, usize)>, Corrupt> {
    let w = b
        .get(sym_pat + 3 * s..sym_pat + 3 * s + 3)
        .ok_or("a symbol lies past the end of the file")?;
    let s2 = (usize::from(w[2]) << 4) | (usize::from(w[1]) >> 4);
    if s2 == 0x0fff {
        return Ok(None);
    }
    let s1 = (usize::from(w[1] & 0x0f) << 8) | usize::from(w[0]);
    Ok(Some((s1, s2)))
}

/// How many values (less one) each symbol stands for; a symbol that
/// refers to itself or past the table is corruption.
fn symbol_lengths(b: &[u8], sym_pat: usize, num_syms: usize) -> Result<Vec<u32>, Corrupt> {
    const UNSEEN: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![UNSEEN; num_syms];
    let mut len = vec![0u32; num_syms];
    for root in 0..num_syms {
        if state[root] == DONE {
            continue;
        }
        let mut stack = vec![root];
        while let Some(&s) = stack.last() {
            match symbol_children(b, sym_pat, s)? {
                None => {
                    state[s] = DONE;
                    stack.pop();
                }
                Some((s1, s2)) => {
                    if s1 >= num_syms || s2 >= num_syms {
                        return Err("a symbol refers past the symbol table");
                    }
                    state[s] = OPEN;
                    let mut pending = false;
                    for child in [s1, s2] {
                        match state[child] {
                            UNSEEN => {
                                stack.push(child);
                                pending = true;
                            }
                            OPEN => return Err("a symbol refers to itself"),
                            _ => {}
                        }
                    }
                    if !pending {
                        len[s] = len[s1]
                            .checked_add(len[s2])
                            .and_then(|l| l.checked_add(1))
                            .filter(|&l| l < 1 << 20)
                            .ok_or("a symbol is too long")?;
                        state[s] = DONE;
                        stack.pop();
                    }
                }
            }
        }
    }
    Ok(len)
}

fn decompress(b: &[u8], d: &PairsData, idx: u64) -> Result<[u8; 2], Corrupt> {
    if let Some(v) = d.const_value {
        return Ok(v);
    }
    let main_idx = idx >> d.idx_bits;
    if main_idx >= d.num_indices {
        return Err("an index lies outside the table");
    }
    let mut lit_idx: i64 = (idx & ((1u64 << d.idx_bits) - 1)) as i64 - (1i64 << (d.idx_bits - 1));
    let entry = d.index_table + 6 * main_idx as usize;
    let mut block = u32_at(b, entry)? as usize;
    lit_idx += i64::from(u16_at(b, entry + 4)?);
    let size_of = |block: usize| -> Result<i64, Corrupt> {
        if block >= d.num_blocks {
            return Err("a block number lies outside the table");
        }
        Ok(i64::from(u16_at(b, d.size_table + 2 * block)?))
    };
    while lit_idx < 0 {
        block = block
            .checked_sub(1)
            .ok_or("a block number lies outside the table")?;
        lit_idx += size_of(block)? + 1;
    }
    while lit_idx > size_of(block)? {
        lit_idx -= size_of(block)? + 1;
        block += 1;
    }
    let mut ptr = (block << d.block_size)
        .checked_add(d.data)
        .ok_or("a block lies outside the table")?;
    if ptr >= b.len() {
        return Err("a block lies past the end of the file");
    }
    let mut code = be_at(b, ptr, 8);
    ptr += 8;
    let mut bit_cnt = 0u32;
    let h = d.base.len();
    let sym = loop {
        let mut l = 0usize;
        while code < d.base[l] {
            l += 1;
            if l >= h {
                return Err("a code is not in the code table");
            }
        }
        let len = d.min_len + l as u32;
        let sym = usize::from(d.offsets[l]) + ((code - d.base[l]) >> (64 - len)) as usize;
        let sym_len = i64::from(*d.sym_len.get(sym).ok_or("a code names no symbol")?);
        if lit_idx < sym_len + 1 {
            break sym;
        }
        lit_idx -= sym_len + 1;
        code = code.checked_shl(len).unwrap_or(0);
        bit_cnt += len;
        if bit_cnt >= 32 {
            bit_cnt -= 32;
            code |= be_at(b, ptr, 4) << bit_cnt;
            ptr += 4;
        }
    };
    let mut sym = sym;
    while d.sym_len[sym] != 0 {
        let (s1, s2) = symbol_children(b, d.sym_pat, sym)?.ok_or("a symbol's length is wrong")?;
        let left = i64::from(d.sym_len[s1]);
        if lit_idx < left + 1 {
            sym = s1;
        } else {
            lit_idx -= left + 1;
            sym = s2;
        }
    }
    let w = b
        .get(d.sym_pat + 3 * sym..d.sym_pat + 3 * sym + 2)
        .ok_or("a symbol lies past the end of the file")?;
    Ok([w[0], w[1]])
}
