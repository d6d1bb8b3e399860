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
    // Every file of `grammar/` (and below) may be an input of a generated
    // file: a change anywhere there reruns this script.
    println!("cargo:rerun-if-changed={}", grammar.display());
    match input_hash::abnf_names(&grammar) {
        Ok(names) => {
            for name in names {
                println!("cargo:rerun-if-changed={}", grammar.join(name).display());
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
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
    check_committed(&root, &grammar)
}

/// Fails when an input of a file of `src/generated/` changed after the
/// file was written: each file's second line names its inputs and their
/// hash, which `input_hash::recompute` computes again.
#[cfg(not(feature = "regenerate"))]
fn check_committed(root: &std::path::Path, grammar: &std::path::Path) -> ExitCode {
    let generated = root.join("src/generated");
    let Ok(dir) = std::fs::read_dir(&generated) else {
        eprintln!("error: {} is missing", generated.display());
        return ExitCode::FAILURE;
    };
    let mut paths: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let line = text.lines().nth(1).unwrap_or_default();
        let why = match input_hash::recompute(grammar, line) {
            Ok((now, recorded)) if now == recorded => continue,
            Ok(_) => "an input of it changed".to_owned(),
            Err(e) => e,
        };
        eprintln!(
            "error: {} was not generated from grammar/ as it is now ({why}).\n\
             Regenerate the tables with `cargo run -p uridfa-codegen --bin uridfa-generate`, \
             or build with `--features regenerate` while working on a grammar.",
            path.display()
        );
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The input hashes of the generated files, the same code the generator
/// writes them with (Note [committed tables] in `uridfa_codegen::driver`):
/// `build/input_hash.rs`, a copy of `codegen/src/support/input_hash.rs`
/// inside this package (so `cargo package` carries it; a crate cannot
/// include a file of another), which `codegen/tests/input_hash.rs` checks
/// is the same file byte for byte.
#[allow(dead_code)]
mod input_hash {
    include!("build/input_hash.rs");
}
