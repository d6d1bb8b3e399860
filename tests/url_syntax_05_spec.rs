//! Spec vectors for `grammar/draft-fielding-url-syntax-05.abnf`: every
//! example string of draft-fielding-url-syntax-05 (§1.3, §2.4, §4.3.1, §5,
//! §5.1.1, §6 and Appendices B to F), with components where the draft
//! states them; and invalid inputs built from its prose, each citing why.
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

/// `user`, `password`, `host` and `port` of a site (§4.3.1).
#[track_caller]
fn site(
    r: &UrlRef<'_>,
    user: Option<&str>,
    password: Option<&str>,
    host: &str,
    port: Option<&str>,
) {
    assert_eq!(r.user(), user, "user of {r}");
    assert_eq!(r.password(), password, "password of {r}");
    assert_eq!(r.host(), Some(host), "host of {r}");
    assert_eq!(r.port(), port, "port of {r}");
}

/// `input` is not a `URL-reference`; the error is at `offset`.
#[track_caller]
fn invalid(input: &str, offset: usize, why: &str) {
    match UrlRef::parse(input) {
        Ok(r) => panic!("{input:?} should be invalid ({why}), got {r:?}"),
        Err(e) => assert_eq!(e.offset(), offset, "{input:?} ({why}): {e}"),
    }
    assert!(!UrlRef::is_valid(input.as_bytes()), "{input:?}");
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
    site(&r, None, None, "ftp.is.co.za", None);
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

    let r = split(
        "http://www.math.uio.no/faq/compression-faq/part1.html",
        Some("http"),
        Some("www.math.uio.no"),
        "/faq/compression-faq/part1.html",
        None,
        None,
    );
    site(&r, None, None, "www.math.uio.no", None);

    // §4.4: "A reference is parsed as if it is a generic-URL, even though
    // it might be considered opaque by later processes": the rest after
    // the scheme is a rel_path.
    split(
        "mailto:mduerst@ifi.unizh.ch",
        Some("mailto"),
        None,
        "mduerst@ifi.unizh.ch",
        None,
        None,
    );
    split(
        "news:comp.infosystems.www.servers.unix",
        Some("news"),
        None,
        "comp.infosystems.www.servers.unix",
        None,
        None,
    );
    let r = split(
        "telnet://melvyl.ucop.edu/",
        Some("telnet"),
        Some("melvyl.ucop.edu"),
        "/",
        None,
        None,
    );
    site(&r, None, None, "melvyl.ucop.edu", None);
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
    // "<ftp://@host.com/> has an empty user name and no password"
    let r = split(
        "ftp://@host.com/",
        Some("ftp"),
        Some("@host.com"),
        "/",
        None,
        None,
    );
    site(&r, Some(""), None, "host.com", None);
    // "<ftp://host.com/> has no user name"
    let r = split(
        "ftp://host.com/",
        Some("ftp"),
        Some("host.com"),
        "/",
        None,
        None,
    );
    site(&r, None, None, "host.com", None);
    // "<ftp://foo:@host.com/> has a user name of "foo" and an empty
    // password"
    let r = split(
        "ftp://foo:@host.com/",
        Some("ftp"),
        Some("foo:@host.com"),
        "/",
        None,
        None,
    );
    site(&r, Some("foo"), Some(""), "host.com", None);
    // "<user>:<password>@<host>:<port>"
    let r = split(
        "ftp://u:p@10.0.0.1:21/x",
        Some("ftp"),
        Some("u:p@10.0.0.1:21"),
        "/x",
        None,
        None,
    );
    site(&r, Some("u"), Some("p"), "10.0.0.1", Some("21"));
    assert_eq!(r.host_kind(), Some(HostKind::Hostnumber));
    assert_eq!(r.port_u16(), Some(21));
    // F.3: "The URL port is now *digit instead of 1*digit".
    let r = split("http://a:/", Some("http"), Some("a:"), "/", None, None);
    site(&r, None, None, "a", Some(""));
    assert_eq!(r.port_u16(), None);
}

// ---------------------------------------------------------------------------
// §4.4 Parsing: generic-URL first, site wins when it matches

