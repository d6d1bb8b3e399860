//! What the documents define over the grammars (re-exported at the crate
//! root: `uridfa::resolve`, ...): reference resolution, normalization and
//! equivalence, percent-coding, IRI ↔ URI conversion and URIs in running
//! text.
//!
//! `resolve` and `normalize` need the cargo feature `rfc3986`, `iri` the
//! feature `rfc3987` (their variants and methods for other grammars need
//! those grammars' features too); `pct` and `text` are always there.

#[cfg(feature = "rfc3987")]
pub mod iri;
#[cfg(feature = "rfc3986")]
pub mod normalize;
pub mod pct;
#[cfg(feature = "rfc3986")]
pub mod resolve;
pub mod text;
