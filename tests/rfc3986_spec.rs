//! Spec vectors: every example in the text of RFC 3986, typed in from the
//! section that gives it, with components as the RFC labels them.
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop).
//!
//! Expected values come from the RFC text (its figures and prose) or are
//! derived by hand from its ABNF (Appendix A); none is taken from uridfa's
//! own output. Error offsets follow `uridfa::Error::offset`'s contract: the
//! first byte that cannot continue any match of the rule, or the input's
//! length when the input stops short. Each derivation is spelled out next
//! to its vector.

use crate::common;

use common::{parse, Comps, Rule};
use uridfa::rfc3986::{AbsoluteUri, HostKind, Uri, UriRef};

// ---------------------------------------------------------------------------
// Helpers

/// Parses under `rule`, panicking with uridfa's message on failure.
#[track_caller]
fn ok(rule: Rule, input: &str) -> Comps {
    match parse(rule, input.as_bytes()) {
        Ok(c) => {
            assert!(common::is_valid(rule, input.as_bytes()));
            c
        }
        Err(e) => panic!("{input:?} should match {rule:?}: {e}"),
    }
}

/// The five components of §3 (`scheme`, `authority`, `path`, `query`,
/// `fragment`) of `input` under `rule`. Without an authority, its
/// subcomponents must be absent too.
#[track_caller]
fn split(
    rule: Rule,
    input: &str,
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> Comps {
    let c = ok(rule, input);
    assert_eq!(c.scheme.as_deref(), scheme, "scheme of {input:?}");
    assert_eq!(c.authority.as_deref(), authority, "authority of {input:?}");
    assert_eq!(c.path, path, "path of {input:?}");
    assert_eq!(c.query.as_deref(), query, "query of {input:?}");
    assert_eq!(c.fragment.as_deref(), fragment, "fragment of {input:?}");
    if authority.is_none() {
        assert_eq!(c.userinfo, None, "userinfo of {input:?}");
        assert_eq!(c.host, None, "host of {input:?}");
        assert_eq!(c.host_kind, None, "host kind of {input:?}");
        assert_eq!(c.port, None, "port of {input:?}");
    }
    c
}

/// `input` does not match `rule`; the error is at `offset`.
#[track_caller]
fn err(rule: Rule, input: &str, offset: usize) -> uridfa::Error {
    let e = match parse(rule, input.as_bytes()) {
        Ok(c) => panic!("{input:?} should not match {rule:?}, got {c:?}"),
        Err(e) => e,
    };
    assert!(!common::is_valid(rule, input.as_bytes()));
    assert_eq!(
        e.offset(),
        offset,
        "offset for {input:?} under {rule:?}: {e}"
    );
    e
}

use Rule::{AbsoluteUri as Abs, RelativeRef as Rel, Uri as U, UriRef as Ref};

// ---------------------------------------------------------------------------
// §1.1.2 Examples

#[test]
fn s1_1_2_examples() {
    assert_eq!(
        Uri::parse("telnet://192.0.2.16:80/").unwrap().port_u16(),
        Some(80)
    );
}

// §1.1 mentions "http://localhost/" and "file:///etc/hosts".
#[test]
fn s1_1_localhost_and_file() {
    let c = split(
        Ref,
        "file:///etc/hosts",
        Some("file"),
        Some(""),
        "/etc/hosts",
        None,
        None,
    );
    // An empty authority: `host = reg-name` with `reg-name = *( ... )`
    // matching zero characters (§3.2.2: "no authority, an empty host, and
    // 'localhost' all mean the end-user's machine" for "file").
    assert_eq!(c.host.as_deref(), Some(""));
    assert_eq!(c.host_kind, Some(HostKind::RegName));
    assert_eq!(c.userinfo, None);
    assert_eq!(c.port, None);
}

// ---------------------------------------------------------------------------
// §3 Syntax Components: the figure's two example URIs.

#[test]
fn s3_component_figure() {
    let u = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose").unwrap();
    assert_eq!(u.port_u16(), Some(8042));
    assert_eq!(
        u.as_str(),
        "foo://example.com:8042/over/there?name=ferret#nose"
    );
    // Not an absolute-URI (§4.3): the fragment is not allowed. The "#" is
    // at offset 45 and nothing in `query` or the end may be "#".
    let e = err(
        Abs,
        "foo://example.com:8042/over/there?name=ferret#nose",
        45,
    );
    assert_eq!(e.component(), Some("query"));
}

// §3 "When authority is present, the path must either be empty or begin
// with a slash" / "When authority is not present, the path cannot begin
// with two slash characters".
#[test]
fn s3_path_and_authority_constraints() {
    // "//" always introduces an authority, so a path never starts "//"
    // without one: in "x:////a" the authority is empty and the path "//a".
    let c = split(Ref, "x:////a", Some("x"), Some(""), "//a", None, None);
    assert_eq!(c.host.as_deref(), Some(""));
}

// ---------------------------------------------------------------------------
// §3.1 Scheme

#[test]
fn s3_1_scheme() {
    // A space in the scheme: "ht" is a scheme prefix (URI) or a
    // segment-nz-nc prefix (relative-ref); " " at 2 continues neither.
    let e = err(U, "ht tp://a", 2);
    assert_eq!(e.component(), Some("scheme"));
}

// ---------------------------------------------------------------------------
// §3.2 Authority, §3.2.1 User Information

// ---------------------------------------------------------------------------
// §3.2.2 Host

#[test]
fn s3_2_2_ip_literal_errors() {
    // Unclosed: after "[::1" more hex, ":", "." or "]" may follow; the
    // input ends at 11.
    let e = err(Ref, "http://[::1", 11);
    assert!(e.to_string().contains("end of input"), "{e}");
    // The end falls inside the IP-literal of `host`.
    assert!(matches!(e.component(), Some("host" | "IPv6address")), "{e}");
}

// ---------------------------------------------------------------------------
// §3.2.3 Port

#[test]
fn s3_2_3_port() {
    // port = *DIGIT
    let u = Uri::parse("http://example.com:80/").unwrap();
    assert_eq!((u.port(), u.port_u16()), (Some("80"), Some(80)));
    // Empty port: present but empty ("should omit the ":" delimiter ... if
    // the port component is empty" -- so it can be empty).
    let u = Uri::parse("http://example.com:/").unwrap();
    assert_eq!((u.port(), u.port_u16()), (Some(""), None));
    let u = Uri::parse("http://example.com/").unwrap();
    assert_eq!((u.port(), u.port_u16()), (None, None));
    // *DIGIT has no bound: 65536 is syntactically a port, not a u16.
    let u = UriRef::parse("//h:65536").unwrap();
    assert_eq!((u.port(), u.port_u16()), (Some("65536"), None));
    let u = UriRef::parse("//h:0080").unwrap();
    assert_eq!((u.port(), u.port_u16()), (Some("0080"), Some(80)));
    let u = UriRef::parse("//:999999999").unwrap();
    assert_eq!((u.host(), u.port()), (Some(""), Some("999999999")));
}

#[test]
fn s3_2_3_port_errors() {
    // "http://a:b/": "b" is not a DIGIT, so host "a" with a port is dead
    // at 9. But `authority = [ userinfo "@" ] host ...` and userinfo
    // allows ":" and letters, so "a:b" is still a userinfo prefix; the
    // "/" at 10 is neither userinfo nor "@".
    let e = err(Ref, "http://a:b/", 10);
    // Only the userinfo reading is alive at 10; userinfo is inside the
    // authority, so either name is true.
    assert!(
        matches!(e.component(), Some("userinfo" | "authority")),
        "{e}"
    );
}

// ---------------------------------------------------------------------------
// §3.3 Path

#[test]
fn s3_3_path_examples() {
    // "A path is always defined for a URI, though the defined path may be
    // empty": `path()` is "" (never absent) for path-empty / path-abempty.
    assert_eq!(UriRef::parse("").unwrap().path(), "");
    assert_eq!(UriRef::parse("x:").unwrap().path(), "");
    assert_eq!(UriRef::parse("//a").unwrap().path(), "");
}

#[test]
fn s3_3_path_rules() {
    // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    // Not pchar: space, "[", "]", "\", "^", '"', "<", ">", "{", "}", "|",
    // "`", controls, DEL and non-ASCII bytes.
    for b in [
        b' ', b'[', b']', b'\\', b'^', b'"', b'<', b'>', b'{', b'}', b'|', b'`', 0, b'\t', 0x7f,
        0x80, 0xff,
    ] {
        let mut s = b"/a".to_vec();
        s.push(b);
        let e = UriRef::parse_bytes(&s).unwrap_err();
        assert_eq!(e.offset(), 2, "byte {b:#x}");
        assert!(!UriRef::is_valid(&s));
    }
    // A UTF-8 character is an error at its first byte.
    assert_eq!(UriRef::parse("http://a/é").unwrap_err().offset(), 9);
}

#[test]
fn s3_3_path_errors_with_messages() {
    // After "b", path-abempty's segment may continue with pchar, or the
    // path may end with "/" (next segment), "?" (query), "#" (fragment) or
    // the end of input: exactly the expected set.
    let e = err(Ref, "http://a/b c", 10);
    assert_eq!(e.component(), Some("path"));
    assert_eq!(
        e.to_string(),
        r##"unexpected ' ' at 10 in path; expected pchar, "#", "/", "?" or end of input"##
    );
    // Same in a relative-path reference (relative-ref only: under
    // URI-reference "a" could still be a scheme).
    let e = err(Rel, "a b", 1);
    assert_eq!(e.component(), Some("path"));
    // §4.2: "A path segment that contains a colon character (e.g.,
    // "this:that") cannot be used as the first segment of a relative-path
    // reference".
    let e = err(Rel, "this:that", 4);
    assert_eq!(e.component(), Some("path"));
    assert!(
        e.to_string().starts_with("unexpected ':' at 4 in path"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------
// §2.1 Percent-Encoding (pct-encoded = "%" HEXDIG HEXDIG)

// ---------------------------------------------------------------------------
// §3.4 Query, §3.5 Fragment

#[test]
fn s3_4_query_s3_5_fragment() {
    // fragment = *( pchar / "/" / "?" ): no second "#".
    let e = err(Ref, "http://a?b#c#d", 12);
    assert_eq!(e.component(), Some("fragment"));
    // Nor "[" in a query.
    let e = err(Ref, "http://a?b[", 10);
    assert_eq!(e.component(), Some("query"));
}

// ---------------------------------------------------------------------------
// §4 Usage

#[test]
fn s4_3_absolute_uri() {
    // "#" cannot continue a query or a path-abempty in absolute-URI.
    let e = err(Abs, "http://a/b#frag", 10);
    assert_eq!(e.rule(), "absolute-URI");
    assert!(AbsoluteUri::parse("http://a/b/c/d;p?q").is_ok());
    assert!(AbsoluteUri::parse("http://a/b#").is_err());
}

// ---------------------------------------------------------------------------
// §5.4 Reference Resolution Examples

#[test]
fn s5_4_base_uri() {
    // "Within a representation with a well defined base URI of
    //     http://a/b/c/d;p?q"
    let b = AbsoluteUri::parse("http://a/b/c/d;p?q").unwrap();
    assert_eq!(b.scheme(), "http");
    assert_eq!(b.authority(), Some("a"));
    assert_eq!(b.host(), Some("a"));
    assert_eq!(b.host_kind(), Some(HostKind::RegName));
    assert_eq!(b.path(), "/b/c/d;p");
    assert_eq!(b.query(), Some("q"));
    // No `fragment()`: an `absolute-URI` never has one (`Presence::Never`).
}

// §5.4.1 and §5.4.2: the example references (each split by hand from the
// ABNF, checked under exactly the entry rules that accept it) and the
// §5.4.1 results are rows of tests/data/parse.jsonl, run by
// tests/parse_spec.rs; their resolution is in tests/data/resolve.jsonl.

#[test]
fn s5_4_uri_rejects_relative_references() {
    // URI needs `scheme ":"`: "." at 0 is not ALPHA.
    let e = err(U, "../g", 0);
    assert_eq!(e.component(), Some("scheme"));
    assert_eq!(e.rule(), "URI");
}

// ---------------------------------------------------------------------------
// §6.2 Comparison Ladder

#[test]
fn s6_2_2_syntax_based_normalization_inputs() {
    // §6.2.2.1: <HTTP://www.EXAMPLE.com/> is equivalent to
    // <http://www.example.com/>; both are URIs, case kept.
    let c = split(
        U,
        "HTTP://www.EXAMPLE.com/",
        Some("HTTP"),
        Some("www.EXAMPLE.com"),
        "/",
        None,
        None,
    );
    assert_eq!(c.host.as_deref(), Some("www.EXAMPLE.com"));
}

// §C Delimiting a URI in Context: the examples in Appendix C.
#[test]
fn appendix_c_examples() {
    for s in [
        "http://www.w3.org/Addressing/",
        "ftp://foo.example.com/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
        "http://www.ics.uci.edu/pub/ietf/uri/#Related",
    ] {
        assert!(Uri::parse(s).is_ok(), "{s}");
    }
}

// ---------------------------------------------------------------------------
// Typed views agree with each other.

#[test]
fn views_agree_on_shared_language() {
    for s in ["http://a/b/c/d;p?q", "urn:x", "s://[::1]:1/p?q"] {
        let a = ok(Ref, s);
        assert_eq!(ok(U, s), a);
        assert_eq!(ok(Abs, s), a);
    }
    for s in ["//a/b?q#f", "../g", "", "#f"] {
        let a = ok(Ref, s);
        assert_eq!(ok(Rel, s), a);
    }
    // The same error value from `parse` and `parse_bytes`.
    assert_eq!(
        UriRef::parse("http://a/b c").unwrap_err(),
        UriRef::parse_bytes(b"http://a/b c").unwrap_err()
    );
}

#[test]
fn s3_2_3_port_error_message() {
    // After "@" only `host [ ":" port ]` is alive, and after ":" only
    // `port = *DIGIT` followed by the end of the authority: "/", "?", "#"
    // or the end of input. The byte at 26 is read as part of the port, and
    // nothing about it is a dec-octet (IPv4address is not alive here).
    let e = err(Ref, "http://user@example.com:80ab", 26);
    assert_eq!(e.component(), Some("port"), "{e}");
    assert!(!e.to_string().contains("dec-octet"), "{e}");
    let e = err(Ref, "//u@h:8a", 7);
    assert_eq!(e.component(), Some("port"), "{e}");
    assert!(!e.to_string().contains("dec-octet"), "{e}");
}
