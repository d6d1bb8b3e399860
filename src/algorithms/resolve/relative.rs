//! The inverse of resolution: [`make_relative_into`] (and with `alloc`
//! [`make_relative`]) write a reference that resolves, against the base,
//! to the target (RFC 3986 §5.2, strict). See Note [making a reference
//! relative].

use super::components::{split_appendix_b, Comps};
use super::{resolve_into, Options, ResolveError, Syntax};
use crate::cut;

// Note [making a reference relative]
//
// The target is first resolved against the base (so a relative target is
// allowed, and its dot segments are gone: RFC 3986 §5.2.2 removes them
// from every target, so no reference, not even the target itself, gives
// a path that keeps them). Call that T; the base B. The answer r must
// satisfy resolve(B, r) == T, and is the shortest of the forms below
// that do (on a tie: relative path, absolute path, network path, T):
//
// - T itself, always (§5.2.2: a reference with a scheme is the target);
//   the only form when the schemes differ (byte for byte: resolution
//   keeps a reference's scheme as written), or when B has an authority
//   and T has none (a reference without one inherits B's).
// - `//` authority path [?query] [#fragment] when T has an authority:
//   the only form besides T when the authorities differ.
// - With equal scheme and authority (or neither has one):
//   - `#fragment`, or the empty reference, when the paths and queries
//     are equal (§5.2.2: the empty path keeps B's path and query);
//   - `?query[#fragment]` when the paths are equal and T has a query;
//   - an absolute path, when T's starts with one `/` (not two: that is
//     an authority);
//   - a relative path: `../` once per directory of B's path (up to its
//     last `/`, §5.2.3's merge) that T's path does not share, then the
//     rest of T's path; `.` (or `..` last) for an empty rest; `./` before
//     a rest whose first segment has a `:` (it would be read as a scheme,
//     §4.2) or is empty (`//` would be an authority). A path without a
//     leading `/` takes no `../`: remove_dot_segments turns `a/../x` into
//     `/x`, so there only a shared directory prefix works; and a rooted
//     path cannot come from a rootless base's merge, nor the reverse.
//     Nor when the base's directory has `.` or `..` segments (a base is
//     not resolved, so it may): they act inside the merge, and counting
//     `../` over them would be wrong; the other forms remain.
//
// Every form ends with a suffix of T's text (its authority, path, query
// or fragment onwards), after at most a few bytes of `.`, `/`: so the
// answer is written in place over T in the caller's buffer, which must
// hold T, and the full T is never beaten by a longer form.

/// What a relative reference puts before the suffix of the target it
/// keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prefix {
    /// Nothing.
    Empty,
    /// `.`: the base's directory itself.
    Dot,
    /// `./`: before a first segment that could be misread.
    DotSlash,
    /// `../` this many times (at least once); `last_bare`: the last
    /// without its `/` (`..`), when nothing of the path follows.
    Ups { count: usize, last_bare: bool },
}

impl Prefix {
    fn len(self) -> usize {
        match self {
            Prefix::Empty => 0,
            Prefix::Dot => 1,
            Prefix::DotSlash => 2,
            Prefix::Ups { count, last_bare } => count
                .saturating_mul(3)
                .saturating_sub(usize::from(last_bare)),
        }
    }

    /// Writes the prefix into `out` (which has `self.len()` bytes).
    fn write(self, out: &mut [u8]) {
        let mut put = |i: usize, b: u8| {
            if let Some(slot) = out.get_mut(i) {
                *slot = b;
            }
        };
        match self {
            Prefix::Empty => {}
            Prefix::Dot => put(0, b'.'),
            Prefix::DotSlash => {
                put(0, b'.');
                put(1, b'/');
            }
            Prefix::Ups { count, .. } => {
                for k in 0..count {
                    let at = k.saturating_mul(3);
                    put(at, b'.');
                    put(at.saturating_add(1), b'.');
                    put(at.saturating_add(2), b'/');
                }
            }
        }
    }
}

