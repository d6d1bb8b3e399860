//! Recomposition (RFC 3986 §5.3, RFC 2396 step 7): the target plan
//! written into the caller's buffer, its length counted first.

use super::dots::{copy, remove_dot_segments, string_buffer, Backward, Counter};
use super::plan::{PathPlan, Target};
use super::{Dots, ResolveError};
use crate::work::Meter;

// Recomposition (RFC 3986 §5.3, RFC 2396 step 7)

// Note [a path that starts with "//"]
//
// Dot removal can leave a path that starts with "//" when the target has
// no authority: base `file:/srv/www/x` with `../../..//evil.example/p`,
// or base `a:/b` with `/.//c`. Recomposed literally (§5.3: scheme ":" then
// the path), `file://evil.example/p` is re-read with the authority
// `evil.example`: resolution would have invented a host. RFC 3986 §3.3
// says of such paths that "If a URI does not contain an authority
// component, then the path cannot begin with two slash characters", and
// the usual repair, adopted by fluent-uri, iri-string and by our own
// `normalize`, is to write "/." before the path: `file:/.//evil.example/p` names the same
// path (the "." segment is removed again by any later dot removal) and no
// host. Every algorithm and every `Dots` policy goes through here, so the
// guard holds for all of them. The counting pass keeps the first two
// output bytes (`Counter::head`), so the length is known, and checked
// against `out`, before anything is written.

pub(super) fn recompose(
    t: &Target<'_>,
    dots: Dots,
    out: &mut [u8],
    work: &impl Meter,
) -> Result<usize, ResolveError> {
    let opt_len = |c: Option<&str>| c.map_or(0, |c| c.len().saturating_add(1));
    let path = match t.path {
        PathPlan::RemoveDotSegments(p) | PathPlan::StringBuffer(p) if !p.has_dot_segment(work) => {
            PathPlan::Plain(p)
        }
        other => other,
    };
    let (path_len, slash_slash) = match path {
        PathPlan::Verbatim(p) => (p.len(), p.starts_with("//")),
        PathPlan::Plain(p) => (p.len, p.starts_with(0, b"//")),
        PathPlan::RemoveDotSegments(p) => {
            let mut c = Counter::new();
            remove_dot_segments(&p, dots, &mut c, work)?;
            (c.len, c.head == *b"//")
        }
        PathPlan::StringBuffer(p) => {
            let mut c = Counter::new();
            string_buffer(&p, dots, &mut c, work)?;
            (c.len, c.head == *b"//")
        }
    };
    // Note [a path that starts with "//"].
    let guard: &[u8] = if t.authority.is_none() && slash_slash {
        b"/."
    } else {
        b""
    };
    // Saturating: a sum that could not be represented needs more than any
    // buffer has (see Note [positions saturate]).
    let needed = [
        opt_len(t.scheme),
        t.authority.map_or(0, |a| a.len().saturating_add(2)),
        guard.len(),
        path_len,
        opt_len(t.query),
        opt_len(t.fragment),
    ]
    .into_iter()
    .fold(0usize, usize::saturating_add);
    if needed > out.len() {
        return Err(ResolveError::BufferTooSmall(crate::BufferTooSmall {
            needed,
        }));
    }
    let mut w = Forward { out, at: 0 };
    if let Some(s) = t.scheme {
        w.put(s.as_bytes());
        w.put(b":");
    }
    if let Some(a) = t.authority {
        w.put(b"//");
        w.put(a.as_bytes());
    }
    w.put(guard);
    let path_end = w.at.saturating_add(path_len);
    match path {
        PathPlan::Verbatim(p) => w.put(p.as_bytes()),
        PathPlan::Plain(p) => {
            for (_, part) in p.live() {
                w.put(part);
            }
        }
        PathPlan::RemoveDotSegments(p) => {
            // `path_end <= needed <= out.len()`: the slice is whole.
            let mut back = Backward {
                out: w.out.get_mut(..path_end).unwrap_or_default(),
                at: path_end,
            };
            remove_dot_segments(&p, dots, &mut back, work)?;
            w.at = path_end;
        }
        PathPlan::StringBuffer(p) => {
            // `path_end <= needed <= out.len()`: the slice is whole.
            let mut back = Backward {
                out: w.out.get_mut(..path_end).unwrap_or_default(),
                at: path_end,
            };
            string_buffer(&p, dots, &mut back, work)?;
            w.at = path_end;
        }
    }
    if let Some(q) = t.query {
        w.put(b"?");
        w.put(q.as_bytes());
    }
    if let Some(f) = t.fragment {
        w.put(b"#");
        w.put(f.as_bytes());
    }
    Ok(w.at)
}

/// Writes forward; every caller checked the length first.
pub(super) struct Forward<'o> {
    pub(super) out: &'o mut [u8],
    pub(super) at: usize,
}

impl Forward<'_> {
    fn put(&mut self, bytes: &[u8]) {
        let end = self.at.saturating_add(bytes.len());
        if let Some(dst) = self.out.get_mut(self.at..end) {
            copy(dst, bytes);
        }
        self.at = end;
    }
}
