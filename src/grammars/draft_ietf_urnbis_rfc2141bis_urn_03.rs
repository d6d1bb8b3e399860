//! *Uniform Resource Name (URN) Syntax*, draft-ietf-urnbis-rfc2141bis-urn-03
//! (October 2012, the draft that became RFC 8141), from its Section 2 and
//! Appendix B (`grammar/draft-ietf-urnbis-rfc2141bis-urn-03.abnf`).
//!
//! Two entry rules, two zero-copy views:
//!
//! | type | rule | draft 03 |
//! |---|---|---|
//! | [`UrnRef`] | `urn-reference = scheme ":" urn-path [ "?" urn-query ] [ "#" fragment ]` | §2, §2.3, §2.4 |
//! | [`AssignedUrn`] | `assigned-urn = scheme ":" urn-path` | §2, §2.3 ("MUST NOT be present in any *assigned* URN") |
//!
//! Both rule names are ours: the draft superimposes `urn-path = NID ":" NSS`
//! on RFC 3986's `path-rootless` and `urn-query` on `query` but names no
//! rule for the result.
//!
//! Two prose rules of the draft are enforced by the grammar itself, so
//! [`UrnRef::is_valid`] (tables only) is as strict as [`UrnRef::parse`]:
//!
//! - §2.1: "the NID "urn" is permanently reserved by this RFC and MUST NOT
//!   be used": rule `NID` excludes `urn` in any case;
//! - §2.5.3: NUL "MUST NOT be used in URNs, in either unencoded or
//!   percent-encoded form": rule `pct-encoded` excludes `%00` (in the NSS,
//!   the query and the fragment).
//!
//! ```
//! use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef;
//! assert!(UrnRef::parse("urn:urn:x").is_err()); // §2.1
//! assert!(UrnRef::parse("urn:foo:a%00b").is_err()); // §2.5.3
//! ```
//!
//! Lexical equivalence (§5) is [`UrnRef::lexically_equivalent`], and the
//! §5 normal form [`UrnRef::normalize_into`], both with
//! [`Step5`] choosing between the draft's steps 5a and 5b.
//!
//! The raw tables are in [`tables`].

use crate::work::{Meter, NoMeter};
#[cfg(feature = "measure")]
use core::cell::Cell;

use crate::urn_common::{assigned_len, eq_pct_case, write_assigned};
use crate::urn_directives::same_directives;
use crate::BufferTooSmall;

/// The generated tables of `grammar/draft-ietf-urnbis-rfc2141bis-urn-03.abnf`:
/// one `Tables` per entry rule (`URN_REFERENCE`, `ASSIGNED_URN`) and one
/// index constant per capture (`NID`, `NSS`, `URN_QUERY`, `FRAGMENT`).
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
    crate::generated_tables!("draft_ietf_urnbis_rfc2141bis_urn_03");
}

use tables::CAPTURE_LEN;

crate::generated_tables!("draft_ietf_urnbis_rfc2141bis_urn_03_views");

/// A URI reference to a URN (`urn-reference`, §2–§2.4): the assigned URN
/// `urn:NID:NSS`, an optional `urn-query` (§2.3, read by `query()`) and an
/// optional `fragment` (§2.4). The accessors are generated from the
/// grammar's captures; the query directives and equivalence are here.
///
/// # Example
///
/// ```
/// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef;
/// let u = UrnRef::parse("urn:isbn:0451450523?s=I2L&c=ToC#p1")?;
/// assert_eq!(u.nid(), "isbn");
/// assert_eq!(u.nss(), "0451450523");
/// assert_eq!(u.query(), Some("s=I2L&c=ToC"));
/// let d: Vec<_> = u.directives().map(|d| (d.keyword(), d.value())).collect();
/// assert_eq!(d, [("s", "I2L"), ("c", "ToC")]);
/// assert_eq!(u.fragment(), Some("p1"));
/// assert_eq!(u.assigned_urn(), "urn:isbn:0451450523");
/// // Errors are at the first byte that cannot continue a match.
/// let e = UrnRef::parse("urn:ab-:x").unwrap_err();
/// assert_eq!(e.offset(), 7); // §2.1: an NID ends in ALPHA / DIGIT
/// assert_eq!(UrnRef::parse_bytes(b"urn:ab:\xff").unwrap_err().offset(), 7);
/// // The §2.1 and §2.5.3 prose rules are part of the grammar, so
/// // validation is as strict as parsing.
/// assert!(UrnRef::is_valid(b"urn:example:x"));
/// assert!(!UrnRef::is_valid(b"urn:URN:x"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl<'a> UrnRef<'a> {
    /// The query directives `keywd=value` (§2.3), in input order; empty
    /// without a query. Splits the query on `&` and each directive at its
    /// first `=` (a `keywd` has no `=`; a `value` may). No allocation.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef;
    /// let u = UrnRef::parse("urn:foo:x?s=I2U&c=a=b&k-2=")?;
    /// let d: Vec<_> = u.directives().map(|d| (d.keyword(), d.value())).collect();
    /// assert_eq!(d, [("s", "I2U"), ("c", "a=b"), ("k-2", "")]);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn directives(&self) -> Directives<'a> {
        Directives { rest: self.query() }
    }

    /// The assigned URN alone, `urn:NID:NSS`, without query and fragment
    /// (what §5 step 4 and 5a keep).
    pub fn assigned_urn(&self) -> &'a str {
        let end = self.parts.span(tables::NSS).map_or(0, |(_, e)| e);
        self.parts.input.get(..end).unwrap_or("")
    }
}

