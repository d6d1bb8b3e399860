//! What [`crate::rfc1738`] and [`crate::draft_ietf_uri_url_06`] add to
//! their per-scheme views. The views themselves (`Ftp`, `Http`, ...: the
//! struct, `parse`, `parse_bytes`, `is_valid`, the accessors of the
//! captures each scheme's rule reaches, and the traits) are generated from
//! the grammars' `;@ view` pragmas (`;@ views separate`) into
//! `src/generated/*_views.rs`. Both grammars have the same entry rules and
//! capture names, so their additions (hosts with default ports, the
//! scheme-specific parts, and the `Url` enum) are written once, in
//! `grammar/methods/url_schemes.rs`, which both grammars name with `;@
//! methods` and `uridfa-generate` writes into each module's generated
//! views over that module's `tables`. The grammar-independent helpers
//! (iterators, small enums) live here once and are re-exported by both
//! modules.
//!
//! Every accessor returns a slice of the input, still percent-encoded.
//! Components are found in two ways: from the tables' captures, or, where
//! the grammar has already fixed the structure (a path's `/`-separated
//! segments, prospero's `;field=value` pairs, the text after a capture),
//! by splitting the matched text. The second never looks past what the
//! grammar matched and never panics.

/// The FTP transfer type, `;type=<typecode>` (RFC 1738 §3.2.2): `ftptype
/// = "A" / "I" / "D" / "a" / "i" / "d"`.
///
/// # Example
///
/// ```
/// use uridfa::rfc1738::{Ftp, FtpType};
/// let u = Ftp::parse("ftp://host/pub/file.txt;type=a")?;
/// assert_eq!(u.typecode(), Some(FtpType::Ascii));
/// assert_eq!(FtpType::Directory.as_char(), 'd');
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtpType {
    /// `a`: ASCII transfer (`TYPE A`).
    Ascii,
    /// `i`: image (binary) transfer (`TYPE I`).
    Image,
    /// `d`: a directory listing (`NLST <name>`).
    Directory,
}

impl FtpType {
    /// The type code as the RFC writes it, in lower case.
    pub fn as_char(self) -> char {
        match self {
            FtpType::Ascii => 'a',
            FtpType::Image => 'i',
            FtpType::Directory => 'd',
        }
    }

    /// The type for a typecode (either case); `None` for anything else.
    pub(crate) fn from_code(code: &str) -> Option<FtpType> {
        match code.as_bytes() {
            [b'a' | b'A'] => Some(FtpType::Ascii),
            [b'i' | b'I'] => Some(FtpType::Image),
            [b'd' | b'D'] => Some(FtpType::Directory),
            _ => None,
        }
    }
}

/// What a `news:` URL designates (RFC 1738 §3.6): `grouppart = "*" /
/// group / article`.
///
/// # Example
///
/// ```
/// use uridfa::rfc1738::{News, NewsTarget};
/// let u = News::parse("news:comp.infosystems.www.misc")?;
/// assert_eq!(u.target(), NewsTarget::Group("comp.infosystems.www.misc"));
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NewsTarget<'a> {
    /// `news:*`, "all available news groups".
    All,
    /// A newsgroup name, `group`.
    Group(&'a str),
    /// A message-id without `<` and `>`, `article` (`<unique>@<full_domain_name>`).
    Article(&'a str),
}

/// The `;field=value` pairs after a prospero `<hsoname>` (RFC 1738
/// §3.11), as `(field, value)`, still percent-encoded. Each pair is split
/// at its first `=`, as the prose says ("The name of the field and its
/// value are separated by a "="").
///
/// # Example
///
/// ```
/// let u = uridfa::rfc1738::Prospero::parse("prospero://host/name;OBJECT-VERSION=2;a=b")?;
/// assert!(u.fields().eq([("OBJECT-VERSION", "2"), ("a", "b")]));
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    /// The text after the next `;`, if there is one.
    rest: Option<&'a str>,
}

impl<'a> Fields<'a> {
    /// The pairs of `tail`, the text after the hsoname: empty, or `;`
    /// fieldspec...
    pub(crate) fn new(tail: &'a str) -> Self {
        Fields {
            rest: tail.strip_prefix(';'),
        }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let rest = self.rest?;
        let spec = match rest.split_once(';') {
            Some((spec, tail)) => {
                self.rest = Some(tail);
                spec
            }
            None => {
                self.rest = None;
                rest
            }
        };
        Some(spec.split_once('=').unwrap_or((spec, "")))
    }
}

