//! URIs in running text: find them, cut them out with the grammar's tables,
//! and undo the wrapping the documents recommend.
//!
//! Three founding documents say how a URL sits in ordinary text:
//!
//! - draft-ietf-uri-url-06, APPENDIX "Recommendations for URLs in Context":
//!   the wrapper `<URL:...>`; "extra whitespace may need to be added to
//!   break long URLs across lines. The whitespace is ignored when
//!   extracting the URL."
//! - draft-fielding-url-syntax-05, Appendix E, and
//!   draft-fielding-uri-rfc2396bis-01, Appendix E ("Recommendations for
//!   Delimiting URLs/URI in Context"): "usually within double-quotes
//!   `"http://test.com/"`, angle brackets `<http://test.com/>`, or just using
//!   whitespace"; whitespace inside is ignored; "the interpreter of a URL
//!   containing a line break immediately after a hyphen should ignore all
//!   unescaped whitespace around the line break, and should be aware that
//!   the hyphen may or may not actually be part of the URL"; the prefix
//!   `URL:` "with or without a trailing space".
//! - draft-fielding-uri-rfc2396bis-01, Appendix F, "Abbreviated URIs":
//!   `www.w3.org/Addressing/`, "most hostnames beginning with "www" are
//!   likely to have a URI prefix of "http://"" (opt-in here, and always
//!   reported: [`Found::implied_prefix`]).
//!
//! [`Finder`] holds the grammar (any [`Tables`]; RFC 3986 `URI` by
//! default) and the options; [`Finder::find_iter`] returns an [`Iter`] of
//! [`Found`] URIs in text order. Everything is `no_std` and allocation-free:
//! a URI with whitespace removed is read through [`Found::chunks`] or
//! written with [`Found::write_into`].
//!
//! # How a URI is found
//!
//! A scan skips to the next `:` (and `.` when abbreviations are on),
//! sixteen bytes at a time (Note [candidate scan]): every URI has a colon
//! after its scheme. From the colon it walks back over the scheme. Then:
//!
//! - **`<` or `"` before the scheme** (or before `URL:`): the bytes up to
//!   the closing `>` or `"` must start with a scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"`, after an
//!   optional `URL:`) and, whitespace removed, be accepted *whole* by the
//!   grammar, run in chunks through the streaming [`Machine`]. Inside angle
//!   brackets any whitespace but a blank line is ignored; inside quotes
//!   only whitespace holding a line break (a quoted `"a: b"` is prose).
//! - **`:` (bare)**: walk back over scheme characters to a word boundary;
//!   the scheme must be followed by `//` or be one of `mailto`, `news`,
//!   `urn` (or any, with [`Finder::bare_any_scheme`]). The grammar's
//!   longest accepted prefix ([`uridfa_runtime::longest_prefix`]) ends the
//!   URI; then, as linkifiers do, trailing `.` `,` `;` `:` `!` `?` `'` `"`
//!   are dropped, and a trailing `)` or `]` unless it closes a `(` or `[`
//!   inside the URI (`https://en.wikipedia.org/wiki/Rust_(programming_language)`).
//!   The trimmed URI must be accepted again (otherwise its longest
//!   prefix is trimmed again).
//! - **`www.` and `ftp.`** (with [`Finder::abbreviated`]): at a word
//!   boundary, the grammar's longest prefix after an implied `http://` or
//!   `ftp://`, trimmed as a bare URI.
//!
//! A URI must have something after `scheme:` besides slashes (`"URL:"` and
//! `"http://"` in prose are not URIs). Where no hand-written rule says
//! otherwise, the tables decide: no URL regular expression is involved.
//!
//! # Example
//!
//! ```
//! use uridfa::text::{Delimiter, Finder};
//!
//! // draft-ietf-uri-url-06, APPENDIX: a URL broken across lines.
//! let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc\n   ;type=d> \
//!             but see https://en.wikipedia.org/wiki/Rust_(programming_language).";
//! let mut found = Finder::new().find_iter(text);
//!
//! let first = found.next().unwrap();
//! assert_eq!(first.delimiter(), Delimiter::UrlPrefix);
//! assert!(first.has_whitespace());
//! let mut buf = [0u8; 64];
//! let n = first.write_into(&mut buf)?;
//! assert_eq!(&buf[..n], b"ftp://info.cern.ch/pub/www/doc;type=d");
//!
//! let second = found.next().unwrap();
//! assert_eq!(second.delimiter(), Delimiter::Bare);
//! assert_eq!(second.as_str(), Some("https://en.wikipedia.org/wiki/Rust_(programming_language)"));
//! assert!(found.next().is_none());
//! # Ok::<(), uridfa::BufferTooSmall>(())
//! ```

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

