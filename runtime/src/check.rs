//! The invariant checker for [`Tables`]: every numbered invariant in the
//! `# Invariants` section of [`Tables`] is verified here. `uridfa-codegen`
//! runs it on every table set it builds, and the tests run it on every
//! generated `static`.

use crate::{Op, StrRef, Tables};
use core::fmt;

/// Which invariant a table set breaks (numbered as in [`Tables`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// The invariant's number in the `# Invariants` list of [`Tables`].
    pub invariant: u8,
    /// What is wrong.
    pub what: &'static str,
    /// An index that locates the fault (a byte, an entry, an op...).
    pub at: usize,
}

/// `core::error::Error` (stable since Rust 1.81), without features.
impl core::error::Error for CheckError {}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "table invariant {} broken: {} (at {})",
            self.invariant, self.what, self.at
        )
    }
}

fn fail(invariant: u8, what: &'static str, at: usize) -> Result<(), CheckError> {
    Err(CheckError {
        invariant,
        what,
        at,
    })
}

fn check_range(
    ops: &[Op],
    start: u64,
    len: u16,
    reg_len: u32,
    at: usize,
) -> Result<(), CheckError> {
    let Ok(start) = usize::try_from(start) else {
        return fail(5, "op range outside ops", at);
    };
    let Some(end) = start.checked_add(usize::from(len)) else {
        return fail(5, "op range overflows", at);
    };
    let Some(ops) = ops.get(start..end) else {
        return fail(5, "op range outside ops", at);
    };
    for op in ops {
        if u32::from(op.dst) >= reg_len {
            return fail(5, "op writes a register >= reg_len", at);
        }
        if op.src != Op::POS && op.src != Op::NIL && u32::from(op.src) >= reg_len {
            return fail(5, "op reads a register >= reg_len", at);
        }
    }
    Ok(())
}

/// `xs` with each element's index. Not `Iterator::enumerate`: its counter
/// is a checked `+ 1` in builds with overflow checks, which the no-panic
/// proof rejects (`check` is one of its entry points).
fn indexed<T>(xs: &[T]) -> impl Iterator<Item = (usize, &T)> {
    (0..xs.len()).zip(xs)
}

