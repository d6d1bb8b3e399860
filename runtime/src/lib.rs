//! The run time of uridfa: drives tagged DFA tables over bytes.
//!
//! This crate is `#![no_std]`, never allocates and has no dependencies. It
//! knows nothing about URIs: everything grammar-specific lives in a
//! [`Tables`] value, generated at build time by `uridfa-codegen` (as a
//! `'static` literal) or compiled at run time into owned buffers and borrowed
//! as a `Tables<'_>`. Both are the same type.
//!
//! The entry points are:
//!
//! - [`validate`]: does the whole input match the machine's rule?
//! - [`split`] / [`split_with`]: validate and report the span of every
//!   capture ([`Captures`]). An absent capture is `None`, an empty one is
//!   `Some((i, i))`.
//! - [`Machine`]: the same, fed in chunks (a socket, a UART), with absolute
//!   offsets.
//! - [`longest_prefix`] (and [`longest_prefix_after`],
//!   [`longest_prefix_split`]): the longest accepted prefix, to cut a URI
//!   out of running text.
//!
//! Errors are a small `Copy` value, [`Error`], whose `Display` does not
//! allocate. [`Error::describe`] adds the component being read and the bytes
//! that would have been accepted, taken from the tables.
//!
//! # Example
//!
//! ```
//! use uridfa_runtime::{validate, Tables};
//! # fn demo(tables: &Tables<'_>) -> Result<(), uridfa_runtime::Error> {
//! validate(tables, b"http://example.com/")?;
//! # Ok(()) }
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use core::fmt;

/// A half-open byte range `(start, end)` into the input.
pub type Span = (usize, usize);

/// The value of a register that was never set (an absent tag).
pub const NIL: usize = usize::MAX;

/// The number of registers [`split`] keeps on the stack. Tables needing more
/// must use [`split_with`] with a caller buffer of
/// [`Tables::reg_len`] registers.
pub const MAX_STACK_REGS: usize = 64;

/// One register operation, run when a transition is taken or at the end of
/// input.
///
/// `regs[dst] = match src { Op::POS => position, Op::NIL => NIL, r => regs[r] }`.
///
/// On a transition, *position* is the offset of the byte being consumed; at
/// the end of input it is the input's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op {
    /// The register written.
    pub dst: u16,
    /// The register read, or [`Op::POS`] or [`Op::NIL`].
    pub src: u16,
}

impl Op {
    /// `src` value meaning "the current position".
    pub const POS: u16 = u16::MAX;
    /// `src` value meaning "no value" ([`NIL`]).
    pub const NIL: u16 = u16::MAX - 1;
}

/// A transition that carries register operations (see [`Tables`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Edge {
    /// The premultiplied ID of the state the edge leads to.
    pub target: u32,
    /// The first operation, an index into [`Tables::ops`].
    pub ops_start: u32,
    /// How many operations to run, in order.
    pub ops_len: u32,
    /// [`Edge::NO_ACCEL`], or an index into [`Tables::accels`]: the target
    /// is a state that loops on itself (without operations) on every byte
    /// of that set, so the run of such bytes after this one is skipped
    /// without reading transitions.
    pub accel: u32,
}

impl Edge {
    /// `accel` value of an edge into a state that is not accelerated.
    pub const NO_ACCEL: u32 = u32::MAX;
}

/// A set of bytes, as a 256-bit map: byte `b` is in the set when bit
/// `b % 64` of word `b / 64` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteSet(pub [u64; 4]);

impl ByteSet {
    /// Whether `b` is in the set.
    ///
    /// # Example
    ///
    /// ```
    /// // Bit 0x41 % 64 = 1 of word 0x41 / 64 = 1: the byte `A`.
    /// let s = uridfa_runtime::ByteSet([0, 1 << 1, 0, 0]);
    /// assert!(s.contains(b'A') && !s.contains(b'B'));
    /// ```
    #[inline(always)]
    pub fn contains(&self, b: u8) -> bool {
        (self.0[usize::from(b >> 6)] >> (b & 63)) & 1 != 0
    }
}

/// What happens when the input ends in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Final {
    /// Whether the input may end here.
    pub accept: bool,
    /// The first final operation, an index into [`Tables::ops`].
    pub ops_start: u32,
    /// How many final operations to run, in order.
    pub ops_len: u32,
}

/// The transition table, in the narrowest ID width that fits.
#[derive(Clone, Copy, Debug)]
pub enum Trans<'a> {
    /// IDs up to 255.
    U8(&'a [u8]),
    /// IDs up to 65,535.
    U16(&'a [u16]),
    /// Anything larger.
    U32(&'a [u32]),
}

impl Trans<'_> {
    /// The number of entries.
    pub fn len(&self) -> usize {
        match self {
            Trans::U8(t) => t.len(),
            Trans::U16(t) => t.len(),
            Trans::U32(t) => t.len(),
        }
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry at `i`, widened, or `None` past the end.
    pub fn get(&self, i: usize) -> Option<u32> {
        match self {
            Trans::U8(t) => t.get(i).map(|&x| u32::from(x)),
            Trans::U16(t) => t.get(i).map(|&x| u32::from(x)),
            Trans::U32(t) => t.get(i).copied(),
        }
    }

    /// Bytes per entry.
    pub fn id_bytes(&self) -> usize {
        match self {
            Trans::U8(_) => 1,
            Trans::U16(_) => 2,
            Trans::U32(_) => 4,
        }
    }
}

/// A string stored in [`Tables::strings`]: a byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StrRef {
    /// First byte.
    pub start: u32,
    /// Length in bytes.
    pub len: u32,
}

/// One capture of a grammar: a rule (or several rules under one name) whose
/// span is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureInfo {
    /// The component name, e.g. `"host"`, in [`Tables::strings`].
    pub name: StrRef,
    /// For a *kind* capture (e.g. `IPv4address` as a kind of `host`), the
    /// index of the capture it classifies; [`CaptureInfo::NOT_A_KIND`] for a
    /// plain component.
    pub kind_of: u16,
}

