// What RFC 2396 and draft-fielding-uri-rfc2396bis-01 add to each of their
// views, whose opaque URIs have no segments: `path_segments()` and
// `query_pairs()`, the same types as every family's. Written into each
// grammar's `src/generated/*_views.rs` once per view (Note [methods files]
// in `uridfa_codegen::emit::view`); the views have `opaque_part`, `path`
// and `query`.

impl<'a> __VIEW__<'a> {
    /// The path's segments, percent-decoded: see
    /// [`crate::pct::PathSegments`] for the exact split (one leading
    /// `/` does not start an empty segment). The same type as every
    /// family's `path_segments()`. An opaque URI has none: its
    /// `opaque_part` is not made of segments (§3; see
    /// `opaque_part()`).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::__MODULE__::UriRef;
    /// let r = UriRef::parse("http://h/a%20b/c;p?x=1%202&y")?;
    /// let mut segs = r.path_segments();
    /// assert!(segs.next().unwrap().eq_str("a b"));
    /// assert!(segs.next().unwrap().eq_str("c;p"));
    /// assert!(segs.next().is_none());
    /// let opaque = UriRef::parse("mailto:a@b")?;
    /// assert!(opaque.path_segments().next().is_none() && opaque.opaque_part().is_some());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn path_segments(&self) -> crate::pct::PathSegments<'a> {
        let path = if self.opaque_part().is_some() {
            ""
        } else {
            self.path()
        };
        crate::pct::PathSegments::new(path)
    }

    /// The query's `key=value` pairs, percent-decoded, or `None`
    /// without a query: see [`crate::pct::QueryPairs`] (split at
    /// `&`, then at the first `=`; no `+` to space).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::__MODULE__::UriRef;
    /// let r = UriRef::parse("http://h/a%20b/c;p?x=1%202&y")?;
    /// let mut pairs = r.query_pairs().unwrap();
    /// let (k, v) = pairs.next().unwrap();
    /// assert!(k.eq_str("x") && v.unwrap().eq_str("1 2"));
    /// let (k, v) = pairs.next().unwrap();
    /// assert!(k.eq_str("y") && v.is_none());
    /// assert!(pairs.next().is_none());
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn query_pairs(&self) -> Option<crate::pct::QueryPairs<'a>> {
        Some(crate::pct::QueryPairs::new(self.query()?))
    }
}
