//! RFC 6068, *The 'mailto' URI Scheme* (October 2010), §2, from its ABNF
//! (`grammar/rfc6068.abnf`) with the RFC 5322 rules it names, written in
//! their URI form: the characters §2 says "MUST be percent-encoded" in an
//! address (a quoted string's `"`, a domain literal's `[` and `]`, `%`,
//! `/`, `?`, `#`, `&`, `;`, `=`, and every character a URI cannot hold)
//! are accepted only percent-encoded. The grammar file's header gives
//! every such reading.
//!
//! One entry rule, one zero-copy view:
//!
//! | type | rule | RFC 6068 |
//! |---|---|---|
//! | [`MailtoUri`] | `mailtoURI = "mailto:" [ to ] [ hfields ]` | §2 |
//!
//! `to` and `hfields` are lists, so every capture is repeated: the view's
//! `addr_specs()`, `local_parts()`, `domains()`, `hfnames()` and
//! `hfvalues()` iterate over every occurrence in input order, without
//! allocating; each address item has its own `local_part()` and
//! `domain()`, each header field's name and value are items of their own.
//! Values are as written (percent-encoded): decode them with
//! [`crate::pct`].
//!
//! # Example
//!
//! ```
//! use uridfa::rfc6068::MailtoUri;
//!
//! // RFC 6068 §6.1: two addresses, then header fields.
//! let m = MailtoUri::parse("mailto:joe@example.com?cc=bob@example.com&body=hello")?;
//! let to: Vec<&str> = m.addr_specs().map(|a| a.as_str()).collect();
//! assert_eq!(to, ["joe@example.com"]);
//! let names: Vec<&str> = m.hfnames().map(|h| h.as_str()).collect();
//! assert_eq!(names, ["cc", "body"]);
//! let values: Vec<&str> = m.hfvalues().map(|h| h.as_str()).collect();
//! assert_eq!(values, ["bob@example.com", "hello"]);
//! // §6.2: a quoted local part, its quotes and "@" percent-encoded.
//! let q = MailtoUri::parse("mailto:%22not%40me%22@example.org")?;
//! let a = q.addr_specs().next().unwrap();
//! assert_eq!((a.local_part(), a.domain()), (Some("%22not%40me%22"), Some("example.org")));
//! // §2: "?" must be percent-encoded in an address.
//! assert!(MailtoUri::parse("mailto:a?b@example.org").is_err());
//! // ... and so must a quoted string's raw quotes.
//! assert!(MailtoUri::parse("mailto:\"not@me\"@example.org").is_err());
//! # Ok::<(), uridfa::Error>(())
//! ```

/// The generated tables of `grammar/rfc6068.abnf`: the `Tables` of
/// `mailtoURI` (`MAILTOURI`) and one index constant per capture.
#[allow(clippy::all, missing_docs)]
pub mod tables {
    crate::generated_tables!("rfc6068");
}

crate::generated_tables!("rfc6068_views");

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Rfc6068 {}
