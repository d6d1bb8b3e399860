//! Resolving a URI reference against a base URI: the four algorithms of the
//! founding documents, each implemented as its own text writes it.
//!
//! | [`Algorithm`] | name | document |
//! |---|---|---|
//! | [`Rfc3986`](Algorithm::Rfc3986) | `rfc3986` | RFC 3986 §5.2.1–5.2.4 and §5.3 (strict parser) |
//! | [`Rfc3986NonStrict`](Algorithm::Rfc3986NonStrict) | `rfc3986-nonstrict` | the same, non-strict (§5.2.2: a scheme equal to the base's is ignored) |
//! | [`Rfc2396bis01`](Algorithm::Rfc2396bis01) | `draft-fielding-uri-rfc2396bis-01` | §5.2 pseudocode, merge steps 1–8, its "validating" switch |
//! | [`Rfc2396`](Algorithm::Rfc2396) | `rfc2396` | RFC 2396 §5.2, steps 1–7 |
//! | [`UrlSyntax05`](Algorithm::UrlSyntax05) | `draft-fielding-url-syntax-05` | §5.2 steps 1–7, string-buffer steps a–i |
//!
//! They differ in visible ways (base `http://a/b/c/d;p?q`):
//!
//! | reference | draft 05 | RFC 2396 | 2396bis-01 | RFC 3986 |
//! |---|---|---|---|---|
//! | `?y` | `http://a/b/c/?y` | `http://a/b/c/?y` | `http://a/b/c/d;p?y` | `http://a/b/c/d;p?y` |
//! | `g?y/./x` | `http://a/b/c/g?y/x` | `http://a/b/c/g?y/./x` | `http://a/b/c/g?y/./x` | `http://a/b/c/g?y/./x` |
//! | `/./g` | `http://a/./g` | `http://a/./g` | `http://a/./g` | `http://a/g` |
//! | `../../../g` | `http://a/../g` | `http://a/../g` | `http://a/../g` | `http://a/g` |
//!
//! The entry point is [`resolve_into`], which writes the target into a
//! caller buffer and never allocates; with the `alloc` feature, `resolve`
//! returns a `String`. [`Options`] picks the algorithm, what to do with
//! leading `..` segments ([`Dots`]), 2396bis-01's "validating" switch and
//! the [`Syntax`] of base and reference: URIs (RFC 3986) or IRIs (RFC
//! 3987).
//!
//! # Parsing
//!
//! `rfc3986` and `rfc3986-nonstrict` parse the base as `URI` and the
//! reference as `URI-reference` with the tables of
//! [`crate::rfc3986`]. The base may carry a fragment: §5.1 says a base
//! "stripped of any fragment component" is used, so it is ignored.
//!
//! With [`Syntax::Rfc3987`] they read the base as `IRI` and the reference
//! as `IRI-reference` with the tables of [`crate::rfc3987`] instead. RFC
//! 3987 §6.5: "the algorithms of \[RFC3986\] can be applied directly,
//! treating the characters additionally allowed in IRI references in the
//! same way that unreserved characters are in URI references". Every
//! step of the algorithm splits and joins at ASCII delimiters only, so
//! nothing else changes, and the target of an IRI base and an IRI
//! reference is an IRI (§3.1: the same target as resolving their URI
//! mappings, then mapping back). The older algorithms predate IRIs and
//! take [`Syntax::Rfc3986`] only.
//!
//! ```
//! use uridfa::resolve::{resolve_into, Options, Syntax};
//! let mut buf = [0u8; 64];
//! let o = Options::default().syntax(Syntax::Rfc3987);
//! let n = resolve_into("http://\u{E9}.example/a/b", "../c\u{E9}?\u{E000}", o, &mut buf)?;
//! assert_eq!(&buf[..n], "http://\u{E9}.example/c\u{E9}?\u{E000}".as_bytes());
//! // Under RFC 3986 the same base is not a URI.
//! assert!(resolve_into("http://\u{E9}.example/a/b", "c", Options::default(), &mut buf).is_err());
//! # Ok::<(), uridfa::resolve::ResolveError>(())
//! ```
//!
//! The older algorithms first validate base and reference with their own
//! document's grammar ([`crate::rfc2396`],
//! [`crate::draft_fielding_url_syntax_05`],
//! [`crate::draft_fielding_uri_rfc2396bis_01`]; RFC 2396 also accepts a
//! query-only reference such as Appendix C's `?y`, which its grammar
//! lacks), then obtain their components as their §5.2 step 1 says, from
//! the split of their own Appendix B regular expression
//! `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, done by hand;
//! the base must have a scheme (§5.2: "only the scheme component is
//! required to be present in the base"). Draft 05 does not treat `;params`
//! as a separate component: its Appendix F.4 says "parameters have been
//! removed as a separate component and may now appear in any path
//! segment. Their influence has been removed from the algorithm".
//!
//! # The target keeps its host
//!
//! A target without an authority whose path starts with `//` (base
//! `file:/srv/www/x`, reference `../../..//evil.example/p`) is written
//! with `/.` before its path, `file:/.//evil.example/p`, whatever the
//! algorithm and [`Dots`] policy, so the path is never re-read as an
//! authority. See Note [a path that starts with "//"].
//!
//! One case is kept as the older documents write it, and it does change
//! the host: RFC 2396 and draft 05 §5.2 step 6a copy the base path "up to
//! and including the last slash", which for a base with an authority and
//! an empty path is nothing, so the reference is appended to the
//! authority: base `http://a` with `.evil.com/x` gives
//! `http://a.evil.com/x` (and `g` gives `http://ag`). Draft 05 step 6c also
//! appends `?` and the query to that buffer before dot removal, so there a
//! query-only reference can reach the authority too: `http://a` with
//! `?y/../.evil.com` gives `http://a.evil.com`. RFC 3986 §5.2.3 and
//! 2396bis-01 merge step 1 put a `/` first (`http://a/.evil.com/x`); use
//! them when the base may have an empty path.
//!
//! ```
//! use uridfa::resolve::{resolve_into, Algorithm, Options};
//! let mut buf = [0u8; 64];
//! let n = resolve_into("file:/srv/www/x", "../../..//evil.example/p", Options::default(), &mut buf)?;
//! assert_eq!(&buf[..n], b"file:/.//evil.example/p");
//! let n = resolve_into("http://a", ".evil.com/x", Options::new(Algorithm::Rfc2396), &mut buf)?;
//! assert_eq!(&buf[..n], b"http://a.evil.com/x");
//! let n = resolve_into("http://a", ".evil.com/x", Options::default(), &mut buf)?;
//! assert_eq!(&buf[..n], b"http://a/.evil.com/x");
//! # Ok::<(), uridfa::resolve::ResolveError>(())
//! ```
//!
//! # Linear time
//!
//! Every step is linear in the input, whatever the input (100,000 `../`
//! segments included). See Note [dot segments in two reverse passes].
//!
//! # Example
//!
//! ```
//! use uridfa::resolve::{resolve_into, Algorithm, Options};
//!
//! let mut buf = [0u8; 64];
//! let base = "http://a/b/c/d;p?q";
//! let n = resolve_into(base, "../g?y", Options::default(), &mut buf)?;
//! assert_eq!(&buf[..n], b"http://a/b/g?y");
//!
//! let old = Options::new(Algorithm::UrlSyntax05);
//! let n = resolve_into(base, "g?y/./x", old, &mut buf)?;
//! assert_eq!(&buf[..n], b"http://a/b/c/g?y/x");
//! # Ok::<(), uridfa::resolve::ResolveError>(())
//! ```

