//! Strict URI parsers driven by tagged DFA tables generated from the ABNF of
//! the specifications.
//!
//! `uridfa-codegen` compiles every grammar in `grammar/` into static
//! tables, committed in `src/generated/` (`build.rs` only checks that they
//! are up to date); the `no_std`, allocation-free [`uridfa_runtime`]
//! drives them. Component spans come from the tables' tag registers: no
//! backtracking, no handwritten scanner.
//!
//! One module per grammar, named after its file (`-` becomes `_`); the
//! twelve of them, oldest first, below, and in
//! [`GrammarId`], whose variants name their documents:
//!
//! - [`rfc1738`]: RFC 1738 (URL), §5, strict per scheme, with views of
//!   the ten schemes of §3.
//! - [`draft_ietf_uri_url_06`]: draft-ietf-uri-url-06 (the draft of RFC
//!   1738), §5, with the same API.
//! - [`draft_fielding_url_syntax_05`]: draft-fielding-url-syntax-05 (May
//!   1997), Appendix A (transcribed from RFC 822-style BNF).
//! - [`rfc2396`]: RFC 2396, Appendix A (transcribed from RFC 822-style BNF).
//! - [`draft_fielding_uri_rfc2396bis_01`]: the 2396bis draft 01 (March
//!   2003), sections 2 to 5: server and reg-name authorities, hostname
//!   label limits, IPv4 and IPv6 literals, opaque parts.
//! - [`rfc3986`]: RFC 3986 (STD 66), Appendix A.
//! - [`rfc3987`]: RFC 3987 (IRIs), §2.2, over UTF-8.
//! - [`rfc6068`]: RFC 6068 (`mailto` URIs), §2: addresses and header
//!   fields as lists.
//! - [`rfc6874`]: RFC 3986 updated by RFC 6874 §2 (IPv6 zone identifiers).
//! - [`draft_ietf_urnbis_rfc2141bis_urn_03`]: URN Syntax, draft 03 (2012),
//!   §2 and Appendix B: NID, NSS, `urn-query` directives, fragment; §5
//!   lexical equivalence and normal forms (steps 5a and 5b).
//! - [`rfc8089`]: RFC 8089 (`file` URIs), §2, over RFC 3986's `host` and
//!   `path-absolute`.
//! - [`rfc8141`]: RFC 8141 (URNs), §2: NID, NSS, r-, q- and f-components;
//!   §3 URN-equivalence and the normalized assigned name.
//!
//! Algorithms, grammar-independent, writing into caller buffers:
//!
//! - [`iri`]: IRI to URI (RFC 3987 §3.1) and URI to IRI (§3.2).
//! - [`pct`]: percent-decoding and percent-encoding with sets derived from
//!   the grammars, and decoded views (path segments, query pairs).
//! - [`resolve`]: reference resolution, in the four variants of RFC 3986,
//!   draft-fielding-uri-rfc2396bis-01, RFC 2396 and
//!   draft-fielding-url-syntax-05.
//! - [`normalize`]: the comparison ladder of RFC 3986 §6.2 and
//!   2396bis-01 §6.2 (case, percent-encoding, path segments, scheme-based),
//!   and equivalence without building normal forms.
//! - [`text`]: URIs in running text (the appendices on URLs in context of
//!   draft-ietf-uri-url-06, draft-fielding-url-syntax-05 and 2396bis-01):
//!   `<URL:...>`, `<...>`, `"..."` and bare URIs, whitespace inside
//!   wrappers removed, cut out by the grammar's longest accepted prefix.
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
//! The default is every grammar and `std`. `default-features = false` is
//! the `no_std`, allocation-free core for firmware: add the grammars it
//! needs (`features = ["rfc3986"]`).
//!
//! - One per built-in grammar, named as the grammar (`rfc3986`, `rfc1738`,
//!   `draft-ietf-uri-url-06`, ..., `rfc8141`, `rfc8089`, `rfc6068`), and
//!   `all-grammars` for all of them. Each compiles in the grammar's module,
//!   its [`GrammarId`] variant and its [`GRAMMARS`] entry, and
//!   nothing that allocates. [`resolve`] and [`normalize`] need `rfc3986`,
//!   [`iri`] `rfc3987`; their variants for other grammars need those
//!   grammars' features (the list is in `Cargo.toml` and
//!   `docs/ARCHITECTURE.md`).
//! - `alloc`: owned results (`resolve`'s `String`, the views' `resolve`
//!   and `make_relative` into the `Buf` forms, `FromStr`).
//! - `std` (implies `alloc`; in the defaults): every error type implements
//!   `core::error::Error` (which is `std::error::Error`) with or without it.
//! - `derive`: `#[derive(uridfa::Grammar)]`, typed parsers for a grammar
//!   file of one's own, compiled when the crate using it is (the generator
//!   runs in the proc macro; `docs/derive.md`).
//! - `fast-tables` (in the defaults), the one feature that chooses the
//!   table profile: with it the `speed` profile, transitions as
//!   premultiplied `u16` IDs. Without it (`default-features = false`,
//!   firmware, or the defaults listed without it: `features =
//!   ["all-grammars", "std", "simd"]`) the tables are in the `size`
//!   profile: the transitions of every machine that fits (at most 256
//!   states, dead state and edges) as one-byte state indices; same
//!   answers, about 4 KB less for RFC 3986, a multiply per byte read
//!   through the table (`docs/ARCHITECTURE.md`, "The `size` profile").
//! - `small-tables`: no effect (it chose the `size` profile over
//!   `fast-tables`); kept so that manifests naming it still build.
#![no_std]
// docs.rs (`--cfg docsrs`, Cargo.toml): a feature badge on every gated item.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
// With some grammars left out (cargo features), code they share with the
// others may go unused: not worth a warning there. The default build, with
// every grammar, keeps these lints.
#![cfg_attr(
    not(feature = "all-grammars"),
    allow(dead_code, unused_imports, unused_macros)
)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub mod builder;
mod cut;
/// The items of a grammar's generated tables: the committed
/// `src/generated/NAME.rs`, or with the `regenerate` feature the file
/// `build.rs` compiled into `OUT_DIR` (Note [committed tables] in
/// `uridfa_codegen::driver`).
macro_rules! generated_tables {
    ($name:literal) => {
        #[cfg(not(feature = "regenerate"))]
        include!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src/generated/",
            $name,
            ".rs"
        ));
        #[cfg(feature = "regenerate")]
        include!(concat!(env!("OUT_DIR"), "/", $name, ".rs"));
    };
}
pub(crate) use generated_tables;

