//! RFC 8089, *The "file" URI Scheme* (February 2017), §2, from the ABNF of
//! its Section 2 (`grammar/rfc8089.abnf`), which takes `host` and
//! `path-absolute` from RFC 3986: the grammar file imports
//! `grammar/rfc3986.abnf` for them.
//!
//! One entry rule, one zero-copy view:
//!
//! | type | rule | RFC 8089 |
//! |---|---|---|
//! | [`FileUri`] | `file-URI = file-scheme ":" file-hier-part` | §2 |
//!
//! `path()` is always there (`path-absolute`); `file_auth()` is the
//! authority after `//` (empty in `file:///x`: RFC 3986's `reg-name` may
//! be empty, so the empty authority is an empty `host`), `None` without
//! `//`; `host()` is the host unless the authority is `localhost`: the
//! first alternative of `file-auth = "localhost" / host` wins, and §2 gives
//! "localhost" its own meaning, the machine the URI is interpreted on.
//! The host's kind, its address and the path's segments come from
//! [`crate::family::GenericRef`] (`use uridfa::prelude::*;`).
//!
//! # Example
//!
//! ```
//! use uridfa::prelude::*;
//! use uridfa::rfc8089::FileUri;
//!
//! // Appendix B: a local file, with and without the empty authority.
//! let f = FileUri::parse("file:///path/to/file")?;
//! assert_eq!((f.file_auth(), f.path()), (Some(""), "/path/to/file"));
//! let m = FileUri::parse("file:/path/to/file")?;
//! assert_eq!((m.file_auth(), m.path()), (None, "/path/to/file"));
//! // Appendix B: a non-local file.
//! let r = FileUri::parse("file://host.example.com/path/to/file")?;
//! assert_eq!(r.host(), Some("host.example.com"));
//! assert_eq!(r.path_segments().count(), 3);
//! // "localhost" is the local machine, not a host name.
//! let l = FileUri::parse("file://localhost/etc/fstab")?;
//! assert_eq!((l.file_auth(), l.host()), (Some("localhost"), None));
//! // Section 2 has no relative paths, ports, queries or fragments.
//! assert!(FileUri::parse("file:etc/fstab").is_err());
//! assert!(FileUri::parse("file://h:80/x").is_err());
//! # Ok::<(), uridfa::Error>(())
//! ```

/// The generated tables of `grammar/rfc8089.abnf`: the `Tables` of
/// `file-URI` (`FILE_URI`) and one index constant per capture.
#[allow(clippy::all, missing_docs)]
pub mod tables {
    crate::generated_tables!("rfc8089");
}

pub use crate::parts::HostKind;

crate::generated_tables!("rfc8089_views");

// The marker is the grammar's handle: the RFC 3986 family's methods reach
// its view through it (`uridfa::family`), and the generated view has them
// as its own (`;@ family generic`); results are RFC 3986 references.
impl crate::family::Generic for Rfc8089 {
    #[cfg(feature = "alloc")]
    type Target = crate::rfc3986::UriRefBuf;
}

// Resolution and normalization do not read this grammar by name (Note
// [algorithms over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Rfc8089 {}
