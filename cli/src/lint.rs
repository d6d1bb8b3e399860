//! `uridfa lint`: a grammar's ambiguities, without input
//! ([`uridfa_codegen::ambiguity::lint`]), and, as notes, the rules that no
//! entry reaches and that could not be compiled (an undefined rule, prose,
//! recursion); `--all-rules` makes those errors, the whole-file check.
//!
//! A `--grammar-file` is compiled as for the other commands; a built-in
//! grammar is compiled from its ABNF text, built into the binary
//! (`crate::builtin`), since the `uridfa` crate carries only its tables.

use crate::args::{GrammarArg, LintArgs, UsageError};
use crate::source::Failure;
use std::io::Write;
use uridfa_codegen::ambiguity::{lint as lint_grammar, LintOptions, Severity};
use uridfa_codegen::driver::{compile_file, Options};

/// `uridfa lint`: prints every finding to standard output, then a summary
/// line; `Ok(false)` (exit status 1) if one is an error (`;@ deny
/// ambiguity`).
///
/// # Errors
///
/// [`Failure::Grammar`] for a grammar that does not compile,
/// [`Failure::Usage`] for an unknown rule or a built-in grammar without
/// its source, [`Failure::Io`] when writing fails.
pub fn lint(args: &LintArgs) -> Result<bool, Failure> {
    if let (true, GrammarArg::File(path)) = (args.all_rules, &args.grammar) {
        // The whole-file check (Note [what an entry must reach] in
        // `uridfa_codegen::abnf`).
        uridfa_codegen::abnf::load(path)
            .and_then(|g| g.check_all_rules())
            .map_err(|d| Failure::Grammar(d.to_string()))?;
    }
    let compiled = match &args.grammar {
        GrammarArg::File(path) => compile_file(path, Options::default()),
        GrammarArg::Builtin(g) => {
            let name = g.name();
            let Some(text) = crate::builtin::source(name) else {
                return Err(Failure::Usage(UsageError(format!(
                    "the source of built-in grammar '{name}' is not in this binary; \
                     use --grammar-file grammar/{name}.abnf"
                ))));
            };
            // With every built-in grammar file beside it, so that its
            // imports resolve outside a checkout too (rfc8089 imports
            // rfc3986.abnf).
            crate::generate::compile_builtin(name, text)?
        }
    }
    .map_err(|d| Failure::Grammar(d.to_string()))?;
    if let Some(rule) = &args.rule {
        if compiled.machine(rule).is_none() {
            let rules: Vec<&str> = compiled
                .machines
                .iter()
                .map(|m| m.lowered.rule.as_str())
                .collect();
            return Err(Failure::Usage(UsageError(format!(
                "grammar '{}' has no entry rule '{rule}' (entries: {})",
                compiled.grammar.name,
                rules.join(", ")
            ))));
        }
    }
    let opts = LintOptions {
        rule: args.rule.clone(),
        ..LintOptions::default()
    };
    let found = lint_grammar(&compiled, &opts);
    let count = |s: Severity| found.findings.iter().filter(|f| f.severity == s).count();
    // The rules no entry reaches that could not be compiled: every
    // problem left, since the entries compiled.
    let g = &compiled.grammar;
    let unreached: Vec<String> = g
        .problems
        .iter()
        .map(|p| {
            let rule = g.rules.get(p.rule).map_or("?", |r| r.name.as_str());
            format!(
                "{}: note: rule '{rule}' is not compiled, and no entry reaches it: {}",
                g.sources.location(p.span),
                p.message
            )
        })
        .collect();
    let (errors, warnings, notes) = (
        count(Severity::Error),
        count(Severity::Warning),
        count(Severity::Note) + unreached.len(),
    );
    let main = compiled
        .grammar
        .sources
        .files
        .first()
        .map_or("", |f| f.path.as_str());
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut out = std::io::stdout().lock();
    write!(out, "{found}")?;
    for note in &unreached {
        writeln!(out, "{note}")?;
    }
    writeln!(
        out,
        "{}, {}, {} in {main}",
        plural(errors, "error"),
        plural(warnings, "warning"),
        plural(notes, "note")
    )?;
    out.flush()?;
    Ok(errors == 0)
}

#[cfg(test)]
mod tests {
    /// Every built-in grammar's source is embedded (cli/build.rs reads
    /// `grammar/`), for `uridfa lint --grammar NAME`.
    #[test]
    fn every_built_in_grammar_has_its_source() {
        for g in uridfa::GrammarId::ALL {
            assert!(crate::builtin::source(g.name()).is_some(), "{}", g.name());
        }
    }
}
