//! Spec vectors: every example in the text of RFC 3986, typed in from the
//! section that gives it, with components as the RFC labels them.
//!
//! Expected values come from the RFC text (its figures and prose) or are
//! derived by hand from its ABNF (Appendix A); none is taken from uridfa's
//! own output. Error offsets follow `uridfa::Error::offset`'s contract: the
//! first byte that cannot continue any match of the rule, or the input's
//! length when the input stops short. Each derivation is spelled out next
//! to its vector.

mod common;

use common::{parse, Comps, Rule};
use uridfa::rfc3986::{AbsoluteUri, HostKind, RelativeRef, Uri, UriRef};

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

/// The subcomponents of `authority` (§3.2).
#[track_caller]
fn authority(
    rule: Rule,
    input: &str,
    userinfo: Option<&str>,
    host: &str,
    kind: HostKind,
    port: Option<&str>,
) {
    let c = ok(rule, input);
    assert_eq!(c.userinfo.as_deref(), userinfo, "userinfo of {input:?}");
    assert_eq!(c.host.as_deref(), Some(host), "host of {input:?}");
    assert_eq!(c.host_kind, Some(kind), "host kind of {input:?}");
    assert_eq!(c.port.as_deref(), port, "port of {input:?}");
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
    for rule in [Ref, U, Abs] {
        let s = "ftp://ftp.is.co.za/rfc/rfc1808.txt";
        split(
            rule,
            s,
            Some("ftp"),
            Some("ftp.is.co.za"),
            "/rfc/rfc1808.txt",
            None,
            None,
        );
        authority(rule, s, None, "ftp.is.co.za", HostKind::RegName, None);

        let s = "http://www.ietf.org/rfc/rfc2396.txt";
        split(
            rule,
            s,
            Some("http"),
            Some("www.ietf.org"),
            "/rfc/rfc2396.txt",
            None,
            None,
        );
        authority(rule, s, None, "www.ietf.org", HostKind::RegName, None);

        let s = "ldap://[2001:db8::7]/c=GB?objectClass?one";
        split(
            rule,
            s,
            Some("ldap"),
            Some("[2001:db8::7]"),
            "/c=GB",
            Some("objectClass?one"),
            None,
        );
        authority(rule, s, None, "[2001:db8::7]", HostKind::Ipv6, None);

        let s = "mailto:John.Doe@example.com";
        split(
            rule,
            s,
            Some("mailto"),
            None,
            "John.Doe@example.com",
            None,
            None,
        );

        let s = "news:comp.infosystems.www.servers.unix";
        split(
            rule,
            s,
            Some("news"),
            None,
            "comp.infosystems.www.servers.unix",
            None,
            None,
        );

        let s = "tel:+1-816-555-1212";
        split(rule, s, Some("tel"), None, "+1-816-555-1212", None, None);

        let s = "telnet://192.0.2.16:80/";
        split(
            rule,
            s,
            Some("telnet"),
            Some("192.0.2.16:80"),
            "/",
            None,
            None,
        );
        authority(rule, s, None, "192.0.2.16", HostKind::Ipv4, Some("80"));

        let s = "urn:oasis:names:specification:docbook:dtd:xml:4.1.2";
        split(
            rule,
            s,
            Some("urn"),
            None,
            "oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
            None,
        );
    }
    assert_eq!(
        Uri::parse("telnet://192.0.2.16:80/").unwrap().port_u16(),
        Some(80)
    );
    // None of them is a relative-ref: each starts with `scheme ":"`, and a
    // `path-noscheme` first segment cannot hold the ":" (§4.2).
    for (s, colon) in [
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", 3),
        ("tel:+1-816-555-1212", 3),
    ] {
        err(Rel, s, colon);
    }
}

