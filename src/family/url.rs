//! The URL family: what RFC 1738 and its draft (draft-ietf-uri-url-06) add
//! to their per-scheme views, written once as generic Rust over
//! [`View`], reading the captures by name (`scheme`, `host`, `port`,
//! `path`, `ftptype`, `gtype`, `selector`, ...), and the strict `url`
//! rule's enum over those views, [`SchemeUrl`].
//!
//! | marker trait | traits its views get | methods |
//! |---|---|---|
//! | [`Url`] (`rfc1738`, `draft_ietf_uri_url_06`) | [`UrlRef`] | `scheme`, `host`, `port_u16`, `default_port`, `port_or_default`, `path` |
//! | | [`FtpRef`] | `cwd`, `name`, `typecode` (§3.2) |
//! | | [`HttpRef`] | `search` (§3.3) |
//! | | [`GopherRef`] | `gophertype`, `gophertype_or_default`, `selector`, `search`, `gopher_plus` (§3.4) |
//! | | [`MailtoRef`] | `address` (§3.5) |
//! | | [`NewsRef`] | `target`, `message_id`, `is_all` (§3.6) |
//! | | [`NntpRef`] | `article`, `article_u64` (§3.7) |
//! | | [`WaisRef`] | `search`, `wtype`, `wpath` (§3.9) |
//! | | [`FileRef`] | `is_local` (§3.10) |
//! | | [`ProsperoRef`] | `hsoname`, `fields` (§3.11) |
//! | [`UrlViews`] (the same two; sealed) | | the views of [`SchemeUrl`] |
//!
//! Every view of a grammar whose marker implements [`Url`] has every one
//! of these traits, by blanket impls; a method reads the captures its
//! scheme's rule sets, and gives `None` (or `""`) on a view whose rule
//! sets none of them. The built-in views (`rfc1738::Ftp`, ...) have their
//! own scheme's methods as their own, each a call of the trait's, so they
//! need no import; the traits are for code generic over views.
//!
//! The default ports are data, one table ([`DEFAULT_PORTS`]), read by
//! [`UrlRef::port_or_default`] for the URL's scheme.
//!
//! # Example
//!
//! ```
//! use uridfa::family::url::UrlRef;
//!
//! // One function for the HTTP views of both grammars.
//! fn port<'a, V: UrlRef<'a>>(v: V) -> Option<u16> {
//!     v.port_or_default()
//! }
//! assert_eq!(port(uridfa::rfc1738::Http::parse("http://h/")?), Some(80));
//! assert_eq!(port(uridfa::draft_ietf_uri_url_06::Http::parse("http://h:8080/")?), Some(8080));
//! # Ok::<(), uridfa::Error>(())
//! ```

use crate::parts::FromTags;
use crate::view::{first_of, Facts, View};
use crate::Error;

pub use crate::url_common::{Fields, FtpType, NewsTarget};

/// The default port of each scheme of RFC 1738 §3 that names one, by
/// scheme name (lower case): "If `:<port>` is omitted, the port defaults to
/// N" in §3.2 (ftp), §3.3 (http), §3.4 (gopher), §3.7 (nntp), §3.8
/// (telnet: "The port defaults to 23"), §3.9 (wais) and §3.11 (prospero),
/// the same in RFC 1738 and in draft-ietf-uri-url-06. The other schemes
/// (`mailto`, `news`, `file`) name no port.
pub const DEFAULT_PORTS: &[(&str, u16)] = &[
    ("ftp", 21),
    ("http", 80),
    ("gopher", 70),
    ("nntp", 119),
    ("telnet", 23),
    ("wais", 210),
    ("prospero", 1525),
];

/// The default port of `scheme` (ASCII case ignored) in
/// [`DEFAULT_PORTS`]; `None` for a scheme that has none there.
///
/// # Example
///
/// ```
/// use uridfa::family::url::default_port;
/// assert_eq!(default_port("FTP"), Some(21));
/// assert_eq!(default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    DEFAULT_PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

/// A grammar of the URL family, as a type: implemented on the markers
/// `rfc1738::Rfc1738` and `draft_ietf_uri_url_06::Url06` (and open to a
/// derived grammar whose captures are named as theirs are). Every view
/// whose grammar implements it has [`UrlRef`] and the scheme traits of
/// this module, by blanket impls; nothing is implemented per view.
///
/// # Example
///
/// ```
/// fn is_url_family<G: uridfa::family::url::Url>() {}
/// is_url_family::<uridfa::rfc1738::Rfc1738>();
/// is_url_family::<uridfa::draft_ietf_uri_url_06::Url06>();
/// ```
pub trait Url: Facts {}

