//! What a family of grammars adds to its views, written once as generic
//! Rust over [`View`]: the methods are found by the captures a grammar
//! names, so they hold for every view whose grammar names them the same
//! way, built-in or derived.
//!
//! A grammar's marker type (`uridfa::rfc3986::Rfc3986`, ..., the
//! [`View::Grammar`] of its views) is its handle: implementing the
//! family's marker trait on it gives every view of the grammar the
//! family's traits, by blanket impls.
//!
//! | marker trait | traits its views get | methods |
//! |---|---|---|
//! | [`Generic`] (`rfc3986`, `rfc3987`, `rfc6874`, `rfc8089`) | [`GenericRef`] | `host_kind`, `host_ip`, `port_u16`, `path_segments`, `query_pairs`, `query_pairs_form`, `resolve_into`, `make_relative_into`, `normalize_into` |
//! | | [`Resolve`] (`alloc`) | `resolve`, `make_relative`, `normalize`, into [`Generic::Target`] |
//! | [`url::Url`] (`rfc1738`, `draft_ietf_uri_url_06`) | [`url::UrlRef`] and one trait per scheme of RFC 1738 §3 (see [`url`]) | `scheme`, `host`, `port_u16`, `port_or_default` (from one table of default ports), `path`; `cwd`, `typecode`, `selector`, ... |
//! | [`older::Older`] (`rfc2396`, `draft_fielding_uri_rfc2396bis_01`, `draft_fielding_url_syntax_05`; sealed) | [`older::OlderRef`] (see [`older`]) | `authority_kind`, `host_kind` (each grammar's own kinds), `port_u16`, `path`, `path_kind`, `opaque_part`, `scheme_specific_part`, `path_segments`, `segments`, `params`, `query_pairs`, `to_builder` |
//!
//! The views of a grammar that says `;@ family generic` (every built-in
//! one above; `;@ family url` and `;@ family older` for the other two
//! rows) also have these methods as their own, each a call of the
//! trait's, so they need no import:
//!
//! ```
//! use uridfa::rfc3986::UriRef;
//! let r = UriRef::parse("http://a/b/c/d;p?q")?.resolve("../g")?; // RFC 3986 §5.4.1
//! assert_eq!(r.as_str(), "http://a/b/g");
//! assert_eq!(r.as_view().host_kind(), Some(uridfa::rfc3986::HostKind::RegName));
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! The traits are for code generic over views; [`crate::prelude`] brings
//! them into scope at once (`use uridfa::prelude::*;`). The IRI mapping's
//! are in its module: [`crate::iri::MapToIri`] on `rfc3986`'s views,
//! [`crate::iri::MapToUri`] on `rfc3987`'s.
//!
//! A grammar of one's own (`#[derive(uridfa::Grammar)]`) joins the family
//! with one impl on the derive's struct, when its captures are named as
//! RFC 3986 names them (`host` or `ihost`, `port`, `path` or `ipath`,
//! `query` or `iquery`; the host kinds `IPv6address`, `IPvFuture`,
//! `IPv4address`), naming the owned reference its results parse into:
//! `impl uridfa::family::Generic for MyGrammar { type Target =
//! uridfa::rfc3986::UriRefBuf; }`. With `;@ family generic` in its file,
//! its view has the methods as its own too.
//!
//! ```
//! use uridfa::prelude::*;
//! let r = uridfa::rfc3986::Uri::parse("http://[::1]:8080/a/b%20c?x=1")?;
//! assert_eq!(r.port_u16(), Some(8080));
//! assert!(r.host_ip().is_some_and(|ip| ip.is_loopback()));
//! assert_eq!(r.path_segments().count(), 2);
//! # Ok::<(), uridfa::Error>(())
//! ```

use crate::view::{first_of, Facts, View};

pub use crate::parts::HostKind;

#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
pub mod url;
#[cfg(any(feature = "rfc1738", feature = "draft-ietf-uri-url-06"))]
pub use url::{Url, UrlRef};

#[cfg(any(
    feature = "rfc2396",
    feature = "draft-fielding-uri-rfc2396bis-01",
    feature = "draft-fielding-url-syntax-05"
))]
pub mod older;
#[cfg(any(
    feature = "rfc2396",
    feature = "draft-fielding-uri-rfc2396bis-01",
    feature = "draft-fielding-url-syntax-05"
))]
pub use older::{Older, OlderRef};

