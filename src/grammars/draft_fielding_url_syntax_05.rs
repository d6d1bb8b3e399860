//! draft-fielding-url-syntax-05, *Uniform Resource Locators (URL): Generic
//! Syntax and Semantics* (Internet-Draft, May 1997; it became RFC 2396),
//! from the collected BNF of its Appendix A, transcribed into ABNF
//! (`grammar/draft-fielding-url-syntax-05.abnf`).
//!
//! Three entry rules, three zero-copy views:
//!
//! | type | rule | draft 05 |
//! |---|---|---|
//! | [`UrlRef`] | `URL-reference = [ absoluteURL \| relativeURL ] [ "#" fragment ]` | §3 |
//! | [`AbsoluteUrl`] | `absoluteURL = generic-URL \| opaque-URL` | §4.2 |
//! | [`RelativeUrl`] | `relativeURL = net_path \| abs_path \| rel_path` | §5 |
//!
//! Every accessor returns a slice of the input; `path()` is always
//! defined (possibly empty). The `;` parameters of the path segments
//! (§4.3.2) come from allocation-free iterators: [`UrlRef::segments`] (of
//! [`crate::pct::Segment`], the segment type of every family, made
//! [`with_params`](crate::pct::PathSegments::with_params)) and
//! [`UrlRef::params`].
//!
//! Two readings follow from §4.4, "Parsing a URL Reference", which the
//! grammar implements by taking the first alternative that matches:
//!
//! - "A reference is parsed as if it is a generic-URL, even though it
//!   might be considered opaque by later processes." Every `opaque-URL`
//!   (`scheme ":" *urlc`) is also a `generic-URL`, whose `rel_path`
//!   (`[ path_segments ] [ "?" query ]`) matches any `*urlc`; so
//!   `mailto:a@b` has the path `a@b`, and no opaque kind is reported:
//!   the draft leaves opacity to the scheme ("later processes"), and no
//!   syntactic test (such as RFC 2396's later "does not start with `/`")
//!   is in the draft. What such a process reads, the
//!   `<scheme-specific-part>` of §4.1, is [`UrlRef::scheme_specific_part`].
//! - "The greedy algorithm is used for disambiguation ... the site
//!   component wins" — when it matches. When `site` cannot match
//!   (`http://a_b/c`: `_` is not in a `hostname`), the reference is still
//!   valid, as an `abs_path` (`"/" rel_path`) whose path is `//a_b/c`.
//!
//! The raw tables are in [`tables`].

/// The generated tables of `grammar/draft-fielding-url-syntax-05.abnf`: one
/// `Tables` per entry rule (`URL_REFERENCE`, `ABSOLUTEURL`, `RELATIVEURL`)
/// and one index constant per capture.
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
    crate::generated_tables!("draft_fielding_url_syntax_05");
}

use crate::View;

/// Which alternative of `host = hostname | hostnumber` (§4.3.1) matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `hostname = *( domainlabel "." ) toplabel`.
    Hostname,
    /// `hostnumber = 1*digit "." 1*digit "." 1*digit "." 1*digit`; the
    /// grammar does not bound the numbers.
    Hostnumber,
}

impl HostKind {
    /// The rule name: `hostname` or `hostnumber`.
    pub fn rule_name(self) -> &'static str {
        match self {
            HostKind::Hostname => "hostname",
            HostKind::Hostnumber => "hostnumber",
        }
    }
}

pub use crate::family::older::AllParams;

// What draft 05 gives the older generic syntaxes' methods
// (`crate::family::older`): its host's kinds, by the captures that say
// them, and its path's captures. Its `site` has no kinds, and no opaque
// part is reported (§4.4, see the module docs).
impl crate::family::older::Older for UrlSyntax05 {
    type HostKind = HostKind;
    type AuthorityKind = core::convert::Infallible;
    type PathKind = Option<core::convert::Infallible>;
    // `;@ kind-after`: decided from the host's bytes, when read.
    const HOST_KINDS: &'static [(&'static str, HostKind)] = &[
        ("hostnumber", HostKind::Hostnumber),
        ("hostname", HostKind::Hostname),
    ];
    const AUTHORITY_KINDS: &'static [(&'static str, core::convert::Infallible)] = &[];
    // `abs_path = "/" rel_path` holds the query, which `path` leaves out;
    // else the `path_segments` of a `rel_path`.
    const PATHS: &'static [&'static str] = &["abs-path", "path-segments"];
    const OPAQUE_PART: &'static [&'static str] = &[];
    // `segment = *pchar *( ";" param )` (§4.3.2).
    const SEGMENT_PARAMS: bool = true;
    fn path_kind<'a, V: View<'a, Grammar = Self>>(_: &V) -> Self::PathKind {
        None
    }
}

crate::generated_tables!("draft_fielding_url_syntax_05_views");

/// The views of draft-fielding-url-syntax-05 ([`UrlRef`], [`AbsoluteUrl`],
/// [`RelativeUrl`]) as [`OlderRef`](crate::family::older::OlderRef), the
/// one trait of the older generic syntaxes: the host's kind, the port as a
/// number, the path, its segments and parameters, the scheme-specific part
/// and a builder. It has no method of its own; a bound on it fixes the
/// grammar, so `host_kind()` gives this module's [`HostKind`]. In
/// [`crate::prelude`]. The views have these methods as their own too.
///
/// Implemented for every view of this grammar (whose [`View::Grammar`] is
/// [`UrlSyntax05`]), by a blanket impl, and for no other view (see
/// [`crate::rfc2396::Rfc2396Ref`]).
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_url_syntax_05::{HostKind, UrlRef, UrlSyntax05Ref};
/// fn kind<'a, V: UrlSyntax05Ref<'a>>(v: V) -> Option<HostKind> {
///     v.host_kind()
/// }
/// // §4.3.1: `hostnumber = 1*digit "." 1*digit "." 1*digit "." 1*digit`.
/// assert_eq!(kind(UrlRef::parse("http://10.0.0.1/")?), Some(HostKind::Hostnumber));
/// # Ok::<(), uridfa::Error>(())
/// ```
pub trait UrlSyntax05Ref<'a>:
    crate::family::older::OlderRef<'a> + View<'a, Grammar = UrlSyntax05>
{
}

