//! Spec vectors for `draft-fielding-uri-rfc2396bis-01` (March 2003): every
//! example string in the body (§1.3, §2.4, §3.1, §5, §6.2, §7.5) and in
//! Appendices B to G, each test citing its section, plus invalid inputs
//! built from the prose.
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs` (the `five` checks too: the exact set of
//! entry rules, the same components under each, Appendix B's expression);
//! what stays here checks more than one row can say.
//!
//! Expected values come from the draft: where it states a component (the
//! labels of §1.3, Appendix B's `$2`..`$9`, §7.5's "it is actually
//! '10.0.0.1'") we assert that value; otherwise the value is derived by hand
//! from the ABNF of §2 to §5, and the derivation is spelled out next to the
//! vector. The regular expression of Appendix B, run by regex-automata's
//! PikeVM, is an independent oracle for the five main components of every
//! hierarchical example. None of the expected values is taken from
//! uridfa's own output.
//!
//! A last test checks the grammar file against the draft's text in
//! `../shared/specs` (skipped with a message when the text is absent).

use crate::common;
use common::transcription::strip_comment;

use uridfa::draft_fielding_uri_rfc2396bis_01::{
    AbsoluteUri, AbsoluteUriRef, AuthorityKind, HostKind, PathKind, RelativeUri, UriRef,
};

// ---------------------------------------------------------------------------
// Helpers

/// The four entry rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// `URI-reference` (§4).
    Ref,
    /// `absolute-URI-reference` (§4).
    AbsRef,
    /// `absolute-URI` (§3).
    Abs,
    /// `relative-URI` (§5).
    Rel,
}
use Rule::{Abs, AbsRef, Ref, Rel};

/// Every component a view reports.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Comps {
    scheme: Option<String>,
    authority: Option<String>,
    authority_kind: Option<AuthorityKind>,
    userinfo: Option<String>,
    host: Option<String>,
    host_kind: Option<HostKind>,
    port: Option<String>,
    port_u16: Option<u16>,
    path: String,
    path_kind: PathKind,
    opaque_part: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

macro_rules! comps {
    ($v:expr) => {{
        let v = $v;
        let o = |s: Option<&str>| s.map(str::to_owned);
        // By capture name where a view lacks the accessor (never has it).
        Comps {
            scheme: o(uridfa::View::capture(&v, "scheme")),
            authority: o(v.authority()),
            authority_kind: v.authority_kind(),
            userinfo: o(v.userinfo()),
            host: o(v.host()),
            host_kind: v.host_kind(),
            port: o(v.port()),
            port_u16: v.port_u16(),
            path: v.path().to_owned(),
            path_kind: v.path_kind(),
            opaque_part: o(uridfa::View::capture(&v, "opaque-part")),
            query: o(v.query()),
            fragment: o(uridfa::View::capture(&v, "fragment")),
        }
    }};
}

fn parse(rule: Rule, input: &[u8]) -> Result<Comps, uridfa::Error> {
    Ok(match rule {
        Ref => comps!(UriRef::parse_bytes(input)?),
        AbsRef => comps!(AbsoluteUriRef::parse_bytes(input)?),
        Abs => comps!(AbsoluteUri::parse_bytes(input)?),
        Rel => comps!(RelativeUri::parse_bytes(input)?),
    })
}

fn is_valid(rule: Rule, input: &[u8]) -> bool {
    match rule {
        Ref => UriRef::is_valid(input),
        AbsRef => AbsoluteUriRef::is_valid(input),
        Abs => AbsoluteUri::is_valid(input),
        Rel => RelativeUri::is_valid(input),
    }
}

/// The rules that accept a reference of this shape: an absolute URI
/// matches `absolute-URI` and both reference rules; with a fragment only
/// the reference rules; a relative URI `relative-URI` and `URI-reference`.
fn rules_for(input: &str, absolute: bool) -> &'static [Rule] {
    match (absolute, input.contains('#')) {
        (true, false) => &[Ref, AbsRef, Abs],
        (true, true) => &[Ref, AbsRef],
        (false, false) => &[Ref, Rel],
        (false, true) => &[Ref],
    }
}

/// Parses under `rule`, panicking with uridfa's message on failure.
#[track_caller]
fn ok(rule: Rule, input: &str, why: &str) -> Comps {
    match parse(rule, input.as_bytes()) {
        Ok(c) => {
            assert!(
                is_valid(rule, input.as_bytes()),
                "{why}: is_valid {input:?}"
            );
            c
        }
        Err(e) => panic!("{why}: {input:?} should match {rule:?}: {e}"),
    }
}

/// `input` does not match `rule`; returns the error offset.
#[track_caller]
fn err(rule: Rule, input: &[u8], why: &str) -> usize {
    assert!(!is_valid(rule, input), "{why}: is_valid {input:?}");
    match parse(rule, input) {
        Ok(c) => panic!("{why}: {input:?} should not match {rule:?}, got {c:?}"),
        Err(e) => e.offset(),
    }
}

/// The five components of Appendix B: scheme = $2, authority = $4,
/// path = $5, query = $7, fragment = $9, from the draft's own regular
/// expression.
type Five = (
    Option<String>,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
);

fn appendix_b(input: &str) -> Five {
    let p = common::literal::appendix_b_regex(input);
    (p.scheme, p.authority, p.path, p.query, p.fragment)
}

/// Checks the five main components of `input` under every rule that must
/// accept it, against the values given, and against Appendix B's
/// expression. Without an authority its parts must be absent.
#[track_caller]
fn five(
    input: &str,
    absolute: bool,
    want: (Option<&str>, Option<&str>, &str, Option<&str>, Option<&str>),
    why: &str,
) -> Comps {
    let (scheme, authority, path, query, fragment) = want;
    let owned: Five = (
        scheme.map(Into::into),
        authority.map(Into::into),
        path.into(),
        query.map(Into::into),
        fragment.map(Into::into),
    );
    assert_eq!(
        appendix_b(input),
        owned,
        "{why}: Appendix B's split of {input:?}"
    );
    let mut last = None;
    for &rule in rules_for(input, absolute) {
        let c = ok(rule, input, why);
        let got: Five = (
            c.scheme.clone(),
            c.authority.clone(),
            c.path.clone(),
            c.query.clone(),
            c.fragment.clone(),
        );
        assert_eq!(got, owned, "{why}: components of {input:?} under {rule:?}");
        if authority.is_none() {
            assert_eq!(c.authority_kind, None, "{why}: {input:?}");
            assert_eq!(c.userinfo, None, "{why}: {input:?}");
            assert_eq!(c.host, None, "{why}: {input:?}");
            assert_eq!(c.host_kind, None, "{why}: {input:?}");
            assert_eq!(c.port, None, "{why}: {input:?}");
        }
        if let Some(prev) = &last {
            assert_eq!(prev, &c, "{why}: {input:?} differs between rules");
        }
        last = Some(c);
    }
    // The other rules reject it.
    for rule in [Ref, AbsRef, Abs, Rel] {
        if !rules_for(input, absolute).contains(&rule) {
            assert!(
                !is_valid(rule, input.as_bytes()),
                "{why}: {input:?} under {rule:?}"
            );
        }
    }
    last.expect("at least one rule")
}

/// The parts of a `server` authority (§3.2.2) of `input` under `URI-reference`.
#[track_caller]
fn server(
    input: &str,
    userinfo: Option<&str>,
    host: Option<&str>,
    kind: Option<HostKind>,
    port: Option<&str>,
    why: &str,
) -> Comps {
    let c = ok(Ref, input, why);
    assert_eq!(
        c.authority_kind,
        Some(AuthorityKind::Server),
        "{why}: authority kind of {input:?}"
    );
    assert_eq!(
        c.userinfo.as_deref(),
        userinfo,
        "{why}: userinfo of {input:?}"
    );
    assert_eq!(c.host.as_deref(), host, "{why}: host of {input:?}");
    assert_eq!(c.host_kind, kind, "{why}: host kind of {input:?}");
    assert_eq!(c.port.as_deref(), port, "{why}: port of {input:?}");
    c
}

/// `input` has a `reg-name` authority (§3.2.1) `authority`: it is no
/// `server`, so it has no userinfo, host or port.
#[track_caller]
fn reg_name(input: &str, authority: &str, why: &str) {
    let c = ok(Ref, input, why);
    assert_eq!(
        c.authority.as_deref(),
        Some(authority),
        "{why}: authority of {input:?}"
    );
    assert_eq!(
        c.authority_kind,
        Some(AuthorityKind::RegName),
        "{why}: authority kind of {input:?}"
    );
    assert_eq!(c.userinfo, None, "{why}: userinfo of {input:?}");
    assert_eq!(c.host, None, "{why}: host of {input:?}");
    assert_eq!(c.host_kind, None, "{why}: host kind of {input:?}");
    assert_eq!(c.port, None, "{why}: port of {input:?}");
}

const HOSTNAME: Option<HostKind> = Some(HostKind::Hostname);

// ---------------------------------------------------------------------------
// §1.3 Example URIs

#[test]
fn s1_3_example_uris() {
    let why = "§1.3 Example URIs";
    // "ftp://ftp.is.co.za/rfc/rfc1808.txt -- ftp scheme for File Transfer
    // Protocol services"
    let s = "ftp://ftp.is.co.za/rfc/rfc1808.txt";
    let c = five(
        s,
        true,
        (
            Some("ftp"),
            Some("ftp.is.co.za"),
            "/rfc/rfc1808.txt",
            None,
            None,
        ),
        why,
    );
    assert_eq!(c.path_kind, PathKind::AbsPath);

    // "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/ -- gopher scheme"
    let s = "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/";
    let c = server(
        s,
        None,
        Some("gopher.tc.umn.edu"),
        HOSTNAME,
        Some("70"),
        why,
    );
    assert_eq!(c.port_u16, Some(70));

    // "http://www.ietf.org/rfc/rfc2396.txt -- http scheme"

    // "mailto:John.Doe@example.com -- mailto scheme": no "/" after the
    // colon, so `hier-part` matches nothing and the rest is an
    // `opaque-part` (§3), which §3 calls the path.
    let s = "mailto:John.Doe@example.com";
    let c = five(
        s,
        true,
        (Some("mailto"), None, "John.Doe@example.com", None, None),
        why,
    );
    assert_eq!(c.path_kind, PathKind::OpaquePart);
    assert_eq!(c.opaque_part.as_deref(), Some("John.Doe@example.com"));

    // "news:comp.infosystems.www.servers.unix -- news scheme"
    let s = "news:comp.infosystems.www.servers.unix";
    let c = five(
        s,
        true,
        (
            Some("news"),
            None,
            "comp.infosystems.www.servers.unix",
            None,
            None,
        ),
        why,
    );
    assert_eq!(c.path_kind, PathKind::OpaquePart);

    // "telnet://melvyl.ucop.edu/ -- telnet scheme"
}

// ---------------------------------------------------------------------------
// §2 characters

#[test]
fn s2_4_escapes() {
    // §2.4.1: '"%20" is the escaped encoding for the US-ASCII space
    // character'; §2.4.2: '"%7e" is sometimes used instead of "~" in an
    // http URI path', and "%" "must be escaped as "%25"".
    // §2.1: 'the character sequence "%", "0", "a" represents the octet 10';
    // §2.3: "ALPHA (%41-%5A and %61-%7A), DIGIT (%30-%39), underscore
    // (%5F), or tilde (%7E)"; §6.2.2.2: '"%3a" versus "%3A"'. Each escape
    // in each component that allows `escaped`.
    for e in [
        "%0a", "%41", "%5A", "%61", "%7A", "%30", "%39", "%5F", "%7E", "%3a", "%3A",
    ] {
        let s = format!("s://{e}@{e}:1/{e}?{e}#{e}");
        let c = ok(Ref, &s, "§2.1, §2.3, §6.2.2.2 escapes");
        // `{e}@{e}:1` is no server (a hostname has no "%"): a reg-name.
        assert_eq!(c.authority, Some(format!("{e}@{e}:1")), "{s}");
        assert_eq!(c.authority_kind, Some(AuthorityKind::RegName), "{s}");
        assert_eq!(
            (c.path.as_str(), c.query.as_deref(), c.fragment.as_deref()),
            (&format!("/{e}")[..], Some(e), Some(e)),
            "{s}"
        );
        let s = format!("{e}/{e}");
        let c = ok(Rel, &s, "§2.1, §2.3, §6.2.2.2 escapes in a rel-segment");
        assert_eq!(c.path, s);
        let s = format!("x:{e}");
        let c = ok(Abs, &s, "§2.1, §2.3, §6.2.2.2 escapes in an opaque-part");
        assert_eq!(c.opaque_part.as_deref(), Some(e));
    }
}

#[test]
fn s2_4_3_excluded_characters() {
    let why = "§2.4.3 control characters, space, delims and unwise are excluded";
    // Each excluded character, in a path, a query, a fragment, an opaque
    // part and a relative path: none of `pchar`, `uric`, `rel-segment`
    // holds it. "#" is excluded only inside the fragment (it delimits it).
    let excluded: Vec<u8> = (0u8..0x20)
        .chain([
            0x7f, b' ', b'<', b'>', b'"', b'%', b'{', b'}', b'|', b'\\', b'^', b'`',
        ])
        .collect();
    for &b in &excluded {
        for prefix in ["http://a/", "http://a/?", "http://a/#", "foo:x", "g"] {
            let mut s = prefix.as_bytes().to_vec();
            s.push(b);
            s.push(b'z');
            // A "%" starts an `escaped`; the "z" after it is the error.
            let at = prefix.len() + usize::from(b == b'%');
            assert_eq!(
                err(Ref, &s, why),
                at,
                "{why}: byte {b:#04x} after {prefix:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// §3 absolute URIs, hierarchical and opaque

#[test]
fn s3_opaque_part() {
    let why = "§3 opaque-part = uric-no-slash *uric";
    // `uric` holds "?" and "/", so an opaque part runs to the "#": it has
    // no query. Appendix B's expression reads a query here; the ABNF of §3
    // is normative (grammar/README.md records the difference).
    let c = ok(Ref, "mailto:a?subject=b/c", why);
    assert_eq!(c.path_kind, PathKind::OpaquePart);
    assert_eq!(c.path, "a?subject=b/c");
    assert_eq!(c.query, None);
    assert_eq!(
        appendix_b("mailto:a?subject=b/c").3.as_deref(),
        Some("subject=b/c")
    );
    // Appendix G.1: square brackets are "allowed within the opaque part of
    // an opaque URI, and not allowed in the hierarchical syntax except for
    // their use as delimiters for an IPv6reference within host".
    let c = ok(Abs, "foo:[x]", why);
    assert_eq!(c.opaque_part.as_deref(), Some("[x]"));
    let c = ok(AbsRef, "foo:[x]#f", why);
    assert_eq!(c.opaque_part.as_deref(), Some("[x]"));
    assert_eq!(c.fragment.as_deref(), Some("f"));
    // A leading "?" goes to hier-part (first alternative): empty path and a
    // query.
    let c = ok(Abs, "foo:?x", why);
    assert_eq!(
        (c.path_kind, c.query.as_deref(), c.opaque_part),
        (PathKind::Empty, Some("x"), None)
    );
}

// ---------------------------------------------------------------------------
// §3.2 authority: server or reg-name

#[test]
fn s3_2_2_server() {
    let why = "§3.2.2 server = [ [ userinfo \"@\" ] hostport ]";
    let c = server("http://host:/", None, Some("host"), HOSTNAME, Some(""), why);
    assert_eq!(c.port_u16, None);
    // 'the "file" URI scheme defaults to "localhost"': the host may be
    // omitted, and `server` matches the empty string.
    let c = server("file:///etc/hosts", None, None, None, None, why);
    assert_eq!(c.authority.as_deref(), Some(""));
    assert_eq!(c.path, "/etc/hosts");
    // port = *DIGIT: any number of digits; port_u16 only up to 65535.
    let c = server(
        "http://a:65535/",
        None,
        Some("a"),
        HOSTNAME,
        Some("65535"),
        why,
    );
    assert_eq!(c.port_u16, Some(65535));
    let c = server(
        "http://a:65536/",
        None,
        Some("a"),
        HOSTNAME,
        Some("65536"),
        why,
    );
    assert_eq!(c.port_u16, None);
}

#[test]
fn s3_2_2_hostname() {
    let why = "§3.2.2 hostname = domainlabel qualified";
    // Labels of every length from 1 to 63 (alphanum [ 0*61(...) alphanum ]).
    for n in 1..=63 {
        let label = "x".repeat(n);
        let s = format!("//{label}.{label}/");
        server(&s, None, Some(&s[2..s.len() - 1]), HOSTNAME, None, why);
        let s = format!("//a.{label}./");
        server(&s, None, Some(&s[2..s.len() - 1]), HOSTNAME, None, why);
    }
}

// ---------------------------------------------------------------------------
// §3.3, §3.4 path and query

#[test]
fn s3_3_path_and_query() {
    let why = "§3.3 pchar, §3.4 query = *( pchar / \"/\" / \"?\" )";
    // "?" and "#" delimit: empty query and fragment differ from absent.
    let c = five(
        "http://a?#",
        true,
        (Some("http"), Some("a"), "", Some(""), Some("")),
        why,
    );
    assert_eq!(c.path_kind, PathKind::Empty);
}

// ---------------------------------------------------------------------------
// §4 references

#[test]
fn s4_2_same_document_references() {
    let why = "§4.2 an empty URI reference; a reference containing only a fragment";
    // URI-reference = [ absolute-URI / relative-URI ] [ "#" fragment ]
    let c = five("", false, (None, None, "", None, None), why);
    assert_eq!(c.path_kind, PathKind::Empty);
}

// ---------------------------------------------------------------------------
// §5 relative URIs

#[test]
fn s5_relative_uri() {
    let why = "§5 relative-URI = [ net-path / abs-path / rel-path ] [ \"?\" query ]";
    // "a path segment which contains a colon character cannot be used as
    // the first segment of a relative URI path (e.g., "this:that")":
    // it parses as a scheme and an opaque part.
    let c = five(
        "this:that",
        true,
        (Some("this"), None, "that", None, None),
        why,
    );
    assert_eq!(c.path_kind, PathKind::OpaquePart);
    // '(e.g., "./this:that")'
    let c = five(
        "./this:that",
        false,
        (None, None, "./this:that", None, None),
        why,
    );
    assert_eq!(c.path_kind, PathKind::RelPath);
    // "." and ".." complete path segments.
    for s in [".", "..", "../..", "./."] {
        let c = five(s, false, (None, None, s, None, None), why);
        assert_eq!(c.path_kind, PathKind::RelPath);
    }
    // A network-path reference.
    let c = five("//g", false, (None, Some("g"), "", None, None), why);
    assert_eq!(c.host.as_deref(), Some("g"));
    // An absolute-path reference.
    let c = five("/g", false, (None, None, "/g", None, None), why);
    assert_eq!(c.path_kind, PathKind::AbsPath);
}

#[test]
fn appendix_c_examples() {
    // Appendix C: the base URI and every reference of C.1 and C.2, and
    // every result; each is checked against Appendix B's split.
    let why = "Appendix C base URI";
    let c = five(
        "http://a/b/c/d;p?q",
        true,
        (Some("http"), Some("a"), "/b/c/d;p", Some("q"), None),
        why,
    );
    assert_eq!(c.host_kind, HOSTNAME);

    let why = "Appendix C.1/C.2 relative references";
    for s in [
        "g",
        "./g",
        "g/",
        "/g",
        "//g",
        "?y",
        "g?y",
        "#s",
        "g#s",
        "g?y#s",
        ";x",
        "g;x",
        "g;x?y#s",
        ".",
        "./",
        "..",
        "../",
        "../g",
        "../..",
        "../../",
        "../../g",
        "",
        "../../../g",
        "../../../../g",
        "/./g",
        "/../g",
        "g.",
        ".g",
        "g..",
        "..g",
        "./../g",
        "./g/.",
        "g/./h",
        "g/../h",
        "g;x=1/./y",
        "g;x=1/../y",
        "g?y/./x",
        "g?y/../x",
        "g#s/./x",
        "g#s/../x",
    ] {
        let want = appendix_b(s);
        let c = five(
            s,
            false,
            (
                want.0.as_deref(),
                want.1.as_deref(),
                &want.2,
                want.3.as_deref(),
                want.4.as_deref(),
            ),
            why,
        );
        let kind = if c.path.is_empty() {
            PathKind::Empty
        } else if c.path.starts_with('/') {
            PathKind::AbsPath
        } else {
            PathKind::RelPath
        };
        assert_eq!(c.path_kind, kind, "{why}: {s:?}");
    }
    // "g:h" and "http:g" have a scheme: absolute URIs with an opaque part.
    for (s, scheme, opaque) in [("g:h", "g", "h"), ("http:g", "http", "g")] {
        let c = five(s, true, (Some(scheme), None, opaque, None, None), why);
        assert_eq!(c.opaque_part.as_deref(), Some(opaque));
    }

    let why = "Appendix C.1/C.2 results";
    for s in [
        "http://a/b/c/g",
        "http://g",
        "http://a/b/c/d;p?y",
        "http://a/b/c/g?y",
        "http://a/b/c/g#s",
        "http://a/b/c/g?y#s",
        "http://a/b/c/;x",
        "http://a/b/c/g;x",
        "http://a/b/c/g;x?y#s",
        "http://a/b/c/",
        "http://a/b/",
        "http://a/b/g",
        "http://a/",
        "http://a/g",
        "http://a/../g",
        "http://a/../../g",
        "http://a/./g",
        "http://a/b/c/g.",
        "http://a/b/c/.g",
        "http://a/b/c/g..",
        "http://a/b/c/..g",
        "http://a/b/c/g/",
        "http://a/b/c/g/h",
        "http://a/b/c/h",
        "http://a/b/c/g;x=1/y",
        "http://a/b/c/y",
        "http://a/b/c/g?y/./x",
        "http://a/b/c/g?y/../x",
        "http://a/b/c/g#s/./x",
        "http://a/b/c/g#s/../x",
    ] {
        let want = appendix_b(s);
        let c = five(
            s,
            true,
            (
                want.0.as_deref(),
                want.1.as_deref(),
                &want.2,
                want.3.as_deref(),
                want.4.as_deref(),
            ),
            why,
        );
        assert_eq!(
            c.authority_kind,
            Some(AuthorityKind::Server),
            "{why}: {s:?}"
        );
    }
}

// ---------------------------------------------------------------------------
// §6, §7, the appendices

#[test]
fn s6_2_normalization_examples() {
    // §6.2.2: "example://a/b/c/%7A" and "eXAMPLE://a/./b/../b/c/%7a".
    // §6.2.3: "http://example.com/" and "http://example.com:80/"
    let why = "§6.2.3 scheme-based normalization examples";
    let c = server(
        "http://example.com:80/",
        None,
        Some("example.com"),
        HOSTNAME,
        Some("80"),
        why,
    );
    assert_eq!(c.port_u16, Some(80));
    // §6.2.4: "http://example.com/data" redirects to "http://example.com/data/".
}

#[test]
fn s7_3_rare_ip_address_formats() {
    // "many implementations allow dotted forms of three numbers ... a
    // dotted form of two numbers ... a single number ... a leading 0x or
    // 0X implies hexadecimal; otherwise, a leading 0 implies octal ...
    // These additional IP address formats are not allowed in the URI
    // syntax". None is an IPv4address; as a host each one is still a
    // hostname (alphanumeric labels), so the URI is valid with
    // host_kind() == Hostname, never Ipv4Address.
    let why = "§7.3 rare IP address formats";
    // Where only an IPv4address may stand (ls32 of an IPv6reference),
    // they are errors.
    for host in ["10.0.258", "012.0.0.1", "0x0A.0.0.1"] {
        let s = format!("http://[::{host}]/");
        assert!(!UriRef::is_valid(s.as_bytes()), "{why}: {s}");
    }
}

#[test]
fn appendix_d_e_f_g_and_front_matter() {
    // Appendix E: the delimited examples.
    // Appendix F: "www.w3.org/Addressing/" has "the same syntax as a
    // relative URI path".
    let c = five(
        "www.w3.org/Addressing/",
        false,
        (None, None, "www.w3.org/Addressing/", None, None),
        "Appendix F",
    );
    assert_eq!(c.path_kind, PathKind::RelPath);
    // Appendix G.2: "an absolute-URI ... consist of nothing after the
    // "scheme:", as is present in practice with the "DAV:" namespace
    // [RFC2518] and the "about:" URI".
    for s in ["DAV:", "about:"] {
        let c = five(
            s,
            true,
            (Some(&s[..s.len() - 1]), None, "", None, None),
            "Appendix G.2",
        );
        assert_eq!(c.path_kind, PathKind::Empty);
    }
    // The URIs of the front matter and of the authors' addresses.
}

#[test]
fn hostile_inputs_are_errors_not_panics() {
    let why = "any bytes give a result, never a panic";
    let long_label = format!("//{}/", "a".repeat(100_000));
    reg_name(&long_label, &long_label[2..long_label.len() - 1], why);
    let long_path = format!("http://a/{}", "b/".repeat(100_000));
    assert!(UriRef::parse(&long_path).is_ok());
    for b in 0u8..=255 {
        for rule in [Ref, AbsRef, Abs, Rel] {
            let input = [b'a', b':', b, b'/', b, b'#', b];
            let _ = parse(rule, &input);
            let _ = parse(rule, &[b]);
        }
    }
}

// ---------------------------------------------------------------------------
// The grammar file against the draft's text

/// Collapses white space, for comparing a rule with the draft's reflowed
/// text.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every rule of the grammar file, right-hand side included, appears in
/// the draft's text once the file's comments and line breaks are removed,
/// up to the `|` -> `/` corrections of domainlabel and toplabel (README.md).
#[test]
fn grammar_file_matches_the_draft() {
    let root = env!("CARGO_MANIFEST_DIR");
    let spec = format!("{root}/../shared/specs/draft-fielding-uri-rfc2396bis-01.txt");
    let Ok(text) = std::fs::read_to_string(&spec) else {
        common::skip::note(format_args!(
            "SKIPPED: grammar_file_matches_the_draft: {spec} is absent"
        ));
        return;
    };
    let grammar = std::fs::read_to_string(format!(
        "{root}/grammar/draft-fielding-uri-rfc2396bis-01.abnf"
    ))
    .expect("the grammar file");
    let text = squash(&text);
    // The draft puts each comment inside the rule, after the "/" that ends
    // a line: drop them from both sides.
    let draft_no_comments = squash(
        &text
            .replace("; 0-9 ", "")
            .replace("; 10-99 ", "")
            .replace("; 100-199 ", "")
            .replace("; 200-249 ", "")
            .replace("; 250-255 ", "")
            .replace(" ; least-significant 32 bits of address", ""),
    );
    // Rules of the file: a line in column 1 starts one; indented lines
    // continue it; comments end at the line's end.
    let mut rules: Vec<String> = Vec::new();
    for line in grammar.lines() {
        let code = strip_comment(line);
        if code.trim().is_empty() {
            continue;
        }
        if line.starts_with(char::is_whitespace) {
            rules.last_mut().expect("a continued rule").push_str(code);
        } else {
            rules.push(code.to_owned());
        }
    }
    assert_eq!(rules.len(), 43, "the draft defines 43 rules in §2 to §5");
    for rule in &rules {
        let mine = squash(rule);
        // The two corrections: the draft writes `alphanum | "-"`.
        let theirs = mine.replace("( alphanum / \"-\" )", "( alphanum | \"-\" )");
        assert!(
            draft_no_comments.contains(&theirs),
            "rule not found verbatim in the draft: {mine}"
        );
    }
}

// ---------------------------------------------------------------------------
// The label limits against regex-automata's PikeVM

/// The generated tables count label lengths to tell a `server` from a
/// `reg-name`; the differential test's random inputs rarely reach 63
/// characters. Here regex-automata's PikeVM, built from the same grammar
/// file (leftmost-first, like our tables), checks acceptance and every
/// component span at the label-length boundaries, under every entry.
#[test]
fn label_limits_agree_with_the_pikevm() {
    use uridfa_codegen::{abnf, lower, oracle::Oracle};
    let root = env!("CARGO_MANIFEST_DIR");
    let path = format!("{root}/grammar/draft-fielding-uri-rfc2396bis-01.abnf");
    let g = abnf::load(path.as_ref()).expect("the grammar loads");
    let builtin = uridfa::grammar("draft-fielding-uri-rfc2396bis-01").expect("built in");
    let mut inputs = Vec::new();
    for n in [1, 2, 61, 62, 63, 64, 65] {
        let l = "a".repeat(n);
        let t = format!("b{}", "1".repeat(n - 1));
        for form in [
            format!("//{l}/"),
            format!("//x.{l}.y/"),
            format!("//x.{t}./"),
            format!("//{l}:80/"),
            format!("//u:p@{l}:8/x"),
            format!("//{l}-/"),
            format!("//-{l}/"),
            format!("//{l}_/"),
            format!("//[::{l}]/"),
        ] {
            inputs.push(form.clone());
            inputs.push(format!("s:{form}?q#f"));
        }
    }
    for host in [
        "1.2.3.4",
        "1.2.3.256",
        "[::1.2.3.255]",
        "[::1.2.3.256]",
        "01.1.1.1",
    ] {
        inputs.push(format!("//{host}/"));
        inputs.push(format!("s://u@{host}:1"));
    }
    let mut checked = 0;
    for (entry, span) in &g.entries {
        let lowered = lower::lower(&g, entry, *span).expect("lowers");
        let oracle = Oracle::new(&lowered).expect("oracle builds");
        let mut cache = oracle.cache();
        let t = builtin.entry(entry).expect("entry tables");
        for input in &inputs {
            let input = input.as_bytes();
            let mut regs = vec![0; t.reg_len as usize];
            let mut out = vec![None; t.capture_len()];
            let ours = uridfa::runtime::split_with(t, input, &mut regs, &mut out).map(|()| out);
            assert_eq!(
                ours.is_ok(),
                oracle.accepts(input),
                "{entry}: {:?}",
                String::from_utf8_lossy(input)
            );
            if let Ok(spans) = ours {
                assert_eq!(
                    Some(spans),
                    oracle.spans(&mut cache, input),
                    "{entry}: {:?}",
                    String::from_utf8_lossy(input)
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * inputs.len());
}
