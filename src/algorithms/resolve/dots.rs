//! Dot segments: RFC 3986 §5.2.4 remove_dot_segments and RFC 2396 §5.2
//! step 6c–g over a path given in pieces, as two reverse scans. See Note
//! [dot segments in two reverse passes].

use super::{Dots, ResolveError};
use crate::work::Meter;
// Note [dot segments in two reverse passes]
//
// The documents describe dot-segment removal either as RFC 3986's
// input/output buffers (§5.2.4) or as repeated string replacements
// (RFC 2396 §5.2 step 6c–f). Both amount to a stack of path segments in
// which ".." pops the most recent surviving segment. Popping is bracket
// matching, and bracket matching can be done right to left with one
// counter: a ".." increments it, a segment seen while it is positive is
// cancelled and decrements it. So each algorithm is expressed as a reverse
// scan over the segments that knows, without any storage, which segments
// survive. It runs twice: once to count the output length (so a buffer
// that is too small is reported with the exact length needed, and nothing
// is written), once to write the surviving segments backwards into their
// final place. Each pass visits each byte a bounded number of times, so
// the work is linear even for 100,000 "../" segments; `work` counts the
// bytes visited so tests can check it.
//
// tests/resolve_spec.rs checks both models against literal, quadratic
// transcriptions of the documents' own procedures on random dot-heavy
// paths.

// Note [positions saturate]
//
// Positions in the merged path, lengths and counts of segments are
// bounded by the lengths of the base and the reference, so they never
// come near `usize::MAX`; but the optimizer cannot know that, and a
// checked `+` (debug builds, overflow checks) would be a panic path that
// the no-panic proof (.ci/check-nopanic) cannot rule out. They use
// `saturating_add`/`saturating_sub` instead: the same values whenever a
// result is representable, which is always. A total length that
// saturated would exceed any buffer and be reported as `BufferTooSmall`.

// Dot segments. See Note [dot segments in two reverse passes].

/// A path given as the concatenation of up to four string pieces (base
/// directory, reference path, and for draft 05 "?" and the query), so
/// merging needs no buffer.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pieces<'a> {
    /// The non-empty parts first, then empty ones.
    pub(super) parts: [&'a [u8]; 4],
    /// Where each part starts in the concatenation.
    pub(super) starts: [usize; 4],
    pub(super) len: usize,
}

