//! Runs skipped sixteen bytes at a time (feature `simd`, x86_64): see
//! Note [SIMD runs]. This is the only module of the crate that may use
//! `unsafe`, and only with the feature on.

// Note [SIMD runs]
//
// The byte loops cost about four instructions per byte of a run, and the
// loop's exit, where the run ends, is a mispredicted branch: about two per
// kasztp URL in `validate` (cachegrind). With the `simd` feature on x86_64:
//
// - SSSE3, detected once with `cpuid` (or known at compile time): every
//   run, short or long, is tested sixteen bytes at a time with the set's
//   two 16-byte nibble tables (`Tables::accel_nibbles`, built with the
//   tables by `ByteSet::nibbles`). For each byte, `pshufb` looks up the
//   row of its low nibble and the bit of its high nibble; their `and` is
//   zero when the byte is outside the set (two more shuffles for sets with
//   bytes from 0x80 on). `movemask` and `trailing_ones` give the run's end
//   with no branch per byte: the loop's exit is a block's test, which
//   mostly goes the same way (short runs end in their first block).
// - SSE2 only (every x86_64 CPU; rare without SSSE3): runs past their
//   first `SHORT_RUN` bytes, if the set is a union of at most `MAX_RANGES`
//   ranges. Byte `b` is in `lo..=hi` when `(b - lo) mod 256 < hi - lo + 1`:
//   a wrapping add and a signed compare after shifting both sides by 128
//   (`Ranges`, computed from the set when the run turns long). A query's
//   bytes are 8 ranges: `!`, `$`, `&`..`;`, `=`, `?`..`Z`, `_`, `a`..`z`, `~`.
//
// A block is loaded as two `u64`s, which the compiler merges into one
// unaligned load; the last bytes of an input are tested as the input's
// last sixteen with the bits before the run shifted out, and an input
// shorter than sixteen bytes is copied into a block. No intrinsic here
// takes a pointer, so inside a `#[target_feature]` function they are safe
// code. The `unsafe` is calling such a function from code without the
// attribute: for SSE2 the crate is compiled with the feature on (every
// x86_64 target has it); for SSSE3 `cpuid` said the CPU has it.
//
// Without the feature, off x86_64, or with empty `accel_nibbles`, the
// byte loops run as before. The answers are the byte loops': `tests`
// compares both paths with them on random sets, inputs and starting
// points; `.ci/run` runs the driver's tests with the feature, Miri runs
// this module's tests with and without SSSE3, and the fuzz targets are
// built with the feature.

// `Ranges` serves only the x86_64 path (and the tests).
#![cfg_attr(
    not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")),
    allow(dead_code)
)]

use crate::tables::{ByteSet, Escape};

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
    n: usize,
    /// `128 - lo`, wrapping.
    off: [u8; MAX_RANGES],
    /// `-128 + (hi - lo + 1)`.
    lim: [i8; MAX_RANGES],
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
    fn contains(&self, b: u8) -> bool {
        self.off
            .iter()
            .zip(&self.lim)
            .any(|(&off, &lim)| (b.wrapping_add(off) as i8) < lim)
    }
}

/// The index of the first byte at or after `j` that is not in `set`, or
/// `input.len()`; `None` where no SIMD path applies (without the feature,
/// off x86_64, or with neither SSSE3 nor few enough ranges).
#[inline]
pub(crate) fn skip_set(set: &ByteSet, input: &[u8], j: usize) -> Option<usize> {
    #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
    {
        if x86::has_ssse3() {
            x86::skip_nibbles(&set.nibbles(), input, j)
        } else {
            Ranges::of(set).map(|r| x86::skip_ranges(&r, input, j))
        }
    }
    #[cfg(not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (set, input, j);
        None
    }
}

/// [`skip_set`] for set `k` of `nibbles` ([`Tables::accel_nibbles`]), for
/// every run, short ones included; `None` without the feature, off
/// x86_64, without SSSE3, or if `nibbles` has no set `k`.
///
/// [`Tables::accel_nibbles`]: crate::Tables::accel_nibbles
#[inline(always)]
pub(crate) fn skip_rows(nibbles: &[[u8; 32]], k: usize, input: &[u8], j: usize) -> Option<usize> {
    #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
    {
        // `skip_nibbles` asks `has_ssse3` itself: once per run.
        x86::skip_nibbles(nibbles.get(k)?, input, j)
    }
    #[cfg(not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (nibbles, k, input, j);
        None
    }
}

