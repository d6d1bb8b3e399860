//! IRIs to URIs and back: the mapping of RFC 3987 §3.1 and the conversion
//! of §3.2, without allocation.
//!
//! - **IRI → URI** (§3.1 step 2): "For each character in 'ucschar' or
//!   'iprivate'", convert it to UTF-8 and each octet "to %HH" (upper-case
//!   hex, "To reduce variability"); everything else is left as it is.
//!   [`to_uri_len`], [`to_uri_into`], the chunk iterator [`to_uri`]
//!   ([`ToUri`], which is also `Display`) and, with `alloc`,
//!   `to_uri_string`. The typed views of [`crate::rfc3987`] have
//!   `to_uri()` and `to_uri_into()` for input already checked.
//! - **URI → IRI** (§3.2 steps 1 to 5): percent-encodings are decoded,
//!   except those that must stay, and octets that would not give a legal
//!   and appropriate character are re-encoded. [`to_iri_len`],
//!   [`to_iri_into`], the chunk iterator [`to_iri`] ([`ToIri`], also
//!   `Display`, whose items are [`IriChunk`]s) and, with `alloc`,
//!   `to_iri_string`. The typed views of [`crate::rfc3986`] have
//!   `to_iri()` and `to_iri_into()`. See Note [URI to IRI, step by step].
//!
//! §3.1 step 1 leaves nothing to do: the input is a `&str`, in a
//! "Unicode-based character encoding", so variant c applies ("do not
//! normalize"; no NFC). The optional ToASCII conversion of `ireg-name`
//! (§3.1, RFC 3490) is not done.
//!
//! # Input that is not an IRI (or not a URI)
//!
//! The free functions take any `&str` and never fail except for a short
//! buffer:
//!
//! - [`to_uri`] percent-encodes *every* non-ASCII character, which for an
//!   IRI is exactly §3.1 step 2 (outside ASCII, §2.2 allows nothing but
//!   `ucschar` and `iprivate`). ASCII is copied unchanged, including the
//!   characters §3.1 names as "not allowed in URIs" (`<`, `>`, `"`,
//!   space, `{`, `}`, `|`, `\`, `^`, `` ` ``), which systems "MAY" convert
//!   but, if they do not, "the conversion SHOULD fail": parse the input
//!   first (the view methods take an [`crate::rfc3987::IriRef`], whose
//!   grammar refuses them) or parse the result. For every valid
//!   `IRI-reference` the result is a valid `URI-reference` ("produces URIs
//!   fully conforming to \[RFC3986\]").
//! - [`to_iri`] reads literal ASCII as §3.2 step 1 does, copies literal
//!   non-ASCII characters unchanged (the input was then already an IRI,
//!   or is not a URI) and copies a `%` that does not start a `%HH` triplet
//!   as it is. For every valid `URI-reference` the result is a valid
//!   `IRI-reference` of [`crate::rfc3987`].
//!
//! # Example
//!
//! ```
//! use uridfa::iri;
//!
//! // RFC 3987 §3.2.1, the first example, and back (§3.1).
//! let mut buf = [0u8; 64];
//! let n = iri::to_iri_into("http://www.example.org/D%C3%BCrst", &mut buf)?;
//! assert_eq!(&buf[..n], "http://www.example.org/D\u{FC}rst".as_bytes());
//! let n = iri::to_uri_into("http://www.example.org/D\u{FC}rst", &mut buf)?;
//! assert_eq!(&buf[..n], b"http://www.example.org/D%C3%BCrst");
//! // Without a buffer: the chunk iterators are `Display`.
//! assert_eq!(iri::to_iri("http://www.example.org/D%FCrst").to_string(), "http://www.example.org/D%FCrst");
//! # Ok::<(), uridfa::BufferTooSmall>(())
//! ```