/// Schemes taken bare without `//` after the colon by default: the
/// authority-less schemes of RFC 1738 (`mailto`, `news`) and URNs.
const BARE_SCHEMES: [&[u8]; 3] = [b"mailto", b"news", b"urn"];

/// The URI finder: a grammar and options. Cheap to copy.
///
/// # Example
///
/// ```
/// use uridfa::text::Finder;
/// // 2396bis-01, Appendix F: abbreviations are opt-in, and reported.
/// let text = "see www.w3.org/Addressing/ for more";
/// assert_eq!(Finder::new().find_iter(text).count(), 0);
/// let f = Finder::new().abbreviated(true).find_iter(text).next().unwrap();
/// assert_eq!(f.as_str(), Some("www.w3.org/Addressing/"));
/// assert_eq!(f.implied_prefix(), Some("http://"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Finder<'t> {
    tables: &'t Tables<'t>,
    abbreviated: bool,
    any_scheme: bool,
}

#[cfg(feature = "rfc3986")]
impl Default for Finder<'static> {
    fn default() -> Self {
        Finder::new()
    }
}

impl Finder<'static> {
    /// A finder for RFC 3986 `URI` (`uridfa::rfc3986::tables::URI`;
    /// cargo feature `rfc3986`).
    ///
    /// ```
    /// let f = uridfa::text::Finder::new();
    /// assert_eq!(f.tables().rule, "URI");
    /// ```
    #[cfg(feature = "rfc3986")]
    pub fn new() -> Self {
        Finder::with_tables(&crate::rfc3986::tables::URI)
    }

    /// A finder for RFC 1738 `url` (strict per scheme), for documents of
    /// that age (cargo feature `rfc1738`).
    ///
    /// ```
    /// use uridfa::text::Finder;
    /// // RFC 1738 §3.3: no user name in an http URL.
    /// assert_eq!(Finder::rfc1738().find_iter("<URL:http://u@h/>").count(), 0);
    /// assert_eq!(Finder::new().find_iter("<URL:http://u@h/>").count(), 1);
    /// ```
    #[cfg(feature = "rfc1738")]
    pub fn rfc1738() -> Self {
        Finder::with_tables(&crate::rfc1738::tables::URL)
    }

    /// A finder for RFC 3987 `IRI`, for text with non-ASCII characters
    /// (cargo feature `rfc3987`).
    ///
    /// ```
    /// let f = uridfa::text::Finder::rfc3987().find_iter("voir http://例え.jp/ü.").next().unwrap();
    /// assert_eq!(f.as_str(), Some("http://例え.jp/ü"));
    /// ```
    #[cfg(feature = "rfc3987")]
    pub fn rfc3987() -> Self {
        Finder::with_tables(&crate::rfc3987::tables::IRI)
    }
}

impl<'t> Finder<'t> {
    /// A finder for any tables: a built-in entry rule or a grammar compiled
    /// at run time. The rule should require a scheme (`URI`, `IRI`, `url`,
    /// `absoluteURI`; a `URI-reference` rule works too, since candidates
    /// start at a scheme).
    ///
    /// ```
    /// let t = uridfa::grammar("rfc2396").unwrap().entry("URI-reference").unwrap();
    /// let f = uridfa::text::Finder::with_tables(t);
    /// assert_eq!(f.find_iter("<http://a/b#c>").next().unwrap().as_str(), Some("http://a/b#c"));
    /// ```
    pub fn with_tables(tables: &'t Tables<'t>) -> Self {
        Finder {
            tables,
            abbreviated: false,
            any_scheme: false,
        }
    }

