//! A URI found in text: [`Found`], how it was delimited ([`Delimiter`]),
//! and its bytes without the whitespace of a wrapped URI ([`Chunks`]).

use core::ops::Range;

use uridfa_runtime::{Error as RunError, Machine, Span, Tables, MAX_STACK_REGS};

use crate::BufferTooSmall;

/// How a URI was delimited in the text.
///
/// # Example
///
/// ```
/// use uridfa::text::{Delimiter, Finder};
/// let kinds: Vec<Delimiter> = Finder::new()
///     .find_iter(r#"<URL:http://a/x> <http://b/> "http://c/" http://d/"#)
///     .map(|f| f.delimiter())
///     .collect();
/// assert_eq!(kinds, [Delimiter::UrlPrefix, Delimiter::Angle, Delimiter::Quote, Delimiter::Bare]);
/// assert_eq!(Delimiter::UrlPrefix.name(), "url-prefix");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// `<URL:...>` (draft-ietf-uri-url-06, APPENDIX), also `<URL: ...>`.
    UrlPrefix,
    /// `<...>` (draft-fielding-url-syntax-05 and 2396bis-01, Appendix E).
    Angle,
    /// `"..."` (same appendices); a `URL:` after the quote is dropped too.
    Quote,
    /// Whitespace or punctuation around a bare URI, or an abbreviated one.
    Bare,
}

impl Delimiter {
    /// The name used by the command line: `url-prefix`, `angle`, `quote`
    /// or `bare`.
    ///
    /// ```
    /// assert_eq!(uridfa::text::Delimiter::Bare.name(), "bare");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Delimiter::UrlPrefix => "url-prefix",
            Delimiter::Angle => "angle",
            Delimiter::Quote => "quote",
            Delimiter::Bare => "bare",
        }
    }
}

/// One URI found in the text.
///
/// Offsets are byte offsets into the text. [`Found::range`] runs from the
/// URI's first byte to its last; with whitespace inside (a wrapped URI
/// broken across lines), [`Found::chunks`] gives the URI itself.
///
/// # Example
///
/// ```
/// use uridfa::text::Finder;
/// let text = "Note the warning in <http://ds.internic.net/\n   instructions/overview.html#WARNING>.";
/// let f = Finder::new().find_iter(text).next().unwrap();
/// assert_eq!(f.outer_range(), 20..83);
/// assert_eq!(f.range(), 21..82);
/// assert_eq!(f.as_str(), None); // not contiguous
/// let mut buf = [0u8; 80];
/// let n = f.write_into(&mut buf)?;
/// assert_eq!(&buf[..n], b"http://ds.internic.net/instructions/overview.html#WARNING");
/// # Ok::<(), uridfa::BufferTooSmall>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Found<'a, 't> {
    pub(super) text: &'a [u8],
    pub(super) tables: &'t Tables<'t>,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) outer_start: usize,
    pub(super) outer_end: usize,
    /// The end of what the grammar accepted: `end`, or the `#` of a
    /// fragment outside the grammar (Note [fragment in the wrapper]).
    pub(super) grammar_end: usize,
    pub(super) delimiter: Delimiter,
    pub(super) whitespace: bool,
    pub(super) ambiguous_hyphen: bool,
    pub(super) implied: Option<&'static str>,
}

impl<'a, 't> Found<'a, 't> {
    /// The URI's span in the text, from its first byte to its last
    /// (delimiters and `URL:` excluded; whitespace inside included).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("(http://a/b)").next().unwrap();
    /// assert_eq!(f.range(), 1..11);
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The span with its delimiters: `<URL:` … `>`, `<` … `>`, `"` … `"`;
    /// equal to [`Found::range`] for a bare URI.
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("x <URL:http://a/> y").next().unwrap();
    /// assert_eq!((f.outer_range(), f.range()), (2..17, 7..16));
    /// ```
    pub fn outer_range(&self) -> Range<usize> {
        self.outer_start..self.outer_end
    }