/// [`skip_rows`] for set `k` of `nibbles` whose runs step over `esc`
/// (Note [escape-aware runs] in the driver): `digits` is the digits' set,
/// whose rows are `nibbles[esc.digits]`. The plain kernel up to the first
/// byte outside the set; if that begins a valid escape, the escape-aware
/// windows from there. `None` where [`skip_rows`] is.
#[inline(always)]
pub(crate) fn skip_rows_escaped(
    nibbles: &[[u8; 32]],
    k: usize,
    esc: Escape,
    digits: &ByteSet,
    input: &[u8],
    j: usize,
) -> Option<usize> {
    #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
    {
        // The plain kernel first: most runs end at a byte that is not an
        // escape's, and then this costs what a plain run does.
        let rows = nibbles.get(k)?;
        let end = x86::skip_nibbles(rows, input, j)?;
        let digit = |b: u8| digits.contains(b);
        if input.get(end) != Some(&esc.byte) || !crate::drive::digits_follow(digit, input, end) {
            return Some(end);
        }
        let digit_rows = nibbles.get(usize::from(esc.digits))?;
        x86::skip_nibbles_escaped(rows, digit_rows, esc.byte, digits, input, end)
    }
    #[cfg(not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (nibbles, k, esc, digits, input, j);
        None
    }
}

#[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
#[allow(unsafe_code)]
mod x86 {
    use super::{Ranges, MAX_RANGES};
    use crate::tables::ByteSet;
    use core::arch::x86_64::{
        __cpuid, __m128i, _mm_add_epi8, _mm_and_si128, _mm_cmpeq_epi8, _mm_cmplt_epi8,
        _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8, _mm_set_epi64x, _mm_setzero_si128,
        _mm_shuffle_epi8, _mm_srli_epi16,
    };
    use core::sync::atomic::{AtomicU8, Ordering};

    /// Whether the CPU has SSSE3: known at compile time, or asked once with
    /// `cpuid` (leaf 1, ECX bit 9) and remembered. Miri cannot run `cpuid`:
    /// there only a compile-time `+ssse3` turns the path on.
    pub(super) fn has_ssse3() -> bool {
        static KNOWN: AtomicU8 = AtomicU8::new(0);
        if cfg!(target_feature = "ssse3") {
            return true;
        }
        if cfg!(miri) {
            return false;
        }
        match KNOWN.load(Ordering::Relaxed) {
            1 => false,
            2 => true,
            _ => {
                let yes = __cpuid(1).ecx & (1 << 9) != 0;
                KNOWN.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
                yes
            }
        }
    }

    /// [`super::skip_set`] with SSE2 and `r`.
    #[inline]
    pub(super) fn skip_ranges(r: &Ranges, input: &[u8], j: usize) -> usize {
        // SAFETY: `ranges_n` needs only SSE2, and this module is compiled
        // only with `target_feature = "sse2"`, which every x86_64 target
        // has: the feature is on for the whole crate, so the call cannot
        // reach an instruction the CPU lacks. The function takes no
        // pointers; everything it does is safe code.
        unsafe {
            match r.n {
                0..=2 => ranges_n::<2>(r, input, j),
                3..=4 => ranges_n::<4>(r, input, j),
                5..=6 => ranges_n::<6>(r, input, j),
                _ => ranges_n::<MAX_RANGES>(r, input, j),
            }
        }
    }

    /// [`super::skip_set`] with SSSE3 and the set's `rows`
    /// ([`ByteSet::nibbles`](crate::ByteSet::nibbles)); `None` without
    /// SSSE3.
    #[inline(always)]
    pub(super) fn skip_nibbles(rows: &[u8; 32], input: &[u8], j: usize) -> Option<usize> {
        if !has_ssse3() {
            return None;
        }
        // SAFETY: `has_ssse3` says the CPU has SSSE3 (from `cpuid`, or
        // because the crate is compiled for CPUs that all have it), which
        // is all `nibbles_n` needs. It takes no pointers; everything it
        // does is safe code.
        let (low, high) = rows.split_at(16);
        let (Some(low), Some(high)) = (low.first_chunk::<16>(), high.first_chunk::<16>()) else {
            return None;
        };
        Some(unsafe {
            if *high == [0; 16] {
                nibbles_n::<true>(low, high, input, j)
            } else {
                nibbles_n::<false>(low, high, input, j)
            }
        })
    }

