//! The builders' `*_encoded` setters (RFC 3986 family): raw text is
//! percent-encoded with the grammar's own sets. Checked against RFC 3986's
//! text, not against our encoder: every byte the result keeps literal is
//! one the component's rule lists (§3.2.1, §3.3, §3.4, §3.5, with
//! unreserved and sub-delims from §2.2–2.3), every other byte of the raw
//! text is an upper-case `%XX` triplet (§2.1), decoding gives the raw text
//! back, and the built reference parses with the component where it was
//! put.

#![cfg(all(feature = "rfc3986", feature = "alloc"))]

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use uridfa::builder::{BuildError, Component};
use uridfa::rfc3986::{Builder, UriRef, UriRefBuf};

const UNRESERVED: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";
const SUB_DELIMS: &str = "!$&'()*+,;=";

/// What RFC 3986 allows literally in each component, from its rules:
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`;
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`, a path is
/// pchars and "/"; `query = fragment = *( pchar / "/" / "?" )`.
fn literal(c: Component, b: u8) -> bool {
    let extra = match c {
        Component::Userinfo => ":",
        Component::Path => ":@/",
        _ => ":@/?",
    };
    b.is_ascii()
        && [UNRESERVED, SUB_DELIMS, extra]
            .iter()
            .any(|s| s.as_bytes().contains(&b))
}

/// Checks `encoded` against `raw` byte by byte, as §2.1 defines
/// percent-encoding: each raw byte is either itself (when allowed) or
/// `%` and two upper-case hex digits of its value.
fn check_encoding(c: Component, raw: &str, encoded: &str) {
    let mut e = encoded.as_bytes();
    for &b in raw.as_bytes() {
        if literal(c, b) {
            assert_eq!(e.first(), Some(&b), "{c:?} {raw:?} -> {encoded:?}");
            e = &e[1..];
        } else {
            let want = format!("%{b:02X}");
            assert!(
                e.starts_with(want.as_bytes()),
                "{c:?} {raw:?} -> {encoded:?}"
            );
            e = &e[3..];
        }
    }
    assert!(e.is_empty(), "{c:?} {raw:?} -> {encoded:?}: trailing bytes");
}