/// The reference for target `t` (resolved, `t_len` bytes) against base
/// `b`: a prefix, and the offset in `t` where the kept suffix starts
/// (Note [making a reference relative]).
fn plan(b: &Comps<'_>, t: &Comps<'_>, t_len: usize) -> (Prefix, usize) {
    let full = (Prefix::Empty, 0);
    // The components are contiguous in `t`: their offsets from the end.
    let fragment_start = t_len.saturating_sub(t.fragment.map_or(0, |f| f.len().saturating_add(1)));
    let query_start =
        fragment_start.saturating_sub(t.query.map_or(0, |q| q.len().saturating_add(1)));
    let path_start = query_start.saturating_sub(t.path.len());
    let authority_start = t
        .authority
        .map(|a| path_start.saturating_sub(a.len().saturating_add(2)));
    if b.scheme != t.scheme {
        return full;
    }
    match (b.authority, t.authority) {
        (Some(_), None) => return full,
        (ba, Some(ta)) if ba != Some(ta) => return (Prefix::Empty, authority_start.unwrap_or(0)),
        _ => {}
    }
    if t.path == b.path {
        if t.query == b.query {
            return (Prefix::Empty, fragment_start);
        }
        if t.query.is_some() {
            return (Prefix::Empty, query_start);
        }
    }
    let cost = |(p, s): (Prefix, usize)| p.len().saturating_add(t_len.saturating_sub(s));
    let mut best = full;
    let mut consider = |c: (Prefix, usize)| {
        if cost(c) < cost(best) {
            best = c;
        }
    };
    // On a tie the first: a relative path, then an absolute path, then a
    // network path (as RFC 3986 §5.4.1's examples prefer `../g` to `/b/g`).
    if let Some((prefix, offset)) = relative_path(b, t.path) {
        consider((prefix, path_start.saturating_add(offset)));
    }
    if t.path.starts_with('/') && !t.path.starts_with("//") {
        consider((Prefix::Empty, path_start));
    }
    if let Some(a) = authority_start {
        consider((Prefix::Empty, a));
    }
    best
}

/// A relative-path reference from `b`'s directory to `t_path` (non-empty):
/// its prefix and the offset in `t_path` of the rest it keeps; `None`
/// when no relative path resolves to `t_path`.
fn relative_path(b: &Comps<'_>, t_path: &str) -> Option<(Prefix, usize)> {
    if t_path.is_empty() {
        return None;
    }
    // §5.2.3: "/" and the reference's path when the base has an
    // authority and an empty path; else the base path up to its last "/".
    let dir = if b.authority.is_some() && b.path.is_empty() {
        "/"
    } else {
        match cut::rfind(b.path, b'/') {
            Some(i) => cut::through(b.path, i),
            None => "",
        }
    };
    let rooted = t_path.starts_with('/');
    if dir.starts_with('/') != rooted || has_dot_segment(dir) {
        return None;
    }
    let lead = usize::from(rooted);
    let dirs = dir.get(lead..)?; // `a/b/c/`: each directory with its `/`
    let tail = t_path.get(lead..)?;
    let (mut bi, mut ti) = (0usize, 0usize);
    while let Some(j) = cut::find(dirs.get(bi..)?, b'/') {
        let seg = dirs.get(bi..bi.saturating_add(j).saturating_add(1))?;
        if !tail.get(ti..)?.starts_with(seg) {
            break;
        }
        bi = bi.saturating_add(seg.len());
        ti = ti.saturating_add(seg.len());
    }
    // A fold, not `count`, whose overflow check debug builds keep
    // (check-nopanic).
    let ups = dirs
        .get(bi..)?
        .bytes()
        .fold(0usize, |n, c| n.saturating_add(usize::from(c == b'/')));
    let rest = tail.get(ti..)?;
    let prefix = if ups > 0 {
        if !rooted {
            return None;
        }
        Prefix::Ups {
            count: ups,
            last_bare: rest.is_empty(),
        }
    } else if rest.is_empty() {
        Prefix::Dot
    } else {
        let first = cut::split_once(rest, b'/').map_or(rest, |(first, _)| first);
        if first.is_empty() || cut::contains(first, b':') {
            Prefix::DotSlash
        } else {
            Prefix::Empty
        }
    };
    Some((prefix, lead.saturating_add(ti)))
}

/// Whether `path` has a `.` or `..` segment. Byte scans through
/// `crate::cut`, not `str::split`, whose searcher keeps a panic path
/// (check-nopanic).
fn has_dot_segment(path: &str) -> bool {
    let mut rest = path;
    loop {
        let (seg, tail) = match cut::split_once(rest, b'/') {
            Some((seg, tail)) => (seg, Some(tail)),
            None => (rest, None),
        };
        if seg == "." || seg == ".." {
            return true;
        }
        match tail {
            Some(tail) => rest = tail,
            None => return false,
        }
    }
}

