//! RFC 1738, *Uniform Resource Locators (URL)*, from the final BNF of its
//! §5 (`grammar/rfc1738.abnf`), with typed views of the ten schemes of §3.
//!
//! | type | rule | RFC 1738 |
//! |---|---|---|
//! | [`Url`] | `url`, strict (see below) | §5 |
//! | [`Ftp`] | `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]` | §3.2 |
//! | [`Http`] | `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]` | §3.3 |
//! | [`Gopher`] | `gopherurl = "gopher://" hostport [ "/" [ gtype [ selector ... ]]]` | §3.4 |
//! | [`Mailto`] | `mailtourl = "mailto:" encoded822addr` | §3.5 |
//! | [`News`] | `newsurl = "news:" grouppart` | §3.6 |
//! | [`Nntp`] | `nntpurl = "nntp://" hostport "/" group [ "/" digits ]` | §3.7 |
//! | [`Telnet`] | `telneturl = "telnet://" login [ "/" ]` | §3.8 |
//! | [`Wais`] | `waisurl = waisdatabase / waisindex / waisdoc` | §3.9 |
//! | [`File`] | `fileurl = "file://" [ host / "localhost" ] "/" fpath` | §3.10 |
//! | [`Prospero`] | `prosperourl = "prospero://" hostport "/" ppath *( fieldspec )` | §3.11 |
//! | [`Other`] | `otherurl = genericurl` | §5 |
//!
//! **Strict schemes.** RFC 1738's `url` ends in `otherurl`, which accepts
//! any scheme, so `http://user@host/` would be a URL although §3.3 allows
//! no user name. Our `url` replaces that last alternative by one whose
//! scheme is none of the ten names (compared without regard to case): a
//! URL with one of the ten schemes must match that scheme's own rule. The
//! lax reading is the `otherurl` entry ([`Other`]).
//!
//! Accessors return slices of the input, still percent-encoded; `Option`
//! where a component can be absent. `port_or_default()` gives the default
//! ports of §3: ftp 21, http 80, gopher 70, nntp 119, telnet 23, wais 210,
//! prospero 1525. [`crate::draft_ietf_uri_url_06`] has the same API.
//!
//! The raw tables are in [`tables`].
//!
//! # Example
//!
//! ```
//! use uridfa::rfc1738::{FtpType, Url};
//!
//! let Url::Ftp(f) = Url::parse("ftp://myname@host.dom/%2Fetc/motd;type=i")? else {
//!     panic!("an ftp URL");
//! };
//! assert_eq!(f.user(), Some("myname"));
//! assert_eq!(f.host(), "host.dom");
//! assert_eq!(f.port_or_default(), Some(21));
//! assert!(f.cwd().next().unwrap().eq_str("/etc")); // "CWD /etc" (§3.2.2)
//! assert_eq!(f.name(), Some("motd"));
//! assert_eq!(f.typecode(), Some(FtpType::Image));
//! # Ok::<(), uridfa::Error>(())
//! ```

/// The generated tables of `grammar/rfc1738.abnf`: one `Tables` per entry
/// rule (`URL`, `FTPURL`, ..., `PROSPEROURL`, `OTHERURL`) and one index
/// constant per capture.
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
    crate::generated_tables!("rfc1738");
}

crate::generated_tables!("rfc1738_views");
// The URL family (`crate::family::url`): the views' methods beyond the
// generated accessors are the family's, written once over `View`; the
// generator writes them on the views as their own (`;@ family url`).
impl crate::family::url::Url for Rfc1738 {}

impl crate::family::url::UrlViews for Rfc1738 {
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const URL: &'static uridfa_runtime::Tables<'static> = &tables::URL;
    const URL_PATH_RULE: &'static str = "urlpath";
    type Ftp<'a> = Ftp<'a>;
    type Http<'a> = Http<'a>;
    type Gopher<'a> = Gopher<'a>;
    type Mailto<'a> = Mailto<'a>;
    type News<'a> = News<'a>;
    type Nntp<'a> = Nntp<'a>;
    type Telnet<'a> = Telnet<'a>;
    type Wais<'a> = Wais<'a>;
    type File<'a> = File<'a>;
    type Prospero<'a> = Prospero<'a>;
    type Other<'a> = Other<'a>;
}

/// A URL under the strict `url` rule: one of the ten schemes of §3,
/// matched by that scheme's own rule, or [`Other`] with a scheme that is
/// none of the ten (scheme names compared without regard to case); the URL
/// family's enum ([`crate::family::url::SchemeUrl`]) over this grammar's
/// views.
///
/// The variants are the enum's: a glob import of them names the enum,
/// not this alias (`use uridfa::rfc1738::Url::*` does not compile).
///
/// ```
/// use uridfa::family::url::SchemeUrl::*;
/// let u = uridfa::rfc1738::Url::parse("ftp://ftp.example.com/pub/a.txt")?;
/// assert!(matches!(u, Ftp(_)));
/// # Ok::<(), uridfa::Error>(())
/// ```
pub type Url<'a> = crate::family::url::SchemeUrl<'a, Rfc1738>;

pub use crate::family::url::{Fields, FtpType, NewsTarget};

/// A builder for this grammar's URLs of the common Internet scheme
/// syntax: [`crate::builder::PartsBuilder`], with the setters `scheme`,
/// `user`, `password`, `host`, `port` and `path` (the url-path, checked
/// with `urlpath`; Note [the URL builder] in `src/builder/url.rs`).
pub type Builder<'a> = crate::builder::PartsBuilder<'a, Rfc1738>;

impl crate::builder::Sealed for Rfc1738 {}

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Rfc1738 {}

impl crate::text::Finder<'static> {
    /// A finder for RFC 1738 `url` (strict per scheme), for documents of
    /// that age (cargo feature `rfc1738`).
    ///
    /// ```
    /// use uridfa::text::Finder;
    /// // RFC 1738 §3.3: no user name in an http URL.
    /// assert_eq!(Finder::rfc1738().find_iter("<URL:http://u@h/>").count(), 0);
    /// assert_eq!(Finder::new().find_iter("<URL:http://u@h/>").count(), 1);
    /// ```
    pub fn rfc1738() -> Self {
        crate::text::Finder::with_tables(&tables::URL)
    }
}
