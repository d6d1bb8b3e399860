// What draft-fielding-url-syntax-05 adds to each of its views:
// `uridfa-generate` writes this into
// `src/generated/draft_fielding_url_syntax_05_views.rs` once per view (Note
// [methods files] in `uridfa_codegen::emit::view`); the methods call
// functions of the grammar's module.

impl<'a> __VIEW__<'a> {
    /// Which alternative of `host` matched; `None` without a host.
    pub fn host_kind(&self) -> Option<HostKind> {
        host_kind(&self.parts)
    }

    /// The port as a number: `None` if absent, empty, or above
    /// 65535 (the grammar allows any `*digit`).
    pub fn port_u16(&self) -> Option<u16> {
        crate::parts::port_u16(self.port()?)
    }

    /// The path (§4.3.2): an `abs_path` without its query (with its
    /// leading `/`), or the `path_segments` of a `rel_path`.
    /// Always defined, possibly empty.
    pub fn path(&self) -> &'a str {
        path(&self.parts)
    }

    /// The segments of `path_segments = segment *( "/" segment )`
    /// (§4.3.2), each with its `;` parameters
    /// ([`crate::pct::PathSegments::with_params`]): every piece
    /// between `/`s of that rule's text. None when the reference
    /// has no `path_segments` (`//host`). [`Self::path_segments`]
    /// splits [`Self::path`] instead, by the rule of every family.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("/a;x;y/b")?;
    /// let first = u.segments().next().unwrap();
    /// assert_eq!(first.as_str(), "a;x;y");
    /// assert!(first.name().eq_str("a"));
    /// assert!(first.params().map(|p| p.as_encoded()).eq([&b"x"[..], b"y"]));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn segments(&self) -> crate::pct::PathSegments<'a> {
        match self.parts.get(tables::PATH_SEGMENTS) {
            Some(p) => crate::pct::PathSegments::split_all(p).with_params(),
            None => crate::pct::PathSegments::new(""),
        }
    }

    /// The path's segments, percent-decoded, as every family's
    /// `path_segments()` gives them ([`crate::pct::PathSegments`]:
    /// one leading `/` does not start an empty segment). Each
    /// decodes as a whole, parameters included (`a;x` is one
    /// segment), and also gives its `;` parameters apart
    /// ([`crate::pct::Segment::params`]).
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::draft_fielding_url_syntax_05::UrlRef::parse("/a%20b;x/c")?;
    /// let mut it = u.path_segments();
    /// let first = it.next().unwrap();
    /// assert!(first.eq_str("a b;x"));
    /// assert!(first.name().eq_str("a b") && first.params().map(|p| p.as_encoded()).eq([&b"x"[..]]));
    /// assert!(it.next().unwrap().eq_str("c"));
    /// assert!(it.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        crate::pct::PathSegments::new(self.path()).with_params()
    }

    /// Every `;` parameter (§4.3.2) of every segment of
    /// [`Self::segments`], in order, each decoded.
    pub fn params(&self) -> AllParams<'a> {
        AllParams {
            segments: self.segments(),
            current: None,
        }
    }

    /// `<scheme-specific-part>` (§4.1: "absolute URLs are written as
    /// follows: `<scheme>:<scheme-specific-part>`"): everything after the
    /// scheme's `:`, up to the fragment's `#`. `None` without a scheme.
    ///
    /// This is the `*urlc` of `opaque-URL = scheme ":" *urlc` (§4.2). The
    /// draft does not say by syntax which URLs are opaque: every
    /// `opaque-URL` is also a `generic-URL`, and §4.4 parses a reference
    /// "as if it is a generic-URL, even though it might be considered
    /// opaque by later processes". Those later processes read this part.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_fielding_url_syntax_05::UrlRef;
    /// let r = UrlRef::parse("news:comp.infosystems.www.servers.unix#f")?;
    /// assert_eq!(r.scheme_specific_part(), Some("comp.infosystems.www.servers.unix"));
    /// assert_eq!(UrlRef::parse("g?y")?.scheme_specific_part(), None);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn scheme_specific_part(&self) -> Option<&'a str> {
        scheme_specific_part(&self.parts)
    }

    /// A [`Builder`] pre-filled with this reference's components,
    /// to change some of them and build anew.
    ///
    /// # Example
    ///
    /// ```
    /// let r = uridfa::draft_fielding_url_syntax_05::__VIEW__::parse("//a/b?q").or_else(|_| uridfa::draft_fielding_url_syntax_05::__VIEW__::parse("ftp://a/b?q"))?;
    /// let b = r.to_builder().user("anonymous")?.query("x")?;
    /// assert!(b.build_str(&mut [0u8; 32])?.ends_with("//anonymous@a/b?x"));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_slots(self.slots())
    }

    /// The components of a view in the slots of [`crate::builder::PartsBuilder`]:
    /// the empty `site` of `file:///x` as the empty host.
    pub(crate) fn slots(&self) -> [Option<&'a str>; crate::builder::SLOT_LEN] {
        [
            self.scheme(),
            None,
            self.user(),
            self.password(),
            self.host().or(self.site().filter(|s| s.is_empty())),
            self.port(),
            None,
            Some(self.path()),
            self.query(),
            self.fragment(),
        ]
    }
}
