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

// What the RFC 3986 family adds to each view: `uridfa::family`.
impl<'a> crate::family::GenericRef<'a> for UriRef<'a> {}
impl<'a> crate::family::GenericRef<'a> for Uri<'a> {}
impl<'a> crate::family::GenericRef<'a> for AbsoluteUri<'a> {}
impl<'a> crate::family::GenericRef<'a> for RelativeRef<'a> {}

// Each view's own doc; its methods beyond the generated accessors come
// from `grammar/methods/generic_syntax.rs` and `to_iri.rs` (`;@ methods`).

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

/// The grammar of this module, as a [`crate::builder::GenericSyntax`]: the
/// type parameter of [`Builder`] (and of [`UriRefBuf`] under `alloc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rfc3986;

static COMPONENT_RULES: crate::builder::ComponentRules = crate::builder::ComponentRules {
    scheme: &tables::SCHEME_RULE,
    userinfo: &tables::USERINFO_RULE,
    host: &tables::HOST_RULE,
    port: &tables::PORT_RULE,
    path: &tables::PATH_RULE,
    path_abempty: &tables::PATH_ABEMPTY_RULE,
    path_absolute: &tables::PATH_ABSOLUTE_RULE,
    path_noscheme: &tables::PATH_NOSCHEME_RULE,
    path_rootless: &tables::PATH_ROOTLESS_RULE,
    query: &tables::QUERY_RULE,
    fragment: &tables::FRAGMENT_RULE,
};

impl crate::builder::Sealed for Rfc3986 {}

impl crate::builder::GenericSyntax for Rfc3986 {
    type Ref<'b> = UriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    fn rules() -> &'static crate::builder::ComponentRules {
        &COMPONENT_RULES
    }
    fn encode_set(c: crate::builder::Component) -> Option<&'static uridfa_runtime::EncodeSet> {
        use crate::builder::Component;
        match c {
            Component::Userinfo => Some(&tables::USERINFO_SET),
            Component::Path => Some(&tables::PATH_SET),
            Component::Query => Some(&tables::QUERY_SET),
            Component::Fragment => Some(&tables::FRAGMENT_SET),
            _ => None,
        }
    }
    fn parse_ref(input: &str) -> Result<UriRef<'_>, crate::Error> {
        UriRef::parse(input)
    }
    fn components(input: &str, tags: Self::Tags) -> [Option<&str>; 7] {
        crate::builder::components_of(&Self::from_tags(input, tags))
    }
    fn tags(r: &UriRef<'_>) -> Self::Tags {
        r.parts.tags
    }
    fn from_tags(input: &str, tags: Self::Tags) -> UriRef<'_> {
        UriRef {
            parts: crate::parts::Parts { input, tags },
        }
    }
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

impl<'a> UriRef<'a> {
    /// A [`Builder`] pre-filled with this reference's components, to
    /// change some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc3986::UriRef::parse("http://a/b?q")?;
    /// let b = r.to_builder().query(Some("x"))?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://a/b?x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_components(crate::builder::components_of(self))
    }
}

impl<'a> Uri<'a> {
    /// A [`Builder`] pre-filled with this reference's components, to
    /// change some of them and build anew (see [`UriRef::to_builder`]).
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_components(crate::builder::components_of(self))
    }
}

impl<'a> AbsoluteUri<'a> {
    /// A [`Builder`] pre-filled with this reference's components, to
    /// change some of them and build anew (see [`UriRef::to_builder`]).
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_components(crate::builder::components_of(self))
    }
}

impl<'a> RelativeRef<'a> {
    /// A [`Builder`] pre-filled with this reference's components, to
    /// change some of them and build anew (see [`UriRef::to_builder`]).
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_components(crate::builder::components_of(self))
    }
}