// §1.1 mentions "http://localhost/" and "file:///etc/hosts".
#[test]
fn s1_1_localhost_and_file() {
    split(
        Ref,
        "http://localhost/",
        Some("http"),
        Some("localhost"),
        "/",
        None,
        None,
    );
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
    // foo://example.com:8042/over/there?name=ferret#nose
    // \_/   \______________/\_________/ \_________/ \__/
    // scheme     authority       path        query   fragment
    for rule in [Ref, U] {
        let s = "foo://example.com:8042/over/there?name=ferret#nose";
        split(
            rule,
            s,
            Some("foo"),
            Some("example.com:8042"),
            "/over/there",
            Some("name=ferret"),
            Some("nose"),
        );
        authority(
            rule,
            s,
            None,
            "example.com",
            HostKind::RegName,
            Some("8042"),
        );
    }
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

    //   urn:example:animal:ferret:nose
    //   scheme = "urn", path = "example:animal:ferret:nose"
    for rule in [Ref, U, Abs] {
        split(
            rule,
            "urn:example:animal:ferret:nose",
            Some("urn"),
            None,
            "example:animal:ferret:nose",
            None,
            None,
        );
    }
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
    split(Ref, "x:/.//a", Some("x"), None, "/.//a", None, None);
    // With an authority, a path-abempty that is empty lets "?" or "#"
    // follow the authority directly.
    split(Ref, "x://a?b", Some("x"), Some("a"), "", Some("b"), None);
    split(Ref, "x://a#b", Some("x"), Some("a"), "", None, Some("b"));
}

// ---------------------------------------------------------------------------
// §3.1 Scheme

#[test]
fn s3_1_scheme() {
    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
    split(U, "a+b-c.d1:x", Some("a+b-c.d1"), None, "x", None, None);
    split(U, "HTTP:x", Some("HTTP"), None, "x", None, None);
    // A scheme must start with a letter.
    err(U, "1a:x", 0);
    err(U, "+a:x", 0);
    // Empty scheme: ":" at 0 is neither ALPHA (URI) nor the start of a
    // relative-part (path-noscheme's first segment has no ":").
    err(U, ":x", 0);
    err(Ref, ":x", 0);
    // A space in the scheme: "ht" is a scheme prefix (URI) or a
    // segment-nz-nc prefix (relative-ref); " " at 2 continues neither.
    let e = err(U, "ht tp://a", 2);
    assert_eq!(e.component(), Some("scheme"));
    err(Ref, "ht tp://a", 2);
    err(Abs, "ht tp://a", 2);
    // No ":" at all: URI needs `scheme ":"`; the input ends at 3.
    err(U, "abc", 3);
    split(Ref, "abc", None, None, "abc", None, None);
    // "exam=ple:foo": "=" cannot be in a scheme (URI dies at 4) but is a
    // sub-delim in segment-nz-nc; the ":" at 8 kills relative-ref too.
    err(U, "exam=ple:foo", 4);
    err(Ref, "exam=ple:foo", 8);
    // A percent-encoded scheme: "%" is not in scheme; "a%20" is a
    // segment-nz-nc, then ":" at 4.
    err(U, "a%20:foo", 1);
    err(Ref, "a%20:foo", 4);
}

// ---------------------------------------------------------------------------
// §3.2 Authority, §3.2.1 User Information

#[test]
fn s3_2_authority_delimiters() {
    // "terminated by the next slash ("/"), question mark ("?"), or number
    // sign ("#") character, or by the end of the URI."
    for (s, auth, path, q, f) in [
        ("s://h", "h", "", None, None),
        ("s://h/p", "h", "/p", None, None),
        ("s://h?q", "h", "", Some("q"), None),
        ("s://h#f", "h", "", None, Some("f")),
        ("s://u@h:1/p?q#f", "u@h:1", "/p", Some("q"), Some("f")),
    ] {
        split(Ref, s, Some("s"), Some(auth), path, q, f);
    }
}

#[test]
fn s3_2_1_userinfo() {
    // userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
    authority(
        Ref,
        "http://user:password@host/",
        Some("user:password"),
        "host",
        HostKind::RegName,
        None,
    );
    authority(
        Ref,
        "http://@host/",
        Some(""),
        "host",
        HostKind::RegName,
        None,
    );
    authority(
        Ref,
        "http://a:b:c%41!$&'()*+,;=-._~@h",
        Some("a:b:c%41!$&'()*+,;=-._~"),
        "h",
        HostKind::RegName,
        None,
    );
    authority(Ref, "http://host/", None, "host", HostKind::RegName, None);
    // "@" is not in userinfo or host: after "a@", host "b", a second "@"
    // at 10 continues nothing.
    err(Ref, "http://a@b@c", 10);
    // "/" is not in userinfo: in "http://a/b@c" the authority ends at "/".
    split(
        Ref,
        "http://a/b@c",
        Some("http"),
        Some("a"),
        "/b@c",
        None,
        None,
    );
}

