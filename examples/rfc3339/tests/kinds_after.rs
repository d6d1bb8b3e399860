//! `;@ kind-after` through `#[derive(uridfa::Grammar)]`: the view decides
//! the host's kind when it is read (RFC 3986 §3.2.2: a host that matches
//! IPv4address is an IPv4 address, not a reg-name).

/// `host [ ":" port ]` with RFC 3986's host rules, IP literals left out.
#[derive(uridfa::Grammar)]
#[grammar = "tests/hostport.abnf"]
#[entry = "hostport"]
struct HostPort;

#[test]
fn the_view_decides_the_host_kind_when_read() {
    // (input, IPv4address, reg-name): expected from RFC 3986's rules.
    for (input, ipv4, reg_name) in [
        ("192.0.2.1:80", Some("192.0.2.1"), None),
        ("255.255.255.255", Some("255.255.255.255"), None),
        ("256.0.2.1", None, Some("256.0.2.1")),
        ("01.2.3.4", None, Some("01.2.3.4")),
        ("1.2.3", None, Some("1.2.3")),
        ("example.com:8042", None, Some("example.com")),
        (":80", None, Some("")),
    ] {
        let v = HostPort::parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!((v.ipv4address(), v.reg_name()), (ipv4, reg_name), "{input}");
        // `span(index)` decides the same way: captures host, port,
        // IPv4address, reg-name.
        let span = |i| v.span(i).and_then(|(s, e)| input.get(s..e));
        assert_eq!((span(2), span(3)), (ipv4, reg_name), "{input}");
        assert_eq!(span(0), Some(v.host()), "{input}");
    }
    assert!(HostPort::parse("a b").is_err());
}
