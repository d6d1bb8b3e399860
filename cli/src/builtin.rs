//! The built-in grammars' ABNF, embedded by `cli/build.rs` from
//! `grammar/`: `lint` and `generate` compile a built-in grammar from its
//! text, since the `uridfa` crate carries only its tables.

include!(concat!(env!("OUT_DIR"), "/grammar_files.rs"));

/// The text of the built-in grammar `name` (`grammar/NAME.abnf`).
pub fn source(name: &str) -> Option<&'static str> {
    let file = format!("{name}.abnf");
    GRAMMAR_FILES
        .iter()
        .find(|(n, _)| *n == file)
        .map(|(_, t)| *t)
}
