//! Checks that the committed tables in `src/generated/` were generated from
//! the grammar files in `grammar/` as they are now, or, with the
//! `regenerate` feature, compiles the grammars whose cargo feature is on
//! into `OUT_DIR` (Note
//! [committed tables] in `uridfa_codegen::driver`). Without that feature
//! this script has no dependency, so crates that depend on uridfa do not
//! build the generator.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    println!("cargo:rerun-if-changed=build.rs");
    let root = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let grammar = root.join("grammar");
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&grammar) {
        Ok(dir) => dir
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("abnf"))
            .collect(),
        Err(e) => {
            eprintln!("error: {}: {e}", grammar.display());
            return ExitCode::FAILURE;
        }
    };
    files.sort();
    // Then the `;@ methods` files (Note [methods files] in
    // `uridfa_codegen::emit::view`), named `methods/NAME.rs`.
    let methods = grammar.join("methods");
    let mut rs: Vec<PathBuf> = std::fs::read_dir(&methods)
        .map(|dir| {
            dir.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("rs"))
                .collect()
        })
        .unwrap_or_default();
    rs.sort();
    files.extend(rs);
    println!("cargo:rerun-if-changed={}", grammar.display());
    println!("cargo:rerun-if-changed={}", methods.display());
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    #[cfg(feature = "regenerate")]
    {
        let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
            eprintln!("error: OUT_DIR is not set; run this through cargo");
            return ExitCode::FAILURE;
        };
        // Only the grammars whose cargo feature is on: `CARGO_FEATURE_RFC3986`
        // for `rfc3986` (cargo upper-cases a feature and turns `-` into `_`).
        let on = |name: &str| {
            let var = format!(
                "CARGO_FEATURE_{}",
                name.to_ascii_uppercase().replace('-', "_")
            );
            std::env::var_os(var).is_some()
        };
        if let Err(errors) = uridfa_codegen::driver::generate_dir_only(&grammar, &out, &on) {
            eprintln!("{errors}");
            eprintln!("error: uridfa grammar compilation failed; see the messages above");
            return ExitCode::FAILURE;
        }
        ExitCode::SUCCESS
    }
    #[cfg(not(feature = "regenerate"))]
    check_committed(&root, &files)
}

/// Fails when a grammar file changed after `src/generated/` was written.
#[cfg(not(feature = "regenerate"))]
fn check_committed(root: &std::path::Path, files: &[PathBuf]) -> ExitCode {
    // FNV-1a 64 over name, NUL, contents, NUL of each file in name order
    // (the grammars, then the methods files): the same as
    // `uridfa_codegen::driver::grammar_dir_fingerprint`.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        let file = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let name = if f.parent().and_then(|p| p.file_name()) == Some("methods".as_ref()) {
            format!("methods/{file}")
        } else {
            file.to_owned()
        };
        let Ok(text) = std::fs::read(f) else {
            eprintln!("error: cannot read {}", f.display());
            return ExitCode::FAILURE;
        };
        for &b in name.as_bytes().iter().chain(&[0]).chain(&text).chain(&[0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    let want = format!("// grammar/ fingerprint fnv1a64 {h:016x} ");
    let generated = root.join("src/generated");
    let Ok(dir) = std::fs::read_dir(&generated) else {
        eprintln!("error: {} is missing", generated.display());
        return ExitCode::FAILURE;
    };
    for entry in dir.filter_map(Result::ok) {
        let path = entry.path();
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        if text.lines().nth(1).is_some_and(|l| l.starts_with(&want)) {
            continue;
        }
        eprintln!(
            "error: {} was not generated from grammar/ as it is now (a grammar file changed).\n\
             Regenerate the tables with `cargo run -p uridfa-codegen --bin uridfa-generate`, \
             or build with `--features regenerate` while working on a grammar.",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
