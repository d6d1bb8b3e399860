//! RFC 2396, *Uniform Resource Identifiers (URI): Generic Syntax* (August
//! 1998), from the collected BNF of its Appendix A, transcribed into ABNF
//! (`grammar/rfc2396.abnf`). RFC 3986 obsoletes it; `java.net.URI` still
//! implements it.
//!
//! Three entry rules, three zero-copy views:
//!
//! | type | rule | RFC 2396 |
//! |---|---|---|
//! | [`UriRef`] | `URI-reference = [ absoluteURI \| relativeURI ] [ "#" fragment ]` | §4 |
//! | [`AbsoluteUri`] | `absoluteURI = scheme ":" ( hier_part \| opaque_part )` | §3 |
//! | [`RelativeUri`] | `relativeURI = ( net_path \| abs_path \| rel_path ) [ "?" query ]` | §5 |
//!
//! Every accessor returns a slice of the input. Components that can be
//! absent return `Option`; `path()` is always defined (possibly empty).
//!
//! The grammar is ambiguous in one place, `authority = server | reg_name`
//! (§3.2): `example.com` matches both. The structure of a `reg_name` "is
//! specific to the URI scheme" (§3.2.1) and the RFC does not say which
//! reading wins, so uridfa takes the first alternative that matches, as
//! everywhere: the authority is an [`AuthorityKind::Server`] whenever
//! `server` matches, and a [`AuthorityKind::RegName`] (no host, port or
//! userinfo) otherwise. `hostname` and `IPv4address` are disjoint: "the
//! rightmost domain label ... will never start with a digit" (§3.2.2).
//!
//! The raw tables are in [`tables`].

/// The generated tables of `grammar/rfc2396.abnf`: one `Tables` per entry
/// rule (`URI_REFERENCE`, `ABSOLUTEURI`, `RELATIVEURI`) and one index
/// constant per capture.
///
/// Stability: the capture constants (`SCHEME`, `HOST`, ...) are part of the
/// API, for `span(index)` access to components without an accessor. Their
/// values follow the grammar file's `;@ capture` order, which changes only
/// with that file, and such a change is noted in the CHANGELOG. The
/// `Tables` statics are stable in name; their contents are whatever the
/// generator writes for the runtime's table format (see
/// `uridfa_runtime::Tables`).
#[allow(clippy::all, missing_docs)]
pub mod tables {
    crate::generated_tables!("rfc2396");
}

use crate::View;

/// Which alternative of `authority = server | reg_name` (RFC 2396 §3.2)
/// matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuthorityKind {
    /// `server = [ [ userinfo "@" ] hostport ]` (§3.2.2), including the
    /// empty authority of `file:///x`.
    Server,
    /// `reg_name` (§3.2.1): a registry-based naming authority such as
    /// `a_b` that is not a `server`.
    RegName,
}

impl AuthorityKind {
    /// The rule name as RFC 2396 spells it: `server` or `reg_name`.
    pub fn rule_name(self) -> &'static str {
        match self {
            AuthorityKind::Server => "server",
            AuthorityKind::RegName => "reg_name",
        }
    }
}

/// Which alternative of `host = hostname | IPv4address` (RFC 2396 §3.2.2)
/// matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `hostname = *( domainlabel "." ) toplabel [ "." ]`.
    Hostname,
    /// `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`; the
    /// grammar does not bound the numbers (`999.1.1.1` is one).
    Ipv4,
}

impl HostKind {
    /// The rule name: `hostname` or `IPv4address`.
    pub fn rule_name(self) -> &'static str {
        match self {
            HostKind::Hostname => "hostname",
            HostKind::Ipv4 => "IPv4address",
        }
    }
}

