//! *Uniform Resource Identifier (URI): Generic Syntax*, Internet-Draft
//! `draft-fielding-uri-rfc2396bis-01` (March 2003, became RFC 3986), from
//! the ABNF of its sections 2 to 5 (`grammar/draft-fielding-uri-rfc2396bis-01.abnf`;
//! the draft's Appendix A is empty).
//!
//! Four entry rules, four zero-copy views:
//!
//! | type | rule | draft section |
//! |---|---|---|
//! | [`UriRef`] | `URI-reference = [ absolute-URI / relative-URI ] [ "#" fragment ]` | §4 |
//! | [`AbsoluteUriRef`] | `absolute-URI-reference = absolute-URI [ "#" fragment ]` | §4 |
//! | [`AbsoluteUri`] | `absolute-URI = scheme ":" ( hier-part / opaque-part )` | §3 |
//! | [`RelativeUri`] | `relative-URI = [ net-path / abs-path / rel-path ] [ "?" query ]` | §5 |
//!
//! Every accessor returns a slice of the input. Components that can be
//! absent return `Option`: an absent component (`None`) and an empty one
//! (`Some("")`) are different, as the draft's §5.2 requires. `path()` is
//! always defined (possibly empty).
//!
//! Unlike RFC 3986, this draft has two kinds of authority (§3.2,
//! `authority = server / reg-name`) and three kinds of host (§3.2.2,
//! `host = IPv6reference / IPv4address / hostname`). The grammar's
//! alternatives are read "first match wins" (§4.3): an authority that is
//! both a `server` and a `reg-name` is a `server`, and a host that is both
//! an `IPv4address` and a `hostname` is an `IPv4address`. A `hostname` label
//! is 1 to 63 characters and neither starts nor ends with `-`
//! (`domainlabel = alphanum [ 0*61( alphanum / "-" ) alphanum ]`). An
//! authority that breaks those limits is not a `server`, but it may still
//! be a `reg-name`, whose characters include every hostname character:
//! then [`UriRef::authority_kind`] is [`AuthorityKind::RegName`] and
//! [`UriRef::host`] is `None`.
//!
//! ```
//! use uridfa::draft_fielding_uri_rfc2396bis_01::{AuthorityKind, HostKind, UriRef};
//!
//! let ok = UriRef::parse("http://www.example.com:80/")?;
//! assert_eq!(ok.authority_kind(), Some(AuthorityKind::Server));
//! assert_eq!(ok.host_kind(), Some(HostKind::Hostname));
//!
//! // A label ending in "-" is no hostname; the authority is a reg-name.
//! let reg = UriRef::parse("http://www.example-/")?;
//! assert_eq!(reg.authority(), Some("www.example-"));
//! assert_eq!(reg.authority_kind(), Some(AuthorityKind::RegName));
//! assert_eq!(reg.host(), None);
//! # Ok::<(), uridfa::Error>(())
//! ```
//!
//! The raw tables are in [`tables`].

/// The generated tables of `grammar/draft-fielding-uri-rfc2396bis-01.abnf`:
/// one `Tables` per entry rule (`URI_REFERENCE`, `ABSOLUTE_URI_REFERENCE`,
/// `ABSOLUTE_URI`, `RELATIVE_URI`) and one index constant per capture.
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
    crate::generated_tables!("draft_fielding_uri_rfc2396bis_01");
}

use crate::View;

/// Which alternative of `authority = server / reg-name` (§3.2) matched.
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_uri_rfc2396bis_01::{AuthorityKind, UriRef};
///
/// let r = UriRef::parse("//a_b/")?;
/// assert_eq!(r.authority_kind(), Some(AuthorityKind::RegName));
/// assert_eq!(AuthorityKind::RegName.rule_name(), "reg-name");
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuthorityKind {
    /// `server = [ [ userinfo "@" ] hostport ]` (§3.2.2), including the
    /// empty server of `file:///`.
    Server,
    /// `reg-name = 1*( unreserved / escaped / ";" / ":" / "@" / "&" / "=" /
    /// "+" / "$" / "," )` (§3.2.1), for an authority that is no `server`.
    RegName,
}