impl CaptureInfo {
    /// `kind_of` value of a plain component.
    pub const NOT_A_KIND: u16 = u16::MAX;

    /// Whether this capture is a kind of another capture.
    pub fn is_kind(&self) -> bool {
        self.kind_of != Self::NOT_A_KIND
    }
}

/// The static data of one machine: a tagged DFA over byte classes.
///
/// # Invariants
///
/// [`check`] verifies all of these; `uridfa-codegen` runs it on every table
/// set it produces. A table set that breaks them can make the run time give a
/// wrong answer or an [`ErrorKind::CorruptTables`] error, never a panic or
/// undefined behaviour.
///
/// 1. `stride` is the number of byte classes; every `classes[b] < stride`.
/// 2. State IDs are premultiplied: the state with index `i` has ID
///    `i * stride`, and its row is `trans[i*stride .. (i+1)*stride]`.
///    `trans.len() == state_len * stride` and `special == trans.len()`.
/// 3. Special IDs form one range above the states, so the hot loop asks one
///    question, `next >= special`:
///    - `special` itself is the dead state (no row is stored for it);
///    - `special + 1 + e` is [`Edge`] `e`: a transition with register
///      operations. Its `target` is a (non-special) state ID.
/// 4. `start` is a state ID. `finals.len() == state_len`.
/// 5. Every op range lies inside `ops`, every register named by an op or by
///    is below `reg_len`, `reg_len` fits `u16` below
///    [`Op::NIL`].
/// 6. Operations of one edge or final run in order; each sees the effects of
///    the ones before it.
/// 7. `reg_len >= 2 * captures.len()`: tag `2k` is the start of capture `k`
///    and tag `2k+1` its end. After the final operations of an accepting
///    state, tag `t`'s value is in register `t` (so [`split_regs`] leaves
///    the tags in `regs[..2 * captures.len()]`).
/// 8. `state_component.len() == state_expected.len() == state_len`; a
///    component entry is `0` (none) or a capture index plus one; an
///    expected entry indexes `expected`.
/// 9. Every [`StrRef`] (capture names, expected texts) lies inside
///    `strings` on character boundaries.
/// 10. An edge's `accel` is [`Edge::NO_ACCEL`] or an index into `accels`,
///     and for every byte in that set the edge's target has a transition to
///     itself without operations (so skipping those bytes is exact).
/// 11. `stride_recip` is [`Tables::stride_recip_of`]`(stride)`, and for
///     every state ID `id`, [`Tables::state_index`]`(id)` (a multiply and a
///     shift) equals `id / stride` (a division, 10 to 30 cycles, paid at
///     the end of every input).
#[derive(Clone, Copy, Debug)]
pub struct Tables<'a> {
    /// The entry rule this machine recognizes, e.g. `"URI-reference"`.
    pub rule: &'a str,
    /// Maps each byte to its class.
    pub classes: &'a [u8; 256],
    /// The number of byte classes; the row length.
    pub stride: u32,
    /// `ceil(2^40 / stride)`, so that a state ID is turned into its index
    /// without a division (see [`Tables::state_index`]).
    pub stride_recip: u64,
    /// The transitions, `state_len * stride` premultiplied IDs.
    pub trans: Trans<'a>,
    /// The start state's ID.
    pub start: u32,
    /// The first special ID: the dead state; edges follow it.
    pub special: u32,
    /// Transitions with register operations.
    pub edges: &'a [Edge],
    /// All register operations, referenced by ranges.
    pub ops: &'a [Op],
    /// Byte sets of accelerated self-loops (see [`Edge::accel`]).
    pub accels: &'a [ByteSet],
    /// One entry per state: accepting or not, and its final operations.
    pub finals: &'a [Final],
    /// The number of registers the machine needs.
    pub reg_len: u32,
    /// The captures, in tag order.
    pub captures: &'a [CaptureInfo],
    /// Per state: the component being read there (capture index + 1, or 0).
    pub state_component: &'a [u16],
    /// Per state: which `expected` text describes the bytes accepted there.
    pub state_expected: &'a [u16],
    /// Descriptions of accepted bytes, e.g. `pchar, "/", "?", "#" or end of input`.
    pub expected: &'a [StrRef],
    /// The text of every [`StrRef`]: capture names and expected texts.
    pub strings: &'a str,
    /// Whether the grammar says `;@ charset utf-8`: its values above
    /// `%x7F` are characters, matched byte by byte in UTF-8, so an error
    /// can fall inside a character ([`Error::at_char_start`] moves it back
    /// to the character's first byte; [`Machine`] does so itself).
    pub utf8: bool,
}

