//! The CLI's integration tests, one test binary: each file of `tests/` is a
//! module here, and the helpers they share are declared once below. Run one
//! file's tests with a filter: `cargo test -p uridfa-cli --test cli -- lint::`.

#[path = "../../tests/common/abnf_oracle.rs"]
mod abnf_oracle;
mod adversarial;
mod c_driver;
mod c_lists;
mod c_programs;
mod c_targets;
mod cli;
mod cli_algorithms;
mod cli_options;
mod common;
#[path = "c/compilers.rs"]
mod compilers;
#[path = "c/differential.rs"]
mod differential;
mod generate;
mod iri_zone;
mod lint;
mod lists;
mod mends;
mod pictures;
#[path = "c/protocol.rs"]
mod protocol;
mod readme;
#[path = "../../tests/common/scale.rs"]
mod scale;
#[path = "../../tests/common/skip.rs"]
mod skip;
mod url_strict;