/// The view of one scheme's rule in the [`UrlViews`] grammar `G`: a
/// [`View`] of `G`, made from the spans of `G`'s strict `url` rule.
/// Sealed: only the built-in views make themselves from spans.
pub trait UrlView<'a, G: UrlViews>:
    View<'a, Grammar = G> + FromTags<'a, Tags = G::Tags> + core::fmt::Debug + Eq
{
}

impl<'a, G: UrlViews, V> UrlView<'a, G> for V where
    V: View<'a, Grammar = G> + FromTags<'a, Tags = G::Tags> + core::fmt::Debug + Eq
{
}

/// A built-in grammar of the URL family with its views, one per scheme of
/// RFC 1738 §3, that [`SchemeUrl`] holds. Sealed: implemented on
/// `rfc1738::Rfc1738` and `draft_ietf_uri_url_06::Url06`.
pub trait UrlViews: Url + crate::builder::Sealed + Copy + core::fmt::Debug + Eq {
    /// The spans of one match: two `u32` offsets per capture.
    #[doc(hidden)]
    type Tags: Copy + core::fmt::Debug + Eq;
    /// The strict `url` rule's tables.
    #[doc(hidden)]
    const URL: &'static uridfa_runtime::Tables<'static>;
    /// The `;@ component` rule that checks the url-path for the builder
    /// (`urlpath` in RFC 1738, `schemepart` in draft 06).
    #[doc(hidden)]
    const URL_PATH_RULE: &'static str;
    /// `ftpurl` (§3.2).
    type Ftp<'a>: UrlView<'a, Self>;
    /// `httpurl` (§3.3).
    type Http<'a>: UrlView<'a, Self>;
    /// `gopherurl` (§3.4).
    type Gopher<'a>: UrlView<'a, Self>;
    /// `mailtourl` (§3.5).
    type Mailto<'a>: UrlView<'a, Self>;
    /// `newsurl` (§3.6).
    type News<'a>: UrlView<'a, Self>;
    /// `nntpurl` (§3.7).
    type Nntp<'a>: UrlView<'a, Self>;
    /// `telneturl` (§3.8).
    type Telnet<'a>: UrlView<'a, Self>;
    /// `waisurl` (§3.9).
    type Wais<'a>: UrlView<'a, Self>;
    /// `fileurl` (§3.10).
    type File<'a>: UrlView<'a, Self>;
    /// `prosperourl` (§3.11).
    type Prospero<'a>: UrlView<'a, Self>;
    /// `otherurl` (§5).
    type Other<'a>: UrlView<'a, Self>;
}

/// The text after capture `index`'s end; `""` without the capture.
fn after<'a, V: View<'a>>(v: &V, index: usize) -> &'a str {
    v.span(index)
        .and_then(|(_, end)| View::as_str(v).get(end..))
        .unwrap_or("")
}

impl<'a, V: View<'a>> UrlRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> FtpRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> HttpRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> GopherRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> MailtoRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> NewsRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> NntpRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> WaisRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> FileRef<'a> for V where V::Grammar: Url {}
impl<'a, V: View<'a>> ProsperoRef<'a> for V where V::Grammar: Url {}

