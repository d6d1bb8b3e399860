//! Errors of the later stages, located at the definition of the entry rule
//! that failed (Note [where a budget error points] in the driver), with
//! the full rendered message.

use uridfa_codegen::driver::{compile_str, Options};

#[test]
fn state_budget_exceeded_names_the_entry() {
    // (a|b)*a(a|b){20}: the classic exponential DFA (2^21 states).
    let text = ";@ entry blowup\nblowup = *( \"a\" / \"b\" ) \"a\" 20( \"a\" / \"b\" )\n";
    let err = compile_str("grammar/blowup.abnf", text, Options::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(
            "grammar/blowup.abnf:2:1: error: entry 'blowup': tagged DFA exceeds the state budget of 20000 states"
        ),
        "{err}"
    );
    assert!(
        err.contains("2 | blowup = *( \"a\" / \"b\" ) \"a\" 20( \"a\" / \"b\" )\n  | ^^^^^^\n"),
        "{err}"
    );
}

#[test]
fn a_small_budget_stops_rfc3986() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../grammar/rfc3986.abnf");
    let err = uridfa_codegen::driver::compile_file(
        std::path::Path::new(path),
        Options {
            state_budget: 50,
            ..Options::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("rfc3986.abnf:"), "{err}");
    assert!(
        err.contains(
            "error: entry 'URI-reference': tagged DFA exceeds the state budget of 50 states"
        ),
        "{err}"
    );
    // One error per entry, all reported in one pass, and the
    // `;@ component` rules too (`host` needs more than 50 states).
    assert_eq!(err.matches("error: entry '").count(), 4, "{err}");
    assert!(
        err.contains("error: component 'host': tagged DFA exceeds the state budget of 50 states"),
        "{err}"
    );
}