// Note [dot segments in two reverse passes]
//
// The documents describe dot-segment removal either as RFC 3986's
// input/output buffers (§5.2.4) or as repeated string replacements
// (RFC 2396 §5.2 step 6c–f). Both amount to a stack of path segments in
// which ".." pops the most recent surviving segment. Popping is bracket
// matching, and bracket matching can be done right to left with one
// counter: a ".." increments it, a segment seen while it is positive is
// cancelled and decrements it. So each algorithm is expressed as a reverse
// scan over the segments that knows, without any storage, which segments
// survive. It runs twice: once to count the output length (so a buffer
// that is too small is reported with the exact length needed, and nothing
// is written), once to write the surviving segments backwards into their
// final place. Each pass visits each byte a bounded number of times, so
// the work is linear even for 100,000 "../" segments; `work` counts the
// bytes visited so tests can check it.
//
// tests/resolve_spec.rs checks both models against literal, quadratic
// transcriptions of the documents' own procedures on random dot-heavy
// paths.

// Note [positions saturate]
//
// Positions in the merged path, lengths and counts of segments are
// bounded by the lengths of the base and the reference, so they never
// come near `usize::MAX`; but the optimizer cannot know that, and a
// checked `+` (debug builds, overflow checks) would be a panic path that
// the no-panic proof (.ci/check-nopanic) cannot rule out. They use
// `saturating_add`/`saturating_sub` instead: the same values whenever a
// result is representable, which is always. A total length that
// saturated would exceed any buffer and be reported as `BufferTooSmall`.

use crate::work::{Meter, NoMeter};
use crate::Error;
use core::fmt;

/// One of the four resolution algorithms (five names: RFC 3986 has a
/// strict and a non-strict form).
///
/// # Example
///
/// ```
/// use uridfa::resolve::Algorithm;
/// let a = Algorithm::from_name("rfc2396").unwrap();
/// assert_eq!(a, Algorithm::Rfc2396);
/// assert_eq!(a.name(), "rfc2396");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Algorithm {
    /// `rfc3986`: RFC 3986 §5.2.1–5.2.4, strict (§5.2.2).
    #[default]
    Rfc3986,
    /// `rfc3986-nonstrict`: RFC 3986 §5.2.2 with `strict` false: a
    /// reference scheme equal to the base's (ASCII case ignored, §3.1) is
    /// dropped and the reference resolved as relative.
    Rfc3986NonStrict,
    /// `draft-fielding-uri-rfc2396bis-01`: the §5.2 pseudocode and its
    /// merge steps 1–8. Absolute-path references are not dot-normalized.
    Rfc2396bis01,
    /// `rfc2396`: RFC 2396 §5.2, steps 1–7 (step 6a–h merges the path).
    Rfc2396,
    /// `draft-fielding-url-syntax-05`: §5.2 steps 1–7; step 6 appends the
    /// reference's query to the buffer before removing dot segments (a–i).
    UrlSyntax05,
}

impl Algorithm {
    /// Every algorithm, newest document first.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::resolve::Algorithm::ALL.len(), 5);
    /// ```
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Rfc3986,
        Algorithm::Rfc3986NonStrict,
        Algorithm::Rfc2396bis01,
        Algorithm::Rfc2396,
        Algorithm::UrlSyntax05,
    ];

    /// The algorithm's name, after its document.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::Algorithm;
    /// assert_eq!(Algorithm::UrlSyntax05.name(), "draft-fielding-url-syntax-05");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Rfc3986 => "rfc3986",
            Algorithm::Rfc3986NonStrict => "rfc3986-nonstrict",
            Algorithm::Rfc2396bis01 => "draft-fielding-uri-rfc2396bis-01",
            Algorithm::Rfc2396 => "rfc2396",
            Algorithm::UrlSyntax05 => "draft-fielding-url-syntax-05",
        }
    }

    /// The algorithm called `name` (exactly one of the [`Algorithm::name`]s).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::Algorithm;
    /// assert_eq!(
    ///     Algorithm::from_name("draft-fielding-uri-rfc2396bis-01"),
    ///     Some(Algorithm::Rfc2396bis01)
    /// );
    /// assert_eq!(Algorithm::from_name("rfc1808"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// What its document's examples do with leading `..` segments:
    /// RFC 3986's remove_dot_segments removes them (`../../../g` =
    /// `http://a/g`, §5.4.2); the three older texts keep them
    /// (`../../../g` = `http://a/../g`, Appendix C.2 of each).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::{Algorithm, Dots};
    /// assert_eq!(Algorithm::Rfc3986.default_dots(), Dots::Remove);
    /// assert_eq!(Algorithm::Rfc2396.default_dots(), Dots::Keep);
    /// ```
    pub fn default_dots(self) -> Dots {
        match self {
            Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict => Dots::Remove,
            _ => Dots::Keep,
        }
    }

    fn is_rfc3986(self) -> bool {
        matches!(self, Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The grammar that reads base and reference for the `rfc3986` and
/// `rfc3986-nonstrict` algorithms.
///
/// # Example
///
/// ```
/// use uridfa::resolve::Syntax;
/// assert_eq!(Syntax::from_name("rfc3987"), Some(Syntax::Rfc3987));
/// assert_eq!(Syntax::Rfc3986.name(), "rfc3986");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Syntax {
    /// `rfc3986`: base `URI`, reference `URI-reference` ([`crate::rfc3986`]).
    #[default]
    Rfc3986,
    /// `rfc3987`: base `IRI`, reference `IRI-reference`
    /// ([`crate::rfc3987`]); RFC 3987 §6.5.
    Rfc3987,
}

impl Syntax {
    /// Every syntax.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::resolve::Syntax::ALL.len(), 2);
    /// ```
    pub const ALL: [Syntax; 2] = [Syntax::Rfc3986, Syntax::Rfc3987];

    /// The grammar's name (as in [`crate::GRAMMARS`] and `--grammar`).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::resolve::Syntax::Rfc3987.name(), "rfc3987");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Syntax::Rfc3986 => "rfc3986",
            Syntax::Rfc3987 => "rfc3987",
        }
    }

    /// The syntax of grammar `name` (`rfc3986` or `rfc3987`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::Syntax;
    /// assert_eq!(Syntax::from_name("rfc3986"), Some(Syntax::Rfc3986));
    /// assert_eq!(Syntax::from_name("rfc2396"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Syntax> {
        Syntax::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for Syntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to do with `..` segments that have nothing left to remove: RFC
/// 2396 §5.2 step 6g and 2396bis-01 merge step 7 ("the reference is
/// considered to be in error. Implementations may handle this error by
/// retaining these components ..., by removing them ..., or by avoiding
/// traversal of the reference").
///
/// For `rfc3986` the document's own algorithm removes them, so only
/// [`Dots::Remove`] and [`Dots::Error`] apply; [`Dots::Keep`] there is
/// [`ResolveError::KeepUnsupported`].
///
/// # Example
///
/// ```
/// use uridfa::resolve::{resolve_into, Algorithm, Dots, Options};
/// let mut buf = [0u8; 32];
/// let o = Options::new(Algorithm::Rfc2396).dots(Dots::Remove);
/// let n = resolve_into("http://a/b/c/d;p?q", "../../../g", o, &mut buf)?;
/// assert_eq!(&buf[..n], b"http://a/g");
/// # Ok::<(), uridfa::resolve::ResolveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dots {
    /// Retain them in the path (`http://a/../g`).
    Keep,
    /// Remove them, "discarding relative levels above the root"
    /// (`http://a/g`).
    Remove,
    /// Fail with [`ResolveError::DotSegmentsAboveRoot`].
    Error,
}

