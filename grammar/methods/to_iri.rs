// What RFC 3987 §3.2 adds to every view of `rfc3986`: the IRI a URI
// converts to, with the `rfc3987` feature (the `iri` module). Written into
// `src/generated/rfc3986_views.rs` once per view (Note [methods files] in
// `uridfa_codegen::emit::view`).

#[cfg(feature = "rfc3987")]
impl<'a> __VIEW__<'a> {
    /// The IRI this URI converts to (RFC 3987 §3.2): an iterator
    /// of [`crate::iri::IriChunk`]s that is also `Display`, a valid
    /// `IRI-reference`; see [`crate::iri::to_iri`].
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc3986::__REF__::parse("http://a/r%C3%A9sum%C3%A9")?;
    /// assert_eq!(u.to_iri().to_string(), "http://a/r\u{E9}sum\u{E9}");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn to_iri(&self) -> crate::iri::ToIri<'a> {
        crate::iri::to_iri(self.as_str())
    }

    /// Writes the IRI this URI converts to into `out` and returns
    /// its length; see [`crate::iri::to_iri_into`].
    ///
    /// # Errors
    ///
    /// [`crate::BufferTooSmall`] with the exact length needed; nothing is
    /// written.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc3986::__REF__::parse("http://a/%E9")?;
    /// let mut buf = [0u8; 32];
    /// let n = u.to_iri_into(&mut buf)?;
    /// assert_eq!(&buf[..n], b"http://a/%E9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_iri_into(&self, out: &mut [u8]) -> Result<usize, crate::BufferTooSmall> {
        crate::iri::to_iri_into(self.as_str(), out)
    }
}