    /// Also finds the abbreviated URIs of 2396bis-01 Appendix F: `www.`
    /// (implied `http://`) and `ftp.` (implied `ftp://`) at a word
    /// boundary. Off by default.
    ///
    /// ```
    /// let f = uridfa::text::Finder::new().abbreviated(true);
    /// let found = f.find_iter("get ftp.example.org/pub.").next().unwrap();
    /// assert_eq!((found.implied_prefix(), found.as_str()), (Some("ftp://"), Some("ftp.example.org/pub")));
    /// ```
    pub fn abbreviated(mut self, yes: bool) -> Self {
        self.abbreviated = yes;
        self
    }

    /// Takes bare URIs of every scheme, not only those followed by `//`
    /// and `mailto:`, `news:`, `urn:`. Off by default: prose such as
    /// `ratio a:b` or `std::vec` is a URI to the grammar.
    ///
    /// ```
    /// use uridfa::text::Finder;
    /// assert_eq!(Finder::new().find_iter("see tel:+1-201-555-0123 now").count(), 0);
    /// let f = Finder::new().bare_any_scheme(true);
    /// assert_eq!(f.find_iter("see tel:+1-201-555-0123 now").next().unwrap().as_str(), Some("tel:+1-201-555-0123"));
    /// ```
    pub fn bare_any_scheme(mut self, yes: bool) -> Self {
        self.any_scheme = yes;
        self
    }

    /// The grammar's tables.
    ///
    /// ```
    /// assert_eq!(uridfa::text::Finder::rfc3987().tables().rule, "IRI");
    /// ```
    pub fn tables(&self) -> &'t Tables<'t> {
        self.tables
    }