/// Verifies every invariant of `t`.
///
/// # Errors
///
/// The first broken invariant found.
///
/// # Example
///
/// ```
/// # fn demo(tables: &uridfa_runtime::Tables<'_>) {
/// assert!(uridfa_runtime::check(tables).is_ok());
/// # }
/// ```
pub fn check(t: &Tables<'_>) -> Result<(), CheckError> {
    let stride = t.stride as usize;
    if stride == 0 || stride > 256 {
        return fail(1, "stride must be 1..=256", stride);
    }
    for (b, &c) in indexed(t.classes) {
        if usize::from(c) >= stride {
            return fail(1, "byte class >= stride", b);
        }
    }
    let state_len = t.state_final.len();
    if state_len.checked_mul(stride) != Some(t.trans.len()) {
        return fail(2, "trans.len() != state_len * stride", t.trans.len());
    }
    if t.special as usize != t.trans.len() {
        return fail(2, "special != trans.len()", t.special as usize);
    }
    if let crate::Trans::Index8 { stride: s, .. } = t.trans {
        if s != t.stride {
            return fail(15, "Index8 stride != stride", s as usize);
        }
    }
    let max_id = (t.special as usize).checked_add(t.edges.len());
    let fits = match (t.trans, max_id) {
        (_, None) => false,
        (crate::Trans::U8(_), Some(m)) => m <= u8::MAX as usize,
        (crate::Trans::U16(_), Some(m)) => m <= u16::MAX as usize,
        (crate::Trans::U32(_), Some(m)) => m <= u32::MAX as usize,
        (crate::Trans::Index8 { .. }, Some(_)) => true,
    };
    if !fits {
        return fail(3, "special IDs do not fit the ID width", t.edges.len());
    }
    let is_state =
        |id: u32| (id as usize) < t.trans.len() && (id as usize).checked_rem(stride) == Some(0);
    for i in 0..t.trans.len() {
        let Some(next) = t.trans.get(i) else {
            return fail(2, "transition unreadable", i);
        };
        if next < t.special {
            if !is_state(next) {
                return fail(2, "transition to a non-premultiplied ID", i);
            }
        } else if next > t.special
            && next.wrapping_sub(t.special).wrapping_sub(1) as usize >= t.edges.len()
        {
            return fail(3, "transition to a missing edge", i);
        }
    }
    if u32::from(Op::NIL) <= t.reg_len {
        return fail(5, "reg_len too large for u16 registers", t.reg_len as usize);
    }
    for (e, edge) in indexed(t.edges) {
        if !is_state(edge.target) {
            return fail(3, "edge target is not a state", e);
        }
        if edge.is_packed(t.reg_len) {
            let len = usize::from(edge.ops_len);
            let ops = crate::Edge::unpack(edge.word(), len);
            // A loop, not `Iterator::any`: the no-panic proof's walker
            // accepts only the runtime's own functions.
            for op in ops.clone() {
                if u32::from(op.dst) >= t.reg_len
                    || (op.src != Op::POS && op.src != Op::NIL && u32::from(op.src) >= t.reg_len)
                {
                    return fail(5, "packed op names a register >= reg_len", e);
                }
            }
            let mut buf = [Op { dst: 0, src: 0 }; crate::Edge::PACKED_LEN];
            for (slot, op) in buf.iter_mut().zip(ops) {
                *slot = op;
            }
            if crate::Edge::pack(buf.get(..len).unwrap_or_default()) != Some(edge.word()) {
                return fail(5, "packed ops are not exactly the edge's ops padded", e);
            }
        } else {
            check_range(t.ops, edge.word(), edge.ops_len, t.reg_len, e)?;
        }
        if edge.accel != crate::Edge::NO_ACCEL {
            let Some(set) = t.accels.get(edge.accel as usize) else {
                return fail(10, "edge accel outside accels", e);
            };
            for b in 0..=255u8 {
                let row =
                    (edge.target as usize).wrapping_add(usize::from(t.classes[usize::from(b)]));
                if set.contains(b) && t.trans.get(row) != Some(edge.target) {
                    return fail(10, "accelerated byte does not loop without ops", e);
                }
            }
        }
    }
    if t.accel_lut.is_some() == t.accels.is_empty() {
        return fail(
            10,
            "accel_lut present without accels, or missing",
            t.accels.len(),
        );
    }
    if let Some(lut) = t.accel_lut {
        for (b, &bits) in indexed(lut) {
            let mut want = 0u8;
            for (k, set) in (0..8u32).zip(t.accels) {
                want |= u8::from(set.contains(b as u8)).wrapping_shl(k);
            }
            if bits != want {
                return fail(10, "accel_lut disagrees with accels", b);
            }
        }
    }
    if !t.accel_nibbles.is_empty() && t.accel_nibbles.len() != t.accels.len() {
        return fail(
            10,
            "accel_nibbles neither empty nor one per set",
            t.accel_nibbles.len(),
        );
    }
    for (k, (rows, set)) in (0..t.accel_nibbles.len()).zip(t.accel_nibbles.iter().zip(t.accels)) {
        if *rows != set.nibbles() {
            return fail(10, "accel_nibbles disagrees with accels", k);
        }
    }
    if t.stride_recip != Tables::stride_recip_of(t.stride) {
        return fail(
            11,
            "stride_recip != ceil(2^40 / stride)",
            t.stride_recip as usize,
        );
    }
    for s in 0..state_len {
        // No overflow: s * stride < state_len * stride = trans.len().
        let id = s.wrapping_mul(stride);
        if u32::try_from(id).map(|id| t.state_index(id)) != Ok(s) {
            return fail(11, "state_index(id) != id / stride", s);
        }
    }
    if !is_state(t.start) {
        return fail(4, "start is not a state", t.start as usize);
    }
    for (f, fin) in indexed(t.finals) {
        check_range(t.ops, u64::from(fin.ops_start), fin.ops_len, t.reg_len, f)?;
        // Note [packed final operations]: the packed word is the range's
        // operations packed (which `check_range` has just bounded), or 0.
        let want = if fin.is_packed(t.reg_len) {
            let start = fin.ops_start as usize;
            let ops = t
                .ops
                .get(start..start.wrapping_add(usize::from(fin.ops_len)))
                .unwrap_or_default();
            crate::Edge::pack(ops)
        } else {
            Some(0)
        };
        if want != Some(fin.packed) {
            return fail(5, "a final entry's packed ops are not its ops packed", f);
        }
    }
    for s in 0..state_len {
        if t.final_of(s).is_none() {
            return fail(4, "state_final entry outside finals", s);
        }
    }
    if (t.reg_len as usize) < t.captures.len().saturating_mul(2) {
        return fail(7, "reg_len < 2 * captures.len()", t.reg_len as usize);
    }
    for (i, c) in indexed(t.captures) {
        if c.is_kind() && usize::from(c.kind_of) >= t.captures.len() {
            return fail(7, "kind_of names a missing capture", i);
        }
        if c.region && (c.is_kind() || c.repeated) {
            return fail(7, "a list region is a kind or repeated", i);
        }
        if c.is_kind()
            && t.captures
                .get(usize::from(c.kind_of))
                .is_some_and(|p| p.region)
        {
            return fail(7, "kind of a list region", i);
        }
    }
    if t.state_component.len() != state_len || t.state_expected.len() != state_len {
        return fail(
            8,
            "diagnostic tables do not have one entry per state",
            state_len,
        );
    }
    for (s, &c) in indexed(t.state_component) {
        if usize::from(c) > t.captures.len().saturating_add(t.component_sets.len()) {
            return fail(8, "state component out of range", s);
        }
    }
    for (s, &e) in indexed(t.state_expected) {
        if usize::from(e) >= t.expected.len() {
            return fail(8, "state expected text out of range", s);
        }
    }
    let str_ok = |r: StrRef| {
        let start = r.start as usize;
        start
            .checked_add(r.len as usize)
            .is_some_and(|end| t.strings.get(start..end).is_some())
    };
    for (i, c) in indexed(t.captures) {
        if !str_ok(c.name) {
            return fail(9, "capture name outside strings", i);
        }
    }
    for (i, &r) in indexed(t.expected) {
        if !str_ok(r) {
            return fail(9, "expected text outside strings", i);
        }
    }
    // After invariants 4 and 11: it reads finals through `state_index`.
    check_escapes(t)?;
    for (i, &r) in indexed(t.component_sets) {
        if !str_ok(r) {
            return fail(9, "component set text outside strings", i);
        }
    }
    check_after(t)
}

