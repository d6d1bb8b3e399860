//! RFC 8141, *Uniform Resource Names (URNs)* (April 2017), from the ABNF of
//! its Section 2 (`grammar/rfc8141.abnf`).
//!
//! Two entry rules, two zero-copy views:
//!
//! | type | rule | RFC 8141 |
//! |---|---|---|
//! | [`Urn`] | `namestring = assigned-name [ rq-components ] [ "#" f-component ]` | §2 |
//! | [`AssignedName`] | `assigned-name = "urn" ":" NID ":" NSS` | §2 |
//!
//! `rq-components = [ "?+" r-component ] [ "?=" q-component ]`: the
//! r-component (§2.3.1) and q-component (§2.3.2) are each optional, and the
//! r-component comes first. A `?` inside an r-component is never followed
//! by `=`: `?=` always starts the q-component (`grammar/README.md` explains
//! this one departure from the bare ABNF, which is ambiguous there).
//!
//! Unlike its draft 03 ([`crate::draft_ietf_urnbis_rfc2141bis_urn_03`]),
//! the NSS may contain `/`, the query is two components with fixed
//! prefixes instead of `keywd=value` directives, and neither NID `urn` nor
//! `%00` is excluded by the syntax.
//!
//! URN-equivalence (§3) is [`Urn::equivalent`]; [`Urn::normalize_into`]
//! writes the normalized assigned name it compares.
//!
//! The raw tables are in [`tables`].

use crate::BufferTooSmall;

/// The generated tables of `grammar/rfc8141.abnf`: one `Tables` per entry
/// rule (`NAMESTRING`, `ASSIGNED_NAME`) and one index constant per capture
/// (`NID`, `NSS`, `R_COMPONENT`, `Q_COMPONENT`, `F_COMPONENT`).
///
/// Stability: the capture constants (`SCHEME`, `HOST`, ...) are part of the
/// API, for `span(index)` access to components without an accessor. Their
/// values follow the grammar file's `;@ capture` order, which changes only
/// with that file, and such a change is noted in the CHANGELOG. The
/// `Tables` statics are stable in name; their contents are whatever the
/// generator writes for the runtime's table format (see
/// `uridfa_runtime::Tables`).
#[allow(clippy::all, missing_docs)]
pub mod tables {
    crate::generated_tables!("rfc8141");
}

use tables::CAPTURE_LEN;

crate::generated_tables!("rfc8141_views");

/// A URN with its optional components (`namestring`, §2): [`Urn`]'s
/// accessors are generated from the grammar's captures (`nid()`, `nss()`,
/// `r_component()`, `q_component()`, `f_component()`); RFC 8141's
/// equivalence and normal form are here.
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::Urn;
/// let u = Urn::parse("urn:example:a/b?+res?=q?x#frag")?;
/// assert_eq!(u.nid(), "example");
/// assert_eq!(u.nss(), "a/b");
/// assert_eq!(u.r_component(), Some("res"));
/// assert_eq!(u.q_component(), Some("q?x"));
/// assert_eq!(u.f_component(), Some("frag"));
/// assert_eq!(u.assigned_name(), "urn:example:a/b");
/// // Errors are at the first byte that cannot continue a match.
/// let e = Urn::parse("urn:ab-:x").unwrap_err();
/// assert_eq!(e.offset(), 7); // an NID ends in alphanum
/// assert_eq!(Urn::parse_bytes(b"urn:ab:\xff").unwrap_err().offset(), 7);
/// assert!(Urn::is_valid(b"urn:example:a/b"));
/// assert!(!Urn::is_valid(b"urn:example:/b"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl<'a> Urn<'a> {
    /// The `assigned-name` alone, `urn:NID:NSS`: what URN-equivalence
    /// compares (RFC 8141 §3.1 ignores the r-, q- and f-components).
    pub fn assigned_name(&self) -> &'a str {
        let end = self.parts.span(tables::NSS).map_or(0, |(_, e)| e);
        self.parts.input.get(..end).unwrap_or("")
    }

    /// URN-equivalence (§3): equal assigned names after normalizing the
    /// case of `urn`, of the NID and of every percent-encoding. The
    /// r-, q- and f-components are not taken into account, percent-encodings
    /// are not decoded, and the rest of the NSS is case-sensitive. No
    /// allocation.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc8141::Urn;
    /// let a = Urn::parse("urn:example:a123,z456")?;
    /// assert!(a.equivalent(&Urn::parse("URN:EXAMPLE:a123,z456?+abc#789")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:example:A123,z456")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:example:a123%2Cz456")?));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn equivalent(&self, other: &Urn<'_>) -> bool {
        self.nid().eq_ignore_ascii_case(other.nid())
            && crate::urn_common::eq_pct_case(self.nss(), other.nss())
    }

    /// Writes the normalized assigned name into `out` and returns its
    /// length: what URN-equivalence (§3.1) compares, `urn:NID:NSS` with
    /// `urn` and the NID in lower case and the hex digits of every
    /// percent-encoding in upper case (RFC 3986 §2.1's preference; §3.1
    /// only says "normalize the case"). The r-, q- and f-components are
    /// dropped, since §3.1 does not take them into account; nothing is
    /// decoded. Two URNs are [equivalent](Urn::equivalent) exactly when
    /// their normal forms are equal. No allocation, linear time.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] with the exact length needed, the length of
    /// [`Urn::assigned_name`].
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc8141::Urn;
    /// let u = Urn::parse("URN:EXAMPLE:a123%2cz456?+abc?=xyz#789")?;
    /// let mut buf = [0u8; 64];
    /// let n = u.normalize_into(&mut buf).expect("64 bytes suffice");
    /// assert_eq!(&buf[..n], b"urn:example:a123%2Cz456");
    /// assert_eq!(u.normalize_into(&mut buf[..4]).unwrap_err().needed, n);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn normalize_into(&self, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        crate::urn_common::write_assigned(self.nid(), self.nss(), out)
    }

    /// The normalized assigned name as a new `String` (see
    /// [`Urn::normalize_into`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::rfc8141::Urn;
    /// let u = Urn::parse("URN:example:a123%2cz456#789")?;
    /// assert_eq!(u.normalized(), "urn:example:a123%2Cz456");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn normalized(&self) -> alloc::string::String {
        let nss = self.nss();
        let mut out = alloc::string::String::with_capacity(self.assigned_name().len());
        out.push_str("urn:");
        out.push_str(&self.nid().to_ascii_lowercase());
        out.push(':');
        let mut hex = 0u8;
        for c in nss.chars() {
            if hex > 0 {
                hex -= 1;
                out.push(c.to_ascii_uppercase());
            } else {
                if c == '%' {
                    hex = 2;
                }
                out.push(c);
            }
        }
        out
    }
}