/// A grammar of the RFC 3986 family, as a type: implemented on the marker
/// of `rfc3986`, `rfc3987`, `rfc6874` and `rfc8089` (and on a derived
/// grammar's struct, see the [module docs](self)). Every view whose
/// grammar implements it has [`GenericRef`] and, with `alloc`,
/// [`Resolve`], by the blanket impls below; nothing is implemented per
/// view.
///
/// # Example
///
/// ```
/// use uridfa::family::Generic;
/// // The owned reference that an IRI view's `resolve` returns.
/// let t: <uridfa::rfc3987::Rfc3987 as Generic>::Target = "http://\u{e9}.example/a".parse()?;
/// assert_eq!(t.as_view().host(), Some("\u{e9}.example"));
/// # Ok::<(), uridfa::Error>(())
/// ```
pub trait Generic: Facts {
    /// The owned reference that [`Resolve`]'s results are parsed into:
    /// the grammar's own (`rfc3986::UriRefBuf`, `rfc3987::IriRefBuf`,
    /// `rfc6874::UriRefBuf`), or RFC 3986's for a grammar that resolves
    /// in RFC 3986's syntax without a reference type of its own
    /// (`rfc8089`).
    #[cfg(feature = "alloc")]
    type Target: core::str::FromStr<Err = crate::Error> + core::fmt::Display;
}

impl<'a, V: View<'a>> GenericRef<'a> for V where V::Grammar: Generic {}

#[cfg(feature = "alloc")]
impl<'a, V: View<'a>> Resolve<'a> for V
where
    V::Grammar: Generic,
{
    type Target = <V::Grammar as Generic>::Target;
}

