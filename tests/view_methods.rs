#![cfg(all(feature = "alloc", feature = "rfc3986", feature = "rfc3987"))]
//! The methods a Rust user looks for on a view (issue 26): accessors typed
//! by the grammar, `base.resolve(reference)`, syntax-based normalization by
//! default. Expected values from RFC 3986's text (§5.4.1, §6.2.2).

use uridfa::normalize::{normalize_into, Steps};
use uridfa::prelude::*;
use uridfa::rfc3986::{AbsoluteUri, RelativeRef, Uri, UriRef};
use uridfa::Presence;

#[test]
fn accessors_follow_the_grammar() -> Result<(), uridfa::Error> {
    // §3: `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    let s: &str = Uri::parse("http://a")?.scheme();
    assert_eq!(s, "http");
    let p: &str = RelativeRef::parse("g")?.path();
    assert_eq!(p, "g");
    // §4.3: an absolute-URI has no fragment; §4.2: a relative-ref no
    // scheme. The views have no such accessor, and say why.
    assert_eq!(AbsoluteUri::presence("fragment"), Some(Presence::Never));
    assert_eq!(RelativeRef::presence("scheme"), Some(Presence::Never));
    assert_eq!(UriRef::presence("scheme"), Some(Presence::Sometimes));
    Ok(())
}

/// RFC 3986 §5.4.1, "Normal Examples", base `http://a/b/c/d;p?q`.
const NORMAL: [(&str, &str); 23] = [
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
];

#[test]
fn resolve_as_a_method() -> Result<(), Box<dyn std::error::Error>> {
    let base = UriRef::parse("http://a/b/c/d;p?q")?;
    let mut buf = [0u8; 64];
    for (reference, target) in NORMAL {
        assert_eq!(base.resolve(reference)?.to_string(), target, "{reference}");
        let n = base.resolve_into(reference, &mut buf)?;
        assert_eq!(&buf[..n], target.as_bytes(), "{reference}");
    }
    // §5.1: a base must be a URI.
    assert!(UriRef::parse("b/c")?.resolve("g").is_err());
    // RFC 3987 §6.5: the same algorithm over IRIs.
    let iri = uridfa::rfc3987::Iri::parse("http://\u{e9}.example/a/b")?;
    assert_eq!(iri.resolve("../\u{e8}")?, "http://\u{e9}.example/\u{e8}");
    Ok(())
}

#[test]
fn normalization_is_syntax_based_by_default() -> Result<(), Box<dyn std::error::Error>> {
    // RFC 3986 §6.2.2: case (§6.2.2.1), percent-encoding (§6.2.2.2) and
    // dot segments (§6.2.2.3); the scheme-based step (§6.2.3) is apart.
    assert_eq!(Steps::default(), Steps::CASE | Steps::PCT | Steps::PATH);
    let mut buf = [0u8; 64];
    let n = normalize_into("HTTP://Example.COM/%7euser/./a", Steps::default(), &mut buf)?;
    assert_eq!(&buf[..n], b"http://example.com/~user/a");
    // §6.2.3's `http://example.com:80` is left for `Steps::SCHEME`.
    let n = normalize_into("http://example.com:80", Steps::default(), &mut buf)?;
    assert_eq!(&buf[..n], b"http://example.com:80");
    Ok(())
}
