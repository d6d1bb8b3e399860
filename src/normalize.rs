//! Syntax-based and scheme-based normalization (the comparison ladder of
//! RFC 3986 §6.2 and of draft-fielding-uri-rfc2396bis-01 §6.2), and
//! equivalence without building normal forms.
//!
//! [`Steps`] picks the rungs of the ladder; each one is a set of rewrites:
//!
//! | step | name | what it rewrites | RFC 3986 | 2396bis-01 |
//! |---|---|---|---|---|
//! | [`Steps::CASE`] | `case` | scheme and host to lower case; hex digits of every `%XX` to upper case | §6.2.2.1 | §6.2.2.1, §6.2.2.2 |
//! | [`Steps::PCT`] | `pct` | `%XX` that encodes an `unreserved` character becomes that character | §6.2.2.2 | §6.2.2.2 |
//! | [`Steps::PATH`] | `path` | dot segments of an absolute path | §6.2.2.3 (remove_dot_segments, §5.2.4) | §6.2.2.3 (merge, §5.2) |
//! | [`Steps::SCHEME`] | `scheme` | default or empty port removed; empty path of `http`/`https` with an authority becomes `/` | §6.2.3 | §6.2.3 |
//!
//! The steps apply in that order, each to the result of the previous ones:
//! `%2E%2E` is a `..` segment for the path step only when the `pct` step
//! decoded it.
//!
//! [`Syntax`] picks the document: its grammar validates the input and
//! gives the components, its `unreserved` rule says what `pct` decodes,
//! and its path step is its own:
//!
//! - `rfc3986`, `rfc3987` (IRIs: only ASCII `unreserved` octets are
//!   decoded, as RFC 3987 §5.3.2.3 says; only a "US-ASCII only host" is
//!   case-folded, §5.3.2.1)
//!   and `rfc6874` (an IPv6 zone ID after `%25` keeps its case) remove dot
//!   segments with RFC 3986 §5.2.4 `remove_dot_segments`: `..` above the
//!   root disappears (`/a/../../b` → `/b`).
//! - `draft-fielding-uri-rfc2396bis-01` says to split the URI "just after
//!   the "/" that starts the path, using the left half as the base URI and
//!   the right as a relative reference, and normalizing the URI by merging
//!   the two" with its §5 algorithm, whose step 7 keeps `..` segments
//!   above the root (`/a/../../b` → `/../b`, as its Appendix C's
//!   `http://a/../g`). Its `unreserved` includes `mark`, so `%21` decodes
//!   to `!`. Host case folding applies to a `server`'s host, not to a
//!   `reg-name` authority ("the scheme and hostname are case
//!   insensitive").
//!
//! # Which paths lose dot segments
//!
//! The path step rewrites paths that start with `/` only. A relative path
//! (`../a`, `a/./b`) is meaningful only against a base, and a rootless path
//! after a scheme (`foo:a/../b`) is not hierarchical: remove_dot_segments
//! would even turn `a/../b` into `/b`. Both are left as they are. When the
//! result of an authority-less path would start with `//` (and so read as
//! an authority), it is written `/.//…`, which normalizes to itself.
//!
//! # Scheme-based rules
//!
//! Default ports are those of the RFC 1738 schemes, plus `https`:
//! `ftp` 21, `http` 80, `gopher` 70, `nntp` 119, `telnet` 23, `wais` 210,
//! `prospero` 1525, `https` 443 (see [`default_port`]). A port equal to
//! the default as a decimal number (`:080` too) is removed with its `:`;
//! an empty port is removed for every scheme (RFC 3986 §6.2.3: "an
//! explicit ":port", for which the port is empty or the default for the
//! scheme, is equivalent to one where the port and its ":" delimiter are
//! elided"). Nothing else is removed: `http://a/?` keeps its `?` (§6.2.3:
//! "Normalization should not remove delimiters when their associated
//! component is empty").
//!
//! # Cost
//!
//! No allocation. [`Syntax::normalize_into`] makes one validating pass and
//! two passes over the components (one to count, one to write), so
//! [`NormalizeError::BufferTooSmall`] states the exact length and nothing
//! is written. [`Syntax::equivalent`] compares the two normal forms
//! component by component as they are produced; the path is compared
//! segment by segment from its end, so that dot segments are resolved with
//! one counter (see Note [dot segments in two reverse passes] in `src/resolve/dots.rs`).
//! Everything is linear in the input, 100,000 `../` segments or megabytes
//! of `%2E` included.
//!
//! # Example
//!
//! ```
//! use uridfa::normalize::{equivalent, normalize_into, Steps};
//!
//! // RFC 3986 §6.2.2's example pair.
//! let mut buf = [0u8; 64];
//! let n = normalize_into("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Steps::ALL, &mut buf)?;
//! assert_eq!(&buf[..n], b"example://a/b/c/%7Bfoo%7D");
//! assert!(equivalent("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Steps::ALL)?);
//!
//! // RFC 3986 §6.2.3: four equivalent URIs.
//! for u in ["http://example.com", "http://example.com:/", "http://example.com:80/"] {
//!     assert!(equivalent(u, "http://example.com/", Steps::ALL)?);
//! }
//! // ... but not with an empty query.
//! assert!(!equivalent("http://example.com/?", "http://example.com/", Steps::ALL)?);
//! # Ok::<(), uridfa::normalize::NormalizeError>(())
//! ```

use core::fmt;
use core::ops::BitOr;

// ---------------------------------------------------------------------
// Steps

