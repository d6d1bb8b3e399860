//! The work meter that the algorithms' linearity tests read.
//!
//! `resolve`, `normalize` and the URN normal forms count the bytes they
//! visit, so that tests can check the work is linear in the input. The
//! public functions pass [`NoMeter`], a zero-size type whose `add` does
//! nothing and is compiled away; only the `*_counting` functions, compiled
//! with the test-only feature `measure` (which this crate's tests enable
//! through their dev-dependency on it), pass a `Cell<usize>`. The count wraps instead
//! of checking for overflow: it is a measurement, never an input to the
//! result, and a checked `+` would be a panic path under overflow checks
//! that the no-panic proof (`.ci/check-nopanic`) cannot rule out.

use core::cell::Cell;

/// Where the algorithms count the bytes they visit.
pub(crate) trait Meter {
    /// Adds `n` to the count.
    fn add(&self, n: usize);
}

/// No count: what every public entry point uses.
pub(crate) struct NoMeter;

impl Meter for NoMeter {
    #[inline(always)]
    fn add(&self, _: usize) {}
}

impl Meter for Cell<usize> {
    #[inline]
    fn add(&self, n: usize) {
        self.set(self.get().wrapping_add(n));
    }
}
