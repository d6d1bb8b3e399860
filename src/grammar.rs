//! [`Grammar`]: the built-in grammars, named once.
//!
//! A grammar's name is its file stem in `grammar/`, which the generator
//! writes into its tables (`tables::GRAMMAR`); [`BuiltinGrammar::name`],
//! [`Grammar::name`], `normalize::Syntax`, `resolve::Syntax` and the
//! command line all read it from there, and parse a name once, into a
//! `Grammar`, ignoring ASCII case.

use crate::BuiltinGrammar;
use core::fmt;
use core::str::FromStr;

/// A grammar compiled into this crate, by the document it transcribes.
///
/// With the feature `derive`, `uridfa::Grammar` is also a derive macro
/// (macro namespace, so the two do not clash): `#[derive(uridfa::Grammar)]`
/// gives typed parsers for a grammar file of one's own (`docs/derive.md`).
///
/// # Example
///
/// ```
/// use uridfa::Grammar;
/// let g: Grammar = "RFC3986".parse()?;
/// assert_eq!(g, Grammar::Rfc3986);
/// assert_eq!(g.name(), "rfc3986");
/// assert_eq!(g.builtin().entries[0].rule, "URI-reference");
/// # Ok::<(), uridfa::UnknownGrammar>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Grammar {
    /// `rfc3986`: RFC 3986, the generic syntax.
    #[cfg(feature = "rfc3986")]
    Rfc3986,
    /// `rfc1738`: RFC 1738, URLs and ten scheme grammars.
    #[cfg(feature = "rfc1738")]
    Rfc1738,
    /// `draft-ietf-uri-url-06`: the draft of RFC 1738.
    #[cfg(feature = "draft-ietf-uri-url-06")]
    DraftIetfUriUrl06,
    /// `draft-fielding-url-syntax-05`: the draft of RFC 2396.
    #[cfg(feature = "draft-fielding-url-syntax-05")]
    DraftFieldingUrlSyntax05,
    /// `rfc2396`: RFC 2396, the generic syntax before RFC 3986.
    #[cfg(feature = "rfc2396")]
    Rfc2396,
    /// `draft-fielding-uri-rfc2396bis-01`: the first draft of RFC 3986.
    #[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
    DraftFieldingUriRfc2396bis01,
    /// `rfc3987`: RFC 3987, IRIs.
    #[cfg(feature = "rfc3987")]
    Rfc3987,
    /// `rfc6874`: RFC 6874, IPv6 zone identifiers in URIs.
    #[cfg(feature = "rfc6874")]
    Rfc6874,
    /// `draft-ietf-urnbis-rfc2141bis-urn-03`: the draft of RFC 8141.
    #[cfg(feature = "draft-ietf-urnbis-rfc2141bis-urn-03")]
    DraftIetfUrnbisRfc2141bisUrn03,
    /// `rfc8141`: RFC 8141, URNs.
    #[cfg(feature = "rfc8141")]
    Rfc8141,
}

impl Grammar {
    /// Every grammar compiled into this crate (its cargo feature is on),
    /// in the order of [`crate::GRAMMARS`]: all ten with the default
    /// features.
    pub const ALL: [Grammar; COMPILED_IN] = [
        #[cfg(feature = "rfc3986")]
        Grammar::Rfc3986,
        #[cfg(feature = "rfc1738")]
        Grammar::Rfc1738,
        #[cfg(feature = "draft-ietf-uri-url-06")]
        Grammar::DraftIetfUriUrl06,
        #[cfg(feature = "draft-fielding-url-syntax-05")]
        Grammar::DraftFieldingUrlSyntax05,
        #[cfg(feature = "rfc2396")]
        Grammar::Rfc2396,
        #[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
        Grammar::DraftFieldingUriRfc2396bis01,
        #[cfg(feature = "rfc3987")]
        Grammar::Rfc3987,
        #[cfg(feature = "rfc6874")]
        Grammar::Rfc6874,
        #[cfg(feature = "draft-ietf-urnbis-rfc2141bis-urn-03")]
        Grammar::DraftIetfUrnbisRfc2141bisUrn03,
        #[cfg(feature = "rfc8141")]
        Grammar::Rfc8141,
    ];

