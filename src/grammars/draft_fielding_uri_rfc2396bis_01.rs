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
//! then [`Rfc2396bis01Ref::authority_kind`] is [`AuthorityKind::RegName`] and
//! [`UriRef::host`] is `None`.
//!
//! ```
//! use uridfa::prelude::*;
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
/// use uridfa::prelude::*;
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
/// use uridfa::prelude::*;
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
/// use uridfa::prelude::*;
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


fn authority_kind<'a>(v: &impl View<'a>) -> Option<AuthorityKind> {
    v.span(tables::AUTHORITY)?;
    if v.span(tables::SERVER).is_some() {
        Some(AuthorityKind::Server)
    } else {
        Some(AuthorityKind::RegName)
    }
}

fn host_kind<'a>(v: &impl View<'a>) -> Option<HostKind> {
    v.span(tables::HOST)?;
    // An IPv4address inside an IPv6reference (ls32) must not make the host
    // an IPv4 address: test the IPv6 reference first.
    if v.span(tables::IPV6REFERENCE).is_some() {
        Some(HostKind::Ipv6Reference)
    } else if v.span(tables::IPV4ADDRESS).is_some() {
        Some(HostKind::Ipv4Address)
    } else {
        Some(HostKind::Hostname)
    }
}

fn path_kind<'a>(v: &impl View<'a>) -> PathKind {
    // The abs-path of `rel-path = rel-segment [ abs-path ]` is captured
    // too: test rel-path before abs-path.
    if v.span(tables::OPAQUE_PART).is_some() {
        PathKind::OpaquePart
    } else if v.span(tables::REL_PATH).is_some() {
        PathKind::RelPath
    } else if v.span(tables::ABS_PATH).is_some() {
        PathKind::AbsPath
    } else {
        PathKind::Empty
    }
}

fn path<'a>(v: &impl View<'a>) -> &'a str {
    let capture = match path_kind(v) {
        PathKind::OpaquePart => tables::OPAQUE_PART,
        PathKind::RelPath => tables::REL_PATH,
        PathKind::AbsPath => tables::ABS_PATH,
        PathKind::Empty => return "",
    };
    v.get(capture).unwrap_or("")
}

/// The components of a view in the slots of [`crate::builder::PartsBuilder`]:
/// a `reg_name` authority in its own slot, the empty `server` of `file:///x`
/// as the empty host.
fn slots<'a>(v: &impl View<'a>) -> [Option<&'a str>; crate::builder::SLOT_LEN] {
    let reg = authority_kind(v) == Some(AuthorityKind::RegName);
    crate::builder::server_slots(v, reg, path(v))
}

crate::generated_tables!("draft_fielding_uri_rfc2396bis_01_views");

/// What draft-fielding-uri-rfc2396bis-01 adds to each of its views
/// ([`UriRef`], [`AbsoluteUriRef`], [`AbsoluteUri`], [`RelativeUri`]): the
/// kinds of authority, host and path, the path however it matched, segments
/// and pairs, and a builder. In [`crate::prelude`].
///
/// Implemented for every view of this grammar (whose [`View::Grammar`] is
/// [`Rfc2396bis01`]), by a blanket impl, and for no other view (see
/// [`crate::rfc2396::Rfc2396Ref`]).
pub trait Rfc2396bis01Ref<'a>: View<'a, Grammar = Rfc2396bis01> {
    /// Whether the authority is a `server` or a `reg-name` (§3.2); `None`
    /// without an authority.
    fn authority_kind(&self) -> Option<AuthorityKind> {
        authority_kind(self)
    }

    /// Which alternative of `host` matched; `None` without a host.
    fn host_kind(&self) -> Option<HostKind> {
        host_kind(self)
    }

