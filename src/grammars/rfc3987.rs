//! RFC 3987, *Internationalized Resource Identifiers (IRIs)*, from the ABNF
//! of its §2.2 (`grammar/rfc3987.abnf`).
//!
//! IRIs are RFC 3986 URIs whose unreserved characters also include the
//! UCS characters of `ucschar` (and, in the query only, the private-use
//! characters of `iprivate`). The grammar is compiled with
//! `;@ charset utf-8`: its terminals are characters (§2.2), matched as
//! their UTF-8 encoding, so the tables accept exactly the well-formed UTF-8
//! of the allowed code points.
//!
//! Four entry rules, four zero-copy views with the accessors of
//! [`crate::rfc3986`]:
//!
//! | type | rule | RFC 3987 §2.2 |
//! |---|---|---|
//! | [`IriRef`] | `IRI-reference = IRI / irelative-ref` | (RFC 3986 §4.1) |
//! | [`Iri`] | `IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]` | (RFC 3986 §3) |
//! | [`AbsoluteIri`] | `absolute-IRI = scheme ":" ihier-part [ "?" iquery ]` | (RFC 3986 §4.3) |
//! | [`IrelativeRef`] | `irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]` | (RFC 3986 §4.2) |
//!
//! `authority()` returns `iauthority`, `host()` returns `ihost`, and so
//! on. [`HostKind::RegName`] stands for `ireg-name`. An error's offset is
//! always the start of a character (see [`crate::Error::offset`]).
//!
//! The tables alone report the byte where the match failed, which may be
//! inside a character; [`crate::runtime::Error::at_char_start`] (what the
//! views and the `uridfa` command use) moves it to the character's start:
//!
//! ```
//! use uridfa::rfc3987::tables::IRI_REFERENCE;
//!
//! // "http://a/" then U+FFFE (EF BF BE), not in ucschar.
//! let input = b"http://a/\xEF\xBF\xBE";
//! let e = uridfa::runtime::validate(&IRI_REFERENCE, input).unwrap_err();
//! assert_eq!(e.offset(), 11);
//! assert_eq!(e.at_char_start(&IRI_REFERENCE, input).offset(), 9);
//! assert_eq!(uridfa::rfc3987::IriRef::parse_bytes(input).unwrap_err().offset(), 9);
//! ```
//!
//! # Example
//!
//! ```
//! use uridfa::prelude::*;
//! use uridfa::rfc3987::{HostKind, Iri};
//!
//! let iri = Iri::parse("http://r\u{e9}sum\u{e9}.example.org/\u{e4}?q=\u{20ac}")?;
//! assert_eq!(iri.host(), Some("r\u{e9}sum\u{e9}.example.org"));
//! assert_eq!(iri.host_kind(), Some(HostKind::RegName));
//! assert_eq!(iri.path(), "/\u{e4}");
//! assert_eq!(iri.query(), Some("q=\u{20ac}"));
//! // U+E000 (iprivate) is allowed in the query only.
//! assert!(Iri::parse("http://a/?\u{e000}").is_ok());
//! assert_eq!(Iri::parse("http://a/\u{e000}").unwrap_err().offset(), 9);
//! # Ok::<(), uridfa::Error>(())
//! ```


pub use crate::parts::HostKind;

/// The generated tables of `grammar/rfc3987.abnf`: one `Tables` per entry
/// rule (`IRI_REFERENCE`, `IRI`, `ABSOLUTE_IRI`, `IRELATIVE_REF`) and one
/// index constant per capture.
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
    crate::generated_tables!("rfc3987");
}



crate::generated_tables!("rfc3987_views");

// The marker is the grammar's handle: the RFC 3986 family's methods
// reach every view through it (`uridfa::family`), and the generated views
// have them as their own (`;@ family generic`).
impl crate::family::Generic for Rfc3987 {
    #[cfg(feature = "alloc")]
    type Target = IriRefBuf;
}

// Each view's own doc; its methods beyond the generated accessors come
// from the family (`family::GenericRef`, `family::Resolve`, through
// `Generic` above) and from `iri::MapToUri`, implemented below.

/// An `IRI-reference` (RFC 3987 §2.2): an IRI or a relative
/// reference.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc3987::IriRef::parse("../\u{e9}t\u{e9}?q")?;
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.path(), "../\u{e9}t\u{e9}");
/// assert_eq!(r.query(), Some("q"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl IriRef<'_> {}

/// An `IRI` (RFC 3987 §2.2): a scheme, a hierarchical part, and an
/// optional query and fragment.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
/// let i = uridfa::rfc3987::Iri::parse("http://www.example.org/red%09ros\u{e9}#red")?;
/// assert_eq!(i.scheme(), "http");
/// assert_eq!(i.path(), "/red%09ros\u{e9}");
/// assert_eq!(i.fragment(), Some("red"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl Iri<'_> {}

