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
//! [`crate::rfc3986::UriRef::path_segments`]), RFC 2396 and 2396bis-01
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

use core::fmt;
pub use uridfa_runtime::EncodeSet;

#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

/// What went wrong while percent-decoding or percent-encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PctError {
    /// A `%` at input offset `at` is not followed by two hex digits.
    Malformed {
        /// The offset of the `%`.
        at: usize,
    },
    /// The output buffer is too small (`needed` is the exact output
    /// length); nothing was written.
    BufferTooSmall(crate::BufferTooSmall),
    /// The byte at data offset `at` can be neither written literally nor
    /// percent-encoded in this component (the URN draft 03 forbids `%00`).
    Unencodable {
        /// The offset of the byte in the data.
        at: usize,
        /// The byte.
        byte: u8,
    },
    /// The decoded bytes are not UTF-8 (`decode_to_string` only; use
    /// `decode_to_vec` for arbitrary bytes).
    NotUtf8 {
        /// How many decoded bytes are valid UTF-8.
        valid_up_to: usize,
    },
}

impl fmt::Display for PctError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PctError::Malformed { at } => write!(
                f,
                "malformed percent-encoding at byte {at}: '%' must be followed by two hex digits"
            ),
            PctError::BufferTooSmall(e) => e.fmt(f),
            PctError::Unencodable { at, byte } => write!(
                f,
                "byte 0x{byte:02X} at offset {at} cannot appear in this component, \
                 neither literally nor percent-encoded"
            ),
            PctError::NotUtf8 { valid_up_to } => write!(
                f,
                "decoded bytes are not UTF-8 (valid up to byte {valid_up_to})"
            ),
        }
    }
}

/// Without features: `core::error::Error` is stable since Rust 1.81.
impl core::error::Error for PctError {}

/// Every byte value, so that a decoded octet is a `&'static [u8]` of length 1.
static BYTES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// `%00%01...%FF`: the triplet of octet `b` is `TRIPLETS[3b..3b+3]`.
static TRIPLET_BYTES: [u8; 768] = {
    let mut t = [0u8; 768];
    let mut i = 0;
    while i < 256 {
        t[3 * i] = b'%';
        t[3 * i + 1] = HEX_UPPER[i >> 4];
        t[3 * i + 2] = HEX_UPPER[i & 15];
        i += 1;
    }
    t
};

static TRIPLETS: &str = match core::str::from_utf8(&TRIPLET_BYTES) {
    Ok(s) => s,
    Err(_) => panic!("triplets are ASCII"),
};

/// The upper-case `%XX` triplet of octet `b`.
pub(crate) fn triplet(b: u8) -> &'static str {
    let i = 3 * usize::from(b);
    TRIPLETS.get(i..i + 3).unwrap_or("%00")
}

/// The value of a hex digit (either case).
fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// The octet of a valid triplet at the start of `s`.
pub(crate) fn octet_at(s: &[u8]) -> Option<u8> {
    match s {
        [b'%', h, l, ..] => Some(hex_value(*h)? << 4 | hex_value(*l)?),
        _ => None,
    }
}

/// The length of the decoding of `input`, checking every `%`.
///
/// # Errors
///
/// [`PctError::Malformed`] at the first `%` not followed by two hex digits.
///
/// # Example
///
/// ```
/// use uridfa::pct::{decoded_len, PctError};
/// assert_eq!(decoded_len(b"a%20b"), Ok(3));
/// assert_eq!(decoded_len(b"a%2"), Err(PctError::Malformed { at: 1 }));
/// ```
pub fn decoded_len(input: &[u8]) -> Result<usize, PctError> {
    let mut i = 0usize;
    let mut n = 0usize;
    while let Some(&b) = input.get(i) {
        if b == b'%' {
            if input.get(i..).and_then(octet_at).is_none() {
                return Err(PctError::Malformed { at: i });
            }
            i = i.saturating_add(3);
        } else {
            i = i.saturating_add(1);
        }
        n = n.saturating_add(1);
    }
    Ok(n)
}

