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
// The views' methods beyond the generated accessors, and the `Url` enum:
// `url_schemes.rs`, shared with the other URL grammar as a child module.
// Loaded once per URL grammar on purpose: `super` is each grammar.
#[allow(clippy::duplicate_mod)]
#[path = "url_schemes.rs"]
mod schemes;
pub use schemes::*;


/// A builder for this grammar's URLs of the common Internet scheme
/// syntax: [`crate::builder::PartsBuilder`], with the setters `scheme`,
/// `user`, `password`, `host`, `port` and `path` (the url-path, checked
/// with `schemepart`).
pub type Builder<'a> = crate::builder::PartsBuilder<'a, Url06>;

// The URL builder: `url_builder.rs`, shared with the other URL grammar as
// a child module (Note [the URL builder] there) over these two names.
use Url06 as Marker;
static URL_PATH_RULE: &uridfa_runtime::Tables<'static> = &tables::SCHEMEPART_RULE;
#[allow(clippy::duplicate_mod)]
#[path = "url_builder.rs"]
mod url_builder;

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Url06 {}
