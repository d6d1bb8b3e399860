//! Percent-encoding with a component's [`EncodeSet`]: [`encoded_len`],
//! [`encode_into`], [`encode`] (an iterator of chunks, [`Encode`]), and with
//! `alloc` [`encode_to_string`].

use super::bytes::{triplet, HEX_UPPER};
use super::error::PctError;
#[cfg(feature = "alloc")]
use alloc::string::String;
use uridfa_runtime::EncodeSet;

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
