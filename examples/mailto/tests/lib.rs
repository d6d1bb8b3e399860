//! The example's integration tests, one test binary: each file of `tests/`
//! is a module here.

#[path = "../../../tests/common/abnf_oracle.rs"]
mod abnf_engine;
mod abnf_oracle;
mod accept;
mod rfc6068;
#[path = "../../../tests/common/skip.rs"]
mod skip;
