#![cfg(all(feature = "alloc", feature = "rfc3986", feature = "rfc3987"))]
//! The methods a Rust user looks for on a view: accessors typed
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
    assert_eq!(
        iri.resolve("../\u{e8}")?.as_str(),
        "http://\u{e9}.example/\u{e8}"
    );
    Ok(())
}

/// RFC 3986 §5.4.2, "Abnormal Examples", base `http://a/b/c/d;p?q`.
const ABNORMAL: [(&str, &str); 19] = [
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
];

#[test]
fn resolve_gives_a_typed_owned_reference() -> Result<(), Box<dyn std::error::Error>> {
    let base = Uri::parse("http://a/b/c/d;p?q")?;
    for (reference, target) in NORMAL.iter().chain(&ABNORMAL) {
        // The type is the grammar's owned reference (checked by the
        // annotation), displaying as the target.
        let t: uridfa::rfc3986::UriRefBuf = base.resolve(reference)?;
        assert_eq!(t.to_string(), *target, "{reference}");
        assert_eq!(t.as_str(), *target, "{reference}");
    }
    // The accessors of the resolved reference: §5.4.1's `//g` is
    // `http://g` (host `g`, empty path), `g?y#s` has every part.
    let t = base.resolve("//g")?;
    let v = t.as_view();
    assert_eq!(
        (v.scheme(), v.host(), v.path()),
        (Some("http"), Some("g"), "")
    );
    let t = base.resolve("g?y#s")?;
    let v = t.as_view();
    assert_eq!(v.scheme(), Some("http"));
    assert_eq!(v.authority(), Some("a"));
    assert_eq!(v.path(), "/b/c/g");
    assert_eq!(v.query(), Some("y"));
    assert_eq!(v.fragment(), Some("s"));
    // Owned: the target outlives the base's text.
    let owned = {
        let text = String::from("http://a/b/c/d;p?q");
        UriRef::parse(&text)?.resolve("../g")?
    };
    assert_eq!(owned.as_view().path(), "/b/g");
    // Errors stay errors: no base (§5.1), no reference (a space is in no
    // rule of Appendix A).
    assert!(matches!(
        RelativeRef::parse("b/c")?.resolve("g"),
        Err(uridfa::resolve::ResolveError::InvalidBase(_))
    ));
    assert!(matches!(
        base.resolve("a b"),
        Err(uridfa::resolve::ResolveError::InvalidReference(_))
    ));
    // IRI views resolve to the IRI grammar's owned type (RFC 3987 §6.5).
    let iri = uridfa::rfc3987::IriRef::parse("http://\u{e9}.example/a/b")?;
    let t: uridfa::rfc3987::IriRefBuf = iri.resolve("c/\u{e8}?\u{ea}")?;
    assert_eq!(t.to_string(), "http://\u{e9}.example/a/c/\u{e8}?\u{ea}");
    assert_eq!(t.as_view().host(), Some("\u{e9}.example"));
    // RFC 6874 views to RFC 6874's owned type, through RFC 3986's
    // syntax, which reads no zone ID (documented on `GenericRef`).
    let z = uridfa::rfc6874::Uri::parse("http://h/a/b")?;
    let t: uridfa::rfc6874::UriRefBuf = z.resolve("../x")?;
    assert_eq!(t.as_str(), "http://h/x");
    assert!(z.resolve("//[fe80::1%25en1]/x").is_err());
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
