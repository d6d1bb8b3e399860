//! The URL family written once (`uridfa::family::url`): the table of
//! default ports against the text of §3 of draft-ietf-uri-url-06 (the
//! draft of RFC 1738, whose §3 says the same), the traits over the views
//! of both URL grammars, and the strict `Url` enum of both as one generic
//! type.

use std::collections::BTreeMap;

use uridfa::family::url::{
    default_port, FtpRef, GopherRef, SchemeUrl, Url, UrlRef, UrlViews, DEFAULT_PORTS,
};
use uridfa::{draft_ietf_uri_url_06 as url06, rfc1738};

use crate::common::spec::{specs_dir, squash};

/// The scheme each top-level section of §3 is about, by its heading word.
const SECTIONS: &[(&str, &str)] = &[
    ("FTP", "ftp"),
    ("HTTP", "http"),
    ("GOPHER", "gopher"),
    ("MAILTO", "mailto"),
    ("NEWS", "news"),
    ("NNTP", "nntp"),
    ("TELNET", "telnet"),
    ("WAIS", "wais"),
    ("FILES", "file"),
    ("PROSPERO", "prospero"),
];

/// For each scheme of §3, the port its section says "the port defaults
/// to", read from the document's text; `None` when the document is
/// absent.
fn ports_in_the_draft() -> Option<BTreeMap<&'static str, Option<u16>>> {
    let text = std::fs::read_to_string(specs_dir().join("draft-ietf-uri-url-06.txt")).ok()?;
    // Top-level headings of §3: "3.2. FTP", "3.9.  WAIS", "3.10 FILES".
    let mut sections: Vec<(&str, String)> = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let heading = match words.as_slice() {
            [num, name] if !line.starts_with(' ') => {
                let num = num.trim_end_matches('.');
                let mut parts = num.split('.');
                let top = (parts.next(), parts.next(), parts.next());
                match top {
                    (Some("3"), Some(n), None) if n.parse::<u8>().is_ok() => Some(*name),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(name) = heading {
            let scheme = SECTIONS.iter().find(|(h, _)| *h == name).map(|(_, s)| *s);
            sections.push((scheme.unwrap_or(""), String::new()));
        } else if line.starts_with("4.") {
            sections.push(("", String::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    let mut ports = BTreeMap::new();
    for (scheme, body) in sections.iter().filter(|(s, _)| !s.is_empty()) {
        let body = squash(body);
        let port = body.split_once("port defaults to ").map(|(_, rest)| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits
                .parse::<u16>()
                .expect("a port number after 'defaults to'")
        });
        assert!(
            ports.insert(*scheme, port).is_none(),
            "one section per scheme: {scheme}"
        );
    }
    Some(ports)
}

#[test]
fn default_ports_are_the_drafts_section_3() {
    let Some(ports) = ports_in_the_draft() else {
        crate::common::skip::note(format_args!(
            "SKIPPED: ../shared/specs/draft-ietf-uri-url-06.txt not found"
        ));
        return;
    };
    assert_eq!(
        ports.len(),
        SECTIONS.len(),
        "every scheme section found: {ports:?}"
    );
    for (scheme, port) in &ports {
        assert_eq!(default_port(scheme), *port, "§3 of the draft for {scheme}");
        assert_eq!(
            default_port(&scheme.to_ascii_uppercase()),
            *port,
            "{scheme}, any case"
        );
    }
    // The table holds nothing the text does not say.
    for (scheme, port) in DEFAULT_PORTS {
        assert_eq!(
            ports.get(scheme),
            Some(&Some(*port)),
            "{scheme} in the table"
        );
    }
}

#[test]
fn port_or_default_reads_the_table_for_every_scheme_view() {
    // A URL without a port, for each scheme with a host and a port.
    let inputs = [
        "ftp://host/f",
        "http://host/",
        "gopher://host/",
        "nntp://host/comp.lang",
        "telnet://host/",
        "wais://host/db",
        "prospero://host/name",
    ];
    for input in inputs {
        let scheme = input.split_once(':').unwrap().0;
        let want = DEFAULT_PORTS
            .iter()
            .find(|(s, _)| *s == scheme)
            .map(|p| p.1);
        assert!(want.is_some(), "{scheme} has a default port");
        let a = rfc1738::Url::parse(input).unwrap();
        let b = url06::Url::parse(input).unwrap();
        assert_eq!((a.scheme(), b.scheme()), (scheme, scheme));
        assert_eq!(port(a), want, "rfc1738: {input}");
        assert_eq!(port(b), want, "url-06: {input}");
        // A port given wins over the default; one above 65535 is none.
        let given = input.replacen("host", "host:8001", 1);
        assert_eq!(
            port(rfc1738::Url::parse(&given).unwrap()),
            Some(8001),
            "{given}"
        );
        let big = input.replacen("host", "host:65536", 1);
        assert_eq!(port(url06::Url::parse(&big).unwrap()), None, "{big}");
    }
    // The schemes without a port in §3.
    let m = rfc1738::Mailto::parse("mailto:a@b.example").unwrap();
    assert_eq!(UrlRef::port_or_default(&m), None);
    let n = url06::News::parse("news:*").unwrap();
    assert_eq!(UrlRef::default_port(&n), None);
}

/// The port of a strict URL's view, by the family's generic code.
fn port<G: UrlViews>(u: SchemeUrl<'_, G>) -> Option<u16> {
    match u {
        SchemeUrl::Ftp(v) => v.port_or_default(),
        SchemeUrl::Http(v) => v.port_or_default(),
        SchemeUrl::Gopher(v) => v.port_or_default(),
        SchemeUrl::Nntp(v) => v.port_or_default(),
        SchemeUrl::Telnet(v) => v.port_or_default(),
        SchemeUrl::Wais(v) => v.port_or_default(),
        SchemeUrl::Prospero(v) => v.port_or_default(),
        SchemeUrl::Mailto(v) => v.port_or_default(),
        SchemeUrl::News(v) => v.port_or_default(),
        SchemeUrl::File(v) => v.port_or_default(),
        SchemeUrl::Other(v) => v.port_or_default(),
    }
}

/// Generic over the FTP views of any URL grammar.
fn ftp_parts<'a, V: FtpRef<'a>>(v: V) -> (String, Vec<String>, Option<&'a str>) {
    (
        v.host().to_owned(),
        v.cwd().map(|s| s.to_string()).collect(),
        v.name(),
    )
}

#[test]
fn one_generic_function_reads_both_grammars() {
    // §3.2.2: "ftp://myname@host.dom/%2Fetc/motd" is "CWD /etc", "RETR motd".
    let input = "ftp://myname@host.dom/%2Fetc/motd";
    let want = ("host.dom".to_owned(), vec!["/etc".to_owned()], Some("motd"));
    assert_eq!(ftp_parts(rfc1738::Ftp::parse(input).unwrap()), want);
    assert_eq!(ftp_parts(url06::Ftp::parse(input).unwrap()), want);
    // The inherent method and the trait's agree.
    let g = url06::Gopher::parse("gopher://host/7sel%09query%09+").unwrap();
    assert_eq!(g.selector(), GopherRef::selector(&g));
    assert_eq!(GopherRef::gopher_plus(&g), Some("+"));
}

#[test]
fn each_grammar_is_of_the_family() {
    fn family<G: Url>() -> &'static str {
        G::NAME
    }
    assert_eq!(family::<rfc1738::Rfc1738>(), "rfc1738");
    assert_eq!(family::<url06::Url06>(), "draft-ietf-uri-url-06");
    // `Url` of each grammar is the family's enum over its views.
    let u: SchemeUrl<'_, rfc1738::Rfc1738> = rfc1738::Url::parse("news:*").unwrap();
    assert!(matches!(u, rfc1738::Url::News(n) if n.is_all()));
    let u: SchemeUrl<'_, url06::Url06> = url06::Url::parse("x-a:b").unwrap();
    assert!(matches!(u, url06::Url::Other(o) if o.scheme() == "x-a"));
    // The draft's BNF has no empty host (§5): the grammars differ.
    assert!(rfc1738::Url::parse("file:///etc/motd").is_ok());
    assert!(url06::Url::parse("file:///etc/motd").is_err());
}