/// An assigned URN (`assigned-urn`, §2): `urn:NID:NSS` with neither query
/// (§2.3) nor fragment (§2.4) (their accessors, shared with [`UrnRef`],
/// are always `None`).
///
/// # Example
///
/// ```
/// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::AssignedUrn;
/// let u = AssignedUrn::parse("URN:foo:a123,456")?;
/// assert_eq!((u.nid(), u.nss()), ("foo", "a123,456"));
/// assert!(AssignedUrn::parse("urn:foo:a123,456?x=y").is_err());
/// let e = AssignedUrn::parse("urn:ab-:x").unwrap_err();
/// assert_eq!(e.offset(), 7); // §2.1: an NID ends in ALPHA / DIGIT
/// assert_eq!(AssignedUrn::parse_bytes(b"urn:ab:\xff").unwrap_err().offset(), 7);
/// assert!(AssignedUrn::is_valid(b"urn:example:x"));
/// assert!(!AssignedUrn::is_valid(b"urn:URN:x"));
/// # Ok::<(), uridfa::Error>(())
/// ```
impl AssignedUrn<'_> {}

/// Which alternative of §5 step 5 [`UrnRef::lexically_equivalent`]
/// applies: "If the objective is related to distinguishing named resources,
/// perform step 5a; if the objective is related to caching specific URN
/// resolution results, perform step 5b."
///
/// # Example
///
/// ```
/// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{Step5, UrnRef};
/// let a = UrnRef::parse("urn:foo:a123,456")?;
/// let b = UrnRef::parse("urn:foo:a123,456?x=y")?;
/// assert!(a.lexically_equivalent(&b, Step5::RemoveQuery));
/// assert!(!a.lexically_equivalent(&b, Step5::ReorderDirectives));
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step5 {
    /// 5a: "Remove the `<query>` part of the URI, if present."
    RemoveQuery,
    /// 5b: "Reorder the directives in the `<query>` part of the URI, if
    /// present, bringing them into a preferred `<keywd>` order": the queries
    /// must hold the same directives, in any order (a query and no query
    /// differ). Our preferred order is by keyword, then by value
    /// ([`UrnRef::normalize_into`]).
    ReorderDirectives,
}