/// What every view of the URL family has (RFC 1738 §3.1, the common
/// Internet scheme syntax): the scheme, the host, the port with the
/// scheme's default, the url-path. Implemented for every view whose
/// grammar implements [`Url`].
pub trait UrlRef<'a>: View<'a> {
    /// The scheme as written (before the first `:`), in any case.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Http::parse("HTTP://host/")?;
    /// assert_eq!(u.scheme(), "HTTP");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(View::as_str(self))
    }

    /// `host` (§3.1): a `hostname` or a `hostnumber`; `""` when empty (a
    /// `file` URL's local machine) or when the scheme's rule has none.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Telnet::parse("telnet://user:pw@host.dom:2323/")?;
    /// assert_eq!(u.host(), "host.dom");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn host(&self) -> &'a str {
        let host = const { first_of(Self::CAPTURES, &["host"]) };
        self.get(host).unwrap_or("")
    }

    /// The port as a number: `None` if omitted or above 65535 (the grammar
    /// allows any `digits`).
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Http::parse("http://host:8080/")?;
    /// assert_eq!(u.port_u16(), Some(8080));
    /// assert_eq!(uridfa::rfc1738::Http::parse("http://host:65536/")?.port_u16(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn port_u16(&self) -> Option<u16> {
        let port = const { first_of(Self::CAPTURES, &["port"]) };
        crate::parts::port_u16(self.get(port)?)
    }

    /// The scheme's default port ([`DEFAULT_PORTS`], §3); `None` for a
    /// scheme that names none.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::family::url::UrlRef;
    /// let u = uridfa::rfc1738::Wais::parse("wais://host:8000/db")?;
    /// assert_eq!(u.default_port(), Some(210)); // §3.9
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn default_port(&self) -> Option<u16> {
        default_port(self.scheme())
    }

    /// The port as a number, the scheme's default ([`Self::default_port`])
    /// when omitted; `None` if the given port is above 65535, or when
    /// none is given and the scheme has no default.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Prospero::parse("prospero://host.dom//pros/name")?;
    /// assert_eq!(u.port_or_default(), Some(1525)); // §3.11
    /// let u = uridfa::rfc1738::Nntp::parse("nntp://news.example.com:1119/comp.lang")?;
    /// assert_eq!(u.port_or_default(), Some(1119));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn port_or_default(&self) -> Option<u16> {
        let port = const { first_of(Self::CAPTURES, &["port"]) };
        match self.get(port) {
            None => self.default_port(),
            Some(p) => crate::parts::port_u16(p),
        }
    }

    /// The url-path of the scheme's rule (`fpath`, `hpath`, `ppath`),
    /// after the `/` that follows the host, not including ftp's
    /// `;type=` or http's `?search`; `None` if there is no such `/`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Http::parse("http://host/a/b?q")?;
    /// assert_eq!(u.path(), Some("a/b"));
    /// assert_eq!(uridfa::rfc1738::Http::parse("http://host")?.path(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path(&self) -> Option<&'a str> {
        let path = const { first_of(Self::CAPTURES, &["path"]) };
        self.get(path)
    }
}

/// What an FTP URL's url-path says (§3.2.2):
/// `<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>`. Implemented for
/// every view whose grammar implements [`Url`].
pub trait FtpRef<'a>: UrlRef<'a> {
    /// The `<cwd>` segments, percent-decoded: every segment of
    /// [`UrlRef::path`] but the last (§3.2.2: "Each of the `<cwd>`
    /// elements is to be supplied, sequentially, as the argument to a CWD
    /// command", and "the components are decoded prior to their use").
    /// Segments may be empty; `as_encoded()` gives a segment as written.
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
    fn cwd(&self) -> crate::pct::PathSegments<'a> {
        match self.path().and_then(|p| p.rsplit_once('/')) {
            Some((dirs, _)) => crate::pct::PathSegments::split_all(dirs),
            None => crate::pct::PathSegments::new(""),
        }
    }

    /// `<name>`: the last segment of [`UrlRef::path`] (possibly empty);
    /// `None` without a path.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Ftp::parse("ftp://host/pub/README;type=a")?;
    /// assert_eq!(u.name(), Some("README"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn name(&self) -> Option<&'a str> {
        let p = self.path()?;
        Some(p.rsplit_once('/').map_or(p, |(_, n)| n))
    }

    /// The typecode of `;type=<typecode>` (§3.2.2, §3.2.3: optional).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc1738::{Ftp, FtpType};
    /// assert_eq!(Ftp::parse("ftp://host/f;type=I")?.typecode(), Some(FtpType::Image));
    /// assert_eq!(Ftp::parse("ftp://host/f")?.typecode(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn typecode(&self) -> Option<FtpType> {
        let ftptype = const { first_of(Self::CAPTURES, &["ftptype"]) };
        FtpType::from_code(self.get(ftptype)?)
    }
}

/// What an HTTP URL adds (§3.3): `http://<host>:<port>/<path>?<searchpart>`.
/// Implemented for every view whose grammar implements [`Url`].
pub trait HttpRef<'a>: UrlRef<'a> {
    /// `<searchpart>` (`search`), after the `?`; `None` without `?`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Http::parse("http://host/p?a+b")?;
    /// assert_eq!(u.search(), Some("a+b"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn search(&self) -> Option<&'a str> {
        let search = const { first_of(Self::CAPTURES, &["search"]) };
        self.get(search)
    }
}

