//! Each crate's integration tests are one binary (`autotests = false`,
//! `tests/lib.rs` declaring a module per file): a file under `tests/` that
//! its `lib.rs` does not declare would never be compiled or run, so every
//! one must be declared there or be a `[[test]]` target of its own.

use std::path::Path;

/// The crates whose `tests/` are folded into one `tests/lib.rs`.
const CRATES: [&str; 5] = [".", "cli", "codegen", "examples/mailto", "examples/rfc3339"];

#[test]
fn every_test_file_is_compiled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for krate in CRATES {
        let dir = root.join(krate);
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
        assert!(
            manifest.contains("autotests = false"),
            "{krate}/Cargo.toml: expected autotests = false"
        );
        let lib = std::fs::read_to_string(dir.join("tests/lib.rs")).expect("tests/lib.rs");
        for entry in std::fs::read_dir(dir.join("tests")).expect("tests/") {
            let path = entry.expect("entry").path();
            let (Some(stem), Some("rs")) = (
                path.file_stem().and_then(|s| s.to_str()),
                path.extension().and_then(|s| s.to_str()),
            ) else {
                continue;
            };
            let declared = lib.lines().any(|l| l.trim() == format!("mod {stem};"));
            let own_target = manifest.contains(&format!("path = \"tests/{stem}.rs\""));
            if stem != "lib" && !declared && !own_target {
                missing.push(format!("{krate}/tests/{stem}.rs"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not declared in their crate's tests/lib.rs (add `mod NAME;`): {missing:?}"
    );
}
