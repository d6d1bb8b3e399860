//! RFC 3986 (STD 66), *Uniform Resource Identifier (URI): Generic Syntax*,
//! from the collected ABNF of its Appendix A (`grammar/rfc3986.abnf`).
//!
//! Four entry rules, four zero-copy views:
//!
//! | type | rule | RFC 3986 |
//! |---|---|---|
//! | [`UriRef`] | `URI-reference = URI / relative-ref` | §4.1 |
//! | [`Uri`] | `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` | §3 |
//! | [`AbsoluteUri`] | `absolute-URI = scheme ":" hier-part [ "?" query ]` | §4.3 |
//! | [`RelativeRef`] | `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` | §4.2 |
//!
//! Every accessor returns a slice of the input. Components that can be
//! absent return `Option`: an absent component (`None`) and an empty one
//! (`Some("")`) are different, as §5.2 and §5.3 require. `path()` is always
//! defined (possibly empty).
//!
//! `host` follows the grammar's "first match wins" reading (§3.2.2):
//! `192.168.0.300` does not match `IPv4address`, so it is a `reg-name`.
//!
//! The raw tables are in [`tables`].

use crate::Error;

/// The generated tables of `grammar/rfc3986.abnf`: one `Tables` per entry
/// rule (`URI_REFERENCE`, `URI`, `ABSOLUTE_URI`, `RELATIVE_REF`) and one
/// index constant per capture.
#[allow(clippy::all, missing_docs)]
pub mod tables {
    include!(concat!(env!("OUT_DIR"), "/rfc3986.rs"));
}

use tables::CAPTURE_LEN;

/// Which alternative of `host = IP-literal / IPv4address / reg-name`
/// (RFC 3986 §3.2.2) matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// `IP-literal` holding an `IPv6address`: `[::1]`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture`: `[v7.abc]`.
    IpvFuture,
    /// `IPv4address`: four `dec-octet`s, `192.0.2.1`.
    Ipv4,
    /// `reg-name`, including the empty host of `file:///`.
    RegName,
}

impl HostKind {
    /// The ABNF rule name: `IPv6address`, `IPvFuture`, `IPv4address` or
    /// `reg-name`.
    pub fn rule_name(self) -> &'static str {
        match self {
            HostKind::Ipv6 => "IPv6address",
            HostKind::IpvFuture => "IPvFuture",
            HostKind::Ipv4 => "IPv4address",
            HostKind::RegName => "reg-name",
        }
    }
}

/// The spans of one parsed reference, 8 bytes per capture.
type Parts<'a> = crate::parts::Parts<'a, { 2 * CAPTURE_LEN }>;

fn host_kind(parts: &Parts<'_>) -> Option<HostKind> {
    parts.span(tables::HOST)?;
    // Kinds in the `;@ kind` order: an IPv4address inside an IPv6
    // literal (ls32) must not make the host an IPv4 address.
    if parts.span(tables::IPV6ADDRESS).is_some() {
        Some(HostKind::Ipv6)
    } else if parts.span(tables::IPVFUTURE).is_some() {
        Some(HostKind::IpvFuture)
    } else if parts.span(tables::IPV4ADDRESS).is_some() {
        Some(HostKind::Ipv4)
    } else {
        Some(HostKind::RegName)
    }
}