/// What a Gopher URL's gopher-path says (§3.4):
/// `<gophertype><selector>%09<search>%09<gopher+_string>`, the last parts
/// optional. Implemented for every view whose grammar implements [`Url`].
pub trait GopherRef<'a>: UrlRef<'a> {
    /// `<gophertype>` (`gtype`, one `xchar`, so `%xx` counts as one);
    /// `None` when the gopher-path is empty.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Gopher::parse("gopher://host/7sel%09query")?;
    /// assert_eq!(u.gophertype(), Some("7"));
    /// assert_eq!(uridfa::rfc1738::Gopher::parse("gopher://host/")?.gophertype(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn gophertype(&self) -> Option<&'a str> {
        let gtype = const { first_of(Self::CAPTURES, &["gtype"]) };
        self.get(gtype)
    }

    /// `<gophertype>`, or `"1"` when the gopher-path is empty (§3.4.1).
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Gopher::parse("gopher://host")?;
    /// assert_eq!(u.gophertype_or_default(), "1");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn gophertype_or_default(&self) -> &'a str {
        self.gophertype().unwrap_or("1")
    }

    /// `<selector>`: after the gophertype, up to the first `%09` (§3.4.1:
    /// a selector contains no tab); `None` when the gopher-path is empty.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Gopher::parse("gopher://host/7sel%09query")?;
    /// assert_eq!(u.selector(), Some("sel"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn selector(&self) -> Option<&'a str> {
        Some(gopher_split(self)?.0)
    }

    /// `<search>`: between the first and second `%09` (§3.4.2); `None`
    /// without a `%09`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Gopher::parse("gopher://host/7sel%09query")?;
    /// assert_eq!(u.search(), Some("query"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn search(&self) -> Option<&'a str> {
        gopher_split(self)?.1
    }

    /// `<gopher+_string>`: after the second `%09` (§3.4.3), which may hold
    /// further `%09`s (§3.4.9); `None` without a second `%09`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Gopher::parse("gopher://host/7sel%09query%09+")?;
    /// assert_eq!(u.gopher_plus(), Some("+"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn gopher_plus(&self) -> Option<&'a str> {
        gopher_split(self)?.2
    }
}

/// A gopher view's selector text split at its first two `%09`; `None`
/// when the gopher-path is empty.
#[allow(clippy::type_complexity)]
fn gopher_split<'a, V: View<'a>>(v: &V) -> Option<(&'a str, Option<&'a str>, Option<&'a str>)> {
    let gtype = const { first_of(V::CAPTURES, &["gtype"]) };
    let selector = const { first_of(V::CAPTURES, &["selector"]) };
    v.get(gtype)?;
    Some(crate::url_common::gopher_split(
        v.get(selector).unwrap_or(""),
    ))
}

/// What a mailto URL adds (§3.5): `mailtourl = "mailto:" encoded822addr`.
/// Implemented for every view whose grammar implements [`Url`].
pub trait MailtoRef<'a>: UrlRef<'a> {
    /// `<rfc822-addr-spec>` (`encoded822addr`), still encoded; `""` on a
    /// view without one.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Mailto::parse("mailto:user@example.org")?;
    /// assert_eq!(u.address(), "user@example.org");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn address(&self) -> &'a str {
        let addr = const { first_of(Self::CAPTURES, &["encoded822addr"]) };
        self.get(addr).unwrap_or("")
    }
}

/// What a news URL designates (§3.6): `grouppart = "*" / group /
/// article`. Implemented for every view whose grammar implements [`Url`].
pub trait NewsRef<'a>: UrlRef<'a> {
    /// What the URL designates: all groups (`*`), a group or an article.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc1738::{News, NewsTarget};
    /// let u = News::parse("news:123@example.com")?;
    /// assert_eq!(u.target(), NewsTarget::Article("123@example.com"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn target(&self) -> NewsTarget<'a> {
        let article = const { first_of(Self::CAPTURES, &["article"]) };
        let group = const { first_of(Self::CAPTURES, &["group"]) };
        if let Some(a) = self.get(article) {
            NewsTarget::Article(a)
        } else if let Some(g) = self.get(group) {
            NewsTarget::Group(g)
        } else {
            NewsTarget::All
        }
    }

    /// `<message-id>` (`article`, `<unique>@<full_domain_name>`).
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::News::parse("news:123@example.com")?;
    /// assert_eq!(u.message_id(), Some("123@example.com"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn message_id(&self) -> Option<&'a str> {
        let article = const { first_of(Self::CAPTURES, &["article"]) };
        self.get(article)
    }

    /// Whether the URL is `news:*`, "all available news groups".
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::rfc1738::News::parse("news:*")?.is_all());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn is_all(&self) -> bool {
        self.target() == NewsTarget::All
    }
}

