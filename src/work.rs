//! The work counter that the algorithms' linearity tests read.
//!
//! `resolve`, `normalize` and the URN normal forms count the bytes they
//! visit into a `Cell<usize>` (the `*_counting` functions expose it to
//! tests). The count is a measurement, never an input to the result, so it
//! wraps instead of checking for overflow: under overflow checks (debug
//! builds), a checked `+` would be a panic path that the no-panic proof
//! (`.ci/check-nopanic`) cannot rule out.

use core::cell::Cell;

/// Adds `n` to `work`, wrapping.
#[inline]
pub(crate) fn add(work: &Cell<usize>, n: usize) {
    work.set(work.get().wrapping_add(n));
}