#[test]
fn each_component_is_encoded_as_section_2_1_says() {
    let mut runner = TestRunner::new(Config {
        cases: 2000,
        ..Config::default()
    });
    // Any text, weighted to the characters that matter: delimiters,
    // '%', space, non-ASCII.
    let text = proptest::collection::vec(
        prop_oneof![
            proptest::sample::select(
                "/?#[]@:!$&'()*+,;=%- ._~aZ09\u{e9}\u{4e2d}\u{1f600}\"<>\\^`{|}"
                    .chars()
                    .collect::<Vec<_>>()
            ),
            any::<char>(),
        ],
        0..24,
    )
    .prop_map(|v| v.into_iter().collect::<String>());
    runner
        .run(&text, |raw| {
            let mut buf = [0u8; 24 * 12];
            for c in [
                Component::Userinfo,
                Component::Path,
                Component::Query,
                Component::Fragment,
            ] {
                let b = Builder::new().scheme("s").unwrap().host("h").unwrap();
                // A path after an authority must be empty or start with
                // "/" (§3.3): put one in front.
                let raw = if c == Component::Path {
                    format!("/{raw}")
                } else {
                    raw.clone()
                };
                let mut scratch = [0u8; 24 * 12 + 3];
                let b = match c {
                    Component::Userinfo => b.userinfo_encoded(&raw, &mut scratch),
                    Component::Path => b.path_encoded(&raw, &mut scratch),
                    Component::Query => b.query_encoded(&raw, &mut scratch),
                    _ => b.fragment_encoded(&raw, &mut scratch),
                }
                .unwrap_or_else(|e| panic!("{c:?} {raw:?}: {e}"));
                let uri = b.build_ref(&mut buf).expect("builds");
                let got = match c {
                    Component::Userinfo => uri.userinfo(),
                    Component::Path => Some(uri.path()),
                    Component::Query => uri.query(),
                    _ => uri.fragment(),
                }
                .expect("present");
                check_encoding(c, &raw, got);
                let again = UriRef::parse(uri.as_str()).expect("parses");
                assert_eq!(again.as_str(), uri.as_str());
                let decoded = uridfa::pct::decode_to_string(got).expect("UTF-8");
                assert_eq!(decoded, raw);
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn the_strict_setters_refuse_what_the_encoded_ones_take() {
    let mut scratch = [0u8; 64];
    assert!(matches!(
        Builder::new().path("/a b"),
        Err(BuildError::Invalid {
            component: Component::Path,
            ..
        })
    ));
    let b = Builder::new()
        .path_encoded("/a b", &mut scratch)
        .expect("encoded");
    assert_eq!(b.build_str(&mut [0u8; 16]).unwrap(), "/a%20b");
    // Encoding keeps "/" and ":": a first segment with ":" in a relative
    // reference is still refused (§4.2), when building.
    let mut scratch = [0u8; 64];
    let b = Builder::new()
        .path_encoded("a:b c", &mut scratch)
        .expect("a path");
    assert!(matches!(
        b.build_str(&mut [0u8; 16]),
        Err(BuildError::Conflict {
            component: Component::Path,
            ..
        })
    ));
    // A scratch buffer too short says how much is needed: "a%20b" is 5.
    let mut short = [0u8; 4];
    assert_eq!(
        Builder::new().query_encoded("a b", &mut short).unwrap_err(),
        BuildError::BufferTooSmall(uridfa::BufferTooSmall { needed: 5 })
    );
}

#[test]
fn owned_setters_encode_too() {
    let mut r: UriRefBuf = "http://a/b?q#f".parse().unwrap();
    r.set_path_encoded("/my files/100%").unwrap();
    r.set_query_encoded("x=1 2&y=\u{e9}").unwrap();
    r.set_fragment_encoded("top of page").unwrap();
    r.set_userinfo_encoded("me@home").unwrap();
    assert_eq!(
        r.as_str(),
        "http://me%40home@a/my%20files/100%25?x=1%202&y=%C3%A9#top%20of%20page"
    );
}

#[cfg(feature = "rfc3987")]
#[test]
fn iri_builders_encode_with_rfc_3986_sets() {
    // RFC 3987 §3.1: a URI component is an IRI component; non-ASCII is
    // encoded as UTF-8 octets.
    let mut scratch = [0u8; 32];
    let b = uridfa::rfc3987::Builder::new()
        .path_encoded("/r\u{e9}sum\u{e9} 1", &mut scratch)
        .unwrap();
    assert_eq!(
        b.build_str(&mut [0u8; 32]).unwrap(),
        "/r%C3%A9sum%C3%A9%201"
    );
}

#[cfg(feature = "rfc8141")]
#[test]
fn urn_nss_is_encoded_with_rfc_8141s_set() {
    // RFC 8141 §2: NSS = pchar *(pchar / "/"); "?" and " " are not pchar.
    let mut scratch = [0u8; 32];
    let b = uridfa::rfc8141::Builder::new("example", "x")
        .unwrap()
        .nss_encoded("a b?c/d", &mut scratch)
        .unwrap();
    assert_eq!(
        b.build_str(&mut [0u8; 32]).unwrap(),
        "urn:example:a%20b%3Fc/d"
    );
    let mut u: uridfa::rfc8141::UrnBuf = "urn:example:x".parse().unwrap();
    u.set_nss_encoded("100% sure").unwrap();
    assert_eq!(u.as_str(), "urn:example:100%25%20sure");
}

#[cfg(feature = "rfc2396")]
#[test]
fn rfc2396_query_and_userinfo_are_encoded_with_its_sets() {
    // RFC 2396 §3.4: query = *uric, uric = reserved | unreserved |
    // escaped, reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" |
    // "$" | ","; " ", "#" and "%" are not uric. §3.2.2: userinfo =
    // *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," ):
    // "@" and "/" are not.
    let mut q = [0u8; 32];
    let mut u = [0u8; 32];
    let b = uridfa::rfc2396::Builder::new()
        .scheme("http")
        .unwrap()
        .host("a")
        .unwrap()
        .userinfo_encoded("me@x/y", &mut u)
        .unwrap()
        .path("/p")
        .unwrap()
        .query_encoded("a=1 2&b=#%", &mut q)
        .unwrap();
    assert_eq!(
        b.build_str(&mut [0u8; 64]).unwrap(),
        "http://me%40x%2Fy@a/p?a=1%202&b=%23%25"
    );
}

#[cfg(feature = "rfc1738")]
#[test]
fn rfc1738_user_and_password_are_encoded_with_its_sets() {
    // RFC 1738 §3.1: "Within the user and password field, any ":", "@",
    // or "/" must be encoded." (user = *[ uchar | ";" | "?" | "&" | "=" ])
    let (mut u, mut p) = ([0u8; 32], [0u8; 32]);
    let b = uridfa::rfc1738::Builder::new("ftp", "host.dom")
        .unwrap()
        .user_encoded("a:b@c", &mut u)
        .unwrap()
        .password_encoded("p/w", &mut p)
        .unwrap();
    assert_eq!(
        b.build_str(&mut [0u8; 64]).unwrap(),
        "ftp://a%3Ab%40c:p%2Fw@host.dom"
    );
}

#[cfg(all(feature = "rfc8141", feature = "draft-ietf-urnbis-rfc2141bis-urn-03"))]
#[test]
fn urn_optional_components_are_encoded_too() {
    // RFC 8141 §2: q-component = pchar *( pchar / "/" / "?" ); "#" and " "
    // are not. f-component = fragment (RFC 3986): "#" is not.
    let (mut q, mut f) = ([0u8; 32], [0u8; 32]);
    let b = uridfa::rfc8141::Builder::new("example", "a")
        .unwrap()
        .q_component_encoded("x y#z", &mut q)
        .unwrap()
        .f_component_encoded("p#1", &mut f)
        .unwrap();
    assert_eq!(
        b.build_str(&mut [0u8; 48]).unwrap(),
        "urn:example:a?=x%20y%23z#p%231"
    );
    let mut u: uridfa::rfc8141::UrnBuf = "urn:example:a".parse().unwrap();
    u.set_q_component_encoded("1 2").unwrap();
    assert_eq!(u.as_str(), "urn:example:a?=1%202");
    // The draft's fragment: RFC 3986's `fragment`.
    let mut d: uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnBuf =
        "urn:example:a".parse().unwrap();
    d.set_fragment_encoded("a b").unwrap();
    assert_eq!(d.as_str(), "urn:example:a#a%20b");
}