/// Which rungs of the comparison ladder to apply: any union of
/// [`Steps::CASE`], [`Steps::PCT`], [`Steps::PATH`] and [`Steps::SCHEME`].
///
/// # Example
///
/// ```
/// use uridfa::normalize::Steps;
/// let s = Steps::CASE | Steps::PATH;
/// assert!(s.contains(Steps::CASE) && !s.contains(Steps::PCT));
/// assert_eq!(Steps::from_names("case,path"), Some(s));
/// assert_eq!(s.to_string(), "case,path");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Steps(u8);

impl Steps {
    /// No rewriting: [`equivalent`] is then string equality.
    pub const NONE: Steps = Steps(0);
    /// `case`: scheme and host to lower case, `%XX` hex digits to upper case.
    pub const CASE: Steps = Steps(1);
    /// `pct`: decode each `%XX` that encodes an `unreserved` character.
    pub const PCT: Steps = Steps(2);
    /// `path`: remove dot segments from an absolute path.
    pub const PATH: Steps = Steps(4);
    /// `scheme`: remove an empty or default port; `http(s)://h` → `http(s)://h/`.
    pub const SCHEME: Steps = Steps(8);
    /// All four.
    pub const ALL: Steps = Steps(15);

    const NAMES: [(&'static str, Steps); 4] = [
        ("case", Steps::CASE),
        ("pct", Steps::PCT),
        ("path", Steps::PATH),
        ("scheme", Steps::SCHEME),
    ];

    /// Whether every step of `other` is in `self`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Steps;
    /// assert!(Steps::ALL.contains(Steps::PCT | Steps::SCHEME));
    /// assert!(!Steps::NONE.contains(Steps::CASE));
    /// ```
    pub const fn contains(self, other: Steps) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of two sets of steps (also `|`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Steps;
    /// assert_eq!(Steps::CASE.union(Steps::PCT), Steps::CASE | Steps::PCT);
    /// ```
    pub const fn union(self, other: Steps) -> Steps {
        Steps(self.0 | other.0)
    }

    /// Parses a comma-separated list of step names (`case`, `pct`, `path`,
    /// `scheme`), or `all`, or `none`. Spaces around names are ignored;
    /// `None` for an unknown name.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Steps;
    /// assert_eq!(Steps::from_names("all"), Some(Steps::ALL));
    /// assert_eq!(Steps::from_names("pct, scheme"), Some(Steps::PCT | Steps::SCHEME));
    /// assert_eq!(Steps::from_names("none"), Some(Steps::NONE));
    /// assert_eq!(Steps::from_names("case,dots"), None);
    /// ```
    pub fn from_names(list: &str) -> Option<Steps> {
        match list.trim() {
            "all" => return Some(Steps::ALL),
            "none" | "" => return Some(Steps::NONE),
            _ => {}
        }
        let mut steps = Steps::NONE;
        for name in list.split(',') {
            let (_, s) = Steps::NAMES.iter().find(|(n, _)| *n == name.trim())?;
            steps = steps.union(*s);
        }
        Some(steps)
    }
}

impl BitOr for Steps {
    type Output = Steps;
    fn bitor(self, other: Steps) -> Steps {
        self.union(other)
    }
}

impl fmt::Display for Steps {
    /// The step names, comma-separated, in ladder order; `none` for none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Steps::NONE {
            return f.write_str("none");
        }
        let mut sep = "";
        for (name, s) in Steps::NAMES {
            if self.contains(s) {
                write!(f, "{sep}{name}")?;
                sep = ",";
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------
// Syntax

/// The document whose grammar and normalization rules apply.
///
/// # Example
///
/// ```
/// use uridfa::normalize::{Steps, Syntax};
/// let s = Syntax::from_name("draft-fielding-uri-rfc2396bis-01").unwrap();
/// let mut buf = [0u8; 32];
/// let n = s.normalize_into("http://a/b/../../g", Steps::PATH, &mut buf)?;
/// assert_eq!(&buf[..n], b"http://a/../g");
/// let n = Syntax::Rfc3986.normalize_into("http://a/b/../../g", Steps::PATH, &mut buf)?;
/// assert_eq!(&buf[..n], b"http://a/g");
/// # Ok::<(), uridfa::normalize::NormalizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Syntax {
    /// `rfc3986`: `URI-reference` of [`crate::rfc3986`], §6.2.
    #[default]
    Rfc3986,
    /// `rfc3987`: `IRI-reference` of [`crate::rfc3987`], §5.3 (syntax-based
    /// steps of RFC 3986 on IRIs; no Unicode normalization).
    Rfc3987,
    /// `rfc6874`: RFC 3986 with zone IDs ([`crate::rfc6874`]).
    Rfc6874,
    /// `draft-fielding-uri-rfc2396bis-01`: `URI-reference` of
    /// [`crate::draft_fielding_uri_rfc2396bis_01`], its §6.2.
    Rfc2396bis01,
}

impl Syntax {
    /// Every syntax.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::normalize::Syntax::ALL.len(), 4);
    /// ```
    pub const ALL: [Syntax; 4] = [
        Syntax::Rfc3986,
        Syntax::Rfc3987,
        Syntax::Rfc6874,
        Syntax::Rfc2396bis01,
    ];

    /// The grammar name (as in [`crate::GRAMMARS`] and `--grammar`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::normalize::Syntax::Rfc6874.name(), "rfc6874");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Syntax::Rfc3986 => "rfc3986",
            Syntax::Rfc3987 => "rfc3987",
            Syntax::Rfc6874 => "rfc6874",
            Syntax::Rfc2396bis01 => "draft-fielding-uri-rfc2396bis-01",
        }
    }

    /// The syntax of a grammar name; `None` for a grammar without a
    /// normalization ladder.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Syntax;
    /// assert_eq!(Syntax::from_name("rfc3987"), Some(Syntax::Rfc3987));
    /// assert_eq!(Syntax::from_name("rfc1738"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Syntax> {
        Syntax::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Normalizes `input` into `out` and returns the length written:
    /// `out[..n]` is the normal form, valid UTF-8.
    ///
    /// # Errors
    ///
    /// [`NormalizeError::Invalid`] when `input` is not a reference of this
    /// syntax; [`NormalizeError::BufferTooSmall`] with the exact length
    /// when `out` is too short (nothing is written then).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::{NormalizeError, Steps, Syntax};
    /// let mut buf = [0u8; 64];
    /// let n = Syntax::Rfc3986.normalize_into("HTTP://%41@EXAMPLE.ORG:80/../a?%41", Steps::ALL, &mut buf)?;
    /// assert_eq!(&buf[..n], b"http://A@example.org/a?A");
    /// let mut small = [0u8; 4];
    /// let e = Syntax::Rfc3986.normalize_into("HTTP://A", Steps::ALL, &mut small);
    /// assert_eq!(e, Err(NormalizeError::BufferTooSmall(uridfa::BufferTooSmall { needed: 9 })));
    /// # Ok::<(), NormalizeError>(())
    /// ```
    pub fn normalize_into(
        self,
        input: &str,
        steps: Steps,
        out: &mut [u8],
    ) -> Result<usize, NormalizeError> {
        let c = Comps::parse(self, input)?;
        let plan = Plan::new(&c, steps);
        let (needed, shape) = plan.len(&c);
        if needed > out.len() {
            return Err(NormalizeError::BufferTooSmall(crate::BufferTooSmall {
                needed,
            }));
        }
        Ok(plan.write(&c, shape, out))
    }

    /// Whether `a` and `b` have the same normal form under `steps`,
    /// without building either: the components are compared as they are
    /// normalized, and the comparison stops at the first difference.
    ///
    /// # Errors
    ///
    /// [`NormalizeError::Invalid`] when either is not a reference of this
    /// syntax ([`NormalizeError::Invalid`] carries the first one's error).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::{Steps, Syntax};
    /// let s = Syntax::Rfc2396bis01;
    /// // 2396bis-01 §6.2.2's example pair.
    /// assert!(s.equivalent("example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a", Steps::ALL)?);
    /// // `!` is unreserved in 2396bis-01 (mark), not in RFC 3986.
    /// assert!(s.equivalent("http://a/%21", "http://a/!", Steps::PCT)?);
    /// assert!(!uridfa::normalize::equivalent("http://a/%21", "http://a/!", Steps::PCT)?);
    /// # Ok::<(), uridfa::normalize::NormalizeError>(())
    /// ```
    pub fn equivalent(self, a: &str, b: &str, steps: Steps) -> Result<bool, NormalizeError> {
        let ca = Comps::parse(self, a)?;
        let cb = Comps::parse(self, b)?;
        Ok(Plan::new(&ca, steps).same(&ca, &Plan::new(&cb, steps), &cb))
    }

    /// [`Syntax::normalize_into`] into a new `String`.
    ///
    /// # Errors
    ///
    /// [`NormalizeError::Invalid`] when `input` is not a reference of this
    /// syntax.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::{Steps, Syntax};
    /// let n = Syntax::Rfc3987.normalize("HTTP://例え.テスト/%7e/ä", Steps::ALL)?;
    /// assert_eq!(n, "http://例え.テスト/~/ä");
    /// # Ok::<(), uridfa::normalize::NormalizeError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn normalize(
        self,
        input: &str,
        steps: Steps,
    ) -> Result<alloc::string::String, NormalizeError> {
        let c = Comps::parse(self, input)?;
        let plan = Plan::new(&c, steps);
        let (len, shape) = plan.len(&c);
        let mut buf = alloc::vec![0u8; len];
        let n = plan.write(&c, shape, &mut buf);
        buf.truncate(n);
        // Every byte is an input byte, an ASCII letter case-folded, an ASCII
        // separator, or an ASCII character decoded from `%XX`, and
        // multi-byte sequences are copied whole: always UTF-8.
        Ok(match alloc::string::String::from_utf8(buf) {
            Ok(s) => s,
            Err(e) => alloc::string::String::from_utf8_lossy(e.as_bytes()).into_owned(),
        })
    }
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// [`Syntax::Rfc3986`]'s [`Syntax::normalize_into`].
///
/// # Errors
///
/// As [`Syntax::normalize_into`].
///
/// # Example
///
/// ```
/// use uridfa::normalize::{normalize_into, Steps};
/// let mut buf = [0u8; 32];
/// let n = normalize_into("HTTP://www.EXAMPLE.com", Steps::ALL, &mut buf)?;
/// assert_eq!(&buf[..n], b"http://www.example.com/");
/// let n = normalize_into("HTTP://www.EXAMPLE.com", Steps::CASE, &mut buf)?;
/// assert_eq!(&buf[..n], b"http://www.example.com");
/// # Ok::<(), uridfa::normalize::NormalizeError>(())
/// ```
pub fn normalize_into(input: &str, steps: Steps, out: &mut [u8]) -> Result<usize, NormalizeError> {
    Syntax::Rfc3986.normalize_into(input, steps, out)
}

/// [`Syntax::Rfc3986`]'s [`Syntax::equivalent`].
///
/// # Errors
///
/// As [`Syntax::equivalent`].
///
/// # Example
///
/// ```
/// use uridfa::normalize::{equivalent, Steps};
/// assert!(equivalent("http://a/b/%7euser", "HTTP://A/b/~user", Steps::ALL)?);
/// assert!(!equivalent("http://a/b/%7euser", "HTTP://A/b/~user", Steps::CASE)?);
/// # Ok::<(), uridfa::normalize::NormalizeError>(())
/// ```
pub fn equivalent(a: &str, b: &str, steps: Steps) -> Result<bool, NormalizeError> {
    Syntax::Rfc3986.equivalent(a, b, steps)
}

/// [`Syntax::Rfc3986`]'s [`Syntax::normalize`].
///
/// # Errors
///
/// As [`Syntax::normalize`].
///
/// # Example
///
/// ```
/// use uridfa::normalize::{normalize, Steps};
/// assert_eq!(normalize("http://a/b/c/%2E/%2E./%2e%2E/d", Steps::ALL)?, "http://a/d");
/// # Ok::<(), uridfa::normalize::NormalizeError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn normalize(input: &str, steps: Steps) -> Result<alloc::string::String, NormalizeError> {
    Syntax::Rfc3986.normalize(input, steps)
}