/// What an NNTP URL adds (§3.7):
/// `nntp://<host>:<port>/<newsgroup-name>/<article-number>`. Implemented
/// for every view whose grammar implements [`Url`].
pub trait NntpRef<'a>: UrlRef<'a> {
    /// `<article-number>` (`digits`), after the group's `/`; `None` if
    /// omitted.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Nntp::parse("nntp://news.example.com/comp.lang/42")?;
    /// assert_eq!(u.article(), Some("42"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn article(&self) -> Option<&'a str> {
        let group = const { first_of(Self::CAPTURES, &["group"]) };
        self.span(group)?;
        after(self, group).strip_prefix('/')
    }

    /// `<article-number>` as a number; `None` if omitted or above
    /// `u64::MAX`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Nntp::parse("nntp://news.example.com/comp.lang/42")?;
    /// assert_eq!(u.article_u64(), Some(42));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn article_u64(&self) -> Option<u64> {
        self.article()?.parse().ok()
    }
}

/// What a WAIS URL adds (§3.9): `/<database>`, `/<database>?<search>` or
/// `/<database>/<wtype>/<wpath>`. Implemented for every view whose
/// grammar implements [`Url`].
pub trait WaisRef<'a>: UrlRef<'a> {
    /// `<search>` of `waisindex`, after the `?`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Wais::parse("wais://host:210/db?query")?;
    /// assert_eq!(u.search(), Some("query"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn search(&self) -> Option<&'a str> {
        wais_rest(self).strip_prefix('?')
    }

    /// `<wtype>` of `waisdoc`.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Wais::parse("wais://host/db/TEXT/doc-id")?;
    /// assert_eq!(u.wtype(), Some("TEXT"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn wtype(&self) -> Option<&'a str> {
        let doc = wais_rest(self).strip_prefix('/')?;
        Some(doc.split_once('/').map_or(doc, |(t, _)| t))
    }

    /// `<wpath>` of `waisdoc`, the WAIS document-id.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Wais::parse("wais://host/db/TEXT/doc-id")?;
    /// assert_eq!(u.wpath(), Some("doc-id"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn wpath(&self) -> Option<&'a str> {
        let doc = wais_rest(self).strip_prefix('/')?;
        Some(doc.split_once('/').map_or("", |(_, p)| p))
    }
}

/// The text of a WAIS view after `<database>`: `""`, `?<search>` or
/// `/<wtype>/<wpath>`.
fn wais_rest<'a, V: View<'a>>(v: &V) -> &'a str {
    after(v, const { first_of(V::CAPTURES, &["database"]) })
}

/// What a file URL adds (§3.10): `file://<host>/<path>`, where `<host>`
/// may also be `localhost` or empty. Implemented for every view whose
/// grammar implements [`Url`].
pub trait FileRef<'a>: UrlRef<'a> {
    /// Whether `<host>` is empty or `localhost` (any case): "the machine
    /// from which the URL is being interpreted" (§3.10).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::rfc1738::File::parse("file:///etc/motd")?.is_local());
    /// assert!(!uridfa::rfc1738::File::parse("file://vms.host.edu/x")?.is_local());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn is_local(&self) -> bool {
        let h = self.host();
        h.is_empty() || h.eq_ignore_ascii_case("localhost")
    }
}

/// What a Prospero URL adds (§3.11):
/// `prospero://<host>:<port>/<hsoname>;<field>=<value>`. Implemented for
/// every view whose grammar implements [`Url`].
pub trait ProsperoRef<'a>: UrlRef<'a> {
    /// `<hsoname>` (`ppath`), after the `/` that follows the host:
    /// `prospero://host.dom//pros/name` has `/pros/name` (§3.11).
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Prospero::parse("prospero://host.dom//pros/name")?;
    /// assert_eq!(u.hsoname(), "/pros/name");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn hsoname(&self) -> &'a str {
        self.path().unwrap_or("")
    }

    /// The `;<field>=<value>` pairs after the hsoname.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Prospero::parse("prospero://host/name;OBJECT-VERSION=2")?;
    /// assert!(u.fields().eq([("OBJECT-VERSION", "2")]));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn fields(&self) -> Fields<'a> {
        Fields::new(after(self, const { first_of(Self::CAPTURES, &["path"]) }))
    }
}

