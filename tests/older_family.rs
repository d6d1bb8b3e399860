#![cfg(all(
    feature = "rfc2396",
    feature = "draft-fielding-uri-rfc2396bis-01",
    feature = "draft-fielding-url-syntax-05"
))]
//! The older generic syntaxes' one trait, `uridfa::family::older::OlderRef`,
//! on RFC 2396 and its two drafts: the same generic code over the views of
//! the three grammars, the methods a grammar lacks giving nothing, the
//! views' own methods without any trait import, and the former
//! per-grammar traits fixing the grammar's kind types. Expected values
//! from the texts: RFC 2396 §1.3 (examples), §3 (opaque_part), §3.2
//! (authority), §3.2.2 (host), Appendix C (relative references);
//! 2396bis-01 §1.3, §3, §3.2.2; draft 05 §4.1, §4.3.1, §4.3.2, §4.4.

use uridfa::draft_fielding_uri_rfc2396bis_01 as bis;
use uridfa::draft_fielding_url_syntax_05 as url05;
use uridfa::family::older::OlderRef;
use uridfa::rfc2396;

/// The parts every grammar of the family has, read by one function.
fn common<'a, V: OlderRef<'a>>(v: V) -> (Option<u16>, &'a str, Option<&'a str>, usize, bool) {
    (
        v.port_u16(),
        v.path(),
        v.scheme_specific_part(),
        v.path_segments().count(),
        v.query_pairs().is_some(),
    )
}

#[test]
fn one_generic_function_reads_the_three_grammars() {
    // §1.3 of each: "ftp://ftp.is.co.za/rfc/rfc1808.txt" (port absent;
    // two segments; no query).
    let ftp = "ftp://ftp.is.co.za/rfc/rfc1808.txt";
    let want = (
        None,
        "/rfc/rfc1808.txt",
        Some("//ftp.is.co.za/rfc/rfc1808.txt"),
        2,
        false,
    );
    assert_eq!(common(rfc2396::UriRef::parse(ftp).unwrap()), want);
    assert_eq!(common(bis::UriRef::parse(ftp).unwrap()), want);
    assert_eq!(common(url05::UrlRef::parse(ftp).unwrap()), want);
    // 2396bis-01 §1.3: "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/".
    let gopher = "gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/";
    let want = (
        Some(70),
        "/11/Mailing%20Lists/",
        Some("//gopher.tc.umn.edu:70/11/Mailing%20Lists/"),
        3,
        false,
    );
    assert_eq!(common(rfc2396::UriRef::parse(gopher).unwrap()), want);
    assert_eq!(common(bis::UriRef::parse(gopher).unwrap()), want);
    assert_eq!(common(url05::UrlRef::parse(gopher).unwrap()), want);
    // RFC 2396 Appendix C: "g;x?y#s", a rel_path with a query.
    let rel = "g;x?y#s";
    let want = (None, "g;x", None, 1, true);
    assert_eq!(common(rfc2396::UriRef::parse(rel).unwrap()), want);
    assert_eq!(common(bis::UriRef::parse(rel).unwrap()), want);
    assert_eq!(common(url05::UrlRef::parse(rel).unwrap()), want);
}

#[test]
fn opaque_parts_as_each_grammar_reads_them() {
    // RFC 2396 §1.3 and §3: `mailto:mduerst@ifi.unizh.ch` is an
    // `opaque_part` after the scheme, with no segments.
    let mailto = "mailto:mduerst@ifi.unizh.ch";
    let r = rfc2396::UriRef::parse(mailto).unwrap();
    assert_eq!(OlderRef::opaque_part(&r), Some("mduerst@ifi.unizh.ch"));
    assert_eq!(OlderRef::path_segments(&r).count(), 0);
    // 2396bis-01 §3: `absolute-URI = scheme ":" ( hier-part / opaque-part )`.
    let b = bis::UriRef::parse(mailto).unwrap();
    assert_eq!(OlderRef::opaque_part(&b), Some("mduerst@ifi.unizh.ch"));
    assert_eq!(OlderRef::path_segments(&b).count(), 0);
    // Draft 05 §4.4: parsed "as if it is a generic-URL": no opaque part,
    // and the path is the rest.
    let u = url05::UrlRef::parse(mailto).unwrap();
    assert_eq!(OlderRef::opaque_part(&u), None);
    assert_eq!(OlderRef::path(&u), "mduerst@ifi.unizh.ch");
    assert_eq!(OlderRef::path_segments(&u).count(), 1);
    // RFC 2396 §3: an `abs_path` after the scheme is no opaque part.
    let h = rfc2396::UriRef::parse("x:/a/b").unwrap();
    assert_eq!(OlderRef::opaque_part(&h), None);
    assert_eq!(OlderRef::path(&h), "/a/b");
}