/// The default port of a scheme (ASCII case ignored), for the scheme-based
/// step: the RFC 1738 schemes that have a port (`ftp` 21, `http` 80,
/// `gopher` 70, `nntp` 119, `telnet` 23, `wais` 210, `prospero` 1525) and
/// `https` 443 (RFC 2818 §2.3).
///
/// # Example
///
/// ```
/// use uridfa::normalize::default_port;
/// assert_eq!(default_port("HTTP"), Some(80));
/// assert_eq!(default_port("prospero"), Some(1525));
/// assert_eq!(default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u32> {
    const PORTS: [(&str, u32); 8] = [
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
        ("https", 443),
    ];
    PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

// ---------------------------------------------------------------------
// Errors

/// Why a reference could not be normalized. Small and `Copy`; `Display`
/// does not allocate.
///
/// # Example
///
/// ```
/// use uridfa::normalize::{normalize_into, NormalizeError, Steps};
/// let e = normalize_into("http://a b/", Steps::ALL, &mut [0u8; 64]).unwrap_err();
/// assert!(matches!(e, NormalizeError::Invalid(_)));
/// assert!(e.to_string().starts_with("invalid reference: "));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NormalizeError {
    /// The input is not a reference of the syntax; the grammar error says
    /// where it fails.
    Invalid(crate::Error),
    /// `out` is shorter than the normal form; `needed` is its exact length.
    /// Nothing was written.
    BufferTooSmall(crate::BufferTooSmall),
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NormalizeError::Invalid(e) => write!(f, "invalid reference: {e}"),
            NormalizeError::BufferTooSmall(e) => e.fmt(f),
        }
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for NormalizeError {}

