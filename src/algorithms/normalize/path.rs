//! The `path` step: the segments of a normalized absolute path, last
//! first ([`PathRev`]), without a buffer.

/// What a path segment is, after the `pct` step if it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Seg {
    Dot,
    DotDot,
    Other,
}

pub(super) fn seg_kind(seg: &[u8], pct: bool) -> Seg {
    if seg.len() > 6 {
        return Seg::Other;
    }
    let (mut rest, mut dots) = (seg, 0u8);
    loop {
        rest = match rest {
            [] => break,
            [b'.', tail @ ..] => tail,
            [b'%', b'2', b'e' | b'E', tail @ ..] if pct => tail,
            _ => return Seg::Other,
        };
        dots = dots.saturating_add(1);
    }
    match dots {
        1 => Seg::Dot,
        2 => Seg::DotDot,
        _ => Seg::Other,
    }
}

/// One segment of a normalized absolute path, produced last first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Item<'a> {
    /// A segment kept, still to be rewritten by [`Rewrite`](super::rewrite::Rewrite); never empty.
    Seg(&'a str),
    /// An empty segment (`//`, or the `/` that a final `.` or `..` leaves).
    Empty,
    /// A `..` kept above the root (2396bis-01 only).
    DotDot,
}

/// The segments of a normalized absolute path, last first.
///
/// The path is the segments after its leading `/`. Going backwards, a `..`
/// adds one to `pending`, and a segment met while `pending > 0` is one
/// that some `..` removes (bracket matching, see Note [dot segments in two
/// reverse passes] in `src/algorithms/resolve/dots.rs`). A final `.` or `..` leaves an
/// empty segment (RFC 3986 §5.2.4 B and C; RFC 2396 step 6d and 6f). What
/// `pending` has left at the start is dropped (RFC 3986) or kept as
/// leading `..` segments (2396bis-01 step 7); in the latter case a final
/// `..` that nothing cancels is kept itself rather than leaving an empty
/// segment, which [`PathRev::new`] finds with a first counting pass.
#[derive(Clone, Debug)]
pub(super) struct PathRev<'a> {
    /// The path without its leading `/`.
    pub(super) rest: &'a str,
    /// `rest[..end]` is still to visit; `None` once the first segment has
    /// been visited.
    pub(super) end: Option<usize>,
    pub(super) pending: usize,
    pub(super) pct: bool,
    /// Keep `..` above the root (2396bis-01).
    pub(super) keep: bool,
    /// 2396bis-01: the final segment is `..` and nothing cancels it.
    pub(super) final_kept: bool,
    /// The leading `..` still to yield once the segments are done.
    pub(super) leading: usize,
}

impl<'a> PathRev<'a> {
    pub(super) fn new(path: &'a str, pct: bool, keep: bool) -> PathRev<'a> {
        let rest = path.get(1..).unwrap_or("");
        let mut it = PathRev {
            rest,
            end: Some(rest.len()),
            pending: 0,
            pct,
            keep,
            final_kept: false,
            leading: 0,
        };
        if keep {
            // First pass: does the final `..` survive, and how many `..`
            // are left at the start?
            let mut probe = it.clone();
            let mut final_dotdot = false;
            let mut alive = false;
            let mut first = true;
            while let Some((s, e)) = probe.next_segment() {
                let kind = seg_kind(crate::cut::sub(rest, s, e).as_bytes(), pct);
                if first && kind == Seg::DotDot {
                    final_dotdot = true;
                    alive = true;
                }
                first = false;
                match kind {
                    Seg::Dot => {}
                    Seg::DotDot => probe.pending = probe.pending.saturating_add(1),
                    Seg::Other => {
                        if probe.pending > 0 {
                            probe.pending -= 1;
                            if probe.pending == 0 {
                                alive = false;
                            }
                        }
                    }
                }
            }
            it.final_kept = final_dotdot && alive;
        }
        it
    }

    /// The next segment's span in `rest`, last first.
    fn next_segment(&mut self) -> Option<(usize, usize)> {
        let end = self.end?;
        let head = self.rest.as_bytes().get(..end).unwrap_or_default();
        match head.iter().rposition(|&c| c == b'/') {
            Some(slash) => {
                self.end = Some(slash);
                Some((slash.saturating_add(1), end))
            }
            None => {
                self.end = None;
                Some((0, end))
            }
        }
    }
}

impl<'a> Iterator for PathRev<'a> {
    type Item = Item<'a>;

    fn next(&mut self) -> Option<Item<'a>> {
        loop {
            let last = self.end == Some(self.rest.len());
            let Some((s, e)) = self.next_segment() else {
                if self.keep && self.pending > 0 {
                    // 2396bis-01 step 7: the leading `..` stay; the final
                    // one was already yielded when kept.
                    self.leading = self.pending.saturating_sub(usize::from(self.final_kept));
                    self.pending = 0;
                }
                if self.leading > 0 {
                    self.leading -= 1;
                    return Some(Item::DotDot);
                }
                return None;
            };
            let seg = self.rest.get(s..e).unwrap_or("");
            match seg_kind(seg.as_bytes(), self.pct) {
                Seg::Dot => {
                    if last {
                        return Some(Item::Empty);
                    }
                }
                Seg::DotDot => {
                    self.pending = self.pending.saturating_add(1);
                    if last {
                        return Some(if self.final_kept {
                            Item::DotDot
                        } else {
                            Item::Empty
                        });
                    }
                }
                Seg::Other => {
                    if self.pending > 0 {
                        self.pending -= 1;
                    } else if seg.is_empty() {
                        return Some(Item::Empty);
                    } else {
                        return Some(Item::Seg(seg));
                    }
                }
            }
        }
    }
}