impl AuthorityKind {
    /// The ABNF rule name: `server` or `reg-name`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::AuthorityKind;
    /// assert_eq!(AuthorityKind::Server.rule_name(), "server");
    /// ```
    pub fn rule_name(self) -> &'static str {
        match self {
            AuthorityKind::Server => "server",
            AuthorityKind::RegName => "reg-name",
        }
    }
}

/// Which alternative of `host = IPv6reference / IPv4address / hostname`
/// (§3.2.2) matched.
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_uri_rfc2396bis_01::{HostKind, UriRef};
///
/// let r = UriRef::parse("http://[::1]:80/")?;
/// assert_eq!(r.host_kind(), Some(HostKind::Ipv6Reference));
/// assert_eq!(r.host(), Some("[::1]"));
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IPv6reference = "[" IPv6address "]"`: `[::1]`.
    Ipv6Reference,
    /// `IPv4address`: four `dec-octet`s (each 0 to 255), `10.0.0.1`.
    Ipv4Address,
    /// `hostname = domainlabel qualified`: `www.example.com`, and also a
    /// dotted name that is no `IPv4address`, such as `1.2.3.256`.
    Hostname,
}

impl HostKind {
    /// The ABNF rule name: `IPv6reference`, `IPv4address` or `hostname`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::HostKind;
    /// assert_eq!(HostKind::Ipv4Address.rule_name(), "IPv4address");
    /// ```
    pub fn rule_name(self) -> &'static str {
        match self {
            HostKind::Ipv6Reference => "IPv6reference",
            HostKind::Ipv4Address => "IPv4address",
            HostKind::Hostname => "hostname",
        }
    }
}

/// Which rule the path of a reference matched (§3, §3.3, §5).
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_uri_rfc2396bis_01::{PathKind, UriRef};
///
/// let r = UriRef::parse("mailto:John.Doe@example.com")?;
/// assert_eq!(r.path_kind(), PathKind::OpaquePart);
/// assert_eq!(r.path(), "John.Doe@example.com");
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PathKind {
    /// No path characters: `http://a`, `about:`, `?y`, the empty reference.
    Empty,
    /// `abs-path = "/" path-segments` (§3).
    AbsPath,
    /// `opaque-part = uric-no-slash *uric` (§3), the rest of an absolute
    /// URI that does not start with `/`.
    OpaquePart,
    /// `rel-path = rel-segment [ abs-path ]` (§5), in a relative URI.
    RelPath,
}

impl PathKind {
    /// The ABNF rule name: `abs-path`, `opaque-part`, `rel-path`, or `""`
    /// for [`PathKind::Empty`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::PathKind;
    /// assert_eq!(PathKind::RelPath.rule_name(), "rel-path");
    /// ```
    pub fn rule_name(self) -> &'static str {
        match self {
            PathKind::Empty => "",
            PathKind::AbsPath => "abs-path",
            PathKind::OpaquePart => "opaque-part",
            PathKind::RelPath => "rel-path",
        }
    }
}

// What 2396bis-01 gives the older generic syntaxes' methods
// (`crate::family::older`): its kinds, by the captures that say them, and
// its path's captures.
impl crate::family::older::Older for Rfc2396bis01 {
    type HostKind = HostKind;
    type AuthorityKind = AuthorityKind;
    type PathKind = PathKind;
    // An IPv4address inside an IPv6reference (ls32) must not make the host
    // an IPv4 address: the IPv6 reference first, as `;@ kind` lists them.
    const HOST_KINDS: &'static [(&'static str, HostKind)] = &[
        ("IPv6reference", HostKind::Ipv6Reference),
        ("IPv4address", HostKind::Ipv4Address),
        ("hostname", HostKind::Hostname),
    ];
    const AUTHORITY_KINDS: &'static [(&'static str, AuthorityKind)] = &[
        ("server", AuthorityKind::Server),
        ("reg-name", AuthorityKind::RegName),
    ];
    // The abs-path of `rel-path = rel-segment [ abs-path ]` is captured
    // too: rel-path before abs-path.
    const PATHS: &'static [&'static str] = &["opaque-part", "rel-path", "abs-path"];
    const OPAQUE_PART: &'static [&'static str] = &["opaque-part"];
    const SEGMENT_PARAMS: bool = false;
    fn path_kind<'a, V: View<'a, Grammar = Self>>(v: &V) -> PathKind {
        let [opaque, rel, abs] = const {
            let c = V::CAPTURES;
            [
                crate::view::first_of(c, &["opaque-part"]),
                crate::view::first_of(c, &["rel-path"]),
                crate::view::first_of(c, &["abs-path"]),
            ]
        };
        // In the order of `PATHS`.
        if v.span(opaque).is_some() {
            PathKind::OpaquePart
        } else if v.span(rel).is_some() {
            PathKind::RelPath
        } else if v.span(abs).is_some() {
            PathKind::AbsPath
        } else {
            PathKind::Empty
        }
    }
}