impl<'a> Tables<'a> {
    /// The text of `r`, or `""` if it lies outside [`Tables::strings`].
    pub fn str(&self, r: StrRef) -> &'a str {
        let start = r.start as usize;
        start
            .checked_add(r.len as usize)
            .and_then(|end| self.strings.get(start..end))
            .unwrap_or("")
    }

    /// The name of capture `i`.
    pub fn capture_name(&self, i: usize) -> Option<&'a str> {
        self.captures.get(i).map(|c| self.str(c.name))
    }

    /// The value of [`Tables::stride_recip`] for a given `stride`:
    /// `ceil(2^40 / stride)`, or `0` for a zero stride.
    pub const fn stride_recip_of(stride: u32) -> u64 {
        match stride {
            0 => 0,
            d => (1u64 << 40).div_ceil(d as u64),
        }
    }

    /// The index of the state with ID `id`: `id / stride`, computed as
    /// `(id * stride_recip) >> 40` (exact for every state ID of tables that
    /// pass [`check`]; invariant 11).
    #[inline(always)]
    pub fn state_index(&self, id: u32) -> usize {
        ((u128::from(id) * u128::from(self.stride_recip)) >> 40) as usize
    }

    /// The number of states (not counting the dead state).
    pub fn state_len(&self) -> usize {
        self.finals.len()
    }

    /// The number of captures; [`split`] needs `N >= capture_len()`.
    pub fn capture_len(&self) -> usize {
        self.captures.len()
    }

    /// The index of the capture named `name`.
    pub fn capture_index(&self, name: &str) -> Option<usize> {
        (0..self.captures.len()).find(|&i| self.capture_name(i) == Some(name))
    }

    /// Bytes of transition data: classes, transitions, edges, ops, finals
    /// and tag registers (the data the matcher reads; diagnostics excluded).
    pub fn table_bytes(&self) -> usize {
        256 + self.trans.len() * self.trans.id_bytes()
            + core::mem::size_of_val(self.edges)
            + core::mem::size_of_val(self.ops)
            + core::mem::size_of_val(self.finals)
            + core::mem::size_of_val(self.accels)
    }
}

/// The result of [`split`]: one optional span per capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captures<const N: usize> {
    spans: [Option<Span>; N],
}

impl<const N: usize> Captures<N> {
    /// The span of capture `i`: `None` when absent (or `i >= N`).
    #[inline]
    pub fn get(&self, i: usize) -> Option<Span> {
        self.spans.get(i).copied().flatten()
    }

    /// All spans, in capture order.
    pub fn as_slice(&self) -> &[Option<Span>; N] {
        &self.spans
    }
}

/// Why the input was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `offset` points at a byte that cannot continue the input.
    UnexpectedByte {
        /// The offending byte.
        byte: u8,
        /// The index of the state that rejected it.
        state: u32,
    },
    /// The input ended (`offset` is its length) where more was required.
    UnexpectedEnd {
        /// The index of the state the input ended in.
        state: u32,
    },
    /// The caller's register or span buffer is too small for these tables.
    BufferTooSmall {
        /// How many entries are needed.
        needed: u32,
    },
    /// The tables break their invariants (see [`Tables`]).
    CorruptTables,
    /// The input is longer than a caller's offsets can hold (the typed
    /// views of `uridfa` store `u32` offsets: inputs up to 4 GiB - 2).
    TooLong,
}

/// A rejected input: where, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error {
    offset: usize,
    kind: ErrorKind,
}

impl Error {
    /// Creates an error.
    pub const fn new(offset: usize, kind: ErrorKind) -> Error {
        Error { offset, kind }
    }

    /// The byte offset the error refers to (see [`ErrorKind`]).
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// What went wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The state index the machine was in, for byte and end errors.
    pub const fn state(&self) -> Option<u32> {
        match self.kind {
            ErrorKind::UnexpectedByte { state, .. } | ErrorKind::UnexpectedEnd { state } => {
                Some(state)
            }
            _ => None,
        }
    }

    /// The name of the component being read when the error happened.
    pub fn component<'a>(&self, tables: &Tables<'a>) -> Option<&'a str> {
        let state = self.state()? as usize;
        let c = *tables.state_component.get(state)?;
        let c = usize::from(c).checked_sub(1)?;
        tables.capture_name(c)
    }

    /// What would have been accepted at `offset`, e.g.
    /// `pchar, "/", "?", "#" or end of input`.
    pub fn expected<'a>(&self, tables: &Tables<'a>) -> Option<&'a str> {
        let state = self.state()? as usize;
        let e = *tables.state_expected.get(state)?;
        tables.expected.get(usize::from(e)).map(|&r| tables.str(r))
    }

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

    /// A `Display` value with the full message:
    /// `unexpected ' ' at 10 in path; expected pchar, "/", "?", "#" or end of input`.
    pub fn describe<'e, 'a>(&'e self, tables: &'e Tables<'a>) -> Describe<'e, 'a> {
        Describe {
            error: self,
            tables,
        }
    }
}

