//! What the documents define over the grammars (re-exported at the crate
//! root: `uridfa::resolve`, ...): reference resolution, normalization and
//! equivalence, percent-coding, IRI ↔ URI conversion and URIs in running
//! text.
//!
//! `resolve`, `normalize`, `pct` and `text` are always there: `resolve`
//! and `normalize` read a grammar by name and say when its cargo feature is
//! off (Note [algorithms over grammars] in `reading.rs`); `iri` needs the
//! feature `rfc3987`.

#[cfg(feature = "rfc3987")]
pub mod iri;
pub mod normalize;
pub mod pct;
mod reading;
pub mod resolve;
pub mod text;

pub(crate) use reading::{visit, NormalizeRead, Reads, ResolveRead, Visit};
