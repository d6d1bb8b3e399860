//! Cutting `&str` at ASCII delimiters, and counting, without a panic path.
//!
//! The algorithms (`resolve`, `normalize`, the URN normal forms and the URL
//! views) cut their inputs at ASCII bytes such as `/`, `:` or `@`. Such a
//! cut is always on a `char` boundary, but `&s[a..b]` and `str::find(char)`
//! keep a boundary check and a bounds check (and core's pattern searchers
//! keep their own), which the optimizer cannot remove, so the no-panic
//! proof (`.ci/check-nopanic`) would fail on them. These helpers use
//! `str::get` and byte scans instead. Where the offsets are right, which
//! is always, they are the same as slicing; where they could not be,
//! they give the empty string rather than a panic.

/// `s[from..to]`, or `""` when that is not a `char`-boundary range of `s`.
#[inline]
pub(crate) fn sub(s: &str, from: usize, to: usize) -> &str {
    s.get(from..to).unwrap_or_default()
}

/// The offset of the first `b` in `s` (an ASCII byte, so a boundary).
#[inline]
pub(crate) fn find(s: &str, b: u8) -> Option<usize> {
    s.bytes().position(|c| c == b)
}

/// The offset of the last `b` in `s` (an ASCII byte, so a boundary).
#[inline]
pub(crate) fn rfind(s: &str, b: u8) -> Option<usize> {
    s.bytes().rposition(|c| c == b)
}

/// Whether `s` contains the byte `b`.
#[inline]
pub(crate) fn contains(s: &str, b: u8) -> bool {
    s.bytes().any(|c| c == b)
}

/// `s[..=i]`: the text up to and including the one-byte delimiter at `i`.
#[inline]
pub(crate) fn through(s: &str, i: usize) -> &str {
    // Not `get(..=i)`: its `+ 1`, inlined here, is checked under overflow
    // checks. `i < s.len()`, so this never saturates.
    s.get(..i.saturating_add(1)).unwrap_or_default()
}

/// `(s[..i], s[i..])`, or `(s, "")` when `i` is not a boundary of `s`.
#[inline]
pub(crate) fn split_at(s: &str, i: usize) -> (&str, &str) {
    s.split_at_checked(i).unwrap_or((s, ""))
}

/// Splits `s` before the first byte for which `stop` holds (an ASCII
/// byte), or at its end.
#[inline]
pub(crate) fn split_where(s: &str, stop: impl Fn(u8) -> bool) -> (&str, &str) {
    match s.bytes().position(stop) {
        Some(i) => split_at(s, i),
        None => (s, ""),
    }
}

/// `(s[..i], s[i + 1..])`: the text before and after the one-byte
/// delimiter at `i`.
#[inline]
pub(crate) fn around(s: &str, i: usize) -> (&str, &str) {
    let (head, tail) = split_at(s, i);
    (head, tail.get(1..).unwrap_or_default())
}

/// Splits `s` at the first `b`, the delimiter dropped.
#[inline]
pub(crate) fn split_once(s: &str, b: u8) -> Option<(&str, &str)> {
    find(s, b).map(|i| around(s, i))
}

/// Splits `s` at the last `b`, the delimiter dropped.
#[inline]
pub(crate) fn rsplit_once(s: &str, b: u8) -> Option<(&str, &str)> {
    rfind(s, b).map(|i| around(s, i))
}

/// The number of items of `it`. `Iterator::count` (and `enumerate`) add
/// with a checked `+` in builds with overflow checks, a panic path the
/// proof cannot rule out; this one saturates, which a count of items of a
/// slice never does.
#[inline]
pub(crate) fn count(it: impl Iterator) -> usize {
    it.fold(0usize, |n, _| n.saturating_add(1))
}