/// Decodes `input` into `out` and returns the decoded length: `out[..n]`.
///
/// Hex digits may be of either case. Nothing but `%XX` triplets is
/// changed (no `+` to space: that is HTML form encoding, not RFC 3986).
///
/// # Errors
///
/// - [`PctError::Malformed`] at the first `%` not followed by two hex
///   digits;
/// - [`PctError::BufferTooSmall`] with the exact length needed. In both
///   cases nothing is written.
///
/// # Example
///
/// ```
/// use uridfa::pct::{decode_into, PctError};
/// let mut out = [0u8; 8];
/// let n = decode_into(b"%7Euser%2fx", &mut out)?;
/// assert_eq!(&out[..n], b"~user/x");
/// let mut small = [0u8; 3];
/// assert_eq!(decode_into(b"%7Euser", &mut small), Err(PctError::BufferTooSmall(uridfa::BufferTooSmall { needed: 5 })));
/// # Ok::<(), PctError>(())
/// ```
pub fn decode_into(input: &[u8], out: &mut [u8]) -> Result<usize, PctError> {
    let needed = decoded_len(input)?;
    if out.len() < needed {
        return Err(PctError::BufferTooSmall(crate::BufferTooSmall { needed }));
    }
    // Checked gets only, so that the optimizer can prove this panic-free
    // (check-nopanic).
    let (mut i, mut n) = (0usize, 0usize);
    while let Some(&b) = input.get(i) {
        let (v, step) = match input.get(i..).and_then(octet_at) {
            Some(v) => (v, 3),
            None => (b, 1),
        };
        if let Some(d) = out.get_mut(n) {
            *d = v;
        }
        n = n.saturating_add(1);
        i = i.saturating_add(step);
    }
    Ok(n)
}

/// Checks `input` and returns an iterator over its decoded chunks.
///
/// `input` may be a `str` or a byte slice.
///
/// # Errors
///
/// [`PctError::Malformed`] at the first `%` not followed by two hex digits.
///
/// # Example
///
/// ```
/// use uridfa::pct::decode;
/// let d = decode("caf%C3%A9%20au%20lait")?;
/// let chunks: Vec<&[u8]> = d.clone().collect();
/// assert_eq!(chunks, [&b"caf"[..], b"\xC3", b"\xA9", b" ", b"au", b" ", b"lait"]);
/// assert!(d.eq_str("café au lait"));
/// # Ok::<(), uridfa::pct::PctError>(())
/// ```
pub fn decode<T: AsRef<[u8]> + ?Sized>(input: &T) -> Result<Decode<'_>, PctError> {
    let input = input.as_ref();
    decoded_len(input)?;
    Ok(Decode::new(input))
}

/// An iterator over the decoded chunks of a percent-encoded string: runs
/// of literal bytes (slices of the input) and single decoded octets (slices
/// of a static table). Made by [`decode`] (which checks the input first),
/// and by the decoded views of the typed references.
///
/// A `%` that does not start a valid triplet (impossible after [`decode`]
/// or in a parsed component) is passed through as a literal byte.
#[derive(Clone, Debug)]
pub struct Decode<'a> {
    rest: &'a [u8],
}

impl<'a> Decode<'a> {
    /// The chunks of `input`, whose `%` sequences are assumed valid.
    pub(crate) fn new(input: &'a [u8]) -> Decode<'a> {
        Decode { rest: input }
    }

    /// The remaining encoded input, as written.
    ///
    /// # Example
    ///
    /// ```
    /// let d = uridfa::pct::decode("a%20b")?;
    /// assert_eq!(d.as_encoded(), b"a%20b");
    /// # Ok::<(), uridfa::pct::PctError>(())
    /// ```
    pub fn as_encoded(&self) -> &'a [u8] {
        self.rest
    }

    /// The length of the decoded bytes (one pass, no allocation).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::pct::decode("a%20b")?.decoded_len(), 3);
    /// # Ok::<(), uridfa::pct::PctError>(())
    /// ```
    pub fn decoded_len(&self) -> usize {
        // No overflow: the chunks are parts of one slice; saturating keeps
        // debug builds free of a panic path too (check-nopanic).
        self.clone()
            .map(<[u8]>::len)
            .fold(0usize, usize::saturating_add)
    }

    /// Whether the decoded bytes equal `other`, without allocating.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::pct::decode("a%2Fb")?.eq_bytes(b"a/b"));
    /// assert!(!uridfa::pct::decode("a%2Fb")?.eq_bytes(b"a/"));
    /// # Ok::<(), uridfa::pct::PctError>(())
    /// ```
    pub fn eq_bytes(&self, other: &[u8]) -> bool {
        let mut other = other;
        for chunk in self.clone() {
            match other.strip_prefix(chunk) {
                Some(rest) => other = rest,
                None => return false,
            }
        }
        other.is_empty()
    }

