//! The C compilers of `cli/tests/c_driver.rs`, `c_lists.rs` and `c_programs.rs`:
//! whether one runs (a missing one is a recorded skip, or a failure under
//! `CI=true`), and the strict flags every build of the C output uses.
//! Included with `#[path]`; the including test has `mod skip`.

use std::process::{Command, Stdio};

/// C99, every warning an error, `-pedantic`: the strictest portable flags.
pub const STRICT: [&str; 5] = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];

/// Whether this run is CI's (`CI=true`), where a missing tool fails.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// Whether `cc --version` runs, saying nothing.
pub fn have_quiet(cc: &str) -> bool {
    Command::new(cc)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether `cc` runs; a missing one fails under CI, else is skipped.
pub fn have(cc: &str) -> bool {
    let ok = have_quiet(cc);
    if !ok {
        assert!(!under_ci(), "CI=true but the C compiler `{cc}` is missing");
        crate::skip::note(format_args!("SKIP: no C compiler `{cc}`"));
    }
    ok
}
