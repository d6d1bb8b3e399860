//! The generator's integration tests, one test binary: each file of
//! `tests/` is a module here, and the helpers they share are declared once
//! below. Run one file's tests with a filter: `cargo test -p uridfa-codegen
//! --test codegen -- differential::`.

mod abnf_errors;
mod abnf_no_panic;
mod abnf_syntax;
mod ambiguity;
mod bounded;
mod bounded_budgets;
mod budget_blame;
mod c_committed;
mod common;
mod depth;
mod differential;
mod driver_errors;
mod encode_sets;
mod input_hash;
mod kinds_after;
mod mends;
mod own_grammars;
mod published_grammars;
mod recursion;
mod repeated_captures;
mod rfc3986_appendix_a;
#[path = "../../tests/common/scale.rs"]
mod scale;
#[path = "../../tests/common/skip.rs"]
mod skip;
mod snapshots;
mod stage_errors;
mod tdfa_regex;
#[path = "../../tests/common/transcription.rs"]
mod transcription;
mod view_pragmas;
