//! The driver: one loop over the transition table for every table
//! width, with or without tags, and the whole-input entry points built on
//! it ([`validate`], [`split`], [`split_with`], [`split_regs`]).

use crate::after::decide_kinds_regs;
use crate::error::{corrupt, corrupt_at, sequence_start, Error, ErrorKind};
use crate::simd;
use crate::tables::{
    ByteSet, Captures, Edge, Escape, Final, Op, Span, Tables, Trans, MAX_STACK_REGS, NIL,
};

/// A transition-table entry type: `u8`, `u16` or `u32`.
pub(crate) trait Id: Copy {
    fn get(self) -> u32;
}

impl Id for u8 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Id for u16 {
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
}

impl Id for u32 {
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
}

/// `ops[start..start + len]`, or `None` if the range is outside `ops`.
#[inline(always)]
fn op_range(ops: &[Op], start: u64, len: u16) -> Option<&[Op]> {
    let start = usize::try_from(start).ok()?;
    ops.get(start..start.checked_add(usize::from(len))?)
}

/// Runs `ops` in order at position `pos`.
#[inline]
pub(crate) fn run_ops(ops: &[Op], regs: &mut [usize], pos: usize) -> Result<(), Error> {
    for &op in ops {
        run_op(op, regs, pos)?;
    }
    Ok(())
}

/// Runs one operation at position `pos`.
#[inline(always)]
fn run_op(op: Op, regs: &mut [usize], pos: usize) -> Result<(), Error> {
    let value = match op.src {
        Op::POS => pos,
        Op::NIL => NIL,
        r => *regs.get(usize::from(r)).ok_or(corrupt(pos))?,
    };
    *regs.get_mut(usize::from(op.dst)).ok_or(corrupt(pos))? = value;
    Ok(())
}

/// Where the driver keeps tag registers: a caller's slice of
/// [`Tables::reg_len`] registers, or the [`Wide`] file.
pub(crate) trait RegFile {
    /// Runs `ops[start..start+len]` at position `pos`.
    fn run(&mut self, ops: &[Op], start: u64, len: u16, pos: usize) -> Result<(), Error>;

    /// Runs the operations of `edge` of `t` at position `pos`.
    fn run_edge(&mut self, t: &Tables<'_>, edge: &Edge, pos: usize) -> Result<(), Error>;
}

impl RegFile for [usize] {
    #[inline(always)]
    fn run(&mut self, ops: &[Op], start: u64, len: u16, pos: usize) -> Result<(), Error> {
        run_ops(op_range(ops, start, len).ok_or(corrupt(pos))?, self, pos)
    }

