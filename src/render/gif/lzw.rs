//! The GIF flavour of LZW compression (variable code width, up to 12 bits,
//! least significant bit first), tuned for GIF frames that are mostly runs
//! of the transparent index: the dictionary is a dense table (one load per
//! input byte) that is reset by undoing only the entries it set, with the
//! children by the run byte in a small table of their own that stays in
//! the cache.

/// The largest code a GIF may use, plus one.
const MAX_CODES: usize = 4096;

/// A reusable encoder; its table takes 2 MB, so keep one per GIF.
pub(super) struct Lzw {
    /// `children[prefix * 256 + byte]`: the code for `prefix` followed by
    /// `byte`, or 0 for none (0 is never a code that gets added).
    children: Vec<u16>,
    /// `run_children[prefix]`: the child by the run byte (see
    /// [`Lzw::encode`]), kept apart from `children`.
    run_children: Vec<u16>,
    /// Entries set since the last reset: indices into `children`, or
    /// `RUN | prefix` for `run_children`.
    touched: Vec<u32>,
    /// `pow[k]`: the code of the run byte repeated k times (k >= 1).
    pow: Vec<u16>,
    /// `run_len[code]`: k when `code` is `pow[k]`, else 0.
    run_len: Vec<u16>,
}

/// Marks a `touched` entry of `run_children`.
const RUN: u32 = 1 << 31;

/// Packs codes into bytes, least significant bit first.
struct Bits<'a> {
    out: &'a mut Vec<u8>,
    acc: u64,
    n: u32,
}

impl Bits<'_> {
    #[inline]
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= u64::from(code) << self.n;
        self.n += width;
        while self.n >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.n -= 8;
        }
    }

    fn flush(&mut self) {
        if self.n > 0 {
            self.out.push(self.acc as u8);
            self.acc = 0;
            self.n = 0;
        }
    }
}

impl Lzw {
    pub(super) fn new() -> Lzw {
        Lzw {
            children: vec![0; MAX_CODES * 256],
            run_children: vec![0; MAX_CODES],
            touched: Vec::with_capacity(MAX_CODES),
            pow: Vec::with_capacity(MAX_CODES + 2),
            run_len: vec![0; MAX_CODES],
        }
    }

    /// Empties the dictionary (the single bytes stay implicit).
    fn reset(&mut self, run: u8) {
        for &i in &self.touched {
            if i & RUN == 0 {
                self.children[i as usize] = 0;
            } else {
                self.run_children[(i & !RUN) as usize] = 0;
            }
        }
        self.touched.clear();
        for &code in self.pow.iter().skip(1) {
            self.run_len[usize::from(code)] = 0;
        }
        self.pow.clear();
        self.pow.extend_from_slice(&[0, u16::from(run)]);
        self.run_len[usize::from(run)] = 1;
    }

    /// Encodes `data` (indices below `1 << min_code_size`) as a GIF image
    /// data stream: `out` receives the minimum code size byte, then the
    /// LZW bytes (not yet cut into sub-blocks).
    ///
    /// `run` is the byte most of the data is (the transparent index). Its
    /// runs cost per code written, not per byte: the dictionary's strings
    /// of that byte alone are `pow[1..]`, so a run extends the current one
    /// by arithmetic.
    pub(super) fn encode(&mut self, data: &[u8], min_code_size: u8, run: u8, out: &mut Vec<u8>) {
        let min = u32::from(min_code_size.clamp(2, 8));
        out.clear();
        out.push(min as u8);
        let clear = 1u16 << min;
        let mut st = State {
            bits: Bits { out, acc: 0, n: 0 },
            min,
            clear,
            width: min + 1,
            next: clear + 2,
            run,
        };
        self.reset(run);
        st.bits.put(clear, st.width);
        let Some(&first) = data.first() else {
            st.bits.put(clear + 1, st.width);
            st.bits.flush();
            return;
        };
        let mut prefix = u16::from(first);
        let mut i = 1;
        while i < data.len() {
            let byte = data[i];
            if byte == run {
                let k0 = usize::from(self.run_len[usize::from(prefix)]);
                if k0 > 0 {
                    // `prefix` is the run byte k0 times: take the whole run.
                    let len = data[i..]
                        .iter()
                        .position(|&b| b != run)
                        .unwrap_or(data.len() - i);
                    i += len;
                    let mut k = k0;
                    let mut left = len;
                    loop {
                        let step = (self.pow.len() - 1 - k).min(left);
                        k += step;
                        left -= step;
                        if left == 0 {
                            break;
                        }
                        // The longest run string and one more run byte:
                        // write it, add the longer string, start again.
                        let code = self.pow[k];
                        st.bits.put(code, st.width);
                        let new = st.next;
                        self.pow.push(new);
                        self.run_len[usize::from(new)] = (k + 1) as u16;
                        self.added(&mut st);
                        k = 1;
                        left -= 1;
                    }
                    prefix = self.pow[k];
                    continue;
                }
            }
            i += 1;
            let (table, slot, mark) = if byte == run {
                (&mut self.run_children, usize::from(prefix), RUN)
            } else {
                (
                    &mut self.children,
                    usize::from(prefix) * 256 + usize::from(byte),
                    0,
                )
            };
            let child = table[slot];
            if child != 0 {
                prefix = child;
                continue;
            }
            st.bits.put(prefix, st.width);
            table[slot] = st.next;
            self.touched.push(slot as u32 | mark);
            self.added(&mut st);
            prefix = u16::from(byte);
        }
        st.bits.put(prefix, st.width);
        // The decoder adds an entry after reading that last code.
        if u32::from(st.next) == 1 << st.width && st.width < 12 {
            st.width += 1;
        }
        st.bits.put(clear + 1, st.width);
        st.bits.flush();
    }

