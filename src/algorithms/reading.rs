//! How the algorithms read a reference with one grammar: the one place where
//! resolution and normalization meet the grammars (Note [algorithms over
//! grammars]).

use super::normalize::components::{Comps as NormalizeComps, NormalizeFacts};
use super::normalize::options::NormalizeError;
use super::resolve::components::Comps as ResolveComps;
use super::resolve::options::ResolveError;

// Note [algorithms over grammars]
//
// Resolution and normalization are written once, over the components they
// read (`resolve`'s and `normalize`'s `Comps`). What differs between
// grammars (which rules read base and reference, where a host's case-folded
// part ends, which octets are unreserved) is a `Reads` impl that each
// grammar's own module writes on its marker type (`Rfc3986`), from functions generic
// over the `View` trait (`resolve::read_views`, `normalize::read_generic`).
// The generated `GrammarId::visit_readers` calls a `Visit` with a grammar's
// marker under the grammar's cargo feature, and the algorithms find a
// grammar by its name. So cargo features select grammars, and no algorithm
// has a `cfg` arm per grammar: the enums that name documents
// (`resolve::Algorithm`, `resolve::Syntax`, `normalize::Syntax`) have every
// variant in every build, and a variant whose grammar is left out answers
// with the error that names its feature (`ResolveError::NotCompiledIn`,
// `NormalizeError::NotCompiledIn`). Adding a grammar that resolution or
// normalization reads is its `Reads` impl, in its module; the algorithms do
// not change. Every call is static (a visitor, not function pointers), so
// the no-panic proof still sees through it.

/// What resolution reads with one grammar: base and reference, split;
/// `None` when the grammar is not one resolution reads.
pub(crate) type ResolveRead<'a> = Option<Result<[ResolveComps<'a>; 2], ResolveError>>;

/// What normalization reads with one grammar: the reference, split, and
/// how the grammar rewrites; `None` when it is not one normalization reads.
pub(crate) type NormalizeRead<'a> =
    Option<Result<(NormalizeComps<'a>, &'static NormalizeFacts), NormalizeError>>;

/// How the algorithms read references of one grammar; by default they do
/// not.
pub(crate) trait Reads {
    /// Base and reference for resolution (§5.2.1, §5.2.2 of RFC 3986 and
    /// the older texts' step 1), validated and split.
    fn resolve<'a>(base: &'a str, reference: &'a str) -> ResolveRead<'a> {
        let _ = (base, reference);
        None
    }

    /// A reference for normalization, split.
    fn normalize(input: &str) -> NormalizeRead<'_> {
        let _ = input;
        None
    }
}

/// Something done with one grammar's [`Reads`], chosen at run time by
/// [`visit`].
pub(crate) trait Visit {
    /// The result.
    type Out;
    /// Does it with grammar `G`.
    fn visit<G: Reads>(self) -> Self::Out;
}

/// Runs `v` with the readers of the grammar called `name`, or says that it
/// is not compiled in.
pub(crate) fn visit<V: Visit>(name: &str, v: V) -> Result<V::Out, crate::UnknownGrammar> {
    crate::GrammarId::from_name(name).map(|g| g.visit_readers(v))
}
