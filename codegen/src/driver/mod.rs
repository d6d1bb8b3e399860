//! The driver: runs the stages in order, one line each.
//!
//! `build.rs`, the CLI and the tests are thin front ends over
//! [`compile_file`], [`compile_str`] and [`compile_lowered`].
//!
//! One job per file: `stages.rs` runs stages 3–6 on one expression
//! ([`compile_lowered`], [`Options`], [`CompileError`], Note [stage
//! errors]); `budget.rs` compiles a whole grammar within its budgets
//! ([`compile_grammar`], Note [a budget per grammar]); `generate.rs`
//! writes the generated files and their input hashes ([`generate_dir`],
//! Note [committed tables]); `report.rs` prints the per-stage report
//! ([`report`]); this file reads a grammar and hands it on.
//!
//! Principal types: [`Options`], [`Machine`], [`Compiled`], and the error
//! [`CompileError`] (Note [stage errors]).

mod budget;
mod generate;
mod report;
mod stages;

pub use crate::compiled::{Compiled, ListMachine, Machine};
pub use budget::{compile_grammar, MAX_ENCODE_SET_EXPANSION, MAX_GRAMMAR_EXPANSION};
pub use generate::{generate_dir, generate_dir_only, grammar_list};
pub use report::report;
pub use stages::{compile_lowered, determinize, CompileError, Options};

use crate::pipeline::abnf::{self, Grammar};
use crate::support::diag::Diagnostics;

/// Reads, checks and compiles the grammar file at `path`.
///
/// # Errors
///
/// Every problem found, located by file, line and column.
pub fn compile_file(path: &std::path::Path, opts: Options) -> Result<Compiled, Diagnostics> {
    compile_grammar(abnf::load(path)?, opts)
}

/// [`compile_file`], with `extra` rules compiled as entries too, after the
/// file's own `;@ entry` rules, as if the file named them in one more
/// pragma (the CLI's `--rule R` on a file without `;@ entry r`). A name
/// that is already an entry (ASCII case ignored) or that names no rule of
/// the grammar is skipped: the caller, which knows where the name came
/// from, reports an unknown one. An extra entry's errors point at its
/// rule's definition.
///
/// # Errors
///
/// As [`compile_file`].
///
/// # Example
///
/// ```no_run
/// use uridfa_codegen::driver::{compile_file_with_entries, Options};
/// // `date.abnf` has no `;@ entry` pragma.
/// let c = compile_file_with_entries("date.abnf".as_ref(), Options::default(), &["date"])?;
/// assert_eq!(c.machines[0].lowered.rule, "date");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn compile_file_with_entries(
    path: &std::path::Path,
    opts: Options,
    extra: &[&str],
) -> Result<Compiled, Diagnostics> {
    let mut grammar = abnf::load(path)?;
    add_entries(&mut grammar, extra);
    compile_grammar(grammar, opts)
}

/// [`compile_str`], with `extra` rules compiled as entries too (see
/// [`compile_file_with_entries`]).
///
/// # Errors
///
/// As [`compile_str`].
///
/// # Example
///
/// ```
/// use uridfa_codegen::driver::{compile_str_with_entries, Options};
/// let c = compile_str_with_entries("g.abnf", "r = \"a\"\n", Options::default(), &["R"])?;
/// assert_eq!(c.machines.len(), 1);
/// assert_eq!(c.machines[0].lowered.rule, "r");
/// # Ok::<(), uridfa_codegen::diag::Diagnostics>(())
/// ```
pub fn compile_str_with_entries(
    path: &str,
    text: &str,
    opts: Options,
    extra: &[&str],
) -> Result<Compiled, Diagnostics> {
    let mut grammar = abnf::parse(path, text)?;
    add_entries(&mut grammar, extra);
    compile_grammar(grammar, opts)
}

/// Adds each rule of `extra` that the grammar defines and does not already
/// list to its entries, named as its definition names it and located at
/// its definition.
fn add_entries(grammar: &mut Grammar, extra: &[&str]) {
    for name in extra {
        let listed = grammar
            .entries
            .iter()
            .any(|(e, _)| e.eq_ignore_ascii_case(name));
        if listed {
            continue;
        }
        if let Some(rule) = grammar.rule(name) {
            let entry = (rule.name.clone(), rule.span);
            grammar.entries.push(entry);
        }
    }
}

/// Checks and compiles grammar text; `path` names it in messages and
/// resolves its imports.
///
/// # Errors
///
/// Every problem found, located by file, line and column.
pub fn compile_str(path: &str, text: &str, opts: Options) -> Result<Compiled, Diagnostics> {
    compile_grammar(abnf::parse(path, text)?, opts)
}