// Note [URI to IRI, step by step]
//
// RFC 3987 §3.2 converts a URI to an IRI in five steps ("or any other
// algorithm that produces the same result"):
//
// 1. "Represent the URI as a sequence of octets in US-ASCII." The input
//    is a &str; its bytes are those octets.
// 2. "Convert all percent-encodings ... to the corresponding octets,
//    except those corresponding to "%", characters in "reserved", and
//    characters in US-ASCII not allowed in URIs." The US-ASCII characters
//    that remain are exactly `unreserved` (RFC 3986 §2.3): ALPHA, DIGIT,
//    "-", ".", "_", "~". So %41 becomes "A" (the §3.2 caveat "except ...
//    for potential percent-encoded unreserved characters" is this), and
//    %2F, %25, %20 stay as written. Octets 0x80 to 0xFF are decoded.
// 3. "Re-percent-encode any octet produced in step 2 that is not part of
//    a strictly legal UTF-8 octet sequence." A sequence can only be made
//    of consecutive decoded non-ASCII octets (the literal octets are
//    ASCII), so at a decoded octet 0x80-0xFF we gather the octets of the
//    sequence its value announces from the following triplets and check
//    them with `core::str::from_utf8`, which is strict in RFC 3629's sense
//    (no overlong forms, no surrogates, nothing above U+10FFFF). If they
//    are not legal, that one octet is re-encoded and the next one is
//    looked at: a continuation octet never starts a sequence, so this
//    re-encodes every octet of the broken sequence.
// 4. "Re-percent-encode all octets produced in step 3 that in UTF-8
//    represent characters that are not appropriate according to sections
//    2.2, 4.1, and 6.1."
//    - §2.2: the character must be allowed where it stands. Outside ASCII
//      that is `ucschar`, or `iprivate` in `iquery` only. This is asked of
//      the generated tables (`irelative-ref` on the character alone, or on
//      "?" and the character), never of ranges typed a second time. The
//      query is found as RFC 3986 Appendix B finds it: after the first
//      "?" that comes before any "#", up to the next "#"; step 2 never
//      decodes "?" or "#" (both in `gen-delims`).
//    - §4.1: "IRIs MUST NOT contain bidirectional formatting characters
//      (LRM, RLM, LRE, RLE, LRO, RLO, and PDF)": U+200E, U+200F and
//      U+202A to U+202E. These are in `ucschar`, so the tables allow them;
//      they are listed here, from the prose.
//    - §6.1: "(a) ... generic IRI software cannot and should not check for
//      such limitations" (per component), and (b) asks to avoid
//      look-alikes without listing them; §3.2 says "Because there are
//      some choices when step 4 is applied (see section 6.1), results may
//      vary." Our choice: no character is re-encoded for §6.1.
//    An octet re-encoded in step 3 or 4 is written with upper-case hex, as
//    §3.2.1's third example shows ("%e2%80%ae" becomes "%E2%80%AE": "the
//    case ... used in percent-encodings may not be preserved"). Triplets
//    that step 2 does not decode are copied as written.
// 5. "Interpret the resulting octet sequence as a sequence of characters
//    encoded in UTF-8." The output is a &str by construction.
//
// The result of a valid URI-reference is a valid IRI-reference: a decoded
// character replaces a `pct-encoded` wherever it stands, and every rule of
// RFC 3987 §2.2 that allows `pct-encoded` also allows `iunreserved`
// (`iuserinfo`, `ireg-name`, `isegment*`, `iquery`, `ifragment`);
// `iprivate` is decoded only in `iquery`, which allows it.

use core::fmt;

use crate::pct::{octet_at, triplet};
use crate::view::View;
use crate::BufferTooSmall;

#[cfg(feature = "alloc")]
use alloc::string::String;

// ---------------------------------------------------------------------
// IRI -> URI (§3.1)

/// The length of the URI that [`to_uri`] maps `iri` to: its length plus
/// two for each non-ASCII byte.
///
/// # Example
///
/// ```
/// // RFC 3987 §3.1: U+10300 is four UTF-8 octets, "%F0%90%8C%80".
/// assert_eq!(uridfa::iri::to_uri_len("/\u{10300}"), 13);
/// ```
pub fn to_uri_len(iri: &str) -> usize {
    iri.bytes().fold(0usize, |n, b| {
        n.saturating_add(if b.is_ascii() { 1 } else { 3 })
    })
}

