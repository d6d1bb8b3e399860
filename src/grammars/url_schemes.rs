//! What RFC 1738 and draft-ietf-uri-url-06 add to their per-scheme views
//! (hosts with default ports, the scheme-specific parts) and the `Url` enum
//! over them. Both grammars have the same entry rules and capture names, so
//! this one file is a child module of each grammar's module (`#[path]` in
//! `rfc1738.rs` and `draft_ietf_uri_url_06.rs`), where `super` is that
//! grammar: ordinary Rust, compiled once per grammar. The doc examples name
//! `rfc1738`. The helpers that do not depend on the grammar (`FtpType`,
//! `NewsTarget`, `Fields`, ...) live once in `url_common.rs`.

use super::tables;
use super::{File, Ftp, Gopher, Http, Mailto, News, Nntp, Other, Prospero, Telnet, Wais};
pub use crate::url_common::{Fields, FtpType, NewsTarget};
use crate::Error;

/// The spans of one parsed URL, 8 bytes per capture.
type Parts<'a> = crate::parts::Parts<'a, { 2 * tables::CAPTURE_LEN }>;

/// Runs the tables of entry `t` over `input`.
fn parse_parts<'a>(
    t: &'static uridfa_runtime::Tables<'static>,
    input: &'a str,
) -> Result<Parts<'a>, Error> {
    Parts::parse_str::<{ tables::REG_LEN }>(t, input)
}

/// Runs the tables of entry `t` over `input` bytes.
fn parse_parts_bytes<'a>(
    t: &'static uridfa_runtime::Tables<'static>,
    input: &'a [u8],
) -> Result<Parts<'a>, Error> {
    Parts::parse_bytes::<{ tables::REG_LEN }>(t, input)
}

/// An FTP URL (§3.2): `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
/// The url-path is `<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>`
/// (§3.2.2); the default port is 21.
impl<'a> Ftp<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 21 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(21),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    /// `fpath`, the url-path after the `/` that follows the host
    /// (not including `;type=`); `None` if there is no such `/`.
    pub fn path(&self) -> Option<&'a str> {
        self.parts.get(tables::PATH)
    }

    /// The `<cwd>` segments, percent-decoded: every segment of
    /// [`Self::path`] but the last (§3.2.2: "Each of the `<cwd>`
    /// elements is to be supplied, sequentially, as the argument to
    /// a CWD command", and "the components are decoded prior to
    /// their use"). Segments may be empty; `as_encoded()` gives a
    /// segment as written.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Ftp::parse("ftp://host/a/b%2Fc/name")?;
    /// let mut cwd = u.cwd();
    /// assert!(cwd.next().unwrap().eq_str("a"));
    /// assert!(cwd.next().unwrap().eq_str("b/c"));
    /// assert!(cwd.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn cwd(&self) -> crate::pct::PathSegments<'a> {
        match self.path().and_then(|p| p.rsplit_once('/')) {
            Some((dirs, _)) => crate::pct::PathSegments::split_all(dirs),
            None => crate::pct::PathSegments::new(""),
        }
    }

    /// `<name>`: the last segment of [`Self::path`] (possibly empty);
    /// `None` without a path.
    pub fn name(&self) -> Option<&'a str> {
        let p = self.path()?;
        Some(p.rsplit_once('/').map_or(p, |(_, n)| n))
    }

    /// The typecode of `;type=<typecode>` (§3.2.2, §3.2.3: optional).
    pub fn typecode(&self) -> Option<FtpType> {
        FtpType::from_code(self.parts.get(tables::FTPTYPE)?)
    }
}

/// An HTTP URL (§3.3): `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`,
/// `http://<host>:<port>/<path>?<searchpart>`; no user name or
/// password; the default port is 80.
impl<'a> Http<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 80 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(80),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    /// `<path>` (`hpath`), after the `/` that follows the host;
    /// `None` if there is no such `/`.
    pub fn path(&self) -> Option<&'a str> {
        self.parts.get(tables::PATH)
    }

    /// `<searchpart>` (`search`), after the `?`; `None` without `?`.
    pub fn search(&self) -> Option<&'a str> {
        self.parts.get(tables::SEARCH)
    }
}

