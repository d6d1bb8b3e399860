//! The decoded parts of a path and a query: [`PathSegments`] and their
//! [`Segment`]s (with `;` [`Params`]), [`QueryPairs`], and a form's
//! [`FormPairs`].

use super::decode::Decode;
use super::error::PctError;
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

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

/// The remaining decoded bytes as text, invalid UTF-8 as U+FFFD: see
/// [`Decode`]'s `Display`.
///
/// # Example
///
/// ```
/// let seg = uridfa::pct::PathSegments::new("/caf%C3%A9;x").next().unwrap();
/// assert_eq!(seg.to_string(), "café;x");
/// ```
impl core::fmt::Display for Segment<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.chunks, f)
    }
}

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
/// (`application/x-www-form-urlencoded`), not RFC 3986; [`FormPairs`]
/// reads a query that way.
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

/// The name-value pairs of a query read as an HTML form
/// (`application/x-www-form-urlencoded`), made by `query_pairs_form()` on
/// a typed view: the WHATWG URL Standard's urlencoded parser (§5.1). The
/// query is split at every `&`; an empty piece is skipped; a piece is
/// split at its first `=` into a name and a value (the value empty
/// without a `=`); in both, each `+` is a space and then `%XX` triplets
/// are decoded (`%2B` stays a `+`). The standard then decodes UTF-8
/// without failing: each item is a [`Decode`], whose `Display` does
/// exactly that (invalid sequences as U+FFFD); its bytes are there too.
///
/// [`QueryPairs`] is the RFC 3986 reading: no `+` to space, `None` for a
/// missing `=`, empty pieces kept.
///
/// # Example
///
/// ```
/// let mut it = uridfa::pct::FormPairs::new("q=a+b%2Bc&&flag&=x");
/// let (k, v) = it.next().unwrap();
/// assert_eq!((k.to_string(), v.to_string()), ("q".into(), "a b+c".into()));
/// let (k, v) = it.next().unwrap(); // the empty piece is skipped
/// assert_eq!((k.to_string(), v.to_string()), ("flag".into(), "".into()));
/// let (k, v) = it.next().unwrap();
/// assert_eq!((k.to_string(), v.to_string()), ("".into(), "x".into()));
/// assert!(it.next().is_none());
/// ```
#[derive(Clone, Debug)]
pub struct FormPairs<'a> {
    /// What is left, `None` after the last piece.
    rest: Option<&'a str>,
}

impl<'a> FormPairs<'a> {
    /// The pairs of `query` (without its `?`; `%` sequences assumed
    /// valid, an invalid one passed through).
    ///
    /// # Example
    ///
    /// ```
    /// assert_eq!(uridfa::pct::FormPairs::new("").count(), 0);
    /// assert_eq!(uridfa::pct::FormPairs::new("&a=1&&b&").count(), 2);
    /// ```
    pub fn new(query: &'a str) -> FormPairs<'a> {
        FormPairs { rest: Some(query) }
    }
}

impl<'a> Iterator for FormPairs<'a> {
    type Item = (Decode<'a>, Decode<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let rest = self.rest?;
            let piece = match crate::cut::split_once(rest, b'&') {
                Some((piece, tail)) => {
                    self.rest = Some(tail);
                    piece
                }
                None => {
                    self.rest = None;
                    rest
                }
            };
            if piece.is_empty() {
                continue;
            }
            return Some(match crate::cut::split_once(piece, b'=') {
                Some((name, value)) => (
                    Decode::form(name.as_bytes()),
                    Decode::form(value.as_bytes()),
                ),
                None => (Decode::form(piece.as_bytes()), Decode::form(&[])),
            });
        }
    }
}

impl core::iter::FusedIterator for FormPairs<'_> {}