// What RFC 2396 gives the older generic syntaxes' methods
// (`crate::family::older`): its kinds, by the captures that say them, and
// its path's captures.
impl crate::family::older::Older for Rfc2396 {
    type HostKind = HostKind;
    type AuthorityKind = AuthorityKind;
    type PathKind = Option<core::convert::Infallible>;
    // Disjoint (§3.2.2: a toplabel "will never start with a digit").
    const HOST_KINDS: &'static [(&'static str, HostKind)] = &[
        ("IPv4address", HostKind::Ipv4),
        ("hostname", HostKind::Hostname),
    ];
    const AUTHORITY_KINDS: &'static [(&'static str, AuthorityKind)] = &[
        ("server", AuthorityKind::Server),
        ("reg-name", AuthorityKind::RegName),
    ];
    // `rel_path` when it matched (its `abs_path` tail is captured as
    // `path` too), else `abs_path` or `opaque_part`.
    const PATHS: &'static [&'static str] = &["rel-path", "path"];
    // `path = abs_path / opaque_part`: an opaque part does not start with
    // `/` (`uric_no_slash` excludes it, and `abs_path` starts with it).
    const OPAQUE_PART: &'static [&'static str] = &["path"];
    const SEGMENT_PARAMS: bool = false;
    fn path_kind<'a, V: View<'a, Grammar = Self>>(_: &V) -> Self::PathKind {
        None
    }
}

crate::generated_tables!("rfc2396_views");

/// The views of RFC 2396 ([`UriRef`], [`AbsoluteUri`], [`RelativeUri`])
/// as [`OlderRef`](crate::family::older::OlderRef), the one trait of the
/// older generic syntaxes: the kinds of authority and host, the path
/// however it matched, the opaque and scheme-specific parts, segments and
/// pairs, and a builder. It has no method of its own; a bound on it fixes
/// the grammar, so `host_kind()` gives this module's [`HostKind`]. In
/// [`crate::prelude`]. The views have these methods as their own too.
///
/// Implemented for every view of this grammar (whose [`View::Grammar`] is
/// [`Rfc2396`]), by a blanket impl, and for no other view: a derived view,
/// or one of another grammar, cannot implement it and read captures it
/// does not have.
///
/// # Example
///
/// ```
/// use uridfa::rfc2396::{HostKind, Rfc2396Ref, UriRef};
/// fn kind<'a, V: Rfc2396Ref<'a>>(v: V) -> Option<HostKind> {
///     v.host_kind()
/// }
/// // §3.2.2: `IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit`.
/// assert_eq!(kind(UriRef::parse("http://999.1.1.1/")?), Some(HostKind::Ipv4));
/// # Ok::<(), uridfa::Error>(())
/// ```
///
/// ```compile_fail
/// use uridfa::View;
/// #[derive(Clone, Copy)]
/// struct Mine<'a>(uridfa::rfc3986::Uri<'a>);
/// impl<'a> View<'a> for Mine<'a> {
///     type Grammar = uridfa::rfc3986::Rfc3986;
///     const GRAMMAR: &'static str = "rfc3986";
///     const RULE: &'static str = "URI";
///     const CAPTURES: &'static [&'static str] = <uridfa::rfc3986::Uri<'a> as View<'a>>::CAPTURES;
///     const PRESENCE: &'static [uridfa::Presence] = <uridfa::rfc3986::Uri<'a> as View<'a>>::PRESENCE;
///     fn as_str(&self) -> &'a str { View::as_str(&self.0) }
///     fn get(&self, i: usize) -> Option<&'a str> { View::get(&self.0, i) }
///     fn span(&self, i: usize) -> Option<(usize, usize)> { View::span(&self.0, i) }
/// }
/// // A view of RFC 3986 is no RFC 2396 view.
/// impl<'a> uridfa::rfc2396::Rfc2396Ref<'a> for Mine<'a> {}
/// ```
pub trait Rfc2396Ref<'a>: crate::family::older::OlderRef<'a> + View<'a, Grammar = Rfc2396> {}

// Every view of this grammar, by one blanket impl, and no other: the
// supertrait names this grammar's marker, and a view of this grammar
// already has it.
impl<'a, V: View<'a, Grammar = Rfc2396>> Rfc2396Ref<'a> for V {}

// Each view's own doc; its methods beyond the generated accessors come
// from `crate::family::older::OlderRef` (`;@ family older`).

/// A `URI-reference` (§4): an absolute or relative URI, or nothing,
/// with an optional fragment.
///
/// # Example
///
/// ```
/// use uridfa::rfc2396::{AuthorityKind, UriRef};
/// let r = UriRef::parse("ftp://ftp.is.co.za/rfc/rfc1808.txt#top")?;
/// assert_eq!(r.scheme(), Some("ftp"));
/// assert_eq!(r.authority_kind(), Some(AuthorityKind::Server));
/// assert_eq!(r.host(), Some("ftp.is.co.za"));
/// assert_eq!(r.path(), "/rfc/rfc1808.txt");
/// assert_eq!(r.fragment(), Some("top"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl UriRef<'_> {}