impl UrnRef<'_> {
    /// Lexical equivalence (§5): equal after normalizing the case of the
    /// scheme `urn` (step 1), of the NID (step 2) and of every
    /// percent-encoding (step 3), removing the fragment (step 4), and
    /// either removing the query (step 5a) or comparing its directives in
    /// any order (step 5b; a query and no query differ). Percent-encodings
    /// are not decoded (§5: "Note that percent-encoding MUST NOT be
    /// removed"), and directives are case-sensitive (§2.3). No allocation.
    ///
    /// Agrees with comparing the [`UrnRef::normalize_into`] normal forms.
    ///
    /// # Complexity
    ///
    /// Linear, except under step 5b for two queries of equal length and
    /// equal order-independent fingerprints whose directives appear in
    /// different orders: then O(d·n) for d directives (see Note [5b
    /// without storage] in the source). Comparing the normal forms of
    /// [`UrnRef::normalize_into`] is O(n log d) in every case.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{Step5, UrnRef};
    /// // §5.1: "URNs 5 and 6 are only lexically equivalent to each other."
    /// let five = UrnRef::parse("urn:foo:a123%2C456")?;
    /// let six = UrnRef::parse("URN:FOO:a123%2c456")?;
    /// assert!(five.lexically_equivalent(&six, Step5::RemoveQuery));
    /// // Step 5b: the same directives in another order.
    /// let a = UrnRef::parse("urn:isbn:x?s=I2L&c=ToC")?;
    /// let b = UrnRef::parse("urn:isbn:x?c=ToC&s=I2L")?;
    /// assert!(a.lexically_equivalent(&b, Step5::ReorderDirectives));
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn lexically_equivalent(&self, other: &UrnRef<'_>, step: Step5) -> bool {
        self.lexically_equivalent_with(other, step, &NoMeter)
    }

    /// [`UrnRef::lexically_equivalent`], also returning a count of the
    /// bytes it visited: a measurement for this crate's complexity tests,
    /// behind the test-only feature `measure` (not part of the API).
    #[cfg(feature = "measure")]
    pub fn lexically_equivalent_counting(&self, other: &UrnRef<'_>, step: Step5) -> (bool, usize) {
        let work = Cell::new(0);
        (
            self.lexically_equivalent_with(other, step, &work),
            work.get(),
        )
    }

    fn lexically_equivalent_with(
        &self,
        other: &UrnRef<'_>,
        step: Step5,
        work: &impl Meter,
    ) -> bool {
        self.nid().eq_ignore_ascii_case(other.nid())
            && eq_pct_case(self.nss(), other.nss())
            && match step {
                Step5::RemoveQuery => true,
                Step5::ReorderDirectives => match (self.query(), other.query()) {
                    (None, None) => true,
                    (Some(a), Some(b)) => same_directives(a, b, work),
                    _ => false,
                },
            }
    }

    /// Writes the §5 normal form into `out` and returns its length: `urn`
    /// and the NID in lower case, the hex digits of every percent-encoding
    /// in upper case (§5 leaves the case to the implementation; upper is
    /// RFC 3986 §2.1's), no fragment, and under [`Step5::RemoveQuery`] no
    /// query, under [`Step5::ReorderDirectives`] the directives sorted by
    /// keyword, then by value (a stable choice of the "preferred `<keywd>`
    /// order"; Note [directive order] in the source). Nothing is decoded.
    /// Two URN references are [lexically
    /// equivalent](UrnRef::lexically_equivalent) exactly when their normal
    /// forms are equal. No allocation, O(n log d) for d directives.
    ///
    /// Under step 5b the sort uses the rest of `out` as scratch, so bytes
    /// of `out` after the returned length are unspecified.
    ///
    /// # Errors
    ///
    /// [`BufferTooSmall`] with the exact length needed. That is the normal
    /// form's length, except under step 5b with a query of 64 KiB or more,
    /// which may need up to 1.5 bytes per directive more (3 from 16 MiB on;
    /// the sort's index, Note [sorting in the caller buffer]). `out` may
    /// have been written to.
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{Step5, UrnRef};
    /// let u = UrnRef::parse("URN:Foo:a%2c?s=I2L&c=x%3a#frag")?;
    /// let mut buf = [0u8; 64];
    /// let n = u.normalize_into(Step5::RemoveQuery, &mut buf).expect("64 bytes suffice");
    /// assert_eq!(&buf[..n], b"urn:foo:a%2C");
    /// let n = u.normalize_into(Step5::ReorderDirectives, &mut buf).expect("64 bytes suffice");
    /// assert_eq!(&buf[..n], b"urn:foo:a%2C?c=x%3A&s=I2L");
    /// let err = u.normalize_into(Step5::ReorderDirectives, &mut buf[..8]).unwrap_err();
    /// assert_eq!(err.needed, n);
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    pub fn normalize_into(&self, step: Step5, out: &mut [u8]) -> Result<usize, BufferTooSmall> {
        self.normalize_with_work(step, out, &NoMeter)
    }

    /// [`UrnRef::normalize_into`], also returning a count of the bytes and
    /// index entries it visited: a measurement for this crate's complexity
    /// tests, behind the test-only feature `measure` (not part of the API).
    #[cfg(feature = "measure")]
    pub fn normalize_into_counting(
        &self,
        step: Step5,
        out: &mut [u8],
    ) -> (Result<usize, BufferTooSmall>, usize) {
        let work = Cell::new(0);
        (self.normalize_with_work(step, out, &work), work.get())
    }

    fn normalize_with_work(
        &self,
        step: Step5,
        out: &mut [u8],
        work: &impl Meter,
    ) -> Result<usize, BufferTooSmall> {
        let (nid, nss) = (self.nid(), self.nss());
        let query = match step {
            Step5::RemoveQuery => None,
            Step5::ReorderDirectives => self.query(),
        };
        let Some(q) = query else {
            work.add(assigned_len(nid, nss));
            return write_assigned(nid, nss, out);
        };
        crate::urn_directives::normal_form_5b(nid, nss, q.as_bytes(), out, work)
    }

    /// The §5 normal form as a new `String` (see [`UrnRef::normalize_into`]).
    ///
    /// # Example
    ///
    /// ```
    /// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::{Step5, UrnRef};
    /// let u = UrnRef::parse("URN:FOO:a123%2c456?x=y#frag")?;
    /// assert_eq!(u.normalized(Step5::RemoveQuery), "urn:foo:a123%2C456");
    /// assert_eq!(u.normalized(Step5::ReorderDirectives), "urn:foo:a123%2C456?x=y");
    /// # Ok::<(), uridfa::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    pub fn normalized(&self, step: Step5) -> alloc::string::String {
        let needed = match self.normalize_into(step, &mut []) {
            Ok(n) => n,
            Err(BufferTooSmall { needed }) => needed,
        };
        let mut buf = alloc::vec![0u8; needed];
        let n = self.normalize_into(step, &mut buf).unwrap_or(0);
        buf.truncate(n);
        // The normal form is ASCII: the input is, and only ASCII letters
        // change case.
        alloc::string::String::from_utf8(buf).unwrap_or_default()
    }
}