impl Dots {
    /// `keep`, `remove` or `error`.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::resolve::Dots::Keep.name(), "keep");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Dots::Keep => "keep",
            Dots::Remove => "remove",
            Dots::Error => "error",
        }
    }

    /// The choice called `name` (`keep`, `remove` or `error`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::Dots;
    /// assert_eq!(Dots::from_name("error"), Some(Dots::Error));
    /// ```
    pub fn from_name(name: &str) -> Option<Dots> {
        [Dots::Keep, Dots::Remove, Dots::Error]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// How to resolve: the algorithm, the leading-`..` policy,
/// 2396bis-01's "validating" switch and the [`Syntax`] of the inputs.
///
/// # Example
///
/// ```
/// use uridfa::resolve::{Algorithm, Dots, Options};
/// let o = Options::new(Algorithm::Rfc2396bis01).validating(false);
/// assert_eq!(o.dots, Dots::Keep);
/// assert!(!o.validating);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// What to do with leading `..` segments left after merging.
    pub dots: Dots,
    /// 2396bis-01 §5.2 only: `if ((not validating) and (R.scheme ==
    /// Base.scheme)) then undefine(R.scheme)`. Default `true`, the
    /// validating reading of its Appendix C (`http:g` = `http:g`).
    pub validating: bool,
    /// `rfc3986` and `rfc3986-nonstrict` only: read URIs (default) or
    /// IRIs (RFC 3987 §6.5).
    pub syntax: Syntax,
}

impl Options {
    /// `algorithm` with its document's defaults
    /// ([`Algorithm::default_dots`], validating).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::{Algorithm, Dots, Options};
    /// assert_eq!(Options::new(Algorithm::Rfc3986).dots, Dots::Remove);
    /// ```
    pub fn new(algorithm: Algorithm) -> Options {
        Options {
            algorithm,
            dots: algorithm.default_dots(),
            validating: true,
            syntax: Syntax::Rfc3986,
        }
    }

    /// With another leading-`..` policy.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::{Algorithm, Dots, Options};
    /// let o = Options::new(Algorithm::Rfc2396).dots(Dots::Error);
    /// assert_eq!(o.dots, Dots::Error);
    /// ```
    pub fn dots(self, dots: Dots) -> Options {
        Options { dots, ..self }
    }

    /// With 2396bis-01's "validating" switch set to `validating`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::{resolve_into, Algorithm, Options};
    /// let mut buf = [0u8; 32];
    /// let o = Options::new(Algorithm::Rfc2396bis01).validating(false);
    /// let n = resolve_into("http://a/b/c/d;p?q", "http:g", o, &mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/b/c/g");
    /// # Ok::<(), uridfa::resolve::ResolveError>(())
    /// ```
    pub fn validating(self, validating: bool) -> Options {
        Options { validating, ..self }
    }

    /// With base and reference read under `syntax`.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::{resolve_into, Options, Syntax};
    /// let mut buf = [0u8; 64];
    /// let o = Options::default().syntax(Syntax::Rfc3987);
    /// // RFC 3987 §3.2.1: "http://www.example.org/D&#xFC;rst".
    /// let n = resolve_into("http://www.example.org/a", "D\u{FC}rst", o, &mut buf)?;
    /// assert_eq!(&buf[..n], "http://www.example.org/D\u{FC}rst".as_bytes());
    /// # Ok::<(), uridfa::resolve::ResolveError>(())
    /// ```
    pub fn syntax(self, syntax: Syntax) -> Options {
        Options { syntax, ..self }
    }
}

impl Default for Options {
    /// `rfc3986`, strict.
    fn default() -> Options {
        Options::new(Algorithm::Rfc3986)
    }
}

/// Why a reference could not be resolved. Small and `Copy`; `Display`
/// does not allocate.
///
/// # Example
///
/// ```
/// use uridfa::resolve::{resolve_into, Options, ResolveError};
/// let mut small = [0u8; 4];
/// let err = resolve_into("http://a/b", "c", Options::default(), &mut small).unwrap_err();
/// assert_eq!(err, ResolveError::BufferTooSmall(uridfa::BufferTooSmall { needed: 10 }));
/// assert_eq!(err.to_string(), "output buffer too small: 10 bytes needed");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base is not a `URI` (RFC 3986 §5.2.1 requires a base with a
    /// scheme; the grammar error says where it fails), or not an `IRI`
    /// with [`Syntax::Rfc3987`].
    InvalidBase(crate::Error),
    /// The base has no scheme (older algorithms: "only the scheme
    /// component is required to be present in the base").
    BaseWithoutScheme,
    /// The reference is not a `URI-reference` (an `IRI-reference` with
    /// [`Syntax::Rfc3987`]).
    InvalidReference(crate::Error),
    /// `out` is shorter than the target; `needed` is the target's exact
    /// length. Nothing useful was written.
    BufferTooSmall(crate::BufferTooSmall),
    /// [`Dots::Error`]: a `..` segment would climb above the root.
    DotSegmentsAboveRoot,
    /// [`Dots::Keep`] with `rfc3986`, whose remove_dot_segments always
    /// removes them.
    KeepUnsupported,
    /// [`Syntax::Rfc3987`] with an algorithm older than RFC 3986: IRIs are
    /// resolved with the RFC 3986 algorithm (RFC 3987 §6.5).
    SyntaxUnsupported,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::InvalidBase(e) => {
                // An IRI base fails the rfc3987 `IRI` rule (Syntax::Rfc3987).
                let what = if e.rule() == "IRI" { "IRI" } else { "URI" };
                write!(f, "invalid base {what}: {e}")
            }
            ResolveError::BaseWithoutScheme => f.write_str("base URI has no scheme"),
            ResolveError::InvalidReference(e) => write!(f, "invalid reference: {e}"),
            ResolveError::BufferTooSmall(e) => e.fmt(f),
            ResolveError::DotSegmentsAboveRoot => {
                f.write_str("\"..\" segment above the root of the path")
            }
            ResolveError::KeepUnsupported => f.write_str(
                "rfc3986 always removes leading \"..\" segments; Dots::Keep does not apply",
            ),
            ResolveError::SyntaxUnsupported => f.write_str(
                "IRIs (rfc3987) are resolved with rfc3986 or rfc3986-nonstrict only (RFC 3987 §6.5)",
            ),
        }
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for ResolveError {}