/// Writes into `out` a reference that resolves against `base` (RFC 3986
/// §5.2, strict) to `target`, as short as the forms of RFC 3986 §4.2 allow
/// (relative path, absolute path, network path, or `target` itself when
/// nothing shorter resolves to it: another scheme, or a base with an
/// authority and a target without one). Returns its length. The inverse
/// of [`resolve_into`]: `resolve(base, make_relative(base, t)) ==
/// resolve(base, t)`, which is `t` for every `t` without dot segments.
///
/// `target` may be relative: it is resolved against `base` first (and
/// its dot segments removed, which §5.2.2 does to every target). Schemes
/// and authorities are compared byte for byte, as resolution copies them.
/// `syntax` reads base and target as URIs or IRIs (RFC 3987 §6.5). `out`
/// must hold the resolved target: the answer is written over it.
///
/// # Errors
///
/// - [`ResolveError::InvalidBase`]: `base` is not a `URI` (an `IRI`);
/// - [`ResolveError::InvalidReference`]: `target` is not a
///   `URI-reference` (an `IRI-reference`);
/// - [`ResolveError::BufferTooSmall`] with the resolved target's length.
///
/// # Example
///
/// ```
/// use uridfa::resolve::{make_relative_into, Syntax};
/// let base = "http://a/b/c/d;p?q"; // RFC 3986 §5.4
/// let mut buf = [0u8; 64];
/// for (target, reference) in [
///     ("http://a/b/c/g", "g"),
///     ("http://a/b/g", "../g"),
///     ("http://a/g", "/g"),
///     ("http://g", "//g"),
///     ("http://a/b/c/d;p?y", "?y"),
///     ("http://a/b/c/d;p?q#s", "#s"),
///     ("http://a/b/c/", "."),
///     ("ftp://a/b", "ftp://a/b"),
/// ] {
///     let n = make_relative_into(base, target, Syntax::Rfc3986, &mut buf)?;
///     assert_eq!(&buf[..n], reference.as_bytes());
/// }
/// # Ok::<(), uridfa::resolve::ResolveError>(())
/// ```
pub fn make_relative_into(
    base: &str,
    target: &str,
    syntax: Syntax,
    out: &mut [u8],
) -> Result<usize, ResolveError> {
    let options = Options {
        syntax,
        ..Options::default()
    };
    let n = resolve_into(base, target, options, out)?;
    // The resolved target is UTF-8 (resolve_into's contract); were it
    // not, the target itself is a right answer.
    let Some(t) = out.get(..n).and_then(|t| core::str::from_utf8(t).ok()) else {
        return Ok(n);
    };
    let (prefix, start) = plan(&split_appendix_b(base), &split_appendix_b(t), n);
    let p = prefix.len();
    // `plan` never beats the full target with a longer form: p <= start,
    // so the suffix moves left (or stays), front to back.
    if p > start || start > n {
        return Ok(n);
    }
    let len = p.saturating_add(n.saturating_sub(start));
    for (to, from) in (p..len).zip(start..n) {
        if let Some(&b) = out.get(from) {
            if let Some(slot) = out.get_mut(to) {
                *slot = b;
            }
        }
    }
    if let Some(head) = out.get_mut(..p) {
        prefix.write(head);
    }
    Ok(len)
}

/// [`make_relative_into`] into a new `String`.
///
/// # Errors
///
/// As [`make_relative_into`], except that the buffer is always large
/// enough.
///
/// # Example
///
/// ```
/// use uridfa::resolve::{make_relative, Syntax};
/// let r = make_relative("http://a/b/c/d;p?q", "http://a/b/x/y?z", Syntax::Rfc3986)?;
/// assert_eq!(r, "../x/y?z");
/// # Ok::<(), uridfa::resolve::ResolveError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn make_relative(
    base: &str,
    target: &str,
    syntax: Syntax,
) -> Result<alloc::string::String, ResolveError> {
    let mut buf = alloc::vec![0u8; base.len() + target.len() + 16];
    let n = match make_relative_into(base, target, syntax, &mut buf) {
        Ok(n) => n,
        Err(ResolveError::BufferTooSmall(crate::BufferTooSmall { needed })) => {
            buf = alloc::vec![0u8; needed];
            make_relative_into(base, target, syntax, &mut buf)?
        }
        Err(e) => return Err(e),
    };
    buf.truncate(n);
    // A suffix of a UTF-8 target cut at an ASCII delimiter, after ASCII.
    Ok(match alloc::string::String::from_utf8(buf) {
        Ok(s) => s,
        Err(e) => alloc::string::String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}
