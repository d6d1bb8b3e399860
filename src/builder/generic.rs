//! [`Builder`]: a reference of the RFC 3986 family put together from its
//! components.

use core::marker::PhantomData;

use super::types::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Port<'a> {
    Str(&'a str),
    Num(u16),
}

/// A reference put together from its components, for grammar `G`. Use the
/// alias of the grammar's module: [`crate::rfc3986::Builder`],
/// [`crate::rfc3987::Builder`], [`crate::rfc6874::Builder`]. See the
/// module docs for what is checked where.
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::Builder;
///
/// let b = Builder::new()
///     .scheme("foo")?
///     .host("example.com")?
///     .port("8042")?
///     .path("/over/there")?
///     .query("name=ferret")?
///     .fragment("nose")?;
/// let mut buf = [0u8; 64];
/// let uri = b.build_ref(&mut buf)?;
/// assert_eq!(uri.as_str(), "foo://example.com:8042/over/there?name=ferret#nose");
/// assert_eq!(uri.port(), Some("8042"));
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Builder<'a, G> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<Port<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    grammar: PhantomData<G>,
}

impl<G: GenericSyntax> Default for Builder<'_, G> {
    fn default() -> Self {
        Builder {
            scheme: None,
            userinfo: None,
            host: None,
            port: None,
            path: "",
            query: None,
            fragment: None,
            grammar: PhantomData,
        }
    }
}

impl<'a, G: GenericSyntax> Builder<'a, G> {
    /// An empty builder: the empty relative reference `""`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::rfc3986::Builder::new().build_len()?, 0);
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// A builder holding the components of a parsed reference (no check:
    /// they come from the grammar's own tables).
    pub(crate) fn from_components(c: [Option<&'a str>; 7]) -> Self {
        let [scheme, userinfo, host, port, path, query, fragment] = c;
        Builder {
            scheme,
            userinfo,
            host,
            port: port.map(Port::Str),
            path: path.unwrap_or(""),
            query,
            fragment,
            grammar: PhantomData,
        }
    }

    /// Sets or clears the `scheme` (without the `:`).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `scheme`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert!(Builder::new().scheme("1http").is_err());
    /// let b = Builder::new().scheme("mailto")?.path("a@example.org")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "mailto:a@example.org");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn scheme(mut self, scheme: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.scheme = checked(Component::Scheme, G::rules().scheme, scheme.into())?;
        Ok(self)
    }

