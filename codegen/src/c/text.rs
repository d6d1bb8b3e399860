//! Small pieces of C text shared by the emitter's modules: identifiers
//! and array initialisers.

use std::fmt::Write as _;

/// A C identifier part: `URI-reference` → `uri_reference` (the Rust
/// views' accessor names are the same snake case).
pub fn c_name(s: &str) -> String {
    crate::pipeline::emit::view::snake_case(s)
}

/// `{ 1, 2, 3 }` with up to `per_line` values per line.
pub(super) fn array<T: std::fmt::Display>(
    xs: impl IntoIterator<Item = T>,
    per_line: usize,
) -> String {
    let xs: Vec<String> = xs.into_iter().map(|x| x.to_string()).collect();
    if xs.is_empty() {
        return "{ 0 }".to_owned();
    }
    let mut out = String::from("{\n");
    for chunk in xs.chunks(per_line) {
        let _ = writeln!(out, "    {},", chunk.join(", "));
    }
    out.push('}');
    out
}
