//! Edge weights for the pairing matching: any integer type with the few
//! operations the blossom algorithm needs (`Weight`), and `Wide`, a signed
//! fixed-width integer of `N` 64-bit words. The Dutch criteria are ranked
//! strictly one above the other, so a weight stacks one field per
//! criterion; a large bracket needs more bits than `i128` holds.

use std::cmp::Ordering;
use std::fmt::Debug;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// What the matching asks of a weight: exact addition and subtraction, an
/// order, zero, and halving (of even numbers).
pub trait Weight:
    Copy + Ord + Debug + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign
{
    const ZERO: Self;
    /// Half of an even number (rounds toward minus infinity otherwise).
    #[must_use]
    fn half(self) -> Self;
}

impl Weight for i128 {
    const ZERO: i128 = 0;
    fn half(self) -> i128 {
        self >> 1
    }
}

/// A signed integer of `N` 64-bit words, two's complement, least
/// significant word first. Overflow wraps; the pairing sizes its fields so
/// that sums stay far inside the range.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// A small non-negative number.
    #[must_use]
    pub fn from_u64(x: u64) -> Self {
        let mut w = [0; N];
        w[0] = x;
        Wide(w)
    }

    /// Shifted left by `bits` (0 <= bits < 64 * N).
    #[must_use]
    pub fn shifted(self, bits: usize) -> Self {
        let (words, rest) = (bits / 64, bits % 64);
        let mut out = [0u64; N];
        for i in (words..N).rev() {
            let lo = self.0[i - words];
            let mut v = lo << rest;
            if rest > 0 && i > words {
                v |= self.0[i - words - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    fn negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }
}

impl<const N: usize> Debug for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        for w in self.0.iter().rev() {
            write!(f, "{w:016x}")?;
        }
        write!(f, ")")
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        let mut out = [0u64; N];
        let mut carry = 0u128;
        for (i, slot) in out.iter_mut().enumerate() {
            let sum = u128::from(self.0[i]) + u128::from(o.0[i]) + carry;
            *slot = sum as u64;
            carry = sum >> 64;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        let mut out = [0u64; N];
        let mut borrow = 0u128;
        for (i, slot) in out.iter_mut().enumerate() {
            let diff = u128::from(self.0[i])
                .wrapping_sub(u128::from(o.0[i]))
                .wrapping_sub(borrow);
            *slot = diff as u64;
            borrow = (diff >> 64) & 1;
        }
        Wide(out)
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, o: Self) {
        *self = *self - o;
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, o: &Self) -> Ordering {
        match (self.negative(), o.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                other => return other,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < N {
                self.0[i + 1] << 63
            } else if self.negative() {
                1 << 63
            } else {
                0
            };
            *slot = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W = Wide<3>;

    fn of(x: i128) -> W {
        let u = x as u128;
        let top = if x < 0 { u64::MAX } else { 0 };
        Wide([u as u64, (u >> 64) as u64, top])
    }

    #[test]
    fn arithmetic_agrees_with_i128() {
        let xs: [i128; 7] = [0, 1, -1, 7, -8, 1 << 70, -(3 << 90)];
        for &a in &xs {
            for &b in &xs {
                assert_eq!(of(a) + of(b), of(a + b), "{a}+{b}");
                assert_eq!(of(a) - of(b), of(a - b), "{a}-{b}");
                assert_eq!(of(a).cmp(&of(b)), a.cmp(&b), "{a} vs {b}");
            }
            assert_eq!(of(a).half(), of(a >> 1), "{a}/2");
        }
        assert_eq!(W::from_u64(3).shifted(70), of(3 << 70));
        assert_eq!(W::from_u64(5).shifted(64), of(5 << 64));
        assert_eq!(W::from_u64(1).shifted(130), Wide([0, 0, 4]));
    }
}
