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
    Rfc3986,
    /// `rfc1738`: RFC 1738, URLs and ten scheme grammars.
    Rfc1738,
    /// `draft-ietf-uri-url-06`: the draft of RFC 1738.
    DraftIetfUriUrl06,
    /// `draft-fielding-url-syntax-05`: the draft of RFC 2396.
    DraftFieldingUrlSyntax05,
    /// `rfc2396`: RFC 2396, the generic syntax before RFC 3986.
    Rfc2396,
    /// `draft-fielding-uri-rfc2396bis-01`: the first draft of RFC 3986.
    DraftFieldingUriRfc2396bis01,
    /// `rfc3987`: RFC 3987, IRIs.
    Rfc3987,
    /// `rfc6874`: RFC 6874, IPv6 zone identifiers in URIs.
    Rfc6874,
    /// `draft-ietf-urnbis-rfc2141bis-urn-03`: the draft of RFC 8141.
    DraftIetfUrnbisRfc2141bisUrn03,
    /// `rfc8141`: RFC 8141, URNs.
    Rfc8141,
}

impl Grammar {
    /// Every built-in grammar, in the order of [`crate::GRAMMARS`].
    pub const ALL: [Grammar; 10] = [
        Grammar::Rfc3986,
        Grammar::Rfc1738,
        Grammar::DraftIetfUriUrl06,
        Grammar::DraftFieldingUrlSyntax05,
        Grammar::Rfc2396,
        Grammar::DraftFieldingUriRfc2396bis01,
        Grammar::Rfc3987,
        Grammar::Rfc6874,
        Grammar::DraftIetfUrnbisRfc2141bisUrn03,
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
        // The discriminants are 0..10 and TABLE has 10 entries, in order.
        &crate::TABLE[self as usize]
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
    /// # Example
    ///
    /// ```
    /// use uridfa::Grammar;
    /// assert_eq!(Grammar::from_name("RFC8141"), Some(Grammar::Rfc8141));
    /// assert_eq!(Grammar::from_name("rfc3988"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Grammar> {
        Grammar::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for Grammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grammar {
    type Err = UnknownGrammar;

    fn from_str(name: &str) -> Result<Grammar, UnknownGrammar> {
        Grammar::from_name(name).ok_or(UnknownGrammar)
    }
}

/// A name that is none of the built-in grammars'; its `Display` lists them.
///
/// # Example
///
/// ```
/// let e = "rfc9999".parse::<uridfa::Grammar>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown grammar; built in: rfc3986, rfc1738"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownGrammar;

impl fmt::Display for UnknownGrammar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown grammar; built in: ")?;
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
