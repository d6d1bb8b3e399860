//! The family traits on a derived view: a grammar of one's own
//! whose captures are named as RFC 3986 names them gets `GenericRef`
//! (host kind, port, pairs, `resolve_into`, `make_relative_into`) with an
//! empty `impl`, and an owned, typed `resolve` and `make_relative` with
//! `Resolve` and its `Target`. Expected values from RFC 3986 §5.4.1.

use uridfa::prelude::*;

/// `scheme "://" authority path-abempty [ "?" query ] [ "#" fragment ]`
/// over RFC 3986's rules.
#[derive(uridfa::Grammar)]
#[grammar = "tests/http_uri.abnf"]
#[entry = "web-URI"]
struct Web;

impl<'a> uridfa::family::GenericRef<'a> for WebView<'a> {}
impl<'a> uridfa::family::Resolve<'a> for WebView<'a> {
    type Target = uridfa::rfc3986::UriRefBuf;
}

#[test]
fn a_derived_view_resolves_and_inverts() -> Result<(), Box<dyn std::error::Error>> {
    let base = Web::parse("http://a/b/c/d;p?q")?;
    assert_eq!(base.port_u16(), None);
    // §5.4.1: `../g` is `http://a/b/g`, typed as RFC 3986's owned reference.
    let t: uridfa::rfc3986::UriRefBuf = base.resolve("../g")?;
    assert_eq!(t.to_string(), "http://a/b/g");
    assert_eq!(t.as_view().path(), "/b/g");
    let mut buf = [0u8; 32];
    let n = base.resolve_into("g?y#s", &mut buf)?;
    assert_eq!(&buf[..n], b"http://a/b/c/g?y#s");
    // The inverse.
    assert_eq!(base.make_relative("http://a/b/g")?.as_str(), "../g");
    let n = base.make_relative_into("http://a/b/c/d;p?y", &mut buf)?;
    assert_eq!(&buf[..n], b"?y");
    // Debug as the built-in views: the accessors by name.
    let d = format!("{base:?}");
    assert!(d.contains(r#"path: "/b/c/d;p""#), "{d}");
    assert!(d.contains(r#"reg_name: Some("a")"#), "{d}");
    Ok(())
}
