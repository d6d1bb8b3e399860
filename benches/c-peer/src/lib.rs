//! re2c's parser for RFC 3986 `URI-reference` (`benches/c/rfc3986.re`,
//! written from the RFC's Appendix A with tags for seven components), as a
//! peer of uridfa's benches. Bench-only.
//!
//! [`split`] gives the seven components' spans (scheme, userinfo, host,
//! port, path, query, fragment) of a NUL-terminated input, or `None` if it
//! is no URI-reference. [`available`] says whether re2c was found at build
//! time.
#![deny(missing_docs)]

/// Start and end pointers of the seven components, as the C code fills
/// them (NULL for an absent one).
#[repr(C)]
struct Components {
    p: [*const u8; 14],
}

#[cfg(not(no_re2c))]
extern "C" {
    fn re2c_uri_reference(s: *const u8, c: *mut Components) -> i32;
}

#[cfg(not(no_ragel))]
extern "C" {
    fn ragel_uri_reference(s: *const u8, n: usize, c: *mut Components) -> i32;
}

/// Whether the Ragel peer was built (Ragel was found at build time).
pub fn ragel_available() -> bool {
    cfg!(not(no_ragel))
}

/// As [`split`], with Ragel's parser (`benches/c/rfc3986.rl`): the same
/// seven components of the same NUL-terminated input, found by actions on
/// the delimiters (see that file); `None` if the peer was not built.
pub fn ragel_split(s: &[u8]) -> Option<[Option<(usize, usize)>; 7]> {
    if s.last() != Some(&0) || !ragel_available() {
        return None;
    }
    // Written only by the C peer, which a build without Ragel lacks.
    #[cfg_attr(no_ragel, allow(unused_mut))]
    let mut c = Components {
        p: [std::ptr::null(); 14],
    };
    #[cfg(not(no_ragel))]
    // SAFETY: the C code reads `s[..s.len()]` only (Ragel's `p` to `pe`),
    // and `c` is a valid out-param of the C struct's layout (fourteen
    // pointers).
    let rc = unsafe { ragel_uri_reference(s.as_ptr(), s.len(), &mut c) };
    #[cfg(no_ragel)]
    let rc = -1;
    if rc != 0 {
        return None;
    }
    Some(spans(s, &c))
}

/// The spans of `c`'s pointers into `s`.
fn spans(s: &[u8], c: &Components) -> [Option<(usize, usize)>; 7] {
    let base = s.as_ptr() as usize;
    let mut out = [None; 7];
    for (k, slot) in out.iter_mut().enumerate() {
        let (a, b) = (c.p[2 * k], c.p[2 * k + 1]);
        if !a.is_null() && !b.is_null() {
            *slot = Some((a as usize - base, b as usize - base));
        }
    }
    out
}

/// Whether the peer was built (re2c was found at build time).
pub fn available() -> bool {
    cfg!(not(no_re2c))
}

/// The seven components of `s` (scheme, userinfo, host, port, path, query,
/// fragment) as spans, each `None` when absent; `None` if `s` is no
/// URI-reference, if it does not end with a NUL byte (re2c's sentinel:
/// the NUL is not part of the input), or if the peer was not built.
pub fn split(s: &[u8]) -> Option<[Option<(usize, usize)>; 7]> {
    if s.last() != Some(&0) || !available() {
        return None;
    }
    // Written only by the C peer, which a build without re2c lacks.
    #[cfg_attr(no_re2c, allow(unused_mut))]
    let mut c = Components {
        p: [std::ptr::null(); 14],
    };
    #[cfg(not(no_re2c))]
    // SAFETY: `s` ends with a NUL byte, the sentinel the re2c code stops
    // at (it reads no byte past the first NUL); `c` is a valid out-param
    // of the C struct's layout (fourteen pointers).
    let rc = unsafe { re2c_uri_reference(s.as_ptr(), &mut c) };
    #[cfg(no_re2c)]
    let rc = -1;
    if rc != 0 {
        return None;
    }
    Some(spans(s, &c))
}
