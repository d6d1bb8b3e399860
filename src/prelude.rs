//! The traits a view's methods come from, to bring into scope at once:
//! `use uridfa::prelude::*;`, for code generic over views. The views of
//! a grammar with a family (`rfc3986`, `rfc3987`, `rfc6874`, `rfc8089`;
//! `rfc1738`, `draft_ietf_uri_url_06`; `rfc2396` and its two drafts)
//! have the family's methods as their own too, so calling them on a view
//! needs no import ([`crate::family`]).
//!
//! [`View`] is every view's facts and components by index;
//! the family traits of [`crate::family`] add what a family of grammars
//! has in common (host as IP, port number, path segments, query pairs,
//! form pairs, resolution and its inverse, IRI mapping), and
//! [`crate::family::older::OlderRef`] what the older generic syntaxes add
//! to their views (`path()`, `opaque_part()`, `authority_kind()`, ...).
//! The former per-grammar names of that trait (`rfc2396::Rfc2396Ref`,
//! ...) are here too, for code that names them.
//!
//! # Example
//!
//! ```
//! use uridfa::prelude::*;
//! let u = uridfa::rfc3986::Uri::parse("http://192.0.2.1:80/a")?;
//! assert_eq!(u.port_u16(), Some(80));
//! assert_eq!(u.capture("host"), Some("192.0.2.1"));
//! # Ok::<(), uridfa::Error>(())
//! ```

pub use crate::family::GenericRef;
#[cfg(feature = "alloc")]
pub use crate::family::Resolve;
#[cfg(feature = "rfc3987")]
pub use crate::iri::{MapToIri, MapToUri};
pub use crate::view::{Facts, View};

#[cfg(any(
    feature = "rfc2396",
    feature = "draft-fielding-uri-rfc2396bis-01",
    feature = "draft-fielding-url-syntax-05"
))]
pub use crate::family::older::OlderRef;

#[cfg(feature = "draft-fielding-uri-rfc2396bis-01")]
pub use crate::draft_fielding_uri_rfc2396bis_01::Rfc2396bis01Ref;
#[cfg(feature = "draft-fielding-url-syntax-05")]
pub use crate::draft_fielding_url_syntax_05::UrlSyntax05Ref;
#[cfg(feature = "rfc2396")]
pub use crate::rfc2396::Rfc2396Ref;