    /// [`super::skip_rows_escaped`] with SSSE3: `rows` and `digit_rows`
    /// are the set's and the digits' nibble tables; `None` without SSSE3.
    #[inline(always)]
    pub(super) fn skip_nibbles_escaped(
        rows: &[u8; 32],
        digit_rows: &[u8; 32],
        byte: u8,
        digits: &ByteSet,
        input: &[u8],
        j: usize,
    ) -> Option<usize> {
        if !has_ssse3() {
            return None;
        }
        let ascii = rows.get(16..) == Some(&[0; 16]) && digit_rows.get(16..) == Some(&[0; 16]);
        // SAFETY: as in `skip_nibbles`: the CPU has SSSE3, and the
        // function takes no pointers.
        Some(unsafe {
            if ascii {
                escaped_n::<true>(rows, digit_rows, byte, digits, input, j)
            } else {
                escaped_n::<false>(rows, digit_rows, byte, digits, input, j)
            }
        })
    }

    /// The masks of a block for an escape-aware run: the bytes in the set
    /// and the escape's bytes (`classify`), and the digits (`digits`).
    struct Masks {
        set: u32,
        escape: u32,
        digit: u32,
    }

    /// The escape-aware skipping loop (Note [escape-aware runs] in the
    /// driver): windows of 32 bytes, then the input's last 32 with the
    /// bits before `j` dropped.
    /// `classify` gives a block's set and escape masks, `digits` its digit
    /// mask, `digit` tests one byte.
    #[inline(always)]
    fn windows(
        classify: impl Fn(&[u8; 16]) -> (u32, u32),
        digits_of: impl Fn(&[u8; 16]) -> u32,
        digit: impl Fn(u8) -> bool,
        input: &[u8],
        mut j: usize,
    ) -> usize {
        if j >= input.len() {
            return j;
        }
        let digit_at = |i: usize| u64::from(input.get(i).is_some_and(|&b| digit(b)));
        // The escapes of a window that start at bit `from` or later, and
        // the bytes they cover (bits 32 and 33: the next window's first
        // two).
        let covered = |m: &Masks, digits: u64, from: u32| {
            let starts = u64::from(m.escape) & (digits >> 1) & (digits >> 2) & (u64::MAX << from);
            starts | starts << 1 | starts << 2
        };
        // The bytes at the start of this window that an escape of the one
        // before covers (bits 0 and 1). Windows advance by 32 whatever
        // they hold, so the next window's load does not wait for this
        // one's masks.
        let mut carry = 0u32;
        while let Some(window) = input.get(j..).and_then(|rest| rest.first_chunk::<32>()) {
            let (Some(a), Some(b)) = (window.first_chunk::<16>(), window.last_chunk::<16>()) else {
                break;
            };
            let ((sa, ea), (sb, eb)) = (classify(a), classify(b));
            let set = sa | sb << 16;
            let escape = ea | eb << 16;
            let after = j.wrapping_add(32);
            let carry_in = carry;
            let ok = if escape == 0 {
                carry = 0;
                set | carry_in
            } else {
                let m = Masks {
                    set,
                    escape,
                    digit: digits_of(a) | digits_of(b) << 16,
                };
                let digits = u64::from(m.digit)
                    | digit_at(after) << 32
                    | digit_at(after.wrapping_add(1)) << 33;
                let cov = covered(&m, digits, 0);
                carry = (cov >> 32) as u32;
                (u64::from(set) | cov) as u32 | carry_in
            };
            if ok != u32::MAX {
                return j.wrapping_add(ok.trailing_ones() as usize);
            }
            // `j + 32 <= input.len()`.
            j = after;
        }
        // An escape at the end of the last window covers one or two bytes
        // after it, which are in the input.
        j = j.wrapping_add(carry.trailing_ones() as usize);
        if j >= input.len() {
            return j;
        }
        // Fewer than 32 bytes are left: the input's last 32, or the rest
        // copied into a zeroed window; nothing after the input counts.
        let (window, from) = match input.len().checked_sub(32) {
            Some(start) => match input.get(start..).and_then(|r| r.first_chunk::<32>()) {
                Some(w) => (*w, j.wrapping_sub(start) as u32 & 31),
                None => return j,
            },
            None => {
                let mut w = [0u8; 32];
                let rest = input.get(j..).unwrap_or_default();
                for (slot, &b) in w.iter_mut().zip(rest) {
                    *slot = b;
                }
                (w, 0)
            }
        };
        let (Some(a), Some(b)) = (window.first_chunk::<16>(), window.last_chunk::<16>()) else {
            return j;
        };
        let ((sa, ea), (sb, eb)) = (classify(a), classify(b));
        let mut m = Masks {
            set: sa | sb << 16,
            escape: ea | eb << 16,
            digit: digits_of(a) | digits_of(b) << 16,
        };
        // The window's bytes that are input: from `from` (all 32 when it
        // is the input's last 32, at most 31 from `j` when copied).
        let live = match u32::try_from(input.len().wrapping_sub(j)) {
            Ok(n) if from == 0 && n < 32 => (1u32 << n) - 1,
            _ => u32::MAX,
        };
        m.set &= live;
        m.escape &= live;
        m.digit &= live;
        let cov = covered(&m, u64::from(m.digit), from);
        let ok = (u64::from(m.set) | cov) as u32;
        j.wrapping_add((ok >> from).trailing_ones() as usize)
    }

