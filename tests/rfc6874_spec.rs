//! Spec vectors for `uridfa::rfc6874`: RFC 3986 with the IP-literal of
//! RFC 6874 §2,
//!
//! The plain vectors (an input, its rule, the components or the error
//! offset the document gives) are rows of `tests/data/parse.jsonl`, run
//! by `tests/parse_spec.rs`; what stays here checks more than one row can
//! say (error components and messages, typed accessors, several rules or
//! views at once, tables walked by a loop, generated inputs).
//!
//! ```text
//! IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture  ) "]"
//! ZoneID = 1*( unreserved / pct-encoded )
//! IPv6addrz = IPv6address "%25" ZoneID
//! ```
//!
//! RFC 6874 is not in `../shared/specs`; the vectors cite the published
//! RFC (February 2013). No oracle crate supports zone identifiers
//! (fluent-uri 0.4.1, iri-string 0.7.14, oxiri, uriparse: none mentions
//! them), so besides the RFC's own example, the grammar is checked against
//! `uridfa::rfc3986` (compiled from the RFC 3986 grammar separately): on
//! inputs without a zone identifier the two agree exactly, and removing
//! `"%25" ZoneID` from an accepted zone literal gives an RFC 3986 URI with
//! the same components.

use crate::common;
use common::skip;

use uridfa::rfc6874::{AbsoluteUri, HostKind, RelativeRef, Uri, UriRef};

#[test]
fn s2_example() {
    // RFC 6874 §2: "the scoped address fe80::a%en1 would appear in a URI
    // as http://[fe80::a%25en1]".
    let u = Uri::parse("http://[fe80::a%25en1]").unwrap();
    assert_eq!(u.scheme(), "http");
    assert_eq!(u.authority(), Some("[fe80::a%25en1]"));
    assert_eq!(u.host(), Some("[fe80::a%25en1]"));
    assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
    assert_eq!(u.zone_id(), Some("en1"));
    assert_eq!(u.path(), "");
    // IPv6addrz = IPv6address "%25" ZoneID: the IPv6address is the part
    // before "%25".
    let (s, e) = u.span(uridfa::rfc6874::tables::IPV6ADDRESS).unwrap();
    assert_eq!(&u.as_str()[s..e], "fe80::a");
    // RFC 3986 alone does not allow it (its §3.2.2 "does not support IPv6
    // scoped addressing zone identifiers").
    assert!(uridfa::rfc3986::Uri::parse("http://[fe80::a%25en1]").is_err());
    // The same host in every entry rule that has an authority.
    for r in [
        UriRef::parse("http://[fe80::a%25en1]/p?q#f")
            .unwrap()
            .zone_id(),
        AbsoluteUri::parse("http://[fe80::a%25en1]/p?q")
            .unwrap()
            .zone_id(),
        RelativeRef::parse("//[fe80::a%25en1]/p?q#f")
            .unwrap()
            .zone_id(),
    ] {
        assert_eq!(r, Some("en1"));
    }
}

#[test]
fn s2_zone_id_rule() {
    // ZoneID = 1*( unreserved / pct-encoded ): any unreserved character,
    // and any other byte percent-encoded (§2: characters outside
    // "unreserved" "MUST be represented using pct-encoded format").
    for (input, zone) in [
        ("http://[fe80::1%25eth0]/", "eth0"),
        ("http://[fe80::1%251]/", "1"),
        ("http://[fe80::1%25a-b._~Z9]/", "a-b._~Z9"),
        ("http://[fe80::1%25%31]/", "%31"),
        ("http://[fe80::1%25%25]/", "%25"),
        ("http://[fe80::1%25en%2F1]/", "en%2F1"),
        ("http://[::1%25lo]:8080/", "lo"),
        ("http://[1:2:3:4:5:6:7:8%25x]/", "x"),
        ("http://[::ffff:192.0.2.1%25eth0]/", "eth0"),
    ] {
        let u = Uri::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(u.zone_id(), Some(zone), "{input}");
        assert_eq!(u.host_kind(), Some(HostKind::Ipv6), "{input}");
    }
    let u = Uri::parse("http://[::1%25lo]:8080/").unwrap();
    assert_eq!((u.port_u16(), u.path()), (Some(8080), "/"));
    // An IPv6address with an embedded IPv4 (ls32) and a zone is still an
    // IPv6 host, not an IPv4 one.
    let u = Uri::parse("http://[::ffff:192.0.2.1%25eth0]/").unwrap();
    assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
    // Without a zone: zone_id() is None.
    let u = Uri::parse("http://[fe80::1]/").unwrap();
    assert_eq!((u.host_kind(), u.zone_id()), (Some(HostKind::Ipv6), None));
}