/// One `directive = keywd "=" value` of a `urn-query` (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Directive<'a> {
    keyword: &'a str,
    value: &'a str,
}

impl<'a> Directive<'a> {
    /// The `keywd`: `ALPHA *( ["-"] (ALPHA / DIGIT))`, case-sensitive
    /// (§2.3: "these directives are regarded as case-sensitive").
    pub fn keyword(&self) -> &'a str {
        self.keyword
    }

    /// The `value`: `*v-pchar`, still percent-encoded; may be empty and
    /// may contain `=`.
    pub fn value(&self) -> &'a str {
        self.value
    }
}

/// The directives of a `urn-query`, from [`UrnRef::directives`].
#[derive(Clone, Debug)]
pub struct Directives<'a> {
    rest: Option<&'a str>,
}

impl<'a> Iterator for Directives<'a> {
    type Item = Directive<'a>;

    fn next(&mut self) -> Option<Directive<'a>> {
        let rest = self.rest?;
        let (directive, tail) = match rest.split_once('&') {
            Some((d, t)) => (d, Some(t)),
            None => (rest, None),
        };
        self.rest = tail;
        // A validated directive always has its "=" (`keywd "=" value`).
        let (keyword, value) = directive.split_once('=').unwrap_or((directive, ""));
        Some(Directive { keyword, value })
    }
}

impl core::iter::FusedIterator for Directives<'_> {}


static COMPONENT_RULES: crate::builder::UrnRules = crate::builder::UrnRules {
    nid: &tables::NID_RULE,
    nss: &tables::NSS_RULE,
    optional: &[
        (
            crate::builder::Component::Query,
            "?",
            &tables::URN_QUERY_RULE,
        ),
        (
            crate::builder::Component::Fragment,
            "#",
            &tables::FRAGMENT_RULE,
        ),
    ],
};

impl crate::builder::Sealed for UrnDraft03 {}

// The builder's grammar: its optional components' prefixes and rules;
// the rest comes from the view (`crate::parts::FromTags`).
impl crate::builder::UrnSyntax for UrnDraft03 {
    type Ref<'b> = UrnRef<'b>;
    type Tags = [u32; 2 * CAPTURE_LEN];
    fn rules() -> &'static crate::builder::UrnRules {
        &COMPONENT_RULES
    }
}

/// A builder for URNs of the draft (`urn-reference`, §2): see
/// [`crate::builder::UrnBuilder`]. Each component is checked with the
/// tables of its own rule (`NID`, `NSS`, `urn-query`, `fragment`).
///
/// # Example
///
/// ```
/// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::Builder;
/// let b = Builder::new("foo", "x")?.query(Some("s=I2U&c=a"))?;
/// assert_eq!(b.build_str(&mut [0u8; 32])?, "urn:foo:x?s=I2U&c=a");
/// assert!(Builder::new("urn", "x").is_err()); // §2.1: NID "urn" is excluded
/// # Ok::<(), uridfa::builder::BuildError>(())
/// ```
pub type Builder<'a> = crate::builder::UrnBuilder<'a, UrnDraft03>;