// §7.6 Semantic Attacks: the misleading userinfo example.
#[test]
fn s7_6_semantic_attack_example() {
    let s = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    split(
        U,
        s,
        Some("ftp"),
        Some("cnn.example.com&story=breaking_news@10.0.0.1"),
        "/top_story.htm",
        None,
        None,
    );
    // "whereas it is actually '10.0.0.1'"
    authority(
        U,
        s,
        Some("cnn.example.com&story=breaking_news"),
        "10.0.0.1",
        HostKind::Ipv4,
        None,
    );
}

// ---------------------------------------------------------------------------
// §3.2.2 Host

#[test]
fn s3_2_2_ipv4_or_reg_name() {
    // "If host matches the rule for IPv4address, then it should be
    // considered an IPv4 address literal and not a reg-name."
    for h in [
        "192.0.2.16",
        "0.0.0.0",
        "255.255.255.255",
        "10.0.0.1",
        "1.22.199.249",
    ] {
        authority(Ref, &format!("//{h}"), None, h, HostKind::Ipv4, None);
        authority(
            Ref,
            &format!("http://{h}:8/"),
            None,
            h,
            HostKind::Ipv4,
            Some("8"),
        );
    }
    // Not IPv4address, so reg-name: out of range dec-octet, leading zero
    // ("only the dotted-decimal form of four octets is allowed", and
    // dec-octet has no leading zeros), too few or too many octets, a
    // trailing dot, the §7.4 "rare" forms.
    for h in [
        "192.168.0.300",
        "256.0.0.1",
        "01.2.3.4",
        "1.2.3.04",
        "1.2.3",
        "1.2.3.4.5",
        "1.2.3.4.",
        "127.1",
        "0x7f.0.0.1",
        "2130706433",
        "1.2.3.4a",
        "",
        "example.com",
    ] {
        authority(Ref, &format!("//{h}"), None, h, HostKind::RegName, None);
    }
    authority(
        Ref,
        "http://192.168.0.300/",
        None,
        "192.168.0.300",
        HostKind::RegName,
        None,
    );
    // pct-encoded and sub-delims in reg-name.
    authority(
        Ref,
        "//a%2Eb!$&'()*+,;=-._~",
        None,
        "a%2Eb!$&'()*+,;=-._~",
        HostKind::RegName,
        None,
    );
}

#[test]
fn s3_2_2_ip_literals() {
    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
    // One of each IPv6address alternative, in ABNF order.
    for h in [
        "1:2:3:4:5:6:7:8",     //                            6( h16 ":" ) ls32
        "1:2:3:4:5:6:1.2.3.4", //                            6( h16 ":" ) ls32 (IPv4)
        "::2:3:4:5:6:7:8",     //                       "::" 5( h16 ":" ) ls32
        "1::3:4:5:6:7:8",      // [               h16 ] "::" 4( h16 ":" ) ls32
        "::3:4:5:6:7:8",       //                       "::" 4( h16 ":" ) ls32
        "1:2::4:5:6:7:8",      // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        "1:2:3::5:6:7:8",      // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        "1:2:3:4::6:7:8",      // [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
        "1:2:3:4:5::7:8",      // [ *4( h16 ":" ) h16 ] "::"              ls32
        "1:2:3:4:5::1.2.3.4",  // [ *4( h16 ":" ) h16 ] "::"              ls32 (IPv4)
        "1:2:3:4:5:6::8",      // [ *5( h16 ":" ) h16 ] "::"              h16
        "1:2:3:4:5:6:7::",     // [ *6( h16 ":" ) h16 ] "::"
        "::",
        "::1",
        "2001:db8::7",
        "::ffff:192.0.2.1",
        "ABCD:ef01::0000",
    ] {
        let lit = format!("[{h}]");
        authority(Ref, &format!("//{lit}"), None, &lit, HostKind::Ipv6, None);
        authority(
            Ref,
            &format!("http://{lit}:80/x"),
            None,
            &lit,
            HostKind::Ipv6,
            Some("80"),
        );
    }
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" );
    // "v" is a quoted string, so case-insensitive (RFC 5234 §2.3), and the
    // RFC says "starts with "v" (case-insensitive)".
    for h in ["[v7.abc]", "[V7.abc]", "[vFe.foo:bar!]", "[v1a2.::]"] {
        authority(Ref, &format!("//{h}"), None, h, HostKind::IpvFuture, None);
    }
}