    #[inline(always)]
    fn run_edge(&mut self, t: &Tables<'_>, edge: &Edge, pos: usize) -> Result<(), Error> {
        if edge.is_packed(t.reg_len) {
            for op in Edge::unpack(edge.ops, usize::from(edge.ops_len)) {
                run_op(op, self, pos)?;
            }
            Ok(())
        } else {
            self.run(t.ops, edge.ops, edge.ops_len, pos)
        }
    }
}

// Note [a register file without branches]
//
// An edge carries one to eight operations in RFC 3986 (up to twelve in
// 2396bis-01), most of them `regs[dst] = position`. Run over a slice with
// a `match` on the source (`Op::POS`, `Op::NIL` or a register) and a
// bounds check per access, cachegrind's branch simulation put 7 of
// `split`'s 11.5 mispredictions per kasztp URL in that loop. The wide file
// removes the branches inside it: it has 64 slots, indexed by the low six
// bits of a register number, so no index is out of bounds and nothing is
// checked; registers `0..WIDE_REGS` are the machine's, and the two special
// sources land on slots that hold their values, `Op::NIL & 63 = 62`
// (always NIL) and `Op::POS & 63 = 63` (set to the position before each
// edge's operations). Each operation is one copy `slot[dst] = slot[src]`.
// Tables with more than `WIDE_REGS` registers, or callers with fewer than
// 64 registers, use the slice.
//
// Note [packed operations]
//
// What the wide file left was the loop's exit: its trip count changes from
// edge to edge (RFC 3986 edges on kasztp carry 1, 2, 4 or 5 operations),
// so it mispredicted about 3 times per URL. Running a fixed eight copies
// per edge with the destinations past `ops_len` redirected by an
// arithmetic select computed at run time cost about 140 instructions per
// edge, more than it saved. So the generator now does that work: an edge
// of at most `Edge::PACKED_LEN` (5) operations, in a machine of at most
// `Edge::PACKED_REGS` (61) registers, carries them in one `u64`, twelve
// bits each (destination and source slot), padded with copies of the
// scratch slot 61 onto itself. The wide file runs exactly five copies,
// straight-line, with no branch and no load of `Tables::ops`; longer edges
// (none on kasztp, a few in 2396bis-01) still loop.

/// The wide file's size: `regs & 63` is always in bounds.
pub(crate) const WIDE: usize = 64;
/// The most registers a machine may have to use the wide file (slots 62
/// and 63 are NIL and the position).
pub(crate) const WIDE_REGS: usize = 62;
/// The small wide file's size, for machines of at most
/// [`SMALL_WIDE_REGS`] registers.
pub(crate) const SMALL_WIDE: usize = 32;
/// The most registers a machine may have to use the small wide file
/// ([`split_regs`] with at least 32 registers): the
/// slots of a packed word keep their meaning modulo 32 (61 → 29 is the
/// padding, 62 → 30 NIL, 63 → 31 the position), so the same tables run on
/// either file.
pub const SMALL_WIDE_REGS: usize = 29;

/// The wide register file of `N` (32 or 64) slots: see Note [a register
/// file without branches].
pub(crate) struct Wide<'r, const N: usize>(&'r mut [usize; N]);

impl<const N: usize> Wide<'_, N> {
    #[inline(always)]
    fn copy(&mut self, dst: usize, src: usize) {
        // `N` is 32 or 64: the masks keep both indices in bounds, and the
        // checks compile away.
        let v = self.0.get(src & (N - 1)).copied();
        if let (Some(v), Some(slot)) = (v, self.0.get_mut(dst & (N - 1))) {
            *slot = v;
        }
    }

    #[inline(always)]
    fn set_pos(&mut self, pos: usize) {
        if let Some(slot) = self.0.get_mut(usize::from(Op::POS) & (N - 1)) {
            *slot = pos;
        }
    }
}

impl<const N: usize> RegFile for Wide<'_, N> {
    #[inline(always)]
    fn run(&mut self, ops: &[Op], start: u64, len: u16, pos: usize) -> Result<(), Error> {
        self.set_pos(pos);
        for op in op_range(ops, start, len).ok_or(corrupt(pos))? {
            self.copy(usize::from(op.dst), usize::from(op.src));
        }
        Ok(())
    }

    #[inline(always)]
    fn run_edge(&mut self, t: &Tables<'_>, edge: &Edge, pos: usize) -> Result<(), Error> {
        if edge.is_packed(t.reg_len) {
            // Note [packed operations]: five copies, the padding harmless.
            self.set_pos(pos);
            let w = edge.ops;
            for k in 0..Edge::PACKED_LEN {
                let field = (w >> (12 * k)) as usize;
                self.copy(field, field >> 6);
            }
            Ok(())
        } else {
            self.run(t.ops, edge.ops, edge.ops_len, pos)
        }
    }
}

