//! The family on a derived view: a grammar of one's own whose captures
//! are named as RFC 3986 names them joins the family with one `impl
//! uridfa::family::Generic` on its struct, naming the owned reference its
//! results parse into; its view then has `GenericRef` (host kind, port,
//! pairs, `resolve_into`, `make_relative_into`) and `Resolve` (an owned,
//! typed `resolve` and `make_relative`) by blanket impls, and, since the
//! grammar says `;@ family generic`, the same methods as its own: no trait
//! is imported here. Expected values from RFC 3986 §5.4.1.

/// `scheme "://" authority path-abempty [ "?" query ] [ "#" fragment ]`
/// over RFC 3986's rules.
#[derive(uridfa::Grammar)]
#[grammar = "tests/http_uri.abnf"]
#[entry = "web-URI"]
struct Web;

impl uridfa::family::Generic for Web {
    type Target = uridfa::rfc3986::UriRefBuf;
}

/// Generic code reaches the derived view through the family's traits.
fn port<'a, V: uridfa::family::GenericRef<'a>>(v: &V) -> Option<u16> {
    v.port_u16()
}

#[test]
fn a_derived_view_resolves_and_inverts() -> Result<(), Box<dyn std::error::Error>> {
    let base = Web::parse("http://a/b/c/d;p?q")?;
    assert_eq!(base.port_u16(), None);
    assert_eq!(port(&Web::parse("http://a:8042/")?), Some(8042));
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