#[test]
fn s3_2_2_ip_literal_errors() {
    // Unclosed: after "[::1" more hex, ":", "." or "]" may follow; the
    // input ends at 11.
    let e = err(Ref, "http://[::1", 11);
    assert!(e.to_string().contains("end of input"), "{e}");
    // The end falls inside the IP-literal of `host`.
    assert!(matches!(e.component(), Some("host" | "IPv6address")), "{e}");
    // "Not port after IP literal": after "]" only ":", "/", "?", "#", end.
    err(Ref, "https://[::1]wrong", 13);
    // Brackets only around IPv6address / IPvFuture; an IPv4 literal in
    // brackets fails at the first "." (after "1", only HEXDIG or ":").
    err(Ref, "http://[1.2.3.4]/", 9);
    // Empty literal.
    err(Ref, "http://[]", 8);
    // IPvFuture: non-hex version, empty version, empty address, pct-encoded
    // address (not in `unreserved / sub-delims / ":"`).
    err(Ref, "http://[vG.addr]", 9);
    err(Ref, "http://[v.addr]", 9);
    err(Ref, "ftp://[vF.]", 10);
    err(Ref, "ftp://[vF.%20]", 10);
    // RFC 3986 has no zone identifier (RFC 6874 came later): "%" at 15.
    err(Ref, "http://[fe80::1%25eth0]/", 15);
    // Two "::": after "44:55::66:" an h16 must follow; ":" at 21.
    err(Ref, "example://[44:55::66::77]", 21);
    // Nine groups: after eight h16 only "]" may follow.
    err(Ref, "//[1:2:3:4:5:6:7:8:9]", 18);
    // "01" is an h16 but not a dec-octet, so "." at 7 cannot follow it.
    err(Ref, "//[::01.1.1.1]", 7);
    // A dec-octet above 255 in ls32: "::1.2.3.25" may still continue with
    // "0"-"5"; "6" at 13 cannot.
    err(Ref, "//[::1.2.3.256]", 13);
    // "[" and "]" appear nowhere else: "This is the only place where square
    // bracket characters are allowed in the URI syntax."
    err(Ref, "http://a/b]", 10);
    err(Ref, "http://a/?[", 10);
    err(Ref, "[::1]", 0);
    err(Ref, "http://a[::1]/", 8);
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
    err(U, "http://a:b/", 10);
    // Same reading, without a "/": the input ends while still a userinfo
    // prefix, so the error is at the end (14).
    err(Ref, "http://a:8080a", 14);
    err(Ref, "http://example.com:80ab", 23);
    err(Ref, "http://user:pass:example.com/", 28);
    // After an "@" no second userinfo can start: the port is committed and
    // "a" at 26 is not a DIGIT.
    err(Ref, "http://user@example.com:80ab", 26);
    // After an IP literal, likewise: "[::1]:8a" fails at "a".
    err(Ref, "http://[::1]:8a", 14);
}

// ---------------------------------------------------------------------------
// §3.3 Path

#[test]
fn s3_3_path_examples() {
    // "the URI <mailto:fred@example.com> has a path of "fred@example.com",
    // whereas the URI <foo://info.example.com?fred> has an empty path."
    split(
        U,
        "mailto:fred@example.com",
        Some("mailto"),
        None,
        "fred@example.com",
        None,
        None,
    );
    split(
        U,
        "foo://info.example.com?fred",
        Some("foo"),
        Some("info.example.com"),
        "",
        Some("fred"),
        None,
    );
    // "A path is always defined for a URI, though the defined path may be
    // empty": `path()` is "" (never absent) for path-empty / path-abempty.
    assert_eq!(UriRef::parse("").unwrap().path(), "");
    assert_eq!(UriRef::parse("x:").unwrap().path(), "");
    assert_eq!(UriRef::parse("//a").unwrap().path(), "");
}

