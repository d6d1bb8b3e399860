//! Setters that take raw text and percent-encode it with the grammar's own
//! encode sets (`;@ encode-set` in the grammar file), beside the strict
//! setters of [`Builder`] and [`RefBuf`], which refuse what their rule
//! does not allow (`/a b`). No allocation in the builder: the encoded text
//! is written into a buffer the caller lends, and the builder borrows it;
//! [`RefBuf`]'s `set_*_encoded` (under `alloc`) allocate it.
//!
//! Note [encoding with the grammar's sets]
//! Each set is derived from the component's rule (`query = *( pchar / "/"
//! / "?" )` gives `query`'s set): a byte the rule allows literally is
//! kept, any other byte becomes `%XX`, so `%` itself is always encoded
//! and the raw text is taken as data, never as escapes. The encoded text
//! is then passed to the strict setter, so it is checked with the same
//! component rule as any other value: a path that the context forbids
//! (`a:b` as the first segment of a relative reference, RFC 3986 §4.2)
//! is still refused when building, since encoding keeps `:` and `/`,
//! which the path's set allows.

use super::{BuildError, Builder, Component, GenericSyntax};
use crate::pct::{self, EncodeSet, PctError};

/// `raw` encoded with `set` into `buf`, as text (`None`:
/// [`BuildError::NoEncodeSet`]).
pub(super) fn encode<'b>(
    component: Component,
    set: Option<&EncodeSet>,
    raw: &str,
    buf: &'b mut [u8],
) -> Result<&'b str, BuildError> {
    let Some(set) = set else {
        return Err(BuildError::NoEncodeSet { component });
    };
    let n = match pct::encode_into(raw.as_bytes(), set, buf) {
        Ok(n) => n,
        Err(PctError::BufferTooSmall(e)) => return Err(BuildError::BufferTooSmall(e)),
        Err(PctError::Unencodable { at, byte }) => {
            return Err(BuildError::Unencodable {
                component,
                offset: at,
                byte,
            })
        }
        // `encode_into` reports no other error; answer as for an
        // unencodable first byte rather than panic.
        Err(_) => {
            return Err(BuildError::Unencodable {
                component,
                offset: 0,
                byte: raw.as_bytes().first().copied().unwrap_or(0),
            })
        }
    };
    let written = buf.get(..n).unwrap_or_default();
    // Literal bytes are copied whole from a `str`, the rest are ASCII
    // triplets; a set that kept some bytes of a character but not others
    // would break it, which `from_utf8` catches.
    core::str::from_utf8(written).map_err(|e| BuildError::Unencodable {
        component,
        offset: e.valid_up_to(),
        byte: written.get(e.valid_up_to()).copied().unwrap_or(0),
    })
}

