//! How the algorithms read a reference with one grammar: the one place where
//! resolution and normalization meet the grammars (Note [algorithms over
//! grammars]).

use super::normalize::components::NormalizeReader;
use super::resolve::components::ResolveReader;

// Note [algorithms over grammars]
//
// Resolution and normalization are written once, over the components they
// read (`resolve`'s and `normalize`'s `Comps`). What differs between
// grammars (which rules read base and reference, where a host's case-folded
// part ends, which octets are unreserved) is a `Readers` record that each
// grammar's own module writes (`pub(crate) const READERS`), from functions
// generic over the `View` trait (`resolve::read_views`,
// `normalize::read_generic`). The generated `Grammar::readers` reaches a
// grammar's record under its cargo feature, and the algorithms find a
// grammar by its name. So cargo features select grammars, and no algorithm
// has a `cfg` arm per grammar: the enums that name documents
// (`resolve::Algorithm`, `resolve::Syntax`, `normalize::Syntax`) have every
// variant in every build, and a variant whose grammar is left out answers
// with the error that names its feature (`ResolveError::NotCompiledIn`,
// `NormalizeError::NotCompiledIn`). Adding a grammar that resolution or
// normalization reads is its record, in its module; the algorithms do not
// change.

/// What the algorithms can read with one grammar; `None` where they do
/// not read it.
#[derive(Debug)]
pub(crate) struct Readers {
    /// Base and reference for resolution, validated and split.
    pub(crate) resolve: Option<ResolveReader>,
    /// A reference for normalization.
    pub(crate) normalize: Option<NormalizeReader>,
}

impl Readers {
    /// A grammar the algorithms do not read.
    pub(crate) const NONE: Readers = Readers {
        resolve: None,
        normalize: None,
    };
}

/// RFC 3986 §2.3's marks: `unreserved = ALPHA / DIGIT / "-" / "." / "_" /
/// "~"` (RFC 3987 and RFC 6874 use it too).
pub(crate) const RFC3986_MARKS: &[u8] = b"-._~";

/// The records of the grammar called `name`, or the error that says it is
/// not compiled in.
pub(crate) fn readers(name: &str) -> Result<&'static Readers, crate::UnknownGrammar> {
    crate::Grammar::from_name(name).map(crate::Grammar::readers)
}
