//! The driver: one loop over the transition table for every table
//! width, with or without tags, and the whole-input entry points built on
//! it ([`validate`], [`split`], [`split_with`], [`split_regs`]).

use crate::after::decide_kinds_regs;
use crate::error::{corrupt, corrupt_at, sequence_start, Error, ErrorKind};
use crate::runs::skip_accel;
use crate::tables::{Captures, Edge, Final, Op, Span, Tables, Trans, MAX_STACK_REGS, NIL};

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

/// A tag register's value type: `usize` ([`split_regs`]) or `u32`
/// ([`split_regs32`], offsets of inputs shorter than `u32::MAX`).
pub(crate) trait Reg: Copy {
    /// "Never set": [`NIL`], or `u32::MAX`.
    const NIL: Self;
    /// The register value of position `pos` (for `u32`, callers keep
    /// positions below `u32::MAX`).
    fn at(pos: usize) -> Self;
}

impl Reg for usize {
    const NIL: usize = NIL;
    #[inline(always)]
    fn at(pos: usize) -> usize {
        pos
    }
}

impl Reg for u32 {
    const NIL: u32 = u32::MAX;
    #[inline(always)]
    fn at(pos: usize) -> u32 {
        // Truncation never happens: `split_regs32` rejects inputs of
        // `u32::MAX` bytes or more, so every position is below NIL.
        pos as u32
    }
}