/// Resolves `reference` against `base` and writes the target into `out`.
/// Returns the target's length: `out[..n]` is the target, valid UTF-8.
///
/// A reference that refers to the current document (an empty reference, or
/// only a fragment, in every document) yields the base without its
/// fragment, followed by the reference's fragment if it has one.
///
/// # Errors
///
/// - [`ResolveError::InvalidBase`] / [`ResolveError::InvalidReference`]
///   (`rfc3986`): not a `URI` / `URI-reference`;
/// - [`ResolveError::BaseWithoutScheme`] (older algorithms);
/// - [`ResolveError::BufferTooSmall`] with the exact length needed;
/// - [`ResolveError::DotSegmentsAboveRoot`] with [`Dots::Error`];
/// - [`ResolveError::KeepUnsupported`] with `rfc3986` and [`Dots::Keep`];
/// - [`ResolveError::SyntaxUnsupported`] with [`Syntax::Rfc3987`] and an
///   older algorithm.
///
/// # Example
///
/// ```
/// use uridfa::resolve::{resolve_into, Algorithm, Options, ResolveError};
/// let mut buf = [0u8; 64];
/// let n = resolve_into("http://a/b/c/d;p?q", "/./g", Options::default(), &mut buf)?;
/// assert_eq!(&buf[..n], b"http://a/g");
/// let n = resolve_into("http://a/b/c/d;p?q", "/./g", Options::new(Algorithm::Rfc2396), &mut buf)?;
/// assert_eq!(&buf[..n], b"http://a/./g");
/// # Ok::<(), ResolveError>(())
/// ```
pub fn resolve_into(
    base: &str,
    reference: &str,
    options: Options,
    out: &mut [u8],
) -> Result<usize, ResolveError> {
    resolve_with_work(base, reference, options, out, &NoMeter)
}

/// [`resolve_into`], also returning the number of path bytes the dot-segment
/// passes visited. Exposed for the linear-time tests only.
#[doc(hidden)]
pub fn resolve_into_counting(
    base: &str,
    reference: &str,
    options: Options,
    out: &mut [u8],
) -> (Result<usize, ResolveError>, usize) {
    let work = core::cell::Cell::new(0);
    let r = resolve_with_work(base, reference, options, out, &work);
    (r, work.get())
}

/// Resolves `reference` against `base` into a new `String`.
///
/// # Errors
///
/// As [`resolve_into`], except that the buffer is always large enough.
///
/// # Example
///
/// ```
/// use uridfa::resolve::{resolve, Algorithm, Options};
/// let t = resolve("http://a/b/c/d;p?q", "?y", Options::new(Algorithm::Rfc2396))?;
/// assert_eq!(t, "http://a/b/c/?y");
/// # Ok::<(), uridfa::resolve::ResolveError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn resolve(
    base: &str,
    reference: &str,
    options: Options,
) -> Result<alloc::string::String, ResolveError> {
    let mut buf = alloc::vec![0u8; base.len() + reference.len() + 16];
    let n = match resolve_into(base, reference, options, &mut buf) {
        Ok(n) => n,
        Err(ResolveError::BufferTooSmall(crate::BufferTooSmall { needed })) => {
            buf = alloc::vec![0u8; needed];
            resolve_into(base, reference, options, &mut buf)?
        }
        Err(e) => return Err(e),
    };
    buf.truncate(n);
    // Every byte comes from `base`, `reference` or ASCII separators, cut at
    // ASCII bytes only: always UTF-8.
    Ok(match alloc::string::String::from_utf8(buf) {
        Ok(s) => s,
        Err(e) => alloc::string::String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

// ---------------------------------------------------------------------
// Components

/// The five components of a reference; `None` is undefined, `Some("")`
/// empty (§5.3 keeps the difference).
#[derive(Clone, Copy, Debug)]
struct Comps<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// The split of Appendix B's regular expression (identical in draft 05,
/// RFC 2396, 2396bis-01 and RFC 3986):
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, with
/// scheme = $2, authority = $4, path = $5, query = $7, fragment = $9.
/// Matches every string.
fn split_appendix_b(s: &str) -> Comps<'_> {
    use crate::cut::{split_at, split_where};
    // Every cut is at an ASCII delimiter (see src/cut.rs).
    let mut rest = s;
    // $1: one or more bytes outside ":/?#", then ":".
    let mut scheme = None;
    let (head, tail) = split_where(rest, |c| matches!(c, b':' | b'/' | b'?' | b'#'));
    if !head.is_empty() && tail.starts_with(':') {
        scheme = Some(head);
        rest = split_at(tail, 1).1;
    }
    // $3: "//" then bytes outside "/?#".
    let mut authority = None;
    if rest.starts_with("//") {
        let (a, tail) = split_where(split_at(rest, 2).1, |c| matches!(c, b'/' | b'?' | b'#'));
        authority = Some(a);
        rest = tail;
    }
    // $5: bytes outside "?#".
    let (path, tail) = split_where(rest, |c| matches!(c, b'?' | b'#'));
    rest = tail;
    // $6: "?" then bytes outside "#".
    let mut query = None;
    if rest.starts_with('?') {
        let (q, tail) = split_where(split_at(rest, 1).1, |c| c == b'#');
        query = Some(q);
        rest = tail;
    }
    // $8: "#" then anything.
    let fragment = rest.starts_with('#').then(|| split_at(rest, 1).1);
    Comps {
        scheme,
        authority,
        path,
        query,
        fragment,
    }
}

/// The components of base view `$b` (its fragment dropped) and reference
/// view `$r`, which have the RFC 3986 accessors.
macro_rules! comps_of {
    ($b:ident, $r:ident) => {
        Ok([
            Comps {
                scheme: $b.scheme(),
                authority: $b.authority(),
                path: $b.path(),
                query: $b.query(),
                // §5.1: a base is used "stripped of any fragment component".
                fragment: None,
            },
            Comps {
                scheme: $r.scheme(),
                authority: $r.authority(),
                path: $r.path(),
                query: $r.query(),
                fragment: $r.fragment(),
            },
        ])
    };
}

/// Base and reference components for `rfc3986`: the grammar of
/// Appendix A (`URI` for the base, §5.2.1; `URI-reference` for the
/// reference, §5.2.2), or of RFC 3987 §2.2 (`IRI`, `IRI-reference`).
fn parts_rfc3986<'a>(
    syntax: Syntax,
    base: &'a str,
    reference: &'a str,
) -> Result<[Comps<'a>; 2], ResolveError> {
    match syntax {
        Syntax::Rfc3986 => {
            use crate::rfc3986::{Uri, UriRef};
            let b = Uri::parse(base).map_err(ResolveError::InvalidBase)?;
            let r = UriRef::parse(reference).map_err(ResolveError::InvalidReference)?;
            comps_of!(b, r)
        }
        Syntax::Rfc3987 => {
            use crate::rfc3987::{Iri, IriRef};
            let b = Iri::parse(base).map_err(ResolveError::InvalidBase)?;
            let r = IriRef::parse(reference).map_err(ResolveError::InvalidReference)?;
            comps_of!(b, r)
        }
    }
}

/// Base and reference components for one of the older algorithms: both are
/// validated with that document's own `URI-reference` (`URL-reference`)
/// tables, then split as the document's §5.2 step 1 says, with its
/// Appendix B regular expression. The base needs a scheme; its fragment is
/// ignored.
fn parts_older<'a>(
    algorithm: Algorithm,
    base: &'a str,
    reference: &'a str,
) -> Result<[Comps<'a>; 2], ResolveError> {
    validate_older(algorithm, base).map_err(ResolveError::InvalidBase)?;
    validate_older(algorithm, reference).map_err(ResolveError::InvalidReference)?;
    let mut b = split_appendix_b(base);
    let r = split_appendix_b(reference);
    if b.scheme.is_none() {
        return Err(ResolveError::BaseWithoutScheme);
    }
    b.fragment = None;
    Ok([b, r])
}

