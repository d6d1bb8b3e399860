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
//! one counter (see Note [dot segments in two reverse passes] in `src/algorithms/resolve/dots.rs`).
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

pub(crate) mod components;
pub(crate) mod options;
mod path;
mod plan;
mod rewrite;

pub use options::{default_port, NormalizeError, Steps, Syntax};

use components::NormalizeFacts;
pub(crate) use components::{
    decoded_server, read_generic, Auth, Comps, HostCase, NormalizeFacts as Facts, RFC3986_FACTS,
};
use plan::Plan;

use core::fmt;

impl Syntax {
    /// Every syntax, compiled in or not ([`Syntax::is_compiled_in`]).
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

    /// The grammar whose tables this syntax parses with.
    ///
    /// # Errors
    ///
    /// [`crate::UnknownGrammar`] naming the cargo feature when that
    /// grammar is not compiled in.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{normalize::Syntax, GrammarId};
    /// assert_eq!(Syntax::Rfc2396bis01.grammar(), Ok(GrammarId::DraftFieldingUriRfc2396bis01));
    /// ```
    pub fn grammar(self) -> Result<crate::GrammarId, crate::UnknownGrammar> {
        crate::GrammarId::from_name(self.name())
    }

    /// Whether its grammar is compiled in (its cargo feature is on).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::normalize::Syntax::Rfc3986.is_compiled_in());
    /// ```
    pub fn is_compiled_in(self) -> bool {
        self.grammar().is_ok()
    }

    /// The syntax of a grammar; `None` for a grammar without a
    /// normalization ladder.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{normalize::Syntax, GrammarId};
    /// assert_eq!(Syntax::of(GrammarId::Rfc3987), Some(Syntax::Rfc3987));
    /// assert_eq!(Syntax::of(GrammarId::Rfc1738), None);
    /// ```
    pub fn of(grammar: crate::GrammarId) -> Option<Syntax> {
        Syntax::ALL.into_iter().find(|s| s.name() == grammar.name())
    }

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

    /// The syntax of a grammar name (ASCII case ignored), compiled in or
    /// not; `None` for a grammar without a normalization ladder.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::Syntax;
    /// assert_eq!(Syntax::from_name("rfc3987"), Some(Syntax::Rfc3987));
    /// assert_eq!(Syntax::from_name("RFC3987"), Some(Syntax::Rfc3987));
    /// assert_eq!(Syntax::from_name("rfc1738"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Syntax> {
        Syntax::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
    }

    /// `input` read by its grammar, with the reader.
    fn read<'a>(
        self,
        input: &'a str,
    ) -> Result<(Comps<'a>, &'static NormalizeFacts), NormalizeError> {
        let read = crate::algorithms::visit(self.name(), Read(input))
            .map_err(NormalizeError::NotCompiledIn)?;
        // Each variant names a grammar that reads for normalization
        // (tests/features.rs runs every syntax); `None` would be a bug.
        read.unwrap_or(Err(NormalizeError::NotCompiledIn(
            crate::UnknownGrammar::none(),
        )))
    }

    /// Normalizes `input` into `out` and returns the length written:
    /// `out[..n]` is the normal form, valid UTF-8.
    ///
    /// # Errors
    ///
    /// [`NormalizeError::Invalid`] when `input` is not a reference of this
    /// syntax; [`NormalizeError::BufferTooSmall`] with the exact length
    /// when `out` is too short (nothing is written then);
    /// [`NormalizeError::NotCompiledIn`] when the syntax's grammar is left
    /// out of this build.
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
        let (c, reader) = self.read(input)?;
        let plan = Plan::new(&c, steps, reader);
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
        let (ca, reader) = self.read(a)?;
        let (cb, _) = self.read(b)?;
        Ok(Plan::new(&ca, steps, reader).same(&ca, &Plan::new(&cb, steps, reader), &cb))
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
        let (c, reader) = self.read(input)?;
        let plan = Plan::new(&c, steps, reader);
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

/// Reads a reference with one grammar (Note [algorithms over grammars]).
struct Read<'a>(&'a str);

impl<'a> crate::algorithms::Visit for Read<'a> {
    type Out = crate::algorithms::NormalizeRead<'a>;
    fn visit<G: crate::algorithms::Reads>(self) -> Self::Out {
        G::normalize(self.0)
    }
}