#[test]
fn s4_4_site_wins_when_it_matches() {
    // "the left-most matching rule soaks up as much of the URL reference
    // string as it is capable of matching. In other words, the site
    // component wins."
    let r = split("//g/x", None, Some("g"), "/x", None, None);
    site(&r, None, None, "g", None);
    // Empty site: site = [ ... ].
    let r = split("file:///etc", Some("file"), Some(""), "/etc", None, None);
    assert_eq!(r.host(), None);
    // Where no site matches, the two slashes begin an abs_path
    // ("/" rel_path with an empty first segment), by the grammar.
    split("http://a_b/c", Some("http"), None, "//a_b/c", None, None);
    split("//a:b", None, None, "//a:b", None, None);
    // §4.3.1: the site "is terminated by the next slash "/" or by the end
    // of the URL": after a site only an abs_path may follow, so
    // "//host?q" is an abs_path with a query, without a site.
    split("//host?q", None, None, "//host", Some("q"), None);
    // hostname has no trailing "." in draft 05.
    split("//a.b./", None, None, "//a.b./", None, None);
    // The rightmost label never starts with a digit (§4.3.1).
    split("//a.1", None, None, "//a.1", None, None);
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
            (Some(scheme), Some(ssp)),
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
        (segs[0].name(), segs[1].name(), segs[2].name()),
        ("g", "..", "y")
    );
    assert!(segs[0].params().eq(["x=1"]));
    assert_eq!(segs[1].params().count(), 0);
    assert!(segs[2].params().eq(["a", "b"]));
    assert!(r.params().eq(["x=1", "a", "b"]));
    // Empty params are params: segment = *pchar *( ";" param ), param = *pchar.
    let r = UrlRef::parse("/;;").unwrap();
    assert!(r.params().eq(["", ""]));
    // No path_segments at all: no segments.
    let r = UrlRef::parse("//host").unwrap();
    assert_eq!(r.segments().count(), 0);
}

// ---------------------------------------------------------------------------
// §5 Relative URL references

