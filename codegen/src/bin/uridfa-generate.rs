//! `uridfa-generate [GRAMMAR_DIR [OUT_DIR]]`: compiles every grammar of
//! `GRAMMAR_DIR` (default: the workspace's `grammar/`) into `OUT_DIR`
//! (default: the workspace's `src/generated/`), the tables the `uridfa`
//! crate includes. Run it after editing a grammar:
//!
//! ```text
//! cargo run -p uridfa-codegen --bin uridfa-generate
//! ```
//!
//! Two optional positional arguments need no argument-parsing crate.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut args = std::env::args_os().skip(1);
    let grammar = args
        .next()
        .map_or_else(|| root.join("grammar"), PathBuf::from);
    let out = args
        .next()
        .map_or_else(|| root.join("src/generated"), PathBuf::from);
    if args.next().is_some() {
        eprintln!("usage: uridfa-generate [GRAMMAR_DIR [OUT_DIR]]");
        return ExitCode::from(2);
    }
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("error: {}: {e}", out.display());
        return ExitCode::FAILURE;
    }
    match uridfa_codegen::driver::generate_dir(&grammar, &out) {
        Ok(names) => {
            println!(
                "generated {} grammars into {}: {}",
                names.len(),
                out.display(),
                names.join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(errors) => {
            eprintln!("{errors}");
            eprintln!("error: grammar compilation failed; see the messages above");
            ExitCode::FAILURE
        }
    }
}
