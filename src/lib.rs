//! Strict URI parsers driven by tagged DFA tables generated from the ABNF of
//! the specifications.
//!
//! `build.rs` compiles every grammar in `grammar/` with `uridfa-codegen`
//! into static tables; the `no_std`, allocation-free [`uridfa_runtime`]
//! drives them. Component spans come from the tables' tag registers: no
//! backtracking, no handwritten scanner.
//!
//! One module per grammar, named after its file:
//!
//! - [`rfc3986`]: RFC 3986 (STD 66), Appendix A.
//!
//! Algorithms, grammar-independent, writing into caller buffers:
//!
//! - [`resolve`]: reference resolution, in the four variants of RFC 3986,
//!   draft-fielding-uri-rfc2396bis-01, RFC 2396 and
//!   draft-fielding-url-syntax-05.
//!
//! # Example
//!
//! ```
//! use uridfa::rfc3986::{HostKind, UriRef};
//!
//! let uri = UriRef::parse("http://user@example.com:8080/a/b?q#f")?;
//! assert_eq!(uri.scheme(), Some("http"));
//! assert_eq!(uri.userinfo(), Some("user"));
//! assert_eq!(uri.host(), Some("example.com"));
//! assert_eq!(uri.host_kind(), Some(HostKind::RegName));
//! assert_eq!(uri.port_u16(), Some(8080));
//! assert_eq!(uri.path(), "/a/b");
//! assert_eq!(uri.query(), Some("q"));
//! assert_eq!(uri.fragment(), Some("f"));
//! # Ok::<(), uridfa::Error>(())
//! ```
//!
//! # Features
//!
//! - `alloc`: owned conveniences.
//! - `std` (implies `alloc`): `std::error::Error` for [`Error`].
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod error;
mod parts;
pub mod resolve;
pub mod rfc3986;

pub use error::Error;
pub use uridfa_runtime as runtime;

use uridfa_runtime::Tables;

/// A grammar compiled into this crate.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinGrammar {
    /// The grammar's name, its file stem (`rfc3986`).
    pub name: &'static str,
    /// Its entry rules' tables, in `;@ entry` order; the first is the
    /// default rule.
    pub entries: &'static [&'static Tables<'static>],
    /// For each entry, the states of regex-automata's minimal plain
    /// (untagged) DFA for the same language.
    pub plain_dfa_states: &'static [usize],
}

impl BuiltinGrammar {
    /// The tables of entry rule `rule` (ASCII case ignored).
    pub fn entry(&self, rule: &str) -> Option<&'static Tables<'static>> {
        self.entries
            .iter()
            .copied()
            .find(|t| t.rule.eq_ignore_ascii_case(rule))
    }
}

/// Every grammar compiled into this crate.
///
/// # Example
///
/// ```
/// let g = uridfa::grammar("rfc3986").unwrap();
/// assert_eq!(g.entries[0].rule, "URI-reference");
/// ```
pub static GRAMMARS: &[BuiltinGrammar] = &[BuiltinGrammar {
    name: "rfc3986",
    entries: &rfc3986::tables::ENTRIES,
    plain_dfa_states: &rfc3986::tables::PLAIN_DFA_STATES,
}];

// The README's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The built-in grammar called `name`.
pub fn grammar(name: &str) -> Option<&'static BuiltinGrammar> {
    GRAMMARS.iter().find(|g| g.name == name)
}