// ---------------------------------------------------------------------
// Components

/// How the host is case-folded by the `case` step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HostCase {
    /// Lower case (ASCII) in `from..to` of the host: all of it, or up to
    /// the start of an RFC 6874 zone ID (whose case is kept), or the host
    /// part of a 2396bis-01 `reg-name` that becomes a `server` once
    /// decoded.
    Lower(usize, usize),
    /// Kept (a 2396bis-01 `reg-name` authority).
    Keep,
}

/// An authority, split.
#[derive(Clone, Copy, Debug)]
struct Auth<'a> {
    userinfo: Option<&'a str>,
    host: &'a str,
    host_case: HostCase,
    port: Option<&'a str>,
}

/// A reference, split by its grammar.
#[derive(Clone, Copy, Debug)]
struct Comps<'a> {
    syntax: Syntax,
    scheme: Option<&'a str>,
    auth: Option<Auth<'a>>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

impl<'a> Comps<'a> {
    fn parse(syntax: Syntax, input: &'a str) -> Result<Comps<'a>, NormalizeError> {
        macro_rules! generic {
            ($r:expr, $zone:expr) => {{
                let r = $r.map_err(NormalizeError::Invalid)?;
                let auth = r.authority().map(|_| {
                    let host = r.host().unwrap_or("");
                    Auth {
                        userinfo: r.userinfo(),
                        host,
                        host_case: HostCase::Lower(0, $zone(host)),
                        port: r.port(),
                    }
                });
                Comps {
                    syntax,
                    scheme: r.scheme(),
                    auth,
                    path: r.path(),
                    query: r.query(),
                    fragment: r.fragment(),
                }
            }};
        }
        let whole = |h: &str| h.len();
        Ok(match syntax {
            Syntax::Rfc3986 => generic!(crate::rfc3986::UriRef::parse(input), whole),
            // RFC 3987 §5.3.2.1: "the scheme and US-ASCII only host are
            // case insensitive": a host with non-ASCII characters, written
            // or percent-encoded, keeps its case.
            Syntax::Rfc3987 => generic!(crate::rfc3987::IriRef::parse(input), |h: &str| {
                let b = h.as_bytes();
                let encoded_non_ascii = b
                    .windows(2)
                    .any(|w| matches!(w, [b'%', d] if hex_val(*d) >= 8));
                if h.is_ascii() && !encoded_non_ascii {
                    h.len()
                } else {
                    0
                }
            }),
            Syntax::Rfc6874 => generic!(crate::rfc6874::UriRef::parse(input), |h: &str| {
                // `IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"`
                // with `IPv6addrz = IPv6address "%25" ZoneID`.
                if h.starts_with('[') {
                    // "%" occurs in an IP-literal only before the zone ID.
                    crate::cut::find(h, b'%').unwrap_or(h.len())
                } else {
                    h.len()
                }
            }),
            Syntax::Rfc2396bis01 => {
                use crate::draft_fielding_uri_rfc2396bis_01::{AuthorityKind, UriRef};
                let r = UriRef::parse(input).map_err(NormalizeError::Invalid)?;
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
                Comps {
                    syntax,
                    scheme: r.scheme(),
                    auth,
                    path: r.path(),
                    query: r.query(),
                    fragment: r.fragment(),
                }
            }
        })
    }
}

/// Whether the octet `b` is `unreserved` in the syntax's grammar.
/// `tests/normalize_spec.rs` checks both against the grammar files.
fn unreserved(syntax: Syntax, b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || match syntax {
            // RFC 3986 §2.3 (and RFC 3987, RFC 6874 through it):
            // unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
            Syntax::Rfc3986 | Syntax::Rfc3987 | Syntax::Rfc6874 => {
                matches!(b, b'-' | b'.' | b'_' | b'~')
            }
            // 2396bis-01 §2.3: unreserved = ALPHA / DIGIT / mark, with
            // mark = "-" / "_" / "." / "!" / "~" / "*" / "'" / "(" / ")".
            Syntax::Rfc2396bis01 => {
                matches!(
                    b,
                    b'-' | b'_' | b'.' | b'!' | b'~' | b'*' | b'\'' | b'(' | b')'
                )
            }
        }
}

// ---------------------------------------------------------------------
// The byte-level rewrites: case and pct.

/// How one component's bytes are rewritten.
#[derive(Clone, Copy, Debug)]
struct Mode {
    syntax: Syntax,
    /// Lower-case the ASCII letters at these offsets (host, scheme).
    lower: (usize, usize),
    /// Upper-case the hex digits of `%XX`.
    upper_hex: bool,
    /// Decode `%XX` of an unreserved octet.
    decode: bool,
}

impl Mode {
    fn lowers(&self, at: usize) -> bool {
        self.lower.0 <= at && at < self.lower.1
    }
}

/// The rewritten bytes of one component, forwards. The input was
/// validated, so each `%` starts a `%XX` triplet.
#[derive(Clone, Debug)]
struct Rewrite<'a> {
    s: &'a [u8],
    i: usize,
    mode: Mode,
    /// The two hex digits still to yield after a kept `%`.
    hex: [u8; 2],
    nhex: u8,
}

fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        b'A'..=b'F' => c - b'A' + 10,
        _ => 0,
    }
}

impl<'a> Rewrite<'a> {
    fn new(s: &'a str, mode: Mode) -> Rewrite<'a> {
        Rewrite {
            s: s.as_bytes(),
            i: 0,
            mode,
            hex: [0; 2],
            nhex: 0,
        }
    }
}

impl Rewrite<'_> {
    /// The number of bytes still to yield, without yielding them when no
    /// `%XX` can be decoded.
    fn len(&self) -> usize {
        if self.mode.decode && self.s.contains(&b'%') {
            crate::cut::count(self.clone())
        } else {
            // Saturating: see Note [positions saturate] in src/resolve/dots.rs.
            self.s
                .len()
                .saturating_sub(self.i)
                .saturating_add(usize::from(self.nhex))
        }
    }
}

impl Iterator for Rewrite<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.nhex > 0 {
            let [h, l] = self.hex;
            let c = if self.nhex == 2 { h } else { l };
            self.nhex -= 1;
            return Some(c);
        }
        let at = self.i;
        let c = *self.s.get(at)?;
        if c == b'%' {
            let hex = self.s.get(at.saturating_add(1)..at.saturating_add(3));
            if let Some(&[h, l]) = hex {
                self.i = at.saturating_add(3);
                let v = (hex_val(h) << 4) | hex_val(l);
                if self.mode.decode && unreserved(self.mode.syntax, v) {
                    return Some(if self.mode.lowers(at) {
                        v.to_ascii_lowercase()
                    } else {
                        v
                    });
                }
                self.hex = if self.mode.upper_hex {
                    [h.to_ascii_uppercase(), l.to_ascii_uppercase()]
                } else {
                    [h, l]
                };
                self.nhex = 2;
                return Some(b'%');
            }
        }
        self.i = at.saturating_add(1);
        Some(if self.mode.lowers(at) {
            c.to_ascii_lowercase()
        } else {
            c
        })
    }
}

// ---------------------------------------------------------------------
// The path step.

/// What a path segment is, after the `pct` step if it applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seg {
    Dot,
    DotDot,
    Other,
}

fn seg_kind(seg: &[u8], pct: bool) -> Seg {
    if seg.len() > 6 {
        return Seg::Other;
    }
    let (mut rest, mut dots) = (seg, 0u8);
    loop {
        rest = match rest {
            [] => break,
            [b'.', tail @ ..] => tail,
            [b'%', b'2', b'e' | b'E', tail @ ..] if pct => tail,
            _ => return Seg::Other,
        };
        dots = dots.saturating_add(1);
    }
    match dots {
        1 => Seg::Dot,
        2 => Seg::DotDot,
        _ => Seg::Other,
    }
}

/// One segment of a normalized absolute path, produced last first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Item<'a> {
    /// A segment kept, still to be rewritten by [`Rewrite`]; never empty.
    Seg(&'a str),
    /// An empty segment (`//`, or the `/` that a final `.` or `..` leaves).
    Empty,
    /// A `..` kept above the root (2396bis-01 only).
    DotDot,
}