    /// Whether the decoded bytes equal `other`'s UTF-8, without allocating.
    ///
    /// # Example
    ///
    /// ```
    /// assert!(uridfa::pct::decode("%E2%82%AC")?.eq_str("€"));
    /// # Ok::<(), uridfa::pct::PctError>(())
    /// ```
    pub fn eq_str(&self, other: &str) -> bool {
        self.eq_bytes(other.as_bytes())
    }

    /// Writes the decoded bytes into `out`; returns their length.
    ///
    /// # Errors
    ///
    /// [`PctError::BufferTooSmall`] with the exact length needed; nothing
    /// is written.
    ///
    /// # Example
    ///
    /// ```
    /// let mut out = [0u8; 3];
    /// let n = uridfa::pct::decode("a%20b")?.write_into(&mut out)?;
    /// assert_eq!(&out[..n], b"a b");
    /// # Ok::<(), uridfa::pct::PctError>(())
    /// ```
    pub fn write_into(&self, out: &mut [u8]) -> Result<usize, PctError> {
        decode_into(self.rest, out)
    }

    /// The decoded bytes, owned.
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::pct::decode("a%FFb")?.to_vec(), b"a\xFFb");
    /// # Ok::<(), uridfa::pct::PctError>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(self.rest.len());
        for chunk in self.clone() {
            v.extend_from_slice(chunk);
        }
        v
    }
}

impl<'a> Iterator for Decode<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        if let Some(b) = octet_at(self.rest) {
            self.rest = self.rest.get(3..).unwrap_or(&[]);
            return Some(core::slice::from_ref(&BYTES[usize::from(b)]));
        }
        // A literal run up to the next `%` (a first `%` here is malformed
        // and passed through).
        // A loop rather than `position`, whose count carries overflow
        // checks into debug builds (check-nopanic).
        let mut end = 1;
        while let Some(&b) = self.rest.get(end) {
            if b == b'%' {
                break;
            }
            end += 1;
        }
        let (run, rest) = self.rest.split_at_checked(end)?;
        self.rest = rest;
        Some(run)
    }
}

impl core::iter::FusedIterator for Decode<'_> {}

/// Decodes `input` into a new vector.
///
/// # Errors
///
/// [`PctError::Malformed`] at the first `%` not followed by two hex digits.
///
/// # Example
///
/// ```
/// assert_eq!(uridfa::pct::decode_to_vec("%00%ff")?, [0u8, 255]);
/// # Ok::<(), uridfa::pct::PctError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn decode_to_vec<T: AsRef<[u8]> + ?Sized>(input: &T) -> Result<Vec<u8>, PctError> {
    Ok(decode(input)?.to_vec())
}

/// Decodes `input` into a new string.
///
/// # Errors
///
/// [`PctError::Malformed`] at the first `%` not followed by two hex digits,
/// or [`PctError::NotUtf8`] if the decoded bytes are not UTF-8 (nothing is
/// replaced: use [`decode_to_vec`] for arbitrary bytes).
///
/// # Example
///
/// ```
/// use uridfa::pct::{decode_to_string, PctError};
/// assert_eq!(decode_to_string("caf%C3%A9")?, "café");
/// assert_eq!(decode_to_string("a%FF"), Err(PctError::NotUtf8 { valid_up_to: 1 }));
/// # Ok::<(), PctError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn decode_to_string<T: AsRef<[u8]> + ?Sized>(input: &T) -> Result<String, PctError> {
    String::from_utf8(decode_to_vec(input)?).map_err(|e| PctError::NotUtf8 {
        valid_up_to: e.utf8_error().valid_up_to(),
    })
}

/// Whether byte `b` at data offset `i` is written literally: allowed there
/// by `set`, and ASCII (so that literal runs are `str`).
fn literal(set: &EncodeSet, i: usize, b: u8) -> bool {
    b.is_ascii() && set.allows(i, b)
}