/// A URL under a [`UrlViews`] grammar's strict `url` rule: one of the ten
/// schemes of RFC 1738 §3, matched by that scheme's own rule, or
/// [`SchemeUrl::Other`] with a scheme that is none of the ten (scheme
/// names compared without regard to case). Each grammar names it `Url`
/// (`rfc1738::Url`, `draft_ietf_uri_url_06::Url`).
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
pub enum SchemeUrl<'a, G: UrlViews> {
    /// `ftpurl` (§3.2).
    Ftp(G::Ftp<'a>),
    /// `httpurl` (§3.3).
    Http(G::Http<'a>),
    /// `gopherurl` (§3.4).
    Gopher(G::Gopher<'a>),
    /// `mailtourl` (§3.5).
    Mailto(G::Mailto<'a>),
    /// `newsurl` (§3.6).
    News(G::News<'a>),
    /// `nntpurl` (§3.7).
    Nntp(G::Nntp<'a>),
    /// `telneturl` (§3.8).
    Telnet(G::Telnet<'a>),
    /// `waisurl` (§3.9).
    Wais(G::Wais<'a>),
    /// `fileurl` (§3.10).
    File(G::File<'a>),
    /// `prosperourl` (§3.11).
    Prospero(G::Prospero<'a>),
    /// Any other scheme, under the generic syntax.
    Other(G::Other<'a>),
}

impl<'a, G: UrlViews> SchemeUrl<'a, G> {
    /// The view for a match of the strict `url` rule with spans `tags`.
    /// The rule guarantees that a URL whose scheme is one of the ten names
    /// (any case) matched that scheme's own rule, and that any other URL
    /// matched `other-scheme-url`; so the scheme names the variant.
    fn from_spans(input: &'a str, tags: G::Tags) -> Self {
        let scheme = crate::url_common::scheme_of(input);
        let is = |name: &str| scheme.eq_ignore_ascii_case(name);
        if is("ftp") {
            SchemeUrl::Ftp(FromTags::from_tags(input, tags))
        } else if is("http") {
            SchemeUrl::Http(FromTags::from_tags(input, tags))
        } else if is("gopher") {
            SchemeUrl::Gopher(FromTags::from_tags(input, tags))
        } else if is("mailto") {
            SchemeUrl::Mailto(FromTags::from_tags(input, tags))
        } else if is("news") {
            SchemeUrl::News(FromTags::from_tags(input, tags))
        } else if is("nntp") {
            SchemeUrl::Nntp(FromTags::from_tags(input, tags))
        } else if is("telnet") {
            SchemeUrl::Telnet(FromTags::from_tags(input, tags))
        } else if is("wais") {
            SchemeUrl::Wais(FromTags::from_tags(input, tags))
        } else if is("file") {
            SchemeUrl::File(FromTags::from_tags(input, tags))
        } else if is("prospero") {
            SchemeUrl::Prospero(FromTags::from_tags(input, tags))
        } else {
            SchemeUrl::Other(FromTags::from_tags(input, tags))
        }
    }

    /// `input` parsed with tables `t` of the grammar, as the variant its
    /// scheme names.
    fn parse_tables(
        t: &'static uridfa_runtime::Tables<'static>,
        input: &'a str,
    ) -> Result<Self, Error> {
        let other = <G::Other<'a> as FromTags<'a>>::parse_with(t, input)?;
        Ok(Self::from_spans(input, other.tags()))
    }

    /// Parses `input` under the strict `url` rule.
    ///
    /// # Errors
    ///
    /// An [`Error`] at the first byte that cannot continue a match, or at
    /// the end if the input stops short.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc1738::Url::parse("news:*")?;
    /// assert_eq!(u.scheme(), "news");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn parse(input: &'a str) -> Result<Self, Error> {
        Self::parse_tables(G::URL, input)
    }

    /// Parses bytes under the strict `url` rule; non-ASCII is an error at
    /// its offset.
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
        match core::str::from_utf8(input) {
            Ok(s) => Self::parse(s),
            // The grammar is ASCII: the tables stop at or before the first
            // byte that is not UTF-8.
            Err(e) => Err(Error::new(
                uridfa_runtime::validate(G::URL, input)
                    .err()
                    .unwrap_or_else(|| {
                        uridfa_runtime::Error::new(
                            e.valid_up_to(),
                            uridfa_runtime::ErrorKind::CorruptTables,
                        )
                    }),
                G::URL,
            )),
        }
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
        uridfa_runtime::validate(G::URL, input).is_ok()
    }

    /// The input and spans of the held view.
    fn spans(&self) -> (&'a str, G::Tags) {
        fn of<'a, V: View<'a> + FromTags<'a>>(v: &V) -> (&'a str, V::Tags) {
            (View::as_str(v), v.tags())
        }
        match self {
            SchemeUrl::Ftp(v) => of(v),
            SchemeUrl::Http(v) => of(v),
            SchemeUrl::Gopher(v) => of(v),
            SchemeUrl::Mailto(v) => of(v),
            SchemeUrl::News(v) => of(v),
            SchemeUrl::Nntp(v) => of(v),
            SchemeUrl::Telnet(v) => of(v),
            SchemeUrl::Wais(v) => of(v),
            SchemeUrl::File(v) => of(v),
            SchemeUrl::Prospero(v) => of(v),
            SchemeUrl::Other(v) => of(v),
        }
    }

    /// The whole input.
    pub fn as_str(&self) -> &'a str {
        self.spans().0
    }

    /// The scheme as written (before the first `:`).
    pub fn scheme(&self) -> &'a str {
        crate::url_common::scheme_of(self.as_str())
    }

    /// The span of capture `index` (see the grammar's `tables` module for
    /// the indices).
    pub fn span(&self, index: usize) -> Option<(usize, usize)> {
        // Every view of the grammar reads the same spans the same way.
        let (input, tags) = self.spans();
        View::span(
            &<G::Other<'a> as FromTags<'a>>::from_tags(input, tags),
            index,
        )
    }
}

impl<'a, G: UrlViews> FromTags<'a> for SchemeUrl<'a, G> {
    type Tags = G::Tags;
    fn parse_str(input: &'a str) -> Result<Self, Error> {
        Self::parse(input)
    }
    fn parse_with(
        t: &'static uridfa_runtime::Tables<'static>,
        input: &'a str,
    ) -> Result<Self, Error> {
        Self::parse_tables(t, input)
    }
    fn tags(&self) -> Self::Tags {
        self.spans().1
    }
    fn from_tags(input: &'a str, tags: Self::Tags) -> Self {
        Self::from_spans(input, tags)
    }
}

impl<G: UrlViews> core::hash::Hash for SchemeUrl<'_, G> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl<G: UrlViews> PartialOrd for SchemeUrl<'_, G> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By the text, byte by byte (not by any normal form).
impl<G: UrlViews> Ord for SchemeUrl<'_, G> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl<G: UrlViews> AsRef<str> for SchemeUrl<'_, G> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<'a, G: UrlViews> TryFrom<&'a str> for SchemeUrl<'a, G> {
    type Error = Error;

    /// As [`Self::parse`].
    fn try_from(input: &'a str) -> Result<Self, Error> {
        Self::parse(input)
    }
}

#[cfg(feature = "serde")]
impl<G: UrlViews> serde::Serialize for SchemeUrl<'_, G> {
    /// As the text.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de: 'a, 'a, G: UrlViews> serde::Deserialize<'de> for SchemeUrl<'a, G> {
    /// From a borrowed string, parsed; a parse error becomes the
    /// deserializer's error, with our message.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text: &'de str = serde::Deserialize::deserialize(d)?;
        Self::parse(text).map_err(serde::de::Error::custom)
    }
}

impl<G: UrlViews> core::fmt::Display for SchemeUrl<'_, G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<'a, G: UrlViews> SchemeUrl<'a, G> {
    /// A builder (the grammar's `Builder`) pre-filled with this URL's
    /// components; `None` for a URL without `//<login>` (`mailto:`,
    /// `news:`).
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
    pub fn to_builder(&self) -> Option<crate::builder::PartsBuilder<'a, G>> {
        crate::builder::PartsBuilder::from_ref(self)
    }
}
