//! The builder of a URL grammar ([`crate::rfc1738`],
//! [`crate::draft_ietf_uri_url_06`]), loaded as a child module of each
//! (`#[path]`), so that `super` is the grammar: its marker type `Marker`,
//! its `tables`, its `Url`, and `URL_PATH_RULE`, the rule that checks the
//! url-path (`urlpath` in RFC 1738; draft 06 has no `urlpath` rule, so its
//! `schemepart = *xchar`, the same characters). `read_back` through the
//! `login` rule, [`crate::builder::PartsSyntax`], the setters' kinds
//! ([`crate::builder::Sets`]), `Builder::new` and `Url::to_builder`.
//!
//! Note [the URL builder]
//! RFC 1738 §3.1 gives one shape to the URLs of "IP-based protocols",
//! `//<user>:<password>@<host>:<port>/<url-path>`, and §3.2 to §3.11 give
//! each scheme its own rule for what follows (`ftpurl`, `httpurl`, ...).
//! The builder writes that shape: `scheme ":" "//" [ user [ ":"
//! password ] "@" ] host [ ":" port ] [ "/" url-path ]`, each component
//! checked with its own rule (`scheme`, `user`, `password`, `host`,
//! `port`, and `urlpath` in RFC 1738; draft 06 has no `urlpath` rule, so
//! its `schemepart = *xchar`, the same characters). The scheme-specific
//! parts (ftp's `;type=`, http's `?search`, gopher's selector, ...) all
//! lie inside the url-path, and the scheme's own rule checks them when
//! the URL is built: the built text is parsed back with the strict `url`
//! rule, which holds a URL with one of the ten schemes to that scheme's
//! rule (`http` has no user, `nntp` needs a group, ...), and its login
//! is split again with the `login` rule's tables, so every component
//! given must come back. So there is one builder per grammar rather than
//! one per scheme: a per-scheme builder would only give names to parts
//! of the url-path, whose syntax the scheme rules already check, and the
//! strict `Url` it returns is matched to get the scheme's typed view.
//! URLs of the other shape (`mailto:`, `news:`) have no login to build;
//! `Url::to_builder` gives `None` for them.

use super::{tables, Builder, Marker, Url, URL_PATH_RULE};

/// The components of a URL of the `//<login>/<url-path>` shape in
/// the slots of [`crate::builder::PartsBuilder`]: the login split
/// with the `login` rule's tables; `None` for any other shape.
fn read_back<'b>(r: &Url<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]> {
    let scheme = r.scheme();
    let rest = r
        .as_str()
        .get(scheme.len().checked_add(1)?..)?
        .strip_prefix("//")?;
    let (login, path) = match crate::cut::split_once(rest, b'/') {
        Some((login, path)) => (login, Some(path)),
        None => (rest, None),
    };
    let (user, password, host, port) = if login.is_empty() {
        (None, None, Some(""), None)
    } else {
        let p = crate::parts::Parts::<{ 2 * tables::CAPTURE_LEN }>::parse_str::<
            { tables::REG_LEN },
        >(&tables::LOGIN_RULE, login)
        .ok()?;
        (
            p.get(tables::USER),
            p.get(tables::PASSWORD),
            p.get(tables::HOST),
            p.get(tables::PORT),
        )
    };
    Some([
        Some(scheme),
        None,
        user,
        password,
        host,
        port,
        None,
        path,
        None,
        None,
    ])
}

impl crate::builder::Sealed for Marker {}

impl crate::builder::PartsSyntax for Marker {
    type Ref<'b> = Url<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const ENTRY: &'static str = "url";
    const ALWAYS_AUTHORITY: bool = true;
    const PATH_PREFIX: &'static str = "/";
    // The path is checked by the url-path rule (`URL_PATH_RULE`), which
    // is not named as the component; the others by the component rule of
    // their name.
    fn rule(c: crate::builder::Component) -> Option<&'static uridfa_runtime::Tables<'static>> {
        match c {
            crate::builder::Component::Path => Some(URL_PATH_RULE),
            _ => <Marker as crate::Facts>::component_rule(c.name()),
        }
    }
    // `'b: 'b` makes `'b` early-bound, as it is in the trait (where it
    // appears only in the projection `Self::Ref<'b>`).
    #[allow(clippy::extra_unused_lifetimes)]
    fn read_back<'b>(r: &Url<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]>
    where
        'b: 'b,
    {
        read_back(r)
    }
}

impl<'a> Builder<'a> {
    /// A URL `<scheme>://<host>`; `host` may be empty (a `file`
    /// URL's local machine, §3.10). See Note [the URL builder] in
    /// `src/grammars/url_common.rs`: the scheme's own rule is checked when
    /// building.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if `scheme` does not
    /// match `scheme` or `host` does not match `host`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc1738::{Builder, Url};
    /// let b = Builder::new("ftp", "host.dom")?.user("myname")?.path("%2Fetc/motd;type=i")?;
    /// let mut buf = [0u8; 64];
    /// let Url::Ftp(f) = b.build_ref(&mut buf)? else { unreachable!() };
    /// assert_eq!(f.as_str(), "ftp://myname@host.dom/%2Fetc/motd;type=i");
    /// assert_eq!(f.name(), Some("motd"));
    /// // §3.3: an HTTP URL has no user name.
    /// let b = Builder::new("http", "host.dom")?.user("myname")?;
    /// assert!(b.build_str(&mut buf).is_err());
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new(scheme: &'a str, host: &'a str) -> Result<Self, crate::builder::BuildError> {
        Self::with_path(None).scheme(scheme)?.host(host)
    }
}

// The components the builder sets ([`crate::builder::Sets`]): scheme and
// host always (`Builder::new` takes both), the rest optional; `path` is
// the url-path after the host's `/` (`None`: no `/`).
impl crate::builder::Sets<crate::builder::slot::Scheme> for Marker {
    type Arg<'a> = &'a str;
}

impl crate::builder::Sets<crate::builder::slot::User> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Password> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Host> for Marker {
    type Arg<'a> = &'a str;
}

impl crate::builder::Sets<crate::builder::slot::Port> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl crate::builder::Sets<crate::builder::slot::Path> for Marker {
    type Arg<'a> = Option<&'a str>;
}

impl<'a> Url<'a> {
    /// A [`Builder`] pre-filled with this URL's components; `None`
    /// for a URL without `//<login>` (`mailto:`, `news:`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc1738::Url;
    /// let u = Url::parse("http://host:8080/path?query")?;
    /// let b = u.to_builder().unwrap().port(None)?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://host/path?query");
    /// assert!(Url::parse("news:*")?.to_builder().is_none());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Option<Builder<'a>> {
        Builder::from_ref(self)
    }
}