/// Maps `iri` to a URI (RFC 3987 §3.1 step 2) into `out` and returns the
/// length written: `out[..n]`, ASCII.
///
/// Every non-ASCII character becomes the `%HH` triplets of its UTF-8
/// octets, upper-case; ASCII is copied. See the [module docs](self) for
/// input that is not an IRI.
///
/// # Errors
///
/// [`BufferTooSmall`] with the exact length needed ([`to_uri_len`]);
/// nothing is written.
///
/// # Example
///
/// ```
/// // RFC 3987 §3.1: the red rose example; existing triplets stay as they are.
/// let mut buf = [0u8; 64];
/// let n = uridfa::iri::to_uri_into("http://www.example.org/red%09ros\u{E9}#red", &mut buf)?;
/// assert_eq!(&buf[..n], b"http://www.example.org/red%09ros%C3%A9#red");
/// # Ok::<(), uridfa::BufferTooSmall>(())
/// ```
pub fn to_uri_into(iri: &str, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
    let needed = to_uri_len(iri);
    if out.len() < needed {
        return Err(BufferTooSmall { needed });
    }
    let mut n = 0usize;
    for chunk in to_uri(iri) {
        n = put(out, n, chunk.as_bytes());
    }
    Ok(n)
}

/// Copies `bytes` to `out[n..]` (as much as fits) and returns the new
/// length. A zip rather than `copy_from_slice`, whose length check is a
/// panic path the optimizer cannot always remove.
fn put(out: &mut [u8], n: usize, bytes: &[u8]) -> usize {
    if let Some(d) = out.get_mut(n..) {
        for (d, &b) in d.iter_mut().zip(bytes) {
            *d = b;
        }
    }
    n.saturating_add(bytes.len())
}

/// The UTF-8 of `c` and its length, without `char::encode_utf8` (which
/// checks its buffer's length).
fn utf8(c: char) -> ([u8; 4], usize) {
    let v = u32::from(c);
    // Each `as u8` keeps the low bits on purpose.
    match v {
        0..=0x7F => ([v as u8, 0, 0, 0], 1),
        0x80..=0x7FF => ([0xC0 | (v >> 6) as u8, 0x80 | (v & 0x3F) as u8, 0, 0], 2),
        0x800..=0xFFFF => (
            [
                0xE0 | (v >> 12) as u8,
                0x80 | ((v >> 6) & 0x3F) as u8,
                0x80 | (v & 0x3F) as u8,
                0,
            ],
            3,
        ),
        _ => (
            [
                0xF0 | (v >> 18) as u8,
                0x80 | ((v >> 12) & 0x3F) as u8,
                0x80 | ((v >> 6) & 0x3F) as u8,
                0x80 | (v & 0x3F) as u8,
            ],
            4,
        ),
    }
}

/// The URI that `iri` maps to (RFC 3987 §3.1 step 2), as an iterator of
/// `&str` chunks that is also `Display`: runs of ASCII (slices of `iri`)
/// and `%HH` triplets (static). Nothing is allocated.
///
/// # Example
///
/// ```
/// let chunks: Vec<&str> = uridfa::iri::to_uri("a\u{E9}b").collect();
/// assert_eq!(chunks, ["a", "%C3", "%A9", "b"]);
/// assert_eq!(uridfa::iri::to_uri("a\u{E9}b").to_string(), "a%C3%A9b");
/// ```
pub fn to_uri(iri: &str) -> ToUri<'_> {
    ToUri {
        rest: iri.as_bytes(),
    }
}

/// The chunks of the URI an IRI maps to; made by [`to_uri`] and by
/// `to_uri()` on the views of [`crate::rfc3987`]. `Display` writes them
/// all.
#[derive(Clone, Debug)]
pub struct ToUri<'a> {
    /// What is left of the IRI; it starts at a character boundary.
    rest: &'a [u8],
}

impl<'a> Iterator for ToUri<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&b, tail) = self.rest.split_first()?;
        if !b.is_ascii() {
            self.rest = tail;
            return Some(triplet(b));
        }
        let mut end = 1;
        while let Some(c) = self.rest.get(end) {
            if !c.is_ascii() {
                break;
            }
            end += 1;
        }
        let (run, rest) = self.rest.split_at_checked(end)?;
        self.rest = rest;
        // ASCII only.
        core::str::from_utf8(run).ok()
    }
}

impl core::iter::FusedIterator for ToUri<'_> {}

impl fmt::Display for ToUri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.clone().try_for_each(|c| f.write_str(c))
    }
}

