//! uridfa's integration tests, one test binary: each file of `tests/` is a
//! module here (the spec vectors, the oracles, the corpora, the properties).
//! `tests/features.rs` stays a binary of its own, because `.ci/check-features`
//! builds it with one grammar and with none, where these modules would not
//! compile. Run one file's tests with a filter: `cargo test --test integration
//! -- parse_spec::`.

mod appendix_b_regex;
mod bench_checks;
mod bnf_transcription;
mod builder;
mod builder_encoded;
mod builder_parts;
mod builder_refusals;
mod builder_urn;
mod common;
mod corpora;
mod error_traits;
mod facts;
mod family_inherent;
mod form_pairs;
mod generated;
mod host_ip;
mod independent_abnf;
mod iri_convert;
mod iri_resolve;
mod java_resolve;
mod java_uri;
mod layout;
mod long_runs;
mod make_relative;
mod normalize_corpora;
mod normalize_spec;
mod older_family;
mod older_generic_traits;
mod oracles;
mod parse_spec;
mod pct_display;
mod pct_roundtrip;
mod props;
mod resolve_corpora;
mod resolve_props;
mod resolve_spec;
mod rfc1738_spec;
mod rfc2396_spec;
mod rfc2396bis_01_spec;
mod rfc3986_spec;
mod rfc3987_oracle;
mod rfc3987_spec;
mod rfc3987_transcription;
mod rfc6068_spec;
mod rfc6874_spec;
mod rfc8089_spec;
mod rfc8141_spec;
mod text;
mod url06_spec;
mod url_generic;
mod url_schemes_spec;
mod url_syntax_05_spec;
mod url_transcription;
mod urn03_spec;
mod urn_crate;
mod urn_equivalence;
mod utf8_offsets;
mod view_methods;
mod view_traits;