/// Whether `input` is a reference under the grammar of `algorithm`'s
/// document (`rfc2396`, `draft-fielding-url-syntax-05` or
/// `draft-fielding-uri-rfc2396bis-01`).
///
/// One exception, for RFC 2396: its `relativeURI` needs a non-empty path,
/// yet §5.2 step 2 and Appendix C resolve `?y` (a query with an empty
/// path). A reference that starts with `?` is therefore accepted when `x`
/// followed by it is a valid `URI-reference` (`x` is a one-segment
/// `rel_path`), i.e. exactly when its query and fragment are valid. See
/// `grammar/README.md` (rfc2396).
fn validate_older(algorithm: Algorithm, input: &str) -> Result<(), Error> {
    match algorithm {
        Algorithm::Rfc2396 => {
            let t = &crate::rfc2396::tables::URI_REFERENCE;
            match uridfa_runtime::validate(t, input.as_bytes()) {
                Ok(()) => Ok(()),
                Err(e) if input.starts_with('?') => {
                    let mut regs = [0usize; crate::rfc2396::tables::REG_LEN];
                    let with_segment =
                        uridfa_runtime::Machine::new(t, &mut regs).and_then(|mut m| {
                            m.feed(b"x")?;
                            m.feed(input.as_bytes())?;
                            m.finish()
                        });
                    with_segment.map_err(|_| Error::new(e, t))
                }
                Err(e) => Err(Error::new(e, t)),
            }
        }
        Algorithm::UrlSyntax05 => {
            let t = &crate::draft_fielding_url_syntax_05::tables::URL_REFERENCE;
            uridfa_runtime::validate(t, input.as_bytes()).map_err(|e| Error::new(e, t))
        }
        _ => {
            let t = &crate::draft_fielding_uri_rfc2396bis_01::tables::URI_REFERENCE;
            uridfa_runtime::validate(t, input.as_bytes()).map_err(|e| Error::new(e, t))
        }
    }
}

// ---------------------------------------------------------------------
// The algorithms: each turns (base, reference) into a target plan.

