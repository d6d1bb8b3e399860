//! Percent-decoding: [`decoded_len`], [`decode_into`], [`decode`] (an
//! iterator of chunks, [`Decode`]), and with `alloc` [`decode_to_vec`] and
//! [`decode_to_string`].

use core::fmt;

use super::bytes::{octet_at, BYTES};
use super::error::PctError;
#[cfg(feature = "alloc")]
use alloc::{string::String, vec::Vec};

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
///
/// `Display` writes the decoded bytes as UTF-8 text, lossily: each
/// invalid sequence becomes U+FFFD, as `String::from_utf8_lossy` does
/// (what a reader of the text means; [`decode_to_string`] is the exact,
/// failing form, [`Decode::to_vec`] the bytes). `Debug` writes the
/// decoded text quoted, with each byte that is not UTF-8 as `\xNN`, so
/// that it shows exactly what was decoded. Neither allocates.
///
/// # Example
///
/// ```
/// let d = uridfa::pct::decode("caf%C3%A9%20au%20lait")?;
/// assert_eq!(d.to_string(), "café au lait");
/// assert_eq!(format!("{d:?}"), r#"Decode("café au lait")"#);
/// let bad = uridfa::pct::decode("a%FFb")?;
/// assert_eq!(bad.to_string(), "a\u{FFFD}b");
/// assert_eq!(format!("{bad:?}"), r#"Decode("a\xFFb")"#);
/// # Ok::<(), uridfa::pct::PctError>(())
/// ```
#[derive(Clone)]
pub struct Decode<'a> {
    rest: &'a [u8],
    /// `+` decodes to a space (`application/x-www-form-urlencoded`).
    plus: bool,
}

impl<'a> Decode<'a> {
    /// The chunks of `input`, whose `%` sequences are assumed valid.
    pub(crate) fn new(input: &'a [u8]) -> Decode<'a> {
        Decode {
            rest: input,
            plus: false,
        }
    }

    /// The chunks of `input` as a form's name or value: each `+` is a
    /// space, then `%XX` triplets decode (the WHATWG URL Standard's
    /// `application/x-www-form-urlencoded` parser, step 3.4 then 3.5).
    pub(crate) fn form(input: &'a [u8]) -> Decode<'a> {
        Decode {
            rest: input,
            plus: true,
        }
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
        if !self.plus {
            return decode_into(self.rest, out);
        }
        let needed = self.decoded_len();
        if out.len() < needed {
            return Err(PctError::BufferTooSmall(crate::BufferTooSmall { needed }));
        }
        let mut n = 0usize;
        for chunk in self.clone() {
            for &b in chunk {
                if let Some(slot) = out.get_mut(n) {
                    *slot = b;
                }
                n = n.saturating_add(1);
            }
        }
        Ok(n)
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
        if self.plus && self.rest.first() == Some(&b'+') {
            self.rest = self.rest.get(1..).unwrap_or(&[]);
            return Some(b" ");
        }
        // A literal run up to the next `%` (or form `+`; a first `%` here
        // is malformed and passed through).
        // A loop rather than `position`, whose count carries overflow
        // checks into debug builds (check-nopanic).
        let mut end = 1;
        while let Some(&b) = self.rest.get(end) {
            if b == b'%' || (self.plus && b == b'+') {
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

impl fmt::Display for Decode<'_> {
    /// The decoded text, invalid UTF-8 as U+FFFD (see [`Decode`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_text(self.clone(), f, Invalid::Replace)
    }
}

impl fmt::Debug for Decode<'_> {
    /// `Decode("...")`: the decoded text escaped as `str`'s `Debug`
    /// escapes it, each byte that is not UTF-8 as `\xNN` (see
    /// [`Decode`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Decode(")?;
        write_quoted(self.clone(), f)?;
        f.write_str(")")
    }
}

/// What [`write_text`] writes for a byte sequence that is not UTF-8.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Invalid {
    /// U+FFFD per maximal invalid subpart (`String::from_utf8_lossy`).
    Replace,
    /// `\xNN` per byte, and every character escaped as `char::escape_debug`
    /// escapes it (inside `"..."`).
    Escape,
}

/// `chunks` in quotes, escaped (Invalid::Escape).
pub(super) fn write_quoted<'a>(
    chunks: impl Iterator<Item = &'a [u8]>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str("\"")?;
    write_text(chunks, f, Invalid::Escape)?;
    f.write_str("\"")
}

/// Writes the bytes of `chunks` as text: a sequence may be split over
/// chunks (`%C3%A9` comes as two), so the bytes go through a small
/// buffer whose unfinished last sequence waits for the next bytes.
pub(super) fn write_text<'a>(
    chunks: impl Iterator<Item = &'a [u8]>,
    f: &mut fmt::Formatter<'_>,
    invalid: Invalid,
) -> fmt::Result {
    let mut buf = [0u8; 64];
    let mut len = 0usize;
    for chunk in chunks {
        for &b in chunk {
            if len >= buf.len() {
                len = flush(&mut buf, len, f, invalid, false)?;
            }
            if let Some(slot) = buf.get_mut(len) {
                *slot = b;
                len += 1;
            }
        }
    }
    flush(&mut buf, len, f, invalid, true).map(|_| ())
}

/// Writes `buf[..len]` and moves an unfinished last sequence (unless
/// `last`) to the front: returns its length.
fn flush(
    buf: &mut [u8; 64],
    len: usize,
    f: &mut fmt::Formatter<'_>,
    invalid: Invalid,
    last: bool,
) -> Result<usize, fmt::Error> {
    let mut start = 0usize;
    loop {
        let rest = buf.get(start..len).unwrap_or(&[]);
        let (valid, bad) = match core::str::from_utf8(rest) {
            Ok(text) => (text, None),
            Err(e) => (
                rest.get(..e.valid_up_to())
                    .and_then(|v| core::str::from_utf8(v).ok())
                    .unwrap_or(""),
                Some((e.valid_up_to(), e.error_len())),
            ),
        };
        match invalid {
            Invalid::Replace => f.write_str(valid)?,
            Invalid::Escape => {
                for c in valid.chars() {
                    // `'` needs no escape inside a `"..."`.
                    if c == '\'' {
                        f.write_str("'")?;
                    } else {
                        fmt::Display::fmt(&c.escape_debug(), f)?;
                    }
                }
            }
        }
        let Some((up_to, error_len)) = bad else {
            return Ok(0);
        };
        let at = start.saturating_add(up_to);
        let n = match error_len {
            Some(n) => n,
            // An unfinished sequence at the end: it may go on in the next
            // bytes, unless these are the last.
            None if !last => {
                let tail = len.saturating_sub(at);
                buf.copy_within(at..len, 0);
                return Ok(tail);
            }
            None => len.saturating_sub(at),
        };
        match invalid {
            Invalid::Replace => f.write_str("\u{FFFD}")?,
            Invalid::Escape => {
                for b in buf.get(at..at.saturating_add(n)).unwrap_or(&[]) {
                    write!(f, "\\x{b:02X}")?;
                }
            }
        }
        start = at.saturating_add(n);
    }
}

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
