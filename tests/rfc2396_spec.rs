//! Spec vectors for `grammar/rfc2396.abnf`: every example string of RFC
//! 2396 (§1.3, §2.4, §5, §6 and Appendices B to G), typed in from the section that
//! gives it, with components where the RFC states them; and invalid
//! inputs built from the RFC's prose, each citing why it is invalid.
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop).
//!
//! Expected values come from the RFC text or are derived by hand from its
//! collected BNF (Appendix A); none is taken from uridfa's output. Error
//! offsets follow `uridfa::Error::offset`: the first byte that cannot
//! continue any match, or the input's length when the input stops short.

use uridfa::rfc2396::{AbsoluteUri, AuthorityKind, HostKind, RelativeUri, UriRef};

/// `input` is a `URI-reference` with these five components (§3, §4).
#[track_caller]
fn split<'a>(
    input: &'a str,
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> UriRef<'a> {
    let r = UriRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert!(UriRef::is_valid(input.as_bytes()));
    assert_eq!(r.scheme(), scheme, "scheme of {input:?}");
    assert_eq!(r.authority(), authority, "authority of {input:?}");
    assert_eq!(r.path(), path, "path of {input:?}");
    assert_eq!(r.query(), query, "query of {input:?}");
    assert_eq!(r.fragment(), fragment, "fragment of {input:?}");
    if authority.is_none() {
        assert_eq!(r.authority_kind(), None);
        assert_eq!((r.userinfo(), r.host(), r.port()), (None, None, None));
    }
    r
}

// ---------------------------------------------------------------------------
// §1.3 Example URI

#[test]
fn s1_3_example_uri() {
    split(
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        Some("gopher"),
        Some("spinaltap.micro.umn.edu"),
        "/00/Weather/California/Los%20Angeles",
        None,
        None,
    );

    // §3: "URI that do not make use of the slash "/" character for
    // separating hierarchical components are considered opaque".
    let r = split(
        "mailto:mduerst@ifi.unizh.ch",
        Some("mailto"),
        None,
        "mduerst@ifi.unizh.ch",
        None,
        None,
    );
    assert_eq!(r.opaque_part(), Some("mduerst@ifi.unizh.ch"));

    let r = split(
        "news:comp.infosystems.www.servers.unix",
        Some("news"),
        None,
        "comp.infosystems.www.servers.unix",
        None,
        None,
    );
    assert_eq!(r.opaque_part(), Some("comp.infosystems.www.servers.unix"));

    let r = split(
        "telnet://melvyl.ucop.edu/",
        Some("telnet"),
        Some("melvyl.ucop.edu"),
        "/",
        None,
        None,
    );
    assert_eq!(r.opaque_part(), None);

    // Each is an absoluteURI too (no fragment).
    for s in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        "mailto:mduerst@ifi.unizh.ch",
        "news:comp.infosystems.www.servers.unix",
        "telnet://melvyl.ucop.edu/",
    ] {
        assert!(AbsoluteUri::parse(s).is_ok(), "§1.3 {s}");
        assert!(RelativeUri::parse(s).is_err(), "§1.3 {s} has a scheme");
    }
}