/// Maps `iri` to a URI (RFC 3987 §3.1 step 2) in a new string.
///
/// # Example
///
/// ```
/// // RFC 3987 §3.1: "http://example.com/&#x10300;&#x10301;&#x10302;".
/// assert_eq!(
///     uridfa::iri::to_uri_string("http://example.com/\u{10300}\u{10301}\u{10302}"),
///     "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
/// );
/// ```
#[cfg(feature = "alloc")]
pub fn to_uri_string(iri: &str) -> String {
    let mut s = String::with_capacity(to_uri_len(iri));
    s.extend(to_uri(iri));
    s
}

// ---------------------------------------------------------------------
// URI -> IRI (§3.2)

/// One chunk of the IRI made by [`to_iri`]: text of the input (a run of
/// it, a triplet kept as written, or a static upper-case triplet), or a
/// character decoded from percent-encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IriChunk<'a> {
    /// Text copied from the input, or a re-encoded `%HH` triplet.
    Str(&'a str),
    /// A character decoded from one to four `%HH` triplets.
    Char(char),
}

impl IriChunk<'_> {
    /// The chunk's length in bytes (UTF-8).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::iri::IriChunk;
    /// assert_eq!(IriChunk::Char('\u{FC}').len(), 2);
    /// assert_eq!(IriChunk::Str("%FC").len(), 3);
    /// ```
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        match self {
            IriChunk::Str(s) => s.len(),
            IriChunk::Char(c) => c.len_utf8(),
        }
    }
}

impl fmt::Display for IriChunk<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IriChunk::Str(s) => f.write_str(s),
            IriChunk::Char(c) => fmt::Write::write_char(f, *c),
        }
    }
}

/// The length of the IRI that [`to_iri`] converts `uri` to.
///
/// # Example
///
/// ```
/// // "%C3%BC" (6 bytes) becomes U+00FC (2 bytes).
/// assert_eq!(uridfa::iri::to_iri_len("D%C3%BCrst"), 6);
/// ```
pub fn to_iri_len(uri: &str) -> usize {
    to_iri(uri).fold(0usize, |n, c| n.saturating_add(c.len()))
}

/// Converts `uri` to an IRI (RFC 3987 §3.2, steps 1 to 5) into `out` and
/// returns the length written: `out[..n]` is UTF-8.
///
/// Percent-encoded `unreserved` characters and percent-encoded UTF-8 of
/// characters allowed where they stand are decoded; everything else stays
/// (see Note [URI to IRI, step by step] in the source, and the [module
/// docs](self) for input that is not a URI).
///
/// # Errors
///
/// [`BufferTooSmall`] with the exact length needed ([`to_iri_len`]);
/// nothing is written.
///
/// # Example
///
/// ```
/// let mut buf = [0u8; 64];
/// // RFC 3987 §3.2.1, third example: U+202E (RLO) is not appropriate (§4.1).
/// let n = uridfa::iri::to_iri_into("http://xn--99zt52a.example.org/%e2%80%ae", &mut buf)?;
/// assert_eq!(&buf[..n], b"http://xn--99zt52a.example.org/%E2%80%AE");
/// # Ok::<(), uridfa::BufferTooSmall>(())
/// ```
pub fn to_iri_into(uri: &str, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
    let needed = to_iri_len(uri);
    if out.len() < needed {
        return Err(BufferTooSmall { needed });
    }
    let mut n = 0usize;
    for chunk in to_iri(uri) {
        n = match chunk {
            IriChunk::Str(s) => put(out, n, s.as_bytes()),
            IriChunk::Char(c) => {
                let (bytes, len) = utf8(c);
                put(out, n, bytes.get(..len).unwrap_or(&[]))
            }
        };
    }
    Ok(n)
}