#[test]
fn s5_colon_in_first_segment() {
    // "a path segment which contains a colon character cannot be used as
    // the first segment of a relative URL path (e.g., "this:that"),
    // because it would be mistaken for a scheme name": as a URL-reference
    // it is an absolute URL (absoluteURL comes first).
    split("this:that", Some("this"), None, "that", None, None);
    // "It is therefore necessary to precede such segments with other
    // segments (e.g., "./this:that")".
    split("./this:that", None, None, "./this:that", None, None);
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

#[test]
fn s6_equivalence_examples() {
    // "the URL <http://www.XEROX.com> is equivalent to <http://www.xerox.com>"
    for (s, h) in [
        ("http://www.XEROX.com", "www.XEROX.com"),
        ("http://www.xerox.com", "www.xerox.com"),
    ] {
        let r = split(s, Some("http"), Some(h), "", None, None);
        site(&r, None, None, h, None);
    }
}

// ---------------------------------------------------------------------------
// Appendix B

#[test]
fn appendix_b_components() {
    // "scheme = $2 site = $4 path = $5 query = $7 fragment = $9" with
    // $2 = http, $4 = www.ics.uci.edu, $5 = /pub/ietf/uri/,
    // $7 = <undefined>, $9 = Related.
    let r = split(
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
        Some("http"),
        Some("www.ics.uci.edu"),
        "/pub/ietf/uri/",
        None,
        Some("Related"),
    );
    site(&r, None, None, "www.ics.uci.edu", None);
}

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
        (Some("http"), Some("a"), "/b/c/d;p", Some("q"))
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
    // Components of some, by the grammar:
    split("?y", None, None, "", Some("y"), None);
    split("g?y/../x", None, None, "g", Some("y/../x"), None);
    split("g#s/../x", None, None, "g", None, Some("s/../x"));
    split("http:", Some("http"), None, "", None, None);
    split("http:g", Some("http"), None, "g", None, None);
    split("//g", None, Some("g"), "", None, None);
    split("", None, None, "", None, None);
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

#[test]
fn appendix_e_delimiting() {
    // '"http://test.com/", angle brackets <http://test.com/>, or just
    // using whitespace ... These wrappers do not form part of the URL.'
    let r = split(
        "http://test.com/",
        Some("http"),
        Some("test.com"),
        "/",
        None,
        None,
    );
    site(&r, None, None, "test.com", None);
    invalid(
        "\"http://test.com/\"",
        0,
        "'\"' is excluded (§2.4.3 delims)",
    );
    invalid("<http://test.com/>", 0, "'<' is excluded (§2.4.3 delims)");
    // Examples: the three URLs, once delimiters and whitespace are
    // stripped ("software ... should attempt to recognize and strip both
    // delimiters and embedded whitespace").
    split(
        "http://www.w3.org/pub/WWW/",
        Some("http"),
        Some("www.w3.org"),
        "/pub/WWW/",
        None,
        None,
    );
    split(
        "ftp://ds.internic.net/rfc/",
        Some("ftp"),
        Some("ds.internic.net"),
        "/rfc/",
        None,
        None,
    );
    split(
        "http://ds.internic.net/instructions/overview.html#WARNING",
        Some("http"),
        Some("ds.internic.net"),
        "/instructions/overview.html",
        None,
        Some("WARNING"),
    );
    // As printed, with the line-break space, they are not URLs (§2.4.3:
    // "The space character is excluded").
    invalid(
        "ftp://ds.internic. net/rfc/",
        18,
        "space is excluded (§2.4.3)",
    );
    invalid(
        "http://ds.internic.net/ instructions/overview.html#WARNING",
        23,
        "space is excluded (§2.4.3)",
    );
}

#[test]
fn appendix_f_slash_is_part_of_the_path() {
    // F.2: "the difference between the two URLs <foo:/bar> and <foo:bar>
    // ... considering the slash to be part of the path ... We chose the
    // former."
    split("foo:/bar", Some("foo"), None, "/bar", None, None);
    split("foo:bar", Some("foo"), None, "bar", None, None);
}

// ---------------------------------------------------------------------------
// Invalid inputs from the prose

#[test]
fn invalid_from_prose() {
    // §2.4.3: control characters, space, delims and unwise are excluded.
    invalid("http://a/b c", 10, "space is excluded (§2.4.3)");
    invalid(
        "http://a/\u{7f}",
        9,
        "control characters are excluded (§2.4.3)",
    );
    invalid("http://a/\t", 9, "control characters are excluded (§2.4.3)");
    invalid(
        "a#b#c",
        3,
        "'#' delimits the fragment; fragment = *urlc (§2.4.3, §3)",
    );
    invalid("a>b", 1, "'>' is a delim (§2.4.3)");
    invalid("a\"b", 1, "'\"' is a delim (§2.4.3)");
    for c in ["{", "}", "|", "\\", "^", "[", "]", "`"] {
        invalid(
            &format!("http://a/?{c}"),
            10,
            "unwise characters must be escaped (§2.4.3)",
        );
    }
    // §4.3.1: "A suitable representation for IPv6 addresses has not yet
    // been determined." '[' is unwise.
    invalid("http://[::1]/", 7, "no IPv6 literals (§4.3.1, §2.4.3)");
    // §2.4.1: "An escaped octet is encoded as a character triplet".
    invalid("a%2", 3, "escaped needs two hex digits (§2.4.1)");
    invalid("a%g0", 2, "escaped needs hex digits (§2.4.1)");
    invalid("100%", 4, "'%' must be escaped as \"%25\" (§2.4.2)");
    // §2: a URL is a sequence of US-ASCII characters; others are escaped.
    invalid(
        "http://a/\u{e9}",
        9,
        "non-ASCII must be escaped (§2.1, §2.4)",
    );
    // §3: the fragment "is not part of a URL": absoluteURL and
    // relativeURL have none.
    assert_eq!(AbsoluteUrl::parse("http://a/b#f").unwrap_err().offset(), 10);
    assert_eq!(RelativeUrl::parse("g#f").unwrap_err().offset(), 1);
    // §4.1: an absolute URL needs a scheme and ":"; a relativeURL has none
    // only if its first segment has no ":" — "g:h" is a relativeURL by the
    // grammar, but not a relative one as a URL-reference (see §5 test).
    assert!(AbsoluteUrl::parse("/g").is_err());
    // §4.3.3: "?" ends the path; the query may hold more "?".
    split("/a?b?c", None, None, "/a", Some("b?c"), None);
}

#[test]
fn bytes_never_panic() {
    for b in [
        &b"\xff"[..],
        b"http://a/\0",
        b"http://a/\xc3\xa9",
        &[b'a'; 100_000][..],
    ] {
        let _ = UrlRef::parse_bytes(b);
        let _ = AbsoluteUrl::parse_bytes(b);
        let _ = RelativeUrl::parse_bytes(b);
    }
    assert!(UrlRef::parse_bytes(b"\xff").is_err());
    assert!(RelativeUrl::parse_bytes(&[b'a'; 100_000]).is_ok());
}