#[doc(hidden)]
pub mod __private;
mod algorithms;
mod error;
pub mod family;
mod grammar;
mod grammars;
mod parts;
pub mod prelude;
pub mod view;
mod work;

// The grammar modules live in `src/grammars/`, the algorithms in
// `src/algorithms/`; both are public at the crate root.
// Each grammar module exists with its cargo feature (`Cargo.toml`,
// docs/ARCHITECTURE.md "Cargo features"); the algorithms exist always and
// read grammars by name (Note [algorithms over grammars]), except the IRI
// mapping, which is RFC 3987's own.
#[cfg(feature = "rfc3987")]
pub use algorithms::iri;
pub use algorithms::{normalize, pct, resolve, text};
// Every grammar module compiled in (its feature on) is public at the root;
// the shared ones (`view`, `url_common`, ...) stay crate-visible.
pub use grammars::*;

pub use error::{BufferTooSmall, Error};
pub use grammar::{GrammarId, UnknownGrammar, GRAMMARS};
/// `#[derive(uridfa::Grammar)]`: typed parsers for a grammar of one's own
/// (feature `derive`; see the `uridfa_derive` crate and `docs/derive.md`).
#[cfg(feature = "derive")]
pub use uridfa_derive::Grammar;
/// The old name of [`GrammarId`], the enum of the built-in grammars. A
/// type alias, in the type namespace; the derive macro `Grammar` is in the
/// macro namespace, so `uridfa::Grammar::Rfc3986`,
/// `uridfa::Grammar::from_name` and `#[derive(uridfa::Grammar)]` all still
/// compile, the first two with a deprecation warning.
#[deprecated(note = "renamed to `GrammarId`; `uridfa::Grammar` is the derive macro")]
pub type Grammar = GrammarId;
pub use uridfa_runtime as runtime;
pub use view::{Facts, Presence, View};

use uridfa_runtime::Tables;

/// A grammar compiled into this crate.
#[derive(Clone, Copy, Debug)]
pub struct BuiltinGrammar {
    /// The grammar's name, its file stem (`rfc3986`).
    pub name: &'static str,
    /// Its entry rules' tables, in `;@ entry` order; the first is the
    /// default rule.
    pub entries: &'static [&'static Tables<'static>],
    /// Its `;@ component` rules' tables, in pragma order: one component's
    /// own rule each (`scheme`, `path-abempty`, ...), for the builders
    /// ([`builder`]). Empty for a grammar without the pragma.
    pub components: &'static [&'static Tables<'static>],
    /// Each entry's list regions, beside [`BuiltinGrammar::entries`]
    /// (`lists[i]` belongs to `entries[i]`): the repetitions whose items
    /// hold captures, each with the tables that read one item
    /// ([`runtime::items`]). Empty for an entry without lists (`rfc6068`'s
    /// `mailtoURI` has two: `to` and `hfields`).
    pub lists: &'static [&'static [runtime::List<'static>]],
    /// Whether the grammar says `;@ charset utf-8`: its tables match UTF-8
    /// characters, and an error inside one belongs at its first byte
    /// ([`runtime::Error::at_char_start`]).
    ///
    /// ```
    /// let g = uridfa::grammar("rfc3987").unwrap();
    /// assert!(g.utf8);
    /// let input = b"http://a/\xEF\xBF\xBE"; // U+FFFE is not in ucschar
    /// let e = uridfa::runtime::validate(g.entries[0], input).unwrap_err();
    /// assert_eq!(e.at_char_start(g.entries[0], input).offset(), 9);
    /// assert!(!uridfa::grammar("rfc3986").unwrap().utf8);
    /// ```
    pub utf8: bool,
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

// The README's examples run as doctests, and so do those of docs/ (with
// every grammar: they use several).
#[cfg(all(doctest, feature = "all-grammars"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(all(doctest, feature = "all-grammars"))]
#[doc = include_str!("../docs/ALGORITHMS.md")]
struct AlgorithmsDoctests;

#[cfg(all(doctest, feature = "all-grammars"))]
#[doc = include_str!("../docs/GRAMMARS.md")]
struct GrammarsDoctests;

/// The built-in grammar called `name` (ASCII case ignored; see
/// [`GrammarId::from_name`]).
pub fn grammar(name: &str) -> Option<&'static BuiltinGrammar> {
    GrammarId::from_name(name).ok().map(GrammarId::builtin)
}