/// The IRI that `uri` converts to (RFC 3987 §3.2), as an iterator of
/// [`IriChunk`]s that is also `Display`. Nothing is allocated.
///
/// # Example
///
/// ```
/// use uridfa::iri::{to_iri, IriChunk};
/// let chunks: Vec<IriChunk> = to_iri("/%7Ea%2Fb%C3%A9").collect();
/// assert_eq!(
///     chunks,
///     [IriChunk::Str("/"), IriChunk::Char('~'), IriChunk::Str("a%2Fb"), IriChunk::Char('\u{E9}')]
/// );
/// assert_eq!(to_iri("/%7Ea%2Fb%C3%A9").to_string(), "/~a%2Fb\u{E9}");
/// ```
pub fn to_iri(uri: &str) -> ToIri<'_> {
    let b = uri.as_bytes();
    // RFC 3986 Appendix B: the query follows the first "?" that comes
    // before any "#", and ends at the next "#".
    let query = match b.iter().position(|&c| c == b'?' || c == b'#') {
        Some(q) if b.get(q) == Some(&b'?') => {
            let start = q.saturating_add(1);
            let len = b
                .get(start..)
                .and_then(|t| t.iter().position(|&c| c == b'#'))
                .unwrap_or(b.len().saturating_sub(start));
            (start, start.saturating_add(len))
        }
        _ => (0, 0),
    };
    ToIri {
        uri,
        i: 0,
        query_start: query.0,
        query_end: query.1,
    }
}

/// The chunks of the IRI a URI converts to; made by [`to_iri`] and by
/// `to_iri()` on the views of [`crate::rfc3986`]. `Display` writes them
/// all.
#[derive(Clone, Debug)]
pub struct ToIri<'a> {
    uri: &'a str,
    /// The next byte to read; always a character boundary.
    i: usize,
    /// The span of the query's text (without its `?`); empty without one.
    query_start: usize,
    query_end: usize,
}

/// What a `%HH` triplet at some offset turns into.
enum Step {
    /// Decoded (§3.2 step 2, kept by steps 3 and 4), from `len` bytes.
    Decode(char, usize),
    /// Decoded in step 2, re-encoded in step 3 or 4: the octet.
    Reencode(u8),
}

impl ToIri<'_> {
    /// What becomes of the `%` at offset `i`, if step 2 decodes it; `None`
    /// for text copied as it is (a triplet step 2 keeps, or no triplet).
    fn step_at(&self, i: usize) -> Option<Step> {
        let b = self.uri.as_bytes();
        let v = b.get(i..).and_then(octet_at)?;
        if v.is_ascii() {
            // Step 2: of US-ASCII, only `unreserved` is decoded.
            return (v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~'))
                .then_some(Step::Decode(char::from(v), 3));
        }
        // Step 3: a strictly legal UTF-8 sequence from consecutive triplets.
        let len = match v {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => return Some(Step::Reencode(v)),
        };
        // Byte 0 is room for a "?" (step 4's check in the query).
        let mut octets = [b'?', 0, 0, 0, 0];
        for k in 0..len {
            let o = b.get(i.saturating_add(3 * k)..).and_then(octet_at);
            match (o, octets.get_mut(k + 1)) {
                (Some(o), Some(slot)) => *slot = o,
                _ => return Some(Step::Reencode(v)),
            }
        }
        let Some(c) = octets
            .get(1..=len)
            .and_then(|s| core::str::from_utf8(s).ok())
            .and_then(|s| s.chars().next())
        else {
            return Some(Step::Reencode(v));
        };
        // Step 4.
        let in_query = self.query_start <= i && i < self.query_end;
        let with = if in_query { 0 } else { 1 };
        let allowed = !is_bidi_format(c)
            && octets.get(with..=len).is_some_and(|s| {
                uridfa_runtime::validate(&crate::rfc3987::tables::IRELATIVE_REF, s).is_ok()
            });
        Some(if allowed {
            Step::Decode(c, 3 * len)
        } else {
            Step::Reencode(v)
        })
    }
}

/// The bidirectional formatting characters RFC 3987 §4.1 forbids in IRIs:
/// "LRM, RLM, LRE, RLE, LRO, RLO, and PDF" (U+200E, U+200F, U+202A to
/// U+202E).
fn is_bidi_format(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}')
}

impl<'a> Iterator for ToIri<'a> {
    type Item = IriChunk<'a>;

    fn next(&mut self) -> Option<IriChunk<'a>> {
        let b = self.uri.as_bytes();
        let start = self.i;
        let &first = b.get(start)?;
        if first == b'%' {
            match self.step_at(start) {
                Some(Step::Decode(c, n)) => {
                    self.i = start.saturating_add(n);
                    return Some(IriChunk::Char(c));
                }
                Some(Step::Reencode(v)) => {
                    self.i = start.saturating_add(3);
                    return Some(IriChunk::Str(triplet(v)));
                }
                None => {}
            }
        }
        // A run of text copied as it is, up to the next triplet that step
        // 2 decodes.
        let mut end = start.saturating_add(1);
        while let Some(&c) = b.get(end) {
            if c == b'%' && self.step_at(end).is_some() {
                break;
            }
            end += 1;
        }
        // Both ends are at an ASCII byte or at the end: boundaries.
        let run = self.uri.get(start..end)?;
        self.i = end;
        Some(IriChunk::Str(run))
    }
}

