//! RFC 3986 (STD 66), *Uniform Resource Identifier (URI): Generic Syntax*,
//! from the collected ABNF of its Appendix A (`grammar/rfc3986.abnf`).
//!
//! Four entry rules, four zero-copy views:
//!
//! | type | rule | RFC 3986 |
//! |---|---|---|
//! | [`UriRef`] | `URI-reference = URI / relative-ref` | §4.1 |
//! | [`Uri`] | `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` | §3 |
//! | [`AbsoluteUri`] | `absolute-URI = scheme ":" hier-part [ "?" query ]` | §4.3 |
//! | [`RelativeRef`] | `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` | §4.2 |
//!
//! Every accessor returns a slice of the input. Components that can be
//! absent return `Option`: an absent component (`None`) and an empty one
//! (`Some("")`) are different, as §5.2 and §5.3 require. `path()` is always
//! defined (possibly empty).
//!
//! `host` follows the grammar's "first match wins" reading (§3.2.2):
//! `192.168.0.300` does not match `IPv4address`, so it is a `reg-name`.
//!
//! The raw tables are in [`tables`].


/// The generated tables of `grammar/rfc3986.abnf`: one `Tables` per entry
/// rule (`URI_REFERENCE`, `URI`, `ABSOLUTE_URI`, `RELATIVE_REF`) and one
/// index constant per capture.
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
    crate::generated_tables!("rfc3986");
}


pub use crate::parts::HostKind;


crate::generated_tables!("rfc3986_views");

// The marker is the grammar's handle: the RFC 3986 family's methods
// reach every view through it (`uridfa::family`), and the generated views
// have them as their own (`;@ family generic`).
impl crate::family::Generic for Rfc3986 {
    #[cfg(feature = "alloc")]
    type Target = UriRefBuf;
}

// Each view's own doc; its methods beyond the generated accessors come
// from the family (`family::GenericRef`, `family::Resolve`, through
// `Generic` above) and from `iri::MapToIri`, implemented below.

/// A `URI-reference` (§4.1): a URI or a relative reference.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc3986::UriRef::parse("../g?q")?;
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.path(), "../g");
/// assert_eq!(r.query(), Some("q"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl UriRef<'_> {}

/// A `URI` (§3): a scheme, a hierarchical part, and an optional query
/// and fragment.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
/// let u = uridfa::rfc3986::Uri::parse("urn:example:animal:ferret:nose")?;
/// assert_eq!(u.scheme(), "urn");
/// assert_eq!(u.authority(), None);
/// assert_eq!(u.path(), "example:animal:ferret:nose");
/// # Ok::<(), uridfa::Error>(())
/// ```
impl Uri<'_> {}

/// An `absolute-URI` (§4.3): a URI without a fragment, as a base URI
/// must be.
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::AbsoluteUri;
/// assert!(AbsoluteUri::parse("http://a/b/c/d;p?q").is_ok());
/// assert!(AbsoluteUri::parse("http://a/b#frag").is_err());
/// ```
impl AbsoluteUri<'_> {}

/// A `relative-ref` (§4.2): a reference without a scheme.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc3986::RelativeRef::parse("//g/x")?;
/// assert_eq!(r.host(), Some("g"));
/// assert_eq!(r.path(), "/x");
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeRef<'_> {}


impl crate::builder::Sealed for Rfc3986 {}

// The builder's grammar: its component rules and encode sets come from
// the grammar's facts, the rest from the view (`crate::parts::FromTags`).
impl crate::builder::GenericSyntax for Rfc3986 {
    type Ref<'b> = UriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
}

/// A builder for this grammar's references: see [`crate::builder::Builder`].
///
/// # Example
///
/// ```
/// let b = uridfa::rfc3986::Builder::new().scheme("http")?.host("example.com")?.path("/")?;
/// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://example.com/");
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
pub type Builder<'a> = crate::builder::Builder<'a, Rfc3986>;

/// The owned form of [`UriRef`]: see [`crate::builder::RefBuf`].
///
/// # Example
///
/// ```
/// let mut r: uridfa::rfc3986::UriRefBuf = "http://a/b".parse()?;
/// r.set_port(Some("8080"))?;
/// assert_eq!(r.as_str(), "http://a:8080/b");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub type UriRefBuf = crate::builder::RefBuf<Rfc3986>;

// How resolution and normalization read RFC 3986 (Note [algorithms over
// grammars] in `src/algorithms/reading.rs`): base `URI` and reference
// `URI-reference` (§5.2.1–5.2.2); the whole host is case-folded (§6.2.2.1).
impl crate::algorithms::Reads for Rfc3986 {
    fn resolve<'a>(base: &'a str, reference: &'a str) -> crate::algorithms::ResolveRead<'a> {
        Some(crate::resolve::read_views(Uri::parse(base), UriRef::parse(reference)))
    }
    fn normalize(input: &str) -> crate::algorithms::NormalizeRead<'_> {
        let c = crate::normalize::read_generic(UriRef::parse(input), str::len);
        Some(c.map(|c| (c, &crate::normalize::RFC3986_FACTS)))
    }
}

// The finder of URIs in running text (`uridfa::text`).
impl Default for crate::text::Finder<'static> {
    fn default() -> Self {
        crate::text::Finder::new()
    }
}

impl crate::text::Finder<'static> {
    /// A finder for RFC 3986 `URI` (`uridfa::rfc3986::tables::URI`;
    /// cargo feature `rfc3986`).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new();
    /// assert_eq!(f.tables().rule, "URI");
    /// ```
    pub fn new() -> Self {
        crate::text::Finder::with_tables(&tables::URI)
    }
}

// The IRI mapping (RFC 3987 §3.2) of each view, with the feature
// `rfc3987`: `iri::MapToIri`, for every view of this grammar.
#[cfg(feature = "rfc3987")]
impl<'a, V: crate::View<'a, Grammar = Rfc3986>> crate::iri::MapToIri<'a> for V {}
