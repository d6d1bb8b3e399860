//! The table types shared by the generator and the driver: [`Tables`],
//! the format of one machine, and its parts: [`Trans`], [`Final`],
//! [`StrRef`], [`CaptureInfo`] here; [`Edge`] and [`Op`] in `edge.rs`;
//! [`ByteSet`] and [`Escape`] in `byte_set.rs`; [`AfterKinds`] in
//! `after_kinds.rs`. Also [`Captures`], a split's result.

mod after_kinds;
mod byte_set;
mod edge;

pub use after_kinds::{AfterKind, AfterKinds, KindMatcher};
pub use byte_set::{ByteSet, Escape};
pub use edge::{Edge, Op};

/// A half-open byte range `(start, end)` into the input.
pub type Span = (usize, usize);

/// The value of a register that was never set (an absent tag).
pub const NIL: usize = usize::MAX;

/// The number of registers [`split`](crate::split) keeps on the stack. Tables needing more
/// must use [`split_with`](crate::split_with) with a caller buffer of
/// [`Tables::reg_len`] registers.
pub const MAX_STACK_REGS: usize = 64;

/// What happens when the input ends in a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Final {
    /// Whether the input may end here.
    pub accept: bool,
    /// How many final operations to run, in order.
    pub ops_len: u16,
    /// The first final operation, an index into [`Tables::ops`].
    pub ops_start: u32,
}

