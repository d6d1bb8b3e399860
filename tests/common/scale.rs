//! How much of the long differential, property and corpus runs to run:
//! `URIDFA_TEST_SCALE`, a percentage from 1 to 100. `.ci/run` sets it to
//! 100, so CI runs every such test in full; a plain `cargo test` on a
//! developer's machine runs [`DEFAULT_PERCENT`] of each (the same inputs,
//! thinned evenly), so a fresh clone's suite stays short. The first scaled
//! run of a test binary says so on standard error, past libtest's capture.
//! `crate::common::scale` in the root crate's tests; other crates' tests
//! include it with `#[path = ".../tests/common/scale.rs"] mod scale;`.

// Each crate's tests use a part of it.
#![allow(dead_code)]

use std::io::Write;
use std::sync::Once;

/// The percentage run when `URIDFA_TEST_SCALE` is not set and `CI` is not
/// `true`.
pub const DEFAULT_PERCENT: usize = 25;

/// The percentage of each long run to run: `URIDFA_TEST_SCALE` (clamped to
/// 1..=100), else 100 under `CI=true`, else [`DEFAULT_PERCENT`].
pub fn percent() -> usize {
    let p = match std::env::var("URIDFA_TEST_SCALE") {
        Ok(s) => s.trim().parse::<usize>().unwrap_or(100).clamp(1, 100),
        Err(_) if std::env::var("CI").is_ok_and(|v| v == "true") => 100,
        Err(_) => DEFAULT_PERCENT,
    };
    if p < 100 {
        static NOTE: Once = Once::new();
        NOTE.call_once(|| {
            let _ = writeln!(
                std::io::stderr().lock(),
                "NOTE: long test runs at {p} % (URIDFA_TEST_SCALE=100 runs them in full, as CI does)"
            );
        });
    }
    p
}

/// `n` scaled by [`percent`], at least 1.
pub fn scaled(n: usize) -> usize {
    (n * percent() / 100).max(1)
}

/// `n` cases scaled by [`percent`] (for proptest's `u32` case counts).
pub fn cases(n: u32) -> u32 {
    u32::try_from(scaled(n as usize)).unwrap_or(n)
}

/// Every item at full scale; else an even thinning of `items` to about
/// [`percent`] of them, the first kept.
pub fn sample<T>(items: Vec<T>) -> Vec<T> {
    let p = percent();
    if p >= 100 {
        return items;
    }
    let step = 100 / p;
    items.into_iter().step_by(step.max(1)).collect()
}