/// A Gopher URL (§3.4): `gopher://<host>:<port>/<gopher-path>`, the
/// gopher-path being `<gophertype><selector>%09<search>%09<gopher+_string>`
/// with the last parts optional; the default port is 70.
impl<'a> Gopher<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 70 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(70),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    fn split(&self) -> Option<(&'a str, Option<&'a str>, Option<&'a str>)> {
        self.parts.get(tables::GTYPE)?;
        Some(crate::url_common::gopher_split(
            self.parts.get(tables::SELECTOR).unwrap_or(""),
        ))
    }

    /// `<gophertype>` (`gtype`, one `xchar`, so `%xx` counts as
    /// one); `None` when the gopher-path is empty.
    pub fn gophertype(&self) -> Option<&'a str> {
        self.parts.get(tables::GTYPE)
    }

    /// `<gophertype>`, or `"1"` when the gopher-path is empty
    /// (§3.4.1).
    pub fn gophertype_or_default(&self) -> &'a str {
        self.gophertype().unwrap_or("1")
    }

    /// `<selector>`: after the gophertype, up to the first `%09`
    /// (§3.4.1: a selector contains no tab); `None` when the
    /// gopher-path is empty.
    pub fn selector(&self) -> Option<&'a str> {
        Some(self.split()?.0)
    }

    /// `<search>`: between the first and second `%09` (§3.4.2);
    /// `None` without a `%09`.
    pub fn search(&self) -> Option<&'a str> {
        self.split()?.1
    }

    /// `<gopher+_string>`: after the second `%09` (§3.4.3), which may
    /// hold further `%09`s (§3.4.9); `None` without a second `%09`.
    pub fn gopher_plus(&self) -> Option<&'a str> {
        self.split()?.2
    }
}

/// A mailto URL (§3.5): `mailtourl = "mailto:" encoded822addr`.
impl<'a> Mailto<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `<rfc822-addr-spec>` (`encoded822addr`), still encoded.
    pub fn address(&self) -> &'a str {
        self.parts.get(tables::ENCODED822ADDR).unwrap_or("")
    }
}

/// A news URL (§3.6): `newsurl = "news:" grouppart`, `grouppart =
/// "*" / group / article`.
impl<'a> News<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// What the URL designates: all groups (`*`), a group or an
    /// article.
    pub fn target(&self) -> NewsTarget<'a> {
        if let Some(a) = self.parts.get(tables::ARTICLE) {
            NewsTarget::Article(a)
        } else if let Some(g) = self.parts.get(tables::GROUP) {
            NewsTarget::Group(g)
        } else {
            NewsTarget::All
        }
    }

    /// `<message-id>` (`article`, `<unique>@<full_domain_name>`).
    pub fn message_id(&self) -> Option<&'a str> {
        self.parts.get(tables::ARTICLE)
    }

    /// Whether the URL is `news:*`, "all available news groups".
    pub fn is_all(&self) -> bool {
        self.target() == NewsTarget::All
    }
}

/// An NNTP URL (§3.7): `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`,
/// `nntp://<host>:<port>/<newsgroup-name>/<article-number>`; the
/// default port is 119.
impl<'a> Nntp<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 119 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(119),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    /// `<article-number>` (`digits`), after the group's `/`; `None`
    /// if omitted.
    pub fn article(&self) -> Option<&'a str> {
        let (_, end) = self.parts.span(tables::GROUP)?;
        self.parts.input.get(end..)?.strip_prefix('/')
    }

    /// `<article-number>` as a number; `None` if omitted or above
    /// `u64::MAX`.
    pub fn article_u64(&self) -> Option<u64> {
        self.article()?.parse().ok()
    }
}

/// A telnet URL (§3.8): `telneturl = "telnet://" login [ "/" ]`;
/// the default port is 23.
impl<'a> Telnet<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 23 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(23),
            Some(p) => crate::parts::port_u16(p),
        }
    }
}

/// A WAIS URL (§3.9): `waisurl = waisdatabase / waisindex / waisdoc`:
/// `/<database>`, `/<database>?<search>` or
/// `/<database>/<wtype>/<wpath>`; the default port is 210.
impl<'a> Wais<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 210 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(210),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    /// The text after `<database>`: `""`, `?<search>` or
    /// `/<wtype>/<wpath>`.
    fn after_database(&self) -> &'a str {
        self.parts
            .span(tables::DATABASE)
            .and_then(|(_, end)| self.parts.input.get(end..))
            .unwrap_or("")
    }

    /// `<search>` of `waisindex`, after the `?`.
    pub fn search(&self) -> Option<&'a str> {
        self.after_database().strip_prefix('?')
    }

    /// `<wtype>` of `waisdoc`.
    pub fn wtype(&self) -> Option<&'a str> {
        let doc = self.after_database().strip_prefix('/')?;
        Some(doc.split_once('/').map_or(doc, |(t, _)| t))
    }

    /// `<wpath>` of `waisdoc`, the WAIS document-id.
    pub fn wpath(&self) -> Option<&'a str> {
        let doc = self.after_database().strip_prefix('/')?;
        Some(doc.split_once('/').map_or("", |(_, p)| p))
    }
}