static COMPONENT_RULES: crate::builder::UrnRules = crate::builder::UrnRules {
    nid: &tables::NID_RULE,
    nss: &tables::NSS_RULE,
    optional: &[
        (
            crate::builder::Component::RComponent,
            "?+",
            &tables::R_COMPONENT_RULE,
        ),
        (
            crate::builder::Component::QComponent,
            "?=",
            &tables::Q_COMPONENT_RULE,
        ),
        (
            crate::builder::Component::FComponent,
            "#",
            &tables::F_COMPONENT_RULE,
        ),
    ],
};

impl crate::builder::Sealed for Rfc8141 {}

// The builder's grammar: its optional components' prefixes and rules;
// the rest comes from the view (`crate::parts::FromTags`).
impl crate::builder::UrnSyntax for Rfc8141 {
    type Ref<'b> = Urn<'b>;
    type Tags = [u32; 2 * CAPTURE_LEN];
    fn rules() -> &'static crate::builder::UrnRules {
        &COMPONENT_RULES
    }
}

/// A builder for RFC 8141 URNs (`namestring`, §2): see
/// [`crate::builder::UrnBuilder`]. Each component is checked with the
/// tables of its own rule (`NID`, `NSS`, `r-component`, `q-component`,
/// `f-component`).
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::{Builder, Urn};
/// let b = Builder::new("example", "weather")?
///     .q_component(Some("op=map&lat=39.56&lon=-104.85"))?;
/// assert_eq!(
///     b.build_str(&mut [0u8; 64])?,
///     "urn:example:weather?=op=map&lat=39.56&lon=-104.85"
/// );
/// // From a parsed URN: change one component, keep the others.
/// let u = Urn::parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk#top")?;
/// let b = u.to_builder().f_component(None)?;
/// assert_eq!(b.build_str(&mut [0u8; 64])?, "urn:example:foo-bar-baz-qux?+CCResolve:cc=uk");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub type Builder<'a> = crate::builder::UrnBuilder<'a, Rfc8141>;