/// An `absolute-IRI` (RFC 3987 §2.2): an IRI without a fragment.
///
/// # Example
///
/// ```
/// use uridfa::rfc3987::AbsoluteIri;
/// assert!(AbsoluteIri::parse("http://a/b/\u{e7}?q").is_ok());
/// assert!(AbsoluteIri::parse("http://a/b#frag").is_err());
/// ```
impl AbsoluteIri<'_> {}

/// An `irelative-ref` (RFC 3987 §2.2): a reference without a
/// scheme.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc3987::IrelativeRef::parse("//\u{e9}/x")?;
/// assert_eq!(r.host(), Some("\u{e9}"));
/// assert_eq!(r.path(), "/x");
/// # Ok::<(), uridfa::Error>(())
/// ```
impl IrelativeRef<'_> {}


impl crate::builder::Sealed for Rfc3987 {}

// The builder's grammar: its component rules (`iuserinfo`, `ihost`, ...)
// come from the grammar's facts, the rest from the view
// (`crate::parts::FromTags`).
impl crate::builder::GenericSyntax for Rfc3987 {
    type Ref<'b> = IriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    // RFC 3986's sets: what they leave literal is ASCII that RFC 3987's
    // `iuserinfo`, `ipath`, `iquery` and `ifragment` allow too, and they
    // encode every non-ASCII byte, so the result is an IRI component (and
    // a URI one). Without the `rfc3986` feature there are none.
    #[cfg(feature = "rfc3986")]
    fn encode_set_for(c: crate::builder::Component) -> Option<&'static uridfa_runtime::EncodeSet> {
        <crate::rfc3986::Rfc3986 as crate::builder::GenericSyntax>::encode_set_for(c)
    }
}

/// A builder for this grammar's references: see [`crate::builder::Builder`].
///
/// # Example
///
/// ```
/// let b = uridfa::rfc3987::Builder::new().scheme("http")?.host("example.com")?.path("/")?;
/// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://example.com/");
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
pub type Builder<'a> = crate::builder::Builder<'a, Rfc3987>;

/// The owned form of [`IriRef`]: see [`crate::builder::RefBuf`].
///
/// # Example
///
/// ```
/// let mut r: uridfa::rfc3987::IriRefBuf = "http://a/b".parse()?;
/// r.set_port(Some("8080"))?;
/// assert_eq!(r.as_str(), "http://a:8080/b");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub type IriRefBuf = crate::builder::RefBuf<Rfc3987>;

// How resolution and normalization read RFC 3987 (Note [algorithms over
// grammars] in `src/algorithms/reading.rs`): base `IRI` and reference
// `IRI-reference` (§6.5: RFC 3986's algorithm applies directly); §5.3.2.1:
// "the scheme and US-ASCII only host are case insensitive", so a host with
// non-ASCII characters, written or percent-encoded, keeps its case.
impl crate::algorithms::Reads for Rfc3987 {
    fn resolve<'a>(base: &'a str, reference: &'a str) -> crate::algorithms::ResolveRead<'a> {
        Some(crate::resolve::read_views(Iri::parse(base), IriRef::parse(reference)))
    }
    fn normalize(input: &str) -> crate::algorithms::NormalizeRead<'_> {
        let c = crate::normalize::read_generic(IriRef::parse(input), ascii_host_len);
        Some(c.map(|c| (c, &crate::normalize::RFC3986_FACTS)))
    }
}

/// The host's whole length when it is US-ASCII only, neither written nor
/// percent-encoded otherwise (`%80`–`%FF`); else 0: nothing is folded.
fn ascii_host_len(h: &str) -> usize {
    let encoded_non_ascii = h
        .as_bytes()
        .windows(2)
        .any(|w| matches!(w, [b'%', b'8'..=b'9' | b'A'..=b'F' | b'a'..=b'f']));
    if h.is_ascii() && !encoded_non_ascii {
        h.len()
    } else {
        0
    }
}

impl crate::text::Finder<'static> {
    /// A finder for RFC 3987 `IRI`, for text with non-ASCII characters
    /// (cargo feature `rfc3987`).
    ///
    /// ```
    /// let f = uridfa::text::Finder::rfc3987().find_iter("voir http://例え.jp/ü.").next().unwrap();
    /// assert_eq!(f.as_str(), Some("http://例え.jp/ü"));
    /// ```
    pub fn rfc3987() -> Self {
        crate::text::Finder::with_tables(&tables::IRI)
    }
}

// The URI mapping (RFC 3987 §3.1): `iri::MapToUri`, for every view of
// this grammar.
impl<'a, V: crate::View<'a, Grammar = Rfc3987>> crate::iri::MapToUri<'a> for V {}
