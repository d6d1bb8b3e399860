//! The builders of RFC 1738, its draft 06, url-syntax-05, RFC 2396 and
//! 2396bis-01 (`uridfa::builder::PartsBuilder`): each refusal names the
//! component and the rule between components it breaks, and the owned
//! forms set and re-parse. Split from `tests/builder_parts.rs`.

use uridfa::builder::{BuildError, Component, Conflict};

// ---------------------------------------------------------------------------
// Refusals, named.

/// `result` is a refusal of `component` at `offset` of kind `conflict`
/// (`None`: an invalid component).
#[track_caller]
fn refused<T: std::fmt::Debug>(
    result: Result<T, BuildError>,
    component: Component,
    offset: usize,
    conflict: Option<Conflict>,
) {
    let e = result.unwrap_err();
    assert_eq!(e.component(), Some(component), "{e}");
    assert_eq!(e.offset(), Some(offset), "{e}");
    let message = e.to_string();
    assert!(message.contains(component.name()), "{message}");
    match (conflict, e) {
        (None, BuildError::Invalid { .. }) => {}
        (Some(c), BuildError::Conflict { conflict, .. }) => assert_eq!(c, conflict, "{message}"),
        (want, got) => panic!("want {want:?}, got {got:?}"),
    }
}

#[test]
fn refusals_name_the_component() {
    let mut buf = [0u8; 64];
    {
        use uridfa::rfc2396::Builder;
        let b = Builder::new();
        // §3.1: a scheme starts with a letter.
        refused(b.scheme("1a"), Component::Scheme, 0, None);
        // §3.2.2: the userinfo has no "@"; hostname labels no "_"; port digits.
        refused(b.userinfo("a@b"), Component::Userinfo, 1, None);
        refused(b.host("a_b"), Component::Host, 1, None);
        refused(b.port("8a"), Component::Port, 1, None);
        // §3.2.1: reg_name has no "/".
        refused(b.reg_name("x/y"), Component::RegName, 1, None);
        // §3.4, §4.1: no "#" inside the query or fragment.
        refused(b.query("a#b"), Component::Query, 1, None);
        refused(b.fragment("a#b"), Component::Fragment, 1, None);
        // §3.2.2: a userinfo or a port needs a host.
        let b2 = b.scheme("http").unwrap().port("80").unwrap();
        refused(
            b2.build_len(),
            Component::Port,
            0,
            Some(Conflict::HostRequired),
        );
        // §3: `absoluteURI = scheme ":" ( hier_part | opaque_part )`: no
        // empty scheme-specific part.
        let b2 = b.scheme("about").unwrap();
        refused(
            b2.build_str(&mut buf),
            Component::Path,
            0,
            Some(Conflict::NotReadBack),
        );
        // §3.3: without an authority, a path "//g" would read as one
        // (the path comes back as "/x": they agree up to offset 1).
        let b2 = b.scheme("http").unwrap().path("//g/x").unwrap();
        refused(
            b2.build_str(&mut buf),
            Component::Path,
            1,
            Some(Conflict::NotReadBack),
        );
        // §5: a rel_segment has no ":" (it would read as a scheme).
        let b2 = b.path("a:b").unwrap();
        refused(
            b2.build_str(&mut buf),
            Component::Path,
            0,
            Some(Conflict::NotReadBack),
        );
        // A reg_name that is also a server reads as one (§3.2, first
        // match); the host comes back, the reg_name does not.
        let b2 = b.reg_name("example.com").unwrap();
        refused(
            b2.build_str(&mut buf),
            Component::RegName,
            0,
            Some(Conflict::NotReadBack),
        );
    }
    {
        use uridfa::draft_fielding_url_syntax_05::Builder;
        let b = Builder::new();
        refused(b.user("a:b"), Component::User, 1, None);
        refused(b.password("a@b"), Component::Password, 1, None);
        let b2 = b.host("h").unwrap().password("p").unwrap();
        refused(
            b2.build_len(),
            Component::Password,
            0,
            Some(Conflict::UserRequired),
        );
        // §4.3.2: after a site the path is an abs_path.
        let b2 = b.host("h").unwrap().path("x").unwrap();
        refused(
            b2.build_str(&mut buf),
            Component::Path,
            0,
            Some(Conflict::NotReadBack),
        );
    }
    for url in [true, false] {
        macro_rules! check_url {
            ($module:ident) => {{
                use uridfa::$module::Builder;
                // §5: `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`.
                refused(Builder::new("ht tp", "h"), Component::Scheme, 2, None);
                refused(Builder::new("http", "a b"), Component::Host, 1, None);
                let b = Builder::new("http", "h").unwrap();
                refused(b.user("a@b"), Component::User, 1, None);
                refused(b.port("x"), Component::Port, 0, None);
                refused(b.path(Some("a b")), Component::Path, 1, None);
                // §3.3: no user name in an HTTP URL (the parse stops at
                // the "@" after it).
                let b2 = b.user("u").unwrap();
                refused(
                    b2.build_str(&mut buf),
                    Component::User,
                    1,
                    Some(Conflict::NotReadBack),
                );
                // §3.7: an NNTP URL needs a group.
                let b2 = Builder::new("nntp", "h").unwrap();
                refused(
                    b2.build_str(&mut buf),
                    Component::Path,
                    0,
                    Some(Conflict::NotReadBack),
                );
            }};
        }
        if url {
            check_url!(rfc1738);
        } else {
            check_url!(draft_ietf_uri_url_06);
        }
    }
}

