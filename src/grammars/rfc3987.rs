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

use crate::Error;

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

use tables::CAPTURE_LEN;

/// The spans of one parsed reference, 8 bytes per capture.
type Parts<'a> = crate::parts::Parts<'a, { 2 * CAPTURE_LEN }>;

crate::generated_tables!("rfc3987_views");

// What the RFC 3986 family adds to each view: `uridfa::family`.
impl<'a> crate::family::GenericRef<'a> for IriRef<'a> {}
impl<'a> crate::family::GenericRef<'a> for Iri<'a> {}
impl<'a> crate::family::GenericRef<'a> for AbsoluteIri<'a> {}
impl<'a> crate::family::GenericRef<'a> for IrelativeRef<'a> {}

// `base.resolve(reference)`, owned and typed: `uridfa::family::Resolve`.
#[cfg(all(feature = "alloc", feature = "rfc3986"))]
impl<'a> crate::family::Resolve<'a> for IriRef<'a> {
    type Target = IriRefBuf;
}
#[cfg(all(feature = "alloc", feature = "rfc3986"))]
impl<'a> crate::family::Resolve<'a> for Iri<'a> {
    type Target = IriRefBuf;
}
#[cfg(all(feature = "alloc", feature = "rfc3986"))]
impl<'a> crate::family::Resolve<'a> for AbsoluteIri<'a> {
    type Target = IriRefBuf;
}
#[cfg(all(feature = "alloc", feature = "rfc3986"))]
impl<'a> crate::family::Resolve<'a> for IrelativeRef<'a> {
    type Target = IriRefBuf;
}

// Each view's own doc; its methods beyond the generated accessors come
// from `grammar/methods/generic_syntax.rs` and `to_uri.rs` (`;@ methods`).

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

crate::builder::builder_syntax! {
    module: "rfc3987",
    marker: Rfc3987,
    reference: IriRef,
    buf: IriRefBuf,
    rules: [SCHEME_RULE, IUSERINFO_RULE, IHOST_RULE, PORT_RULE, IPATH_RULE,
        IPATH_ABEMPTY_RULE, IPATH_ABSOLUTE_RULE, IPATH_NOSCHEME_RULE, IPATH_ROOTLESS_RULE,
        IQUERY_RULE, IFRAGMENT_RULE],
    views: [IriRef, Iri, AbsoluteIri, IrelativeRef],
}