/// How the driver reads a transition table: one cell load, the first
/// special cell value, and the decoding of a cell into a state ID or a
/// special ID. For the premultiplied forms (`&[u8]`, `&[u16]`, `&[u32]`)
/// the decoding is the identity and compiles away; for
/// [`Trans::Index8`] ([`Small`]) a state cell is multiplied by the stride
/// and a special cell rebased onto `special`.
pub(crate) trait Cells: Copy {
    /// The raw cell at `idx`, or `None` past the end.
    fn cell(self, idx: usize) -> Option<u32>;
    /// The first raw value that is special (the dead state, then edges).
    fn first_special(self, t: &Tables<'_>) -> u32;
    /// The state ID of a raw value below [`Cells::first_special`].
    fn state_id(self, raw: u32) -> u32;
    /// The special ID of a raw value at or above [`Cells::first_special`].
    fn special_id(self, raw: u32, t: &Tables<'_>) -> u32;
}

impl<T: Id> Cells for &[T] {
    #[inline(always)]
    fn cell(self, idx: usize) -> Option<u32> {
        self.get(idx).map(|c| c.get())
    }
    #[inline(always)]
    fn first_special(self, t: &Tables<'_>) -> u32 {
        t.special
    }
    #[inline(always)]
    fn state_id(self, raw: u32) -> u32 {
        raw
    }
    #[inline(always)]
    fn special_id(self, raw: u32, _: &Tables<'_>) -> u32 {
        raw
    }
}

/// A [`Trans::Index8`] table as the driver reads it.
#[derive(Clone, Copy)]
pub(crate) struct Small<'a> {
    cells: &'a [u8],
    stride: u32,
    states: u32,
}

impl<'a> Small<'a> {
    /// The driver's view of `cells` with rows of `stride` (a zero stride
    /// reads as no states: every cell special, which `check` rejects).
    #[inline(always)]
    pub(crate) fn new(cells: &'a [u8], stride: u32) -> Small<'a> {
        let states = cells.len().checked_div(stride as usize).unwrap_or(0);
        let states = u32::try_from(states).unwrap_or(u32::MAX);
        Small {
            cells,
            stride,
            states,
        }
    }
}

impl Cells for Small<'_> {
    #[inline(always)]
    fn cell(self, idx: usize) -> Option<u32> {
        self.cells.get(idx).map(|&c| u32::from(c))
    }
    #[inline(always)]
    fn first_special(self, _: &Tables<'_>) -> u32 {
        self.states
    }
    #[inline(always)]
    fn state_id(self, raw: u32) -> u32 {
        raw.wrapping_mul(self.stride)
    }
    #[inline(always)]
    fn special_id(self, raw: u32, t: &Tables<'_>) -> u32 {
        t.special.wrapping_add(raw.wrapping_sub(self.states))
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
pub(crate) fn run_ops<V: Reg>(ops: &[Op], regs: &mut [V], pos: usize) -> Result<(), Error> {
    for &op in ops {
        run_op(op, regs, pos)?;
    }
    Ok(())
}

/// Runs one operation at position `pos`.
#[inline(always)]
fn run_op<V: Reg>(op: Op, regs: &mut [V], pos: usize) -> Result<(), Error> {
    let value = match op.src {
        Op::POS => V::at(pos),
        Op::NIL => V::NIL,
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

impl<V: Reg> RegFile for [V] {
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
//
// Most edges carry one to three operations (a kasztp URL takes about five
// edges), so the last two copies were mostly padding. So the wide file
// runs the first `Edge::PACKED_FIRST` (3) copies always and the other two only
// when `ops_len` is larger, one branch per edge: fewer instructions and
// less wall time per kasztp URL than five copies always. Cachegrind's
// simple predictor counts more mispredictions for the branch in the SIMD
// build; the wall time says the CPU's predictor does better. A threshold
// of two measured slower, four too (figures: docs/BENCHMARKS.md, "Tried
// and kept").

// Note [an edge that cannot fail]
//
// `RegFile::run_edge` returns a `Result`, because the slice file checks
// every register it names and an unpacked edge's range in `Tables::ops`.
// In the wide file nothing can fail but that range, and the `Result` of
// every edge, merged with the run's, cost the driver a rebuilt and
// re-tested `Result` and a few spills per edge: about 14 instructions per
// edge, 70 per kasztp URL. So the wide file's `run` skips an operation
// range outside `Tables::ops` (corrupt tables: `check`, invariant 5) and
// sets `Wide::corrupt`, and `split_wide` reports `CorruptTables` once,
// after the final operations; its edges return `Ok` and the `?` after
// them folds away. Corrupt tables still give an error (at the input's
// end rather than at the edge), or, if the input is rejected first, that
// rejection: a wrong answer for broken tables, as the `Tables` invariants
// allow. With Note [u32 registers], this took about 70 instructions
// per kasztp URL out of `split` (docs/BENCHMARKS.md, "Tried and kept").
//
// Note [position copies]
//
// Most operations are `regs[dst] = position` (four of the five edges of a
// kasztp URL carry nothing else). The wide file ran each as a copy from
// slot 63, set to the position first: a store, then per operation the
// source's extraction, a load and a store. When every one of an edge's
// first `Edge::PACKED_FIRST` fields reads slot 63 or is padding (source
// 61, which no real operation reads: registers stop at 60), the wide file
// stores the position into each destination instead (the padding's into
// its scratch slot), which saves a load per operation (docs/BENCHMARKS.md,
// "Tried and kept"); the file's contents are the same. The generator sets
// bit 63 of such a word, `Edge::POSITIONS` (`Edge::pack`, checked by
// `check` as part of invariant 5), so the test is the word's sign, one
// instruction where a mask over the word's source fields took five. A word
// without the bit (a table written before it, or a corrupt one) takes the
// copies, which give the same registers.

// Note [u32 registers]
//
// The typed views of `uridfa` keep tags as `u32` (their inputs are
// shorter than `u32::MAX`). `split_regs32` runs the same machine on `u32`
// registers (`Reg`: `usize` or `u32`, NIL `u32::MAX`), so that the view
// takes its tags without a conversion loop and the file it clears is half
// as large: 7.5 instructions per kasztp URL in `split`.

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

/// The wide register file of `N` (32 or 64) slots of `V` (`usize` or
/// `u32`): see Note [a register file without branches]. Its operations
/// never fail on the way: an operation range outside [`Tables::ops`]
/// (corrupt tables) is skipped and remembered in `corrupt`, which
/// [`split_wide`] reports once at the end (Note [an edge that cannot
/// fail]).
pub(crate) struct Wide<'r, V, const N: usize> {
    slots: &'r mut [V; N],
    corrupt: bool,
}

impl<'r, V: Reg, const N: usize> Wide<'r, V, N> {
    #[inline(always)]
    fn new(slots: &'r mut [V; N]) -> Self {
        Wide {
            slots,
            corrupt: false,
        }
    }

    #[inline(always)]
    fn copy(&mut self, dst: usize, src: usize) {
        // `N` is 32 or 64: the masks keep both indices in bounds, and the
        // checks compile away.
        let v = self.slots.get(src & (N - 1)).copied();
        if let (Some(v), Some(slot)) = (v, self.slots.get_mut(dst & (N - 1))) {
            *slot = v;
        }
    }

    /// `slot[dst] = value`.
    #[inline(always)]
    fn put(&mut self, dst: usize, value: V) {
        if let Some(slot) = self.slots.get_mut(dst & (N - 1)) {
            *slot = value;
        }
    }

    #[inline(always)]
    fn set_pos(&mut self, pos: usize) {
        self.put(usize::from(Op::POS), V::at(pos));
    }
}

impl<V: Reg, const N: usize> RegFile for Wide<'_, V, N> {
    #[inline(always)]
    fn run(&mut self, ops: &[Op], start: u64, len: u16, pos: usize) -> Result<(), Error> {
        self.set_pos(pos);
        match op_range(ops, start, len) {
            Some(ops) => {
                for op in ops {
                    self.copy(usize::from(op.dst), usize::from(op.src));
                }
            }
            None => self.corrupt = true,
        }
        Ok(())
    }

    #[inline(always)]
    fn run_edge(&mut self, t: &Tables<'_>, edge: &Edge, pos: usize) -> Result<(), Error> {
        if edge.is_packed(t.reg_len) {
            // Note [packed operations]: three copies, the padding
            // harmless, and the last two only for an edge that has them
            // (`check`, invariant 5: the fields past `ops_len` are padding).
            let w = edge.ops;
            if w & Edge::POSITIONS != 0 {
                // Note [position copies]: each of the first three reads
                // the position (or is padding): store it, read nothing.
                let at = V::at(pos);
                for k in 0..Edge::PACKED_FIRST {
                    self.put(Edge::field(w, k) as usize, at);
                }
            } else {
                self.set_pos(pos);
                for k in 0..Edge::PACKED_FIRST {
                    let field = Edge::field(w, k) as usize;
                    self.copy(field, field >> 6);
                }
            }
            if usize::from(edge.ops_len) > Edge::PACKED_FIRST {
                self.set_pos(pos);
                for k in Edge::PACKED_FIRST..Edge::PACKED_LEN {
                    let field = Edge::field(w, k) as usize;
                    self.copy(field, field >> 6);
                }
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
/// `validate` unchanged).
/// `TAGS == false` (validation) follows edges without running their
/// operations. With [`Trans::Index8`] (the `size` profile) the
/// state stays a premultiplied ID: the compare is against the number of
/// states, and a state cell costs one multiply by the stride before the
/// next load (one-byte cells, half the table of `u16` IDs).
#[inline(always)]
pub(crate) fn drive<C: Cells, const TAGS: bool, R: RegFile + ?Sized>(
    t: &Tables<'_>,
    trans: C,
    input: &[u8],
    mut state: u32,
    base: usize,
    regs: &mut R,
) -> Result<u32, Error> {
    let special = trans.first_special(t);
    let classes = t.classes;
    let mut i = 0;
    loop {
        // The inner loop keeps only what it needs live: no call inside.
        let (next, byte) = loop {
            let Some(&byte) = input.get(i) else {
                return Ok(state);
            };
            let idx = (state as usize).wrapping_add(usize::from(classes[usize::from(byte)]));
            let Some(next) = trans.cell(idx) else {
                return Err(corrupt_at(base, i));
            };
            if next >= special {
                break (trans.special_id(next, t), byte);
            }
            state = trans.state_id(next);
            i += 1;
        };
        (state, i) = take_special::<TAGS, R>(t, state, next, byte, input, base, i, regs)?;
    }
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

pub(crate) fn drive_any<const TAGS: bool, R: RegFile + ?Sized>(
    t: &Tables<'_>,
    input: &[u8],
    state: u32,
    base: usize,
    regs: &mut R,
) -> Result<u32, Error> {
    match t.trans {
        Trans::U8(tr) => drive::<&[u8], TAGS, R>(t, tr, input, state, base, regs),
        Trans::U16(tr) => drive::<&[u16], TAGS, R>(t, tr, input, state, base, regs),
        Trans::U32(tr) => drive::<&[u32], TAGS, R>(t, tr, input, state, base, regs),
        Trans::Index8 { cells, stride } => {
            drive_small::<TAGS, R>(t, cells, stride, input, state, base, regs)
        }
    }
}

/// [`drive`] over a [`Trans::Index8`] table. Out of line unless the
/// `size` profile ([`crate::SMALL_TABLES`]) makes that the form of the
/// built-in tables: in
/// the default build a fourth inlined copy of the loop in [`drive_any`]
/// cost `split` about 13 instructions per kasztp URL.
#[cfg_attr(feature = "fast-tables", inline(never), cold)]
#[cfg_attr(not(feature = "fast-tables"), inline(always))]
fn drive_small<const TAGS: bool, R: RegFile + ?Sized>(
    t: &Tables<'_>,
    cells: &[u8],
    stride: u32,
    input: &[u8],
    state: u32,
    base: usize,
    regs: &mut R,
) -> Result<u32, Error> {
    drive::<Small<'_>, TAGS, R>(t, Small::new(cells, stride), input, state, base, regs)
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

/// Checks that a register buffer fits `t` and clears it to NIL ([`NIL`],
/// or `u32::MAX` for `u32` registers).
#[inline]
pub(crate) fn reset_regs<'r, V: Reg>(
    t: &Tables<'_>,
    regs: &'r mut [V],
) -> Result<&'r mut [V], Error> {
    let needed = t.reg_len as usize;
    let regs = regs.get_mut(..needed).ok_or(Error::new(
        0,
        ErrorKind::BufferTooSmall { needed: t.reg_len },
    ))?;
    regs.fill(V::NIL);
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
    split_regs_in(t, input, regs)
}

/// [`split_regs`] and [`split_regs32`]: a wide file if `regs` is long
/// enough for one and the machine fits it, else exactly `reg_len`
/// registers.
#[inline(always)]
fn split_regs_in<V: Reg>(t: &Tables<'_>, input: &[u8], regs: &mut [V]) -> Result<(), Error> {
    let n = t.reg_len as usize;
    if n <= SMALL_WIDE_REGS {
        if let Some(small) = regs.first_chunk_mut::<SMALL_WIDE>() {
            // Note [a register file without branches], in 32 slots: half
            // the clearing (a call to `memset` for 64 slots cost 84
            // instructions per kasztp URL, 6 % of `split`).
            return split_wide(t, input, Wide::new(small));
        }
    }
    if n <= WIDE_REGS {
        if let Some(wide) = regs.first_chunk_mut::<WIDE>() {
            return split_wide(t, input, Wide::new(wide));
        }
    }
    let regs = reset_regs(t, regs)?;
    let state = drive_any::<true, [V]>(t, input, t.start, 0, regs)?;
    finish_tags(t, state, input.len(), regs)
}

/// [`split_regs`] with `u32` registers, for callers that keep offsets as
/// `u32` (the typed views of `uridfa`): the same machine, the same
/// registers and the same tag values, with `u32::MAX` for [`NIL`]. A
/// register file of half the bytes: clearing it and copying tags out of
/// it costs half as much.
///
/// As with [`split_regs`], at least 32 registers for tables of at most
/// [`SMALL_WIDE_REGS`] (29), or at least 64 for tables of at most 62, make
/// the run use the first 32 (or 64) as its branch-free register file (the
/// ones past [`Tables::reg_len`] are then scratch).
///
/// # Errors
///
/// As [`split_regs`], plus [`ErrorKind::TooLong`] (at offset
/// `input.len()`) if `input` is `u32::MAX` bytes or longer, when its
/// offsets would not fit.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let mut regs = [0u32; 32];
/// uridfa_runtime::split_regs32(tables, b"http://a/b", &mut regs)?;
/// let (scheme_start, scheme_end) = (regs[0], regs[1]);
/// # let _ = (scheme_start, scheme_end); Ok(()) }
/// ```
pub fn split_regs32(t: &Tables<'_>, input: &[u8], regs: &mut [u32]) -> Result<(), Error> {
    if input.len() >= u32::MAX as usize {
        return Err(Error::new(input.len(), ErrorKind::TooLong));
    }
    split_regs_in(t, input, regs)
}

/// [`split_regs`] on a wide file: clears it, then runs.
#[inline(always)]
fn split_wide<V: Reg, const N: usize>(
    t: &Tables<'_>,
    input: &[u8],
    mut file: Wide<'_, V, N>,
) -> Result<(), Error> {
    file.slots.fill(V::NIL);
    let state = drive_any::<true, Wide<'_, V, N>>(t, input, t.start, 0, &mut file)?;
    finish_tags(t, state, input.len(), &mut file)?;
    if file.corrupt {
        return Err(corrupt(input.len()));
    }
    Ok(())
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
