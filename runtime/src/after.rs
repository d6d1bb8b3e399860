//! Kinds decided after the match: [`AfterKinds`], [`KindMatcher`],
//! [`decide_kinds`].

use crate::tables::{Span, Tables};

// Note [kinds after the match]
//
// A grammar's `;@ kind-after host = IPv4address / reg-name` names kinds
// of a capture (here `host`) that the machine does not track: their rules
// are read by the machine without tags, and their tag registers stay NIL.
// Each has a small plain DFA of its own in `Tables::after` instead. Once a
// match has fixed the parent's span, the first of them (in pragma order)
// whose DFA accepts the parent's whole span gets that span; the rest stay
// absent. `split` and `split_with` do this before they return; a
// `Machine`, which keeps no bytes, leaves them absent, and its
// caller decides them with `decide_kinds` from the bytes it fed.
// `split_regs` leaves them too, as the raw output of the machine, so that
// a caller pays for a kind only when it asks for it (`kind_after_of`, as
// the typed views do; deciding RFC 3986's two in every parse cost 38 ns
// per kasztp URL, a third of `UriRef::parse`); `split` and `split_with`
// decide them all (`decide_kinds_regs`).
//
// The DFAs share one byte-class table and one transition table of `u16`
// cells. A cell is the next state's premultiplied ID shifted left by one,
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
/// grammar's `;@ kind-after`): see [`decide_kinds`]. Empty for a machine
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

/// The capture that after-kind `kind` classifies (its parent).
#[inline]
fn parent_of(t: &Tables<'_>, kind: &AfterKind) -> Option<usize> {
    t.captures
        .get(usize::from(kind.capture))
        .map(|c| usize::from(c.kind_of))
}

/// The parents of `t`'s after-kinds, each once, in the order of their
/// first kind.
fn parents<'t>(t: &'t Tables<'_>) -> impl Iterator<Item = usize> + 't {
    let kinds = t.after.kinds;
    // An index range, not `enumerate` (whose counter is an overflow check
    // under `overflow-checks`: the no-panic proof).
    (0..kinds.len()).zip(kinds).filter_map(move |(k, kind)| {
        let p = parent_of(t, kind)?;
        let earlier = kinds.get(..k).unwrap_or_default();
        earlier
            .iter()
            .all(|e| parent_of(t, e) != Some(p))
            .then_some(p)
    })
}

/// The first after-kind of `parent`, in order, that `accepts` (given a
/// fresh [`KindMatcher`] for it): its capture index. The one rule of Note
/// [kinds after the match], under every entry point.
#[inline]
fn first_kind(
    t: &Tables<'_>,
    parent: usize,
    mut accepts: impl FnMut(KindMatcher<'_>) -> bool,
) -> Option<usize> {
    let kinds = t.after.kinds;
    for (k, kind) in (0..kinds.len()).zip(kinds) {
        if parent_of(t, kind) != Some(parent) {
            continue;
        }
        if accepts(t.after.matcher(k)?) {
            return Some(usize::from(kind.capture));
        }
    }
    None
}

/// Decides the kinds of `t` that are decided after the match (Note [kinds
/// after the match]), given each capture's span in `spans` (capture order,
/// as [`Machine::finish_split`](crate::Machine::finish_split) writes them)
/// and `accepts`, which feeds a span's bytes to a [`KindMatcher`] and
/// returns [`KindMatcher::is_match`]. [`split`](crate::split) and
/// [`split_with`](crate::split_with) do this themselves.
///
/// For each parent that matched, the first of its kinds (in pragma order)
/// that accepts the parent's span gets that span; the others, and the
/// kinds of an absent parent, are left as they are.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let input = b"http://192.0.2.1/";
/// let mut regs = [0usize; 64];
/// let mut m = uridfa_runtime::Machine::new(tables, &mut regs)?;
/// m.feed(input)?;
/// let mut spans = [None; 16];
/// m.finish_split(&mut spans)?;
/// uridfa_runtime::decide_kinds(tables, &mut spans, |mut k, (s, e)| {
///     k.feed(input.get(s..e).unwrap_or_default());
///     k.is_match()
/// });
/// # Ok(()) }
/// ```
pub fn decide_kinds(
    t: &Tables<'_>,
    spans: &mut [Option<Span>],
    mut accepts: impl FnMut(KindMatcher<'_>, Span) -> bool,
) {
    for parent in parents(t) {
        let Some(Some(span)) = spans.get(parent).copied() else {
            continue;
        };
        if let Some(slot) =
            first_kind(t, parent, |m| accepts(m, span)).and_then(|c| spans.get_mut(c))
        {
            *slot = Some(span);
        }
    }
}

/// Which kind decided after the match a capture with span bytes `bytes`
/// is: the first of `t`'s [`AfterKinds`] of capture `parent` whose DFA
/// accepts all of `bytes` (its capture index), or `None`. Only that kind
/// runs its DFA on the bytes, and the ones before it. What the typed views
/// call when a kind is asked for, rather than deciding every kind of every
/// parse.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>, host: usize, ipv4: usize) {
/// let is_ipv4 = uridfa_runtime::kind_after_of(tables, host, b"192.0.2.1") == Some(ipv4);
/// # let _ = is_ipv4; }
/// ```
pub fn kind_after_of(t: &Tables<'_>, parent: usize, bytes: &[u8]) -> Option<usize> {
    first_kind(t, parent, |mut m| {
        m.feed(bytes);
        m.is_match()
    })
}

/// [`decide_kinds`] on tag registers (tag `2c` and `2c + 1` of capture
/// `c` in `regs`, as [`split_regs`](crate::split_regs) leaves them), for
/// a whole `input`: what [`split`](crate::split) and
/// [`split_with`](crate::split_with) run after the match.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) -> Result<(), uridfa_runtime::Error> {
/// let input = b"http://192.0.2.1/";
/// let mut regs = [0usize; 64];
/// uridfa_runtime::split_regs(tables, input, &mut regs)?;
/// uridfa_runtime::decide_kinds_regs(tables, input, &mut regs);
/// # Ok(()) }
/// ```
#[inline]
pub fn decide_kinds_regs(t: &Tables<'_>, input: &[u8], regs: &mut [usize]) {
    for parent in parents(t) {
        let p = parent.wrapping_mul(2);
        let (Some(&s), Some(&e)) = (regs.get(p), regs.get(p | 1)) else {
            continue;
        };
        let Some(bytes) = input.get(s..e) else {
            // A NIL tag (`usize::MAX`) is past every input's end.
            continue;
        };
        let Some(c) = kind_after_of(t, parent, bytes) else {
            continue;
        };
        let c = c.wrapping_mul(2);
        if let Some([start, end]) = regs.get_mut(c..c.wrapping_add(2)) {
            *start = s;
            *end = e;
        }
    }
}