    /// Its tables and facts.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::Grammar::Rfc3987.builtin().utf8);
    /// ```
    pub fn builtin(self) -> &'static BuiltinGrammar {
        use crate::registry;
        match self {
            #[cfg(feature = "rfc3986")]
            Grammar::Rfc3986 => &registry::RFC3986,
            #[cfg(feature = "rfc1738")]
            Grammar::Rfc1738 => &registry::RFC1738,
            #[cfg(feature = "draft-ietf-uri-url-06")]
            Grammar::DraftIetfUriUrl06 => &registry::DRAFT_IETF_URI_URL_06,
            #[cfg(feature = "draft-fielding-url-syntax-05")]
            Grammar::DraftFieldingUrlSyntax05 => &registry::DRAFT_FIELDING_URL_SYNTAX_05,
            #[cfg(feature = "rfc2396")]
            Grammar::Rfc2396 => &registry::RFC2396,
            #[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
            Grammar::DraftFieldingUriRfc2396bis01 => &registry::DRAFT_FIELDING_URI_RFC2396BIS_01,
            #[cfg(feature = "rfc3987")]
            Grammar::Rfc3987 => &registry::RFC3987,
            #[cfg(feature = "rfc6874")]
            Grammar::Rfc6874 => &registry::RFC6874,
            #[cfg(feature = "draft-ietf-urnbis-rfc2141bis-urn-03")]
            Grammar::DraftIetfUrnbisRfc2141bisUrn03 => {
                &registry::DRAFT_IETF_URNBIS_RFC2141BIS_URN_03
            }
            #[cfg(feature = "rfc8141")]
            Grammar::Rfc8141 => &registry::RFC8141,
        }
    }

    /// Its name, the file stem of its grammar file (`rfc3986`), as the
    /// generator wrote it into the tables.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::Grammar::Rfc6874.name(), "rfc6874");
    /// ```
    pub fn name(self) -> &'static str {
        self.builtin().name
    }

    /// The grammar called `name`, ASCII case ignored.
    ///
    /// # Errors
    ///
    /// [`UnknownGrammar`] when no grammar of this crate is called `name`;
    /// for the name of a built-in grammar whose cargo feature is off, the
    /// error says so ([`UnknownGrammar::not_compiled_in`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::Grammar;
    /// assert_eq!(Grammar::from_name("RFC8141"), Ok(Grammar::Rfc8141));
    /// assert!(Grammar::from_name("rfc3988").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Grammar, UnknownGrammar> {
        if let Some(g) = Grammar::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
        {
            return Ok(g);
        }
        let not_compiled_in = BUILT_IN.into_iter().find(|b| b.eq_ignore_ascii_case(name));
        Err(UnknownGrammar { not_compiled_in })
    }
}

/// How many grammars are compiled in: the length of [`Grammar::ALL`].
const COMPILED_IN: usize = BUILT_IN.len()
    - !cfg!(feature = "rfc3986") as usize
    - !cfg!(feature = "rfc1738") as usize
    - !cfg!(feature = "draft-ietf-uri-url-06") as usize
    - !cfg!(feature = "draft-fielding-url-syntax-05") as usize
    - !cfg!(feature = "rfc2396") as usize
    - !cfg!(feature = "draft-fielding-uri-rfc2396bis-01") as usize
    - !cfg!(feature = "rfc3987") as usize
    - !cfg!(feature = "rfc6874") as usize
    - !cfg!(feature = "draft-ietf-urnbis-rfc2141bis-urn-03") as usize
    - !cfg!(feature = "rfc8141") as usize;

/// The names of the ten built-in grammars, compiled in or not: each is also
/// the name of the cargo feature that compiles it in (`Cargo.toml`).
const BUILT_IN: [&str; 10] = [
    "rfc3986",
    "rfc1738",
    "draft-ietf-uri-url-06",
    "draft-fielding-url-syntax-05",
    "rfc2396",
    "draft-fielding-uri-rfc2396bis-01",
    "rfc3987",
    "rfc6874",
    "draft-ietf-urnbis-rfc2141bis-urn-03",
    "rfc8141",
];

impl fmt::Display for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grammar {
    type Err = UnknownGrammar;

    fn from_str(name: &str) -> Result<Grammar, UnknownGrammar> {
        Grammar::from_name(name)
    }
}

/// A name that is none of the compiled-in grammars'. Its `Display` says
/// which cargo feature to enable when the name is that of a built-in
/// grammar left out ([`UnknownGrammar::not_compiled_in`]), and lists the
/// compiled-in grammars otherwise.
///
/// # Example
///
/// ```
/// let e = "rfc9999".parse::<uridfa::Grammar>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown grammar; built in: rfc3986, rfc1738"));
/// assert_eq!(e.not_compiled_in(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownGrammar {
    not_compiled_in: Option<&'static str>,
}

impl UnknownGrammar {
    /// The built-in grammar the name was of, when its cargo feature (of
    /// the same name) is off in this build; `None` for a name that is no
    /// built-in grammar's.
    ///
    /// # Example
    ///
    /// ```
    /// // With the default features every built-in grammar is compiled in.
    /// assert_eq!("RFC3987".parse::<uridfa::Grammar>().map(|g| g.name()), Ok("rfc3987"));
    /// ```
    pub fn not_compiled_in(&self) -> Option<&'static str> {
        self.not_compiled_in
    }
}

impl fmt::Display for UnknownGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = self.not_compiled_in {
            return write!(
                f,
                "grammar {name} is not compiled in; enable the cargo feature {name:?} of uridfa"
            );
        }
        f.write_str("unknown grammar; built in: ")?;
        if Grammar::ALL.is_empty() {
            return f.write_str("none (no grammar feature is on)");
        }
        for (i, g) in Grammar::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(g.name())?;
        }
        Ok(())
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for UnknownGrammar {}
