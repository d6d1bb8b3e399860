//! draft-ietf-uri-url-06, *Uniform Resource Locators (URL)* (August 1994,
//! the draft that became RFC 1738), from the BNF of its §5
//! (`grammar/draft-ietf-uri-url-06.abnf`), with the same typed views as
//! [`crate::rfc1738`]: [`Url`] (strict), [`Ftp`], [`Http`], [`Gopher`],
//! [`Mailto`], [`News`], [`Nntp`], [`Telnet`], [`Wais`], [`File`],
//! [`Prospero`] and [`Other`].
//!
//! Where the draft's BNF differs from RFC 1738's, the views follow the
//! draft:
//!
//! - `hostname = alpha *uchar`: no domain labels, so `a-.example` is a
//!   host, `1a.example` is not;
//! - `fileurl = "file://" host [ "/" fpath ]`: the host is required
//!   (although §3.10 says it may be empty; §5 wins, see
//!   `grammar/README.md`), and the path is optional;
//! - `group = alpha *[ alpha | digit | "-" | "." ]`, without `+` and `_`;
//! - `extra` holds `=`, and `unreserved` holds `national` (`{`, `}`, `|`,
//!   `\`, `^`, `~`, `[`, `]`).
//!
//! The strict `url` rule is ours, as in [`crate::rfc1738`]: a URL whose
//! scheme is one of the ten names (compared without regard to case) must
//! match that scheme's own rule; `otherurl` ([`Other`]) is the lax one.
//!
//! The raw tables are in [`tables`].
//!
//! # Example
//!
//! ```
//! use uridfa::draft_ietf_uri_url_06::Url;
//!
//! let Url::Gopher(g) = Url::parse("gopher://host.dom/7sel%09query%09+")? else {
//!     panic!("a gopher URL");
//! };
//! assert_eq!(g.gophertype(), Some("7"));
//! assert_eq!(g.selector(), Some("sel"));
//! assert_eq!(g.search(), Some("query"));
//! assert_eq!(g.gopher_plus(), Some("+"));
//! assert_eq!(g.port_or_default(), Some(70));
//! // No empty host in the draft's BNF.
//! assert!(Url::parse("file:///etc/motd").is_err());
//! # Ok::<(), uridfa::Error>(())
//! ```

/// The generated tables of `grammar/draft-ietf-uri-url-06.abnf`: one
/// `Tables` per entry rule (`URL`, `FTPURL`, ..., `PROSPEROURL`,
/// `OTHERURL`) and one index constant per capture.
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
    crate::generated_tables!("draft_ietf_uri_url_06");
}

crate::generated_tables!("draft_ietf_uri_url_06_views");
// The URL family (`crate::family::url`): the views' methods beyond the
// generated accessors are the family's, written once over `View`; the
// generator writes them on the views as their own (`;@ family url`).
impl crate::family::url::Url for Url06 {}

impl crate::family::url::UrlViews for Url06 {
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const URL: &'static uridfa_runtime::Tables<'static> = &tables::URL;
    const URL_PATH_RULE: &'static str = "schemepart";
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
pub type Url<'a> = crate::family::url::SchemeUrl<'a, Url06>;

pub use crate::family::url::{Fields, FtpType, NewsTarget};

/// A builder for this grammar's URLs of the common Internet scheme
/// syntax: [`crate::builder::PartsBuilder`], with the setters `scheme`,
/// `user`, `password`, `host`, `port` and `path` (the url-path, checked
/// with `schemepart`; Note [the URL builder] in `src/builder/url.rs`).
pub type Builder<'a> = crate::builder::PartsBuilder<'a, Url06>;

impl crate::builder::Sealed for Url06 {}

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Url06 {}
