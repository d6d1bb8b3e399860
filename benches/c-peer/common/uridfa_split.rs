//! uridfa's side of the peer comparisons, shared by the bench and the
//! tests of this crate (included with `#[path]`).

use uridfa::rfc3986::UriRef;

/// `l` without its NUL sentinel, as text (empty if not UTF-8).
pub fn without_nul(l: &[u8]) -> &str {
    std::str::from_utf8(&l[..l.len() - 1]).unwrap_or("")
}

/// uridfa's seven components of the NUL-terminated `l` (scheme, userinfo,
/// host, port, path, query, fragment) as spans, as the peers give them;
/// `None` if `l` is no URI-reference.
pub fn uridfa_split(l: &[u8]) -> Option<[Option<(usize, usize)>; 7]> {
    let s = without_nul(l);
    let r = UriRef::parse(s).ok()?;
    let base = s.as_ptr() as usize;
    let span = |c: Option<&str>| {
        c.map(|c| {
            (
                c.as_ptr() as usize - base,
                c.as_ptr() as usize - base + c.len(),
            )
        })
    };
    Some([
        span(r.scheme()),
        span(r.userinfo()),
        span(r.host()),
        span(r.port()),
        span(Some(r.path())),
        span(r.query()),
        span(r.fragment()),
    ])
}
