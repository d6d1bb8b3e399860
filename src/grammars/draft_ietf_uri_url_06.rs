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

impl crate::builder::Sealed for Url06 {}

// The URL builder (Note [the URL builder] in `src/builder/url.rs`): the
// strict `url` reads a built text back, its login split by the `login`
// rule; the url-path is checked by `schemepart`.
impl crate::builder::PartsSyntax for Url06 {
    type Ref<'b> = Url<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const ENTRY: &'static str = "url";
    const ALWAYS_AUTHORITY: bool = true;
    const PATH_PREFIX: &'static str = "/";
    fn rule(c: crate::builder::Component) -> Option<&'static uridfa_runtime::Tables<'static>> {
        crate::builder::url_rule::<Self>(c)
    }
    // `'b: 'b` makes `'b` early-bound, as it is in the trait (where it
    // appears only in the projection `Self::Ref<'b>`).
    #[allow(clippy::extra_unused_lifetimes)]
    fn read_back<'b>(r: &Url<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]>
    where
        'b: 'b,
    {
        crate::builder::url_read_back::<Self>(r.scheme(), r.as_str())
    }
}

impl crate::builder::Shaped for Url06 {
    type Shape = crate::builder::shape::Url;
}

impl crate::builder::UrlSyntax for Url06 {
    type Login<'a> = Other<'a>;
    const URL_PATH_RULE: &'static str = "schemepart";
}

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Url06 {}
