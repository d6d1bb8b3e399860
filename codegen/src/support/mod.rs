//! What the stages use and that uses none of them: [`diag`] (source
//! files, spans, `file:line:col` messages) and [`sample`] (a seeded random
//! source for tests and property checks).

pub mod diag;
pub mod sample;
