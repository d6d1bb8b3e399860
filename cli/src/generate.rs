//! `uridfa generate --lang c (--grammar NAME | --grammar-file PATH) --out DIR`:
//! writes a grammar's tables as C (`docs/c.md`) through
//! [`uridfa_codegen::c::generate`]. The built-in grammars' ABNF is embedded
//! here (with `core.abnf`), so the command needs no checkout and writes
//! exactly the files committed in `c/`; a `--grammar-file` is read and
//! compiled as `check` and `split` do.
//!
//! Its arguments: `crate::args::GenerateArgs` (clap reads `GenerateOpts` in `args/cli.rs`).

use crate::args::{GenerateArgs, Lang, UsageError};
use crate::source::Failure;
use uridfa_codegen::driver::{compile_file, Options};

/// Compiles a built-in grammar as `uridfa-generate-c` does from
/// `grammar/`: its text and `core.abnf` in a fresh temporary directory, so
/// that nothing in the working directory is read.
pub(crate) fn compile_builtin(
    name: &str,
    text: &str,
) -> Result<Result<uridfa_codegen::compiled::Compiled, uridfa_codegen::diag::Diagnostics>, Failure>
{
    let dir = std::env::temp_dir().join(format!("uridfa-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let file = dir.join(format!("{name}.abnf"));
    // Every grammar file beside it, so that its imports resolve.
    let written = crate::builtin::GRAMMAR_FILES
        .iter()
        .try_for_each(|(n, t)| std::fs::write(dir.join(n), t))
        .and_then(|()| std::fs::write(&file, text));
    let compiled = written.map(|()| compile_file(&file, Options::default()));
    let _ = std::fs::remove_dir_all(&dir);
    // Messages name the files as the checkout does (`grammar/NAME.abnf`),
    // not the temporary directory.
    let rename = |sources: &mut uridfa_codegen::diag::Sources| {
        for f in &mut sources.files {
            if let Some(rest) = std::path::Path::new(&f.path)
                .strip_prefix(&dir)
                .ok()
                .and_then(|p| p.to_str())
            {
                f.path = format!("grammar/{rest}");
            }
        }
    };
    Ok(compiled?
        .map(|mut c| {
            rename(&mut c.grammar.sources);
            c
        })
        .map_err(|mut d| {
            rename(&mut d.sources);
            d
        }))
}

/// Runs `generate`: prints each file written, one per line.
///
/// # Errors
///
/// [`Failure::Grammar`] for a grammar that does not compile (its
/// diagnostics, `file:line:col`), [`Failure::Io`] when a file cannot be
/// written.
pub fn generate(a: &GenerateArgs) -> Result<bool, Failure> {
    let (compiled, shown) = match (&a.grammar_file, a.grammar) {
        (Some(path), _) => (
            compile_file(path, Options::default()),
            path.display().to_string(),
        ),
        (None, Some(name)) => {
            let text = crate::builtin::source(name)
                .ok_or_else(|| Failure::Usage(UsageError(format!("unknown grammar '{name}'"))))?;
            (compile_builtin(name, text)?, format!("grammar/{name}.abnf"))
        }
        (None, None) => {
            return Err(Failure::Usage(UsageError(
                "generate needs --grammar NAME or --grammar-file PATH".to_owned(),
            )))
        }
    };
    let compiled = compiled.map_err(|d| Failure::Grammar(d.to_string()))?;
    if compiled.machines.is_empty() {
        return Err(Failure::Grammar(format!(
            "{shown}: error: no ';@ entry' pragma: nothing to generate (add ';@ entry RULE')"
        )));
    }
    match a.lang {
        Lang::C => {
            // What the C cannot hold, as a grammar error (`file:line:col`).
            if let Err(e) = uridfa_codegen::c::emit::files(&compiled, &shown) {
                let d = uridfa_codegen::c::emit::diagnostic(&compiled, &e);
                return Err(Failure::Grammar(d.to_string()));
            }
            let written = uridfa_codegen::c::generate(&compiled, &shown, &a.out)?;
            for path in written {
                println!("{}", path.display());
            }
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    /// Every built-in grammar is embedded, under its name.
    #[test]
    fn every_builtin_grammar_is_embedded() {
        for g in uridfa::GRAMMARS {
            assert!(
                crate::builtin::source(g.name).is_some(),
                "{} is not embedded",
                g.name
            );
        }
    }
}