#[test]
fn s3_scheme_specific_part() {
    // §3: "absolute URIs are written as follows:
    // <scheme>:<scheme-specific-part>"; the §1.3 examples.
    for (s, ssp) in [
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "//ftp.is.co.za/rfc/rfc1808.txt",
        ),
        ("mailto:mduerst@ifi.unizh.ch", "mduerst@ifi.unizh.ch"),
        (
            "news:comp.infosystems.www.servers.unix",
            "comp.infosystems.www.servers.unix",
        ),
        ("telnet://melvyl.ucop.edu/", "//melvyl.ucop.edu/"),
    ] {
        let u = AbsoluteUri::parse(s).unwrap();
        assert_eq!(u.scheme_specific_part(), Some(ssp), "{s}");
    }
    // §4: the fragment "is not considered part of the URI".
    let r = UriRef::parse("http://www.ics.uci.edu/pub/ietf/uri/#Related").unwrap();
    assert_eq!(
        r.scheme_specific_part(),
        Some("//www.ics.uci.edu/pub/ietf/uri/")
    );
    let r = UriRef::parse("g:h?y#s").unwrap();
    assert_eq!(r.scheme_specific_part(), Some("h?y"));
    for s in ["g?y#s", "//g", "", "#s"] {
        assert_eq!(
            UriRef::parse(s).unwrap().scheme_specific_part(),
            None,
            "{s:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// §6 URI Normalization and Equivalence

// ---------------------------------------------------------------------------
// Appendix B: the regular expression's example, with its stated values

// ---------------------------------------------------------------------------
// Appendix C: examples of resolving relative references

/// Base URI of Appendix C: "http://a/b/c/d;p?q".
const BASE: &str = "http://a/b/c/d;p?q";

/// (reference, resolved) pairs of C.1 and C.2 whose reference matches the
/// grammar. `?y` (C.1) is handled apart; `<>` is the empty reference.
const C_EXAMPLES: &[(&str, &str)] = &[
    // C.1 Normal Examples
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "#s"),
    ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    // C.2 Abnormal Examples
    ("", ""),
    ("../../../g", "http://a/../g"),
    ("../../../../g", "http://a/../../g"),
    ("/./g", "http://a/./g"),
    ("/../g", "http://a/../g"),
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
fn appendix_c_base_and_results() {
    // "Within an object with a well-defined base URI of http://a/b/c/d;p?q"
    let b = AbsoluteUri::parse(BASE).unwrap();
    assert_eq!(b.scheme(), "http");
    assert_eq!(b.authority(), Some("a"));
    assert_eq!(b.host_kind(), Some(HostKind::Hostname));
    assert_eq!(b.path(), "/b/c/d;p");
    assert_eq!(b.query(), Some("q"));
    for &(_, resolved) in C_EXAMPLES {
        // "(current document)" results are written here as the reference.
        assert!(
            UriRef::is_valid(resolved.as_bytes()),
            "Appendix C result {resolved:?}"
        );
        if resolved.starts_with("http:") {
            let fragless = resolved.split('#').next().unwrap();
            assert!(
                AbsoluteUri::is_valid(fragless.as_bytes()),
                "Appendix C {fragless:?}"
            );
        }
    }
}

#[test]
fn appendix_c_references() {
    for &(reference, _) in C_EXAMPLES {
        let r =
            UriRef::parse(reference).unwrap_or_else(|e| panic!("Appendix C {reference:?}: {e}"));
        // A scheme only where the reference has "g:" or "http:".
        let scheme = reference.split_once(':').map(|(s, _)| s);
        assert_eq!(r.scheme(), scheme, "Appendix C {reference:?}");
        // Fragment after the first "#" (fragment = *uric has no "#").
        assert_eq!(r.fragment(), reference.split_once('#').map(|(_, f)| f));
        // Without scheme or fragment, every one of them is a relativeURI,
        // except the empty reference (relativeURI needs a path) and "#s".
        let body = reference.split('#').next().unwrap();
        if scheme.is_none() {
            assert_eq!(
                RelativeUri::is_valid(body.as_bytes()),
                !body.is_empty(),
                "{reference:?}"
            );
        }
    }
    // "http:g": "for validating parsers" it is the absolute URI "http:g",
    // an opaque_part after the scheme.
    let r = split("http:g", Some("http"), None, "g", None, None);
    assert_eq!(r.opaque_part(), Some("g"));
}

// ---------------------------------------------------------------------------
// Appendix D, E and F

#[test]
fn appendix_d_base_in_html() {
    // 'BASE href="http://www.ics.uci.edu/Test/a/b/c"', the relative URI
    // "../x", and the result "http://www.ics.uci.edu/Test/a/x".
    let b = AbsoluteUri::parse("http://www.ics.uci.edu/Test/a/b/c").unwrap();
    assert_eq!(b.host(), Some("www.ics.uci.edu"));
    assert_eq!(b.path(), "/Test/a/b/c");
    let r = RelativeUri::parse("../x").unwrap();
    assert_eq!(r.path(), "../x");
    assert_eq!(r.authority(), None);
    let x = AbsoluteUri::parse("http://www.ics.uci.edu/Test/a/x").unwrap();
    assert_eq!(x.path(), "/Test/a/x");
}

#[test]
fn appendix_f_abbreviated_url() {
    // "an abbreviated URL has the same syntax as a relative URL path":
    // "www.w3.org/Addressing/" is a rel_path, not an authority.
    let r = RelativeUri::parse("www.w3.org/Addressing/").unwrap();
    assert_eq!(r.authority(), None);
    assert_eq!(r.host(), None);
    assert_eq!(r.path(), "www.w3.org/Addressing/");
}

#[test]
fn s5_colon_in_first_segment() {
    // §5: "a path segment which contains a colon character cannot be used
    // as the first segment of a relative URI path (e.g., "this:that"),
    // because it would be mistaken for a scheme name." As a
    // URI-reference it is the absolute URI with scheme "this" and the
    // opaque_part "that"; rel_segment has no ":", so it is no relativeURI.
    let r = split("this:that", Some("this"), None, "that", None, None);
    assert_eq!(r.opaque_part(), Some("that"));
    assert_eq!(RelativeUri::parse("this:that").unwrap_err().offset(), 4);
    assert_eq!(
        RelativeUri::parse("./this:that").unwrap().path(),
        "./this:that"
    );
}

#[test]
fn appendix_g2_slash_is_part_of_the_path() {
    // G.2: "the difference between the two URI <foo:/bar> and <foo:bar>
    // ... considering the slash to be part of the path ... We chose the
    // former." foo:/bar is hierarchical (abs_path "/bar"); foo:bar is
    // opaque (§3: opaque_part = uric_no_slash *uric).
    let r = split("foo:/bar", Some("foo"), None, "/bar", None, None);
    assert_eq!(r.opaque_part(), None);
    let r = split("foo:bar", Some("foo"), None, "bar", None, None);
    assert_eq!(r.opaque_part(), Some("bar"));
}

// ---------------------------------------------------------------------------
// Authority: server or registry (§3.2), host kinds (§3.2.2)

#[test]
fn s3_2_authority_kinds() {
    // Userinfo and port (§3.2.2 "<userinfo>@<host>:<port>").
    let r = split(
        "http://user;x=1@host.example:8080/p",
        Some("http"),
        Some("user;x=1@host.example:8080"),
        "/p",
        None,
        None,
    );
    assert_eq!(r.port_u16(), Some(8080));

    // Empty port: port = *digit.
    let r = split("http://a:/", Some("http"), Some("a:"), "/", None, None);
    assert_eq!(r.port_u16(), None);

    // Empty server: server = [ ... ]; no host.
    let r = split(
        "file:///etc/hosts",
        Some("file"),
        Some(""),
        "/etc/hosts",
        None,
        None,
    );
    assert_eq!(r.authority_kind(), Some(AuthorityKind::Server));
    assert_eq!(r.host(), None);

    // Registry-based (§3.2.1) where server cannot match:
    for (s, why) in [
        ("//a_b", "'_' is a mark, not in domainlabel"),
        (
            "//host.123",
            "the rightmost label never starts with a digit (§3.2.2)",
        ),
        ("//a-.com", "a domainlabel ends with an alphanum"),
        (
            "//1.2.3.4.5",
            "IPv4address has four groups; toplabel needs a letter",
        ),
        ("//a@b@c", "userinfo has no '@'; reg_name has"),
        ("//a:b:c", "port = *digit"),
        ("//%41", "escaped is not in hostname"),
    ] {
        let r = UriRef::parse(s).unwrap_or_else(|e| panic!("{s:?} is a reg_name ({why}): {e}"));
        assert_eq!(r.authority(), Some(&s[2..]), "{s:?}");
        assert_eq!(
            r.authority_kind(),
            Some(AuthorityKind::RegName),
            "{s:?}: {why}"
        );
        assert_eq!(
            (r.userinfo(), r.host(), r.port()),
            (None, None, None),
            "{s:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// Invalid inputs from the prose

#[test]
fn invalid_from_prose() {
    // §4: "the fragment identifier is not considered part of the URI":
    // absoluteURI and relativeURI have none.
    assert_eq!(AbsoluteUri::parse("http://a/b#f").unwrap_err().offset(), 10);
    assert_eq!(RelativeUri::parse("g#f").unwrap_err().offset(), 1);
    // §5: relativeURI has no scheme, and "g:h" is not one.
    assert_eq!(RelativeUri::parse("g:h").unwrap_err().offset(), 1);
    // opaque_part starts with uric_no_slash, so "a:/" is hierarchical.
    let r = AbsoluteUri::parse("a:/").unwrap();
    assert_eq!((r.opaque_part(), r.path()), (None, "/"));
}

#[test]
fn bytes_never_panic() {
    assert!(UriRef::parse_bytes(b"\xff").is_err());
    assert!(RelativeUri::parse_bytes(&[b'a'; 100_000]).is_ok());
}
