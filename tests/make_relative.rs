#![cfg(all(feature = "alloc", feature = "rfc3986", feature = "rfc3987"))]
//! `make_relative`, the inverse of resolution: for a base `b`
//! and a target `t`, `resolve(b, make_relative(b, t)) == resolve(b, t)`,
//! which is `t` when `t` has no dot segments (RFC 3986 §5.2.2 removes them
//! from every target). Checked on RFC 3986 §5.4's base with §5.4.1 and
//! §5.4.2's targets (and there the answer is never longer than the RFC's
//! own reference), and by proptest on bases and targets built from the
//! pieces §5.4 uses. The resolution is the crate's `resolve`, itself
//! checked against §5.4 and three independent libraries
//! (`tests/resolve_spec.rs`, `tests/resolve_props.rs`).

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use uridfa::resolve::{make_relative, make_relative_into, resolve, Options, ResolveError, Syntax};

const BASE: &str = "http://a/b/c/d;p?q";

/// RFC 3986 §5.4.1 and §5.4.2 (strict): reference, target.
const EXAMPLES: [(&str, &str); 42] = [
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

fn strict() -> Options {
    Options::default()
}

#[test]
fn section_5_4_targets() -> Result<(), Box<dyn std::error::Error>> {
    let base = uridfa::rfc3986::Uri::parse(BASE)?;
    for (reference, target) in EXAMPLES {
        let r = make_relative(BASE, target, Syntax::Rfc3986)?;
        assert_eq!(resolve(BASE, &r, strict())?, target, "{target} via {r}");
        // Never longer than the RFC's own reference for it.
        assert!(
            r.len() <= reference.len(),
            "{target}: {r} longer than {reference}"
        );
        // The methods: the owned, typed reference and the buffer form.
        let owned = base.make_relative(target)?;
        assert_eq!(owned.as_str(), r);
        let mut buf = [0u8; 64];
        let n = base.make_relative_into(target, &mut buf)?;
        assert_eq!(&buf[..n], r.as_bytes());
    }
    // The answers the RFC's examples suggest.
    for (target, expected) in [
        ("http://a/b/c/g", "g"),
        ("http://a/b/c/g/", "g/"),
        ("http://a/g", "/g"),
        ("http://g", "//g"),
        ("http://a/b/c/d;p?y", "?y"),
        ("http://a/b/c/d;p?q#s", "#s"),
        ("http://a/b/c/d;p?q", ""),
        ("http://a/b/c/", "."),
        ("http://a/b/", ".."),
        ("http://a/b/g", "../g"),
        ("http://a/b/c/d;p", "d;p"),
        ("g:h", "g:h"),
    ] {
        assert_eq!(
            make_relative(BASE, target, Syntax::Rfc3986)?,
            expected,
            "{target}"
        );
    }
    Ok(())
}

#[test]
fn where_no_relative_form_exists() -> Result<(), Box<dyn std::error::Error>> {
    // Another scheme (compared as written: resolution keeps the
    // reference's), another authority, or a base authority the target lacks.
    assert_eq!(
        make_relative(BASE, "https://a/b/c/g", Syntax::Rfc3986)?,
        "https://a/b/c/g"
    );
    assert_eq!(
        make_relative(BASE, "HTTP://a/b/c/g", Syntax::Rfc3986)?,
        "HTTP://a/b/c/g"
    );
    assert_eq!(
        make_relative(BASE, "http://b/b/c/g", Syntax::Rfc3986)?,
        "//b/b/c/g"
    );
    assert_eq!(
        make_relative(BASE, "http:/b/c/g", Syntax::Rfc3986)?,
        "http:/b/c/g"
    );
    // An empty path with the base's authority: only the network path.
    assert_eq!(make_relative(BASE, "http://a", Syntax::Rfc3986)?, "//a");
    // A rootless base path takes no `..` (remove_dot_segments would root it).
    assert_eq!(make_relative("s:a/b", "s:c", Syntax::Rfc3986)?, "s:c");
    assert_eq!(make_relative("s:a/b", "s:a/c:d", Syntax::Rfc3986)?, "./c:d");
    // A path starting with `//` is no absolute-path reference.
    assert_eq!(
        make_relative(BASE, "http://a//x", Syntax::Rfc3986)?,
        "//a//x"
    );
    assert_eq!(
        make_relative(BASE, "http://a/b//x", Syntax::Rfc3986)?,
        "..//x"
    );
    // Dot segments in the target are removed, as resolution removes them.
    assert_eq!(
        make_relative(BASE, "http://a/b/c/./g/../h", Syntax::Rfc3986)?,
        "h"
    );
    // Errors: no base, no reference; a buffer that cannot hold the target.
    assert!(matches!(
        make_relative("a/b", "c", Syntax::Rfc3986),
        Err(ResolveError::InvalidBase(_))
    ));
    assert!(matches!(
        make_relative(BASE, "a b", Syntax::Rfc3986),
        Err(ResolveError::InvalidReference(_))
    ));
    let mut small = [0u8; 4];
    assert_eq!(
        make_relative_into(BASE, "http://a/b/c/g", Syntax::Rfc3986, &mut small),
        Err(ResolveError::BufferTooSmall(uridfa::BufferTooSmall {
            needed: 14
        }))
    );
    // IRIs (RFC 3987 §6.5): the same over `ipath` and friends.
    let base = uridfa::rfc3987::Iri::parse("http://\u{e9}.example/a/b")?;
    let r: uridfa::rfc3987::IriRefBuf = base.make_relative("http://\u{e9}.example/a/\u{e8}/x")?;
    assert_eq!(r.as_str(), "\u{e8}/x");
    // Lengths in bytes: `/è/x` (5) is shorter than `../è/x` (7).
    assert_eq!(
        base.make_relative("http://\u{e9}.example/\u{e8}/x")?
            .as_str(),
        "/\u{e8}/x"
    );
    Ok(())
}

/// A base (`URI`) or target (`URI-reference`, with or without a scheme)
/// built from the pieces of §5.4: schemes, authorities, segments with
/// `;`, `:`, dots and empty ones, queries and fragments.
fn reference(with_scheme: bool) -> impl Strategy<Value = String> {
    reference_from(
        with_scheme,
        vec!["a", "b", "c", "g", "", ".", "..", "d;p", "x:y", "%7E", "g."],
    )
}

/// As [`reference`], from the segments given.
fn reference_from(with_scheme: bool, segments: Vec<&'static str>) -> impl Strategy<Value = String> {
    (
        select(vec!["http", "HTTP", "ftp", "s"]),
        any::<bool>(),
        select(vec![None, Some("a"), Some("b"), Some(""), Some("u@a:80")]),
        any::<bool>(),
        vec(select(segments), 0..6),
        select(vec![None, Some(""), Some("q"), Some("y"), Some("a=b/./c")]),
        select(vec![None, Some(""), Some("s"), Some("s/../x")]),
    )
        .prop_map(
            move |(scheme, has_scheme, authority, rooted, segments, query, fragment)| {
                let mut s = String::new();
                if with_scheme || has_scheme {
                    s.push_str(scheme);
                    s.push(':');
                }
                if let Some(a) = authority {
                    s.push_str("//");
                    s.push_str(a);
                }
                if rooted || (authority.is_some() && !segments.is_empty()) {
                    s.push('/');
                }
                s.push_str(&segments.join("/"));
                if let Some(q) = query {
                    s.push('?');
                    s.push_str(q);
                }
                if let Some(f) = fragment {
                    s.push('#');
                    s.push_str(f);
                }
                s
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn resolve_inverts_make_relative(base in reference(true), target in reference(false)) {
        // Only strings the grammar accepts (`//` paths without an authority,
        // `x:y` first segments of relative references are not).
        prop_assume!(uridfa::rfc3986::Uri::parse(&base).is_ok());
        prop_assume!(uridfa::rfc3986::UriRef::parse(&target).is_ok());
        let resolved = resolve(&base, &target, strict()).unwrap();
        let r = make_relative(&base, &target, Syntax::Rfc3986).unwrap();
        prop_assert_eq!(resolve(&base, &r, strict()).unwrap(), resolved.clone(), "r = {}", r);
        prop_assert!(r.len() <= resolved.len());
        // A resolved target that resolves to itself (not so when it kept
        // the base's dot segments: `http:.` with `` is `http:.`, but
        // `http:.` with `http:.` is `http:`) gets the same answer.
        if resolve(&base, &resolved, strict()).unwrap() == resolved {
            prop_assert_eq!(make_relative(&base, &resolved, Syntax::Rfc3986).unwrap(), r.clone());
        }
        // Relative whenever the target has the base's scheme and an
        // authority (a network path at worst); the target itself when the
        // schemes differ or only the base has an authority. (Without
        // authorities, a relative form may not exist: `ftp:` from `ftp:a/a`.)
        let b = uridfa::rfc3986::Uri::parse(&base).unwrap();
        let t = uridfa::rfc3986::Uri::parse(&resolved).unwrap();
        if b.scheme() == t.scheme() && t.authority().is_some() {
            prop_assert!(uridfa::rfc3986::RelativeRef::parse(&r).is_ok(), "{} not relative", r);
        } else if b.scheme() != t.scheme() || b.authority().is_some() {
            prop_assert_eq!(&r, &resolved);
        }
        // The buffer form agrees, in a buffer of the target's exact length.
        let mut buf = vec![0u8; resolved.len()];
        let n = make_relative_into(&base, &target, Syntax::Rfc3986, &mut buf).unwrap();
        prop_assert_eq!(&buf[..n], r.as_bytes());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The same over IRIs (RFC 3987 §6.5), with non-ASCII segments, so the
    /// byte lengths and cuts are exercised on UTF-8.
    #[test]
    fn resolve_inverts_make_relative_over_iris(
        base in reference_from(true, vec!["a", "\u{e9}", "\u{e9}t\u{e9}", "", "..", "x:\u{e8}", "%C3%A9"]),
        target in reference_from(false, vec!["a", "\u{e9}", "\u{e9}t\u{e9}", "", ".", "..", "x:\u{e8}"]),
    ) {
        prop_assume!(uridfa::rfc3987::Iri::parse(&base).is_ok());
        prop_assume!(uridfa::rfc3987::IriRef::parse(&target).is_ok());
        let iri = Options::default().syntax(Syntax::Rfc3987);
        let resolved = resolve(&base, &target, iri).unwrap();
        let r = make_relative(&base, &target, Syntax::Rfc3987).unwrap();
        prop_assert_eq!(resolve(&base, &r, iri).unwrap(), resolved.clone(), "r = {}", r);
        prop_assert!(r.len() <= resolved.len());
    }
}
