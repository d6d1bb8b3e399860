//! A byte set as at most [`MAX_RANGES`] ranges ([`Ranges`]), in the form
//! the SSE2 kernel of `runs/x86.rs` compares bytes with (Note [SIMD runs]).
//! Plain code, tested on every target.

// `Ranges` serves only the x86_64 path (and the tests).
#![cfg_attr(
    not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]

use crate::tables::ByteSet;

/// The most ranges a set may have for the SSE2 path: with more, a block
/// costs as much as sixteen table lookups.
pub(crate) const MAX_RANGES: usize = 8;

/// A byte set as at most [`MAX_RANGES`] ranges, in the form the compare
/// needs: byte `b` is in range `k` when `b.wrapping_add(off[k]) as i8 <
/// lim[k]`. Unused ranges have `off` 0 and `lim` `i8::MIN`, which no byte
/// is below.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ranges {
    /// How many ranges are used.
    pub(crate) n: usize,
    /// `128 - lo`, wrapping.
    pub(crate) off: [u8; MAX_RANGES],
    /// `-128 + (hi - lo + 1)`.
    pub(crate) lim: [i8; MAX_RANGES],
}

/// The first byte value at or after `from` (at most 256) whose membership in
/// `set` is `member`, or 256.
fn next_with(set: &ByteSet, from: usize, member: bool) -> usize {
    let mut w = from / 64;
    let mut mask = u64::MAX << (from % 64);
    while let Some(&word) = set.0.get(w) {
        let bits = if member { word } else { !word } & mask;
        if bits != 0 {
            return w * 64 + bits.trailing_zeros() as usize;
        }
        w += 1;
        mask = u64::MAX;
    }
    256
}

impl Ranges {
    /// `set` as ranges, or `None` if it has more than [`MAX_RANGES`] of
    /// them or holds every byte.
    pub(crate) fn of(set: &ByteSet) -> Option<Ranges> {
        let mut r = Ranges {
            n: 0,
            off: [0; MAX_RANGES],
            lim: [i8::MIN; MAX_RANGES],
        };
        let mut b = 0;
        loop {
            let lo = next_with(set, b, true);
            if lo >= 256 {
                return Some(r);
            }
            let hi = next_with(set, lo, false);
            // `lo < hi <= 256`: `len` is 1 to 256, and 256 (every byte)
            // has no `lim`.
            let len = i16::try_from(hi - lo).ok()?;
            *r.off.get_mut(r.n)? = 128u8.wrapping_sub(lo as u8);
            *r.lim.get_mut(r.n)? = i8::try_from(len - 128).ok()?;
            r.n += 1;
            b = hi;
        }
    }

    /// Whether `b` is in the set, as the SSE2 compare decides it.
    #[cfg(test)]
    pub(crate) fn contains(&self, b: u8) -> bool {
        self.off
            .iter()
            .zip(&self.lim)
            .any(|(&off, &lim)| (b.wrapping_add(off) as i8) < lim)
    }
}
