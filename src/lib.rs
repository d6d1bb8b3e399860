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

#[cfg(feature = "std")]
extern crate std;

mod error;
pub mod rfc3986;

pub use error::Error;
pub use uridfa_runtime as runtime;
