//! RFC 6068 `mailto` URIs through `#[derive(uridfa::Grammar)]`: the
//! example of repeated captures. `to = addr-spec *("," addr-spec )` and
//! `hfields = "?" hfield *( "&" hfield )` are lists, and every address and
//! header field is captured, in input order, without allocating.
//!
//! `grammar/mailto.abnf` transcribes RFC 6068 §2 (its header lists the two
//! changes: `atext` narrowed as §2 requires, and no comments or folding
//! white space in quoted strings).
//!
//! # Example
//!
//! ```
//! use mailto_example::Mailto;
//!
//! let m = Mailto::parse("mailto:a@x.org,b.c@y.org?subject=hi%20there&body=ok")?;
//! let to: Vec<&str> = m.addr_specs().map(|a| a.as_str()).collect();
//! assert_eq!(to, ["a@x.org", "b.c@y.org"]);
//! let second = m.addr_specs().nth(1).unwrap();
//! assert_eq!((second.local_part(), second.domain()), (Some("b.c"), Some("y.org")));
//! let names: Vec<&str> = m.hfnames().map(|h| h.as_str()).collect();
//! assert_eq!(names, ["subject", "body"]);
//! # Ok::<(), uridfa::Error>(())
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// RFC 6068 §2 `mailtoURI`: `Mailto::parse` gives a [`MailtoView`].
#[derive(uridfa::Grammar)]
#[grammar = "grammar/mailto.abnf"]
#[entry = "mailtoURI"]
pub struct Mailto;
