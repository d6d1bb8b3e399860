//! What normalization is asked to do and what it can answer: the steps
//! ([`Steps`]), the syntaxes ([`Syntax`], whose algorithms are in
//! `mod.rs`), the default ports of the scheme-based step and the error.
//! Apart from the algorithms so that every part of them reads these
//! without importing the module that runs them.

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps(u8);

impl Default for Steps {
    /// RFC 3986 §6.2.2, syntax-based normalization: [`Steps::CASE`],
    /// [`Steps::PCT`] and [`Steps::PATH`] (the scheme-based step, §6.2.3,
    /// is [`Steps::SCHEME`], in [`Steps::ALL`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::normalize::{normalize_into, Steps};
    /// let mut buf = [0u8; 40];
    /// let n = normalize_into("HTTP://Example.COM/%7euser/./a", Steps::default(), &mut buf)?;
    /// assert_eq!(&buf[..n], b"http://example.com/~user/a");
    /// # Ok::<(), uridfa::normalize::NormalizeError>(())
    /// ```
    fn default() -> Steps {
        Steps::SYNTAX
    }
}

impl Steps {
    /// No rewriting: [`equivalent`](super::equivalent) is then string equality.
    pub const NONE: Steps = Steps(0);
    /// `case`: scheme and host to lower case, `%XX` hex digits to upper case.
    pub const CASE: Steps = Steps(1);
    /// `pct`: decode each `%XX` that encodes an `unreserved` character.
    pub const PCT: Steps = Steps(2);
    /// `path`: remove dot segments from an absolute path.
    pub const PATH: Steps = Steps(4);
    /// `scheme`: remove an empty or default port; `http(s)://h` → `http(s)://h/`.
    pub const SCHEME: Steps = Steps(8);
    /// RFC 3986 §6.2.2, syntax-based normalization: `case`, `pct` and
    /// `path` (the default).
    pub const SYNTAX: Steps = Steps(7);
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

/// The document whose grammar and normalization rules apply. Every
/// variant exists in every build; one whose grammar's cargo feature is off
/// answers [`NormalizeError::NotCompiledIn`] (Note [algorithms over
/// grammars]).
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
#[non_exhaustive]
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
    /// The syntax's grammar is not compiled in: the error names its cargo
    /// feature.
    NotCompiledIn(crate::UnknownGrammar),
}

impl fmt::Display for NormalizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NormalizeError::Invalid(e) => write!(f, "invalid reference: {e}"),
            NormalizeError::BufferTooSmall(e) => e.fmt(f),
            NormalizeError::NotCompiledIn(e) => e.fmt(f),
        }
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for NormalizeError {}

impl From<crate::BufferTooSmall> for NormalizeError {
    fn from(e: crate::BufferTooSmall) -> NormalizeError {
        NormalizeError::BufferTooSmall(e)
    }
}