#[test]
fn what_a_grammar_lacks_gives_nothing() {
    // Draft 05 §4.3.1: `site = [ [ user [ ":" password ] "@" ] hostport ]`
    // has one form; no kind of authority.
    let u = url05::UrlRef::parse("http://a_b/c").unwrap();
    assert_eq!(OlderRef::authority_kind(&u), None);
    // §4.4: `_` is no hostname character, so `site` cannot match and the
    // reference is an `abs_path`, `//a_b/c`, without a host.
    assert_eq!(OlderRef::host_kind(&u), None);
    assert_eq!(u.path(), "//a_b/c");
    // RFC 2396 and draft 05 capture no path rule by rule.
    let r = rfc2396::UriRef::parse("http://a/b").unwrap();
    assert_eq!(OlderRef::path_kind(&r), None);
    assert_eq!(
        OlderRef::path_kind(&url05::UrlRef::parse("/b").unwrap()),
        None
    );
    // Only draft 05 captures `path_segments` (§4.3.2).
    let r = rfc2396::UriRef::parse("/a;x/b;y").unwrap();
    assert_eq!(OlderRef::segments(&r).count(), 0);
    assert_eq!(OlderRef::params(&r).count(), 0);
    let u = url05::UrlRef::parse("/a;x/b;y").unwrap();
    assert_eq!(OlderRef::segments(&u).count(), 2);
    assert!(OlderRef::params(&u)
        .map(|p| p.as_encoded())
        .eq([&b"x"[..], b"y"]));
}

/// Only view types are imported here: each call compiles because the
/// generated views have the methods as their own (`;@ family older`).
mod only_the_views {
    use uridfa::draft_fielding_uri_rfc2396bis_01::{
        HostKind as BisHost, PathKind, UriRef as BisRef,
    };
    use uridfa::draft_fielding_url_syntax_05::{HostKind as Url05Host, RelativeUrl, UrlRef};
    use uridfa::rfc2396::{AbsoluteUri, AuthorityKind, HostKind, RelativeUri, UriRef};

    #[test]
    fn rfc2396_views() -> Result<(), Box<dyn std::error::Error>> {
        // §1.3: "telnet://melvyl.ucop.edu/".
        let t = AbsoluteUri::parse("telnet://melvyl.ucop.edu/")?;
        assert_eq!(t.authority_kind(), Some(AuthorityKind::Server));
        assert_eq!(t.host_kind(), Some(HostKind::Hostname));
        assert_eq!(t.path(), "/");
        // §3.2.1: a `reg_name` (`_` is no hostname character).
        let reg = UriRef::parse("x://a_b/c")?;
        assert_eq!(reg.authority_kind(), Some(AuthorityKind::RegName));
        assert_eq!(reg.host_kind(), None);
        // §3.2.2: the grammar does not bound the numbers.
        assert_eq!(
            UriRef::parse("http://999.1.1.1/")?.host_kind(),
            Some(HostKind::Ipv4)
        );
        // §1.3: "news:comp.infosystems.www.servers.unix".
        let news = UriRef::parse("news:comp.infosystems.www.servers.unix")?;
        assert_eq!(
            news.opaque_part(),
            Some("comp.infosystems.www.servers.unix")
        );
        assert_eq!(
            news.scheme_specific_part(),
            Some("comp.infosystems.www.servers.unix")
        );
        // Appendix C: "g;x?y#s".
        let r = RelativeUri::parse("//g:8080/x?y=1")?;
        assert_eq!(r.port_u16(), Some(8080));
        assert!(r
            .query_pairs()
            .is_some_and(|mut p| p.next().is_some_and(|(k, _)| k.eq_str("y"))));
        let b = r.to_builder().query("z")?;
        assert_eq!(b.build_str(&mut [0u8; 32])?, "//g:8080/x?z");
        Ok(())
    }