#[test]
fn s3_3_path_rules() {
    // path-abempty, path-absolute, path-noscheme, path-rootless, path-empty
    split(Ref, "//a/b//c/", None, Some("a"), "/b//c/", None, None);
    split(Ref, "/a//b", None, None, "/a//b", None, None);
    split(Ref, "/", None, None, "/", None, None);
    split(Ref, "a/b:c", None, None, "a/b:c", None, None);
    split(Ref, "x:a:b//c", Some("x"), None, "a:b//c", None, None);
    split(Ref, "x:", Some("x"), None, "", None, None);
    // pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
    let p = "/-._~%41!$&'()*+,;=:@";
    split(Ref, p, None, None, p, None, None);
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

#[test]
fn s2_1_percent_encoding() {
    split(Ref, "%41%2f%2F", None, None, "%41%2f%2F", None, None);
    split(Ref, "?%aB#%Cd", None, None, "", Some("%aB"), Some("%Cd"));
    // "%zz": "z" at 1 is not HEXDIG.
    err(Ref, "%zz", 1);
    err(Ref, "foo%xxd", 4);
    // A lone or short "%": the input ends inside pct-encoded.
    err(Ref, "%", 1);
    err(Ref, "text%a", 6);
    err(Ref, "http://a/%2", 11);
    err(Ref, "http://a/%G1", 10);
    err(Ref, "http://%4g/", 9);
    err(Ref, "http://a?%", 10);
    err(Ref, "#%%", 2);
}

// ---------------------------------------------------------------------------
// §3.4 Query, §3.5 Fragment

#[test]
fn s3_4_query_s3_5_fragment() {
    // query = *( pchar / "/" / "?" ); the query ends at "#".
    split(
        Ref,
        "http://a/b?x/y?z",
        Some("http"),
        Some("a"),
        "/b",
        Some("x/y?z"),
        None,
    );
    split(
        Ref,
        "http://a/b?x#y/z?",
        Some("http"),
        Some("a"),
        "/b",
        Some("x"),
        Some("y/z?"),
    );
    // Absent and empty are different (§5.2 depends on it; §6.2.3: "the URI
    // "http://example.com/?" cannot be assumed to be equivalent").
    split(
        Ref,
        "http://a?",
        Some("http"),
        Some("a"),
        "",
        Some(""),
        None,
    );
    split(Ref, "http://a", Some("http"), Some("a"), "", None, None);
    split(
        Ref,
        "http://a#",
        Some("http"),
        Some("a"),
        "",
        None,
        Some(""),
    );
    split(
        Ref,
        "http://a?#",
        Some("http"),
        Some("a"),
        "",
        Some(""),
        Some(""),
    );
    split(Ref, "?", None, None, "", Some(""), None);
    split(Ref, "#", None, None, "", None, Some(""));
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
fn s4_1_uri_reference() {
    // "If the URI-reference's prefix does not match the syntax of a scheme
    // followed by its colon separator, then the URI-reference is a
    // relative reference."
    split(Ref, "http:g", Some("http"), None, "g", None, None);
    split(Ref, "./this:that", None, None, "./this:that", None, None);
    // "this:that" is therefore a URI with scheme "this".
    split(Ref, "this:that", Some("this"), None, "that", None, None);
}

#[test]
fn s4_2_relative_reference() {
    // network-path, absolute-path and relative-path references
    split(Rel, "//g/x", None, Some("g"), "/x", None, None);
    split(Rel, "/g/x", None, None, "/g/x", None, None);
    split(Rel, "g/x", None, None, "g/x", None, None);
    split(Rel, "./this:that", None, None, "./this:that", None, None);
    split(Rel, "", None, None, "", None, None);
    // A relative-ref has no scheme: "g:h" fails at its ":".
    err(Rel, "g:h", 1);
    err(Rel, "http://a", 4);
}

#[test]
fn s4_3_absolute_uri() {
    // absolute-URI = scheme ":" hier-part [ "?" query ] -- no fragment.
    split(
        Abs,
        "http://a/b/c/d;p?q",
        Some("http"),
        Some("a"),
        "/b/c/d;p",
        Some("q"),
        None,
    );
    // "#" cannot continue a query or a path-abempty in absolute-URI.
    let e = err(Abs, "http://a/b#frag", 10);
    assert_eq!(e.rule(), "absolute-URI");
    // "#frag" has no scheme: "#" is not ALPHA.
    err(Abs, "#frag", 0);
    err(Abs, "http://a/b?q#", 12);
    assert!(AbsoluteUri::parse("http://a/b/c/d;p?q").is_ok());
    assert!(AbsoluteUri::parse("http://a/b#").is_err());
}

#[test]
fn s4_4_same_document_references() {
    // "relative references that are empty or include only the number sign
    // ("#") separator followed by a fragment identifier"
    split(Ref, "", None, None, "", None, None);
    split(Ref, "#frag", None, None, "", None, Some("frag"));
}

#[test]
fn s4_5_suffix_reference() {
    // "As a URI suffix has the same syntax as a relative-path reference"
    split(
        Ref,
        "www.w3.org/Addressing/",
        None,
        None,
        "www.w3.org/Addressing/",
        None,
        None,
    );
    split(
        Rel,
        "www.w3.org/Addressing/",
        None,
        None,
        "www.w3.org/Addressing/",
        None,
        None,
    );
    // ... and "www.w3.org:80/x" is read as a URI whose scheme is
    // "www.w3.org" (scheme allows "."), which is why suffixes "are often
    // incorrect when used out of context".
    split(
        Ref,
        "www.w3.org:80/x",
        Some("www.w3.org"),
        None,
        "80/x",
        None,
        None,
    );
}

// ---------------------------------------------------------------------------
// §5.4 Reference Resolution Examples

#[test]
fn s5_4_base_uri() {
    // "Within a representation with a well defined base URI of
    //     http://a/b/c/d;p?q"
    let b = AbsoluteUri::parse("http://a/b/c/d;p?q").unwrap();
    assert_eq!(b.scheme(), Some("http"));
    assert_eq!(b.authority(), Some("a"));
    assert_eq!(b.host(), Some("a"));
    assert_eq!(b.host_kind(), Some(HostKind::RegName));
    assert_eq!(b.path(), "/b/c/d;p");
    assert_eq!(b.query(), Some("q"));
    assert_eq!(b.fragment(), None);
    split(
        U,
        "http://a/b/c/d;p?q",
        Some("http"),
        Some("a"),
        "/b/c/d;p",
        Some("q"),
        None,
    );
}

/// (reference, scheme, authority, path, query, fragment), by hand from
/// the ABNF.
type Split = (
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
);

#[test]
fn s5_4_1_normal_examples() {
    const CASES: &[Split] = &[
        ("g:h", Some("g"), None, "h", None, None),
        ("g", None, None, "g", None, None),
        ("./g", None, None, "./g", None, None),
        ("g/", None, None, "g/", None, None),
        ("/g", None, None, "/g", None, None),
        ("//g", None, Some("g"), "", None, None),
        ("?y", None, None, "", Some("y"), None),
        ("g?y", None, None, "g", Some("y"), None),
        ("#s", None, None, "", None, Some("s")),
        ("g#s", None, None, "g", None, Some("s")),
        ("g?y#s", None, None, "g", Some("y"), Some("s")),
        (";x", None, None, ";x", None, None),
        ("g;x", None, None, "g;x", None, None),
        ("g;x?y#s", None, None, "g;x", Some("y"), Some("s")),
        ("", None, None, "", None, None),
        (".", None, None, ".", None, None),
        ("./", None, None, "./", None, None),
        ("..", None, None, "..", None, None),
        ("../", None, None, "../", None, None),
        ("../g", None, None, "../g", None, None),
        ("../..", None, None, "../..", None, None),
        ("../../", None, None, "../../", None, None),
        ("../../g", None, None, "../../g", None, None),
    ];
    run_5_4(CASES);
    // "//g": host "g", a reg-name.
    authority(Ref, "//g", None, "g", HostKind::RegName, None);
    // The results (right-hand side) are URIs too.
    for r in [
        "http://a/b/c/g",
        "http://a/b/c/g/",
        "http://a/g",
        "http://g",
        "http://a/b/c/d;p?y",
        "http://a/b/c/g?y",
        "http://a/b/c/d;p?q#s",
        "http://a/b/c/g#s",
        "http://a/b/c/g?y#s",
        "http://a/b/c/;x",
        "http://a/b/c/g;x",
        "http://a/b/c/g;x?y#s",
        "http://a/b/c/d;p?q",
        "http://a/b/c/",
        "http://a/b/",
        "http://a/b/g",
        "http://a/",
    ] {
        assert!(Uri::parse(r).is_ok(), "{r}");
    }
}

#[test]
fn s5_4_2_abnormal_examples() {
    const CASES: &[Split] = &[
        ("../../../g", None, None, "../../../g", None, None),
        ("../../../../g", None, None, "../../../../g", None, None),
        ("/./g", None, None, "/./g", None, None),
        ("/../g", None, None, "/../g", None, None),
        ("g.", None, None, "g.", None, None),
        (".g", None, None, ".g", None, None),
        ("g..", None, None, "g..", None, None),
        ("..g", None, None, "..g", None, None),
        ("./../g", None, None, "./../g", None, None),
        ("./g/.", None, None, "./g/.", None, None),
        ("g/./h", None, None, "g/./h", None, None),
        ("g/../h", None, None, "g/../h", None, None),
        ("g;x=1/./y", None, None, "g;x=1/./y", None, None),
        ("g;x=1/../y", None, None, "g;x=1/../y", None, None),
        ("g?y/./x", None, None, "g", Some("y/./x"), None),
        ("g?y/../x", None, None, "g", Some("y/../x"), None),
        ("g#s/./x", None, None, "g", None, Some("s/./x")),
        ("g#s/../x", None, None, "g", None, Some("s/../x")),
        // "http:g" = "http:g" ; for strict parsers -- a URI, not relative.
        ("http:g", Some("http"), None, "g", None, None),
    ];
    run_5_4(CASES);
}

fn run_5_4(cases: &[Split]) {
    for &(s, scheme, auth, path, q, f) in cases {
        split(Ref, s, scheme, auth, path, q, f);
        // Exactly one of URI / relative-ref matches (§4.1), decided by the
        // scheme.
        if scheme.is_some() {
            split(U, s, scheme, auth, path, q, f);
            assert!(!RelativeRef::is_valid(s.as_bytes()), "{s}");
        } else {
            split(Rel, s, scheme, auth, path, q, f);
            assert!(!Uri::is_valid(s.as_bytes()), "{s}");
            assert!(!AbsoluteUri::is_valid(s.as_bytes()), "{s}");
        }
    }
}

#[test]
fn s5_4_uri_rejects_relative_references() {
    // URI needs `scheme ":"`: "." at 0 is not ALPHA.
    let e = err(U, "../g", 0);
    assert_eq!(e.component(), Some("scheme"));
    assert_eq!(e.rule(), "URI");
    // "g" is a scheme prefix; the input ends at 1 without ":".
    err(U, "g", 1);
    // ";" is not a scheme character.
    err(U, "g;x", 1);
    err(U, "//g", 0);
    err(U, "?y", 0);
    err(U, "#s", 0);
    err(U, "", 0);
}

// ---------------------------------------------------------------------------
// §6.2 Comparison Ladder

#[test]
fn s6_2_2_syntax_based_normalization_inputs() {
    // "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
    // parse as typed: normalization is not parsing.
    split(
        U,
        "example://a/b/c/%7Bfoo%7D",
        Some("example"),
        Some("a"),
        "/b/c/%7Bfoo%7D",
        None,
        None,
    );
    split(
        U,
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        Some("eXAMPLE"),
        Some("a"),
        "/./b/../b/%63/%7bfoo%7d",
        None,
        None,
    );
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
    split(
        U,
        "http://www.example.com/",
        Some("http"),
        Some("www.example.com"),
        "/",
        None,
        None,
    );
}

#[test]
fn s6_2_3_scheme_based_normalization_inputs() {
    // The four equivalent URIs: empty path, "/", empty port, port 80.
    let cases = [
        ("http://example.com", "example.com", None, ""),
        ("http://example.com/", "example.com", None, "/"),
        ("http://example.com:/", "example.com:", Some(""), "/"),
        ("http://example.com:80/", "example.com:80", Some("80"), "/"),
    ];
    for (s, auth, port, path) in cases {
        split(U, s, Some("http"), Some(auth), path, None, None);
        authority(U, s, None, "example.com", HostKind::RegName, port);
    }
    // "http://example.com/?" has an empty (present) query.
    split(
        U,
        "http://example.com/?",
        Some("http"),
        Some("example.com"),
        "/",
        Some(""),
        None,
    );
    // "mailto:Joe@example.com" (§6.2.3).
    split(
        U,
        "mailto:Joe@example.com",
        Some("mailto"),
        None,
        "Joe@example.com",
        None,
        None,
    );
}

#[test]
fn s6_2_4_protocol_based_normalization_inputs() {
    split(
        U,
        "http://example.com/data",
        Some("http"),
        Some("example.com"),
        "/data",
        None,
        None,
    );
    split(
        U,
        "http://example.com/data/",
        Some("http"),
        Some("example.com"),
        "/data/",
        None,
        None,
    );
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
    // The delimiters around them are not part of a URI.
    err(Ref, "<http://example.com/>", 0);
    err(Ref, "\"http://example.com/\"", 0);
    err(Ref, "http://example.com/ ", 19);
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
