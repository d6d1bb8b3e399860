//! Runs skipped sixteen bytes at a time on x86_64 (feature `simd`): the
//! SSE2 kernel over byte ranges and the SSSE3 kernels over nibble tables,
//! plain and escape-aware. This is the only module of the crate that may
//! use `unsafe`, and it is compiled only with the feature on, for x86_64
//! with SSE2; `runs/mod.rs` dispatches to it.

// Note [SIMD runs]
//
// The byte loops cost about four instructions per byte of a run, and the
// loop's exit, where the run ends, is a mispredicted branch: about two per
// kasztp URL in `validate` (cachegrind). With the `simd` feature (a default
// feature; `default-features = false` leaves it out) on x86_64:
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
// byte loops run as before. The answers are the byte loops': the tests
// compare both paths with them on random sets, inputs and starting
// points (`runs/tests.rs`); `.ci/run` runs the driver's tests with the
// feature, Miri runs the run kernels' tests with and without SSSE3, and
// the fuzz targets are built with the feature.
//
// Note [one first window]
//
// A kasztp URL has three runs (scheme, host, path), and the last one
// usually ends at the input's end, fewer than 32 bytes after its start.
// The loop below used to test pairs of blocks while 32 bytes were left,
// then one block while 16 were, then the input's last 16: three branches
// on how much input is left, which no predictor learns (cachegrind
// counted 1.8 mispredictions per URL on them in `validate`). Now a run
// that starts within the input's last 32 bytes (the last 16 for an input
// of 16 to 31) is one window, the input's last 32, with the bits before
// the run shifted out and a bit set past the input's end: its end is one
// `trailing_zeros`, whatever the length left. A run that starts earlier
// takes the pairs as before (long inputs: a query's runs), so that
// its first load does not wait for a `min`. The kernels give the bits of
// the bytes outside the set, so that no mask is inverted on the way.
// Its effect on kasztp `validate`: docs/BENCHMARKS.md, "Tried and kept".

use super::ranges::{Ranges, MAX_RANGES};
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

/// `simd_set` (in `runs/mod.rs`) with SSE2 and `r`.
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

/// `simd_set` (in `runs/mod.rs`) with SSSE3 and the set's `rows`
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

/// `simd_rows_escaped` (in `runs/mod.rs`) with SSSE3: `rows` and `digit_rows`
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
            let digits =
                u64::from(m.digit) | digit_at(after) << 32 | digit_at(after.wrapping_add(1)) << 33;
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

/// The skipping loop, for an `outside` that gives bit `i` for each byte
/// `i` of a block outside the set: the index of the first byte at or
/// after `j` that is outside, or `input.len()`.
#[inline(always)]
fn blocks(outside: impl Fn(&[u8; 16]) -> u32, input: &[u8], mut j: usize) -> usize {
    if j >= input.len() {
        return j;
    }
    // Note [one first window]: a run that starts in the input's last 32
    // bytes (16 for an input of 16 to 31) is tested as those bytes, with
    // the bits before `j` shifted out and a bit set past the input's end
    // (`j - last` is below the window's length, as `j < input.len()`).
    if let Some(last) = input.len().checked_sub(32) {
        if j > last {
            if let Some(window) = input.get(last..).and_then(|rest| rest.first_chunk::<32>()) {
                let (Some(a), Some(b)) = (window.first_chunk::<16>(), window.last_chunk::<16>())
                else {
                    return j;
                };
                let o = u64::from(outside(a) | outside(b) << 16) | 1 << 32;
                return j.wrapping_add(
                    o.wrapping_shr(j.wrapping_sub(last) as u32).trailing_zeros() as usize,
                );
            }
        }
    } else if let Some(last) = input.len().checked_sub(16) {
        let at = j.min(last);
        if let Some(block) = input.get(at..).and_then(|rest| rest.first_chunk::<16>()) {
            let o = outside(block) | 1 << 16;
            let n = o.wrapping_shr(j.wrapping_sub(at) as u32).trailing_zeros();
            if n < 16 {
                return j.wrapping_add(n as usize);
            }
            // `at == j`.
            j = j.wrapping_add(16);
        }
    }
    // Two blocks per turn, one branch (the chunks' pointer is the loop's
    // only induction variable).
    for pair in input.get(j..).unwrap_or_default().chunks_exact(32) {
        let (Some(a), Some(b)) = (pair.first_chunk::<16>(), pair.last_chunk::<16>()) else {
            break;
        };
        let o = outside(a) | outside(b) << 16;
        if o != 0 {
            return j.wrapping_add(o.trailing_zeros() as usize);
        }
        // `j + 32 <= input.len()`.
        j = j.wrapping_add(32);
    }
    if let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<16>()) {
        let o = outside(block);
        if o != 0 {
            return j.wrapping_add(o.trailing_zeros() as usize);
        }
        j = j.wrapping_add(16);
    }
    // Fewer than sixteen bytes are left: test the input's last sixteen,
    // drop the bits before `j` and stop the count at the input's end.
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
            j.wrapping_add(((outside(block) | 1 << 16) >> shift).trailing_zeros() as usize)
        }
        // An input shorter than sixteen bytes: copy it into a block
        // (the count stops at its end, as above).
        None => {
            let mut block = [0u8; 16];
            let rest = input.get(j..).unwrap_or_default();
            for (slot, &b) in block.iter_mut().zip(rest) {
                *slot = b;
            }
            let o = outside(&block) | 1u32 << rest.len().min(16);
            j.wrapping_add(o.trailing_zeros() as usize)
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
            // Bits set for the bytes outside every range.
            !(_mm_movemask_epi8(any) as u32) & 0xFFFF
        },
        input,
        j,
    )
}

#[target_feature(enable = "ssse3")]
fn nibbles_n<const ASCII: bool>(low: &[u8; 16], high: &[u8; 16], input: &[u8], j: usize) -> usize {
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
            let mut hit = _mm_and_si128(_mm_shuffle_epi8(low, l), _mm_shuffle_epi8(bits_low, h));
            if !ASCII {
                let more = _mm_and_si128(_mm_shuffle_epi8(high, l), _mm_shuffle_epi8(bits_high, h));
                hit = _mm_or_si128(hit, more);
            }
            // Bits set for the bytes outside the set.
            _mm_movemask_epi8(_mm_cmpeq_epi8(hit, zero)) as u32
        },
        input,
        j,
    )
}