/// The offset of the lead byte of a UTF-8 sequence that offset `at`
/// interrupts: a lead byte at most 3 bytes before `at`, only continuation
/// bytes between, and a sequence length that reaches past `at`.
fn sequence_start(input: &[u8], at: usize) -> Option<usize> {
    for back in 1..=3 {
        let i = at.checked_sub(back)?;
        match *input.get(i)? {
            0x80..=0xBF => continue,
            0xC0..=0xDF => return (back < 2).then_some(i),
            0xE0..=0xEF => return (back < 3).then_some(i),
            0xF0..=0xF7 => return Some(i),
            _ => return None,
        }
    }
    None
}

/// Writes a byte as `'c'` when printable ASCII and as `0xNN` otherwise.
struct ShowByte(u8);

impl fmt::Display for ShowByte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            b'\'' => f.write_str("\"'\""),
            b @ 0x20..=0x7e => write!(f, "'{}'", char::from(b)),
            b => write!(f, "byte 0x{b:02X}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ErrorKind::UnexpectedByte { byte, .. } => {
                write!(f, "unexpected {} at {}", ShowByte(byte), self.offset)
            }
            ErrorKind::UnexpectedEnd { .. } => {
                write!(f, "unexpected end of input at {}", self.offset)
            }
            ErrorKind::BufferTooSmall { needed } => {
                write!(f, "buffer too small: {needed} entries needed")
            }
            ErrorKind::CorruptTables => write!(f, "corrupt tables at {}", self.offset),
            ErrorKind::TooLong => write!(f, "input too long: {} bytes", self.offset),
        }
    }
}

/// `core::error::Error` (stable since Rust 1.81): usable with `?` in a
/// function returning `Box<dyn std::error::Error>`, without features.
impl core::error::Error for Error {}

/// See [`Error::describe`].
#[derive(Clone, Copy)]
pub struct Describe<'e, 'a> {
    error: &'e Error,
    tables: &'e Tables<'a>,
}

impl fmt::Display for Describe<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.error, f)?;
        if let Some(c) = self.error.component(self.tables) {
            write!(f, " in {c}")?;
        }
        if let Some(e) = self.error.expected(self.tables) {
            write!(f, "; expected {e}")?;
        }
        Ok(())
    }
}

