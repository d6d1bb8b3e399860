//! The traits every view and owned form has (the ecosystem's traits):
//! a `Debug` that names the components, `Hash` and `Ord` by the
//! text, `AsRef<str>`, `TryFrom<&str>`, `FromStr` on owned forms, and
//! `serde` (the tests enable the `serde` and `alloc` features through the
//! dev-dependency on this crate). Expected components are those RFC 3986
//! §3 names for its example URI; other expectations follow from the
//! definitions (equal text, equal hash; order of the text).

use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasher, RandomState};

const EXAMPLE: &str = "foo://example.com:8042/over/there?name=ferret#nose";

#[test]
fn debug_names_every_component() {
    let u = uridfa::rfc3986::UriRef::parse(EXAMPLE).unwrap();
    let d = format!("{u:?}");
    // RFC 3986 §3: scheme, authority, path, query, fragment of the example.
    for part in [
        r#"scheme: Some("foo")"#,
        r#"authority: Some("example.com:8042")"#,
        r#"host: Some("example.com")"#,
        r#"port: Some("8042")"#,
        // `path()` is a `&str` (every URI-reference has a path, §3.3), and
        // `Debug` shows what the accessors return.
        r#"path: "/over/there""#,
        r#"query: Some("name=ferret")"#,
        r#"fragment: Some("nose")"#,
        "userinfo: None",
    ] {
        assert!(d.contains(part), "{part} missing from {d}");
    }
    assert!(d.starts_with("UriRef {"), "{d}");
    // Kind captures under their accessors' snake-case names (`reg_name()`),
    // not the grammar's `reg-name`; no field for a component the view
    // never has (§4.3: no fragment in an absolute-URI).
    assert!(d.contains(r#"reg_name: Some("example.com")"#), "{d}");
    assert!(!d.contains("reg-name") && !d.contains("IPv6address"), "{d}");
    let a = uridfa::rfc3986::AbsoluteUri::parse("http://[::1]/a").unwrap();
    let d = format!("{a:?}");
    assert!(d.contains(r#"scheme: "http""#), "{d}");
    assert!(d.contains(r#"ipv6address: Some("::1")"#), "{d}");
    assert!(!d.contains("fragment"), "{d}");
    // No raw tag numbers.
    assert!(!d.contains("tags"), "{d}");
    // Other families: a URN and an RFC 1738 URL (the enum shows its variant).
    let n = uridfa::rfc8141::Urn::parse("urn:example:a123,z456?+abc").unwrap();
    let d = format!("{n:?}");
    // RFC 8141 §2: `assigned-name = "urn" ":" NID ":" NSS`, always there;
    // fields named as the accessors (`nid()`, `r_component()`).
    assert!(d.contains(r#"nid: "example""#), "{d}");
    assert!(d.contains(r#"r_component: Some("abc")"#), "{d}");
    let f = uridfa::rfc1738::Url::parse("ftp://ftp.example.org/pub/x").unwrap();
    let d = format!("{f:?}");
    assert!(d.starts_with("Ftp(Ftp {"), "{d}");
    assert!(d.contains(r#"host: "ftp.example.org""#), "{d}");
}

#[test]
fn hash_and_order_follow_the_text() {
    use uridfa::rfc3986::UriRef;
    let texts = ["http://b/", "http://a/", "a:b", "http://a/", "//x"];
    let views: Vec<UriRef<'_>> = texts.iter().map(|t| UriRef::parse(t).unwrap()).collect();
    let set: HashSet<_> = views.iter().copied().collect();
    assert_eq!(set.len(), 4);
    let s = RandomState::new();
    assert_eq!(s.hash_one(views[1]), s.hash_one(views[3]));
    let sorted: Vec<&str> = views
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(|v| v.as_str())
        .collect();
    let mut want: Vec<&str> = texts.to_vec();
    want.sort_unstable();
    want.dedup();
    assert_eq!(sorted, want);
}

#[test]
fn as_ref_and_try_from() {
    use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef;
    use uridfa::rfc3986::UriRef;
    fn len_of(s: impl AsRef<str>) -> usize {
        s.as_ref().len()
    }
    let u = UriRef::try_from(EXAMPLE).unwrap();
    assert_eq!(len_of(u), EXAMPLE.len());
    let e = UriRef::try_from("http://a b").unwrap_err();
    assert_eq!(e.offset(), 8);
    assert!(UrnRef::try_from("urn:ab:x").is_ok());
    let url: Result<uridfa::rfc1738::Url<'_>, _> = "http://user@host/".try_into();
    assert!(url.is_err(), "RFC 1738 §3.3: no user name in http");
}

#[test]
fn owned_forms_parse_compare_and_debug_as_their_view() {
    let a: uridfa::rfc3986::UriRefBuf = EXAMPLE.parse().unwrap();
    let b: uridfa::rfc3986::UriRefBuf = EXAMPLE.parse().unwrap();
    assert_eq!(a, b);
    let s = RandomState::new();
    assert_eq!(s.hash_one(&a), s.hash_one(&b));
    assert_eq!(
        format!("{a:?}"),
        format!("{:?}", uridfa::rfc3986::UriRef::parse(EXAMPLE).unwrap())
    );
    assert_eq!(a.as_ref(), EXAMPLE);
    let r: uridfa::rfc2396::UriRefBuf = "http://a/b".parse().unwrap();
    let q: uridfa::rfc2396::UriRefBuf = "http://a/c".parse().unwrap();
    assert!(r < q);
    assert!("urn:x".parse::<uridfa::rfc8141::UrnBuf>().is_err());
}

#[test]
fn serde_round_trips_as_text() {
    use uridfa::rfc3986::{UriRef, UriRefBuf};
    let u = UriRef::parse(EXAMPLE).unwrap();
    let json = serde_json::to_string(&u).unwrap();
    assert_eq!(json, format!("\"{EXAMPLE}\""));
    let back: UriRef<'_> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, u);
    let owned: UriRefBuf = serde_json::from_str(&json).unwrap();
    assert_eq!(owned.as_str(), EXAMPLE);
    assert_eq!(serde_json::to_string(&owned).unwrap(), json);
    // Invalid text is a deserialization error carrying our message.
    let err = serde_json::from_str::<UriRef<'_>>("\"http://a b\"").unwrap_err();
    assert!(err.to_string().contains("unexpected ' ' at 8"), "{err}");
    let err = serde_json::from_str::<UriRefBuf>("\"%zz\"").unwrap_err();
    assert!(err.to_string().contains("at 1"), "{err}");
}

/// One naming style for every view: `Debug`'s fields are the
/// accessors' snake-case names, never a grammar spelling (`reg-name`,
/// `IPv6address`, `NID`), with a field for no capture the entry never has
/// and a `&str` (no `Some`) for one it always has, as `View::PRESENCE`
/// says.
fn debug_follows_the_accessors<'a, V: uridfa::View<'a> + std::fmt::Debug>(v: V) {
    use uridfa::Presence;
    let d = format!("{v:?}");
    for (name, presence) in V::CAPTURES.iter().zip(V::PRESENCE) {
        let snake: String = name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        if snake != *name {
            assert!(!d.contains(&format!(" {name}: ")), "{name} in {d}");
        }
        match presence {
            Presence::Never => assert!(!d.contains(&format!(" {snake}: ")), "{snake} in {d}"),
            Presence::Always => {
                if let Some(at) = d.find(&format!(" {snake}: ")) {
                    let value = &d[at + snake.len() + 3..];
                    assert!(value.starts_with('"'), "{snake} is not a &str in {d}");
                }
            }
            _ => {}
        }
    }
}

#[test]
fn one_naming_style_in_debug() -> Result<(), uridfa::Error> {
    debug_follows_the_accessors(uridfa::rfc3986::UriRef::parse("http://[::1]:8/a?b#c")?);
    debug_follows_the_accessors(uridfa::rfc3986::Uri::parse("http://a_b/")?);
    debug_follows_the_accessors(uridfa::rfc3986::AbsoluteUri::parse("http://1.2.3.4/")?);
    debug_follows_the_accessors(uridfa::rfc3986::RelativeRef::parse("//[v7.x]/")?);
    debug_follows_the_accessors(uridfa::rfc3987::IriRef::parse("http://\u{e9}/")?);
    debug_follows_the_accessors(uridfa::rfc6874::UriRef::parse("http://[fe80::1%25en1]/")?);
    debug_follows_the_accessors(uridfa::rfc8141::Urn::parse("urn:example:a?+r?=q#f")?);
    debug_follows_the_accessors(uridfa::rfc8089::FileUri::parse("file://h/etc/x")?);
    debug_follows_the_accessors(uridfa::rfc2396::UriRef::parse("http://a/b")?);
    debug_follows_the_accessors(uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse(
        "http://a/b",
    )?);
    debug_follows_the_accessors(uridfa::draft_fielding_url_syntax_05::UrlRef::parse(
        "http://a/b;x",
    )?);
    debug_follows_the_accessors(uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef::parse(
        "urn:example:a",
    )?);
    Ok(())
}
