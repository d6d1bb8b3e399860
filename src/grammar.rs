//! [`GrammarId`]: the built-in grammars, named once.
//!
//! A grammar's name is its file stem in `grammar/`, which the generator
//! writes into its tables (`tables::GRAMMAR`); [`BuiltinGrammar::name`],
//! [`GrammarId::name`], `normalize::Syntax`, `resolve::Syntax` and the
//! command line all read it from there, and parse a name once, into a
//! `GrammarId`, ignoring ASCII case.

use crate::BuiltinGrammar;
use core::fmt;
use core::str::FromStr;

// Note [the grammars, listed once]
//
// Each built-in grammar is a variant of `GrammarId`, an entry of
// `GrammarId::ALL` and of `crate::GRAMMARS`, a name in `BUILT_IN` (the
// names a build still recognizes when a grammar's feature is off) and a
// `BuiltinGrammar` read from its generated tables. All of them are
// generated from the grammar files (`src/generated/grammars.rs`, Note [the
// list of grammars] in `uridfa_codegen::driver`), so adding a grammar is
// its file in `grammar/`, its module and its feature; the facts of each
// grammar, its entries, components, lists and charset, come from its
// generated tables. What every grammar shares is written here, once.
crate::generated_tables!("grammars");

impl GrammarId {
    /// Its name, the file stem of its grammar file (`rfc3986`), as the
    /// generator wrote it into the tables.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::GrammarId::Rfc6874.name(), "rfc6874");
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
    /// use uridfa::GrammarId;
    /// assert_eq!(GrammarId::from_name("RFC8141"), Ok(GrammarId::Rfc8141));
    /// assert!(GrammarId::from_name("rfc3988").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<GrammarId, UnknownGrammar> {
        if let Some(g) = GrammarId::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
        {
            return Ok(g);
        }
        let not_compiled_in = BUILT_IN
            .iter()
            .copied()
            .find(|b| b.eq_ignore_ascii_case(name));
        Err(UnknownGrammar { not_compiled_in })
    }
}

impl fmt::Display for GrammarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GrammarId {
    type Err = UnknownGrammar;

    fn from_str(name: &str) -> Result<GrammarId, UnknownGrammar> {
        GrammarId::from_name(name)
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
/// let e = "rfc9999".parse::<uridfa::GrammarId>().unwrap_err();
/// assert!(e.to_string().starts_with("unknown grammar; built in: draft-fielding-uri-rfc2396bis-01, "));
/// assert!(e.to_string().contains(", rfc3986, "));
/// assert_eq!(e.not_compiled_in(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownGrammar {
    not_compiled_in: Option<&'static str>,
}

impl UnknownGrammar {
    /// A name that no grammar of this crate answers to.
    pub(crate) fn none() -> UnknownGrammar {
        UnknownGrammar {
            not_compiled_in: None,
        }
    }

    /// The built-in grammar the name was of, when its cargo feature (of
    /// the same name) is off in this build; `None` for a name that is no
    /// built-in grammar's.
    ///
    /// # Example
    ///
    /// ```
    /// // With the default features every built-in grammar is compiled in.
    /// assert_eq!("RFC3987".parse::<uridfa::GrammarId>().map(|g| g.name()), Ok("rfc3987"));
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
        if GrammarId::ALL.is_empty() {
            return f.write_str("none (no grammar feature is on)");
        }
        for (i, g) in GrammarId::ALL.iter().enumerate() {
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
