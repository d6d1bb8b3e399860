//! Reporting a test (or part of one) that could not run: a missing
//! `../shared` file, a missing JDK or Python package. The line goes
//! straight to the process's standard error, `SKIP test-binary: message`,
//! and so shows in what `cargo test` prints: libtest captures only what
//! `print!`/`eprint!` write (its output capture), not writes to
//! `std::io::stderr()` itself. It is also appended to
//! `skipped-tests.txt` in cargo's per-target temp directory
//! (`target/tmp`), which `.ci/run` prints and counts after the test step.
//! `crate::common::skip` in the integration tests; other crates' tests
//! include it with `#[path = ".../tests/common/skip.rs"] mod skip;`.

use std::io::Write;

/// Records a skip: `note(format_args!("SKIP: {path} not found"))`.
pub fn note(args: std::fmt::Arguments<'_>) {
    // The test's module: libtest names each test's thread after the test
    // (`corpora::kasztp` gives `corpora`); elsewhere the binary's name
    // (`integration-0a1b2c...` gives `integration`).
    let thread = std::thread::current();
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_default();
    let test = match thread.name() {
        Some(name) if name.contains("::") => name.split("::").next().unwrap_or(name),
        _ => exe.rsplit_once('-').map_or(exe.as_str(), |(t, _)| t),
    };
    announce(test, args);
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("skipped-tests.txt");
    let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
    else {
        return;
    };
    let _ = writeln!(f, "{test}: {args}");
}

/// Writes `SKIP test: message` to the process's standard error, past
/// libtest's capture (which `eprintln!` would be caught by, and shown only
/// for a failing test).
fn announce(test: &str, args: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr().lock(), "SKIP {test}: {args}");
}
