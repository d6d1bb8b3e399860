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
//! (§4.3.2) come from allocation-free iterators: [`UrlSyntax05Ref::segments`] (of
//! [`crate::pct::Segment`], the segment type of every family, made
//! [`with_params`](crate::pct::PathSegments::with_params)) and
//! [`UrlSyntax05Ref::params`].
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
//!   `<scheme-specific-part>` of §4.1, is [`UrlSyntax05Ref::scheme_specific_part`].
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

/// Every `param` of every segment of the path, in order, each decoded:
/// made by the views' `params()`.
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

fn host_kind<'a>(v: &impl View<'a>) -> Option<HostKind> {
    v.span(tables::HOST)?;
    // `;@ kind-after`: decided here, from the host's bytes (`View::span`
    // decides it).
    if v.span(tables::HOSTNUMBER).is_some() {
        Some(HostKind::Hostnumber)
    } else {
        Some(HostKind::Hostname)
    }
}

/// The path: `abs_path` up to its query, else `path_segments`.
fn path<'a>(v: &impl View<'a>) -> &'a str {
    if let Some((start, end)) = v.span(tables::ABS_PATH) {
        // `abs_path = "/" rel_path` holds the query: stop before its "?".
        let end = match v.span(tables::QUERY) {
            Some((q, _)) if q > start && q <= end => q - 1,
            _ => end,
        };
        return v.as_str().get(start..end).unwrap_or("");
    }
    v.get(tables::PATH_SEGMENTS).unwrap_or("")
}


/// The segments of `path_segments`, with their parameters.
fn segments<'a>(v: &impl View<'a>) -> crate::pct::PathSegments<'a> {
    match v.get(tables::PATH_SEGMENTS) {
        Some(p) => crate::pct::PathSegments::split_all(p).with_params(),
        None => crate::pct::PathSegments::new(""),
    }
}

/// The components of a view in the slots of [`crate::builder::PartsBuilder`]:
/// the empty `site` of `file:///x` as the empty host.
fn slots<'a>(v: &impl View<'a>) -> [Option<&'a str>; crate::builder::SLOT_LEN] {
    [
        v.get(tables::SCHEME),
        None,
        v.get(tables::USER),
        v.get(tables::PASSWORD),
        v.get(tables::HOST)
            .or(v.get(tables::SITE).filter(|s| s.is_empty())),
        v.get(tables::PORT),
        None,
        Some(path(v)),
        v.get(tables::QUERY),
        v.get(tables::FRAGMENT),
    ]
}

crate::generated_tables!("draft_fielding_url_syntax_05_views");

/// What draft-fielding-url-syntax-05 adds to each of its views
/// ([`UrlRef`], [`AbsoluteUrl`], [`RelativeUrl`]): the host's kind, the
/// port as a number, the path, its segments and parameters, the
/// scheme-specific part and a builder. In [`crate::prelude`].
///
/// Implemented for every view of this grammar (whose [`View::Grammar`] is
/// [`UrlSyntax05`]), by a blanket impl, and for no other view (see
/// [`crate::rfc2396::Rfc2396Ref`]).
pub trait UrlSyntax05Ref<'a>: View<'a, Grammar = UrlSyntax05> {
    /// Which alternative of `host` matched; `None` without a host.
    fn host_kind(&self) -> Option<HostKind> {
        host_kind(self)
    }