    /// The URIs in `text`, in text order.
    ///
    /// ```
    /// let n = uridfa::text::Finder::new().find_iter("a <http://x/> b").count();
    /// assert_eq!(n, 1);
    /// ```
    pub fn find_iter<'a>(&self, text: &'a str) -> Iter<'a, 't> {
        self.find_iter_bytes(text.as_bytes())
    }

    /// The URIs in `text`, any bytes (invalid UTF-8 and NUL included; never
    /// panics).
    ///
    /// ```
    /// let mut it = uridfa::text::Finder::new().find_iter_bytes(b"\xFF\x00http://x/\xFE");
    /// assert_eq!(it.next().unwrap().range(), 2..11);
    /// ```
    pub fn find_iter_bytes<'a>(&self, text: &'a [u8]) -> Iter<'a, 't> {
        Iter {
            finder: *self,
            text,
            pos: 0,
            floor: 0,
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
    text: &'a [u8],
    tables: &'t Tables<'t>,
    start: usize,
    end: usize,
    outer_start: usize,
    outer_end: usize,
    /// The end of what the grammar accepted: `end`, or the `#` of a
    /// fragment outside the grammar (Note [fragment in the wrapper]).
    grammar_end: usize,
    delimiter: Delimiter,
    whitespace: bool,
    ambiguous_hyphen: bool,
    implied: Option<&'static str>,
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

    /// For an abbreviated URI (2396bis-01 App. F; [`Finder::abbreviated`]):
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
fn accepts_chunks(t: &Tables<'_>, chunks: Chunks<'_>, head: &[u8], regs: &mut [usize]) -> bool {
    let Ok(mut m) = Machine::new(t, regs) else {
        return false;
    };
    m.feed(head).is_ok() && chunks.clone().all(|c| m.feed(c).is_ok()) && m.finish().is_ok()
}

/// Whether the grammar can continue `chunks` with a `#`.
fn accepts_prefix(t: &Tables<'_>, chunks: Chunks<'_>, regs: &mut [usize]) -> bool {
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
    rest: &'a [u8],
    drop_hyphens: bool,
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

/// The iterator of [`Finder::find_iter`]: the URIs of one text, in order.
///
/// ```
/// let text = "<http://a/> and http://b/.";
/// let ranges: Vec<_> = uridfa::text::Finder::new().find_iter(text).map(|f| f.range()).collect();
/// assert_eq!(ranges, [1..10, 16..25]);
/// ```
#[derive(Clone, Debug)]
pub struct Iter<'a, 't> {
    finder: Finder<'t>,
    text: &'a [u8],
    /// Where the candidate scan resumes.
    pos: usize,
    /// The end of the last URI found: a bare scheme's walk back stops here.
    floor: usize,
}

impl<'a, 't> Iterator for Iter<'a, 't> {
    type Item = Found<'a, 't>;

    fn next(&mut self) -> Option<Found<'a, 't>> {
        loop {
            let i = find_candidate(self.text, self.pos, self.finder.abbreviated)?;
            let next = i.saturating_add(1);
            let found = match self.text.get(i) {
                Some(b':') => self.at_colon(i),
                Some(b'.') => self.abbreviation(i).ok_or(next),
                _ => Err(next),
            };
            match found {
                Ok(f) => {
                    self.pos = f.outer_end;
                    self.floor = f.outer_end;
                    return Some(f);
                }
                Err(next) => self.pos = next,
            }
        }
    }
}

impl core::iter::FusedIterator for Iter<'_, '_> {}

/// Whether `c` occurs in `s`. Not `<[u8]>::contains`, which calls
/// `core::slice::memchr`, outside the set of functions the machine-code
/// walk of `check-nopanic` allows (the slices here are short).
#[inline]
#[allow(clippy::manual_contains)]
fn has_byte(s: &[u8], c: u8) -> bool {
    s.iter().any(|&b| b == c)
}

/// ASCII whitespace: space, tab, line feed, vertical tab, form feed,
/// carriage return.
#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r')
}

/// `ALPHA / DIGIT / "+" / "-" / "."`: the characters of `scheme` in every
/// grammar of the family.
#[inline]
fn is_scheme_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')
}

/// Note [delimiter bytes]: `<`, `>` and `"` are in no grammar of the
/// family (RFC 1738 calls them unsafe, RFC 2396 `delims`, RFC 3986 and
/// 3987 leave them out), so a wrapped candidate stops at the first of them
/// and each byte is looked at by a bounded number of candidates.
#[inline]
fn is_delimiter(b: u8) -> bool {
    matches!(b, b'<' | b'>' | b'"')
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The high bit of every byte of `w` that equals `b`, and no other bit
/// (exact: no carry crosses a byte, since `(x & 0x7F) + 0x7F <= 0xFE`).
#[inline(always)]
fn eq_mask(w: u64, b: u8) -> u64 {
    let x = w ^ LO.wrapping_mul(u64::from(b));
    !(((x & !HI).wrapping_add(!HI)) | x) & HI
}

/// Note [candidate scan]: every URI, bare or wrapped, has a `:` after its
/// scheme, so the scan looks for `:` only (and `.` with abbreviations) and
/// finds a wrapper's `<` or `"` by walking back from the colon over the
/// scheme ([`Iter::at_colon`]). Sixteen bytes per step, as two `u64`
/// words tested with the exact zero-byte test of [`eq_mask`] (SWAR: safe
/// code, no dependency), then byte by byte for the tail.
#[inline]
fn find_candidate(text: &[u8], from: usize, dot: bool) -> Option<usize> {
    if dot {
        find_bytes::<true>(text, from)
    } else {
        find_bytes::<false>(text, from)
    }
}

/// [`find_candidate`] for `:`, and `.` when `DOT`.
#[inline(always)]
fn find_bytes<const DOT: bool>(text: &[u8], from: usize) -> Option<usize> {
    let rest = text.get(from..)?;
    let mask = |w: u64| {
        if DOT {
            eq_mask(w, b':') | eq_mask(w, b'.')
        } else {
            eq_mask(w, b':')
        }
    };
    let word = |b: &[u8]| {
        let mut w = [0u8; 8];
        w.copy_from_slice(b);
        u64::from_le_bytes(w)
    };
    let mut blocks = rest.chunks_exact(16);
    let mut base = from;
    for b in blocks.by_ref() {
        let (lo, hi) = b.split_at(8);
        let (m0, m1) = (mask(word(lo)), mask(word(hi)));
        if m0 | m1 != 0 {
            let k = if m0 != 0 {
                m0.trailing_zeros() / 8
            } else {
                8u32.saturating_add(m1.trailing_zeros() / 8)
            };
            return Some(base.saturating_add(k as usize));
        }
        base = base.saturating_add(16);
    }
    blocks
        .remainder()
        .iter()
        .position(|&b| b == b':' || (DOT && b == b'.'))
        .map(|k| base.saturating_add(k))
}

/// The trailing punctuation a bare URI does not keep: see the module docs.
/// `[s, e)` must be a range of `text`; returns the new end.
fn trim_end(text: &[u8], s: usize, mut e: usize) -> usize {
    let span = text.get(s..e).unwrap_or(&[]);
    // (A fold, not `filter().count()`, whose sum checks for overflow.)
    let count = |c: u8| {
        span.iter()
            .fold(0usize, |n, &b| n.wrapping_add(usize::from(b == c)))
    };
    let (open_p, mut close_p) = (count(b'('), count(b')'));
    let (open_b, mut close_b) = (count(b'['), count(b']'));
    while e > s {
        match text.get(e.saturating_sub(1)) {
            Some(b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"') => {
                e = e.saturating_sub(1);
            }
            Some(b')') if close_p > open_p => {
                close_p = close_p.saturating_sub(1);
                e = e.saturating_sub(1);
            }
            Some(b']') if close_b > open_b => {
                close_b = close_b.saturating_sub(1);
                e = e.saturating_sub(1);
            }
            _ => break,
        }
    }
    e
}

/// Whether the bytes after `scheme:` hold more than slashes and whitespace.
fn has_body(after_colon: &[u8]) -> bool {
    after_colon.iter().any(|&b| b != b'/' && !is_space(b))
}

impl<'a, 't> Iter<'a, 't> {
    fn found(&self, start: usize, end: usize, delimiter: Delimiter) -> Found<'a, 't> {
        Found {
            text: self.text,
            tables: self.finder.tables,
            start,
            end,
            grammar_end: end,
            outer_start: start,
            outer_end: end,
            delimiter,
            whitespace: false,
            ambiguous_hyphen: false,
            implied: None,
        }
    }

    /// The end of a bare URI starting at `s` (after the implied `head` of an
    /// abbreviation): the longest accepted prefix, trimmed, accepted again.
    fn bare_end(&self, s: usize, head: &[u8]) -> Option<usize> {
        let t = self.finder.tables;
        let longest = |bytes: &[u8]| uridfa_runtime::longest_prefix_after(t, head, bytes);
        let rest = self.text.get(s..)?;
        let mut e = s.checked_add(longest(rest).ok()??)?;
        // Each round shortens the URI; a few suffice for any real text.
        for _ in 0..16 {
            let trimmed = trim_end(self.text, s, e);
            if trimmed <= s {
                return None;
            }
            if trimmed == e {
                return Some(e);
            }
            let cand = self.text.get(s..trimmed)?;
            match longest(cand).ok()? {
                Some(n) if n == cand.len() => return Some(trimmed),
                Some(n) => e = s.checked_add(n)?,
                None => return None,
            }
        }
        None
    }

    /// The candidates at a `:`: a wrapper whose `<` or `"` comes right
    /// before the scheme (or before `URL:`, whose colon this may be; or
    /// before a scheme cut by a line break), else a bare URI. `Err` is where
    /// to resume: after a wrapper the grammar rejects whole, else after
    /// the colon.
    fn at_colon(&self, colon: usize) -> Result<Found<'a, 't>, usize> {
        let next = colon.saturating_add(1);
        // The scheme characters before the colon, walked over once.
        let start = self.back(colon, is_scheme_char);
        if let Some(open) = self.opener(start) {
            let close = if self.text.get(open) == Some(&b'<') {
                b'>'
            } else {
                b'"'
            };
            match self.wrapped(open, close) {
                Ok(f) => return Ok(f),
                Err(after) if after > open.saturating_add(1) => return Err(after.max(next)),
                Err(_) => {}
            }
        }
        self.bare(start, colon).ok_or(next)
    }

    /// The start of the run of bytes satisfying `f` that ends at `k`, not
    /// before the end of the last URI found.
    #[inline(always)]
    fn back(&self, mut k: usize, f: impl Fn(u8) -> bool) -> usize {
        while k > self.floor && self.text.get(k.saturating_sub(1)).is_some_and(|&b| f(b)) {
            k = k.saturating_sub(1);
        }
        k
    }

    /// The `<` or `"` before the scheme characters that start at `start`
    /// (or before a scheme cut there by a line break), if any.
    fn opener(&self, start: usize) -> Option<usize> {
        let text = self.text;
        let open = start.checked_sub(1).filter(|&o| o >= self.floor)?;
        match text.get(open)? {
            b'<' | b'"' => Some(open),
            &b if is_space(b) => {
                let ws = self.back(start, is_space);
                if !has_byte(text.get(ws..start)?, b'\n') {
                    return None;
                }
                let open = self.back(ws, is_scheme_char).checked_sub(1)?;
                (open >= self.floor && matches!(text.get(open), Some(b'<' | b'"'))).then_some(open)
            }
            _ => None,
        }
    }

    /// A bare URI whose scheme characters run from `start` to the `:` at
    /// `colon`.
    fn bare(&self, start: usize, colon: usize) -> Option<Found<'a, 't>> {
        let text = self.text;
        let mut s = start;
        while s < colon && !text.get(s)?.is_ascii_alphabetic() {
            s = s.saturating_add(1);
        }
        if s >= colon {
            return None;
        }
        let scheme = text.get(s..colon)?;
        let after = text.get(colon.saturating_add(1)..)?;
        if !self.finder.any_scheme
            && !after.starts_with(b"//")
            && !BARE_SCHEMES.iter().any(|k| scheme.eq_ignore_ascii_case(k))
        {
            return None;
        }
        let end = self.bare_end(s, b"")?;
        if !has_body(text.get(colon.saturating_add(1)..end)?) {
            return None;
        }
        Some(self.found(s, end, Delimiter::Bare))
    }

    /// An abbreviated URI (2396bis-01 App. F) whose `www` or `ftp` ends at
    /// the `.` at `dot`.
    fn abbreviation(&self, dot: usize) -> Option<Found<'a, 't>> {
        let s = dot.checked_sub(3).filter(|&s| s >= self.floor)?;
        let word = self.text.get(s..dot)?;
        let implied = if word.eq_ignore_ascii_case(b"www") {
            "http://"
        } else if word.eq_ignore_ascii_case(b"ftp") {
            "ftp://"
        } else {
            return None;
        };
        if let Some(&b) = s.checked_sub(1).and_then(|p| self.text.get(p)) {
            if is_scheme_char(b) || matches!(b, b'@' | b'/' | b':' | b'%' | b'_' | b'~') {
                return None;
            }
        }
        let end = self.bare_end(s, implied.as_bytes())?;
        if end <= dot.saturating_add(1) {
            return None;
        }
        let mut f = self.found(s, end, Delimiter::Bare);
        f.implied = Some(implied);
        Some(f)
    }

    /// A URI wrapped in `<` … `>` or `"` … `"`, the opening byte at `open`
    /// (found by [`Iter::opener`]),
    /// or where to resume the scan: after the opening byte, or after the
    /// closing one when the wrapper holds a scheme and what the grammar
    /// rejects (no bare URI is then cut out of the inside: the wrapper said
    /// where the URI ends).
    fn wrapped(&self, open: usize, close: u8) -> Result<Found<'a, 't>, usize> {
        let next = open.saturating_add(1);
        match self.wrapped_or_end(open, close) {
            Some(Ok(f)) => Ok(f),
            Some(Err(after)) => Err(after),
            None => Err(next),
        }
    }

    /// [`Iter::wrapped`]: `None` when the wrapper does not hold a candidate,
    /// `Some(Err(after))` when it holds one the grammar rejects.
    fn wrapped_or_end(&self, open: usize, close: u8) -> Option<Result<Found<'a, 't>, usize>> {
        let text = self.text;
        let angle = close == b'>';
        let mut c = open.saturating_add(1);
        let mut delimiter = if angle {
            Delimiter::Angle
        } else {
            Delimiter::Quote
        };
        if text
            .get(c..c.saturating_add(4))
            .is_some_and(|p| p.eq_ignore_ascii_case(b"URL:"))
        {
            c = c.saturating_add(4);
            if angle {
                delimiter = Delimiter::UrlPrefix;
            }
            // "with or without a trailing space"
            while text
                .get(c)
                .is_some_and(|&b| b == b' ' || (angle && is_space(b)))
            {
                c = c.saturating_add(1);
            }
        }
        // A scheme (which a line break may cut, like any part), then ":".
        if !text.get(c)?.is_ascii_alphabetic() {
            return None;
        }
        let mut colon = c;
        while text
            .get(colon)
            .is_some_and(|&b| is_scheme_char(b) || is_space(b))
        {
            colon = colon.saturating_add(1);
        }
        if text.get(colon) != Some(&b':') {
            return None;
        }

        let mut regs = [0usize; MAX_STACK_REGS];
        let mut m = Machine::new(self.finder.tables, &mut regs).ok()?;
        let mut i = c;
        let mut last = c; // end of the last non-whitespace byte
        let mut whitespace = false;
        let mut hyphens = false;
        let mut rejected = false;
        loop {
            // A run of URI bytes: fed as one chunk.
            let run_start = i;
            while text
                .get(i)
                .is_some_and(|&b| !is_space(b) && !is_delimiter(b))
            {
                i = i.saturating_add(1);
            }
            if i > run_start {
                if !rejected {
                    rejected = m.feed(text.get(run_start..i)?).is_err();
                }
                last = i;
            }
            match *text.get(i)? {
                b if b == close => break,
                b if is_delimiter(b) => return None,
                _ => {}
            }
            // Whitespace: at most one line break; in quotes, only around one.
            let mut breaks = 0u32;
            while let Some(&b) = text.get(i).filter(|&&b| is_space(b)) {
                if b == b'\n' {
                    breaks = breaks.saturating_add(1);
                }
                i = i.saturating_add(1);
            }
            let line_break = breaks > 0 || text.get(last..i).is_some_and(|w| has_byte(w, b'\r'));
            if breaks > 1 || (!angle && !line_break) {
                return None;
            }
            if last > c {
                whitespace = true;
                hyphens |= line_break && text.get(last.saturating_sub(1)) == Some(&b'-');
            }
        }
        let accepted = !rejected && m.finish().is_ok();
        if !has_body(text.get(colon.saturating_add(1)..last)?) {
            return None;
        }
        let grammar_end = if accepted {
            last
        } else {
            match self.fragment_outside(c, last, &mut regs) {
                Some(hash) => hash,
                None => return Some(Err(i.saturating_add(1))),
            }
        };
        // Whitespace only before the closing delimiter is not inside.
        let whitespace = whitespace && text.get(c..last)?.iter().any(|&b| is_space(b));
        let mut f = self.found(c, last, delimiter);
        f.grammar_end = grammar_end;
        f.outer_start = open;
        f.outer_end = i.saturating_add(1);
        f.whitespace = whitespace;
        if hyphens && whitespace {
            let alternative = Chunks {
                rest: text.get(c..grammar_end)?,
                drop_hyphens: true,
            };
            f.ambiguous_hyphen = accepts_chunks(self.finder.tables, alternative, b"", &mut regs);
        }
        Some(Ok(f))
    }

    /// Note [fragment in the wrapper]: draft-ietf-uri-url-06 puts a
    /// fragment identifier "within the brackets as well", but RFC 1738's
    /// `url` has no `#`. When the grammar rejects the wrapped text, accepts
    /// what comes before its first `#`, and cannot continue with `#` there,
    /// the rest (without another `#`) is taken as a fragment outside the
    /// grammar. Returns the offset of that `#`.
    fn fragment_outside(&self, c: usize, last: usize, regs: &mut [usize]) -> Option<usize> {
        let t = self.finder.tables;
        let inner = self.text.get(c..last)?;
        let hash = inner.iter().position(|&b| b == b'#')?;
        let (url, fragment) = inner.split_at_checked(hash)?;
        if has_byte(fragment.get(1..)?, b'#') {
            return None;
        }
        let chunks = |rest| Chunks {
            rest,
            drop_hyphens: false,
        };
        if !accepts_chunks(t, chunks(url), b"", regs) || accepts_prefix(t, chunks(url), regs) {
            return None;
        }
        c.checked_add(hash)
    }
}