impl<'a> Builder<'a> {
    /// Sets or clears the `urn-query` (without the `?`): `keywd=value`
    /// directives joined by `&`.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `urn-query`.
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::Builder::new("foo", "x")?;
    /// assert_eq!(b.query(Some("novalue")).unwrap_err().offset(), Some(7));
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn query(self, query: Option<&'a str>) -> Result<Self, crate::builder::BuildError> {
        self.set_optional(0, query)
    }

    /// Sets or clears the `fragment` (without the `#`; may be empty).
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `fragment`.
    ///
    /// # Example
    ///
    /// ```
    /// let b = uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::Builder::new("foo", "x")?;
    /// assert_eq!(b.fragment(Some("f"))?.build_str(&mut [0; 16])?, "urn:foo:x#f");
    /// # Ok::<(), uridfa::builder::BuildError>(())
    /// ```
    pub fn fragment(self, fragment: Option<&'a str>) -> Result<Self, crate::builder::BuildError> {
        self.set_optional(1, fragment)
    }

    /// Sets the fragment from raw text, percent-encoding what the draft's
    /// `fragment` set does not allow literally, into `buf`, which the
    /// builder then borrows; then as [`Builder::fragment`].
    ///
    /// # Errors
    ///
    /// As [`crate::builder::Builder::userinfo_encoded`], with
    /// [`Builder::fragment`]'s.
    pub fn fragment_encoded(
        self,
        raw: &str,
        buf: &'a mut [u8],
    ) -> Result<Self, crate::builder::BuildError> {
        self.set_optional_encoded(1, raw, buf)
    }
}

impl<'a> UrnRef<'a> {
    /// A [`Builder`] pre-filled with this URN's components.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef::parse("urn:foo:x?a=b#f")?;
    /// let b = u.to_builder().query(None)?;
    /// assert_eq!(b.build_str(&mut [0; 32])?, "urn:foo:x#f");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_view(self)
    }
}

impl<'a> AssignedUrn<'a> {
    /// A [`Builder`] pre-filled with this URN's NID and NSS.
    ///
    /// # Example
    ///
    /// ```
    /// let u = uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::AssignedUrn::parse("urn:foo:x")?;
    /// assert_eq!(u.to_builder().build_str(&mut [0; 16])?, "urn:foo:x");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_builder(&self) -> Builder<'a> {
        Builder::from_view(self)
    }
}

/// The owned form of [`UrnRef`]: see [`crate::builder::UrnBuf`].
///
/// # Example
///
/// ```
/// let mut u: uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::UrnBuf = "urn:example:a".parse()?;
/// u.set_nid("other")?;
/// assert_eq!(u.as_str(), "urn:other:a");
/// assert!(u.set_nss("").is_err());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[cfg(feature = "alloc")]
pub type UrnBuf = crate::builder::UrnBuf<UrnDraft03>;

#[cfg(feature = "alloc")]
impl UrnBuf {
    /// Sets or clears the `urn-query`; unchanged on error.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `urn-query`.
    pub fn set_query(&mut self, value: Option<&str>) -> Result<(), crate::builder::BuildError> {
        self.set_optional(0, value)
    }

    /// Sets or clears the `fragment`; unchanged on error.
    ///
    /// # Errors
    ///
    /// [`crate::builder::BuildError::Invalid`] if it does not match
    /// `fragment`.
    pub fn set_fragment(&mut self, value: Option<&str>) -> Result<(), crate::builder::BuildError> {
        self.set_optional(1, value)
    }

    /// Replaces the fragment with raw text, percent-encoded as
    /// [`Builder::fragment_encoded`] does; unchanged on error.
    ///
    /// # Errors
    ///
    /// As that method.
    pub fn set_fragment_encoded(&mut self, raw: &str) -> Result<(), crate::builder::BuildError> {
        self.set_optional_encoded(1, raw)
    }
}

// Resolution and normalization do not read this grammar (Note [algorithms
// over grammars] in `src/algorithms/reading.rs`).
impl crate::algorithms::Reads for UrnDraft03 {}
