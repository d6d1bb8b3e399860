#![cfg(all(
    feature = "alloc",
    feature = "rfc3986",
    feature = "rfc3987",
    feature = "rfc6874",
    feature = "rfc8089"
))]
//! The family's methods on the views themselves: each import below names
//! a view type only, no trait (`uridfa::prelude` is not imported), so
//! these calls compile only because the generated views have the methods
//! as their own (`;@ family generic`). Expected values from the RFCs'
//! text: RFC 3986 §5.4.1 (resolution), §6.2.2 (normalization), §3.2.2
//! (hosts); RFC 6874 §2; RFC 8089 Appendix B.

mod only_the_view {
    use uridfa::rfc3986::UriRef;

    #[test]
    fn resolve_and_host_kind_without_the_prelude() -> Result<(), Box<dyn std::error::Error>> {
        let b = "http://a/b/c/d;p?q";
        // §5.4.1: `../g` against the base is `http://a/b/g`.
        let r = UriRef::parse(b)?.resolve("../g")?;
        assert_eq!(r.as_str(), "http://a/b/g");
        assert_eq!(
            r.as_view().host_kind(),
            Some(uridfa::rfc3986::HostKind::RegName)
        );
        // §5.4.1, more of the normal examples.
        let base = UriRef::parse(b)?;
        for (reference, target) in [
            ("g;x?y#s", "http://a/b/c/g;x?y#s"),
            ("//g", "http://g"),
            ("?y", "http://a/b/c/d;p?y"),
            ("../../g", "http://a/g"),
        ] {
            assert_eq!(base.resolve(reference)?.as_str(), target, "{reference}");
            let mut buf = [0u8; 32];
            let n = base.resolve_into(reference, &mut buf)?;
            assert_eq!(&buf[..n], target.as_bytes(), "{reference}");
        }
        // §5.1: a relative reference is no base.
        assert!(UriRef::parse("../g")?.resolve("x").is_err());
        Ok(())
    }

    #[test]
    fn hosts_ports_and_the_inverse() -> Result<(), Box<dyn std::error::Error>> {
        use std::net::{IpAddr, Ipv4Addr};
        // §3.2.2: "192.168.0.300" is no IPv4address, so a reg-name.
        let v4 = UriRef::parse("telnet://192.0.2.16:80/")?;
        assert_eq!(v4.host_kind(), Some(uridfa::rfc3986::HostKind::Ipv4));
        assert_eq!(v4.host_ip(), Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 16))));
        assert_eq!(v4.port_u16(), Some(80));
        let reg = UriRef::parse("http://192.168.0.300/")?;
        assert_eq!(reg.host_kind(), Some(uridfa::rfc3986::HostKind::RegName));
        assert_eq!(reg.host_ip(), None);
        assert_eq!(
            UriRef::parse("ldap://[2001:db8::7]/c=GB")?.host_kind(),
            Some(uridfa::rfc3986::HostKind::Ipv6)
        );
        // The inverse of resolution: resolving the answer gives the target.
        let base = UriRef::parse("http://a/b/c/d;p?q")?;
        let rel = base.make_relative("http://a/b/g?y")?;
        assert_eq!(rel.as_str(), "../g?y");
        assert_eq!(base.resolve(rel.as_str())?.as_str(), "http://a/b/g?y");
        let mut buf = [0u8; 32];
        let n = base.make_relative_into("http://a/b/g?y", &mut buf)?;
        assert_eq!(&buf[..n], b"../g?y");
        // Segments and pairs, decoded.
        let r = UriRef::parse("http://h/a%20b/c?x=1%202&y")?;
        assert!(r.path_segments().next().is_some_and(|s| s.eq_str("a b")));
        let (k, v) = r.query_pairs().and_then(|mut p| p.next()).ok_or("pairs")?;
        assert!(k.eq_str("x") && v.is_some_and(|v| v.eq_str("1 2")));
        assert_eq!(r.query_pairs_form().map(Iterator::count), Some(2));
        Ok(())
    }

    #[test]
    fn normalize_and_build() -> Result<(), Box<dyn std::error::Error>> {
        use uridfa::normalize::Steps;
        // §6.2.2: "example://a/./b/../b/%63/%7bfoo%7d" is equivalent to
        // "example://a/b/c/%7Bfoo%7D".
        let r = UriRef::parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")?;
        assert_eq!(
            r.normalize(Steps::ALL)?.as_str(),
            "example://a/b/c/%7Bfoo%7D"
        );
        let mut buf = [0u8; 32];
        let n = r.normalize_into(Steps::ALL, &mut buf)?;
        assert_eq!(&buf[..n], b"example://a/b/c/%7Bfoo%7D");
        // The builder, pre-filled from the view.
        let b = UriRef::parse("http://a/b?q")?
            .to_builder()
            .query(Some("x"))?;
        assert_eq!(b.build_str(&mut buf)?, "http://a/b?x");
        Ok(())
    }
}

mod the_other_grammars {
    use uridfa::rfc3987::Iri;
    use uridfa::rfc6874::Uri as ZonedUri;
    use uridfa::rfc8089::FileUri;

    #[test]
    fn every_grammar_of_the_family() -> Result<(), Box<dyn std::error::Error>> {
        // RFC 3987 resolves in its own syntax, into its owned IRI.
        let base = Iri::parse("http://\u{e9}.example/a/b")?;
        let t = base.resolve("../\u{e8}")?;
        assert_eq!(t.as_str(), "http://\u{e9}.example/\u{e8}");
        assert_eq!(base.port_u16(), None);
        // RFC 6874 §2: the zone is part of an IPv6 host.
        let z = ZonedUri::parse("http://[fe80::a%25en1]:8080/")?;
        assert_eq!(z.host_kind(), Some(uridfa::rfc6874::HostKind::Ipv6));
        assert_eq!(z.port_u16(), Some(8080));
        let plain = ZonedUri::parse("http://[fe80::a]:8080/b/c")?;
        assert_eq!(plain.resolve("x")?.as_str(), "http://[fe80::a]:8080/b/x");
        // RFC 8089: a file URI resolves as an RFC 3986 URI.
        let f = FileUri::parse("file://host.example.com/path/to/file")?;
        assert_eq!(f.host_kind(), Some(uridfa::rfc8089::HostKind::RegName));
        assert_eq!(
            f.resolve("../x")?.as_str(),
            "file://host.example.com/path/x"
        );
        Ok(())
    }
}

mod with_the_prelude {
    // The prelude's traits and the views' own methods of the same names:
    // method calls pick the inherent ones (no ambiguity), and the trait's
    // paths still work in generic code.
    use uridfa::prelude::*;
    use uridfa::rfc3986::UriRef;

    fn port<'a, V: GenericRef<'a>>(v: &V) -> Option<u16> {
        v.port_u16()
    }

    #[test]
    fn inherent_and_trait_agree() -> Result<(), Box<dyn std::error::Error>> {
        let r = UriRef::parse("http://a:8042/b/c/d;p?q")?;
        assert_eq!(r.port_u16(), Some(8042));
        assert_eq!(port(&r), Some(8042));
        assert_eq!(
            GenericRef::host_kind(&r),
            Some(uridfa::rfc3986::HostKind::RegName)
        );
        assert_eq!(
            Resolve::resolve(&r, "g")?.as_str(),
            r.resolve("g")?.as_str()
        );
        Ok(())
    }
}