impl<'a, G: GenericSyntax> Builder<'a, G> {
    /// Sets the userinfo from raw text, percent-encoding what the
    /// grammar's `userinfo` set does not allow literally (`a b@c` gives
    /// `a%20b%40c`), into `buf`, which the builder then borrows. Then as
    /// [`Builder::userinfo`].
    ///
    /// # Errors
    ///
    /// [`BuildError::BufferTooSmall`] if `buf` is too short (its `needed`
    /// is the encoded length), [`BuildError::NoEncodeSet`] for a grammar
    /// without the set, and the errors of [`Builder::userinfo`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// let mut scratch = [0u8; 32];
    /// let b = Builder::new().scheme("ftp")?.host("h")?.userinfo_encoded("a b@c", &mut scratch)?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "ftp://a%20b%40c@h");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn userinfo_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Userinfo;
        self.userinfo(Some(encode(c, G::encode_set_for(c), raw, buf)?))
    }

    /// Sets the path from raw text, percent-encoding what the grammar's
    /// path characters (`pchar / "/"`) do not allow literally (`/a b` gives
    /// `/a%20b`; `/` is kept, so segments stay segments), into `buf`, which
    /// the builder then borrows. Then as [`Builder::path`].
    ///
    /// # Errors
    ///
    /// As [`Builder::userinfo_encoded`], with [`Builder::path`]'s.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// // The strict setter refuses the space; this one encodes it.
    /// assert!(Builder::new().path("/a b").is_err());
    /// let mut scratch = [0u8; 32];
    /// let b = Builder::new().scheme("http")?.host("example.com")?
    ///     .path_encoded("/a b/100%", &mut scratch)?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "http://example.com/a%20b/100%25");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn path_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Path;
        self.path(encode(c, G::encode_set_for(c), raw, buf)?)
    }

    /// Sets the query from raw text, percent-encoding what the grammar's
    /// `query` set does not allow literally (`a=b c&d` gives `a=b%20c&d`:
    /// `&` and `=` are query characters and stay), into `buf`, which the
    /// builder then borrows. Then as [`Builder::query`].
    ///
    /// # Errors
    ///
    /// As [`Builder::userinfo_encoded`], with [`Builder::query`]'s.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// let mut scratch = [0u8; 32];
    /// let b = Builder::new().path("/s")?.query_encoded("q=caf\u{e9} #1", &mut scratch)?;
    /// assert_eq!(b.build_str(&mut [0u8; 64])?, "/s?q=caf%C3%A9%20%231");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn query_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Query;
        self.query(Some(encode(c, G::encode_set_for(c), raw, buf)?))
    }

    /// Sets the fragment from raw text, percent-encoding what the
    /// grammar's `fragment` set does not allow literally, into `buf`,
    /// which the builder then borrows. Then as [`Builder::fragment`].
    ///
    /// # Errors
    ///
    /// As [`Builder::userinfo_encoded`], with [`Builder::fragment`]'s.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc3986::Builder;
    /// let mut scratch = [0u8; 32];
    /// let b = Builder::new().path("/")?.fragment_encoded("a b#c", &mut scratch)?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "/#a%20b%23c");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn fragment_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Fragment;
        self.fragment(Some(encode(c, G::encode_set_for(c), raw, buf)?))
    }
}

#[cfg(feature = "alloc")]
pub(super) mod owned {
    use super::{encode, BuildError, Component, GenericSyntax};
    use crate::builder::RefBuf;
    use crate::pct::{self, PctError};
    use alloc::vec::Vec;

    /// `raw` encoded with `G`'s set for `c`, in a buffer of its own.
    fn encoded<G: GenericSyntax>(c: Component, raw: &str) -> Result<Vec<u8>, BuildError> {
        encoded_with(c, G::encode_set_for(c), raw)
    }

    /// `raw` encoded with `set`, in a buffer of its own.
    pub(in crate::builder) fn encoded_with(
        c: Component,
        set: Option<&uridfa_runtime::EncodeSet>,
        raw: &str,
    ) -> Result<Vec<u8>, BuildError> {
        let set = set.ok_or(BuildError::NoEncodeSet { component: c })?;
        let len = match pct::encoded_len(raw.as_bytes(), set) {
            Ok(n) => n,
            Err(PctError::Unencodable { at, byte }) => {
                return Err(BuildError::Unencodable {
                    component: c,
                    offset: at,
                    byte,
                })
            }
            Err(_) => raw.len().saturating_mul(3),
        };
        let mut buf = alloc::vec![0u8; len];
        let n = encode(c, Some(set), raw, &mut buf)?.len();
        buf.truncate(n);
        Ok(buf)
    }

    /// The text of `buf`, which [`encode`] checked to be UTF-8.
    pub(in crate::builder) fn text(buf: &[u8]) -> &str {
        core::str::from_utf8(buf).unwrap_or_default()
    }

    impl<G: GenericSyntax> RefBuf<G> {
        /// Replaces the userinfo with raw text, percent-encoded as
        /// [`crate::builder::Builder::userinfo_encoded`] does; unchanged on
        /// error.
        ///
        /// # Errors
        ///
        /// As that method and [`RefBuf::set_userinfo`].
        pub fn set_userinfo_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
            let e = encoded::<G>(Component::Userinfo, raw)?;
            self.set_userinfo(Some(text(&e)))
        }