/// A file URL (§3.10): `file://<host>/<path>`, where `<host>` may
/// also be `localhost` or empty (the machine interpreting the URL).
impl<'a> File<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `<host>`: `""` when empty, `localhost` as written.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// Whether `<host>` is empty or `localhost` (any case): "the
    /// machine from which the URL is being interpreted" (§3.10).
    pub fn is_local(&self) -> bool {
        let h = self.host();
        h.is_empty() || h.eq_ignore_ascii_case("localhost")
    }

    /// `<path>` (`fpath`), after the `/` that follows the host;
    /// `None` if there is no such `/`.
    pub fn path(&self) -> Option<&'a str> {
        self.parts.get(tables::PATH)
    }
}

/// A Prospero URL (§3.11): `prosperourl = "prospero://" hostport "/" ppath *( fieldspec )`,
/// `prospero://<host>:<port>/<hsoname>;<field>=<value>`; the
/// default port is 1525.
impl<'a> Prospero<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`.
    pub fn host(&self) -> &'a str {
        self.parts.get(tables::HOST).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535
    /// (the grammar allows any `digits`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The port as a number, 1525 (the scheme's default) when omitted; `None` only if the given port is above 65535.
    pub fn port_or_default(&self) -> Option<u16> {
        match self.port() {
            None => Some(1525),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    /// `<hsoname>` (`ppath`), after the `/` that follows the host:
    /// `prospero://host.dom//pros/name` has `/pros/name` (§3.11).
    pub fn hsoname(&self) -> &'a str {
        self.parts.get(tables::PATH).unwrap_or("")
    }

    /// The `;<field>=<value>` pairs after the hsoname.
    pub fn fields(&self) -> Fields<'a> {
        let rest = self
            .parts
            .span(tables::PATH)
            .and_then(|(_, end)| self.parts.input.get(end..))
            .unwrap_or("");
        Fields::new(rest)
    }
}

/// A URL under the generic syntax (§5): `otherurl`, a scheme, `:`,
/// and a scheme-specific part of `xchar`s. As its own entry rule it
/// accepts any scheme, also one of the ten; inside [`Url`] it holds
/// only URLs whose scheme is none of them.
impl<'a> Other<'a> {
    /// The scheme as written (before the first `:`), in any case.
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.parts.input)
    }
}

