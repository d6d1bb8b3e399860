//! Run skipping: after an edge into an accelerated state (Note
//! \[acceleration\] in the generator), the end of the run of bytes on which
//! the state loops to itself, found without reading transitions.
//!
//! The layout is memchr's: this file is the dispatch, which picks a
//! kernel per run ([`skip_accel`]); [`scalar`] holds the byte loops and
//! their block forms, which every target runs and the other kernels are
//! tested against; `x86` holds the SSE2 and SSSE3 kernels of the `simd`
//! feature (Note [SIMD runs]), the only code of the crate that may use
//! `unsafe`; [`ranges`] turns a set into the byte ranges the SSE2 kernel
//! compares with. An aarch64 (NEON) kernel would come later as
//! `aarch64.rs`, behind the same three `simd_*` functions below.

use crate::error::{corrupt, Error};
use crate::tables::{ByteSet, Escape, Tables};

mod ranges;
mod scalar;
#[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
#[allow(unsafe_code)]
mod x86;

#[cfg(test)]
mod tests;

/// The end of the run of accelerated set `k` that starts at `j`: the
/// index of the first byte at or after `j` that the run's state does not
/// loop on (Note \[acceleration\]), escapes included if the set has one
/// (Note [escape-aware runs]). `pos` locates a corrupt-tables error.
#[inline(always)]
pub(crate) fn skip_accel(
    t: &Tables<'_>,
    k: u16,
    input: &[u8],
    j: usize,
    pos: usize,
) -> Result<usize, Error> {
    // Note [acceleration]: no transition is read in the run, so the loop
    // has no load-to-load dependency through the state.
    let k = usize::from(k);
    if let Some(&esc) = t.accel_escapes.get(k).filter(|e| !e.is_none()) {
        return skip_escaped(t, k, esc, input, j, pos);
    }
    if let Some(end) = simd_rows(t.accel_nibbles, k, input, j) {
        // Note [SIMD runs], feature `simd`.
        return Ok(end);
    }
    Ok(match t.accel_lut {
        // Note [one byte table for the runs].
        Some(lut) if k < 8 => {
            let mask = 1 << k;
            scalar::skip_run_by(
                |b| lut[usize::from(b)] & mask != 0,
                |j| skip_long_run_lut(lut, mask, t.accels, input, j),
                input,
                j,
            )
        }
        _ => {
            let set = t.accels.get(k).ok_or(corrupt(pos))?;
            scalar::skip_run_by(
                |b| set.contains(b),
                |j| skip_long_run(set, input, j),
                input,
                j,
            )
        }
    })
}

/// A run of a set given as bit `mask` of `lut` (Note [one byte table for
/// the runs]) past its first [`scalar::SHORT_RUN`] bytes: sixteen bytes at
/// a time with SSSE3 or SSE2 if the `simd` feature is on and they apply
/// (Note [SIMD runs]), else in blocks of sixteen lookups. `accels` holds
/// the set as a bitmap too, as set `mask.trailing_zeros()`.
#[inline(never)]
fn skip_long_run_lut(
    lut: &[u8; 256],
    mask: u8,
    accels: &[ByteSet],
    input: &[u8],
    j: usize,
) -> usize {
    let set = accels.get(mask.trailing_zeros() as usize);
    if let Some(j) = set.and_then(|set| simd_set(set, input, j)) {
        return j;
    }
    scalar::long_run_lut(lut, mask, input, j)
}

/// A run of `set` past its first [`scalar::SHORT_RUN`] bytes: the `simd`
/// kernels if they apply, else Note [long runs].
#[inline(never)]
fn skip_long_run(set: &ByteSet, input: &[u8], j: usize) -> usize {
    if let Some(j) = simd_set(set, input, j) {
        return j;
    }
    scalar::long_run(set, input, j)
}

