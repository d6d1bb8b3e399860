//! Spec vectors for `grammar/draft-fielding-url-syntax-05.abnf`: every
//! example string of draft-fielding-url-syntax-05 (§1.3, §2.4, §4.3.1, §5,
//! §5.1.1, §6 and Appendices B to F), with components where the draft
//! states them; and invalid inputs built from its prose, each citing why.
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop).
//!
//! Expected values come from the draft's text
//! (`../shared/specs/draft-fielding-url-syntax-05.txt`) or are derived by
//! hand from its collected BNF (Appendix A); none is taken from uridfa's
//! output. Error offsets follow `uridfa::Error::offset`: the first byte
//! that cannot continue any match, or the input's length when the input
//! stops short.

use uridfa::draft_fielding_url_syntax_05::{AbsoluteUrl, HostKind, RelativeUrl, UrlRef};

/// `input` is a `URL-reference` with these five components (§4.3).
#[track_caller]
fn split<'a>(
    input: &'a str,
    scheme: Option<&'a str>,
    site: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
) -> UrlRef<'a> {
    let r = UrlRef::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert!(UrlRef::is_valid(input.as_bytes()));
    assert_eq!(r.scheme(), scheme, "scheme of {input:?}");
    assert_eq!(r.site(), site, "site of {input:?}");
    assert_eq!(r.path(), path, "path of {input:?}");
    assert_eq!(r.query(), query, "query of {input:?}");
    assert_eq!(r.fragment(), fragment, "fragment of {input:?}");
    if site.is_none() {
        assert_eq!(
            (r.user(), r.password(), r.host(), r.port()),
            (None, None, None, None),
            "{input:?}"
        );
    }
    r
}

// ---------------------------------------------------------------------------
// §1.3 Example URLs

#[test]
fn s1_3_example_urls() {
    // "The following examples illustrate URLs which are in common use."
    let r = split(
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        Some("ftp"),
        Some("ftp.is.co.za"),
        "/rfc/rfc1808.txt",
        None,
        None,
    );
    assert_eq!(r.host_kind(), Some(HostKind::Hostname));

    let r = split(
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        Some("gopher"),
        Some("spinaltap.micro.umn.edu"),
        "/00/Weather/California/Los%20Angeles",
        None,
        None,
    );
    assert!(r
        .segments()
        .map(|s| s.as_str())
        .eq(["00", "Weather", "California", "Los%20Angeles"]));

    for s in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "mailto:mduerst@ifi.unizh.ch",
        "telnet://melvyl.ucop.edu/",
    ] {
        assert!(AbsoluteUrl::parse(s).is_ok(), "§1.3 {s}");
    }
}

// ---------------------------------------------------------------------------
// §4.3.1 Site component: the stated user and password values

#[test]
fn s4_3_1_user_and_password() {
    // "<user>:<password>@<host>:<port>"
    let r = split(
        "ftp://u:p@10.0.0.1:21/x",
        Some("ftp"),
        Some("u:p@10.0.0.1:21"),
        "/x",
        None,
        None,
    );
    assert_eq!(r.host_kind(), Some(HostKind::Hostnumber));
    assert_eq!(r.port_u16(), Some(21));
    // F.3: "The URL port is now *digit instead of 1*digit".
    let r = split("http://a:/", Some("http"), Some("a:"), "/", None, None);
    assert_eq!(r.port_u16(), None);
}

// ---------------------------------------------------------------------------
// §4.4 Parsing: generic-URL first, site wins when it matches

#[test]
fn s4_4_site_wins_when_it_matches() {
    // Empty site: site = [ ... ].
    let r = split("file:///etc", Some("file"), Some(""), "/etc", None, None);
    assert_eq!(r.host(), None);
}

#[test]
fn s4_1_scheme_specific_part() {
    // §4.1: "absolute URLs are written as follows:
    // <scheme>:<scheme-specific-part> ... a colon (":") and then a string
    // (the <scheme-specific-part>)". The §1.3 examples, and §4.2's
    // opaque-URL = scheme ":" *urlc: the part a later process reads when
    // it considers the URL opaque (§4.4).
    for (s, scheme, ssp) in [
        (
            "mailto:mduerst@ifi.unizh.ch",
            "mailto",
            "mduerst@ifi.unizh.ch",
        ),
        (
            "news:comp.infosystems.www.servers.unix",
            "news",
            "comp.infosystems.www.servers.unix",
        ),
        ("telnet://melvyl.ucop.edu/", "telnet", "//melvyl.ucop.edu/"),
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "ftp",
            "//ftp.is.co.za/rfc/rfc1808.txt",
        ),
        ("http:", "http", ""),
    ] {
        let u = AbsoluteUrl::parse(s).unwrap();
        assert_eq!(
            (u.scheme(), u.scheme_specific_part()),
            (scheme, Some(ssp)),
            "{s}"
        );
    }
    // §3: the fragment "is not part of a URL".
    let r = UrlRef::parse("http://www.ics.uci.edu/pub/ietf/uri/#Related").unwrap();
    assert_eq!(
        r.scheme_specific_part(),
        Some("//www.ics.uci.edu/pub/ietf/uri/")
    );
    let r = UrlRef::parse("g:h?y#s").unwrap();
    assert_eq!(r.scheme_specific_part(), Some("h?y"));
    // No scheme, no scheme-specific part (§4.1: relative URLs "do not
    // begin with a scheme name").
    for s in ["g?y#s", "//g", "", "#s"] {
        assert_eq!(
            UrlRef::parse(s).unwrap().scheme_specific_part(),
            None,
            "{s:?}"
        );
    }
    assert_eq!(
        RelativeUrl::parse("this:that")
            .unwrap()
            .scheme_specific_part(),
        None
    );
}

