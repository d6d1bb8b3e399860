//! Typed hosts: `host_ip()` on the
//! RFC 3986-family views and `zone_id_decoded()` on RFC 6874's. Expected
//! addresses are written as numbers from the documents' examples, not
//! parsed; the corpus check asserts that every host the grammar classifies
//! as an IP address converts.

use crate::common::skip;
use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};

#[test]
fn spec_examples() {
    use uridfa::rfc3986::UriRef;
    // RFC 3986 §1.1.2.
    let cases: &[(&str, Option<IpAddr>)] = &[
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Some(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7))),
        ),
        (
            "telnet://192.0.2.16:80/",
            Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 16))),
        ),
        // §3.2.2: an IPv6 address with an embedded IPv4 address.
        (
            "http://[::ffff:1.2.3.4]/",
            Some(IpAddr::V6(Ipv6Addr::new(
                0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304,
            ))),
        ),
        // §3.2.2: "first-match-wins": not four dec-octets, a reg-name.
        ("http://192.168.0.300/", None),
        ("http://01.2.3.4/", None),
        ("http://[v7.x]/", None),
        ("http://example.com/", None),
        ("mailto:John.Doe@example.com", None),
        ("file:///etc/hosts", None),
    ];
    for &(input, want) in cases {
        assert_eq!(UriRef::parse(input).unwrap().host_ip(), want, "{input}");
    }
    assert_eq!(
        uridfa::rfc3987::IriRef::parse("http://[2001:db8::7]/é")
            .unwrap()
            .host_ip(),
        Some(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7)))
    );
}

#[test]
fn rfc6874_zones() {
    use uridfa::rfc6874::UriRef;
    // RFC 6874 §2: "http://[fe80::a%25en1]".
    let u = UriRef::parse("http://[fe80::a%25en1]").unwrap();
    assert_eq!(
        u.host_ip(),
        Some(IpAddr::V6(Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 0xa)))
    );
    assert_eq!(u.zone_id(), Some("en1"));
    assert!(u.zone_id_decoded().unwrap().eq_str("en1"));
    // A percent-encoded octet inside the zone (ZoneID = 1*( unreserved /
    // pct-encoded )).
    let u = UriRef::parse("http://[fe80::1%25%65th0]/").unwrap();
    assert_eq!(u.zone_id(), Some("%65th0"));
    assert!(u.zone_id_decoded().unwrap().eq_str("eth0"));
    let u = UriRef::parse("http://[fe80::1]/").unwrap();
    assert!(u.zone_id_decoded().is_none());
    assert_eq!(
        u.host_ip(),
        Some(IpAddr::V6(Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1)))
    );
}

#[test]
fn every_ip_host_of_the_corpora_converts() {
    use uridfa::rfc3986::{HostKind, UriRef};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/corpora/urls/kasztp.txt"
    );
    let extra = [
        "http://[::1]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "http://[1::]/",
        "http://0.0.0.0/",
        "http://255.255.255.255/",
    ];
    let text = std::fs::read_to_string(path).unwrap_or_else(|_| {
        skip::note(format_args!(
            "SKIP (part): {path} not found; the built-in hosts only"
        ));
        String::new()
    });
    let (mut ips, mut others) = (0, 0);
    for line in text.lines().chain(extra) {
        let Ok(u) = UriRef::parse(line) else { continue };
        match u.host_kind() {
            Some(HostKind::Ipv4 | HostKind::Ipv6) => {
                assert!(u.host_ip().is_some(), "{line}");
                ips += 1;
            }
            _ => {
                assert_eq!(u.host_ip(), None, "{line}");
                others += 1;
            }
        }
    }
    eprintln!("host_ip: {ips} IP hosts converted, {others} others None");
    assert!(ips >= extra.len());
}
