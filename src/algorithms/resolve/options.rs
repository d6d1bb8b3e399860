//! What resolution is asked to do and what it can answer: the algorithms
//! ([`Algorithm`]), the syntaxes ([`Syntax`]), the dot-segment policy
//! ([`Dots`]), [`Options`] and the error. Apart from the algorithms so
//! that every part of them reads these without importing the module that
//! runs them.

use core::fmt;

/// One of the four resolution algorithms (five names: RFC 3986 has a
/// strict and a non-strict form). Each older one reads base and reference
/// with its document's grammar: every variant exists in every build, and
/// one whose grammar's cargo feature is off answers
/// [`ResolveError::NotCompiledIn`] (Note [algorithms over grammars]).
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
#[non_exhaustive]
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
    /// Every algorithm, newest document first, whether its grammar is
    /// compiled in or not ([`Algorithm::is_compiled_in`]).
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
            Algorithm::Rfc3986NonStrict => "rfc3986-nonstrict",
            _ => self.grammar_name(),
        }
    }

    /// The name of the grammar of its document, which reads base and
    /// reference for the older algorithms (RFC 3986's read with
    /// [`Options::syntax`]).
    pub(crate) fn grammar_name(self) -> &'static str {
        match self {
            Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict => "rfc3986",
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
        if self.is_rfc3986() {
            Dots::Remove
        } else {
            Dots::Keep
        }
    }

    pub(super) fn is_rfc3986(self) -> bool {
        matches!(self, Algorithm::Rfc3986 | Algorithm::Rfc3986NonStrict)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The grammar that reads base and reference for the `rfc3986` and
/// `rfc3986-nonstrict` algorithms. Both variants exist in every build;
/// `Rfc3987` without the cargo feature `rfc3987` answers
/// [`ResolveError::NotCompiledIn`].
///
/// # Example
///
/// ```
/// use uridfa::resolve::Syntax;
/// assert_eq!(Syntax::from_name("rfc3987"), Some(Syntax::Rfc3987));
/// assert_eq!(Syntax::Rfc3986.name(), "rfc3986");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Syntax {
    /// `rfc3986`: base `URI`, reference `URI-reference` ([`crate::rfc3986`]).
    #[default]
    Rfc3986,
    /// `rfc3987`: base `IRI`, reference `IRI-reference`
    /// ([`crate::rfc3987`]); RFC 3987 §6.5.
    Rfc3987,
}

impl Syntax {
    /// Every syntax, compiled in or not ([`Syntax::is_compiled_in`]).
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

    /// The grammar whose tables this syntax reads with.
    ///
    /// # Errors
    ///
    /// [`crate::UnknownGrammar`] naming the cargo feature when that
    /// grammar is not compiled in.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{resolve::Syntax, GrammarId};
    /// assert_eq!(Syntax::Rfc3987.grammar(), Ok(GrammarId::Rfc3987));
    /// ```
    pub fn grammar(self) -> Result<crate::GrammarId, crate::UnknownGrammar> {
        crate::GrammarId::from_name(self.name())
    }

    /// Whether its grammar is compiled in (its cargo feature is on).
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::resolve::Syntax::Rfc3986.is_compiled_in());
    /// ```
    pub fn is_compiled_in(self) -> bool {
        self.grammar().is_ok()
    }

    /// The syntax of a grammar (`rfc3986` or `rfc3987`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::{resolve::Syntax, GrammarId};
    /// assert_eq!(Syntax::of(GrammarId::Rfc3987), Some(Syntax::Rfc3987));
    /// assert_eq!(Syntax::of(GrammarId::Rfc2396), None);
    /// ```
    pub fn of(grammar: crate::GrammarId) -> Option<Syntax> {
        Syntax::ALL.into_iter().find(|s| s.name() == grammar.name())
    }

    /// The syntax of grammar `name` (`rfc3986` or `rfc3987`, ASCII case
    /// ignored), compiled in or not.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::resolve::Syntax;
    /// assert_eq!(Syntax::from_name("rfc3986"), Some(Syntax::Rfc3986));
    /// assert_eq!(Syntax::from_name("RFC3987"), Some(Syntax::Rfc3987));
    /// assert_eq!(Syntax::from_name("rfc2396"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Syntax> {
        Syntax::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name))
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
    /// The target does not parse as a reference of the owned type asked
    /// for (`Resolve::resolve`, in `uridfa::family`): the grammar error
    /// in the target's text.
    InvalidTarget(crate::Error),
    /// The grammar that reads base and reference (the algorithm's
    /// document, or [`Options::syntax`]) is not compiled in: the error
    /// names its cargo feature.
    NotCompiledIn(crate::UnknownGrammar),
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
            ResolveError::InvalidTarget(e) => write!(f, "invalid target: {e}"),
            ResolveError::NotCompiledIn(e) => e.fmt(f),
        }
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for ResolveError {}

impl From<crate::BufferTooSmall> for ResolveError {
    fn from(e: crate::BufferTooSmall) -> ResolveError {
        ResolveError::BufferTooSmall(e)
    }
}
