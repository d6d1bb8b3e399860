//! What the stages use and that uses none of them: [`diag`] (source
//! files, spans, `file:line:col` messages) and [`sample`] (a seeded random
//! source for tests and property checks), [`input_hash`] (the hash of a
//! generated file's inputs).

pub mod diag;
/// The hash of a generated file's own inputs (Note [committed tables] in
/// [`crate::driver`]): written by the generator, checked by the root
/// crate's `build.rs`, which `include!`s this same file.
pub mod input_hash;
pub mod sample;
