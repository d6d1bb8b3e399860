//! C output: the same compiled tables as the Rust emitter's,
//! written as C99 for firmware that has no Rust toolchain.
//!
//! [`generate`] writes four files into a directory: `uridfa.h` and
//! `uridfa.c`, one portable driver for every grammar ([`driver`]: a
//! handwritten C twin of `uridfa_runtime`'s `validate`, `split`,
//! `Machine`, `longest_prefix` and `items`), and `NAME.h` / `NAME.c`
//! ([`emit`]: the grammar's `static const` tables, its capture indices and
//! one function per entry rule). `docs/c.md` documents the C API; the
//! built-in grammars' C is committed in `c/` (checked by `tests/c_committed.rs`).
//!
//! Principal functions: [`generate`] and [`emit::files`]; principal type:
//! [`emit::CFiles`].

pub mod decide;
pub mod driver;
pub mod emit;
mod error;
mod forms;
mod kinds;
mod lists;
mod text;

use crate::compiled::Compiled;
use std::path::{Path, PathBuf};

/// Writes `uridfa.h`, `uridfa.c`, `NAME.h` and `NAME.c` for the compiled
/// grammar `c` into `out_dir` (created if missing), `NAME` being the
/// grammar's name with `-` → `_`; `shown_path` names the grammar file in
/// the headers (e.g. `grammar/rfc3986.abnf`). Returns the paths written.
///
/// # Errors
///
/// An I/O error (with the path in its message), or an [`emit::EmitCError`]
/// turned into one when the grammar's texts do not fit the C tables.
///
/// # Example
///
/// ```no_run
/// use uridfa_codegen::driver::{compile_file, Options};
/// let c = compile_file("grammar/rfc3986.abnf".as_ref(), Options::default())?;
/// uridfa_codegen::c::generate(&c, "grammar/rfc3986.abnf", "out".as_ref())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(c: &Compiled, shown_path: &str, out_dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let files = emit::files(c, shown_path).map_err(std::io::Error::other)?;
    std::fs::create_dir_all(out_dir)
        .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", out_dir.display())))?;
    let mut written = Vec::new();
    for (name, text) in [
        ("uridfa.h", driver::URIDFA_H),
        ("uridfa.c", driver::URIDFA_C),
    ]
    .into_iter()
    .chain([
        (files.header_name.as_str(), files.header.as_str()),
        (files.source_name.as_str(), files.source.as_str()),
    ]) {
        let path = out_dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
        written.push(path);
    }
    Ok(written)
}

/// [`generate`] for every grammar of `grammar_dir` that has `;@ entry`
/// pragmas (the driver written once), its headers naming
/// `grammar/FILE`: what `uridfa-generate-c` writes into `c/`. Returns
/// the grammars' names, in file-name order.
///
/// # Errors
///
/// Every grammar's rendered diagnostics, or an I/O error, as text.
pub fn generate_dir(grammar_dir: &Path, out_dir: &Path) -> Result<Vec<String>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(grammar_dir)
        .map_err(|e| format!("{}: {e}", grammar_dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "abnf"))
        .collect();
    paths.sort();
    let mut names = Vec::new();
    let mut failures = Vec::new();
    for path in paths {
        let grammar = match crate::pipeline::abnf::load(&path) {
            Ok(g) if g.entries.is_empty() => continue,
            Ok(g) => g,
            Err(d) => {
                failures.push(d.to_string());
                continue;
            }
        };
        let shown = format!(
            "grammar/{}",
            path.file_name().and_then(|n| n.to_str()).unwrap_or("?")
        );
        let name = grammar.name.clone();
        match crate::driver::compile_grammar(grammar, crate::driver::Options::default()) {
            Ok(c) => {
                generate(&c, &shown, out_dir).map_err(|e| e.to_string())?;
                names.push(name);
            }
            Err(d) => failures.push(d.to_string()),
        }
    }
    if failures.is_empty() {
        Ok(names)
    } else {
        Err(failures.join("\n"))
    }
}
