//! uridfa-codegen: compiles ABNF grammars into tagged DFA tables.
//!
//! The pipeline, one module per stage (see `DESIGN.md`):
//! [`abnf`] → [`lower`] → [`nfa`] → [`tdfa`] → [`minimize`] → [`tables`] → [`emit`],
//! with [`dump`] for text and DOT forms and [`encode_set`] for the
//! percent-encoding sets of `;@ encode-set` pragmas. [`driver`] runs them in order.
#![deny(missing_docs)]

pub mod abnf;
pub mod diag;
pub mod driver;
pub mod dump;
pub mod emit;
pub mod encode_set;
pub mod lower;
pub mod minimize;
pub mod nfa;
pub mod oracle;
pub mod sample;
pub mod sha256;
pub mod tables;
pub mod tdfa;
