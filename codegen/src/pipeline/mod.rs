//! The stages, in the order [`crate::driver`] runs them (each module's
//! docs start with its number):
//!
//! 1. [`abnf`]: read the grammar files (syntax, pragmas, imports, checks);
//! 2. [`lower`]: inline an entry's rules into one expression with capture
//!    groups, byte classes and the bounds of the crate docs ([`sizes`]
//!    measures the rules first; [`lowered`] holds what it hands on);
//! 3. [`nfa`]: a Thompson NFA with tags;
//! 4. [`tdfa`]: the tagged DFA, with registers;
//! 5. [`minimize`]: Hopcroft's minimization;
//! 6. [`tables`]: the run-time layout ([`uridfa_runtime::Tables`]);
//! 7. [`emit`]: Rust source for the tables.
//!
//! Beside them, [`lists`] finds the list regions and proves their item
//! machines, and [`encode_set`] derives the percent-encoding sets of
//! `;@ encode-set` pragmas from stages 1–3. What the stages use lives in
//! [`crate::support`]; views of them for people and tests in
//! [`crate::inspect`].

pub mod abnf;
pub mod emit;
pub mod encode_set;
pub mod lists;
pub mod lower;
pub mod lowered;
pub mod minimize;
pub mod nfa;
pub mod sizes;
pub mod tables;
pub mod tdfa;
