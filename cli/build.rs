//! Embeds every grammar file of `grammar/` (read through `cli/grammar`, a
//! link to the workspace's `grammar/` that `cargo package` follows) as
//! `OUT_DIR/grammar_files.rs`: `GRAMMAR_FILES`, one `(file name, text)`
//! per `*.abnf`, in name order. `lint` and `generate` compile the built-in
//! grammars from it, so a new grammar file needs no line in this crate.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"))
        .join("grammar");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".abnf"))
        .collect();
    names.sort();
    let mut out = String::from(
        "/// Every file of `grammar/`: its name and its text (cli/build.rs).\n\
         pub const GRAMMAR_FILES: &[(&str, &str)] = &[\n",
    );
    for n in &names {
        let path = dir.join(n);
        println!("cargo:rerun-if-changed={}", path.display());
        let _ = writeln!(
            out,
            "    ({n:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest =
        PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("grammar_files.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
