//! The byte loops of run skipping, on every target: the first
//! [`SHORT_RUN`] bytes of a run one at a time (most runs end there), then
//! blocks tested without a branch per byte (Note [long runs], Note [one
//! byte table for the runs]), and the same with escapes stepped over (Note
//! [escape-aware runs] in `runs/mod.rs`). [`finish_escaped`] and the plain
//! byte loop are the references the other kernels are tested against.

use crate::tables::ByteSet;
// Note [long runs]
//
// The first `SHORT_RUN` (64) bytes of a run are tested one at a time
// (`skip_run_by`): the kasztp URLs' runs are about ten bytes, and testing
// blocks from the start measured slower on them (with 16 instead of 64,
// cachegrind counted 2.5 more mispredictions per URL in `validate`, from
// the extra calls). After that (`long_run`), blocks of eight bytes are
// tested with their eight bit tests combined by `&`, without a branch
// between them, so the bytes are independent work and the loop branches
// once per block; past `LUT_AFTER` more bytes, a 256-byte table built from
// the set replaces the bit tests, in blocks of sixteen. A block that holds
// a byte outside the set is finished one byte at a time. On the 4 KiB
// query URI this took `split` from 2,157 to 1,362 ns (fluent-uri: 2,134,
// same run), at 3.8 instructions per byte (fluent-uri: 9.1; cachegrind).

/// The first [`SHORT_RUN`] bytes of a run one at a time with `contains`,
/// then `long` from where they stop, if the run and the input go on: the
/// index of the first byte at or after `j` that is not in the set (Note
/// [long runs]).
#[inline(always)]
pub(crate) fn skip_run_by(
    contains: impl Fn(u8) -> bool,
    long: impl FnOnce(usize) -> usize,
    input: &[u8],
    mut j: usize,
) -> usize {
    let end = input.len().min(j.saturating_add(SHORT_RUN));
    for &b in input.get(j..end).unwrap_or_default() {
        if !contains(b) {
            return j;
        }
        // `j < end <= input.len()`: wrapping never happens.
        j = j.wrapping_add(1);
    }
    if j < input.len() {
        long(j)
    } else {
        j
    }
}

// Note [one byte table for the runs]
//
// A run tested with the 256-bit set took nine instructions per byte (the
// word index, the word load, a bit test); on the kasztp URLs, whose bytes
// are 85 % inside such runs, that was half of `validate`. The generator
// therefore also emits `Tables::accel_lut`, one byte per byte value whose
// bit `k` says whether it is in set `k`, for the first eight sets (no
// built-in machine has more than eleven; the rest keep the bitmap): one
// load and one `test` per byte. Past `SHORT_RUN` bytes the same table is
// read sixteen bytes per block, combined with `&` and one branch per
// block, with no table to build first.

/// A run of the set given as bit `mask` of `lut` past its first
/// [`SHORT_RUN`] bytes, in blocks of sixteen lookups, then one byte at a
/// time (Note [one byte table for the runs]).
#[inline(always)]
pub(crate) fn long_run_lut(lut: &[u8; 256], mask: u8, input: &[u8], j: usize) -> usize {
    let j = lut_blocks(lut, mask, input, j);
    finish_by(|b| lut[usize::from(b)] & mask != 0, input, j)
}

/// Whole blocks of sixteen bytes whose `lut` entries all have `mask` set:
/// the index after the last such block from `j`.
#[inline(always)]
fn lut_blocks(lut: &[u8; 256], mask: u8, input: &[u8], mut j: usize) -> usize {
    while let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<16>()) {
        let all = block.iter().fold(mask, |all, &b| all & lut[usize::from(b)]);
        if all == 0 {
            break;
        }
        // A whole block lies at `j..j + 16` in `input`.
        j = j.wrapping_add(16);
    }
    j
}

/// How many bytes of a run [`skip_run_by`] tests one at a time.
pub(crate) const SHORT_RUN: usize = 64;