    #[target_feature(enable = "ssse3")]
    fn escaped_n<const ASCII: bool>(
        rows: &[u8; 32],
        digit_rows: &[u8; 32],
        byte: u8,
        digits: &ByteSet,
        input: &[u8],
        j: usize,
    ) -> usize {
        let split = |r: &[u8; 32]| {
            let (low, high) = r.split_at(16);
            (
                load(low.first_chunk::<16>().unwrap_or(&[0; 16])),
                load(high.first_chunk::<16>().unwrap_or(&[0; 16])),
            )
        };
        let (low, high) = split(rows);
        let (dlow, dhigh) = split(digit_rows);
        let bits_low = load(&[1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0]);
        let bits_high = load(&[0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128]);
        let nibble = _mm_set1_epi8(15);
        let zero = _mm_setzero_si128();
        let escape = _mm_set1_epi8(byte as i8);
        // Bits set for the bytes of `block` in the set with rows
        // `(low, high)`.
        let member = |x: __m128i, low: __m128i, high: __m128i| {
            let l = _mm_and_si128(x, nibble);
            let h = _mm_and_si128(_mm_srli_epi16(x, 4), nibble);
            let mut hit = _mm_and_si128(_mm_shuffle_epi8(low, l), _mm_shuffle_epi8(bits_low, h));
            if !ASCII {
                let more = _mm_and_si128(_mm_shuffle_epi8(high, l), _mm_shuffle_epi8(bits_high, h));
                hit = _mm_or_si128(hit, more);
            }
            !(_mm_movemask_epi8(_mm_cmpeq_epi8(hit, zero)) as u32) & 0xFFFF
        };
        windows(
            |block| {
                let x = load(block);
                (
                    member(x, low, high),
                    _mm_movemask_epi8(_mm_cmpeq_epi8(x, escape)) as u32,
                )
            },
            |block| member(load(block), dlow, dhigh),
            |b| digits.contains(b),
            input,
            j,
        )
    }

