//! RFC 6874, *Representing IPv6 Zone Identifiers in Address Literals and
//! Uniform Resource Identifiers*, §2: RFC 3986 with
//! `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture  ) "]"`
//! (`grammar/rfc6874.abnf`).
//!
//! Four entry rules and views, as in [`crate::rfc3986`], plus
//! `zone_id()`:
//!
//! | type | rule | RFC 3986 |
//! |---|---|---|
//! | [`UriRef`] | `URI-reference = URI / relative-ref` | §4.1 |
//! | [`Uri`] | `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` | §3 |
//! | [`AbsoluteUri`] | `absolute-URI = scheme ":" hier-part [ "?" query ]` | §4.3 |
//! | [`RelativeRef`] | `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` | §4.2 |
//!
//! A host `[fe80::a%25en1]` is an `IPv6addrz =  IPv6address "%25" ZoneID`:
//! its [`HostKind`] is [`HostKind::Ipv6`] and `zone_id()` is `Some("en1")`,
//! still percent-encoded (`ZoneID = 1*( unreserved / pct-encoded )`).
//!
//! # Example
//!
//! ```
//! use uridfa::prelude::*;
//! use uridfa::rfc6874::{HostKind, Uri};
//!
//! let u = Uri::parse("http://[fe80::a%25en1]/")?;
//! assert_eq!(u.host(), Some("[fe80::a%25en1]"));
//! assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
//! assert_eq!(u.zone_id(), Some("en1"));
//! // The "%" before the zone must be encoded as "%25" (RFC 6874 §2).
//! assert!(Uri::parse("http://[fe80::a%en1]/").is_err());
//! # Ok::<(), uridfa::Error>(())
//! ```


pub use crate::parts::HostKind;

/// The generated tables of `grammar/rfc6874.abnf`: one `Tables` per entry
/// rule (`URI_REFERENCE`, `URI`, `ABSOLUTE_URI`, `RELATIVE_REF`) and one
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
    crate::generated_tables!("rfc6874");
}



crate::generated_tables!("rfc6874_views");

// The marker is the grammar's handle: the RFC 3986 family's methods
// reach every view through it (`uridfa::family`), and the generated views
// have them as their own (`;@ family generic`).
impl crate::family::Generic for Rfc6874 {
    #[cfg(feature = "alloc")]
    type Target = UriRefBuf;
}

// Each view's own doc; its methods beyond the generated accessors come
// from the family (`family::GenericRef`, `family::Resolve`, through
// `Generic` above).

/// A `URI-reference` (RFC 3986 §4.1) whose IPv6 literal may carry a
/// zone identifier.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc6874::UriRef::parse("//[fe80::1%251]/x")?;
/// assert_eq!(r.zone_id(), Some("1"));
/// assert_eq!(r.path(), "/x");
/// # Ok::<(), uridfa::Error>(())
/// ```
impl UriRef<'_> {}

/// A `URI` (RFC 3986 §3) whose IPv6 literal may carry a zone
/// identifier.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
/// let u = uridfa::rfc6874::Uri::parse("http://[fe80::a%25en1]:8080")?;
/// assert_eq!(u.port_u16(), Some(8080));
/// assert_eq!(u.zone_id(), Some("en1"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl Uri<'_> {}

/// An `absolute-URI` (RFC 3986 §4.3) whose IPv6 literal may carry
/// a zone identifier.
///
/// # Example
///
/// ```
/// use uridfa::rfc6874::AbsoluteUri;
/// assert!(AbsoluteUri::parse("http://[fe80::a%25en1]/b?q").is_ok());
/// assert!(AbsoluteUri::parse("http://[fe80::a%25en1]/b#frag").is_err());
/// ```
impl AbsoluteUri<'_> {}

/// A `relative-ref` (RFC 3986 §4.2) whose IPv6 literal may carry a
/// zone identifier.
///
/// # Example
///
/// ```
/// let r = uridfa::rfc6874::RelativeRef::parse("//[fe80::a%25eth0]/x")?;
/// assert_eq!(r.host(), Some("[fe80::a%25eth0]"));
/// assert_eq!(r.zone_id(), Some("eth0"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeRef<'_> {}

/// The decoded zone of `zone_id()`, for the four views.
fn zone_id_decoded(zone: Option<&str>) -> Option<crate::pct::Decode<'_>> {
    crate::pct::decode(zone?).ok()
}