crate::generated_tables!("draft_fielding_uri_rfc2396bis_01_views");

/// The views of draft-fielding-uri-rfc2396bis-01 ([`UriRef`],
/// [`AbsoluteUriRef`], [`AbsoluteUri`], [`RelativeUri`]) as
/// [`OlderRef`](crate::family::older::OlderRef), the one trait of the
/// older generic syntaxes: the kinds of authority, host and path, the path
/// however it matched, segments and pairs, and a builder. It has no method
/// of its own; a bound on it fixes the grammar, so `path_kind()` gives this
/// module's [`PathKind`]. In [`crate::prelude`]. The views have these
/// methods as their own too.
///
/// Implemented for every view of this grammar (whose [`View::Grammar`] is
/// [`Rfc2396bis01`]), by a blanket impl, and for no other view (see
/// [`crate::rfc2396::Rfc2396Ref`]).
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_uri_rfc2396bis_01::{PathKind, Rfc2396bis01Ref, UriRef};
/// fn kind<'a, V: Rfc2396bis01Ref<'a>>(v: V) -> PathKind {
///     v.path_kind()
/// }
/// // §3: `opaque-part = uric-no-slash *uric`.
/// assert_eq!(kind(UriRef::parse("mailto:a@b")?), PathKind::OpaquePart);
/// # Ok::<(), uridfa::Error>(())
/// ```
pub trait Rfc2396bis01Ref<'a>:
    crate::family::older::OlderRef<'a> + View<'a, Grammar = Rfc2396bis01>
{
}

// Every view of this grammar, by one blanket impl, and no other: the
// supertrait names this grammar's marker, and a view of this grammar
// already has it.
impl<'a, V: View<'a, Grammar = Rfc2396bis01>> Rfc2396bis01Ref<'a> for V {}

// Each view's own doc; its methods beyond the generated accessors come
// from `crate::family::older::OlderRef` (`;@ family older`).

/// A `URI-reference` (§4): an absolute or relative URI, each optional,
/// and an optional fragment.
///
/// # Example
///
/// ```
/// let r = uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse("../g?q")?;
/// assert_eq!(r.scheme(), None);
/// assert_eq!(r.path(), "../g");
/// assert_eq!(r.query(), Some("q"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl UriRef<'_> {}

/// An `absolute-URI-reference` (§4): an absolute URI with an optional
/// fragment, the form "many protocol elements allow".
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_uri_rfc2396bis_01::AbsoluteUriRef;
/// let r = AbsoluteUriRef::parse("http://www.ics.uci.edu/pub/ietf/uri/#Related")?;
/// assert_eq!(r.fragment(), Some("Related"));
/// assert!(AbsoluteUriRef::parse("../g").is_err());
/// # Ok::<(), uridfa::Error>(())
/// ```
impl AbsoluteUriRef<'_> {}

/// An `absolute-URI` (§3): a scheme and a hierarchical or opaque part,
/// without a fragment.
///
/// # Example
///
/// ```
/// use uridfa::draft_fielding_uri_rfc2396bis_01::AbsoluteUri;
/// assert!(AbsoluteUri::parse("http://a/b/c/d;p?q").is_ok());
/// assert!(AbsoluteUri::parse("http://a/b#frag").is_err());
/// ```
impl AbsoluteUri<'_> {}

/// A `relative-URI` (§5): a network-path, absolute-path or
/// relative-path reference (each optional) and an optional query,
/// without a fragment.
///
/// # Example
///
/// ```
/// let r = uridfa::draft_fielding_uri_rfc2396bis_01::RelativeUri::parse("//g/x")?;
/// assert_eq!(r.host(), Some("g"));
/// assert_eq!(r.path(), "/x");
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeUri<'_> {}

impl crate::builder::Sealed for Rfc2396bis01 {}

