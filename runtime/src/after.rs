//! Kinds decided after the match: [`decide_kinds`], [`kind_after_of`],
//! [`decide_kinds_regs`], which run a machine's [`AfterKinds`](crate::AfterKinds) (its tables,
//! in `tables/after_kinds.rs`) on a parent's span.

use crate::tables::{AfterKind, KindMatcher, Span, Tables};

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
// Their tables: Note [kind DFA cells] in `tables/after_kinds.rs`.

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
/// is: the first of `t`'s [`AfterKinds`](crate::AfterKinds) of capture `parent` whose DFA
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