    /// The port as a number: `None` if absent, empty, or above 65535 (the
    /// grammar allows any `*DIGIT`).
    fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.get(tables::PORT)?)
    }

    /// The path (§3, §3.3, §5): whichever of `abs-path`, `opaque-part` or
    /// `rel-path` matched ([`Self::path_kind`]). Always defined, possibly
    /// empty.
    fn path(&self) -> &'a str {
        path(self)
    }

    /// Which rule the path matched.
    fn path_kind(&self) -> PathKind {
        path_kind(self)
    }

    /// A [`Builder`] pre-filled with this reference's components, to change
    /// some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse("http://a/b?q")?;
    /// let b = r.to_builder().query("x")?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://a/b?x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    fn to_builder(&self) -> Builder<'a> {
        Builder::from_slots(slots(self))
    }

    /// The path's segments, percent-decoded: see
    /// [`crate::pct::PathSegments`] for the exact split (one leading `/`
    /// does not start an empty segment). The same type as every family's
    /// `path_segments()`. An opaque URI has none: its `opaque-part` is not
    /// made of segments.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// use uridfa::draft_fielding_uri_rfc2396bis_01::UriRef;
    /// let r = UriRef::parse("http://h/a%20b/c;p?x=1%202&y")?;
    /// let mut segs = r.path_segments();
    /// assert!(segs.next().unwrap().eq_str("a b"));
    /// assert!(segs.next().unwrap().eq_str("c;p"));
    /// assert!(segs.next().is_none());
    /// assert!(UriRef::parse("mailto:a@b")?.path_segments().next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        let path = if self.span(tables::OPAQUE_PART).is_some() {
            ""
        } else {
            path(self)
        };
        crate::pct::PathSegments::new(path)
    }

    /// The query's `key=value` pairs, percent-decoded, or `None` without a
    /// query: see [`crate::pct::QueryPairs`] (split at `&`, then at the
    /// first `=`; no `+` to space).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let r = uridfa::draft_fielding_uri_rfc2396bis_01::UriRef::parse("http://h/a?x=1%202&y")?;
    /// let (k, v) = r.query_pairs().unwrap().next().unwrap();
    /// assert!(k.eq_str("x") && v.unwrap().eq_str("1 2"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn query_pairs(&self) -> Option<crate::pct::QueryPairs<'a>> {
        Some(crate::pct::QueryPairs::new(self.get(tables::QUERY)?))
    }
}

// Every view of this grammar, by one blanket impl, and no other: the
// trait's methods read this grammar's captures by their index, so a view
// of another grammar (a derived one) cannot implement it (its supertrait
// names this grammar's marker, and a view of this grammar already has it).
impl<'a, V: View<'a, Grammar = Rfc2396bis01>> Rfc2396bis01Ref<'a> for V {}

// Each view's own doc; its methods beyond the generated accessors come
// from `Rfc2396bis01Ref`, implemented above.

/// A `URI-reference` (§4): an absolute or relative URI, each optional,
/// and an optional fragment.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
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
/// use uridfa::prelude::*;
/// let r = uridfa::draft_fielding_uri_rfc2396bis_01::RelativeUri::parse("//g/x")?;
/// assert_eq!(r.host(), Some("g"));
/// assert_eq!(r.path(), "/x");
/// # Ok::<(), uridfa::Error>(())
/// ```
impl RelativeUri<'_> {}


impl crate::builder::Sealed for Rfc2396bis01 {}

// The builder's grammar: the components it reads back are the view's
// slots; parsing and spans come from the view (`crate::parts::FromTags`).
impl crate::builder::PartsSyntax for Rfc2396bis01 {
    type Ref<'b> = UriRef<'b>;
    type Tags = [u32; 2 * tables::CAPTURE_LEN];
    const ENTRY: &'static str = "URI-reference";
    // `'b: 'b` makes `'b` early-bound, as it is in the trait (where it
    // appears only in the projection `Self::Ref<'b>`).
    #[allow(clippy::extra_unused_lifetimes)]
    fn read_back<'b>(r: &UriRef<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]>
    where
        'b: 'b,
    {
        Some(slots(r))
    }
}

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
fn read_for_normalize(input: &str) -> Result<crate::normalize::Comps<'_>, crate::normalize::NormalizeError> {
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
