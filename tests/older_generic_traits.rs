//! The traits of the grammars before RFC 3986 (`rfc2396::Rfc2396Ref`,
//! `draft_fielding_uri_rfc2396bis_01::Rfc2396bis01Ref`,
//! `draft_fielding_url_syntax_05::UrlSyntax05Ref`): still usable by their
//! paths, as bounds of generic code and through the prelude, on every view
//! of their grammar. That no other view implements them is the
//! `compile_fail` example of `Rfc2396Ref`; the view it tries is a `View`
//! (below), so it fails for that reason only.

use uridfa::draft_fielding_uri_rfc2396bis_01::{self as bis, Rfc2396bis01Ref};
use uridfa::draft_fielding_url_syntax_05::{self as url05, UrlSyntax05Ref};
use uridfa::rfc2396::{self, Rfc2396Ref};
use uridfa::View;

fn port_2396<'a, V: Rfc2396Ref<'a>>(v: V) -> Option<u16> {
    v.port_u16()
}

fn port_bis<'a, V: Rfc2396bis01Ref<'a>>(v: V) -> Option<u16> {
    v.port_u16()
}

fn port_05<'a, V: UrlSyntax05Ref<'a>>(v: V) -> Option<u16> {
    v.port_u16()
}

#[test]
fn the_old_paths_bound_generic_code_over_every_view() {
    // RFC 2396 §3.2.2: `hostport = host [ ":" port ]`.
    assert_eq!(
        port_2396(rfc2396::UriRef::parse("http://a:8080/").unwrap()),
        Some(8080)
    );
    assert_eq!(
        port_2396(rfc2396::AbsoluteUri::parse("http://a:81/").unwrap()),
        Some(81)
    );
    assert_eq!(
        port_2396(rfc2396::RelativeUri::parse("//a:82/b").unwrap()),
        Some(82)
    );
    assert_eq!(
        port_bis(bis::AbsoluteUriRef::parse("http://a:83/#f").unwrap()),
        Some(83)
    );
    assert_eq!(port_bis(bis::RelativeUri::parse("//a/").unwrap()), None);
    assert_eq!(
        port_05(url05::AbsoluteUrl::parse("ftp://a:21/").unwrap()),
        Some(21)
    );
    assert_eq!(
        port_05(url05::RelativeUrl::parse("//a:65536/").unwrap()),
        None
    );
}

/// A view of RFC 3986 under another name: the view the `compile_fail`
/// example tries to give `Rfc2396Ref`.
#[derive(Clone, Copy)]
struct Mine<'a>(uridfa::rfc3986::Uri<'a>);

impl<'a> View<'a> for Mine<'a> {
    type Grammar = uridfa::rfc3986::Rfc3986;
    const GRAMMAR: &'static str = "rfc3986";
    const RULE: &'static str = "URI";
    const CAPTURES: &'static [&'static str] = <uridfa::rfc3986::Uri<'a> as View<'a>>::CAPTURES;
    const PRESENCE: &'static [uridfa::Presence] = <uridfa::rfc3986::Uri<'a> as View<'a>>::PRESENCE;
    fn as_str(&self) -> &'a str {
        View::as_str(&self.0)
    }
    fn get(&self, i: usize) -> Option<&'a str> {
        View::get(&self.0, i)
    }
    fn span(&self, i: usize) -> Option<(usize, usize)> {
        View::span(&self.0, i)
    }
}

#[test]
fn the_compile_fail_examples_view_is_a_view() {
    let m = Mine(uridfa::rfc3986::Uri::parse("http://a:8080/").unwrap());
    assert_eq!(m.capture("port"), Some("8080"));
}