/// How the target path is obtained.
#[derive(Clone, Copy, Debug)]
enum PathPlan<'a> {
    /// Copied as is.
    Verbatim(&'a str),
    /// RFC 3986 §5.2.4 remove_dot_segments over the concatenation.
    RemoveDotSegments(Pieces<'a>),
    /// RFC 2396 step 6c–g (= draft 05 d–g, 2396bis-01 merge 3–7) over the
    /// concatenation.
    StringBuffer(Pieces<'a>),
    /// Either of the two on a concatenation without dot segments, where
    /// both are the identity.
    Plain(Pieces<'a>),
}

/// The target before recomposition (§5.3 / step 7).
#[derive(Clone, Copy, Debug)]
struct Target<'a> {
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    path: PathPlan<'a>,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// "All but the last segment of the base URI's path component ... any
/// characters after the last (right-most) slash character, if any, are
/// excluded."
fn directory(path: &str) -> &str {
    match path.bytes().rposition(|c| c == b'/') {
        Some(i) => crate::cut::through(path, i),
        None => "",
    }
}

fn scheme_eq(a: Option<&str>, b: Option<&str>) -> bool {
    match (a, b) {
        // Schemes are case-insensitive (RFC 3986 §3.1, RFC 2396 §3.1).
        (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
        _ => false,
    }
}

/// The base as the current document: all of it but its fragment.
fn current_document<'a>(b: Comps<'a>, fragment: Option<&'a str>) -> Target<'a> {
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path: PathPlan::Verbatim(b.path),
        query: b.query,
        fragment,
    }
}

/// RFC 3986 §5.2.2 (with §5.2.3 merge).
fn plan_rfc3986<'a>(b: Comps<'a>, mut r: Comps<'a>, strict: bool) -> Target<'a> {
    // -- A non-strict parser may ignore a scheme in the reference
    // -- if it is identical to the base URI's scheme.
    if !strict && scheme_eq(r.scheme, b.scheme) {
        r.scheme = None;
    }
    let dots = |p: &'a str| PathPlan::RemoveDotSegments(Pieces::new(["", p, "", ""]));
    if r.scheme.is_some() {
        return Target {
            scheme: r.scheme,
            authority: r.authority,
            path: dots(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    let (path, query) = if r.authority.is_some() {
        return Target {
            scheme: b.scheme,
            authority: r.authority,
            path: dots(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    } else if r.path.is_empty() {
        (PathPlan::Verbatim(b.path), r.query.or(b.query))
    } else if r.path.starts_with('/') {
        (dots(r.path), r.query)
    } else {
        // §5.2.3: "/" + reference path if the base has an authority and
        // an empty path; else the base path up to its last "/".
        let head = if b.authority.is_some() && b.path.is_empty() {
            "/"
        } else {
            directory(b.path)
        };
        (
            PathPlan::RemoveDotSegments(Pieces::new([head, r.path, "", ""])),
            r.query,
        )
    };
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path,
        query,
        fragment: r.fragment,
    }
}

/// draft-fielding-uri-rfc2396bis-01 §5.2 pseudocode.
fn plan_2396bis01<'a>(b: Comps<'a>, mut r: Comps<'a>, validating: bool) -> Target<'a> {
    if !validating && scheme_eq(r.scheme, b.scheme) {
        r.scheme = None;
    }
    if r.scheme.is_some() {
        return Target {
            scheme: r.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    if r.authority.is_some() {
        return Target {
            scheme: b.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    let (path, query) = if r.path.is_empty() {
        if r.query.is_some() {
            (PathPlan::Verbatim(b.path), r.query)
        } else {
            // -- An empty reference refers to the current document
            return current_document(b, r.fragment);
        }
    } else if r.path.starts_with('/') {
        (PathPlan::Verbatim(r.path), r.query)
    } else {
        // Merge step 1: "If the base URI's path component is the empty
        // string, then a single slash character ("/") is copied".
        let head = if b.path.is_empty() {
            "/"
        } else {
            directory(b.path)
        };
        (
            PathPlan::StringBuffer(Pieces::new([head, r.path, "", ""])),
            r.query,
        )
    };
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path,
        query,
        fragment: r.fragment,
    }
}

/// RFC 2396 §5.2 (`query_in_buffer` false) and draft 05 §5.2 (true: step
/// 6c appends "?" and the query to the buffer before dot removal).
fn plan_2396<'a>(b: Comps<'a>, r: Comps<'a>, query_in_buffer: bool) -> Target<'a> {
    // Step 2: empty path, scheme, authority and query undefined.
    if r.path.is_empty() && r.scheme.is_none() && r.authority.is_none() && r.query.is_none() {
        return current_document(b, r.fragment);
    }
    // Step 3.
    if r.scheme.is_some() {
        return Target {
            scheme: r.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    }
    // Steps 4 and 5.
    let (path, query) = if r.authority.is_some() {
        return Target {
            scheme: b.scheme,
            authority: r.authority,
            path: PathPlan::Verbatim(r.path),
            query: r.query,
            fragment: r.fragment,
        };
    } else if r.path.starts_with('/') {
        (PathPlan::Verbatim(r.path), r.query)
    } else if query_in_buffer {
        // Draft 05 step 6a–c; h and i split the buffer at its first "?",
        // and step 7 joins them again with "?": the buffer is the output.
        let pieces = match r.query {
            Some(q) => [directory(b.path), r.path, "?", q],
            None => [directory(b.path), r.path, "", ""],
        };
        (PathPlan::StringBuffer(Pieces::new(pieces)), None)
    } else {
        // RFC 2396 step 6a–b.
        let pieces = [directory(b.path), r.path, "", ""];
        (PathPlan::StringBuffer(Pieces::new(pieces)), r.query)
    };
    Target {
        scheme: b.scheme,
        authority: b.authority,
        path,
        query,
        fragment: r.fragment,
    }
}

fn resolve_with_work(
    base: &str,
    reference: &str,
    options: Options,
    out: &mut [u8],
    work: &impl Meter,
) -> Result<usize, ResolveError> {
    let a = options.algorithm;
    if a.is_rfc3986() && options.dots == Dots::Keep {
        return Err(ResolveError::KeepUnsupported);
    }
    let [b, r] = if a.is_rfc3986() {
        parts_rfc3986(options.syntax, base, reference)?
    } else if options.syntax != Syntax::Rfc3986 {
        return Err(ResolveError::SyntaxUnsupported);
    } else {
        parts_older(a, base, reference)?
    };
    let target = match a {
        Algorithm::Rfc3986 => plan_rfc3986(b, r, true),
        Algorithm::Rfc3986NonStrict => plan_rfc3986(b, r, false),
        Algorithm::Rfc2396bis01 => plan_2396bis01(b, r, options.validating),
        Algorithm::Rfc2396 => plan_2396(b, r, false),
        Algorithm::UrlSyntax05 => plan_2396(b, r, true),
    };
    recompose(&target, options.dots, out, work)
}

// ---------------------------------------------------------------------
// Recomposition (RFC 3986 §5.3, RFC 2396 step 7)

// Note [a path that starts with "//"]
//
// Dot removal can leave a path that starts with "//" when the target has
// no authority: base `file:/srv/www/x` with `../../..//evil.example/p`,
// or base `a:/b` with `/.//c`. Recomposed literally (§5.3: scheme ":" then
// the path), `file://evil.example/p` is re-read with the authority
// `evil.example`: resolution would have invented a host. RFC 3986 §3.3
// says of such paths that "If a URI does not contain an authority
// component, then the path cannot begin with two slash characters", and
// the usual repair, adopted by fluent-uri, iri-string and by our own
// `normalize`, is to write "/." before the path: `file:/.//evil.example/p` names the same
// path (the "." segment is removed again by any later dot removal) and no
// host. Every algorithm and every `Dots` policy goes through here, so the
// guard holds for all of them. The counting pass keeps the first two
// output bytes (`Counter::head`), so the length is known, and checked
// against `out`, before anything is written.

fn recompose(
    t: &Target<'_>,
    dots: Dots,
    out: &mut [u8],
    work: &impl Meter,
) -> Result<usize, ResolveError> {
    let opt_len = |c: Option<&str>| c.map_or(0, |c| c.len().saturating_add(1));
    let path = match t.path {
        PathPlan::RemoveDotSegments(p) | PathPlan::StringBuffer(p) if !p.has_dot_segment(work) => {
            PathPlan::Plain(p)
        }
        other => other,
    };
    let (path_len, slash_slash) = match path {
        PathPlan::Verbatim(p) => (p.len(), p.starts_with("//")),
        PathPlan::Plain(p) => (p.len, p.starts_with(0, b"//")),
        PathPlan::RemoveDotSegments(p) => {
            let mut c = Counter::new();
            remove_dot_segments(&p, dots, &mut c, work)?;
            (c.len, c.head == *b"//")
        }
        PathPlan::StringBuffer(p) => {
            let mut c = Counter::new();
            string_buffer(&p, dots, &mut c, work)?;
            (c.len, c.head == *b"//")
        }
    };
    // Note [a path that starts with "//"].
    let guard: &[u8] = if t.authority.is_none() && slash_slash {
        b"/."
    } else {
        b""
    };
    // Saturating: a sum that could not be represented needs more than any
    // buffer has (see Note [positions saturate]).
    let needed = [
        opt_len(t.scheme),
        t.authority.map_or(0, |a| a.len().saturating_add(2)),
        guard.len(),
        path_len,
        opt_len(t.query),
        opt_len(t.fragment),
    ]
    .into_iter()
    .fold(0usize, usize::saturating_add);
    if needed > out.len() {
        return Err(ResolveError::BufferTooSmall(crate::BufferTooSmall {
            needed,
        }));
    }
    let mut w = Forward { out, at: 0 };
    if let Some(s) = t.scheme {
        w.put(s.as_bytes());
        w.put(b":");
    }
    if let Some(a) = t.authority {
        w.put(b"//");
        w.put(a.as_bytes());
    }
    w.put(guard);
    let path_end = w.at.saturating_add(path_len);
    match path {
        PathPlan::Verbatim(p) => w.put(p.as_bytes()),
        PathPlan::Plain(p) => {
            for (_, part) in p.live() {
                w.put(part);
            }
        }
        PathPlan::RemoveDotSegments(p) => {
            // `path_end <= needed <= out.len()`: the slice is whole.
            let mut back = Backward {
                out: w.out.get_mut(..path_end).unwrap_or_default(),
                at: path_end,
            };
            remove_dot_segments(&p, dots, &mut back, work)?;
            w.at = path_end;
        }
        PathPlan::StringBuffer(p) => {
            // `path_end <= needed <= out.len()`: the slice is whole.
            let mut back = Backward {
                out: w.out.get_mut(..path_end).unwrap_or_default(),
                at: path_end,
            };
            string_buffer(&p, dots, &mut back, work)?;
            w.at = path_end;
        }
    }
    if let Some(q) = t.query {
        w.put(b"?");
        w.put(q.as_bytes());
    }
    if let Some(f) = t.fragment {
        w.put(b"#");
        w.put(f.as_bytes());
    }
    Ok(w.at)
}

/// Writes forward; every caller checked the length first.
struct Forward<'o> {
    out: &'o mut [u8],
    at: usize,
}

impl Forward<'_> {
    fn put(&mut self, bytes: &[u8]) {
        let end = self.at.saturating_add(bytes.len());
        if let Some(dst) = self.out.get_mut(self.at..end) {
            copy(dst, bytes);
        }
        self.at = end;
    }
}

// ---------------------------------------------------------------------
// Dot segments. See Note [dot segments in two reverse passes].

/// A path given as the concatenation of up to four string pieces (base
/// directory, reference path, and for draft 05 "?" and the query), so
/// merging needs no buffer.
#[derive(Clone, Copy, Debug)]
struct Pieces<'a> {
    /// The non-empty parts first, then empty ones.
    parts: [&'a [u8]; 4],
    /// Where each part starts in the concatenation.
    starts: [usize; 4],
    len: usize,
}

impl<'a> Pieces<'a> {
    fn new(parts: [&'a str; 4]) -> Pieces<'a> {
        let mut packed: [&[u8]; 4] = [&[]; 4];
        let mut starts = [0; 4];
        let (mut k, mut len) = (0usize, 0usize);
        // By reference and by index: an array's by-value iterator and
        // `zip` count with a checked `+` under overflow checks. Positions
        // saturate (see Note [positions saturate]).
        for p in parts.iter().map(|p| p.as_bytes()) {
            if p.is_empty() {
                continue;
            }
            if let (Some(slot), Some(start)) = (packed.get_mut(k), starts.get_mut(k)) {
                *slot = p;
                *start = len;
                k = k.saturating_add(1);
                len = len.saturating_add(p.len());
            }
        }
        Pieces {
            parts: packed,
            starts,
            len,
        }
    }

    /// The non-empty parts with where each starts in the concatenation,
    /// in order.
    fn live(&self) -> impl DoubleEndedIterator<Item = (usize, &'a [u8])> + '_ {
        (0..self.parts.len())
            .filter_map(|k| Some((*self.starts.get(k)?, *self.parts.get(k)?)))
            .filter(|(_, p)| !p.is_empty())
    }

    /// The byte at `i < len`.
    fn at(&self, i: usize) -> u8 {
        for (start, part) in self.live().rev() {
            if i >= start {
                if let Some(&c) = part.get(i - start) {
                    return c;
                }
            }
        }
        0
    }

    /// Whether some "/"-separated segment is "." or "..". Without one,
    /// every algorithm's dot removal is the identity (RFC 3986 §5.2.4 moves
    /// each segment by step E; RFC 2396 step 6c–g finds no pattern).
    fn has_dot_segment(&self, work: &impl Meter) -> bool {
        work.add(self.len);
        for (base, part) in self.live() {
            let mut from = 0;
            while let Some(j) = part
                .get(from..)
                .and_then(|rest| rest.iter().position(|&c| c == b'.'))
            {
                let i = base.saturating_add(from).saturating_add(j);
                let start = i == 0 || self.at(i.saturating_sub(1)) == b'/';
                let end = |e: usize| e >= self.len || self.at(e) == b'/';
                let (i1, i2) = (i.saturating_add(1), i.saturating_add(2));
                if start && (end(i1) || (self.at(i1) == b'.' && end(i2))) {
                    return true;
                }
                from = from.saturating_add(j).saturating_add(1);
            }
        }
        false
    }

    /// The position of the last "/" in `lo..hi`, visiting the bytes
    /// after it.
    fn rfind_slash(&self, lo: usize, hi: usize, work: &impl Meter) -> Option<usize> {
        let mut found = None;
        for (base, part) in self.live().rev() {
            let s = base.max(lo);
            let e = base.saturating_add(part.len()).min(hi);
            if s >= e {
                continue;
            }
            let Some(piece) = part.get(s.saturating_sub(base)..e.saturating_sub(base)) else {
                continue;
            };
            match piece.iter().rposition(|&c| c == b'/') {
                Some(j) => {
                    work.add(piece.len().saturating_sub(j));
                    found = Some(s.saturating_add(j));
                    break;
                }
                None => work.add(piece.len()),
            }
        }
        found
    }

    /// What the segment `s..e` is.
    fn kind(&self, s: usize, e: usize) -> Seg {
        match e.checked_sub(s) {
            Some(1) if self.at(s) == b'.' => Seg::Dot,
            Some(2) if self.at(s) == b'.' && self.at(s.saturating_add(1)) == b'.' => Seg::DotDot,
            _ => Seg::Other,
        }
    }

    fn starts_with(&self, i: usize, lit: &[u8]) -> bool {
        i.saturating_add(lit.len()) <= self.len
            && lit
                .iter()
                .try_fold(i, |at, &c| (self.at(at) == c).then(|| at.saturating_add(1)))
                .is_some()
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Seg {
    Dot,
    DotDot,
    Other,
}

/// Where the reverse passes put the surviving bytes: counted, or written
/// backwards.
trait Sink {
    /// Prepends `p[s..e]`.
    fn prepend(&mut self, p: &Pieces<'_>, s: usize, e: usize);
    /// Prepends a literal.
    fn prepend_lit(&mut self, lit: &[u8]);
}

/// Counts the surviving bytes and keeps the first two of them, so that
/// [`recompose`] knows whether the path will start with `//` before
/// anything is written (see Note [a path that starts with "//"]).
struct Counter {
    len: usize,
    /// The first two bytes prepended so far; 0 where there are fewer (a
    /// valid path has no NUL).
    head: [u8; 2],
}

impl Counter {
    fn new() -> Counter {
        Counter {
            len: 0,
            head: [0; 2],
        }
    }

    /// Records that `first` (and `second`, when the prepended run has two
    /// bytes or more) now come before what was there.
    fn note(&mut self, first: u8, second: Option<u8>) {
        let [old, _] = self.head;
        self.head = [first, second.unwrap_or(old)];
    }
}

impl Sink for Counter {
    fn prepend(&mut self, p: &Pieces<'_>, s: usize, e: usize) {
        let n = e.saturating_sub(s);
        if n > 0 {
            self.note(p.at(s), (n >= 2).then(|| p.at(s.saturating_add(1))));
        }
        self.len = self.len.saturating_add(n);
    }
    fn prepend_lit(&mut self, lit: &[u8]) {
        if let Some(&first) = lit.first() {
            self.note(first, lit.get(1).copied());
        }
        self.len = self.len.saturating_add(lit.len());
    }
}

/// Writes backwards, ending at `at`; the counting pass sized `out`.
struct Backward<'o> {
    out: &'o mut [u8],
    at: usize,
}

impl Sink for Backward<'_> {
    fn prepend(&mut self, p: &Pieces<'_>, s: usize, e: usize) {
        let start = self.at.saturating_sub(e.saturating_sub(s));
        for (ps, piece) in p.live() {
            let pe = ps.saturating_add(piece.len());
            let (cs, ce) = (s.max(ps), e.min(pe));
            if cs >= ce {
                continue;
            }
            // cs >= s, cs >= ps and ce > cs: none of these subtractions
            // wraps.
            let dst = start.saturating_add(cs.saturating_sub(s));
            let src = piece.get(cs.saturating_sub(ps)..ce.saturating_sub(ps));
            let d = self
                .out
                .get_mut(dst..dst.saturating_add(ce.saturating_sub(cs)));
            if let (Some(d), Some(src)) = (d, src) {
                copy(d, src);
            }
        }
        self.at = start;
    }
    fn prepend_lit(&mut self, lit: &[u8]) {
        let start = self.at.saturating_sub(lit.len());
        if let Some(d) = self.out.get_mut(start..self.at) {
            copy(d, lit);
        }
        self.at = start;
    }
}

/// `dst.copy_from_slice(src)` for slices the counting pass sized alike;
/// nothing when they differ, which they never do (the check only keeps
/// the no-panic proof free of `copy_from_slice`'s length panic).
fn copy(dst: &mut [u8], src: &[u8]) {
    if dst.len() == src.len() {
        dst.copy_from_slice(src);
    }
}

/// Calls `f(start, end, is_last)` for each "/"-separated segment of
/// `lo..hi`, last segment first. `lo..hi` holds at least one (possibly
/// empty) segment.
fn segments_rev(
    p: &Pieces<'_>,
    lo: usize,
    hi: usize,
    work: &impl Meter,
    mut f: impl FnMut(usize, usize, bool),
) {
    let mut end = hi;
    let mut last = true;
    loop {
        match p.rfind_slash(lo, end, work) {
            Some(slash) => {
                f(slash.saturating_add(1), end, last);
                end = slash;
            }
            None => {
                f(lo, end, last);
                return;
            }
        }
        last = false;
    }
}

/// RFC 3986 §5.2.4 remove_dot_segments, as a reverse scan.
///
/// In terms of segments, the procedure (steps A–E) is:
/// - a path that does not start with "/" first loses its leading "./" and
///   "../" (A), and is emptied if what remains is "." or ".." (D); if what
///   remains starts with "/", it is processed as an absolute path;
/// - otherwise its first segment is moved without a "/" (E);
/// - each following "/seg": "/." is dropped (B), "/.." drops the last
///   output segment with its "/" (C), others are moved (E); when "." or
///   ".." is the last segment, the "/" that B or C leaves is moved (E),
///   so the output ends with "/".
fn remove_dot_segments(
    p: &Pieces<'_>,
    dots: Dots,
    sink: &mut impl Sink,
    work: &impl Meter,
) -> Result<(), ResolveError> {
    let n = p.len;
    let mut i = 0;
    let mut unmatched = 0usize;
    // A and D.
    if !p.starts_with(0, b"/") {
        loop {
            work.add(1);
            let left = n.saturating_sub(i);
            if p.starts_with(i, b"../") {
                i = i.saturating_add(3);
                unmatched = unmatched.saturating_add(1);
            } else if p.starts_with(i, b"./") {
                i = i.saturating_add(2);
            } else if left == 1 && p.starts_with(i, b".") {
                i = n;
            } else if left == 2 && p.starts_with(i, b"..") {
                i = n;
                unmatched = unmatched.saturating_add(1);
            } else {
                break;
            }
        }
    }
    let mut pending = 0usize;
    if i < n {
        let rootless = p.at(i) != b'/';
        let lo = if rootless { i } else { i.saturating_add(1) };
        // Where the "/seg" items start: after the first segment when
        // rootless.
        let first_end = if rootless {
            let mut e = i;
            while e < n && p.at(e) != b'/' {
                work.add(1);
                e = e.saturating_add(1);
            }
            e
        } else {
            lo
        };
        if !rootless || first_end < n {
            let items_lo = if rootless {
                first_end.saturating_add(1)
            } else {
                lo
            };
            segments_rev(p, items_lo, n, work, |s, e, last| match p.kind(s, e) {
                Seg::Dot => {
                    if last {
                        sink.prepend_lit(b"/");
                    }
                }
                Seg::DotDot => {
                    if last {
                        sink.prepend_lit(b"/");
                    }
                    pending = pending.saturating_add(1);
                }
                Seg::Other => {
                    if pending > 0 {
                        pending -= 1;
                    } else {
                        sink.prepend(p, s, e);
                        sink.prepend_lit(b"/");
                    }
                }
            });
        }
        if rootless {
            if pending > 0 {
                pending -= 1;
            } else {
                sink.prepend(p, i, first_end);
            }
        }
    }
    if dots == Dots::Error && (unmatched > 0 || pending > 0) {
        return Err(ResolveError::DotSegmentsAboveRoot);
    }
    Ok(())
}

/// RFC 2396 §5.2 step 6c–g (draft 05 6d–g, 2396bis-01 merge steps 3–7) as
/// a reverse scan.
///
/// In terms of segments: a "." is removed ("./" by c, a final "." by d,
/// which leaves the "/" before it); "<segment>/../" and a final
/// "<segment>/.." are removed (e, f) where <segment> is not ".."; what is
/// left is the leading ".." segments (g) and the surviving segments, each
/// followed by its "/" except the last. In a buffer that starts with "/",
/// that "/" is not preceded by a segment: `/../g` stays (Appendix C.2);
/// a buffer that comes to start with "/" is treated alike (see
/// [`relative_root`]).
fn string_buffer(
    p: &Pieces<'_>,
    dots: Dots,
    sink: &mut impl Sink,
    work: &impl Meter,
) -> Result<(), ResolveError> {
    let absolute = p.starts_with(0, b"/");
    let lo = if absolute {
        1
    } else {
        match relative_root(p, work) {
            Some(slash) => {
                let rest = string_buffer_from(p, slash.saturating_add(1), dots, sink, work);
                sink.prepend_lit(b"/");
                return rest;
            }
            None => 0,
        }
    };
    let r = string_buffer_from(p, lo, dots, sink, work);
    if absolute {
        sink.prepend_lit(b"/");
    }
    r
}

/// In a buffer that does not start with "/", the "/" that ends up first:
/// when every segment before an empty, non-final segment has been removed
/// (by "./" removal or by "<segment>/../" pairs) and no ".." is left
/// before it, the buffer now starts with "/", and from then on no segment
/// precedes that "/" (the same reading that keeps `/../g`). A forward scan
/// with two counters finds it: the stack's depth and the unmatched "..".
/// Returns the position of that "/".
fn relative_root(p: &Pieces<'_>, work: &impl Meter) -> Option<usize> {
    let (mut depth, mut unmatched) = (0usize, 0usize);
    let mut s = 0;
    while s < p.len {
        let mut e = s;
        while e < p.len && p.at(e) != b'/' {
            e = e.saturating_add(1);
        }
        work.add(e.wrapping_sub(s).wrapping_add(1));
        if e == p.len {
            // The final segment cannot be a root: nothing follows it.
            return None;
        }
        match p.kind(s, e) {
            Seg::Dot => {}
            Seg::DotDot if depth > 0 => depth -= 1,
            Seg::DotDot => unmatched = unmatched.saturating_add(1),
            Seg::Other if s == e && depth == 0 && unmatched == 0 => return Some(e),
            Seg::Other => depth = depth.saturating_add(1),
        }
        s = e.saturating_add(1);
    }
    None
}

/// [`string_buffer`] over the segments of `lo..`, without the root.
fn string_buffer_from(
    p: &Pieces<'_>,
    lo: usize,
    dots: Dots,
    sink: &mut impl Sink,
    work: &impl Meter,
) -> Result<(), ResolveError> {
    let mut pending = 0usize;
    // Whether the final segment is ".." and nothing cancelled it.
    let mut last_is_dotdot = false;
    let mut last_dotdot_alive = false;
    segments_rev(p, lo, p.len, work, |s, e, last| match p.kind(s, e) {
        Seg::Dot => {}
        Seg::DotDot => {
            if last {
                last_is_dotdot = true;
                last_dotdot_alive = true;
            }
            pending = pending.saturating_add(1);
        }
        Seg::Other => {
            if pending > 0 {
                pending -= 1;
                if pending == 0 {
                    last_dotdot_alive = false;
                }
            } else {
                if !last {
                    sink.prepend_lit(b"/");
                }
                sink.prepend(p, s, e);
            }
        }
    });
    if pending > 0 {
        match dots {
            Dots::Error => return Err(ResolveError::DotSegmentsAboveRoot),
            Dots::Remove => {}
            Dots::Keep => {
                // The leading ".." segments, each with its "/", but the
                // final segment of the buffer has none.
                let mut k = pending;
                if last_is_dotdot && last_dotdot_alive {
                    sink.prepend_lit(b"..");
                    k = k.saturating_sub(1);
                }
                for _ in 0..k {
                    work.add(3);
                    sink.prepend_lit(b"../");
                }
            }
        }
    }
    Ok(())
}

impl From<crate::BufferTooSmall> for ResolveError {
    fn from(e: crate::BufferTooSmall) -> ResolveError {
        ResolveError::BufferTooSmall(e)
    }
}
