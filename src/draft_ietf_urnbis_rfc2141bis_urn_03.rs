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
use core::cell::Cell;

use crate::urn_common::{assigned_len, copy_pct_upper, eq_pct_case, write_assigned};
use crate::{BufferTooSmall, Error};

/// The generated tables of `grammar/draft-ietf-urnbis-rfc2141bis-urn-03.abnf`:
/// one `Tables` per entry rule (`URN_REFERENCE`, `ASSIGNED_URN`) and one
/// index constant per capture (`NID`, `NSS`, `URN_QUERY`, `FRAGMENT`).
#[allow(clippy::all, missing_docs)]
pub mod tables {
    crate::generated_tables!("draft_ietf_urnbis_rfc2141bis_urn_03");
}

use tables::CAPTURE_LEN;

/// The spans of one parsed URN.
type Parts<'a> = crate::parts::Parts<'a, { 2 * CAPTURE_LEN }>;

/// A URI reference to a URN (`urn-reference`, §2–§2.4): the assigned URN
/// `urn:NID:NSS`, an optional `urn-query` (§2.3) and an optional
/// `fragment` (§2.4).
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
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UrnRef<'a> {
    parts: Parts<'a>,
}

/// An assigned URN (`assigned-urn`, §2): `urn:NID:NSS` with neither query
/// (§2.3) nor fragment (§2.4).
///
/// # Example
///
/// ```
/// use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::AssignedUrn;
/// let u = AssignedUrn::parse("URN:foo:a123,456")?;
/// assert_eq!((u.nid(), u.nss()), ("foo", "a123,456"));
/// assert!(AssignedUrn::parse("urn:foo:a123,456?x=y").is_err());
/// # Ok::<(), uridfa::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AssignedUrn<'a> {
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
            #[doc = concat!("use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::", stringify!($name), ";")]
            #[doc = concat!("let e = ", stringify!($name), "::parse(\"urn:ab-:x\").unwrap_err();")]
            /// assert_eq!(e.offset(), 7); // §2.1: an NID ends in ALPHA / DIGIT
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
            #[doc = concat!("use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::", stringify!($name), ";")]
            #[doc = concat!("assert_eq!(", stringify!($name), "::parse_bytes(b\"urn:ab:\\xff\").unwrap_err().offset(), 7);")]
            /// ```
            pub fn parse_bytes(input: &'a [u8]) -> Result<Self, Error> {
                Ok($name {
                    parts: Parts::parse_bytes::<{ tables::REG_LEN }>(&tables::$table, input)?,
                })
            }

            #[doc = concat!("Whether `input` matches `", $rule, "`, without reporting components (faster than parsing). The §2.1 and §2.5.3 prose rules are part of the grammar, so this is as strict as [`Self::parse`].")]
            ///
            /// # Example
            ///
            /// ```
            #[doc = concat!("use uridfa::draft_ietf_urnbis_rfc2141bis_urn_03::", stringify!($name), ";")]
            #[doc = concat!("assert!(", stringify!($name), "::is_valid(b\"urn:example:x\"));")]
            #[doc = concat!("assert!(!", stringify!($name), "::is_valid(b\"urn:URN:x\"));")]
            /// ```
            pub fn is_valid(input: &[u8]) -> bool {
                uridfa_runtime::validate(&tables::$table, input).is_ok()
            }

            /// The whole input.
            pub fn as_str(&self) -> &'a str {
                self.parts.input
            }

            /// The Namespace Identifier (§2.1), as written (NIDs are
            /// case-insensitive; `urn:ISBN:x` gives `"ISBN"`).
            pub fn nid(&self) -> &'a str {
                self.parts.get(tables::NID).unwrap_or("")
            }

            /// The Namespace Specific String (§2.2), still percent-encoded.
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

common!(UrnRef, URN_REFERENCE, "urn-reference");
common!(AssignedUrn, ASSIGNED_URN, "assigned-urn");

impl<'a> UrnRef<'a> {
    /// The `urn-query` (§2.3), without the `?`; `None` if absent. It is
    /// never empty: `urn-query = directive *( "&" directive)`.
    pub fn query(&self) -> Option<&'a str> {
        self.parts.get(tables::URN_QUERY)
    }

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

    /// The `fragment` (§2.4), without the `#`; `None` if absent, `Some("")`
    /// for a trailing `#`.
    pub fn fragment(&self) -> Option<&'a str> {
        self.parts.get(tables::FRAGMENT)
    }

    /// The assigned URN alone, `urn:NID:NSS`, without query and fragment
    /// (what §5 step 4 and 5a keep).
    pub fn assigned_urn(&self) -> &'a str {
        let end = self.parts.span(tables::NSS).map_or(0, |(_, e)| e);
        self.parts.input.get(..end).unwrap_or("")
    }
}

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

