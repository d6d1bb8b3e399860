//! What [`crate::rfc1738`] and [`crate::draft_ietf_uri_url_06`] add to
//! their per-scheme views. The views themselves (`Ftp`, `Http`, ...: the
//! struct, `parse`, `parse_bytes`, `is_valid`, the accessors of the
//! captures each scheme's rule reaches, and the traits) are generated from
//! the grammars' `;@ view` pragmas (`;@ views separate`) into
//! `src/generated/*_views.rs`. Both grammars have the same entry rules and
//! capture names, so their additions (hosts with default ports, the
//! scheme-specific parts, and the `Url` enum) are written once, generic
//! over the grammar, in `crate::family::url`, which reads the captures by
//! name; the generator writes them on the views as their own (`;@ family
//! url`). The helpers that do not depend on the views (iterators, small
//! enums) live here once and are re-exported by both modules.
//!
//! Every accessor returns a slice of the input, still percent-encoded.
//! Components are found in two ways: from the tables' captures, or, where
//! the grammar has already fixed the structure (a path's `/`-separated
//! segments, prospero's `;field=value` pairs, the text after a capture),
//! by splitting the matched text. The second never looks past what the
//! grammar matched and never panics.

/// The FTP transfer type, `;type=<typecode>` (RFC 1738 §3.2.2): `ftptype
/// = "A" / "I" / "D" / "a" / "i" / "d"`.
///
/// # Example
///
/// ```
/// use uridfa::rfc1738::{Ftp, FtpType};
/// let u = Ftp::parse("ftp://host/pub/file.txt;type=a")?;
/// assert_eq!(u.typecode(), Some(FtpType::Ascii));
/// assert_eq!(FtpType::Directory.as_char(), 'd');
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtpType {
    /// `a`: ASCII transfer (`TYPE A`).
    Ascii,
    /// `i`: image (binary) transfer (`TYPE I`).
    Image,
    /// `d`: a directory listing (`NLST <name>`).
    Directory,
}

impl FtpType {
    /// The type code as the RFC writes it, in lower case.
    pub fn as_char(self) -> char {
        match self {
            FtpType::Ascii => 'a',
            FtpType::Image => 'i',
            FtpType::Directory => 'd',
        }
    }

    /// The type for a typecode (either case); `None` for anything else.
    pub(crate) fn from_code(code: &str) -> Option<FtpType> {
        match code.as_bytes() {
            [b'a' | b'A'] => Some(FtpType::Ascii),
            [b'i' | b'I'] => Some(FtpType::Image),
            [b'd' | b'D'] => Some(FtpType::Directory),
            _ => None,
        }
    }
}

/// What a `news:` URL designates (RFC 1738 §3.6): `grouppart = "*" /
/// group / article`.
///
/// # Example
///
/// ```
/// use uridfa::rfc1738::{News, NewsTarget};
/// let u = News::parse("news:comp.infosystems.www.misc")?;
/// assert_eq!(u.target(), NewsTarget::Group("comp.infosystems.www.misc"));
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NewsTarget<'a> {
    /// `news:*`, "all available news groups".
    All,
    /// A newsgroup name, `group`.
    Group(&'a str),
    /// A message-id without `<` and `>`, `article` (`<unique>@<full_domain_name>`).
    Article(&'a str),
}

/// The `;field=value` pairs after a prospero `<hsoname>` (RFC 1738
/// §3.11), as `(field, value)`, still percent-encoded. Each pair is split
/// at its first `=`, as the prose says ("The name of the field and its
/// value are separated by a "="").
///
/// # Example
///
/// ```
/// let u = uridfa::rfc1738::Prospero::parse("prospero://host/name;OBJECT-VERSION=2;a=b")?;
/// assert!(u.fields().eq([("OBJECT-VERSION", "2"), ("a", "b")]));
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    /// The text after the next `;`, if there is one.
    rest: Option<&'a str>,
}

impl<'a> Fields<'a> {
    /// The pairs of `tail`, the text after the hsoname: empty, or `;`
    /// fieldspec...
    pub(crate) fn new(tail: &'a str) -> Self {
        Fields {
            rest: tail.strip_prefix(';'),
        }
    }
}

impl<'a> Iterator for Fields<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let rest = self.rest?;
        let spec = match rest.split_once(';') {
            Some((spec, tail)) => {
                self.rest = Some(tail);
                spec
            }
            None => {
                self.rest = None;
                rest
            }
        };
        Some(spec.split_once('=').unwrap_or((spec, "")))
    }
}

/// Splits a gopher selector text at the first two `%09` (RFC 1738
/// §3.4): `<selector>%09<search>%09<gopher+_string>`.
pub(crate) fn gopher_split(raw: &str) -> (&str, Option<&str>, Option<&str>) {
    match raw.split_once("%09") {
        None => (raw, None, None),
        Some((selector, rest)) => match rest.split_once("%09") {
            None => (selector, Some(rest), None),
            Some((search, plus)) => (selector, Some(search), Some(plus)),
        },
    }
}

/// The scheme of a URL that the grammar matched: the text before its
/// first `:`.
pub(crate) fn scheme_of(input: &str) -> &str {
    crate::cut::split_once(input, b':').map_or(input, |(s, _)| s)
}