/// A URL under the strict `url` rule: one of the ten schemes of §3,
/// matched by that scheme's own rule, or [`Other`] with a scheme
/// that is none of the ten (scheme names compared without regard to
/// case).
///
/// # Example
///
/// ```
/// use uridfa::rfc1738::Url;
/// match Url::parse("ftp://ftp.example.com/pub/README;type=a")? {
///     Url::Ftp(f) => assert_eq!(f.name(), Some("README")),
///     _ => unreachable!(),
/// }
/// // `http` has no user name (§3.3); `otherurl` does not rescue it.
/// assert!(Url::parse("http://user@host/").is_err());
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Url<'a> {
    /// `ftpurl` (§3.2).
    Ftp(Ftp<'a>),
    /// `httpurl` (§3.3).
    Http(Http<'a>),
    /// `gopherurl` (§3.4).
    Gopher(Gopher<'a>),
    /// `mailtourl` (§3.5).
    Mailto(Mailto<'a>),
    /// `newsurl` (§3.6).
    News(News<'a>),
    /// `nntpurl` (§3.7).
    Nntp(Nntp<'a>),
    /// `telneturl` (§3.8).
    Telnet(Telnet<'a>),
    /// `waisurl` (§3.9).
    Wais(Wais<'a>),
    /// `fileurl` (§3.10).
    File(File<'a>),
    /// `prosperourl` (§3.11).
    Prospero(Prospero<'a>),
    /// Any other scheme, under the generic syntax.
    Other(Other<'a>),
}

impl<'a> Url<'a> {
    /// The view for a match of the strict `url` rule. The rule
    /// guarantees that a URL whose scheme is one of the ten names
    /// (any case) matched that scheme's own rule, and that any
    /// other URL matched `other-scheme-url`; so the scheme names
    /// the variant.
    pub(super) fn from_parts(parts: Parts<'a>) -> Self {
        let scheme = crate::url_common::scheme_of(parts.input);
        let is = |name: &str| scheme.eq_ignore_ascii_case(name);
        if is("ftp") {
            Url::Ftp(Ftp { parts })
        } else if is("http") {
            Url::Http(Http { parts })
        } else if is("gopher") {
            Url::Gopher(Gopher { parts })
        } else if is("mailto") {
            Url::Mailto(Mailto { parts })
        } else if is("news") {
            Url::News(News { parts })
        } else if is("nntp") {
            Url::Nntp(Nntp { parts })
        } else if is("telnet") {
            Url::Telnet(Telnet { parts })
        } else if is("wais") {
            Url::Wais(Wais { parts })
        } else if is("file") {
            Url::File(File { parts })
        } else if is("prospero") {
            Url::Prospero(Prospero { parts })
        } else {
            Url::Other(Other { parts })
        }
    }

    /// Parses `input` under the strict `url` rule.
    ///
    /// # Errors
    ///
    /// An [`Error`] at the first byte that cannot continue a match,
    /// or at the end if the input stops short.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Url::parse("news:*")?;
    /// assert_eq!(u.scheme(), "news");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, Error> {
        Ok(Self::from_parts(parse_parts(&tables::URL, input)?))
    }

    /// Parses bytes under the strict `url` rule; non-ASCII is an
    /// error at its offset.
    ///
    /// # Errors
    ///
    /// As [`Self::parse`].
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Url::parse_bytes(b"mailto:a@b.example")?;
    /// assert_eq!(u.as_str(), "mailto:a@b.example");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn parse_bytes(input: &'a [u8]) -> Result<Self, Error> {
        Ok(Self::from_parts(parse_parts_bytes(&tables::URL, input)?))
    }

    /// Whether `input` matches the strict `url` rule.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc1738::Url;
    /// assert!(Url::is_valid(b"HTTP://host/"));
    /// assert!(!Url::is_valid(b"news:"));
    /// ```
    pub fn is_valid(input: &[u8]) -> bool {
        uridfa_runtime::validate(&tables::URL, input).is_ok()
    }

    pub(super) fn parts(&self) -> &Parts<'a> {
        match self {
            Url::Ftp(u) => &u.parts,
            Url::Http(u) => &u.parts,
            Url::Gopher(u) => &u.parts,
            Url::Mailto(u) => &u.parts,
            Url::News(u) => &u.parts,
            Url::Nntp(u) => &u.parts,
            Url::Telnet(u) => &u.parts,
            Url::Wais(u) => &u.parts,
            Url::File(u) => &u.parts,
            Url::Prospero(u) => &u.parts,
            Url::Other(u) => &u.parts,
        }
    }

    /// The whole input.
    pub fn as_str(&self) -> &'a str {
        self.parts().input
    }

    /// The scheme as written (before the first `:`).
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.as_str())
    }

    /// The span of capture `index` (see [`tables`] for the
    /// indices).
    pub fn span(&self, index: usize) -> Option<(usize, usize)> {
        self.parts().span(index)
    }
}

impl<'a> Url<'a> {
    /// A [`super::Builder`] pre-filled with this URL's components; `None`
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
    pub fn to_builder(&self) -> Option<super::Builder<'a>> {
        super::Builder::from_ref(self)
    }
}

impl<'a> crate::parts::FromTags<'a> for Url<'a> {
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    fn parse_str(input: &'a str) -> Result<Self, Error> {
        Self::parse(input)
    }
    fn parse_with(t: &'static uridfa_runtime::Tables<'static>, input: &'a str) -> Result<Self, Error> {
        Ok(Self::from_parts(parse_parts(t, input)?))
    }
    fn tags(&self) -> Self::Tags {
        self.parts().tags
    }
    fn from_tags(input: &'a str, tags: Self::Tags) -> Self {
        Self::from_parts(Parts { input, tags })
    }
}

impl core::hash::Hash for Url<'_> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for Url<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By the text, byte by byte (not by any normal form).
impl Ord for Url<'_> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl AsRef<str> for Url<'_> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<'a> TryFrom<&'a str> for Url<'a> {
    type Error = crate::Error;

    /// As [`Self::parse`].
    fn try_from(input: &'a str) -> Result<Self, crate::Error> {
        Self::parse(input)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Url<'_> {
    /// As the text.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de: 'a, 'a> serde::Deserialize<'de> for Url<'a> {
    /// From a borrowed string, parsed; a parse error becomes the
    /// deserializer's error, with our message.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text: &'de str = serde::Deserialize::deserialize(d)?;
        Self::parse(text).map_err(serde::de::Error::custom)
    }
}

impl core::fmt::Display for Url<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}