/// Note [the hot loop]: one class lookup (a `[u8; 256]` indexed by a `u8`,
/// no bounds check), one transition load (a checked `get`, which the branch
/// predictor never sees fail) and one compare against `special` per byte.
/// Everything else — dead state, register operations — is behind that
/// compare, in [`take_special`]. The inner loop has no call, so it keeps its
/// registers; `take_special` itself is inlined into the outer loop (it was
/// out of line until the kasztp URLs, with about five edges each, measured
/// `split` about 5% faster with it inlined in a clean before/after run, and
/// `validate` unchanged; see `benches/RESULTS.md`).
/// `TAGS == false` (validation) follows edges without running their
/// operations.
#[inline(always)]
pub(crate) fn drive<T: Id, const TAGS: bool, R: RegFile + ?Sized>(
    t: &Tables<'_>,
    trans: &[T],
    input: &[u8],
    mut state: u32,
    base: usize,
    regs: &mut R,
) -> Result<u32, Error> {
    let special = t.special;
    let classes = t.classes;
    let mut i = 0;
    loop {
        // The inner loop keeps only what it needs live: no call inside.
        let (next, byte) = loop {
            let Some(&byte) = input.get(i) else {
                return Ok(state);
            };
            let idx = (state as usize).wrapping_add(usize::from(classes[usize::from(byte)]));
            let Some(next) = trans.get(idx) else {
                return Err(corrupt_at(base, i));
            };
            let next = next.get();
            if next >= special {
                break (next, byte);
            }
            state = next;
            i += 1;
        };
        (state, i) = take_special::<TAGS, R>(t, state, next, byte, input, base, i, regs)?;
    }
}

/// The index of the first byte at or after `j` that is not in `set`.
///
/// Note [long runs]: the first `SHORT_RUN` (64) bytes are tested one at a
/// time: the kasztp URLs' runs are about ten bytes, and testing blocks from
/// the start measured slower on them (with 16 instead of 64, cachegrind
/// counted 2.5 more mispredictions per URL in `validate`, from the extra
/// calls). After that, blocks of eight bytes are tested with their eight
/// bit tests combined by `&`, without a branch between them, so the bytes
/// are independent work and the loop branches once per block; past
/// `LUT_AFTER` more bytes, a 256-byte table built from the set replaces the
/// bit tests, in blocks of sixteen. A block that holds a byte outside the
/// set is finished one byte at a time. On the 4 KiB query URI this took
/// `split` from 2,157 to 1,362 ns (fluent-uri: 2,134, same run), at 3.8
/// instructions per byte (fluent-uri: 9.1; cachegrind).
#[inline(always)]
pub(crate) fn skip_run(set: &ByteSet, input: &[u8], j: usize) -> usize {
    skip_run_by(
        |b| set.contains(b),
        |j| skip_long_run(set, input, j),
        input,
        j,
    )
}