// Note [directive order]
//
// §5 step 5b: "Reorder the directives in the <query> part of the URI, if
// present, bringing them into a preferred <keywd> order", and "the
// "preferred order" in step 5b is an implementation choice without impact
// on interoperability". §2.3 calls the query "an unordered sequence of
// "directives"" and says "these directives are regarded as case-sensitive".
//
// Our preferred order: by keyword (byte-wise, a keyword before its
// extensions: `c` < `c-x` < `s`), then by value after step 3 (hex digits
// of percent-encodings upper-cased; byte-wise, a value before its
// extensions). Two directives are equal in this order only if they are
// identical after step 3, so the sorted sequence depends only on the
// multiset of directives, never on their input order: under step 5b two
// queries are equivalent exactly when they hold the same directives the
// same number of times. A query and no query differ.
//
// The value tiebreak matters only for a repeated keyword, which §2.3
// forbids ("Each registered <keywd> MUST NOT appear more than once in any
// URN") but the grammar allows. Sorting by keyword alone with ties in
// input order would make `a=1&a=2` and `a=2&a=1` differ; since §2.3 gives
// the order of directives no meaning ("this is necessary to maintain
// independence of the semantics from directive ordering"), we make them
// equivalent like any other reordering.
//
// Note [5b without storage]
//
// `lexically_equivalent` has no buffer, and the inputs are borrowed, so it
// can neither sort nor mark directives. It decides in O(n) (n = the two
// queries' length) when
//
// 1. the queries differ in length (reordering keeps the length): not
//    equivalent;
// 2. they are equal after step 3 in input order: equivalent;
// 3. their fingerprints differ: not equivalent. The fingerprint is the
//    directive count and the wrapping sums, over the directives, of two
//    independent 64-bit hashes (FNV-1a and a multiply-rotate hash, each
//    finished by a SplitMix64 mixer) of each directive after step 3. A
//    sum does not depend on the order, so equivalent queries always have
//    equal fingerprints: this step only ever rejects.
//
// Otherwise (equal fingerprints, different order: the queries are almost
// certainly equivalent, but a fixed hash can be made to collide) it
// confirms exactly: for each directive x of the first query, x occurs as
// often in the second as in the first (with equal counts, this is multiset
// equality). That costs O(d·n) for d directives, the one super-linear case.
// We know of no exact method that is linear without storage, and the known
// time-space lower bounds for the closely related element-distinctness
// problem (comparison branching programs: T·S = Ω(n^1.5), Borodin, Fich,
// Meyer auf der Heide, Upfal and Wigderson 1987; Ω(n^(2-ε)), Yao 1994)
// suggest there is none, so the bound stays and is documented. Callers
// facing untrusted queries with many directives compare the normal forms
// of `normalize_into` instead: O(n log d), exact.
//
// Note [sorting in the caller buffer]
//
// `normalize_into` under step 5b sorts the directives without allocating:
// in the caller buffer, behind the prefix `urn:NID:NSS`, it keeps an index
// of d directive start offsets (w bytes each, little-endian, w the bytes
// needed for the query's length: w <= 3 below 16 MiB) and a merge buffer
// of d/2 offsets, and merge-sorts the index (top-down, the left half is
// copied out and merged back; a merge is skipped when its halves are
// already in order). Each comparison costs at most the length of the
// directive it outputs, plus one, so a level costs O(n) and the sort
// O(n log d); the index and buffer moves are O(d log d).
//
// The index sits at the end of the buffer and the merge buffer just before
// it. After sorting, the directives are written in sorted order from the
// front, entry k read before directive k is written. Writing never reaches
// an entry still needed: a directive with its separator (`?` or `&`) is at
// least 3 bytes (`keywd "=" value`, `keywd` not empty), so the m
// directives still to write take at least 3m bytes at the end, and their m
// entries take w·m <= 3m bytes there when w <= 3. The buffer needed is
// then max(L + max(0, w - 3)·d, P + w·(d + d/2)) for the normal form's
// length L and prefix length P; for queries below 64 KiB (w <= 2) this is
// exactly L, since w·1.5d <= 3d <= L - P.

/// The start offsets of the directives of a non-empty `urn-query`.
fn starts(q: &[u8]) -> impl Iterator<Item = usize> + '_ {
    core::iter::once(0).chain(
        (1..=q.len())
            .zip(q)
            .filter(|&(_, &c)| c == b'&')
            .map(|(after, _)| after),
    )
}