/// The state a transition cell leads to without operations: a state ID,
/// or an edge without operations; `None` for the dead state, an edge with
/// operations, or a cell outside the table.
fn plain_target(t: &Tables<'_>, state: u32, byte: u8) -> Option<u32> {
    let cell = (state as usize).checked_add(usize::from(t.classes[usize::from(byte)]))?;
    let next = t.trans.get(cell)?;
    if next < t.special {
        return Some(next);
    }
    let edge = t
        .edges
        .get(next.checked_sub(t.special)?.checked_sub(1)? as usize)?;
    (edge.ops_len == 0).then_some(edge.target)
}

/// Invariant 13: escape-aware runs.
fn check_escapes(t: &Tables<'_>) -> Result<(), CheckError> {
    if !t.accel_escapes.is_empty() && t.accel_escapes.len() != t.accels.len() {
        return fail(
            13,
            "accel_escapes neither empty nor one per set",
            t.accel_escapes.len(),
        );
    }
    for (k, (esc, set)) in (0..t.accel_escapes.len()).zip(t.accel_escapes.iter().zip(t.accels)) {
        if esc.is_none() {
            continue;
        }
        let Some(digits) = t.accels.get(usize::from(esc.digits)) else {
            return fail(13, "escape digits outside accels", k);
        };
        if digits.contains(esc.byte) || set.contains(esc.byte) {
            return fail(13, "escape byte in its set or its digits", k);
        }
        let accepts = |id: u32| t.final_of(t.state_index(id)).is_none_or(|f| f.accept);
        for edge in t.edges.iter().filter(|e| usize::from(e.accel) == k) {
            let s = edge.target;
            let Some(p) = plain_target(t, s, esc.byte) else {
                return fail(13, "escape byte does not lead on without ops", k);
            };
            let mut q = None;
            for d in (0..=255u8).filter(|&d| digits.contains(d)) {
                let Some(q1) = plain_target(t, p, d) else {
                    return fail(13, "first digit does not lead on without ops", k);
                };
                if *q.get_or_insert(q1) != q1 || plain_target(t, q1, d) != Some(s) {
                    return fail(13, "digits do not lead back to the run's state", k);
                }
            }
            let Some(q) = q else {
                return fail(13, "escape without digits", k);
            };
            if accepts(p) || accepts(q) {
                return fail(13, "a state inside an escape accepts", k);
            }
        }
    }
    Ok(())
}

/// Invariant 12: [`AfterKinds`](crate::AfterKinds).
fn check_after(t: &Tables<'_>) -> Result<(), CheckError> {
    let a = &t.after;
    let Some(classes) = a.classes else {
        if a.kinds.is_empty() && a.trans.is_empty() {
            return Ok(());
        }
        return fail(12, "after-kinds without classes", a.kinds.len());
    };
    if a.kinds.is_empty() {
        return fail(12, "after-kind classes without kinds", 0);
    }
    let stride = a.stride as usize;
    if stride == 0 || stride > 256 {
        return fail(12, "after-kind stride must be 1..=256", stride);
    }
    for (b, &c) in indexed(classes) {
        if usize::from(c) >= stride {
            return fail(12, "after-kind byte class >= stride", b);
        }
    }
    if a.trans.len().checked_rem(stride) != Some(0) || a.trans.len() < stride {
        return fail(12, "after-kind cells are not whole rows", a.trans.len());
    }
    if a.trans.iter().take(stride).any(|&c| c != 0) {
        return fail(12, "after-kind row 0 is not dead", 0);
    }
    let names_row = |cell: u16| {
        let id = usize::from(cell >> 1);
        id.checked_rem(stride) == Some(0) && id < a.trans.len()
    };
    if let Some(i) = a.trans.iter().position(|&c| !names_row(c)) {
        return fail(12, "after-kind cell names no row", i);
    }
    for (k, kind) in indexed(a.kinds) {
        if !names_row(kind.start) {
            return fail(12, "after-kind start names no row", k);
        }
        if !t
            .captures
            .get(usize::from(kind.capture))
            .is_some_and(|c| c.is_kind())
        {
            return fail(12, "after-kind capture is not a kind", k);
        }
    }
    Ok(())
}
