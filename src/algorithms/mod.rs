//! What the documents define over the grammars (re-exported at the crate
//! root: `uridfa::resolve`, ...): reference resolution, normalization and
//! equivalence, percent-coding, IRI ↔ URI conversion and URIs in running
//! text.

pub mod iri;
pub mod normalize;
pub mod pct;
pub mod resolve;
pub mod text;