/// Where the directive starting at `at` ends.
fn directive_end(q: &[u8], at: usize) -> usize {
    let rest = q.get(at..).unwrap_or(&[]);
    at.saturating_add(rest.iter().position(|&c| c == b'&').unwrap_or(rest.len()))
}

/// The state of a walk over one directive in the preferred order (Note
/// [directive order]).
#[derive(Clone, Copy)]
struct Walk {
    in_value: bool,
    hex: u8,
}

impl Walk {
    const START: Walk = Walk {
        in_value: false,
        hex: 0,
    };

    /// The token of byte `at` of `q`: 0 at the directive's end, 1 for the
    /// `=` ending the keyword, byte + 2 otherwise (hex digits of a
    /// percent-encoding upper-cased). A keyword ending (1) sorts before
    /// any keyword character, the directive's end (0) before any value
    /// character.
    fn token(&self, q: &[u8], at: usize) -> u16 {
        match q.get(at) {
            None | Some(b'&') => 0,
            Some(b'=') if !self.in_value => 1,
            Some(&c) if self.hex > 0 => u16::from(c.to_ascii_uppercase()) + 2,
            Some(&c) => u16::from(c) + 2,
        }
    }

    fn advance(&mut self, token: u16) {
        if token == 1 {
            self.in_value = true;
        } else if self.hex > 0 {
            self.hex -= 1;
        } else if token == u16::from(b'%') + 2 {
            self.hex = 2;
        }
    }
}

/// Compares the directive at `a` in `qa` with the one at `b` in `qb` in the
/// preferred order (Note [directive order]). Costs the length of their
/// common prefix plus one, counted in `work`.
fn cmp_directives(
    qa: &[u8],
    a: usize,
    qb: &[u8],
    b: usize,
    work: &impl Meter,
) -> core::cmp::Ordering {
    let mut walk = Walk::START;
    let mut i = 0;
    loop {
        work.add(1);
        let x = walk.token(qa, a.saturating_add(i));
        let y = walk.token(qb, b.saturating_add(i));
        if x != y || x == 0 {
            return x.cmp(&y);
        }
        walk.advance(x);
        i = i.saturating_add(1);
    }
}

/// SplitMix64's finalizer.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The order-independent fingerprint of a query (Note [5b without
/// storage]): the directive count and two wrapping sums of per-directive
/// hashes after step 3.
fn fingerprint(q: &[u8], work: &impl Meter) -> (usize, u64, u64) {
    let (mut count, mut sum1, mut sum2) = (0usize, 0u64, 0u64);
    for at in starts(q) {
        let (mut h1, mut h2) = (0xcbf2_9ce4_8422_2325u64, 0x9e37_79b9_7f4a_7c15u64);
        let mut walk = Walk::START;
        let mut i = at;
        loop {
            work.add(1);
            let t = walk.token(q, i);
            if t == 0 {
                break;
            }
            h1 = (h1 ^ u64::from(t)).wrapping_mul(0x0000_0100_0000_01b3);
            h2 = (h2.rotate_left(23) ^ u64::from(t)).wrapping_mul(0xff51_afd7_ed55_8ccd);
            walk.advance(t);
            i = i.saturating_add(1);
        }
        count = count.saturating_add(1);
        sum1 = sum1.wrapping_add(mix(h1));
        sum2 = sum2.wrapping_add(mix(h2 ^ i.wrapping_sub(at) as u64));
    }
    (count, sum1, sum2)
}

/// Whether two queries hold the same directives after step 3, in any order
/// (Note [5b without storage]).
fn same_directives(a: &str, b: &str, work: &impl Meter) -> bool {
    work.add(a.len());
    if a.len() != b.len() {
        return false;
    }
    if eq_pct_case(a, b) {
        return true;
    }
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if fingerprint(a, work) != fingerprint(b, work) {
        return false;
    }
    let count = |q: &[u8], x: usize| {
        crate::cut::count(starts(q).filter(|&y| cmp_directives(a, x, q, y, work).is_eq()))
    };
    starts(a).all(|x| count(a, x) == count(b, x))
}

/// The place of the sort index and merge buffer in the caller buffer
/// (Note [sorting in the caller buffer]).
#[derive(Clone, Copy)]
struct Index {
    /// Where entry 0 of the index starts.
    entries: usize,
    /// Where entry 0 of the merge buffer starts.
    merge: usize,
    /// Bytes per entry.
    width: usize,
}

impl Index {
    // Entries are `width` bytes, little-endian. Offsets saturate (see
    // Note [positions saturate] in src/resolve/dots.rs): they are bounded by
    // the buffer's length.