/// Splits a gopher selector text at the first two `%09` (RFC 1738
/// §3.4): `<selector>%09<search>%09<gopher+_string>`.
pub(crate) fn gopher_split(raw: &str) -> (&str, Option<&str>, Option<&str>) {
    match raw.split_once("%09") {
        None => (raw, None, None),
        Some((selector, rest)) => match rest.split_once("%09") {
            None => (selector, Some(rest), None),
            Some((search, plus)) => (selector, Some(search), Some(plus)),
        },
    }
}

/// The scheme of a URL that the grammar matched: the text before its
/// first `:`.
pub(crate) fn scheme_of(input: &str) -> &str {
    crate::cut::split_once(input, b':').map_or(input, |(s, _)| s)
}

/// The builder of an RFC 1738-family module (Note [the URL builder]):
/// the marker `$marker`, `read_back` through the `login` rule, the
/// `Builder` alias and its setters, and `Url::to_builder`. `$path_rule`
/// names the rule that checks the url-path.
///
/// Note [the URL builder]
/// RFC 1738 §3.1 gives one shape to the URLs of "IP-based protocols",
/// `//<user>:<password>@<host>:<port>/<url-path>`, and §3.2 to §3.11 give
/// each scheme its own rule for what follows (`ftpurl`, `httpurl`, ...).
/// The builder writes that shape: `scheme ":" "//" [ user [ ":"
/// password ] "@" ] host [ ":" port ] [ "/" url-path ]`, each component
/// checked with its own rule (`scheme`, `user`, `password`, `host`,
/// `port`, and `urlpath` in RFC 1738; draft 06 has no `urlpath` rule, so
/// its `schemepart = *xchar`, the same characters). The scheme-specific
/// parts (ftp's `;type=`, http's `?search`, gopher's selector, ...) all
/// lie inside the url-path, and the scheme's own rule checks them when
/// the URL is built: the built text is parsed back with the strict `url`
/// rule, which holds a URL with one of the ten schemes to that scheme's
/// rule (`http` has no user, `nntp` needs a group, ...), and its login
/// is split again with the `login` rule's tables, so every component
/// given must come back. So there is one builder per grammar rather than
/// one per scheme: a per-scheme builder would only give names to parts
/// of the url-path, whose syntax the scheme rules already check, and the
/// strict `Url` it returns is matched to get the scheme's typed view.
/// URLs of the other shape (`mailto:`, `news:`) have no login to build;
/// `Url::to_builder` gives `None` for them.
macro_rules! url_builder {
    ($module:literal, $marker:ident, $path_rule:ident, $path_rule_name:literal) => {
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

        fn ref_tags(r: &Url<'_>) -> [u32; 2 * tables::CAPTURE_LEN] {
            r.parts().tags
        }

        fn ref_from_tags(input: &str, tags: [u32; 2 * tables::CAPTURE_LEN]) -> Url<'_> {
            Url::from_parts(crate::parts::Parts { input, tags })
        }

        crate::builder::parts_syntax! {
            module: $module,
            marker: $marker,
            reference: Url,
            entry: "url",
            always_authority: true,
            path_prefix: "/",
            rules: {
                Scheme: SCHEME_RULE,
                User: USER_RULE,
                Password: PASSWORD_RULE,
                Host: HOST_RULE,
                Port: PORT_RULE,
                Path: $path_rule,
            },
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
            #[doc = concat!("use uridfa::", $module, "::{Builder, Url};")]
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

        crate::builder::parts_setters! {
            /// Replaces the `scheme` (§2.1), without the `:`.
            req scheme / set_scheme: Scheme = "scheme";
            /// Sets or clears the `user` (§3.1), without `:` or `@`;
            /// `Some("")` is an empty user name.
            opt user / set_user: User = "user";
            /// Sets or clears the `password` (§3.1), without the `:`. It
            /// needs a user.
            opt password / set_password: Password = "password";
            /// Replaces the `host` (§3.1); `""` for an empty host.
            req host / set_host: Host = "host";
            /// Sets or clears the `port` (§3.1), digits without the `:`.
            opt port / set_port: Port = "port";
            /// Sets or clears the url-path (§3.1), after the `/` that
            /// follows the host (`None`: no `/`).
            opt path / set_path: Path = $path_rule_name;
        }

        impl<'a> Url<'a> {
            /// A [`Builder`] pre-filled with this URL's components; `None`
            /// for a URL without `//<login>` (`mailto:`, `news:`).
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::", $module, "::Url;")]
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
    };
}
pub(crate) use url_builder;