/// A run of `set` past its first [`SHORT_RUN`] bytes: see Note [long
/// runs].
#[inline(always)]
pub(crate) fn long_run(set: &ByteSet, input: &[u8], mut j: usize) -> usize {
    // Blocks of eight with the bitmap, for up to `LUT_AFTER` bytes.
    let bitmap_end = j.saturating_add(LUT_AFTER);
    while let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<8>()) {
        let all = block.iter().fold(true, |all, &b| all & set.contains(b));
        if !all {
            break;
        }
        // A whole block lies at `j..j + 8` in `input`.
        j = j.wrapping_add(8);
        if j >= bitmap_end {
            // A long run: a 256-byte table costs about 800 instructions
            // to build and halves the work per byte.
            let mut lut = [0u8; 256];
            for (b, slot) in lut.iter_mut().enumerate() {
                *slot = u8::from(set.contains(b as u8));
            }
            j = lut_blocks(&lut, 1, input, j);
            break;
        }
    }
    finish_by(|b| set.contains(b), input, j)
}

/// After how many bytes of a run [`long_run`] switches to a byte
/// table.
pub(crate) const LUT_AFTER: usize = 128;

/// The end of a run that the block loops narrowed down, one byte at a
/// time.
#[inline(always)]
fn finish_by(contains: impl Fn(u8) -> bool, input: &[u8], mut j: usize) -> usize {
    while let Some(&b) = input.get(j) {
        if !contains(b) {
            break;
        }
        j = j.wrapping_add(1);
    }
    j
}

/// Whether the escape that begins at `p` is valid: two digits follow it.
#[inline(always)]
pub(crate) fn digits_follow(digit: impl Fn(u8) -> bool, input: &[u8], p: usize) -> bool {
    match input
        .get(p.wrapping_add(1)..)
        .and_then(|r| r.first_chunk::<2>())
    {
        Some(&[a, b]) => digit(a) & digit(b),
        None => false,
    }
}

/// [`skip_run_by`] with escapes: the first [`SHORT_RUN`] bytes one at a
/// time with `member` (the set), the escape's `byte` and two digits
/// tested only where a byte is not in the set, then `long`.
#[inline(always)]
pub(crate) fn skip_escaped_by(
    member: impl Fn(u8) -> bool,
    byte: u8,
    digit: impl Fn(u8) -> bool + Copy,
    long: impl FnOnce(usize) -> usize,
    input: &[u8],
    mut j: usize,
) -> usize {
    let end = input.len().min(j.saturating_add(SHORT_RUN));
    // The plain loop of a run, then at the byte that stops it, an escape.
    while let Some(rest) = input.get(j..end) {
        for &b in rest {
            if !member(b) {
                break;
            }
            // `j < end <= input.len()`: wrapping never happens.
            j = j.wrapping_add(1);
        }
        match input.get(j) {
            Some(&b) if j < end => {
                if b != byte || !digits_follow(digit, input, j) {
                    return j;
                }
                // Two bytes follow `j`: no overflow.
                j = j.wrapping_add(3);
            }
            _ => break,
        }
    }
    if j < input.len() {
        long(j)
    } else {
        j
    }
}

/// The end of an escape-aware run from `j`, one byte (or one escape) at a
/// time: `member` is the set. The reference the other kernels are tested
/// against.
#[inline(always)]
pub(crate) fn finish_escaped(
    member: impl Fn(u8) -> bool,
    byte: u8,
    digit: impl Fn(u8) -> bool + Copy,
    input: &[u8],
    mut j: usize,
) -> usize {
    while let Some(&b) = input.get(j) {
        if member(b) {
            j = j.wrapping_add(1);
        } else if b == byte && digits_follow(digit, input, j) {
            j = j.wrapping_add(3);
        } else {
            break;
        }
    }
    j
}