#[cfg(feature = "alloc")]
#[test]
fn owned_forms_set_and_reparse() {
    use uridfa::rfc2396::{AuthorityKind, UriRefBuf};
    let mut r: UriRefBuf = "http://a/b/c/d;p?q".parse().unwrap();
    r.set_query(None).unwrap();
    r.set_fragment(Some("s")).unwrap();
    r.set_userinfo(Some("u:p")).unwrap();
    r.set_port(Some("8080")).unwrap();
    assert_eq!(r.as_str(), "http://u:p@a:8080/b/c/d;p#s");
    r.set_reg_name(Some("a_b")).unwrap();
    assert_eq!(r.as_str(), "http://a_b/b/c/d;p#s");
    assert_eq!(r.as_view().authority_kind(), Some(AuthorityKind::RegName));
    let before = r.clone();
    assert!(r.set_path("x").is_err());
    assert!(r.set_scheme(Some("1x")).is_err());
    assert_eq!(r, before);

    use uridfa::draft_fielding_uri_rfc2396bis_01::UriRefBuf as BisBuf;
    let mut r: BisBuf = "mailto:a@example.org".parse().unwrap();
    r.set_path("b@example.org").unwrap();
    assert_eq!(r.as_view().opaque_part(), Some("b@example.org"));
    r.set_host(Some("[::1]")).unwrap_err(); // an opaque part after an authority
    r.set_path("/x").unwrap();
    r.set_host(Some("[::1]")).unwrap();
    assert_eq!(r.as_str(), "mailto://[::1]/x");

    use uridfa::draft_fielding_url_syntax_05::UrlRefBuf;
    let mut u: UrlRefBuf = "ftp://host.com/a".parse().unwrap();
    u.set_user(Some("")).unwrap();
    assert_eq!(u.as_str(), "ftp://@host.com/a");
    assert_eq!(u.as_view().user(), Some(""));
    u.set_password(Some("pw")).unwrap();
    u.set_port(Some("21")).unwrap();
    assert_eq!(u.as_str(), "ftp://:pw@host.com:21/a");
    assert!(u.set_user(None).is_err());
    u.set_host(Some("")).unwrap_err(); // an empty site has no user
    assert_eq!(u.to_string(), "ftp://:pw@host.com:21/a");
}
