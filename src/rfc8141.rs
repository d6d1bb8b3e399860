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

use crate::{BufferTooSmall, Error};

/// The generated tables of `grammar/rfc8141.abnf`: one `Tables` per entry
/// rule (`NAMESTRING`, `ASSIGNED_NAME`) and one index constant per capture
/// (`NID`, `NSS`, `R_COMPONENT`, `Q_COMPONENT`, `F_COMPONENT`).
#[allow(clippy::all, missing_docs)]
pub mod tables {
    crate::generated_tables!("rfc8141");
}

use tables::CAPTURE_LEN;

/// The spans of one parsed URN.
type Parts<'a> = crate::parts::Parts<'a, { 2 * CAPTURE_LEN }>;

/// A URN with its optional components (`namestring`, §2).
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
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Urn<'a> {
    parts: Parts<'a>,
}

/// The assigned name alone (`assigned-name = "urn" ":" NID ":" NSS`, §2).
///
/// # Example
///
/// ```
/// use uridfa::rfc8141::AssignedName;
/// let u = AssignedName::parse("URN:ISBN:0-395-36341-1")?;
/// assert_eq!((u.nid(), u.nss()), ("ISBN", "0-395-36341-1"));
/// assert!(AssignedName::parse("urn:isbn:0-395-36341-1#x").is_err());
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssignedName<'a> {
    parts: Parts<'a>,
}

macro_rules! common {
    ($name:ident, $table:ident, $rule:literal) => {
        impl<'a> $name<'a> {
            #[doc = concat!("Parses `input` as `", $rule, "`.")]
            ///
            /// # Errors
            ///
            /// An [`Error`] at the first byte that cannot continue a match,
            /// or at the end if the input stops short.
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::rfc8141::", stringify!($name), ";")]
            #[doc = concat!("let e = ", stringify!($name), "::parse(\"urn:ab-:x\").unwrap_err();")]
            /// assert_eq!(e.offset(), 7); // an NID ends in alphanum
            #[doc = concat!("assert!(", stringify!($name), "::parse(\"urn:ab:x\").is_ok());")]
            /// ```
            pub fn parse(input: &'a str) -> Result<Self, Error> {
                Ok($name {
                    parts: Parts::parse_str::<{ tables::REG_LEN }>(&tables::$table, input)?,
                })
            }

            #[doc = concat!("Parses bytes as `", $rule, "`. Any bytes are accepted as input; non-ASCII is an error at its offset.")]
            ///
            /// # Errors
            ///
            /// As [`Self::parse`].
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::rfc8141::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::parse_bytes(b\"urn:ab:\\xff\").unwrap_err().offset(), 7);")]
            /// ```
            pub fn parse_bytes(input: &'a [u8]) -> Result<Self, Error> {
                Ok($name {
                    parts: Parts::parse_bytes::<{ tables::REG_LEN }>(&tables::$table, input)?,
                })
            }

            #[doc = concat!("Whether `input` matches `", $rule, "`, without reporting components (faster than parsing).")]
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::rfc8141::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::is_valid(b\"urn:example:a/b\"));")]
            #[doc = concat!("assert!(!", stringify!($name), "::is_valid(b\"urn:example:/b\"));")]
            /// ```
            pub fn is_valid(input: &[u8]) -> bool {
                uridfa_runtime::validate(&tables::$table, input).is_ok()
            }

            /// The whole input.
            pub fn as_str(&self) -> &'a str {
                self.parts.input
            }

            /// The namespace identifier, `NID = (alphanum) 0*30(ldh)
            /// (alphanum)`, as written (NIDs are case-insensitive).
            pub fn nid(&self) -> &'a str {
                self.parts.get(tables::NID).unwrap_or("")
            }

            /// The namespace-specific string, `NSS = pchar *(pchar / "/")`,
            /// still percent-encoded.
            pub fn nss(&self) -> &'a str {
                self.parts.get(tables::NSS).unwrap_or("")
            }

            /// The span of capture `index` (see [`tables`] for the indices).
            pub fn span(&self, index: usize) -> Option<(usize, usize)> {
                self.parts.span(index)
            }
        }

        impl core::fmt::Display for $name<'_> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.parts.input)
            }
        }
    };
}

common!(Urn, NAMESTRING, "namestring");
common!(AssignedName, ASSIGNED_NAME, "assigned-name");

impl<'a> Urn<'a> {
    /// The r-component (§2.3.1), without the `?+`; `None` if absent. Never
    /// empty: `r-component = pchar *( pchar / "/" / "?" )`.
    pub fn r_component(&self) -> Option<&'a str> {
        self.parts.get(tables::R_COMPONENT)
    }

    /// The q-component (§2.3.2), without the `?=`; `None` if absent. Never
    /// empty: `q-component = pchar *( pchar / "/" / "?" )`.
    pub fn q_component(&self) -> Option<&'a str> {
        self.parts.get(tables::Q_COMPONENT)
    }

    /// The f-component (§2.3.3), without the `#`; `None` if absent,
    /// `Some("")` for a trailing `#` (`f-component = fragment` may be
    /// empty).
    pub fn f_component(&self) -> Option<&'a str> {
        self.parts.get(tables::F_COMPONENT)
    }

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