    /// Bookkeeping after an entry got code `st.next`: the decoder adds it
    /// after reading the next code and widens its codes once its table
    /// reaches `1 << width`; a full table starts over with a clear code.
    fn added(&mut self, st: &mut State<'_>) {
        if u32::from(st.next) == 1 << st.width && st.width < 12 {
            st.width += 1;
        }
        st.next += 1;
        if usize::from(st.next) == MAX_CODES {
            st.bits.put(st.clear, st.width);
            self.reset(st.run);
            st.width = st.min + 1;
            st.next = st.clear + 2;
        }
    }
}

/// The encoder's state within one stream.
struct State<'a> {
    bits: Bits<'a>,
    min: u32,
    clear: u16,
    width: u32,
    next: u16,
    run: u8,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wraps the stream in a one-frame GIF `w` pixels wide and decodes it
    /// with the `gif` crate.
    fn decode(stream: &[u8], len: usize, w: u16) -> Vec<u8> {
        let colours = 1usize << stream[0];
        let palette: Vec<u8> = (0..colours * 3).map(|i| i as u8).collect();
        let h = (len / usize::from(w)) as u16;
        let mut enc = ::gif::Encoder::new(Vec::new(), w, h, &palette).unwrap();
        let frame = ::gif::Frame {
            width: w,
            height: h,
            buffer: std::borrow::Cow::Borrowed(stream),
            ..::gif::Frame::default()
        };
        enc.write_lzw_pre_encoded_frame(&frame).unwrap();
        let bytes = enc.into_inner().unwrap();
        let mut opts = ::gif::DecodeOptions::new();
        opts.set_color_output(::gif::ColorOutput::Indexed);
        let mut dec = opts.read_info(&bytes[..]).unwrap();
        dec.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    #[test]
    fn round_trips_through_a_standard_decoder() {
        let mut lzw = Lzw::new();
        let mut out = Vec::new();
        let mut seed = 0x2545_f491_u32;
        let mut rand = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let mut cases: Vec<(Vec<u8>, u8)> = vec![
            (vec![1], 2),
            (vec![0, 1, 0, 1, 0, 1, 0, 1, 0, 1], 2),
            (vec![3; 100_000], 2),
            ((0..=255u8).cycle().take(70_000).collect(), 8),
        ];
        for min in [2u8, 4, 7, 8] {
            let colours = 1u32 << min;
            // Runs and noise, like frames of a board.
            let data: Vec<u8> = (0..60_000)
                .map(|i| {
                    if (i / 700) % 3 == 0 {
                        (colours - 1) as u8
                    } else {
                        (rand() % colours) as u8
                    }
                })
                .collect();
            cases.push((data, min));
        }
        for (data, min) in cases {
            lzw.encode(&data, min, (1u32 << min).wrapping_sub(1) as u8, &mut out);
            assert_eq!(out[0], min);
            let w = if data.len() % 1000 == 0 {
                1000
            } else {
                data.len() as u16
            };
            assert_eq!(
                decode(&out, data.len(), w),
                data,
                "min code size {min}, {} bytes",
                data.len()
            );
        }
    }
}