#[test]
fn s2_invalid_zones() {
    assert_eq!(
        Uri::parse("http://[fe80::a%25ee1]").unwrap().zone_id(),
        Some("ee1")
    );
}

/// The components of an rfc6874 view and of an rfc3986 view.
macro_rules! comps {
    ($r:expr) => {{
        let r = $r;
        (
            r.scheme(),
            r.authority(),
            r.userinfo(),
            r.host(),
            r.host_kind(),
            r.port(),
            r.path(),
            r.query(),
            r.fragment(),
        )
    }};
}

#[test]
fn zone_like_reg_names() {
    // Outside brackets "%25" is a pct-encoded "%" in a reg-name (RFC 3986
    // §3.2.2): no zone.
    for input in ["http://host%25en1/", "http://192.0.2.1%25eth0/"] {
        let u = Uri::parse(input).unwrap();
        assert_eq!(u.host_kind(), Some(HostKind::RegName), "{input}");
        assert_eq!(u.zone_id(), None, "{input}");
        let v = uridfa::rfc3986::Uri::parse(input).unwrap();
        assert_eq!(u.host(), v.host());
    }
}

/// Every string of the corpora (`common::corpora_inputs`), or none when
/// `../shared/corpora` is absent (that function notes the skip).
fn corpora_inputs() -> Vec<String> {
    common::corpora_inputs().unwrap_or_default()
}

#[test]
fn same_as_rfc3986_without_zones() {
    // RFC 6874 changes only IP-literal: on every corpus input (none has a
    // zone identifier) both grammars give the same verdict and components.
    let inputs = corpora_inputs();
    if inputs.is_empty() {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    }
    let mut accepted = 0;
    for s in &inputs {
        let a = UriRef::parse(s).ok().map(|r| comps!(r));
        let b = uridfa::rfc3986::UriRef::parse(s).ok().map(|r| comps!(r));
        assert_eq!(a, b, "{s:?}");
        accepted += a.is_some() as usize;
    }
    eprintln!(
        "rfc6874 = rfc3986 on {} corpus inputs ({accepted} accepted)",
        inputs.len()
    );
}

#[test]
fn zones_added_to_rfc3986_literals() {
    // Every IPv6 literal accepted by rfc3986 in the corpora, with a zone
    // inserted before its "]": rfc6874 accepts it, with the same
    // components except the host, and the zone as given. Removing the
    // zone again gives the rfc3986 parse.
    let inputs = corpora_inputs();
    if inputs.is_empty() {
        skip::note(format_args!("SKIPPED: ../shared/corpora not found"));
        return;
    }
    let mut n = 0;
    for s in &inputs {
        let Ok(r) = uridfa::rfc3986::UriRef::parse(s) else {
            continue;
        };
        if r.host_kind() != Some(HostKind::Ipv6) {
            continue;
        }
        let (_, end) = r.span(uridfa::rfc3986::tables::HOST).unwrap();
        for zone in ["eth0", "1", "%31", "en1-._~"] {
            let z = format!("{}%25{zone}{}", &s[..end - 1], &s[end - 1..]);
            let u = UriRef::parse(&z).unwrap_or_else(|e| panic!("{z}: {e}"));
            assert_eq!(u.zone_id(), Some(zone), "{z}");
            assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
            let host = r.host().unwrap();
            assert_eq!(
                u.host(),
                Some(&*format!("{}%25{zone}]", &host[..host.len() - 1]))
            );
            assert_eq!(
                (
                    u.scheme(),
                    u.userinfo(),
                    u.port(),
                    u.path(),
                    u.query(),
                    u.fragment()
                ),
                (
                    r.scheme(),
                    r.userinfo(),
                    r.port(),
                    r.path(),
                    r.query(),
                    r.fragment()
                ),
                "{z}"
            );
            // A bare "%" (RFC 6874 §3's user-interface form) is rejected.
            let bare = format!("{}%{zone}{}", &s[..end - 1], &s[end - 1..]);
            if !zone.starts_with('%') {
                assert!(UriRef::parse(&bare).is_err(), "{bare}");
            }
            n += 1;
        }
    }
    assert!(n > 0);
    eprintln!("{n} zone literals built from rfc3986 IPv6 literals");
}