/// One bit per byte of `word` (little-endian) that equals the byte that
/// `pattern` repeats, in bits 0 to 7.
#[inline(always)]
fn bytes_equal(word: u64, pattern: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ pattern;
    // The high bit of each zero byte of `x`, exactly (no borrow between
    // bytes): `(x & 0x7f) + 0x7f` sets it for a non-zero low part.
    let zero = !((x & LOW7).wrapping_add(LOW7) | x | LOW7);
    // Gather the eight high bits into the top byte.
    ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The escape-aware run (`skip_escaped` in `runs/mod.rs`) past its first
/// [`SHORT_RUN`] bytes, for a set given
/// as bit `mask` of `lut`: blocks of sixteen (Note [escape-aware runs]),
/// then one byte at a time.
#[inline(never)]
pub(crate) fn skip_long_escaped_lut(
    lut: &[u8; 256],
    mask: u8,
    byte: u8,
    digits: &ByteSet,
    input: &[u8],
    j: usize,
) -> usize {
    let mut blocks = [0u8; 256];
    for (slot, &bits) in blocks.iter_mut().zip(lut) {
        *slot = if bits & mask != 0 { IN_SET } else { 0 };
    }
    skip_escaped_blocks(&blocks, byte, digits, input, j)
}

/// [`skip_long_escaped_lut`] for a set without a bit in
/// [`Tables::accel_lut`](crate::Tables::accel_lut).
#[inline(never)]
pub(crate) fn skip_long_escaped(
    set: &ByteSet,
    byte: u8,
    digits: &ByteSet,
    input: &[u8],
    j: usize,
) -> usize {
    let mut blocks = [0u8; 256];
    for (b, slot) in blocks.iter_mut().enumerate() {
        *slot = if set.contains(b as u8) { IN_SET } else { 0 };
    }
    skip_escaped_blocks(&blocks, byte, digits, input, j)
}

/// An entry of the table of [`skip_escaped_blocks`]: a byte of the set.
const IN_SET: u8 = 3;
/// An entry of the table of [`skip_escaped_blocks`]: the escape's byte.
const ESCAPE: u8 = 1;

/// The blocks of sixteen of an escape-aware run (Note [escape-aware
/// runs]), then one byte at a time. `blocks` holds [`IN_SET`] for the
/// set's bytes and `0` for the others; the escape's byte is added here.
/// One `and` per byte over it says both whether every byte of a block is
/// in the set or `%` (bit 0) and whether there is no `%` (bit 1), so a
/// block without escapes costs what it costs in a plain run.
#[inline(always)]
fn skip_escaped_blocks(
    blocks: &[u8; 256],
    byte: u8,
    digits: &ByteSet,
    input: &[u8],
    mut j: usize,
) -> usize {
    let mut table = *blocks;
    table[usize::from(byte)] = ESCAPE;
    let digit = |b: u8| digits.contains(b);
    let pattern = u64::from_ne_bytes([byte; 8]);
    let word = |h: &[u8]| u64::from_le_bytes(h.first_chunk::<8>().copied().unwrap_or_default());
    // The digits of an escape that began in the block before, at the start
    // of this one (0 to 2). Blocks advance by sixteen whatever their
    // escapes, so the next block's load does not wait for this one's.
    let mut carry = 0;
    while let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<16>()) {
        let all = block
            .iter()
            .fold(IN_SET, |all, &b| all & table[usize::from(b)]);
        if all & ESCAPE == 0 {
            break;
        }
        carry = 0;
        if all != IN_SET {
            // Every byte is in the set or `%`: check the escapes.
            let (lo, hi) = block.split_at(8);
            let escapes = bytes_equal(word(lo), pattern) | bytes_equal(word(hi), pattern) << 8;
            let mut rest = escapes;
            while rest != 0 {
                let p = j.wrapping_add(rest.trailing_zeros() as usize);
                if !digits_follow(digit, input, p) {
                    // Everything before `p` is in the run.
                    return p;
                }
                rest &= rest - 1;
            }
            // A valid escape at offset 14 or 15 has one or two digits in
            // the next block (a digit is never `%`: one bit at most).
            carry = (escapes >> 14 & 3) as usize;
        }
        // A whole block lies at `j..j + 16` in `input`.
        j = j.wrapping_add(16);
    }
    // The carried digits are in the input (`digits_follow` saw them).
    let member = |b: u8| blocks[usize::from(b)] != 0;
    finish_escaped(member, byte, digit, input, j.wrapping_add(carry))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    fn set_of(bytes: impl IntoIterator<Item = u8>) -> ByteSet {
        let mut s = ByteSet([0; 4]);
        for b in bytes {
            s.0[usize::from(b >> 6)] |= 1 << (b & 63);
        }
        s
    }

    /// Note [escape-aware runs]: the byte table's kernels (the first
    /// `SHORT_RUN` bytes, then blocks of sixteen) against the byte loop,
    /// for sets that hold the digits and sets that do not (then an escape
    /// at the end of a block must move the next block past its digits),
    /// from every start of inputs longer than `SHORT_RUN` plus blocks.
    #[test]
    fn escaped_lut_runs_agree_with_the_byte_loop() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let hex = set_of(*b"0123456789ABCDEFabcdef");
        let letters = set_of(b'g'..=b'z');
        let mut buf = [0u8; 260];
        let rounds = if cfg!(miri) { 3 } else { 400 };
        for round in 0..rounds {
            // Letters only, or letters and hex digits.
            let set = if round % 2 == 0 {
                letters
            } else {
                set_of((b'a'..=b'z').chain(b'0'..=b'9'))
            };
            let mut lut = [0u8; 256];
            for (b, slot) in lut.iter_mut().enumerate() {
                *slot = u8::from(set.contains(b as u8)) << 3;
            }
            let len = 64 + (rng.next() % 196) as usize;
            let mut n = 0;
            while n < len {
                let r = rng.next() % 100;
                let piece: &[u8] = match r {
                    0..=64 => b"q",
                    65..=89 => b"%4f",
                    90..=93 => b"%4",
                    94..=96 => b"%g1",
                    _ => b"%%41",
                };
                let piece = if r < 65 {
                    &[b'g' + (rng.next() % 20) as u8][..]
                } else {
                    piece
                };
                for &b in piece {
                    if n < len {
                        buf[n] = b;
                        n += 1;
                    }
                }
            }
            let input = &buf[..len];
            let digit = |b: u8| hex.contains(b);
            for j in 0..=len + 1 {
                let want = finish_escaped(|b| set.contains(b), b'%', digit, input, j);
                let got = skip_escaped_by(
                    |b| lut[usize::from(b)] & 8 != 0,
                    b'%',
                    digit,
                    |j| skip_long_escaped_lut(&lut, 8, b'%', &hex, input, j),
                    input,
                    j,
                );
                assert_eq!(got, want, "set {set:?}, input {input:?}, from {j}");
                // The blocks alone, from any start.
                if j < len {
                    let blocks = skip_long_escaped_lut(&lut, 8, b'%', &hex, input, j);
                    assert_eq!(blocks, want, "blocks: input {input:?}, from {j}");
                }
            }
        }
    }

    #[test]
    fn bytes_equal_is_exact() {
        let mut rng = Rng(0x1234_5678);
        for _ in 0..if cfg!(miri) { 50 } else { 20_000 } {
            let mut w = rng.next().to_le_bytes();
            // Bytes next to the pattern and zero bytes, where a borrow
            // between bytes would show.
            for b in &mut w {
                match rng.next() % 4 {
                    0 => *b = b'%',
                    1 => *b = b'%' + 1,
                    2 => *b = 0,
                    _ => {}
                }
            }
            let got = bytes_equal(u64::from_le_bytes(w), u64::from_ne_bytes([b'%'; 8]));
            let want = w
                .iter()
                .enumerate()
                .fold(0, |m, (i, &b)| m | (u32::from(b == b'%') << i));
            assert_eq!(got, want, "{w:?}");
        }
    }
}