    #[test]
    fn rfc2396bis_01_views() -> Result<(), uridfa::Error> {
        // §3.2.2: `host = IPv6reference / IPv4address / hostname`.
        let v6 = BisRef::parse("http://[::1]:80/")?;
        assert_eq!(v6.host_kind(), Some(BisHost::Ipv6Reference));
        assert_eq!(v6.port_u16(), Some(80));
        assert_eq!(v6.path_kind(), PathKind::AbsPath);
        // §1.3: "mailto:John.Doe@example.com".
        let m = BisRef::parse("mailto:John.Doe@example.com")?;
        assert_eq!(m.path_kind(), PathKind::OpaquePart);
        assert_eq!(m.opaque_part(), Some("John.Doe@example.com"));
        assert_eq!(m.path(), "John.Doe@example.com");
        // §5: `rel-path = rel-segment [ abs-path ]`.
        let r = BisRef::parse("../g")?;
        assert_eq!(r.path_kind(), PathKind::RelPath);
        assert_eq!(r.path(), "../g");
        Ok(())
    }

    #[test]
    fn url_syntax_05_views() -> Result<(), uridfa::Error> {
        // §4.3.1: `hostnumber = 1*digit "." 1*digit "." 1*digit "." 1*digit`.
        let u = UrlRef::parse("ftp://foo:@10.0.0.1:21/a;type=i?q")?;
        assert_eq!(u.host_kind(), Some(Url05Host::Hostnumber));
        assert_eq!(u.port_u16(), Some(21));
        // §4.3.2: the path ends before the query; its parameters apart.
        assert_eq!(u.path(), "/a;type=i");
        assert!(u.params().map(|p| p.as_encoded()).eq([&b"type=i"[..]]));
        let first = u.path_segments().next().expect("a segment");
        assert!(first.name().eq_str("a"));
        // §4.1: `<scheme>:<scheme-specific-part>`.
        assert_eq!(
            u.scheme_specific_part(),
            Some("//foo:@10.0.0.1:21/a;type=i?q")
        );
        let r = RelativeUrl::parse("a/b;p")?;
        assert_eq!(r.segments().count(), 2);
        Ok(())
    }
}

/// The former per-grammar traits fix the grammar: their bounds give that
/// grammar's kind types, not a projection.
mod the_old_names {
    use uridfa::draft_fielding_uri_rfc2396bis_01::{self as bis, Rfc2396bis01Ref};
    use uridfa::draft_fielding_url_syntax_05::{self as url05, UrlSyntax05Ref};
    use uridfa::rfc2396::{self, Rfc2396Ref};

    fn host_2396<'a, V: Rfc2396Ref<'a>>(v: V) -> Option<rfc2396::HostKind> {
        v.host_kind()
    }

    fn path_bis<'a, V: Rfc2396bis01Ref<'a>>(v: V) -> bis::PathKind {
        v.path_kind()
    }

    fn host_05<'a, V: UrlSyntax05Ref<'a>>(v: V) -> Option<url05::HostKind> {
        v.host_kind()
    }

    #[test]
    fn kinds_are_the_grammars_own() {
        // RFC 2396 §3.2.2; 2396bis-01 §3; draft 05 §4.3.1.
        assert_eq!(
            host_2396(rfc2396::RelativeUri::parse("//10.0.0.1/").unwrap()),
            Some(rfc2396::HostKind::Ipv4)
        );
        assert_eq!(
            path_bis(bis::AbsoluteUri::parse("urn:x").unwrap()),
            bis::PathKind::OpaquePart
        );
        assert_eq!(
            host_05(url05::AbsoluteUrl::parse("http://www.example.com/").unwrap()),
            Some(url05::HostKind::Hostname)
        );
    }
}