/// The length of the encoding of `data` with `set`.
///
/// # Errors
///
/// [`PctError::Unencodable`] at the first byte that `set` allows neither
/// literally nor as a triplet.
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::tables::QUERY_SET;
/// assert_eq!(uridfa::pct::encoded_len(b"a b", &QUERY_SET), Ok(5));
/// ```
pub fn encoded_len(data: &[u8], set: &EncodeSet) -> Result<usize, PctError> {
    let mut n = 0usize;
    for (i, &b) in data.iter().enumerate() {
        // Saturating: an encoding longer than `usize::MAX` (on a 32-bit
        // target, data over a third of the address space) needs a buffer
        // no caller has, reported as `BufferTooSmall { needed: usize::MAX }`.
        if literal(set, i, b) {
            n = n.saturating_add(1);
        } else if set.contains_pct(b) {
            n = n.saturating_add(3);
        } else {
            return Err(PctError::Unencodable { at: i, byte: b });
        }
    }
    Ok(n)
}

/// Percent-encodes `data` for the component of `set` into `out` and
/// returns the encoded length: `out[..n]`, ASCII.
///
/// Byte `i` is written literally when `set` allows it at that position
/// (bytes at or above 0x80 never are), else as an upper-case `%XX`. The
/// result matches the set's rule (see [`EncodeSet`]), except that empty data
/// gives the empty string, which matches only if `set.accepts_empty`.
///
/// # Errors
///
/// - [`PctError::Unencodable`] at the first byte the component cannot hold
///   at all;
/// - [`PctError::BufferTooSmall`] with the exact length needed. In both
///   cases nothing is written.
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::tables::NSS_SET;
/// let mut out = [0u8; 16];
/// // RFC 8141 §2: NSS = pchar *(pchar / "/"): a leading "/" is encoded.
/// let n = uridfa::pct::encode_into(b"/a/b", &NSS_SET, &mut out)?;
/// assert_eq!(&out[..n], b"%2Fa/b");
/// # Ok::<(), uridfa::pct::PctError>(())
/// ```
pub fn encode_into(data: &[u8], set: &EncodeSet, out: &mut [u8]) -> Result<usize, PctError> {
    let needed = encoded_len(data, set)?;
    if out.len() < needed {
        return Err(PctError::BufferTooSmall(crate::BufferTooSmall { needed }));
    }
    // Checked gets only, so that the optimizer can prove this panic-free
    // (check-nopanic).
    let mut n = 0usize;
    let mut put = |x: u8| {
        if let Some(d) = out.get_mut(n) {
            *d = x;
        }
        n = n.saturating_add(1);
    };
    for (i, &b) in data.iter().enumerate() {
        if literal(set, i, b) {
            put(b);
        } else {
            put(b'%');
            put(HEX_UPPER[usize::from(b >> 4)]);
            put(HEX_UPPER[usize::from(b & 15)]);
        }
    }
    Ok(n)
}

/// Checks `data` against `set` and returns an iterator over its encoded
/// chunks.
///
/// # Errors
///
/// [`PctError::Unencodable`] at the first byte the component cannot hold.
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::tables::FRAGMENT_SET;
/// let e = uridfa::pct::encode(b"see #2", &FRAGMENT_SET)?;
/// let chunks: Vec<&str> = e.collect();
/// assert_eq!(chunks, ["see", "%20", "%23", "2"]);
/// # Ok::<(), uridfa::pct::PctError>(())
/// ```
pub fn encode<'a>(data: &'a [u8], set: &'a EncodeSet) -> Result<Encode<'a>, PctError> {
    encoded_len(data, set)?;
    Ok(Encode::new(data, set))
}

/// An iterator over the encoded chunks of some data: runs of literal bytes
/// (slices of the data) and `%XX` triplets (slices of a static table), all
/// `&str`. Made by [`encode`].
#[derive(Clone, Debug)]
pub struct Encode<'a> {
    data: &'a [u8],
    set: &'a EncodeSet,
    i: usize,
}

impl<'a> Encode<'a> {
    fn new(data: &'a [u8], set: &'a EncodeSet) -> Encode<'a> {
        Encode { data, set, i: 0 }
    }
}

impl<'a> Iterator for Encode<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let start = self.i;
        let &b = self.data.get(start)?;
        if !literal(self.set, start, b) {
            self.i += 1;
            return Some(triplet(b));
        }
        let mut end = start + 1;
        while let Some(&c) = self.data.get(end) {
            if !literal(self.set, end, c) {
                break;
            }
            end += 1;
        }
        self.i = end;
        // Literal bytes are ASCII.
        Some(core::str::from_utf8(&self.data[start..end]).unwrap_or(""))
    }
}

impl core::iter::FusedIterator for Encode<'_> {}