/// What RFC 3986 adds to every view of its family (`rfc3986`, `rfc3987`,
/// `rfc6874`, `rfc8089`): the host's kind and address, the port as a
/// number, the path's segments and the query's pairs, percent-decoded,
/// resolution and normalization into buffers. Implemented for every view
/// whose grammar implements [`Generic`].
pub trait GenericRef<'a>: View<'a> {
    /// Which alternative of the host rule matched (its `;@ kind`), in the
    /// rule's order: an `IPv6address` (with or without an RFC 6874 zone),
    /// an `IPvFuture`, an `IPv4address` (decided after the match), else a
    /// `reg-name`; `None` without an authority.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// use uridfa::rfc3986::{HostKind, UriRef};
    /// assert_eq!(UriRef::parse("http://[::1]/")?.host_kind(), Some(HostKind::Ipv6));
    /// assert_eq!(UriRef::parse("http://192.168.0.300/")?.host_kind(), Some(HostKind::RegName));
    /// assert_eq!(UriRef::parse("/a")?.host_kind(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn host_kind(&self) -> Option<HostKind> {
        use crate::parts::HostKind;
        let host = const { first_of(Self::CAPTURES, &["host", "ihost"]) };
        let v6 = const { first_of(Self::CAPTURES, &["IPv6address"]) };
        let future = const { first_of(Self::CAPTURES, &["IPvFuture"]) };
        let v4 = const { first_of(Self::CAPTURES, &["IPv4address"]) };
        self.span(host)?;
        // Kinds in the `;@ kind` order: an IPv4address inside an IPv6
        // literal (ls32) must not make the host an IPv4 address.
        Some(if self.span(v6).is_some() {
            HostKind::Ipv6
        } else if self.span(future).is_some() {
            HostKind::IpvFuture
        } else if self.get(v4).is_some() {
            HostKind::Ipv4
        } else {
            HostKind::RegName
        })
    }

    /// The host as an IP address: an `IPv4address`, or the `IPv6address`
    /// of an `IP-literal` (RFC 3986 §3.2.2), without an RFC 6874 zone ID;
    /// `None` for a reg-name, an `IPvFuture` or no authority.
    ///
    /// # Example
    ///
    /// ```
    /// use core::net::{IpAddr, Ipv4Addr, Ipv6Addr};
    /// use uridfa::prelude::*;
    /// use uridfa::rfc3986::UriRef;
    /// let v6 = UriRef::parse("ldap://[2001:db8::7]/c=GB?objectClass?one")?;
    /// assert_eq!(v6.host_ip(), Some(IpAddr::V6(Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 7))));
    /// let v4 = UriRef::parse("telnet://192.0.2.16:80/")?;
    /// assert_eq!(v4.host_ip(), Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 16))));
    /// assert_eq!(UriRef::parse("http://192.168.0.300/")?.host_ip(), None); // a reg-name
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn host_ip(&self) -> Option<core::net::IpAddr> {
        let host = const { first_of(Self::CAPTURES, &["host", "ihost"]) };
        crate::parts::host_ip(self.get(host)?, self.host_kind()?)
    }

    /// The port as a number: `None` if absent, empty, or above 65535
    /// (the grammar allows any `*DIGIT`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::rfc3986::UriRef::parse("http://h:8042/")?;
    /// assert_eq!(r.port_u16(), Some(8042));
    /// assert_eq!(uridfa::rfc3986::UriRef::parse("http://h:/")?.port_u16(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn port_u16(&self) -> Option<u16> {
        let port = const { first_of(Self::CAPTURES, &["port"]) };
        crate::parts::port_u16(self.get(port)?)
    }

    /// The path's segments, percent-decoded: see
    /// [`crate::pct::PathSegments`] for the exact split (one leading `/`
    /// does not start an empty segment; the empty path has none).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::rfc3986::UriRef::parse("http://h/a%20b/c%2Fd?x=1%202&y")?;
    /// let mut segs = r.path_segments();
    /// assert!(segs.next().unwrap().eq_str("a b"));
    /// assert!(segs.next().unwrap().eq_str("c/d"));
    /// assert!(segs.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        let path = const { first_of(Self::CAPTURES, &["path", "ipath"]) };
        crate::pct::PathSegments::new(self.get(path).unwrap_or(""))
    }

    /// The query's `key=value` pairs, percent-decoded, or `None` without a
    /// query: see [`crate::pct::QueryPairs`] (split at `&`, then at the
    /// first `=`; no `+` to space).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::rfc3986::UriRef::parse("http://h/a%20b/c%2Fd?x=1%202&y")?;
    /// let mut pairs = r.query_pairs().unwrap();
    /// let (k, v) = pairs.next().unwrap();
    /// assert!(k.eq_str("x") && v.unwrap().eq_str("1 2"));
    /// let (k, v) = pairs.next().unwrap();
    /// assert!(k.eq_str("y") && v.is_none());
    /// assert!(pairs.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn query_pairs(&self) -> Option<crate::pct::QueryPairs<'a>> {
        let query = const { first_of(Self::CAPTURES, &["query", "iquery"]) };
        Some(crate::pct::QueryPairs::new(self.get(query)?))
    }

    /// The query read as an HTML form (`application/x-www-form-urlencoded`,
    /// the WHATWG URL Standard's urlencoded parser), or `None` without a
    /// query: see [`crate::pct::FormPairs`] (split at `&`, empty pieces
    /// skipped, then at the first `=`; `+` is a space; a missing value is
    /// empty). Each name and value displays as its text.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::rfc3986::UriRef::parse("http://h/s?q=caf%C3%A9+au+lait&lang=fr&&x")?;
    /// let pairs: Vec<(String, String)> = r
    ///     .query_pairs_form()
    ///     .unwrap()
    ///     .map(|(k, v)| (k.to_string(), v.to_string()))
    ///     .collect();
    /// assert_eq!(pairs, [("q".into(), "café au lait".into()), ("lang".into(), "fr".into()), ("x".into(), "".into())]);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn query_pairs_form(&self) -> Option<crate::pct::FormPairs<'a>> {
        let query = const { first_of(Self::CAPTURES, &["query", "iquery"]) };
        Some(crate::pct::FormPairs::new(self.get(query)?))
    }

    /// Resolves `reference` against this view as the base (RFC 3986 §5.2,
    /// strict, [`crate::resolve::Options::default`]; RFC 3987's syntax for
    /// the views of `rfc3987`) into `out`: the target's length, without
    /// allocating. [`Resolve::resolve`] gives an owned, typed target.
    ///
    /// # Errors
    ///
    /// [`crate::resolve::ResolveError::InvalidBase`] when this view has no
    /// scheme (a relative reference is no base, §5.1),
    /// [`crate::resolve::ResolveError::InvalidReference`] when `reference`
    /// is not a `URI-reference` (an RFC 6874 zone ID is not read by the
    /// RFC 3986 syntax), and
    /// [`crate::resolve::ResolveError::BufferTooSmall`] with the exact
    /// length needed.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let base = uridfa::rfc3986::Uri::parse("http://a/b/c/d;p?q")?;
    /// let mut buf = [0u8; 32];
    /// let n = base.resolve_into("g;x?y#s", &mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/b/c/g;x?y#s"); // §5.4.1
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn resolve_into(
        &self,
        reference: &str,
        out: &mut [u8],
    ) -> Result<usize, crate::resolve::ResolveError> {
        crate::resolve::resolve_into(
            View::as_str(self),
            reference,
            resolve_options::<Self>(),
            out,
        )
    }

    /// The inverse of resolution, into `out`: a reference `r`, as short
    /// as RFC 3986 §4.2's forms allow, such that resolving `r` against
    /// this view gives `target` (after `target`'s own resolution against
    /// it, which removes dot segments); `target` itself when no relative
    /// form resolves to it (another scheme, or this view has an authority
    /// and `target` none). See [`crate::resolve::make_relative_into`];
    /// [`Resolve::make_relative`] gives an owned, typed reference.
    ///
    /// # Errors
    ///
    /// As [`crate::resolve::make_relative_into`]: this view is no base
    /// (no scheme), `target` is no reference, or `out` cannot hold the
    /// resolved target.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let base = uridfa::rfc3986::Uri::parse("http://a/b/c/d;p?q")?;
    /// let mut buf = [0u8; 32];
    /// let n = base.make_relative_into("http://a/b/g?y", &mut buf)?;
    /// assert_eq!(&buf[..n], b"../g?y");
    /// let n = base.resolve_into("../g?y", &mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/b/g?y");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn make_relative_into(
        &self,
        target: &str,
        out: &mut [u8],
    ) -> Result<usize, crate::resolve::ResolveError> {
        crate::resolve::make_relative_into(
            View::as_str(self),
            target,
            resolve_options::<Self>().syntax,
            out,
        )
    }

    /// This reference normalized by `steps` (RFC 3986 §6.2's ladder; RFC
    /// 3987's or RFC 6874's for their views, RFC 3986's for the others)
    /// into `out`: the result's length, without allocating. See
    /// [`crate::normalize::Syntax::normalize_into`];
    /// [`Resolve::normalize`] gives an owned, typed reference.
    ///
    /// # Errors
    ///
    /// [`crate::normalize::NormalizeError::BufferTooSmall`] with the
    /// exact length needed;
    /// [`crate::normalize::NormalizeError::NotCompiledIn`] when the
    /// ladder's grammar is left out.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Steps;
    /// use uridfa::prelude::*;
    /// let r = uridfa::rfc3986::UriRef::parse("HTTP://www.EXAMPLE.com/a/./b/%7e")?;
    /// let mut buf = [0u8; 32];
    /// let n = r.normalize_into(Steps::ALL, &mut buf)?;
    /// assert_eq!(&buf[..n], b"http://www.example.com/a/b/~"); // §6.2.2
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn normalize_into(
        &self,
        steps: crate::normalize::Steps,
        out: &mut [u8],
    ) -> Result<usize, crate::normalize::NormalizeError> {
        normalize_syntax::<Self>().normalize_into(View::as_str(self), steps, out)
    }
}