impl<'a> UriRef<'a> {
    /// [`Self::zone_id`] (the `ZoneID` of an `IPv6addrz` host, without
    /// the `%25` that introduces it) percent-decoded (RFC 6874 §2: `%25`
    /// is the `%` before the zone, and the zone itself may hold
    /// `pct-encoded` octets).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc6874::UriRef::parse("//[fe80::a%25en1]")?;
    /// assert_eq!(r.zone_id(), Some("en1"));
    /// assert!(r.zone_id_decoded().unwrap().eq_str("en1"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn zone_id_decoded(&self) -> Option<crate::pct::Decode<'a>> {
        zone_id_decoded(self.zone_id())
    }
}

impl<'a> Uri<'a> {
    /// [`Self::zone_id`] (the `ZoneID` of an `IPv6addrz` host, without
    /// the `%25` that introduces it) percent-decoded (RFC 6874 §2: `%25`
    /// is the `%` before the zone, and the zone itself may hold
    /// `pct-encoded` octets).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc6874::Uri::parse("http://[fe80::a%25en1]")?;
    /// assert_eq!(r.zone_id(), Some("en1"));
    /// assert!(r.zone_id_decoded().unwrap().eq_str("en1"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn zone_id_decoded(&self) -> Option<crate::pct::Decode<'a>> {
        zone_id_decoded(self.zone_id())
    }
}

impl<'a> AbsoluteUri<'a> {
    /// [`Self::zone_id`] (the `ZoneID` of an `IPv6addrz` host, without
    /// the `%25` that introduces it) percent-decoded (RFC 6874 §2: `%25`
    /// is the `%` before the zone, and the zone itself may hold
    /// `pct-encoded` octets).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc6874::AbsoluteUri::parse("http://[fe80::a%25en1]/?q")?;
    /// assert_eq!(r.zone_id(), Some("en1"));
    /// assert!(r.zone_id_decoded().unwrap().eq_str("en1"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn zone_id_decoded(&self) -> Option<crate::pct::Decode<'a>> {
        zone_id_decoded(self.zone_id())
    }
}

impl<'a> RelativeRef<'a> {
    /// [`Self::zone_id`] (the `ZoneID` of an `IPv6addrz` host, without
    /// the `%25` that introduces it) percent-decoded (RFC 6874 §2: `%25`
    /// is the `%` before the zone, and the zone itself may hold
    /// `pct-encoded` octets).
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc6874::RelativeRef::parse("//[fe80::a%25en1]/g")?;
    /// assert_eq!(r.zone_id(), Some("en1"));
    /// assert!(r.zone_id_decoded().unwrap().eq_str("en1"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn zone_id_decoded(&self) -> Option<crate::pct::Decode<'a>> {
        zone_id_decoded(self.zone_id())
    }
}


impl crate::builder::Sealed for Rfc6874 {}

// The builder's grammar: its component rules and encode sets come from
// the grammar's facts, the rest from the view (`crate::parts::FromTags`).
impl crate::builder::GenericSyntax for Rfc6874 {
    type Ref<'b> = UriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
}

/// A builder for this grammar's references: see [`crate::builder::Builder`].
///
/// # Example
///
/// ```
/// let b = uridfa::rfc6874::Builder::new().scheme("http")?.host("[fe80::a%25en1]")?.path("/")?;
/// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://[fe80::a%25en1]/");
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
pub type Builder<'a> = crate::builder::Builder<'a, Rfc6874>;

/// The owned form of [`UriRef`]: see [`crate::builder::RefBuf`].
///
/// # Example
///
/// ```
/// let mut r: uridfa::rfc6874::UriRefBuf = "http://[fe80::a%25en1]/b".parse()?;
/// r.set_port(Some("8080"))?;
/// assert_eq!(r.as_str(), "http://[fe80::a%25en1]:8080/b");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub type UriRefBuf = crate::builder::RefBuf<Rfc6874>;

// How normalization reads RFC 6874 (Note [algorithms over grammars] in
// `src/algorithms/reading.rs`); resolution reads it as RFC 3986 does not:
// it is not one of the documents' algorithms.
impl crate::algorithms::Reads for Rfc6874 {
    fn normalize(input: &str) -> crate::algorithms::NormalizeRead<'_> {
        let c = crate::normalize::read_generic(UriRef::parse(input), folded_host_len);
        Some(c.map(|c| (c, &crate::normalize::RFC3986_FACTS)))
    }
}

/// Where the host's case-folded part ends: `IP-literal = "[" ( IPv6address
/// / IPv6addrz / IPvFuture ) "]"` with `IPv6addrz = IPv6address "%25"
/// ZoneID`, and the zone ID keeps its case; "%" occurs in an IP-literal
/// only before the zone ID.
fn folded_host_len(h: &str) -> usize {
    if h.starts_with('[') {
        crate::cut::find(h, b'%').unwrap_or(h.len())
    } else {
        h.len()
    }
}