    /// How the URI was delimited.
    ///
    /// ```
    /// use uridfa::text::{Delimiter, Finder};
    /// let f = Finder::new().find_iter("\"http://a/\"").next().unwrap();
    /// assert_eq!(f.delimiter(), Delimiter::Quote);
    /// ```
    pub fn delimiter(&self) -> Delimiter {
        self.delimiter
    }

    /// Whether whitespace inside the wrapper was removed (the URI is not
    /// the contiguous bytes of [`Found::range`]).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/\n b>").next().unwrap();
    /// assert!(f.has_whitespace());
    /// ```
    pub fn has_whitespace(&self) -> bool {
        self.whitespace
    }

    /// Whether a hyphen directly before a line break makes the URI
    /// ambiguous (draft-fielding-url-syntax-05 App. E): the reading with the
    /// hyphen ([`Found::chunks`]) and the one without
    /// ([`Found::chunks_without_line_end_hyphens`]) are both accepted by
    /// the grammar.
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/long-\n  name>").next().unwrap();
    /// assert!(f.is_ambiguous_hyphen());
    /// let mut buf = [0u8; 32];
    /// let n = f.write_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/long-name");
    /// let n = f.write_without_line_end_hyphens_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/longname");
    /// # Ok::<(), uridfa::BufferTooSmall>(())
    /// ```
    pub fn is_ambiguous_hyphen(&self) -> bool {
        self.ambiguous_hyphen
    }