/// Percent-encodes `data` for the component of `set` into a new string.
///
/// # Errors
///
/// [`PctError::Unencodable`] at the first byte the component cannot hold.
///
/// # Example
///
/// ```
/// use uridfa::rfc3986::tables::USERINFO_SET;
/// assert_eq!(uridfa::pct::encode_to_string(b"j@ne:pw", &USERINFO_SET)?, "j%40ne:pw");
/// # Ok::<(), uridfa::pct::PctError>(())
/// ```
#[cfg(feature = "alloc")]
pub fn encode_to_string(data: &[u8], set: &EncodeSet) -> Result<String, PctError> {
    let mut s = String::with_capacity(encoded_len(data, set)?);
    for chunk in Encode::new(data, set) {
        s.push_str(chunk);
    }
    Ok(s)
}

/// The decoded segments of a path (RFC 3986 §3.3: "a path consists of a
/// sequence of path segments separated by a slash"), made by
/// `path_segments()` on a typed view; each item is a [`Segment`].
///
/// The path is split at every `/`. One leading `/` (an absolute path) does
/// not start an empty first segment: `/a/b` gives `a`, `b`. The empty path
/// has no segments; `/` has one empty segment; `a/` gives `a` and an empty
/// segment; `//a` (after an authority) gives an empty segment and `a`. A
/// `%2F` inside a segment decodes to `/` but does not split it.
///
/// A `;` is an ordinary character (RFC 3986's `sub-delims`) unless the
/// segments are made [`with_params`](Self::with_params), for the grammars
/// whose `segment` is `*pchar *( ";" param )` (draft-fielding-url-syntax-05
/// §4.3.2); then each segment also gives its [`Segment::name`] and
/// [`Segment::params`]. Either way a segment decodes as a whole, `;`
/// included.
///
/// # Example
///
/// ```
/// let mut it = uridfa::pct::PathSegments::new("/a%2Fb/c%20d/");
/// assert!(it.next().unwrap().eq_str("a/b"));
/// assert!(it.next().unwrap().eq_str("c d"));
/// assert!(it.next().unwrap().eq_str(""));
/// assert!(it.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    /// What is left, `None` after the last segment.
    rest: Option<&'a str>,
    /// Whether a `;` starts a parameter.
    params: bool,
}

impl<'a> PathSegments<'a> {
    /// The segments of `path` (its `%` sequences are assumed valid, as in
    /// any parsed path; an invalid one is passed through literally).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::pct::PathSegments::new("").count(), 0);
    /// assert_eq!(uridfa::pct::PathSegments::new("/").count(), 1);
    /// assert_eq!(uridfa::pct::PathSegments::new("a/b").count(), 2);
    /// ```
    pub fn new(path: &'a str) -> PathSegments<'a> {
        let rest = match path.as_bytes().first() {
            None => None,
            Some(b'/') => Some(path.get(1..).unwrap_or_default()),
            Some(_) => Some(path),
        };
        PathSegments {
            rest,
            params: false,
        }
    }

    /// Every `/`-separated piece of `text`, with no rule for a leading
    /// `/`: `/a` gives an empty segment and `a`, and the empty text one
    /// empty segment. For paths whose every piece is an argument, such as
    /// RFC 1738's FTP `<cwd>` list (`rfc1738::Ftp::cwd`).
    ///
    /// # Example
    ///
    /// ```
    /// let mut it = uridfa::pct::PathSegments::split_all("/%2Fetc");
    /// assert!(it.next().unwrap().eq_str(""));
    /// assert!(it.next().unwrap().eq_str("/etc"));
    /// assert!(it.next().is_none());
    /// assert_eq!(uridfa::pct::PathSegments::split_all("").count(), 1);
    /// ```
    pub fn split_all(text: &'a str) -> PathSegments<'a> {
        PathSegments {
            rest: Some(text),
            params: false,
        }
    }

    /// The same segments, each split at its first `;` into a
    /// [`Segment::name`] and `;`-separated [`Segment::params`]: the
    /// `segment = *pchar *( ";" param )` of draft-fielding-url-syntax-05
    /// §4.3.2 ("Each path segment may include a sequence of parameters,
    /// indicated by the semicolon ";" character"), which its views'
    /// `segments()` and `path_segments()` use. The split into segments
    /// and each segment's decoding are unchanged.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::pct::PathSegments;
    /// let seg = PathSegments::new("/a%20b;x;y=1").with_params().next().unwrap();
    /// assert!(seg.name().eq_str("a b"));
    /// assert!(seg.params().map(|p| p.as_encoded()).eq([&b"x"[..], b"y=1"]));
    /// assert!(seg.eq_str("a b;x;y=1"));
    /// // Without it, ';' is an ordinary character (RFC 3986 §3.3).
    /// let seg = PathSegments::new("/a;x").next().unwrap();
    /// assert!(seg.name().eq_str("a;x") && seg.params().next().is_none());
    /// ```
    #[must_use]
    pub fn with_params(self) -> PathSegments<'a> {
        PathSegments {
            params: true,
            ..self
        }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = Segment<'a>;

    fn next(&mut self) -> Option<Segment<'a>> {
        let rest = self.rest?;
        let text = match crate::cut::split_once(rest, b'/') {
            Some((text, tail)) => {
                self.rest = Some(tail);
                text
            }
            None => {
                self.rest = None;
                rest
            }
        };
        Some(Segment {
            text,
            chunks: Decode::new(text.as_bytes()),
            params: self.params,
        })
    }
}

impl core::iter::FusedIterator for PathSegments<'_> {}

/// One path segment, an item of [`PathSegments`]: an iterator over its
/// decoded chunks (as [`Decode`], with the same methods), which also
/// knows the segment as written ([`as_str`](Self::as_str)) and, when made
/// [`with_params`](PathSegments::with_params), its `;` parameters.
///
/// # Example
///
/// ```
/// use uridfa::prelude::*;
/// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("/a;x;y/b")?;
/// let first = u.segments().next().unwrap();
/// assert_eq!(first.as_str(), "a;x;y");
/// assert!(first.name().eq_str("a"));
/// assert!(first.params().map(|p| p.as_encoded()).eq([&b"x"[..], b"y"]));
/// let chunks: Vec<&[u8]> = first.collect();
/// assert_eq!(chunks, [&b"a;x;y"[..]]);
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Segment<'a> {
    /// The whole segment as written.
    text: &'a str,
    /// The decoded chunks not yet yielded.
    chunks: Decode<'a>,
    /// Whether a `;` starts a parameter.
    params: bool,
}