/// The segments of a normalized absolute path, last first.
///
/// The path is the segments after its leading `/`. Going backwards, a `..`
/// adds one to `pending`, and a segment met while `pending > 0` is one
/// that some `..` removes (bracket matching, see Note [dot segments in two
/// reverse passes] in `src/resolve/dots.rs`). A final `.` or `..` leaves an
/// empty segment (RFC 3986 §5.2.4 B and C; RFC 2396 step 6d and 6f). What
/// `pending` has left at the start is dropped (RFC 3986) or kept as
/// leading `..` segments (2396bis-01 step 7); in the latter case a final
/// `..` that nothing cancels is kept itself rather than leaving an empty
/// segment, which [`PathRev::new`] finds with a first counting pass.
#[derive(Clone, Debug)]
struct PathRev<'a> {
    /// The path without its leading `/`.
    rest: &'a str,
    /// `rest[..end]` is still to visit; `None` once the first segment has
    /// been visited.
    end: Option<usize>,
    pending: usize,
    pct: bool,
    /// Keep `..` above the root (2396bis-01).
    keep: bool,
    /// 2396bis-01: the final segment is `..` and nothing cancels it.
    final_kept: bool,
    /// The leading `..` still to yield once the segments are done.
    leading: usize,
}

impl<'a> PathRev<'a> {
    fn new(path: &'a str, pct: bool, keep: bool) -> PathRev<'a> {
        let rest = path.get(1..).unwrap_or("");
        let mut it = PathRev {
            rest,
            end: Some(rest.len()),
            pending: 0,
            pct,
            keep,
            final_kept: false,
            leading: 0,
        };
        if keep {
            // First pass: does the final `..` survive, and how many `..`
            // are left at the start?
            let mut probe = it.clone();
            let mut final_dotdot = false;
            let mut alive = false;
            let mut first = true;
            while let Some((s, e)) = probe.next_segment() {
                let kind = seg_kind(crate::cut::sub(rest, s, e).as_bytes(), pct);
                if first && kind == Seg::DotDot {
                    final_dotdot = true;
                    alive = true;
                }
                first = false;
                match kind {
                    Seg::Dot => {}
                    Seg::DotDot => probe.pending = probe.pending.saturating_add(1),
                    Seg::Other => {
                        if probe.pending > 0 {
                            probe.pending -= 1;
                            if probe.pending == 0 {
                                alive = false;
                            }
                        }
                    }
                }
            }
            it.final_kept = final_dotdot && alive;
        }
        it
    }

    /// The next segment's span in `rest`, last first.
    fn next_segment(&mut self) -> Option<(usize, usize)> {
        let end = self.end?;
        let head = self.rest.as_bytes().get(..end).unwrap_or_default();
        match head.iter().rposition(|&c| c == b'/') {
            Some(slash) => {
                self.end = Some(slash);
                Some((slash.saturating_add(1), end))
            }
            None => {
                self.end = None;
                Some((0, end))
            }
        }
    }
}

impl<'a> Iterator for PathRev<'a> {
    type Item = Item<'a>;