/// A transition-table entry type: `u8`, `u16` or `u32`.
trait Id: Copy {
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

const fn corrupt(offset: usize) -> Error {
    Error::new(offset, ErrorKind::CorruptTables)
}

/// [`corrupt`] at `base + i`, out of line so the hot loop does not keep the
/// sum live.
#[cold]
#[inline(never)]
fn corrupt_at(base: usize, i: usize) -> Error {
    corrupt(base.saturating_add(i))
}

/// Runs `ops[start..start+len]` at position `pos`.
#[inline]
fn run_ops(ops: &[Op], start: u32, len: u32, regs: &mut [usize], pos: usize) -> Result<(), Error> {
    let start = start as usize;
    let end = start.checked_add(len as usize).ok_or(corrupt(pos))?;
    for op in ops.get(start..end).ok_or(corrupt(pos))? {
        let value = match op.src {
            Op::POS => pos,
            Op::NIL => NIL,
            r => *regs.get(usize::from(r)).ok_or(corrupt(pos))?,
        };
        *regs.get_mut(usize::from(op.dst)).ok_or(corrupt(pos))? = value;
    }
    Ok(())
}

/// Where the driver keeps tag registers: a caller's slice of
/// [`Tables::reg_len`] registers, or the [`Wide`] file.
trait RegFile {
    /// Runs `ops[start..start+len]` at position `pos`.
    fn run(&mut self, ops: &[Op], start: u32, len: u32, pos: usize) -> Result<(), Error>;
}

impl RegFile for [usize] {
    #[inline(always)]
    fn run(&mut self, ops: &[Op], start: u32, len: u32, pos: usize) -> Result<(), Error> {
        run_ops(ops, start, len, self, pos)
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
// What is left is the loop's exit, whose trip count changes from edge to
// edge (4.2 mispredictions per URL, from 7). Running a fixed eight copies
// per edge, with the destinations past `ops_len` redirected to a scratch
// slot by an arithmetic select, removed those too but cost about 140
// instructions per edge (116 M instructions for kasztp against 79 M,
// measured together with a skip run on every edge, also dropped); a
// select written as `if` compiled to a branch that mispredicted as often
// as the loop. So the loop stays. Tables with more than `WIDE_REGS`
// registers, or callers with fewer than 64 registers, use the slice.

/// The wide file's size: `regs & 63` is always in bounds.
const WIDE: usize = 64;
/// The most registers a machine may have to use the wide file (slots 62
/// and 63 are NIL and the position).
const WIDE_REGS: usize = 62;

/// The wide register file: see Note [a register file without branches].
struct Wide<'r>(&'r mut [usize; WIDE]);

impl Wide<'_> {
    #[inline(always)]
    fn copy(&mut self, dst: u16, src: u16) {
        self.0[usize::from(dst) & (WIDE - 1)] = self.0[usize::from(src) & (WIDE - 1)];
    }
}

impl RegFile for Wide<'_> {
    #[inline(always)]
    fn run(&mut self, ops: &[Op], start: u32, len: u32, pos: usize) -> Result<(), Error> {
        self.0[usize::from(Op::POS) & (WIDE - 1)] = pos;
        let (start, len) = (start as usize, len as usize);
        let end = start.checked_add(len).ok_or(corrupt(pos))?;
        for op in ops.get(start..end).ok_or(corrupt(pos))? {
            self.copy(op.dst, op.src);
        }
        Ok(())
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
fn drive<T: Id, const TAGS: bool, R: RegFile + ?Sized>(
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
fn skip_run(set: &ByteSet, input: &[u8], mut j: usize) -> usize {
    let end = input.len().min(j.saturating_add(SHORT_RUN));
    for &b in input.get(j..end).unwrap_or_default() {
        if !set.contains(b) {
            return j;
        }
        // `j < end <= input.len()`: wrapping never happens.
        j = j.wrapping_add(1);
    }
    if j < input.len() {
        skip_long_run(set, input, j)
    } else {
        j
    }
}

/// How many bytes of a run [`skip_run`] tests one at a time.
const SHORT_RUN: usize = 64;

/// [`skip_run`] past its first [`SHORT_RUN`] bytes: see Note [long runs].
#[inline(never)]
fn skip_long_run(set: &ByteSet, input: &[u8], mut j: usize) -> usize {
    // Blocks of eight with the bitmap, for up to `LUT_AFTER` bytes.
    let bitmap_end = j.saturating_add(LUT_AFTER);
    while let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<8>()) {
        let all = block.iter().fold(true, |all, &b| all & set.contains(b));
        if !all {
            return finish_run(set, input, j);
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
            while let Some(block) = input.get(j..).and_then(|rest| rest.first_chunk::<16>()) {
                let all = block.iter().fold(1u8, |all, &b| all & lut[usize::from(b)]);
                if all == 0 {
                    break;
                }
                j = j.wrapping_add(16);
            }
            break;
        }
    }
    finish_run(set, input, j)
}

/// After how many bytes of a run [`skip_long_run`] switches to a byte
/// table.
const LUT_AFTER: usize = 128;

/// The end of a run that [`skip_long_run`] narrowed down, one byte at a
/// time.
#[inline(always)]
fn finish_run(set: &ByteSet, input: &[u8], mut j: usize) -> usize {
    while let Some(&b) = input.get(j) {
        if !set.contains(b) {
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
fn take_special<const TAGS: bool, R: RegFile + ?Sized>(
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
        regs.run(t.ops, edge.ops_start, edge.ops_len, pos)?;
    }
    let mut j = i.saturating_add(1);
    if edge.accel != Edge::NO_ACCEL {
        // Note [acceleration]: no transition is read in the run, so the
        // loop has no load-to-load dependency through the state.
        let set = t.accels.get(edge.accel as usize).ok_or(corrupt(pos))?;
        j = skip_run(set, input, j);
    }
    Ok((edge.target, j))
}

fn drive_any<const TAGS: bool, R: RegFile + ?Sized>(
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
fn final_of(t: &Tables<'_>, state: u32, pos: usize) -> Result<Final, Error> {
    let index = t.state_index(state);
    let fin = *t.finals.get(index).ok_or(corrupt(pos))?;
    if fin.accept {
        Ok(fin)
    } else {
        let state = u32::try_from(index).map_err(|_| corrupt(pos))?;
        Err(Error::new(pos, ErrorKind::UnexpectedEnd { state }))
    }
}

/// Runs the final operations: afterwards tag `t` is in `regs[t]`.
fn finish_tags<R: RegFile + ?Sized>(
    t: &Tables<'_>,
    state: u32,
    pos: usize,
    regs: &mut R,
) -> Result<(), Error> {
    let fin = final_of(t, state, pos)?;
    regs.run(t.ops, fin.ops_start, fin.ops_len, pos)
}

/// Reads every capture's span from the tag registers into `out`.
fn read_spans(
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
fn reset_regs<'r>(t: &Tables<'_>, regs: &'r mut [usize]) -> Result<&'r mut [usize], Error> {
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
    read_spans(t, input.len(), regs, out)
}

/// Validates `input` and leaves the raw tag values in `regs`: tag `2k`
/// (start of capture `k`) in `regs[2k]`, its end in `regs[2k + 1]`, and
/// [`NIL`] for a tag that was never set. The cheapest way to get every span;
/// [`split_with`] is this plus [`Option`] spans.
///
/// With at least [`MAX_STACK_REGS`] (64) registers and tables of at most
/// 62, the run uses the first 64 as a branch-free register file (see Note
/// [a register file without branches]): the ones past
/// [`Tables::reg_len`] are then scratch, overwritten with arbitrary
/// values. Give exactly `reg_len` registers to keep the rest untouched.
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
    if let Some(wide) = regs.first_chunk_mut::<WIDE>() {
        if t.reg_len as usize <= WIDE_REGS {
            // Note [a register file without branches].
            wide.fill(NIL);
            let mut file = Wide(wide);
            let state = drive_any::<true, Wide<'_>>(t, input, t.start, 0, &mut file)?;
            return finish_tags(t, state, input.len(), &mut file);
        }
    }
    let regs = reset_regs(t, regs)?;
    let state = drive_any::<true, [usize]>(t, input, t.start, 0, regs)?;
    finish_tags(t, state, input.len(), regs)
}

/// Whether `state` (an ID) is accepting; a state outside the tables is
/// [`ErrorKind::CorruptTables`] at `pos`.
#[inline(always)]
fn accepts(t: &Tables<'_>, state: u32, pos: usize) -> Result<bool, Error> {
    t.finals
        .get(t.state_index(state))
        .map(|f| f.accept)
        .ok_or(corrupt(pos))
}

/// Note [longest prefix]: the run of [`drive`] without tags, which remembers
/// the last offset at which the state was accepting and stops at the dead
/// state instead of failing there. An accelerated run stays in one state,
/// so only its end is a candidate. One more load and compare per byte than
/// [`validate`]; the callers (text scanning) run it over short inputs.
#[inline(always)]
fn longest<T: Id>(
    t: &Tables<'_>,
    trans: &[T],
    input: &[u8],
    mut state: u32,
) -> Result<Option<usize>, Error> {
    let special = t.special;
    let mut last = if accepts(t, state, 0)? { Some(0) } else { None };
    let mut i = 0usize;
    while let Some(&byte) = input.get(i) {
        let idx = (state as usize).wrapping_add(usize::from(t.classes[usize::from(byte)]));
        let next = trans.get(idx).ok_or(corrupt(i))?.get();
        if next < special {
            state = next;
            i = i.saturating_add(1);
        } else if next == special {
            break;
        } else {
            let index = next.checked_sub(special).and_then(|d| d.checked_sub(1));
            let edge = t
                .edges
                .get(index.ok_or(corrupt(i))? as usize)
                .ok_or(corrupt(i))?;
            state = edge.target;
            i = i.saturating_add(1);
            if edge.accel != Edge::NO_ACCEL {
                let set = t.accels.get(edge.accel as usize).ok_or(corrupt(i))?;
                i = skip_run(set, input, i);
            }
        }
        if accepts(t, state, i)? {
            last = Some(i);
        }
    }
    Ok(last)
}

fn longest_any(t: &Tables<'_>, input: &[u8], state: u32) -> Result<Option<usize>, Error> {
    match t.trans {
        Trans::U8(tr) => longest::<u8>(t, tr, input, state),
        Trans::U16(tr) => longest::<u16>(t, tr, input, state),
        Trans::U32(tr) => longest::<u32>(t, tr, input, state),
    }
}

/// The length of the longest prefix of `input` that the machine's rule
/// accepts (possibly `0`, if the rule accepts the empty string), or `None`
/// if no prefix is accepted. This is how a URI is cut out of running text:
/// the run stops at the first byte no reading can continue with, and the
/// answer is the last offset where the state was accepting
/// (Note [longest prefix]). Never allocates or panics.
///
/// # Errors
///
/// Only [`ErrorKind::CorruptTables`]; a rejected input is `Ok(None)`.
///
/// # Example
///
/// ```
/// # fn demo(uri_tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// // RFC 3986 `URI`: the space ends the URI, and `%2` is not an escape.
/// let n = uridfa_runtime::longest_prefix(uri_tables, b"http://a/b%2 c")?;
/// assert_eq!(n, Some(10)); // "http://a/b"
/// # Ok(()) }
/// ```
///
/// (`uridfa::text` runs this on real tables; see its tests.)
pub fn longest_prefix(t: &Tables<'_>, input: &[u8]) -> Result<Option<usize>, Error> {
    longest_any(t, input, t.start)
}

/// [`longest_prefix`] of `input` after a fixed `head`: the largest `n` such
/// that `head` followed by `input[..n]` is accepted, or `None` (also when
/// `head` itself cannot start a match). For abbreviated URIs, whose scheme
/// is implied: `head = b"http://"`, `input = b"www.example.com/ ..."`.
///
/// # Errors
///
/// Only [`ErrorKind::CorruptTables`].
///
/// # Example
///
/// ```
/// # fn demo(uri_tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let n = uridfa_runtime::longest_prefix_after(uri_tables, b"http://", b"www.w3.org/ is")?;
/// assert_eq!(n, Some(11));
/// # Ok(()) }
/// ```
pub fn longest_prefix_after(
    t: &Tables<'_>,
    head: &[u8],
    input: &[u8],
) -> Result<Option<usize>, Error> {
    match drive_any::<false, [usize]>(t, head, t.start, 0, &mut []) {
        Ok(state) => longest_any(t, input, state),
        Err(e) if matches!(e.kind, ErrorKind::UnexpectedByte { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// [`longest_prefix`] and the captures of that prefix (a second, tagged
/// run over it, as [`split`]).
///
/// # Errors
///
/// As [`split`] for the tables' own errors ([`ErrorKind::CorruptTables`],
/// [`ErrorKind::BufferTooSmall`]); a rejected input is `Ok(None)`.
///
/// # Example
///
/// ```
/// # fn demo(uri_tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// if let Some((len, caps)) = uridfa_runtime::longest_prefix_split::<16>(uri_tables, b"http://a/b c")? {
///     assert_eq!(len, 10);
///     assert_eq!(caps.get(0), Some((0, 4))); // the scheme, in RFC 3986's tables
/// }
/// # Ok(()) }
/// ```
pub fn longest_prefix_split<const N: usize>(
    t: &Tables<'_>,
    input: &[u8],
) -> Result<Option<(usize, Captures<N>)>, Error> {
    let Some(len) = longest_prefix(t, input)? else {
        return Ok(None);
    };
    let prefix = input.get(..len).ok_or(corrupt(len))?;
    split::<N>(t, prefix).map(|caps| Some((len, caps)))
}

/// A streaming matcher: feed chunks, then finish. Offsets in errors and
/// spans are absolute, counted from the first byte of the first chunk.
///
/// Once a chunk fails, every later call returns the same error.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let mut regs = [0usize; 64];
/// let mut m = uridfa_runtime::Machine::new(tables, &mut regs)?;
/// m.feed(b"http://exa")?;
/// m.feed(b"mple.com/")?;
/// let mut spans = [None; 16];
/// m.finish_split(&mut spans)?;
/// # Ok(()) }
/// ```
///
/// For [`Tables::utf8`] tables, an error inside a character is reported at
/// the character's first byte, even when that byte came in an earlier
/// chunk: the same offset and state as [`Error::at_char_start`] gives for
/// the whole input (see Note [characters across chunks]).
#[derive(Debug)]
pub struct Machine<'t, 'r> {
    tables: &'t Tables<'t>,
    regs: &'r mut [usize],
    state: u32,
    pos: usize,
    error: Option<Error>,
    /// The last bytes fed (up to 3, the most a character can have before
    /// the byte that interrupts it), ending at `pos`; `utf8` tables only.
    tail: [u8; 3],
    tail_len: usize,
    /// When what was fed so far ends inside a character: the offset of its
    /// lead byte and the state ID there; `utf8` tables only.
    open_char: Option<(usize, u32)>,
}

// Note [characters across chunks]
//
// `utf8` tables match a character byte by byte, so they fail at the first
// byte no allowed character continues with (the third byte of U+FFFE),
// and `Error::at_char_start` moves such an error back to the lead byte by
// running the input up to it again. A stream cannot run earlier chunks
// again, so the machine keeps what that needs as it goes: when a chunk
// ends inside a character, it is driven in two parts, up to the lead byte
// and from it, and the state between them is kept with the lead's offset
// (`open_char`), together with the last three bytes fed (`tail`). An
// error in a later chunk whose character began in an earlier one is
// moved to that lead with that state; an error whose character began in
// the same chunk is moved as `at_char_start` does, by driving the chunk
// up to it again (on the error path only). The cost on the success path
// is a look at the last three bytes of each chunk.

impl<'t, 'r> Machine<'t, 'r> {
    /// Starts a machine with caller-provided registers.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::BufferTooSmall`] if `regs` is shorter than
    /// [`Tables::reg_len`].
    pub fn new(tables: &'t Tables<'t>, regs: &'r mut [usize]) -> Result<Self, Error> {
        let regs = reset_regs(tables, regs)?;
        Ok(Machine {
            tables,
            regs,
            state: tables.start,
            pos: 0,
            error: None,
            tail: [0; 3],
            tail_len: 0,
            open_char: None,
        })
    }

    /// The number of bytes fed so far.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Consumes the next chunk.
    ///
    /// # Errors
    ///
    /// As [`validate`], with absolute offsets.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let t = self.tables;
        if !t.utf8 {
            return match drive_any::<true, [usize]>(t, chunk, self.state, self.pos, self.regs) {
                Ok(s) => {
                    self.state = s;
                    self.pos = self.pos.saturating_add(chunk.len());
                    Ok(())
                }
                Err(e) => {
                    self.error = Some(e);
                    Err(e)
                }
            };
        }
        // Note [characters across chunks]: a character left open at the
        // end of this chunk starts at `cut`.
        let cut = sequence_start(chunk, chunk.len()).unwrap_or(chunk.len());
        let (head, rest) = chunk.split_at(cut);
        let at_cut = self.pos.saturating_add(cut);
        let mut at_lead = None;
        let driven =
            drive_any::<true, [usize]>(t, head, self.state, self.pos, self.regs).and_then(|s| {
                at_lead = Some(s);
                drive_any::<true, [usize]>(t, rest, s, at_cut, self.regs)
            });
        match driven {
            Ok(s) => {
                // Kept only now: an error in `rest` may still need the
                // character left open by an earlier chunk.
                if !rest.is_empty() {
                    self.open_char = at_lead.map(|id| (at_cut, id));
                } else if !self.continues_open_char(chunk) {
                    self.open_char = None;
                }
                self.push_tail(chunk);
                self.state = s;
                self.pos = self.pos.saturating_add(chunk.len());
                Ok(())
            }
            Err(e) => {
                let e = self.at_char_start(e, chunk);
                self.error = Some(e);
                Err(e)
            }
        }
    }

    /// The bytes fed before `chunk` that `tail` keeps (up to 3), then the
    /// last up to 3 bytes of `more`: the window and where `more` starts.
    fn window(&self, more: &[u8]) -> ([u8; 6], usize, usize) {
        let old = self.tail.get(..self.tail_len).unwrap_or(&[]);
        let more = more.get(more.len().saturating_sub(3)..).unwrap_or(&[]);
        let mut w = [0u8; 6];
        let mut n = 0;
        for (slot, &b) in w.iter_mut().zip(old.iter().chain(more)) {
            *slot = b;
            n += 1;
        }
        (w, old.len(), n)
    }

    /// Whether `chunk`, which leaves no character of its own open, extends
    /// the one open before it (continuation bytes only, fewer than the
    /// character still needs).
    fn continues_open_char(&self, chunk: &[u8]) -> bool {
        let (w, old, n) = self.window(chunk);
        // A lead 3 or more bytes before the end cannot still be open.
        chunk.len() < 3
            && w.get(..n)
                .and_then(|w| sequence_start(w, n))
                .is_some_and(|i| i < old)
    }

    /// Keeps the last three bytes fed, `chunk` included.
    fn push_tail(&mut self, chunk: &[u8]) {
        let (w, _, n) = self.window(chunk);
        let recent = w.get(n.saturating_sub(3)..n).unwrap_or(&[]);
        self.tail_len = 0;
        for (slot, &b) in self.tail.iter_mut().zip(recent) {
            *slot = b;
            self.tail_len += 1;
        }
    }

    /// [`Error::at_char_start`] for an error in `chunk`, fed at `self.pos`
    /// from `self.state`, whose character may have begun in an earlier
    /// chunk.
    fn at_char_start(&self, e: Error, chunk: &[u8]) -> Error {
        let ErrorKind::UnexpectedByte { .. } = e.kind else {
            return e;
        };
        let Some(k) = e.offset.checked_sub(self.pos) else {
            return e;
        };
        // The up to three bytes before the error, with those of earlier
        // chunks in front.
        let (w, old, n) = self.window(chunk.get(..k).unwrap_or(&[]));
        let Some(lead) = w.get(..n).and_then(|w| sequence_start(w, n)) else {
            return e;
        };
        let t = self.tables;
        let (offset, byte, id) = match lead.checked_sub(old) {
            Some(j) => {
                // The character began in this chunk: drive up to it again.
                let i = k.saturating_sub(n.saturating_sub(old)).saturating_add(j);
                let (Some(prefix), Some(&byte)) = (chunk.get(..i), chunk.get(i)) else {
                    return e;
                };
                match drive_any::<false, [usize]>(t, prefix, self.state, self.pos, &mut []) {
                    Ok(id) => (self.pos.saturating_add(i), byte, id),
                    Err(_) => return e,
                }
            }
            None => {
                // It began in an earlier chunk, where its state was kept.
                let offset = self.pos.saturating_sub(old.saturating_sub(lead));
                match (self.open_char, w.get(lead)) {
                    (Some((at, id)), Some(&byte)) if at == offset => (offset, byte, id),
                    _ => return e,
                }
            }
        };
        match id.checked_div(t.stride) {
            Some(state) => Error::new(offset, ErrorKind::UnexpectedByte { byte, state }),
            None => e,
        }
    }

    /// Ends the input: is what was fed a match?
    ///
    /// # Errors
    ///
    /// The first error of a chunk, or [`ErrorKind::UnexpectedEnd`].
    pub fn finish(&mut self) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        final_of(self.tables, self.state, self.pos).map(|_| ())
    }

    /// Ends the input and writes each capture's span into `out`.
    ///
    /// # Errors
    ///
    /// As [`Machine::finish`], plus [`ErrorKind::BufferTooSmall`].
    pub fn finish_split(&mut self, out: &mut [Option<Span>]) -> Result<(), Error> {
        if let Some(e) = self.error {
            return Err(e);
        }
        finish_tags(self.tables, self.state, self.pos, self.regs)?;
        read_spans(self.tables, self.pos, self.regs, out)
    }
}

mod check;
mod encode_set;
pub use check::{check, CheckError};
pub use encode_set::EncodeSet;

#[cfg(test)]
mod tests {
    use super::sequence_start;

    #[test]
    fn sequence_start_finds_interrupted_sequences_only() {
        // An error at `at` inside a sequence moves to its lead byte.
        assert_eq!(sequence_start(b"a\xC3(", 2), Some(1));
        assert_eq!(sequence_start(b"a\xEF\xBF\xBE", 3), Some(1));
        assert_eq!(sequence_start(b"a\xED\xA0", 2), Some(1));
        assert_eq!(sequence_start(b"\xF0\x9F\xBF\xBE", 3), Some(0));
        assert_eq!(sequence_start(b"\xF0\x9F\xBF", 1), Some(0));
        // A complete sequence before `at`: the error is at a boundary.
        assert_eq!(sequence_start(b"\xC3\xA9\xFF", 2), None);
        assert_eq!(sequence_start(b"\xE2\x82\xAC\xFF", 3), None);
        assert_eq!(sequence_start(b"\xF0\x9F\x98\x80\xFF", 4), None);
        // ASCII, stray continuation bytes, bytes that never lead, the
        // start of the input, offsets past the end: nothing to move.
        assert_eq!(sequence_start(b"ab", 1), None);
        assert_eq!(sequence_start(b"\x80\x80\x80\x80", 3), None);
        assert_eq!(sequence_start(b"\xF8\x80", 1), None);
        assert_eq!(sequence_start(b"\xC3", 0), None);
        assert_eq!(sequence_start(b"", 5), None);
        assert_eq!(sequence_start(b"\xC3", 2), None);
    }
}
