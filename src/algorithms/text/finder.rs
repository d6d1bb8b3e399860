//! Finding URIs in text: [`Finder`] (which grammar, which forms) and the
//! scan of [`Iter`] over the text (Note [where a URI ends] and the notes
//! below).

use uridfa_runtime::{Machine, Tables, MAX_STACK_REGS};

use super::found::{accepts_chunks, accepts_prefix, is_space, Chunks, Delimiter, Found};

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

// The finders of the built-in grammars (`Finder::new` and `Default` for
// RFC 3986, `Finder::rfc1738`, `Finder::rfc3987`) are in those grammars'
// modules: their cargo features select them.

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