impl<'a> Builder<'a> {
    /// Sets or clears the r-component (without the `?+`).
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `r-component` (which is never empty and has no `?=`).
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("example", "a")?;
    /// assert!(b.r_component(Some("")).is_err());
    /// assert_eq!(b.r_component(Some("x?=y")).unwrap_err().offset(), Some(2));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn r_component(self, r: Option<&'a str>) -> Result<Self, crate::builder::BuildError> {
        self.set_optional(0, r)
    }

    /// Sets or clears the q-component (without the `?=`).
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `q-component` (never empty, no `#`).
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("example", "a")?;
    /// assert_eq!(b.q_component(Some("a#b")).unwrap_err().offset(), Some(1));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn q_component(self, q: Option<&'a str>) -> Result<Self, crate::builder::BuildError> {
        self.set_optional(1, q)
    }

    /// Sets or clears the f-component (without the `#`; may be empty).
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `f-component`.
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::rfc8141::Builder::new("example", "a")?;
    /// assert!(b.f_component(Some("a#b")).is_err());
    /// assert_eq!(b.f_component(Some("s"))?.build_str(&mut [0; 16])?, "urn:example:a#s");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn f_component(self, f: Option<&'a str>) -> Result<Self, crate::builder::BuildError> {
        self.set_optional(2, f)
    }

    /// Sets the q-component from raw text, percent-encoding what RFC 8141's
    /// `q-component` set does not allow literally, into `buf`, which the
    /// builder then borrows; then as [`Builder::q_component`].
    ///
    /// # Errors
    ///
    /// As [`crate::builder::Builder::userinfo_encoded`], with
    /// [`Builder::q_component`]'s.
    ///
    /// # Example
    ///
    /// ```
    /// let mut scratch = [0u8; 32];
    /// let b = uridfa::rfc8141::Builder::new("example", "a")?.q_component_encoded("x y#z", &mut scratch)?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "urn:example:a?=x%20y%23z");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn q_component_encoded(
        self,
        raw: &str,
        buf: &'a mut [u8],
    ) -> Result<Self, crate::builder::BuildError> {
        self.set_optional_encoded(1, raw, buf)
    }

    /// Sets the f-component from raw text, percent-encoding what RFC 8141's
    /// `f-component` set does not allow literally, into `buf`, which the
    /// builder then borrows; then as [`Builder::f_component`].
    ///
    /// # Errors
    ///
    /// As [`Builder::q_component_encoded`], with [`Builder::f_component`]'s.
    pub fn f_component_encoded(
        self,
        raw: &str,
        buf: &'a mut [u8],
    ) -> Result<Self, crate::builder::BuildError> {
        self.set_optional_encoded(2, raw, buf)
    }
}

impl<'a> Urn<'a> {
    /// A [`Builder`] pre-filled with this URN's components.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc8141::Urn::parse("urn:example:a?=q")?;
    /// let b = u.to_builder().nss("b")?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "urn:example:b?=q");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_view(self)
    }
}

/// The assigned name alone (`assigned-name = "urn" ":" NID ":" NSS`, §2);
/// it has no r-, q- or f-component (their accessors, shared with [`Urn`],
/// are always `None`).
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::AssignedName;
/// let u = AssignedName::parse("URN:ISBN:0-395-36341-1")?;
/// assert_eq!((u.nid(), u.nss()), ("ISBN", "0-395-36341-1"));
/// assert!(AssignedName::parse("urn:isbn:0-395-36341-1#x").is_err());
/// let e = AssignedName::parse("urn:ab-:x").unwrap_err();
/// assert_eq!(e.offset(), 7); // an NID ends in alphanum
/// assert_eq!(AssignedName::parse_bytes(b"urn:ab:\xff").unwrap_err().offset(), 7);
/// assert!(AssignedName::is_valid(b"urn:example:a/b"));
/// assert!(!AssignedName::is_valid(b"urn:example:/b"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl<'a> AssignedName<'a> {
    /// A [`Builder`] pre-filled with this name's NID and NSS.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::rfc8141::AssignedName::parse("urn:example:a")?;
    /// let b = u.to_builder().f_component(Some("x"))?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "urn:example:a#x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_view(self)
    }
}

/// The owned form of [`Urn`]: see [`crate::builder::UrnBuf`].
///
/// # Example
///
/// ```
/// let mut u: uridfa::rfc8141::UrnBuf = "urn:example:a".parse()?;
/// u.set_nid("other")?;
/// assert_eq!(u.as_str(), "urn:other:a");
/// assert!(u.set_nss("").is_err());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub type UrnBuf = crate::builder::UrnBuf<Rfc8141>;

#[cfg(feature = "alloc")]
impl UrnBuf {
    /// Sets or clears the `r-component`; unchanged on error.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `r-component`.
    pub fn set_r_component(
        &mut self,
        value: Option<&str>,
    ) -> Result<(), crate::builder::BuildError> {
        self.set_optional(0, value)
    }

    /// Sets or clears the `q-component`; unchanged on error.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `q-component`.
    pub fn set_q_component(
        &mut self,
        value: Option<&str>,
    ) -> Result<(), crate::builder::BuildError> {
        self.set_optional(1, value)
    }

    /// Sets or clears the `f-component`; unchanged on error.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `f-component`.
    pub fn set_f_component(
        &mut self,
        value: Option<&str>,
    ) -> Result<(), crate::builder::BuildError> {
        self.set_optional(2, value)
    }

    /// Replaces the `q-component` with raw text, percent-encoded as
    /// [`Builder::q_component_encoded`] does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As that method.
    pub fn set_q_component_encoded(&mut self, raw: &str) -> Result<(), crate::builder::BuildError> {
        self.set_optional_encoded(1, raw)
    }

    /// Replaces the `f-component` with raw text, percent-encoded as
    /// [`Builder::f_component_encoded`] does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As that method.
    pub fn set_f_component_encoded(&mut self, raw: &str) -> Result<(), crate::builder::BuildError> {
        self.set_optional_encoded(2, raw)
    }
}

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for Rfc8141 {}
