//! What [`crate::rfc1738`] and [`crate::draft_ietf_uri_url_06`] add to
//! their per-scheme views. The views themselves (`Ftp`, `Http`, ...: the
//! struct, `parse`, `parse_bytes`, `is_valid`, the accessors of the
//! captures each scheme's rule reaches, and the traits) are generated from
//! the grammars' `;@ view` pragmas (`;@ views separate`) into
//! `src/generated/*_views.rs`. Both grammars have the same entry rules and
//! capture names, so one macro, [`url_views!`], writes the same additions
//! (hosts with default ports, the scheme-specific parts, and the [`Url`]
//! enum) into each module over that module's `tables`: a macro because
//! they are inherent methods of each module's own generated types. The
//! grammar-independent helpers (iterators, small enums) live here once and
//! are re-exported by both modules.
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

/// Writes the view types of an RFC 1738-family grammar into the calling
/// module, over its `tables` module. `$module` is the module's name (for
/// the doc examples).
macro_rules! url_views {
    ($module:literal) => {
        use crate::Error;
        pub use crate::url_common::{Fields, FtpType, NewsTarget};

        /// The spans of one parsed URL, 8 bytes per capture.
        type Parts<'a> = crate::parts::Parts<'a, { 2 * tables::CAPTURE_LEN }>;

        /// Runs the tables of entry `t` over `input`.
        fn parse_parts<'a>(t: &'static uridfa_runtime::Tables<'static>, input: &'a str) -> Result<Parts<'a>, Error> {
            Parts::parse_str::<{ tables::REG_LEN }>(t, input)
        }

        /// Runs the tables of entry `t` over `input` bytes.
        fn parse_parts_bytes<'a>(t: &'static uridfa_runtime::Tables<'static>, input: &'a [u8]) -> Result<Parts<'a>, Error> {
            Parts::parse_bytes::<{ tables::REG_LEN }>(t, input)
        }


        /// `host [ ":" port ]` accessors with a default port.
        macro_rules! hostport {
            ($default:literal) => {
                /// `host` (§3.1): a `hostname` or a `hostnumber`.
                pub fn host(&self) -> &'a str {
                    self.parts.get(tables::HOST).unwrap_or("")
                }

                /// The port as a number: `None` if omitted or above 65535
                /// (the grammar allows any `digits`).
                pub fn port_u16(&self) -> Option<u16> {
                    crate::parts::port_u16(self.port()?)
                }

                #[doc = concat!("The port as a number, ", stringify!($default), " (the scheme's default) when omitted; `None` only if the given port is above 65535.")]
                pub fn port_or_default(&self) -> Option<u16> {
                    match self.port() {
                        None => Some($default),
                        Some(p) => crate::parts::port_u16(p),
                    }
                }
            };
        }

        /// An FTP URL (§3.2): `ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]`.
        /// The url-path is `<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>`
        /// (§3.2.2); the default port is 21.
        impl<'a> Ftp<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(21);

            /// `fpath`, the url-path after the `/` that follows the host
            /// (not including `;type=`); `None` if there is no such `/`.
            pub fn path(&self) -> Option<&'a str> {
                self.parts.get(tables::PATH)
            }

            /// The `<cwd>` segments, percent-decoded: every segment of
            /// [`Self::path`] but the last (§3.2.2: "Each of the `<cwd>`
            /// elements is to be supplied, sequentially, as the argument to
            /// a CWD command", and "the components are decoded prior to
            /// their use"). Segments may be empty; `as_encoded()` gives a
            /// segment as written.
            ///
            /// # Example
            ///
            /// ```
            /// let u = uridfa::rfc1738::Ftp::parse("ftp://host/a/b%2Fc/name")?;
            /// let mut cwd = u.cwd();
            /// assert!(cwd.next().unwrap().eq_str("a"));
            /// assert!(cwd.next().unwrap().eq_str("b/c"));
            /// assert!(cwd.next().is_none());
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn cwd(&self) -> crate::pct::PathSegments<'a> {
                match self.path().and_then(|p| p.rsplit_once('/')) {
                    Some((dirs, _)) => crate::pct::PathSegments::split_all(dirs),
                    None => crate::pct::PathSegments::new(""),
                }
            }

            /// `<name>`: the last segment of [`Self::path`] (possibly empty);
            /// `None` without a path.
            pub fn name(&self) -> Option<&'a str> {
                let p = self.path()?;
                Some(p.rsplit_once('/').map_or(p, |(_, n)| n))
            }

            /// The typecode of `;type=<typecode>` (§3.2.2, §3.2.3: optional).
            pub fn typecode(&self) -> Option<FtpType> {
                FtpType::from_code(self.parts.get(tables::FTPTYPE)?)
            }
        }

        /// An HTTP URL (§3.3): `httpurl = "http://" hostport [ "/" hpath [ "?" search ]]`,
        /// `http://<host>:<port>/<path>?<searchpart>`; no user name or
        /// password; the default port is 80.
        impl<'a> Http<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(80);

            /// `<path>` (`hpath`), after the `/` that follows the host;
            /// `None` if there is no such `/`.
            pub fn path(&self) -> Option<&'a str> {
                self.parts.get(tables::PATH)
            }

            /// `<searchpart>` (`search`), after the `?`; `None` without `?`.
            pub fn search(&self) -> Option<&'a str> {
                self.parts.get(tables::SEARCH)
            }
        }

        /// A Gopher URL (§3.4): `gopher://<host>:<port>/<gopher-path>`, the
        /// gopher-path being `<gophertype><selector>%09<search>%09<gopher+_string>`
        /// with the last parts optional; the default port is 70.
        impl<'a> Gopher<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(70);

            fn split(&self) -> Option<(&'a str, Option<&'a str>, Option<&'a str>)> {
                self.parts.get(tables::GTYPE)?;
                Some(crate::url_common::gopher_split(
                    self.parts.get(tables::SELECTOR).unwrap_or(""),
                ))
            }

            /// `<gophertype>` (`gtype`, one `xchar`, so `%xx` counts as
            /// one); `None` when the gopher-path is empty.
            pub fn gophertype(&self) -> Option<&'a str> {
                self.parts.get(tables::GTYPE)
            }

            /// `<gophertype>`, or `"1"` when the gopher-path is empty
            /// (§3.4.1).
            pub fn gophertype_or_default(&self) -> &'a str {
                self.gophertype().unwrap_or("1")
            }

            /// `<selector>`: after the gophertype, up to the first `%09`
            /// (§3.4.1: a selector contains no tab); `None` when the
            /// gopher-path is empty.
            pub fn selector(&self) -> Option<&'a str> {
                Some(self.split()?.0)
            }

            /// `<search>`: between the first and second `%09` (§3.4.2);
            /// `None` without a `%09`.
            pub fn search(&self) -> Option<&'a str> {
                self.split()?.1
            }

            /// `<gopher+_string>`: after the second `%09` (§3.4.3), which may
            /// hold further `%09`s (§3.4.9); `None` without a second `%09`.
            pub fn gopher_plus(&self) -> Option<&'a str> {
                self.split()?.2
            }
        }

        /// A mailto URL (§3.5): `mailtourl = "mailto:" encoded822addr`.
        impl<'a> Mailto<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            /// `<rfc822-addr-spec>` (`encoded822addr`), still encoded.
            pub fn address(&self) -> &'a str {
                self.parts.get(tables::ENCODED822ADDR).unwrap_or("")
            }
        }

        /// A news URL (§3.6): `newsurl = "news:" grouppart`, `grouppart =
        /// "*" / group / article`.
        impl<'a> News<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            /// What the URL designates: all groups (`*`), a group or an
            /// article.
            pub fn target(&self) -> NewsTarget<'a> {
                if let Some(a) = self.parts.get(tables::ARTICLE) {
                    NewsTarget::Article(a)
                } else if let Some(g) = self.parts.get(tables::GROUP) {
                    NewsTarget::Group(g)
                } else {
                    NewsTarget::All
                }
            }

            /// `<message-id>` (`article`, `<unique>@<full_domain_name>`).
            pub fn message_id(&self) -> Option<&'a str> {
                self.parts.get(tables::ARTICLE)
            }

            /// Whether the URL is `news:*`, "all available news groups".
            pub fn is_all(&self) -> bool {
                self.target() == NewsTarget::All
            }
        }

        /// An NNTP URL (§3.7): `nntpurl = "nntp://" hostport "/" group [ "/" digits ]`,
        /// `nntp://<host>:<port>/<newsgroup-name>/<article-number>`; the
        /// default port is 119.
        impl<'a> Nntp<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(119);

            /// `<article-number>` (`digits`), after the group's `/`; `None`
            /// if omitted.
            pub fn article(&self) -> Option<&'a str> {
                let (_, end) = self.parts.span(tables::GROUP)?;
                self.parts.input.get(end..)?.strip_prefix('/')
            }

            /// `<article-number>` as a number; `None` if omitted or above
            /// `u64::MAX`.
            pub fn article_u64(&self) -> Option<u64> {
                self.article()?.parse().ok()
            }
        }

        /// A telnet URL (§3.8): `telneturl = "telnet://" login [ "/" ]`;
        /// the default port is 23.
        impl<'a> Telnet<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(23);
        }

        /// A WAIS URL (§3.9): `waisurl = waisdatabase / waisindex / waisdoc`:
        /// `/<database>`, `/<database>?<search>` or
        /// `/<database>/<wtype>/<wpath>`; the default port is 210.
        impl<'a> Wais<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(210);

            /// The text after `<database>`: `""`, `?<search>` or
            /// `/<wtype>/<wpath>`.
            fn after_database(&self) -> &'a str {
                self.parts
                    .span(tables::DATABASE)
                    .and_then(|(_, end)| self.parts.input.get(end..))
                    .unwrap_or("")
            }

            /// `<search>` of `waisindex`, after the `?`.
            pub fn search(&self) -> Option<&'a str> {
                self.after_database().strip_prefix('?')
            }

            /// `<wtype>` of `waisdoc`.
            pub fn wtype(&self) -> Option<&'a str> {
                let doc = self.after_database().strip_prefix('/')?;
                Some(doc.split_once('/').map_or(doc, |(t, _)| t))
            }

            /// `<wpath>` of `waisdoc`, the WAIS document-id.
            pub fn wpath(&self) -> Option<&'a str> {
                let doc = self.after_database().strip_prefix('/')?;
                Some(doc.split_once('/').map_or("", |(_, p)| p))
            }
        }

        /// A file URL (§3.10): `file://<host>/<path>`, where `<host>` may
        /// also be `localhost` or empty (the machine interpreting the URL).
        impl<'a> File<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            /// `<host>`: `""` when empty, `localhost` as written.
            pub fn host(&self) -> &'a str {
                self.parts.get(tables::HOST).unwrap_or("")
            }

            /// Whether `<host>` is empty or `localhost` (any case): "the
            /// machine from which the URL is being interpreted" (§3.10).
            pub fn is_local(&self) -> bool {
                let h = self.host();
                h.is_empty() || h.eq_ignore_ascii_case("localhost")
            }

            /// `<path>` (`fpath`), after the `/` that follows the host;
            /// `None` if there is no such `/`.
            pub fn path(&self) -> Option<&'a str> {
                self.parts.get(tables::PATH)
            }
        }

        /// A Prospero URL (§3.11): `prosperourl = "prospero://" hostport "/" ppath *( fieldspec )`,
        /// `prospero://<host>:<port>/<hsoname>;<field>=<value>`; the
        /// default port is 1525.
        impl<'a> Prospero<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }

            hostport!(1525);

            /// `<hsoname>` (`ppath`), after the `/` that follows the host:
            /// `prospero://host.dom//pros/name` has `/pros/name` (§3.11).
            pub fn hsoname(&self) -> &'a str {
                self.parts.get(tables::PATH).unwrap_or("")
            }

            /// The `;<field>=<value>` pairs after the hsoname.
            pub fn fields(&self) -> Fields<'a> {
                let rest = self
                    .parts
                    .span(tables::PATH)
                    .and_then(|(_, end)| self.parts.input.get(end..))
                    .unwrap_or("");
                Fields::new(rest)
            }
        }

        /// A URL under the generic syntax (§5): `otherurl`, a scheme, `:`,
        /// and a scheme-specific part of `xchar`s. As its own entry rule it
        /// accepts any scheme, also one of the ten; inside [`Url`] it holds
        /// only URLs whose scheme is none of them.
        impl<'a> Other<'a> {
            /// The scheme as written (before the first `:`), in any case.
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.parts.input)
            }
        }

        /// A URL under the strict `url` rule: one of the ten schemes of §3,
        /// matched by that scheme's own rule, or [`Other`] with a scheme
        /// that is none of the ten (scheme names compared without regard to
        /// case).
        ///
        /// # Example
        ///
        /// ```
        #[doc = concat!("use uridfa::", $module, "::Url;")]
        /// match Url::parse("ftp://ftp.example.com/pub/README;type=a")? {
        ///     Url::Ftp(f) => assert_eq!(f.name(), Some("README")),
        ///     _ => unreachable!(),
        /// }
        /// // `http` has no user name (§3.3); `otherurl` does not rescue it.
        /// assert!(Url::parse("http://user@host/").is_err());
        /// # Ok::<(), uridfa::Error>(())
        /// ```
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Url<'a> {
            /// `ftpurl` (§3.2).
            Ftp(Ftp<'a>),
            /// `httpurl` (§3.3).
            Http(Http<'a>),
            /// `gopherurl` (§3.4).
            Gopher(Gopher<'a>),
            /// `mailtourl` (§3.5).
            Mailto(Mailto<'a>),
            /// `newsurl` (§3.6).
            News(News<'a>),
            /// `nntpurl` (§3.7).
            Nntp(Nntp<'a>),
            /// `telneturl` (§3.8).
            Telnet(Telnet<'a>),
            /// `waisurl` (§3.9).
            Wais(Wais<'a>),
            /// `fileurl` (§3.10).
            File(File<'a>),
            /// `prosperourl` (§3.11).
            Prospero(Prospero<'a>),
            /// Any other scheme, under the generic syntax.
            Other(Other<'a>),
        }

        impl<'a> Url<'a> {
            /// The view for a match of the strict `url` rule. The rule
            /// guarantees that a URL whose scheme is one of the ten names
            /// (any case) matched that scheme's own rule, and that any
            /// other URL matched `other-scheme-url`; so the scheme names
            /// the variant.
            fn from_parts(parts: Parts<'a>) -> Self {
                let scheme = crate::url_common::scheme_of(parts.input);
                let is = |name: &str| scheme.eq_ignore_ascii_case(name);
                if is("ftp") {
                    Url::Ftp(Ftp { parts })
                } else if is("http") {
                    Url::Http(Http { parts })
                } else if is("gopher") {
                    Url::Gopher(Gopher { parts })
                } else if is("mailto") {
                    Url::Mailto(Mailto { parts })
                } else if is("news") {
                    Url::News(News { parts })
                } else if is("nntp") {
                    Url::Nntp(Nntp { parts })
                } else if is("telnet") {
                    Url::Telnet(Telnet { parts })
                } else if is("wais") {
                    Url::Wais(Wais { parts })
                } else if is("file") {
                    Url::File(File { parts })
                } else if is("prospero") {
                    Url::Prospero(Prospero { parts })
                } else {
                    Url::Other(Other { parts })
                }
            }

            /// Parses `input` under the strict `url` rule.
            ///
            /// # Errors
            ///
            /// An [`Error`] at the first byte that cannot continue a match,
            /// or at the end if the input stops short.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let u = uridfa::", $module, "::Url::parse(\"news:*\")?;")]
            /// assert_eq!(u.scheme(), "news");
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn parse(input: &'a str) -> Result<Self, Error> {
                Ok(Self::from_parts(parse_parts(&tables::URL, input)?))
            }

            /// Parses bytes under the strict `url` rule; non-ASCII is an
            /// error at its offset.
            ///
            /// # Errors
            ///
            /// As [`Self::parse`].
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("let u = uridfa::", $module, "::Url::parse_bytes(b\"mailto:a@b.example\")?;")]
            /// assert_eq!(u.as_str(), "mailto:a@b.example");
            /// # Ok::<(), uridfa::Error>(())
            /// ```
            pub fn parse_bytes(input: &'a [u8]) -> Result<Self, Error> {
                Ok(Self::from_parts(parse_parts_bytes(&tables::URL, input)?))
            }

            /// Whether `input` matches the strict `url` rule.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::", $module, "::Url;")]
            /// assert!(Url::is_valid(b"HTTP://host/"));
            /// assert!(!Url::is_valid(b"news:"));
            /// ```
            pub fn is_valid(input: &[u8]) -> bool {
                uridfa_runtime::validate(&tables::URL, input).is_ok()
            }

            fn parts(&self) -> &Parts<'a> {
                match self {
                    Url::Ftp(u) => &u.parts,
                    Url::Http(u) => &u.parts,
                    Url::Gopher(u) => &u.parts,
                    Url::Mailto(u) => &u.parts,
                    Url::News(u) => &u.parts,
                    Url::Nntp(u) => &u.parts,
                    Url::Telnet(u) => &u.parts,
                    Url::Wais(u) => &u.parts,
                    Url::File(u) => &u.parts,
                    Url::Prospero(u) => &u.parts,
                    Url::Other(u) => &u.parts,
                }
            }

            /// The whole input.
            pub fn as_str(&self) -> &'a str {
                self.parts().input
            }

            /// The scheme as written (before the first `:`).
            pub fn scheme(&self) -> &'a str {
                crate::url_common::scheme_of(self.as_str())
            }

            /// The span of capture `index` (see [`tables`] for the
            /// indices).
            pub fn span(&self, index: usize) -> Option<(usize, usize)> {
                self.parts().span(index)
            }
        }

        crate::view::text_traits!(Url);

        impl core::fmt::Display for Url<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}
pub(crate) use url_views;

/// The builder of an RFC 1738-family module (Note [the URL builder]):
/// the marker `$marker`, `read_back` through the `login` rule, the
/// `Builder` alias and its setters, and `Url::to_builder`. `$path_rule`
/// names the rule that checks the url-path.
///
/// Note [the URL builder]
/// RFC 1738 §3.1 gives one shape to the URLs of "IP-based protocols",
/// `//<user>:<password>@<host>:<port>/<url-path>`, and §3.2 to §3.11 give
/// each scheme its own rule for what follows (`ftpurl`, `httpurl`, ...).
/// The builder writes that shape: `scheme ":" "//" [ user [ ":"
/// password ] "@" ] host [ ":" port ] [ "/" url-path ]`, each component
/// checked with its own rule (`scheme`, `user`, `password`, `host`,
/// `port`, and `urlpath` in RFC 1738; draft 06 has no `urlpath` rule, so
/// its `schemepart = *xchar`, the same characters). The scheme-specific
/// parts (ftp's `;type=`, http's `?search`, gopher's selector, ...) all
/// lie inside the url-path, and the scheme's own rule checks them when
/// the URL is built: the built text is parsed back with the strict `url`
/// rule, which holds a URL with one of the ten schemes to that scheme's
/// rule (`http` has no user, `nntp` needs a group, ...), and its login
/// is split again with the `login` rule's tables, so every component
/// given must come back. So there is one builder per grammar rather than
/// one per scheme: a per-scheme builder would only give names to parts
/// of the url-path, whose syntax the scheme rules already check, and the
/// strict `Url` it returns is matched to get the scheme's typed view.
/// URLs of the other shape (`mailto:`, `news:`) have no login to build;
/// `Url::to_builder` gives `None` for them.
macro_rules! url_builder {
    ($module:literal, $marker:ident, $path_rule:ident, $path_rule_name:literal) => {
        /// The components of a URL of the `//<login>/<url-path>` shape in
        /// the slots of [`crate::builder::PartsBuilder`]: the login split
        /// with the `login` rule's tables; `None` for any other shape.
        fn read_back<'b>(r: &Url<'b>) -> Option<[Option<&'b str>; crate::builder::SLOT_LEN]> {
            let scheme = r.scheme();
            let rest = r
                .as_str()
                .get(scheme.len().checked_add(1)?..)?
                .strip_prefix("//")?;
            let (login, path) = match crate::cut::split_once(rest, b'/') {
                Some((login, path)) => (login, Some(path)),
                None => (rest, None),
            };
            let (user, password, host, port) = if login.is_empty() {
                (None, None, Some(""), None)
            } else {
                let p = parse_parts(&tables::LOGIN_RULE, login).ok()?;
                (
                    p.get(tables::USER),
                    p.get(tables::PASSWORD),
                    p.get(tables::HOST),
                    p.get(tables::PORT),
                )
            };
            Some([
                Some(scheme),
                None,
                user,
                password,
                host,
                port,
                None,
                path,
                None,
                None,
            ])
        }

        fn ref_tags(r: &Url<'_>) -> [u32; 2 * tables::CAPTURE_LEN] {
            r.parts().tags
        }

        fn ref_from_tags(input: &str, tags: [u32; 2 * tables::CAPTURE_LEN]) -> Url<'_> {
            Url::from_parts(Parts { input, tags })
        }

        crate::builder::parts_syntax! {
            module: $module,
            marker: $marker,
            reference: Url,
            entry: "url",
            always_authority: true,
            path_prefix: "/",
            rules: {
                Scheme: SCHEME_RULE,
                User: USER_RULE,
                Password: PASSWORD_RULE,
                Host: HOST_RULE,
                Port: PORT_RULE,
                Path: $path_rule,
            },
        }

        impl<'a> Builder<'a> {
            /// A URL `<scheme>://<host>`; `host` may be empty (a `file`
            /// URL's local machine, §3.10). See Note [the URL builder] in
            /// `src/grammars/url_common.rs`: the scheme's own rule is checked when
            /// building.
            ///
            /// # Errors
            ///
            /// [`crate::builder::BuildError::Invalid`] if `scheme` does not
            /// match `scheme` or `host` does not match `host`.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::", $module, "::{Builder, Url};")]
            /// let b = Builder::new("ftp", "host.dom")?.user("myname")?.path("%2Fetc/motd;type=i")?;
            /// let mut buf = [0u8; 64];
            /// let Url::Ftp(f) = b.build_ref(&mut buf)? else { unreachable!() };
            /// assert_eq!(f.as_str(), "ftp://myname@host.dom/%2Fetc/motd;type=i");
            /// assert_eq!(f.name(), Some("motd"));
            /// // §3.3: an HTTP URL has no user name.
            /// let b = Builder::new("http", "host.dom")?.user("myname")?;
            /// assert!(b.build_str(&mut buf).is_err());
            /// # Ok::<(), uridfa::builder::BuildError>(())
            /// ```
            pub fn new(scheme: &'a str, host: &'a str) -> Result<Self, crate::builder::BuildError> {
                Self::with_path(None).scheme(scheme)?.host(host)
            }
        }

        crate::builder::parts_setters! {
            /// Replaces the `scheme` (§2.1), without the `:`.
            req scheme / set_scheme: Scheme = "scheme";
            /// Sets or clears the `user` (§3.1), without `:` or `@`;
            /// `Some("")` is an empty user name.
            opt user / set_user: User = "user";
            /// Sets or clears the `password` (§3.1), without the `:`. It
            /// needs a user.
            opt password / set_password: Password = "password";
            /// Replaces the `host` (§3.1); `""` for an empty host.
            req host / set_host: Host = "host";
            /// Sets or clears the `port` (§3.1), digits without the `:`.
            opt port / set_port: Port = "port";
            /// Sets or clears the url-path (§3.1), after the `/` that
            /// follows the host (`None`: no `/`).
            opt path / set_path: Path = $path_rule_name;
        }

        impl<'a> Url<'a> {
            /// A [`Builder`] pre-filled with this URL's components; `None`
            /// for a URL without `//<login>` (`mailto:`, `news:`).
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::", $module, "::Url;")]
            /// let u = Url::parse("http://host:8080/path?query")?;
            /// let b = u.to_builder().unwrap().port(None)?;
            /// assert_eq!(b.build_str(&mut [0u8; 32])?, "http://host/path?query");
            /// assert!(Url::parse("news:*")?.to_builder().is_none());
            /// # Ok::<(), Box<dyn core::error::Error>>(())
            /// ```
            pub fn to_builder(&self) -> Option<Builder<'a>> {
                Builder::from_ref(self)
            }
        }
    };
}
pub(crate) use url_builder;