macro_rules! view {
    (
        $(#[$doc:meta])*
        $name:ident, $table:ident, $rule:literal, $example:literal
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name<'a> {
            parts: Parts<'a>,
        }

        impl<'a> $name<'a> {
            #[doc = concat!("Parses `input` as `", $rule, "`.")]
            ///
            /// # Errors
            ///
            /// An [`Error`] at the first byte that cannot continue a match,
            /// or at the end if the input stops short.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let r = uridfa::rfc3986::", stringify!($name), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(r.as_str(), \"", $example, "\");")]
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn parse(input: &'a str) -> Result<Self, Error> {
                Ok($name { parts: Parts::parse_str::<{ tables::REG_LEN }>(&tables::$table, input)? })
            }

            #[doc = concat!("Parses bytes as `", $rule, "`. Any bytes are accepted as input; non-ASCII is an error at its offset.")]
            ///
            /// # Errors
            ///
            /// As [`Self::parse`].
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let r = uridfa::rfc3986::", stringify!($name), "::parse_bytes(b\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(r.as_str(), \"", $example, "\");")]
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn parse_bytes(input: &'a [u8]) -> Result<Self, Error> {
                Ok($name { parts: Parts::parse_bytes::<{ tables::REG_LEN }>(&tables::$table, input)? })
            }

            #[doc = concat!("Whether `input` matches `", $rule, "`, without reporting components (faster than parsing).")]
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("assert!(uridfa::rfc3986::", stringify!($name), "::is_valid(b\"", $example, "\"));")]
            /// ```
            pub fn is_valid(input: &[u8]) -> bool {
                uridfa_runtime::validate(&tables::$table, input).is_ok()
            }

            /// The whole input.
            pub fn as_str(&self) -> &'a str {
                self.parts.input
            }

            /// `scheme` (§3.1), without the `:`.
            pub fn scheme(&self) -> Option<&'a str> {
                self.parts.get(tables::SCHEME)
            }

            /// `authority` (§3.2), without the leading `//`. `Some("")` for
            /// `file:///x`.
            pub fn authority(&self) -> Option<&'a str> {
                self.parts.get(tables::AUTHORITY)
            }

            /// `userinfo` (§3.2.1), without the `@`.
            pub fn userinfo(&self) -> Option<&'a str> {
                self.parts.get(tables::USERINFO)
            }

            /// `host` (§3.2.2), with the brackets of an IP literal.
            pub fn host(&self) -> Option<&'a str> {
                self.parts.get(tables::HOST)
            }

            /// Which alternative of `host` matched; `None` without an
            /// authority.
            pub fn host_kind(&self) -> Option<HostKind> {
                host_kind(&self.parts)
            }

            /// `port` (§3.2.3), without the `:`. `Some("")` for `http://a:/`.
            pub fn port(&self) -> Option<&'a str> {
                self.parts.get(tables::PORT)
            }

            /// The port as a number: `None` if absent, empty, or above
            /// 65535 (the grammar allows any `*DIGIT`).
            pub fn port_u16(&self) -> Option<u16> {
                crate::parts::port_u16(self.port()?)
            }

            /// `path` (§3.3): whichever of `path-abempty`, `path-absolute`,
            /// `path-noscheme`, `path-rootless` or `path-empty` matched.
            /// Always defined, possibly empty.
            pub fn path(&self) -> &'a str {
                self.parts.get(tables::PATH).unwrap_or("")
            }

            /// `query` (§3.4), without the `?`.
            pub fn query(&self) -> Option<&'a str> {
                self.parts.get(tables::QUERY)
            }

            /// `fragment` (§3.5), without the `#`.
            pub fn fragment(&self) -> Option<&'a str> {
                self.parts.get(tables::FRAGMENT)
            }

            /// The span of capture `index` (see [`tables`] for the
            /// indices), for components not covered by an accessor.
            pub fn span(&self, index: usize) -> Option<(usize, usize)> {
                self.parts.span(index)
            }
        }

        impl core::fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.parts.input)
            }
        }
    };
}

view! {
    /// A `URI-reference` (§4.1): a URI or a relative reference.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc3986::UriRef::parse("../g?q")?;
    /// assert_eq!(r.scheme(), None);
    /// assert_eq!(r.path(), "../g");
    /// assert_eq!(r.query(), Some("q"));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    UriRef, URI_REFERENCE, "URI-reference", "http://example.com/a?b#c"
}

view! {
    /// A `URI` (§3): a scheme, a hierarchical part, and an optional query
    /// and fragment.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc3986::Uri::parse("urn:example:animal:ferret:nose")?;
    /// assert_eq!(u.scheme(), Some("urn"));
    /// assert_eq!(u.authority(), None);
    /// assert_eq!(u.path(), "example:animal:ferret:nose");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    Uri, URI, "URI", "foo://example.com:8042/over/there?name=ferret#nose"
}

view! {
    /// An `absolute-URI` (§4.3): a URI without a fragment, as a base URI
    /// must be.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::AbsoluteUri;
    /// assert!(AbsoluteUri::parse("http://a/b/c/d;p?q").is_ok());
    /// assert!(AbsoluteUri::parse("http://a/b#frag").is_err());
    /// ```
    AbsoluteUri, ABSOLUTE_URI, "absolute-URI", "http://a/b/c/d;p?q"
}

view! {
    /// A `relative-ref` (§4.2): a reference without a scheme.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::rfc3986::RelativeRef::parse("//g/x")?;
    /// assert_eq!(r.host(), Some("g"));
    /// assert_eq!(r.path(), "/x");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    RelativeRef, RELATIVE_REF, "relative-ref", "g;x?y#s"
}
