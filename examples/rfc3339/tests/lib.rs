//! The example's integration tests, one test binary: each file of `tests/`
//! is a module here.

mod family;
mod kinds_after;
mod old_name;
mod rfc3339;