    /// Sets or clears the `userinfo` (without the `@`). It needs a host
    /// when the reference is built.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `userinfo`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert_eq!(Builder::new().userinfo("a@b").unwrap_err().offset(), Some(1));
    /// let b = Builder::new().scheme("ftp")?.userinfo("anonymous")?.host("h")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "ftp://anonymous@h");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn userinfo(mut self, userinfo: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.userinfo = checked(Component::Userinfo, G::rules().userinfo, userinfo.into())?;
        Ok(self)
    }

    /// Sets or clears the `host`; `Some` gives the reference an authority
    /// (`Some("")` the empty one of `file:///`). An IPv6 address goes in
    /// brackets, as the grammar writes it: `"[2001:db8::7]"`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `host`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert!(Builder::new().host("2001:db8::7").is_err());
    /// let b = Builder::new().scheme("ldap")?.host("[2001:db8::7]")?.path("/c=GB")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "ldap://[2001:db8::7]/c=GB");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn host(mut self, host: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.host = checked(Component::Host, G::rules().host, host.into())?;
        Ok(self)
    }

    /// Sets or clears the `port` (digits, without the `:`; `Some("")` is
    /// allowed, as in `http://a:/`). It needs a host when the reference is
    /// built.
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `port = *DIGIT`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert_eq!(Builder::new().port("80a").unwrap_err().offset(), Some(2));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn port(mut self, port: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.port = checked(Component::Port, G::rules().port, port.into())?.map(Port::Str);
        Ok(self)
    }

    /// Sets the port as a number (written in decimal without leading
    /// zeros). Infallible: any `u16` matches `port`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// let b = Builder::new().scheme("http")?.host("a")?.port_u16(8080).path("/")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "http://a:8080/");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn port_u16(mut self, port: u16) -> Self {
        self.port = Some(Port::Num(port));
        self
    }

    /// Sets the `path` (`""` for none: the path is never absent). Which of
    /// the five path rules it must match depends on the other components
    /// and is checked when building (see the module docs).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `path` (that is,
    /// `*( pchar / "/" )`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert_eq!(Builder::new().path("/a b").unwrap_err().offset(), Some(2));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn path(mut self, path: &'a str) -> Result<Self, BuildError> {
        check(Component::Path, G::rules().path, path)?;
        self.path = path;
        Ok(self)
    }

    /// Sets or clears the `query` (without the `?`).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `query`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::UriRef;
    /// let uri = UriRef::parse("http://a/b?old#f")?;
    /// let b = uri.to_builder().query(Some("new"))?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "http://a/b?new#f");
    /// assert!(uri.to_builder().query("a#b").is_err());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn query(mut self, query: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.query = checked(Component::Query, G::rules().query, query.into())?;
        Ok(self)
    }

    /// Sets or clears the `fragment` (without the `#`).
    ///
    /// # Errors
    ///
    /// [`BuildError::Invalid`] if it does not match `fragment`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// assert!(Builder::new().fragment("a#b").is_err());
    /// assert_eq!(Builder::new().fragment("s")?.build_str(&mut [0; 4])?, "#s");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn fragment(mut self, fragment: impl Into<Option<&'a str>>) -> Result<Self, BuildError> {
        self.fragment = checked(Component::Fragment, G::rules().fragment, fragment.into())?;
        Ok(self)
    }

    /// Sets or clears component `c` with its setter (`None` for the path
    /// is `""`); a component this builder does not have changes nothing.
    /// The owned form's setters (`RefBuf`) are its callers.
    #[cfg(feature = "alloc")]
    pub(crate) fn set(self, c: Component, value: Option<&'a str>) -> Result<Self, BuildError> {
        match c {
            Component::Scheme => self.scheme(value),
            Component::Userinfo => self.userinfo(value),
            Component::Host => self.host(value),
            Component::Port => self.port(value),
            Component::Path => self.path(value.unwrap_or_default()),
            Component::Query => self.query(value),
            Component::Fragment => self.fragment(value),
            _ => Ok(self),
        }
    }

    /// The rules between components (see the module docs).
    fn check_together(&self) -> Result<(), BuildError> {
        // `authority = [ userinfo "@" ] host [ ":" port ]`.
        let conflict = |component, conflict| BuildError::Conflict {
            component,
            conflict,
            rule: "authority",
            offset: 0,
        };
        if self.host.is_none() {
            if self.userinfo.is_some() {
                return Err(conflict(Component::Userinfo, Conflict::HostRequired));
            }
            if self.port.is_some() {
                return Err(conflict(Component::Port, Conflict::HostRequired));
            }
        }
        if self.path.is_empty() {
            return Ok(()); // path-empty, or an empty path-abempty
        }
        let rules = G::rules();
        let (t, conflict) = if self.host.is_some() {
            (rules.path_abempty, Conflict::PathAfterAuthority)
        } else if self.path.starts_with('/') {
            (rules.path_absolute, Conflict::PathStartsWithTwoSlashes)
        } else if self.scheme.is_some() {
            // path-rootless accepts every non-empty `path` that does not
            // start with "/"; no conflict to name, but check all the same.
            (rules.path_rootless, Conflict::PathStartsWithTwoSlashes)
        } else {
            (rules.path_noscheme, Conflict::ColonInFirstSegment)
        };
        let p = self.path.as_bytes();
        uridfa_runtime::validate(t, p).map_err(|e| BuildError::Conflict {
            component: Component::Path,
            conflict,
            rule: t.rule,
            offset: e.at_char_start(t, p).offset(),
        })
    }

    fn port_bytes<'s>(&'s self, tmp: &'s mut [u8; 5]) -> Option<&'s [u8]> {
        match self.port? {
            Port::Str(s) => Some(s.as_bytes()),
            Port::Num(n) => {
                let start = digits(n, tmp);
                tmp.get(start..)
            }
        }
    }

    /// The length of the reference in bytes, after checking the rules
    /// between components.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] for components that cannot go together.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::builder::{BuildError, Conflict};
    /// use uridfa::rfc3986::Builder;
    /// let b = Builder::new().scheme("http")?.host("a")?.path("/b")?;
    /// assert_eq!(b.build_len()?, 10);
    /// let e = Builder::new().host("a")?.path("b")?.build_len().unwrap_err();
    /// assert!(matches!(e, BuildError::Conflict { conflict: Conflict::PathAfterAuthority, .. }));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_len(&self) -> Result<usize, BuildError> {
        self.check_together()?;
        Ok(self.pieces_len())
    }

    /// Writes the reference into `buf` and returns its length. Nothing is
    /// written when `buf` is too short.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] as [`Builder::build_len`];
    /// [`BuildError::BufferTooSmall`] with the exact length needed.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{builder::BuildError, BufferTooSmall, rfc3986::Builder};
    /// let b = Builder::new().path("a")?.query("b")?;
    /// let mut buf = [0u8; 2];
    /// assert_eq!(b.build_into(&mut buf), Err(BuildError::BufferTooSmall(BufferTooSmall { needed: 3 })));
    /// assert_eq!(buf, [0, 0]);
    /// let mut buf = [0u8; 3];
    /// assert_eq!(b.build_into(&mut buf)?, 3);
    /// assert_eq!(&buf, b"a?b");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_into(&self, buf: &mut [u8]) -> Result<usize, BuildError> {
        let needed = self.build_len()?;
        Ok(self.write_into(needed, buf)?)
    }

    /// [`Builder::build_into`], returning the written text.
    ///
    /// # Errors
    ///
    /// As [`Builder::build_into`].
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc3986::Builder::new().scheme("urn")?.path("example:a")?;
    /// assert_eq!(b.build_str(&mut [0; 16])?, "urn:example:a");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_str<'b>(&self, buf: &'b mut [u8]) -> Result<&'b str, BuildError> {
        let n = self.build_into(buf)?;
        Ok(written(buf, n)?)
    }

    /// [`Builder::build_into`], then the grammar's reference view of the
    /// written text (`UriRef`, `IriRef`).
    ///
    /// # Errors
    ///
    /// As [`Builder::build_into`]. (Parsing the built text cannot fail:
    /// see the module docs; a failure would be reported as
    /// [`BuildError::Invalid`] on the path.)
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let b = uridfa::rfc3986::Builder::new().scheme("http")?.host("[::1]")?.port_u16(80);
    /// let mut buf = [0u8; 32];
    /// let uri = b.build_ref(&mut buf)?;
    /// assert_eq!(uri.host_kind(), Some(uridfa::rfc3986::HostKind::Ipv6));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn build_ref<'b>(&self, buf: &'b mut [u8]) -> Result<G::Ref<'b>, BuildError> {
        let s = self.build_str(buf)?;
        G::parse_ref(s).map_err(|error| BuildError::Invalid {
            component: Component::Path,
            error,
        })
    }

    /// The reference as a `String`.
    ///
    /// # Errors
    ///
    /// [`BuildError::Conflict`] as [`Builder::build_len`].
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc3986::Builder::new().path("g;x")?.query("y")?.fragment("s")?;
    /// assert_eq!(b.build()?, "g;x?y#s");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn build(&self) -> Result<alloc::string::String, BuildError> {
        let len = self.build_len()?;
        Ok(self.to_text(len)?)
    }
}

// `scheme ":" "//" userinfo "@" host ":" port path "?" query "#" fragment`,
// the parts present.
impl<G: GenericSyntax> Pieces for Builder<'_, G> {
    fn pieces(&self, mut put: impl FnMut(&[u8])) {
        if let Some(s) = self.scheme {
            put(s.as_bytes());
            put(b":");
        }
        if let Some(h) = self.host {
            put(b"//");
            if let Some(u) = self.userinfo {
                put(u.as_bytes());
                put(b"@");
            }
            put(h.as_bytes());
            let mut tmp = [0u8; 5];
            if let Some(p) = self.port_bytes(&mut tmp) {
                put(b":");
                put(p);
            }
        }
        put(self.path.as_bytes());
        if let Some(q) = self.query {
            put(b"?");
            put(q.as_bytes());
        }
        if let Some(f) = self.fragment {
            put(b"#");
            put(f.as_bytes());
        }
    }
}
