//! The builder glue of a grammar with RFC 3986's components, rules and
//! views ([`crate::rfc3986`], [`crate::rfc6874`]): loaded as a child
//! module of each (`#[path]`), so that `super` is the grammar: its marker
//! type `Marker`, its `tables` and its views. The component rules, the
//! encode sets, [`crate::builder::GenericSyntax`], the `Builder` and
//! `UriRefBuf` aliases and `to_builder` on each view. The doc examples
//! name `rfc3986`; they hold for `rfc6874` alike.

use super::{tables, AbsoluteUri, Marker, RelativeRef, Uri, UriRef};

// The component rules, read from the grammar's facts.
static COMPONENT_RULES: crate::builder::ComponentRules = crate::builder::ComponentRules::of::<Marker>();

impl crate::builder::Sealed for Marker {}

impl crate::builder::GenericSyntax for Marker {
    type Ref<'b> = UriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    fn rules() -> &'static crate::builder::ComponentRules {
        &COMPONENT_RULES
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
pub type Builder<'a> = crate::builder::Builder<'a, Marker>;

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
pub type UriRefBuf = crate::builder::RefBuf<Marker>;

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