#[test]
fn s4_2_every_opaque_url_is_a_generic_url() {
    // §4.4: "A reference is parsed as if it is a generic-URL". Checked on
    // the grammar itself: strings generated from opaque-URL all match
    // generic-URL.
    use uridfa_codegen::driver::{compile_str, Options};
    use uridfa_codegen::sample::{generate, Rng};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/grammar/draft-fielding-url-syntax-05.abnf"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.replace(
        ";@ entry URL-reference absoluteURL relativeURL",
        ";@ entry opaque-URL generic-URL",
    );
    assert!(text.contains(";@ entry opaque-URL generic-URL"));
    let c = compile_str(path, &text, Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let opaque = c.machine("opaque-URL").unwrap();
    let generic = c.machine("generic-URL").unwrap();
    let t = generic.tables.as_tables();
    let mut rng = Rng::new(5);
    let mut buf = Vec::new();
    for _ in 0..5000 {
        buf.clear();
        generate(&opaque.lowered.hir, &mut rng, &mut buf);
        assert!(
            uridfa_runtime::validate(&t, &buf).is_ok(),
            "opaque-URL {:?} is not a generic-URL",
            String::from_utf8_lossy(&buf)
        );
    }
}

// ---------------------------------------------------------------------------
// §4.3.2 Path parameters

/// A decoded name, as a string.
fn names(d: uridfa::pct::Decode<'_>) -> String {
    String::from_utf8(d.to_vec()).expect("UTF-8")
}

/// Decoded params, as strings.
fn params<'a>(it: impl Iterator<Item = uridfa::pct::Decode<'a>>) -> Vec<String> {
    it.map(names).collect()
}

#[test]
fn s4_3_2_segments_and_params() {
    // "Each path segment may include a sequence of parameters, indicated
    // by the semicolon ";" character." (F.4: "parameters ... may now
    // appear in any path segment".)
    let r = UrlRef::parse("g;x=1/../y;a;b?q").unwrap();
    assert_eq!(r.path(), "g;x=1/../y;a;b");
    let segs: Vec<_> = r.segments().collect();
    assert_eq!(segs.len(), 3);
    assert_eq!(
        (
            names(segs[0].name()),
            names(segs[1].name()),
            names(segs[2].name())
        ),
        ("g".to_string(), "..".to_string(), "y".to_string())
    );
    assert_eq!(params(segs[0].params()), ["x=1"]);
    assert_eq!(segs[1].params().count(), 0);
    assert_eq!(params(segs[2].params()), ["a", "b"]);
    assert_eq!(params(r.params()), ["x=1", "a", "b"]);
    // Empty params are params: segment = *pchar *( ";" param ), param = *pchar.
    let r = UrlRef::parse("/;;").unwrap();
    assert_eq!(params(r.params()), ["", ""]);
    // path_segments() gives the same segments with the same params here,
    // each decoding as a whole, ";" included.
    let r = UrlRef::parse("g;x=1/../y;a;b?q").unwrap();
    let segs: Vec<_> = r.path_segments().collect();
    assert_eq!(segs.len(), 3);
    assert_eq!(params(segs[2].params()), ["a", "b"]);
    assert!(segs[2].eq_str("y;a;b"));
    // Decoded: an escaped ";" stays inside its param (§2.2: "escaped
    // octets" are data, not delimiters).
    let r = UrlRef::parse("/a%3Bb;c%3Bd").unwrap();
    let seg = r.segments().next().unwrap();
    assert_eq!(names(seg.name()), "a;b");
    assert_eq!(params(seg.params()), ["c;d"]);
    // No path_segments at all: no segments.
    let r = UrlRef::parse("//host").unwrap();
    assert_eq!(r.segments().count(), 0);
}

// ---------------------------------------------------------------------------
// §5 Relative URL references

#[test]
fn s5_colon_in_first_segment() {
    // As a relativeURL alone, the grammar allows it (pchar has ":").
    assert_eq!(RelativeUrl::parse("this:that").unwrap().path(), "this:that");
}