impl<'a> Pieces<'a> {
    pub(super) fn new(parts: [&'a str; 4]) -> Pieces<'a> {
        let mut packed: [&[u8]; 4] = [&[]; 4];
        let mut starts = [0; 4];
        let (mut k, mut len) = (0usize, 0usize);
        // By reference and by index: an array's by-value iterator and
        // `zip` count with a checked `+` under overflow checks. Positions
        // saturate (see Note [positions saturate]).
        for p in parts.iter().map(|p| p.as_bytes()) {
            if p.is_empty() {
                continue;
            }
            if let (Some(slot), Some(start)) = (packed.get_mut(k), starts.get_mut(k)) {
                *slot = p;
                *start = len;
                k = k.saturating_add(1);
                len = len.saturating_add(p.len());
            }
        }
        Pieces {
            parts: packed,
            starts,
            len,
        }
    }

    /// The non-empty parts with where each starts in the concatenation,
    /// in order.
    pub(super) fn live(&self) -> impl DoubleEndedIterator<Item = (usize, &'a [u8])> + '_ {
        (0..self.parts.len())
            .filter_map(|k| Some((*self.starts.get(k)?, *self.parts.get(k)?)))
            .filter(|(_, p)| !p.is_empty())
    }

    /// The byte at `i < len`.
    fn at(&self, i: usize) -> u8 {
        for (start, part) in self.live().rev() {
            if i >= start {
                if let Some(&c) = part.get(i - start) {
                    return c;
                }
            }
        }
        0
    }

    /// Whether some "/"-separated segment is "." or "..". Without one,
    /// every algorithm's dot removal is the identity (RFC 3986 §5.2.4 moves
    /// each segment by step E; RFC 2396 step 6c–g finds no pattern).
    pub(super) fn has_dot_segment(&self, work: &impl Meter) -> bool {
        work.add(self.len);
        for (base, part) in self.live() {
            let mut from = 0;
            while let Some(j) = part
                .get(from..)
                .and_then(|rest| rest.iter().position(|&c| c == b'.'))
            {
                let i = base.saturating_add(from).saturating_add(j);
                let start = i == 0 || self.at(i.saturating_sub(1)) == b'/';
                let end = |e: usize| e >= self.len || self.at(e) == b'/';
                let (i1, i2) = (i.saturating_add(1), i.saturating_add(2));
                if start && (end(i1) || (self.at(i1) == b'.' && end(i2))) {
                    return true;
                }
                from = from.saturating_add(j).saturating_add(1);
            }
        }
        false
    }

    /// The position of the last "/" in `lo..hi`, visiting the bytes
    /// after it.
    fn rfind_slash(&self, lo: usize, hi: usize, work: &impl Meter) -> Option<usize> {
        let mut found = None;
        for (base, part) in self.live().rev() {
            let s = base.max(lo);
            let e = base.saturating_add(part.len()).min(hi);
            if s >= e {
                continue;
            }
            let Some(piece) = part.get(s.saturating_sub(base)..e.saturating_sub(base)) else {
                continue;
            };
            match piece.iter().rposition(|&c| c == b'/') {
                Some(j) => {
                    work.add(piece.len().saturating_sub(j));
                    found = Some(s.saturating_add(j));
                    break;
                }
                None => work.add(piece.len()),
            }
        }
        found
    }

    /// What the segment `s..e` is.
    fn kind(&self, s: usize, e: usize) -> Seg {
        match e.checked_sub(s) {
            Some(1) if self.at(s) == b'.' => Seg::Dot,
            Some(2) if self.at(s) == b'.' && self.at(s.saturating_add(1)) == b'.' => Seg::DotDot,
            _ => Seg::Other,
        }
    }

    pub(super) fn starts_with(&self, i: usize, lit: &[u8]) -> bool {
        i.saturating_add(lit.len()) <= self.len
            && lit
                .iter()
                .try_fold(i, |at, &c| (self.at(at) == c).then(|| at.saturating_add(1)))
                .is_some()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Seg {
    Dot,
    DotDot,
    Other,
}

/// Where the reverse passes put the surviving bytes: counted, or written
/// backwards.
pub(super) trait Sink {
    /// Prepends `p[s..e]`.
    fn prepend(&mut self, p: &Pieces<'_>, s: usize, e: usize);
    /// Prepends a literal.
    fn prepend_lit(&mut self, lit: &[u8]);
}

/// Counts the surviving bytes and keeps the first two of them, so that
/// [`recompose`](super::recompose::recompose) knows whether the path will start with `//` before
/// anything is written (see Note [a path that starts with "//"]).
pub(super) struct Counter {
    pub(super) len: usize,
    /// The first two bytes prepended so far; 0 where there are fewer (a
    /// valid path has no NUL).
    pub(super) head: [u8; 2],
}

impl Counter {
    pub(super) fn new() -> Counter {
        Counter {
            len: 0,
            head: [0; 2],
        }
    }

    /// Records that `first` (and `second`, when the prepended run has two
    /// bytes or more) now come before what was there.
    fn note(&mut self, first: u8, second: Option<u8>) {
        let [old, _] = self.head;
        self.head = [first, second.unwrap_or(old)];
    }
}

impl Sink for Counter {
    fn prepend(&mut self, p: &Pieces<'_>, s: usize, e: usize) {
        let n = e.saturating_sub(s);
        if n > 0 {
            self.note(p.at(s), (n >= 2).then(|| p.at(s.saturating_add(1))));
        }
        self.len = self.len.saturating_add(n);
    }
    fn prepend_lit(&mut self, lit: &[u8]) {
        if let Some(&first) = lit.first() {
            self.note(first, lit.get(1).copied());
        }
        self.len = self.len.saturating_add(lit.len());
    }
}

/// Writes backwards, ending at `at`; the counting pass sized `out`.
pub(super) struct Backward<'o> {
    pub(super) out: &'o mut [u8],
    pub(super) at: usize,
}

impl Sink for Backward<'_> {
    fn prepend(&mut self, p: &Pieces<'_>, s: usize, e: usize) {
        let start = self.at.saturating_sub(e.saturating_sub(s));
        for (ps, piece) in p.live() {
            let pe = ps.saturating_add(piece.len());
            let (cs, ce) = (s.max(ps), e.min(pe));
            if cs >= ce {
                continue;
            }
            // cs >= s, cs >= ps and ce > cs: none of these subtractions
            // wraps.
            let dst = start.saturating_add(cs.saturating_sub(s));
            let src = piece.get(cs.saturating_sub(ps)..ce.saturating_sub(ps));
            let d = self
                .out
                .get_mut(dst..dst.saturating_add(ce.saturating_sub(cs)));
            if let (Some(d), Some(src)) = (d, src) {
                copy(d, src);
            }
        }
        self.at = start;
    }
    fn prepend_lit(&mut self, lit: &[u8]) {
        let start = self.at.saturating_sub(lit.len());
        if let Some(d) = self.out.get_mut(start..self.at) {
            copy(d, lit);
        }
        self.at = start;
    }
}

/// `dst.copy_from_slice(src)` for slices the counting pass sized alike;
/// nothing when they differ, which they never do (the check only keeps
/// the no-panic proof free of `copy_from_slice`'s length panic).
pub(super) fn copy(dst: &mut [u8], src: &[u8]) {
    if dst.len() == src.len() {
        dst.copy_from_slice(src);
    }
}

/// Calls `f(start, end, is_last)` for each "/"-separated segment of
/// `lo..hi`, last segment first. `lo..hi` holds at least one (possibly
/// empty) segment.
pub(super) fn segments_rev(
    p: &Pieces<'_>,
    lo: usize,
    hi: usize,
    work: &impl Meter,
    mut f: impl FnMut(usize, usize, bool),
) {
    let mut end = hi;
    let mut last = true;
    loop {
        match p.rfind_slash(lo, end, work) {
            Some(slash) => {
                f(slash.saturating_add(1), end, last);
                end = slash;
            }
            None => {
                f(lo, end, last);
                return;
            }
        }
        last = false;
    }
}

/// RFC 3986 §5.2.4 remove_dot_segments, as a reverse scan.
///
/// In terms of segments, the procedure (steps A–E) is:
/// - a path that does not start with "/" first loses its leading "./" and
///   "../" (A), and is emptied if what remains is "." or ".." (D); if what
///   remains starts with "/", it is processed as an absolute path;
/// - otherwise its first segment is moved without a "/" (E);
/// - each following "/seg": "/." is dropped (B), "/.." drops the last
///   output segment with its "/" (C), others are moved (E); when "." or
///   ".." is the last segment, the "/" that B or C leaves is moved (E),
///   so the output ends with "/".
pub(super) fn remove_dot_segments(
    p: &Pieces<'_>,
    dots: Dots,
    sink: &mut impl Sink,
    work: &impl Meter,
) -> Result<(), ResolveError> {
    let n = p.len;
    let mut i = 0;
    let mut unmatched = 0usize;
    // A and D.
    if !p.starts_with(0, b"/") {
        loop {
            work.add(1);
            let left = n.saturating_sub(i);
            if p.starts_with(i, b"../") {
                i = i.saturating_add(3);
                unmatched = unmatched.saturating_add(1);
            } else if p.starts_with(i, b"./") {
                i = i.saturating_add(2);
            } else if left == 1 && p.starts_with(i, b".") {
                i = n;
            } else if left == 2 && p.starts_with(i, b"..") {
                i = n;
                unmatched = unmatched.saturating_add(1);
            } else {
                break;
            }
        }
    }
    let mut pending = 0usize;
    if i < n {
        let rootless = p.at(i) != b'/';
        let lo = if rootless { i } else { i.saturating_add(1) };
        // Where the "/seg" items start: after the first segment when
        // rootless.
        let first_end = if rootless {
            let mut e = i;
            while e < n && p.at(e) != b'/' {
                work.add(1);
                e = e.saturating_add(1);
            }
            e
        } else {
            lo
        };
        if !rootless || first_end < n {
            let items_lo = if rootless {
                first_end.saturating_add(1)
            } else {
                lo
            };
            segments_rev(p, items_lo, n, work, |s, e, last| match p.kind(s, e) {
                Seg::Dot => {
                    if last {
                        sink.prepend_lit(b"/");
                    }
                }
                Seg::DotDot => {
                    if last {
                        sink.prepend_lit(b"/");
                    }
                    pending = pending.saturating_add(1);
                }
                Seg::Other => {
                    if pending > 0 {
                        pending -= 1;
                    } else {
                        sink.prepend(p, s, e);
                        sink.prepend_lit(b"/");
                    }
                }
            });
        }
        if rootless {
            if pending > 0 {
                pending -= 1;
            } else {
                sink.prepend(p, i, first_end);
            }
        }
    }
    if dots == Dots::Error && (unmatched > 0 || pending > 0) {
        return Err(ResolveError::DotSegmentsAboveRoot);
    }
    Ok(())
}

/// RFC 2396 §5.2 step 6c–g (draft 05 6d–g, 2396bis-01 merge steps 3–7) as
/// a reverse scan.
///
/// In terms of segments: a "." is removed ("./" by c, a final "." by d,
/// which leaves the "/" before it); `"<segment>/../"` and a final
/// `"<segment>/.."` are removed (e, f) where `<segment>` is not ".."; what is
/// left is the leading ".." segments (g) and the surviving segments, each
/// followed by its "/" except the last. In a buffer that starts with "/",
/// that "/" is not preceded by a segment: `/../g` stays (Appendix C.2);
/// a buffer that comes to start with "/" is treated alike (see
/// [`relative_root`]).
pub(super) fn string_buffer(
    p: &Pieces<'_>,
    dots: Dots,
    sink: &mut impl Sink,
    work: &impl Meter,
) -> Result<(), ResolveError> {
    let absolute = p.starts_with(0, b"/");
    let lo = if absolute {
        1
    } else {
        match relative_root(p, work) {
            Some(slash) => {
                let rest = string_buffer_from(p, slash.saturating_add(1), dots, sink, work);
                sink.prepend_lit(b"/");
                return rest;
            }
            None => 0,
        }
    };
    let r = string_buffer_from(p, lo, dots, sink, work);
    if absolute {
        sink.prepend_lit(b"/");
    }
    r
}

/// In a buffer that does not start with "/", the "/" that ends up first:
/// when every segment before an empty, non-final segment has been removed
/// (by "./" removal or by `"<segment>/../"` pairs) and no ".." is left
/// before it, the buffer now starts with "/", and from then on no segment
/// precedes that "/" (the same reading that keeps `/../g`). A forward scan
/// with two counters finds it: the stack's depth and the unmatched "..".
/// Returns the position of that "/".
pub(super) fn relative_root(p: &Pieces<'_>, work: &impl Meter) -> Option<usize> {
    let (mut depth, mut unmatched) = (0usize, 0usize);
    let mut s = 0;
    while s < p.len {
        let mut e = s;
        while e < p.len && p.at(e) != b'/' {
            e = e.saturating_add(1);
        }
        work.add(e.wrapping_sub(s).wrapping_add(1));
        if e == p.len {
            // The final segment cannot be a root: nothing follows it.
            return None;
        }
        match p.kind(s, e) {
            Seg::Dot => {}
            Seg::DotDot if depth > 0 => depth -= 1,
            Seg::DotDot => unmatched = unmatched.saturating_add(1),
            Seg::Other if s == e && depth == 0 && unmatched == 0 => return Some(e),
            Seg::Other => depth = depth.saturating_add(1),
        }
        s = e.saturating_add(1);
    }
    None
}

/// [`string_buffer`] over the segments of `lo..`, without the root.
pub(super) fn string_buffer_from(
    p: &Pieces<'_>,
    lo: usize,
    dots: Dots,
    sink: &mut impl Sink,
    work: &impl Meter,
) -> Result<(), ResolveError> {
    let mut pending = 0usize;
    // Whether the final segment is ".." and nothing cancelled it.
    let mut last_is_dotdot = false;
    let mut last_dotdot_alive = false;
    segments_rev(p, lo, p.len, work, |s, e, last| match p.kind(s, e) {
        Seg::Dot => {}
        Seg::DotDot => {
            if last {
                last_is_dotdot = true;
                last_dotdot_alive = true;
            }
            pending = pending.saturating_add(1);
        }
        Seg::Other => {
            if pending > 0 {
                pending -= 1;
                if pending == 0 {
                    last_dotdot_alive = false;
                }
            } else {
                if !last {
                    sink.prepend_lit(b"/");
                }
                sink.prepend(p, s, e);
            }
        }
    });
    if pending > 0 {
        match dots {
            Dots::Error => return Err(ResolveError::DotSegmentsAboveRoot),
            Dots::Remove => {}
            Dots::Keep => {
                // The leading ".." segments, each with its "/", but the
                // final segment of the buffer has none.
                let mut k = pending;
                if last_is_dotdot && last_dotdot_alive {
                    sink.prepend_lit(b"..");
                    k = k.saturating_sub(1);
                }
                for _ in 0..k {
                    work.add(3);
                    sink.prepend_lit(b"../");
                }
            }
        }
    }
    Ok(())
}