    /// For an abbreviated URI (2396bis-01 App. F; [`Finder::abbreviated`](super::Finder::abbreviated)):
    /// the scheme prefix it implies, `"http://"` or `"ftp://"`. The text
    /// itself ([`Found::chunks`]) does not contain it.
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().abbreviated(true);
    /// assert_eq!(f.find_iter("www.w3.org").next().unwrap().implied_prefix(), Some("http://"));
    /// ```
    pub fn implied_prefix(&self) -> Option<&'static str> {
        self.implied
    }

    /// The span of a `#fragment` that the wrapper holds after a URL whose
    /// grammar has no fragment (RFC 1738's `url`; draft-ietf-uri-url-06
    /// puts the fragment identifier "within the brackets as well"), `#`
    /// included. It is part of [`Found::chunks`], not of
    /// [`Found::split_into`]. `None` when the grammar accepted the whole
    /// URI.
    ///
    /// ```
    /// let text = "<URL:http://ds.internic.net/overview.html#WARNING>";
    /// let f = uridfa::text::Finder::rfc1738().find_iter(text).next().unwrap();
    /// assert_eq!(f.fragment_outside_grammar(), Some(41..49));
    /// assert_eq!(f.as_str(), Some("http://ds.internic.net/overview.html#WARNING"));
    /// assert_eq!(uridfa::text::Finder::new().find_iter(text).next().unwrap().fragment_outside_grammar(), None);
    /// ```
    pub fn fragment_outside_grammar(&self) -> Option<Range<usize>> {
        (self.grammar_end < self.end).then_some(self.grammar_end..self.end)
    }

    /// The bytes of [`Found::range`], whitespace included.
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/\n b>").next().unwrap();
    /// assert_eq!(f.as_bytes(), b"http://a/\n b");
    /// ```
    pub fn as_bytes(&self) -> &'a [u8] {
        self.text.get(self.start..self.end).unwrap_or(&[])
    }

    /// The URI as a `&str` of the text, when it is contiguous (no
    /// whitespace removed) and UTF-8; then the typed views apply directly.
    ///
    /// ```
    /// use uridfa::prelude::*;
    /// use uridfa::rfc3986::Uri;
    /// let f = uridfa::text::Finder::new().find_iter("at http://a:8080/b.").next().unwrap();
    /// let uri = Uri::parse(f.as_str().unwrap())?;
    /// assert_eq!(uri.port_u16(), Some(8080));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn as_str(&self) -> Option<&'a str> {
        if self.whitespace {
            return None;
        }
        core::str::from_utf8(self.as_bytes()).ok()
    }

    /// The URI without whitespace, as the runs of bytes between the
    /// whitespace (one chunk for a contiguous URI; the implied prefix of an
    /// abbreviated URI is not included).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<URL:ftp://ds.inter\n   nic.net/rfc>").next().unwrap();
    /// let parts: Vec<&[u8]> = f.chunks().collect();
    /// assert_eq!(parts, [&b"ftp://ds.inter"[..], b"nic.net/rfc"]);
    /// ```
    pub fn chunks(&self) -> Chunks<'a> {
        Chunks {
            rest: self.as_bytes(),
            drop_hyphens: false,
        }
    }

    /// The other reading of an ambiguous URI: [`Found::chunks`] with the
    /// hyphen dropped at the end of every chunk that a line break follows.
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/b-\nc>").next().unwrap();
    /// let parts: Vec<&[u8]> = f.chunks_without_line_end_hyphens().collect();
    /// assert_eq!(parts, [&b"http://a/b"[..], b"c"]);
    /// ```
    pub fn chunks_without_line_end_hyphens(&self) -> Chunks<'a> {
        Chunks {
            rest: self.as_bytes(),
            drop_hyphens: true,
        }
    }

    /// The length of the URI without whitespace (the implied prefix not
    /// counted).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/\n b>").next().unwrap();
    /// assert_eq!(f.len(), 10);
    /// ```
    #[allow(clippy::len_without_is_empty)] // a URI is never empty
    pub fn len(&self) -> usize {
        self.chunks().fold(0usize, |n, c| n.saturating_add(c.len()))
    }

    /// Writes the URI without whitespace into `out` and returns its length.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] (with the length needed) if `out` is shorter than
    /// [`Found::len`]; nothing useful is written then.
    ///
    /// # Example
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/\n b>").next().unwrap();
    /// let mut buf = [0u8; 16];
    /// let n = f.write_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/b");
    /// assert!(f.write_into(&mut buf[..4]).is_err());
    /// # Ok::<(), uridfa::BufferTooSmall>(())
    /// ```
    pub fn write_into(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        write_chunks(self.chunks(), out)
    }

    /// [`Found::write_into`] for the reading without line-end hyphens.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`], as [`Found::write_into`].
    ///
    /// # Example
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/b-\n c>").next().unwrap();
    /// let mut buf = [0u8; 16];
    /// let n = f.write_without_line_end_hyphens_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/bc");
    /// # Ok::<(), uridfa::BufferTooSmall>(())
    /// ```
    pub fn write_without_line_end_hyphens_into(
        &self,
        out: &mut [u8],
    ) -> Result<usize, BufferTooSmall> {
        write_chunks(self.chunks_without_line_end_hyphens(), out)
    }

    /// The URI without whitespace, as a `String` (implied prefix not
    /// included).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().find_iter("<http://a/\n b>").next().unwrap();
    /// assert_eq!(f.to_uri_string(), "http://a/b");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_uri_string(&self) -> alloc::string::String {
        let mut s = alloc::string::String::with_capacity(self.len());
        for c in self.chunks() {
            s.push_str(&alloc::string::String::from_utf8_lossy(c));
        }
        s
    }

    /// The grammar's captures of this URI, written into `out` (at least
    /// [`Tables::capture_len`] slots), as [`uridfa_runtime::split_with`]
    /// does. Offsets count in the URI as [`Found::write_into`] writes it,
    /// preceded by [`Found::implied_prefix`] when there is one.
    ///
    /// # Errors
    ///
    /// [`uridfa_runtime::ErrorKind::BufferTooSmall`] if `out` is too short
    /// (or the tables need more than
    /// [`uridfa_runtime::MAX_STACK_REGS`] registers). The URI
    /// itself was accepted when it was found.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::tables::{CAPTURE_LEN, HOST};
    /// let f = uridfa::text::Finder::new().find_iter("<http://exam\n ple.com/>").next().unwrap();
    /// let mut spans = [None; CAPTURE_LEN];
    /// f.split_into(&mut spans)?;
    /// assert_eq!(spans[HOST], Some((7, 18))); // "example.com"
    /// # Ok::<(), uridfa::runtime::Error>(())
    /// ```
    pub fn split_into(&self, out: &mut [Option<Span>]) -> Result<(), RunError> {
        let mut regs = [0usize; MAX_STACK_REGS];
        let mut m = Machine::new(self.tables, &mut regs)?;
        if let Some(p) = self.implied {
            m.feed(p.as_bytes())?;
        }
        let accepted = Chunks {
            rest: self.text.get(self.start..self.grammar_end).unwrap_or(&[]),
            drop_hyphens: false,
        };
        for c in accepted.clone() {
            m.feed(c)?;
        }
        m.finish_split(out)?;
        // The machine keeps no bytes: the kinds decided after the match
        // (RFC 3986's IPv4address and reg-name) are decided here, from the
        // same pieces, by the offsets the machine counted.
        let pieces = self.implied.map(str::as_bytes).into_iter().chain(accepted);
        uridfa_runtime::decide_kinds(self.tables, out, |mut k, (s, e)| {
            let mut at = 0usize;
            for p in pieces.clone() {
                let end = at.saturating_add(p.len());
                let from = s.max(at).saturating_sub(at);
                let to = e.min(end).saturating_sub(at);
                if from < to {
                    k.feed(p.get(from..to).unwrap_or_default());
                }
                at = end;
            }
            k.is_match()
        });
        Ok(())
    }
}