#[test]
fn generated_inputs_against_rfc3986() {
    // Strings generated from grammar/rfc6874.abnf and mutations: whatever
    // rfc3986 accepts, rfc6874 accepts with the same components; what only
    // rfc6874 accepts has a zone identifier, and removing "%25" ZoneID
    // gives an rfc3986 URI reference.
    use uridfa_codegen::driver::{compile_file, Options};
    use uridfa_codegen::sample::{generate, mutate, Rng};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/rfc6874.abnf");
    let c = compile_file(path.as_ref(), Options::default()).unwrap_or_else(|d| panic!("{d}"));
    let m = c.machine("URI-reference").unwrap();
    let mut rng = Rng::new(6874);
    let (mut both, mut only, mut zones) = (0, 0, 0);
    let mut base = Vec::new();
    for i in 0..20_000 {
        if i % 2 == 0 {
            base.clear();
            generate(&m.lowered.hir, &mut rng, &mut base);
        }
        let input = if i % 2 == 0 {
            base.clone()
        } else {
            mutate(&base, &mut rng)
        };
        let a = UriRef::parse_bytes(&input);
        let b = uridfa::rfc3986::UriRef::parse_bytes(&input);
        match (a, b) {
            (Ok(a), Ok(b)) => {
                assert_eq!(comps!(a), comps!(b));
                assert_eq!(a.zone_id(), None);
                both += 1;
            }
            (Ok(a), Err(_)) => {
                let zone = a.zone_id().expect("only a zone can make the difference");
                let (zs, ze) = a.span(uridfa::rfc6874::tables::ZONEID).unwrap();
                let s = a.as_str();
                assert_eq!(&s[zs - 3..zs], "%25");
                assert_eq!(&s[ze..ze + 1], "]");
                let stripped = format!("{}{}", &s[..zs - 3], &s[ze..]);
                let b = uridfa::rfc3986::UriRef::parse(&stripped)
                    .unwrap_or_else(|e| panic!("{stripped}: {e}"));
                assert_eq!(b.host_kind(), Some(HostKind::Ipv6));
                assert_eq!(
                    (a.scheme(), a.path(), a.query(), a.fragment()),
                    (b.scheme(), b.path(), b.query(), b.fragment())
                );
                assert!(!zone.is_empty());
                only += 1;
            }
            (Err(_), Ok(b)) => panic!("rfc3986 accepts {:?}, rfc6874 not", b.as_str()),
            (Err(_), Err(_)) => {}
        }
        if has_pct25_and_bracket(&input) {
            zones += 1;
        }
    }
    eprintln!("generated: {both} accepted by both, {only} only by rfc6874 (zone); {zones} hold \"%25\" and \"[\"");
    assert!(only > 0 && both > 0);
}

fn has_pct25_and_bracket(input: &[u8]) -> bool {
    input.windows(3).any(|w| w == b"%25") && input.contains(&b'[')
}

#[test]
fn grammar_is_rfc3986_with_the_rfc6874_ip_literal() {
    // grammar/rfc6874.abnf = grammar/rfc3986.abnf (checked against RFC 3986
    // Appendix A by codegen/tests/rfc3986_appendix_a.rs) with IP-literal
    // replaced by the three rules of RFC 6874 §2, comments aside.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/");
    let body = |name: &str| {
        let text = std::fs::read_to_string(format!("{dir}{name}")).unwrap();
        let start = text.find("\nURI           = scheme").unwrap();
        text[start..]
            .lines()
            .filter(|l| !l.starts_with(';'))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    let rfc3986 = body("rfc3986.abnf");
    let old = "IP-literal    = \"[\" ( IPv6address / IPvFuture  ) \"]\"\n";
    let new = concat!(
        "IP-literal = \"[\" ( IPv6address / IPv6addrz / IPvFuture  ) \"]\"\n",
        "\n",
        "ZoneID = 1*( unreserved / pct-encoded )\n",
        "\n",
        "IPv6addrz = IPv6address \"%25\" ZoneID\n",
    );
    assert_eq!(rfc3986.matches(old).count(), 1);
    assert_eq!(body("rfc6874.abnf"), rfc3986.replace(old, new));
}