    fn next(&mut self) -> Option<Item<'a>> {
        loop {
            let last = self.end == Some(self.rest.len());
            let Some((s, e)) = self.next_segment() else {
                if self.keep && self.pending > 0 {
                    // 2396bis-01 step 7: the leading `..` stay; the final
                    // one was already yielded when kept.
                    self.leading = self.pending.saturating_sub(usize::from(self.final_kept));
                    self.pending = 0;
                }
                if self.leading > 0 {
                    self.leading -= 1;
                    return Some(Item::DotDot);
                }
                return None;
            };
            let seg = self.rest.get(s..e).unwrap_or("");
            match seg_kind(seg.as_bytes(), self.pct) {
                Seg::Dot => {
                    if last {
                        return Some(Item::Empty);
                    }
                }
                Seg::DotDot => {
                    self.pending = self.pending.saturating_add(1);
                    if last {
                        return Some(if self.final_kept {
                            Item::DotDot
                        } else {
                            Item::Empty
                        });
                    }
                }
                Seg::Other => {
                    if self.pending > 0 {
                        self.pending -= 1;
                    } else if seg.is_empty() {
                        return Some(Item::Empty);
                    } else {
                        return Some(Item::Seg(seg));
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------
// Plan: what the normal form is made of.

/// The normal form of one reference, before it is written or compared.
#[derive(Clone, Copy, Debug)]
struct Plan<'a> {
    steps: Steps,
    /// The authority, re-split when decoding turned a 2396bis-01
    /// `reg-name` into a `server`.
    auth: Option<Auth<'a>>,
    /// The path after the scheme-based step (`/` for an empty http path).
    path: &'a str,
    /// Rewrite the path segment by segment ([`PathRev`]).
    dots: bool,
    /// The port after the scheme-based step.
    port: Option<&'a str>,
}

impl<'a> Plan<'a> {
    fn new(c: &Comps<'a>, steps: Steps) -> Plan<'a> {
        let mut plan = Plan {
            steps,
            auth: c.auth,
            path: c.path,
            dots: false,
            port: None,
        };
        if let Some(a) = c.auth {
            if a.host_case == HostCase::Keep && steps.contains(Steps::PCT) {
                plan.auth = Some(decoded_server(a.host).unwrap_or(a));
            }
        }
        plan.port = plan.auth.and_then(|a| a.port);
        if steps.contains(Steps::SCHEME) {
            if let Some(p) = plan.port {
                let default = c.scheme.and_then(default_port);
                let value = port_value(Rewrite::new(p, plan.plain(c)));
                if p.is_empty() || default.is_some_and(|d| value == Some(d)) {
                    plan.port = None;
                }
            }
            let web = c
                .scheme
                .is_some_and(|s| s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https"));
            if web && c.auth.is_some() && plan.path.is_empty() {
                plan.path = "/";
            }
        }
        // Without "." (and without "%" when "%2E" may be decoded into
        // "."), the path has no dot segment and is written as it is; it
        // needs no "/." guard either, as a valid path without authority
        // never starts with "//".
        let pct = steps.contains(Steps::PCT);
        plan.dots = plan.by_segments()
            && (crate::cut::contains(plan.path, b'.')
                || (pct && crate::cut::contains(plan.path, b'%')));
        plan
    }

    /// Whether the path step applies: the normal form of the path is that
    /// of its segments ([`PathRev`]).
    fn by_segments(&self) -> bool {
        self.steps.contains(Steps::PATH) && self.path.starts_with('/')
    }

    fn mode(&self, c: &Comps<'_>, lower: (usize, usize)) -> Mode {
        Mode {
            syntax: c.syntax,
            lower: if self.steps.contains(Steps::CASE) {
                lower
            } else {
                (0, 0)
            },
            upper_hex: self.steps.contains(Steps::CASE),
            decode: self.steps.contains(Steps::PCT),
        }
    }

    fn plain(&self, c: &Comps<'_>) -> Mode {
        self.mode(c, (0, 0))
    }

    fn path_items(&self, c: &Comps<'a>) -> PathRev<'a> {
        PathRev::new(
            self.path,
            self.steps.contains(Steps::PCT),
            c.syntax == Syntax::Rfc2396bis01,
        )
    }

    /// The pieces of the normal form before the path, in order, each
    /// given to `f`.
    fn head(&self, c: &Comps<'a>, mut f: impl FnMut(Rewrite<'a>)) {
        if let Some(s) = c.scheme {
            f(Rewrite::new(s, self.mode(c, (0, s.len()))));
            f(Rewrite::new(":", self.plain(c)));
        }
        if let Some(a) = self.auth {
            f(Rewrite::new("//", self.plain(c)));
            if let Some(u) = a.userinfo {
                f(Rewrite::new(u, self.plain(c)));
                f(Rewrite::new("@", self.plain(c)));
            }
            let lower = match a.host_case {
                HostCase::Lower(from, to) => (from, to),
                HostCase::Keep => (0, 0),
            };
            f(Rewrite::new(a.host, self.mode(c, lower)));
            if let Some(p) = self.port {
                f(Rewrite::new(":", self.plain(c)));
                f(Rewrite::new(p, self.plain(c)));
            }
        }
    }

    /// The pieces of the normal form after the path, each given to `f`.
    fn tail(&self, c: &Comps<'a>, mut f: impl FnMut(Rewrite<'a>)) {
        if let Some(q) = c.query {
            f(Rewrite::new("?", self.plain(c)));
            f(Rewrite::new(q, self.plain(c)));
        }
        if let Some(x) = c.fragment {
            f(Rewrite::new("#", self.plain(c)));
            f(Rewrite::new(x, self.plain(c)));
        }
    }

    /// The pieces [`Plan::head`] then [`Plan::tail`] give, collected (at
    /// most 8 + 4), for comparing without a callback.
    fn pieces(&self, c: &Comps<'a>) -> impl Iterator<Item = Rewrite<'a>> {
        let mut v: [Option<Rewrite<'a>>; 12] = Default::default();
        let mut n = 0;
        let mut push = |r| {
            if let Some(slot) = v.get_mut(n) {
                *slot = Some(r);
                n = n.saturating_add(1);
            }
        };
        self.head(c, &mut push);
        self.tail(c, &mut push);
        v.into_iter().flatten()
    }

    fn item_len(&self, c: &Comps<'_>, item: Item<'_>) -> usize {
        // Lengths saturate: see Note [positions saturate] in src/resolve/dots.rs.
        1usize.saturating_add(match item {
            Item::Seg(s) => Rewrite::new(s, self.plain(c)).len(),
            Item::Empty => 0,
            Item::DotDot => 2,
        })
    }

    /// The length of the normalized path, and whether it needs the `/.`
    /// guard: without authority, a normalized path whose first segment is
    /// empty and followed by another would start with `//`. One pass over
    /// the segments.
    fn path_shape(&self, c: &Comps<'a>) -> (usize, bool) {
        if !self.dots {
            return (Rewrite::new(self.path, self.plain(c)).len(), false);
        }
        let (mut len, mut n, mut first_empty) = (0, 0usize, false);
        for item in self.path_items(c) {
            len = self.item_len(c, item).saturating_add(len);
            n = n.saturating_add(1);
            first_empty = item == Item::Empty;
        }
        let guard = self.auth.is_none() && n >= 2 && first_empty;
        (len.saturating_add(if guard { 2 } else { 0 }), guard)
    }

    /// The length of the normal form, and the path's shape for
    /// [`Plan::write`].
    fn len(&self, c: &Comps<'a>) -> (usize, (usize, bool)) {
        let shape = self.path_shape(c);
        let mut n = shape.0;
        self.head(c, |r| n = n.saturating_add(r.len()));
        self.tail(c, |r| n = n.saturating_add(r.len()));
        (n, shape)
    }

    /// Writes the normal form; `out` holds at least the length [`Plan::len`]
    /// gave with `shape`.
    fn write(&self, c: &Comps<'a>, shape: (usize, bool), out: &mut [u8]) -> usize {
        let mut at = 0;
        let mut put = |r: Rewrite<'_>, at: &mut usize| {
            if !r.s.contains(&b'%') {
                // No triplet: a copy, then the case folding in place.
                let end = at.saturating_add(r.s.len());
                let Some(dst) = out.get_mut(*at..end) else {
                    return;
                };
                if dst.len() == r.s.len() {
                    dst.copy_from_slice(r.s);
                }
                let (from, to) = r.mode.lower;
                if let Some(lower) = dst.get_mut(from..to.min(r.s.len())) {
                    lower.make_ascii_lowercase();
                }
                *at = end;
                return;
            }
            for b in r {
                if let Some(slot) = out.get_mut(*at) {
                    *slot = b;
                }
                *at = at.saturating_add(1);
            }
        };
        self.head(c, |r| put(r, &mut at));
        let (path_len, guard) = shape;
        if self.dots {
            let end = at.saturating_add(path_len);
            if guard {
                put(Rewrite::new("/.", self.plain(c)), &mut at);
            }
            // Items come last first: each is written just before the one
            // written previously.
            let mut back = end;
            for item in self.path_items(c) {
                let start = back.saturating_sub(self.item_len(c, item));
                let mut w = start;
                put(Rewrite::new("/", self.plain(c)), &mut w);
                match item {
                    Item::Seg(s) => put(Rewrite::new(s, self.plain(c)), &mut w),
                    Item::Empty => {}
                    Item::DotDot => put(Rewrite::new("..", self.plain(c)), &mut w),
                }
                back = start;
            }
            at = end;
        } else {
            put(Rewrite::new(self.path, self.plain(c)), &mut at);
        }
        self.tail(c, |r| put(r, &mut at));
        at
    }

    /// Whether `self` (of `c`) and `other` (of `d`) have the same normal
    /// form, comparing byte by byte as the pieces are rewritten.
    fn same(&self, c: &Comps<'a>, other: &Plan<'_>, d: &Comps<'_>) -> bool {
        // Structure first: which components are present.
        if c.scheme.is_some() != d.scheme.is_some()
            || c.auth.is_some() != d.auth.is_some()
            || c.query.is_some() != d.query.is_some()
            || c.fragment.is_some() != d.fragment.is_some()
        {
            return false;
        }
        // Everything but the path, as one byte string: the head never
        // holds the `?` or `#` that starts the tail, so both sides split
        // at the same place.
        if !self.pieces(c).flatten().eq(other.pieces(d).flatten()) {
            return false;
        }
        // The path.
        let (items_a, items_b) = (self.by_segments(), other.by_segments());
        if items_a != items_b {
            // One normal form starts with "/" and the other not.
            return false;
        }
        if !items_a {
            return Rewrite::new(self.path, self.plain(c))
                .eq(Rewrite::new(other.path, other.plain(d)));
        }
        // Segment by segment, last first. The `/.` guard depends only on
        // the segments and on the authority's presence, compared above.
        let mut ia = self.path_items(c);
        let mut ib = other.path_items(d);
        loop {
            match (ia.next(), ib.next()) {
                (None, None) => return true,
                (Some(Item::Seg(x)), Some(Item::Seg(y))) => {
                    if !Rewrite::new(x, self.plain(c)).eq(Rewrite::new(y, other.plain(d))) {
                        return false;
                    }
                }
                (Some(x), Some(y)) if x == y => {}
                _ => return false,
            }
        }
    }
}

/// The decimal value of a port (after the `pct` step), `None` above
/// `u32::MAX / 10`.
fn port_value(mut p: impl Iterator<Item = u8>) -> Option<u32> {
    p.try_fold(0u32, |v, c| {
        let digit = c.checked_sub(b'0').filter(|&d| d <= 9)?;
        v.checked_mul(10)?.checked_add(u32::from(digit))
    })
}

/// A 2396bis-01 `reg-name` authority whose `%XX` of unreserved octets,
/// decoded, make it a `server` (`//H%41:21` is `//HA:21`): split as that
/// server, so that the `case` step folds its host and the `scheme` step
/// sees its port, as they will when the normal form is normalized again.
/// Decoding creates no `@`, `:`, `[` or `]`, so the server's delimiters
/// are those of the raw text.
fn decoded_server(raw: &str) -> Option<Auth<'_>> {
    use crate::draft_fielding_uri_rfc2396bis_01::tables as t;
    if !crate::cut::contains(raw, b'%') {
        return None;
    }
    let mut regs = [0usize; t::REG_LEN];
    let mut m = uridfa_runtime::Machine::new(&t::URI_REFERENCE, &mut regs).ok()?;
    m.feed(b"//").ok()?;
    let decode = Mode {
        syntax: Syntax::Rfc2396bis01,
        lower: (0, 0),
        upper_hex: false,
        decode: true,
    };
    let mut chunk = [0u8; 64];
    let mut n = 0;
    for b in Rewrite::new(raw, decode) {
        if n == chunk.len() {
            m.feed(&chunk).ok()?;
            n = 0;
        }
        if let Some(slot) = chunk.get_mut(n) {
            *slot = b;
            n = n.saturating_add(1);
        }
    }
    m.feed(chunk.get(..n)?).ok()?;
    let mut spans = [None; t::CAPTURE_LEN];
    m.finish_split(&mut spans).ok()?;
    spans.get(t::SERVER).copied().flatten()?;
    let (userinfo, hostport) = match crate::cut::rsplit_once(raw, b'@') {
        Some((userinfo, hostport)) => (Some(userinfo), hostport),
        None => (None, raw),
    };
    let (host, port) = match crate::cut::split_once(hostport, b':') {
        Some((host, port)) => (host, Some(port)),
        None => (hostport, None),
    };
    Some(Auth {
        userinfo,
        host,
        host_case: HostCase::Lower(0, host.len()),
        port,
    })
}

impl From<crate::BufferTooSmall> for NormalizeError {
    fn from(e: crate::BufferTooSmall) -> NormalizeError {
        NormalizeError::BufferTooSmall(e)
    }
}
