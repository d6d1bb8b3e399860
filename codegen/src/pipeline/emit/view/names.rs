//! Accessor names: a capture's name in snake case as a Rust identifier,
//! and the names every view already has.

use proc_macro2::{Ident, Span};

/// `date-fullyear` → `date_fullyear`; `IPv4address` → `ipv4address`.
pub fn snake_case(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect()
}

/// The accessor for a method name: a plain identifier, or a raw one for a
/// keyword (`type` → `r#type`); `None` for `self`, `super`, `crate`, `_`.
pub fn accessor_ident(snake: &str, span: Span) -> Option<Ident> {
    if syn::parse_str::<Ident>(snake).is_ok() {
        return Some(Ident::new(snake, span));
    }
    if matches!(snake, "self" | "super" | "crate" | "Self" | "_") || snake.is_empty() {
        return None;
    }
    Some(Ident::new_raw(snake, span))
}

/// Methods of every view, which no accessor may shadow.
pub(super) const RESERVED: [&str; 4] = ["as_str", "span", "as_ref", "spans"];
/// Also reserved with [`ViewSpec::parse_on_view`].
pub(super) const RESERVED_PARSE: [&str; 4] = ["parse", "parse_bytes", "is_valid", "try_from"];
