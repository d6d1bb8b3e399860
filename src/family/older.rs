//! The older generic syntaxes: RFC 2396 and the two drafts around it
//! (draft-fielding-url-syntax-05 before it, draft-fielding-uri-rfc2396bis-01
//! after it), whose views get one trait, [`OlderRef`], written once as
//! generic Rust over [`View`], reading the captures by name (`scheme`,
//! `authority`, `host`, `port`, `query`, `fragment`, the kinds' own
//! captures such as `server` and `IPv4address`, and the path's rules).
//!
//! | marker trait | trait its views get | methods |
//! |---|---|---|
//! | [`Older`] (`rfc2396`, `draft_fielding_uri_rfc2396bis_01`, `draft_fielding_url_syntax_05`; sealed) | [`OlderRef`] | `authority_kind`, `host_kind`, `port_u16`, `path`, `path_kind`, `opaque_part`, `scheme_specific_part`, `path_segments`, `segments`, `params`, `query_pairs`, `to_builder` |
//!
//! What differs between the three grammars is carried by their markers'
//! [`Older`] impls: the kind types ([`Older::HostKind`],
//! [`Older::AuthorityKind`], [`Older::PathKind`]), which captures name
//! the kinds and the path, and whether a path segment's `;` parameters
//! are read apart. A method whose part a grammar does not have still
//! exists for its views and gives nothing (`None`, or an empty iterator),
//! and it is not among that grammar's views' own methods:
//!
//! | method | `rfc2396` | `draft_fielding_uri_rfc2396bis_01` | `draft_fielding_url_syntax_05` |
//! |---|---|---|---|
//! | `authority_kind` | `server` / `reg_name` (§3.2) | `server` / `reg-name` (§3.2) | `None` (no kinds of `site`) |
//! | `host_kind` | [`rfc2396::HostKind`](crate::rfc2396::HostKind) | [`HostKind`](crate::draft_fielding_uri_rfc2396bis_01::HostKind) | [`HostKind`](crate::draft_fielding_url_syntax_05::HostKind) |
//! | `path_kind` | `None` | [`PathKind`](crate::draft_fielding_uri_rfc2396bis_01::PathKind) | `None` |
//! | `opaque_part` | computed (§3) | the `opaque-part` capture (the view's accessor) | `None` (§4.4) |
//! | `segments`, `params` | none | none | `path_segments` with its `;` parameters (§4.3.2) |
//! | every other method | yes | yes | yes |
//!
//! The views of the three grammars (`;@ family older` in their files)
//! have the methods their grammar has as their own, each a call of the
//! trait's, so they need no import; the trait is for code generic over
//! views. The former per-grammar traits (`rfc2396::Rfc2396Ref`,
//! `draft_fielding_uri_rfc2396bis_01::Rfc2396bis01Ref`,
//! `draft_fielding_url_syntax_05::UrlSyntax05Ref`) are now [`OlderRef`]
//! for the views of one grammar: each has no method of its own, and a
//! bound on it fixes the grammar, so the kinds are that grammar's types.
//!
//! # Example
//!
//! ```
//! use uridfa::family::older::OlderRef;
//!
//! // One function for the views of the three grammars.
//! fn port<'a, V: OlderRef<'a>>(v: V) -> Option<u16> {
//!     v.port_u16()
//! }
//! assert_eq!(port(uridfa::rfc2396::UriRef::parse("http://a:8080/b")?), Some(8080));
//! assert_eq!(port(uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse("//[::1]:81/")?), Some(81));
//! assert_eq!(port(uridfa::draft_fielding_url_syntax_05::UrlRef::parse("ftp://a:21/")?), Some(21));
//! # Ok::<(), uridfa::Error>(())
//! ```
//!
//! A view of any other grammar has none of it:
//!
//! ```compile_fail
//! use uridfa::family::older::OlderRef;
//! let r = uridfa::rfc3986::UriRef::parse("mailto:a@b").unwrap();
//! // RFC 3986 has no opaque part: `rfc3986::Rfc3986` is no `Older`.
//! let _ = OlderRef::opaque_part(&r);
//! ```

use crate::builder::{PartsBuilder, PartsSyntax, SLOT_LEN};
use crate::view::{first_of, View};