/// Whether the grammar accepts `head` followed by `chunks`.
pub(super) fn accepts_chunks(
    t: &Tables<'_>,
    chunks: Chunks<'_>,
    head: &[u8],
    regs: &mut [usize],
) -> bool {
    let Ok(mut m) = Machine::new(t, regs) else {
        return false;
    };
    m.feed(head).is_ok() && chunks.clone().all(|c| m.feed(c).is_ok()) && m.finish().is_ok()
}

/// Whether the grammar can continue `chunks` with a `#`.
pub(super) fn accepts_prefix(t: &Tables<'_>, chunks: Chunks<'_>, regs: &mut [usize]) -> bool {
    let Ok(mut m) = Machine::new(t, regs) else {
        return false;
    };
    chunks.clone().all(|c| m.feed(c).is_ok()) && m.feed(b"#").is_ok()
}

fn write_chunks(chunks: Chunks<'_>, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
    let needed = chunks
        .clone()
        .fold(0usize, |n, c| n.saturating_add(c.len()));
    if out.len() < needed {
        return Err(BufferTooSmall { needed });
    }
    let mut n = 0usize;
    for c in chunks {
        let Some(dst) = out.get_mut(n..).and_then(|r| r.get_mut(..c.len())) else {
            return Err(BufferTooSmall { needed });
        };
        dst.copy_from_slice(c);
        n = n.saturating_add(c.len());
    }
    Ok(n)
}

/// The runs of non-whitespace bytes of a found URI: see [`Found::chunks`].
///
/// ```
/// let f = uridfa::text::Finder::new().find_iter("<http://a/\n b>").next().unwrap();
/// assert_eq!(f.chunks().count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Chunks<'a> {
    pub(super) rest: &'a [u8],
    pub(super) drop_hyphens: bool,
}

impl<'a> Iterator for Chunks<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let start = self.rest.iter().position(|&b| !is_space(b))?;
        let rest = self.rest.get(start..)?;
        let len = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        let (chunk, after) = rest.split_at_checked(len)?;
        let ws_len = after
            .iter()
            .position(|&b| !is_space(b))
            .unwrap_or(after.len());
        let line_break = after.iter().take(ws_len).any(|&b| b == b'\n' || b == b'\r');
        self.rest = after;
        match chunk.split_last() {
            Some((b'-', head)) if self.drop_hyphens && line_break && ws_len < after.len() => {
                Some(head)
            }
            _ => Some(chunk),
        }
    }
}

impl core::iter::FusedIterator for Chunks<'_> {}

/// ASCII whitespace: space, tab, line feed, vertical tab, form feed,
/// carriage return.
#[inline]
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r')
}
