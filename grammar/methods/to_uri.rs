// What RFC 3987 §3.1 adds to every view of `rfc3987`: the URI an IRI
// maps to. Written into `src/generated/rfc3987_views.rs` once per view
// (Note [methods files] in `uridfa_codegen::emit::view`).

impl<'a> __VIEW__<'a> {
    /// The URI this IRI maps to (RFC 3987 §3.1 step 2): the UTF-8
    /// of every `ucschar` and `iprivate` percent-encoded. An
    /// iterator of `&str` chunks that is also `Display`; see
    /// [`crate::iri::to_uri`].
    ///
    /// # Example
    ///
    /// ```
    /// let i = uridfa::rfc3987::__REF__::parse("http://a/r\u{E9}sum\u{E9}")?;
    /// assert_eq!(i.to_uri().to_string(), "http://a/r%C3%A9sum%C3%A9");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn to_uri(&self) -> crate::iri::ToUri<'a> {
        crate::iri::to_uri(self.as_str())
    }

    /// Writes the URI this IRI maps to into `out` and returns its
    /// length; see [`crate::iri::to_uri_into`].
    ///
    /// # Errors
    ///
    /// [`crate::BufferTooSmall`] with the exact length needed; nothing is
    /// written.
    ///
    /// # Example
    ///
    /// ```
    /// let i = uridfa::rfc3987::__REF__::parse("http://a/\u{E9}")?;
    /// let mut buf = [0u8; 32];
    /// let n = i.to_uri_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/%C3%A9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_uri_into(&self, out: &mut [u8]) -> Result<usize, crate::BufferTooSmall> {
        crate::iri::to_uri_into(self.as_str(), out)
    }
}