/// A grammar of the older generic syntaxes, as a type: implemented on the
/// markers `rfc2396::Rfc2396`, `draft_fielding_uri_rfc2396bis_01::Rfc2396bis01`
/// and `draft_fielding_url_syntax_05::UrlSyntax05`. Sealed, as the
/// builder's [`PartsSyntax`] it extends: every view whose grammar
/// implements it has [`OlderRef`], by a blanket impl.
///
/// # Example
///
/// ```
/// use uridfa::family::older::Older;
/// // RFC 2396 §3.2.2: `host = hostname | IPv4address`.
/// let k: <uridfa::rfc2396::Rfc2396 as Older>::HostKind = uridfa::rfc2396::HostKind::Ipv4;
/// assert_eq!(k.rule_name(), "IPv4address");
/// ```
pub trait Older: PartsSyntax {
    /// Which alternative of the grammar's `host` rule matched
    /// ([`OlderRef::host_kind`]).
    type HostKind: Copy + core::fmt::Debug + Eq + core::hash::Hash;
    /// Which alternative of the grammar's `authority` rule matched
    /// ([`OlderRef::authority_kind`]); [`core::convert::Infallible`] for
    /// a grammar whose authority has one form only (draft 05's `site`).
    type AuthorityKind: Copy + core::fmt::Debug + Eq + core::hash::Hash;
    /// What [`OlderRef::path_kind`] gives: the rule the path matched, or
    /// `Option<Infallible>` (always `None`) for a grammar whose path is
    /// not captured rule by rule.
    type PathKind: Copy + core::fmt::Debug + Eq + core::hash::Hash;
    /// The host's kinds, each with the capture that says it, in the order
    /// they are tested; the last is the kind of a host that none of the
    /// others' captures covers.
    #[doc(hidden)]
    const HOST_KINDS: &'static [(&'static str, Self::HostKind)];
    /// The authority's kinds, as [`Older::HOST_KINDS`]; empty for a
    /// grammar without kinds of authority.
    #[doc(hidden)]
    const AUTHORITY_KINDS: &'static [(&'static str, Self::AuthorityKind)];
    /// The captures that hold the path, in the order they are tested:
    /// the path is the first one present, up to the query when the query
    /// lies inside it.
    #[doc(hidden)]
    const PATHS: &'static [&'static str];
    /// The capture that holds an opaque part (after a scheme, without an
    /// authority, not starting with `/`); empty for a grammar that
    /// reports none.
    #[doc(hidden)]
    const OPAQUE_PART: &'static [&'static str];
    /// Whether the path's segments give their `;` parameters apart.
    #[doc(hidden)]
    const SEGMENT_PARAMS: bool;
    /// The path's kind in a view of the grammar.
    #[doc(hidden)]
    fn path_kind<'a, V: View<'a, Grammar = Self>>(v: &V) -> Self::PathKind;
}

/// How many kinds of one component a grammar may list
/// ([`Older::HOST_KINDS`], [`Older::AUTHORITY_KINDS`]) or how many path
/// captures ([`Older::PATHS`]).
const KINDS_MAX: usize = 4;

/// The capture index of each name, `usize::MAX` for a name that is no
/// capture and past the names; for `const` blocks.
const fn indices(captures: &[&str], names: &[&str]) -> [usize; KINDS_MAX] {
    assert!(names.len() <= KINDS_MAX, "more names than KINDS_MAX");
    let mut out = [usize::MAX; KINDS_MAX];
    let mut i = 0;
    while i < names.len() {
        out[i] = first_of(captures, &[names[i]]);
        i += 1;
    }
    out
}

/// [`indices`] of the names of a kinds table.
const fn kind_indices<K: Copy>(captures: &[&str], kinds: &[(&str, K)]) -> [usize; KINDS_MAX] {
    assert!(kinds.len() <= KINDS_MAX, "more kinds than KINDS_MAX");
    let mut out = [usize::MAX; KINDS_MAX];
    let mut i = 0;
    while i < kinds.len() {
        out[i] = first_of(captures, &[kinds[i].0]);
        i += 1;
    }
    out
}

/// The kind of capture `whole` in `v`: `None` without it (or without
/// kinds), else the first of `kinds` whose capture (index in `at`) is
/// present, the last kind when none of the others is.
fn kind_of<'a, V: View<'a>, K: Copy>(
    v: &V,
    whole: usize,
    at: [usize; KINDS_MAX],
    kinds: &[(&str, K)],
) -> Option<K> {
    v.span(whole)?;
    let (&(_, otherwise), tested) = kinds.split_last()?;
    Some(
        tested
            .iter()
            .zip(at)
            .find(|&(_, i)| v.span(i).is_some())
            .map_or(otherwise, |(&(_, k), _)| k),
    )
}