/// The first [`SHORT_RUN`] bytes of a run one at a time with `contains`,
/// then `long` from where they stop, if the run and the input go on.
#[inline(always)]
fn skip_run_by(
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

/// [`skip_run`] for a set given as bit `mask` of `lut` (see Note [one byte
/// table for the runs]).
#[inline(always)]
pub(crate) fn skip_run_lut(
    lut: &[u8; 256],
    mask: u8,
    accels: &[ByteSet],
    input: &[u8],
    j: usize,
) -> usize {
    skip_run_by(
        |b| lut[usize::from(b)] & mask != 0,
        |j| skip_long_run_lut(lut, mask, accels, input, j),
        input,
        j,
    )
}

/// [`skip_run_lut`] past its first [`SHORT_RUN`] bytes: sixteen bytes at a
/// time with SSSE3 or SSE2 if the `simd` feature is on and they apply (Note
/// [SIMD runs]), else in blocks of sixteen lookups.
/// `accels` holds the set as a bitmap too, as set `mask.trailing_zeros()`.
#[inline(never)]
pub(crate) fn skip_long_run_lut(
    lut: &[u8; 256],
    mask: u8,
    accels: &[ByteSet],
    input: &[u8],
    j: usize,
) -> usize {
    let set = accels.get(mask.trailing_zeros() as usize);
    if let Some(j) = set.and_then(|set| simd::skip_set(set, input, j)) {
        return j;
    }
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

/// How many bytes of a run [`skip_run`] tests one at a time.
pub(crate) const SHORT_RUN: usize = 64;

/// [`skip_run`] past its first [`SHORT_RUN`] bytes: see Note [long runs].
#[inline(never)]
pub(crate) fn skip_long_run(set: &ByteSet, input: &[u8], mut j: usize) -> usize {
    if let Some(j) = simd::skip_set(set, input, j) {
        return j;
    }
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

/// After how many bytes of a run [`skip_long_run`] switches to a byte
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

/// The second half of [`drive`]: the dead state (an error) or an edge: run
/// its operations at position `base + i`, then, if its target is
/// accelerated, skip the run of bytes on which the target loops to itself.
/// Returns the new state and the index of the next byte to read.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_special<const TAGS: bool, R: RegFile + ?Sized>(
    t: &Tables<'_>,
    state: u32,
    next: u32,
    byte: u8,
    input: &[u8],
    base: usize,
    i: usize,
    regs: &mut R,
) -> Result<(u32, usize), Error> {
    let pos = base.saturating_add(i);
    if next == t.special {
        let state = state.checked_div(t.stride).ok_or(corrupt(pos))?;
        return Err(Error::new(pos, ErrorKind::UnexpectedByte { byte, state }));
    }
    let index = next.checked_sub(t.special).and_then(|d| d.checked_sub(1));
    let edge = t
        .edges
        .get(index.ok_or(corrupt(pos))? as usize)
        .ok_or(corrupt(pos))?;
    if TAGS {
        regs.run_edge(t, edge, pos)?;
    }
    let mut j = i.saturating_add(1);
    if edge.accel != Edge::NO_ACCEL {
        j = skip_accel(t, edge.accel, input, j, pos)?;
    }
    Ok((edge.target, j))
}

/// The end of the run of accelerated set `k` that starts at `j`: the
/// index of the first byte at or after `j` that the run's state does not
/// loop on (Note [acceleration]), escapes included if the set has one
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
    if let Some(end) = simd::skip_rows(t.accel_nibbles, k, input, j) {
        // Note [SIMD runs], feature `simd`.
        return Ok(end);
    }
    Ok(match t.accel_lut {
        // Note [one byte table for the runs].
        Some(lut) if k < 8 => skip_run_lut(lut, 1 << k, t.accels, input, j),
        _ => skip_run(t.accels.get(k).ok_or(corrupt(pos))?, input, j),
    })
}

// Note [escape-aware runs]
//
// In `*( set / "%" HEXDIG HEXDIG )` (a query, a path segment, a host) a
// `%` used to end the accelerated run: the driver read `%` and two digits
// through the transition table, and the edge back into the run's state
// started a new run, which paid a kernel's set-up for about a dozen
// bytes. On a 4 KiB query with an escape every sixteen bytes `split` took
// 2,125 ns against fluent-uri's 1,617 (benches/RESULTS.md). The generator
// now finds such loops in the minimized machine (`Tables::accel_escapes`,
// invariant 13: the run's state goes on `%` to P, P on every digit to Q,
// Q on every digit back, all without operations, and neither P nor Q
// accepts) and the run kernels step over a valid escape without leaving
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
    if let Some(end) = simd::skip_rows_escaped(t.accel_nibbles, k, esc, digits, input, j) {
        // Note [SIMD runs], feature `simd`.
        return Ok(end);
    }
    let digit = |b: u8| digits.contains(b);
    Ok(match t.accel_lut {
        Some(lut) if k < 8 => {
            let mask = 1u8 << k;
            skip_escaped_by(
                |b| lut[usize::from(b)] & mask != 0,
                esc.byte,
                digit,
                |j| skip_long_escaped_lut(lut, mask, esc.byte, digits, input, j),
                input,
                j,
            )
        }
        _ => {
            let set = t.accels.get(k).ok_or(corrupt(pos))?;
            skip_escaped_by(
                |b| set.contains(b),
                esc.byte,
                digit,
                |j| skip_long_escaped(set, esc.byte, digits, input, j),
                input,
                j,
            )
        }
    })
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
fn skip_escaped_by(
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

/// [`skip_escaped`] past its first [`SHORT_RUN`] bytes, for a set given
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
/// [`Tables::accel_lut`].
#[inline(never)]
fn skip_long_escaped(set: &ByteSet, byte: u8, digits: &ByteSet, input: &[u8], j: usize) -> usize {
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

pub(crate) fn drive_any<const TAGS: bool, R: RegFile + ?Sized>(
    t: &Tables<'_>,
    input: &[u8],
    state: u32,
    base: usize,
    regs: &mut R,
) -> Result<u32, Error> {
    match t.trans {
        Trans::U8(tr) => drive::<u8, TAGS, R>(t, tr, input, state, base, regs),
        Trans::U16(tr) => drive::<u16, TAGS, R>(t, tr, input, state, base, regs),
        Trans::U32(tr) => drive::<u32, TAGS, R>(t, tr, input, state, base, regs),
    }
}

/// Looks up the final entry of `state` (an ID) at end position `pos`.
// Inlined as before the split into modules: callers in other modules
// (stream.rs) would otherwise keep it out of line for `split` too.
#[inline]
pub(crate) fn final_of(t: &Tables<'_>, state: u32, pos: usize) -> Result<Final, Error> {
    let index = t.state_index(state);
    let fin = t.final_of(index).ok_or(corrupt(pos))?;
    if fin.accept {
        Ok(fin)
    } else {
        let state = u32::try_from(index).map_err(|_| corrupt(pos))?;
        Err(Error::new(pos, ErrorKind::UnexpectedEnd { state }))
    }
}

/// Runs the final operations: afterwards tag `t` is in `regs[t]`.
#[inline]
pub(crate) fn finish_tags<R: RegFile + ?Sized>(
    t: &Tables<'_>,
    state: u32,
    pos: usize,
    regs: &mut R,
) -> Result<(), Error> {
    let fin = final_of(t, state, pos)?;
    regs.run(t.ops, u64::from(fin.ops_start), fin.ops_len, pos)
}

/// Reads every capture's span from the tag registers into `out`.
#[inline]
pub(crate) fn read_spans(
    t: &Tables<'_>,
    pos: usize,
    regs: &[usize],
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    let needed = t.captures.len();
    if out.len() < needed {
        let needed = u32::try_from(needed).unwrap_or(u32::MAX);
        return Err(Error::new(pos, ErrorKind::BufferTooSmall { needed }));
    }
    let tags = regs.get(..2 * needed).ok_or(corrupt(pos))?;
    let (caps, rest) = out.split_at_mut(needed);
    for (slot, tag) in caps.iter_mut().zip(tags.chunks_exact(2)) {
        *slot = match *tag {
            [s, e] if s != NIL && e != NIL && s <= e => Some((s, e)),
            _ => None,
        };
    }
    rest.fill(None);
    Ok(())
}

/// Checks that a register buffer fits `t` and clears it to [`NIL`].
#[inline]
pub(crate) fn reset_regs<'r>(
    t: &Tables<'_>,
    regs: &'r mut [usize],
) -> Result<&'r mut [usize], Error> {
    let needed = t.reg_len as usize;
    let regs = regs.get_mut(..needed).ok_or(Error::new(
        0,
        ErrorKind::BufferTooSmall { needed: t.reg_len },
    ))?;
    regs.fill(NIL);
    Ok(regs)
}

/// Checks whether the whole of `input` matches the machine's rule.
///
/// # Errors
///
/// [`ErrorKind::UnexpectedByte`] at the first byte that cannot continue a
/// match, or [`ErrorKind::UnexpectedEnd`] if the input stops short.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) {
/// let result = uridfa_runtime::validate(tables, b"http://a/b");
/// # let _ = result; }
/// ```
pub fn validate(t: &Tables<'_>, input: &[u8]) -> Result<(), Error> {
    let state = drive_any::<false, [usize]>(t, input, t.start, 0, &mut [])?;
    final_of(t, state, input.len()).map(|_| ())
}

/// Validates `input` and reports each capture's span, with registers on the
/// stack.
///
/// Captures beyond `N` are dropped; entries beyond the tables' captures are
/// `None`. A repeated capture reports its last occurrence.
///
/// # Errors
///
/// As [`validate`], plus [`ErrorKind::BufferTooSmall`] if the tables need
/// more than [`MAX_STACK_REGS`] registers or have more than `N` captures.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let caps = uridfa_runtime::split::<8>(tables, b"http://a/b")?;
/// let first = caps.get(0);
/// # let _ = first; Ok(()) }
/// ```
pub fn split<const N: usize>(t: &Tables<'_>, input: &[u8]) -> Result<Captures<N>, Error> {
    // `split_with` clears the registers it uses to NIL itself.
    let mut regs = [0; MAX_STACK_REGS];
    let mut spans = [None; N];
    split_with(t, input, &mut regs, &mut spans)?;
    Ok(Captures { spans })
}

/// [`split`] with caller-provided registers (at least [`Tables::reg_len`])
/// and span slots (at least [`Tables::capture_len`]).
///
/// # Errors
///
/// As [`split`].
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let mut regs = [0usize; 64];
/// let mut spans = [None; 16];
/// uridfa_runtime::split_with(tables, b"http://a/b", &mut regs, &mut spans)?;
/// # Ok(()) }
/// ```
pub fn split_with(
    t: &Tables<'_>,
    input: &[u8],
    regs: &mut [usize],
    out: &mut [Option<Span>],
) -> Result<(), Error> {
    split_regs(t, input, regs)?;
    // Note [kinds after the match].
    decide_kinds_regs(t, input, regs);
    read_spans(t, input.len(), regs, out)
}

/// Validates `input` and leaves the raw tag values in `regs`: tag `2k`
/// (start of capture `k`) in `regs[2k]`, its end in `regs[2k + 1]`, and
/// [`NIL`] for a tag that was never set. The cheapest way to get every span;
/// [`split_with`] is this plus [`Option`] spans. The kinds decided after
/// the match ([`Tables::after`]) are left unset:
/// [`decide_kinds_regs`](crate::decide_kinds_regs) or
/// [`kind_after_of`](crate::kind_after_of) decide them.
///
/// With at least [`MAX_STACK_REGS`] (64) registers and tables of at most
/// 62, or at least 32 registers and tables of at most 29, the run uses the
/// first 64 (or 32) as a branch-free register file (see Note [a register
/// file without branches]): the ones past [`Tables::reg_len`] are then
/// scratch, overwritten with arbitrary values. Give exactly `reg_len`
/// registers to keep the rest untouched.
///
/// # Errors
///
/// As [`validate`], plus [`ErrorKind::BufferTooSmall`] if `regs` is
/// shorter than [`Tables::reg_len`].
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let mut regs = [0usize; 64];
/// uridfa_runtime::split_regs(tables, b"http://a/b", &mut regs)?;
/// let (scheme_start, scheme_end) = (regs[0], regs[1]);
/// # let _ = (scheme_start, scheme_end); Ok(()) }
/// ```
pub fn split_regs(t: &Tables<'_>, input: &[u8], regs: &mut [usize]) -> Result<(), Error> {
    let n = t.reg_len as usize;
    if n <= SMALL_WIDE_REGS {
        if let Some(small) = regs.first_chunk_mut::<SMALL_WIDE>() {
            // Note [a register file without branches], in 32 slots: half
            // the clearing (a call to `memset` for 64 slots cost 84
            // instructions per kasztp URL, 6 % of `split`).
            return split_wide(t, input, Wide(small));
        }
    }
    if n <= WIDE_REGS {
        if let Some(wide) = regs.first_chunk_mut::<WIDE>() {
            return split_wide(t, input, Wide(wide));
        }
    }
    let regs = reset_regs(t, regs)?;
    let state = drive_any::<true, [usize]>(t, input, t.start, 0, regs)?;
    finish_tags(t, state, input.len(), regs)
}

/// [`split_regs`] on a wide file: clears it, then runs.
#[inline(always)]
fn split_wide<const N: usize>(
    t: &Tables<'_>,
    input: &[u8],
    mut file: Wide<'_, N>,
) -> Result<(), Error> {
    file.0.fill(NIL);
    let state = drive_any::<true, Wide<'_, N>>(t, input, t.start, 0, &mut file)?;
    finish_tags(t, state, input.len(), &mut file)
}

// `Error::at_char_start` re-runs the machine, so it lives with the driver
// (error.rs stays below drive.rs).
impl Error {
    /// For tables that match UTF-8 characters (a grammar with
    /// `;@ charset utf-8`): the same error moved back to the first byte of
    /// the UTF-8 sequence it falls inside, so that the offset of an error
    /// in a `&str` input is a character boundary.
    ///
    /// Such tables match a character byte by byte and fail at the first
    /// byte that no allowed character continues with: the third byte of
    /// U+FFFE (`EF BF BE`), the second byte of an encoded surrogate
    /// (`ED A0 80`), or the byte after a truncated sequence. When this
    /// error is an [`ErrorKind::UnexpectedByte`] at offset `i` and the
    /// bytes before `i` are a lead byte followed by fewer continuation
    /// bytes than its sequence needs, the result is an `UnexpectedByte` at
    /// that lead byte, with the state the machine was in there (found by
    /// running `input` up to it again, without tags), so that
    /// [`Error::expected`] describes that position. Any other error is
    /// returned unchanged, in particular every error of tables that accept
    /// ASCII only (they already fail at the lead byte) and
    /// [`ErrorKind::UnexpectedEnd`] (a sequence cut off by the end of the
    /// input stays an error at the end). Costs at most one more pass over
    /// `input`; never panics or allocates.
    ///
    /// Tables whose byte values are not UTF-8 (a grammar without
    /// `;@ charset utf-8` that accepts bytes `%x80-FF`) must not use it.
    /// `input` and `tables` must be the ones that produced the error.
    ///
    /// # Example
    ///
    /// ```
    /// # fn demo(iri_tables: &uridfa_runtime::Tables<'_>) {
    /// // "http://a/" then U+FFFE (EF BF BE), which RFC 3987 does not
    /// // allow: the tables reject the third byte, at 11.
    /// let input = b"http://a/\xEF\xBF\xBE";
    /// let e = uridfa_runtime::validate(iri_tables, input).unwrap_err();
    /// assert_eq!(e.offset(), 11);
    /// assert_eq!(e.at_char_start(iri_tables, input).offset(), 9);
    /// # }
    /// ```
    ///
    /// (`uridfa::rfc3987` runs this example on real tables.)
    pub fn at_char_start(self, tables: &Tables<'_>, input: &[u8]) -> Error {
        let ErrorKind::UnexpectedByte { .. } = self.kind else {
            return self;
        };
        let Some(lead) = sequence_start(input, self.offset) else {
            return self;
        };
        let (Some(prefix), Some(&byte)) = (input.get(..lead), input.get(lead)) else {
            return self;
        };
        match drive_any::<false, [usize]>(tables, prefix, tables.start, 0, &mut []) {
            Ok(id) => match id.checked_div(tables.stride) {
                Some(state) => Error::new(lead, ErrorKind::UnexpectedByte { byte, state }),
                None => self,
            },
            Err(_) => self,
        }
    }
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
