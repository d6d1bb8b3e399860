//! Kinds after the match: the plain DFAs ([`AfterKinds`], one
//! [`AfterKind`] each) that decide a grammar's `;@ kind-after` kinds once a
//! match has fixed their parent's span, and [`KindMatcher`], one of them
//! fed bytes. The rule that uses them is in `after.rs` (Note [kinds after
//! the match]).

// Note [kind DFA cells]
//
// The DFAs of Note [kinds after the match] share one byte-class table
// and one transition table of `u16` cells. A cell is the next state's premultiplied ID shifted left by one,
// with the low bit set when that state accepts; row 0 is the dead state
// (every cell 0: dead, not accepting), so a run can stop as soon as its
// cell is 0. A kind's start cell has the same form. Deciding a kind so
// costs one class load and one cell load per byte, and no division.

/// A kind decided after the match (see [`AfterKinds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AfterKind {
    /// The kind capture it decides; [`CaptureInfo::kind_of`](crate::CaptureInfo::kind_of)
    /// names the capture whose span it tests.
    pub capture: u16,
    /// Its DFA's start cell: the start state's premultiplied ID shifted
    /// left by one, plus one if the empty input is accepted.
    pub start: u16,
}

/// The plain DFAs that decide a machine's kinds after the match (a
/// grammar's `;@ kind-after`): see [`decide_kinds`](crate::decide_kinds). Empty for a machine
/// without such kinds ([`AfterKinds::NONE`]).
///
/// # Invariants
///
/// [`check`](crate::check) verifies them: `classes` is `Some` exactly when
/// `kinds` is not empty, every class is below `stride`, `trans.len()` is a
/// multiple of `stride` with row 0 all zeros, every cell and start cell
/// names a row (`(cell >> 1) + stride <= trans.len()`, a multiple of
/// `stride`), and every kind's capture is a kind capture.
#[derive(Clone, Copy, Debug)]
pub struct AfterKinds<'a> {
    /// The kinds, in the order they are tried.
    pub kinds: &'a [AfterKind],
    /// Maps each byte to its class, shared by the kinds' DFAs.
    pub classes: Option<&'a [u8; 256]>,
    /// The number of byte classes; the row length.
    pub stride: u32,
    /// The cells, row by row (see [`AfterKind::start`] for their form).
    pub trans: &'a [u16],
}

impl<'a> AfterKinds<'a> {
    /// No kinds decided after the match.
    pub const NONE: AfterKinds<'static> = AfterKinds {
        kinds: &[],
        classes: None,
        stride: 0,
        trans: &[],
    };

    /// A matcher for kind `k` (an index into [`AfterKinds::kinds`]), at the
    /// start of its span; `None` past the last kind.
    pub fn matcher(&self, k: usize) -> Option<KindMatcher<'a>> {
        let kind = self.kinds.get(k)?;
        Some(KindMatcher {
            classes: self.classes?,
            trans: self.trans,
            cell: kind.start,
        })
    }

    /// Bytes of data: the classes, the cells and the kinds.
    pub fn table_bytes(&self) -> usize {
        self.classes.map_or(0, |c| c.len())
            + core::mem::size_of_val(self.trans)
            + core::mem::size_of_val(self.kinds)
    }
}

/// One kind's DFA, fed the bytes of a span (in as many pieces as needed).
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) {
/// if let Some(mut m) = tables.after.matcher(0) {
///     m.feed(b"192.0.2");
///     m.feed(b".1");
///     let is_this_kind = m.is_match();
///     # let _ = is_this_kind;
/// }
/// # }
/// ```
#[derive(Clone, Copy, Debug)]
pub struct KindMatcher<'a> {
    classes: &'a [u8; 256],
    trans: &'a [u16],
    cell: u16,
}

impl KindMatcher<'_> {
    /// Reads `bytes`.
    #[inline]
    pub fn feed(&mut self, bytes: &[u8]) {
        let mut cell = self.cell;
        for &b in bytes {
            if cell == 0 {
                break;
            }
            let idx =
                usize::from(cell >> 1).wrapping_add(usize::from(self.classes[usize::from(b)]));
            // Tables that break the invariants only give a wrong answer.
            cell = self.trans.get(idx).copied().unwrap_or(0);
        }
        self.cell = cell;
    }

    /// Whether the bytes fed so far are a match of the kind's rule.
    #[inline]
    pub fn is_match(&self) -> bool {
        self.cell & 1 != 0
    }
}