    fn get(&self, buf: &[u8], at: usize) -> usize {
        let mut bytes = [0u8; core::mem::size_of::<usize>()];
        let src = buf.get(at..).unwrap_or_default().iter().take(self.width);
        for (d, &s) in bytes.iter_mut().zip(src) {
            *d = s;
        }
        usize::from_le_bytes(bytes)
    }

    fn set(&self, buf: &mut [u8], at: usize, v: usize) {
        let dst = buf
            .get_mut(at..)
            .unwrap_or_default()
            .iter_mut()
            .take(self.width);
        for (d, s) in dst.zip(v.to_le_bytes()) {
            *d = s;
        }
    }

    fn entry(&self, k: usize) -> usize {
        self.width.saturating_mul(k).saturating_add(self.entries)
    }

    fn spare(&self, k: usize) -> usize {
        self.width.saturating_mul(k).saturating_add(self.merge)
    }

    /// Merge-sorts entries `lo..hi` by the directives of `q` they point to.
    fn sort(&self, buf: &mut [u8], lo: usize, hi: usize, q: &[u8], work: &impl Meter) {
        let n = hi.saturating_sub(lo);
        if n < 2 {
            return;
        }
        let mid = lo.saturating_add(n / 2);
        self.sort(buf, lo, mid, q, work);
        self.sort(buf, mid, hi, q, work);
        let (last, first) = (
            self.get(buf, self.entry(mid.saturating_sub(1))),
            self.get(buf, self.entry(mid)),
        );
        if cmp_directives(q, last, q, first, work).is_le() {
            return;
        }
        let left_len = mid.saturating_sub(lo);
        for i in 0..left_len {
            let v = self.get(buf, self.entry(lo.saturating_add(i)));
            self.set(buf, self.spare(i), v);
        }
        work.add(left_len);
        let (mut i, mut j, mut k) = (0, mid, lo);
        // k = lo + i + (j - mid) < j while i < left_len: never overwrites an
        // entry of the right half not yet read.
        while i < left_len {
            let a = self.get(buf, self.spare(i));
            if j < hi {
                let b = self.get(buf, self.entry(j));
                if cmp_directives(q, a, q, b, work).is_gt() {
                    self.set(buf, self.entry(k), b);
                    j = j.saturating_add(1);
                    k = k.saturating_add(1);
                    continue;
                }
            }
            self.set(buf, self.entry(k), a);
            i = i.saturating_add(1);
            k = k.saturating_add(1);
        }
        work.add(n);
    }
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
    /// bytes it visited. Exposed for the complexity tests only.
    #[doc(hidden)]
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
    /// index entries it visited. Exposed for the complexity tests only.
    #[doc(hidden)]
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
        let q = q.as_bytes();
        let prefix = assigned_len(nid, nss);
        let len = prefix.saturating_add(1).saturating_add(q.len());
        let d = crate::cut::count(starts(q));
        work.add(q.len());
        // Bytes per index entry: enough for the largest offset in `q`.
        let last = q.len().saturating_sub(1);
        let width = (usize::BITS - last.leading_zeros()).div_ceil(8).max(1) as usize;
        let index_len = width.saturating_mul(d);
        let needed = len
            .saturating_add(width.saturating_sub(3).saturating_mul(d))
            .max(prefix.saturating_add(index_len.saturating_add(width.saturating_mul(d / 2))));
        let Some(out) = out.get_mut(..needed) else {
            return Err(BufferTooSmall { needed });
        };
        write_assigned(nid, nss, out)?;
        let index = Index {
            entries: needed.saturating_sub(index_len),
            merge: needed
                .saturating_sub(index_len)
                .saturating_sub(width.saturating_mul(d / 2)),
            width,
        };
        for (at, k) in starts(q).zip(0..d) {
            index.set(out, index.entry(k), at);
        }
        index.sort(out, 0, d, q, work);
        let mut pos = prefix;
        for k in 0..d {
            // Read entry k before writing directive k (Note [sorting in the
            // caller buffer]).
            let at = index.get(out, index.entry(k));
            let end = directive_end(q, at);
            if let Some(sep) = out.get_mut(pos) {
                *sep = if k == 0 { b'?' } else { b'&' };
            }
            pos = pos.saturating_add(1);
            let src = q.get(at..end).unwrap_or(&[]);
            let src_end = pos.saturating_add(src.len());
            if let Some(dst) = out.get_mut(pos..src_end) {
                copy_pct_upper(src, dst);
            }
            pos = src_end;
        }
        work.add(len);
        Ok(len)
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