impl<'a> Segment<'a> {
    /// The whole segment as written (percent-encoded, parameters
    /// included), however much of it has been iterated.
    ///
    /// # Example
    ///
    /// ```
    /// let mut seg = uridfa::pct::PathSegments::new("/a%20b;x").next().unwrap();
    /// assert_eq!(seg.next(), Some(&b"a"[..]));
    /// assert_eq!(seg.as_str(), "a%20b;x");
    /// assert_eq!(seg.as_encoded(), b"%20b;x");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The segment's name, decoded: the `*pchar` before the first `;`
    /// when made [`with_params`](PathSegments::with_params), else the
    /// whole segment.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::pct::PathSegments;
    /// let seg = PathSegments::new("a%3Bb;c").with_params().next().unwrap();
    /// assert!(seg.name().eq_str("a;b"));
    /// let seg = PathSegments::new("a%3Bb;c").next().unwrap();
    /// assert!(seg.name().eq_str("a;b;c"));
    /// ```
    pub fn name(&self) -> Decode<'a> {
        let name = match crate::cut::split_once(self.text, b';') {
            Some((name, _)) if self.params => name,
            _ => self.text,
        };
        Decode::new(name.as_bytes())
    }

    /// The parameters, each decoded: every `param` after a `;`, without
    /// it, in order (`a;;x` has an empty one and `x`). None unless made
    /// [`with_params`](PathSegments::with_params). `pchar` has no `;` or
    /// `/`, so splitting at `;` is exact; a `%3B` stays inside its param.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::pct::PathSegments;
    /// let seg = PathSegments::new("n;;x%3By").with_params().next().unwrap();
    /// let mut params = seg.params();
    /// assert!(params.next().unwrap().eq_str(""));
    /// assert!(params.next().unwrap().eq_str("x;y"));
    /// assert!(params.next().is_none());
    /// assert_eq!(PathSegments::new("n;x").next().unwrap().params().count(), 0);
    /// ```
    pub fn params(&self) -> Params<'a> {
        Params {
            rest: if self.params {
                crate::cut::split_once(self.text, b';').map(|(_, params)| params)
            } else {
                None
            },
        }
    }

    /// The remaining encoded chunks, as written: see
    /// [`Decode::as_encoded`].
    pub fn as_encoded(&self) -> &'a [u8] {
        self.chunks.as_encoded()
    }

    /// The length of the remaining decoded bytes: see
    /// [`Decode::decoded_len`].
    pub fn decoded_len(&self) -> usize {
        self.chunks.decoded_len()
    }

    /// Whether the remaining decoded bytes equal `other`: see
    /// [`Decode::eq_bytes`].
    pub fn eq_bytes(&self, other: &[u8]) -> bool {
        self.chunks.eq_bytes(other)
    }

    /// Whether the remaining decoded bytes equal `other`'s UTF-8: see
    /// [`Decode::eq_str`].
    pub fn eq_str(&self, other: &str) -> bool {
        self.chunks.eq_str(other)
    }

    /// Writes the remaining decoded bytes into `out`: see
    /// [`Decode::write_into`].
    ///
    /// # Errors
    ///
    /// [`PctError::BufferTooSmall`] with the exact length needed; nothing
    /// is written.
    pub fn write_into(&self, out: &mut [u8]) -> Result<usize, PctError> {
        self.chunks.write_into(out)
    }

    /// The remaining decoded bytes, owned: see [`Decode::to_vec`].
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> Vec<u8> {
        self.chunks.to_vec()
    }
}