impl core::iter::FusedIterator for ToIri<'_> {}

impl fmt::Display for ToIri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.clone().try_for_each(|c| fmt::Display::fmt(&c, f))
    }
}

/// Converts `uri` to an IRI (RFC 3987 §3.2) in a new string.
///
/// # Example
///
/// ```
/// // RFC 3987 §3.2.1, first example.
/// assert_eq!(
///     uridfa::iri::to_iri_string("http://www.example.org/D%C3%BCrst"),
///     "http://www.example.org/D\u{FC}rst"
/// );
/// ```
#[cfg(feature = "alloc")]
pub fn to_iri_string(uri: &str) -> String {
    let mut s = String::with_capacity(uri.len());
    for chunk in to_iri(uri) {
        match chunk {
            IriChunk::Str(t) => s.push_str(t),
            IriChunk::Char(c) => s.push(c),
        }
    }
    s
}

// ---------------------------------------------------------------------
// The typed views

// The views' `to_iri()` (rfc3986) and `to_uri()` (rfc3987) are the
// traits below, `MapToIri` and `MapToUri`, implemented on each view in
// its grammar's module.

/// What RFC 3987 §3.2 adds to every URI view: the IRI it converts to
/// (`rfc3986`'s views, with the `rfc3987` feature).
pub trait MapToIri<'a>: View<'a> {
    /// The IRI this URI converts to (RFC 3987 §3.2): an iterator of
    /// [`IriChunk`]s that is also `Display`, a valid
    /// `IRI-reference`; see [`to_iri`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let u = uridfa::rfc3986::UriRef::parse("http://a/r%C3%A9sum%C3%A9")?;
    /// assert_eq!(u.to_iri().to_string(), "http://a/r\u{E9}sum\u{E9}");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn to_iri(&self) -> ToIri<'a> {
        to_iri(View::as_str(self))
    }

    /// Writes the IRI this URI converts to into `out` and returns its
    /// length; see [`to_iri_into`].
    ///
    /// # Errors
    ///
    /// [`crate::BufferTooSmall`] with the exact length needed; nothing is
    /// written.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let u = uridfa::rfc3986::UriRef::parse("http://a/%E9")?;
    /// let mut buf = [0u8; 32];
    /// let n = u.to_iri_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/%E9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_iri_into(&self, out: &mut [u8]) -> Result<usize, crate::BufferTooSmall> {
        to_iri_into(View::as_str(self), out)
    }
}

/// What RFC 3987 §3.1 adds to every IRI view: the URI it maps to
/// (`rfc3987`'s views).
pub trait MapToUri<'a>: View<'a> {
    /// The URI this IRI maps to (RFC 3987 §3.1 step 2): the UTF-8 of
    /// every `ucschar` and `iprivate` percent-encoded. An iterator of
    /// `&str` chunks that is also `Display`; see [`to_uri`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let i = uridfa::rfc3987::IriRef::parse("http://a/r\u{E9}sum\u{E9}")?;
    /// assert_eq!(i.to_uri().to_string(), "http://a/r%C3%A9sum%C3%A9");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    fn to_uri(&self) -> ToUri<'a> {
        to_uri(View::as_str(self))
    }

    /// Writes the URI this IRI maps to into `out` and returns its length;
    /// see [`to_uri_into`].
    ///
    /// # Errors
    ///
    /// [`crate::BufferTooSmall`] with the exact length needed; nothing is
    /// written.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// let i = uridfa::rfc3987::IriRef::parse("http://a/\u{E9}")?;
    /// let mut buf = [0u8; 32];
    /// let n = i.to_uri_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/%C3%A9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_uri_into(&self, out: &mut [u8]) -> Result<usize, crate::BufferTooSmall> {
        to_uri_into(View::as_str(self), out)
    }
}

// The views the traits hold for are named in their grammars' modules
// (`rfc3986.rs` under the feature `rfc3987`, `rfc3987.rs`).
