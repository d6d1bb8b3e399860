//! URN draft 03 §5 step 5b without storage: comparing two queries'
//! directives in any order (a fingerprint, then counting), and the normal
//! form's directives sorted in the caller's buffer. Used by
//! [`crate::draft_ietf_urnbis_rfc2141bis_urn_03::UrnRef`]; beside
//! `urn_common.rs`, which RFC 8141's normal form shares.

use crate::urn_common::{assigned_len, copy_pct_upper, eq_pct_case, write_assigned};
use crate::work::Meter;
use crate::BufferTooSmall;

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
pub(crate) fn starts(q: &[u8]) -> impl Iterator<Item = usize> + '_ {
    core::iter::once(0).chain(
        (1..=q.len())
            .zip(q)
            .filter(|&(_, &c)| c == b'&')
            .map(|(after, _)| after),
    )
}

/// Where the directive starting at `at` ends.
pub(crate) fn directive_end(q: &[u8], at: usize) -> usize {
    let rest = q.get(at..).unwrap_or(&[]);
    at.saturating_add(rest.iter().position(|&c| c == b'&').unwrap_or(rest.len()))
}

/// The state of a walk over one directive in the preferred order (Note
/// [directive order]).
#[derive(Clone, Copy)]
pub(crate) struct Walk {
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
pub(crate) fn cmp_directives(
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
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The order-independent fingerprint of a query (Note [5b without
/// storage]): the directive count and two wrapping sums of per-directive
/// hashes after step 3.
pub(crate) fn fingerprint(q: &[u8], work: &impl Meter) -> (usize, u64, u64) {
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
pub(crate) fn same_directives(a: &str, b: &str, work: &impl Meter) -> bool {
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
pub(crate) struct Index {
    /// Where entry 0 of the index starts.
    entries: usize,
    /// Where entry 0 of the merge buffer starts.
    merge: usize,
    /// Bytes per entry.
    width: usize,
}

impl Index {
    // Entries are `width` bytes, little-endian. Offsets saturate (see
    // Note [positions saturate] in src/algorithms/resolve/dots.rs): they are bounded by
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

/// The step-5b normal form: `urn:` + lower-case NID + `:` + NSS + the
/// directives of `q` in the preferred order (Note [directive order]),
/// sorted in `out` (Note [sorting in the caller buffer]).
pub(crate) fn normal_form_5b(
    nid: &str,
    nss: &str,
    q: &[u8],
    out: &mut [u8],
    work: &impl Meter,
) -> Result<usize, BufferTooSmall> {
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
