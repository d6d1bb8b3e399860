//! The owned forms, [`RefBuf`] and [`UrnBuf`] (feature `alloc`); what
//! they share with `PartsBuf` is written once, in `owned_form!`.

use super::generic::Builder;
use super::types::{BuildError, Component, GenericSyntax};
use super::urn::{UrnBuilder, UrnSyntax};

/// An owned URN of grammar `G`: a `String` and its component spans,
/// re-validated through a [`UrnBuilder`] by every `set_*`. Use the alias
/// of the grammar's module, [`crate::rfc8141::UrnBuf`] or
/// [`crate::draft_ietf_urnbis_rfc2141bis_urn_03::UrnBuf`], whose own
/// methods set the optional components.
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::UrnBuf;
/// let mut u: UrnBuf = "urn:example:a?+r#f".parse()?;
/// u.set_nss("b/c")?;
/// u.set_r_component(None)?;
/// assert_eq!(u.as_str(), "urn:example:b/c#f");
/// assert_eq!(u.as_view().f_component(), Some("f"));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct UrnBuf<G: UrnSyntax> {
    text: alloc::string::String,
    tags: G::Tags,
}

crate::builder::owned_form!(UrnBuf, UrnSyntax);

#[cfg(feature = "alloc")]
impl<G: UrnSyntax> UrnBuf<G> {
    /// A builder pre-filled with this URN's components.
    pub fn to_builder(&self) -> UrnBuilder<'_, G> {
        UrnBuilder::from_view(&self.as_view())
    }

    /// Replaces the NID; unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`UrnBuilder::nid`].
    pub fn set_nid(&mut self, nid: &str) -> Result<(), BuildError> {
        let text = self.to_builder().nid(nid)?.build();
        self.replace(text, Component::Nss)
    }

    /// Replaces the NSS; unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`UrnBuilder::nss`].
    pub fn set_nss(&mut self, nss: &str) -> Result<(), BuildError> {
        let text = self.to_builder().nss(nss)?.build();
        self.replace(text, Component::Nss)
    }

    /// Sets or clears optional component `i` of [`UrnRules::optional`];
    /// unchanged on error.
    pub(crate) fn set_optional(&mut self, i: usize, value: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().set_optional(i, value)?.build();
        self.replace(text, Component::Nss)
    }
}

/// An owned reference of grammar `G`: a `String` and its component spans,
/// re-validated through a [`Builder`] by every `set_*`. Use the alias of
/// the grammar's module: [`crate::rfc3986::UriRefBuf`],
/// [`crate::rfc3987::IriRefBuf`], [`crate::rfc6874::UriRefBuf`].
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::UriRefBuf;
/// let mut uri: UriRefBuf = "http://a/b?q".parse()?;
/// uri.set_query(None)?;
/// uri.set_fragment(Some("top"))?;
/// assert_eq!(uri.as_str(), "http://a/b#top");
/// assert_eq!(uri.as_view().fragment(), Some("top"));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
#[derive(Clone)]
pub struct RefBuf<G: GenericSyntax> {
    text: alloc::string::String,
    tags: G::Tags,
}

crate::builder::owned_form!(RefBuf, GenericSyntax);

#[cfg(feature = "alloc")]
impl<G: GenericSyntax> RefBuf<G> {
    /// A builder pre-filled with this reference's components.
    pub fn to_builder(&self) -> Builder<'_, G> {
        Builder::from_components(crate::builder::components_of(&self.as_view()))
    }

    /// Sets or clears component `c` as [`Builder`]'s setter of it does,
    /// and rebuilds; unchanged on error.
    fn set(&mut self, c: Component, value: Option<&str>) -> Result<(), BuildError> {
        let text = self.to_builder().set(c, value)?.build()?;
        self.replace(text, Component::Path)
    }

    /// Replaces the scheme (see [`Builder::scheme`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::scheme`] and [`Builder::build_len`].
    pub fn set_scheme(&mut self, scheme: Option<&str>) -> Result<(), BuildError> {
        self.set(Component::Scheme, scheme)
    }

    /// Replaces the userinfo (see [`Builder::userinfo`]); unchanged on
    /// error.
    ///
    /// # Errors
    ///
    /// As [`Builder::userinfo`] and [`Builder::build_len`].
    pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), BuildError> {
        self.set(Component::Userinfo, userinfo)
    }

    /// Replaces the host (see [`Builder::host`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::host`] and [`Builder::build_len`].
    pub fn set_host(&mut self, host: Option<&str>) -> Result<(), BuildError> {
        self.set(Component::Host, host)
    }

    /// Replaces the port (see [`Builder::port`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::port`] and [`Builder::build_len`].
    pub fn set_port(&mut self, port: Option<&str>) -> Result<(), BuildError> {
        self.set(Component::Port, port)
    }

    /// Replaces the path (see [`Builder::path`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::path`] and [`Builder::build_len`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::UriRefBuf;
    /// let mut r: UriRefBuf = "x".parse()?;
    /// assert!(r.set_path("a:b").is_err()); // §4.2: would read as a scheme
    /// assert_eq!(r.as_str(), "x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn set_path(&mut self, path: &str) -> Result<(), BuildError> {
        self.set(Component::Path, Some(path))
    }

    /// Replaces the query (see [`Builder::query`]); unchanged on error.
    ///
    /// # Errors
    ///
    /// As [`Builder::query`] and [`Builder::build_len`].
    pub fn set_query(&mut self, query: Option<&str>) -> Result<(), BuildError> {
        self.set(Component::Query, query)
    }

    /// Replaces the fragment (see [`Builder::fragment`]); unchanged on
    /// error.
    ///
    /// # Errors
    ///
    /// As [`Builder::fragment`] and [`Builder::build_len`].
    pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), BuildError> {
        self.set(Component::Fragment, fragment)
    }
}
