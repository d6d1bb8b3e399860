//! Percent-decoding and percent-encoding (RFC 3986 §2.1), without
//! allocation.
//!
//! - Decoding: [`decode_into`] writes into a caller buffer; [`decode`]
//!   checks the whole input first (one linear pass), then returns an
//!   infallible [`Decode`] iterator of decoded chunks (`&[u8]`), which needs
//!   no buffer at all: a run of literal bytes is a slice of the input, and a
//!   decoded octet is a one-byte slice of a static table, so there is no
//!   `Cow` and no allocation. A `%` not followed by two hex digits is a
//!   [`PctError::Malformed`] error at the offset of the `%`.
//! - Encoding: [`encode_into`] and [`encode`] (an [`Encode`] iterator of
//!   `&str` chunks) write every byte literally when the component's
//!   [`EncodeSet`] allows it there, else as an upper-case `%XX` triplet
//!   (RFC 3986 §2.1: "should use uppercase hexadecimal digits").
//!
//! The encode sets are derived at build time from each grammar's rules by
//! the `;@ encode-set` pragma (never written by hand); the generator checks
//! that the rule is *set-like*, so that the encoding of any data matches the
//! rule, and parsing then decoding gives the data back. They live in each
//! grammar's `tables` module, for example
//! [`crate::rfc3986::tables::QUERY_SET`]. The sets per grammar:
//!
//! | grammar | sets (`tables::<NAME>_SET`) |
//! |---|---|
//! | [`crate::rfc3986`], [`crate::rfc6874`] | `USERINFO`, `SEGMENT`, `PATH` (segments and `/`), `QUERY`, `FRAGMENT` |
//! | [`crate::rfc8141`] | `NSS` (no leading `/`), `Q_COMPONENT`, `F_COMPONENT` |
//! | [`crate::draft_ietf_urnbis_rfc2141bis_urn_03`] | `NSS`, `FRAGMENT` (never `%00`) |
//! | [`crate::rfc2396`] | `USERINFO`, `SEGMENT` (with `;`), `QUERY`, `FRAGMENT` |
//! | [`crate::draft_fielding_uri_rfc2396bis_01`] | `USERINFO`, `SEGMENT`, `QUERY`, `FRAGMENT` |
//!
//! RFC 3987 (IRIs) has no sets: over UTF-8 its rules are not set-like at
//! the byte level. A set is exact for its rule, not for every context the
//! rule appears in: `SEGMENT` allows `:`, which RFC 3986's `segment-nz-nc`
//! (§4.2: the first segment of a relative-path reference) does not, and
//! `PATH` allows a leading `//`, which only a path after an authority may
//! have (§3.3).
//!
//! Decoded views of parsed references ([`PathSegments`] of [`Segment`]s,
//! [`QueryPairs`]) are returned by `path_segments()` and `query_pairs()` on
//! the typed views of RFC 3986, 3987, 6874 (such as
//! [`crate::family::GenericRef::path_segments`]), RFC 2396 and 2396bis-01
//! (where an opaque URI has no path segments), and draft-fielding-url-syntax-05
//! (whose segments also give their `;` parameters, [`Segment::params`]).
//!
//! Every function runs in one or two linear passes over its input. The
//! buffer-writing functions measure first and write nothing when the buffer
//! is too small, reporting the exact length needed.
//!
//! With the `alloc` feature: `decode_to_vec`, `decode_to_string`,
//! `encode_to_string`, `Decode::to_vec`.
//!
//! # Example
//!
//! ```
//! use uridfa::pct;
//! use uridfa::rfc3986::tables::SEGMENT_SET;
//!
//! let mut buf = [0u8; 32];
//! let n = pct::encode_into(b"a/b c", &SEGMENT_SET, &mut buf)?;
//! assert_eq!(&buf[..n], b"a%2Fb%20c");
//!
//! let mut out = [0u8; 32];
//! let m = pct::decode_into(&buf[..n], &mut out)?;
//! assert_eq!(&out[..m], b"a/b c");
//! # Ok::<(), uridfa::pct::PctError>(())
//! ```
//!
//! One job per file: `decode.rs`, `encode.rs`, `segments.rs` (paths and
//! queries), `error.rs` ([`PctError`]), `bytes.rs` (the static tables).

mod bytes;
mod decode;
mod encode;
mod error;
mod segments;

pub use uridfa_runtime::EncodeSet;

pub(crate) use bytes::{octet_at, triplet};
pub use decode::{decode, decode_into, decoded_len, Decode};
#[cfg(feature = "alloc")]
pub use decode::{decode_to_string, decode_to_vec};
#[cfg(feature = "alloc")]
pub use encode::encode_to_string;
pub use encode::{encode, encode_into, encoded_len, Encode};
pub use error::PctError;
pub use segments::{FormPairs, Params, PathSegments, QueryPairs, Segment};