// Every view of this grammar, by one blanket impl, and no other: the
// supertrait names this grammar's marker, and a view of this grammar
// already has it.
impl<'a, V: View<'a, Grammar = UrlSyntax05>> UrlSyntax05Ref<'a> for V {}

// Each view's own doc; its methods beyond the generated accessors come
// from `crate::family::older::OlderRef` (`;@ family older`).

/// A `URL-reference` (§3): an absolute or relative URL, or nothing,
/// with an optional fragment.
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_url_syntax_05::{HostKind, UrlRef};
/// let r = UrlRef::parse("ftp://foo:@host.com/a;type=i#x")?;
/// assert_eq!(r.scheme(), Some("ftp"));
/// assert_eq!(r.user(), Some("foo"));
/// assert_eq!(r.password(), Some(""));
/// assert_eq!(r.host_kind(), Some(HostKind::Hostname));
/// assert_eq!(r.path(), "/a;type=i");
/// assert!(r.params().map(|p| p.as_encoded()).eq([&b"type=i"[..]]));
/// assert_eq!(r.fragment(), Some("x"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl UrlRef<'_> {}

/// An `absoluteURL` (§4.2): a scheme, `:`, and a generic or opaque
/// part, parsed as a `generic-URL` (§4.4).
///
/// # Example
///
/// ```
/// let u = uridfa::draft_fielding_url_syntax_05::AbsoluteUrl::parse("mailto:mduerst@ifi.unizh.ch")?;
/// assert_eq!(u.scheme(), "mailto");
/// assert_eq!(u.path(), "mduerst@ifi.unizh.ch");
/// assert!(uridfa::draft_fielding_url_syntax_05::AbsoluteUrl::parse("http://a/b#f").is_err());
/// # Ok::<(), uridfa::Error>(())
/// ```
impl AbsoluteUrl<'_> {}

/// A `relativeURL` (§5): a network-path, absolute-path or
/// relative-path reference, without a fragment.
///
/// # Example
///
/// ```
/// let r = uridfa::draft_fielding_url_syntax_05::RelativeUrl::parse("../g;x?y")?;
/// assert_eq!(r.path(), "../g;x");
/// assert_eq!(r.query(), Some("y"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeUrl<'_> {}

impl crate::builder::Sealed for UrlSyntax05 {}

// The builder's grammar (`crate::builder::PartsSyntax`) is generated
// beside the first view (`;@ family older`): the components it reads back
// are the view's slots (`crate::family::older::slots`); parsing and spans
// come from the view (`crate::parts::FromTags`).

/// A builder for this grammar: [`crate::builder::PartsBuilder`], with a
/// setter for each component of `URL-reference` ([`crate::builder::Sets`]).
pub type Builder<'a> = crate::builder::PartsBuilder<'a, UrlSyntax05>;

/// The owned form of [`UrlRef`]: see [`crate::builder::PartsBuf`].
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_url_syntax_05::UrlRefBuf;
/// let mut u: UrlRefBuf = "ftp://host.com/a;type=i".parse()?;
/// u.set_user(Some("foo"))?;
/// u.set_password(Some(""))?;
/// assert_eq!(u.as_str(), "ftp://foo:@host.com/a;type=i");
/// assert!(u.set_user(None).is_err()); // a password needs a user
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub type UrlRefBuf = crate::builder::PartsBuf<UrlSyntax05>;

impl<'a> Builder<'a> {
    /// An empty builder: the empty `URL-reference`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_url_syntax_05::Builder;
    /// let b = Builder::new().scheme("ftp")?.user("foo")?.password("")?.host("host.com")?.path("/")?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "ftp://foo:@host.com/");
    /// // §4.4: `//a_b/c` has no site (`_` is no hostname character), so it
    /// // is a path; `//host/c` would read as a site, and is refused.
    /// let b = Builder::new().scheme("http")?.path("//a_b/c")?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "http://a_b/c");
    /// assert!(Builder::new().scheme("http")?.path("//host/c")?.build_len().is_ok());
    /// assert!(Builder::new().scheme("http")?.path("//host/c")?.build_str(&mut [0u8; 64]).is_err());
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

// The components the builder sets, each checked with the rule named
// in `rule` above ([`crate::builder::Sets`]); `&str` where the grammar's
// reference always has the component.
impl crate::builder::Sets<crate::builder::slot::Scheme> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::User> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Password> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Host> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Port> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Path> for UrlSyntax05 {
    type Arg<'a> = &'a str;
}

impl crate::builder::Sets<crate::builder::slot::Query> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Fragment> for UrlSyntax05 {
    type Arg<'a> = Option<&'a str>;
}

// How resolution reads draft 05 (Note [algorithms over grammars] in
// `src/algorithms/reading.rs`): base and reference validated with its
// `URL-reference`, then split by its Appendix B (§5.2 step 1).
impl crate::algorithms::Reads for UrlSyntax05 {
    fn resolve<'a>(base: &'a str, reference: &'a str) -> crate::algorithms::ResolveRead<'a> {
        Some(crate::resolve::read_validated(
            |input| crate::resolve::validate_with(&tables::URL_REFERENCE, input),
            base,
            reference,
        ))
    }
}