// Note [escape-aware runs]
//
// In `*( set / "%" HEXDIG HEXDIG )` (a query, a path segment, a host) a
// `%` would end a plain accelerated run: the driver reads `%` and two
// digits through the transition table, and the edge back into the run's
// state starts a new run, which pays a kernel's set-up for about a dozen
// bytes (on a 4 KiB query with an escape every sixteen bytes, `split` took
// longer than fluent-uri's parse; docs/BENCHMARKS.md, "Tried and kept").
// So the generator finds such loops in the minimized machine
// (`Tables::accel_escapes`, invariant 13: the run's state goes on `%` to
// P, P on every digit to Q, Q on every digit back, all without
// operations, and neither P nor Q accepts) and the run kernels step over a valid escape without leaving
// the run:
//
// - the byte loops are the plain ones; only a byte outside the set is
//   compared with `%`, and then the next two with the digits' set, so a
//   run without escapes costs what it did;
// - past `SHORT_RUN` bytes, blocks of sixteen, with one `and` per byte
//   over a byte table built for the run that marks the set's bytes with
//   two bits and `%` with one: the fold says whether every byte is in the
//   set or `%`, and whether there is no `%` (then the block costs what a
//   plain one does). A block with a `%` has its `%`s found with a
//   word-wise compare and their digits checked. Blocks advance by sixteen
//   whatever they hold (the next block's load must not wait for this
//   one's escapes), and an escape at offset 14 or 15 carries its digits
//   into the next block;
// - with SSSE3 (feature `simd`) the plain kernel runs first; only a run
//   that stops at a valid escape goes on in windows of 32 bytes, which
//   give the set's, the `%`s' and the digits' masks; a valid escape is a
//   `%` whose bits shifted by one and two are digits, and its three bytes
//   are covered. The two bytes after the window are tested one by one,
//   and the bytes of an escape that reach into the next window are
//   carried into its mask (windows advance by 32 whatever they hold, so
//   the next load does not wait for this window's masks). A window
//   without `%` skips the digits' masks.
//
// A `%` not followed by two digits ends the run on the `%`, where the
// byte loop over the transition table would have stopped reading the
// set: the driver then reads it, and its error or its state at the end of
// the input are the same as without escapes. Every offset before the end
// is either a byte of the set or a byte of a valid escape that starts at
// an offset of the run, so an escape is never entered half-way.

/// [`skip_accel`] for a set with an escape: see Note [escape-aware runs].
#[inline(always)]
fn skip_escaped(
    t: &Tables<'_>,
    k: usize,
    esc: Escape,
    input: &[u8],
    j: usize,
    pos: usize,
) -> Result<usize, Error> {
    let digits = t.accels.get(usize::from(esc.digits)).ok_or(corrupt(pos))?;
    if let Some(end) = simd_rows_escaped(t.accel_nibbles, k, esc, digits, input, j) {
        // Note [SIMD runs], feature `simd`.
        return Ok(end);
    }
    let digit = |b: u8| digits.contains(b);
    Ok(match t.accel_lut {
        Some(lut) if k < 8 => {
            let mask = 1u8 << k;
            scalar::skip_escaped_by(
                |b| lut[usize::from(b)] & mask != 0,
                esc.byte,
                digit,
                |j| scalar::skip_long_escaped_lut(lut, mask, esc.byte, digits, input, j),
                input,
                j,
            )
        }
        _ => {
            let set = t.accels.get(k).ok_or(corrupt(pos))?;
            scalar::skip_escaped_by(
                |b| set.contains(b),
                esc.byte,
                digit,
                |j| scalar::skip_long_escaped(set, esc.byte, digits, input, j),
                input,
                j,
            )
        }
    })
}

/// The index of the first byte at or after `j` that is not in `set`, or
/// `input.len()`; `None` where no SIMD path applies (without the feature,
/// off x86_64, or with neither SSSE3 nor few enough ranges).
#[inline]
fn simd_set(set: &ByteSet, input: &[u8], j: usize) -> Option<usize> {
    #[cfg(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2"))]
    {
        if x86::has_ssse3() {
            x86::skip_nibbles(&set.nibbles(), input, j)
        } else {
            ranges::Ranges::of(set).map(|r| x86::skip_ranges(&r, input, j))
        }
    }
    #[cfg(not(all(feature = "simd", target_arch = "x86_64", target_feature = "sse2")))]
    {
        let _ = (set, input, j);
        None
    }
}

/// [`simd_set`] for set `k` of `nibbles` ([`Tables::accel_nibbles`]), for
/// every run, short ones included; `None` without the feature, off
/// x86_64, without SSSE3, or if `nibbles` has no set `k`.
///
/// [`Tables::accel_nibbles`]: crate::Tables::accel_nibbles
#[inline(always)]
fn simd_rows(nibbles: &[[u8; 32]], k: usize, input: &[u8], j: usize) -> Option<usize> {
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

/// [`simd_rows`] for set `k` of `nibbles` whose runs step over `esc`
/// (Note [escape-aware runs]): `digits` is the digits' set,
/// whose rows are `nibbles[esc.digits]`. The plain kernel up to the first
/// byte outside the set; if that begins a valid escape, the escape-aware
/// windows from there. `None` where [`simd_rows`] is.
#[inline(always)]
fn simd_rows_escaped(
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
        if input.get(end) != Some(&esc.byte) || !scalar::digits_follow(digit, input, end) {
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
