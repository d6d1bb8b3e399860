//! `uridfa-generate-c [GRAMMAR_DIR [OUT_DIR]]`: writes the C output
//! (`uridfa.h`, `uridfa.c` and `NAME.h` / `NAME.c` per grammar) of every
//! grammar of `GRAMMAR_DIR` (default: the workspace's `grammar/`) that has
//! `;@ entry` pragmas into `OUT_DIR` (default: the workspace's `c/`), the
//! files committed for C users (docs/c.md). Run it after editing a grammar
//! or the C driver:
//!
//! ```text
//! cargo run -p uridfa-codegen --bin uridfa-generate-c
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut args = std::env::args_os().skip(1);
    let grammar = args
        .next()
        .map_or_else(|| root.join("grammar"), PathBuf::from);
    let out = args.next().map_or_else(|| root.join("c"), PathBuf::from);
    if args.next().is_some() {
        eprintln!("usage: uridfa-generate-c [GRAMMAR_DIR [OUT_DIR]]");
        return ExitCode::from(2);
    }
    match uridfa_codegen::c::generate_dir(&grammar, &out) {
        Ok(names) => {
            println!(
                "generated C for {} grammars into {}: {}",
                names.len(),
                out.display(),
                names.join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            eprintln!("error: C generation failed; see the messages above");
            ExitCode::FAILURE
        }
    }
}