        /// Replaces the path with raw text, percent-encoded as
        /// [`crate::builder::Builder::path_encoded`] does; unchanged on
        /// error.
        ///
        /// # Errors
        ///
        /// As that method and [`RefBuf::set_path`].
        ///
        /// # Example
        ///
        /// ```
        /// let mut r: uridfa::rfc3986::UriRefBuf = "http://a/b?q".parse()?;
        /// r.set_path_encoded("/my files/100%")?;
        /// assert_eq!(r.as_str(), "http://a/my%20files/100%25?q");
        /// # Ok::<(), Box<dyn core::error::Error>>(())
        /// ```
        pub fn set_path_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
            let e = encoded::<G>(Component::Path, raw)?;
            self.set_path(text(&e))
        }

        /// Replaces the query with raw text, percent-encoded as
        /// [`crate::builder::Builder::query_encoded`] does; unchanged on
        /// error.
        ///
        /// # Errors
        ///
        /// As that method and [`RefBuf::set_query`].
        pub fn set_query_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
            let e = encoded::<G>(Component::Query, raw)?;
            self.set_query(Some(text(&e)))
        }

        /// Replaces the fragment with raw text, percent-encoded as
        /// [`crate::builder::Builder::fragment_encoded`] does; unchanged on
        /// error.
        ///
        /// # Errors
        ///
        /// As that method and [`RefBuf::set_fragment`].
        pub fn set_fragment_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
            let e = encoded::<G>(Component::Fragment, raw)?;
            self.set_fragment(Some(text(&e)))
        }
    }
}

impl<'a, G: super::UrnSyntax> super::UrnBuilder<'a, G> {
    /// Replaces the NSS with raw text, percent-encoding what the
    /// grammar's `NSS` set does not allow literally (`a b/c` gives
    /// `a%20b/c`), into `buf`, which the builder then borrows. Then as
    /// [`super::UrnBuilder::nss`].
    ///
    /// # Errors
    ///
    /// As [`Builder::userinfo_encoded`], with
    /// [`super::UrnBuilder::nss`]'s.
    ///
    /// # Example
    ///
    /// ```
    /// let mut scratch = [0u8; 32];
    /// let b = uridfa::rfc8141::Builder::new("example", "x")?.nss_encoded("a b?c", &mut scratch)?;
    /// assert_eq!(b.build_str(&mut [0u8; 32])?, "urn:example:a%20b%3Fc");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn nss_encoded(self, raw: &str, buf: &'a mut [u8]) -> Result<Self, BuildError> {
        let c = Component::Nss;
        self.nss(encode(c, G::encode_set_for(c), raw, buf)?)
    }

    /// Sets optional component `i` of `UrnRules::optional` from raw text,
    /// encoded with the grammar's set for it, into `buf` (the grammar
    /// modules' `*_encoded` setters).
    pub(crate) fn set_optional_encoded(
        self,
        i: usize,
        raw: &str,
        buf: &'a mut [u8],
    ) -> Result<Self, BuildError> {
        let c = G::rules().optional.get(i).map_or(Component::Nss, |o| o.0);
        let text = encode(c, G::encode_set_for(c), raw, buf)?;
        self.set_optional(i, Some(text))
    }
}

#[cfg(feature = "alloc")]
impl<G: super::UrnSyntax> super::UrnBuf<G> {
    /// Replaces the NSS with raw text, percent-encoded as
    /// [`super::UrnBuilder::nss_encoded`] does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As that method and [`super::UrnBuf::set_nss`].
    pub fn set_nss_encoded(&mut self, raw: &str) -> Result<(), BuildError> {
        let c = Component::Nss;
        let e = owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set_nss(owned::text(&e))
    }

    /// Replaces optional component `i` with raw text, encoded with the
    /// grammar's set for it (the grammar modules' `set_*_encoded`).
    pub(crate) fn set_optional_encoded(&mut self, i: usize, raw: &str) -> Result<(), BuildError> {
        let c = G::rules().optional.get(i).map_or(Component::Nss, |o| o.0);
        let e = owned::encoded_with(c, G::encode_set_for(c), raw)?;
        self.set_optional(i, Some(owned::text(&e)))
    }
}