/// The path of `v` as its grammar reads it ([`OlderRef::path`]).
fn path<'a, V: View<'a>>(v: &V) -> &'a str
where
    V::Grammar: Older,
{
    let at = const { indices(V::CAPTURES, <V::Grammar as Older>::PATHS) };
    let query = const { first_of(V::CAPTURES, &["query"]) };
    let Some((start, end)) = at.into_iter().find_map(|i| v.span(i)) else {
        return "";
    };
    // Draft 05's `abs_path = "/" rel_path` holds the query: end before
    // its "?".
    let end = match v.span(query) {
        Some((q, _)) if q > start && q <= end => q - 1,
        _ => end,
    };
    v.as_str().get(start..end).unwrap_or("")
}

/// The opaque part of `v` ([`OlderRef::opaque_part`]).
fn opaque_part<'a, V: View<'a>>(v: &V) -> Option<&'a str>
where
    V::Grammar: Older,
{
    let [scheme, authority, part] = const {
        [
            first_of(V::CAPTURES, &["scheme"]),
            first_of(V::CAPTURES, &["authority"]),
            first_of(V::CAPTURES, <V::Grammar as Older>::OPAQUE_PART),
        ]
    };
    v.get(scheme)?;
    if v.span(authority).is_some() {
        return None;
    }
    let p = v.get(part)?;
    if p.is_empty() || p.starts_with('/') {
        None
    } else {
        Some(p)
    }
}

/// The segments of capture `path-segments`, with their parameters
/// ([`OlderRef::segments`]).
fn segments<'a, V: View<'a>>(v: &V) -> crate::pct::PathSegments<'a> {
    let at = const { first_of(V::CAPTURES, &["path-segments"]) };
    match v.get(at) {
        Some(p) => crate::pct::PathSegments::split_all(p).with_params(),
        None => crate::pct::PathSegments::new(""),
    }
}

