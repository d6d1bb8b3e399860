//! URIs in running text: find them, cut them out with the grammar's tables,
//! and undo the wrapping the documents recommend.
//!
//! Three founding documents say how a URL sits in ordinary text:
//!
//! - draft-ietf-uri-url-06, APPENDIX "Recommendations for URLs in Context":
//!   the wrapper `<URL:...>`; "extra whitespace may need to be added to
//!   break long URLs across lines. The whitespace is ignored when
//!   extracting the URL."
//! - draft-fielding-url-syntax-05, Appendix E, and
//!   draft-fielding-uri-rfc2396bis-01, Appendix E ("Recommendations for
//!   Delimiting URLs/URI in Context"): "usually within double-quotes
//!   `"http://test.com/"`, angle brackets `<http://test.com/>`, or just using
//!   whitespace"; whitespace inside is ignored; "the interpreter of a URL
//!   containing a line break immediately after a hyphen should ignore all
//!   unescaped whitespace around the line break, and should be aware that
//!   the hyphen may or may not actually be part of the URL"; the prefix
//!   `URL:` "with or without a trailing space".
//! - draft-fielding-uri-rfc2396bis-01, Appendix F, "Abbreviated URIs":
//!   `www.w3.org/Addressing/`, "most hostnames beginning with "www" are
//!   likely to have a URI prefix of "http://"" (opt-in here, and always
//!   reported: [`Found::implied_prefix`]).
//!
//! [`Finder`] holds the grammar (any [`Tables`](uridfa_runtime::Tables); RFC 3986 `URI` by
//! default) and the options; [`Finder::find_iter`] returns an [`Iter`] of
//! [`Found`] URIs in text order. Everything is `no_std` and allocation-free:
//! a URI with whitespace removed is read through [`Found::chunks`] or
//! written with [`Found::write_into`].
//!
//! # How a URI is found
//!
//! A scan skips to the next `:` (and `.` when abbreviations are on),
//! sixteen bytes at a time (Note [candidate scan]): every URI has a colon
//! after its scheme. From the colon it walks back over the scheme. Then:
//!
//! - **`<` or `"` before the scheme** (or before `URL:`): the bytes up to
//!   the closing `>` or `"` must start with a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, after an
//!   optional `URL:`) and, whitespace removed, be accepted *whole* by the
//!   grammar, run in chunks through the streaming [`Machine`](uridfa_runtime::Machine). Inside angle
//!   brackets any whitespace but a blank line is ignored; inside quotes
//!   only whitespace holding a line break (a quoted `"a: b"` is prose).
//! - **`:` (bare)**: walk back over scheme characters to a word boundary;
//!   the scheme must be followed by `//` or be one of `mailto`, `news`,
//!   `urn` (or any, with [`Finder::bare_any_scheme`]). The grammar's
//!   longest accepted prefix ([`uridfa_runtime::longest_prefix`]) ends the
//!   URI; then, as linkifiers do, trailing `.` `,` `;` `:` `!` `?` `'` `"`
//!   are dropped, and a trailing `)` or `]` unless it closes a `(` or `[`
//!   inside the URI (`https://en.wikipedia.org/wiki/Rust_(programming_language)`).
//!   The trimmed URI must be accepted again (otherwise its longest
//!   prefix is trimmed again).
//! - **`www.` and `ftp.`** (with [`Finder::abbreviated`]): at a word
//!   boundary, the grammar's longest prefix after an implied `http://` or
//!   `ftp://`, trimmed as a bare URI.
//!
//! A URI must have something after `scheme:` besides slashes (`"URL:"` and
//! `"http://"` in prose are not URIs). Where no hand-written rule says
//! otherwise, the tables decide: no URL regular expression is involved.
//!
//! # Example
//!
//! ```
//! use uridfa::text::{Delimiter, Finder};
//!
//! // draft-ietf-uri-url-06, APPENDIX: a URL broken across lines.
//! let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc\n   ;type=d> \
//!             but see https://en.wikipedia.org/wiki/Rust_(programming_language).";
//! let mut found = Finder::new().find_iter(text);
//!
//! let first = found.next().unwrap();
//! assert_eq!(first.delimiter(), Delimiter::UrlPrefix);
//! assert!(first.has_whitespace());
//! let mut buf = [0u8; 64];
//! let n = first.write_into(&mut buf)?;
//! assert_eq!(&buf[..n], b"ftp://info.cern.ch/pub/www/doc;type=d");
//!
//! let second = found.next().unwrap();
//! assert_eq!(second.delimiter(), Delimiter::Bare);
//! assert_eq!(second.as_str(), Some("https://en.wikipedia.org/wiki/Rust_(programming_language)"));
//! assert!(found.next().is_none());
//! # Ok::<(), uridfa::BufferTooSmall>(())
//! ```
//!
//! One job per file: `finder.rs` (the [`Finder`] and the scan of its
//! [`Iter`]), `found.rs` (a [`Found`] URI and its [`Chunks`]).

mod finder;
mod found;

pub use finder::{Finder, Iter};
pub use found::{Chunks, Delimiter, Found};