    /// The port as a number: `None` if absent, empty, or above 65535 (the
    /// grammar allows any `*digit`).
    fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.get(tables::PORT)?)
    }

    /// The path (§4.3.2): an `abs_path` without its query (with its leading
    /// `/`), or the `path_segments` of a `rel_path`. Always defined,
    /// possibly empty.
    fn path(&self) -> &'a str {
        path(self)
    }

    /// The segments of `path_segments = segment *( "/" segment )`
    /// (§4.3.2), each with its `;` parameters
    /// ([`crate::pct::PathSegments::with_params`]): every piece between
    /// `/`s of that rule's text. None when the reference has no
    /// `path_segments` (`//host`). [`Self::path_segments`] splits
    /// [`Self::path`] instead, by the rule of every family.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
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

    /// The path's segments, percent-decoded, as every family's
    /// `path_segments()` gives them ([`crate::pct::PathSegments`]: one
    /// leading `/` does not start an empty segment). Each decodes as a
    /// whole, parameters included (`a;x` is one segment), and also gives
    /// its `;` parameters apart ([`crate::pct::Segment::params`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("/a%20b;x/c")?;
    /// let mut it = u.path_segments();
    /// let first = it.next().unwrap();
    /// assert!(first.eq_str("a b;x"));
    /// assert!(first.name().eq_str("a b") && first.params().map(|p| p.as_encoded()).eq([&b"x"[..]]));
    /// assert!(it.next().unwrap().eq_str("c"));
    /// assert!(it.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        crate::pct::PathSegments::new(path(self)).with_params()
    }

    /// Every `;` parameter (§4.3.2) of every segment of
    /// [`Self::segments`], in order, each decoded.
    fn params(&self) -> AllParams<'a> {
        AllParams {
            segments: segments(self),
            current: None,
        }
    }

    /// `<scheme-specific-part>` (§4.1: "absolute URLs are written as
    /// follows: `<scheme>:<scheme-specific-part>`"): everything after the
    /// scheme's `:`, up to the fragment's `#`. `None` without a scheme.
    ///
    /// This is the `*urlc` of `opaque-URL = scheme ":" *urlc` (§4.2). The
    /// draft does not say by syntax which URLs are opaque: every
    /// `opaque-URL` is also a `generic-URL`, and §4.4 parses a reference
    /// "as if it is a generic-URL, even though it might be considered
    /// opaque by later processes". Those later processes read this part.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// use uridfa::draft_fielding_url_syntax_05::UrlRef;
    /// let r = UrlRef::parse("news:comp.infosystems.www.servers.unix#f")?;
    /// assert_eq!(r.scheme_specific_part(), Some("comp.infosystems.www.servers.unix"));
    /// assert_eq!(UrlRef::parse("g?y")?.scheme_specific_part(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn scheme_specific_part(&self) -> Option<&'a str> {
        crate::view::scheme_specific_part(self)
    }

    /// A [`Builder`] pre-filled with this reference's components, to change
    /// some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("ftp://a/b?q")?;
    /// let b = r.to_builder().user("anonymous")?.query("x")?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "ftp://anonymous@a/b?x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn to_builder(&self) -> Builder<'a> {
        Builder::from_slots(slots(self))
    }
}

// Every view of this grammar, by one blanket impl, and no other: the
// trait's methods read this grammar's captures by their index, so a view
// of another grammar (a derived one) cannot implement it (its supertrait
// names this grammar's marker, and a view of this grammar already has it).
impl<'a, V: View<'a, Grammar = UrlSyntax05>> UrlSyntax05Ref<'a> for V {}

// Each view's own doc; its methods beyond the generated accessors come
// from `UrlSyntax05Ref`, implemented above.

/// A `URL-reference` (§3): an absolute or relative URL, or nothing,
/// with an optional fragment.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
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
/// use uridfa::prelude::*;
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
/// use uridfa::prelude::*;
/// let r = uridfa::draft_fielding_url_syntax_05::RelativeUrl::parse("../g;x?y")?;
/// assert_eq!(r.path(), "../g;x");
/// assert_eq!(r.query(), Some("y"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeUrl<'_> {}

impl crate::builder::Sealed for UrlSyntax05 {}

// The builder's grammar: the components it reads back are the view's
// slots; parsing and spans come from the view (`crate::parts::FromTags`).
impl crate::builder::PartsSyntax for UrlSyntax05 {
    type Ref<'b> = UrlRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const ENTRY: &'static str = "URL-reference";
    // `'b: 'b` makes `'b` early-bound, as it is in the trait (where it
    // appears only in the projection `Self::Ref<'b>`).
    #[allow(clippy::extra_unused_lifetimes)]
    fn read_back<'b>(r: &UrlRef<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]>
    where
        'b: 'b,
    {
        Some(slots(r))
    }
}

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
