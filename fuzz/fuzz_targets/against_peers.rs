//! `rfc3986::UriRef` against fluent-uri and iri-string (acceptance and the
//! eight components), its host kind against `std::net`'s address parsers,
//! and `rfc3987::IriRef` against iri-string (acceptance and components).
//! Any bytes: invalid UTF-8 must be rejected by every side alike.
#![no_main]

use std::net::{Ipv4Addr, Ipv6Addr};

use libfuzzer_sys::fuzz_target;
use uridfa::rfc3986::{HostKind, UriRef};

type Comps = [Option<String>; 8];

fn s(x: Option<&str>) -> Option<String> {
    x.map(str::to_owned)
}

fn ours(input: &str) -> Option<Comps> {
    let u = UriRef::parse(input).ok()?;
    Some([
        s(u.scheme()),
        s(u.authority()),
        s(u.userinfo()),
        s(u.host()),
        s(u.port()),
        Some(u.path().to_owned()),
        s(u.query()),
        s(u.fragment()),
    ])
}

fn fluent(input: &str) -> Option<Comps> {
    let r = fluent_uri::UriRef::parse(input).ok()?;
    let a = r.authority();
    Some([
        r.scheme().map(|x| x.as_str().to_owned()),
        a.map(|a| a.as_str().to_owned()),
        a.and_then(|a| a.userinfo()).map(|u| u.as_str().to_owned()),
        a.map(|a| a.host().to_owned()),
        a.and_then(|a| a.port()).map(|p| p.as_str().to_owned()),
        Some(r.path().as_str().to_owned()),
        r.query().map(|q| q.as_str().to_owned()),
        r.fragment().map(|f| f.as_str().to_owned()),
    ])
}

/// The eight components of an iri-string reference type, one shape for
/// `UriReferenceStr` and `IriReferenceStr`.
macro_rules! iri_string_comps {
    ($ty:ty, $input:expr) => {{
        let r = <$ty>::new($input).ok()?;
        let a = r.authority_components();
        Some([
            s(r.scheme_str()),
            s(r.authority_str()),
            a.as_ref().and_then(|a| a.userinfo()).map(str::to_owned),
            a.as_ref().map(|a| a.host().to_owned()),
            a.as_ref().and_then(|a| a.port()).map(str::to_owned),
            Some(r.path_str().to_owned()),
            s(r.query_str()),
            s(r.fragment_str()),
        ])
    }};
}

fn iri_string_uri(input: &str) -> Option<Comps> {
    iri_string_comps!(iri_string::types::UriReferenceStr, input)
}

fn ours_iri(input: &str) -> Option<Comps> {
    let u = uridfa::rfc3987::IriRef::parse(input).ok()?;
    Some([
        s(u.scheme()),
        s(u.authority()),
        s(u.userinfo()),
        s(u.host()),
        s(u.port()),
        Some(u.path().to_owned()),
        s(u.query()),
        s(u.fragment()),
    ])
}

fn iri_string_iri(input: &str) -> Option<Comps> {
    iri_string_comps!(iri_string::types::IriReferenceStr, input)
}

/// RFC 3986 §3.2.2's host kinds, decided by `std::net`: an IPv4address is
/// what `Ipv4Addr` parses (four dec-octets, no leading zeros), an
/// IP-literal is `[IPv6address]` or `[v...]` (IPvFuture), the rest is a
/// reg-name.
fn std_kind(host: &str) -> HostKind {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        if inner.parse::<Ipv6Addr>().is_ok() {
            HostKind::Ipv6
        } else {
            HostKind::IpvFuture
        }
    } else if host.parse::<Ipv4Addr>().is_ok() {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

fuzz_target!(|data: &[u8]| {
    // Bytes that are not UTF-8 are rejected by every parser of `&str`.
    assert!(std::str::from_utf8(data).is_ok() || UriRef::parse_bytes(data).is_err());
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    let ours_uri = ours(input);
    assert_eq!(ours_uri, fluent(input), "fluent-uri on {input:?}");
    assert_eq!(ours_uri, iri_string_uri(input), "iri-string on {input:?}");
    if let Ok(u) = UriRef::parse(input) {
        if let Some(host) = u.host() {
            assert_eq!(
                u.host_kind(),
                Some(std_kind(host)),
                "host kind of {input:?}"
            );
        }
    }
    assert_eq!(
        ours_iri(input),
        iri_string_iri(input),
        "iri-string (IRI) on {input:?}"
    );
});
