//! Compiles every grammar in `grammar/` into tables in `OUT_DIR`.
//! All the work is in `uridfa_codegen::driver::generate_dir`.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    println!("cargo:rerun-if-changed=build.rs");
    let Some(out_dir) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        eprintln!("error: OUT_DIR is not set; run this through cargo");
        return ExitCode::FAILURE;
    };
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    match uridfa_codegen::driver::generate_dir(&manifest.join("grammar"), &out_dir) {
        Ok(_) => ExitCode::SUCCESS,
        Err(errors) => {
            eprintln!("{errors}");
            eprintln!("error: uridfa grammar compilation failed; see the messages above");
            ExitCode::FAILURE
        }
    }
}
