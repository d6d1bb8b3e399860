//! re2c's parser for RFC 3986 `URI-reference` (`benches/c/rfc3986.re`,
//! written from the RFC's Appendix A with tags for seven components), as a
//! peer of uridfa's benches (issue 27). Bench-only.
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

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 3986 section 3's example: its five components.
    #[test]
    fn rfc3986_section_3_example() {
        if !available() {
            return;
        }
        let s = b"foo://example.com:8042/over/there?name=ferret#nose\0";
        let c = split(s).expect("a URI");
        let text = |k: usize| c[k].map(|(a, b)| &s[a..b]);
        assert_eq!(text(0), Some(&b"foo"[..]));
        assert_eq!(text(1), None);
        assert_eq!(text(2), Some(&b"example.com"[..]));
        assert_eq!(text(3), Some(&b"8042"[..]));
        assert_eq!(text(4), Some(&b"/over/there"[..]));
        assert_eq!(text(5), Some(&b"name=ferret"[..]));
        assert_eq!(text(6), Some(&b"nose"[..]));
        assert_eq!(split(b"http://a b\0"), None);
        assert_eq!(split(b"no sentinel"), None);
    }

    /// The Ragel peer on RFC 3986's examples (section 3's, section 1.1.2's
    /// `urn:`), on section 1.1.2's `ldap://[2001:db8::7]/c=GB?objectClass?one`
    /// with a userinfo `user:pass` added (its `:` must not be read as the
    /// port's), and on two rejected inputs; the expected components are
    /// read off the RFC's grammar by hand.
    #[test]
    fn ragel_on_rfc3986_examples() {
        if !ragel_available() {
            return;
        }
        let text = |s: &'static [u8], k: usize| {
            let c = ragel_split(s).expect("a URI-reference");
            c[k].map(|(a, b)| &s[a..b])
        };
        let s = b"foo://example.com:8042/over/there?name=ferret#nose\0";
        let want: [Option<&[u8]>; 7] = [
            Some(b"foo"),
            None,
            Some(b"example.com"),
            Some(b"8042"),
            Some(b"/over/there"),
            Some(b"name=ferret"),
            Some(b"nose"),
        ];
        for (k, w) in want.iter().enumerate() {
            assert_eq!(text(s, k), *w, "component {k}");
        }
        let s = b"ftp://user:pass@[2001:db8::7]/c=GB?objectClass?one\0";
        assert_eq!(text(s, 1), Some(&b"user:pass"[..]));
        assert_eq!(text(s, 2), Some(&b"[2001:db8::7]"[..]));
        assert_eq!(text(s, 3), None);
        assert_eq!(text(s, 5), Some(&b"objectClass?one"[..]));
        let s = b"urn:oasis:names:specification:docbook:dtd:xml:4.1.2\0";
        assert_eq!(text(s, 0), Some(&b"urn"[..]));
        assert_eq!(
            text(s, 4),
            Some(&b"oasis:names:specification:docbook:dtd:xml:4.1.2"[..])
        );
        assert_eq!(ragel_split(b"http://a b\0"), None);
        assert_eq!(ragel_split(b"//a:1:2\0"), None);
    }
}