impl<'a> Iterator for Segment<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        self.chunks.next()
    }
}

impl core::iter::FusedIterator for Segment<'_> {}

/// The decoded `;` parameters of one [`Segment`], in order: made by
/// [`Segment::params`].
#[derive(Clone, Debug)]
pub struct Params<'a> {
    /// What follows the next `;`, `None` after the last parameter.
    rest: Option<&'a str>,
}

impl<'a> Iterator for Params<'a> {
    type Item = Decode<'a>;

    fn next(&mut self) -> Option<Decode<'a>> {
        let rest = self.rest?;
        let param = match crate::cut::split_once(rest, b';') {
            Some((param, tail)) => {
                self.rest = Some(tail);
                param
            }
            None => {
                self.rest = None;
                rest
            }
        };
        Some(Decode::new(param.as_bytes()))
    }
}

impl core::iter::FusedIterator for Params<'_> {}

/// The decoded `key=value` pairs of a query, made by `query_pairs()` on a
/// typed view.
///
/// RFC 3986 §3.4 gives the query no inner structure; this follows the
/// common `key=value&key=value` convention only as far as splitting goes:
/// the query is split at every `&`, and each pair at its first `=` into a
/// decoded key and `Some` decoded value, or `None` without a `=`. An empty
/// query has no pairs, but `a&&b` has an empty pair between `a` and `b`.
/// `+` is **not** decoded to a space: that is HTML form encoding
/// (`application/x-www-form-urlencoded`), not RFC 3986.
///
/// # Example
///
/// ```
/// let mut it = uridfa::pct::QueryPairs::new("q=a+b%3Dc&flag&x=");
/// let (k, v) = it.next().unwrap();
/// assert!(k.eq_str("q") && v.unwrap().eq_str("a+b=c"));
/// let (k, v) = it.next().unwrap();
/// assert!(k.eq_str("flag") && v.is_none());
/// let (k, v) = it.next().unwrap();
/// assert!(k.eq_str("x") && v.unwrap().eq_str(""));
/// assert!(it.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct QueryPairs<'a> {
    rest: Option<&'a [u8]>,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (without its `?`; `%` sequences assumed valid).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::pct::QueryPairs::new("").count(), 0);
    /// assert_eq!(uridfa::pct::QueryPairs::new("a=1&b").count(), 2);
    /// ```
    pub fn new(query: &'a str) -> QueryPairs<'a> {
        let bytes = query.as_bytes();
        QueryPairs {
            rest: (!bytes.is_empty()).then_some(bytes),
        }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = (Decode<'a>, Option<Decode<'a>>);

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest?;
        let pair = match rest.iter().position(|&b| b == b'&') {
            Some(i) => {
                self.rest = rest.get(i + 1..);
                &rest[..i]
            }
            None => {
                self.rest = None;
                rest
            }
        };
        Some(match pair.iter().position(|&b| b == b'=') {
            Some(i) => (
                Decode::new(&pair[..i]),
                Some(Decode::new(pair.get(i + 1..).unwrap_or(&[]))),
            ),
            None => (Decode::new(pair), None),
        })
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

impl From<crate::BufferTooSmall> for PctError {
    fn from(e: crate::BufferTooSmall) -> PctError {
        PctError::BufferTooSmall(e)
    }
}