/// An array of IDs in the narrowest width that fits: the transition table
/// ([`Tables::trans`]) and each state's final entry
/// ([`Tables::state_final`]). [`Ids`] names the same type.
#[derive(Clone, Copy, Debug)]
pub enum Trans<'a> {
    /// IDs up to 255.
    U8(&'a [u8]),
    /// IDs up to 65,535.
    U16(&'a [u16]),
    /// Anything larger.
    U32(&'a [u32]),
    /// The compact form of the `size` profile (without the `fast-tables`
    /// feature): one byte per cell
    /// holding a state *index*, not a premultiplied ID. A cell `c` below
    /// the number of states `n = cells.len() / stride` leads to the state
    /// with ID `c * stride`; a cell `c >= n` is the special ID
    /// `special + (c - n)` (the dead state, then the edges), so a machine
    /// fits when its states, the dead state and its edges number at most
    /// 256. [`Trans::get`] returns the premultiplied ID either way; the
    /// driver multiplies by the stride instead of reading premultiplied
    /// cells (Note \[the hot loop\]). `stride` equals [`Tables::stride`]
    /// (invariant 15).
    Index8 {
        /// The cells, `state_len * stride` of them.
        cells: &'a [u8],
        /// The row length, [`Tables::stride`].
        stride: u32,
    },
}

impl<'a> Trans<'a> {
    /// The number of entries.
    pub fn len(&self) -> usize {
        match self {
            Trans::U8(t) => t.len(),
            Trans::U16(t) => t.len(),
            Trans::U32(t) => t.len(),
            Trans::Index8 { cells, .. } => cells.len(),
        }
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry at `i`, widened, or `None` past the end. For
    /// [`Trans::Index8`], the premultiplied ID its cell stands for (`None`
    /// also for a zero stride or an ID that overflows `u32`).
    pub fn get(&self, i: usize) -> Option<u32> {
        match self {
            Trans::U8(t) => t.get(i).map(|&x| u32::from(x)),
            Trans::U16(t) => t.get(i).map(|&x| u32::from(x)),
            Trans::U32(t) => t.get(i).copied(),
            Trans::Index8 { cells, stride } => {
                let c = u32::from(*cells.get(i)?);
                let states = u32::try_from(cells.len().checked_div(*stride as usize)?).ok()?;
                match c.checked_sub(states) {
                    None => c.checked_mul(*stride),
                    Some(d) => states.checked_mul(*stride)?.checked_add(d),
                }
            }
        }
    }

    /// `wide` with the `fast-tables` feature (the `speed` profile, a
    /// default feature), `small` without it (the `size` profile, what
    /// `default-features = false` gives firmware):
    /// how the generated tables of a machine that fits [`Trans::Index8`]
    /// name their transitions (both arrays are emitted; the linker keeps
    /// the one chosen). Evaluated at compile time in the runtime crate, so
    /// the features switch every machine, built-in or derived.
    pub const fn pick(wide: Trans<'a>, small: Trans<'a>) -> Trans<'a> {
        if crate::SMALL_TABLES {
            small
        } else {
            wide
        }
    }

    /// Bytes per entry.
    pub fn id_bytes(&self) -> usize {
        match self {
            Trans::U8(_) => 1,
            Trans::U16(_) => 2,
            Trans::U32(_) => 4,
            Trans::Index8 { .. } => 1,
        }
    }
}

/// An array of IDs in the narrowest width that fits (the type of
/// [`Tables::state_final`]; the same as [`Trans`]).
pub type Ids<'a> = Trans<'a>;

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
    /// Whether this capture is a *list region*: the span of a repetition
    /// whose items hold captures (`*("," addr-spec)`). It is no component
    /// of the grammar; its items are found with [`items`](crate::items)
    /// and the repetition's own item tables (Note \[repeated captures\] in
    /// `uridfa-codegen`).
    pub region: bool,
    /// Whether this capture can occur more than once in one input: some
    /// entry of the grammar holds it inside a list region. Its
    /// occurrences are this machine's span (the one outside every list, if
    /// any) and those of every item of the list regions that hold it.
    pub repeated: bool,
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
/// [`check`](crate::check) verifies all of these; `uridfa-codegen` runs it on every table
/// set it produces. A table set that breaks them can make the run time give a
/// wrong answer or an [`ErrorKind::CorruptTables`](crate::ErrorKind::CorruptTables) error, never a panic or
/// undefined behaviour.
///
/// 1. `stride` is the number of byte classes; every `classes[b] < stride`.
/// 2. State IDs are premultiplied: the state with index `i` has ID
///    `i * stride`, and its row is `trans[i*stride .. (i+1)*stride]`.
///    `trans.len() == state_len * stride` and `special == trans.len()`.
///    (A [`Trans::Index8`] table stores state indices; these invariants
///    hold of the IDs [`Trans::get`] reads from it.)
/// 3. Special IDs form one range above the states, so the hot loop asks one
///    question, `next >= special`:
///    - `special` itself is the dead state (no row is stored for it);
///    - `special + 1 + e` is [`Edge`] `e`: a transition with register
///      operations. Its `target` is a (non-special) state ID.
/// 4. `start` is a state ID. `state_final.len() == state_len`, and every
///    entry of `state_final` indexes `finals` (the distinct final entries:
///    Note \[one final entry per kind of state\] in the generator).
/// 5. Every op range lies inside `ops`, every register named by an op is
///    below `reg_len`, `reg_len` fits `u16` below [`Op::NIL`]. A packed
///    edge's word ([`Edge::pack`]) holds exactly its operations, padded
///    with `61 = 61`, and [`Edge::POSITIONS`] exactly when its first
///    [`Edge::PACKED_FIRST`] only store the position (or pad).
/// 6. Operations of one edge or final run in order; each sees the effects of
///    the ones before it.
/// 7. `reg_len >= 2 * captures.len()`: tag `2k` is the start of capture `k`
///    and tag `2k+1` its end. A list region is neither a kind nor
///    repeated, and no kind names one. After the final operations of an accepting
///    state, tag `t`'s value is in register `t` (so [`split_regs`](crate::split_regs) leaves
///    the tags in `regs[..2 * captures.len()]`).
/// 8. `state_component.len() == state_expected.len() == state_len`; a
///    component entry is `0` (none), a capture index plus one, or
///    `captures.len() + 1` plus an index into `component_sets`; an
///    expected entry indexes `expected`.
/// 9. Every [`StrRef`] (capture names, expected texts, component sets)
///    lies inside `strings` on character boundaries.
/// 10. An edge's `accel` is [`Edge::NO_ACCEL`] or an index into `accels`,
///     and for every byte in that set the edge's target has a transition to
///     itself without operations (so skipping those bytes is exact).
///     `accel_lut` is `None` exactly when `accels` is empty, and bit `k` of
///     its entry `b` says whether `accels[k]` contains `b`, for `k < 8`
///     (the other bits are clear). `accel_nibbles` is empty or has one
///     entry per set, [`ByteSet::nibbles`] of it.
/// 11. `stride_recip` is [`Tables::stride_recip_of`]`(stride)`, and for
///     every state ID `id`, [`Tables::state_index`]`(id)` (a multiply and a
///     shift) equals `id / stride` (a division, 10 to 30 cycles, paid at
///     the end of every input).
/// 12. [`Tables::after`] keeps the invariants listed at [`AfterKinds`].
/// 13. `accel_escapes` is empty or has one entry per set of `accels`. An
///     entry of set `k` other than [`Escape::NONE`] names a set `digits`
///     of `accels` that does not hold `byte`, and set `k` does not hold
///     `byte` either; for every edge whose `accel` is `k`, with target
///     `S`: `S` goes on `byte` to a state `P`, `P` on every digit to a
///     state `Q`, and `Q` on every digit back to `S`, all three without
///     operations (a state ID, or an edge without operations), and
///     neither `P` nor `Q` accepts. So skipping `byte` and two digits
///     inside a run of `S` is exact, and an accepting offset is never
///     skipped inside an escape.
/// 14. (Of the [`List`](crate::List)s of a table set, checked by
///     [`check_lists`](crate::check_lists).) Each list's region is a
///     capture of the tables whose `region` is set; its item tables keep
///     invariants 1-13 and have as many captures; the item tables' own
///     lists keep invariant 14 in turn, at most
///     [`MAX_LIST_DEPTH`](crate::MAX_LIST_DEPTH) levels deep.
/// 15. A [`Trans::Index8`] table's `stride` is `stride`, and its cells
///     stand for IDs that keep invariants 2 and 3 (a cell is at most
///     `state_len + edges.len()`).
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
    /// The first eight [`Tables::accels`] as one byte table: bit `k` of
    /// entry `b` is set when byte `b` is in set `k`, so a run is skipped
    /// with one load and one test per byte. `None` when there is no set.
    pub accel_lut: Option<&'a [u8; 256]>,
    /// [`Tables::accels`] as byte-shuffle tables ([`ByteSet::nibbles`]),
    /// one per set, with which the `simd` feature tests sixteen bytes of
    /// every run at once (SSSE3, detected at run time). Empty when there is
    /// no set; when empty, the feature still tests long runs with tables it
    /// builds from the sets, and short runs stay on the byte loops.
    pub accel_nibbles: &'a [[u8; 32]],
    /// Per set of [`Tables::accels`] (or empty, for none): the escape its
    /// runs step over, or [`Escape::NONE`]. The generator finds a loop
    /// `*( set / "%" HEXDIG HEXDIG )` in the minimized machine (invariant
    /// 13); the run kernels then skip a valid `%HH` without leaving the
    /// run, and an invalid one ends the run where the machine would stop
    /// reading the set (Note \[escape-aware runs\] in the driver).
    pub accel_escapes: &'a [Escape],
    /// The distinct final entries (accepting or not, and the final
    /// operations); [`Tables::state_final`] says which is whose.
    pub finals: &'a [Final],
    /// Per state (by index, not ID): its entry in [`Tables::finals`].
    pub state_final: Ids<'a>,
    /// The number of registers the machine needs.
    pub reg_len: u32,
    /// The captures, in tag order.
    pub captures: &'a [CaptureInfo],
    /// Per state: the component being read there: 0 (none), a capture
    /// index + 1, or, where the input may be in several components,
    /// `captures.len() + 1` + an index into [`Tables::component_sets`].
    pub state_component: &'a [u16],
    /// The texts of the sets of components an error may be in, e.g.
    /// `scheme or path` (see [`Tables::state_component`]).
    pub component_sets: &'a [StrRef],
    /// Per state: which `expected` text describes the bytes accepted there.
    pub state_expected: &'a [u16],
    /// Descriptions of accepted bytes, e.g. `pchar, "/", "?", "#" or end of input`.
    pub expected: &'a [StrRef],
    /// The text of every [`StrRef`]: capture names and expected texts.
    pub strings: &'a str,
    /// The kinds decided after the match (a grammar's `;@ kind-after`;
    /// [`AfterKinds::NONE`] for most machines): see
    /// [`decide_kinds`](crate::decide_kinds).
    pub after: AfterKinds<'a>,
    /// Whether the grammar says `;@ charset utf-8`: its values above
    /// `%x7F` are characters, matched byte by byte in UTF-8, so an error
    /// can fall inside a character ([`Error::at_char_start`](crate::Error::at_char_start) moves it back
    /// to the character's first byte; [`Machine`](crate::Machine) does so itself).
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

    /// The text of a [`Tables::state_component`] entry: a capture's name
    /// (`path`), the components of a set (`scheme or path`), or `None`
    /// for 0 or an entry out of range.
    pub fn component_text(&self, entry: u16) -> Option<&'a str> {
        let c = usize::from(entry).checked_sub(1)?;
        match c.checked_sub(self.captures.len()) {
            None => self.capture_name(c),
            Some(set) => self.component_sets.get(set).map(|&r| self.str(r)),
        }
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
    /// pass [`check`](crate::check); invariant 11). On targets whose
    /// pointers are narrower than 64 bits (Cortex-M0 has no 64-bit
    /// multiply: the product would be a library call), the same index in
    /// 32-bit arithmetic (`index_by_odd_inverse`).
    #[inline(always)]
    pub fn state_index(&self, id: u32) -> usize {
        #[cfg(target_pointer_width = "64")]
        {
            ((u128::from(id) * u128::from(self.stride_recip)) >> 40) as usize
        }
        #[cfg(not(target_pointer_width = "64"))]
        {
            index_by_odd_inverse(id, self.stride) as usize
        }
    }

    /// The number of states (not counting the dead state).
    pub fn state_len(&self) -> usize {
        self.state_final.len()
    }

    /// The final entry of the state with index `index` (not ID), or `None`
    /// past the last state (or in tables that break invariant 4).
    #[inline]
    pub fn final_of(&self, index: usize) -> Option<Final> {
        let id = self.state_final.get(index)?;
        self.finals.get(id as usize).copied()
    }

    /// The number of captures; [`split`](crate::split) needs `N >= capture_len()`.
    pub fn capture_len(&self) -> usize {
        self.captures.len()
    }

    /// The index of the capture named `name`.
    pub fn capture_index(&self, name: &str) -> Option<usize> {
        (0..self.captures.len()).find(|&i| self.capture_name(i) == Some(name))
    }

    /// Bytes of transition data: classes, transitions, edges, ops, finals,
    /// accelerated runs and the kinds decided after the match (the data
    /// the matcher reads; diagnostics excluded).
    pub fn table_bytes(&self) -> usize {
        256 + self.trans.len() * self.trans.id_bytes()
            + core::mem::size_of_val(self.edges)
            + core::mem::size_of_val(self.ops)
            + core::mem::size_of_val(self.finals)
            + self.state_final.len() * self.state_final.id_bytes()
            + core::mem::size_of_val(self.accels)
            + self.accel_lut.map_or(0, |l| l.len())
            + core::mem::size_of_val(self.accel_nibbles)
            + core::mem::size_of_val(self.accel_escapes)
            + self.after.table_bytes()
    }
}

/// The result of [`split`](crate::split): one optional span per capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captures<const N: usize> {
    pub(crate) spans: [Option<Span>; N],
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

/// `id / stride` for an `id` that is a multiple of `stride` (a state ID),
/// in 32-bit arithmetic without a division or a 64-bit product: with
/// `stride = odd * 2^twos`, `id >> twos` is `index * odd`, and multiplying
/// by `odd`'s inverse modulo 2^32 gives `index` exactly. The inverse takes
/// four Newton steps from `odd` itself (correct to 3 bits, then 6, 12, 24
/// and 48). `0` for a zero stride; for an `id` that is not a multiple of
/// `stride` (corrupt tables) some index, never a panic.
#[inline]
#[cfg_attr(target_pointer_width = "64", allow(dead_code))]
pub(crate) const fn index_by_odd_inverse(id: u32, stride: u32) -> u32 {
    if stride == 0 {
        return 0;
    }
    let twos = stride.trailing_zeros();
    let odd = stride >> twos;
    let mut inv = odd;
    let mut step = 0;
    while step < 4 {
        inv = inv.wrapping_mul(2u32.wrapping_sub(odd.wrapping_mul(inv)));
        step += 1;
    }
    (id >> twos).wrapping_mul(inv)
}

#[cfg(test)]
mod index_tests {
    use super::{index_by_odd_inverse, Tables};

    /// The 32-bit form equals the division and the 64-bit form for every
    /// stride up to 256 (a class count) and every multiple of it up to
    /// where a u32 ID ends (sampled past the first 4,096 indices).
    #[test]
    fn odd_inverse_index_is_the_division() {
        for stride in 1..=256u32 {
            let recip = Tables::stride_recip_of(stride);
            let last = u32::MAX / stride;
            let mut index = 0u32;
            while index <= last {
                let id = index * stride;
                assert_eq!(index_by_odd_inverse(id, stride), index, "{stride} {id}");
                if u64::from(id) < 1 << 24 {
                    let by_recip = (u128::from(id) * u128::from(recip)) >> 40;
                    assert_eq!(by_recip, u128::from(index), "{stride} {id}");
                }
                index = if index < 4096 {
                    index + 1
                } else {
                    index.saturating_add(index / 7 + 1)
                };
                if index == u32::MAX {
                    break;
                }
            }
        }
        assert_eq!(index_by_odd_inverse(12, 0), 0);
    }
}