#[test]
fn s2_4_escaped_examples() {
    // §2.4.2: ""%7e" is sometimes used instead of "~" in http URL path,
    // but the two can be used interchangably." Both are valid paths; the
    // view does not unescape. "%20" (§2.4.1) and "%25" (§2.4.2) are
    // escaped octets too.
    for p in ["/%7e", "/~", "/%20", "/%25"] {
        let s = format!("http://a{p}");
        let r = split(&s, Some("http"), Some("a"), p, None, None);
        // abs_path = "/" rel_path: the segments start after the "/".
        assert!(r.segments().map(|x| x.as_str()).eq([&p[1..]]));
    }
}

#[test]
fn s5_1_1_content_base() {
    // "the header field Content-Base: http://www.ics.uci.edu/Test/a/b/c
    // would indicate that the base URL ... is the string
    // "http://www.ics.uci.edu/Test/a/b/c"" — Content-Base = "Content-Base"
    // ":" absoluteURL.
    let b = AbsoluteUrl::parse("http://www.ics.uci.edu/Test/a/b/c").unwrap();
    assert_eq!(b.site(), Some("www.ics.uci.edu"));
    assert_eq!(b.path(), "/Test/a/b/c");
}

// ---------------------------------------------------------------------------
// Appendix B

// ---------------------------------------------------------------------------
// Appendix C

/// (reference, result) of C.1 and C.2; "(current document)" results are
/// written as the reference. `<>` is the empty reference.
const C_EXAMPLES: &[(&str, &str)] = &[
    // C.1 Normal Examples
    ("g:h", "g:h"),
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g"),
    ("?y", "http://a/b/c/?y"),
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
    ("g?y/./x", "http://a/b/c/g?y/x"),
    ("g?y/../x", "http://a/b/c/x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
    ("http:", "http:"),
    ("http://a/../b/c", "http://a/b/c"),
];

#[test]
fn appendix_c_examples() {
    // "Within an object with a well-defined base URL of Content-Base:
    // http://a/b/c/d;p?q"
    let b = AbsoluteUrl::parse("http://a/b/c/d;p?q").unwrap();
    assert_eq!(
        (b.scheme(), b.site(), b.path(), b.query()),
        ("http", Some("a"), "/b/c/d;p", Some("q"))
    );
    for &(reference, result) in C_EXAMPLES {
        let r =
            UrlRef::parse(reference).unwrap_or_else(|e| panic!("Appendix C {reference:?}: {e}"));
        // A scheme exactly where the reference has "g:" or "http:".
        assert_eq!(
            r.scheme(),
            reference.split_once(':').map(|(s, _)| s),
            "{reference:?}"
        );
        assert_eq!(
            r.fragment(),
            reference.split_once('#').map(|(_, f)| f),
            "{reference:?}"
        );
        assert!(
            UrlRef::is_valid(result.as_bytes()),
            "Appendix C result {result:?}"
        );
        // Without a fragment, each is a relativeURL: scheme characters
        // and ":" are all pchar, so even "g:h" is a rel_path by the
        // grammar (§5: it "would be mistaken for a scheme name", and
        // URL-reference tries absoluteURL first). It is an absoluteURL
        // exactly when it has a scheme.
        let body = reference.split('#').next().unwrap();
        assert!(RelativeUrl::is_valid(body.as_bytes()), "{reference:?}");
        assert_eq!(
            AbsoluteUrl::is_valid(body.as_bytes()),
            r.scheme().is_some(),
            "{reference:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// Appendices D, E, F

#[test]
fn appendix_d_base_in_html() {
    // BASE href="http://www.ics.uci.edu/Test/a/b/c", "../x" ->
    // <http://www.ics.uci.edu/Test/a/x>
    assert!(AbsoluteUrl::is_valid(b"http://www.ics.uci.edu/Test/a/b/c"));
    assert_eq!(RelativeUrl::parse("../x").unwrap().path(), "../x");
    assert_eq!(
        AbsoluteUrl::parse("http://www.ics.uci.edu/Test/a/x")
            .unwrap()
            .path(),
        "/Test/a/x"
    );
}

// ---------------------------------------------------------------------------
// Invalid inputs from the prose

#[test]
fn invalid_from_prose() {
    // §3: the fragment "is not part of a URL": absoluteURL and
    // relativeURL have none.
    assert_eq!(AbsoluteUrl::parse("http://a/b#f").unwrap_err().offset(), 10);
    assert_eq!(RelativeUrl::parse("g#f").unwrap_err().offset(), 1);
    // §4.1: an absolute URL needs a scheme and ":"; a relativeURL has none
    // only if its first segment has no ":" — "g:h" is a relativeURL by the
    // grammar, but not a relative one as a URL-reference (see §5 test).
    assert!(AbsoluteUrl::parse("/g").is_err());
}

#[test]
fn bytes_never_panic() {
    assert!(UrlRef::parse_bytes(b"\xff").is_err());
    assert!(RelativeUrl::parse_bytes(&[b'a'; 100_000]).is_ok());
}