/// The components of a view in the slots of [`PartsBuilder`], by the
/// names the three grammars give them (the builder's `read_back`, which
/// the generator writes beside each grammar's first view for `;@ family
/// older`): a `reg_name` authority (one that
/// is no `server`) in its own slot; the empty `server` of RFC 2396's
/// `file:///x`, or draft 05's empty `site`, as the empty host; the path
/// as the grammar reads it.
pub(crate) fn slots<'a, V: View<'a>>(v: &V) -> [Option<&'a str>; SLOT_LEN]
where
    V::Grammar: Older,
{
    let [scheme, userinfo, user, password, host, port, authority, server, site, query, fragment] = const {
        let c = V::CAPTURES;
        [
            first_of(c, &["scheme"]),
            first_of(c, &["userinfo"]),
            first_of(c, &["user"]),
            first_of(c, &["password"]),
            first_of(c, &["host"]),
            first_of(c, &["port"]),
            first_of(c, &["authority"]),
            first_of(c, &["server"]),
            first_of(c, &["authority", "site"]),
            first_of(c, &["query"]),
            first_of(c, &["fragment"]),
        ]
    };
    let reg = v.span(authority).is_some() && v.span(server).is_none();
    let host = if reg {
        None
    } else {
        v.get(host).or(v.get(site).filter(|s| s.is_empty()))
    };
    [
        v.get(scheme),
        v.get(userinfo),
        v.get(user),
        v.get(password),
        host,
        v.get(port),
        if reg { v.get(authority) } else { None },
        Some(path(v)),
        v.get(query),
        v.get(fragment),
    ]
}

impl<'a, V: View<'a>> OlderRef<'a> for V where V::Grammar: Older {}

/// What the older generic syntaxes add to their views: the kinds of
/// authority, host and path, the port as a number, the path however it
/// matched, the opaque and scheme-specific parts, segments, parameters
/// and pairs, and a builder. Implemented for every view whose grammar
/// implements [`Older`] (see the [module docs](self) for what each
/// grammar has), and in [`crate::prelude`].
pub trait OlderRef<'a>: View<'a, Grammar: Older> {
    /// Which alternative of `authority` matched: RFC 2396's and
    /// 2396bis-01's `server` or `reg_name` (§3.2); `None` without an
    /// authority, and always for draft 05 (its `site` has one form).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc2396::{AuthorityKind, UriRef};
    /// // §3.2.1: `_` is no hostname character, but a reg_name one.
    /// assert_eq!(UriRef::parse("x://a_b/c")?.authority_kind(), Some(AuthorityKind::RegName));
    /// assert_eq!(UriRef::parse("http://a/c")?.authority_kind(), Some(AuthorityKind::Server));
    /// assert_eq!(UriRef::parse("/c")?.authority_kind(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn authority_kind(&self) -> Option<<Self::Grammar as Older>::AuthorityKind> {
        let kinds = <Self::Grammar as Older>::AUTHORITY_KINDS;
        let whole = const { first_of(Self::CAPTURES, &["authority"]) };
        let at = const { kind_indices(Self::CAPTURES, <Self::Grammar as Older>::AUTHORITY_KINDS) };
        kind_of(self, whole, at, kinds)
    }

    /// Which alternative of `host` matched, in the grammar's own kinds;
    /// `None` without a host.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::{HostKind, UriRef};
    /// // §3.2.2: `host = IPv6reference / IPv4address / hostname`.
    /// assert_eq!(UriRef::parse("http://[::1]/")?.host_kind(), Some(HostKind::Ipv6Reference));
    /// assert_eq!(UriRef::parse("http://10.0.0.1/")?.host_kind(), Some(HostKind::Ipv4Address));
    /// assert_eq!(UriRef::parse("http://1.2.3.256/")?.host_kind(), Some(HostKind::Hostname));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn host_kind(&self) -> Option<<Self::Grammar as Older>::HostKind> {
        let kinds = <Self::Grammar as Older>::HOST_KINDS;
        let whole = const { first_of(Self::CAPTURES, &["host"]) };
        let at = const { kind_indices(Self::CAPTURES, <Self::Grammar as Older>::HOST_KINDS) };
        kind_of(self, whole, at, kinds)
    }

    /// The port as a number: `None` if absent, empty, or above 65535 (the
    /// grammars allow any `*digit`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_url_syntax_05::UrlRef;
    /// assert_eq!(UrlRef::parse("http://a:8080/")?.port_u16(), Some(8080));
    /// assert_eq!(UrlRef::parse("http://a:65536/")?.port_u16(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn port_u16(&self) -> Option<u16> {
        let port = const { first_of(Self::CAPTURES, &["port"]) };
        crate::parts::port_u16(self.get(port)?)
    }

    /// The path, however it matched. RFC 2396 (§3.3): the `abs_path` of
    /// a `net_path` or `hier_part`, the `abs_path` or `rel_path` of a
    /// relative URI, or the `opaque_part` of an opaque URI. 2396bis-01 (§3,
    /// §3.3, §5): whichever of `abs-path`, `opaque-part` or `rel-path`
    /// matched ([`Self::path_kind`]). Draft 05 (§4.3.2): an `abs_path`
    /// without its query (with its leading `/`), or the `path_segments`
    /// of a `rel_path`. Always defined, possibly empty (`//host`, or an
    /// empty reference).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc2396::UriRef::parse("g;x?y#s")?;
    /// assert_eq!(r.path(), "g;x");
    /// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("http://a/b/c?q")?;
    /// assert_eq!(u.path(), "/b/c");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path(&self) -> &'a str {
        path(self)
    }

    /// Which rule the path matched: 2396bis-01's
    /// [`PathKind`](crate::draft_fielding_uri_rfc2396bis_01::PathKind);
    /// `None` for the grammars whose path is not captured rule by rule
    /// (RFC 2396, draft 05).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::{PathKind, UriRef};
    /// assert_eq!(UriRef::parse("../g")?.path_kind(), PathKind::RelPath);
    /// assert_eq!(UriRef::parse("http://a")?.path_kind(), PathKind::Empty);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path_kind(&self) -> <Self::Grammar as Older>::PathKind {
        <Self::Grammar as Older>::path_kind(self)
    }

    /// `opaque_part` (RFC 2396 §3, 2396bis-01 §3): the part after
    /// `scheme:` of a URI that is not hierarchical, such as `mailto:a@b`;
    /// `None` otherwise, and always for draft 05, which parses every
    /// reference "as if it is a generic-URL" (§4.4).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc2396::UriRef;
    /// assert_eq!(UriRef::parse("mailto:a@b")?.opaque_part(), Some("a@b"));
    /// assert_eq!(UriRef::parse("http://a/b")?.opaque_part(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn opaque_part(&self) -> Option<&'a str> {
        opaque_part(self)
    }

    /// `<scheme-specific-part>` (RFC 2396 §3, 2396bis-01 §3, draft 05
    /// §4.1: absolute URIs are written `<scheme>:<scheme-specific-part>`):
    /// everything after the scheme's `:`, up to the fragment's `#` (a
    /// hierarchical part with its query, or the opaque part). `None`
    /// without a scheme.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc2396::UriRef;
    /// let r = UriRef::parse("news:comp.infosystems.www.servers.unix#f")?;
    /// assert_eq!(r.scheme_specific_part(), Some("comp.infosystems.www.servers.unix"));
    /// assert_eq!(UriRef::parse("g?y")?.scheme_specific_part(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn scheme_specific_part(&self) -> Option<&'a str> {
        crate::view::scheme_specific_part(self)
    }

    /// The path's segments, percent-decoded: see
    /// [`crate::pct::PathSegments`] for the exact split (one leading `/`
    /// does not start an empty segment). The same type as every family's
    /// `path_segments()`. An opaque URI has none: its opaque part is not
    /// made of segments. In draft 05 each segment also gives its `;`
    /// parameters apart ([`crate::pct::Segment::params`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc2396::UriRef;
    /// let r = UriRef::parse("http://h/a%20b/c;p?x=1%202&y")?;
    /// let mut segs = r.path_segments();
    /// assert!(segs.next().unwrap().eq_str("a b"));
    /// assert!(segs.next().unwrap().eq_str("c;p"));
    /// assert!(segs.next().is_none());
    /// assert!(UriRef::parse("mailto:a@b")?.path_segments().next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        let path = if opaque_part(self).is_some() {
            ""
        } else {
            path(self)
        };
        let segments = crate::pct::PathSegments::new(path);
        if <Self::Grammar as Older>::SEGMENT_PARAMS {
            segments.with_params()
        } else {
            segments
        }
    }

    /// Draft 05's segments of `path_segments = segment *( "/" segment )`
    /// (§4.3.2), each with its `;` parameters
    /// ([`crate::pct::PathSegments::with_params`]): every piece between
    /// `/`s of that rule's text. None when the reference has no
    /// `path_segments` (`//host`), and none in a grammar that does not
    /// capture `path_segments` (RFC 2396, 2396bis-01).
    /// [`Self::path_segments`] splits [`Self::path`] instead, by the rule
    /// of every family.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("/a;x;y/b")?;
    /// let first = u.segments().next().unwrap();
    /// assert_eq!(first.as_str(), "a;x;y");
    /// assert!(first.name().eq_str("a"));
    /// assert!(first.params().map(|p| p.as_encoded()).eq([&b"x"[..], b"y"]));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn segments(&self) -> crate::pct::PathSegments<'a> {
        segments(self)
    }

    /// Every `;` parameter (draft 05 §4.3.2) of every segment of
    /// [`Self::segments`], in order, each decoded.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("ftp://h/a;type=i")?;
    /// assert!(u.params().map(|p| p.as_encoded()).eq([&b"type=i"[..]]));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn params(&self) -> AllParams<'a> {
        AllParams {
            segments: segments(self),
            current: None,
        }
    }

    /// The query's `key=value` pairs, percent-decoded, or `None` without a
    /// query: see [`crate::pct::QueryPairs`] (split at `&`, then at the
    /// first `=`; no `+` to space).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc2396::UriRef::parse("http://h/a?x=1%202&y")?;
    /// let (k, v) = r.query_pairs().unwrap().next().unwrap();
    /// assert!(k.eq_str("x") && v.unwrap().eq_str("1 2"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn query_pairs(&self) -> Option<crate::pct::QueryPairs<'a>> {
        let query = const { first_of(Self::CAPTURES, &["query"]) };
        Some(crate::pct::QueryPairs::new(self.get(query)?))
    }

    /// A builder (the grammar's `Builder`) pre-filled with this
    /// reference's components, to change some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc2396::UriRef::parse("http://a/b?q")?;
    /// let b = r.to_builder().query("x")?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://a/b?x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn to_builder(&self) -> PartsBuilder<'a, Self::Grammar> {
        PartsBuilder::from_slots(slots(self))
    }
}

/// Every `;` parameter of every segment of the path, in order, each
/// decoded: made by [`OlderRef::params`].
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_url_syntax_05::UrlRef;
/// let mut it = UrlRef::parse("/a;x/b;y%20z")?.params();
/// assert!(it.next().unwrap().eq_str("x"));
/// assert!(it.next().unwrap().eq_str("y z"));
/// assert!(it.next().is_none());
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct AllParams<'a> {
    segments: crate::pct::PathSegments<'a>,
    current: Option<crate::pct::Params<'a>>,
}

impl<'a> Iterator for AllParams<'a> {
    type Item = crate::pct::Decode<'a>;
    fn next(&mut self) -> Option<crate::pct::Decode<'a>> {
        loop {
            if let Some(p) = self.current.as_mut().and_then(Iterator::next) {
                return Some(p);
            }
            self.current = Some(self.segments.next()?.params());
        }
    }
}

impl core::iter::FusedIterator for AllParams<'_> {}