/// `base.resolve(reference)` with an owned, typed result: what the views
/// of the RFC 3986 family (and a derived view that names its captures as
/// RFC 3986 does) resolve to. The target is parsed once into
/// [`Resolve::Target`], the owned reference of the grammar the resolution
/// wrote in: `rfc3986::UriRefBuf` for RFC 3986 (and RFC 8089) views,
/// `rfc3987::IriRefBuf` for IRI views, `rfc6874::UriRefBuf` for RFC 6874
/// views. It displays as the target, and its `as_view()` has the
/// accessors (`scheme()`, `host()`, `path()`, ...).
///
/// Implemented for every view whose grammar implements [`Generic`], with
/// [`Generic::Target`] as its target.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
/// use uridfa::rfc3986::UriRef;
/// let base = UriRef::parse("http://a/b/c/d;p?q")?;
/// let target = base.resolve("../g")?; // RFC 3986 §5.4.1
/// assert_eq!(target.to_string(), "http://a/b/g");
/// assert_eq!(target.as_view().host(), Some("a"));
/// assert_eq!(target.as_view().path(), "/b/g");
/// assert!(UriRef::parse("../g")?.resolve("x").is_err()); // no base (§5.1)
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub trait Resolve<'a>: GenericRef<'a> {
    /// The owned reference the target is parsed into.
    type Target: core::str::FromStr<Err = crate::Error> + core::fmt::Display;

    /// Resolves `reference` against this view as the base (RFC 3986 §5.2,
    /// strict, [`crate::resolve::Options::default`]; RFC 3987's syntax for
    /// the views of `rfc3987`), and parses the target once into
    /// [`Resolve::Target`]. [`GenericRef::resolve_into`] does the same
    /// into a buffer, without allocating.
    ///
    /// # Errors
    ///
    /// [`crate::resolve::ResolveError::InvalidBase`] when this view has no
    /// scheme (a relative reference is no base, §5.1),
    /// [`crate::resolve::ResolveError::InvalidReference`] when `reference`
    /// is not a `URI-reference` (an `IRI-reference` for IRI views), and
    /// [`crate::resolve::ResolveError::InvalidTarget`] when the target is
    /// no reference of [`Resolve::Target`]'s grammar.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let base = uridfa::rfc3987::Iri::parse("http://\u{e9}.example/a/b")?;
    /// let target = base.resolve("../\u{e8}")?; // an `IriRefBuf`
    /// assert_eq!(target.as_str(), "http://\u{e9}.example/\u{e8}");
    /// assert_eq!(target.as_view().host(), Some("\u{e9}.example"));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn resolve(&self, reference: &str) -> Result<Self::Target, crate::resolve::ResolveError> {
        let text =
            crate::resolve::resolve(View::as_str(self), reference, resolve_options::<Self>())?;
        text.parse()
            .map_err(crate::resolve::ResolveError::InvalidTarget)
    }

    /// The inverse of [`Resolve::resolve`]: a reference, parsed into
    /// [`Resolve::Target`], that resolves against this view to `target`
    /// (RFC 3986 §5.2; see [`GenericRef::make_relative_into`] for the
    /// forms and when `target` itself is the answer).
    ///
    /// # Errors
    ///
    /// As [`GenericRef::make_relative_into`] (without the buffer), and
    /// [`crate::resolve::ResolveError::InvalidTarget`] as
    /// [`Resolve::resolve`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let base = uridfa::rfc3986::UriRef::parse("http://a/b/c/d;p?q")?;
    /// let r = base.make_relative("http://a/b/x:y")?;
    /// assert_eq!(r.to_string(), "../x:y");
    /// assert_eq!(base.resolve(r.as_str())?.to_string(), "http://a/b/x:y");
    /// let same = base.make_relative("http://a/b/c/x:y")?;
    /// assert_eq!(same.as_str(), "./x:y"); // `x:y` would be a scheme (§4.2)
    /// assert_eq!(base.make_relative("https://a/b")?.as_str(), "https://a/b");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn make_relative(&self, target: &str) -> Result<Self::Target, crate::resolve::ResolveError> {
        let text = crate::resolve::make_relative(
            View::as_str(self),
            target,
            resolve_options::<Self>().syntax,
        )?;
        text.parse()
            .map_err(crate::resolve::ResolveError::InvalidTarget)
    }

    /// This reference normalized by `steps` (see
    /// [`GenericRef::normalize_into`] for the ladder), parsed into
    /// [`Resolve::Target`].
    ///
    /// # Errors
    ///
    /// [`crate::normalize::NormalizeError::NotCompiledIn`] when the
    /// ladder's grammar is left out, and
    /// [`crate::normalize::NormalizeError::Invalid`] when the result is
    /// no reference of [`Resolve::Target`]'s grammar.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Steps;
    /// use uridfa::prelude::*;
    /// let r = uridfa::rfc3986::Uri::parse("example://a/./b/../b/%63/%7bfoo%7d")?;
    /// let n = r.normalize(Steps::ALL)?; // RFC 3986 §6.2.2
    /// assert_eq!(n.as_str(), "example://a/b/c/%7Bfoo%7D");
    /// assert_eq!(n.as_view().path(), "/b/c/%7Bfoo%7D");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn normalize(
        &self,
        steps: crate::normalize::Steps,
    ) -> Result<Self::Target, crate::normalize::NormalizeError> {
        let text = normalize_syntax::<Self>().normalize(View::as_str(self), steps)?;
        text.parse()
            .map_err(crate::normalize::NormalizeError::Invalid)
    }
}

/// The normalization ladder of `V`'s grammar: its own where it has one
/// (`rfc3987`, `rfc6874`), else RFC 3986's.
fn normalize_syntax<'a, V: View<'a>>() -> crate::normalize::Syntax {
    crate::normalize::Syntax::from_name(V::GRAMMAR).unwrap_or(crate::normalize::Syntax::Rfc3986)
}

/// The resolution options for the views of `V`'s grammar: RFC 3986,
/// strict, over the syntax named as the grammar (IRIs for `rfc3987`), else
/// over URIs.
fn resolve_options<'a, V: View<'a>>() -> crate::resolve::Options {
    crate::resolve::Options::default()
        .syntax(crate::resolve::Syntax::from_name(V::GRAMMAR).unwrap_or_default())
}