/// An `absoluteURI` (§3): a scheme and a hierarchical or opaque part.
///
/// # Example
///
/// ```
/// let u = uridfa::rfc2396::AbsoluteUri::parse("mailto:mduerst@ifi.unizh.ch")?;
/// assert_eq!(u.scheme(), "mailto");
/// assert_eq!(u.opaque_part(), Some("mduerst@ifi.unizh.ch"));
/// assert!(uridfa::rfc2396::AbsoluteUri::parse("http://a/b#f").is_err());
/// # Ok::<(), uridfa::Error>(())
/// ```
impl AbsoluteUri<'_> {}

/// A `relativeURI` (§5): a network-path, absolute-path or
/// relative-path reference, without a scheme or fragment.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc2396::RelativeUri::parse("../g;x?y")?;
/// assert_eq!(r.path(), "../g;x");
/// assert_eq!(r.query(), Some("y"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeUri<'_> {}

impl crate::builder::Sealed for Rfc2396 {}

// The builder's grammar (`crate::builder::PartsSyntax`) is generated
// beside the first view (`;@ family older`): the components it reads back
// are the view's slots (`crate::family::older::slots`); parsing and spans
// come from the view (`crate::parts::FromTags`).

// RFC 2396's components, `server` or `reg_name` authority, each set by the
// builder ([`crate::builder::shape::Server`]).
impl crate::builder::Shaped for Rfc2396 {
    type Shape = crate::builder::shape::Server;
}

/// A builder for this grammar: [`crate::builder::PartsBuilder`], with a
/// setter for each component of `URI-reference` ([`crate::builder::Sets`]).
pub type Builder<'a> = crate::builder::PartsBuilder<'a, Rfc2396>;

/// The owned form of [`UriRef`]: see [`crate::builder::PartsBuf`].
#[cfg(feature = "alloc")]
pub type UriRefBuf = crate::builder::PartsBuf<Rfc2396>;

impl<'a> Builder<'a> {
    /// An empty builder: the empty `URI-reference`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc2396::Builder;
    /// let b = Builder::new().scheme("news")?.path("comp.infosystems.www.servers.unix")?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "news:comp.infosystems.www.servers.unix");
    /// // An authority that is no `server` is a `reg_name` (§3.2.1).
    /// let b = Builder::new().scheme("x")?.reg_name("a_b")?.path("/c")?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "x://a_b/c");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new() -> Self {
        Self::with_path(Some(""))
    }
}

impl Default for Builder<'_> {
    /// [`Builder::new`].
    fn default() -> Self {
        Self::new()
    }
}

// How resolution reads RFC 2396 (Note [algorithms over grammars] in
// `src/algorithms/reading.rs`): base and reference validated with its own
// `URI-reference`, then split by its Appendix B (§5.2 step 1).
impl crate::algorithms::Reads for Rfc2396 {
    fn resolve<'a>(base: &'a str, reference: &'a str) -> crate::algorithms::ResolveRead<'a> {
        Some(crate::resolve::read_validated(validate, base, reference))
    }
}

/// Whether `input` is a reference under RFC 2396, as resolution reads one.
///
/// One exception: its `relativeURI` needs a non-empty path, yet §5.2 step
/// 2 and Appendix C resolve `?y` (a query with an empty path). A reference
/// that starts with `?` is therefore accepted when `x` followed by it is a
/// valid `URI-reference` (`x` is a one-segment `rel_path`), i.e. exactly
/// when its query and fragment are valid. See `grammar/README.md`
/// (rfc2396).
fn validate(input: &str) -> Result<(), crate::Error> {
    let t = &tables::URI_REFERENCE;
    match uridfa_runtime::validate(t, input.as_bytes()) {
        Ok(()) => Ok(()),
        Err(e) if input.starts_with('?') => {
            let mut regs = [0usize; tables::REG_LEN];
            let with_segment = uridfa_runtime::Machine::new(t, &mut regs).and_then(|mut m| {
                m.feed(b"x")?;
                m.feed(input.as_bytes())?;
                m.finish()
            });
            with_segment.map_err(|_| crate::Error::new(e, t))
        }
        Err(e) => Err(crate::Error::new(e, t)),
    }
}
