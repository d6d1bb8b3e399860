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

pub(crate) mod components;
mod dots;
pub(crate) mod options;
mod plan;
mod recompose;
mod relative;

pub use options::{Algorithm, Dots, Options, ResolveError, Syntax};
#[cfg(feature = "alloc")]
pub use relative::make_relative;
pub use relative::make_relative_into;

use crate::work::{Meter, NoMeter};
pub(crate) use components::{read_validated, read_views, validate_with};
use plan::{plan_2396, plan_2396bis01, plan_rfc3986};
use recompose::recompose;

impl Algorithm {
    /// Whether the grammar of its document is compiled in (its cargo
    /// feature, named as the grammar, is on): otherwise resolving with it
    /// is [`ResolveError::NotCompiledIn`].
    ///
    /// # Example
    ///
    /// ```
    /// // With the default features every grammar is compiled in.
    /// assert!(uridfa::resolve::Algorithm::ALL.iter().all(|a| a.is_compiled_in()));
    /// ```
    pub fn is_compiled_in(self) -> bool {
        crate::GrammarId::from_name(self.grammar_name()).is_ok()
    }
}

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
///   older algorithm;
/// - [`ResolveError::NotCompiledIn`] when the grammar that reads base and
///   reference is left out of this build (its cargo feature is off).
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
/// passes visited: a measurement for this crate's linear-time tests, behind
/// the test-only feature `measure` (not part of the API).
#[cfg(feature = "measure")]
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
    // The grammar that reads base and reference: the syntax's for RFC
    // 3986's algorithm, the document's own for the older ones (Note
    // [algorithms over grammars]).
    let grammar = if a.is_rfc3986() {
        options.syntax.name()
    } else if options.syntax != Syntax::Rfc3986 {
        return Err(ResolveError::SyntaxUnsupported);
    } else {
        a.grammar_name()
    };
    let read = crate::algorithms::visit(grammar, Read { base, reference })
        .map_err(ResolveError::NotCompiledIn)?;
    // Every grammar these names reach reads for resolution
    // (tests/features.rs runs each algorithm and syntax); `None` would be a
    // bug, said as such.
    let [b, r] = read.ok_or(ResolveError::SyntaxUnsupported)??;
    let target = match a {
        Algorithm::Rfc3986 => plan_rfc3986(b, r, true),
        Algorithm::Rfc3986NonStrict => plan_rfc3986(b, r, false),
        Algorithm::Rfc2396bis01 => plan_2396bis01(b, r, options.validating),
        Algorithm::Rfc2396 => plan_2396(b, r, false),
        Algorithm::UrlSyntax05 => plan_2396(b, r, true),
    };
    recompose(&target, options.dots, out, work)
}

/// Reads base and reference with one grammar (Note [algorithms over
/// grammars]).
struct Read<'a> {
    base: &'a str,
    reference: &'a str,
}

impl<'a> crate::algorithms::Visit for Read<'a> {
    type Out = crate::algorithms::ResolveRead<'a>;
    fn visit<G: crate::algorithms::Reads>(self) -> Self::Out {
        G::resolve(self.base, self.reference)
    }
}