// The builder's grammar (`crate::builder::PartsSyntax`) is generated
// beside the first view (`;@ family older`): the components it reads back
// are the view's slots (`crate::family::older::slots`); parsing and spans
// come from the view (`crate::parts::FromTags`).

// RFC 2396's components, `server` or `reg_name` authority, each set by the
// builder ([`crate::builder::shape::Server`]).
impl crate::builder::Shaped for Rfc2396bis01 {
    type Shape = crate::builder::shape::Server;
}

/// A builder for this grammar: [`crate::builder::PartsBuilder`], with a
/// setter for each component of `URI-reference` ([`crate::builder::Sets`]).
pub type Builder<'a> = crate::builder::PartsBuilder<'a, Rfc2396bis01>;

/// The owned form of [`UriRef`]: see [`crate::builder::PartsBuf`].
#[cfg(feature = "alloc")]
pub type UriRefBuf = crate::builder::PartsBuf<Rfc2396bis01>;

impl<'a> Builder<'a> {
    /// An empty builder: the empty `URI-reference`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::Builder;
    /// let b = Builder::new().scheme("http")?.host("[::1]")?.port_u16(80).path("/")?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "http://[::1]:80/");
    /// // An authority that is no `server` is a `reg-name` (§3.2.1).
    /// let b = Builder::new().scheme("x")?.reg_name("a_b")?.path("/c")?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "x://a_b/c");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn new() -> Self {
        Self::with_path(Some(""))
    }
}

impl Default for Builder<'_> {
    /// [`Builder::new`].
    fn default() -> Self {
        Self::new()
    }
}

// How resolution and normalization read 2396bis-01 (Note [algorithms over
// grammars] in `src/algorithms/reading.rs`). Resolution: base and
// reference validated with its `URI-reference`, then split by its Appendix
// B (§5.2). Normalization (§6.2): a `reg-name` authority keeps its case
// unless decoding makes it a `server`; `unreserved = ALPHA / DIGIT / mark`
// with `mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")"`
// (§2.3); `..` above the root is kept (merge step 7).
impl crate::algorithms::Reads for Rfc2396bis01 {
    fn resolve<'a>(base: &'a str, reference: &'a str) -> crate::algorithms::ResolveRead<'a> {
        Some(crate::resolve::read_validated(
            |input| crate::resolve::validate_with(&tables::URI_REFERENCE, input),
            base,
            reference,
        ))
    }
    fn normalize(input: &str) -> crate::algorithms::NormalizeRead<'_> {
        Some(read_for_normalize(input).map(|c| (c, &FACTS)))
    }
}

/// §2.3's `unreserved` and merge step 7's `..` kept above the root.
const FACTS: crate::normalize::Facts = crate::normalize::Facts {
    marks: MARKS,
    keep_dots_above_root: true,
};

/// §2.3's `mark`.
const MARKS: &[u8] = b"-_.!~*'()";

/// A reference split for normalization: a `reg-name` authority is the
/// host, kept as written; a `server`'s host is case-folded.
fn read_for_normalize(
    input: &str,
) -> Result<crate::normalize::Comps<'_>, crate::normalize::NormalizeError> {
    use crate::normalize::{Auth, HostCase};
    let r = UriRef::parse(input).map_err(crate::normalize::NormalizeError::Invalid)?;
    let auth = r.authority().map(|a| match r.authority_kind() {
        Some(AuthorityKind::RegName) => Auth {
            userinfo: None,
            host: a,
            host_case: HostCase::Keep,
            port: None,
        },
        _ => {
            let host = r.host().unwrap_or("");
            Auth {
                userinfo: r.userinfo(),
                host,
                host_case: HostCase::Lower(0, host.len()),
                port: r.port(),
            }
        }
    });
    // A `reg-name` that decoding makes a `server`, for the `pct` step.
    let server = auth
        .filter(|a| a.host_case == HostCase::Keep)
        .and_then(|a| {
            crate::normalize::decoded_server::<{ tables::REG_LEN }, { tables::CAPTURE_LEN }>(
                &tables::URI_REFERENCE,
                tables::SERVER,
                MARKS,
                a.host,
            )
        });
    Ok(crate::normalize::Comps {
        scheme: r.scheme(),
        auth,
        path: r.path(),
        query: r.query(),
        fragment: r.fragment(),
        server,
    })
}