    /// Sixteen bytes as a vector: two `u64` loads that the compiler merges
    /// into one.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn load(block: &[u8; 16]) -> __m128i {
        let (lo, hi) = block.split_at(8);
        let lo = lo.first_chunk::<8>().copied().unwrap_or_default();
        let hi = hi.first_chunk::<8>().copied().unwrap_or_default();
        _mm_set_epi64x(i64::from_le_bytes(hi), i64::from_le_bytes(lo))
    }

    /// The skipping loop, for a `members` that gives bit `i` for each byte
    /// `i` of a block in the set: the index of the first byte at or after
    /// `j` that is not, or `input.len()`.
    #[inline(always)]
    fn blocks(members: impl Fn(&[u8; 16]) -> u32, input: &[u8], mut j: usize) -> usize {
        // Two blocks per turn, one branch.
        while let Some(pair) = input.get(j..).and_then(|rest| rest.first_chunk::<32>()) {
            let (Some(a), Some(b)) = (pair.first_chunk::<16>(), pair.last_chunk::<16>()) else {
                break;
            };
            let m = members(a) | members(b) << 16;
            if m != u32::MAX {
                return j.wrapping_add(m.trailing_ones() as usize);
            }
            // `j + 32 <= input.len()`.
            j = j.wrapping_add(32);
        }
        if let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<16>()) {
            let m = members(block);
            if m != 0xFFFF {
                return j.wrapping_add(m.trailing_ones() as usize);
            }
            j = j.wrapping_add(16);
        }
        // Fewer than sixteen bytes are left: test the input's last sixteen
        // and drop the bits before `j`. The bits shifted in are zero, so
        // the count stops at the input's end.
        if j >= input.len() {
            return j;
        }
        let last = input
            .len()
            .checked_sub(16)
            .and_then(|start| Some((start, input.get(start..)?.first_chunk::<16>()?)));
        match last {
            Some((start, block)) => {
                let shift = j.wrapping_sub(start) & 15;
                j.wrapping_add((members(block) >> shift).trailing_ones() as usize)
            }
            // An input shorter than sixteen bytes: copy it into a block
            // (the bytes after it are not counted, as above).
            None => {
                let mut block = [0u8; 16];
                let rest = input.get(j..).unwrap_or_default();
                for (slot, &b) in block.iter_mut().zip(rest) {
                    *slot = b;
                }
                let m = members(&block) & ((1u32 << rest.len().min(16)) - 1);
                j.wrapping_add(m.trailing_ones() as usize)
            }
        }
    }

    /// The compare's constants for `N` ranges.
    struct Consts<const N: usize> {
        off: [__m128i; N],
        lim: [__m128i; N],
    }

    #[target_feature(enable = "sse2")]
    fn ranges_n<const N: usize>(r: &Ranges, input: &[u8], j: usize) -> usize {
        let mut c = Consts::<N> {
            off: [_mm_setzero_si128(); N],
            lim: [_mm_set1_epi8(i8::MIN); N],
        };
        for k in 0..N {
            if let (Some(o), Some(&off), Some(l), Some(&lim)) = (
                c.off.get_mut(k),
                r.off.get(k),
                c.lim.get_mut(k),
                r.lim.get(k),
            ) {
                *o = _mm_set1_epi8(off as i8);
                *l = _mm_set1_epi8(lim);
            }
        }
        blocks(
            |block| {
                let x = load(block);
                let mut any = _mm_setzero_si128();
                for (&off, &lim) in c.off.iter().zip(&c.lim) {
                    any = _mm_or_si128(any, _mm_cmplt_epi8(_mm_add_epi8(x, off), lim));
                }
                _mm_movemask_epi8(any) as u32
            },
            input,
            j,
        )
    }

    #[target_feature(enable = "ssse3")]
    fn nibbles_n<const ASCII: bool>(
        low: &[u8; 16],
        high: &[u8; 16],
        input: &[u8],
        j: usize,
    ) -> usize {
        let low = load(low);
        let high = load(high);
        // Bit `h` for a high nibble `h` below 8 (`bits_low`), bit `h - 8`
        // from 8 on (`bits_high`); zero elsewhere.
        let bits_low = load(&[1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0]);
        let bits_high = load(&[0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128]);
        let nibble = _mm_set1_epi8(15);
        let zero = _mm_setzero_si128();
        blocks(
            |block| {
                let x = load(block);
                let l = _mm_and_si128(x, nibble);
                let h = _mm_and_si128(_mm_srli_epi16(x, 4), nibble);
                let mut hit =
                    _mm_and_si128(_mm_shuffle_epi8(low, l), _mm_shuffle_epi8(bits_low, h));
                if !ASCII {
                    let more =
                        _mm_and_si128(_mm_shuffle_epi8(high, l), _mm_shuffle_epi8(bits_high, h));
                    hit = _mm_or_si128(hit, more);
                }
                // Bits set for the bytes outside the set.
                !(_mm_movemask_epi8(_mm_cmpeq_epi8(hit, zero)) as u32) & 0xFFFF
            },
            input,
            j,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*), so that a failure
    /// reproduces.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    /// A set of `ranges` random ranges.
    fn random_set(rng: &mut Rng, ranges: usize) -> ByteSet {
        let mut set = ByteSet([0; 4]);
        for _ in 0..ranges {
            let lo = (rng.next() % 256) as usize;
            let len = (rng.next() % 40) as usize;
            for b in lo..(lo + len + 1).min(256) {
                set.0[b / 64] |= 1 << (b % 64);
            }
        }
        set
    }

    #[test]
    fn ranges_hold_exactly_the_set() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut seen = [0usize; MAX_RANGES + 2];
        for i in 0..rounds(4000) {
            let set = random_set(&mut rng, i % 12);
            let count = (0..=256)
                .filter(|&b| {
                    (b < 256 && set.contains(b as u8)) && (b == 0 || !set.contains((b - 1) as u8))
                })
                .count();
            match Ranges::of(&set) {
                Some(r) => {
                    assert_eq!(r.n, count);
                    seen[r.n] += 1;
                    for b in 0..=255u8 {
                        assert_eq!(r.contains(b), set.contains(b), "byte {b:#x}");
                    }
                }
                None => {
                    assert!(count > MAX_RANGES, "{count} ranges refused");
                    seen[MAX_RANGES + 1] += 1;
                }
            }
        }
        // Every size was generated, and some sets were refused.
        // (Miri's few rounds need not meet every size.)
        assert!(cfg!(miri) || seen.iter().all(|&n| n > 0), "{seen:?}");
        // Every byte, and no byte.
        assert!(Ranges::of(&ByteSet([u64::MAX; 4])).is_none());
        assert_eq!(Ranges::of(&ByteSet([0; 4])).map(|r| r.n), Some(0));
        // The two ends of the byte range.
        let ends = ByteSet([1, 0, 0, 1 << 63]);
        let r = Ranges::of(&ends).expect("two ranges");
        assert_eq!(r.n, 2);
        assert!(r.contains(0) && r.contains(255) && !r.contains(1) && !r.contains(254));
    }

    #[test]
    fn nibbles_hold_exactly_the_set() {
        let mut rng = Rng(0x5851_f42d_4c95_7f2d);
        for i in 0..rounds(2000) {
            let mut set = random_set(&mut rng, i % 12);
            if i % 3 == 0 {
                // ASCII only.
                set.0[2] = 0;
                set.0[3] = 0;
            }
            let n = set.nibbles();
            for b in 0..=255u8 {
                let row = n[usize::from(b >> 7) * 16 + usize::from(b & 15)];
                assert_eq!(
                    row >> ((b >> 4) & 7) & 1 != 0,
                    set.contains(b),
                    "byte {b:#x}"
                );
            }
        }
    }

    /// Random inputs over `set`, mostly of its bytes so that runs are long,
    /// and every starting point: `skip` against the byte loop. Returns how
    /// many answers `skip` gave.
    fn against_the_byte_loop(
        rng: &mut Rng,
        set: &ByteSet,
        skip: impl Fn(&[u8], usize) -> Option<usize>,
    ) -> usize {
        let mut pool = [0u8; 256];
        let mut n = 0;
        for b in (0..=255u8).filter(|&b| set.contains(b)) {
            pool[n] = b;
            n += 1;
        }
        if n == 0 {
            return 0;
        }
        let mut buf = [0u8; 200];
        let len = (rng.next() % 200) as usize;
        for b in buf.iter_mut().take(len) {
            *b = if rng.next() % 50 == 0 {
                rng.next() as u8
            } else {
                pool[(rng.next() % n as u64) as usize]
            };
        }
        let input = &buf[..len];
        let mut answers = 0;
        for j in 0..=len + 1 {
            let expected = j + input
                .get(j..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| set.contains(**b))
                .count();
            if let Some(got) = skip(input, j) {
                assert_eq!(got, expected, "set {set:?}, input {input:?}, from {j}");
                answers += 1;
            }
        }
        answers
    }

    /// `n` rounds, or a three-hundredth of them under Miri, which is slow.
    fn rounds(n: usize) -> usize {
        if cfg!(miri) {
            n / 300
        } else {
            n
        }
    }

    /// Whether the SIMD paths are compiled in.
    const SIMD: bool = cfg!(all(
        feature = "simd",
        target_arch = "x86_64",
        target_feature = "sse2"
    ));

    /// SSE2 with ranges gives the byte loop's answer, every tail length
    /// and the inputs shorter than a block included.
    #[test]
    fn ranges_agree_with_the_byte_loop() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut answers = 0;
        for i in 0..rounds(3000) {
            let set = random_set(&mut rng, 1 + i % 9);
            let Some(r) = Ranges::of(&set) else { continue };
            answers += against_the_byte_loop(&mut rng, &set, |input, j| {
                #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
                return Some(x86::skip_ranges(&r, input, j));
                #[cfg(not(all(
                    feature = "simd",
                    target_arch = "x86_64",
                    target_feature = "sse2"
                )))]
                {
                    let _ = (&r, input, j);
                    None
                }
            });
        }
        assert_eq!(answers > rounds(3000) * 30, SIMD, "{answers} answers");
    }

    /// SSSE3 with nibble tables likewise, for ASCII sets and others.
    #[test]
    fn nibbles_agree_with_the_byte_loop() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut answers = 0;
        for i in 0..rounds(3000) {
            let mut set = random_set(&mut rng, 1 + i % 12);
            if i % 2 == 0 {
                set.0[2] = 0;
                set.0[3] = 0;
            }
            let n = [set.nibbles()];
            answers += against_the_byte_loop(&mut rng, &set, |input, j| {
                #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
                return skip_rows(&n, 0, input, j);
                #[cfg(not(all(
                    feature = "simd",
                    target_arch = "x86_64",
                    target_feature = "sse2"
                )))]
                {
                    let _ = (&n, input, j);
                    None
                }
            });
        }
        // Under Miri only a compile-time `+ssse3` turns the path on.
        let ssse3 = SIMD && (cfg!(target_feature = "ssse3") || !cfg!(miri));
        assert_eq!(
            answers > rounds(3000) * 30,
            ssse3,
            "{answers} answers; a CPU without SSSE3 cannot test this path"
        );
    }

    /// Escape-aware runs (Note [escape-aware runs] in the driver): the
    /// SSSE3 kernel against the byte loop, on inputs of the set's bytes,
    /// `%`, digits and other bytes, with escapes valid and not at every
    /// offset of a window, cut at every length, from every start.
    #[test]
    fn escaped_runs_agree_with_the_byte_loop() {
        let mut rng = Rng(0x0123_4567_89ab_cdef);
        let mut hex = ByteSet([0; 4]);
        for b in b"0123456789ABCDEFabcdef" {
            hex.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        let mut answers = 0;
        for i in 0..rounds(1500) {
            let mut set = random_set(&mut rng, 1 + i % 10);
            if i % 2 == 0 {
                set.0[2] = 0;
                set.0[3] = 0;
            }
            // The escape's byte is in neither set; the digits are hex, or
            // random for some rounds.
            let digits = if i % 5 == 0 {
                random_set(&mut rng, 2)
            } else {
                hex
            };
            let byte = (0..=255u8)
                .cycle()
                .skip((rng.next() % 256) as usize)
                .take(256)
                .find(|&b| !set.contains(b) && !digits.contains(b));
            let Some(byte) = byte else { continue };
            let mut pool = [[0u8; 256]; 2];
            let mut counts = [0usize; 2];
            for (k, within) in [set, digits].iter().enumerate() {
                for b in (0..=255u8).filter(|&b| within.contains(b)) {
                    pool[k][counts[k]] = b;
                    counts[k] += 1;
                }
            }
            if counts.contains(&0) {
                continue;
            }
            let mut buf = [0u8; 120];
            let len = (rng.next() % 120) as usize;
            let mut n = 0;
            while n < len {
                let r = rng.next() % 100;
                let pick =
                    |rng: &mut Rng, k: usize| pool[k][(rng.next() % counts[k] as u64) as usize];
                let piece: [Option<u8>; 3] = match r {
                    0..=59 => [Some(pick(&mut rng, 0)), None, None],
                    60..=84 => [Some(byte), Some(pick(&mut rng, 1)), Some(pick(&mut rng, 1))],
                    85..=89 => [Some(byte), Some(pick(&mut rng, 1)), None],
                    90..=94 => [Some(pick(&mut rng, 1)), None, None],
                    _ => [Some(rng.next() as u8), None, None],
                };
                for b in piece.into_iter().flatten() {
                    if n < len {
                        buf[n] = b;
                        n += 1;
                    }
                }
            }
            let input = &buf[..len];
            let rows = [set.nibbles(), digits.nibbles()];
            let esc = Escape { byte, digits: 1 };
            for j in 0..=len + 1 {
                let expected = crate::drive::finish_escaped(
                    |b| set.contains(b),
                    byte,
                    |b| digits.contains(b),
                    input,
                    j,
                );
                if let Some(got) = skip_rows_escaped(&rows, 0, esc, &digits, input, j) {
                    assert_eq!(
                        got, expected,
                        "set {set:?}, byte {byte}, input {input:?}, from {j}"
                    );
                    answers += 1;
                }
            }
        }
        let ssse3 = SIMD && (cfg!(target_feature = "ssse3") || !cfg!(miri));
        assert_eq!(
            answers > rounds(1500) * 20,
            ssse3,
            "{answers} answers; a CPU without SSSE3 cannot test this path"
        );
    }
}
